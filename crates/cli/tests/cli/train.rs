//! `quoridor train` as a separate process. Without the `train` feature it
//! says in one line how to get a build that trains; with it (`cargo test
//! --features train`) it trains a tiny network on a few short self-play
//! games and writes the weights, the manifest and the loss chart, skips and
//! counts positions of boards the inputs do not encode, and refuses a
//! corrupt file with the self-play reader's own error.

use crate::common;

use common::{quoridor, scratch, stderr};
use std::path::{Path, PathBuf};

/// A fresh scratch directory for one test.
fn fresh(name: &str) -> PathBuf {
    let dir = scratch("train", name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[cfg(not(feature = "train"))]
#[test]
fn without_the_feature_train_says_how_to_build_it() {
    let dir = fresh("not-built");
    let out = quoridor(&["train", "data.jsonl", "--out", path(&dir.join("net"))]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: this build cannot train: candle (the ML library) is left out of default builds; \
         build with `cargo build --release --features train` and run target/release/quoridor train\n"
    );
    assert!(!dir.join("net").exists());
}

#[cfg(feature = "train")]
mod with_the_feature {
    use super::*;
    use common::stdout;
    use quoridor_arena::selfplay::SelfplayReader;
    use serde_json::Value;

    /// Self-play games at 30 playouts a move, stopped after 40 plies, into
    /// `out`; `board` is `["--size", "5", "--walls", "3"]` or empty.
    fn selfplay(out: &Path, games: &str, board: &[&str]) {
        let mut args = vec![
            "selfplay",
            "--playouts",
            "30",
            "--max-plies",
            "40",
            "--threads",
            "2",
            "--games",
            games,
            "--out",
            path(out),
        ];
        args.extend_from_slice(board);
        let done = quoridor(&args);
        assert!(done.status.success(), "{}", stderr(&done));
    }

    /// The names and shapes in a safetensors file's header, read by hand
    /// (8 bytes of little-endian length, then JSON).
    fn safetensors_shapes(file: &Path) -> Vec<(String, Vec<u64>, String)> {
        let bytes = std::fs::read(file).expect("the weights");
        let len = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")) as usize;
        let header: Value = serde_json::from_slice(&bytes[8..8 + len]).expect("json");
        let mut out: Vec<(String, Vec<u64>, String)> = header
            .as_object()
            .expect("an object")
            .iter()
            .filter(|(name, _)| *name != "__metadata__")
            .map(|(name, t)| {
                let shape = t["shape"]
                    .as_array()
                    .expect("a shape")
                    .iter()
                    .map(|d| d.as_u64().expect("a dimension"))
                    .collect();
                (
                    name.clone(),
                    shape,
                    t["dtype"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn train_writes_the_weights_the_manifest_and_the_chart() {
        let dir = fresh("outputs");
        let standard = dir.join("standard.jsonl");
        let small = dir.join("small.jsonl");
        selfplay(&standard, "6", &[]);
        selfplay(&small, "2", &["--size", "5", "--walls", "3"]);
        let net = dir.join("net");
        let args = [
            "train",
            path(&standard),
            path(&small),
            "--out",
            path(&net),
            "--epochs",
            "2",
            "--hidden",
            "8",
            "--hidden2",
            "4",
            "--validation",
            "0.34",
            "--target",
            "mix:0.25",
        ];
        let out = quoridor(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("epoch 1/2: train loss "), "{text}");
        assert!(text.contains("epoch 2/2: train loss "), "{text}");
        assert!(
            text.contains(
                "wrote value.safetensors, value-f16.safetensors, manifest.json, loss.svg"
            ),
            "{text}"
        );

        let shapes = safetensors_shapes(&net.join("value.safetensors"));
        let f32 = |name: &str, shape: &[u64]| (name.to_string(), shape.to_vec(), "F32".to_string());
        assert_eq!(
            shapes,
            vec![
                f32("l1.bias", &[8]),
                f32("l1.weight", &[8, 375]),
                f32("l2.bias", &[4]),
                f32("l2.weight", &[4, 8]),
                f32("out.bias", &[1]),
                f32("out.weight", &[1, 4]),
                f32("policy.bias", &[209]),
                f32("policy.weight", &[209, 8]),
            ]
        );
        assert!(
            text.contains("policy: ") && text.contains("(a uniform prior: loss "),
            "{text}"
        );
        assert!(text.contains(", policy loss "), "{text}");

        // Readable as the other outputs are (candle alone writes 0600).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |f: &str| {
                std::fs::metadata(net.join(f))
                    .expect("written")
                    .permissions()
                    .mode()
                    & 0o777
            };
            assert_eq!(mode("value.safetensors"), mode("manifest.json"));
        }
        // The F16 copy: the same tensors in half the bytes.
        let half = safetensors_shapes(&net.join("value-f16.safetensors"));
        assert_eq!(half.len(), 8);
        for ((name, shape, dtype), (name32, shape32, _)) in half.iter().zip(&shapes) {
            assert_eq!((name, shape, dtype.as_str()), (name32, shape32, "F16"));
        }

        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(net.join("manifest.json")).expect("the manifest"),
        )
        .expect("json");
        assert_eq!(manifest["keep"], "best");
        let kept = manifest["kept_epoch"].as_u64().expect("the kept epoch");
        assert!((1..=2).contains(&kept), "{kept}");
        assert!(
            manifest["classic_validation_loss"]
                .as_f64()
                .expect("a loss")
                > 0.0
        );
        let command = manifest["command"].as_str().expect("the command");
        assert!(command.starts_with("quoridor train "), "{command}");
        assert!(command.contains("--target mix:0.25"), "{command}");
        let count = |file: &Path| -> (u64, u64) {
            let reader = SelfplayReader::open(file).expect("readable");
            let games: Vec<_> = reader.map(|g| g.expect("a game")).collect();
            let positions = games.iter().map(|g| g.positions.len() as u64).sum();
            (games.len() as u64, positions)
        };
        let ((g1, p1), (g2, p2)) = (count(&standard), count(&small));
        let data = manifest["data"].as_array().expect("the files");
        assert_eq!(data.len(), 2);
        assert_eq!(data[0]["games"], g1);
        assert_eq!(data[0]["positions"], p1);
        assert_eq!(data[0]["skipped"], 0);
        assert_eq!(data[1]["games"], g2);
        assert_eq!(data[1]["skipped"], p2);
        let size = std::fs::metadata(&standard).expect("the file").len();
        assert_eq!(data[0]["bytes"], size);
        assert_eq!(manifest["games"], g1 + g2);
        assert_eq!(manifest["positions"], p1);
        assert_eq!(manifest["skipped_positions"], p2);
        assert_eq!(manifest["validation_games"], 2);
        assert_eq!(
            manifest["train_positions"].as_u64().expect("a count")
                + manifest["validation_positions"].as_u64().expect("a count"),
            p1
        );
        assert_eq!(manifest["net"]["hidden"], 8);
        assert_eq!(manifest["net"]["hidden2"], 4);
        assert_eq!(manifest["epochs"], 2);
        assert_eq!(manifest["target"], "mix:0.25");
        assert_eq!(manifest["per_epoch"].as_array().map(Vec::len), Some(2));
        assert!(manifest["final_validation_loss"].as_f64().is_some());
        assert_eq!(manifest["net"]["policy_outputs"], 209);
        assert_eq!(manifest["policy_weight"], 1.0);
        // Every 9x9 ply of a version-2 file has a complete target.
        assert_eq!(manifest["policy_positions"], p1);
        assert_eq!(manifest["policy_partial_positions"], 0);
        let top1 = manifest["final_validation_policy_accuracy"]
            .as_f64()
            .expect("a top-1 accuracy");
        assert!((0.0..=1.0).contains(&top1));
        assert!(
            manifest["uniform_validation_policy_loss"]
                .as_f64()
                .expect("a loss")
                > 0.0
        );
        // The engines read the head.
        let engines = quoridor_engines::learned::read_network(&net.join("value-f16.safetensors"))
            .expect("the engines read it");
        assert!(engines.has_policy());

        let svg = std::fs::read_to_string(net.join("loss.svg")).expect("the chart");
        assert!(svg.starts_with("<svg") && svg.matches("<polyline").count() == 2);

        // The network is never overwritten.
        let again = quoridor(&args);
        assert_eq!(again.status.code(), Some(2));
        assert_eq!(
            stderr(&again),
            format!(
                "error: {} exists; choose another --out (a trained network is never overwritten)\n",
                net.join("value.safetensors").display()
            )
        );
    }

    /// A version-1 file (no `children`) trains too: its targets are the
    /// top-8 shares, counted as partial; `--policy-weight 0` writes a value
    /// network only, as before the head.
    #[test]
    fn version_one_records_train_a_partial_policy_and_weight_zero_a_value_network() {
        let dir = fresh("version-one");
        let file = dir.join("games.jsonl");
        selfplay(&file, "3", &[]);
        let text = std::fs::read_to_string(&file).expect("the file");
        let old: String = text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let mut value: Value = serde_json::from_str(line).expect("json");
                if i == 0 {
                    value["version"] = 1.into();
                } else {
                    for ply in value["plies"].as_array_mut().expect("plies") {
                        ply.as_object_mut().expect("a ply").remove("children");
                    }
                }
                value.to_string() + "\n"
            })
            .collect();
        std::fs::write(&file, old).expect("written");
        let net = dir.join("net");
        let base = [
            "train",
            path(&file),
            "--epochs",
            "1",
            "--hidden",
            "8",
            "--hidden2",
            "4",
        ];
        let out = quoridor(&[&base[..], &["--out", path(&net)]].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(net.join("manifest.json")).expect("the manifest"),
        )
        .expect("json");
        let positions = manifest["positions"].as_u64().expect("positions");
        assert_eq!(manifest["policy_positions"], positions);
        assert_eq!(manifest["policy_partial_positions"], positions);
        assert!(
            text.contains(&format!(
                " with a policy target ({positions} partial: version-1 records)"
            )),
            "{text}"
        );

        let value_only = dir.join("value-only");
        let out = quoridor(
            &[
                &base[..],
                &["--out", path(&value_only), "--policy-weight", "0"],
            ]
            .concat(),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let names: Vec<String> = safetensors_shapes(&value_only.join("value.safetensors"))
            .into_iter()
            .map(|(name, ..)| name)
            .collect();
        assert_eq!(
            names,
            [
                "l1.bias",
                "l1.weight",
                "l2.bias",
                "l2.weight",
                "out.bias",
                "out.weight"
            ]
        );
        assert!(!stdout(&out).contains("policy"), "{}", stdout(&out));
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(value_only.join("manifest.json")).expect("the manifest"),
        )
        .expect("json");
        assert_eq!(manifest["net"]["policy_outputs"], 0);
        assert_eq!(manifest["policy_positions"], 0);

        let bad = quoridor(
            &[
                &base[..],
                &["--out", path(&dir.join("x")), "--policy-weight", "101"],
            ]
            .concat(),
        );
        assert_eq!(bad.status.code(), Some(2));
        assert!(
            stderr(&bad).contains("--policy-weight needs a weight from 0 to 100"),
            "{}",
            stderr(&bad)
        );
    }

    #[test]
    fn a_corrupt_file_is_refused_with_the_readers_error() {
        let dir = fresh("corrupt");
        let file = dir.join("games.jsonl");
        selfplay(&file, "2", &[]);
        let mut text = std::fs::read_to_string(&file).expect("the file");
        text.pop(); // the last newline: a cut-off file
        std::fs::write(&file, &text).expect("written");
        let reader_error = SelfplayReader::open(&file)
            .expect("the header reads")
            .find_map(Result::err)
            .expect("the reader refuses it");
        let out = quoridor(&["train", path(&file), "--out", path(&dir.join("net"))]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(stderr(&out), format!("error: {reader_error}\n"));
        assert!(!dir.join("net").exists());
    }

    #[test]
    fn only_boards_the_inputs_do_not_encode_is_an_error() {
        let dir = fresh("small-only");
        let file = dir.join("small.jsonl");
        selfplay(&file, "1", &["--size", "5", "--walls", "3"]);
        let out = quoridor(&["train", path(&file), "--out", path(&dir.join("net"))]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(
            err.starts_with("error: no position to train on: all ")
                && err.ends_with(" are of boards the learned evaluation does not encode (it encodes 9x9 with 10 walls)\n"),
            "{err}"
        );
    }
}

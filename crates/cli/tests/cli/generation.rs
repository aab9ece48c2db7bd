//! `scripts/generation.sh`: one generation of the learned evaluation on tiny
//! settings — self-play with the parent, training, an SPRT match against the
//! parent, and promotion only when the match accepts H1. Needs a build that
//! trains (`cargo test -p quoridor-cli --features train --test cli generation::`).

#![cfg(feature = "train")]

use crate::common;

use common::{quoridor, scratch, stderr};
use std::path::Path;
use std::process::{Command, Output};

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The script for generation `gen` with tiny settings, its data and weights
/// in `dir`, the match decided by `sprt`.
fn generation(dir: &Path, gen: &str, sprt: &str) -> Output {
    generation_with(dir, gen, sprt, &[])
}

/// [`generation`] with more environment.
fn generation_with(dir: &Path, gen: &str, sprt: &str, env: &[(&str, &str)]) -> Output {
    Command::new(concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/scripts/generation.sh"
    ))
    .arg(gen)
    .envs(env.iter().copied())
    .env("QUORIDOR", env!("CARGO_BIN_EXE_quoridor"))
    .env("GAMES", "4")
    .env("PLAYOUTS", "20")
    .env("SHARDS", "2")
    .env(
        "SELFPLAY_SETTINGS",
        "eval=learned,priors=true,root_noise=0.25,root_noise_alpha=0.2",
    )
    .env("RANDOM_PLIES", "2")
    .env(
        "TRAIN_FLAGS",
        "--target value --epochs 1 --hidden 8 --hidden2 4",
    )
    .env("MATCH_PLAYOUTS", "20")
    .env("MATCH_GAMES", "20")
    .env("SPRT", sprt)
    .env("DATA", dir.join("data"))
    .env("WEIGHTS", dir.join("weights"))
    .output()
    .expect("the script runs")
}

#[test]
fn a_generation_is_promoted_only_when_its_match_accepts_h1() {
    let dir = scratch("generation", "promotion");
    let _ = std::fs::remove_dir_all(&dir);
    let weights = dir.join("weights");
    std::fs::create_dir_all(&weights).expect("dir");
    // The parent: an untrained network (train --epochs 0) on a few games.
    let games = dir.join("seed.jsonl");
    let out = quoridor(&[
        "selfplay",
        "--games",
        "2",
        "--playouts",
        "20",
        "--max-plies",
        "30",
        "--out",
        path(&games),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let untrained = dir.join("untrained");
    let out = quoridor(&[
        "train",
        path(&games),
        "--out",
        path(&untrained),
        "--epochs",
        "0",
        "--hidden",
        "8",
        "--hidden2",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let parent = weights.join("value.safetensors");
    std::fs::copy(untrained.join("value-f16.safetensors"), &parent).expect("copy");
    let before = std::fs::read(&parent).expect("parent");

    // The self-play shards played apart (as on several machines): each
    // plays its games and stops there.
    for shard in ["0", "1"] {
        let out = generation_with(&dir, "4", "", &[("SELFPLAY_SHARD", shard)]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let file = format!("data/gen4/selfplay-shard-{shard}-of-2.jsonl");
        assert!(dir.join(file).is_file());
    }
    assert!(!dir.join("data/gen4/selfplay.jsonl").exists());
    let out = generation_with(&dir, "4", "", &[("SELFPLAY_SHARD", "2")]);
    assert_eq!(out.status.code(), Some(2), "no shard 2 of 2");

    // Then the whole run merges them (nothing left to play) and goes on. A
    // match that asks only "not 600 Elo weaker" accepts H1 between two
    // weak networks: promoted, with its files, and shipped.
    let out = generation(&dir, "4", "elo0=-900,elo1=-600");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let gen4 = weights.join("gen4");
    for file in [
        "value.safetensors",
        "manifest.json",
        "match.json",
        "README.md",
    ] {
        assert!(gen4.join(file).is_file(), "weights/gen4/{file}");
    }
    let match_json = std::fs::read_to_string(gen4.join("match.json")).expect("match");
    assert!(match_json.contains("\"h1_accepted\""), "{match_json}");
    let shipped = std::fs::read(&parent).expect("shipped");
    assert_ne!(shipped, before, "the new network ships");
    assert_eq!(
        shipped,
        std::fs::read(gen4.join("value.safetensors")).expect("gen4")
    );
    let data = dir.join("data/gen4");
    let merged = std::fs::read_to_string(data.join("selfplay.jsonl")).expect("merged");
    assert_eq!(
        merged.lines().count(),
        5,
        "a header and the 4 games once each"
    );
    assert!(data.join("net/manifest.json").is_file());
    // The self-play searched with the recipe's settings (root noise), and
    // the README says so and quotes the match's summary, not its files.
    let header = merged.lines().next().expect("a header");
    assert!(header.contains("\"root_noise\":0.25"), "{header}");
    let readme = std::fs::read_to_string(gen4.join("README.md")).expect("readme");
    assert!(readme.contains("root_noise=0.25"), "{readme}");
    assert!(readme.contains("2 plies drawn by visit share"), "{readme}");
    assert!(
        readme.contains("A scored") && readme.contains("SPRT: LLR"),
        "{readme}"
    );
    assert!(!readme.contains("summary:"), "{readme}");

    // Run again: the generation exists; nothing is redone or changed.
    let out = generation(&dir, "4", "elo0=-900,elo1=-600");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("promoted already"),
        "{}",
        stderr(&out)
    );

    // A match that asks for +600 Elo accepts H0: not promoted, the parent
    // (generation 4) stays.
    let out = generation(&dir, "5", "elo0=600,elo1=900");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not promoted (SPRT: h0_accepted)"),
        "{}",
        stderr(&out)
    );
    assert!(!weights.join("gen5").exists());
    assert_eq!(std::fs::read(&parent).expect("shipped"), shipped);
    // Generation 5 trained on both generations' games (WINDOW 3).
    let manifest =
        std::fs::read_to_string(dir.join("data/gen5/net/manifest.json")).expect("manifest");
    assert!(manifest.contains("gen4/selfplay.jsonl") && manifest.contains("gen5/selfplay.jsonl"));
}

#[test]
fn bad_arguments_print_the_usage() {
    let out = Command::new(concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/scripts/generation.sh"
    ))
    .arg("four")
    .env("QUORIDOR", env!("CARGO_BIN_EXE_quoridor"))
    .output()
    .expect("the script runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("Usage: scripts/generation.sh N"),
        "{}",
        stderr(&out)
    );
}

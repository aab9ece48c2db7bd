//! Every command-line example in README.md and docs/ runs as a test: each
//! ```console block's `$ quoridor …` lines run against the built binary and
//! their output must match the block (`...` and `[..]` stand for what
//! legitimately varies, such as timings). Blocks marked ```console,ignore
//! and ```sh are not run. After a deliberate change of output,
//! `TRYCMD=overwrite cargo test -p quoridor-cli --test workspace docs_examples::`
//! rewrites the blocks
//! (docs/contributing.md, "Examples and links in the docs").

#[test]
fn docs_examples() {
    // The examples run from the repository root, as a reader types them
    // (`docs/examples/…` paths). Every test of this binary names its files
    // from the root, so changing the directory affects no other.
    std::env::set_current_dir(super::repo_root()).expect("the repository root");
    trycmd::TestCases::new()
        .register_bin(
            "quoridor",
            std::path::PathBuf::from(env!("CARGO_BIN_EXE_quoridor")),
        )
        .case("README.md")
        .case("docs/*.md");
}

/// The `uci` handshake's `option` lines after `setup` (protocol commands),
/// as (name, default) pairs.
fn advertised_defaults(setup: &str) -> Vec<(String, String)> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_quoridor"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("quoridor uci runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(format!("{setup}uci\nquit\n").as_bytes())
        .expect("quoridor uci reads");
    drop(stdin);
    let out = child.wait_with_output().expect("quoridor uci ends");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let name = words.get(2).filter(|_| words[0] == "option")?;
            let at = words.iter().position(|w| *w == "default")?;
            Some((name.to_string(), words.get(at + 1)?.to_string()))
        })
        .collect()
}

/// A row of docs/engines.md's option tables.
struct Documented {
    name: String,
    default: String,
    /// The value in the thesis preset, in the table that has that column
    /// (empty for the board's options, which no preset sets).
    thesis: Option<String>,
}

/// The rows of docs/engines.md's option tables (a header starting
/// `| option | type | default`).
fn documented_options() -> Vec<Documented> {
    let text = std::fs::read_to_string(super::repo_root().join("docs/engines.md"))
        .expect("docs/engines.md");
    let mut rows = Vec::new();
    let mut in_table = false;
    let mut with_thesis = false;
    for line in text.lines() {
        if line.starts_with("| option | type | default") {
            in_table = true;
            with_thesis = line.contains("| thesis fixed point |");
            continue;
        }
        if !line.starts_with('|') {
            in_table = false;
        }
        if !in_table || line.starts_with("| ---") {
            continue;
        }
        // `\|` inside a cell is a bar, not a column.
        let cells: Vec<String> = line
            .replace("\\|", "\u{0}")
            .split('|')
            .map(|c| c.trim().replace('\u{0}', "|"))
            .collect();
        rows.push(Documented {
            name: cells[1].trim_matches('`').to_string(),
            default: cells[3].clone(),
            thesis: with_thesis.then(|| cells[4].clone()),
        });
    }
    rows
}

#[test]
fn the_option_tables_give_the_defaults_the_engine_advertises() {
    let documented = documented_options();
    let row = |name: &str| {
        documented
            .iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("option {name} is not in docs/engines.md's tables"))
    };
    let defaults = advertised_defaults("");
    assert!(defaults.len() > 40, "{defaults:?}");
    for (name, default) in &defaults {
        assert_eq!(&row(name).default, default, "the default of {name}");
    }
    for (name, value) in advertised_defaults("setoption name preset value thesis\n") {
        if let Some(thesis) = row(&name).thesis.as_ref().filter(|t| !t.is_empty()) {
            assert_eq!(thesis, &value, "the thesis value of {name}");
        }
    }
    for d in &documented {
        assert!(
            defaults.iter().any(|(n, _)| *n == d.name),
            "docs/engines.md lists {}, which the engine does not advertise",
            d.name
        );
    }
}

//! Every command-line example in README.md and docs/ runs as a test: each
//! ```console block's `$ quoridor …` lines run against the built binary and
//! their output must match the block (`...` and `[..]` stand for what
//! legitimately varies, such as timings). Blocks marked ```console,ignore
//! and ```sh are not run. After a deliberate change of output,
//! `TRYCMD=overwrite cargo test --test docs_examples` rewrites the blocks
//! (docs/contributing.md, "Examples and links in the docs").

#[test]
fn docs_examples() {
    trycmd::TestCases::new()
        .register_bin(
            "quoridor",
            std::path::PathBuf::from(env!("CARGO_BIN_EXE_quoridor")),
        )
        .case("README.md")
        .case("docs/*.md");
}

//! The seams the compiler cannot see. The layers themselves are crates
//! (`crates/`), so a wrong-way import does not compile; this checks that the
//! manifests keep that order, and, from the source text (tests and comments
//! left out), that the page's model (`src/ui/model/`) imports no component
//! and no codec of the page and the page nothing of the trainer.
//! (`tests/cli/layers.rs` checks the command line's files the same way.)

use std::fs;
use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, with their text.
fn rust_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).expect("a readable file");
            out.push((path, text));
        }
    }
    out
}

fn src(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(folder)
}

/// The code without its comments and test modules: each `#[cfg(test)]`
/// module is cut, inline (`mod tests { … }`, to its closing brace) or
/// declared (`mod tests;`, with any `#[path]` before it), and the code after
/// it is kept.
fn code(source: &str) -> String {
    let mut code: String = source
        .lines()
        .map(|line| line.find("//").map_or(line, |i| &line[..i]))
        .collect::<Vec<_>>()
        .join("\n");
    while let Some(start) = code.find("#[cfg(test)]") {
        let after = &code[start..];
        let end = match (after.find(';'), after.find('{')) {
            (Some(semi), Some(brace)) if semi < brace => start + semi + 1,
            (Some(semi), None) => start + semi + 1,
            (_, Some(brace)) => start + brace + block_len(&after[brace..]),
            (None, None) => code.len(),
        };
        code.replace_range(start..end, "");
    }
    code
}

/// The length of the `{ … }` block `text` starts with (all of `text` if it
/// is not closed).
fn block_len(text: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[test]
fn test_modules_are_cut_and_the_code_after_them_kept() {
    let source =
        "use a::B;\n#[cfg(test)]\n#[path = \"x_tests.rs\"]\nmod tests;\nuse c::D; // note\n\
                  #[cfg(test)]\nmod more {\n    fn f() { use e::F; }\n}\nuse g::H;\n";
    let code = code(source);
    assert!(code.contains("use a::B;") && code.contains("use c::D;") && code.contains("use g::H;"));
    assert!(!code.contains("x_tests") && !code.contains("e::F") && !code.contains("note"));
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[test]
fn the_pages_model_imports_no_component_and_no_codec() {
    let model = src("ui/model");
    let mut found = Vec::new();
    for (path, text) in rust_files(&model) {
        let is_tests = path
            .file_stem()
            .is_some_and(|n| n.to_string_lossy().ends_with("tests"));
        if is_tests {
            continue;
        }
        let code = code(&text);
        let is_root = path.file_name().is_some_and(|n| n == "mod.rs");
        // From the folder's root `super::` is the page; from its files,
        // `super::super::` is.
        let page_prefix = if is_root { "super::" } else { "super::super::" };
        for (i, _) in code.match_indices(page_prefix) {
            if !code[..i].ends_with(|c: char| is_ident(c) || c == ':') {
                found.push(format!("{}: {page_prefix}…", path.display()));
            }
        }
        for (i, _) in code.match_indices("crate::ui::") {
            let rest = &code[i + "crate::ui::".len()..];
            if !rest.starts_with("model") {
                let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
                found.push(format!("{}: crate::ui::{}", path.display(), &rest[..end]));
            }
        }
        assert!(!code.contains("yew::"), "{} uses yew", path.display());
    }
    assert!(found.is_empty(), "the model imports the page: {found:#?}");
}

#[test]
fn the_page_imports_nothing_of_the_trainer() {
    // The trainer (src/train, candle behind the `train` feature) may use the
    // engines' inputs; the page never uses the trainer.
    for (path, text) in rust_files(&src("ui")) {
        let code = code(&text);
        assert!(
            !code.contains("crate::train") && !code.contains("candle"),
            "{} uses the trainer",
            path.display()
        );
    }
}

/// The workspace's library crates, lowest layer first: each may depend
/// only on crates before it (the compiler then refuses any import the other
/// way), and none on candle.
const LAYERS: [&str; 7] = [
    "text",
    "rules",
    "search",
    "learned",
    "uct",
    "alphabeta",
    "engines",
];

/// The `quoridor-*` crates and candle named in the `[dependencies]` of
/// crate `name` (dev-dependencies left out).
fn dependencies(name: &str) -> Vec<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(name)
        .join("Cargo.toml");
    let text = fs::read_to_string(&manifest).expect("a readable manifest");
    let mut section = String::new();
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section.ends_with("dependencies]") && !section.contains("dev-") {
            let dep = line.split(['=', ' ']).next().unwrap_or("");
            if dep.starts_with("quoridor-") || dep.starts_with("candle") {
                found.push(dep.to_string());
            }
        }
    }
    found
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    for (i, name) in LAYERS.iter().enumerate() {
        for dep in dependencies(name) {
            let below = LAYERS[..i]
                .iter()
                .any(|lower| dep == format!("quoridor-{lower}"));
            // The two engines are one layer: neither may use the other.
            let sibling_engine = *name == "alphabeta" && dep == "quoridor-uct";
            assert!(below && !sibling_engine, "quoridor-{name} depends on {dep}");
        }
    }
    // Every crate of the workspace is in the list.
    let mut crates: Vec<String> =
        fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("crates"))
            .expect("crates/")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
    crates.sort();
    let mut listed: Vec<String> = LAYERS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(crates, listed);
    // The check reads what it should: the registry uses both engines.
    let registry = dependencies("engines");
    assert!(registry.contains(&"quoridor-uct".to_string()));
    assert!(registry.contains(&"quoridor-alphabeta".to_string()));
}

//! The crate's seams, read from the source text (tests and comments left
//! out): the two engines never import each other — no path into the other's
//! folder, and no name that only the other defines, reached through the
//! core's re-exports — and the page's model (`src/ui/model/`) imports no
//! component and no codec of the page. (`tests/cli_layers.rs` checks the
//! command line's files the same way.)

use std::collections::BTreeSet;
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

/// The names of the items a file defines at its top level.
fn top_level_items(code: &str) -> BTreeSet<String> {
    const KINDS: [&str; 8] = [
        "struct ", "enum ", "fn ", "trait ", "type ", "const ", "static ", "mod ",
    ];
    let mut names = BTreeSet::new();
    for line in code.lines().filter(|l| !l.starts_with(char::is_whitespace)) {
        let mut rest = line;
        for prefix in ["pub(crate) ", "pub(super) ", "pub "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        for kind in KINDS {
            if let Some(after) = rest.strip_prefix(kind) {
                let name: String = after.chars().take_while(|&c| is_ident(c)).collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        }
    }
    names
}

/// Every identifier of the `use` declarations and of the `crate::`,
/// `super::` and `self::` paths in `code`.
fn imported_words(code: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    let mut take = |text: &str| {
        for word in text.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty()) {
            words.insert(word.to_string());
        }
    };
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let start = rest[..i].chars().next_back();
        let after = &rest[i + 4..];
        let end = after.find(';').unwrap_or(after.len());
        if !start.is_some_and(is_ident) {
            take(&after[..end]);
        }
        rest = &after[end.min(after.len())..];
    }
    for root in ["crate::", "super::", "self::"] {
        let mut rest = code;
        while let Some(i) = rest.find(root) {
            let after = &rest[i..];
            let end = after
                .find(|c: char| !(is_ident(c) || c == ':'))
                .unwrap_or(after.len());
            take(&after[..end]);
            rest = &after[end.max(1)..];
        }
    }
    words
}

/// The names defined at the top level of the files under `folder`.
fn names_in(folder: &str) -> BTreeSet<String> {
    rust_files(&src(folder))
        .iter()
        .flat_map(|(_, text)| top_level_items(&code(text)))
        .collect()
}

/// The files under `folder` that import a name only `other` defines (or
/// name `other`'s module), with those names.
fn crossings(folder: &str, other: &str, other_module: &str) -> Vec<String> {
    let own = names_in(folder);
    let core: BTreeSet<String> = rust_files(&src("search"))
        .iter()
        .filter(|(path, _)| path.parent() == Some(src("search").as_path()))
        .flat_map(|(_, text)| top_level_items(&code(text)))
        .collect();
    let theirs: BTreeSet<String> = names_in(other)
        .into_iter()
        // `_` (as in `use … as _`) names nothing.
        .filter(|n| n != "_" && !own.contains(n) && !core.contains(n))
        .chain(std::iter::once(other_module.to_string()))
        .collect();
    rust_files(&src(folder))
        .iter()
        .filter_map(|(path, text)| {
            let found: Vec<String> = imported_words(&code(text))
                .intersection(&theirs)
                .cloned()
                .collect();
            (!found.is_empty()).then(|| format!("{}: {}", path.display(), found.join(", ")))
        })
        .collect()
}

#[test]
fn alpha_beta_imports_nothing_of_uct() {
    let found = crossings("search/alphabeta", "search/uct", "uct");
    assert!(found.is_empty(), "alpha-beta imports UCT's: {found:#?}");
}

#[test]
fn uct_imports_nothing_of_alpha_beta() {
    let found = crossings("search/uct", "search/alphabeta", "alphabeta");
    assert!(found.is_empty(), "UCT imports alpha-beta's: {found:#?}");
}

#[test]
fn the_check_sees_a_crossing() {
    // The reader finds UCT's names where they are imported: the core's
    // factory builds both engines.
    let factory = code(&fs::read_to_string(src("search").join("new_engine.rs")).expect("read"));
    let words = imported_words(&factory);
    assert!(words.contains("ParallelUct") && words.contains("uct"));
    assert!(words.contains("AlphaBeta") && words.contains("alphabeta"));
    assert!(names_in("search/uct").contains("Uct"));
    assert!(names_in("search/alphabeta").contains("AlphaBeta"));
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
fn the_engines_and_the_page_import_nothing_of_the_trainer() {
    // The trainer (src/train, candle behind the `train` feature) may use the
    // engines' inputs; the engines and the page never use the trainer.
    for folder in ["search", "ui"] {
        let found = crossings(folder, "train", "train");
        assert!(
            found.is_empty(),
            "{folder} imports the trainer's: {found:#?}"
        );
        for (path, text) in rust_files(&src(folder)) {
            assert!(
                !code(&text).contains("candle"),
                "{} uses candle",
                path.display()
            );
        }
    }
    // The check sees such an import.
    let words = imported_words("use crate::train::TrainConfig;");
    assert!(words.contains("train") && words.contains("TrainConfig"));
    assert!(names_in("train").contains("ValueNetwork"));
}

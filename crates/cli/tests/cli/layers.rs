//! The command line's files import each other without a circle, and only the
//! dispatcher (with the parse-error reporter beside it) turns the
//! subcommands' errors into `CliError`: a subcommand never imports
//! `src/error.rs`. Cargo sees crates, not the files inside one, so this is
//! read from the source text: which file of `crates/cli/src` names which
//! other one in a `super::`, `self::` or `crate::` path (or, in a file with
//! child modules, a bare `child::` path); tests are left out. The crate root
//! (`lib.rs`) is the module `["cli"]`, shown as `mod`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A file of `crates/cli/src` as its module path: `["cli"]`, `["cli", "uci", "go"]`.
type Module = Vec<String>;

fn read_modules(dir: &Path, prefix: &Module, out: &mut BTreeMap<Module, String>) {
    for entry in fs::read_dir(dir).expect("crates/cli/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let mut sub = prefix.clone();
            sub.push(name.into_owned());
            read_modules(&path, &sub, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            let top = prefix.len() == 1;
            if top && stem == "main" {
                continue; // the binary, which only calls `run`
            }
            let mut module = prefix.clone();
            if stem != "mod" && !(top && stem == "lib") {
                module.push(stem.into_owned());
            }
            out.insert(module, fs::read_to_string(&path).expect("a readable file"));
        }
    }
}

/// The source without its test module, comments and `pub(in …)` paths.
fn code(source: &str) -> String {
    let source = source
        .find("#[cfg(test)]\nmod tests")
        .map_or(source, |i| &source[..i]);
    let mut out = String::new();
    for line in source.lines() {
        let line = line.find("//").map_or(line, |i| &line[..i]);
        let line = match (line.find("pub(in "), line.find(')')) {
            (Some(a), Some(b)) if b > a => format!("{}pub{}", &line[..a], &line[b + 1..]),
            _ => line.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifier at the start of `text` (after spaces) and the rest.
fn ident(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    let end = text.find(|c: char| !is_ident(c)).unwrap_or(text.len());
    (&text[..end], &text[end..])
}

/// The segments of the path at the start of `text` (`a::b::{c, d::e}` gives
/// `[a, b, c]` and `[a, b, d, e]`).
fn paths(text: &str) -> Vec<Vec<String>> {
    let (first, mut rest) = ident(text);
    let mut segments = vec![first.to_string()];
    loop {
        let trimmed = rest.trim_start();
        let Some(after) = trimmed.strip_prefix("::") else {
            return vec![segments];
        };
        let after = after.trim_start();
        if let Some(group) = after.strip_prefix('{') {
            let mut depth = 0;
            let mut items = vec![String::new()];
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(String::new());
                        continue;
                    }
                    _ => {}
                }
                if let Some(item) = items.last_mut() {
                    item.push(c);
                }
            }
            return items
                .iter()
                .filter(|item| !item.trim().is_empty())
                .flat_map(|item| paths(item))
                .map(|tail| segments.iter().cloned().chain(tail).collect())
                .collect();
        }
        let (next, tail) = ident(after);
        if next.is_empty() {
            return vec![segments];
        }
        segments.push(next.to_string());
        rest = tail;
    }
}

/// The files of `crates/cli/src` that `module`'s code names.
fn imports(module: &Module, code: &str, files: &BTreeSet<Module>) -> BTreeSet<Module> {
    let children: BTreeSet<String> = code
        .lines()
        .filter_map(|l| {
            let l = l
                .trim()
                .trim_start_matches("pub ")
                .trim_start_matches("pub(crate) ");
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect();
    let mut found = BTreeSet::new();
    let mut starts = Vec::new();
    for (i, _) in code.char_indices() {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == ':') {
            continue;
        }
        let rest = &code[i..];
        let (word, tail) = ident(rest);
        if word.is_empty() || !tail.starts_with("::") {
            continue;
        }
        if ["super", "self", "crate"].contains(&word) || children.contains(word) {
            starts.push(i);
        }
    }
    for i in starts {
        for segments in paths(&code[i..]) {
            let mut base = module.clone();
            let mut rest = segments.as_slice();
            if rest.first().is_some_and(|s| s == "crate") {
                base = vec!["cli".to_string()];
                rest = &rest[1..];
            }
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
            let mut target = None;
            let mut path = base.clone();
            for segment in rest {
                path.push(segment.clone());
                if files.contains(&path) {
                    target = Some(path.clone());
                } else {
                    break;
                }
            }
            if let Some(target) = target.filter(|t| t != module) {
                found.insert(target);
            }
        }
    }
    found
}

fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let mut sources = BTreeMap::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    read_modules(&dir, &vec!["cli".to_string()], &mut sources);
    let files: BTreeSet<Module> = sources.keys().cloned().collect();
    sources
        .iter()
        .map(|(module, source)| (module.clone(), imports(module, &code(source), &files)))
        .collect()
}

fn name(module: &Module) -> String {
    match module.len() {
        1 => "mod".to_string(),
        _ => module[1..].join("/"),
    }
}

/// Every file `from` reaches by following imports.
fn reachable(graph: &BTreeMap<Module, BTreeSet<Module>>, from: &Module) -> BTreeSet<Module> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<Module> = graph[from].iter().cloned().collect();
    while let Some(m) = stack.pop() {
        if seen.insert(m.clone()) {
            stack.extend(graph.get(&m).into_iter().flatten().cloned());
        }
    }
    seen
}

#[test]
fn no_file_of_the_cli_imports_itself_through_others() {
    let graph = graph();
    assert!(graph.len() > 20, "read {} files", graph.len());
    let circles: Vec<String> = graph
        .keys()
        .filter(|m| reachable(&graph, m).contains(*m))
        .map(|m| {
            let via: Vec<String> = graph[m]
                .iter()
                .filter(|t| reachable(&graph, t).contains(m))
                .map(name)
                .collect();
            format!("{} -> {}", name(m), via.join(", "))
        })
        .collect();
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn only_the_dispatcher_turns_errors_into_cli_errors() {
    let graph = graph();
    let error = vec!["cli".to_string(), "error".to_string()];
    let importers: Vec<String> = graph
        .iter()
        .filter(|(_, targets)| targets.contains(&error))
        .map(|(m, _)| name(m))
        .collect();
    assert_eq!(importers, ["mod", "parse_errors"]);
}

#[test]
fn the_reader_sees_the_imports_of_a_known_file() {
    let graph = graph();
    let module = |path: &str| -> Module {
        std::iter::once("cli")
            .chain(path.split('/').filter(|s| !s.is_empty()))
            .map(str::to_string)
            .collect()
    };
    let names = |m: &str| -> Vec<String> { graph[&module(m)].iter().map(name).collect() };
    assert_eq!(names("rules"), ["args", "position_args", "stdout"]);
    assert!(names("qtp").contains(&"qtp/command".to_string()));
    assert!(names("qtp").contains(&"args".to_string()));
    // The fallback move is the position's own now (game::move_hints): qtp
    // no longer borrows it from its neighbour uci.
    assert!(!names("qtp").contains(&"uci".to_string()));
    assert!(names("").contains(&"error".to_string()));
}

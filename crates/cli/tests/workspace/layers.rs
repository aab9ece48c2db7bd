//! The crates' manifests against the table of docs/contributing.md. Cargo
//! refuses an import that a crate's manifest does not allow, so the layers
//! hold by themselves once the manifests are right; what Cargo cannot say is
//! which dependencies a manifest *should* have. This test holds each
//! manifest to the table: which `quoridor-*` crates each crate may depend
//! on, that no application depends on another, that only the trainer names
//! candle, and that the page's crates pull in nothing native.

use std::fs;

/// Each crate of `crates/` with the workspace crates it may depend on
/// (without the `quoridor-` prefix). The order is the layers' order: each
/// crate may use only crates listed before it.
const ALLOWED: [(&str, &[&str]); 17] = [
    ("text", &[]),
    ("rules", &["text"]),
    ("search", &["text", "rules"]),
    ("learned", &["text", "rules", "search"]),
    // The two engines are one layer: neither may use the other.
    ("uct", &["text", "rules", "search", "learned"]),
    ("alphabeta", &["text", "rules", "search", "learned"]),
    (
        "engines",
        &["text", "rules", "search", "learned", "uct", "alphabeta"],
    ),
    // The solver needs the rules alone.
    ("solver", &["rules"]),
    ("review", &["rules", "engines"]),
    ("bench", &["rules", "engines", "solver"]),
    ("arena", &["text", "rules", "engines"]),
    // The trainer reads the arena's self-play files.
    ("train", &["text", "rules", "engines", "arena"]),
    ("page", &["text", "rules", "engines", "solver", "review"]),
    (
        "web",
        &["text", "rules", "engines", "solver", "review", "page"],
    ),
    // The play-a-friend server: the rules are its referee.
    ("server", &["rules"]),
    (
        "cli",
        &[
            "text", "rules", "engines", "solver", "review", "bench", "arena", "train", "server",
        ],
    ),
    // The server's load, fuzz and crash tools: last, so nothing may use them.
    ("loadtest", &["rules", "server"]),
];

/// The applications: none may depend on another.
const APPLICATIONS: [&str; 3] = ["web", "cli", "loadtest"];

/// A dependency as a manifest names it, with the section it is in.
struct Dependency {
    name: String,
    /// The `[target.'cfg(…)'.dependencies]` condition, if any.
    target: Option<String>,
}

/// The dependencies (build and dev ones left out) of crate `name`.
fn dependencies(name: &str) -> Vec<Dependency> {
    let manifest = super::repo_root()
        .join("crates")
        .join(name)
        .join("Cargo.toml");
    let text = fs::read_to_string(&manifest).expect("a readable manifest");
    let mut section = String::new();
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section.ends_with("dependencies]")
            && !section.contains("dev-")
            && !section.contains("build-")
        {
            let dep = line.split(['=', ' ']).next().unwrap_or("");
            if !dep.is_empty() && !dep.starts_with('#') {
                let target = section
                    .strip_prefix("[target.")
                    .and_then(|t| t.strip_suffix(".dependencies]"))
                    .map(str::to_string);
                found.push(Dependency {
                    name: dep.to_string(),
                    target,
                });
            }
        }
    }
    found
}

fn allowed(name: &str) -> &'static [&'static str] {
    ALLOWED
        .iter()
        .find(|(crate_name, _)| *crate_name == name)
        .map(|(_, deps)| *deps)
        .unwrap_or_else(|| panic!("crates/{name} is not in the table"))
}

#[test]
fn each_crate_depends_only_on_what_the_table_allows() {
    for (i, (name, deps)) in ALLOWED.iter().enumerate() {
        for dep in dependencies(name) {
            if let Some(ours) = dep.name.strip_prefix("quoridor-") {
                assert!(
                    deps.contains(&ours),
                    "quoridor-{name} depends on {}",
                    dep.name
                );
            }
        }
        // The table itself is layered: a crate uses only crates above it.
        for dep in *deps {
            let at = ALLOWED.iter().position(|(n, _)| n == dep);
            assert!(at.is_some_and(|at| at < i), "{name} may use {dep}");
        }
    }
    // Every crate of the workspace is in the table.
    let mut crates: Vec<String> = fs::read_dir(super::repo_root().join("crates"))
        .expect("crates/")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    crates.sort();
    let mut listed: Vec<String> = ALLOWED.iter().map(|(n, _)| n.to_string()).collect();
    listed.sort();
    assert_eq!(crates, listed);
    // The check reads what it should: the registry uses both engines, the
    // solver the rules.
    let names =
        |name: &str| -> Vec<String> { dependencies(name).into_iter().map(|d| d.name).collect() };
    assert!(names("engines").contains(&"quoridor-uct".to_string()));
    assert!(names("engines").contains(&"quoridor-alphabeta".to_string()));
    assert!(names("solver").contains(&"quoridor-rules".to_string()));
    assert_eq!(allowed("solver"), ["rules"]);
}

#[test]
fn no_application_depends_on_another() {
    for app in APPLICATIONS {
        for other in APPLICATIONS.iter().filter(|o| **o != app) {
            assert!(
                !allowed(app).contains(other),
                "the table lets {app} use {other}"
            );
        }
    }
}

#[test]
fn only_the_trainer_names_candle() {
    for (name, _) in ALLOWED {
        let candle = dependencies(name)
            .iter()
            .any(|d| d.name.starts_with("candle"));
        assert_eq!(candle, name == "train", "quoridor-{name} and candle");
    }
}

#[test]
fn the_pages_crates_pull_in_nothing_native() {
    // The page's components and worker glue build for the browser alone:
    // every dependency of quoridor-web is a wasm32 one.
    let web = dependencies("web");
    assert!(web.iter().any(|d| d.name == "yew"), "reads the manifest");
    for dep in &web {
        assert_eq!(
            dep.target.as_deref(),
            Some("'cfg(target_arch = \"wasm32\")'"),
            "quoridor-web's {} is not a wasm32 dependency",
            dep.name
        );
    }
    // What the page decides is plain Rust: no browser crate, and on wasm32
    // only the clock's bindings.
    for dep in dependencies("page") {
        let browser = ["yew", "web-sys", "gloo-worker", "gloo-timers"];
        assert!(
            !browser.contains(&dep.name.as_str()),
            "quoridor-page uses {}",
            dep.name
        );
        if dep.target.is_some() {
            assert!(
                ["wasm-bindgen", "js-sys"].contains(&dep.name.as_str()),
                "{}",
                dep.name
            );
        }
    }
}

//! The docs' links, checked: every relative link in README.md and docs/
//! points at a file that exists and, with `#anchor`, at a heading of that
//! page (GitHub's anchor rule); every page in docs/ can be reached from
//! README.md by following links.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Component, Path, PathBuf};

/// The repository root, where README.md is.
fn root() -> PathBuf {
    super::repo_root()
}

/// README.md and every Markdown file under docs/, relative to the root.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut dirs = vec![PathBuf::from("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(root().join(&dir)).expect("docs/ is readable") {
            let name = dir.join(entry.expect("a folder entry").file_name());
            if root().join(&name).is_dir() {
                dirs.push(name);
            } else if name.extension().is_some_and(|e| e == "md") {
                pages.push(name);
            }
        }
    }
    pages.sort();
    pages
}

/// GitHub's anchor for a heading: lower case, punctuation other than `-` and
/// `_` dropped, each space a `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// What one page holds: its headings' anchors (a repeated heading gets
/// `-1`, `-2`, … as on GitHub) and its link targets in order.
struct Page {
    anchors: BTreeSet<String>,
    links: Vec<String>,
}

fn read_page(path: &Path) -> Page {
    let text = std::fs::read_to_string(root().join(path))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut anchors = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut links = Vec::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(&text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let count = seen.entry(base.clone()).or_insert(0);
                anchors.insert(match *count {
                    0 => base,
                    n => format!("{base}-{n}"),
                });
                *count += 1;
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                links.push(dest_url.to_string());
            }
            _ => {}
        }
    }
    Page { anchors, links }
}

/// A link that leaves the repository (a scheme such as `https:`).
fn is_external(link: &str) -> bool {
    link.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '.' || c == '-')
    })
}

/// `from`'s folder joined with `link`, with `.` and `..` resolved; `None`
/// when it climbs out of the repository.
fn resolve(from: &Path, link: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in from
        .parent()
        .unwrap_or(Path::new(""))
        .join(link)
        .components()
    {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Every broken relative link of every page, and the pages' Markdown link
/// graph.
fn check_links() -> (Vec<String>, BTreeMap<PathBuf, Vec<PathBuf>>) {
    let pages: BTreeMap<PathBuf, Page> = pages()
        .into_iter()
        .map(|p| {
            let page = read_page(&p);
            (p, page)
        })
        .collect();
    let mut broken = Vec::new();
    let mut graph = BTreeMap::new();
    for (path, page) in &pages {
        let mut targets = Vec::new();
        for link in &page.links {
            if is_external(link) {
                continue;
            }
            let (file, anchor) = match link.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (link.as_str(), None),
            };
            let target = if file.is_empty() {
                path.clone()
            } else {
                match resolve(path, file) {
                    Some(t) => t,
                    None => {
                        broken.push(format!("{}: {link}: leaves the repository", path.display()));
                        continue;
                    }
                }
            };
            if !root().join(&target).exists() {
                broken.push(format!(
                    "{}: {link}: no file {}",
                    path.display(),
                    target.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor {
                match pages.get(&target) {
                    Some(t) if t.anchors.contains(anchor) => {}
                    Some(_) => broken.push(format!(
                        "{}: {link}: {} has no heading with the anchor #{anchor}",
                        path.display(),
                        target.display()
                    )),
                    None => broken.push(format!(
                        "{}: {link}: an anchor into {}, which is not a checked page",
                        path.display(),
                        target.display()
                    )),
                }
            }
            if pages.contains_key(&target) {
                targets.push(target);
            }
        }
        graph.insert(path.clone(), targets);
    }
    (broken, graph)
}

#[test]
fn every_relative_link_finds_its_file_and_heading() {
    let (broken, _) = check_links();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_docs_page_is_reachable_from_the_readme() {
    let (_, graph) = check_links();
    let mut reached = BTreeSet::new();
    let mut queue = VecDeque::from([PathBuf::from("README.md")]);
    while let Some(page) = queue.pop_front() {
        if reached.insert(page.clone()) {
            queue.extend(graph.get(&page).into_iter().flatten().cloned());
        }
    }
    let unreached: Vec<String> = graph
        .keys()
        .filter(|p| !reached.contains(*p))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        unreached.is_empty(),
        "pages no link from README.md leads to: {}",
        unreached.join(", ")
    );
}

#[test]
fn anchors_follow_githubs_rule() {
    assert_eq!(slug("Protocol: `quoridor uci`"), "protocol-quoridor-uci");
    assert_eq!(slug("Build, serve and test"), "build-serve-and-test");
    assert_eq!(
        slug("Tie-break among equal results (tie_break)"),
        "tie-break-among-equal-results-tie_break"
    );
    assert_eq!(
        slug("Experiment 1: Playouts per move"),
        "experiment-1-playouts-per-move"
    );
    assert_eq!(slug("Alpha-beta vs UCT"), "alpha-beta-vs-uct");
    assert!(is_external("https://example.org/x"));
    assert!(!is_external("docs/arena.md#opening-books"));
    assert_eq!(
        resolve(Path::new("docs/arena.md"), "../README.md"),
        Some(PathBuf::from("README.md"))
    );
    assert_eq!(resolve(Path::new("README.md"), "../x.md"), None);
}

#[test]
fn the_contributing_layout_names_every_crate() {
    let layout = std::fs::read_to_string(root().join("docs/contributing.md")).expect("readable");
    let mut missing = Vec::new();
    for folder in ["crates"] {
        let entries = std::fs::read_dir(root().join(folder)).expect("a readable folder");
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                let name = path.file_name().expect("a name").to_string_lossy();
                if !layout.contains(&format!("`{folder}/{name}/`")) {
                    missing.push(format!("{folder}/{name}"));
                }
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "docs/contributing.md's layout leaves out {missing:?}"
    );
}

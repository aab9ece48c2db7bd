#!/usr/bin/env python3
"""Count the import circles among a Rust crate's module files.

For each crate's `src/` folder this builds the graph of its module files:
a file is a node (`foo.rs` and `foo/mod.rs` are both module `foo`; `lib.rs`
is the crate root), and there is an edge A -> B when A's code names B
through

    use crate::b...      use super::b...      crate::b::...      super::b::...

(`super::` is resolved against the module path of the code it stands in,
`super::super::` too; grouped `use` trees such as `use super::{a::X, b}` give
one path per leaf). A path names the deepest module file its segments reach:
`crate::train::data::Inputs` names `train/data.rs`, `super::Item` names the
parent module's file, `crate::game::Position` (a re-export, no file of its
own) names `lib.rs`. A file naming itself is no edge.

Left out before the paths are read: comments, string and character
literals, and test-only code, i.e. every item under a `#[cfg(...)]` that
requires `test` (`#[cfg(test)] mod tests { ... }`, `#[cfg(all(test, ...))]`,
a `#[cfg(test)] mod tests;` file, a file starting with `#![cfg(test)]`).
Paths through `self::` or a bare module name (`pub use network::X` in
`lib.rs`) are not edges: the parent declaring and re-exporting its children
is the tree itself, not a circle. `src/bin/` (and `src/main.rs` beside a
`src/lib.rs`) are other crates and are left out.

Each strongly connected component of more than one module is a circle:
printed with its members and, indented, the edges among them (`A -> B` and
the lines of A that name B). The last line is `N import circles`. The exit
status is 0 whichever N: the script reports, it does not judge.

Usage:
    scripts/import-circles.py [PATH ...]

Each PATH is a repository root (every `crates/*/src` and `src/` under it), a
crate folder (its `src/`), a `src/` folder, or a folder inside one (the
whole crate is read, and only the circles with a member in that folder are
printed). Without a PATH: the repository this script is in.
"""

import argparse
import re
import sys
from pathlib import Path

# ---------------------------------------------------------------------------
# Tokens

IDENT_START = re.compile(r"[A-Za-z_]")
IDENT = re.compile(r"(?:r#)?[A-Za-z_][A-Za-z0-9_]*")
RAW_STRING = re.compile(r'b?r(#*)"')
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*(?:\.[0-9][0-9A-Za-z_]*)?")


def tokens(text):
    """The Rust tokens of `text` as (kind, value, line): kind is 'ident',
    'punct' (`::` or one character), 'literal' (strings, characters and
    numbers, value '') or 'lifetime'; comments are dropped."""
    out = []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif (c in "rb") and RAW_STRING.match(text, i):
            m = RAW_STRING.match(text, i)
            end = text.find('"' + m.group(1), m.end())
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append(("literal", "", line))
            line += text.count("\n", i, end)
            i = end
        elif c == '"' or (c in "bc" and text.startswith('"', i + 1)):
            j = i + (1 if c == '"' else 2)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(("literal", "", line))
            line += text.count("\n", i, j + 1)
            i = j + 1
        elif c == "'" or (c == "b" and text.startswith("'", i + 1)):
            j = i + (1 if c == "'" else 2)
            if j < n and text[j] == "\\":
                k = text.find("'", j + 2)
                i = n if k < 0 else k + 1
                out.append(("literal", "", line))
            elif j + 1 < n and text[j + 1] == "'":
                i = j + 2
                out.append(("literal", "", line))
            else:
                m = IDENT.match(text, j)
                i = m.end() if m else j
                out.append(("lifetime", m.group(0) if m else "", line))
        elif IDENT_START.match(c):
            m = IDENT.match(text, i)
            out.append(("ident", m.group(0), line))
            i = m.end()
        elif c.isdigit():
            m = NUMBER.match(text, i)
            out.append(("literal", "", line))
            i = m.end()
        elif text.startswith("::", i):
            out.append(("punct", "::", line))
            i += 2
        else:
            out.append(("punct", c, line))
            i += 1
    return out


# ---------------------------------------------------------------------------
# Test-only code

OPEN, CLOSE = "([{", ")]}"
ITEM_KEYWORDS = {
    "mod", "fn", "impl", "struct", "enum", "union", "trait", "type", "use",
    "const", "static", "macro_rules", "extern", "let",
}
QUALIFIERS = {"pub", "unsafe", "async", "default"}


def balanced(toks, i):
    """The index just past the bracket group opening at `toks[i]`."""
    depth = 0
    for j in range(i, len(toks)):
        kind, value, _ = toks[j]
        if kind == "punct" and value in OPEN:
            depth += 1
        elif kind == "punct" and value in CLOSE:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(toks)


def requires_test(pred):
    """Whether the cfg predicate `pred` (tokens inside `cfg(...)`) holds only
    in test builds."""

    def parse(i):
        # -> (requires test, index past the predicate)
        kind, value, _ = pred[i]
        if kind == "ident" and value in ("all", "any", "not") and i + 1 < len(pred) \
                and pred[i + 1][1] == "(":
            end = balanced(pred, i + 1) - 1
            args, j = [], i + 2
            while j < end:
                got, j = parse(j)
                args.append(got)
                if j < end and pred[j][1] == ",":
                    j += 1
            if value == "all":
                return any(args), end + 1
            if value == "any":
                return bool(args) and all(args), end + 1
            return False, end + 1
        j = i + 1
        if j < len(pred) and pred[j][1] == "=":
            j += 2
        return kind == "ident" and value == "test" and j == i + 1, j

    try:
        return bool(pred) and parse(0)[0]
    except IndexError:
        return False


def attribute(toks, i):
    """If an attribute starts at `toks[i]`: (index past it, inner?, whether it
    is a cfg requiring `test`); else None."""
    if toks[i][1] != "#":
        return None
    j = i + 1
    inner = j < len(toks) and toks[j][1] == "!"
    j += inner
    if j >= len(toks) or toks[j][1] != "[":
        return None
    end = balanced(toks, j)
    body = toks[j + 1:end - 1]
    test = (len(body) >= 3 and body[0][1] == "cfg" and body[1][1] == "("
            and requires_test(body[2:balanced(body, 1) - 1]))
    return end, inner, test


def past_qualifiers(toks, i):
    """The index past the `pub`, `pub(crate)`, `unsafe`... at `toks[i]`."""
    while i < len(toks):
        if toks[i][1] == "pub" and i + 1 < len(toks) and toks[i + 1][1] == "(":
            i = balanced(toks, i + 1)
        elif toks[i][1] in QUALIFIERS:
            i += 1
        else:
            break
    return i


def item_end(toks, i):
    """The index past the item (or field, statement, expression) starting at
    `toks[i]`: its `;`, its closing `}`, or (not an item) its `,`, and never
    past the brackets it stands in."""
    j = past_qualifiers(toks, i)
    is_item = j < len(toks) and toks[j][1] in ITEM_KEYWORDS
    depth = 0
    for k in range(i, len(toks)):
        kind, value, _ = toks[k]
        if kind != "punct":
            continue
        if value in OPEN:
            depth += 1
        elif value in CLOSE:
            depth -= 1
            if depth < 0:
                return k
            if depth == 0 and value == "}":
                return k + 1
        elif depth == 0 and (value == ";" or (value == "," and not is_item)):
            return k + 1
    return len(toks)


def without_tests(toks):
    """`toks` without test-only items, whether the whole file is test-only,
    and the names of the `#[cfg(test)] mod name;` files it declares, each
    with the inline module path it is declared in."""
    out, test_files = [], []
    i, inline = 0, []  # inline: [(name, depth at its `{`)]
    depth = 0
    while i < len(toks):
        attr = attribute(toks, i)
        if attr:
            end, inner, test = attr
            if test and inner:
                if depth == 0 and not inline:
                    return [], True, []
                i = end
                continue
            if test:
                j = end
                while j < len(toks) and attribute(toks, j):
                    j = attribute(toks, j)[0]
                k = past_qualifiers(toks, j)
                if k + 2 < len(toks) and toks[k][1] == "mod" and toks[k + 2][1] == ";":
                    test_files.append(([name for name, _ in inline], toks[k + 1][1]))
                i = item_end(toks, j)
                continue
        kind, value, _ = toks[i]
        if kind == "ident" and value == "mod" and i + 2 < len(toks) and toks[i + 2][1] == "{":
            inline.append((toks[i + 1][1], depth + 1))
        if kind == "punct" and value in OPEN:
            depth += 1
        elif kind == "punct" and value in CLOSE:
            if inline and inline[-1][1] == depth and value == "}":
                inline.pop()
            depth -= 1
        out.append(toks[i])
        i += 1
    return out, False, test_files


# ---------------------------------------------------------------------------
# Paths


def use_paths(toks, i, prefix):
    """The leaf paths of the use tree at `toks[i]` below `prefix`, and the
    index past the tree."""
    path = list(prefix)
    leaves = []
    while i < len(toks):
        kind, value, _ = toks[i]
        if kind == "ident" and value == "as":
            i += 2
            break
        if kind == "ident":
            if value != "self" or not path:
                path.append(value)
            i += 1
        elif value == "::":
            i += 1
        elif value == "*":
            i += 1
            break
        elif value == "{":
            i += 1
            while i < len(toks) and toks[i][1] != "}":
                sub, i = use_paths(toks, i, path)
                leaves += sub
                if i < len(toks) and toks[i][1] == ",":
                    i += 1
            return leaves, i + 1
        else:
            break
    return leaves + [path], i


def named_paths(toks):
    """Every `crate::`/`super::` path of the (test-free) tokens, as
    (inline module path, segments, line)."""
    found = []
    inline, depth, i = [], 0, 0
    while i < len(toks):
        kind, value, line = toks[i]
        if kind == "ident" and value == "mod" and i + 2 < len(toks) and toks[i + 2][1] == "{":
            inline.append((toks[i + 1][1], depth + 1))
        if kind == "punct" and value in OPEN:
            depth += 1
        elif kind == "punct" and value in CLOSE:
            if inline and inline[-1][1] == depth and value == "}":
                inline.pop()
            depth -= 1
        here = [name for name, _ in inline]
        if kind == "ident" and value == "use":
            leaves, end = use_paths(toks, i + 1, [])
            for leaf in leaves:
                if leaf and leaf[0] in ("crate", "super"):
                    found.append((here, leaf, line))
            # The tree's braces are not module braces: step over them.
            i = max(end, i + 1)
            while i < len(toks) and toks[i][1] != ";":
                i += 1
            continue
        before = toks[i - 1] if i else ("punct", "", 0)
        if kind == "ident" and value in ("crate", "super") and i + 1 < len(toks) \
                and toks[i + 1][1] == "::" and before[1] not in ("::", "$"):
            segments, j = [value], i + 1
            while j + 1 < len(toks) and toks[j][1] == "::" and toks[j + 1][0] == "ident":
                segments.append(toks[j + 1][1])
                j += 2
            found.append((here, segments, line))
            i = j
            continue
        i += 1
    return found


def resolve(module, segments, modules):
    """The module file (a module path in `modules`) the path `segments`
    names from code in module `module`: the deepest one its segments reach,
    or None."""
    if segments[0] == "crate":
        base, rest = [], segments[1:]
    else:
        base, rest = list(module), list(segments)
        while rest and rest[0] == "super":
            if not base:
                return None
            base.pop()
            rest = rest[1:]
    target = tuple(base)
    for segment in rest:
        if segment == "self":
            continue
        if target + (segment,) in modules or any(
                m[:len(target) + 1] == target + (segment,) for m in modules):
            target = target + (segment,)
        else:
            break
    # An inline module (no file of its own) stands for the file around it.
    while target and target not in modules:
        target = target[:-1]
    return target if target in modules else None


# ---------------------------------------------------------------------------
# Crates


def module_files(src):
    """{module path: file} of the `src/` folder `src` (lib crate only)."""
    files = {}
    has_lib = (src / "lib.rs").is_file()
    for path in sorted(src.rglob("*.rs")):
        parts = path.relative_to(src).parts
        if parts[0] == "bin" or (has_lib and parts == ("main.rs",)):
            continue
        if len(parts) == 1 and parts[0] in ("lib.rs", "main.rs"):
            module = ()
        elif parts[-1] == "mod.rs":
            module = tuple(parts[:-1])
        else:
            module = tuple(parts[:-1]) + (path.stem,)
        if module in files:
            print(f"warning: {path} and {files[module]} are both module "
                  f"{'::'.join(module)}; keeping the first", file=sys.stderr)
            continue
        files[module] = path
    return files


def graph(src):
    """The module files of `src` and their edges:
    {module: file}, {(a, b): [lines of a naming b]}."""
    files = module_files(src)
    read = {}
    test_only = set()
    for module, path in files.items():
        toks, whole, test_files = without_tests(tokens(path.read_text(encoding="utf-8")))
        read[module] = toks
        if whole:
            test_only.add(module)
        for inline, name in test_files:
            test_only.add(module + tuple(inline) + (name,))
    # A test-only file's own children are test-only too.
    modules = {m: p for m, p in files.items()
               if not any(m[:len(t)] == t for t in test_only)}
    edges = {}
    for module in modules:
        for inline, segments, line in named_paths(read[module]):
            target = resolve(module + tuple(inline), segments, modules)
            if target is not None and target != module:
                edges.setdefault((module, target), []).append(line)
    return modules, edges


def circles(nodes, edges):
    """The strongly connected components of more than one node (Tarjan,
    without recursion), each sorted, in sorted order."""
    succ = {n: sorted(b for (a, b) in edges if a == n) for n in nodes}
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, k = work.pop()
            if k == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            if k < len(succ[node]):
                work.append((node, k + 1))
                nxt = succ[node][k]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(out)


def name(module):
    return "::".join(module) or "crate"


def targets(path):
    """(src folder, folder to report on or None) for a PATH argument."""
    path = path.resolve()
    if (path / "crates").is_dir() or (path / "Cargo.toml").is_file() and not (path / "src").is_dir():
        found = [(s, None) for s in sorted(path.glob("crates/*/src")) if s.is_dir()]
        if (path / "src").is_dir():
            found.append((path / "src", None))
        return found
    if (path / "src").is_dir():
        return [(path / "src", None)]
    if path.name == "src":
        return [(path, None)]
    for parent in path.parents:
        if parent.name == "src":
            return [(parent, path)]
    print(f"import-circles: {path} is no repository, crate or src/ folder; skipped",
          file=sys.stderr)
    return []


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", metavar="PATH", type=Path,
                        help="repository root, crate folder, src/ folder or a "
                             "folder inside one (default: this repository)")
    args = parser.parse_args()
    paths = args.paths or [Path(__file__).resolve().parent.parent]
    total = 0
    for path in paths:
        for src, only in targets(path):
            modules, edges = graph(src)
            try:
                shown = str(src.relative_to(Path.cwd()))
            except ValueError:
                shown = str(src)
            for circle in circles(modules, edges):
                if only is not None and not any(
                        modules[m].resolve().is_relative_to(only) for m in circle):
                    continue
                total += 1
                print(f"{shown}: {len(circle)} modules: "
                      + ", ".join(name(m) for m in circle))
                for a in circle:
                    for b in circle:
                        lines = edges.get((a, b))
                        if lines:
                            where = ", ".join(str(n) for n in sorted(set(lines)))
                            print(f"  {name(a)} -> {name(b)}  "
                                  f"({modules[a].relative_to(src)}:{where})")
    print(f"{total} import circles")
    return 0


if __name__ == "__main__":
    sys.exit(main())

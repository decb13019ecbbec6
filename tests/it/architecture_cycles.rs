//! The modules of each layer import each other one way: no cycle in
//! `rules`, `ui`, `store`, `app` or `print`, each chapter's data standing
//! on `rules::core` alone; and the module graph the check reads, seen to
//! find every import and to leave facades and test modules out.

use crate::architecture::rust_files;
use std::path::Path;

/// `#[cfg(test)]` items left out (a test module is no part of the
/// structure), and line comments.
fn structural_code(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let brace = item.find('{');
        let semi = item.find(';');
        let end = match (brace, semi) {
            (Some(b), Some(s)) if s < b => s + 1,
            (Some(b), _) => {
                let mut depth = 0usize;
                let mut end = item.len();
                for (i, c) in item[b..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = b + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, Some(s)) => s + 1,
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `a::{b, c::{d, e as f}}` → `a::b`, `a::c::d`, `a::c::e`, as segments.
fn expand_use(body: &str) -> Vec<Vec<String>> {
    let body = body.trim();
    let Some(open) = body.find('{') else {
        let path = body.split_whitespace().next().unwrap_or(""); // `a::b as c`
        return vec![
            path.split("::")
                .filter(|s| !s.is_empty() && *s != "*" && *s != "self")
                .map(str::to_owned)
                .collect(),
        ];
    };
    let head: Vec<String> = body[..open]
        .split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let inner = &body[open + 1..body.len().saturating_sub(1)];
    let (mut items, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    let mut out = Vec::new();
    for item in items.into_iter().filter(|i| !i.is_empty()) {
        for tail in expand_use(item) {
            out.push(head.iter().cloned().chain(tail).collect());
        }
    }
    out
}

/// One path of a file of module `me` as an absolute module path, or `None`
/// when it leaves the crate (`std::…`, `serde::…`). A bare first segment is
/// a child module of a folder (`mod.rs`) or a sibling of a file.
fn absolute_path(
    me: &[String],
    is_folder: bool,
    path: &[String],
    modules: &std::collections::BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut out: Vec<String>;
    let mut rest = path;
    match first.as_str() {
        "crate" => {
            out = Vec::new();
            rest = &path[1..];
        }
        "self" => {
            out = me.to_vec();
            rest = &path[1..];
        }
        "super" => {
            out = me.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                out.pop();
                rest = &rest[1..];
            }
        }
        _ => {
            out = if is_folder {
                me.to_vec()
            } else {
                me[..me.len().saturating_sub(1)].to_vec()
            };
            let mut child = out.clone();
            child.push(first.clone());
            if !modules.contains(&child) {
                return None;
            }
        }
    }
    out.extend(rest.iter().cloned());
    Some(out)
}

/// The module graph of a set of files, `(module path, is a mod.rs, code)`:
/// every module a file names in a `use` or a `crate::`, `super::` or
/// `self::` path, resolved to the longest module that exists. A `pub use`
/// of a folder's `mod.rs` into its own folder by a bare path (`pub use
/// melee::X;`) is a facade, not an import; a `self::` path is counted, as
/// the `structure` tool counts it.
fn module_graph(
    files: &[(Vec<String>, bool, String)],
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let modules: std::collections::BTreeSet<Vec<String>> =
        files.iter().map(|(m, _, _)| m.clone()).collect();
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut graph = std::collections::BTreeMap::new();
    for (me, is_folder, text) in files {
        let code = structural_code(text);
        let mut found: Vec<(Vec<String>, bool)> = Vec::new();
        for (at, _) in code.match_indices("use ") {
            let line_start = code[..at].rfind('\n').map_or(0, |i| i + 1);
            let public = match code[line_start..at].trim() {
                "" => false,
                vis if vis == "pub" || vis.starts_with("pub(") => true,
                _ => continue, // `reuse `, `// use`, a string
            };
            let Some(end) = code[at..].find(';') else {
                continue;
            };
            for path in expand_use(&code[at + 4..at + end]) {
                found.push((path, public && *is_folder));
            }
        }
        for (at, _) in code
            .match_indices("crate::")
            .chain(code.match_indices("super::"))
            .chain(code.match_indices("self::"))
        {
            if code[..at].ends_with(|c: char| is_ident(c) || c == ':') {
                continue; // the tail of a longer path (`super::super::`)
            }
            let path: Vec<String> = code[at..]
                .split("::")
                .map(|s| s.split(|c: char| !is_ident(c)).next().unwrap_or(""))
                .take_while(|s| !s.is_empty())
                .map(str::to_owned)
                .collect();
            if path.len() >= 2 {
                found.push((path, false));
            }
        }
        let edges: &mut std::collections::BTreeSet<String> =
            graph.entry(me.join("::")).or_default();
        for (path, facade) in found {
            let Some(target) = absolute_path(me, *is_folder, &path, &modules) else {
                continue;
            };
            let Some(target) = (0..=target.len())
                .rev()
                .map(|n| target[..n].to_vec())
                .find(|t| modules.contains(t))
            else {
                continue;
            };
            if &target == me || (facade && target.starts_with(me)) {
                continue;
            }
            edges.insert(target.join("::"));
        }
    }
    graph
}

/// A cycle of the graph, as the modules in order with the first repeated at
/// the end, or `None`.
fn find_cycle(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        done: &mut std::collections::BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = std::collections::BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

fn file(module: &str, is_folder: bool, code: &str) -> (Vec<String>, bool, String) {
    (
        module.split("::").map(str::to_owned).collect(),
        is_folder,
        code.to_owned(),
    )
}

#[test]
fn the_cycle_check_sees_imports_and_leaves_facades_and_tests_out() {
    let files = [
        file(
            "rules",
            true,
            "pub mod a;\npub use a::X;\npub use self::b::Y;",
        ),
        file(
            "rules::a",
            false,
            "use super::{b::{self, Z}, core::dice::Roll};\n// crate::rules::c\nuse std::fmt;",
        ),
        file("rules::b", false, "fn f(_: &crate::rules::c::W) {}"),
        file(
            "rules::c",
            true,
            "pub use self::d::V;\n#[cfg(test)]\nmod tests {\n    use crate::rules::a::X;\n}",
        ),
        file("rules::c::d", false, "use super::super::core::dice;"),
        file("rules::core", true, ""),
        file("rules::core::dice", false, ""),
    ];
    let graph = module_graph(&files);
    let edges = |m: &str| -> Vec<&str> { graph[m].iter().map(String::as_str).collect() };
    assert_eq!(edges("rules"), ["rules::b"]);
    assert_eq!(edges("rules::a"), ["rules::b", "rules::core::dice"]);
    assert_eq!(edges("rules::b"), ["rules::c"]);
    assert_eq!(edges("rules::c"), ["rules::c::d"]);
    assert_eq!(edges("rules::c::d"), ["rules::core::dice"]);
    assert_eq!(find_cycle(&graph), None);

    let mut looped = files.to_vec();
    looped[4] = file("rules::c::d", false, "use crate::rules::a;");
    looped[3] = file("rules::c", true, "use d::V;");
    assert_eq!(
        find_cycle(&module_graph(&looped)).expect("a cycle"),
        [
            "rules::b",
            "rules::c",
            "rules::c::d",
            "rules::a",
            "rules::b"
        ]
    );
}

/// The files of `src/rules` as `(module path, is a mod.rs, text)`.
fn rules_files() -> Vec<(Vec<String>, bool, String)> {
    layer_files("rules", 30)
}

/// The files of `src/<layer>` as `(module path, is a mod.rs, text)`: at
/// least `at_least` of them, so a moved folder cannot empty the check.
fn layer_files(layer: &str, at_least: usize) -> Vec<(Vec<String>, bool, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src.join(layer), &mut paths);
    let mut files = Vec::new();
    for path in paths {
        let rel = path
            .strip_prefix(&src)
            .expect("under src")
            .with_extension("");
        let mut module: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let is_folder = module.last().is_some_and(|m| m == "mod");
        if is_folder {
            module.pop();
        }
        files.push((
            module,
            is_folder,
            std::fs::read_to_string(&path).expect("read"),
        ));
    }
    assert!(
        files.len() >= at_least,
        "src/{layer} holds {} files",
        files.len()
    );
    files
}

/// The modules of `src/rules` import each other one way: no cycle, so each
/// chapter (its data, its rules, its odds) stands on `core`, the book
/// (`RulesData`) on the chapters' data, and a chapter on another only
/// downward. A cycle fails naming its modules in order.
#[test]
fn rules_modules_import_each_other_without_a_cycle() {
    let files = rules_files();
    let graph = module_graph(&files);
    assert!(
        graph["rules::close_combat"].contains("rules::data"),
        "the graph sees the chapters' imports: {:?}",
        graph["rules::close_combat"]
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "the modules of src/rules import each other in a cycle: {}",
            cycle.join(" → ")
        );
    }
}

/// The modules of `src/ui` import each other one way: no cycle. Each screen
/// is a folder whose parts take what they share from its `parts.rs` (or
/// from `widgets`), never from the screen's `mod.rs`. A cycle fails naming
/// its modules in order.
#[test]
fn ui_modules_import_each_other_without_a_cycle() {
    let graph = module_graph(&layer_files("ui", 30));
    assert!(
        graph["ui::battle::units"].contains("ui::battle::parts"),
        "the graph sees the screens' imports: {:?}",
        graph["ui::battle::units"]
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "the modules of src/ui import each other in a cycle: {}",
            cycle.join(" → ")
        );
    }
}

/// The modules of every other layer (`store`, `app`, `print`) import each
/// other without a cycle too. A cycle fails naming its modules in order.
#[test]
fn the_other_layers_modules_import_each_other_without_a_cycle() {
    for (layer, at_least) in [("store", 3), ("app", 8), ("print", 5)] {
        let graph = module_graph(&layer_files(layer, at_least));
        if let Some(cycle) = find_cycle(&graph) {
            panic!(
                "the modules of src/{layer} import each other in a cycle: {}",
                cycle.join(" → ")
            );
        }
    }
}

/// Each chapter's data (`rules::<chapter>::data`: the types of its part of
/// the book) imports nothing of `rules` but `core`, so the whole book
/// (`RulesData`) stands on the chapters' data alone and never on their rules.
#[test]
fn a_chapters_data_imports_only_rules_core() {
    let graph = module_graph(&rules_files());
    let data: Vec<&String> = graph
        .keys()
        .filter(|m| m.split("::").count() == 3 && m.ends_with("::data"))
        .collect();
    assert!(data.len() >= 6, "the chapters' data modules: {data:?}");
    for module in data {
        for target in &graph[module] {
            assert!(
                target.starts_with("rules::core"),
                "{module} imports {target}: a chapter's data imports only rules::core"
            );
        }
    }
}

//! The functional core stays pure: `src/rules` uses no egui, no files, no
//! clock and no thread RNG (randomness arrives as `&mut impl Rng`).

use std::path::Path;

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn rules_use_no_egui_files_clock_or_thread_rng() {
    let forbidden = [
        "egui",
        "eframe",
        "std::fs",
        "fs::",
        "File::",
        "std::io",
        "SystemTime",
        "Instant",
        "thread_rng",
        "rand::rng",
        "ThreadRng",
        "OsRng",
        "from_entropy",
        "from_os_rng",
        "getrandom",
        "std::env",
        "std::process",
        "std::net",
        "directories",
    ];
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules"),
        &mut files,
    );
    assert!(files.len() >= 5);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                assert!(
                    !code.contains(word),
                    "{}:{}: `{word}` in the rules core: {line}",
                    file.display(),
                    n + 1
                );
            }
        }
    }
}

/// The modules of `crate::` a file's code names (comments left out).
fn crate_uses(text: &str) -> std::collections::BTreeSet<String> {
    let mut uses = std::collections::BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for piece in code.split("crate::").skip(1) {
            let module: String = piece
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !module.is_empty() {
                uses.insert(module);
            }
        }
    }
    uses
}

/// The layers point one way: rules ← store ← app ← ui, and the command line
/// stands on rules and store alone. `i18n` translates for app, ui and cli,
/// and knows only rules and store. So there is no cycle.
#[test]
fn layers_depend_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let layers: [(&str, &[&str], &[&str]); 6] = [
        // (module, crate modules it may use, outside crates it may not)
        (
            "rules",
            &["rules"],
            &["egui", "eframe", "rfd", "directories"],
        ),
        ("store", &["rules", "store"], &["egui", "eframe", "rfd"]),
        // The sheets are pure too: a sheet model in, PDF bytes out.
        (
            "print",
            &["rules", "i18n", "print"],
            &["egui", "eframe", "rfd", "fs", "directories"],
        ),
        (
            "app",
            &["rules", "store", "app", "i18n", "print"],
            &["eframe"],
        ),
        (
            "ui",
            &["rules", "store", "app", "i18n", "ui", "print"],
            &["eframe"],
        ),
        (
            "cli",
            &["rules", "store", "i18n", "cli", "print"],
            &["egui", "eframe"],
        ),
    ];
    for (module, allowed, foreign) in layers {
        let mut files = Vec::new();
        let path = root.join(module);
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(path);
        }
        assert!(!files.is_empty(), "{module}");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("read");
            for used in crate_uses(&text) {
                assert!(
                    allowed.contains(&used.as_str()),
                    "{}: `crate::{used}` breaks the layers ({module} may use {allowed:?})",
                    file.display()
                );
            }
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or("");
                for name in foreign {
                    assert!(
                        !code.contains(&format!("{name}::")),
                        "{}: {module} uses `{name}`: {line}",
                        file.display()
                    );
                }
            }
        }
    }
    // i18n translates store errors and rules problems, and needs nothing above.
    let i18n = std::fs::read_to_string(root.join("i18n.rs")).expect("i18n");
    for used in crate_uses(&i18n) {
        assert!(
            ["rules", "store"].contains(&used.as_str()),
            "i18n uses {used}"
        );
    }
    // The app knows no view type: it never names the ui.
    let mut app_files = Vec::new();
    rust_files(&root.join("app"), &mut app_files);
    for file in app_files {
        let text = std::fs::read_to_string(&file).expect("read");
        assert!(
            !text.contains("ViewState") && !text.contains("Gui"),
            "{}",
            file.display()
        );
    }
}

/// The modules a line of code reaches through `crate::` or `super::` paths
/// that lie outside `rules::core`, for a file of module path `module`
/// (`["rules", "core", "dice"]`; a `mod.rs` is its folder's module).
/// `self::` stays inside. A test module's `super` is counted as the file's
/// own, which can only make the check stricter.
fn leaves_rules_core(module: &[&str], code: &str) -> Vec<String> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = Vec::new();
    for (at, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if code[..at].ends_with(|c: char| is_ident(c) || c == ':') {
            continue; // the tail of a longer path (`super::super::`)
        }
        let segments: Vec<&str> = code[at..]
            .split("::")
            .map(|s| s.split(|c: char| !is_ident(c)).next().unwrap_or(""))
            .take_while(|s| !s.is_empty())
            .collect();
        let mut target: Vec<&str> = Vec::new();
        let mut rest = segments.as_slice();
        if rest.first() == Some(&"crate") {
            rest = &rest[1..];
        } else {
            target = module.to_vec();
            while rest.first() == Some(&"super") {
                target.pop();
                rest = &rest[1..];
            }
        }
        target.extend(rest);
        if !target.starts_with(&["rules", "core"]) {
            out.push(target.join("::"));
        }
    }
    out
}

#[test]
fn the_leak_check_sees_paths_out_of_rules_core() {
    let dice = ["rules", "core", "dice"];
    let core = ["rules", "core"];
    assert!(leaves_rules_core(&dice, "use super::problem::Problem;").is_empty());
    assert!(leaves_rules_core(&dice, "use self::x;").is_empty());
    assert!(leaves_rules_core(&dice, "use crate::rules::core::names::Names;").is_empty());
    assert!(leaves_rules_core(&core, "pub mod dice;").is_empty());
    assert_eq!(
        leaves_rules_core(&dice, "use super::super::data::DiceSpec;"),
        ["rules::data::DiceSpec"]
    );
    assert_eq!(
        leaves_rules_core(&dice, "fn f(r: &crate::rules::data::RulesData) {}"),
        ["rules::data::RulesData"]
    );
    assert_eq!(
        leaves_rules_core(&core, "use super::{data, psychic};"),
        ["rules"]
    );
    assert_eq!(
        leaves_rules_core(&dice, "use crate::store::X;"),
        ["store::X"]
    );
}

/// `rules::core` is the vocabulary every chapter speaks (characteristics,
/// dice, distributions, names, messages, problems, ranges): it imports
/// nothing else of `rules`, so it can never join a cycle of the chapters.
#[test]
fn rules_core_imports_nothing_else_of_rules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("rules/core"), &mut files);
    assert!(files.len() >= 8, "rules/core holds {} files", files.len());
    for file in files {
        let rel = file
            .strip_prefix(&src)
            .expect("under src")
            .with_extension("");
        let mut module: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        let module: Vec<&str> = module.iter().map(String::as_str).collect();
        let text = std::fs::read_to_string(&file).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let leaks = leaves_rules_core(&module, code);
            assert!(
                leaks.is_empty(),
                "{}:{}: rules::core imports {leaks:?} from outside rules::core: {line}",
                file.display(),
                n + 1
            );
        }
    }
}

#[test]
fn every_translation_key_used_in_the_code_exists() {
    let en: std::collections::HashMap<String, String> =
        serde_json::from_str(include_str!("../../assets/locales/en.json")).expect("en.json");
    let prefixes = [
        "problem.",
        "store.",
        "dice.",
        "roster.",
        "history.",
        "character.",
        "import.",
        "export.",
        "menu.",
        "nav.",
        "status.",
        "log.",
        "problems.",
        "library.",
        "rules.",
        "points.",
        "profile.",
        "doc.",
        "io.",
        "data.",
        "action.",
        "disk.",
        "summary.",
        "kind.",
        "close.",
        "dialog.",
        "limit.",
        "kt.",
        "reference.",
        "odds.",
        "battle.",
        "campaign.",
        "robot.",
        "robot.",
        "flyer.",
        "sheet.",
        "print.",
        "held.",
        "house_rules.",
        "merge.",
    ];
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut missing = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        for piece in text.split('"').skip(1).step_by(2) {
            let is_key = prefixes.iter().any(|p| piece.starts_with(p))
                && piece
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && !piece.ends_with('.')
                && !piece.ends_with(".json")
                && piece != muster::shell::APP_ID;
            let plural = en.contains_key(&format!("{piece}.one"))
                && en.contains_key(&format!("{piece}.other"));
            if is_key && !en.contains_key(piece) && !plural {
                missing.push(format!("{piece} ({})", file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "keys missing in en.json: {missing:#?}");
}

/// What marks a rule decided in a view: a refusal made there, or a
/// problem or message told apart by its strings rather than its kind: its
/// rule or key compared with a string, or a key compared with a constant.
fn rule_decided_in_view(code: &str) -> Option<&'static str> {
    if code.contains("Problem::new(") {
        return Some("a refusal made in a view");
    }
    for field in [".rule", ".key"] {
        for op in ["==", "!="] {
            if code.contains(&format!("{field} {op} \"")) {
                return Some("a problem or message told apart by its strings");
            }
        }
    }
    if comparisons(code).any(|(left, right)| {
        (names_a_key(left) && fixed(right))
            || (names_a_key(right) && fixed(left))
            || key_constant(left)
            || key_constant(right)
    }) {
        return Some("a message told apart by its key");
    }
    None
}

/// The two sides of each `==` and `!=` of a line of code.
fn comparisons(code: &str) -> impl Iterator<Item = (&str, &str)> {
    let ops = code.match_indices(" == ").chain(code.match_indices(" != "));
    ops.map(|(at, op)| {
        (
            left_operand(&code[..at]),
            right_operand(&code[at + op.len()..]),
        )
    })
}

/// The operand that ends `before`: back to a space, an opening bracket or
/// an operator outside brackets.
fn left_operand(before: &str) -> &str {
    let mut depth = 0_i32;
    for (i, c) in before.char_indices().rev() {
        match c {
            ')' | ']' => depth += 1,
            '(' | '[' | ' ' | '{' | ',' | '!' | '&' | '|' | '=' if depth == 0 => {
                return &before[i + 1..];
            }
            '(' | '[' => depth -= 1,
            _ => {}
        }
    }
    before
}

/// The operand that starts `after`: up to a space, a closing bracket or a
/// separator outside brackets.
fn right_operand(after: &str) -> &str {
    let after = after.trim_start();
    let mut depth = 0_i32;
    for (i, c) in after.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' | ' ' | '{' | ',' | ';' if depth == 0 => return &after[..i],
            ')' | ']' => depth -= 1,
            _ => {}
        }
    }
    after
}

/// The words of an operand: its names, between dots, paths and brackets.
fn words(operand: &str) -> impl Iterator<Item = &str> {
    operand
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

/// Whether an operand is a message's key: `key`, `m.key`, `msg.key.as_ref()`,
/// `effect_key`.
fn names_a_key(operand: &str) -> bool {
    words(operand).any(|w| w == "key" || w.ends_with("_key"))
}

/// Whether an operand is fixed text: a string, or a constant
/// (`GATHER_BACK`, `Some(table::BURNING_BANG)`).
fn fixed(operand: &str) -> bool {
    let operand = operand.trim_start_matches(['&', '*']);
    let operand = operand.strip_prefix("Some(").unwrap_or(operand);
    operand.starts_with('"') || words(operand).last().is_some_and(constant)
}

/// Whether a name is a constant's: capitals, digits and underscores.
fn constant(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Whether an operand names a constant of a message's key (`SMELL_KEY`).
fn key_constant(operand: &str) -> bool {
    words(operand).any(|w| constant(w) && (w == "KEY" || w.ends_with("_KEY")))
}

#[test]
fn the_check_for_rules_in_views_sees_refusals_and_string_kinds() {
    assert!(rule_decided_in_view(r#"let p = Problem::new("KT-5", "kt.x");"#).is_some());
    assert!(rule_decided_in_view(r#"Some(p) if p.rule != "CHR-7" => {"#).is_some());
    assert!(rule_decided_in_view(r#".find(|m| m.key == "kt.last_wound.waiting")"#).is_some());
    assert!(rule_decided_in_view("if p.kind == ProblemKind::AlreadyOut {").is_none());
    assert!(rule_decided_in_view(".filter(|v| v.key == *key)").is_none());
}

#[test]
fn the_check_for_rules_in_views_sees_keys_compared_with_constants() {
    assert!(rule_decided_in_view("if key == flyers::table::GATHER_BACK").is_some());
    assert!(
        rule_decided_in_view(
            "key == robots::table::BURNING_BANG || key == robots::table::BURNING_EXPLODES;"
        )
        .is_some()
    );
    assert!(
        rule_decided_in_view("if effect.as_deref() == Some(robots::Effect::BURNING_SMELL_KEY) {")
            .is_some()
    );
    assert!(rule_decided_in_view("if NOTHING != m.key.as_ref() {").is_some());
    assert!(rule_decided_in_view(r#"&& "flyer.gather.back" == msg.key"#).is_some());
    assert!(rule_decided_in_view("if self.level == MAX_LEVEL {").is_none());
    assert!(
        rule_decided_in_view("if e.table == Some(TableResult::FlyerGather(Gather::Back))")
            .is_none()
    );
    assert!(rule_decided_in_view("let same = version.key == doc_key;").is_none());
}

#[test]
fn views_decide_no_rule() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"),
        &mut files,
    );
    assert!(files.len() >= 20);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if let Some(why) = rule_decided_in_view(code) {
                found.push(format!(
                    "{}:{}: {why}: {}",
                    file.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "rules belong in src/rules, asked by the views:\n{}",
        found.join("\n")
    );
}

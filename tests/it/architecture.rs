//! The functional core stays pure: `src/rules` uses no egui, no files, no
//! clock and no thread RNG (randomness arrives as `&mut impl Rng`).

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
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
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.' || c.is_ascii_digit())
                && !piece.ends_with('.');
            let plural = en.contains_key(&format!("{piece}.one"))
                && en.contains_key(&format!("{piece}.other"));
            if is_key && !en.contains_key(piece) && !plural {
                missing.push(format!("{piece} ({})", file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "keys missing in en.json: {missing:#?}");
}

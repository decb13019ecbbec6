//! Names as the rules data gives them: one per language.

use std::collections::BTreeMap;

/// A name in every language Muster speaks (`{"en": …, "fr": …}`).
pub type Names = BTreeMap<String, String>;

/// Picks the name for `lang`, falling back to English, then to any.
pub fn name_in<'a>(names: &'a Names, lang: &str, fallback: &'a str) -> &'a str {
    names
        .get(lang)
        .or_else(|| names.get("en"))
        .or_else(|| names.values().next())
        .map_or(fallback, String::as_str)
}

/// Several names joined by commas, in every language any of them has.
pub fn joined<'a>(names: impl Iterator<Item = &'a Names> + Clone) -> Names {
    let langs: std::collections::BTreeSet<&String> = names.clone().flat_map(|n| n.keys()).collect();
    langs
        .into_iter()
        .map(|lang| {
            let each: Vec<&str> = names.clone().map(|n| name_in(n, lang, "")).collect();
            (lang.clone(), each.join(", "))
        })
        .collect()
}

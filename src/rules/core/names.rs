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

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

/// A fighter's name: as the player typed it (shown as it is in every
/// language), or as the rules data gives it in every language (a drawn
/// enemy, "Ork boy 3"), shown in the reader's. Written as a plain text or
/// as a map of languages, so a name written as text alone still reads.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Name {
    /// As typed.
    Typed(String),
    /// In every language.
    Names(Names),
}

impl Default for Name {
    fn default() -> Self {
        Self::Typed(String::new())
    }
}

impl From<String> for Name {
    fn from(text: String) -> Self {
        Self::Typed(text)
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Self {
        Self::Typed(text.to_owned())
    }
}

impl Name {
    /// The name shown as `text`: `names` when it is one of them in some
    /// language (a name from the rules data left as it was given), else
    /// the text as typed.
    pub fn of(text: &str, names: Option<&Names>) -> Self {
        let text = text.trim();
        match names {
            Some(n) if !text.is_empty() && n.values().any(|v| v.trim() == text) => {
                Self::Names(n.clone())
            }
            _ => Self::Typed(text.to_owned()),
        }
    }

    /// The name in `lang` (English, or any, when the data lacks it).
    pub fn in_lang(&self, lang: &str) -> &str {
        match self {
            Self::Typed(t) => t.trim(),
            Self::Names(n) => name_in(n, lang, "").trim(),
        }
    }

    /// No name given.
    pub fn is_empty(&self) -> bool {
        match self {
            Self::Typed(t) => t.trim().is_empty(),
            Self::Names(n) => n.values().all(|v| v.trim().is_empty()),
        }
    }

    /// The names in every language, when the rules data gave them.
    pub fn names(&self) -> Option<&Names> {
        match self {
            Self::Typed(_) => None,
            Self::Names(n) => Some(n),
        }
    }
}

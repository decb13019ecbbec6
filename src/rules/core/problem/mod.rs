//! Problems found by validation and refusals of edits: a rule id, a message
//! key with its arguments (translated by the caller), and where.

use std::borrow::Cow;

mod kind;

pub use kind::ProblemKind;

use super::characteristic::Characteristic;
use super::names::Names;

/// How an argument is shown in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shown {
    /// A name of the rules data, one per language.
    Names(Names),
    /// A locale key, translated.
    Key(&'static str),
}

/// A broken rule, or a refused edit.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// What it is, for code that acts on it.
    pub kind: ProblemKind,
    /// The rule's id (`CHR-3`, or an item's `EQ-4` from the rules data), or
    /// `FILE` for document problems.
    pub rule: Cow<'static, str>,
    /// The message key in the locale files (`problem.above_major`).
    pub key: &'static str,
    /// Values for the message's `{placeholders}`.
    pub args: Vec<(&'static str, String)>,
    /// Arguments shown in the reader's language (an item of the rules
    /// data by its name, a mission type by its locale key): the text
    /// replaces the value of the same argument in `args`, which keeps the
    /// id for whoever reads the problem in code.
    /// Boxed: a problem stays small, most have none.
    pub shown: Option<Box<Vec<(&'static str, Shown)>>>,
    /// The character concerned, by name.
    pub character: Option<Box<str>>,
    /// The characteristic concerned.
    pub characteristic: Option<Characteristic>,
    /// The problem behind this one (a journal entry refused: why), shown as
    /// the `{why}` argument.
    pub cause: Option<Box<Problem>>,
}

impl Problem {
    /// A problem of `rule` with the message `key`.
    pub fn new(rule: impl Into<Cow<'static, str>>, key: &'static str) -> Self {
        Self {
            kind: ProblemKind::of_key(key),
            rule: rule.into(),
            key,
            args: Vec::new(),
            shown: None,
            character: None,
            characteristic: None,
            cause: None,
        }
    }

    /// Adds a message argument.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// Adds an argument of the rules data: `id` for code, shown as its
    /// `names` in the reader's language.
    #[must_use]
    pub fn named(mut self, name: &'static str, id: &str, names: &Names) -> Self {
        self.shown
            .get_or_insert_default()
            .push((name, Shown::Names(names.clone())));
        self.arg(name, id)
    }

    /// Adds an argument `id` shown as the locale text of `key`.
    #[must_use]
    pub fn keyed(mut self, name: &'static str, id: &str, key: &'static str) -> Self {
        self.shown
            .get_or_insert_default()
            .push((name, Shown::Key(key)));
        self.arg(name, id)
    }

    /// Names the character concerned (also as the `{character}` argument).
    #[must_use]
    pub fn character(mut self, name: &str) -> Self {
        self.character = Some(name.into());
        self.arg("character", name)
    }

    /// Names the characteristic concerned (also as the `{characteristic}` argument).
    #[must_use]
    pub fn characteristic(mut self, c: Characteristic) -> Self {
        self.characteristic = Some(c);
        self.arg("characteristic", c.key())
    }

    /// Sets the problem behind this one (the `{why}` argument).
    #[must_use]
    pub fn because(mut self, cause: Problem) -> Self {
        self.cause = Some(Box::new(cause));
        self
    }

    /// How the argument `name` is shown in the reader's language, if not as
    /// its value.
    pub fn shown(&self, name: &str) -> Option<&Shown> {
        self.shown
            .as_deref()?
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| s)
    }

    /// The value of one argument.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A problem as written, its names as texts: read back, each is kept
/// for the run ([`super::interned`]).
mod wire {
    use std::borrow::Cow;

    use crate::rules::core::characteristic::Characteristic;
    use crate::rules::core::interned::interned;
    use crate::rules::core::names::Names;
    use crate::rules::core::problem::ProblemKind;

    #[derive(serde::Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub(super) enum Shown {
        Names(Names),
        Key(String),
    }

    impl From<Shown> for super::Shown {
        fn from(w: Shown) -> Self {
            match w {
                Shown::Names(n) => Self::Names(n),
                Shown::Key(k) => Self::Key(interned(&k)),
            }
        }
    }

    /// The kind written beside the key is not read: the key gives it, as
    /// it does to a problem made in this run.
    #[derive(serde::Deserialize)]
    pub(super) struct Problem {
        rule: Cow<'static, str>,
        key: String,
        args: Vec<(String, String)>,
        shown: Option<Vec<(String, super::Shown)>>,
        character: Option<Box<str>>,
        characteristic: Option<Characteristic>,
        cause: Option<Box<super::Problem>>,
    }

    fn named<T>(pairs: Vec<(String, T)>) -> Vec<(&'static str, T)> {
        pairs.into_iter().map(|(n, v)| (interned(&n), v)).collect()
    }

    impl<'de> serde::Deserialize<'de> for super::Shown {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Shown::deserialize(d).map(Into::into)
        }
    }

    impl<'de> serde::Deserialize<'de> for super::Problem {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Problem::deserialize(d).map(Into::into)
        }
    }

    impl From<Problem> for super::Problem {
        fn from(w: Problem) -> Self {
            Self {
                kind: ProblemKind::of_key(&w.key),
                rule: w.rule,
                key: interned(&w.key),
                args: named(w.args),
                shown: w.shown.map(|s| Box::new(named(s))),
                character: w.character,
                characteristic: w.characteristic,
                cause: w.cause,
            }
        }
    }
}

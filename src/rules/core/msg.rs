//! Messages as data: a key of the locale files and its arguments, translated
//! only when shown (so a change of language re-renders every line).

use std::borrow::Cow;

use super::names::{Name, Names};
use super::problem::Problem;

/// A message: a locale key and its `{placeholders}`' values. Written and
/// read back with the battle screen's log kept beside the preferences.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Msg {
    /// The key in `assets/locales/*.json` (`dice.pool`).
    pub key: Cow<'static, str>,
    /// Values for the placeholders, by name.
    pub args: Vec<(&'static str, Arg)>,
}

/// A message as written, its argument names as texts.
#[derive(serde::Deserialize)]
struct MsgWire {
    key: Cow<'static, str>,
    args: Vec<(String, Arg)>,
}

impl<'de> serde::Deserialize<'de> for Msg {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        MsgWire::deserialize(d).map(Into::into)
    }
}

impl From<MsgWire> for Msg {
    fn from(w: MsgWire) -> Self {
        Self {
            key: w.key,
            args: w
                .args
                .into_iter()
                .map(|(n, v)| (super::interned::interned(&n), v))
                .collect(),
        }
    }
}

/// The value of a placeholder.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// Shown as it is (a name, dice notation).
    Text(String),
    /// A whole number; an argument named `count` also picks the plural form.
    Int(i64),
    /// Another locale key, translated.
    Key(Cow<'static, str>),
    /// A message of its own, translated.
    Msg(Box<Msg>),
    /// Messages joined by commas.
    List(Vec<Msg>),
    /// A broken rule: `CHR-3: …`.
    Problem(Box<Problem>),
    /// A name from the rules data in every language (a mission, a faction).
    Names(std::collections::BTreeMap<String, String>),
}

impl Msg {
    /// A text shown as it is, in any language (a name the player typed).
    pub fn verbatim(text: impl Into<String>) -> Self {
        Self::new("msg.plain").text("text", text)
    }

    /// A fighter's name, shown in the reader's language when the rules
    /// data gave it in every language, as typed otherwise.
    pub fn name(name: &Name) -> Self {
        match name {
            Name::Typed(t) => Self::verbatim(t.trim()),
            Name::Names(n) => Self::new("msg.plain").names("text", n),
        }
    }

    /// A message with no argument yet.
    pub fn new(key: impl Into<Cow<'static, str>>) -> Self {
        Self {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// Adds a text argument.
    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// Adds a name given in every language by the rules data.
    #[must_use]
    pub fn names(mut self, name: &'static str, names: &Names) -> Self {
        self.args.push((name, Arg::Names(names.clone())));
        self
    }

    /// Adds a number argument.
    #[must_use]
    pub fn int(mut self, name: &'static str, value: impl TryInto<i64>) -> Self {
        self.args
            .push((name, Arg::Int(value.try_into().unwrap_or(i64::MAX))));
        self
    }

    /// Adds an argument that is itself a locale key.
    #[must_use]
    pub fn key(mut self, name: &'static str, key: impl Into<Cow<'static, str>>) -> Self {
        self.args.push((name, Arg::Key(key.into())));
        self
    }

    /// Adds an argument that is a message of its own.
    #[must_use]
    pub fn msg(mut self, name: &'static str, msg: Msg) -> Self {
        self.args.push((name, Arg::Msg(Box::new(msg))));
        self
    }

    /// Adds a list of messages, shown joined by commas.
    #[must_use]
    pub fn list(mut self, name: &'static str, items: Vec<Msg>) -> Self {
        self.args.push((name, Arg::List(items)));
        self
    }

    /// Adds a problem, shown with its rule id.
    #[must_use]
    pub fn problem(mut self, name: &'static str, problem: Problem) -> Self {
        self.args.push((name, Arg::Problem(Box::new(problem))));
        self
    }

    /// The value of one argument.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The message without any language: its key and arguments (for logs
    /// and `Display` of errors; users see it translated).
    pub fn plain(&self) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|(n, a)| {
                let v = match a {
                    Arg::Text(t) => t.clone(),
                    Arg::Int(i) => i.to_string(),
                    Arg::Key(k) => k.to_string(),
                    Arg::Msg(m) => m.plain(),
                    Arg::List(l) => l.iter().map(Msg::plain).collect::<Vec<_>>().join(", "),
                    Arg::Problem(p) => p.rule.to_string(),
                    Arg::Names(names) => names.get("en").cloned().unwrap_or_default(),
                };
                format!("{n}={v}")
            })
            .collect();
        if args.is_empty() {
            self.key.to_string()
        } else {
            format!("{} ({})", self.key, args.join("; "))
        }
    }
}

impl From<Problem> for Msg {
    fn from(problem: Problem) -> Self {
        Self::new("problem.as_line").problem("problem", problem)
    }
}

//! The translation layer: every user-facing string goes through here.
//!
//! Locale files are flat JSON maps (`assets/locales/*.json`) compiled in;
//! messages use `{name}` placeholders. A message with a `count` takes the
//! plural form of its language from `KEY.one` / `KEY.other` when the file
//! has them ("1 character", "2 characters"; French counts 0 as singular).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::rules::core::names::name_in;
use crate::rules::core::problem::Shown;
use crate::rules::data::DataProblem;
use crate::rules::{Arg, Msg, Problem};
use crate::store::{DocError, ReadError, StoreError};

/// A language Muster speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Self; 2] = [Self::En, Self::Fr];

    /// The code used in data files' `names` maps (`en`, `fr`).
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Fr => "fr",
        }
    }

    /// The language's own name, for the language menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Self::En => "English",
            Self::Fr => "Français",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Self::En => include_str!("../assets/locales/en.json"),
            Self::Fr => include_str!("../assets/locales/fr.json"),
        }
    }

    /// The parsed catalogue (parsed once; a broken catalogue is empty, and a
    /// test makes sure the shipped ones parse).
    pub fn catalogue(self) -> &'static HashMap<String, String> {
        static EN: OnceLock<HashMap<String, String>> = OnceLock::new();
        static FR: OnceLock<HashMap<String, String>> = OnceLock::new();
        let cell = match self {
            Self::En => &EN,
            Self::Fr => &FR,
        };
        cell.get_or_init(|| serde_json::from_str(self.source()).unwrap_or_default())
    }

    /// The text for `key`, falling back to English, then to the key itself.
    pub fn t(self, key: &str) -> &str {
        self.catalogue()
            .get(key)
            .or_else(|| Lang::En.catalogue().get(key))
            .map_or(key, String::as_str)
    }

    /// The plural category of `n` in this language: `one` or `other`.
    pub fn plural(self, n: i64) -> &'static str {
        let one = match self {
            Self::En => n == 1,
            // French: 0 and 1 are singular ("0 personnage", "1 personnage").
            Self::Fr => n == 0 || n == 1,
        };
        if one { "one" } else { "other" }
    }

    /// The text for `key`, in its plural form for `count` when it has one.
    fn t_count(self, key: &str, count: Option<i64>) -> &str {
        if let Some(n) = count {
            let plural = format!("{key}.{}", self.plural(n));
            if let Some(text) = self
                .catalogue()
                .get(&plural)
                .or_else(|| Lang::En.catalogue().get(&plural))
            {
                return text;
            }
        }
        self.t(key)
    }

    /// The text for `key` with its `{placeholders}` filled in (and its plural
    /// form for an argument `count`).
    pub fn f(self, key: &str, args: &[(&str, &str)]) -> String {
        let count = args
            .iter()
            .find(|(n, _)| *n == "count")
            .and_then(|(_, v)| v.parse::<i64>().ok());
        self.fill(self.t_count(key, count), args)
    }

    /// A message, translated now.
    pub fn msg(self, msg: &Msg) -> String {
        let values: Vec<(&str, String)> = msg
            .args
            .iter()
            .map(|(name, arg)| (*name, self.arg(arg)))
            .collect();
        let args: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        self.f(&msg.key, &args)
    }

    fn arg(self, arg: &Arg) -> String {
        match arg {
            Arg::Text(t) => t.clone(),
            Arg::Int(i) => i.to_string(),
            Arg::Key(k) => self.t(k).to_owned(),
            Arg::Msg(m) => self.msg(m),
            Arg::List(items) => items
                .iter()
                .map(|m| self.msg(m))
                .collect::<Vec<_>>()
                .join(", "),
            Arg::Problem(p) => self.problem_line(p),
            Arg::Names(names) => self.pick(names).to_owned(),
        }
    }

    /// A name from the rules data in this language (English, or any, if
    /// the data lacks it).
    pub fn pick(self, names: &crate::rules::core::names::Names) -> &str {
        names
            .get(self.code())
            .or_else(|| names.get("en"))
            .or_else(|| names.values().next())
            .map_or("?", String::as_str)
    }

    /// A kill-team weapon's type with its shots.
    pub fn weapon_type(
        self,
        t: crate::rules::killteam::data::WeaponType,
        shots: &crate::rules::core::dice::Amount,
    ) -> String {
        self.f(t.key(), &[("shots", &shots.to_string())])
    }

    /// A campaign faction's name (its id where the data has no such
    /// faction).
    pub fn faction<Q: std::borrow::Borrow<str> + ?Sized>(
        self,
        data: &crate::rules::campaign::data::CampaignData,
        id: &Q,
    ) -> String {
        data.faction(id).map_or_else(
            || id.borrow().to_owned(),
            |f| name_in(&f.names, self.code(), f.id.as_str()).to_owned(),
        )
    }

    /// A problem's message (without its rule id).
    pub fn problem(self, problem: &Problem) -> String {
        self.problem_as(problem.key, problem)
    }

    /// The text of `key` filled with a problem's arguments (a shorter
    /// wording of the same problem).
    pub fn problem_as(self, key: &str, problem: &Problem) -> String {
        let why = problem.cause.as_deref().map(|c| self.problem(c));
        // The characteristic by its abbreviation in the language (`CC`).
        let abbr = problem.characteristic.map(|c| self.t(c.abbr_key()));
        let mut args: Vec<(&str, &str)> = problem
            .args
            .iter()
            .map(|(n, v)| match abbr {
                Some(a) if *n == "characteristic" => (*n, a),
                _ => match problem.shown(n) {
                    Some(Shown::Names(names)) => (*n, name_in(names, self.code(), v)),
                    Some(Shown::Key(key)) => (*n, self.t(key)),
                    None => (*n, v.as_str()),
                },
            })
            .collect();
        if let Some(why) = &why {
            args.push(("why", why));
        }
        self.f(key, &args)
    }

    /// Why a document could not be read.
    pub fn doc_error(self, error: &DocError) -> String {
        self.msg(&error.msg())
    }

    /// Why a file could not be read or written, without its path.
    pub fn read_error(self, error: &ReadError) -> String {
        self.msg(&error.msg())
    }

    /// A store error, the path last.
    pub fn store_error(self, error: &StoreError) -> String {
        self.msg(&error.msg())
    }

    /// A problem with a rules data file, as one line naming the file.
    pub fn data_problem(self, problem: &DataProblem) -> String {
        let text = self.problem(&problem.problem);
        let mut line = match problem.section() {
            Some(section) => self.f(
                "rules.section_problem",
                &[
                    ("file", &problem.file),
                    ("section", section),
                    ("problem", &text),
                ],
            ),
            None if problem.notice => self.f(
                "rules.file_notice",
                &[("file", &problem.file), ("problem", &text)],
            ),
            None => self.f(
                "rules.file_problem",
                &[("file", &problem.file), ("problem", &text)],
            ),
        };
        if problem.built_in_used {
            line.push(' ');
            line.push_str(self.t(if problem.section().is_some() {
                "rules.built_in_section_used"
            } else {
                "rules.built_in_used"
            }));
        }
        line
    }

    /// A problem as one line: `CHR-3: message`.
    pub fn problem_line(self, problem: &Problem) -> String {
        self.typeset(format!("{}: {}", problem.rule, self.problem(problem)))
    }

    /// `text` as this language sets it: in French, a colon that follows a
    /// word takes a space before it ("CHR-3 : …", "(D6 : 5)"), whatever
    /// put it there (a template, a roll, a rule id); a time (`17:36`) is
    /// left alone.
    pub fn typeset(self, text: String) -> String {
        if self != Self::Fr || !text.contains(": ") {
            return text;
        }
        let mut out = String::with_capacity(text.len() + 8);
        let mut chars = text.chars().peekable();
        let mut before = ' ';
        while let Some(c) = chars.next() {
            if c == ':' && chars.peek() == Some(&' ') && !before.is_whitespace() {
                out.push(' ');
            }
            out.push(c);
            before = c;
        }
        out
    }
}

/// Replaces each `{name}` of `template` with its value, in one pass (a value
/// holding braces is never filled again). `{name:one|other}` picks a word by
/// the plural of the number `name` in English rules; `Lang::fill` uses the
/// language's own.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    Lang::En.fill(template, args)
}

impl Lang {
    /// `fill` with this language's plural rule for `{name:one|other}`.
    pub fn fill(self, template: &str, args: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                out.push_str(&rest[open..]);
                return out;
            };
            let inside = &after[..close];
            let (name, forms) = match inside.split_once(':') {
                Some((name, forms)) => (name, Some(forms)),
                None => (inside, None),
            };
            match (args.iter().find(|(n, _)| *n == name), forms) {
                (Some((_, value)), None) => out.push_str(&self.number(value)),
                (Some((_, value)), Some(forms)) => {
                    let (one, other) = forms.split_once('|').unwrap_or((forms, forms));
                    let n = value.trim().parse::<i64>().unwrap_or(2);
                    out.push_str(if self.plural(n) == "one" { one } else { other });
                }
                // Not an argument: left as it is.
                (None, _) => {
                    out.push('{');
                    out.push_str(inside);
                    out.push('}');
                }
            }
            rest = &after[close + 1..];
        }
        out.push_str(rest);
        self.typeset(out)
    }
}

impl Lang {
    /// A value that is a decimal number (`2.0`, `55.6 %`, `2.5"`) as this
    /// language writes it: no useless `.0` on a length or a count, and a
    /// decimal comma in French (`55,6 %`). Any other value is left as it is.
    pub fn number(self, value: &str) -> std::borrow::Cow<'_, str> {
        use std::borrow::Cow;
        let (digits, unit) =
            match value.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')) {
                Some(at) => value.split_at(at),
                None => (value, ""),
            };
        let is_decimal = digits.split_once('.').is_some_and(|(whole, frac)| {
            let whole = whole.strip_prefix('-').unwrap_or(whole);
            !whole.is_empty()
                && !frac.is_empty()
                && whole.bytes().all(|b| b.is_ascii_digit())
                && frac.bytes().all(|b| b.is_ascii_digit())
        });
        if !is_decimal || !matches!(unit, "" | " %" | "%" | "\"" | "\u{a0}%") {
            return Cow::Borrowed(value);
        }
        let mut digits = digits.to_owned();
        // A percentage keeps its decimal, so that chances line up.
        if !unit.contains('%') && digits.ends_with(".0") {
            digits.truncate(digits.len() - 2);
        }
        if self == Self::Fr {
            digits = digits.replace('.', ",");
        }
        Cow::Owned(format!("{digits}{unit}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogues_parse_and_have_the_same_keys() {
        let en: HashMap<String, String> =
            serde_json::from_str(Lang::En.source()).expect("en.json parses");
        let fr: HashMap<String, String> =
            serde_json::from_str(Lang::Fr.source()).expect("fr.json parses");
        let mut missing_fr: Vec<_> = en.keys().filter(|k| !fr.contains_key(*k)).collect();
        let mut missing_en: Vec<_> = fr.keys().filter(|k| !en.contains_key(*k)).collect();
        missing_fr.sort();
        missing_en.sort();
        assert!(
            missing_fr.is_empty(),
            "keys missing in fr.json: {missing_fr:?}"
        );
        assert!(
            missing_en.is_empty(),
            "keys missing in en.json: {missing_en:?}"
        );
    }

    #[test]
    fn placeholders_match_between_languages() {
        let re = |s: &str| -> Vec<String> {
            let mut v: Vec<String> = s
                .split('{')
                .skip(1)
                .filter_map(|p| p.split('}').next())
                .map(|p| p.split(':').next().unwrap_or(p).to_owned())
                .collect();
            v.sort();
            v.dedup();
            v
        };
        for (key, en) in Lang::En.catalogue() {
            let fr = Lang::Fr.t(key);
            assert_eq!(re(en), re(fr), "placeholders differ for {key}");
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let one = Msg::new("summary.characters").int("count", 1);
        let two = Msg::new("summary.characters").int("count", 2);
        let none = Msg::new("summary.characters").int("count", 0);
        assert_eq!(Lang::En.msg(&one), "1 character");
        assert_eq!(Lang::En.msg(&two), "2 characters");
        assert_eq!(Lang::En.msg(&none), "0 characters");
        assert_eq!(Lang::Fr.msg(&one), "1 personnage");
        assert_eq!(Lang::Fr.msg(&two), "2 personnages");
        assert_eq!(Lang::Fr.msg(&none), "0 personnage");
    }

    #[test]
    fn inline_plurals_follow_each_number() {
        let en = Lang::En.fill(
            "{placed} {placed:point|points} placed, {left} {left:point|points} left",
            &[("placed", "1"), ("left", "3")],
        );
        assert_eq!(en, "1 point placed, 3 points left");
        let fr = Lang::Fr.fill("{n} {n:relancé|relancés}", &[("n", "0")]);
        assert_eq!(fr, "0 relancé");
        // A value is never filled again, whatever it holds.
        let name = Lang::En.fill(
            "{name} has {chance} %",
            &[("name", "{chance}"), ("chance", "5")],
        );
        assert_eq!(name, "{chance} has 5 %");
    }

    #[test]
    fn numbers_follow_each_language() {
        assert_eq!(Lang::En.number("55.6 %"), "55.6 %");
        assert_eq!(Lang::Fr.number("55.6 %"), "55,6 %");
        assert_eq!(Lang::Fr.number("50.0 %"), "50,0 %");
        assert_eq!(Lang::En.number("2.0\""), "2\"");
        assert_eq!(Lang::Fr.number("2.5\""), "2,5\"");
        assert_eq!(Lang::Fr.number("-1.5"), "-1,5");
        // Not a decimal number: left alone.
        for text in ["v0.37", "1.2.3", "12", "Kessel 2.0", ".5", "D6: 5"] {
            assert_eq!(Lang::Fr.number(text), text);
        }
        assert!(
            Lang::Fr
                .f("battle.unsaved", &[("p", "16.7 %")])
                .contains("16,7 %")
        );
    }

    #[test]
    fn fills_placeholders() {
        assert_eq!(fill("{a} and {b}", &[("a", "x"), ("b", "y")]), "x and y");
    }
}

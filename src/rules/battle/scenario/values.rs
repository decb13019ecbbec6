//! A scenario's values checked against the rules: a count of shots or
//! damage, a number or dice, and each number within its range, a wrong one
//! named by its field.

use serde::Deserialize;

use crate::rules::characters::data::SAVE_MODIFIERS;
use crate::rules::core::problem::Problem;

/// A number of shots or of damage: a number, or dice to roll (`"D6"`,
/// `"2D3"`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(untagged)]
pub enum Count {
    /// A fixed number.
    Fixed(i64),
    /// Dice, as written.
    Dice(String),
}

impl Count {
    /// Its distribution (`d[k]`: the chance of exactly `k`), or the field
    /// whose value is not a count or not dice; `least`: the smallest fixed
    /// number allowed.
    pub fn dist(&self, field: &str, least: i64) -> Result<crate::rules::core::dist::Dist, Problem> {
        match self {
            Self::Fixed(n) if *n < least => {
                Err(out_of_range(field, *n, &format!("{least} or more")))
            }
            Self::Fixed(n) => count(field, *n).map(crate::rules::core::dist::fixed),
            // A number written as text ("2") is that number.
            Self::Dice(text) if text.trim().parse::<i64>().is_ok() => {
                Self::Fixed(text.trim().parse().unwrap_or(0)).dist(field, least)
            }
            Self::Dice(text) => crate::rules::core::dice::dice_of(text)
                .map(|d| crate::rules::core::dist::dice_sum(d.count, d.sides))
                .ok_or_else(|| {
                    Problem::new("FILE", "odds.bad_dice")
                        .arg("field", field)
                        .arg("dice", text)
                }),
        }
    }

    /// The dice to roll (`Err`), or the fixed number (`Ok`), once checked.
    pub fn dice(&self) -> Result<u32, crate::rules::core::dice::DiceSpec> {
        match self {
            Self::Fixed(n) => Ok(u32::try_from((*n).max(0)).unwrap_or(0)),
            Self::Dice(text) => match crate::rules::core::dice::dice_of(text) {
                Some(d) => Err(d),
                None => Ok(text.trim().parse::<u32>().unwrap_or(0)),
            },
        }
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Fixed(n) => write!(f, "{n}"),
            Self::Dice(d) => f.write_str(d),
        }
    }
}

impl From<&crate::rules::core::dice::Amount> for Count {
    fn from(a: &crate::rules::core::dice::Amount) -> Self {
        match a {
            crate::rules::core::dice::Amount::Fixed(n) => Self::Fixed(i64::from(*n)),
            crate::rules::core::dice::Amount::Dice(d) => Self::Dice(d.clone()),
        }
    }
}

pub(super) fn one() -> Count {
    Count::Fixed(1)
}

/// A value outside the rules' range, naming the field.
pub(super) fn out_of_range(field: &str, value: i64, range: &str) -> Problem {
    Problem::new("FILE", "odds.out_of_range")
        .arg("field", field)
        .arg("value", value)
        .arg("range", range)
}

pub(super) fn in_range(field: &str, value: i64, lo: i64, hi: i64) -> Result<i32, Problem> {
    if (lo..=hi).contains(&value) {
        Ok(i32::try_from(value).unwrap_or(0))
    } else {
        Err(out_of_range(field, value, &format!("{lo}–{hi}")))
    }
}

pub(super) fn count(field: &str, value: i64) -> Result<u32, Problem> {
    // A thousand dice is more than any fight on a table.
    let max = i64::from(crate::rules::core::dice::MAX_DICE);
    if (0..=max).contains(&value) {
        Ok(u32::try_from(value).unwrap_or(0))
    } else {
        Err(out_of_range(field, value, &format!("0–{max}")))
    }
}

/// A modifier listed twice is refused, naming the second place: a
/// situation is true or not, and counting it once while the file says it
/// twice would hide a mistake (a player who thought two charges add up).
pub(super) fn once<T: PartialEq + serde::Serialize>(
    field: &str,
    list: &[T],
) -> Result<(), Problem> {
    for (i, m) in list.iter().enumerate() {
        if list[..i].contains(m) {
            let name = serde_json::to_value(m)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            return Err(Problem::new("FILE", "odds.repeated")
                .arg("field", format!("{field}[{i}]"))
                .arg("modifier", name));
        }
    }
    Ok(())
}

pub(super) fn save(field: &str, value: Option<i64>) -> Result<Option<i32>, Problem> {
    value.map(|v| in_range(field, v, 2, 6)).transpose()
}

/// A weapon's own save modifier (CC-12), within the modifiers a weapon may
/// give.
pub(super) fn save_modifier(field: &str, value: Option<i64>) -> Result<Option<i32>, Problem> {
    let (lo, hi) = (SAVE_MODIFIERS.start(), SAVE_MODIFIERS.end());
    value
        .map(|v| in_range(field, v, i64::from(*lo), i64::from(*hi)))
        .transpose()
}

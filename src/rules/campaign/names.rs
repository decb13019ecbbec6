//! The names Muster offers a recruit (CMP-7): a personal name by race for
//! a Rogue Trader character, a rank and a surname for a kill-team soldier,
//! from `assets/names.json`, the first no character of the campaign bears.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::rules::core::names::{Names, name_in};
use crate::rules::killteam::KindId;

/// `assets/names.json`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NameLists {
    /// What the file is, for whoever edits it.
    #[serde(default, rename = "note")]
    _note: String,
    /// Personal names by race id.
    characters: BTreeMap<String, Vec<String>>,
    /// Soldiers' surnames.
    soldiers: Vec<String>,
    /// Each soldier kind's rank, by language.
    ranks: BTreeMap<String, Names>,
    /// The rank of a kind without one.
    default_rank: Names,
}

/// The lists, read once (none if the built-in file does not read: a test
/// keeps it whole).
fn lists() -> &'static NameLists {
    static LISTS: OnceLock<NameLists> = OnceLock::new();
    LISTS.get_or_init(|| {
        serde_json::from_str(include_str!("../../../assets/names.json")).unwrap_or_default()
    })
}

/// A number from `text` that stays the same from run to run and machine to
/// machine (FNV-1a).
fn stable(text: &str) -> usize {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    usize::try_from(hash % 1_000_003).unwrap_or(0)
}

/// Whom a name is for: a character of a race, or a soldier of a kind.
pub enum NameFor<'a> {
    /// A Rogue Trader character of this race id.
    Race(&'a str),
    /// A kill-team soldier of this kind.
    Soldier(&'a KindId),
}

/// The names offered for `who`, in the order they are offered, in the
/// language `lang`: from a place that `seed` (the campaign and the escort)
/// sets, so that two groups are offered different men.
pub fn offered(who: &NameFor<'_>, seed: &str, lang: &str) -> Vec<String> {
    let l = lists();
    let names: Vec<String> = match who {
        NameFor::Race(race) => l.characters.get(*race).cloned().unwrap_or_default(),
        NameFor::Soldier(kind) => {
            let rank = l.ranks.get(kind.as_str()).unwrap_or(&l.default_rank);
            let rank = name_in(rank, lang, "");
            l.soldiers
                .iter()
                .map(|s| format!("{rank} {s}").trim().to_owned())
                .collect()
        }
    };
    if names.is_empty() {
        return names;
    }
    let start = stable(seed) % names.len();
    names[start..]
        .iter()
        .chain(&names[..start])
        .cloned()
        .collect()
}

//! A roster: a named band of characters and how its advance points are
//! shared out (CHR-8 … CHR-10). A roster is a draft: it can always be saved;
//! `validate` lists what breaks the rules.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::characters::{Character, CharacterId};
use crate::rules::core::dice::{MAX_DICE, Roll};
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

/// How a side's advance points are given out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "scheme", rename_all = "snake_case", deny_unknown_fields)]
pub enum PointsScheme {
    /// No limit set by the game master.
    #[default]
    Free,
    /// Fixed allotment (CHR-8): so many heroes with so many points each.
    Fixed {
        /// One entry per hero allowed: the points that hero gets.
        allotments: Vec<u32>,
    },
    /// One pool for the side (CHR-9).
    Pool {
        /// Points in the pool.
        points: u32,
        /// Models in the whole force; limits the number of characters to
        /// 10 % of it (at least one) when not zero.
        force_models: u32,
    },
}

/// A band of characters: the document the roster editor edits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    /// Stable id (also the file name in the library).
    pub id: String,
    /// Shown in the library.
    pub name: String,
    /// Free notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// How points are given out.
    #[serde(default)]
    pub points: PointsScheme,
    /// The characters.
    #[serde(default)]
    pub characters: Vec<Character>,
}

impl Roster {
    /// An empty roster.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            notes: String::new(),
            points: PointsScheme::Free,
            characters: Vec::new(),
        }
    }

    /// The id the next character gets: one above the highest, or the
    /// lowest free id when the highest is the largest possible.
    pub fn next_character_id(&self) -> CharacterId {
        let used: std::collections::BTreeSet<CharacterId> =
            self.characters.iter().map(|c| c.id).collect();
        match used.last() {
            None => 1,
            Some(&max) if max < CharacterId::MAX => max + 1,
            Some(_) => (1..).find(|id| !used.contains(id)).unwrap_or(0),
        }
    }

    /// Gives a new id to each character whose id an earlier one already has
    /// (a hand-edited or merged file), so that each can be edited and removed
    /// alone. Returns the number of characters renumbered.
    pub fn renumber_duplicate_ids(&mut self) -> usize {
        let mut seen = std::collections::BTreeSet::new();
        let mut duplicates = Vec::new();
        for (i, c) in self.characters.iter().enumerate() {
            if !seen.insert(c.id) {
                duplicates.push(i);
            }
        }
        for &i in &duplicates {
            let id = self.next_character_id();
            self.characters[i].id = id;
        }
        duplicates.len()
    }

    /// A character by id.
    pub fn character(&self, id: CharacterId) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }

    /// A character by id, mutably.
    pub fn character_mut(&mut self, id: CharacterId) -> Option<&mut Character> {
        self.characters.iter_mut().find(|c| c.id == id)
    }

    /// Every problem of the roster: its characters' and the points scheme's.
    pub fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        let mut problems: Vec<Problem> = self
            .characters
            .iter()
            .flat_map(|c| c.validate(rules))
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        for c in self.characters.iter() {
            if !seen.insert(c.id) {
                problems.push(
                    Problem::new("FILE", "problem.duplicate_id")
                        .character(&c.name)
                        .arg("id", c.id),
                );
            }
        }
        match &self.points {
            PointsScheme::Free => {}
            PointsScheme::Fixed { allotments } => {
                problems.extend(check_fixed(&self.characters, allotments, rules));
            }
            PointsScheme::Pool {
                points,
                force_models,
            } => problems.extend(check_pool(&self.characters, *points, *force_models, rules)),
        }
        problems
    }
}

/// CHR-8: heroes (characters worth any points) are matched, largest first,
/// to the allotments, largest first; each must fit its allotment.
fn check_fixed(characters: &[Character], allotments: &[u32], rules: &RulesData) -> Vec<Problem> {
    let mut heroes: Vec<(&Character, u32)> = characters
        .iter()
        .map(|c| (c, c.worth(rules)))
        .filter(|(_, w)| *w > 0)
        .collect();
    heroes.sort_by_key(|h| std::cmp::Reverse(h.1));
    let mut slots = allotments.to_vec();
    slots.sort_by(|a, b| b.cmp(a));
    let mut problems = Vec::new();
    if heroes.len() > slots.len() {
        problems.push(
            Problem::new("CHR-8", "problem.too_many_heroes")
                .arg("count", heroes.len())
                .arg("allowed", slots.len()),
        );
    }
    for ((hero, worth), slot) in heroes.iter().zip(slots.iter()) {
        if worth > slot {
            problems.push(
                Problem::new("CHR-8", "problem.above_allotment")
                    .character(&hero.name)
                    .arg("worth", worth)
                    .arg("slot", slot),
            );
        }
    }
    problems
}

/// The most characters a force of `force_models` may have (CHR-9: 10 %, at
/// least one).
pub fn max_characters(force_models: u32) -> u32 {
    (force_models / 10).max(1)
}

/// CHR-9 and CHR-10: the characters' worth must fit in the pool, and their
/// number within 10 % of the force.
fn check_pool(
    characters: &[Character],
    points: u32,
    force_models: u32,
    rules: &RulesData,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let total: u64 = characters.iter().map(|c| u64::from(c.worth(rules))).sum();
    if total > u64::from(points) {
        problems.push(
            Problem::new("CHR-9", "problem.pool_exceeded")
                .arg("total", total)
                .arg("points", points),
        );
    }
    let heroes =
        u32::try_from(characters.iter().filter(|c| c.worth(rules) > 0).count()).unwrap_or(u32::MAX);
    if force_models > 0 && heroes > max_characters(force_models) {
        problems.push(
            Problem::new("CHR-9", "problem.too_many_characters")
                .arg("count", heroes)
                .arg("allowed", max_characters(force_models))
                .arg("force", force_models),
        );
    }
    problems
}

/// Rolls a side's pool (CHR-9): `dice_per_20` D6 per full 20 models;
/// refused beyond `MAX_DICE` dice.
pub fn roll_pool<R: Rng + ?Sized>(
    force_models: u32,
    dice_per_20: u32,
    rng: &mut R,
) -> Result<Roll, Problem> {
    let count = (force_models / 20).saturating_mul(dice_per_20);
    if count > MAX_DICE {
        return Err(Problem::new("CHR-9", "problem.too_many_dice")
            .arg("count", count)
            .arg("max", MAX_DICE));
    }
    Ok(Roll::new(rng, count, 6, 0))
}

//! The characters chapter (CHR-1 … CHR-16): its data (`data`: races, types,
//! the random advance table), equipment and power cards (`equipment`), the
//! roster and its edits (`roster`, `roster_edit`, CHR-8 … CHR-10),
//! characters in units (`units`, CHR-14, CHR-15).
//!
//! Here: profiles under racial maxima and psychic gating (CHR-2 … CHR-7,
//! CHR-16), standard types (CHR-6), random placement (CHR-11), campaign
//! characters (CHR-12, CHR-13).

pub mod data;
pub mod equipment;
pub mod roster;
pub mod roster_edit;
pub mod units;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::characters::equipment::{Gear, GearEdit, PowerCard};
use crate::rules::core::characteristic::{Characteristic, Modifiers, Profile};
use crate::rules::core::dice::Roll;
use crate::rules::core::problem::Problem;
use crate::rules::core::problem::ProblemKind;
use crate::rules::data::RulesData;
use data::Race;

/// Id of a character, unique within its roster.
pub type CharacterId = u64;

/// A character: a race, an optional standard type, psychic or not, and the
/// advance points allotted and spent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// Unique within the roster.
    pub id: CharacterId,
    /// The character's name.
    pub name: String,
    /// Race id (`human`).
    pub race: String,
    /// Standard type id (`champion`, `minor_hero`, `major_hero`), or none
    /// for a trooper or a hero built with advance points alone.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub type_id: Option<String>,
    /// Has psychic powers (CHR-16).
    #[serde(default)]
    pub psychic: bool,
    /// Advance points allotted to this character (CHR-7 … CHR-13).
    #[serde(default)]
    pub advance_points: u32,
    /// Points spent, per characteristic.
    #[serde(default)]
    pub advances: Modifiers,
    /// Free notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Equipment, as the player lists it; the first close-combat weapon is
    /// the one in hand (CC-4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equipment: Vec<Gear>,
    /// Psychic power cards held (CHR-16): only a psyker may hold any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<PowerCard>,
}

fn clamp_chr2(c: Characteristic, v: i32) -> i32 {
    if c.capped_at_ten() { v.min(10) } else { v }
}

/// Base profile of `race` plus the modifiers of the type, each capped at 10
/// except W and A (CHR-6, CHR-2).
pub fn standard_profile(race: &Race, modifiers: &Modifiers) -> Profile {
    let mut p = race.base;
    for c in Characteristic::ALL {
        p.set(
            c,
            clamp_chr2(c, race.base.get(c).saturating_add(modifiers.0.get(c))),
        );
    }
    p
}

/// The maxima of a race (CHR-2 … CHR-4): the major hero's profile, and 10 for
/// the personal characteristics of a psychic.
pub fn maxima(race: &Race, psychic: bool, rules: &RulesData) -> Profile {
    let major = rules
        .maximum_type()
        .map_or(race.base, |t| standard_profile(race, &t.modifiers));
    let mut p = major;
    for c in Characteristic::ALL {
        let v = if c.is_personal() && psychic {
            major.get(c).max(10)
        } else {
            major.get(c)
        };
        p.set(c, clamp_chr2(c, v));
    }
    p
}

/// The rule that sets the maximum of `c`.
fn maximum_rule(c: Characteristic) -> &'static str {
    if c.is_personal() { "CHR-4" } else { "CHR-3" }
}

/// One roll of a random placement (CHR-11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementStep {
    /// The D20 roll.
    pub roll: Roll,
    /// The characteristic the table names for it (`None` only if the table
    /// leaves the face out, which the data check forbids).
    pub names: Option<Characteristic>,
    /// True if it was raised; false if it was at its maximum and the die
    /// was rolled again.
    pub raised: bool,
}

/// What a random placement did, roll by roll (CHR-11).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RandomPlacement {
    /// Every D20 roll, in the order rolled.
    pub steps: Vec<PlacementStep>,
    /// Points placed.
    pub placed: u32,
    /// Points left unspent because every characteristic of the table was at
    /// its maximum (CHR-11 Decision).
    pub unspent: u32,
}

impl Character {
    /// A new character of `race` with no type and no points.
    pub fn new(id: CharacterId, name: impl Into<String>, race: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
            race: race.into(),
            type_id: None,
            psychic: false,
            advance_points: 0,
            advances: Modifiers::default(),
            notes: String::new(),
            equipment: Vec::new(),
            powers: Vec::new(),
        }
    }

    /// The character's race, or a problem if the rules data has none of that id.
    pub fn race<'a>(&self, rules: &'a RulesData) -> Result<&'a Race, Problem> {
        rules.race(&self.race).ok_or_else(|| {
            Problem::new("CHR-1", "problem.unknown_race")
                .character(&self.name)
                .arg("race", &self.race)
        })
    }

    fn type_modifiers(&self, rules: &RulesData) -> Result<Modifiers, Problem> {
        match &self.type_id {
            None => Ok(Modifiers::default()),
            Some(id) => rules
                .character_type(id)
                .map(|t| t.modifiers)
                .ok_or_else(|| {
                    Problem::new("CHR-6", "problem.unknown_type")
                        .character(&self.name)
                        .arg("type", id)
                }),
        }
    }

    /// The profile before advances: race base plus type modifiers (CHR-6).
    pub fn start_profile(&self, rules: &RulesData) -> Result<Profile, Problem> {
        let race = self.race(rules)?;
        Ok(standard_profile(race, &self.type_modifiers(rules)?))
    }

    /// The current profile: start profile plus advances.
    pub fn profile(&self, rules: &RulesData) -> Result<Profile, Problem> {
        let mut p = self.start_profile(rules)?;
        for (c, v) in self.advances.0.iter() {
            p.add(c, v);
        }
        Ok(p)
    }

    /// The maxima for this character's race and psychic state.
    pub fn maxima(&self, rules: &RulesData) -> Result<Profile, Problem> {
        Ok(maxima(self.race(rules)?, self.psychic, rules))
    }

    /// Points spent on advances.
    pub fn points_spent(&self) -> u32 {
        let spent: i64 = self.advances.0.0.iter().map(|&v| i64::from(v.max(0))).sum();
        u32::try_from(spent).unwrap_or(u32::MAX)
    }

    /// Points still to spend (negative when more were spent than allotted).
    pub fn points_left(&self) -> i64 {
        i64::from(self.advance_points) - i64::from(self.points_spent())
    }

    /// What the character is worth in advance points: its type's reference
    /// value plus its own allotment (CHR-10).
    pub fn worth(&self, rules: &RulesData) -> u32 {
        let type_points = self
            .type_id
            .as_deref()
            .and_then(|id| rules.character_type(id))
            .map_or(0, |t| t.advance_points);
        type_points.saturating_add(self.advance_points)
    }

    /// Whether one more point may go into `c` (CHR-7), and why not: a maximum
    /// is named before a lack of points, as it is the lasting reason.
    pub fn can_spend(&self, c: Characteristic, rules: &RulesData) -> Result<(), Problem> {
        if c == Characteristic::M {
            return Err(Problem::new("CHR-3", "problem.m_never_raised")
                .character(&self.name)
                .characteristic(c));
        }
        let current = self.profile(rules)?.get(c);
        let max = self.maxima(rules)?.get(c);
        if current >= max {
            return Err(self.above_maximum(c, max));
        }
        if self.points_left() <= 0 {
            return Err(Problem::new("CHR-7", "problem.no_points_left").character(&self.name));
        }
        Ok(())
    }

    fn above_maximum(&self, c: Characteristic, max: i32) -> Problem {
        let (rule, key) = if c.is_personal() && !self.psychic && max < 10 {
            (maximum_rule(c), "problem.above_major_not_psychic")
        } else if c.capped_at_ten() && max >= 10 {
            ("CHR-2", "problem.above_ten")
        } else {
            (maximum_rule(c), "problem.above_major")
        };
        Problem::new(rule, key)
            .character(&self.name)
            .characteristic(c)
            .arg("max", max)
    }

    /// Spends one advance point on `c` (CHR-7); refused with the rule's reason,
    /// the character unchanged.
    pub fn spend(&mut self, c: Characteristic, rules: &RulesData) -> Result<(), Problem> {
        self.can_spend(c, rules)?;
        self.advances.0.add(c, 1);
        Ok(())
    }

    /// Takes back one point spent on `c`.
    pub fn refund(&mut self, c: Characteristic) -> Result<(), Problem> {
        if self.advances.0.get(c) <= 0 {
            return Err(Problem::new("CHR-7", "problem.nothing_to_refund")
                .character(&self.name)
                .characteristic(c));
        }
        self.advances.0.add(c, -1);
        Ok(())
    }

    /// Every characteristic above its maximum, with the rule broken.
    pub fn check_maxima(&self, rules: &RulesData) -> Result<Vec<Problem>, Problem> {
        let current = self.profile(rules)?;
        let max = self.maxima(rules)?;
        Ok(Characteristic::ALL
            .into_iter()
            .filter(|&c| current.get(c) > max.get(c))
            .map(|c| self.above_maximum(c, max.get(c)))
            .collect())
    }

    /// Gives or takes psychic powers (CHR-16). Taking them away is refused
    /// while personal characteristics are above the non-psychic maximum.
    pub fn set_psychic(&mut self, psychic: bool, rules: &RulesData) -> Result<(), Problem> {
        if !psychic && self.psychic {
            let race = self.race(rules)?;
            let plain = maxima(race, false, rules);
            let current = self.profile(rules)?;
            let above: Vec<&str> = Characteristic::ALL
                .into_iter()
                .filter(|&c| c.is_personal() && current.get(c) > plain.get(c))
                .map(Characteristic::key)
                .collect();
            if !above.is_empty() {
                return Err(Problem::new("CHR-16", "problem.psychic_needed")
                    .character(&self.name)
                    .arg("list", above.join(", ")));
            }
        }
        self.psychic = psychic;
        Ok(())
    }

    /// Applies `edit` to a copy and keeps it only if no maximum is broken:
    /// the character is unchanged when the edit is refused.
    fn edit_within_maxima(
        &mut self,
        rules: &RulesData,
        edit: impl FnOnce(&mut Self),
    ) -> Result<(), Problem> {
        let mut next = self.clone();
        edit(&mut next);
        if let Some(problem) = next.check_maxima(rules)?.into_iter().next() {
            return Err(problem);
        }
        *self = next;
        Ok(())
    }

    /// Changes the standard type; refused if the profile would break a maximum.
    pub fn set_type(&mut self, type_id: Option<String>, rules: &RulesData) -> Result<(), Problem> {
        if let Some(id) = &type_id
            && rules.character_type(id).is_none()
        {
            return Err(Problem::new("CHR-6", "problem.unknown_type")
                .character(&self.name)
                .arg("type", id));
        }
        self.edit_within_maxima(rules, |c| c.type_id = type_id)
    }

    /// Changes the race; refused if the profile would break a maximum.
    pub fn set_race(&mut self, race: &str, rules: &RulesData) -> Result<(), Problem> {
        let race = race.to_owned();
        self.edit_within_maxima(rules, |c| c.race = race)
    }

    /// Sets the allotment; refused below the points already spent.
    pub fn set_advance_points(&mut self, points: u32) -> Result<(), Problem> {
        if points < self.points_spent() {
            return Err(Problem::new("CHR-7", "problem.allotment_below_spent")
                .character(&self.name)
                .arg("spent", self.points_spent()));
        }
        self.advance_points = points;
        Ok(())
    }

    /// Problems of this character alone (CHR-1 … CHR-7), then of his
    /// equipment and powers (CHR-16: powers only for a psyker).
    pub fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        let mut problems = self.validate_profile(rules);
        problems.extend(crate::rules::characters::equipment::check(
            &self.name,
            self.psychic,
            &self.equipment,
            &self.powers,
        ));
        problems
    }

    fn validate_profile(&self, rules: &RulesData) -> Vec<Problem> {
        let mut problems = Vec::new();
        if let Err(p) = self.race(rules) {
            problems.push(p);
            return problems;
        }
        if let Err(p) = self.type_modifiers(rules) {
            problems.push(p);
            return problems;
        }
        if let Some((c, _)) = self.advances.0.iter().find(|&(_, v)| v < 0) {
            problems.push(
                Problem::new("CHR-7", "problem.negative_advance")
                    .character(&self.name)
                    .characteristic(c),
            );
        }
        if self.advances.0.get(Characteristic::M) > 0 {
            problems.push(
                Problem::new("CHR-3", "problem.m_never_raised")
                    .character(&self.name)
                    .characteristic(Characteristic::M),
            );
        }
        match self.check_maxima(rules) {
            Ok(list) => problems.extend(list.into_iter().filter(|p| {
                !(p.characteristic == Some(Characteristic::M) && p.kind == ProblemKind::AboveMajor)
            })),
            Err(p) => problems.push(p),
        }
        if self.points_left() < 0 {
            problems.push(
                Problem::new("CHR-7", "problem.overspent")
                    .character(&self.name)
                    .arg("spent", self.points_spent())
                    .arg("points", self.advance_points),
            );
        }
        problems
    }

    /// Whether a point placed at random can raise anything (CHR-11): some
    /// characteristic the random table names still below its maximum.
    /// None left: the points stay unspent (Decision).
    pub fn has_room_at_random(&self, rules: &RulesData) -> bool {
        (rules.random_advance.entries.iter()).any(|e| self.can_spend(e.raises, rules).is_ok())
    }

    /// Places every remaining point at random with the D20 table (CHR-11):
    /// a result naming a characteristic at its maximum is rerolled; when
    /// nothing on the table can rise any more, the rest is left unspent.
    pub fn place_random<R: Rng + ?Sized>(
        &mut self,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<RandomPlacement, Problem> {
        let table = &rules.random_advance;
        let mut out = RandomPlacement::default();
        // A bound on rerolls in case the table is odd; CHR-11 never needs it
        // because a reroll happens only while some characteristic can rise.
        let mut budget = 10_000_u32;
        while self.points_left() > 0 {
            if !self.has_room_at_random(rules) || budget == 0 {
                break;
            }
            budget -= 1;
            let roll = Roll::new(rng, 1, table.die, 0);
            let face = u32::try_from(roll.total).unwrap_or(0);
            let names = table.lookup(face);
            let raised = match names {
                Some(c) if self.can_spend(c, rules).is_ok() => {
                    self.spend(c, rules)?;
                    out.placed += 1;
                    true
                }
                _ => false,
            };
            out.steps.push(PlacementStep {
                roll,
                names,
                raised,
            });
        }
        out.unspent = u32::try_from(self.points_left().max(0)).unwrap_or(0);
        Ok(out)
    }

    /// Changes his equipment or power cards ([`GearEdit::apply`]): the
    /// roster editor's edit and the campaign's (CHR-16, CC-11, CC-12).
    pub fn edit_gear(&mut self, edit: GearEdit) -> Result<(), Problem> {
        edit.apply(
            &self.name,
            self.psychic,
            &mut self.equipment,
            &mut self.powers,
        )
    }

    /// Rolls for psychic powers with the race's chance (CHR-16): a D100 at or
    /// under the chance gives them. The roll is returned for the log.
    pub fn roll_psychic<R: Rng + ?Sized>(
        &mut self,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<(Roll, bool), Problem> {
        let chance = self.race(rules)?.psychic_chance_percent;
        let roll = Roll::new(rng, 1, 100, 0);
        let gained = u32::try_from(roll.total).unwrap_or(u32::MAX) <= chance;
        if gained {
            self.psychic = true;
        }
        Ok((roll, gained))
    }

    /// After a game (CHR-13): one advance point, unless the character was
    /// wounded or judged unworthy. Returns the points gained.
    pub fn after_game(&mut self, wounded: bool, unworthy: bool) -> u32 {
        if wounded || unworthy {
            return 0;
        }
        self.advance_points = self.advance_points.saturating_add(1);
        1
    }
}

/// A random hero (CHR-10, CHR-11): the type's random points are rolled
/// (`4D6` for a minor hero) and each is placed with the D20 table.
pub fn random_hero<R: Rng + ?Sized>(
    mut character: Character,
    level_type: &str,
    rules: &RulesData,
    rng: &mut R,
) -> Result<(Character, Roll, RandomPlacement), Problem> {
    let t = rules.character_type(level_type).ok_or_else(|| {
        Problem::new("CHR-10", "problem.unknown_type")
            .character(&character.name)
            .arg("type", level_type)
    })?;
    let roll = Roll::new(rng, t.random_points.count, t.random_points.sides, 0);
    character.type_id = None;
    character.advances = Modifiers::default();
    character.advance_points = u32::try_from(roll.total.max(0)).unwrap_or(0);
    let placement = character.place_random(rules, rng)?;
    Ok((character, roll, placement))
}

/// A player's campaign character (CHR-12): base profile plus `1D6-2` points
/// (never below 0) placed at random.
pub fn campaign_character<R: Rng + ?Sized>(
    mut character: Character,
    rules: &RulesData,
    rng: &mut R,
) -> Result<(Character, Roll, RandomPlacement), Problem> {
    character.race(rules)?;
    let roll = Roll::new(rng, 1, 6, -2);
    character.type_id = None;
    character.advances = Modifiers::default();
    character.advance_points = u32::try_from(roll.total.max(0)).unwrap_or(0);
    let placement = character.place_random(rules, rng)?;
    Ok((character, roll, placement))
}

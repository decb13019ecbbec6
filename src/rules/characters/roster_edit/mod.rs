//! The roster as a kind of document: its edits and their pure update.

use rand::Rng;
use serde_json::Value;

use crate::rules::characters::equipment::GearEdit;
use crate::rules::characters::roster::{PointsScheme, Roster, roll_pool};
use crate::rules::characters::{
    Character, CharacterId, RandomPlacement, campaign_character, random_hero,
};
use crate::rules::core::characteristic::Characteristic;
use crate::rules::core::dice::{Roll, RollFor};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{Applied, Document, LineKind, Outcome};

/// An edit of one character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CharacterEdit {
    /// New name.
    Rename(String),
    /// New race id.
    SetRace(String),
    /// New standard type (`None`: no type).
    SetType(Option<String>),
    /// New allotment of advance points.
    SetAdvancePoints(u32),
    /// Spend one point (CHR-7).
    Spend(Characteristic),
    /// Take one point back.
    Refund(Characteristic),
    /// Give or take psychic powers (CHR-16).
    SetPsychic(bool),
    /// Roll for psychic powers with the race's chance (CHR-16).
    RollPsychic,
    /// Place the remaining points at random (CHR-11).
    PlaceRandom,
    /// Roll the points of a standard type's level (CHR-10) as the allotment.
    RollPoints(String),
    /// After a game (CHR-13).
    AfterGame {
        /// Wounded during the game.
        wounded: bool,
        /// Judged unworthy by the game master.
        unworthy: bool,
    },
    /// New notes.
    SetNotes(String),
    /// Change the equipment or the power cards (CHR-16: cards only for a
    /// psyker).
    Gear(GearEdit),
}

/// How a new character is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewCharacter {
    /// The race's trooper, or a standard type (CHR-6).
    Standard {
        /// Race id.
        race: String,
        /// Standard type, if any.
        type_id: Option<String>,
    },
    /// A random hero of a type's level (CHR-10, CHR-11).
    RandomHero {
        /// Race id.
        race: String,
        /// The type whose random points are rolled.
        level: String,
    },
    /// A campaign character (CHR-12).
    Campaign {
        /// Race id.
        race: String,
    },
}

/// An edit of a roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterEdit {
    /// New notes for the roster.
    SetNotes(String),
    /// How the points are given out (CHR-8, CHR-9).
    SetPoints(PointsScheme),
    /// Roll the pool (CHR-9): the force's size and the dice per 20 models.
    RollPool {
        /// Models in the force.
        force_models: u32,
        /// D6 per full 20 models.
        dice_per_20: u32,
    },
    /// A new character, with its name (the caller names it in the user's
    /// language).
    AddCharacter {
        /// The name.
        name: String,
        /// How it is made.
        how: NewCharacter,
    },
    /// Remove a character.
    RemoveCharacter(CharacterId),
    /// Copy a character, under a new name.
    DuplicateCharacter {
        /// The character copied.
        id: CharacterId,
        /// The copy's name.
        name: String,
    },
    /// Edit one character.
    Character(CharacterId, CharacterEdit),
}

/// The D20 rolls of a random placement, for the log (CHR-11): every roll in
/// the order rolled, with what it raised or that it was rolled again.
pub fn placement_msg(placement: &RandomPlacement) -> Msg {
    let rolls: Vec<Msg> = placement
        .steps
        .iter()
        .map(|step| {
            let key = if step.raised {
                "dice.step_raised"
            } else {
                "dice.step_rerolled"
            };
            let msg = Msg::new(key).int("face", step.roll.total);
            // The abbreviation of the reader's language (`CC` in French).
            match step.names {
                Some(c) => msg.key("characteristic", c.abbr_key()),
                None => msg.text("characteristic", "?"),
            }
        })
        .collect();
    let mut msg = Msg::new("dice.placement")
        .list("rolls", rolls)
        .int("placed", placement.placed);
    if placement.unspent > 0 {
        msg = Msg::new("dice.placement_unspent")
            .msg("placement", msg)
            .int("unspent", placement.unspent);
    }
    msg
}

fn placement_rolls(placement: &RandomPlacement) -> impl Iterator<Item = RollFor> + '_ {
    placement.steps.iter().map(|s| RollFor {
        purpose: "dice.for.placement",
        roll: s.roll.clone(),
    })
}

fn refuse_empty_name(name: &str) -> Result<String, Problem> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Problem::new("FILE", "problem.empty_name"));
    }
    Ok(name.to_owned())
}

impl Roster {
    fn add_character<R: Rng + ?Sized>(
        &mut self,
        name: &str,
        how: NewCharacter,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<Outcome, Problem> {
        let cid = self.next_character_id();
        let name = refuse_empty_name(name)?;
        let mut outcome = Outcome::default();
        let character = match how {
            NewCharacter::Standard { race, type_id } => {
                let mut c = Character::new(cid, name, race);
                c.race(rules)?;
                c.set_type(type_id, rules)?;
                c
            }
            NewCharacter::RandomHero { race, level } => {
                let (c, roll, placement) =
                    random_hero(Character::new(cid, name, race), &level, rules, rng)?;
                outcome.rolls.push(RollFor {
                    purpose: "dice.for.hero_points",
                    roll: roll.clone(),
                });
                outcome.rolls.extend(placement_rolls(&placement));
                let msg = Msg::new("dice.random_hero")
                    .text("name", &c.name)
                    .text("roll", roll.to_string())
                    .msg("placement", placement_msg(&placement));
                outcome.lines.push((LineKind::Dice, msg));
                c
            }
            NewCharacter::Campaign { race } => {
                let (c, roll, placement) =
                    campaign_character(Character::new(cid, name, race), rules, rng)?;
                outcome.rolls.push(RollFor {
                    purpose: "dice.for.campaign_points",
                    roll: roll.clone(),
                });
                outcome.rolls.extend(placement_rolls(&placement));
                let msg = Msg::new("dice.campaign")
                    .text("name", &c.name)
                    .text("roll", roll.to_string())
                    .msg("placement", placement_msg(&placement));
                outcome.lines.push((LineKind::Dice, msg));
                c
            }
        };
        self.characters.push(character);
        outcome.created = Some(cid);
        Ok(outcome)
    }
}

fn edit_character<R: Rng + ?Sized>(
    c: &mut Character,
    edit: CharacterEdit,
    rules: &RulesData,
    rng: &mut R,
) -> Result<Outcome, Problem> {
    let none = Ok(Outcome::default());
    match edit {
        CharacterEdit::Rename(name) => {
            c.name = refuse_empty_name(&name)?;
            none
        }
        CharacterEdit::SetRace(race) => c.set_race(&race, rules).and(none),
        CharacterEdit::SetType(t) => c.set_type(t, rules).and(none),
        CharacterEdit::SetAdvancePoints(n) => c.set_advance_points(n).and(none),
        CharacterEdit::Spend(ch) => c.spend(ch, rules).and(none),
        CharacterEdit::Refund(ch) => c.refund(ch).and(none),
        CharacterEdit::SetPsychic(p) => c.set_psychic(p, rules).and(none),
        CharacterEdit::RollPsychic => roll_psychic(c, rules, rng),
        CharacterEdit::PlaceRandom => place_random(c, rules, rng),
        CharacterEdit::RollPoints(level) => roll_points(c, &level, rules, rng),
        CharacterEdit::AfterGame { wounded, unworthy } => {
            let gained = c.after_game(wounded, unworthy);
            let key = if gained > 0 {
                "character.gained_point"
            } else {
                "character.gained_nothing"
            };
            Ok(Outcome::line(
                LineKind::Info,
                Msg::new(key).text("name", &c.name),
            ))
        }
        CharacterEdit::SetNotes(notes) => {
            c.notes = notes;
            none
        }
        CharacterEdit::Gear(e) => c.edit_gear(e).and(none),
    }
}

/// Rolls whether the character is a psyker, by his race's chance.
fn roll_psychic<R: Rng + ?Sized>(
    c: &mut Character,
    rules: &RulesData,
    rng: &mut R,
) -> Result<Outcome, Problem> {
    let chance = c.race(rules)?.psychic_chance_percent;
    let (roll, gained) = c.roll_psychic(rules, rng)?;
    let key = if gained {
        "dice.psychic_yes"
    } else {
        "dice.psychic_no"
    };
    let msg = Msg::new(key)
        .text("name", &c.name)
        .text("roll", roll.to_string())
        .int("chance", chance);
    let mut outcome = Outcome::line(LineKind::Dice, msg);
    outcome.rolls.push(RollFor {
        purpose: "dice.for.psychic",
        roll,
    });
    Ok(outcome)
}

/// Places the character's points at random, every die kept.
fn place_random<R: Rng + ?Sized>(
    c: &mut Character,
    rules: &RulesData,
    rng: &mut R,
) -> Result<Outcome, Problem> {
    let placement = c.place_random(rules, rng)?;
    let msg = Msg::new("dice.place_random")
        .text("name", &c.name)
        .msg("placement", placement_msg(&placement));
    let mut outcome = Outcome::line(LineKind::Dice, msg);
    outcome.rolls.extend(placement_rolls(&placement));
    Ok(outcome)
}

/// Rolls the advance points of a character type (CHR-10): never fewer than
/// the points already spent.
fn roll_points<R: Rng + ?Sized>(
    c: &mut Character,
    level: &str,
    rules: &RulesData,
    rng: &mut R,
) -> Result<Outcome, Problem> {
    let t = rules
        .character_type(level)
        .ok_or_else(|| Problem::new("CHR-10", "problem.unknown_type").arg("type", level))?;
    let roll = Roll::new(rng, t.random_points.count, t.random_points.sides, 0);
    let points = u32::try_from(roll.total.max(0)).unwrap_or(0);
    let spent = c.points_spent();
    c.set_advance_points(points.max(spent))?;
    let mut msg = Msg::new("dice.points")
        .text("name", &c.name)
        .text("roll", roll.to_string());
    if points < spent {
        // Points already spent stay spent: say why the allotment is
        // not what the dice gave.
        msg = Msg::new("dice.points_raised")
            .msg("rolled", msg)
            .text("name", &c.name)
            .int("spent", spent);
    }
    let mut outcome = Outcome::line(LineKind::Dice, msg);
    outcome.rolls.push(RollFor {
        purpose: "dice.for.advance_points",
        roll,
    });
    Ok(outcome)
}

impl Document for Roster {
    const KIND: crate::rules::doc::DocKind = crate::rules::doc::DocKind::Roster;
    type Edit = RosterEdit;

    fn create(id: String, name: String, _rules: &RulesData) -> Self {
        Self::new(id, name)
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn set_name(&mut self, name: String) {
        self.name = name;
    }
    fn summary(&self) -> Msg {
        Msg::new("summary.characters").int("count", self.characters.len())
    }
    fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        Roster::validate(self, rules)
    }
    fn repair(&mut self) -> bool {
        self.renumber_duplicate_ids() > 0
    }

    fn merges(edit: &RosterEdit) -> bool {
        matches!(
            edit,
            RosterEdit::SetPoints(PointsScheme::Pool { .. })
                | RosterEdit::Character(_, CharacterEdit::SetAdvancePoints(_))
        )
    }

    fn edit_subject(&self, edit: &RosterEdit) -> Option<crate::rules::core::names::Names> {
        let id = match edit {
            RosterEdit::RemoveCharacter(id)
            | RosterEdit::DuplicateCharacter { id, .. }
            | RosterEdit::Character(id, _) => *id,
            _ => return None,
        };
        let name = self.character(id)?.name.clone();
        Some(crate::rules::core::names::Names::from([(
            "en".to_owned(),
            name,
        )]))
    }

    fn edit_label(edit: &RosterEdit) -> &'static str {
        match edit {
            RosterEdit::SetNotes(_) => "history.roster_notes",
            RosterEdit::SetPoints(_) => "history.set_points",
            RosterEdit::RollPool { .. } => "history.roll_pool",
            RosterEdit::AddCharacter { .. } => "history.add_character",
            RosterEdit::RemoveCharacter(_) => "history.remove_character",
            RosterEdit::DuplicateCharacter { .. } => "history.duplicate_character",
            RosterEdit::Character(_, e) => match e {
                CharacterEdit::Rename(_) => "history.rename_character",
                CharacterEdit::SetRace(_) => "history.set_race",
                CharacterEdit::SetType(_) => "history.set_type",
                CharacterEdit::SetAdvancePoints(_) => "history.set_points_allotted",
                CharacterEdit::Spend(_) => "history.spend",
                CharacterEdit::Refund(_) => "history.refund",
                CharacterEdit::SetPsychic(_) | CharacterEdit::RollPsychic => "history.psychic",
                CharacterEdit::PlaceRandom => "history.place_random",
                CharacterEdit::RollPoints(_) => "history.roll_points",
                CharacterEdit::AfterGame { .. } => "history.after_game",
                CharacterEdit::SetNotes(_) => "history.notes",
                CharacterEdit::Gear(e) => e.label(),
            },
        }
    }

    fn apply<R: Rng + ?Sized>(
        &self,
        edit: RosterEdit,
        rules: &RulesData,
        rng: &mut R,
    ) -> Applied<Self> {
        let mut r = self.clone();
        let outcome = match edit {
            RosterEdit::SetNotes(notes) => {
                r.notes = notes;
                Outcome::default()
            }
            RosterEdit::SetPoints(scheme) => {
                r.points = scheme;
                Outcome::default()
            }
            RosterEdit::RollPool {
                force_models,
                dice_per_20,
            } => {
                let roll = roll_pool(force_models, dice_per_20, rng)?;
                let points = u32::try_from(roll.total.max(0)).unwrap_or(0);
                r.points = PointsScheme::Pool {
                    points,
                    force_models,
                };
                let mut outcome = Outcome::line(
                    LineKind::Dice,
                    Msg::new("dice.pool").text("roll", roll.to_string()),
                );
                outcome.rolls.push(RollFor {
                    purpose: "dice.for.pool",
                    roll,
                });
                outcome
            }
            RosterEdit::AddCharacter { name, how } => r.add_character(&name, how, rules, rng)?,
            RosterEdit::RemoveCharacter(cid) => {
                r.characters.retain(|c| c.id != cid);
                Outcome::default()
            }
            RosterEdit::DuplicateCharacter { id, name } => {
                let Some(original) = r.character(id).cloned() else {
                    return Err(missing_character(id));
                };
                let copy = Character {
                    id: r.next_character_id(),
                    name: refuse_empty_name(&name)?,
                    ..original
                };
                // The copy is not opened: the player stays on the list.
                r.characters.push(copy);
                Outcome::default()
            }
            RosterEdit::Character(cid, edit) => {
                let Some(c) = r.character_mut(cid) else {
                    return Err(missing_character(cid));
                };
                edit_character(c, edit, rules, rng)?
            }
        };
        Ok((r, outcome))
    }

    fn migrate(from: u64, payload: Value, fallback_id: &str) -> Result<Value, Msg> {
        match from {
            1 => Ok(migrate_v1(payload, fallback_id)),
            _ => Err(Msg::new("doc.no_upgrade").int("from", from)),
        }
    }

    fn is_bare_v1(object: &serde_json::Map<String, Value>) -> bool {
        object.contains_key("characters") && object.contains_key("name")
    }
}

fn missing_character(id: CharacterId) -> Problem {
    Problem::new("FILE", "problem.no_such_character").arg("id", id)
}

/// Schema version 1 (Muster's first format) was the roster object alone,
/// without envelope, with each character's standard type under `kind` and
/// the roster's id missing (the file name was the id).
fn migrate_v1(value: Value, fallback_id: &str) -> Value {
    let mut roster = value;
    if let Some(obj) = roster.as_object_mut() {
        obj.remove("schema_version");
        if !obj.contains_key("id") {
            obj.insert("id".to_owned(), Value::String(fallback_id.to_owned()));
        }
        if let Some(Value::Array(characters)) = obj.get_mut("characters") {
            for c in characters.iter_mut().filter_map(Value::as_object_mut) {
                if let Some(kind) = c.remove("kind")
                    && !kind.is_null()
                {
                    c.insert("type".to_owned(), kind);
                }
            }
        }
    }
    roster
}

#[cfg(test)]
mod tests;

//! A psychic attack rolled: the power test, the hits on a model, a squad
//! or a vehicle, the saves, wounds and penetrations, every die kept with
//! what it was for, and the roll's line in the log.

use rand::Rng;

use super::{AttackOdds, PsychicAttack, VehicleTarget};
use crate::rules::core::dice::{Roll, RollFor};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::psychic::bonus_die;
use crate::rules::psychic::play::{VehicleHits, vehicle_hits};

impl PsychicAttack {
    /// Rolls the attack, every die kept with what it was for.
    pub fn roll<R: Rng + ?Sized>(
        &self,
        rules: &RulesData,
        rng: &mut R,
    ) -> Result<PsychicRoll, Problem> {
        let odds = self.odds(rules)?;
        let mut out = PsychicRoll {
            resisted: false,
            hits: 0,
            wounded: 0,
            saved: 0,
            wounds: 0,
            casualties: 0,
            penetrations: 0,
            location_to_roll: false,
            no_effect_on_vehicle: false,
            rolls: Vec::new(),
        };
        if self.roll_test(rng, &mut out) {
            out.resisted = true;
            return Ok(out);
        }
        if let Some(v) = self.vehicle {
            if !odds.vehicle.as_ref().is_some_and(|x| x.affected) {
                out.no_effect_on_vehicle = true;
                return Ok(out);
            }
            self.roll_on_vehicle(v, rng, &mut out);
            return Ok(out);
        }
        let Some(_) = self.strength else {
            // A power without a Strength: its effect is the failed test.
            return Ok(out);
        };
        self.roll_on_target(&odds, rng, &mut out);
        Ok(out)
    }

    /// The target's test against the power (PSY-5), if it has one: whether it
    /// passed.
    fn roll_test<R: Rng + ?Sized>(&self, rng: &mut R, out: &mut PsychicRoll) -> bool {
        let Some(t) = self.test else {
            return false;
        };
        let r = Roll::new(rng, t.dice, 6, 0);
        let passed = t.passes(&r);
        keep("battle.for.test", r, &mut out.rolls);
        passed
    }

    /// The hits on a vehicle the power affects (PSY-10 … PSY-12): the
    /// locations hit, then each hit's penetration.
    fn roll_on_vehicle<R: Rng + ?Sized>(
        &self,
        v: VehicleTarget,
        rng: &mut R,
        out: &mut PsychicRoll,
    ) {
        let hits = match vehicle_hits(self.kind, v.crossed) {
            VehicleHits::AlongLine { crossed } => line_hits(crossed, rng, &mut out.rolls),
            VehicleHits::RollLocation => {
                out.location_to_roll = true;
                self.hits
            }
            VehicleHits::UnderTemplate => self.hits,
        };
        out.hits = hits;
        if let Some(s) = self.strength {
            for _ in 0..hits {
                if self.roll_penetration(s, v.armour, rng, &mut out.rolls) {
                    out.penetrations += 1;
                }
            }
        }
    }

    /// One hit's penetration roll (PSY-12): damage, a D6 and the bonus die
    /// against the armour.
    fn roll_penetration<R: Rng + ?Sized>(
        &self,
        s: i32,
        armour: i32,
        rng: &mut R,
        rolls: &mut Vec<RollFor>,
    ) -> bool {
        let dmg = keep("battle.for.damage", self.damage.roll(rng, false), rolls);
        let d6 = keep("battle.for.penetration", Roll::new(rng, 1, 6, 0), rolls);
        let bonus = bonus_die(s).map_or(0, |sides| {
            keep("battle.for.bonus_die", Roll::new(rng, 1, sides, 0), rolls)
        });
        s + dmg + d6 + bonus >= armour
    }

    /// The hits on a model or a squad: each allocated, wounded, saved or not,
    /// and its damage (PSY-2 … PSY-4); then the wounds and casualties.
    fn roll_on_target<R: Rng + ?Sized>(
        &self,
        odds: &AttackOdds,
        rng: &mut R,
        out: &mut PsychicRoll,
    ) {
        let squad = self.squad();
        let mut taken = vec![
            0u32;
            if squad {
                self.target.models as usize
            } else {
                1
            }
        ];
        for _ in 0..self.hits {
            out.hits += 1;
            let at = if squad {
                let r = Roll::new(rng, 1, self.target.models, 0);
                let f = keep("battle.for.allocate", r, &mut out.rolls);
                usize::try_from(f - 1).unwrap_or(0)
            } else {
                0
            };
            if let Some(d) = self.roll_hit(odds, rng, out)
                && let Some(t) = taken.get_mut(at)
            {
                *t = t.saturating_add(d);
            }
        }
        let w = self.target.w;
        out.wounds = if squad {
            taken.iter().sum()
        } else {
            taken[0].min(w)
        };
        out.casualties = u32::try_from(taken.iter().filter(|&&t| t >= w).count()).unwrap_or(0);
    }

    /// One hit on a model: to wound, the save and the damage; the wounds of an
    /// unsaved wound, doubled for PSY-4.
    fn roll_hit<R: Rng + ?Sized>(
        &self,
        odds: &AttackOdds,
        rng: &mut R,
        out: &mut PsychicRoll,
    ) -> Option<u32> {
        let wounded = odds.score_to_wound.is_some_and(|score| {
            keep("battle.for.wound", Roll::new(rng, 1, 6, 0), &mut out.rolls)
                >= i32::try_from(score).unwrap_or(7)
        });
        if !wounded {
            return None;
        }
        out.wounded += 1;
        let saved = odds.score_to_save.is_some_and(|score| {
            keep("battle.for.save", Roll::new(rng, 1, 6, 0), &mut out.rolls) >= score
        });
        if saved {
            out.saved += 1;
            return None;
        }
        let d = keep(
            "battle.for.damage",
            self.damage.roll(rng, true),
            &mut out.rolls,
        );
        Some(u32::try_from(d.max(0)).unwrap_or(0) * if self.double { 2 } else { 1 })
    }
}

/// Keeps a roll with what it was for; its total. A fixed number (a
/// power's damage of 1) rolls no die: nothing to show in the log.
fn keep(purpose: &'static str, roll: Roll, rolls: &mut Vec<RollFor>) -> i32 {
    let total = roll.total;
    if !roll.faces.is_empty() {
        rolls.push(RollFor { purpose, roll });
    }
    total
}

/// The locations a line hits on a vehicle (PSY-11): the first, then one more
/// for each further location crossed on a roll that reaches it.
fn line_hits<R: Rng + ?Sized>(crossed: u32, rng: &mut R, rolls: &mut Vec<RollFor>) -> u32 {
    let mut n = 1;
    for _ in 1..crossed {
        let f = keep("battle.for.location", Roll::new(rng, 1, 6, 0), rolls);
        if f >= i32::try_from(crate::rules::psychic::play::LINE_FURTHER_LOCATION).unwrap_or(4) {
            n += 1;
        }
    }
    n
}

/// A psychic attack as rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsychicRoll {
    /// The target passed its test: nothing happens (PSY-5).
    pub resisted: bool,
    /// Hits made (locations hit on a vehicle).
    pub hits: u32,
    /// Hits that wounded.
    pub wounded: u32,
    /// Wounds saved.
    pub saved: u32,
    /// Wounds caused (capped at an individual target's wounds).
    pub wounds: u32,
    /// Models killed.
    pub casualties: u32,
    /// Hits that penetrated a vehicle's armour (PSY-12).
    pub penetrations: u32,
    /// The players roll each hit's location as for shooting (PSY-11).
    pub location_to_roll: bool,
    /// The power does nothing to a vehicle (PSY-10).
    pub no_effect_on_vehicle: bool,
    /// Every die, in order, with what it was for.
    pub rolls: Vec<RollFor>,
}

impl PsychicRoll {
    /// The log line, every die included.
    pub fn msg(&self, attack: &PsychicAttack) -> Msg {
        let dice: Vec<Msg> = crate::rules::core::dice::dice_msgs(&self.rolls);
        let head = if self.resisted {
            Msg::new("battle.psy.rolled.resisted")
        } else if self.no_effect_on_vehicle {
            Msg::new("battle.psy.rolled.no_effect")
        } else if attack.vehicle.is_some() {
            let m = Msg::new("battle.psy.rolled.vehicle")
                .int("hits", self.hits)
                .int("count", self.penetrations);
            if self.location_to_roll {
                Msg::new("battle.psy.rolled.with_location").msg("result", m)
            } else {
                m
            }
        } else if attack.strength.is_none() {
            Msg::new("battle.psy.rolled.affected")
        } else {
            Msg::new("battle.psy.rolled.wounds")
                .int("hits", self.hits)
                .int("wounded", self.wounded)
                .int("saved", self.saved)
                .int("count", self.wounds)
                .int("dead", self.casualties)
        };
        Msg::new("battle.psy.rolled")
            .msg("result", head)
            .list("dice", dice)
    }
}

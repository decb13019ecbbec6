//! The fights set up by hand on the battle screen, each mode's as the
//! players left it (its fighters, their values, the options chosen), and
//! the mode shown: kept with the battle session beside the preferences, so
//! that a restart or a crash finds the fight being set up where it was. A
//! fighter from a roster is kept as the values he was taken with (the
//! scenario carries his profile), whether or not his roster still holds
//! him. The mode whose fight was picked last on a campaign's table is
//! kept here too, as the players set it on top of that fight
//! ([`super::TableFight`]): it is filled in again under that fight, and
//! only while that fight is; a mode picked at a table earlier starts as
//! new. What is the battle's
//! moment rather than its setup (who commands a unit, a flyer in the air
//! or on the ground, a robot's damage) starts as new.

use serde::{Deserialize, Serialize};

use crate::rules::CharRef;
use crate::rules::battle::scenario::{
    CloseCombatScenario, RtShootingScenario, RtWeapon, ShootingScenario,
};
use crate::rules::close_combat::engagement::CcWeapon;
use crate::rules::close_combat::odds::Fighter;
use crate::rules::core::names::Names;
use crate::rules::killteam::Soldier;
use crate::rules::psychic::attack::PsychicAttack;
use crate::rules::robots::{OrderQueue, RobotKindId};

/// Which kind of fight the battle screen shows.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum BattleMode {
    /// A round of close combat (Rogue Trader).
    #[default]
    CloseCombat,
    /// A kill-team shooting attack.
    Shooting,
    /// A Rogue Trader shot.
    RtShot,
    /// A psychic attack.
    Psychic,
    /// A round between two units.
    Units,
    /// Robots: orders, arcs, target checks, damage (ROB-5 … ROB-10).
    Robot,
    /// Flyers: speeds, altitude, ranges, drops, crashes (FLY-1 … FLY-11).
    Flyer,
}

/// The battle screen's fights set up by hand, by mode (none: the mode's
/// fight as new).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandFights {
    /// The mode shown.
    #[serde(default)]
    pub mode: BattleMode,
    /// Our side is the attacker (the first unit); else the defender.
    #[serde(default = "attacking")]
    pub we_attack: bool,
    /// The close-combat round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_combat: Option<HandCloseCombat>,
    /// The Rogue Trader shot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rt_shot: Option<HandRtShot>,
    /// The kill-team shot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shooting: Option<HandShot>,
    /// The psychic attack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub psychic: Option<HandPsychic>,
    /// The round between two units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<HandUnits>,
    /// The robot and its written orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robot: Option<HandRobot>,
    /// The flyer's speeds, level and ranges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flyer: Option<HandFlyer>,
    /// The mode whose fight was picked last on a campaign's table: its
    /// fight here is the one set up on top of that table's fight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_mode: Option<BattleMode>,
}

fn attacking() -> bool {
    true
}

impl Default for HandFights {
    /// Every mode's fight as new, close combat shown, our side attacking.
    fn default() -> Self {
        Self {
            mode: BattleMode::default(),
            we_attack: true,
            close_combat: None,
            rt_shot: None,
            shooting: None,
            psychic: None,
            units: None,
            robot: None,
            flyer: None,
            table_mode: None,
        }
    }
}

impl HandFights {
    /// Without the fight set up on top of a campaign's table's: that mode
    /// as new, as the table's fight is not filled in again.
    pub fn without_table_fight(mut self) -> Self {
        match self.table_mode.take() {
            Some(BattleMode::CloseCombat) => self.close_combat = None,
            Some(BattleMode::Shooting) => self.shooting = None,
            Some(BattleMode::RtShot) => self.rt_shot = None,
            Some(BattleMode::Psychic) => self.psychic = None,
            Some(BattleMode::Units) => self.units = None,
            Some(BattleMode::Robot) => self.robot = None,
            Some(BattleMode::Flyer) => self.flyer = None,
            None => {}
        }
        self
    }
}

/// Who fights whom, as the battle screen names them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HandSides {
    /// The attacker's (shooter's) name.
    pub attacker: String,
    /// The defender's (target's) name.
    pub defender: String,
    /// The attacker is a character (CHR-15).
    pub attacker_character: bool,
    /// The defender is a character (CHR-15).
    pub defender_character: bool,
    /// The campaign character the attacker is, when picked from an escort.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_from: Option<CharRef>,
    /// The campaign character the defender is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_from: Option<CharRef>,
    /// The attacker's name in every language, when the rules data gave it
    /// (a drawn enemy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_names: Option<Names>,
    /// The defender's name in every language, when the rules data gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_names: Option<Names>,
}

/// A close-combat round set up by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandCloseCombat {
    /// Who fights whom.
    pub sides: HandSides,
    /// The attacker's blows.
    pub round: CloseCombatScenario,
    /// The defender strikes back: the whole round (CC-7, CC-13).
    pub strike_back: bool,
    /// What the whole round needs besides the blows.
    pub back: HandBack,
    /// The attacker's weapon in hand (CC-4).
    #[serde(default)]
    pub weapon: CcWeapon,
    /// CC-10's battle setting, switched for the session: ordinary troops
    /// may not try a blow of 7 or more to hit (none: the data's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuse_seven_plus: Option<bool>,
}

/// The values a whole close-combat round needs besides the attacker's
/// blows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandBack {
    /// The attacker's T.
    pub attacker_t: i64,
    /// The attacker's wounds left.
    pub attacker_w: i64,
    /// The attacker's I.
    pub attacker_i: i64,
    /// The attacker's armour save.
    pub attacker_save: Option<i64>,
    /// The defender's S.
    pub defender_s: i64,
    /// The defender's A.
    pub defender_a: i64,
    /// The defender's wounds left.
    pub defender_w: i64,
    /// The defender's I.
    pub defender_i: i64,
}

impl Default for HandBack {
    /// An ordinary man on each side.
    fn default() -> Self {
        Self {
            attacker_t: 3,
            attacker_w: 1,
            attacker_i: 3,
            attacker_save: None,
            defender_s: 3,
            defender_a: 1,
            defender_w: 1,
            defender_i: 3,
        }
    }
}

/// A Rogue Trader shot set up by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandRtShot {
    /// Who shoots whom.
    pub sides: HandSides,
    /// The shot.
    pub shot: RtShootingScenario,
    /// The shooter's weapons that shoot, named, when he was picked.
    #[serde(default)]
    pub weapons: Vec<(String, RtWeapon)>,
    /// The one of them in hand.
    #[serde(default)]
    pub weapon: Option<usize>,
}

/// A kill-team shot set up by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandShot {
    /// Who shoots whom.
    pub sides: HandSides,
    /// The shot.
    pub shot: ShootingScenario,
    /// The shooter as taken from a kill team (none: typed in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shooter: Option<Soldier>,
    /// The target as taken from a kill team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Soldier>,
}

/// A psychic attack set up by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandPsychic {
    /// The attack, its card and its psyker.
    pub attack: PsychicAttack,
    /// The target's name.
    pub target: String,
    /// The target is a character (CHR-15).
    pub target_character: bool,
    /// The campaign character the psyker is, when picked from an escort.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub psyker_from: Option<CharRef>,
    /// The campaign character the target is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_from: Option<CharRef>,
    /// The psyker's name in every language, when the rules data gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub psyker_names: Option<Names>,
    /// The target's name in every language, when the rules data gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_names: Option<Names>,
}

/// A round between two units set up by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandUnits {
    /// The first unit (the attacker).
    pub first: HandUnit,
    /// The second unit.
    pub second: HandUnit,
    /// The fight to the end: rounds at most.
    pub max_rounds: u32,
    /// The fight to the end: trials.
    pub trials: u32,
}

/// A unit set up by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandUnit {
    /// Its name.
    pub name: String,
    /// Its models, front first.
    pub groups: Vec<HandGroup>,
    /// It charged this turn (CC-7, CC-9).
    pub charged: bool,
    /// Its own leader's Ld (0 for none).
    pub ld: i32,
    /// Its own leader's Cl.
    pub cl: i32,
}

/// Models of one profile in a unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandGroup {
    /// Their name.
    pub name: String,
    /// How many.
    pub count: u32,
    /// Their profile, as each fights.
    pub profile: Fighter,
    /// A character (CHR-14, CHR-15).
    pub character: bool,
    /// His Ld, as a character.
    pub ld: i32,
    /// His Cl, as a character.
    pub cl: i32,
    /// The campaign character he is, when taken from an escort.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<CharRef>,
}

/// A robot set up by hand: its kind, its Int, the turn and its written
/// orders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandRobot {
    /// The robot kind, once one is picked.
    pub kind: Option<RobotKindId>,
    /// Its Int.
    pub int: i64,
    /// The turn that just ended.
    pub turn: u32,
    /// Its written orders.
    pub orders: OrderQueue,
    /// The way it faces, in clock hours.
    pub facing: u8,
    /// The weapons fired this turn: (arm, weapon id) (ROB-2).
    #[serde(default)]
    pub firing: Vec<(usize, String)>,
}

/// A flyer set up by hand: its speeds, its level and the ranges of a shot
/// (in inches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandFlyer {
    /// Its highest speed.
    pub max_speed: i64,
    /// Its lowest speed (0: it hovers).
    pub min_speed: i64,
    /// Its acc/dec.
    pub acc_dec: i64,
    /// Its speed now.
    pub speed: i64,
    /// Its level now (0: attack level).
    pub level: i64,
    /// Inches moved this turn.
    pub moved: i64,
    /// The level it goes to this turn.
    pub to_level: i64,
    /// The distance on the ground.
    pub ground: i64,
    /// The other flyer's level (air to air).
    pub other_level: i64,
    /// The weapon's range.
    pub weapon_range: i64,
}

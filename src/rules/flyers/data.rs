//! The flyers chapter's data (`flyers` in `assets/rules/robots_flyers.json`):
//! speeds, levels, ranges, drops, crashes and floors (FLY-1 … FLY-12).
//! Imports nothing of `rules` but `core`.

use serde::{Deserialize, Serialize};

use crate::rules::core::dice::DiceSpec;
use crate::rules::core::problem::Problem;
use crate::rules::core::range::check_range;

/// A die and what is added to it (`D6-3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieRoll {
    /// Faces of the die.
    pub sides: u32,
    /// Added to the face.
    pub modifier: i32,
}

/// The inches added to ranges by altitude (FLY-4 … FLY-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeRules {
    /// FLY-4: added per level when a flyer is shot from the ground.
    pub from_ground_per_level: u32,
    /// FLY-5: levels a flyer shoots the ground from with no addition.
    pub to_ground_free_levels: u32,
    /// FLY-5: added per level above those.
    pub to_ground_per_level: u32,
    /// FLY-5: the additions are cumulative, every level above the free
    /// ones adding its own (Decision: +40 adds 20", as in FLY-6); false,
    /// the first level above them adds one and each level beyond it one
    /// more (« par niveau au delà du +30 »: +40 adds 10", +50 20"). Missing
    /// from a copy written before it: cumulative.
    #[serde(default = "yes")]
    pub to_ground_cumulative: bool,
    /// FLY-6: how many levels lower a target may be with no addition.
    pub air_free_levels_lower: u32,
    /// FLY-6: added per level of difference (higher), or beyond the free
    /// levels (lower).
    pub air_per_level: u32,
}

/// Going to fetch stones (FLY-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatherRules {
    /// Full turns spent away before the first roll.
    pub wait_turns: u32,
    /// Faces of the die rolled at the start of each later turn.
    pub die: u32,
    /// The unit comes back on this face or more.
    pub returns_at: u32,
}

/// Dropping objects (FLY-10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropRules {
    /// The roll from attack level up, one line per level.
    pub by_level: Vec<DieRoll>,
    /// The roll from the levels above those.
    pub higher: DieRoll,
    /// Added to the modifier of `higher` for each level above the first
    /// one it is rolled from (Decision: 0, the D20-1 is the whole roll at
    /// every level; 1 keeps the table's step of one per level, D20 at +40).
    /// Missing from a copy written before it: 0.
    #[serde(default)]
    pub higher_step_per_level: i32,
    /// Stones and bricks: added to the thrower's S per level above attack
    /// level.
    pub stone_strength_per_level: i32,
    /// Fetching stones.
    pub gather: GatherRules,
}

/// Crashes (FLY-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrashRules {
    /// Faces of the damage dice.
    pub damage_sides: u32,
    /// How many damage dice, from attack level up.
    pub dice_by_level: Vec<u32>,
    /// Dice added per level above the table.
    pub extra_dice_per_level: u32,
    /// How far, in inches, the wreck lands.
    pub scatter: DiceSpec,
    /// Faces of the dice of the damage to what it lands on.
    pub impact_sides: u32,
    /// What it lands on takes as many dice as the crash table gives
    /// (Decision: « 1D4 par niveau » counts attack level as one); false, one
    /// die per level above attack level (the table's dice less those of
    /// attack level). Missing from a copy written before it: as the table.
    #[serde(default = "yes")]
    pub impact_dice_as_crash: bool,
}

/// Altitude levels and building floors (FLY-12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FloorRules {
    /// The top floor of each level, from attack level up (the first floor
    /// is the floor above the ground floor).
    pub top_floor_by_level: Vec<u32>,
    /// Floors per level above the table.
    pub floors_per_level_beyond: u32,
}

/// The flyer rules data (`flyers` in `robots_flyers.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlyerRules {
    /// FLY-2: the highest level a flyer may reach (Assumed).
    pub max_level: u32,
    /// FLY-2: inches moved per level climbed.
    pub climb_inches_per_level: u32,
    /// FLY-2: inches moved per level dived.
    pub dive_inches_per_level: u32,
    /// FLY-2: levels a flyer able to hover may change in a turn.
    pub hover_levels_per_turn: u32,
    /// FLY-2: a flyer able to hover has those levels in any turn, having
    /// moved or not (Decision); false, only in a turn it does not move
    /// (« sans se déplacer horizontalement »). Missing from a copy written
    /// before it: in any turn.
    #[serde(default = "yes")]
    pub hover_while_moving: bool,
    /// FLY-1: a flyer slows down by this many times its acc/dec.
    pub deceleration_factor: u32,
    /// FLY-4 … FLY-6.
    pub range: RangeRules,
    /// FLY-10.
    pub drop: DropRules,
    /// FLY-11.
    pub crash: CrashRules,
    /// FLY-10, FLY-11: faces of the die giving a random direction as a
    /// clock bearing.
    pub random_direction_sides: u32,
    /// FLY-12.
    pub floors: FloorRules,
    #[serde(default)]
    note: String,
}

fn yes() -> bool {
    true
}

impl FlyerRules {
    /// Checks every value is in its range, naming the field if not.
    pub fn check(&self) -> Result<(), Problem> {
        let _ = &self.note;
        check_range("flyers.max_level", self.max_level, 1..=100)?;
        check_range(
            "flyers.climb_inches_per_level",
            self.climb_inches_per_level,
            1..=1000,
        )?;
        check_range(
            "flyers.dive_inches_per_level",
            self.dive_inches_per_level,
            1..=1000,
        )?;
        check_range(
            "flyers.hover_levels_per_turn",
            self.hover_levels_per_turn,
            0..=100,
        )?;
        check_range(
            "flyers.deceleration_factor",
            self.deceleration_factor,
            1..=10,
        )?;
        self.range.check()?;
        self.drop.check()?;
        self.crash.check()?;
        check_range(
            "flyers.random_direction_sides",
            self.random_direction_sides,
            1..=360,
        )?;
        self.floors.check()
    }
}

impl RangeRules {
    /// Checks the ranges of FLY-4 … FLY-6.
    fn check(&self) -> Result<(), Problem> {
        check_range(
            "flyers.range.from_ground_per_level",
            self.from_ground_per_level,
            0..=1000,
        )?;
        check_range(
            "flyers.range.to_ground_free_levels",
            self.to_ground_free_levels,
            0..=100,
        )?;
        check_range(
            "flyers.range.to_ground_per_level",
            self.to_ground_per_level,
            0..=1000,
        )?;
        check_range(
            "flyers.range.air_free_levels_lower",
            self.air_free_levels_lower,
            0..=100,
        )?;
        check_range("flyers.range.air_per_level", self.air_per_level, 0..=1000)?;
        Ok(())
    }
}

impl DropRules {
    /// Checks the drops of FLY-10.
    fn check(&self) -> Result<(), Problem> {
        for roll in self.by_level.iter().chain(std::iter::once(&self.higher)) {
            check_range("flyers.drop.sides", roll.sides, 1..=100)?;
            check_range("flyers.drop.modifier", roll.modifier, -100..=100)?;
        }
        check_range(
            "flyers.drop.higher_step_per_level",
            self.higher_step_per_level,
            -10..=10,
        )?;
        check_range(
            "flyers.drop.stone_strength_per_level",
            self.stone_strength_per_level,
            0..=10,
        )?;
        check_range(
            "flyers.drop.gather.wait_turns",
            self.gather.wait_turns,
            0..=100,
        )?;
        check_range("flyers.drop.gather.die", self.gather.die, 1..=100)?;
        check_range(
            "flyers.drop.gather.returns_at",
            self.gather.returns_at,
            1..=self.gather.die,
        )?;
        Ok(())
    }
}

impl CrashRules {
    /// Checks the crashes of FLY-11.
    fn check(&self) -> Result<(), Problem> {
        check_range("flyers.crash.damage_sides", self.damage_sides, 1..=100)?;
        if self.dice_by_level.is_empty() {
            return Err(Problem::new("DATA", "data.no_entry"));
        }
        for &n in &self.dice_by_level {
            check_range("flyers.crash.dice_by_level", n, 1..=100)?;
        }
        check_range(
            "flyers.crash.extra_dice_per_level",
            self.extra_dice_per_level,
            0..=100,
        )?;
        check_range("flyers.crash.scatter.count", self.scatter.count, 1..=100)?;
        check_range("flyers.crash.scatter.sides", self.scatter.sides, 1..=100)?;
        check_range("flyers.crash.impact_sides", self.impact_sides, 1..=100)?;
        Ok(())
    }
}

impl FloorRules {
    /// Checks the floors of FLY-12.
    fn check(&self) -> Result<(), Problem> {
        if self.top_floor_by_level.is_empty() {
            return Err(Problem::new("DATA", "data.no_entry"));
        }
        if self.top_floor_by_level.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Problem::new("DATA", "data.not_increasing")
                .arg("field", "flyers.floors.top_floor_by_level"));
        }
        check_range(
            "flyers.floors.floors_per_level_beyond",
            self.floors_per_level_beyond,
            1..=1000,
        )
    }
}

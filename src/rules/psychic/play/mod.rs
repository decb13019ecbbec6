//! Psychic attacks at the table, the decisions of them: who a shooting-like
//! power hits by its kind (PSY-1), what it may target and how far (PSY-2),
//! units split by a power (PSY-7), lasting powers in play (PSY-8), the
//! casualties of a turn and its morale test (PSY-6, PSY-9), and vehicles
//! (PSY-10, PSY-11). Pure: no dice here but those passed in.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::core::dice::Roll;
use crate::rules::core::problem::Problem;

mod powers;
mod units;

pub use powers::{InPlay, Power, Powers};
pub use units::{MoraleDue, MoraleTurn, Part, PartOrders, Source, SplitUnit};

// ---------------------------------------------------------------- PSY-1

/// How a shooting-like power travels (PSY-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Hits the first model in its path: line of sight needed, any model in
    /// the way is hit instead.
    #[default]
    FirstInPath,
    /// Traces a straight line of the card's length.
    Line,
    /// A template placed within a radius: no line of sight, never blocked.
    Template,
}

/// What the kind of attack asks of the table (PSY-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KindRules {
    /// The psyker must see the target.
    pub needs_line_of_sight: bool,
    /// A model in the path is hit instead of the target.
    pub models_in_path_intercept: bool,
    /// Terrain or models stop it (unless the card says otherwise).
    pub blocked: bool,
    /// Models under it are hit automatically.
    pub automatic_hits: bool,
}

impl AttackKind {
    /// Every kind: in any direction, no fire arc, ignoring the normal
    /// target-selection rule (PSY-1).
    pub const ALL: [Self; 3] = [Self::FirstInPath, Self::Line, Self::Template];

    /// What this kind asks of the table (PSY-1).
    pub fn rules(self) -> KindRules {
        match self {
            Self::FirstInPath => KindRules {
                needs_line_of_sight: true,
                models_in_path_intercept: true,
                blocked: true,
                automatic_hits: false,
            },
            Self::Line | Self::Template => KindRules {
                needs_line_of_sight: false,
                models_in_path_intercept: false,
                blocked: false,
                automatic_hits: true,
            },
        }
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::FirstInPath => "battle.psy.kind.first_in_path",
            Self::Line => "battle.psy.kind.line",
            Self::Template => "battle.psy.kind.template",
        }
    }
}

/// What blocks the psyker's line of sight (PSY-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Obstacle {
    /// A building, a hill or a wood: it blocks.
    Building,
    /// Rocks, a hedge or a wall: it blocks only if taller than the target.
    LowCover {
        /// Taller than the target.
        taller_than_target: bool,
    },
}

/// Whether the psyker sees the target past `obstacles` (PSY-1).
pub fn line_of_sight(obstacles: &[Obstacle]) -> bool {
    obstacles.iter().all(|o| match o {
        Obstacle::Building => false,
        Obstacle::LowCover { taller_than_target } => !taller_than_target,
    })
}

/// The model a "first model in its path" power hits (PSY-1): the first of
/// `in_path` (nearest the psyker first), else the target; without a line of
/// sight it cannot be played.
pub fn first_in_path<T: Copy>(
    target: T,
    in_path: &[T],
    obstacles: &[Obstacle],
) -> Result<T, Problem> {
    if !line_of_sight(obstacles) {
        return Err(Problem::new("PSY-1", "problem.psy_no_line_of_sight"));
    }
    Ok(in_path.first().copied().unwrap_or(target))
}

/// Whether a template's centre may be placed at `centre_distance` from the
/// psyker's base (PSY-1, PSY-2): freely within the power's range.
pub fn template_placed(range: f64, centre_distance: f64) -> bool {
    centre_distance >= 0.0 && centre_distance <= range
}

// ---------------------------------------------------------------- PSY-2

/// Whom a power is aimed at (PSY-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// One model, inside a unit or not.
    #[default]
    Individual,
    /// A whole unit: hits are allocated at random.
    Squad,
}

/// What stands where the power is aimed (PSY-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A unit of troopers.
    Unit,
    /// The leader of a unit, or a character inside it.
    LeaderInUnit,
    /// A lone character or big creature.
    Lone {
        /// Within formation distance of a unit.
        near_unit: bool,
    },
    /// Characters or creatures moving together.
    Group,
    /// A support weapon with its crew.
    SupportWeapon,
    /// A vehicle with its crew and passengers (or, for an individual power,
    /// one of its locations, weapons or crew).
    Vehicle,
}

/// Whether a power of `scope` may be aimed at `target` (PSY-2).
pub fn lawful_target(scope: Scope, target: Target) -> Result<(), Problem> {
    match (scope, target) {
        (Scope::Squad, Target::LeaderInUnit) => {
            Err(Problem::new("PSY-2", "problem.psy_squad_leader"))
        }
        (Scope::Squad, Target::Lone { near_unit: true }) => {
            Err(Problem::new("PSY-2", "problem.psy_squad_lone_near_unit"))
        }
        (Scope::Individual | Scope::Squad, _) => Ok(()),
    }
}

/// Whether a target is in range (PSY-2): `distances` base to base from the
/// psyker (for a squad of psykers, from the member using the power) to each
/// model of the target; one model in range suffices.
pub fn in_range(range: f64, distances: &[f64]) -> bool {
    distances.iter().any(|&d| d <= range)
}

/// Allocates a squad power's `hits` among `models` numbered models, one die
/// of `models` faces a hit (PSY-2); every die is kept. `Err` for no model.
pub fn allocate_hits<R: Rng + ?Sized>(
    rng: &mut R,
    hits: u32,
    models: u32,
) -> Result<Vec<Roll>, Problem> {
    if models == 0 {
        return Err(Problem::new("PSY-2", "problem.empty_unit"));
    }
    Ok((0..hits).map(|_| Roll::new(rng, 1, models, 0)).collect())
}

/// The exact distribution of the models killed in a squad of `models`
/// one-wound models when `wounds` unsaved wounds fall on them at random, one
/// numbered model a wound (PSY-2): a wound on a model already dead is lost.
/// `out[k]`: the chance that `k` models die.
pub fn squad_casualties(models: u32, wounds: &[f64]) -> Vec<f64> {
    let n = usize::try_from(models).unwrap_or(0);
    let mut out = vec![0.0; n + 1];
    if n == 0 {
        out[0] = wounds.iter().sum();
        return out;
    }
    // dead[k] after j wounds.
    let mut dead = vec![0.0; n + 1];
    dead[0] = 1.0;
    let nf = n as f64;
    for (j, &pj) in wounds.iter().enumerate() {
        if j > 0 {
            let mut next = vec![0.0; n + 1];
            for (k, &p) in dead.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let fresh = (n - k) as f64 / nf;
                next[k] += p * (1.0 - fresh);
                if k < n {
                    next[k + 1] += p * fresh;
                }
            }
            dead = next;
        }
        for (k, &p) in dead.iter().enumerate() {
            out[k] += pj * p;
        }
    }
    out
}

// ---------------------------------------------------------------- PSY-10, PSY-11

/// Whether a power affects a vehicle (PSY-10): only one that inflicts hits
/// with a Strength, or whose card says how it affects vehicles; a
/// beneficial power too.
pub fn affects_vehicle(has_strength: bool, card_covers_vehicles: bool) -> bool {
    has_strength || card_covers_vehicles
}

/// How a power's hits fall on a vehicle (PSY-1, PSY-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VehicleHits {
    /// Roll the hit location as for shooting (first model in its path).
    RollLocation,
    /// The first location crossed is hit; each further one on 4+.
    AlongLine {
        /// Locations the line crosses.
        crossed: u32,
    },
    /// The location under the template, as the players place it: no roll.
    UnderTemplate,
}

/// Whether the hit location is rolled (PSY-11): only for "first model in its
/// path" attacks.
pub fn rolls_hit_location(kind: AttackKind) -> bool {
    kind == AttackKind::FirstInPath
}

/// How the hits of a power of `kind` fall on a vehicle (PSY-1, PSY-11).
// Decision: a template hits the location under its centre, as placed: the
// sources say no location is rolled but not which one is hit.
pub fn vehicle_hits(kind: AttackKind, crossed: u32) -> VehicleHits {
    match kind {
        AttackKind::FirstInPath => VehicleHits::RollLocation,
        AttackKind::Line => VehicleHits::AlongLine {
            crossed: crossed.max(1),
        },
        AttackKind::Template => VehicleHits::UnderTemplate,
    }
}

/// The score on a D6 a line needs to hit each location after the first
/// (PSY-1).
pub const LINE_FURTHER_LOCATION: u32 = 4;

/// The distribution of the locations a line hits (PSY-1): the first
/// automatically, each further one crossed on 4+.
pub fn line_locations(crossed: u32) -> Vec<f64> {
    if crossed == 0 {
        return vec![1.0];
    }
    let further = crossed.saturating_sub(1);
    let p = f64::from(7 - LINE_FURTHER_LOCATION) / 6.0;
    let b = crate::rules::core::dist::binomial(further, p);
    let mut out = vec![0.0; b.len() + 1];
    for (k, q) in b.into_iter().enumerate() {
        out[k + 1] = q;
    }
    out
}

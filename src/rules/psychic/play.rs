//! Psychic attacks at the table, the decisions of them: who a shooting-like
//! power hits by its kind (PSY-1), what it may target and how far (PSY-2),
//! units split by a power (PSY-7), lasting powers in play (PSY-8), the
//! casualties of a turn and its morale test (PSY-6, PSY-9), and vehicles
//! (PSY-10, PSY-11). Pure: no dice here but those passed in.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::rules::core::dice::Roll;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;

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

// ---------------------------------------------------------------- PSY-6, PSY-9

/// Where a unit's casualties came from in a turn (PSY-6, PSY-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Shooting.
    Shooting,
    /// Close combat blows.
    CloseCombat,
    /// A psychic power, in close combat or not.
    Psychic {
        /// Used in close combat (PSY-9: still counted).
        in_close_combat: bool,
    },
}

/// A unit's turn, for its casualty morale test (PSY-6, PSY-9).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoraleTurn {
    /// Models at the start of the turn.
    pub at_start: u32,
    /// Casualties this turn, whatever their source.
    pub casualties: u32,
    /// The casualty test was taken this turn.
    pub tested: bool,
}

/// Why a morale test is due (PSY-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleDue {
    /// No test.
    None,
    /// A quarter of the unit (the data's percent) lost this turn.
    Casualties,
    /// A power forces it, whatever was tested before.
    ForcedByPower,
}

impl MoraleTurn {
    /// A turn starting with `models`.
    pub fn new(models: u32) -> Self {
        Self {
            at_start: models,
            casualties: 0,
            tested: false,
        }
    }

    /// Records casualties from any source: shooting, close combat and
    /// psychic powers, in close combat too, all count (PSY-6, PSY-9).
    pub fn record(&mut self, source: Source, casualties: u32) {
        match source {
            Source::Shooting | Source::CloseCombat | Source::Psychic { .. } => {
                self.casualties = self.casualties.saturating_add(casualties);
            }
        }
    }

    /// Whether a casualty test is due now (PSY-6): the data's percent of the
    /// unit at the start of the turn, at most one such test a turn.
    pub fn casualty_test_due(&self, rules: &RulesData) -> bool {
        !self.tested && crate::rules::psychic::casualty_test(rules, self.at_start, self.casualties)
    }

    /// Takes the test that is due, if any; a power forcing a test forces it
    /// even when the unit already tested this turn (PSY-6).
    pub fn take(&mut self, rules: &RulesData, forced_by_power: bool) -> MoraleDue {
        if forced_by_power {
            return MoraleDue::ForcedByPower;
        }
        if self.casualty_test_due(rules) {
            self.tested = true;
            MoraleDue::Casualties
        } else {
            MoraleDue::None
        }
    }
}

// ---------------------------------------------------------------- PSY-7

/// Which part of a split unit (PSY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// The part with the unit's leader or, without him, the first part.
    Main,
    /// The part split off.
    Other,
}

/// A unit split in two by a power (PSY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitUnit {
    /// Models of the main part.
    pub main: u32,
    /// Models of the part split off.
    pub other: u32,
    /// The power still holds them apart.
    pub held: bool,
}

/// What a part of a split unit may do (PSY-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PartOrders {
    /// It acts as a unit of its own.
    pub acts_alone: bool,
    /// It must move to rejoin the other part as soon as possible.
    pub must_rejoin: bool,
    /// It may charge.
    pub may_charge: bool,
    /// It may pursue into close combat.
    pub may_pursue: bool,
}

impl SplitUnit {
    /// Splits `models` leaving `split_off` in the other part.
    pub fn split(models: u32, split_off: u32) -> Result<Self, Problem> {
        if split_off == 0 || split_off >= models {
            return Err(Problem::new("PSY-7", "problem.psy_split_sizes")
                .arg("models", models)
                .arg("split", split_off));
        }
        Ok(Self {
            main: models - split_off,
            other: split_off,
            held: true,
        })
    }

    /// The power lets them go.
    pub fn free(&mut self) {
        self.held = false;
    }

    /// Casualties in one part.
    pub fn lose(&mut self, part: Part, models: u32) {
        match part {
            Part::Main => self.main = self.main.saturating_sub(models),
            Part::Other => self.other = self.other.saturating_sub(models),
        }
    }

    /// The smaller part, which must rejoin once freed (PSY-7).
    // Decision: of two equal parts, the one split off rejoins the other.
    pub fn smaller(&self) -> Part {
        if self.main < self.other {
            Part::Main
        } else {
            Part::Other
        }
    }

    /// What `part` may do now (PSY-7): while held, two units; once freed,
    /// the smaller part must rejoin, with no charge and no pursuit into
    /// combat meanwhile; the larger part acts freely.
    pub fn orders(&self, part: Part) -> PartOrders {
        let rejoining = !self.held && self.smaller() == part;
        PartOrders {
            acts_alone: true,
            must_rejoin: rejoining,
            may_charge: !rejoining,
            may_pursue: !rejoining,
        }
    }

    /// The parts merge again once within formation distance after being
    /// freed (PSY-7): the models of the merged unit, or the reason it cannot.
    pub fn merge(&self, within_formation: bool) -> Result<u32, Problem> {
        if self.held {
            return Err(Problem::new("PSY-7", "problem.psy_split_held"));
        }
        if !within_formation {
            return Err(Problem::new("PSY-7", "problem.psy_split_apart"));
        }
        Ok(self.main + self.other)
    }
}

// ---------------------------------------------------------------- PSY-8

/// A power in play (PSY-8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    /// The card's name.
    pub power: String,
    /// The psyker who played it.
    pub psyker: String,
    /// The psychic phase it was played in.
    pub phase: u32,
    /// A lasting power; otherwise it lasts until the next psychic phase.
    pub lasting: bool,
    /// It ends when its psyker dies (most do).
    pub ends_with_psyker: bool,
}

/// A power to play (PSY-8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    /// The card's name.
    pub power: String,
    /// The psyker playing it.
    pub psyker: String,
    /// A lasting power (stays until cancelled or ended).
    pub lasting: bool,
    /// It ends when its psyker dies.
    pub ends_with_psyker: bool,
}

/// The powers in play at a battle (PSY-8), phase by phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Powers {
    /// The psychic phase now (the first is 1).
    pub phase: u32,
    /// Every power in play, oldest first.
    pub in_play: Vec<InPlay>,
    /// Cards ended by their psyker this phase: not to be played again
    /// before the next one.
    pub ended_this_phase: Vec<String>,
    /// Psykers who ended a power this phase, instead of playing one.
    pub ended_by_this_phase: Vec<String>,
    /// Psykers who played a power this phase.
    pub played_this_phase: Vec<String>,
}

impl Powers {
    /// A battle before its first psychic phase.
    pub fn new() -> Self {
        Self {
            phase: 1,
            ..Self::default()
        }
    }

    /// Whether the card of this name is in play.
    pub fn in_play(&self, power: &str) -> bool {
        self.in_play.iter().any(|p| p.power == power)
    }

    /// Whether `power` may be played now (PSY-8): not while its card is in
    /// play, not in the phase its psyker ended it, and not by a psyker who
    /// ended a power this phase instead of playing one.
    pub fn can_play(&self, power: &Power) -> Result<(), Problem> {
        if power.power.trim().is_empty() {
            return Err(Problem::new("PSY-8", "problem.psy_power_unnamed"));
        }
        if self.in_play(&power.power) {
            return Err(Problem::new("PSY-8", "problem.psy_in_play").arg("power", &power.power));
        }
        if self.ended_this_phase.contains(&power.power) {
            return Err(
                Problem::new("PSY-8", "problem.psy_ended_this_phase").arg("power", &power.power)
            );
        }
        if self.ended_by_this_phase.contains(&power.psyker) {
            return Err(
                Problem::new("PSY-8", "problem.psy_ended_instead").arg("psyker", &power.psyker)
            );
        }
        Ok(())
    }

    /// Plays `power` (PSY-8).
    pub fn play(&mut self, power: &Power) -> Result<(), Problem> {
        self.can_play(power)?;
        self.in_play.push(InPlay {
            power: power.power.clone(),
            psyker: power.psyker.clone(),
            phase: self.phase,
            lasting: power.lasting,
            ends_with_psyker: power.ends_with_psyker,
        });
        self.played_this_phase.push(power.psyker.clone());
        Ok(())
    }

    /// Whether the psyker may end `power` now (PSY-8): his own lasting power,
    /// in a later psychic phase than the one it was played in, instead of
    /// playing a power this phase.
    pub fn can_end(&self, power: &str, psyker: &str) -> Result<(), Problem> {
        let Some(p) = self.in_play.iter().find(|p| p.power == power) else {
            return Err(Problem::new("PSY-8", "problem.psy_not_in_play").arg("power", power));
        };
        if p.psyker != psyker {
            return Err(Problem::new("PSY-8", "problem.psy_not_his")
                .arg("power", power)
                .arg("psyker", psyker));
        }
        if p.phase == self.phase {
            return Err(Problem::new("PSY-8", "problem.psy_same_phase").arg("power", power));
        }
        if self.played_this_phase.iter().any(|x| x == psyker) {
            return Err(Problem::new("PSY-8", "problem.psy_played_instead").arg("psyker", psyker));
        }
        Ok(())
    }

    /// The psyker ends his lasting power (PSY-8): the card cannot be played
    /// again before the next psychic phase.
    pub fn end(&mut self, power: &str, psyker: &str) -> Result<(), Problem> {
        self.can_end(power, psyker)?;
        self.in_play.retain(|p| p.power != power);
        self.ended_this_phase.push(power.to_owned());
        self.ended_by_this_phase.push(psyker.to_owned());
        Ok(())
    }

    /// Another card or rule cancels a power in play (PSY-8): at any time.
    pub fn cancel(&mut self, power: &str) -> Result<(), Problem> {
        if !self.in_play(power) {
            return Err(Problem::new("PSY-8", "problem.psy_not_in_play").arg("power", power));
        }
        self.in_play.retain(|p| p.power != power);
        Ok(())
    }

    /// The psyker dies: his powers that end with him end (PSY-8). Returns
    /// the powers ended.
    pub fn psyker_died(&mut self, psyker: &str) -> Vec<String> {
        let ended: Vec<String> = self
            .in_play
            .iter()
            .filter(|p| p.psyker == psyker && p.ends_with_psyker)
            .map(|p| p.power.clone())
            .collect();
        self.in_play
            .retain(|p| !(p.psyker == psyker && p.ends_with_psyker));
        ended
    }

    /// A new psychic phase begins, after the warp cards are dealt (PSY-8):
    /// powers lasting "until the next psychic phase" end; the lasting ones
    /// stay, and their per-phase effects apply now, in the order returned.
    pub fn next_phase(&mut self) -> Vec<InPlay> {
        self.phase = self.phase.saturating_add(1);
        self.in_play.retain(|p| p.lasting);
        self.ended_this_phase.clear();
        self.ended_by_this_phase.clear();
        self.played_this_phase.clear();
        self.in_play.clone()
    }
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

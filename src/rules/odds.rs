//! Exact odds before rolling: one attack's chances to hit, to wound and to
//! get through the save, and the distribution of the wounds of the whole
//! attack, for a round of close combat (CC-8 … CC-12) and for kill-team
//! shooting (KT-12, KT-13, KT-16). Every number comes from the rules data.

use serde::{Deserialize, Serialize};

use super::core::dist::{Dist, add, binomial, d6_at_least, dice_at_least, fixed};
use super::core::problem::Problem;
use super::data::RulesData;
pub use super::killteam::data::KtModifier;
use super::killteam::data::{Band, Shooting};

/// The odds of one attack and of the whole attack.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    /// The chance that one attack hits.
    pub hit: f64,
    /// The chance that a hit wounds.
    pub wound: f64,
    /// The chance that one attack ends as an unsaved wound.
    pub unsaved: f64,
    /// Attacks made.
    pub attacks: u32,
    /// `wounds[k]`: the chance that the whole attack causes exactly `k`
    /// wounds (damage points in kill team).
    pub wounds: Vec<f64>,
    /// The score needed to hit, after modifiers (1: automatic); `None`: the
    /// attack cannot be made.
    pub score_to_hit: Option<i32>,
    /// The score needed to wound; `None`: it cannot wound.
    pub score_to_wound: Option<i32>,
    /// The score needed to save; `None`: no save.
    pub score_to_save: Option<i32>,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    pub save_dice: u32,
    /// A hit needs a 7 or more: the game master must consent (CC-10).
    pub needs_consent: bool,
}

/// A close-combat blow's situation (CC-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CcModifier {
    /// +2.
    Frenzied,
    /// Charged into combat this turn: +1.
    Charging,
    /// Higher position: +1.
    HigherPosition,
    /// Pushed the opponent back last round: +1.
    FollowedUp,
    /// The enemy is behind a defended obstacle: -1.
    DefendedObstacle,
    /// Using more than one weapon at once: -1 on every attack (CC-5).
    TwoWeapons,
    /// A weapon in the wrong hand: -1.
    WrongHand,
    /// An improvised weapon: -2.
    Improvised,
}

impl CcModifier {
    /// What it adds to the die (CC-9).
    pub fn value(self) -> i32 {
        match self {
            Self::Frenzied => 2,
            Self::Charging | Self::HigherPosition | Self::FollowedUp => 1,
            Self::DefendedObstacle | Self::TwoWeapons | Self::WrongHand => -1,
            Self::Improvised => -2,
        }
    }
}

/// The chance to hit with a score needed of `score` (CC-10): never below 2;
/// 7, 8 and 9 need a 6 and then 4+, 5+ or 6+ on a second die; 10 or more
/// cannot hit.
pub fn cc_hit_chance(score: i32) -> f64 {
    match score {
        i32::MIN..=6 => d6_at_least(score.max(2)),
        7..=9 => (1.0 / 6.0) * d6_at_least(score - 3),
        _ => 0.0,
    }
}

/// The score a blow needs to hit (CC-8 … CC-10): the WS table's, less the
/// situation's modifiers, never under 2; 7 or more takes the second die.
pub fn cc_hit_score(
    rules: &RulesData,
    attacker_ws: i32,
    defender_ws: i32,
    modifiers: &[CcModifier],
    helpless: bool,
) -> Result<i32, Problem> {
    let defender_ws = if helpless { 1 } else { defender_ws };
    let table = rules
        .to_hit(attacker_ws, defender_ws)
        .ok_or_else(|| Problem::new("CC-8", "odds.no_score"))?;
    let table = i32::try_from(table).unwrap_or(i32::MAX);
    // A situation counts once, however often it is listed.
    let bonus: i32 = modifiers
        .iter()
        .enumerate()
        .filter(|(i, m)| !modifiers[..*i].contains(m))
        .map(|(_, m)| m.value())
        .sum();
    // CC-10: no modifier takes the score under 2.
    Ok((table - bonus).max(2))
}

/// CC-10's battle setting: a blow that needs 7 or more to hit needs the
/// game master's consent. With `refuse_troops` on (its default is in
/// `close_combat.json`), an ordinary fighter is refused it; a character
/// may still try. The reason, when refused.
pub fn consent_refusal(
    rules: &RulesData,
    attacker_ws: i32,
    defender_ws: i32,
    modifiers: &[CcModifier],
    helpless: bool,
    character: bool,
    refuse_troops: bool,
) -> Option<Problem> {
    let score = cc_hit_score(rules, attacker_ws, defender_ws, modifiers, helpless).ok()?;
    let needs = (7..rules.close_combat.limits.cannot_hit_from).contains(&score);
    (needs && refuse_troops && !character)
        .then(|| Problem::new("CC-10", "battle.problem.no_consent").arg("score", score))
}

/// One round of one attacker's blows against one defender (CC-8 … CC-12):
/// `a` blows of one weapon, each unsaved wound 1.
#[allow(clippy::too_many_arguments)]
pub fn close_combat(
    rules: &RulesData,
    attacker_ws: i32,
    strength: i32,
    weapon_s: Option<i32>,
    blows: u32,
    defender_ws: i32,
    toughness: i32,
    save: Option<i32>,
    modifiers: &[CcModifier],
    helpless: bool,
) -> Result<Odds, Problem> {
    let score = cc_hit_score(rules, attacker_ws, defender_ws, modifiers, helpless)?;
    // CC-10 Decision (data): from this score no blow hits.
    let limits = &rules.close_combat.limits;
    let hit = if score >= limits.cannot_hit_from {
        0.0
    } else {
        cc_hit_chance(score)
    };
    // CC-11: the higher of the weapon's and the creature's S.
    let s = weapon_s.map_or(strength, |w| w.max(strength));
    let to_wound = rules
        .to_wound(s, toughness)
        .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    let wound = to_wound.map_or(0.0, d6_at_least);
    // CC-12: the save, worsened by the blow's S; from the data's score
    // (Decision: 7+) it is lost.
    let to_save = save
        .map(|sv| sv - rules.save_modifier(s))
        .filter(|&t| t < limits.save_lost_from);
    let saved = to_save.map_or(0.0, |t| d6_at_least(t.max(2)));
    let unsaved = hit * wound * (1.0 - saved);
    Ok(Odds {
        hit,
        wound,
        unsaved,
        attacks: blows,
        wounds: binomial(blows, unsaved),
        score_to_hit: (score < limits.cannot_hit_from).then_some(score),
        score_to_wound: to_wound,
        score_to_save: to_save.map(|t| t.max(2)),
        save_dice: 1,
        needs_consent: (7..limits.cannot_hit_from).contains(&score),
    })
}

/// The class of a kill-team shot (KT-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotClass {
    /// Most weapons.
    Normal,
    /// A sniper (EQ-2).
    Sniper,
    /// An indirect weapon.
    Indirect,
}

/// The band a range falls in (KT-12): `Err` when out of range.
fn band(bands: &[Band], range_inches: u32) -> Option<Band> {
    bands
        .iter()
        .find(|b| b.up_to.is_none_or(|up| range_inches <= up))
        .copied()
}

/// The score needed to wound in kill team (KT-16).
pub fn kt_wound_score(shooting: &Shooting, s: i32, t: i32) -> i32 {
    let w = shooting.wound_scores;
    if s >= 2 * t {
        w.double
    } else if s > t {
        w.greater
    } else if s == t {
        w.equal
    } else if 2 * s <= t {
        w.half
    } else {
        w.less
    }
}

/// What cover and the target's position add to its save (KT-7, KT-9,
/// KT-16, EQ-16, EQ-17): the cover bonus, with `cloak` for a cloak (EQ-16),
/// worsened from above (KT-7) and by an auspex in range (EQ-17) but never
/// below nothing, plus lying prone (in cover or not).
pub fn cover_bonus(
    shooting: &Shooting,
    range_inches: u32,
    cover: bool,
    cloak: i32,
    modifiers: &[KtModifier],
) -> i32 {
    let has = |x: KtModifier| modifiers.contains(&x);
    let c = &shooting.cover;
    let mut bonus = 0;
    if cover {
        bonus = shooting.cover_bonus;
        if has(KtModifier::HigherPosition) {
            bonus += c.higher_position;
        }
        if has(KtModifier::Auspex) && range_inches <= c.auspex_range_inches {
            bonus += c.auspex;
        }
        // EQ-16: the cloak adds to the cover (none in the open).
        if has(KtModifier::Cloak) {
            bonus += cloak;
        }
        bonus = bonus.max(0);
    }
    if has(KtModifier::Prone) {
        bonus += if cover {
            c.prone_in_cover
        } else {
            c.prone_in_open
        };
    }
    bonus
}

/// One kill-team shooting attack (KT-12, KT-13, KT-16): `shots` shots of
/// strength `s`, AP `ap` and `damage` each, at `range_inches`; a save on
/// one die, cover counted, no cap on the damage.
#[allow(clippy::too_many_arguments)]
pub fn killteam_shooting(
    rules: &RulesData,
    class: ShotClass,
    range_inches: u32,
    shots: u32,
    s: i32,
    ap: i32,
    damage: u32,
    toughness: i32,
    save: Option<i32>,
    cover: bool,
    modifiers: &[KtModifier],
) -> Result<Odds, Problem> {
    killteam_attack(
        rules,
        &KtShot {
            class,
            range_inches,
            shots: fixed(shots),
            s,
            ap,
            damage: fixed(damage),
            toughness,
            save,
            save_dice: 1,
            cover,
            flame: false,
            modifiers: modifiers.to_vec(),
            wounds_left: None,
        },
    )
}

/// A kill-team shot with everything the rules look at: dice for the shots
/// and for the damage, a save on more than one die, a flame weapon, the
/// target's wounds left.
#[derive(Clone, Debug, PartialEq)]
pub struct KtShot {
    /// Normal, sniper or indirect (KT-12).
    pub class: ShotClass,
    /// The range in inches.
    pub range_inches: u32,
    /// `shots[n]`: the chance of exactly `n` shots (one entry for a fixed
    /// number: `core::dist::fixed`).
    pub shots: Dist,
    /// Strength.
    pub s: i32,
    /// Armour penetration (0, -1 …).
    pub ap: i32,
    /// `damage[d]`: the chance that an unsaved wound does `d` damage.
    pub damage: Dist,
    /// The target's T.
    pub toughness: i32,
    /// The target's save (4: 4+), or none.
    pub save: Option<i32>,
    /// The dice the save is rolled on, added (2 for a Terminator, KT-19).
    pub save_dice: u32,
    /// The target is in cover.
    pub cover: bool,
    /// A flame weapon: it ignores cover (KT-15).
    pub flame: bool,
    /// The situation (KT-13, KT-7, KT-9, EQ-17 …).
    pub modifiers: Vec<KtModifier>,
    /// The target's wounds left: damage beyond them is lost.
    pub wounds_left: Option<u32>,
}

/// The score needed to save on `dice` dice added, or `None` when it cannot
/// be made (KT-16, KT-19): a score above the highest total is lost; the
/// lowest total (a 1 on one die, a double 1 on 2D6) fails as the data's
/// limits say.
pub fn kt_save_score(rules: &RulesData, score: i32, dice: u32) -> Option<i32> {
    rules.killteam.limits.save_score(score, dice)
}

/// One kill-team shooting attack, exactly (KT-12, KT-13, KT-15, KT-16,
/// KT-19): the number of shots as rolled, each shot's hit, wound and save,
/// each unsaved wound's damage as rolled; a flame weapon ignores cover; the
/// total never more than the target's wounds left.
pub fn killteam_attack(rules: &RulesData, shot: &KtShot) -> Result<Odds, Problem> {
    let shooting = &rules.killteam.shooting;
    let bands = match shot.class {
        ShotClass::Normal => &shooting.bands.normal,
        ShotClass::Sniper => &shooting.bands.sniper,
        ShotClass::Indirect => &shooting.bands.indirect,
    };
    let modifiers = &shot.modifiers[..];
    let base = band(bands, shot.range_inches).and_then(|b| b.score);
    let has = |x: KtModifier| modifiers.contains(&x);
    let snap = has(KtModifier::SnapFire);
    let m = shooting.modifiers;
    // EQ-18: night vision cancels the night, EQ-1: a torch within its
    // range too; EQ-19: a gas mask cancels smoke and flash grenades.
    let torch =
        has(KtModifier::Torch) && shot.range_inches <= rules.killteam.gear.torch_range_inches;
    let change: i32 = modifiers
        .iter()
        .enumerate()
        // A situation counts once, however often it is listed.
        .filter(|(i, x)| !modifiers[..*i].contains(x))
        .map(|(_, x)| match x {
            KtModifier::Night if has(KtModifier::NightVision) || torch => 0,
            KtModifier::Smoke | KtModifier::Flash if has(KtModifier::GasMask) => 0,
            KtModifier::Night => m.night,
            KtModifier::Sight => m.sight,
            KtModifier::Marksman => m.marksman,
            KtModifier::Vox => m.vox,
            KtModifier::Sling => m.sling,
            KtModifier::Smoke => m.smoke,
            KtModifier::Flash => m.flash,
            KtModifier::AssaultMoving => m.assault_moving,
            KtModifier::SnapFire
            | KtModifier::HigherPosition
            | KtModifier::Prone
            | KtModifier::Auspex
            | KtModifier::NightVision
            | KtModifier::GasMask
            | KtModifier::Torch
            | KtModifier::Cloak => 0,
        })
        .sum();
    // Snap fire needs a 6 before modifiers; 1 or less hits automatically;
    // from the data's limit (Decision: 7) it cannot hit (KT-13).
    let score = base.map(|b| if snap { shooting.snap_fire_score.max(b) } else { b } + change);
    let cannot = rules.killteam.limits.cannot_hit_from;
    let hit = score.map_or(0.0, |sc| if sc >= cannot { 0.0 } else { d6_at_least(sc) });
    let to_wound = kt_wound_score(shooting, shot.s, shot.toughness);
    let wound = d6_at_least(to_wound);
    // KT-15: a flame weapon ignores cover: the target counts as in the
    // open (a prone target keeps what lying in the open gives).
    let cover = shot.cover && !shot.flame;
    // KT-16: AP worsens the save, cover improves it; the lowest roll always
    // fails; KT-19: a Terminator rolls it on 2D6.
    let to_save = shot.save.and_then(|sv| {
        kt_save_score(
            rules,
            sv - shot.ap
                - cover_bonus(
                    shooting,
                    shot.range_inches,
                    cover,
                    rules.killteam.gear.cloak_cover,
                    modifiers,
                ),
            shot.save_dice,
        )
    });
    let saved = to_save.map_or(0.0, |t| dice_at_least(t, shot.save_dice));
    let unsaved = hit * wound * (1.0 - saved);
    // One shot's damage: none, or one roll of the damage.
    let mut one = vec![1.0 - unsaved];
    one.resize(shot.damage.len().max(1), 0.0);
    for (d, &p) in shot.damage.iter().enumerate() {
        one[d] += unsaved * p;
    }
    // The whole attack: each number of shots by its chance.
    let mut wounds = vec![0.0];
    let mut n_shots = fixed(0);
    for (n, &p) in shot.shots.iter().enumerate() {
        if n > 0 {
            n_shots = add(&n_shots, &one);
        }
        if p == 0.0 {
            continue;
        }
        if wounds.len() < n_shots.len() {
            wounds.resize(n_shots.len(), 0.0);
        }
        for (k, &q) in n_shots.iter().enumerate() {
            wounds[k] += p * q;
        }
    }
    // Damage beyond the target's wounds left is lost.
    if let Some(cap) = shot.wounds_left.and_then(|w| usize::try_from(w).ok())
        && wounds.len() > cap + 1
    {
        let over: f64 = wounds.drain(cap + 1..).sum();
        wounds[cap] += over;
    }
    Ok(Odds {
        hit,
        wound,
        unsaved,
        attacks: u32::try_from(shot.shots.len().saturating_sub(1)).unwrap_or(u32::MAX),
        wounds,
        score_to_hit: score.filter(|&sc| sc < cannot).map(|sc| sc.max(1)),
        score_to_wound: Some(to_wound),
        score_to_save: to_save,
        save_dice: shot.save_dice.max(1),
        needs_consent: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cc_10_scores_above_six_need_a_second_die() {
        assert!(
            (cc_hit_chance(1) - 5.0 / 6.0).abs() < 1e-12,
            "never below 2"
        );
        assert!((cc_hit_chance(7) - 1.0 / 6.0 * 3.0 / 6.0).abs() < 1e-12);
        assert!((cc_hit_chance(9) - 1.0 / 36.0).abs() < 1e-12);
        assert_eq!(cc_hit_chance(10), 0.0);
    }
}

/// A model in a round of close combat (CC-7 … CC-13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fighter {
    /// Weapon skill.
    pub ws: i32,
    /// Strength.
    pub s: i32,
    /// The weapon's strength, if it has one.
    #[serde(default)]
    pub weapon_s: Option<i32>,
    /// Attacks.
    pub a: u32,
    /// Toughness.
    pub t: i32,
    /// Wounds left.
    pub w: u32,
    /// Initiative.
    pub i: i32,
    /// Armour save (4: 4+), or none.
    #[serde(default)]
    pub save: Option<i32>,
    /// Its situation (CC-9).
    #[serde(default)]
    pub modifiers: Vec<CcModifier>,
}

impl Fighter {
    /// Charged into combat this turn.
    pub fn charged(&self) -> bool {
        self.modifiers.contains(&CcModifier::Charging)
    }
}

/// Who strikes first (CC-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// The first fighter.
    FirstStrikesFirst,
    /// The second fighter.
    SecondStrikesFirst,
    /// Both at once: a casualty still strikes back.
    Simultaneous,
}

/// The odds of one round between two models (CC-7, CC-13).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundOdds {
    /// Who strikes first.
    pub order: Order,
    /// The chance that the first fighter wins the round (causes more
    /// wounds than it receives).
    pub first_wins: f64,
    /// The chance that the second fighter wins.
    pub second_wins: f64,
    /// The chance of a draw (equal wounds; CC-13 Decision).
    pub draw: f64,
    /// `first_wounds[k]`: the chance that the first fighter receives `k`
    /// wounds (at most his wounds left).
    pub first_wounds: Vec<f64>,
    /// The same for the second fighter.
    pub second_wounds: Vec<f64>,
    /// The chance that the first fighter is killed.
    pub first_dies: f64,
    /// The chance that the second fighter is killed.
    pub second_dies: f64,
}

/// The wounds one fighter's blows cause the other, capped at the other's
/// wounds left.
fn blows(rules: &RulesData, by: &Fighter, on: &Fighter) -> Result<Vec<f64>, Problem> {
    let o = close_combat(
        rules,
        by.ws,
        by.s,
        by.weapon_s,
        by.a,
        on.ws,
        on.t,
        on.save,
        &by.modifiers,
        false,
    )?;
    let cap = usize::try_from(on.w).unwrap_or(0);
    let mut capped = vec![0.0; cap + 1];
    for (k, p) in o.wounds.into_iter().enumerate() {
        capped[k.min(cap)] += p;
    }
    Ok(capped)
}

/// One round between two models, exactly: strike order by I, a charger
/// first on equal I, otherwise simultaneous; a model killed before its turn
/// does not strike (CC-7); the result by wounds caused (CC-13).
pub fn round(rules: &RulesData, first: &Fighter, second: &Fighter) -> Result<RoundOdds, Problem> {
    let order = match first.i.cmp(&second.i) {
        std::cmp::Ordering::Greater => Order::FirstStrikesFirst,
        std::cmp::Ordering::Less => Order::SecondStrikesFirst,
        std::cmp::Ordering::Equal => match (first.charged(), second.charged()) {
            (true, false) => Order::FirstStrikesFirst,
            (false, true) => Order::SecondStrikesFirst,
            _ => Order::Simultaneous,
        },
    };
    // Wounds each causes, as if both strike.
    let by_first = blows(rules, first, second)?;
    let by_second = blows(rules, second, first)?;
    let (w1, w2) = (
        usize::try_from(first.w).unwrap_or(0),
        usize::try_from(second.w).unwrap_or(0),
    );
    let mut first_wounds = vec![0.0; w1 + 1];
    let mut second_wounds = vec![0.0; w2 + 1];
    let (mut first_wins, mut second_wins, mut draw) = (0.0, 0.0, 0.0);
    for (k, &pk) in by_first.iter().enumerate() {
        for (j, &pj) in by_second.iter().enumerate() {
            // A model killed before its turn does not strike.
            let (k, j, p) = match order {
                Order::FirstStrikesFirst if k >= w2 && w2 > 0 => {
                    (k, 0, if j == 0 { pk } else { 0.0 })
                }
                Order::SecondStrikesFirst if j >= w1 && w1 > 0 => {
                    (0, j, if k == 0 { pj } else { 0.0 })
                }
                _ => (k, j, pk * pj),
            };
            if p == 0.0 {
                continue;
            }
            second_wounds[k] += p;
            first_wounds[j] += p;
            match k.cmp(&j) {
                std::cmp::Ordering::Greater => first_wins += p,
                std::cmp::Ordering::Less => second_wins += p,
                std::cmp::Ordering::Equal => draw += p,
            }
        }
    }
    Ok(RoundOdds {
        order,
        first_wins,
        second_wins,
        draw,
        first_dies: first_wounds.get(w1).copied().unwrap_or(0.0),
        second_dies: second_wounds.get(w2).copied().unwrap_or(0.0),
        first_wounds,
        second_wounds,
    })
}

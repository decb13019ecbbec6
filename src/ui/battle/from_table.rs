//! A fight picked on a campaign's table (`Command::Fight`): each fighter
//! found by his reference (a Rogue Trader character of an escort, a
//! kill-team soldier, or a drawn enemy, CMP-5) as the campaign holds him
//! now, and the mode's fields filled in from him: his profile, his wounds
//! left, his save, the weapon he fights with, and where his wounds go.

use crate::app::{FightMode, FightSetup};
use crate::rules::CharRef;
use crate::rules::Characteristic as C;
use crate::rules::campaign::{Campaign, EnemyWeapon, enemy_index};
use crate::rules::core::names::name_in;
use crate::rules::killteam::odds::ShotClass;
use crate::rules::scenario::{Count, KtWeapon};
use crate::ui::battle::parts::{Picked, fighters_in};
use crate::ui::battle::shooting::campaign::{
    CampaignSoldier, CampaignTarget, PickedShooter, soldiers_in, target_profile,
};
use crate::ui::battle::{BattleView, Mode};
use crate::ui::context::ViewCtx;

/// A drawn enemy as a fighter.
pub struct EnemySide {
    /// "Ork boy 3", in the reader's language.
    pub name: String,
    /// His profile, W being his wounds left.
    pub profile: crate::rules::Profile,
    /// His armour save.
    pub save: Option<u32>,
    /// His weapons.
    pub weapons: Vec<EnemyWeapon>,
    /// His psychic mastery, for a psyker.
    pub mastery: Option<u32>,
    /// (campaign, enemy): where his wounds go.
    pub from: CharRef,
    /// He is a character (a champion, a psyker, a leader), counted as
    /// such by the battle summary (CHR-15); a trooper, a specialist or a
    /// monster is not.
    pub character: bool,
}

/// A fighter of a campaign's table.
pub enum TableSide {
    /// A Rogue Trader character of an escort.
    Character(Picked, bool),
    /// A kill-team soldier of an escort.
    Soldier(Box<CampaignSoldier>),
    /// A drawn enemy.
    Enemy(EnemySide),
}

/// The fighter of a table by his reference, as the campaign holds him now;
/// none when he is not there any more.
pub fn table_side(cx: &ViewCtx<'_>, r: &CharRef) -> Option<TableSide> {
    if let Some(i) = enemy_index(r.id) {
        let c = cx.model.get::<Campaign>(&r.doc)?;
        let e = c.enemy(i)?;
        let f = c.enemy_fighter(i, &cx.model.rules)?;
        let taken = c
            .table
            .as_ref()
            .and_then(|t| t.enemy_wounds.get(&i).copied())
            .unwrap_or(0);
        let mut profile = f.profile;
        let left = c.enemy_wounds(i, &cx.model.rules).saturating_sub(taken);
        profile.set(C::W, i32::try_from(left).unwrap_or(0));
        let names = c.enemy_names(i);
        return Some(TableSide::Enemy(EnemySide {
            name: name_in(&names, cx.lang.code(), &e.entry_type).to_owned(),
            profile,
            save: f.save,
            weapons: f.weapons.clone(),
            mastery: f.mastery,
            from: r.clone(),
            character: matches!(e.entry_type.as_str(), "champion" | "psyker" | "leader"),
        }));
    }
    let c = cx.model.get::<Campaign>(&r.doc)?;
    if let Some(f) = fighters_in(cx, c, Some(r.id)).into_iter().next() {
        return Some(TableSide::Character(
            Picked {
                name: f.name,
                profile: f.profile,
                equipment: f.equipment,
                from: Some(f.from),
            },
            f.psyker,
        ));
    }
    soldiers_in(cx, c, Some(r.id))
        .into_iter()
        .next()
        .map(|s| TableSide::Soldier(Box::new(s)))
}

/// A close-combat fighter: his name, profile, gear and where his wounds
/// go, his armour save (none without armour), and an enemy's weapon S.
fn close_side(side: TableSide) -> Option<(Picked, Option<i64>, Option<i64>)> {
    match side {
        TableSide::Character(p, _) => {
            let save =
                crate::rules::characters::equipment::armour_save(&p.equipment).map(i64::from);
            Some((p, save, None))
        }
        TableSide::Enemy(e) => {
            let weapon_s = e.weapons.iter().find(|w| w.close()).map(|w| i64::from(w.s));
            Some((
                Picked {
                    name: e.name,
                    profile: e.profile,
                    equipment: Vec::new(),
                    from: Some(e.from),
                },
                e.save.map(i64::from),
                weapon_s,
            ))
        }
        TableSide::Soldier(_) => None,
    }
}

/// An enemy's weapon as a kill-team shot fires it.
pub fn enemy_shot(w: &EnemyWeapon) -> KtWeapon {
    let count = |a: &crate::rules::core::dice::Amount| Count::from(a);
    KtWeapon {
        class: ShotClass::Normal,
        shots: count(&w.shots),
        s: i64::from(w.s),
        ap: i64::from(w.ap),
        damage: count(&w.damage),
        flame: w.flame,
        max_range: (w.range > 0).then_some(i64::from(w.range)),
    }
}

impl TableSide {
    /// His name.
    pub fn name(&self) -> &str {
        match self {
            Self::Character(p, _) => &p.name,
            Self::Soldier(s) => &s.name,
            Self::Enemy(e) => &e.name,
        }
    }

    /// Whether he is one of the enemy's.
    pub fn is_enemy(&self) -> bool {
        matches!(self, Self::Enemy(_))
    }

    /// Whether the battle summary counts him as a character (CHR-15):
    /// every fighter of an escort, an enemy by its type.
    pub fn character(&self) -> bool {
        match self {
            Self::Enemy(e) => e.character,
            _ => true,
        }
    }

    /// Whether he fights a Rogue Trader close combat (a kill-team soldier
    /// fights by the kill team's rules).
    pub fn fights_close(&self) -> bool {
        !matches!(self, Self::Soldier(_))
    }

    /// Whether his close combat with `other` is fought by the kill team's
    /// rules (KT-6): a soldier is in it, and no Rogue Trader character.
    pub fn kt_close(&self, other: &Self) -> bool {
        let soldier = |s: &Self| matches!(s, Self::Soldier(_));
        let character = |s: &Self| matches!(s, Self::Character(..));
        (soldier(self) || soldier(other)) && !character(self) && !character(other)
    }

    /// Him as a fighter of a kill-team close combat; none for a Rogue
    /// Trader character.
    fn melee(
        &self,
        data: &crate::rules::killteam::KillTeamData,
    ) -> Option<crate::ui::battle::shooting::melee::MeleeFighter> {
        use crate::ui::battle::shooting::melee::MeleeFighter;
        match self {
            Self::Character(..) => None,
            Self::Soldier(s) => Some(MeleeFighter::campaign_soldier(data, s)),
            Self::Enemy(e) => Some(melee_enemy(data, e)),
        }
    }

    /// Whether he is a psyker.
    pub fn psyker(&self) -> bool {
        match self {
            Self::Character(_, psyker) => *psyker,
            Self::Soldier(_) => false,
            Self::Enemy(e) => e.mastery.is_some(),
        }
    }

    /// His ranged weapons, in the reader's language, as a shot fires them,
    /// each with whether it is used up (a grenade struck off).
    pub fn ranged(&self, cx: &ViewCtx<'_>) -> Vec<(String, KtWeapon, bool)> {
        let data = &cx.model.rules.killteam;
        match self {
            Self::Character(..) => Vec::new(),
            Self::Soldier(s) => s
                .derived
                .weapons
                .iter()
                .filter(|w| w.range_inches > 0)
                .map(|w| {
                    let name = data
                        .weapon(&w.id)
                        .map_or(w.id.as_str(), |x| name_in(&x.names, cx.lang.code(), &x.id));
                    (name.to_owned(), KtWeapon::of(w), s.used(w))
                })
                .collect(),
            Self::Enemy(e) => e
                .weapons
                .iter()
                .filter(|w| !w.close())
                .map(|w| {
                    (
                        name_in(&w.names, cx.lang.code(), "").to_owned(),
                        enemy_shot(w),
                        false,
                    )
                })
                .collect(),
        }
    }

    /// His T, armour save and its dice, and wounds left, as a target.
    fn as_target(&self) -> (i64, Option<i64>, i64, u32) {
        match self {
            Self::Character(p, _) => (
                i64::from(p.profile.get(C::T)),
                crate::rules::characters::equipment::armour_save(&p.equipment).map(i64::from),
                1,
                u32::try_from(p.profile.get(C::W)).unwrap_or(0),
            ),
            Self::Soldier(s) => {
                let (t, save, dice) = target_profile(&s.derived.profile);
                (t, save, dice, s.wounds_left)
            }
            Self::Enemy(e) => (
                i64::from(e.profile.get(C::T)),
                e.save.map(i64::from),
                1,
                u32::try_from(e.profile.get(C::W)).unwrap_or(0),
            ),
        }
    }

    /// Where his wounds go.
    fn from(&self) -> CharRef {
        match self {
            Self::Character(p, _) => p.from.clone().unwrap_or_else(|| CharRef::new("", 0)),
            Self::Soldier(s) => CharRef::new(s.campaign.clone(), s.id),
            Self::Enemy(e) => e.from.clone(),
        }
    }
}

impl BattleView {
    /// Fills the battle screen in from a fight picked on a campaign's
    /// table, once for each fight.
    pub(super) fn take_table_fight(&mut self, cx: &ViewCtx<'_>) -> bool {
        let Some((n, setup)) = &cx.model.fight else {
            return false;
        };
        if self.fight_seen == *n {
            return false;
        }
        self.fight_seen = *n;
        let (Some(a), Some(t)) = (
            table_side(cx, &setup.attacker),
            table_side(cx, &setup.target),
        ) else {
            return false;
        };
        self.we_attack = !a.is_enemy();
        let characters = (a.character(), t.character());
        if setup.mode == FightMode::CloseCombat && a.kt_close(&t) {
            // KT-6, KT-9: a kill-team soldier fights by the kill team's rules.
            self.mode = Mode::Shooting;
            self.shooting.attack = crate::ui::battle::shooting::KtAttack::CloseCombat;
            let data = &cx.model.rules.killteam;
            if let (Some(a), Some(t)) = (a.melee(data), t.melee(data)) {
                self.shooting.melee.charger = a;
                self.shooting.melee.target = t;
            }
            return true;
        }
        match setup.mode {
            FightMode::CloseCombat => {
                self.mode = Mode::CloseCombat;
                self.close_combat_from_table(a, t);
            }
            FightMode::Shot => {
                self.mode = Mode::Shooting;
                self.shot_from_table(cx, &a, t, setup);
            }
            FightMode::Psychic => {
                self.mode = Mode::Psychic;
                self.psychic_from_table(&a, &t);
            }
        }
        match setup.mode {
            FightMode::CloseCombat => {
                let sides = &mut self.close_combat.cc_sides;
                (sides.attacker_character, sides.defender_character) = characters;
            }
            FightMode::Shot => {
                let sides = &mut self.shooting.shot_sides;
                (sides.attacker_character, sides.defender_character) = characters;
            }
            FightMode::Psychic => self.psychic.target_character = characters.1,
        }
        true
    }

    /// Close combat: both fighters' profiles, saves and weapons. Every
    /// value is set, none kept from the fight before: a fighter with no
    /// armour has no save, one with no close-combat weapon fights with
    /// nothing in hand.
    fn close_combat_from_table(&mut self, a: TableSide, t: TableSide) {
        use crate::rules::close_combat::engagement::CcWeapon;
        use crate::rules::close_combat::odds::CcModifier;
        let cc = &mut self.close_combat;
        if let Some((p, save, weapon_s)) = close_side(a) {
            cc.cc_weapon_from = None;
            cc.cc.modifiers.retain(|m| *m != CcModifier::Improvised);
            cc.cc.attacker.weapon_s = None;
            cc.cc.attacker.weapon_save_modifier = None;
            let in_hand = crate::rules::characters::equipment::in_hand(&p.equipment);
            cc.cc_weapon = if in_hand.is_none() && weapon_s.is_none() {
                CcWeapon::Nothing
            } else {
                CcWeapon::Melee
            };
            cc.take_attacker(p);
            cc.back.attacker_save = save;
            if weapon_s.is_some() {
                cc.cc.attacker.weapon_s = weapon_s;
            }
        }
        if let Some((p, save, _)) = close_side(t) {
            cc.take_defender(p);
            cc.cc.defender.save = save;
        }
    }

    /// A kill-team shot: the shooter's weapon (the one picked on the
    /// table), the target's T, save and wounds left.
    fn shot_from_table(&mut self, cx: &ViewCtx<'_>, a: &TableSide, t: TableSide, s: &FightSetup) {
        let data = &cx.model.rules.killteam;
        let k = s.weapon.unwrap_or(0);
        let shooting = &mut self.shooting;
        match a {
            TableSide::Soldier(x) => {
                let ranged: Vec<_> = x
                    .derived
                    .weapons
                    .iter()
                    .filter(|w| w.range_inches > 0)
                    .collect();
                if let Some(w) = ranged.get(k).or(ranged.first()) {
                    shooting.take_shooter(PickedShooter {
                        name: x.name.clone(),
                        weapon: KtWeapon::of(w),
                        soldier: x.soldier.clone(),
                        wounds_left: x.wounds_left,
                        once_a_turn: data.weapon(&w.id).is_some_and(|d| d.fires_once_a_turn()),
                        from: Some(CharRef::new(x.campaign.clone(), x.id)),
                        combi: super::shooting::campaign::combi_of(data, &x.soldier, w),
                    });
                }
            }
            other => {
                if let Some((_, weapon, _)) = other.ranged(cx).into_iter().nth(k) {
                    shooting.shot.weapon = weapon;
                }
                shooting.shot_sides.attacker = other.name().to_owned();
                shooting.shot_sides.attacker_character = true;
                shooting.shot_sides.attacker_from = Some(other.from());
                shooting.once_a_turn = false;
                shooting.fired_this_turn = false;
                shooting.shooter_soldier = None;
                shooting.shot.shooter_ribbon = None;
                // No kill-team soldier: the turn card counts nobody's actions.
                shooting.kt_turn.clear_soldier();
            }
        }
        match t {
            TableSide::Soldier(x) => shooting.take_campaign_target(
                target_profile(&x.derived.profile),
                CampaignTarget {
                    campaign: x.campaign.clone(),
                    id: x.id,
                    name: x.name.clone(),
                    wounds_left: x.wounds_left,
                    soldier: x.soldier.clone(),
                },
            ),
            other => {
                let (tt, save, dice, left) = other.as_target();
                shooting.shot_sides.defender = other.name().to_owned();
                shooting.shot_sides.defender_character = true;
                shooting.shot_sides.defender_from = Some(other.from());
                shooting.target_soldier = None;
                shooting.kt_target = None;
                shooting.shot.target.t = tt;
                shooting.shot.target.save = save;
                shooting.shot.target.save_dice = dice;
                shooting.shot.target.wounds = Some(i64::from(left.max(1)));
            }
        }
    }

    /// A psychic attack: the psyker, and the target's T, W and save.
    fn psychic_from_table(&mut self, a: &TableSide, t: &TableSide) {
        let psy = &mut self.psychic;
        psy.attack.power.psyker = a.name().to_owned();
        psy.psyker_from = Some(a.from());
        // His first card is offered when the view shows his cards.
        psy.attack.power.power.clear();
        let (tt, save, _, left) = t.as_target();
        psy.target = t.name().to_owned();
        psy.target_character = true;
        psy.target_from = Some(t.from());
        psy.attack.target.t = i32::try_from(tt).unwrap_or(3);
        psy.attack.target.w = left.max(1);
        psy.attack.target.save = save.and_then(|s| i32::try_from(s).ok());
    }
}

/// A drawn enemy in a kill-team close combat (CMP-5, KT-6): the data's
/// score for models without a kill-team profile, his close-combat weapons,
/// then bare hands.
fn melee_enemy(
    data: &crate::rules::killteam::KillTeamData,
    e: &EnemySide,
) -> crate::ui::battle::shooting::melee::MeleeFighter {
    use crate::rules::killteam::melee::unarmed;
    use crate::ui::battle::shooting::melee::{BlowChoice, BlowName, MeleeFighter};
    // He strikes his profile's A times (a close-combat weapon of the data
    // gives no attacks of its own, unless it names more than one).
    let a = Count::Fixed(i64::from(e.profile.get(C::A).max(1)));
    let attacks = |shots: &crate::rules::core::dice::Amount| match shots {
        crate::rules::core::dice::Amount::Fixed(1) => a.clone(),
        other => Count::from(other),
    };
    let mut blows: Vec<BlowChoice> = e
        .weapons
        .iter()
        .filter(|w| w.close())
        .map(|w| BlowChoice {
            name: BlowName::Named(w.names.clone()),
            attacks: attacks(&w.shots),
            s: i64::from(w.s),
            ap: i64::from(w.ap),
            damage: Count::from(&w.damage),
        })
        .collect();
    let mut fists = BlowChoice::of(&unarmed(data, e.profile.get(C::S)));
    fists.attacks = a.clone();
    blows.push(fists);
    MeleeFighter {
        name: e.name.clone(),
        character: e.character,
        from: Some(e.from.clone()),
        score: i64::from(data.close_combat.others_score),
        blow: blows[0].clone(),
        blows,
        t: i64::from(e.profile.get(C::T)),
        save: e.save.map(i64::from),
        save_dice: 1,
        wounds: Some(i64::from(e.profile.get(C::W).max(1))),
        smoke: false,
        flashed: false,
        gas_mask: false,
    }
}

//! A fight picked on a campaign's table (`Command::Fight`) fills the
//! battle screen in: the rules find both fighters and the rules the fight
//! is fought by (`rules::battle::from_table`); this file copies them into
//! the mode's fields.

use crate::app::FightSetup;
use crate::i18n::Lang;
use crate::rules::CharRef;
use crate::rules::Characteristic as C;
use crate::rules::battle::from_table;
use crate::rules::battle::from_table::{
    FoughtBy, TableEnemy, TableSide, enemy_blows, table_fight, target_profile,
};
use crate::rules::battle::scenario::KtWeapon;
use crate::rules::campaign::Campaign;
use crate::rules::campaign::acts;
use crate::rules::campaign::queries;
use crate::rules::characters::equipment;
use crate::ui::battle::parts::Picked;
use crate::ui::battle::shooting::KtAttack;
use crate::ui::battle::shooting::campaign::{CampaignTarget, PickedShooter};
use crate::ui::battle::shooting::melee::MeleeFighter;
use crate::ui::battle::{BattleView, Mode};
use crate::ui::context::ViewCtx;

/// The fighter `r` of a campaign's table, as the campaign holds him now;
/// none when he is not there any more.
pub fn table_side(cx: &ViewCtx<'_>, r: &CharRef) -> Option<TableSide> {
    let c = cx.model.get::<Campaign>(&r.doc)?;
    from_table::table_side(c, &cx.rules, r, cx.lang.code())
}

/// A Rogue Trader close-combat fighter: his name, profile, gear and where
/// his wounds go, his armour save, and an enemy's weapon S; none for a
/// kill-team soldier.
fn close_side(side: TableSide) -> Option<(Picked, Option<i64>, Option<i64>)> {
    let (save, weapon_s) = side.close_values()?;
    let picked = match side {
        TableSide::Character(f) => Picked {
            name: f.name,
            profile: f.profile,
            equipment: f.equipment,
            from: Some(f.from),
        },
        TableSide::Enemy(e) => Picked {
            name: e.name,
            profile: e.profile,
            equipment: Vec::new(),
            from: Some(e.from),
        },
        TableSide::Soldier(_) => return None,
    };
    Some((picked, save, weapon_s))
}

/// Him as a fighter of a kill-team close combat; none for a Rogue Trader
/// character.
fn melee(cx: &ViewCtx<'_>, side: &TableSide) -> Option<MeleeFighter> {
    use crate::ui::battle::shooting::melee::MeleeFighter;
    let data = &cx.rules.killteam;
    match side {
        TableSide::Character(..) => None,
        TableSide::Soldier(s) => Some(MeleeFighter::campaign_soldier(data, s)),
        TableSide::Enemy(e) => Some(melee_enemy(cx, e)),
    }
}

impl BattleView {
    /// Fills the battle screen in from a fight picked on a campaign's
    /// table (handed over once by the app). False: the campaign or its
    /// fighters are gone.
    pub fn take_table_fight(&mut self, cx: &ViewCtx<'_>, setup: &FightSetup) -> bool {
        let Some(c) = cx.model.get::<Campaign>(&setup.attacker.doc) else {
            return false;
        };
        let picked = (setup.mode, &setup.attacker, &setup.target, setup.weapon);
        let Some(f) = table_fight(c, &cx.rules, picked, cx.lang.code()) else {
            return false;
        };
        let (a, t) = (f.attacker, f.target);
        self.we_attack = !a.is_enemy();
        let characters = (a.character(), t.character());
        match f.by {
            FoughtBy::KillTeamCloseCombat => {
                // KT-6, KT-9: a kill-team soldier fights by the kill team's
                // rules.
                self.mode = Mode::Shooting;
                self.shooting.attack = KtAttack::CloseCombat;
                if let (Some(mut a), Some(t)) = (melee(cx, &a), melee(cx, &t)) {
                    // EQ-10: dazzled, his blows are at -1.
                    a.dazzled = f.dazzled;
                    self.shooting.melee.charger = a;
                    self.shooting.melee.target = t;
                }
            }
            FoughtBy::CloseCombat => {
                self.mode = Mode::CloseCombat;
                let names = (a.label().names().cloned(), t.label().names().cloned());
                self.close_combat_from_table(a, t);
                let sides = &mut self.close_combat.cc_sides;
                (sides.attacker_character, sides.defender_character) = characters;
                (sides.attacker_names, sides.defender_names) = names;
            }
            FoughtBy::Shot => {
                // Its own mode and sub-tab, whatever the fight before was.
                self.mode = Mode::Shooting;
                self.shooting.attack = KtAttack::Shot;
                self.shot_from_table(cx, &a, t, f.weapon);
                // EQ-10: dazzled, his shot is at -1 to hit; never left
                // ticked from the shot before.
                use crate::rules::killteam::odds::KtModifier;
                let mods = &mut self.shooting.shot.modifiers;
                mods.retain(|m| *m != KtModifier::Dazzled);
                if f.dazzled {
                    mods.push(KtModifier::Dazzled);
                }
                let sides = &mut self.shooting.shot_sides;
                (sides.attacker_character, sides.defender_character) = characters;
            }
            FoughtBy::RtShot => {
                self.mode = Mode::RtShot;
                let rules = &cx.rules;
                self.rt_shot
                    .take_table_shot((&a, &t), f.weapon, (rules, cx.lang.code()));
            }
            FoughtBy::Psychic => {
                self.mode = Mode::Psychic;
                self.psychic_from_table(&a, &t);
                self.psychic.target_character = characters.1;
            }
        }
        // KT-8: the turn card counts the models standing at the table: the
        // players' soldiers, the drawn enemies.
        let a = acts::activations(c);
        if a.enemy_drawn {
            self.shooting.kt_turn.left = [a.standing, a.enemy_standing].map(i64::from);
        }
        self.scroll_to_fight = true;
        self.picked_mode = Some(self.mode);
        if c.phase == crate::rules::campaign::Phase::Playing {
            let origin = crate::ui::battle::TableOrigin {
                doc: c.id.clone(),
                mission: queries::mission_number(c),
            };
            self.tables.insert(self.mode, origin);
        } else {
            self.tables.remove(&self.mode);
        }
        true
    }

    /// Shows each name the rules data gave (a drawn enemy's) in `lang` in
    /// its field, so that a change of language renames him there too.
    pub(super) fn follow_lang(&mut self, lang: Lang) {
        self.close_combat.cc_sides.follow_lang(lang);
        self.shooting.shot_sides.follow_lang(lang);
        self.rt_shot.sides.follow_lang(lang);
        let melee = &mut self.shooting.melee;
        melee.charger_mut().follow_lang(lang);
        melee.target_mut().follow_lang(lang);
        self.psychic.follow_lang(lang);
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
            let in_hand = equipment::in_hand(&p.equipment);
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
    fn shot_from_table(&mut self, cx: &ViewCtx<'_>, a: &TableSide, t: TableSide, k: usize) {
        let data = &cx.rules.killteam;
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
                    shooting.take_shooter(
                        data,
                        PickedShooter {
                            name: x.name.clone(),
                            weapon: KtWeapon::of(w),
                            soldier: x.soldier.clone(),
                            wounds_left: x.wounds_left,
                            strength: x.derived.profile.strength,
                            once_a_turn: data.weapon(&w.id).is_some_and(|d| d.fires_once_a_turn()),
                            from: Some(CharRef::new(x.campaign.clone(), x.id)),
                            combi: super::shooting::campaign::combi_of(data, &x.soldier, w),
                        },
                    );
                }
            }
            other => {
                let ranged = other.ranged(&cx.rules, cx.lang.code());
                if let Some(w) = ranged.into_iter().nth(k).and_then(|r| r.kt) {
                    shooting.take_weapon(w);
                }
                shooting
                    .shot_sides
                    .set_attacker_name(&other.label(), cx.lang);
                shooting.shot_sides.attacker_character = true;
                shooting.shot_sides.attacker_from = Some(other.from());
                shooting.once_a_turn = false;
                shooting.fired_this_turn = false;
                shooting.shooter_soldier = None;
                shooting.shot.shooter_ribbon = None;
                // No kill-team soldier: the turn card counts nobody's actions.
                shooting.kt_turn.clear_soldier(Some(other.label()));
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
                let target = other.as_target();
                let (tt, save, dice, left) =
                    (target.t, target.save, target.save_dice, target.wounds_left);
                shooting
                    .shot_sides
                    .set_defender_name(&other.label(), cx.lang);
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
        psy.psyker_names = a.label().names().cloned();
        psy.psyker_from = Some(a.from());
        // His first card is offered when the view shows his cards.
        psy.attack.power.power.clear();
        let target = t.as_target();
        let (tt, save, left) = (target.t, target.save, target.wounds_left);
        psy.target = t.name().to_owned();
        psy.target_names = t.label().names().cloned();
        psy.target_character = true;
        psy.target_from = Some(t.from());
        psy.attack.target.t = i32::try_from(tt).unwrap_or(3);
        psy.attack.target.w = left.max(1);
        psy.attack.target.save = save.and_then(|s| i32::try_from(s).ok());
    }
}

/// A drawn enemy in a kill-team close combat (CMP-5, KT-6): the data's
/// score for models without a kill-team profile, his blows as the rules
/// give them.
fn melee_enemy(cx: &ViewCtx<'_>, e: &TableEnemy) -> MeleeFighter {
    use crate::ui::battle::shooting::melee::{BlowChoice, BlowName, MeleeFighter};
    let data = &cx.rules.killteam;
    let blows: Vec<BlowChoice> = enemy_blows(&cx.rules, e)
        .into_iter()
        .map(|b| BlowChoice {
            name: b.names.map_or(BlowName::Unarmed, BlowName::Named),
            attacks: b.attacks,
            s: b.s,
            ap: b.ap,
            damage: b.damage,
        })
        .collect();
    MeleeFighter {
        name: e.name.clone(),
        names: Some(e.names.clone()),
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
        dazzled: false,
        gas_mask: false,
        at_table: None,
    }
}

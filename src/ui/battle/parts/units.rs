//! The units of the unit mode: a group of models of one profile, a unit of
//! groups and its models, and who commands it beside its own leader.

use super::pickers::Picked;
use crate::app::{HandGroup, HandUnit};
use crate::i18n::Lang;
use crate::rules::characters::equipment;
use crate::rules::close_combat::odds::{CcModifier, Fighter};
use crate::rules::{CharRef, Characteristic};

/// Models of one profile in a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Their name.
    pub(crate) name: String,
    /// How many.
    pub(crate) count: u32,
    /// Their profile (`weapon_s`, `save`: 0 for none in the fields).
    pub(crate) ws: i32,
    /// S.
    pub(crate) s: i32,
    /// Weapon S, 0 for none.
    pub(crate) weapon_s: i32,
    /// The weapon's own save modifier (CC-12); none: by the blow's S.
    pub(crate) weapon_save_modifier: Option<i32>,
    /// A.
    pub(crate) a: u32,
    /// T.
    pub(crate) t: i32,
    /// W left.
    pub(crate) w: u32,
    /// I.
    pub(crate) i: i32,
    /// Save, 0 for none.
    pub(crate) save: i32,
    /// A character (CHR-14, CHR-15): he may take command, and his death
    /// counts in the battle summary.
    pub(crate) character: bool,
    /// His Ld, as a character (CHR-14).
    pub(crate) ld: i32,
    /// His Cl, as a character (CHR-14).
    pub(crate) cl: i32,
    /// The campaign character he is, when taken from a campaign's escort:
    /// (campaign, character).
    pub(crate) from: Option<CharRef>,
}

impl Group {
    /// Sets how many.
    pub fn set_count(&mut self, count: u32) {
        self.count = count;
    }

    /// Sets their WS.
    pub fn set_ws(&mut self, ws: i32) {
        self.ws = ws;
    }

    /// Sets their S.
    pub fn set_s(&mut self, s: i32) {
        self.s = s;
    }

    /// Sets their I.
    pub fn set_i(&mut self, i: i32) {
        self.i = i;
    }

    /// A character (CHR-14, CHR-15): he may take command, and his death
    /// counts in the battle summary.
    pub fn character(&self) -> bool {
        self.character
    }

    /// His Ld, as a character (CHR-14).
    pub fn ld(&self) -> i32 {
        self.ld
    }

    /// His Cl, as a character (CHR-14).
    pub fn cl(&self) -> i32 {
        self.cl
    }

    /// The weapon's own save modifier (CC-12); none: by the blow's S.
    pub fn weapon_save_modifier(&self) -> Option<i32> {
        self.weapon_save_modifier
    }

    pub(in crate::ui::battle) fn trooper(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            count: 5,
            ws: 3,
            s: 3,
            weapon_s: 0,
            weapon_save_modifier: None,
            a: 1,
            t: 3,
            w: 1,
            i: 3,
            save: 0,
            character: false,
            ld: 7,
            cl: 7,
            from: None,
        }
    }

    /// One character, with his weapon's S and own save modifier when he
    /// fights with a C-type weapon (CC-4, CC-11, CC-12) and his armour's
    /// save, as his roster lists them.
    pub(in crate::ui::battle) fn of(picked: Picked) -> Self {
        let p = &picked.profile;
        let hand = equipment::in_hand(&picked.equipment).filter(|h| h.weapon.c_type());
        let weapon_s = hand.as_ref().and_then(|h| h.weapon_s).unwrap_or(0);
        let weapon_save_modifier = hand.and_then(|h| h.save_modifier);
        let save = equipment::armour_save(&picked.equipment).unwrap_or(0);
        Self {
            name: picked.name,
            count: 1,
            ws: p.get(Characteristic::WS),
            s: p.get(Characteristic::S),
            weapon_s,
            weapon_save_modifier,
            a: u32::try_from(p.get(Characteristic::A).max(0)).unwrap_or(1),
            t: p.get(Characteristic::T),
            w: u32::try_from(p.get(Characteristic::W).max(1)).unwrap_or(1),
            i: p.get(Characteristic::I),
            save,
            character: true,
            ld: p.get(Characteristic::Ld),
            cl: p.get(Characteristic::Cl),
            from: picked.from.clone(),
        }
    }
}

/// One unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its name.
    pub(crate) name: String,
    /// Its models, front first.
    pub(crate) groups: Vec<Group>,
    /// It charged this turn (CC-7, CC-9).
    pub(crate) charged: bool,
    /// Its own leader's Ld, for rout tests (CC-20); 0 for none (robots).
    pub(crate) ld: i32,
    /// Its own leader's Cl, for psychology tests (CHR-14).
    pub(crate) cl: i32,
    /// Who commands it (CHR-14).
    pub(crate) command: CommandState,
}

impl Unit {
    /// Its models, front first.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Its models, front first, to set up.
    pub fn groups_mut(&mut self) -> &mut [Group] {
        &mut self.groups
    }

    /// Takes the `k`-th group out of the unit.
    pub fn remove_group(&mut self, k: usize) -> Group {
        self.groups.remove(k)
    }

    /// Says whether it charged this turn (CC-7, CC-9).
    pub fn set_charged(&mut self, charged: bool) {
        self.charged = charged;
    }

    /// Sets its own leader's Ld, for rout tests (CC-20); 0 for none.
    pub fn set_ld(&mut self, ld: i32) {
        self.ld = ld;
    }

    /// Every model, front first.
    pub fn models(&self) -> Vec<Fighter> {
        let mut out = Vec::new();
        for g in &self.groups {
            for _ in 0..g.count {
                out.push(Fighter {
                    ws: g.ws,
                    s: g.s,
                    weapon_s: (g.weapon_s > 0).then_some(g.weapon_s),
                    weapon_save_modifier: g.weapon_save_modifier,
                    a: g.a,
                    t: g.t,
                    w: g.w,
                    i: g.i,
                    save: (g.save > 0).then_some(g.save),
                    modifiers: if self.charged {
                        vec![CcModifier::Charging]
                    } else {
                        Vec::new()
                    },
                });
            }
        }
        out
    }

    /// Every model's name, front first (a group without a name: "model").
    pub fn model_names(&self, lang: Lang) -> Vec<String> {
        let mut out = Vec::new();
        for g in &self.groups {
            let name = if g.name.trim().is_empty() {
                lang.t("battle.units.model").to_owned()
            } else {
                g.name.trim().to_owned()
            };
            out.extend((0..g.count).map(|_| name.clone()));
        }
        out
    }

    /// The group of the `k`th model.
    pub(in crate::ui::battle) fn group_of(&self, k: usize) -> Option<&Group> {
        let mut n = 0usize;
        self.groups.iter().find(|g| {
            n += g.count as usize;
            k < n
        })
    }
}

/// Who commands a unit, beside its own leader.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandState {
    /// The unit's own leader is dead.
    pub(crate) leader_dead: bool,
    /// The group (a character) in command, if one took it.
    pub(crate) commander: Option<usize>,
    /// A character in base contact with the leader, taking command at the
    /// end of a turn.
    pub(crate) pending: Option<usize>,
    /// The commander failed a psychology test (he cannot give up command).
    pub(crate) affected: bool,
}

impl CommandState {
    /// A group was removed: indices after it move down, its own go.
    pub fn removed(&mut self, k: usize) {
        let shift = |slot: &mut Option<usize>| {
            *slot = match *slot {
                Some(j) if j == k => None,
                Some(j) if j > k => Some(j - 1),
                other => other,
            };
        };
        shift(&mut self.commander);
        shift(&mut self.pending);
        if self.commander.is_none() {
            self.affected = false;
        }
    }
}

impl Group {
    /// The group as kept with a fight set up by hand.
    pub fn kept(&self) -> HandGroup {
        let none_at_zero = |v: i32| (v != 0).then_some(v);
        HandGroup {
            name: self.name.clone(),
            count: self.count,
            profile: Fighter {
                ws: self.ws,
                s: self.s,
                weapon_s: none_at_zero(self.weapon_s),
                weapon_save_modifier: self.weapon_save_modifier,
                a: self.a,
                t: self.t,
                w: self.w,
                i: self.i,
                save: none_at_zero(self.save),
                modifiers: Vec::new(),
            },
            character: self.character,
            ld: self.ld,
            cl: self.cl,
            from: self.from.clone(),
        }
    }

    /// The group as kept.
    pub fn of_kept(kept: &HandGroup) -> Self {
        let p = &kept.profile;
        Self {
            name: kept.name.clone(),
            count: kept.count,
            ws: p.ws,
            s: p.s,
            weapon_s: p.weapon_s.unwrap_or(0),
            weapon_save_modifier: p.weapon_save_modifier,
            a: p.a,
            t: p.t,
            w: p.w,
            i: p.i,
            save: p.save.unwrap_or(0),
            character: kept.character,
            ld: kept.ld,
            cl: kept.cl,
            from: kept.from.clone(),
        }
    }
}

impl Unit {
    /// The unit as kept with a fight set up by hand (who commands it is
    /// the battle's, not kept).
    pub fn kept(&self) -> HandUnit {
        HandUnit {
            name: self.name.clone(),
            groups: self.groups.iter().map(Group::kept).collect(),
            charged: self.charged,
            ld: self.ld,
            cl: self.cl,
        }
    }

    /// The unit as kept, under its own leader.
    pub fn of_kept(kept: &HandUnit) -> Self {
        Self {
            name: kept.name.clone(),
            groups: kept.groups.iter().map(Group::of_kept).collect(),
            charged: kept.charged,
            ld: kept.ld,
            cl: kept.cl,
            command: CommandState::default(),
        }
    }
}

//! A fighter of the table as one side of a fight: a character, a soldier, a
//! drawn enemy or a model the mission names (CMP-5), his reach, his wounds
//! left, what he is as a target and what he fires.

use super::super::scenario::{Count, KtWeapon, RtWeapon};
use super::fighters::{CampaignFighter, CampaignSoldier, fighters_in, soldiers_in};
use super::weapons::{enemy_rt_weapon, rt_weapon, target_profile};
use crate::rules::CharRef;
use crate::rules::Characteristic as C;
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::{Campaign, CharId, EnemyFighter, EnemyWeapon, Fighter};
use crate::rules::characters::equipment::armour_save;
use crate::rules::core::characteristic::Profile;
use crate::rules::core::names::{Name, Names, name_in};
use crate::rules::data::RulesData;
use crate::rules::killteam::odds::ShotClass;

/// A drawn enemy, or a model the mission names, as a fighter.
#[derive(Clone, Debug, PartialEq)]
pub struct TableEnemy {
    /// "Ork boy 3", in the reader's language.
    pub name: String,
    /// His name in every language the rules data gives it.
    pub names: Names,
    /// His profile, W being his wounds left.
    pub profile: Profile,
    /// His armour save.
    pub save: Option<u32>,
    /// His weapons.
    pub weapons: Vec<EnemyWeapon>,
    /// His psychic mastery, for a psyker.
    pub mastery: Option<u32>,
    /// (campaign, enemy): where his wounds go.
    pub from: CharRef,
    /// He is a character (a champion, a psyker, a leader), counted as such
    /// by the battle summary (CHR-15); a trooper, a specialist or a monster
    /// is not.
    pub character: bool,
}

/// What kind of model stands at the table: one of an escort's Rogue
/// Trader characters, a kill-team soldier, or one of the enemy's (a drawn
/// enemy or a model the mission names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelKind {
    /// A Rogue Trader character of an escort.
    Character,
    /// A kill-team soldier.
    Soldier,
    /// One of the enemy's.
    Enemy,
}

/// What one attacker can fight at the table ([`TableSide::reach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// He is one of the enemy's.
    enemy: bool,
    /// He has a ranged weapon, or psychic powers.
    any: bool,
    /// He fights a Rogue Trader close combat.
    rt_close: bool,
    /// What he is.
    kind: ModelKind,
}

impl Reach {
    /// Whether he can make any fight against a model of kind `target`: one
    /// of the other side ([`TableSide::opposes`]), with a shot or a
    /// psychic attack when he has either, or in close combat: by Rogue
    /// Trader's rules at any but a kill-team soldier, by the kill team's
    /// where a soldier fights and no Rogue Trader character (KT-6).
    pub fn reaches(&self, target: ModelKind) -> bool {
        if self.enemy == (target == ModelKind::Enemy) {
            return false;
        }
        let soldier = self.kind == ModelKind::Soldier || target == ModelKind::Soldier;
        let character = self.kind == ModelKind::Character || target == ModelKind::Character;
        self.any || (self.rt_close && target != ModelKind::Soldier) || (soldier && !character)
    }
}

/// A fighter of a campaign's table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableSide {
    /// A Rogue Trader character of an escort.
    Character(CampaignFighter),
    /// A kill-team soldier of an escort.
    Soldier(Box<CampaignSoldier>),
    /// A drawn enemy, or a model the mission names who is fought.
    Enemy(TableEnemy),
}

/// A fighter as a target: his T, armour save (none when no roll can make
/// it) and the dice it is rolled on (2D6 for a Terminator, KT-19), and his
/// wounds left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsTarget {
    /// Toughness.
    pub t: i64,
    /// Armour save.
    pub save: Option<i64>,
    /// The dice the save is rolled on.
    pub save_dice: i64,
    /// Wounds left.
    pub wounds_left: u32,
}

/// A ranged weapon of a fighter, as a shot fires it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranged {
    /// Its name in the reader's language.
    pub name: String,
    /// How it fires by the kill team's rules (a soldier's, an enemy's).
    pub kt: Option<KtWeapon>,
    /// How it fires by Rogue Trader's (a character's, an enemy's).
    pub rt: Option<RtWeapon>,
    /// Used up (a grenade struck off at the table).
    pub used: bool,
}

/// The fighter `r` of a campaign's table, as `c` holds him now, his name in
/// the language `lang`; none when he is not there any more.
pub fn table_side(c: &Campaign, rules: &RulesData, r: &CharRef, lang: &str) -> Option<TableSide> {
    if c.id != r.doc {
        return None;
    }
    match Fighter::of(CharId(r.id)) {
        Fighter::Enemy(i) => return enemy_side(c, rules, r, lang, i),
        Fighter::Named(i) => return named_side(c, rules, r, lang, i),
        Fighter::Character(_) => {}
    }
    if let Some(f) = fighters_in(c, rules, Some(CharId(r.id))).into_iter().next() {
        return Some(TableSide::Character(f));
    }
    soldiers_in(c, rules, Some(CharId(r.id)))
        .into_iter()
        .next()
        .map(|s| TableSide::Soldier(Box::new(s)))
}

/// The drawn enemy at place `i`, as `c` holds him now.
fn enemy_side(
    c: &Campaign,
    rules: &RulesData,
    r: &CharRef,
    lang: &str,
    i: usize,
) -> Option<TableSide> {
    let e = enemy::at(c, i)?;
    let f = enemy::fighter(c, i, rules)?;
    let taken = c
        .table
        .as_ref()
        .and_then(|t| t.enemy_wounds.get(&i).copied())
        .unwrap_or(0);
    let left = enemy::wounds(c, i, rules).saturating_sub(taken);
    let names = enemy::names(c, i);
    let name = name_in(&names, lang, e.entry_type.as_str()).to_owned();
    let character = e.entry_type.is_character();
    Some(fought_as_enemy((name, names), f, left, r, character))
}

/// The enemy's side for the battle screen of a fighter who fights as `f`
/// says, `left` wounds left, his wounds going to `from`.
fn fought_as_enemy(
    (name, names): (String, Names),
    f: &EnemyFighter,
    left: u32,
    from: &CharRef,
    character: bool,
) -> TableSide {
    TableSide::Enemy(TableEnemy {
        name,
        names,
        profile: with_wounds_left(f.profile, left),
        save: f.save,
        weapons: f.weapons.clone(),
        mastery: f.mastery,
        from: from.clone(),
        character,
    })
}

/// The model at place `i` of those the mission names, as `c` holds him
/// now, fought as an enemy is (his side is the enemy's for the battle
/// screen); none when he may not be attacked. A named model is one
/// person: the battle summary counts him as a character (CHR-15).
fn named_side(
    c: &Campaign,
    rules: &RulesData,
    r: &CharRef,
    lang: &str,
    i: usize,
) -> Option<TableSide> {
    let n = named::model(c, i, rules)?;
    let f = named::fighter(c, i, rules)?;
    let left = named::wounds(c, i, rules)?.saturating_sub(named::taken(c, i));
    let name = name_in(&n.names, lang, &n.id).to_owned();
    Some(fought_as_enemy((name, n.names.clone()), f, left, r, true))
}

/// A profile whose W is the wounds left.
fn with_wounds_left(mut profile: Profile, left: u32) -> Profile {
    profile.set(C::W, i32::try_from(left).unwrap_or(0));
    profile
}

/// An enemy's weapon as a kill-team shot fires it.
pub fn enemy_shot(w: &EnemyWeapon) -> KtWeapon {
    KtWeapon {
        class: ShotClass::Normal,
        shots: Count::from(&w.shots),
        s: i64::from(w.s),
        ap: i64::from(w.ap),
        damage: Count::from(&w.damage),
        flame: w.flame,
        max_range: (w.range > 0).then_some(i64::from(w.range)),
    }
}

impl TableSide {
    /// His name.
    pub fn name(&self) -> &str {
        match self {
            Self::Character(f) => &f.name,
            Self::Soldier(s) => &s.name,
            Self::Enemy(e) => &e.name,
        }
    }

    /// His name as it follows the language: in every language for one of
    /// the enemy's, as typed for a player's character or soldier.
    pub fn label(&self) -> Name {
        match self {
            Self::Enemy(e) if !e.names.is_empty() => Name::Names(e.names.clone()),
            other => Name::from(other.name()),
        }
    }

    /// Whether he is one of the enemy's.
    pub fn is_enemy(&self) -> bool {
        matches!(self, Self::Enemy(_))
    }

    /// Whether `other` is on the other side of the table, so that he may
    /// attack him from it: the players' models, every escort's, against
    /// the enemy's. (Friend hit by accident, as a mine going off, is the
    /// item's, not a fight.)
    pub fn opposes(&self, other: &Self) -> bool {
        self.is_enemy() != other.is_enemy()
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

    /// Whether his shot at `target` is fought by Rogue Trader's rules: he
    /// is a Rogue Trader character, or an enemy shooting at one.
    pub fn rt_shot(&self, target: &Self) -> bool {
        match self {
            Self::Character(_) => true,
            Self::Enemy(_) => matches!(target, Self::Character(_)),
            Self::Soldier(_) => false,
        }
    }

    /// What kind of model he is at the table.
    pub fn model_kind(&self) -> ModelKind {
        match self {
            Self::Character(_) => ModelKind::Character,
            Self::Soldier(_) => ModelKind::Soldier,
            Self::Enemy(_) => ModelKind::Enemy,
        }
    }

    /// What he can fight at the table, worked out once for every model he
    /// might fight.
    pub fn reach(&self, rules: &RulesData) -> Reach {
        Reach {
            enemy: self.is_enemy(),
            any: self.psyker() || !self.ranged(rules, "").is_empty(),
            rt_close: self.fights_close(),
            kind: self.model_kind(),
        }
    }

    /// Whether he is a psyker.
    pub fn psyker(&self) -> bool {
        match self {
            Self::Character(f) => f.psyker,
            Self::Soldier(_) => false,
            Self::Enemy(e) => e.mastery.is_some(),
        }
    }

    /// His ranged weapons as a shot fires them, named in the language
    /// `lang`, each with whether it is used up.
    pub fn ranged(&self, rules: &RulesData, lang: &str) -> Vec<Ranged> {
        let data = &rules.killteam;
        match self {
            Self::Character(f) => f
                .equipment
                .iter()
                .filter_map(|g| {
                    rt_weapon(g, &rules.armoury).map(|rt| Ranged {
                        name: g.name.clone(),
                        kt: None,
                        rt: Some(rt),
                        used: false,
                    })
                })
                .collect(),
            Self::Soldier(s) => s
                .derived
                .weapons
                .iter()
                .filter(|w| w.range_inches > 0)
                .map(|w| Ranged {
                    name: data
                        .weapon(&w.id)
                        .map_or(w.id.as_str(), |x| name_in(&x.names, lang, x.id.as_str()))
                        .to_owned(),
                    kt: Some(KtWeapon::of(w)),
                    rt: None,
                    used: s.used(w),
                })
                .collect(),
            Self::Enemy(e) => e
                .weapons
                .iter()
                .filter(|w| !w.close())
                .map(|w| Ranged {
                    name: name_in(&w.names, lang, "").to_owned(),
                    kt: Some(enemy_shot(w)),
                    rt: Some(enemy_rt_weapon(rules, w)),
                    used: false,
                })
                .collect(),
        }
    }

    /// Him as a target.
    pub fn as_target(&self) -> AsTarget {
        let wounds = |p: &Profile| u32::try_from(p.get(C::W)).unwrap_or(0);
        match self {
            Self::Character(f) => AsTarget {
                t: i64::from(f.profile.get(C::T)),
                save: armour_save(&f.equipment).map(i64::from),
                save_dice: 1,
                wounds_left: wounds(&f.profile),
            },
            Self::Soldier(s) => {
                let (t, save, save_dice) = target_profile(&s.derived.profile);
                AsTarget {
                    t,
                    save,
                    save_dice,
                    wounds_left: s.wounds_left,
                }
            }
            Self::Enemy(e) => AsTarget {
                t: i64::from(e.profile.get(C::T)),
                save: e.save.map(i64::from),
                save_dice: 1,
                wounds_left: wounds(&e.profile),
            },
        }
    }

    /// Where his wounds go.
    pub fn from(&self) -> CharRef {
        match self {
            Self::Character(f) => f.from.clone(),
            Self::Soldier(s) => CharRef::new(s.campaign.clone(), s.id),
            Self::Enemy(e) => e.from.clone(),
        }
    }

    /// His close-combat values in a Rogue Trader round: his armour save
    /// (none without armour) and, for an enemy, his close-combat weapon's
    /// S; none for a kill-team soldier, who fights by the kill team's rules.
    pub fn close_values(&self) -> Option<(Option<i64>, Option<i64>)> {
        match self {
            Self::Character(f) => Some((armour_save(&f.equipment).map(i64::from), None)),
            Self::Enemy(e) => Some((
                e.save.map(i64::from),
                e.weapons.iter().find(|w| w.close()).map(|w| i64::from(w.s)),
            )),
            Self::Soldier(_) => None,
        }
    }
}

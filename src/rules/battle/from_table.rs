//! A fight picked on a campaign's table, as the battle screen fills it in:
//! each fighter found by his reference (a Rogue Trader character of an
//! escort, a kill-team soldier, a drawn enemy, CMP-5, or a model the
//! mission names, fought as an enemy is) as the campaign
//! holds him now, with his profile, his wounds left, his save, his weapons
//! and where his wounds go; and the rules the fight is fought by (KT-6: a
//! kill-team soldier's close combat by the kill team's).
//!
//! Pure: the views copy what these return into their fields, and tests
//! reach them without a window.

use crate::rules::CharRef;
use crate::rules::Characteristic as C;
use crate::rules::campaign::{Campaign, CharId, EnemyFighter, EnemyWeapon, Fighter, Member};
use crate::rules::characters::data::{Armoury, ArmouryEntry};
use crate::rules::characters::equipment::{Gear, GearKind, armour_save};
use crate::rules::core::characteristic::Profile;
use crate::rules::core::names::name_in;
use crate::rules::data::RulesData;
use crate::rules::killteam::data::KtProfile;
use crate::rules::killteam::odds::ShotClass;
use crate::rules::killteam::{Derived, ItemId, Soldier, WeaponLine, derive};

use super::scenario::{Count, KtWeapon, RtWeapon};

/// How a fight was picked on the table: the battle screen's mode it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FightMode {
    /// A round of close combat (Rogue Trader, or the kill team's by KT-6).
    CloseCombat,
    /// A shot.
    Shot,
    /// A psychic attack.
    Psychic,
}

/// A Rogue Trader character of a campaign's escort, as the campaign holds
/// him now.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignFighter {
    /// "campaign › character".
    pub label: String,
    /// His name.
    pub name: String,
    /// His profile, W being his wounds left at the table.
    pub profile: Profile,
    /// His equipment.
    pub equipment: Vec<Gear>,
    /// Why he cannot fight (dead, missing, out of action), as a locale key.
    pub unable: Option<&'static str>,
    /// (campaign, character): where his wounds go.
    pub from: CharRef,
    /// He is a psyker (CHR-16).
    pub psyker: bool,
}

/// The wounds the character `id` took at the table of the mission being
/// played, and whether he is out of action there.
fn at_table(c: &Campaign, id: CharId) -> (u32, bool) {
    let table = c.table.as_ref();
    let taken = table.and_then(|t| t.wounds.get(&id).copied()).unwrap_or(0);
    (taken, table.is_some_and(|t| t.out_of_action.contains(&id)))
}

/// The Rogue Trader characters of one campaign's escorts (only the one of
/// id `only`, when given), as the campaign holds them now: the wounds taken
/// at the table of the mission being played off his W.
pub fn fighters_in(c: &Campaign, rules: &RulesData, only: Option<CharId>) -> Vec<CampaignFighter> {
    let mut out = Vec::new();
    for x in c
        .characters
        .iter()
        .filter(|x| only.is_none_or(|id| x.id == id))
    {
        let Member::Character(ch) = &x.member else {
            continue;
        };
        let Ok(mut profile) = ch.profile(rules) else {
            continue;
        };
        let (taken, out_of_action) = at_table(c, x.id);
        let left = profile
            .get(C::W)
            .saturating_sub(i32::try_from(taken).unwrap_or(i32::MAX));
        profile.set(C::W, left.max(0));
        let unable = if !x.state.alive() {
            Some(x.state.key())
        } else if out_of_action || left <= 0 {
            Some("battle.out_of_action")
        } else {
            None
        };
        out.push(CampaignFighter {
            label: format!("{} › {}", c.name, x.name()),
            name: x.name().to_owned(),
            profile,
            equipment: ch.equipment.clone(),
            unable,
            from: CharRef::new(c.id.clone(), x.id),
            psyker: ch.psychic,
        });
    }
    out
}

/// A kill-team soldier of a campaign's escort, as he plays at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignSoldier {
    /// The campaign's id.
    pub campaign: String,
    /// His id in the campaign.
    pub id: CharId,
    /// "campaign › soldier".
    pub label: String,
    /// His name.
    pub name: String,
    /// The soldier as he plays (what he looted in place of his own, RIB-13).
    pub soldier: Soldier,
    /// His profile and weapons with everything he carries counted.
    pub derived: Derived,
    /// His wounds left at the table.
    pub wounds_left: u32,
    /// Why he cannot fight (dead, missing, out of action), as a locale key.
    pub unable: Option<&'static str>,
    /// The single-use items struck off at the table (used up).
    pub struck: Vec<ItemId>,
}

impl CampaignSoldier {
    /// Whether a weapon came with an item struck off at the table: used
    /// up, it cannot be fired again.
    pub fn used(&self, w: &WeaponLine) -> bool {
        w.item.as_ref().is_some_and(|i| self.struck.contains(i))
    }
}

/// The kill-team soldiers of one campaign's escorts (only the one of id
/// `only`, when given), as the campaign holds them now.
pub fn soldiers_in(c: &Campaign, rules: &RulesData, only: Option<CharId>) -> Vec<CampaignSoldier> {
    let mut out = Vec::new();
    for x in c
        .characters
        .iter()
        .filter(|x| only.is_none_or(|id| x.id == id))
    {
        let Member::Soldier(s) = &x.member else {
            continue;
        };
        // As he plays at the table: what he looted in place of his own
        // (RIB-13).
        let s = c.soldier_at_table(x.id).unwrap_or_else(|| s.clone());
        let Ok(derived) = derive(&rules.killteam, &s) else {
            continue;
        };
        let table = c.table.as_ref();
        let (taken, out_of_action) = at_table(c, x.id);
        let struck = table
            .map(|t| {
                t.struck
                    .iter()
                    .filter(|(who, _)| *who == x.id)
                    .map(|(_, item)| item.clone())
                    .collect()
            })
            .unwrap_or_default();
        let wounds_left = u32::try_from(derived.profile.wounds.max(0))
            .unwrap_or(0)
            .saturating_sub(taken);
        let unable = if !x.state.alive() {
            Some(x.state.key())
        } else if out_of_action || wounds_left == 0 {
            Some("battle.out_of_action")
        } else {
            None
        };
        out.push(CampaignSoldier {
            campaign: c.id.clone(),
            id: x.id,
            label: format!("{} › {}", c.name, x.name()),
            name: x.name().to_owned(),
            soldier: s,
            derived,
            wounds_left,
            unable,
            struck,
        });
    }
    out
}

/// A drawn enemy, or a model the mission names, as a fighter.
#[derive(Clone, Debug, PartialEq)]
pub struct TableEnemy {
    /// "Ork boy 3", in the reader's language.
    pub name: String,
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

/// A character's weapon as a Rogue Trader shot fires it; none for what
/// does not shoot. A pistol or ranged weapon written without a range (a
/// roster of an older Muster, a weapon typed by hand) takes its shooting
/// profile from the armoury's entry of the same name, in either language;
/// its own S and save modifier still count.
pub fn rt_weapon(g: &Gear, armoury: &Armoury) -> Option<RtWeapon> {
    let same_name = |e: &&ArmouryEntry| {
        e.names
            .values()
            .any(|n| n.trim().eq_ignore_ascii_case(g.name.trim()))
    };
    let from_armoury = (g.range_inches.is_none()
        && matches!(g.kind, GearKind::Pistol | GearKind::Ranged))
    .then(|| armoury.entries.iter().find(same_name))
    .flatten()
    .map(|e| Gear {
        strength: g.strength.or(e.strength),
        save_modifier: g.save_modifier.or(e.save_modifier),
        ..Gear::from_armoury(e, "en", String::new())
    });
    let g = from_armoury.as_ref().unwrap_or(g);
    let [short, long] = g.range_inches.filter(|_| g.shoots())?;
    let [near, far] = g.to_hit.unwrap_or([0, 0]);
    let damage = match g.damage.as_deref().map(str::trim) {
        None | Some("") => Count::Fixed(1),
        Some(d) => d
            .parse::<i64>()
            .map_or_else(|_| Count::Dice(d.to_owned()), Count::Fixed),
    };
    Some(RtWeapon {
        s: g.strength.map(i64::from),
        range: [i64::from(short), i64::from(long)],
        to_hit: [i64::from(near), i64::from(far)],
        save_modifier: g.save_modifier.map(i64::from),
        shots: Count::Fixed(1),
        damage,
        sustained: i64::from(g.sustained.unwrap_or(0)),
        template: g.template,
        slow: false,
    })
}

/// An enemy's weapon of the faction tables as a Rogue Trader shot fires
/// it: its one range long, its short range the data's share of it
/// (Assumed), its AP as the save modifier, its shots and damage.
pub fn enemy_rt_weapon(rules: &RulesData, w: &EnemyWeapon) -> RtWeapon {
    let long = i64::from(w.range);
    let short = long * i64::from(rules.shooting.enemy_short_range_percent) / 100;
    RtWeapon {
        s: Some(i64::from(w.s)),
        range: [short, long],
        to_hit: [0, 0],
        save_modifier: Some(i64::from(w.ap)),
        shots: Count::from(&w.shots),
        damage: Count::from(&w.damage),
        sustained: 0,
        template: w.flame,
        slow: false,
    }
}

/// A kill-team profile as a target (KT-16, KT-19): T, the save (none when
/// no roll of its dice can make it) and its dice.
pub fn target_profile(p: &KtProfile) -> (i64, Option<i64>, i64) {
    let dice = p.save_dice.clamp(1, 3);
    let save = (p.save <= 6 * i32::try_from(dice).unwrap_or(1)).then_some(i64::from(p.save));
    (i64::from(p.toughness), save, i64::from(dice))
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
    let e = c.enemy(i)?;
    let f = c.enemy_fighter(i, rules)?;
    let taken = c
        .table
        .as_ref()
        .and_then(|t| t.enemy_wounds.get(&i).copied())
        .unwrap_or(0);
    let left = c.enemy_wounds(i, rules).saturating_sub(taken);
    let names = c.enemy_names(i);
    let name = name_in(&names, lang, e.entry_type.as_str()).to_owned();
    let character = e.entry_type.is_character();
    Some(fought_as_enemy(name, f, left, r, character))
}

/// The enemy's side for the battle screen of a fighter who fights as `f`
/// says, `left` wounds left, his wounds going to `from`.
fn fought_as_enemy(
    name: String,
    f: &EnemyFighter,
    left: u32,
    from: &CharRef,
    character: bool,
) -> TableSide {
    TableSide::Enemy(TableEnemy {
        name,
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
    let n = c.named_model(i, rules)?;
    let f = c.named_fighter(i, rules)?;
    let left = c.named_wounds(i, rules)?.saturating_sub(c.named_taken(i));
    let name = name_in(&n.names, lang, &n.id).to_owned();
    Some(fought_as_enemy(name, f, left, r, true))
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

/// The rules a fight picked on the table is fought by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoughtBy {
    /// A Rogue Trader round of close combat (CC-*).
    CloseCombat,
    /// A kill-team close combat (KT-6): a soldier is in it, and no Rogue
    /// Trader character.
    KillTeamCloseCombat,
    /// A shot by the kill team's rules (KT-12 … KT-16).
    Shot,
    /// A Rogue Trader shot: a Rogue Trader character shoots, or is shot
    /// at by an enemy.
    RtShot,
    /// A psychic attack.
    Psychic,
}

/// A fight picked on a campaign's table: both fighters as the campaign
/// holds them now, and the rules it is fought by.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFight {
    /// Who attacks.
    pub attacker: TableSide,
    /// Whom.
    pub target: TableSide,
    /// By which rules.
    pub by: FoughtBy,
    /// The attacker's weapon picked, by its place among his ranged weapons
    /// (a shot).
    pub weapon: usize,
    /// A flash grenade dazzled the attacker this turn: -1 to his hit rolls
    /// (EQ-10).
    pub dazzled: bool,
}

/// The fight `mode` of `attacker` against `target` picked on the table of
/// `c`; none when either is no longer there.
pub fn table_fight(
    c: &Campaign,
    rules: &RulesData,
    (mode, attacker, target, weapon): (FightMode, &CharRef, &CharRef, Option<usize>),
    lang: &str,
) -> Option<TableFight> {
    let a = table_side(c, rules, attacker, lang)?;
    let t = table_side(c, rules, target, lang)?;
    let by = match mode {
        FightMode::CloseCombat if a.kt_close(&t) => FoughtBy::KillTeamCloseCombat,
        FightMode::CloseCombat => FoughtBy::CloseCombat,
        FightMode::Shot if a.rt_shot(&t) => FoughtBy::RtShot,
        FightMode::Shot => FoughtBy::Shot,
        FightMode::Psychic => FoughtBy::Psychic,
    };
    let dazzled = c
        .table
        .as_ref()
        .is_some_and(|t| t.dazzled_now(CharId(attacker.id)));
    Some(TableFight {
        attacker: a,
        target: t,
        by,
        weapon: weapon.unwrap_or(0),
        dazzled,
    })
}

/// One of an enemy's blows in a kill-team close combat.
#[derive(Clone, Debug, PartialEq)]
pub struct EnemyBlow {
    /// The weapon's names, none for bare hands.
    pub names: Option<crate::rules::core::names::Names>,
    /// His attacks with it.
    pub attacks: Count,
    /// Strength.
    pub s: i64,
    /// Armour penetration.
    pub ap: i64,
    /// Damage.
    pub damage: Count,
}

/// A drawn enemy's blows in a kill-team close combat (CMP-5, KT-6): his
/// close-combat weapons, then bare hands; he strikes his profile's A times
/// (a weapon of the data gives no attacks of its own, unless it names more
/// than one).
pub fn enemy_blows(rules: &RulesData, e: &TableEnemy) -> Vec<EnemyBlow> {
    use crate::rules::core::dice::Amount;
    let a = Count::Fixed(i64::from(e.profile.get(C::A).max(1)));
    let attacks = |shots: &Amount| match shots {
        Amount::Fixed(1) => a.clone(),
        other => Count::from(other),
    };
    let mut blows: Vec<EnemyBlow> = e
        .weapons
        .iter()
        .filter(|w| w.close())
        .map(|w| EnemyBlow {
            names: Some(w.names.clone()),
            attacks: attacks(&w.shots),
            s: i64::from(w.s),
            ap: i64::from(w.ap),
            damage: Count::from(&w.damage),
        })
        .collect();
    let fists = crate::rules::killteam::melee::unarmed(&rules.killteam, e.profile.get(C::S));
    blows.push(EnemyBlow {
        names: None,
        attacks: a,
        s: i64::from(fists.strength),
        ap: i64::from(fists.ap),
        damage: Count::from(&fists.damage),
    });
    blows
}

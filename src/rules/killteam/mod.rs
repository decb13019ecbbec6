//! Kill teams: the Imperial Guard house rules (KT-1 … KT-21, EQ-1 … EQ-31,
//! RIB-1 … RIB-13), kept apart from the Rogue Trader rules. A kill team is a
//! document of its own kind; this module holds its composition rules, each
//! soldier's derived profile, and its pure update.

pub mod actions;
pub mod activation;
pub mod data;
mod edit;
pub mod item_use;
pub mod melee;
pub mod odds;
mod profile;
pub mod ribbons;
pub mod shot_gear;
pub mod table;
pub mod turn;
pub mod victory;

use serde::{Deserialize, Serialize};

pub use data::{ItemId, KillTeamData, KindId, RibbonId, WeaponId};
pub use edit::KillTeamEdit;
pub use profile::{Derived, WeaponLine, carried_count, derive};

use crate::rules::core::msg::Msg;
use crate::rules::core::names::joined;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use data::{Grant, Restriction, WeaponClass, WeaponType};

/// Id of a soldier, unique within its team.
pub type SoldierId = u64;

/// An item a soldier carries, with the weapon it brings when it brings one
/// (EQ-4, EQ-8, EQ-9, EQ-28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carried {
    /// The item's id.
    pub item: ItemId,
    /// The weapon it brings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<WeaponId>,
}

/// A soldier of a kill team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Soldier {
    /// Unique within the team.
    pub id: SoldierId,
    /// The soldier's name.
    pub name: String,
    /// The soldier kind's id (`guardsman`).
    pub kind: KindId,
    /// The weapon carried.
    pub weapon: WeaponId,
    /// Special equipment (one, two with the Specialist ribbon).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Carried>,
    /// The ribbon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ribbon: Option<RibbonId>,
}

/// A kill team: the document the kill-team builder edits. A draft: it can
/// always be saved; `validate` lists what breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KillTeam {
    /// Stable id (also the file name).
    pub id: String,
    /// Shown in the library.
    pub name: String,
    /// Free notes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Soldier equivalents the team must count (KT-1); the rules data's
    /// size when not set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_size: Option<u32>,
    /// The soldiers, in the player's order.
    #[serde(default)]
    pub soldiers: Vec<Soldier>,
}

/// Where the team stands on the composition rules: what the summary shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Composition {
    /// Soldier equivalents used (KT-4).
    pub equivalents: u32,
    /// Equivalents the team must count (KT-1).
    pub size: u32,
    /// Sergeants (KT-2).
    pub sergeants: u32,
    /// Soldiers carrying a special weapon (KT-3).
    pub special_weapons: u32,
    /// Weapons teams (KT-3).
    pub weapons_teams: u32,
    /// Heavy weapons in all (KT-3).
    pub heavy_weapons: u32,
    /// Victory points the team is worth to the enemy (KT-21).
    pub vp: u32,
}

impl KillTeam {
    /// An empty team.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            notes: String::new(),
            team_size: None,
            soldiers: Vec::new(),
        }
    }

    /// A soldier by id.
    pub fn soldier(&self, id: SoldierId) -> Option<&Soldier> {
        self.soldiers.iter().find(|s| s.id == id)
    }

    /// The id the next soldier gets.
    pub fn next_soldier_id(&self) -> SoldierId {
        self.soldiers
            .iter()
            .map(|s| s.id)
            .max()
            .map_or(1, |m| m.saturating_add(1))
    }

    /// Equivalents the team must count (KT-1).
    pub fn size(&self, data: &KillTeamData) -> u32 {
        self.team_size.unwrap_or(data.team_size)
    }

    /// The counts the composition rules are about.
    pub fn composition(&self, data: &KillTeamData) -> Composition {
        let mut c = Composition {
            size: self.size(data),
            ..Composition::default()
        };
        for s in &self.soldiers {
            let Some(kind) = data.kind(&s.kind) else {
                continue;
            };
            c.equivalents = c.equivalents.saturating_add(kind.equivalents);
            c.vp = c.vp.saturating_add(kind.vp);
            c.sergeants += u32::from(kind.sergeant);
            c.weapons_teams += u32::from(kind.weapons_team);
            let classes = weapon_classes(data, s);
            c.special_weapons += u32::from(classes.contains(&WeaponClass::Special));
            c.heavy_weapons += u32::try_from(
                classes
                    .iter()
                    .filter(|&&class| class == WeaponClass::Heavy)
                    .count(),
            )
            .unwrap_or(u32::MAX);
        }
        c
    }

    /// Every rule the team breaks: its composition (KT-1 … KT-5) and each
    /// soldier's choices (EQ-*, RIB-*), each naming the rule.
    pub fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        let data = &rules.killteam;
        let c = self.composition(data);
        let mut problems = Vec::new();
        if c.equivalents != c.size {
            problems.push(
                Problem::new("KT-1", "kt.problem.size")
                    .arg("equivalents", c.equivalents)
                    .arg("size", c.size),
            );
        }
        if c.sergeants != 1 {
            problems.push(Problem::new("KT-2", "kt.problem.sergeants").arg("count", c.sergeants));
        }
        if c.special_weapons > data.max_special_weapons {
            problems.push(
                Problem::new("KT-3", "kt.problem.special_weapons")
                    .arg("count", c.special_weapons)
                    .arg("max", data.max_special_weapons),
            );
        }
        if c.weapons_teams > data.max_weapons_teams {
            problems.push(
                Problem::new("KT-3", "kt.problem.weapons_teams")
                    .arg("count", c.weapons_teams)
                    .arg("max", data.max_weapons_teams),
            );
        }
        if c.heavy_weapons > data.max_heavy_weapons {
            problems.push(
                Problem::new("KT-3", "kt.problem.heavy_weapons")
                    .arg("count", c.heavy_weapons)
                    .arg("max", data.max_heavy_weapons),
            );
        }
        let mut seen = std::collections::BTreeSet::new();
        for s in &self.soldiers {
            if !seen.insert(s.id) {
                problems.push(
                    Problem::new("FILE", "problem.duplicate_id")
                        .character(&s.name)
                        .arg("id", s.id),
                );
            }
            problems.extend(soldier_problems(data, s));
        }
        problems
    }
}

/// The classes of the weapons a soldier carries: his own, and a combi
/// weapon's second (EQ-4).
fn weapon_classes(data: &KillTeamData, s: &Soldier) -> Vec<WeaponClass> {
    let mut classes: Vec<WeaponClass> = data
        .weapon(&s.weapon)
        .map(|w| w.class)
        .into_iter()
        .collect();
    for carried in &s.items {
        if let Some(w) = carried.weapon.as_ref().and_then(|w| data.weapon(w))
            && w.class != WeaponClass::Basic
        {
            classes.push(w.class);
        }
    }
    classes
}

/// Why a soldier may not carry `weapon` as his main weapon (KT-3, KT-18 …
/// KT-20, EQ-8, EQ-9, EQ-28), if not.
pub fn weapon_refusal(data: &KillTeamData, s: &Soldier, weapon: &WeaponId) -> Option<Problem> {
    if let (Some(kind), Some(w)) = (data.kind(&s.kind), data.weapon(weapon)) {
        // A close-combat weapon, a pistol or a grenade comes on top of the
        // basic kit (EQ-8, EQ-9; a grenade is thrown, KT-14), never as a
        // soldier's main weapon, unless it is his kind's own (the
        // sergeant's laspistol).
        let not_main = match w.weapon_type {
            WeaponType::Melee => Some("EQ-8"),
            WeaponType::Pistol => Some("EQ-9"),
            WeaponType::Grenade => Some("KT-14"),
            WeaponType::RapidFire | WeaponType::Assault | WeaponType::Heavy => None,
        };
        if let Some(rule) = not_main
            && w.id != kind.default_weapon
        {
            return Some(
                Problem::new(rule, "kt.problem.not_a_main_weapon")
                    .character(&s.name)
                    .named("weapon", w.id.as_str(), &w.names),
            );
        }
    }
    carry_refusal(data, s, weapon)
}

/// Why a soldier may not carry `weapon` at all, as his main weapon or an
/// item's (KT-3, KT-18 … KT-20, EQ-28), if not.
fn carry_refusal(data: &KillTeamData, s: &Soldier, weapon: &WeaponId) -> Option<Problem> {
    let Some(kind) = data.kind(&s.kind) else {
        return Some(unknown_kind(s));
    };
    let Some(w) = data.weapon(weapon) else {
        return Some(
            Problem::new("KT-5", "kt.problem.unknown_weapon")
                .character(&s.name)
                .arg("weapon", weapon),
        );
    };
    if !w.only_kinds.is_empty() && !w.only_kinds.contains(&kind.id) {
        // A weapon an item of restricted use brings (the sergeant's bolter,
        // EQ-28) comes only with that item, never as a main weapon.
        if let Some(it) = data.equipment.iter().find(|it| {
            !it.restrictions.is_empty()
                && it.weapon_choice.as_ref().is_some_and(|p| p.default == w.id)
        }) {
            return Some(
                Problem::new(it.rule.clone(), "kt.problem.weapon_by_item_only")
                    .character(&s.name)
                    .named("weapon", w.id.as_str(), &w.names)
                    .named("item", it.id.as_str(), &it.names),
            );
        }
        return Some(
            Problem::new("KT-5", "kt.problem.weapon_not_for_kind")
                .character(&s.name)
                .named("weapon", w.id.as_str(), &w.names)
                .named("kind", kind.id.as_str(), &kind.names),
        );
    }
    if kind.weapon_classes.contains(&w.class) {
        return None;
    }
    // A Strongman may carry a heavy weapon without a weapons team (RIB-9).
    let strongman = s
        .ribbon
        .as_ref()
        .and_then(|r| data.ribbon(r))
        .is_some_and(|r| r.grants.contains(&Grant::HeavyWeapon));
    if w.class == WeaponClass::Heavy && strongman {
        return None;
    }
    // The reason follows the weapon's class: a heavy weapon needs a weapons
    // team or a Strongman (RIB-9), a special weapon a special weapon
    // carrier (KT-3); a basic one is not the kind's.
    let (rule, key) = match w.class {
        WeaponClass::Heavy => ("RIB-9", "kt.problem.weapon_class"),
        WeaponClass::Special => ("KT-3", "kt.problem.weapon_class_special"),
        WeaponClass::Basic => ("KT-5", "kt.problem.weapon_not_for_kind"),
    };
    Some(
        Problem::new(rule, key)
            .character(&s.name)
            .named("weapon", w.id.as_str(), &w.names)
            .named("kind", kind.id.as_str(), &kind.names),
    )
}

/// Why a soldier may not take `item` (EQ-*, RIB-4, RIB-6), if not, given the
/// items he carries besides it.
pub fn item_refusal(data: &KillTeamData, s: &Soldier, item: &ItemId) -> Option<Problem> {
    let Some(kind) = data.kind(&s.kind) else {
        return Some(unknown_kind(s));
    };
    let Some(it) = data.item(item) else {
        return Some(
            Problem::new("KT-5", "kt.problem.unknown_item")
                .character(&s.name)
                .arg("item", item),
        );
    };
    for r in &it.restrictions {
        let refusal = match r {
            Restriction::Sergeant if !kind.sergeant => {
                Some(Problem::new(it.rule.clone(), "kt.problem.sergeant_only"))
            }
            Restriction::Tag { tag } if !kind.tags.contains(tag) => Some(
                Problem::new(it.rule.clone(), "kt.problem.tag_only").named(
                    "kinds",
                    tag,
                    &joined(
                        data.soldier_kinds
                            .iter()
                            .filter(|k| k.tags.contains(tag))
                            .map(|k| &k.names),
                    ),
                ),
            ),
            Restriction::SpecialWeaponCarrier
                if data
                    .weapon(&s.weapon)
                    .is_none_or(|w| w.class != WeaponClass::Special) =>
            {
                Some(Problem::new(
                    it.rule.clone(),
                    "kt.problem.special_weapon_only",
                ))
            }
            _ => None,
        };
        if let Some(p) = refusal {
            return Some(
                p.character(&s.name)
                    .named("item", it.id.as_str(), &it.names),
            );
        }
    }
    let others: Vec<&ItemId> = s
        .items
        .iter()
        .map(|c| &c.item)
        .filter(|&i| i != item)
        .collect();
    let allowed = allowed_items(data, s);
    let already = s.items.iter().filter(|c| c.item == *item).count();
    if already >= 1 && allowed > 1 {
        // Specialist: two different items (RIB-4).
        return Some(
            Problem::new("RIB-4", "kt.problem.same_item_twice")
                .character(&s.name)
                .named("item", it.id.as_str(), &it.names),
        );
    }
    if let Some(group) = &it.group
        && let Some(other) = others
            .iter()
            .filter_map(|&o| data.item(o))
            .find(|o| o.group.as_ref() == Some(group))
    {
        return Some(
            Problem::new(it.rule.clone(), "kt.problem.exclusive")
                .character(&s.name)
                .named("item", it.id.as_str(), &it.names)
                .named("other", other.id.as_str(), &other.names),
        );
    }
    None
}

/// Why the weapon `weapon` may not come with the item `item` (its type is
/// not the item's, or the soldier may not carry it), if not.
pub fn item_weapon_refusal(
    data: &KillTeamData,
    s: &Soldier,
    item: &ItemId,
    weapon: &WeaponId,
) -> Option<Problem> {
    let refusal = || {
        let p = Problem::new("KT-5", "kt.problem.weapon_not_for_item").character(&s.name);
        with_item(with_weapon(p, data, "weapon", weapon), data, "item", item)
    };
    let Some(pick) = data.item(item).and_then(|it| it.weapon_choice.as_ref()) else {
        return Some(refusal());
    };
    let Some(w) = data.weapon(weapon) else {
        return Some(refusal());
    };
    if !pick.types.is_empty() && !pick.types.contains(&w.weapon_type) {
        return Some(refusal());
    }
    // The item's own weapon is his by the item (the sergeant's bolter,
    // EQ-28); any other must be one he may carry.
    if *weapon != pick.default
        && let Some(p) = carry_refusal(data, s, weapon)
    {
        return Some(p);
    }
    None
}

/// How many items a soldier may carry: one, two with a ribbon that grants a
/// second (RIB-4).
pub fn allowed_items(data: &KillTeamData, s: &Soldier) -> usize {
    let second = s
        .ribbon
        .as_ref()
        .and_then(|r| data.ribbon(r))
        .is_some_and(|r| r.grants.contains(&Grant::SecondItem));
    if second { 2 } else { 1 }
}

/// Why a soldier may not take one more item `item`, if not: the item's
/// own refusal ([`item_refusal`]), or his hands full (one item, two with
/// the ribbon that grants a second: KT-5, RIB-4).
pub fn item_add_refusal(data: &KillTeamData, s: &Soldier, item: &ItemId) -> Option<Problem> {
    item_refusal(data, s, item).or_else(|| {
        let allowed = allowed_items(data, s);
        hands_full(data, s).then(|| too_many_items(s, s.items.len() + 1, allowed))
    })
}

/// Whether the soldier carries every item he may (KT-5, RIB-4).
pub fn hands_full(data: &KillTeamData, s: &Soldier) -> bool {
    s.items.len() >= allowed_items(data, s)
}

/// A soldier with `count` items where he may carry `allowed` (KT-5, RIB-4).
fn too_many_items(s: &Soldier, count: usize, allowed: usize) -> Problem {
    let rule = if allowed > 1 { "RIB-4" } else { "KT-5" };
    Problem::new(rule, "kt.problem.too_many_items")
        .character(&s.name)
        .arg("count", count)
        .arg("max", allowed)
}

/// Why a soldier may not take `ribbon`, if not (KT-5, KT-20).
pub fn ribbon_refusal(data: &KillTeamData, s: &Soldier, ribbon: &RibbonId) -> Option<Problem> {
    let Some(kind) = data.kind(&s.kind) else {
        return Some(unknown_kind(s));
    };
    let Some(r) = data.ribbon(ribbon) else {
        return Some(
            Problem::new("KT-5", "kt.problem.unknown_ribbon")
                .character(&s.name)
                .arg("ribbon", ribbon),
        );
    };
    if kind.no_ribbon {
        return Some(
            Problem::new("KT-5", "kt.problem.no_ribbon")
                .character(&s.name)
                .named("kind", kind.id.as_str(), &kind.names),
        );
    }
    // Explosives expert doubles a mine, a chem bomb or a flash grenade: it
    // is refused to a soldier who carries none (RIB-6).
    for grant in &r.grants {
        if let Grant::Double { items } = grant
            && !s.items.iter().any(|c| items.contains(&c.item))
        {
            return Some(
                Problem::new(r.rule.clone(), "kt.problem.double_needs_item")
                    .character(&s.name)
                    .named(
                        "list",
                        &(items.iter().map(ItemId::as_str))
                            .collect::<Vec<_>>()
                            .join(", "),
                        &joined(items.iter().filter_map(|i| data.item(i)).map(|i| &i.names)),
                    ),
            );
        }
    }
    None
}

/// `p` with the item `id` as the argument `arg`: its name in the reader's
/// language, or the id itself when the data does not know it.
pub fn with_item(p: Problem, data: &KillTeamData, arg: &'static str, id: &ItemId) -> Problem {
    match data.item(id) {
        Some(it) => p.named(arg, id.as_str(), &it.names),
        None => p.arg(arg, id),
    }
}

/// `p` with the weapon `id` as the argument `arg`, as [`with_item`].
pub fn with_weapon(p: Problem, data: &KillTeamData, arg: &'static str, id: &WeaponId) -> Problem {
    match data.weapon(id) {
        Some(w) => p.named(arg, id.as_str(), &w.names),
        None => p.arg(arg, id),
    }
}

fn unknown_kind(s: &Soldier) -> Problem {
    Problem::new("KT-4", "kt.problem.unknown_kind")
        .character(&s.name)
        .arg("kind", &s.kind)
}

/// Every rule one soldier's choices break.
fn soldier_problems(data: &KillTeamData, s: &Soldier) -> Vec<Problem> {
    if data.kind(&s.kind).is_none() {
        return vec![unknown_kind(s)];
    }
    let mut problems: Vec<Problem> = weapon_refusal(data, s, &s.weapon).into_iter().collect();
    let allowed = allowed_items(data, s);
    if s.items.len() > allowed {
        problems.push(too_many_items(s, s.items.len(), allowed));
    }
    for (i, carried) in s.items.iter().enumerate() {
        // Each item is judged against the others (a repeated item once).
        let mut without = s.clone();
        without.items.remove(i);
        if s.items[..i].iter().any(|c| c.item == carried.item) {
            continue;
        }
        if let Some(p) = item_refusal(data, &without, &carried.item) {
            problems.push(p);
        } else if s.items.iter().filter(|c| c.item == carried.item).count() > 1 {
            problems.push(with_item(
                Problem::new(
                    if allowed > 1 { "RIB-4" } else { "KT-5" },
                    "kt.problem.same_item_twice",
                )
                .character(&s.name),
                data,
                "item",
                &carried.item,
            ));
        }
        // An item's weapon is judged as the picker judges it: the item's
        // own (the sergeant's bolter) is his by the item; any other must be
        // one he may carry, so a combi-weapon gets no heavy weapon around
        // KT-3 and RIB-9 (EQ-4).
        if let Some(w) = &carried.weapon
            && let Some(p) = item_weapon_refusal(data, s, &carried.item, w)
        {
            problems.push(p);
        }
    }
    if let Some(r) = &s.ribbon
        && let Some(p) = ribbon_refusal(data, s, r)
    {
        problems.push(p);
    }
    problems
}

/// What the library shows of a team.
pub fn summary(team: &KillTeam) -> Msg {
    Msg::new("summary.soldiers").int("count", team.soldiers.len())
}

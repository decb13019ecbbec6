//! The kill team as a kind of document: its edits and their pure update. A
//! choice a soldier may not make (an item for the sergeant only, a ribbon on
//! a vehicle …) is refused with its rule; the team's composition (KT-1 …
//! KT-3) is a draft's business, reported by `validate`.

use rand::Rng;

use super::data::{KillTeamData, KindId, RibbonId, SoldierKind, WeaponId};
use super::{
    Carried, KillTeam, Soldier, SoldierId, allowed_items, item_add_refusal, item_weapon_refusal,
    ribbon_refusal, weapon_refusal,
};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{Applied, Document, Outcome};

/// An edit of a kill team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KillTeamEdit {
    /// New notes.
    SetNotes(String),
    /// The equivalents the team must count (KT-1); `None`: the rules data's.
    SetTeamSize(Option<u32>),
    /// A new soldier of a kind, with its name and its kind's weapon.
    AddSoldier {
        /// The soldier kind.
        kind: KindId,
        /// The name.
        name: String,
    },
    /// Remove a soldier.
    RemoveSoldier(SoldierId),
    /// Copy a soldier, under a new name, just after him.
    DuplicateSoldier {
        /// The soldier copied.
        id: SoldierId,
        /// The copy's name.
        name: String,
    },
    /// Move a soldier to another place in the list.
    MoveSoldier {
        /// The soldier moved.
        id: SoldierId,
        /// His new index.
        to: usize,
    },
    /// Rename a soldier.
    RenameSoldier(SoldierId, String),
    /// Change a soldier's kind (his weapon becomes the kind's own if he may
    /// not keep his).
    SetKind(SoldierId, KindId),
    /// Change a soldier's weapon.
    SetWeapon(SoldierId, WeaponId),
    /// Give a soldier an item (with the weapon it brings, if it brings one).
    AddItem(SoldierId, Carried),
    /// Take an item back (by its place in his list).
    RemoveItem(SoldierId, usize),
    /// Choose the weapon an item brings (EQ-4, EQ-8, EQ-9, EQ-28), by the
    /// item's place in his list.
    SetItemWeapon(SoldierId, usize, WeaponId),
    /// Give or take a ribbon.
    SetRibbon(SoldierId, Option<RibbonId>),
}

fn missing(id: SoldierId) -> Problem {
    Problem::new("FILE", "kt.problem.no_such_soldier").arg("id", id)
}

fn name_of(name: &str) -> Result<String, Problem> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Problem::new("FILE", "problem.empty_name"));
    }
    Ok(name.to_owned())
}

impl Document for KillTeam {
    const KIND: crate::rules::doc::DocKind = crate::rules::doc::DocKind::KillTeam;
    type Edit = KillTeamEdit;

    fn create(id: String, name: String, _rules: &RulesData) -> Self {
        Self::new(id, name)
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn set_name(&mut self, name: String) {
        self.name = name;
    }
    fn summary(&self) -> Msg {
        super::summary(self)
    }
    fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        KillTeam::validate(self, rules)
    }
    fn repair(&mut self) -> bool {
        let mut seen = std::collections::BTreeSet::new();
        let mut changed = false;
        for i in 0..self.soldiers.len() {
            if !seen.insert(self.soldiers[i].id) {
                let id = self.next_soldier_id();
                self.soldiers[i].id = id;
                seen.insert(id);
                changed = true;
            }
        }
        changed
    }

    fn merges(edit: &KillTeamEdit) -> bool {
        matches!(edit, KillTeamEdit::SetTeamSize(_))
    }

    fn edit_subject(&self, edit: &KillTeamEdit) -> Option<crate::rules::core::names::Names> {
        use KillTeamEdit as K;
        let id = match edit {
            K::RemoveSoldier(id)
            | K::DuplicateSoldier { id, .. }
            | K::MoveSoldier { id, .. }
            | K::RenameSoldier(id, _)
            | K::SetKind(id, _)
            | K::SetWeapon(id, _)
            | K::AddItem(id, _)
            | K::RemoveItem(id, _)
            | K::SetItemWeapon(id, _, _)
            | K::SetRibbon(id, _) => *id,
            _ => return None,
        };
        let name = self.soldier(id)?.name.clone();
        Some(crate::rules::core::names::Names::from([(
            "en".to_owned(),
            name,
        )]))
    }

    fn edit_label(edit: &KillTeamEdit) -> &'static str {
        match edit {
            KillTeamEdit::SetNotes(_) => "kt.history.notes",
            KillTeamEdit::SetTeamSize(_) => "kt.history.team_size",
            KillTeamEdit::AddSoldier { .. } => "kt.history.add_soldier",
            KillTeamEdit::RemoveSoldier(_) => "kt.history.remove_soldier",
            KillTeamEdit::DuplicateSoldier { .. } => "kt.history.duplicate_soldier",
            KillTeamEdit::MoveSoldier { .. } => "kt.history.move_soldier",
            KillTeamEdit::RenameSoldier(..) => "kt.history.rename_soldier",
            KillTeamEdit::SetKind(..) => "kt.history.kind",
            KillTeamEdit::SetWeapon(..) => "kt.history.weapon",
            KillTeamEdit::AddItem(..)
            | KillTeamEdit::RemoveItem(..)
            | KillTeamEdit::SetItemWeapon(..) => "kt.history.items",
            KillTeamEdit::SetRibbon(..) => "kt.history.ribbon",
        }
    }

    fn apply<R: Rng + ?Sized>(
        &self,
        edit: KillTeamEdit,
        rules: &RulesData,
        _rng: &mut R,
    ) -> Applied<Self> {
        let data = &rules.killteam;
        let mut team = self.clone();
        let mut outcome = Outcome::default();
        let t = &mut team;
        match edit {
            KillTeamEdit::SetNotes(notes) => t.notes = notes,
            KillTeamEdit::SetTeamSize(size) => set_team_size(t, size)?,
            KillTeamEdit::AddSoldier { kind, name } => {
                outcome.created = Some(add_soldier(t, data, &kind, &name)?);
            }
            KillTeamEdit::RemoveSoldier(id) => remove_soldier(t, id)?,
            KillTeamEdit::DuplicateSoldier { id, name } => duplicate_soldier(t, id, &name)?,
            KillTeamEdit::MoveSoldier { id, to } => move_soldier(t, id, to)?,
            KillTeamEdit::RenameSoldier(id, name) => rename_soldier(soldier(t, id)?, &name)?,
            KillTeamEdit::SetKind(id, kind) => set_kind(data, soldier(t, id)?, &kind)?,
            KillTeamEdit::SetWeapon(id, weapon) => set_weapon(data, soldier(t, id)?, weapon)?,
            KillTeamEdit::AddItem(id, carried) => add_item(data, soldier(t, id)?, carried)?,
            KillTeamEdit::RemoveItem(id, at) => remove_item(data, soldier(t, id)?, at)?,
            KillTeamEdit::SetItemWeapon(id, at, weapon) => {
                set_item_weapon(data, soldier(t, id)?, at, weapon)?;
            }
            KillTeamEdit::SetRibbon(id, ribbon) => set_ribbon(data, soldier(t, id)?, ribbon)?,
        }
        Ok((team, outcome))
    }
}

/// The place of a soldier in the team's list, or the problem of a soldier
/// the team lacks.
fn index(team: &KillTeam, id: SoldierId) -> Result<usize, Problem> {
    team.soldiers
        .iter()
        .position(|s| s.id == id)
        .ok_or_else(|| missing(id))
}

/// The soldier of that id, to change.
fn soldier(team: &mut KillTeam, id: SoldierId) -> Result<&mut Soldier, Problem> {
    let i = index(team, id)?;
    Ok(&mut team.soldiers[i])
}

/// The kind of that id, or the problem of an unknown kind (KT-4).
fn kind_of<'d>(data: &'d KillTeamData, kind: &KindId) -> Result<&'d SoldierKind, Problem> {
    data.kind(kind)
        .ok_or_else(|| Problem::new("KT-4", "kt.problem.unknown_kind").arg("kind", kind))
}

/// A new team size (KT-1): never zero.
fn set_team_size(team: &mut KillTeam, size: Option<u32>) -> Result<(), Problem> {
    if size == Some(0) {
        return Err(Problem::new("KT-1", "kt.problem.size_zero"));
    }
    team.team_size = size;
    Ok(())
}

/// A new soldier of a known kind, with his kind's weapon; his id.
fn add_soldier(
    team: &mut KillTeam,
    data: &KillTeamData,
    kind: &KindId,
    name: &str,
) -> Result<SoldierId, Problem> {
    let k = kind_of(data, kind)?;
    let id = team.next_soldier_id();
    team.soldiers.push(Soldier {
        id,
        name: name_of(name)?,
        kind: kind.clone(),
        weapon: k.default_weapon.clone(),
        items: Vec::new(),
        ribbon: None,
    });
    Ok(id)
}

/// A soldier taken out of the team.
fn remove_soldier(team: &mut KillTeam, id: SoldierId) -> Result<(), Problem> {
    let i = index(team, id)?;
    team.soldiers.remove(i);
    Ok(())
}

/// A soldier's new name, never empty.
fn rename_soldier(s: &mut Soldier, name: &str) -> Result<(), Problem> {
    s.name = name_of(name)?;
    Ok(())
}

/// A copy of a soldier, under a new name and id, just after him.
fn duplicate_soldier(team: &mut KillTeam, id: SoldierId, name: &str) -> Result<(), Problem> {
    let i = index(team, id)?;
    let copy = Soldier {
        id: team.next_soldier_id(),
        name: name_of(name)?,
        ..team.soldiers[i].clone()
    };
    team.soldiers.insert(i + 1, copy);
    Ok(())
}

/// A soldier moved to another place (at most the end of the list).
fn move_soldier(team: &mut KillTeam, id: SoldierId, to: usize) -> Result<(), Problem> {
    let i = index(team, id)?;
    let soldier = team.soldiers.remove(i);
    let to = to.min(team.soldiers.len());
    team.soldiers.insert(to, soldier);
    Ok(())
}

/// A new kind: the kind's weapon if he may not keep his, and no ribbon the
/// new kind may not wear.
fn set_kind(data: &KillTeamData, s: &mut Soldier, kind: &KindId) -> Result<(), Problem> {
    let k = kind_of(data, kind)?;
    s.kind = kind.clone();
    if weapon_refusal(data, s, &s.weapon).is_some() {
        s.weapon = k.default_weapon.clone();
    }
    // A vehicle takes no ribbon (KT-5): the new kind drops it.
    drop_unlawful_ribbon(data, s);
    Ok(())
}

/// Drops the soldier's ribbon if he may no longer wear it.
fn drop_unlawful_ribbon(data: &KillTeamData, s: &mut Soldier) {
    if let Some(r) = s.ribbon.clone()
        && ribbon_refusal(data, s, &r).is_some()
    {
        s.ribbon = None;
    }
}

/// A new weapon, if the soldier may carry it.
fn set_weapon(data: &KillTeamData, s: &mut Soldier, weapon: WeaponId) -> Result<(), Problem> {
    if let Some(p) = weapon_refusal(data, s, &weapon) {
        return Err(p);
    }
    s.weapon = weapon;
    Ok(())
}

/// A new item, if the soldier may carry it and one more (KT-5, RIB-4), with
/// the weapon it brings (its default unless one is chosen).
fn add_item(data: &KillTeamData, s: &mut Soldier, carried: Carried) -> Result<(), Problem> {
    if let Some(p) = item_add_refusal(data, s, &carried.item) {
        return Err(p);
    }
    let mut carried = carried;
    if let Some(pick) = data
        .item(&carried.item)
        .and_then(|it| it.weapon_choice.as_ref())
    {
        let weapon = carried
            .weapon
            .take()
            .unwrap_or_else(|| pick.default.clone());
        if let Some(p) = item_weapon_refusal(data, s, &carried.item, &weapon) {
            return Err(p);
        }
        carried.weapon = Some(weapon);
    } else {
        carried.weapon = None;
    }
    s.items.push(carried);
    Ok(())
}

/// The problem of an item place the soldier's list lacks.
fn no_such_item(at: usize) -> Problem {
    Problem::new("FILE", "kt.problem.no_such_item").arg("at", at)
}

/// An item taken back, and the ribbon it alone allowed.
fn remove_item(data: &KillTeamData, s: &mut Soldier, at: usize) -> Result<(), Problem> {
    if at >= s.items.len() {
        return Err(no_such_item(at));
    }
    s.items.remove(at);
    // Explosives expert without what it doubles is dropped (RIB-6).
    drop_unlawful_ribbon(data, s);
    Ok(())
}

/// The weapon an item brings, if the soldier may have it.
fn set_item_weapon(
    data: &KillTeamData,
    s: &mut Soldier,
    at: usize,
    weapon: WeaponId,
) -> Result<(), Problem> {
    let Some(carried) = s.items.get(at) else {
        return Err(no_such_item(at));
    };
    if let Some(p) = item_weapon_refusal(data, s, &carried.item, &weapon) {
        return Err(p);
    }
    s.items[at].weapon = Some(weapon);
    Ok(())
}

/// A ribbon given or taken, if the soldier may wear it and keeps lawful
/// items and weapon without it.
fn set_ribbon(
    data: &KillTeamData,
    s: &mut Soldier,
    ribbon: Option<RibbonId>,
) -> Result<(), Problem> {
    if let Some(r) = &ribbon
        && let Some(p) = ribbon_refusal(data, s, r)
    {
        return Err(p);
    }
    // Taking away a ribbon that carried a second item or a heavy
    // weapon would leave them unlawful: refused until they go.
    let mut after = s.clone();
    after.ribbon = ribbon.clone();
    if after.items.len() > allowed_items(data, &after) {
        return Err(Problem::new("RIB-4", "kt.problem.ribbon_needed_for_items").character(&s.name));
    }
    if let Some(p) = weapon_refusal(data, &after, &after.weapon) {
        return Err(p);
    }
    s.ribbon = ribbon;
    Ok(())
}

//! The kill team as a kind of document: its edits and their pure update. A
//! choice a soldier may not make (an item for the sergeant only, a ribbon on
//! a vehicle …) is refused with its rule; the team's composition (KT-1 …
//! KT-3) is a draft's business, reported by `validate`.

use rand::Rng;

use super::{
    Carried, KillTeam, Soldier, SoldierId, allowed_items, item_refusal, item_weapon_refusal,
    ribbon_refusal, weapon_refusal,
};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{Applied, DocKind, Outcome};

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
        kind: String,
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
    SetKind(SoldierId, String),
    /// Change a soldier's weapon.
    SetWeapon(SoldierId, String),
    /// Give a soldier an item (with the weapon it brings, if it brings one).
    AddItem(SoldierId, Carried),
    /// Take an item back (by its place in his list).
    RemoveItem(SoldierId, usize),
    /// Choose the weapon an item brings (EQ-4, EQ-8, EQ-9, EQ-28), by the
    /// item's place in his list.
    SetItemWeapon(SoldierId, usize, String),
    /// Give or take a ribbon.
    SetRibbon(SoldierId, Option<String>),
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

impl DocKind for KillTeam {
    const KIND: &'static str = "killteam";
    const FOLDER: &'static str = "killteams";
    const LABEL: &'static str = "kind.killteam";
    const DEFAULT_NAME: &'static str = "kt.default_name";
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
        let index = |team: &KillTeam, id: SoldierId| {
            team.soldiers
                .iter()
                .position(|s| s.id == id)
                .ok_or_else(|| missing(id))
        };
        match edit {
            KillTeamEdit::SetNotes(notes) => team.notes = notes,
            KillTeamEdit::SetTeamSize(size) => {
                if size == Some(0) {
                    return Err(Problem::new("KT-1", "kt.problem.size_zero"));
                }
                team.team_size = size;
            }
            KillTeamEdit::AddSoldier { kind, name } => {
                let k = data.kind(&kind).ok_or_else(|| {
                    Problem::new("KT-4", "kt.problem.unknown_kind").arg("kind", &kind)
                })?;
                let id = team.next_soldier_id();
                team.soldiers.push(Soldier {
                    id,
                    name: name_of(&name)?,
                    kind: k.id.clone(),
                    weapon: k.default_weapon.clone(),
                    items: Vec::new(),
                    ribbon: None,
                });
                outcome.created = Some(id);
            }
            KillTeamEdit::RemoveSoldier(id) => {
                let i = index(&team, id)?;
                team.soldiers.remove(i);
            }
            KillTeamEdit::DuplicateSoldier { id, name } => {
                let i = index(&team, id)?;
                let copy = Soldier {
                    id: team.next_soldier_id(),
                    name: name_of(&name)?,
                    ..team.soldiers[i].clone()
                };
                team.soldiers.insert(i + 1, copy);
            }
            KillTeamEdit::MoveSoldier { id, to } => {
                let i = index(&team, id)?;
                let soldier = team.soldiers.remove(i);
                let to = to.min(team.soldiers.len());
                team.soldiers.insert(to, soldier);
            }
            KillTeamEdit::RenameSoldier(id, name) => {
                let i = index(&team, id)?;
                team.soldiers[i].name = name_of(&name)?;
            }
            KillTeamEdit::SetKind(id, kind) => {
                let i = index(&team, id)?;
                let k = data.kind(&kind).ok_or_else(|| {
                    Problem::new("KT-4", "kt.problem.unknown_kind").arg("kind", &kind)
                })?;
                let s = &mut team.soldiers[i];
                s.kind = k.id.clone();
                if weapon_refusal(data, s, &s.weapon).is_some() {
                    s.weapon = k.default_weapon.clone();
                }
                if let Some(r) = s.ribbon.clone()
                    && ribbon_refusal(data, s, &r).is_some()
                {
                    // A vehicle takes no ribbon (KT-5): the new kind drops it.
                    s.ribbon = None;
                }
            }
            KillTeamEdit::SetWeapon(id, weapon) => {
                let i = index(&team, id)?;
                let s = &mut team.soldiers[i];
                if let Some(p) = weapon_refusal(data, s, &weapon) {
                    return Err(p);
                }
                s.weapon = weapon;
            }
            KillTeamEdit::AddItem(id, carried) => {
                let i = index(&team, id)?;
                let s = &mut team.soldiers[i];
                if let Some(p) = item_refusal(data, s, &carried.item) {
                    return Err(p);
                }
                let allowed = allowed_items(data, s);
                if s.items.len() >= allowed {
                    let rule = if allowed > 1 { "RIB-4" } else { "KT-5" };
                    return Err(Problem::new(rule, "kt.problem.too_many_items")
                        .character(&s.name)
                        .arg("count", s.items.len() + 1)
                        .arg("max", allowed));
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
            }
            KillTeamEdit::RemoveItem(id, at) => {
                let i = index(&team, id)?;
                let s = &mut team.soldiers[i];
                if at >= s.items.len() {
                    return Err(Problem::new("FILE", "kt.problem.no_such_item").arg("at", at));
                }
                s.items.remove(at);
                // Explosives expert without what it doubles is dropped (RIB-6).
                if let Some(r) = s.ribbon.clone()
                    && ribbon_refusal(data, s, &r).is_some()
                {
                    s.ribbon = None;
                }
            }
            KillTeamEdit::SetItemWeapon(id, at, weapon) => {
                let i = index(&team, id)?;
                let s = &mut team.soldiers[i];
                let Some(carried) = s.items.get(at) else {
                    return Err(Problem::new("FILE", "kt.problem.no_such_item").arg("at", at));
                };
                if let Some(p) = item_weapon_refusal(data, s, &carried.item, &weapon) {
                    return Err(p);
                }
                s.items[at].weapon = Some(weapon);
            }
            KillTeamEdit::SetRibbon(id, ribbon) => {
                let i = index(&team, id)?;
                let s = &mut team.soldiers[i];
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
                    return Err(Problem::new("RIB-4", "kt.problem.ribbon_needed_for_items")
                        .character(&s.name));
                }
                if let Some(p) = weapon_refusal(data, &after, &after.weapon) {
                    return Err(p);
                }
                s.ribbon = ribbon;
            }
        }
        Ok((team, outcome))
    }
}

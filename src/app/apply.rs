//! `App::apply`: the one place where documents change.

use std::path::Path;

use super::{
    App, Change, CharacterEdit, Command, HISTORY_LIMIT, MessageKind, NewCharacter, Screen,
};
use crate::i18n::Lang;
use crate::rules::character::{campaign_character, random_hero};
use crate::rules::dice::DiceRng;
use crate::rules::roster::roll_pool;
use crate::rules::{
    Character, CharacterId, PointsScheme, Problem, RandomPlacement, Roster, RulesData,
};
use crate::store::{self, export_roster, read_roster_file};

/// What an edit of a roster returns: `Ok(Some(text))` adds a line to the log.
type EditResult = Result<Option<(MessageKind, String)>, Problem>;

/// The D20 rolls of a random placement, for the log (CHR-11).
pub fn describe_placement(lang: Lang, placement: &RandomPlacement) -> String {
    // Every roll, in the order rolled, with what it raised or, for a
    // characteristic already at its maximum, that it was rolled again.
    let rolls: Vec<String> = placement
        .steps
        .iter()
        .map(|step| {
            let names = step.names.map_or("?", |c| c.key());
            let key = if step.raised {
                "dice.step_raised"
            } else {
                "dice.step_rerolled"
            };
            lang.f(
                key,
                &[
                    ("face", &step.roll.total.to_string()),
                    ("characteristic", names),
                ],
            )
        })
        .collect();
    let rerolled = placement.steps.iter().filter(|s| !s.raised).count();
    let mut text = lang.f(
        "dice.placement",
        &[
            ("rolls", &rolls.join(", ")),
            ("placed", &placement.placed.to_string()),
            ("rerolled", &rerolled.to_string()),
        ],
    );
    if placement.unspent > 0 {
        text.push(' ');
        text.push_str(&lang.f(
            "dice.unspent",
            &[("unspent", &placement.unspent.to_string())],
        ));
    }
    text
}

impl App {
    /// Runs one command.
    pub fn apply(&mut self, command: Command) {
        let lang = self.model.lang;
        if self.model.read_only && command.changes_documents() {
            self.message(
                MessageKind::Refused,
                lang.t("store.read_only_refused").to_owned(),
            );
            return;
        }
        match command {
            // Saving is what follows every command.
            Command::Save => {}
            Command::Show(screen) => self.model.screen = screen,
            Command::SetLang(lang) => self.model.lang = lang,
            Command::DismissMessage(i) => {
                if i < self.model.messages.len() {
                    self.model.messages.remove(i);
                }
            }
            Command::Reload => {
                if self.dirty.is_empty() {
                    self.reload();
                } else {
                    self.message(
                        MessageKind::Error,
                        lang.t("store.reload_unsaved").to_owned(),
                    );
                }
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CreateRoster(name) => {
                let name = if name.trim().is_empty() {
                    lang.t("roster.default_name").to_owned()
                } else {
                    name.trim().to_owned()
                };
                let id = self.fresh_id(&name);
                let roster = Roster::new(id.clone(), name);
                self.record(
                    "history.create_roster",
                    vec![(id.clone(), None, Some(roster))],
                );
                self.model.screen = Screen::Roster(id);
            }
            Command::RenameRoster(id, name) => {
                let name = name.trim().to_owned();
                if name.is_empty() {
                    self.message(MessageKind::Refused, lang.t("roster.empty_name").to_owned());
                } else {
                    self.edit(&id, "history.rename_roster", |r, _, _| {
                        r.name = name;
                        Ok(None)
                    });
                }
            }
            Command::DuplicateRoster(id) => {
                if let Some(original) = self.model.roster(&id).cloned() {
                    let name = lang.f("roster.copy_of", &[("name", &original.name)]);
                    let new_id = self.fresh_id(&name);
                    let copy = Roster {
                        id: new_id.clone(),
                        name,
                        ..original
                    };
                    self.record("history.duplicate_roster", vec![(new_id, None, Some(copy))]);
                }
            }
            Command::DeleteRoster(id) => {
                if let Some(roster) = self.model.roster(&id).cloned() {
                    self.record(
                        "history.delete_roster",
                        vec![(id.clone(), Some(roster), None)],
                    );
                    if matches!(&self.model.screen, Screen::Roster(r) | Screen::Character(r, _) if *r == id)
                    {
                        self.model.screen = Screen::Library;
                    }
                }
            }
            Command::SetPoints(id, scheme) => {
                self.edit(&id, "history.set_points", |r, _, _| {
                    r.points = scheme;
                    Ok(None)
                });
            }
            Command::RollPool(id, force_models, dice_per_20) => {
                self.edit(&id, "history.roll_pool", |r, _, rng| {
                    let roll = roll_pool(force_models, dice_per_20, rng)?;
                    let points = u32::try_from(roll.total.max(0)).unwrap_or(0);
                    r.points = PointsScheme::Pool {
                        points,
                        force_models,
                    };
                    Ok(Some((
                        MessageKind::Dice,
                        lang.f("dice.pool", &[("roll", &roll.to_string())]),
                    )))
                });
            }
            Command::AddCharacter(id, name, how) => self.add_character(&id, name, how),
            Command::RemoveCharacter(id, cid) => {
                self.edit(&id, "history.remove_character", |r, _, _| {
                    r.characters.retain(|c| c.id != cid);
                    Ok(None)
                });
                if self.model.screen == Screen::Character(id.clone(), cid) {
                    self.model.screen = Screen::Roster(id);
                }
            }
            Command::DuplicateCharacter(id, cid) => {
                self.edit(&id, "history.duplicate_character", |r, _, _| {
                    if let Some(c) = r.character(cid).cloned() {
                        let copy = Character {
                            id: r.next_character_id(),
                            name: lang.f("roster.copy_of", &[("name", &c.name)]),
                            ..c
                        };
                        r.characters.push(copy);
                    }
                    Ok(None)
                });
            }
            Command::EditCharacter(id, cid, edit) => self.edit_character(&id, cid, edit),
            Command::ImportDialog => {
                match self.desktop.pick_import(lang.t("dialog.roster_filter")) {
                    Some(path) => self.import(&path),
                    // Cancelled, or no file dialog on this desktop: say
                    // the other way in.
                    None => {
                        self.message(MessageKind::Info, lang.t("import.none_chosen").to_owned())
                    }
                }
            }
            Command::Import(path) => self.import(&path),
            Command::ExportDialog(id) => {
                let name = self
                    .model
                    .roster(&id)
                    .map(|r| format!("{}.json", store::slug(&r.name)))
                    .unwrap_or_default();
                if let Some(path) = self
                    .desktop
                    .pick_export(lang.t("dialog.roster_filter"), &name)
                {
                    self.export(&id, &path);
                }
            }
            Command::Export(id, path) => self.export(&id, &path),
            Command::OpenFolder(path) => {
                if let Err(e) = self.desktop.open_folder(&path) {
                    let text = lang.f(
                        "store.open_folder_failed",
                        &[
                            ("reason", &e.to_string()),
                            ("path", &path.display().to_string()),
                        ],
                    );
                    self.message(MessageKind::Error, text);
                }
            }
        }
        self.save_dirty();
    }

    /// A roster id used by no roster in memory and no file on disk.
    fn fresh_id(&self, name: &str) -> String {
        let base = match &self.store {
            Some(s) => s.fresh_id(name),
            None => store::slug(name),
        };
        let mut id = base.clone();
        let mut n = 2;
        while self.id_taken(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }

    /// Whether a roster in memory, a file of the library (readable or not)
    /// or a deleted roster's backups use `id`.
    fn id_taken(&self, id: &str) -> bool {
        self.model.roster(id).is_some() || self.store.as_ref().is_some_and(|s| s.id_in_use(id))
    }

    /// Records a change (already decided) and applies its after-states.
    fn record(
        &mut self,
        label: &'static str,
        rosters: Vec<(String, Option<Roster>, Option<Roster>)>,
    ) {
        let change = Change { label, rosters };
        self.set_states(&change, false);
        self.model.history.undo.push(change);
        if self.model.history.undo.len() > HISTORY_LIMIT {
            self.model.history.undo.remove(0);
        }
        self.model.history.redo.clear();
    }

    /// Puts each roster of `change` in its before (`undo`) or after state.
    fn set_states(&mut self, change: &Change, undo: bool) {
        for (id, before, after) in &change.rosters {
            let state = if undo { before } else { after };
            self.model.rosters.retain(|r| r.id != *id);
            if let Some(roster) = state {
                self.model.rosters.push(roster.clone());
            }
            self.dirty.insert(id.clone());
        }
        self.model.rosters.sort_by_key(|r| r.name.to_lowercase());
        // Leave a screen whose roster or character no longer exists.
        let screen_ok = match &self.model.screen {
            Screen::Library => true,
            Screen::Roster(id) => self.model.roster(id).is_some(),
            Screen::Character(id, cid) => self
                .model
                .roster(id)
                .is_some_and(|r| r.character(*cid).is_some()),
        };
        if !screen_ok {
            self.model.screen = match &self.model.screen {
                Screen::Character(id, _) if self.model.roster(id).is_some() => {
                    Screen::Roster(id.clone())
                }
                _ => Screen::Library,
            };
        }
    }

    fn undo(&mut self) {
        if let Some(change) = self.model.history.undo.pop() {
            self.set_states(&change, true);
            let text = self.model.lang.f(
                "history.undone",
                &[("what", self.model.lang.t(change.label))],
            );
            self.message(MessageKind::Info, text);
            self.model.history.redo.push(change);
        }
    }

    fn redo(&mut self) {
        if let Some(change) = self.model.history.redo.pop() {
            self.set_states(&change, false);
            let text = self.model.lang.f(
                "history.redone",
                &[("what", self.model.lang.t(change.label))],
            );
            self.message(MessageKind::Info, text);
            self.model.history.undo.push(change);
        }
    }

    /// Edits a copy of a roster; keeps it (recorded for undo) only if the edit
    /// succeeds and changes something, else logs the refusal.
    fn edit(
        &mut self,
        id: &str,
        label: &'static str,
        f: impl FnOnce(&mut Roster, &RulesData, &mut DiceRng) -> EditResult,
    ) -> bool {
        let Some(before) = self.model.roster(id).cloned() else {
            return false;
        };
        let mut after = before.clone();
        match f(&mut after, &self.model.rules, &mut self.rng) {
            Ok(note) => {
                let changed = after != before;
                if changed {
                    self.record(label, vec![(id.to_owned(), Some(before), Some(after))]);
                }
                if let Some((kind, text)) = note {
                    self.message(kind, text);
                }
                changed
            }
            Err(problem) => {
                let text = self.model.lang.problem_line(&problem);
                self.message(MessageKind::Refused, text);
                false
            }
        }
    }

    fn add_character(&mut self, id: &str, name: String, how: NewCharacter) {
        let lang = self.model.lang;
        let added = self.edit(id, "history.add_character", |r, rules, rng| {
            let cid = r.next_character_id();
            let name = if name.trim().is_empty() {
                lang.f("character.default_name", &[("n", &cid.to_string())])
            } else {
                name.trim().to_owned()
            };
            let (character, note) = match how {
                NewCharacter::Standard { race, type_id } => {
                    let mut c = Character::new(cid, name, race);
                    c.race(rules)?;
                    c.set_type(type_id, rules)?;
                    (c, None)
                }
                NewCharacter::RandomHero { race, level } => {
                    let (c, roll, placement) =
                        random_hero(Character::new(cid, name, race), &level, rules, rng)?;
                    let text = lang.f(
                        "dice.random_hero",
                        &[
                            ("name", &c.name),
                            ("roll", &roll.to_string()),
                            ("placement", &describe_placement(lang, &placement)),
                        ],
                    );
                    (c, Some((MessageKind::Dice, text)))
                }
                NewCharacter::Campaign { race } => {
                    let (c, roll, placement) =
                        campaign_character(Character::new(cid, name, race), rules, rng)?;
                    let text = lang.f(
                        "dice.campaign",
                        &[
                            ("name", &c.name),
                            ("roll", &roll.to_string()),
                            ("placement", &describe_placement(lang, &placement)),
                        ],
                    );
                    (c, Some((MessageKind::Dice, text)))
                }
            };
            r.characters.push(character);
            Ok(note)
        });
        if added
            && let Some(roster) = self.model.roster(id)
            && let Some(last) = roster.characters.last()
        {
            self.model.screen = Screen::Character(id.to_owned(), last.id);
        }
    }

    fn edit_character(&mut self, id: &str, cid: CharacterId, edit: CharacterEdit) {
        let lang = self.model.lang;
        let label = match &edit {
            CharacterEdit::Rename(_) => "history.rename_character",
            CharacterEdit::SetRace(_) => "history.set_race",
            CharacterEdit::SetType(_) => "history.set_type",
            CharacterEdit::SetAdvancePoints(_) => "history.set_points_allotted",
            CharacterEdit::Spend(_) => "history.spend",
            CharacterEdit::Refund(_) => "history.refund",
            CharacterEdit::SetPsychic(_) | CharacterEdit::RollPsychic => "history.psychic",
            CharacterEdit::PlaceRandom => "history.place_random",
            CharacterEdit::RollPoints(_) => "history.roll_points",
            CharacterEdit::AfterGame { .. } => "history.after_game",
            CharacterEdit::SetNotes(_) => "history.notes",
        };
        self.edit(id, label, |r, rules, rng| {
            let Some(c) = r.character_mut(cid) else {
                return Ok(None);
            };
            match edit {
                CharacterEdit::Rename(name) => {
                    let name = name.trim();
                    if !name.is_empty() {
                        c.name = name.to_owned();
                    }
                    Ok(None)
                }
                CharacterEdit::SetRace(race) => c.set_race(&race, rules).map(|()| None),
                CharacterEdit::SetType(t) => c.set_type(t, rules).map(|()| None),
                CharacterEdit::SetAdvancePoints(n) => c.set_advance_points(n).map(|()| None),
                CharacterEdit::Spend(ch) => c.spend(ch, rules).map(|()| None),
                CharacterEdit::Refund(ch) => c.refund(ch).map(|()| None),
                CharacterEdit::SetPsychic(p) => c.set_psychic(p, rules).map(|()| None),
                CharacterEdit::RollPsychic => {
                    let chance = c.race(rules)?.psychic_chance_percent;
                    let (roll, gained) = c.roll_psychic(rules, rng)?;
                    let key = if gained {
                        "dice.psychic_yes"
                    } else {
                        "dice.psychic_no"
                    };
                    let text = lang.f(
                        key,
                        &[
                            ("name", &c.name),
                            ("roll", &roll.to_string()),
                            ("chance", &chance.to_string()),
                        ],
                    );
                    Ok(Some((MessageKind::Dice, text)))
                }
                CharacterEdit::PlaceRandom => {
                    let placement = c.place_random(rules, rng)?;
                    let text = lang.f(
                        "dice.place_random",
                        &[
                            ("name", &c.name),
                            ("placement", &describe_placement(lang, &placement)),
                        ],
                    );
                    Ok(Some((MessageKind::Dice, text)))
                }
                CharacterEdit::RollPoints(level) => {
                    let t = rules.character_type(&level).ok_or_else(|| {
                        Problem::new("CHR-10", "problem.unknown_type").arg("type", &level)
                    })?;
                    let roll = crate::rules::Roll::new(
                        rng,
                        t.random_points.count,
                        t.random_points.sides,
                        0,
                    );
                    let points = u32::try_from(roll.total.max(0)).unwrap_or(0);
                    let spent = c.points_spent();
                    c.set_advance_points(points.max(spent))?;
                    let mut text = lang.f(
                        "dice.points",
                        &[("name", &c.name), ("roll", &roll.to_string())],
                    );
                    if points < spent {
                        // Points already spent stay spent: say why the
                        // allotment is not what the dice gave.
                        text.push(' ');
                        text.push_str(&lang.f(
                            "character.points_raised",
                            &[("name", &c.name), ("spent", &spent.to_string())],
                        ));
                    }
                    Ok(Some((MessageKind::Dice, text)))
                }
                CharacterEdit::AfterGame { wounded, unworthy } => {
                    let gained = c.after_game(wounded, unworthy);
                    let key = if gained > 0 {
                        "character.gained_point"
                    } else {
                        "character.gained_nothing"
                    };
                    Ok(Some((MessageKind::Info, lang.f(key, &[("name", &c.name)]))))
                }
                CharacterEdit::SetNotes(notes) => {
                    c.notes = notes;
                    Ok(None)
                }
            }
        });
    }

    /// Brings a roster file into the library. A file that cannot be read is
    /// refused with the reason and the library is left as it was.
    fn import(&mut self, path: &Path) {
        let lang = self.model.lang;
        let mut roster = match read_roster_file(path) {
            Ok(roster) => roster,
            Err(e) => {
                let text = lang.f("import.refused", &[("reason", &lang.store_error(&e))]);
                self.message(MessageKind::Error, text);
                return;
            }
        };
        roster.renumber_duplicate_ids();
        // The id inside a friend's file is only a hint: made portable, and
        // replaced when a roster, a file or a deleted roster's backups have it.
        roster.id = store::sanitize(&roster.id);
        if self.model.roster(&roster.id) == Some(&roster) {
            let text = lang.f("import.already", &[("name", &roster.name)]);
            self.message(MessageKind::Info, text);
            return;
        }
        if self.id_taken(&roster.id) {
            roster.id = self.fresh_id(&roster.name);
        }
        let problems = roster.validate(&self.model.rules).len();
        let id = roster.id.clone();
        let name = roster.name.clone();
        self.record("history.import", vec![(id.clone(), None, Some(roster))]);
        let text = if problems == 0 {
            lang.f("import.done", &[("name", &name)])
        } else {
            lang.f(
                "import.done_with_problems",
                &[("name", &name), ("count", &problems.to_string())],
            )
        };
        self.message(MessageKind::Info, text);
        self.model.screen = Screen::Roster(id);
    }

    fn export(&mut self, id: &str, path: &Path) {
        let lang = self.model.lang;
        let Some(roster) = self.model.roster(id) else {
            return;
        };
        let text = match export_roster(roster, path) {
            Ok(()) => (
                MessageKind::Info,
                lang.f(
                    "export.done",
                    &[
                        ("name", &roster.name),
                        ("path", &path.display().to_string()),
                    ],
                ),
            ),
            Err(e) => (
                MessageKind::Error,
                lang.f("export.failed", &[("reason", &lang.store_error(&e))]),
            ),
        };
        self.message(text.0, text.1);
    }
}

//! `App::apply`: the one place where documents change. The rules are the
//! kinds' own `apply` in `crate::rules`; here they are recorded for undo,
//! saved, and their outcome logged.

use std::path::Path;

use super::{Action, App, Change, Command, HISTORY_LIMIT, MessageKind, Screen};
use crate::rules::{Doc, DocKey, Edit, LineKind, Msg};
use crate::store::{self, StoreError};

impl App {
    /// Runs one command, then saves what changed.
    pub fn apply(&mut self, command: Command) {
        if let Command::At(origin, command) = command {
            self.model.feedback.refusal = None;
            self.origin = Some(origin);
            self.apply(*command);
            self.origin = None;
            return;
        }
        if self.model.folder.read_only && command.changes_documents() {
            self.message(MessageKind::Refused, Msg::new("store.read_only_refused"));
            return;
        }
        // A change made from the keyboard (Undo, a shortcut) takes a
        // refusal shown beside a widget away too.
        if self.origin.is_none() && command.changes_documents() {
            self.model.feedback.refusal = None;
        }
        match command {
            // Saving is what follows every command.
            Command::Save => {}
            c @ (Command::Show(_)
            | Command::Back
            | Command::At(..)
            | Command::DismissRefusal
            | Command::Fight(_)
            | Command::SetLang(_)
            | Command::SetMachine(_)
            | Command::SetLog(_)
            | Command::SetZoom(_)
            | Command::SetTheme(_)) => self.apply_view(c),
            Command::DismissMessage(i) => self.dismiss_message(i),
            Command::Reload => self.reload_if_saved(),
            Command::CheckDisk => self.check_disk(),
            Command::TakeDiskVersion(key) => self.take_disk_version(&key),
            Command::KeepMine(key) => self.keep_mine(&key),
            Command::KeepInstead(key, keep, over) => self.keep_instead(&key, &keep, &over),
            Command::Merge(act) => self.merging(act),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Create(kind, name) => self.create(kind, &name),
            Command::CreateFrom(doc) => self.create_from(&doc),
            Command::OpenExample(example) => self.open_example(example),
            Command::NextCampaign(id) => self.next_campaign(&id),
            Command::Rename(key, name) => self.rename_doc(key, &name),
            Command::Duplicate(key, name) => self.duplicate_doc(&key, name),
            Command::Delete(key) => self.delete_doc(key),
            Command::Edit(key, edit) => self.edit(&key, &edit),
            Command::ImportDialog => self.import_dialog(),
            Command::Import(path) => self.import(&path),
            Command::ExportDialog(key) => self.export_dialog(&key),
            Command::Export(key, path) => self.export(&key, &path),
            Command::Roll(title, scenario) => {
                self.roll(
                    title,
                    crate::rules::battle::Fight::Attack(scenario),
                    Vec::new(),
                );
            }
            Command::RollFight(title, fight, combatants) => self.roll(title, fight, combatants),
            Command::Simulate(request) => self.simulate(request),
            Command::ReplayFight(index) => self.replay(index),
            Command::RerollDie(index, roll) => self.reroll_die(index, roll),
            Command::SetBattleOutcome(outcome) => self.model.battle.outcome = outcome,
            Command::Powers(act) => self.powers(act),
            Command::ExportBattleLog => self.export_battle_log(),
            Command::RollTable(title, what) => {
                self.roll(title, crate::rules::battle::Fight::Table(what), Vec::new());
            }
            Command::SetPrint(print) => self.model.prefs.print = print,
            Command::ExportPdfDialog(key) => self.export_pdf_dialog(&key),
            Command::ExportPdf(key, path) => self.export_pdf(&key, path),
            Command::ExportPdfToDocuments(key) => self.export_pdf_to_documents(&key),
            Command::TypesetPreview(request) => self.typeset_preview(request),
            Command::CopySheetText(key) => self.copy_sheet_text(&key),
            Command::OpenFile(path) => self.open_file(&path),
            Command::OpenFolder(path) => self.open_folder(&path),
            Command::ChooseDataDir => self.choose_data_dir(),
            Command::SetDataDir(dir) => self.switch_data_dir(dir),
            Command::ForgetFolderProblem => self.model.folder.problem = None,
        }
        self.save_dirty();
    }

    /// The commands that change only what is shown: the screen, the
    /// language, the log panel, the zoom, the theme, a refusal read, a fight picked on
    /// a table. `apply` hands them here.
    fn apply_view(&mut self, command: Command) {
        match command {
            Command::Show(screen) => {
                self.model.feedback.refusal = None;
                self.show(screen);
            }
            Command::Back => {
                self.model.feedback.refusal = None;
                self.back();
            }
            // Taken apart by `apply`.
            Command::At(_, command) => self.apply(*command),
            Command::DismissRefusal => self.model.feedback.refusal = None,
            Command::Fight(setup) => {
                self.new_fight = Some(setup);
                self.show(Screen::Battle);
            }
            Command::SetLang(lang) => self.model.prefs.lang = lang,
            Command::SetMachine(name) => {
                self.model.prefs.machine = name;
                if let Some(store) = &self.store {
                    store.use_machine_name(&self.model.machine_by());
                }
            }
            Command::SetLog(log) => {
                self.model.prefs.log = super::LogPrefs {
                    open: log.open,
                    height: log
                        .height
                        .clamp(*super::LOG_HEIGHTS.start(), *super::LOG_HEIGHTS.end()),
                };
            }
            Command::SetZoom(zoom) => {
                self.model.prefs.zoom =
                    zoom.clamp(*super::ZOOM_RANGE.start(), *super::ZOOM_RANGE.end());
            }
            Command::SetTheme(theme) => self.model.prefs.theme = theme,
            _ => {}
        }
    }

    /// Dismisses the message at that place, if there is one.
    fn dismiss_message(&mut self, i: usize) {
        if i < self.model.feedback.messages.len() {
            self.model.feedback.messages.remove(i);
        }
    }

    /// Reads the library again, unless a change is not saved yet.
    fn reload_if_saved(&mut self) {
        // What is being written is let land first: the library is
        // read as Muster left it (a rare click; it reads every file
        // anyway).
        self.flush_saves();
        if !self.has_unsaved() {
            self.reload();
        } else {
            self.message(MessageKind::Error, Msg::new("store.reload_unsaved"));
        }
    }

    /// Renames a document: never to an empty name, recorded only when the
    /// name changes.
    fn rename_doc(&mut self, key: DocKey, name: &str) {
        let name = name.trim().to_owned();
        if name.is_empty() {
            self.message(MessageKind::Refused, Msg::new("roster.empty_name"));
        } else if let Some(doc) = self.model.doc(&key).cloned()
            && doc.name() != name
        {
            let after = doc.renamed(None, Some(name));
            self.record(Action::Rename.label(), vec![(key, Some(doc), Some(after))]);
        }
    }

    /// A copy of a document under a new name and a fresh id.
    fn duplicate_doc(&mut self, key: &DocKey, name: String) {
        if let Some(original) = self.model.doc(key).cloned() {
            let new_id = self.fresh_id(&name);
            let copy = original.renamed(Some(new_id.clone()), Some(name));
            self.record(
                Action::Duplicate.label(),
                vec![(DocKey::new(key.kind, new_id), None, Some(copy))],
            );
        }
    }

    /// Deletes a document (undone like any change).
    fn delete_doc(&mut self, key: DocKey) {
        if let Some(doc) = self.model.doc(&key).cloned() {
            self.record(Action::Delete.label(), vec![(key, Some(doc), None)]);
        }
    }

    /// Asks the desktop for a file to import, and imports it.
    fn import_dialog(&mut self) {
        let filter = self.model.prefs.lang.t("dialog.document_filter").to_owned();
        match self.desktop.pick_import(&filter) {
            Some(path) => self.import(&path),
            // Cancelled, or no file dialog on this desktop: say the
            // other way in.
            None => self.message(MessageKind::Info, Msg::new("import.none_chosen")),
        }
    }

    /// Asks the desktop where to export a document, and exports it there.
    fn export_dialog(&mut self, key: &DocKey) {
        let name = self
            .model
            .doc(key)
            .map(|d| format!("{}.json", store::slug(d.name())))
            .unwrap_or_default();
        if !self.desktop.has_file_dialogs() {
            // No dialog on this desktop: into the documents folder, under
            // the document's name (never over another file); the log says
            // where.
            let Some(dir) = self.documents_folder() else {
                self.message(MessageKind::Error, Msg::new("export.no_documents"));
                return;
            };
            if let Err(e) = std::fs::create_dir_all(&dir) {
                let reason = Msg::new("export.folder_failed")
                    .text("path", dir.display().to_string())
                    .text("reason", e.to_string());
                self.message(
                    MessageKind::Error,
                    Msg::new("export.failed").msg("reason", reason),
                );
                return;
            }
            let path = super::printing::free_path(&dir, &name);
            self.export(key, &path);
            return;
        }
        let filter = self.model.prefs.lang.t("dialog.document_filter").to_owned();
        match self.desktop.pick_export(&filter, &name) {
            Some(path) => self.export(key, &path),
            // Cancelled, or a dialog that could not open: never silent.
            None => self.message(MessageKind::Info, Msg::new("export.none_chosen")),
        }
    }

    /// Opens a folder in the desktop's file manager, or says why not.
    fn open_folder(&mut self, path: &Path) {
        if let Err(e) = self.desktop.open_folder(path) {
            let text = Msg::new("store.open_folder_failed")
                .text("reason", e.to_string())
                .text("path", path.display().to_string());
            self.message(MessageKind::Error, text);
        }
    }

    fn create(&mut self, kind: &'static str, name: &str) {
        let Some(entry) = self.model.library.kinds.get(kind).copied() else {
            return;
        };
        let name = if name.trim().is_empty() {
            self.model.prefs.lang.t(entry.default_name).to_owned()
        } else {
            name.trim().to_owned()
        };
        let id = self.fresh_id(&name);
        let doc = entry.create(id.clone(), name, &self.model.rules);
        let screen = Screen::of(&doc);
        self.record(
            Action::New.label(),
            vec![(DocKey::new(kind, id), None, Some(doc))],
        );
        if let Some(screen) = screen {
            self.show(screen);
        }
    }

    fn create_from(&mut self, doc: &crate::rules::Doc) {
        let kind = doc.kind();
        let id = self.fresh_id(doc.name());
        let doc = doc.renamed(Some(id.clone()), None);
        let screen = Screen::of(&doc);
        self.record(
            Action::New.label(),
            vec![(DocKey::new(kind, id), None, Some(doc))],
        );
        if let Some(screen) = screen {
            self.show(screen);
        }
    }

    /// A copy of an example in the library, shown (one undoable step).
    fn open_example(&mut self, example: super::Example) {
        match self
            .model
            .library
            .kinds
            .parse(example.text(), example.file_stem())
        {
            Ok(doc) => self.create_from(&doc),
            Err(e) => {
                let text = Msg::new("library.example_unreadable").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
            }
        }
    }

    /// The next campaign of an ended one (CMP-17), as a new document; a
    /// campaign that cannot carry over is refused with its reason.
    fn next_campaign(&mut self, id: &str) {
        use crate::rules::campaign::Campaign;
        let Some(c) = self.model.get::<Campaign>(id) else {
            return;
        };
        let name = self
            .model
            .prefs
            .lang
            .f("campaign.ui.next_campaign_name", &[("name", &c.name)]);
        match c.next_campaign(id, name, &self.model.rules) {
            Ok(next) => self.create_from(&Doc::new(next)),
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// An id used by no document in memory and no file on disk.
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

    /// Whether a document in memory, a file of the library (readable or not)
    /// or a deleted document's backups use `id`.
    fn id_taken(&self, id: &str) -> bool {
        self.model.library.docs.iter().any(|d| d.id() == id)
            || self.store.as_ref().is_some_and(|s| s.id_in_use(id))
    }

    /// Records a change (already decided) and applies its after-states.
    pub(super) fn record(
        &mut self,
        label: &'static str,
        docs: Vec<(DocKey, Option<Doc>, Option<Doc>)>,
    ) {
        let change = Change {
            label,
            docs,
            subject: None,
        };
        self.set_states(&change, false, true);
        self.model.history.undo.push(change);
        if self.model.history.undo.len() > HISTORY_LIMIT {
            self.model.history.undo.remove(0);
        }
        self.model.history.redo.clear();
    }

    /// Puts each document of `change` in its before (`undo`) or after state;
    /// `unsaved`: they differ from the disk.
    fn set_states(&mut self, change: &Change, undo: bool, unsaved: bool) {
        for (key, before, after) in &change.docs {
            let (state, expected) = if undo {
                (before, after)
            } else {
                (after, before)
            };
            // Other machines' events came in since: they stay, and only
            // this machine's own events are taken back or done again.
            let rebased = match (state, self.model.doc(key)) {
                (Some(state), Some(now)) if Some(now) != expected.as_ref() => {
                    self.with_arrivals(state)
                }
                _ => None,
            };
            let state = if rebased.is_some() { &rebased } else { state };
            self.model
                .library
                .docs
                .retain(|d| !(d.kind() == key.kind && d.id() == key.id));
            if let Some(doc) = state {
                self.model.library.docs.push(doc.clone());
            }
            if unsaved {
                self.saves.dirty.insert(key.clone());
            }
        }
        self.model
            .library
            .docs
            .sort_by_key(|d| (d.name().to_lowercase(), d.kind()));
        for (key, before, _) in &change.docs {
            // Done: the version before is the one edited; undone: the
            // version restored was seen when it was made.
            let from = if undo { None } else { before.as_ref() };
            self.model.revalidate_from(key, from);
        }
        // Leave a screen whose roster or character no longer exists.
        if !self.model.shows(&self.model.screen) {
            self.model.screen = match &self.model.screen {
                Screen::Character(id, _) if self.model.roster(id).is_some() => {
                    Screen::Roster(id.clone())
                }
                _ => Screen::Library,
            };
        }
    }

    /// Shows `screen`; the one shown goes on the way back (at most
    /// `BACK_LIMIT` screens are kept).
    pub(super) fn show(&mut self, screen: Screen) {
        if screen == self.model.screen {
            return;
        }
        let was = std::mem::replace(&mut self.model.screen, screen);
        // Coming back to a screen on the way back by another road forgets
        // the loop: Back then leads where it led from that screen before.
        if let Some(at) = self.model.back.iter().position(|s| *s == self.model.screen) {
            self.model.back.truncate(at);
            return;
        }
        self.model.back.push(was);
        if self.model.back.len() > super::BACK_LIMIT {
            self.model.back.remove(0);
        }
    }

    /// Goes back to the screen shown before that still exists, else up to
    /// the screen above.
    fn back(&mut self) {
        while let Some(screen) = self.model.back.pop() {
            if self.model.shows(&screen) && screen != self.model.screen {
                self.model.screen = screen;
                return;
            }
        }
        if let Some(up) = self.model.screen_above(&self.model.screen) {
            self.model.screen = up;
        }
    }

    fn undo(&mut self) {
        if let Some(change) = self.model.history.undo.pop() {
            self.set_states(&change, true, true);
            let text = Msg::new("history.undone").msg("what", change.words());
            self.message(MessageKind::Info, text);
            self.model.history.redo.push(change);
        }
    }

    fn redo(&mut self) {
        if let Some(change) = self.model.history.redo.pop() {
            self.set_states(&change, false, true);
            let text = Msg::new("history.redone").msg("what", change.words());
            self.message(MessageKind::Info, text);
            self.model.history.undo.push(change);
        }
    }

    /// A campaign's events recorded by this edit, stamped with their id,
    /// the time and this machine's name.
    fn stamped(&mut self, before: &Doc, after: Doc) -> Doc {
        let (Some(b), Some(a)) = (
            before.get::<crate::rules::Campaign>(),
            after.get::<crate::rules::Campaign>(),
        ) else {
            return after;
        };
        if a.journal.len() <= b.journal.len() {
            return after;
        }
        let mut c = a.clone();
        let ids = &mut self.ids;
        let by = self.model.machine_by();
        let at = super::stamp::utc_now();
        c.stamp_since(
            b.journal.len(),
            || format!("{:016x}", rand::Rng::random::<u64>(ids)),
            Some(&at),
            Some(&by),
        );
        Doc::new(c)
    }

    /// Applies an edit with its kind's pure update; keeps the result
    /// (recorded for undo) only if it changed something, logs what happened,
    /// or the rule that refused it.
    fn edit(&mut self, key: &DocKey, edit: &Edit) {
        let Some(before) = self.model.doc(key).cloned() else {
            return;
        };
        match before.apply(edit, &self.model.rules, &mut self.rng) {
            Ok(applied) => {
                let crate::rules::docs::Applied {
                    doc: after,
                    outcome,
                    label,
                    merges,
                    subject,
                } = applied;
                let after = self.stamped(&before, after);
                let last = self.model.history.undo.last();
                let merge = merges
                    && self.model.history.redo.is_empty()
                    && last.is_some_and(|c| {
                        c.label == label && c.docs.len() == 1 && c.docs[0].0 == *key
                    });
                if after == before {
                    // Nothing changed: nothing to record.
                } else if merge {
                    // One more step of the same edit: the history keeps one.
                    let change = Change {
                        label,
                        docs: vec![(key.clone(), Some(before), Some(after.clone()))],
                        subject: None,
                    };
                    self.set_states(&change, false, true);
                    if let Some(last) = self.model.history.undo.last_mut() {
                        last.docs[0].2 = Some(after);
                    }
                } else {
                    self.record(label, vec![(key.clone(), Some(before), Some(after))]);
                    if let Some(last) = self.model.history.undo.last_mut() {
                        last.subject = subject;
                    }
                }
                for (kind, msg) in outcome.lines {
                    let kind = match kind {
                        LineKind::Info => MessageKind::Info,
                        LineKind::Dice => MessageKind::Dice,
                    };
                    self.message(kind, msg);
                }
                if let (Some(created), Screen::Roster(id)) = (outcome.created, &self.model.screen)
                    && *id == key.id
                {
                    let character = Screen::Character(id.clone(), created);
                    self.show(character);
                }
            }
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// Rolls a fight with dice of its own seed (drawn from the app's dice),
    /// so that it can be replayed, and logs every die. A psychic attack
    /// with a named power plays it first (PSY-8): a power that cannot be
    /// played now is refused, with no dice rolled.
    fn roll(
        &mut self,
        title: Msg,
        fight: crate::rules::battle::Fight,
        combatants: Vec<crate::rules::battle::summary::Combatant>,
    ) {
        use rand::RngCore as _;
        if let crate::rules::battle::Fight::Psychic(a) = &fight
            && !a.power.power.trim().is_empty()
        {
            let mut powers = self.model.battle.powers.clone();
            if let Err(problem) = powers.play(&a.power) {
                self.message(MessageKind::Refused, Msg::from(problem));
                return;
            }
            if let Err(problem) = a.check() {
                self.message(MessageKind::Refused, Msg::from(problem));
                return;
            }
            self.model.battle.powers = powers;
        }
        // KT-9: a roll that is a soldier's action at his table spends it,
        // and is refused when he may not take it.
        let acts = match self.roll_acts(&combatants) {
            Ok(acts) => acts,
            Err(problem) => {
                self.message(MessageKind::Refused, Msg::from(problem));
                return;
            }
        };
        let seed = self.rng.next_u64();
        let logged = self.model.battle.log.len();
        self.log_roll(title, fight, combatants, Logged::new(seed));
        if self.model.battle.log.len() > logged {
            for (doc, act) in acts {
                self.edit(&DocKey::new("campaign", doc), &Edit::Campaign(act));
            }
        }
    }

    /// The actions a roll spends at campaigns' tables (KT-9): each
    /// combatant's for whom the roll is an action, when he counts his
    /// actions there (a kill-team soldier playing the mission); or why one
    /// of them may not take it.
    fn roll_acts(
        &self,
        combatants: &[crate::rules::battle::summary::Combatant],
    ) -> Result<Vec<(String, crate::rules::campaign::CampaignEdit)>, crate::rules::Problem> {
        use crate::rules::campaign::{Campaign, CampaignEdit};
        let mut acts = Vec::new();
        for c in combatants {
            let (Some(act), Some(from)) = (c.spends, &c.campaign) else {
                continue;
            };
            let Some(k) = self.model.get::<Campaign>(&from.doc) else {
                continue;
            };
            if !k.counts_actions(from.id) {
                continue;
            }
            k.may_act(from.id, act, &self.model.rules)?;
            acts.push((
                from.doc.clone(),
                CampaignEdit::Act {
                    character: from.id,
                    act,
                },
            ));
        }
        Ok(acts)
    }

    /// Rolls `fight` with the dice `logged` names and logs it.
    fn log_roll(
        &mut self,
        title: Msg,
        fight: crate::rules::battle::Fight,
        combatants: Vec<crate::rules::battle::summary::Combatant>,
        logged: Logged,
    ) {
        use crate::rules::battle::summary::{combatant_wounds, wounds_taken};
        let Logged {
            seed,
            redrawn,
            replay_of,
            reroll_of,
        } = logged;
        let mut dice = crate::rules::core::dice::Dice::new(seed, &redrawn);
        match fight.roll(&self.model.rules, &mut dice) {
            Ok(rolled) => {
                let entry = Msg::new("battle.entry")
                    .msg("title", title.clone())
                    .msg("result", rolled.result.clone());
                let line = match (replay_of, reroll_of) {
                    (Some(i), _) => Msg::new("battle.replay_line")
                        .int("n", i + 1)
                        .msg("entry", entry),
                    (None, Some((i, _))) => Msg::new("battle.reroll.line")
                        .int("n", i + 1)
                        .msg("entry", entry),
                    (None, None) => entry,
                };
                self.message(MessageKind::Dice, line);
                let taken = combatant_wounds(&combatants, &wounds_taken(&fight, &rolled));
                // CMP-13: the mission each campaign fighter's table is at.
                let played_in = combatants
                    .iter()
                    .filter_map(|c| c.campaign.as_ref())
                    .filter_map(|from| {
                        let k = self
                            .model
                            .get::<crate::rules::campaign::Campaign>(&from.doc)?;
                        (k.phase == crate::rules::campaign::Phase::Playing)
                            .then(|| (from.doc.clone(), k.mission_number()))
                    })
                    .collect();
                self.model.battle.log.push(super::BattleEntry {
                    title,
                    fight,
                    seed,
                    redrawn,
                    rolls: rolled.rolls,
                    reroll_of,
                    result: rolled.result,
                    wounds: rolled.wounds,
                    first_wounds: rolled.first_wounds,
                    combatants,
                    taken,
                    replay_of,
                    played_in,
                    rerolled: false,
                });
            }
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// Rolls an entry of the battle log again with its own seed: the same
    /// dice, logged as its replay. A psychic power is not played again.
    fn replay(&mut self, index: usize) {
        let Some(e) = self.model.battle.log.get(index) else {
            self.message(
                MessageKind::Refused,
                Msg::new("battle.no_entry").int("n", index + 1),
            );
            return;
        };
        let (title, fight, combatants) = (e.title.clone(), e.fight.clone(), e.combatants.clone());
        let logged = Logged {
            seed: e.seed,
            redrawn: e.redrawn.clone(),
            // A replay of a replay is one of the first roll.
            replay_of: Some(e.replay_of.unwrap_or(index)),
            reroll_of: None,
        };
        self.log_roll(title, fight, combatants, logged);
    }

    /// The "reroll" stratagem (KT-11) on the roll `k` of the battle log's
    /// entry `index`: refused for a replay, an entry rolled again already,
    /// one whose wounds are in a campaign, and a die rolled again already.
    /// The kill team of a campaign soldier in the fight pays (refused, by
    /// the campaign, when it lacks the points); a fight with no such
    /// soldier is rolled again for nothing.
    fn reroll_die(&mut self, index: usize, k: usize) {
        use rand::RngCore as _;
        let Some(e) = self.model.battle.log.get(index).cloned() else {
            return;
        };
        let refuse = |app: &mut Self, problem: crate::rules::Problem| {
            app.message(MessageKind::Refused, Msg::from(problem));
        };
        if e.replay_of.is_some() || e.rerolled {
            return refuse(
                self,
                crate::rules::Problem::new("KT-11", "battle.reroll.again"),
            );
        }
        if self.model.roll_wounds(&e).batches.iter().any(|b| b.applied) {
            return refuse(
                self,
                crate::rules::Problem::new("KT-11", "battle.reroll.applied"),
            );
        }
        let payer = match self.model.reroll_payer_of(&e, Some(k)) {
            Ok(payer) => payer,
            Err(problem) => return refuse(self, problem),
        };
        // Only the kill team's stratagem: any other fight is not rerolled.
        if payer.is_none() && !e.fight.kill_team() {
            return refuse(
                self,
                crate::rules::Problem::new("KT-11", "battle.reroll.not_kill_team"),
            );
        }
        let fresh = self.rng.next_u64();
        let redrawn = match crate::rules::core::dice::redraw(e.seed, &e.redrawn, &e.rolls, k, fresh)
        {
            Ok(r) => r,
            Err(problem) => return refuse(self, problem),
        };
        let done = match payer {
            Some(payer) => {
                let before = self.model.doc(&payer.key).cloned();
                self.edit(&payer.key, &Edit::Campaign(payer.edit));
                let paid = payer.cost == 0 || self.model.doc(&payer.key) != before.as_ref();
                if !paid {
                    // Refused (short of points): said by the campaign.
                    return;
                }
                Msg::new("battle.reroll.done").int("cost", payer.cost)
            }
            None => Msg::new("battle.reroll.free"),
        };
        if let Some(entry) = self.model.battle.log.get_mut(index) {
            entry.rerolled = true;
        }
        let purpose = e.rolls.get(k).map_or("battle.for.test", |r| r.purpose);
        self.message(
            MessageKind::Info,
            done.int("n", index + 1).key("purpose", purpose),
        );
        // The same action rolled again: none spent.
        let combatants = e
            .combatants
            .into_iter()
            .map(|c| crate::rules::battle::summary::Combatant { spends: None, ..c })
            .collect();
        let mut redrawn_all = e.redrawn;
        redrawn_all.push(redrawn);
        let logged = Logged {
            seed: e.seed,
            redrawn: redrawn_all,
            replay_of: None,
            reroll_of: Some((index, k)),
        };
        self.log_roll(e.title, e.fight, combatants, logged);
    }

    /// The psychic powers in play change (PSY-8); a refusal says why.
    fn powers(&mut self, act: super::command::PowerAct) {
        use super::command::PowerAct;
        let powers = &mut self.model.battle.powers;
        let done = match act {
            PowerAct::End(power, psyker) => powers
                .end(&power, &psyker)
                .map(|()| Msg::new("battle.psy.ended").text("power", power)),
            PowerAct::Cancel(power) => powers
                .cancel(&power)
                .map(|()| Msg::new("battle.psy.cancelled").text("power", power)),
            PowerAct::PsykerDied(psyker) => {
                let ended = powers.psyker_died(&psyker);
                Ok(Msg::new("battle.psy.psyker_died")
                    .text("psyker", psyker)
                    .int("count", ended.len()))
            }
            PowerAct::NextPhase => {
                let lasting = powers.next_phase();
                Ok(Msg::new("battle.psy.next_phase")
                    .int("phase", powers.phase)
                    .int("count", lasting.len()))
            }
        };
        match done {
            Ok(msg) => self.message(MessageKind::Info, msg),
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// Writes the battle log as text, in the language shown.
    fn export_battle_log(&mut self) {
        let lang = self.model.prefs.lang;
        let filter = lang.t("dialog.text_filter").to_owned();
        let Some(path) = self.desktop.pick_export(&filter, "battle-log.txt") else {
            return;
        };
        let mut text = String::new();
        text.push_str(lang.t("battle.export_title"));
        text.push_str("\n\n");
        for (i, e) in self.model.battle.log.iter().enumerate() {
            let head = Msg::new("battle.export_line")
                .int("n", i + 1)
                .msg("title", e.title.clone())
                .text("seed", e.seed.to_string());
            let head = match e.replay_of {
                Some(of) => Msg::new("battle.export_replay")
                    .msg("line", head)
                    .int("of", of + 1),
                None => head,
            };
            for line in [
                head,
                Msg::new("battle.export_situation").msg("situation", e.fight.describe()),
                Msg::new("battle.export_result").msg("result", e.result.clone()),
            ] {
                text.push_str(&lang.msg(&line));
                text.push('\n');
            }
            text.push('\n');
        }
        text.push_str(&lang.msg(&self.model.battle_summary().msg()));
        text.push('\n');
        let written = store::write_atomic(&path, |w| std::io::Write::write_all(w, text.as_bytes()));
        let msg = match written {
            Ok(()) => (
                MessageKind::Info,
                Msg::new("battle.exported").text("path", path.display().to_string()),
            ),
            Err(e) => (
                MessageKind::Error,
                Msg::new("export.failed").msg("reason", e.msg()),
            ),
        };
        self.message(msg.0, msg.1);
    }

    /// Looks for documents another program changed on disk.
    fn check_disk(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        // A file the writer is writing may have changed before the writer
        // noted what it wrote: not another program's doing. (No write
        // starts meanwhile: only this thread hands documents over.) Another
        // program's change to it is found by the save itself, or by the
        // next look.
        self.poll_saves();
        let changes = store.changes_on_disk();
        for change in changes {
            // Other machines' journals: their events come in at once, even
            // while this machine's own journal is being written.
            if change.live && self.take_arrivals(&change.key) {
                continue;
            }
            if !self.saves.saving.contains_key(&change.key) {
                self.note_disk_change(change.key);
            }
        }
        // A sync tool's conflict copy that came or went.
        let now = store.version_paths();
        let known: Vec<std::path::PathBuf> = self
            .model
            .library
            .versions
            .iter()
            .map(|v| v.path.clone())
            .collect();
        if now != known {
            self.model
                .library
                .versions
                .retain(|v| now.contains(&v.path));
            let kept: Vec<std::path::PathBuf> = self
                .model
                .library
                .versions
                .iter()
                .map(|v| v.path.clone())
                .collect();
            self.model
                .library
                .versions
                .extend(store.versions_among(&kept));
            self.merge_clean_versions();
        }
    }

    /// Takes the version on disk of a document another program changed (an
    /// undoable change: undo brings Muster's version back).
    pub(super) fn take_disk_version(&mut self, key: &DocKey) {
        if self.saves.saving.contains_key(key) {
            // "Keep mine" is being written: its end settles what is read
            // (a rare click, waiting for one write).
            self.flush_saves();
        }
        let Some(store) = self.store.clone() else {
            return;
        };
        let path = store.path(key);
        let result = store.reload(key);
        match result {
            Ok(from_disk) => {
                self.model.library.disk_changes.retain(|k| k != key);
                self.model.library.broken_on_disk.remove(key);
                self.saves.dirty.remove(key);
                self.saves.failed.remove(key);
                let before = self.model.doc(key).cloned();
                if before != from_disk {
                    let change = Change {
                        label: "history.reload_from_disk",
                        docs: vec![(key.clone(), before, from_disk)],
                        subject: None,
                    };
                    self.set_states(&change, false, false);
                    self.model.history.undo.push(change);
                    self.model.history.redo.clear();
                }
                // A file that could not be read and now can.
                self.model.library.unreadable.retain(|u| u.path != path);
            }
            Err(e) => {
                // A file that cannot be read is listed as such, and known as
                // it is now: its banner goes, unless Muster holds a version
                // of it (then keeping it stays possible).
                if let Some(store) = &self.store {
                    store.acknowledge(&path);
                }
                if !self.model.library.unreadable.iter().any(|u| u.path == path) {
                    self.model
                        .library
                        .unreadable
                        .push(crate::store::Unreadable {
                            path: path.clone(),
                            reason: e.reason(),
                        });
                }
                if self.model.doc(key).is_none() {
                    self.model.library.disk_changes.retain(|k| k != key);
                    self.model.library.broken_on_disk.remove(key);
                }
                self.message(
                    MessageKind::Error,
                    Msg::new("store.reload_failed").msg("reason", e.msg()),
                );
            }
        }
    }

    /// Keeps Muster's version of a document another program changed: it is
    /// saved, and the other version goes to the backups.
    pub(super) fn keep_mine(&mut self, key: &DocKey) {
        if self.store.is_none() {
            return;
        }
        // Written by the writer like any save, in order with the others of
        // this document; its report takes the banner away and says so.
        self.saves.dirty.remove(key);
        let doc = self.model.doc(key).cloned();
        self.submit(key.clone(), doc, true);
    }

    /// Brings a document file into the library. A file that cannot be read
    /// is refused with the reason and the library is left as it was.
    fn import(&mut self, path: &Path) {
        let kinds = self.model.library.kinds.clone();
        let doc = match store::read_file(&kinds, path) {
            Ok(doc) => doc,
            Err(e) => {
                let text = Msg::new("import.refused").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
                return;
            }
        };
        // The id inside a friend's file is only a hint: made portable, and
        // replaced when a document, a file or a deleted one's backups have it.
        let mut id = store::sanitize(doc.id());
        let key = DocKey::new(doc.kind(), id.clone());
        let doc = doc.renamed(Some(id.clone()), None);
        if self.model.doc(&key) == Some(&doc) {
            let text = Msg::new("import.already").text("name", doc.name());
            self.message(MessageKind::Info, text);
            return;
        }
        if self.id_taken(&id) {
            id = self.fresh_id(doc.name());
        }
        let doc = doc.renamed(Some(id.clone()), None);
        let problems = doc.validate(&self.model.rules).len();
        let name = doc.name().to_owned();
        let key = DocKey::new(doc.kind(), id.clone());
        self.record(Action::Import.label(), vec![(key.clone(), None, Some(doc))]);
        let text = if problems == 0 {
            Msg::new("import.done").text("name", &name)
        } else {
            Msg::new("import.done_with_problems")
                .text("name", &name)
                .int("count", problems)
        };
        self.message(MessageKind::Info, text);
        if let Some(screen) = self.model.doc(&key).and_then(Screen::of) {
            self.show(screen);
        }
    }

    fn export(&mut self, key: &DocKey, path: &Path) {
        let Some(doc) = self.model.doc(key).cloned() else {
            return;
        };
        let result = match &self.store {
            Some(store) => store.export(&doc, path),
            None => {
                let kinds = self.model.library.kinds.clone();
                kinds
                    .to_json(&doc)
                    .map_err(|reason| StoreError::Document {
                        reason,
                        path: path.to_path_buf(),
                    })
                    .and_then(|text| {
                        store::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()))
                    })
            }
        };
        let (kind, text) = match result {
            Ok(()) => (
                MessageKind::Info,
                Msg::new("export.done")
                    .text("name", doc.name())
                    .text("path", path.display().to_string()),
            ),
            Err(e) => (
                MessageKind::Error,
                Msg::new("export.failed").msg("reason", e.msg()),
            ),
        };
        self.message(kind, text);
    }
}

/// How a roll is logged: its dice, and what it repeats.
struct Logged {
    /// The seed of its dice.
    seed: u64,
    /// Its rolls made again, each from a seed of its own (KT-11).
    redrawn: Vec<crate::rules::core::dice::Redrawn>,
    /// The entry it replays with the same dice.
    replay_of: Option<usize>,
    /// The entry, and the roll of it, it rolls again (KT-11).
    reroll_of: Option<(usize, usize)>,
}

impl Logged {
    /// A new roll with the dice of `seed`.
    fn new(seed: u64) -> Self {
        Self {
            seed,
            redrawn: Vec::new(),
            replay_of: None,
            reroll_of: None,
        }
    }
}

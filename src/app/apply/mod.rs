//! `App::apply`: the one place where documents change. The rules are the
//! kinds' own `apply` in `crate::rules`; here they are recorded for undo,
//! saved, and their outcome logged.
//!
//! In this file: the dispatcher, the commands that change only what is
//! shown and the way between screens; each other group of commands in its
//! own file.

mod disk;
mod edits;
mod house_rules;
mod library;
mod rolls;

use super::{App, Command, MessageKind, Screen};
use crate::rules::Msg;
use crate::rules::campaign::queries;

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
            | Command::KeepFightRange(_)
            | Command::KeepHandFights(_)
            | Command::Fight(_)
            | Command::SetLang(_)
            | Command::SetWhoPlays { .. }
            | Command::SetLog(_)
            | Command::SetZoom(_)
            | Command::SetTheme(_)
            | Command::SetCompactTable(_)) => self.apply_view(c),
            Command::DismissMessage(i) => self.dismiss_message(i),
            Command::Reload => self.reload_if_saved(),
            Command::CheckDisk => self.check_disk(),
            Command::TakeDiskVersion(key) => self.take_disk_version(&key),
            Command::KeepMine(key) => self.keep_mine(&key),
            Command::KeepInstead(key, keep, over) => self.keep_instead(&key, &keep, &over),
            Command::MakeAgain(key, held) => self.make_again(&key, &held),
            Command::Merge(act) => self.merging(act),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Create(kind, name) => self.create(kind, &name),
            Command::CreateFrom(doc) => self.create_from(&doc, "campaign.ui.export_escort"),
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
            Command::SetLibraryRule(place, value) => self.set_library_rule(&place, value.as_ref()),
            Command::ExportHouseRules(key, path) => self.export_house_rules(key.as_ref(), &path),
            Command::ImportHouseRules(key, path) => self.import_house_rules(key.as_ref(), &path),
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
            Command::TellChronicle(id) => self.tell_chronicle(&id),
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
            Command::KeepFightRange(range) => {
                if let Some(fight) = &mut self.model.battle.table_fight {
                    fight.range = Some(range);
                }
            }
            Command::KeepHandFights(hand) => self.model.battle.set_hand(*hand),
            Command::Fight(setup) => {
                self.model.battle.table_fight = (self.model)
                    .get::<crate::rules::Campaign>(&setup.attacker.doc)
                    .map(|c| crate::app::TableFight {
                        setup: setup.clone(),
                        mission: queries::mission_number(c),
                        range: None,
                    });
                self.new_fight = Some(setup);
                self.show(Screen::Battle);
            }
            Command::SetLang(lang) => self.model.prefs.lang = lang,
            Command::SetWhoPlays { player, machine } => {
                self.model.prefs.player = player;
                self.model.prefs.machine = machine;
                if let Some(store) = &self.store {
                    store
                        .journals()
                        .identity()
                        .set_name(&self.model.machine_by());
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
            Command::SetCompactTable(on) => self.model.prefs.compact_table = on,
            _ => {}
        }
    }

    /// Dismisses the message at that place, if there is one.
    fn dismiss_message(&mut self, i: usize) {
        if i < self.model.feedback.messages.len() {
            self.model.feedback.messages.remove(i);
        }
    }

    /// Shows `screen`; the one shown goes on the way back (at most
    /// `BACK_LIMIT` screens are kept).
    pub(super) fn show(&mut self, screen: Screen) {
        if screen == self.model.screen {
            return;
        }
        if screen == Screen::Battle && matches!(self.model.screen, Screen::Campaign(_)) {
            // A fight from a campaign's table: Back leads to that table,
            // whatever road led to the battle screen before.
            self.model.back.retain(|s| *s != Screen::Battle);
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
}

//! The house rules set from their screen: the library's kept in this
//! folder's rules files, a campaign's as events of its journal (through
//! `edit`, one undo history); house-rules files written and adopted.

use std::path::Path;

use serde_json::Value;

use crate::app::{App, MessageKind};
use crate::rules::campaign::{CampaignEdit, RulesEdit};
use crate::rules::house_rules::HouseRules;
use crate::rules::{Campaign, DocKey, Edit, Msg};
use crate::store;

impl App {
    /// Sets a value of the library's rule set (or puts it back), then
    /// reads the rules again: rosters and kill teams are checked by them,
    /// and a campaign begun here records them.
    pub(super) fn set_library_rule(&mut self, place: &str, value: Option<&Value>) {
        let Some(store) = self.store.clone() else {
            self.message(MessageKind::Error, Msg::new("house_rules.no_folder"));
            return;
        };
        match store.set_library_rule(place, value) {
            Ok(()) => {
                self.reload_rules();
                let key = if value.is_some() {
                    "house_rules.library_set"
                } else {
                    "house_rules.library_reset"
                };
                self.message(MessageKind::Info, Msg::new(key).text("place", place));
            }
            Err(e) => {
                let text = Msg::new("house_rules.library_refused").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
            }
        }
    }

    /// Reads this folder's rules data again, and checks every document by
    /// it.
    fn reload_rules(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        match store::load_rules(Some(&store.rules_dir())) {
            Ok((rules, problems)) => {
                self.model.rules = rules;
                self.model.rules_problems = problems;
                store.journals().replay_rules().set(&self.model.rules);
                let keys: Vec<DocKey> = self
                    .model
                    .library
                    .docs
                    .iter()
                    .map(crate::rules::Doc::key)
                    .collect();
                self.model.revalidate(&keys);
            }
            Err(p) => {
                let text = self.model.prefs.lang.data_problem(&p);
                self.message(MessageKind::Error, Msg::verbatim(text));
            }
        }
    }

    /// The house rules of campaign `key`, or the library's.
    fn house_rules_of(&self, key: Option<&DocKey>) -> Option<HouseRules> {
        match key {
            None => Some(self.model.rules.house.clone()),
            Some(key) => {
                let c = self.model.get::<Campaign>(&key.id)?;
                Some(
                    c.house_rules
                        .as_deref()
                        .map_or_else(|| self.model.rules.house.clone(), Clone::clone),
                )
            }
        }
    }

    /// Writes the house rules of campaign `key` (or the library's) to a
    /// house-rules file.
    pub(super) fn export_house_rules(&mut self, key: Option<&DocKey>, path: &Path) {
        let (Some(store), Some(house)) = (self.store.clone(), self.house_rules_of(key)) else {
            self.message(MessageKind::Error, Msg::new("house_rules.no_folder"));
            return;
        };
        match store.export_house_rules(&house, path) {
            Ok(()) => self.message(
                MessageKind::Info,
                Msg::new("house_rules.exported")
                    .int("count", house.len())
                    .text("path", path.display().to_string()),
            ),
            Err(e) => {
                let text = Msg::new("house_rules.export_refused").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
            }
        }
    }

    /// Adopts the house rules of a house-rules file: in campaign `key` as
    /// one event (undone by Undo), or as the library's.
    pub(super) fn import_house_rules(&mut self, key: Option<&DocKey>, path: &Path) {
        let house = match store::house_rules::read_house_rules(path) {
            Ok(h) => h,
            Err(e) => {
                let text = Msg::new("house_rules.import_refused").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
                return;
            }
        };
        match key {
            Some(key) => {
                let edit = CampaignEdit::HouseRules(RulesEdit::Adopt { changes: house });
                self.edit(key, &Edit::new(edit));
            }
            None => {
                let now = self.model.rules.house.clone();
                let places: Vec<String> = now
                    .iter()
                    .chain(house.iter())
                    .map(|c| c.place.clone())
                    .collect();
                for place in places {
                    let value = house.get(&place).cloned();
                    if now.get(&place) != value.as_ref() {
                        self.set_library_rule(&place, value.as_ref());
                    }
                }
            }
        }
    }
}

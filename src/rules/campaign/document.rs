//! The campaign as a kind of document: created from the data in use,
//! validated, and changed by one event at a time through the journal
//! engine (`play.rs`), every die kept.

use std::sync::Arc;

use rand::Rng;

use super::{Campaign, CampaignEdit, Fighter};
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::replay;
use crate::rules::campaign::{PreparationEdit, SetupEdit, TableEdit, TurnEdit};
use crate::rules::core::msg::Msg;
use crate::rules::core::problem::Problem;
use crate::rules::data::RulesData;
use crate::rules::doc::{Applied, Document, SavedItem, SharedList};

impl Document for Campaign {
    const KIND: crate::rules::doc::DocKind = crate::rules::doc::DocKind::Campaign;
    type Edit = CampaignEdit;

    fn create(id: String, name: String, rules: &RulesData) -> Self {
        // Begun under the house rules of the data in use (the user's
        // files when he edited some), recorded as its first event so that
        // every machine plays it under them.
        let c = Self::new(id, name, &rules.campaign);
        let record = CampaignEdit::HouseRules(super::RulesEdit::record(rules.house.clone()));
        match Document::apply(&c, record, rules, &mut crate::rules::core::dice::seeded(0)) {
            Ok((recorded, _)) => recorded,
            Err(_) => c,
        }
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
        queries::summary(self)
    }
    fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        replay::validate(self, rules)
    }
    fn validate_after(
        &self,
        before: &Self,
        before_problems: &[Problem],
        rules: &RulesData,
    ) -> Vec<Problem> {
        replay::validate_after(self, before, before_problems, rules)
    }
    fn merges(edit: &CampaignEdit) -> bool {
        // Typing notes and dragging a setting are one step each; a tick
        // at the table is a step of its own.
        matches!(
            edit,
            CampaignEdit::Setup(SetupEdit::SetNotes { .. } | SetupEdit::SetSettings { .. })
        )
    }
    fn edit_subject(&self, edit: &CampaignEdit) -> Option<crate::rules::core::names::Names> {
        if let CampaignEdit::Turn(TurnEdit::EnemyActivation { index })
        | CampaignEdit::Table(TableEdit::EnemyBehaviour { index, .. })
        | CampaignEdit::Preparation(PreparationEdit::RerollEnemy { index, .. }) = edit
        {
            return enemy::at(self, *index).map(|_| enemy::names(self, *index));
        }
        let id = edit.character()?;
        match Fighter::of(id) {
            Fighter::Enemy(e) => enemy::at(self, e).map(|_| enemy::names(self, e)),
            Fighter::Named(n) => Some(named::names_told(self, n)).filter(|x| !x.is_empty()),
            Fighter::Character(_) => {
                let name = queries::character(self, id)?.name().to_owned();
                Some(crate::rules::core::names::Names::from([(
                    "en".to_owned(),
                    name,
                )]))
            }
        }
    }

    fn edit_label(edit: &CampaignEdit) -> &'static str {
        edit.label()
    }
    fn shared_lists(&self) -> Option<(Self, Vec<SharedList>)> {
        // The journal only grows, and a character a change leaves alone
        // keeps his `Arc`: a save makes the text of what is new.
        let mut bare = self.clone();
        bare.characters = Arc::default();
        bare.journal.clear();
        let characters = self
            .characters
            .iter()
            .map(|c| Arc::clone(c) as Arc<dyn SavedItem>)
            .collect();
        let journal = self
            .journal
            .iter()
            .map(|e| Arc::clone(e) as Arc<dyn SavedItem>)
            .collect();
        Some((
            bare,
            vec![
                SharedList {
                    field: "characters",
                    items: characters,
                },
                SharedList {
                    field: "journal",
                    items: journal,
                },
            ],
        ))
    }
    fn apply<R: Rng + ?Sized>(
        &self,
        edit: CampaignEdit,
        rules: &RulesData,
        rng: &mut R,
    ) -> Applied<Self> {
        let mut c = self.clone();
        let before = queries::mission_number(&c);
        let (event, outcome) = c.play(edit, rules, rng)?;
        // As `Campaign::replay` numbers it.
        let mission = queries::mission_number(&c).max(before);
        c.journal.push(std::sync::Arc::new(super::Entry {
            mission,
            event,
            stamp: None,
        }));
        Ok((c, outcome))
    }
}

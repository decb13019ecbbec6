//! The documents Muster ships, as a closed set: [`Doc`] and [`Edit`], one
//! variant per kind (roster, kill team, campaign), so that every per-kind
//! decision of the app is an exhaustive `match` the compiler checks, and an
//! edit reaches its kind's `apply` with no downcast (as shakmaty's
//! `VariantPosition` closes its set of variants over a trait).
//!
//! Every kind implements the generic [`Document`] trait; [`DocKind`] names
//! the kinds, and the store's registry is built from it.

use std::fmt::Debug;
use std::sync::Arc;

use serde_json::Value;

use super::campaign::{Campaign, CampaignEdit};
use super::characters::roster::Roster;
use super::characters::roster_edit::RosterEdit;
use super::core::dice::DiceRng;
use super::core::msg::Msg;
use super::core::problem::Problem;
use super::data::RulesData;
use super::doc::{DocKey, DocKind, Document, Outcome};
use super::killteam::{KillTeam, KillTeamEdit};

/// A shared, immutable document.
#[derive(Clone, Debug)]
pub enum Doc {
    /// A Rogue Trader roster.
    Roster(Arc<Roster>),
    /// An Imperial Guard kill team.
    KillTeam(Arc<KillTeam>),
    /// A narrative campaign.
    Campaign(Arc<Campaign>),
}

/// An edit of a document, as commands carry it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// An edit of a roster.
    Roster(RosterEdit),
    /// An edit of a kill team.
    KillTeam(KillTeamEdit),
    /// An edit of a campaign.
    Campaign(CampaignEdit),
}

/// A kind of document with its place in [`Doc`] and [`Edit`].
pub trait DocVariant: Document {
    /// The document, wrapped.
    fn wrap(self) -> Doc;
    /// The document as this kind, if it is one.
    fn peek(doc: &Doc) -> Option<&Self>;
}

impl DocVariant for Roster {
    fn wrap(self) -> Doc {
        Doc::Roster(Arc::new(self))
    }
    fn peek(doc: &Doc) -> Option<&Self> {
        match doc {
            Doc::Roster(d) => Some(d),
            _ => None,
        }
    }
}

impl DocVariant for KillTeam {
    fn wrap(self) -> Doc {
        Doc::KillTeam(Arc::new(self))
    }
    fn peek(doc: &Doc) -> Option<&Self> {
        match doc {
            Doc::KillTeam(d) => Some(d),
            _ => None,
        }
    }
}

impl DocVariant for Campaign {
    fn wrap(self) -> Doc {
        Doc::Campaign(Arc::new(self))
    }
    fn peek(doc: &Doc) -> Option<&Self> {
        match doc {
            Doc::Campaign(d) => Some(d),
            _ => None,
        }
    }
}

impl From<RosterEdit> for Edit {
    fn from(e: RosterEdit) -> Self {
        Self::Roster(e)
    }
}

impl From<KillTeamEdit> for Edit {
    fn from(e: KillTeamEdit) -> Self {
        Self::KillTeam(e)
    }
}

impl From<CampaignEdit> for Edit {
    fn from(e: CampaignEdit) -> Self {
        Self::Campaign(e)
    }
}

/// Calls the same method on the document whatever its kind.
macro_rules! each_kind {
    ($doc:expr, $d:ident => $body:expr) => {
        match $doc {
            Doc::Roster($d) => {
                let $d: &dyn AnyDoc = &**$d;
                $body
            }
            Doc::KillTeam($d) => {
                let $d: &dyn AnyDoc = &**$d;
                $body
            }
            Doc::Campaign($d) => {
                let $d: &dyn AnyDoc = &**$d;
                $body
            }
        }
    };
}

impl Doc {
    /// Why this Muster cannot honour the document although it reads it: a
    /// campaign whose house rules name a value this Muster does not know
    /// (a newer Muster made them). None: it can.
    pub fn refusal(&self) -> Option<crate::rules::Msg> {
        let Self::Campaign(c) = self else {
            return None;
        };
        let house = c.house_rules.as_deref()?;
        let p = super::house_rules::rule_set(house).err()?;
        Some(
            crate::rules::Msg::new("doc.rules_not_honoured")
                .problem("why", super::house_rules::refusal(&p)),
        )
    }

    /// Wraps a document.
    pub fn new<K: DocVariant>(doc: K) -> Self {
        doc.wrap()
    }

    /// The document as its kind's type, if it is of that kind.
    pub fn get<K: DocVariant>(&self) -> Option<&K> {
        K::peek(self)
    }

    /// Whether both are the very same version (one allocation), not only
    /// equal.
    pub fn same_version(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Roster(a), Self::Roster(b)) => Arc::ptr_eq(a, b),
            (Self::KillTeam(a), Self::KillTeam(b)) => Arc::ptr_eq(a, b),
            (Self::Campaign(a), Self::Campaign(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// Where the document lives: its kind and id.
    pub fn key(&self) -> DocKey {
        DocKey::new(self.kind(), self.id())
    }

    /// The kind.
    pub fn kind(&self) -> DocKind {
        match self {
            Self::Roster(_) => Roster::KIND,
            Self::KillTeam(_) => KillTeam::KIND,
            Self::Campaign(_) => Campaign::KIND,
        }
    }

    /// The locale key naming the kind.
    pub fn kind_label(&self) -> &'static str {
        self.kind().label()
    }

    /// The document's id.
    pub fn id(&self) -> &str {
        each_kind!(self, d => d.id())
    }

    /// The document's name.
    pub fn name(&self) -> &str {
        each_kind!(self, d => d.name())
    }

    /// What is in it.
    pub fn summary(&self) -> Msg {
        each_kind!(self, d => d.summary())
    }

    /// Every rule it breaks.
    pub fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        each_kind!(self, d => d.validate(rules))
    }

    /// Every rule it breaks, made by one edit of `before` (whose problems
    /// were `before_problems`): see [`Document::validate_after`].
    pub fn validate_after(
        &self,
        before: &Self,
        before_problems: &[Problem],
        rules: &RulesData,
    ) -> Vec<Problem> {
        match (self, before) {
            (Self::Roster(a), Self::Roster(b)) => {
                Document::validate_after(&**a, b, before_problems, rules)
            }
            (Self::KillTeam(a), Self::KillTeam(b)) => {
                Document::validate_after(&**a, b, before_problems, rules)
            }
            (Self::Campaign(a), Self::Campaign(b)) => {
                Document::validate_after(&**a, b, before_problems, rules)
            }
            _ => self.validate(rules),
        }
    }

    /// A copy with another id and name.
    #[must_use]
    pub fn renamed(&self, id: Option<String>, name: Option<String>) -> Self {
        each_kind!(self, d => d.renamed(id, name))
    }

    /// The payload as JSON.
    pub fn to_value(&self) -> Result<Value, String> {
        each_kind!(self, d => d.to_value())
    }

    /// Applies an edit with its kind's pure update: the new document and
    /// what happened, or the rule that refused it. An edit of another kind
    /// is refused.
    pub fn apply(
        &self,
        edit: &Edit,
        rules: &RulesData,
        rng: &mut DiceRng,
    ) -> Result<Applied, Problem> {
        match (self, edit) {
            (Self::Roster(d), Edit::Roster(e)) => applied(&**d, e, rules, rng),
            (Self::KillTeam(d), Edit::KillTeam(e)) => applied(&**d, e, rules, rng),
            (Self::Campaign(d), Edit::Campaign(e)) => applied(&**d, e, rules, rng),
            _ => Err(Problem::new("APP", "problem.edit_of_other_kind").arg("kind", self.kind())),
        }
    }
}

impl PartialEq for Doc {
    fn eq(&self, other: &Self) -> bool {
        self.same_version(other)
            || match (self, other) {
                (Self::Roster(a), Self::Roster(b)) => a == b,
                (Self::KillTeam(a), Self::KillTeam(b)) => a == b,
                (Self::Campaign(a), Self::Campaign(b)) => a == b,
                _ => false,
            }
    }
}

/// What an edit did: the new document, the outcome, the edit's label, and
/// whether it merges with a run of the same edit.
#[derive(Debug)]
pub struct Applied {
    /// The document after the edit.
    pub doc: Doc,
    /// What happened.
    pub outcome: Outcome,
    /// The edit's label key.
    pub label: &'static str,
    /// It merges with a previous step of the same edit.
    pub merges: bool,
    /// Who the edit is about, when it is about someone.
    pub subject: Option<crate::rules::core::names::Names>,
}

/// Applies `edit` to `doc` of kind `K`.
fn applied<K: DocVariant>(
    doc: &K,
    edit: &K::Edit,
    rules: &RulesData,
    rng: &mut DiceRng,
) -> Result<Applied, Problem> {
    let label = K::edit_label(edit);
    let merges = K::merges(edit);
    let subject = doc.edit_subject(edit);
    let (after, outcome) = doc.apply(edit.clone(), rules, rng)?;
    Ok(Applied {
        doc: after.wrap(),
        outcome,
        label,
        merges,
        subject,
    })
}

/// What every kind of document answers, for one call whatever its kind
/// (`each_kind!`).
trait AnyDoc: Debug + Send + Sync {
    /// The document's id.
    fn id(&self) -> &str;
    /// The document's name.
    fn name(&self) -> &str;
    /// What is in it.
    fn summary(&self) -> Msg;
    /// Every rule it breaks.
    fn validate(&self, rules: &RulesData) -> Vec<Problem>;
    /// A copy with another id and name, wrapped.
    fn renamed(&self, id: Option<String>, name: Option<String>) -> Doc;
    /// The payload as JSON.
    fn to_value(&self) -> Result<Value, String>;
}

impl<K: DocVariant> AnyDoc for K {
    fn id(&self) -> &str {
        Document::id(self)
    }
    fn name(&self) -> &str {
        Document::name(self)
    }
    fn summary(&self) -> Msg {
        Document::summary(self)
    }
    fn validate(&self, rules: &RulesData) -> Vec<Problem> {
        Document::validate(self, rules)
    }
    fn renamed(&self, id: Option<String>, name: Option<String>) -> Doc {
        let mut copy = self.clone();
        if let Some(id) = id {
            copy.set_id(id);
        }
        if let Some(name) = name {
            copy.set_name(name);
        }
        copy.wrap()
    }
    fn to_value(&self) -> Result<Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }
}

impl Edit {
    /// Wraps an edit of one of the kinds Muster ships.
    pub fn new(edit: impl Into<Self>) -> Self {
        edit.into()
    }
}

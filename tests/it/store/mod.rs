//! The store: documents on disk, the registry of kinds, the document
//! reader, and saving a campaign's text.

mod accounting;
mod campaign_save;
mod changed_on_disk;
mod conflicts;
mod disk;
mod disk_refusals;
mod document;
mod errors;
mod faults;
mod fields;
mod house_rules;
mod identity;
mod journal_snapshots;
mod journaled;
mod kinds;
mod lock;
mod schema;
mod unreadable_journals;

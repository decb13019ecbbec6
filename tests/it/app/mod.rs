//! The app: commands, undo and redo, autosave, and its writer thread's saves.

mod choices;
mod commands;
mod crash;
mod crash_shared;
mod import_export;
mod journal_faults;
mod kept_history;
mod live;
mod pdf_export;
mod stamps;

//! The command table: every action a user can ask for from a menu or a key,
//! with its label, its shortcut, its menu, and whether it edits a document.
//! Menus, shortcuts, the read-only gate and the history labels all read it.

use egui::{Key, KeyboardShortcut, Modifiers};

/// An action of the menus and shortcuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A new roster.
    New,
    /// Import a document file.
    Import,
    /// Export the document shown.
    Export,
    /// The print preview of the document shown: its sheet as it prints,
    /// to export as PDF or copy as text.
    PrintPreview,
    /// Read the library again.
    Reload,
    /// Show the data folder.
    OpenDataFolder,
    /// Choose the documents folder (a group's synced folder).
    DataFolder,
    /// Close Muster.
    Quit,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Put the cursor in the search field.
    Find,
    /// Rename the document or character shown (or selected).
    Rename,
    /// Copy the document or character shown (or selected).
    Duplicate,
    /// Delete the document or character shown (or selected).
    Delete,
    /// Go up: from a character to its roster, from a roster to the library.
    Back,
    /// Larger text.
    ZoomIn,
    /// Smaller text.
    ZoomOut,
    /// Text at its usual size.
    ZoomReset,
    /// Show or collapse the log panel.
    ToggleLog,
}

/// The menu an action is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    /// File.
    File,
    /// Edit.
    Edit,
    /// View.
    View,
}

/// One line of the table.
#[derive(Clone, Copy, Debug)]
pub struct ActionSpec {
    /// The action.
    pub action: Action,
    /// Its label's key (`action.new`): in the menu, and in the Edit menu's
    /// "Undo …" for the edits it makes.
    pub label: &'static str,
    /// Its keyboard shortcut.
    pub shortcut: Option<KeyboardShortcut>,
    /// Another shortcut for the same action (Ctrl+Y for Redo).
    pub alternate: Option<KeyboardShortcut>,
    /// It changes documents: refused in a read-only library.
    pub edits: bool,
    /// Where it is listed.
    pub menu: Menu,
}

const fn key(modifiers: Modifiers, key: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(modifiers, key))
}

const CMD: Modifiers = Modifiers::COMMAND;
const NONE: Modifiers = Modifiers::NONE;

/// Every action, in menu order.
pub const ACTIONS: [ActionSpec; 19] = [
    ActionSpec {
        action: Action::New,
        label: "action.new",
        shortcut: key(CMD, Key::N),
        alternate: None,
        edits: true,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::Import,
        label: "action.import",
        shortcut: key(CMD, Key::O),
        alternate: None,
        edits: true,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::Export,
        label: "action.export",
        shortcut: key(CMD, Key::E),
        alternate: None,
        edits: false,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::PrintPreview,
        label: "action.print_preview",
        shortcut: key(CMD, Key::P),
        alternate: None,
        edits: false,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::Reload,
        label: "action.reload",
        shortcut: key(NONE, Key::F5),
        alternate: None,
        edits: false,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::OpenDataFolder,
        label: "action.open_data_folder",
        shortcut: None,
        alternate: None,
        edits: false,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::DataFolder,
        label: "action.data_folder",
        shortcut: None,
        alternate: None,
        edits: false,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::Quit,
        label: "action.quit",
        shortcut: key(CMD, Key::Q),
        alternate: None,
        edits: false,
        menu: Menu::File,
    },
    ActionSpec {
        action: Action::Undo,
        label: "action.undo",
        shortcut: key(CMD, Key::Z),
        alternate: None,
        edits: true,
        menu: Menu::Edit,
    },
    ActionSpec {
        action: Action::Redo,
        label: "action.redo",
        shortcut: key(CMD.plus(Modifiers::SHIFT), Key::Z),
        alternate: key(CMD, Key::Y),
        edits: true,
        menu: Menu::Edit,
    },
    ActionSpec {
        action: Action::Find,
        label: "action.find",
        shortcut: key(CMD, Key::F),
        alternate: None,
        edits: false,
        menu: Menu::Edit,
    },
    ActionSpec {
        action: Action::Rename,
        label: "action.rename",
        shortcut: key(NONE, Key::F2),
        alternate: None,
        edits: true,
        menu: Menu::Edit,
    },
    ActionSpec {
        action: Action::Duplicate,
        label: "action.duplicate",
        shortcut: key(CMD, Key::D),
        alternate: None,
        edits: true,
        menu: Menu::Edit,
    },
    ActionSpec {
        action: Action::Delete,
        label: "action.delete",
        shortcut: key(NONE, Key::Delete),
        alternate: None,
        edits: true,
        menu: Menu::Edit,
    },
    ActionSpec {
        action: Action::Back,
        label: "action.back",
        shortcut: key(NONE, Key::Escape),
        alternate: key(Modifiers::ALT, Key::ArrowLeft),
        edits: false,
        menu: Menu::View,
    },
    ActionSpec {
        action: Action::ZoomIn,
        label: "action.zoom_in",
        shortcut: key(CMD, Key::Plus),
        alternate: key(CMD, Key::Equals),
        edits: false,
        menu: Menu::View,
    },
    ActionSpec {
        action: Action::ZoomOut,
        label: "action.zoom_out",
        shortcut: key(CMD, Key::Minus),
        alternate: None,
        edits: false,
        menu: Menu::View,
    },
    ActionSpec {
        action: Action::ZoomReset,
        label: "action.zoom_reset",
        shortcut: key(CMD, Key::Num0),
        alternate: None,
        edits: false,
        menu: Menu::View,
    },
    ActionSpec {
        action: Action::ToggleLog,
        label: "action.toggle_log",
        shortcut: key(CMD, Key::L),
        alternate: None,
        edits: false,
        menu: Menu::View,
    },
];

impl Action {
    /// The action's line of the table.
    pub fn spec(self) -> &'static ActionSpec {
        // Every action has a line (a test checks it).
        ACTIONS
            .iter()
            .find(|s| s.action == self)
            .unwrap_or(&ACTIONS[0])
    }

    /// Its label's key.
    pub fn label(self) -> &'static str {
        self.spec().label
    }

    /// Whether it changes documents.
    pub fn edits(self) -> bool {
        self.spec().edits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_one_line_and_shortcuts_do_not_clash() {
        let mut seen = std::collections::HashSet::new();
        for spec in &ACTIONS {
            assert!(seen.insert(spec.action), "{:?} twice", spec.action);
            assert_eq!(spec.action.spec().label, spec.label);
        }
        let keys: Vec<KeyboardShortcut> = ACTIONS
            .iter()
            .flat_map(|s| [s.shortcut, s.alternate])
            .flatten()
            .collect();
        for (i, a) in keys.iter().enumerate() {
            assert!(!keys[i + 1..].contains(a), "{a:?} is given twice");
        }
    }
}

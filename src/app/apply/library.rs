//! The library's commands: a document created (fresh, from another, from
//! an example, as an ended campaign's next), renamed, duplicated, deleted,
//! imported and exported, each under an id no other uses; a folder opened
//! in the file manager.

use std::path::Path;

use crate::app::{Action, App, MessageKind, Screen};
use crate::rules::campaign::queries;
use crate::rules::{Doc, DocKey, DocKind, Msg};
use crate::store::{self, StoreError};

impl App {
    pub(super) fn create(&mut self, kind: DocKind, name: &str) {
        let entry = *self.model.library.kinds.get(kind);
        let name = if name.trim().is_empty() {
            self.model.prefs.lang.t(kind.default_name()).to_owned()
        } else {
            name.trim().to_owned()
        };
        let id = self.fresh_id(&name);
        let doc = entry.create(id.clone(), name, &self.model.rules);
        let screen = Screen::of(&doc);
        self.record(
            kind.default_name(),
            vec![(DocKey::new(kind, id), None, Some(doc))],
        );
        self.show(screen);
    }

    /// A copy of `doc` in the library under a fresh id, shown; `label`
    /// names the step in the Edit menu ("Open an example").
    pub(super) fn create_from(&mut self, doc: &crate::rules::Doc, label: &'static str) {
        let kind = doc.kind();
        let id = self.fresh_id(doc.name());
        let doc = doc.renamed(Some(id.clone()), None);
        let screen = Screen::of(&doc);
        self.record(label, vec![(DocKey::new(kind, id), None, Some(doc))]);
        self.show(screen);
    }

    /// A copy of an example in the library, shown (one undoable step).
    pub(super) fn open_example(&mut self, example: crate::app::Example) {
        match self
            .model
            .library
            .kinds
            .parse(&example.text_in(self.model.prefs.lang), example.file_stem())
        {
            Ok(doc) => self.create_from(&doc, "menu.open_example"),
            Err(e) => {
                let text = Msg::new("library.example_unreadable").msg("reason", e.msg());
                self.message(MessageKind::Error, text);
            }
        }
    }

    /// The next campaign of an ended one (CMP-17), as a new document; a
    /// campaign that cannot carry over is refused with its reason.
    pub(super) fn next_campaign(&mut self, id: &str) {
        use crate::rules::campaign::Campaign;
        let Some(c) = self.model.get::<Campaign>(id) else {
            return;
        };
        let name = self
            .model
            .prefs
            .lang
            .f("campaign.ui.next_campaign_name", &[("name", &c.name)]);
        match queries::sequel(c).next_campaign(id, name, &self.model.rules) {
            Ok(next) => self.create_from(&Doc::new(next), "campaign.ui.next_campaign"),
            Err(problem) => self.message(MessageKind::Refused, Msg::from(problem)),
        }
    }

    /// Renames a document: never to an empty name, recorded only when the
    /// name changes.
    pub(super) fn rename_doc(&mut self, key: DocKey, name: &str) {
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
    pub(super) fn duplicate_doc(&mut self, key: &DocKey, name: String) {
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
    pub(super) fn delete_doc(&mut self, key: DocKey) {
        if let Some(doc) = self.model.doc(&key).cloned() {
            self.record(Action::Delete.label(), vec![(key, Some(doc), None)]);
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

    /// Asks the desktop for a file to import, and imports it.
    pub(super) fn import_dialog(&mut self) {
        let filter = self.model.prefs.lang.t("dialog.document_filter").to_owned();
        match self.desktop.pick_import(&filter) {
            Some(path) => self.import(&path),
            // Cancelled, or no file dialog on this desktop: say the
            // other way in.
            None => self.message(MessageKind::Info, Msg::new("import.none_chosen")),
        }
    }

    /// Brings a document file into the library. A file that cannot be read
    /// is refused with the reason and the library is left as it was.
    pub(super) fn import(&mut self, path: &Path) {
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
        // A campaign written back as one file from a shared folder: the
        // events it holds aside wait here too.
        if let Some(store) = self.store.clone() {
            self.shared_state_from(&store, &key, None);
        }
        let text = if problems == 0 {
            Msg::new("import.done").text("name", &name)
        } else {
            Msg::new("import.done_with_problems")
                .text("name", &name)
                .int("count", problems)
        };
        self.message(MessageKind::Info, text);
        if let Some(screen) = self.model.doc(&key).map(Screen::of) {
            self.show(screen);
        }
    }

    /// Asks the desktop where to export a document, and exports it there.
    pub(super) fn export_dialog(&mut self, key: &DocKey) {
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
            let path = crate::app::printing::free_path(&dir, &name);
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

    pub(super) fn export(&mut self, key: &DocKey, path: &Path) {
        let Some(mut doc) = self.model.doc(key).cloned() else {
            return;
        };
        // A shared campaign's events held aside go into the file as held
        // aside: imported again, it is the same campaign, choices included.
        if let (Some(c), Some(held)) = (
            doc.get::<crate::rules::Campaign>(),
            self.model.library.held.get(key),
        ) {
            let mut c = c.clone();
            crate::rules::campaign::journals::keep_held(&mut c, held);
            doc = Doc::new(c);
        }
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

    /// Opens a folder in the desktop's file manager, or says why not.
    pub(super) fn open_folder(&mut self, path: &Path) {
        if let Err(e) = self.desktop.open_folder(path) {
            let text = Msg::new("store.open_folder_failed")
                .text("reason", e.to_string())
                .text("path", path.display().to_string());
            self.message(MessageKind::Error, text);
        }
    }
}

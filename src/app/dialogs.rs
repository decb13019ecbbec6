//! File dialogs and the file manager, behind a trait so tests pass paths.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::store::{FileSystem, Medium};

/// What the app asks of the desktop.
pub trait Desktop {
    /// A roster file to import, or `None` if the user cancelled.
    /// `filter_name` names the roster files in the dialog's filter.
    fn pick_import(&mut self, filter_name: &str) -> Option<PathBuf>;
    /// Where to export a roster, or `None` if the user cancelled.
    fn pick_export(&mut self, filter_name: &str, suggested_name: &str) -> Option<PathBuf>;
    /// Where to save a PDF, or `None` if the user cancelled.
    /// `filter_name` names PDF files in the dialog's filter.
    fn pick_save_pdf(&mut self, filter_name: &str, suggested_name: &str) -> Option<PathBuf>;
    /// True when the desktop can show a file dialog; false where it has
    /// none (no XDG portal to ask): a PDF then goes to the documents
    /// folder.
    fn has_file_dialogs(&self) -> bool {
        true
    }
    /// The user's documents folder (`~/Documents`), where a PDF goes
    /// without a dialog; none where the system names none.
    fn documents_dir(&self) -> Option<PathBuf>;
    /// Shows a folder in the file manager.
    fn open_folder(&mut self, path: &Path) -> std::io::Result<()>;
    /// Opens a file with the system's viewer for its type (a PDF in the
    /// PDF reader).
    fn open_file(&mut self, path: &Path) -> std::io::Result<()>;
    /// A folder to keep the documents in, or `None` if the user cancelled.
    /// `title` is the dialog's.
    fn pick_folder(&mut self, title: &str) -> Option<PathBuf>;
    /// The platform's documents folder for Muster (`~/.local/share/muster`
    /// on Linux), the one used when none is chosen.
    fn default_data_dir(&self) -> Option<PathBuf>;
    /// The folder `$MUSTER_DATA_DIR` names, if set: it overrides the
    /// folder chosen.
    fn data_dir_override(&self) -> Option<PathBuf>;
    /// Where the undo history of each documents folder is kept, beside the
    /// preferences (never in a folder a group syncs); `None`: not kept.
    fn history_dir(&self) -> Option<PathBuf> {
        None
    }
    /// This installation's id among the machines sharing a campaign (kept
    /// with the preferences, made once).
    fn machine_id(&self) -> crate::store::machine::MachineId {
        crate::store::machine::this_installation()
    }
    /// Keeps `id` as this installation's id from now on (another
    /// installation was found writing as the one it had).
    fn keep_machine_id(
        &mut self,
        id: &crate::store::machine::MachineId,
    ) -> Result<(), crate::store::StoreError> {
        crate::store::machine::keep_for_installation(id)
    }
    /// What the documents are written on: the machine's file system.
    fn medium(&self) -> Arc<dyn Medium> {
        Arc::new(FileSystem)
    }
}

/// The program that opens a file or folder with what the desktop chose.
fn system_opener() -> &'static str {
    if cfg!(target_os = "windows") {
        "explorer"
    } else if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    }
}

/// Native dialogs (rfd, through the XDG portal on Linux).
#[derive(Default)]
pub struct NativeDesktop;

impl Desktop for NativeDesktop {
    fn pick_import(&mut self, filter_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter(filter_name, &["json"])
            .pick_file()
    }

    fn pick_export(&mut self, filter_name: &str, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter(filter_name, &["json"])
            .set_file_name(suggested_name)
            .save_file()
    }

    fn pick_save_pdf(&mut self, filter_name: &str, suggested_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter(filter_name, &["pdf"])
            .set_file_name(suggested_name)
            .save_file()
    }

    fn has_file_dialogs(&self) -> bool {
        // rfd asks the XDG desktop portal over the session bus: without a
        // bus there is no dialog to show (rfd would say nothing and return
        // none, as for a cancel).
        !cfg!(target_os = "linux") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
    }

    fn documents_dir(&self) -> Option<PathBuf> {
        directories::UserDirs::new().and_then(|u| u.document_dir().map(Path::to_path_buf))
    }

    fn open_folder(&mut self, path: &Path) -> std::io::Result<()> {
        std::process::Command::new(system_opener())
            .arg(path)
            .spawn()
            .map(|_| ())
    }

    fn open_file(&mut self, path: &Path) -> std::io::Result<()> {
        std::process::Command::new(system_opener())
            .arg(path)
            .spawn()
            .map(|_| ())
    }

    fn pick_folder(&mut self, title: &str) -> Option<PathBuf> {
        rfd::FileDialog::new().set_title(title).pick_folder()
    }

    fn default_data_dir(&self) -> Option<PathBuf> {
        crate::store::data_dir_for(None)
    }

    fn data_dir_override(&self) -> Option<PathBuf> {
        crate::store::data_dir_override()
    }

    fn history_dir(&self) -> Option<PathBuf> {
        crate::store::prefs_dir().map(|d| d.join("history"))
    }
}

/// A desktop for tests: answers with the paths it was given and records
/// the folders and files it was asked to open. The record is shared, so a
/// test keeps a handle on it after giving the desktop to the app.
#[derive(Default)]
pub struct ScriptedDesktop {
    /// Answers to `pick_import`, first first.
    pub imports: Vec<PathBuf>,
    /// Answers to `pick_export`, first first.
    pub exports: Vec<PathBuf>,
    /// Answers to `pick_save_pdf`, first first.
    pub pdfs: Vec<PathBuf>,
    /// Folders opened.
    pub opened: Vec<PathBuf>,
    /// Files opened with the system's viewer.
    pub opened_files: std::sync::Arc<std::sync::Mutex<Vec<PathBuf>>>,
    /// The suggested names the save dialogs were given.
    pub suggested: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    /// A desktop without file dialogs (no portal).
    pub no_dialogs: bool,
    /// The documents folder, if the desktop names one.
    pub documents: Option<PathBuf>,
    /// Answers to `pick_folder`, first first.
    pub folders: Vec<PathBuf>,
    /// Muster's default documents folder.
    pub default_data: Option<PathBuf>,
    /// This machine's id (tests play several machines in one process);
    /// none: the installation's.
    pub machine: Option<crate::store::machine::MachineId>,
    /// What `$MUSTER_DATA_DIR` would name.
    pub data_dir_env: Option<PathBuf>,
    /// Where the undo history is kept; none: not kept.
    pub history: Option<PathBuf>,
    /// What the documents are written on (a disk that fills up); none:
    /// the machine's file system.
    pub medium: Option<Arc<dyn Medium>>,
}

impl Desktop for ScriptedDesktop {
    fn pick_import(&mut self, _filter_name: &str) -> Option<PathBuf> {
        (!self.imports.is_empty()).then(|| self.imports.remove(0))
    }

    fn pick_export(&mut self, _filter_name: &str, _suggested_name: &str) -> Option<PathBuf> {
        (!self.exports.is_empty()).then(|| self.exports.remove(0))
    }

    fn pick_save_pdf(&mut self, _filter_name: &str, suggested_name: &str) -> Option<PathBuf> {
        if let Ok(mut s) = self.suggested.lock() {
            s.push(suggested_name.to_owned());
        }
        (!self.pdfs.is_empty()).then(|| self.pdfs.remove(0))
    }

    fn has_file_dialogs(&self) -> bool {
        !self.no_dialogs
    }

    fn documents_dir(&self) -> Option<PathBuf> {
        self.documents.clone()
    }

    fn open_folder(&mut self, path: &Path) -> std::io::Result<()> {
        self.opened.push(path.to_path_buf());
        Ok(())
    }

    fn open_file(&mut self, path: &Path) -> std::io::Result<()> {
        if let Ok(mut files) = self.opened_files.lock() {
            files.push(path.to_path_buf());
        }
        Ok(())
    }

    fn pick_folder(&mut self, _title: &str) -> Option<PathBuf> {
        (!self.folders.is_empty()).then(|| self.folders.remove(0))
    }

    fn default_data_dir(&self) -> Option<PathBuf> {
        self.default_data.clone()
    }

    fn data_dir_override(&self) -> Option<PathBuf> {
        self.data_dir_env.clone()
    }

    fn history_dir(&self) -> Option<PathBuf> {
        self.history.clone()
    }

    fn machine_id(&self) -> crate::store::machine::MachineId {
        self.machine
            .clone()
            .unwrap_or_else(crate::store::machine::this_installation)
    }

    fn keep_machine_id(
        &mut self,
        id: &crate::store::machine::MachineId,
    ) -> Result<(), crate::store::StoreError> {
        match &mut self.machine {
            Some(kept) => {
                kept.clone_from(id);
                Ok(())
            }
            None => crate::store::machine::keep_for_installation(id),
        }
    }

    fn medium(&self) -> Arc<dyn Medium> {
        self.medium.clone().unwrap_or_else(|| Arc::new(FileSystem))
    }
}

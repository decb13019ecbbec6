//! Where Muster's folders are: the documents (`$MUSTER_DATA_DIR`, the one
//! chosen, the platform's), the preferences, and a document's file name.

use std::path::{Path, PathBuf};

/// Environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "MUSTER_DATA_DIR";

/// The folder `$MUSTER_DATA_DIR` names, if it is set.
pub fn data_dir_override() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_ENV)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The data directory: `$MUSTER_DATA_DIR`, or the platform's user data
/// directory (`~/.local/share/muster` on Linux).
pub fn default_data_dir() -> Option<PathBuf> {
    data_dir_for(data_dir_override())
}

/// The data directory, given the override (`$MUSTER_DATA_DIR`).
pub fn data_dir_for(data_dir_override: Option<PathBuf>) -> Option<PathBuf> {
    data_dir_override.or_else(|| {
        directories::ProjectDirs::from("", "", "muster").map(|d| d.data_dir().to_path_buf())
    })
}

/// The documents folder, given the one chosen in the preferences:
/// `$MUSTER_DATA_DIR`, else the one chosen, else the platform's.
pub fn data_dir_chosen(chosen: Option<PathBuf>) -> Option<PathBuf> {
    data_dir_for(data_dir_override().or(chosen))
}

/// Environment variable that moves this installation's own folder (its
/// preferences and its machine id), as a second installation on one
/// computer has.
pub const CONFIG_DIR_ENV: &str = "MUSTER_CONFIG_DIR";

/// Where this installation keeps what is its own (the interface
/// preferences, its machine id): never among the documents, whatever
/// `$MUSTER_DATA_DIR` says, since two installations may share one
/// documents folder (a NAS, a network share, a synced folder).
pub fn prefs_dir() -> Option<PathBuf> {
    prefs_dir_for(
        std::env::var_os(CONFIG_DIR_ENV)
            .filter(|d| !d.is_empty())
            .map(PathBuf::from),
    )
}

/// This installation's folder, given `$MUSTER_CONFIG_DIR`: the folder it
/// names, otherwise the platform's configuration folder
/// (`~/.config/muster` on Linux).
pub fn prefs_dir_for(config_dir_override: Option<PathBuf>) -> Option<PathBuf> {
    config_dir_override.or_else(|| {
        directories::ProjectDirs::from("", "", "muster").map(|d| d.config_dir().to_path_buf())
    })
}

/// Where an older Muster kept the preferences when `$MUSTER_DATA_DIR`
/// was set: `prefs/` in the documents folder, which every installation
/// sharing the folder read and wrote.
pub fn shared_prefs_dir() -> Option<PathBuf> {
    data_dir_override().map(|d| d.join("prefs"))
}

/// The file name (without `.json`) of a roster id. A library file's own stem
/// maps to itself, so a roster is saved where it was read; only what could
/// leave the folder (separators, a leading dot) or an empty name is changed.
/// Ids that do not come from a file name are made by `slug` or `sanitize`.
pub(super) fn file_stem_for(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| if std::path::is_separator(c) { '_' } else { c })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        format!("_{s}")
    } else {
        s
    }
}

/// A portable id made of letters, digits, `-` and `_` (for ids that come
/// from a file's content, such as an imported roster's).
pub fn sanitize(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "_".to_owned() } else { s }
}

/// A file-name friendly id from a roster's name.
pub fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.trim().to_lowercase().chars() {
        if c.is_alphanumeric() {
            s.push(c);
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_owned();
    if s.is_empty() { "roster".to_owned() } else { s }
}

/// A document file of a kind's folder: `*.json`, not hidden (hidden files
/// are editors' and sync tools' leftovers, and our own temporary files).
pub(super) fn is_document_file(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "json")
        && path
            .file_name()
            .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
}

/// A file's name without `.json`, as text (lossy: for names that are not).
pub(super) fn stem_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Kinds;

    #[test]
    fn preferences_live_apart_from_the_documents() {
        // Moved by their own variable, never into the documents folder.
        let own = PathBuf::from("/somewhere/muster-config");
        assert_eq!(prefs_dir_for(Some(own.clone())), Some(own));
        // Without it, they are in the configuration folder, not the data one
        // (eframe's default folder on Linux was the data folder itself).
        if let (Some(prefs), Some(data)) = (prefs_dir_for(None), data_dir_for(None)) {
            if cfg!(target_os = "linux") {
                assert_ne!(prefs, data);
            }
            assert!(!prefs.starts_with(&data));
            let shared = PathBuf::from("/nas/muster");
            assert!(!prefs.starts_with(&shared));
            assert!(Kinds::default().iter().all(|k| !prefs.ends_with(k.folder)));
        }
    }
}

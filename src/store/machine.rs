//! This installation's identity among the machines that share a campaign: a
//! random id made once and kept beside the preferences (never in the
//! documents folder a sync tool shares), which names the journal this
//! machine alone writes in each campaign.

use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io::Write;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The file, in the preferences folder, that holds the id.
pub const MACHINE_ID_FILE: &str = "machine-id";

pub use crate::rules::campaign::MachineId;
use crate::rules::campaign::StampTime;

/// A new random id.
pub fn random() -> MachineId {
    MachineId::from(format!("{:016x}", fresh_u64()))
}

/// This installation's id, kept in `folder` (the preferences folder):
/// read when it is there, else made and written. When it cannot be
/// written, a new id serves this session (said in the log): its events
/// then go to a journal of their own, which is still read by all.
pub fn of_installation(folder: &Path) -> MachineId {
    let path = folder.join(MACHINE_ID_FILE);
    if let Some(id) = fs::read_to_string(&path)
        .ok()
        .as_deref()
        .and_then(MachineId::parse)
    {
        return id;
    }
    let id = random();
    match write_new(&path, &id) {
        Ok(()) => id,
        // Another Muster of this installation made it meanwhile.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            match fs::read_to_string(&path)
                .ok()
                .as_deref()
                .and_then(MachineId::parse)
            {
                Some(theirs) => theirs,
                // A file torn by a crash: made again.
                None => {
                    let _ = fs::write(&path, format!("{id}\n"));
                    id
                }
            }
        }
        Err(e) => {
            log::warn!("could not keep this machine's id: {e}: {}", path.display());
            id
        }
    }
}

/// Keeps `id` as the id of the installation whose folder is `folder`, in
/// place of the one it had (another installation was found writing as
/// that one).
pub fn keep_in(id: &MachineId, folder: &Path) -> Result<(), super::StoreError> {
    fs::create_dir_all(folder).map_err(super::io_err("io.create_folder", folder))?;
    let path = folder.join(MACHINE_ID_FILE);
    super::write_atomic(&path, |f| f.write_all(format!("{id}\n").as_bytes()))
}

/// Keeps `id` as this installation's id (see [`keep_in`]).
pub fn keep_for_installation(id: &MachineId) -> Result<(), super::StoreError> {
    match super::prefs_dir() {
        Some(folder) => keep_in(id, &folder),
        None => Ok(()),
    }
}

/// The id of this installation: kept in the preferences folder
/// ([`super::prefs_dir`]), or made for this session when there is none.
pub fn this_installation() -> MachineId {
    match super::prefs_dir() {
        Some(folder) => of_installation(&folder),
        None => random(),
    }
}

/// 64 bits no other process draws: the standard library's per-process
/// random keys, mixed with the time and the process (the seed of the ids
/// this machine gives its events, which must never meet another's).
pub fn fresh_u64() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(nanos);
    h.write_u32(std::process::id());
    h.finish()
}

/// Writes the id to a file that must not exist yet: of two Musters making
/// it at once, one wins (a torn file reads as no id, and is made again).
fn write_new(path: &Path, id: &MachineId) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder)?;
    }
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(format!("{id}\n").as_bytes())?;
    file.sync_all()
}

/// Now, in UTC, to the second: `2026-11-25T17:36:36Z`.
pub fn utc_now() -> StampTime {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc(secs)
}

/// `secs` since 1970 in UTC, as RFC 3339 writes it.
pub fn utc(secs: u64) -> StampTime {
    StampTime::from_unix_secs(secs)
}

#[cfg(test)]
mod tests {
    use super::{MachineId, keep_in, of_installation, random, utc};

    #[test]
    fn utc_times_read_as_rfc_3339() {
        assert_eq!(utc(0).as_str(), "1970-01-01T00:00:00Z");
        assert_eq!(utc(1_795_628_196).as_str(), "2026-11-25T17:36:36Z");
        assert_eq!(utc(951_782_400).as_str(), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn an_installation_keeps_its_id() {
        let dir = tempfile::tempdir().expect("dir");
        let first = of_installation(dir.path());
        let again = of_installation(dir.path());
        assert_eq!(first, again);
        assert_eq!(first.as_str().len(), 16);
        let other = tempfile::tempdir().expect("dir");
        assert_ne!(first, of_installation(other.path()));
        // A new id taken in place of the first is the one kept.
        let renewed = random();
        keep_in(&renewed, dir.path()).expect("kept");
        assert_eq!(of_installation(dir.path()), renewed);
    }

    #[test]
    fn only_sixteen_hex_digits_are_an_id() {
        assert!(MachineId::parse("0123456789abcdef\n").is_some());
        assert!(MachineId::parse("0123456789abcdeg").is_none());
        assert!(MachineId::parse("").is_none());
    }
}

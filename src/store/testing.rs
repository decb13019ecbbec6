//! Media for tests: the machine's file system, with less room.

use std::fs::File;
use std::io::{self, Write as _};
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::atomic;
use super::error::{DiskFailure, disk_err};
use super::medium::{FileSystem, Medium};

/// The machine's file system, made to fill up once a number of bytes
/// have been written: the write that does not fit writes what fits of it,
/// then is refused as a full disk is. Clones share their room, so a test
/// keeps one and hands the store another ([`FillingDisk::medium`]).
#[derive(Clone, Debug, Default)]
pub struct FillingDisk {
    /// How many more bytes may be written (`None`: no limit).
    room: Arc<Mutex<Option<u64>>>,
}

impl FillingDisk {
    /// Makes writes fail once `bytes` more bytes have been written
    /// (`None`: never).
    pub fn fill_after(&self, bytes: Option<u64>) {
        *self.room() = bytes;
    }

    /// This medium, for [`super::Store::open_on`] (its room shared with
    /// this one).
    pub fn medium(&self) -> Arc<dyn Medium> {
        Arc::new(self.clone())
    }

    /// The room left. A test that panicked while holding it left a whole
    /// number.
    fn room(&self) -> std::sync::MutexGuard<'_, Option<u64>> {
        self.room.lock().unwrap_or_else(|poisoned| {
            self.room.clear_poison();
            poisoned.into_inner()
        })
    }

    /// Takes room for `len` bytes: how many of them fit when not all do.
    fn take_room(&self, len: usize) -> Option<usize> {
        let mut room = self.room();
        let left = (*room)?;
        let wanted = u64::try_from(len).unwrap_or(u64::MAX);
        *room = Some(left.saturating_sub(wanted));
        (wanted > left).then(|| usize::try_from(left).unwrap_or(0).min(len))
    }
}

impl Medium for FillingDisk {
    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<(), DiskFailure> {
        match self.take_room(bytes.len()) {
            None => FileSystem.write_atomic(path, bytes),
            // Part of the text, then a full disk.
            Some(part) => atomic::write_file(path, |w| {
                w.write_all(&bytes[..part])?;
                Err(io::ErrorKind::StorageFull.into())
            }),
        }
    }

    fn write_at(&self, path: &Path, good_len: u64, bytes: &[u8]) -> Result<File, DiskFailure> {
        match self.take_room(bytes.len()) {
            None => FileSystem.write_at(path, good_len, bytes),
            Some(part) => {
                FileSystem.write_at(path, good_len, &bytes[..part])?;
                Err(disk_err("io.write", path)(
                    io::ErrorKind::StorageFull.into(),
                ))
            }
        }
    }
}

//! What the disk writes on: the machine's file system ([`FileSystem`]),
//! or another medium chosen when the store opens (tests use one that fills
//! up, [`super::testing::FillingDisk`]).

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Seek as _, SeekFrom, Write as _};
use std::path::Path;

use super::atomic;
use super::error::{DiskFailure, disk_err};

/// The writes the store's disk makes on files. Each refusal names what was
/// being done and the file.
pub trait Medium: fmt::Debug + Send + Sync {
    /// Writes a whole file atomically: a crash leaves the old file or the
    /// new, never half of one.
    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<(), DiskFailure>;

    /// Writes `bytes` at `good_len` of the file at `path` (made when there
    /// is none), first cutting away what lies past it (a line a crash cut
    /// off). The file is returned to be synced.
    fn write_at(&self, path: &Path, good_len: u64, bytes: &[u8]) -> Result<File, DiskFailure>;
}

/// The machine's file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileSystem;

impl Medium for FileSystem {
    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<(), DiskFailure> {
        atomic::write_file(path, |w| w.write_all(bytes))
    }

    fn write_at(&self, path: &Path, good_len: u64, bytes: &[u8]) -> Result<File, DiskFailure> {
        // Opened for writing, not appending, so that a line cut off by a
        // crash can be cut away on every system.
        let mut f = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(disk_err("io.create", path))?;
        let len = f.metadata().map_err(disk_err("io.read", path))?.len();
        if len > good_len {
            f.set_len(good_len).map_err(disk_err("io.write", path))?;
        }
        f.seek(SeekFrom::Start(good_len))
            .map_err(disk_err("io.write", path))?;
        f.write_all(bytes).map_err(disk_err("io.write", path))?;
        Ok(f)
    }
}

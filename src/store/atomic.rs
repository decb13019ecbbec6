//! Writing a file atomically: a temporary file beside it, synced, then
//! renamed over it; and telling our temporary files from a sync tool's.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::error::{DiskFailure, StoreError, disk_err};

/// Writes a file atomically: a temporary file in the same folder, written by
/// `write`, flushed and synced, then renamed over `path`. If anything fails,
/// the previous file is untouched and the temporary file removed.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), StoreError> {
    Ok(write_file(path, write)?)
}

/// [`write_atomic`], refused as the disk refuses.
pub(super) fn write_file(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), DiskFailure> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", unique_stamp()));
    // A failure names the file the caller asked for, never the temporary
    // file beside it, which nobody typed and which is gone afterwards.
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(disk_err("io.create", path))?;
        write(&mut file).map_err(disk_err("io.write", path))?;
        file.flush().map_err(disk_err("io.write", path))?;
        file.sync_all().map_err(disk_err("io.sync", path))?;
        drop(file);
        fs::rename(&tmp, path).map_err(disk_err("io.replace", path))?;
        // Make the rename itself durable.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Whether `name` is the temporary file of a save of Muster's
/// (`.NAME.json.STAMP.tmp`, see [`write_atomic`] and [`unique_stamp`]):
/// never a sync tool's download under way (Syncthing's
/// `.syncthing.NAME.json.tmp` or `~syncthing~NAME.json.tmp`).
pub fn is_our_temp(name: &str) -> bool {
    if name.starts_with(".syncthing.") || name.starts_with("~syncthing~") {
        return false;
    }
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((file, stamp)) = inner.rsplit_once('.') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut parts = stamp.split('-');
    let stamped = matches!(
        (parts.next(), parts.next(), parts.next(), parts.next()),
        (Some(millis), Some(n), Some(pid), None) if digits(millis) && digits(n) && digits(pid)
    );
    stamped && file.len() > ".json".len() && file.ends_with(".json")
}

/// A name unique within this process and sortable by time (its shape is
/// what [`is_our_temp`] recognises).
pub(super) fn unique_stamp() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{millis:015}-{n:06}-{}", std::process::id())
}

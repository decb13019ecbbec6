//! Sync tools' conflict copies: when two machines change one
//! file before hearing from each other, Syncthing, Dropbox and Nextcloud
//! keep one under its name and rename the other. Muster knows those names
//! (and a plain `NAME.conflict.json`) as versions of the document `NAME`,
//! never as documents of their own.

/// The tool that named a conflict copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncTool {
    /// `NAME.sync-conflict-20261125-173636-D4LGQYW.json`.
    Syncthing,
    /// `NAME (Camille's conflicted copy 2026-11-25).json`.
    Dropbox,
    /// `NAME (conflicted copy 2026-11-25 173636).json`.
    Nextcloud,
    /// `NAME.conflict.json`, made by hand or by another tool.
    Plain,
    /// `NAME.json` beside the campaign's journals (`NAME/`): the campaign
    /// as one file, from an older Muster or a friend, to merge into them.
    SingleFile,
}

impl SyncTool {
    /// Its name's message key.
    pub fn key(self) -> &'static str {
        match self {
            Self::Syncthing => "sync.tool.syncthing",
            Self::Dropbox => "sync.tool.dropbox",
            Self::Nextcloud => "sync.tool.nextcloud",
            Self::Plain => "sync.tool.plain",
            Self::SingleFile => "sync.tool.single_file",
        }
    }
}

/// If `file_name` is a conflict copy: the file name's stem of the document
/// it is a version of, and the tool that named it.
pub fn conflict_copy_of(file_name: &str) -> Option<(String, SyncTool)> {
    let stem = file_name.strip_suffix(".json")?;
    if let Some((base, rest)) = stem.rsplit_once(".sync-conflict-")
        && !base.is_empty()
        && syncthing_tail(rest)
    {
        return Some((base.to_owned(), SyncTool::Syncthing));
    }
    if let Some(base) = stem.strip_suffix(".conflict")
        && !base.is_empty()
    {
        return Some((base.to_owned(), SyncTool::Plain));
    }
    let inner = stem.strip_suffix(')')?;
    let (base, inner) = inner.rsplit_once(" (")?;
    if base.is_empty() {
        return None;
    }
    if let Some(when) = inner.strip_prefix("conflicted copy ") {
        let (date, time) = when.split_once(' ')?;
        return (date_ok(date) && digits(time, 6)).then(|| (base.to_owned(), SyncTool::Nextcloud));
    }
    let (who, date) = inner
        .rsplit_once("'s conflicted copy ")
        .or_else(|| inner.rsplit_once("’s conflicted copy "))?;
    (!who.trim().is_empty() && date_ok(date)).then(|| (base.to_owned(), SyncTool::Dropbox))
}

/// `20261125-173636-D4LGQYW`: a date, a time and the device's short id.
fn syncthing_tail(rest: &str) -> bool {
    let parts: Vec<&str> = rest.split('-').collect();
    matches!(parts.as_slice(), [date, time, device]
        if digits(date, 8)
            && digits(time, 6)
            && device.len() == 7
            && device.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()))
}

/// `2026-11-25`.
fn date_ok(date: &str) -> bool {
    let parts: Vec<&str> = date.split('-').collect();
    matches!(parts.as_slice(), [y, m, d] if digits(y, 4) && digits(m, 2) && digits(d, 2))
}

fn digits(s: &str, n: usize) -> bool {
    s.len() == n && s.chars().all(|c| c.is_ascii_digit())
}

/// Every place where two documents' JSON differ, with each side's value
/// (`roster.characters[1].name`, `"Oriel"`, `"Oriel the Bold"`): objects by
/// key, lists of one length by place, anything else whole. Two versions
/// with no common ancestor known offer each of these to keep one side.
pub fn differences(a: &serde_json::Value, b: &serde_json::Value) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    diff(a, b, String::new(), &mut out);
    out
}

fn diff(
    a: &serde_json::Value,
    b: &serde_json::Value,
    at: String,
    out: &mut Vec<(String, String, String)>,
) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let place = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                diff(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    place,
                    out,
                );
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                diff(p, q, format!("{at}[{i}]"), out);
            }
        }
        _ if a != b => out.push((at, a.to_string(), b.to_string())),
        _ => {}
    }
}

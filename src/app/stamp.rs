//! What the app stamps on each campaign event it records: a
//! unique id, the time in UTC and the machine's name, so that two
//! versions of a campaign merge without doubling an event.

pub use crate::store::machine::{utc, utc_now};

/// This machine's name: the preference when set, else the host's name
/// (`HOSTNAME`, `COMPUTERNAME`, `/etc/hostname`), else "this machine".
pub fn machine_name(preference: &str) -> String {
    let p = preference.trim();
    if !p.is_empty() {
        return p.to_owned();
    }
    ["HOSTNAME", "COMPUTERNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .chain(std::fs::read_to_string("/etc/hostname").ok())
        .map(|s| s.trim().to_owned())
        .find(|s| !s.is_empty())
        .unwrap_or_else(|| "this machine".to_owned())
}

//! What the app stamps on each campaign event it records (issue 24): a
//! unique id, the time in UTC and the machine's name, so that two
//! versions of a campaign merge without doubling an event.

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, in UTC, to the second: `2026-11-25T17:36:36Z`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc(secs)
}

/// `secs` since 1970 in UTC, as RFC 3339 writes it.
pub fn utc(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rest = secs % 86_400;
    let (y, m, d) = civil(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let m = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

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

#[cfg(test)]
mod tests {
    use super::utc;

    #[test]
    fn utc_times_read_as_rfc_3339() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(1_795_628_196), "2026-11-25T17:36:36Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
    }
}

//! What a journal entry's stamp names an event by and dates it with: its
//! id, and its time in UTC, read once and written back as they were read.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::core::text_id::text_id;

text_id! {
    /// The id of a journal event, the same on every machine: 16 hex digits
    /// (`legacy-…` for an event older than stamps).
    StampId
}

/// When a journal event was made, as RFC 3339 writes it
/// (`2026-11-25T17:36:36Z`): compared by the instant, written as read.
#[derive(Clone, Debug)]
pub struct StampTime {
    /// The time as written.
    text: String,
    /// Seconds since 1970-01-01T00:00:00Z.
    secs: i64,
    /// The fraction of the second, in nanoseconds.
    nanos: u32,
    /// The date and time of day as written: year, month, day, hour,
    /// minute, second.
    fields: [u32; 6],
    /// Whether it is written as Muster writes it: `T` between date and
    /// time and `Z` at the end, the time of day being UTC's.
    zulu: bool,
}

impl StampTime {
    /// The time `text` writes, if it is one: `YYYY-MM-DDTHH:MM:SS`,
    /// fractions of a second allowed, then `Z` or an offset (`+01:00`),
    /// each field within its range.
    pub fn parse(text: &str) -> Option<Self> {
        let b = text.as_bytes();
        let digits = |from: usize, len: usize| -> Option<u32> {
            let part = text.get(from..from + len)?;
            part.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| part.parse().ok())
                .flatten()
        };
        let punct = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')];
        if b.len() < 20
            || punct
                .iter()
                .any(|&(i, c)| b[i] != c && !(i == 10 && b[i] == b't'))
        {
            return None;
        }
        let ranges = [0..=9999, 1..=12, 1..=31, 0..=23, 0..=59, 0..=60];
        let places = [(0, 4), (5, 2), (8, 2), (11, 2), (14, 2), (17, 2)];
        let mut fields = [0u32; 6];
        for ((field, (from, len)), range) in fields.iter_mut().zip(places).zip(ranges) {
            *field = digits(from, len).filter(|v| range.contains(v))?;
        }
        let mut rest = &text[19..];
        let mut nanos = 0u32;
        if let Some(frac) = rest.strip_prefix('.') {
            let n = frac.bytes().take_while(u8::is_ascii_digit).count();
            if n == 0 {
                return None;
            }
            nanos = frac[..n]
                .bytes()
                .chain(std::iter::repeat(b'0'))
                .take(9)
                .fold(0, |acc, d| acc * 10 + u32::from(d - b'0'));
            rest = &frac[n..];
        }
        let offset_secs = match rest.as_bytes() {
            [b'Z' | b'z'] => 0,
            [sign @ (b'+' | b'-'), ..] if rest.len() == 6 => {
                let h = digits(text.len() - 5, 2).filter(|h| *h <= 23)?;
                let m = digits(text.len() - 2, 2).filter(|m| *m <= 59)?;
                if rest.as_bytes()[3] != b':' {
                    return None;
                }
                let secs = i64::from(h * 3600 + m * 60);
                if *sign == b'-' { -secs } else { secs }
            }
            _ => return None,
        };
        let [y, mo, d, h, mi, s] = fields;
        let secs = days_from_civil(i64::from(y), mo, d) * 86_400
            + i64::from(h * 3600 + mi * 60 + s)
            - offset_secs;
        Some(Self {
            text: text.to_owned(),
            secs,
            nanos,
            fields,
            zulu: b[10] == b'T' && rest == "Z",
        })
    }

    /// The time `secs` seconds after 1970-01-01T00:00:00Z, to the second.
    pub fn from_unix_secs(secs: u64) -> Self {
        let days = i64::try_from(secs / 86_400).unwrap_or(0);
        let rest = u32::try_from(secs % 86_400).unwrap_or(0);
        let (y, m, d) = civil_from_days(days);
        let y = u32::try_from(y).unwrap_or(0);
        let fields = [y, m, d, rest / 3600, rest % 3600 / 60, rest % 60];
        let [_, _, _, h, mi, s] = fields;
        Self {
            text: format!("{y:04}-{m:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z"),
            secs: i64::try_from(secs).unwrap_or(i64::MAX),
            nanos: 0,
            fields,
            zulu: true,
        }
    }

    /// The time as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The date and time of day (year, month, day, hour, minute, second)
    /// when written as Muster writes it, in UTC with `T` and `Z`; none for
    /// a time written otherwise.
    pub fn utc_fields(&self) -> Option<[u32; 6]> {
        self.zulu.then_some(self.fields)
    }
}

/// Whether `text` is a time as stamps write it (see [`StampTime::parse`]).
pub fn is_utc_time(text: &str) -> bool {
    StampTime::parse(text).is_some()
}

/// The days from 1970-01-01 to a date (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
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

impl PartialEq for StampTime {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for StampTime {}

impl Ord for StampTime {
    /// The earlier instant first; two writings of one instant by their
    /// text, so that every machine sorts them alike.
    fn cmp(&self, other: &Self) -> Ordering {
        (self.secs, self.nanos, &self.text).cmp(&(other.secs, other.nanos, &other.text))
    }
}

impl PartialOrd for StampTime {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for StampTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Serialize for StampTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for StampTime {
    /// A time that is not one in UTC as RFC 3339 writes it is refused
    /// where it stands.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let at = String::deserialize(d)?;
        Self::parse(&at).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&at),
                &"a time in UTC, as 2026-11-25T17:36:36Z",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::StampTime;

    #[test]
    fn a_time_reads_back_as_the_instant_it_writes() {
        for secs in [0, 951_782_400, 1_795_628_196] {
            let t = StampTime::from_unix_secs(secs);
            let read = StampTime::parse(t.as_str()).expect("a time");
            assert_eq!(read, t);
            assert_eq!(read.secs, i64::try_from(secs).expect("small"));
        }
        assert_eq!(
            StampTime::from_unix_secs(1_795_628_196).as_str(),
            "2026-11-25T17:36:36Z"
        );
    }

    #[test]
    fn times_sort_by_their_instant() {
        let t = |s: &str| StampTime::parse(s).expect(s);
        assert!(t("2026-11-25T17:36:36Z") < t("2026-11-25T17:36:36.250Z"));
        assert!(t("2026-11-25T18:00:00+01:00") < t("2026-11-25T17:36:36Z"));
        assert_eq!(
            t("2026-11-25T17:36:36Z").utc_fields(),
            Some([2026, 11, 25, 17, 36, 36])
        );
        assert_eq!(t("2026-11-25T17:36:36+00:00").utc_fields(), None);
    }
}

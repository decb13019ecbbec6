//! Names the code writes as `&'static str` (a message's argument names, a
//! problem's key, what a die was for) read back from a file: each text
//! kept once for the whole run, so that what was written reads back as
//! the same names. Only a session's own log is read so; its names are
//! the code's, a few hundred at most.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock, PoisonError};

use serde::{Deserialize, Deserializer};

/// The text `s`, kept for the whole run.
pub fn interned(s: &str) -> &'static str {
    static KEPT: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut kept = KEPT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(k) = kept.get(s) {
        return k;
    }
    let k: &'static str = Box::leak(s.to_owned().into_boxed_str());
    kept.insert(k);
    k
}

/// Reads a name written as text (`#[serde(deserialize_with = …)]`).
pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let s = String::deserialize(d)?;
    Ok(interned(&s))
}

/// Reads a name that may be missing.
pub fn optional_name<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'static str>, D::Error> {
    let s = Option::<String>::deserialize(d)?;
    Ok(s.as_deref().map(interned))
}

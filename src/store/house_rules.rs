//! The library's house rules, kept as this data folder's `rules/` files
//! (what a campaign begun here records), edited one value at a time; and
//! the house-rules files a group shares with another.

use std::fs;
use std::io;
use std::path::Path;

use serde_json::{Value, json};

use super::document::DocError;
use super::error::io_err;
use super::{Store, StoreError};
use crate::rules::data::BUILT_IN_FILES;
use crate::rules::house_rules::{self, HouseRules, RuleChange};

/// The kind a house-rules file names in its envelope.
pub const HOUSE_RULES_KIND: &str = "house_rules";

/// The version of the house-rules files this Muster writes and reads.
pub const HOUSE_RULES_VERSION: u64 = 1;

impl Store {
    /// Sets `place` to `value` in this folder's rules files, or back to the
    /// built-in value with `None`: the library's rule set, which rosters
    /// and kill teams are checked by and new campaigns record. A copy that
    /// ends up as the built-in file is removed; a broken copy is never
    /// written over.
    pub fn set_library_rule(&self, place: &str, value: Option<&Value>) -> Result<(), StoreError> {
        if self.read_only() {
            return Err(StoreError::ReadOnly);
        }
        let dir = self.rules_dir();
        let no_place = |path: &Path| StoreError::NoBuiltInValue {
            place: place.to_owned(),
            path: path.to_path_buf(),
        };
        let Some((file, pointer)) = house_rules::split_place(place) else {
            return Err(no_place(&dir));
        };
        let path = dir.join(file);
        let built: Value = BUILT_IN_FILES
            .iter()
            .find(|(n, _)| *n == file)
            .and_then(|(_, t)| serde_json::from_str(t).ok())
            .ok_or_else(|| no_place(&path))?;
        let mut copy: Value = match fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| StoreError::Document {
                reason: DocError::from_json(&e, String::new()),
                path: path.clone(),
            })?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => json!({}),
            Err(e) => return Err(io_err("io.read", &path)(e)),
        };
        let section = pointer
            .split('/')
            .nth(1)
            .map(|s| s.replace("~1", "/").replace("~0", "~"))
            .unwrap_or_default();
        let Some(object) = copy.as_object_mut() else {
            return Err(StoreError::Document {
                reason: DocError::NotObject,
                path,
            });
        };
        // A copy lacking the section reads the built-in one: start from it.
        if !object.contains_key(&section)
            && let Some(s) = built.get(&section)
        {
            object.insert(section.clone(), s.clone());
        }
        let new = value
            .cloned()
            .or_else(|| built.pointer(pointer).cloned())
            .ok_or_else(|| no_place(&path))?;
        *copy.pointer_mut(pointer).ok_or_else(|| no_place(&path))? = new;
        let object = copy.as_object_mut().ok_or_else(|| no_place(&path))?;
        if object.get(&section) == built.get(&section) {
            object.remove(&section);
        }
        if object.keys().all(|k| k == "note") {
            return match fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_err("io.remove", &path)(e)),
                _ => Ok(()),
            };
        }
        fs::create_dir_all(&dir).map_err(io_err("io.create_folder", &dir))?;
        let mut text = serde_json::to_string_pretty(&copy).unwrap_or_default();
        text.push('\n');
        Ok(self.disk.write_atomic(&path, text.as_bytes())?)
    }

    /// Writes `house` as a house-rules file at `path`, to share with
    /// another group.
    pub fn export_house_rules(&self, house: &HouseRules, path: &Path) -> Result<(), StoreError> {
        Ok(self
            .disk
            .write_atomic(path, house_rules_text(house).as_bytes())?)
    }
}

/// The text of a house-rules file holding `house`.
pub fn house_rules_text(house: &HouseRules) -> String {
    let text = json!({
        "muster": HOUSE_RULES_KIND,
        "schema_version": HOUSE_RULES_VERSION,
        HOUSE_RULES_KIND: house,
    });
    let mut text = serde_json::to_string_pretty(&text).unwrap_or_default();
    text.push('\n');
    text
}

/// The house rules a house-rules file holds; a file that is not one, or
/// of a newer version, is refused with the reason.
pub fn read_house_rules(path: &Path) -> Result<HouseRules, StoreError> {
    let text = fs::read_to_string(path).map_err(io_err("io.read", path))?;
    let refused = |reason: DocError| StoreError::Document {
        reason,
        path: path.to_path_buf(),
    };
    let value: Value =
        serde_json::from_str(&text).map_err(|e| refused(DocError::from_json(&e, String::new())))?;
    match value.get("muster").and_then(Value::as_str) {
        Some(HOUSE_RULES_KIND) => {}
        Some(other) => {
            return Err(refused(DocError::WrongKind {
                found: other.to_owned(),
                expected: HOUSE_RULES_KIND,
            }));
        }
        None => return Err(refused(DocError::NoEnvelope)),
    }
    match value.get("schema_version").and_then(Value::as_u64) {
        Some(v) if v > HOUSE_RULES_VERSION => return Err(refused(DocError::TooNew { found: v })),
        Some(_) => {}
        None => return Err(refused(DocError::BadVersion)),
    }
    let changes: Vec<RuleChange> =
        serde_json::from_value(value.get(HOUSE_RULES_KIND).cloned().unwrap_or(Value::Null))
            .map_err(|e| refused(DocError::from_json(&e, HOUSE_RULES_KIND.to_owned())))?;
    Ok(HouseRules::of(changes))
}

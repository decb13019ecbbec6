//! A document written in its envelope: as JSON, and as JSON keeping the
//! text of the list items that did not change since the last write.

use std::fmt;
use std::sync::Arc;

use serde::ser::SerializeMap as _;
use serde::{Serialize, Serializer};

use super::SCHEMA_VERSION;
use super::error::DocError;
use crate::rules::Document;
use crate::rules::doc::SavedItem;

struct EnvelopeOut<'a, K>(&'a K);

impl<K: Document> Serialize for EnvelopeOut<'_, K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("muster", K::KIND.as_str())?;
        map.serialize_entry("schema_version", &SCHEMA_VERSION)?;
        map.serialize_entry(K::KIND.as_str(), self.0)?;
        map.end()
    }
}

/// The text of a document's file, pretty-printed, ending with a newline. A
/// failure is an error, never an empty text saved over the file.
pub fn to_json<K: Document>(doc: &K) -> Result<String, DocError> {
    let mut text = serde_json::to_string_pretty(&EnvelopeOut(doc))
        .map_err(|e| DocError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The text of each item of a document's shared lists as last saved, kept
/// for the next save of the same file.
#[derive(Default)]
pub struct KeptTexts {
    lists: Vec<KeptList>,
}

/// One list's items and their texts, in order.
struct KeptList {
    field: &'static str,
    items: Vec<(Arc<dyn SavedItem>, Box<str>)>,
}

impl KeptTexts {
    /// How many item texts are kept.
    pub fn len(&self) -> usize {
        self.lists.iter().map(|l| l.items.len()).sum()
    }

    /// Whether no text is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl fmt::Debug for KeptTexts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeptTexts")
            .field("items", &self.len())
            .finish()
    }
}

/// Where a document's fields are in its file: inside the envelope, one
/// level in.
const FIELD_INDENT: &str = "\n    ";
/// Where the items of a document's list are: one more level in.
const ITEM_INDENT: &str = "\n      ";

/// The same text as [`to_json`], made faster: the items of the document's
/// shared lists ([`Document::shared_lists`]) that `kept` holds from the last
/// save keep their text; only new or changed ones are made, and `kept` is
/// updated for the next save.
pub fn to_json_kept<K: Document>(doc: &K, kept: &mut KeptTexts) -> Result<String, DocError> {
    let Some((bare, lists)) = doc.shared_lists() else {
        return to_json(doc);
    };
    let text = to_json(&bare)?;
    // Each list is `[]` in the bare text, once, at the document's level
    // (strings hold no raw line break, so the mark is only found there).
    let mut places = Vec::with_capacity(lists.len());
    for list in &lists {
        let mark = format!("{FIELD_INDENT}\"{}\": []", list.field);
        let mut found = text.match_indices(&mark);
        match (found.next(), found.next()) {
            (Some((at, _)), None) => places.push(at + mark.len() - 1),
            // Not where it was expected: the plain way is always right.
            _ => {
                *kept = KeptTexts::default();
                return to_json(doc);
            }
        }
    }
    let mut old = std::mem::take(&mut kept.lists);
    for list in lists {
        let mut before = old
            .iter()
            .position(|l| l.field == list.field)
            .map(|i| old.swap_remove(i).items)
            .unwrap_or_default()
            .into_iter();
        let mut items = Vec::with_capacity(list.items.len());
        for item in list.items {
            let text = match before.next() {
                Some((was, text)) if std::ptr::addr_eq(Arc::as_ptr(&was), Arc::as_ptr(&item)) => {
                    text
                }
                _ => item
                    .to_pretty_json()
                    .map_err(|e| DocError::Serialize(e.to_string()))?
                    .replace('\n', ITEM_INDENT)
                    .into_boxed_str(),
            };
            items.push((item, text));
        }
        kept.lists.push(KeptList {
            field: list.field,
            items,
        });
    }
    let mut order: Vec<(usize, &KeptList)> = places.into_iter().zip(&kept.lists).collect();
    order.sort_by_key(|(at, _)| *at);
    let extra: usize = kept
        .lists
        .iter()
        .flat_map(|l| &l.items)
        .map(|(_, t)| t.len() + ITEM_INDENT.len() + 1)
        .sum::<usize>()
        + kept.lists.len() * FIELD_INDENT.len();
    let mut out = String::with_capacity(text.len() + extra);
    let mut from = 0;
    for (at, list) in order {
        out.push_str(&text[from..at]);
        if !list.items.is_empty() {
            for (i, (_, item)) in list.items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(ITEM_INDENT);
                out.push_str(item);
            }
            out.push_str(FIELD_INDENT);
        }
        from = at;
    }
    out.push_str(&text[from..]);
    Ok(out)
}

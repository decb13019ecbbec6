//! Two versions of a roster or a kill team merged field by field, on
//! their JSON: pure, no file read here.
//!
//! With a common ancestor (`base`), a field changed on one side only takes
//! that side's value; a field changed on both sides to different values is
//! a conflict (ours in the merge until the player takes theirs). With no
//! ancestor, every field that differs is a conflict, offered side by side.
//!
//! Nothing is taken in silence: each field changed on one side only is
//! listed too (`changes`), and the player may keep the other side's value
//! there as well, since the ancestor found among the backups is the best
//! guess, not a certainty.
//!
//! Objects merge key by key. A list whose elements are all objects carrying
//! an identity (`id`, else `name`, unique in each version) merges element
//! by element: one added on one side goes in (after its predecessor in that
//! side's order), one removed on one side and unchanged on the other goes,
//! one changed on both merges field by field; one both sides added under
//! the same numeric id (two soldiers recruited on two machines, each given
//! the next free id) stays two: ours keeps its id, theirs takes the next
//! free one. The order is ours; a list
//! reordered on their side only keeps our order. Any other list is one
//! field.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// Which side changed a field since the ancestor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Both, differently (or, with no ancestor, the field differs): a
    /// conflict, ours until the player takes theirs.
    Both,
    /// Ours only: ours is taken until the player takes theirs.
    Ours,
    /// Theirs only: theirs is taken until the player keeps ours.
    Theirs,
}

impl Changed {
    /// Whether the merge takes their value where nothing was chosen.
    pub fn takes_theirs(self) -> bool {
        self == Self::Theirs
    }
}

/// One field both sides changed differently (or, with no ancestor, one
/// that differs), or one side changed alone. A value of `None` is a field
/// or a list element absent from that version (removed, or never added).
#[derive(Clone, Debug, PartialEq)]
pub struct FieldConflict {
    /// Where, for the program: `roster.characters[id=3].advances.WS`.
    pub place: String,
    /// Where, in words: `["roster", "characters", "Sergeant Brask",
    /// "advances", "WS"]` (a list element by its name, else its id).
    pub words: Vec<String>,
    /// Our value.
    pub ours: Option<Value>,
    /// Their value.
    pub theirs: Option<Value>,
    /// The ancestor's value, when an ancestor is known.
    pub base: Option<Value>,
    /// Who changed it.
    pub changed: Changed,
}

/// The merge of two versions: the merged value (each conflict takes ours)
/// and its conflicts, with what is needed to resolve them otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldMerge {
    /// The merge, every conflict taking ours.
    pub merged: Value,
    /// The conflicts, in the order of the JSON's keys and of the lists.
    pub conflicts: Vec<FieldConflict>,
    /// The fields one side changed alone, taken from that side (listed so
    /// that the player may keep the other side's value).
    pub changes: Vec<FieldConflict>,
    /// The fields changed on our side only, taken from ours.
    pub from_ours: usize,
    /// The fields changed on their side only, taken from theirs.
    pub from_theirs: usize,
    inputs: Box<(Option<Value>, Value, Value)>,
}

/// The three-way merge of `ours` and `theirs` from `base`; with no base,
/// every field that differs is a conflict.
pub fn merge3(base: Option<&Value>, ours: &Value, theirs: &Value) -> FieldMerge {
    let mut walk = Walk {
        three_way: base.is_some(),
        switched: &BTreeSet::new(),
        conflicts: Vec::new(),
        changes: Vec::new(),
        from: (0, 0),
    };
    let merged = walk
        .node(base, Some(ours), Some(theirs), &mut Vec::new())
        .unwrap_or(Value::Null);
    FieldMerge {
        merged,
        conflicts: walk.conflicts,
        changes: walk.changes,
        from_ours: walk.from.0,
        from_theirs: walk.from.1,
        inputs: Box::new((base.cloned(), ours.clone(), theirs.clone())),
    }
}

/// The merge with the player's choices: at each place in `switched` the
/// other side than the merge's is taken (a conflict takes theirs; a field
/// one side changed alone keeps the other side's value).
pub fn resolve(m: &FieldMerge, switched: &BTreeSet<String>) -> Value {
    let (base, ours, theirs) = &*m.inputs;
    let mut walk = Walk {
        three_way: base.is_some(),
        switched,
        conflicts: Vec::new(),
        changes: Vec::new(),
        from: (0, 0),
    };
    walk.node(base.as_ref(), Some(ours), Some(theirs), &mut Vec::new())
        .unwrap_or(Value::Null)
}

/// Among `candidates` (the document's backups, newest first), the one that
/// best explains both versions as its descendants: the fewest fields that
/// differ from ours plus from theirs (counted as [`differences`] counts
/// them); between equals, the oldest. Every version one side saved after
/// the true ancestor scores as well as it (each change made before it
/// counts on the other side instead), and taking one of those would make
/// the changes made before it look like the other side's, so the oldest
/// is the safe choice. A candidate identical to either
/// version explains nothing (taken as the ancestor, it would make that
/// version's own changes vanish), so it is passed over.
///
/// [`differences`]: super::conflicts::differences
pub fn best_ancestor(candidates: &[Value], ours: &Value, theirs: &Value) -> Option<usize> {
    use super::conflicts::differences;
    candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| *c != ours && *c != theirs)
        .map(|(i, c)| {
            let score = differences(c, ours).len() + differences(c, theirs).len();
            (score, std::cmp::Reverse(i))
        })
        .min()
        .map(|(_, std::cmp::Reverse(i))| i)
}

/// A step of the way down to a field: its place and its words.
type Step = (String, String);

struct Walk<'a> {
    three_way: bool,
    /// The places where the player took the other side.
    switched: &'a BTreeSet<String>,
    conflicts: Vec<FieldConflict>,
    changes: Vec<FieldConflict>,
    from: (usize, usize),
}

impl Walk<'_> {
    /// The merge of one field (`None`: absent from the merge).
    fn node(
        &mut self,
        base: Option<&Value>,
        ours: Option<&Value>,
        theirs: Option<&Value>,
        at: &mut Vec<Step>,
    ) -> Option<Value> {
        if ours == theirs {
            return ours.cloned();
        }
        if self.three_way {
            if base == ours {
                self.from.1 += 1;
                return self.change(Changed::Theirs, base, ours, theirs, at);
            }
            if base == theirs {
                self.from.0 += 1;
                return self.change(Changed::Ours, base, ours, theirs, at);
            }
        }
        match (ours, theirs) {
            (Some(Value::Object(a)), Some(Value::Object(b))) => {
                let base = base.and_then(Value::as_object);
                Some(Value::Object(self.object(base, a, b, at)))
            }
            (Some(Value::Array(a)), Some(Value::Array(b))) => {
                if let Some(merged) = self.list(base.and_then(Value::as_array), a, b, at) {
                    return Some(Value::Array(merged));
                }
                self.conflict(base.cloned(), ours, theirs, at)
            }
            _ => self.conflict(base.cloned(), ours, theirs, at),
        }
    }

    fn conflict(
        &mut self,
        base: Option<Value>,
        ours: Option<&Value>,
        theirs: Option<&Value>,
        at: &[Step],
    ) -> Option<Value> {
        self.change(Changed::Both, base.as_ref(), ours, theirs, at)
    }

    /// A field that differs: listed, and taken from the side the merge
    /// takes, or the other if the player switched it.
    fn change(
        &mut self,
        changed: Changed,
        base: Option<&Value>,
        ours: Option<&Value>,
        theirs: Option<&Value>,
        at: &[Step],
    ) -> Option<Value> {
        let place = place_of(at);
        let take_theirs = changed.takes_theirs() != self.switched.contains(&place);
        let listed = FieldConflict {
            words: at.iter().map(|(_, w)| w.clone()).collect(),
            place,
            ours: ours.cloned(),
            theirs: theirs.cloned(),
            base: base.cloned(),
            changed,
        };
        if changed == Changed::Both {
            self.conflicts.push(listed);
        } else {
            self.changes.push(listed);
        }
        if take_theirs { theirs } else { ours }.cloned()
    }

    fn object(
        &mut self,
        base: Option<&Map<String, Value>>,
        ours: &Map<String, Value>,
        theirs: &Map<String, Value>,
        at: &mut Vec<Step>,
    ) -> Map<String, Value> {
        // Ours' keys in their order, then theirs' new ones.
        let mut keys: Vec<&String> = ours.keys().collect();
        keys.extend(theirs.keys().filter(|k| !ours.contains_key(*k)));
        if let Some(b) = base {
            keys.extend(
                b.keys()
                    .filter(|k| !ours.contains_key(*k) && !theirs.contains_key(*k)),
            );
        }
        let mut out = Map::new();
        for k in keys {
            at.push((k.clone(), k.clone()));
            let merged = self.node(base.and_then(|b| b.get(k)), ours.get(k), theirs.get(k), at);
            at.pop();
            if let Some(v) = merged {
                out.insert(k.clone(), v);
            }
        }
        out
    }

    /// A list of identified elements merged element by element; `None`
    /// when it is not one (then it is one field).
    fn list(
        &mut self,
        base: Option<&Vec<Value>>,
        ours: &[Value],
        theirs: &[Value],
        at: &mut Vec<Step>,
    ) -> Option<Vec<Value>> {
        let (b, o, t) = (
            identified(base.map_or(&[][..], Vec::as_slice))?,
            identified(ours)?,
            identified(theirs)?,
        );
        let order = element_order(&o, &t, &b);
        let mut out = Vec::new();
        // Elements both sides added under one id (each machine gave its
        // recruit the next free id): theirs go after, renumbered.
        let mut added_twice = Vec::new();
        for id in order {
            let (bv, ov, mut tv) = (find(&b, &id), find(&o, &id), find(&t, &id));
            if self.three_way
                && bv.is_none()
                && ov.is_some()
                && ov != tv
                && let Some(t) = tv.filter(|t| numeric_id(t).is_some())
            {
                added_twice.push((id.clone(), t));
                tv = None;
            }
            let label = [ov, tv, bv]
                .into_iter()
                .flatten()
                .find_map(element_words)
                .unwrap_or_else(|| id.clone());
            at.push((format!("[{id}]"), label));
            let base_elem = if self.three_way { bv } else { None };
            if let Some(v) = self.node(base_elem, ov, tv, at) {
                out.push(v);
            }
            at.pop();
        }
        let ids = [&b, &o, &t].into_iter().flatten().map(|(_, v)| *v);
        let mut next = ids.filter_map(numeric_id).max().unwrap_or(0);
        for (id, t) in added_twice {
            next += 1;
            let mut renumbered = t.clone();
            renumbered["id"] = Value::from(next);
            let label = element_words(t).unwrap_or_else(|| id.clone());
            at.push((format!("[{id}+theirs]"), label));
            self.from.1 += 1;
            if let Some(v) = self.change(Changed::Theirs, None, None, Some(&renumbered), at) {
                out.push(v);
            }
            at.pop();
        }
        Some(out)
    }
}

/// `roster.characters[id=3].advances.WS`.
fn place_of(at: &[Step]) -> String {
    let mut s = String::new();
    for (p, _) in at {
        if !s.is_empty() && !p.starts_with('[') {
            s.push('.');
        }
        s.push_str(p);
    }
    s
}

/// Each element's identity (`id=3`, `name="Lasgun"`), when every element is
/// an object with one and no two share it.
fn identified(list: &[Value]) -> Option<Vec<(String, &Value)>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::with_capacity(list.len());
    for v in list {
        let o = v.as_object()?;
        let id = match (o.get("id"), o.get("name")) {
            (Some(id), _) if !id.is_null() => format!("id={id}"),
            (_, Some(name)) if !name.is_null() => format!("name={name}"),
            _ => return None,
        };
        if !seen.insert(id.clone()) {
            return None;
        }
        out.push((id, v));
    }
    Some(out)
}

/// An element's numeric `id`, if it has one.
fn numeric_id(v: &Value) -> Option<u64> {
    v.get("id")?.as_u64()
}

/// The element of `list` whose identity is `id`.
fn find<'v>(list: &[(String, &'v Value)], id: &str) -> Option<&'v Value> {
    list.iter().find(|(i, _)| i == id).map(|(_, v)| *v)
}

/// An element in words: its name, else its id.
fn element_words(v: &Value) -> Option<String> {
    let o = v.as_object()?;
    let word = |v: &Value| match v {
        Value::String(s) => Some(s.clone()),
        Value::Null => None,
        other => Some(other.to_string()),
    };
    o.get("name")
        .and_then(word)
        .or_else(|| o.get("id").and_then(word))
}

/// The merged list's order: ours, each of theirs' new elements after its
/// predecessor in theirs, then the base's elements neither side has (to
/// be seen as removed on both, or conflicts).
fn element_order(
    ours: &[(String, &Value)],
    theirs: &[(String, &Value)],
    base: &[(String, &Value)],
) -> Vec<String> {
    let mut order: Vec<String> = ours.iter().map(|(i, _)| i.clone()).collect();
    let mut previous: Option<&String> = None;
    for (id, _) in theirs {
        if !order.contains(id) {
            let pos = previous
                .and_then(|p| order.iter().position(|x| x == p))
                .map_or(0, |p| p + 1);
            order.insert(pos, id.clone());
        }
        previous = Some(id);
    }
    for (id, _) in base {
        if !order.contains(id) {
            order.push(id.clone());
        }
    }
    order
}

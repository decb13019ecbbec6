//! A campaign's journal played again: the campaign it gives, and what a
//! campaign breaks (its state against its journal's replay, its stamps).

use super::*;

use super::house;
use crate::rules::campaign::queries;
use crate::rules::core::problem::ProblemKind;

impl Campaign {
    /// Plays the journal again from an empty campaign: the campaign it
    /// gives and every event's outcome; or the first event refused, with
    /// its place.
    pub fn replay(
        &self,
        rules: &RulesData,
    ) -> Result<(Self, Vec<crate::rules::Outcome>), (usize, Problem)> {
        let mut c = Self::new(self.id.clone(), self.name.clone(), &rules.campaign);
        let mut outcomes = Vec::with_capacity(self.journal.len());
        let mut rng = crate::rules::core::dice::seeded(0);
        for (i, entry) in self.journal.iter().enumerate() {
            let before = queries::mission_number(&c);
            let (mut resolved, outcome) = c
                .play(entry.event.clone(), rules, &mut rng)
                .map_err(|p| (i, p))?;
            let number = queries::mission_number(&c).max(before);
            if entry.mission != number {
                return Err((
                    i,
                    Problem::new("CMP-2", "campaign.problem.entry_mission")
                        .arg("recorded", entry.mission)
                        .arg("played", number),
                ));
            }
            // A campaign started before Muster recorded its numbers plays
            // on by the data's, as it did then.
            if resolved.forget_new_records(&entry.event) {
                c.rates = None;
            }
            if resolved != entry.event {
                return Err((
                    i,
                    Problem::new("CMP-13", "campaign.problem.entry_without_dice")
                        .arg("entry", i + 1),
                ));
            }
            c.journal.push(Arc::clone(entry));
            outcomes.push(outcome);
        }
        c.notes.clone_from(&self.notes);
        c.held.clone_from(&self.held);
        Ok((c, outcomes))
    }
}

/// Every rule the campaign breaks: settings out of range, characters a
/// journal entry names but the campaign lacks, states that disagree
/// with the journal.
pub fn validate(c: &Campaign, rules: &RulesData) -> Vec<Problem> {
    let mut out = match house::rules_in_force(c, rules) {
        Ok(in_force) => state_problems(c, &in_force),
        Err(p) => vec![p],
    };
    out.extend(journal_problems(c, rules));
    out
}

/// What `validate` finds in a campaign made by applying one event to
/// `before`, whose problems were `before_problems`: a journal that
/// replayed grows by the event as played, so it still replays and is
/// not played again (on a long campaign that is most of the time of a
/// tick at the table); the rest is checked afresh.
pub fn validate_after(
    c: &Campaign,
    before: &Campaign,
    before_problems: &[Problem],
    rules: &RulesData,
) -> Vec<Problem> {
    let one_more = c.journal.len() == before.journal.len() + 1
        && c.journal.shared_with(&before.journal) == before.journal.len();
    let replayed = !before_problems.iter().any(|p| {
        matches!(
            p.kind,
            ProblemKind::JournalRefused | ProblemKind::JournalDisagrees
        )
    });
    if one_more && replayed {
        // An event that changed nothing the state's rules look at (a
        // tick at the table) leaves its problems as they were.
        if same_state_judged(c, before) {
            return before_problems.to_vec();
        }
        let mut out = match house::rules_in_force(c, rules) {
            Ok(in_force) => state_problems(c, &in_force),
            Err(p) => vec![p],
        };
        // The journal's own problem stays: the events twice stamped
        // are still in it.
        out.extend(
            (before_problems.iter())
                .filter(|p| p.kind == ProblemKind::StampTwice)
                .cloned(),
        );
        out
    } else {
        c.validate(rules)
    }
}

/// Whether everything [`state_problems`] judges is the very same
/// as in `before`: the same characters (shared, not merely equal), the
/// same escorts, settings, phase, next id and house rules.
fn same_state_judged(c: &Campaign, before: &Campaign) -> bool {
    let same_rules = match (&c.house_rules, &before.house_rules) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
        _ => false,
    };
    Arc::ptr_eq(&c.characters, &before.characters)
        && same_rules
        && c.phase == before.phase
        && c.next_id == before.next_id
        && c.escorts == before.escorts
        && c.settings == before.settings
}

/// The problems of the state as it stands: settings, ids, Cran, and
/// each escort by its kind's rules.
fn state_problems(c: &Campaign, rules: &RulesData) -> Vec<Problem> {
    let mut out = Vec::new();
    // A campaign being set up may lack its factions for now.
    if c.phase != Phase::Setup {
        out.extend(c.settings.problems(&rules.campaign));
    }
    if !Fighter::of(c.next_id).is_character() {
        out.push(
            Problem::new("FILE", "campaign.problem.next_id_enemy")
                .arg("id", c.next_id)
                .arg("first", ENEMY_IDS),
        );
    }
    let mut ids = BTreeSet::new();
    for ch in c.characters.iter() {
        if !ids.insert(ch.id) {
            out.push(Problem::new("FILE", "campaign.problem.duplicate_id").arg("id", ch.id));
        }
        if !Fighter::of(ch.id).is_character() {
            out.push(
                Problem::new("FILE", "campaign.problem.enemy_id")
                    .character(ch.name())
                    .arg("id", ch.id)
                    .arg("first", ENEMY_IDS),
            );
        }
        if ch.cran == 0 || ch.cran > c.settings.cran_die {
            out.push(
                Problem::new("CMP-11", "campaign.problem.cran_range")
                    .character(ch.name())
                    .arg("cran", ch.cran)
                    .arg("die", c.settings.cran_die),
            );
        }
        if queries::escort(c, ch.escort).is_none() {
            out.push(
                Problem::new("FILE", "campaign.problem.no_escort")
                    .character(ch.name())
                    .arg("escort", ch.escort),
            );
        }
    }
    for e in &c.escorts {
        if let Some(leader) = e.leader
            && queries::character(c, leader).is_none()
        {
            out.push(Problem::new("FILE", "campaign.problem.no_character").arg("id", leader));
        }
    }
    // CMP-7: each escort by its own kind's rules, after every event.
    for e in &c.escorts {
        out.extend(queries::mustering(c).problems(e.id, rules, None));
    }
    out
}

/// The problems of the journal: an entry that does not play again, or
/// a state the journal does not give.
fn journal_problems(c: &Campaign, rules: &RulesData) -> Vec<Problem> {
    let mut out: Vec<Problem> = twice_stamped(c).into_iter().collect();
    match c.replay(rules) {
        Err((i, problem)) => {
            // A journal that names what the campaign lacks cannot have
            // happened: the journal's own rule (CMP-13), as the README says.
            let rule = if problem.rule == "FILE" {
                "CMP-13".into()
            } else {
                problem.rule.clone()
            };
            out.push(
                Problem::new(rule, "campaign.problem.journal_refused")
                    .arg("entry", i + 1)
                    .because(problem),
            );
        }
        Ok((replayed, _)) => {
            if let Some((field, file, journal)) = first_difference(c, &replayed) {
                // Played under no recorded rules, on a machine whose
                // own differ from the built-in: likely played elsewhere
                // under other rules, not edited.
                let key = if c.house_rules.is_none() && !rules.house.is_empty() {
                    "campaign.problem.journal_disagrees_rules"
                } else {
                    "campaign.problem.journal_disagrees"
                };
                out.push(
                    Problem::new("CMP-13", key)
                        .arg("changes", rules.house.len())
                        .arg("field", field)
                        .arg("file", file)
                        .arg("journal", journal),
                );
            }
        }
    }
    out
}

/// Two events of the journal under one stamp's id: an id names one
/// event, so the file was copied into itself or forged (CMP-13).
fn twice_stamped(c: &Campaign) -> Option<Problem> {
    let mut seen = std::collections::BTreeMap::new();
    for (i, e) in c.journal.iter().enumerate() {
        let Some(stamp) = &e.stamp else { continue };
        if let Some(first) = seen.insert(stamp.id.as_str(), i) {
            return Some(
                Problem::new("CMP-13", "campaign.problem.stamp_twice")
                    .arg("id", &stamp.id)
                    .arg("first", first + 1)
                    .arg("second", i + 1),
            );
        }
    }
    None
}

/// Whether two campaigns hold the same state (the journal aside).
pub fn same_state(c: &Campaign, other: &Campaign) -> bool {
    let (a, b) = stripped(c, other);
    a == b
}

/// Both states without what the journal does not decide. A debrief
/// saved before Muster recorded who played it: those lists are left
/// out of the comparison.
fn stripped(a: &Campaign, b: &Campaign) -> (Campaign, Campaign) {
    let legacy = [a, b]
        .iter()
        .any(|c| c.debrief.as_ref().is_some_and(|d| d.played.is_empty()));
    let strip = |c: &Campaign| {
        let mut c = c.clone();
        if legacy && let Some(d) = c.debrief.as_mut() {
            d.played.clear();
            d.out_of_action.clear();
            d.wounded.clear();
        }
        c.journal = super::Journal::new();
        c.notes = String::new();
        c.id = String::new();
        c.name = String::new();
        c
    };
    (strip(a), strip(b))
}

/// The first field whose value differs from `other`'s (the journal's
/// replay), as its path in the file (`characters[2].state`, a
/// character named by his name), this campaign's value and `other`'s;
/// `None` when their states agree.
pub fn first_difference(c: &Campaign, other: &Campaign) -> Option<(String, String, String)> {
    let (sa, sb) = stripped(c, other);
    let (Ok(a), Ok(b)) = (serde_json::to_value(sa), serde_json::to_value(sb)) else {
        return (!same_state(c, other)).then(Default::default);
    };
    value_difference(&a, &b, String::new())
}

/// The first path where two JSON values differ, with both values (shown
/// compact, cut to a readable length).
fn value_difference(
    a: &serde_json::Value,
    b: &serde_json::Value,
    path: String,
) -> Option<(String, String, String)> {
    use serde_json::Value;
    let shown = |v: Option<&Value>| {
        let text = v.map_or_else(|| "—".to_owned(), Value::to_string);
        if text.chars().count() > 60 {
            format!("{}…", text.chars().take(59).collect::<String>())
        } else {
            text
        }
    };
    let field = |name: &str| {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => value_difference(p, q, field(k)),
                (p, q) => Some((field(k), shown(p), shown(q))),
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            let found = x.iter().zip(y).enumerate().find_map(|(i, (p, q))| {
                // A character is named by his name, not only his place.
                let named = p
                    .get("name")
                    .or_else(|| {
                        p.get("member")
                            .and_then(|m| m.as_object()?.values().next()?.get("name"))
                    })
                    .and_then(Value::as_str)
                    .map_or_else(String::new, |n| format!(" ({n})"));
                value_difference(p, q, format!("{path}[{i}]{named}"))
            });
            found.or_else(|| {
                (x.len() != y.len()).then(|| {
                    (
                        format!("{path} (length)"),
                        x.len().to_string(),
                        y.len().to_string(),
                    )
                })
            })
        }
        _ => (a != b).then(|| (path.clone(), shown(Some(a)), shown(Some(b)))),
    }
}

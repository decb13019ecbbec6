//! The Rogue Trader band sheet: each character's card, his profile at the
//! start and now, his equipment and his power cards.

use crate::i18n::Lang;
use crate::rules::RulesData;
use crate::rules::characters::Character;
use crate::rules::characters::equipment::{Gear, PowerCard};
use crate::rules::characters::roster::Roster;
use crate::rules::core::characteristic::{Characteristic, Profile};

use crate::print::model::{Block, Card, Fact, Section, Sheet, SheetKind, Table, Tag};

use super::weapons::{rt_weapon_rows, weapons_table};
use super::{SheetOptions, finish, new_sheet, notes_section, problems_section, wounds_track};

fn rt_profile_table(lang: Lang, start: Option<&Profile>, now: &Profile) -> Table {
    let mut columns = vec![String::new()];
    columns.extend(
        Characteristic::ALL
            .iter()
            .map(|c| lang.t(c.abbr_key()).to_owned()),
    );
    let mut t = Table::new(columns);
    t.wide = vec![0];
    if let Some(start) = start {
        let mut row = vec![lang.t("sheet.start").to_owned()];
        row.extend(start.iter().map(|(_, v)| v.to_string()));
        t.rows.push(row);
    }
    let r = t.rows.len();
    let mut row = vec![lang.t("sheet.now").to_owned()];
    for (i, (c, v)) in now.iter().enumerate() {
        if start.is_some_and(|s| s.get(c) != v) {
            row.push(format!("{v}*"));
            t.marked.push((r, i + 1));
        } else {
            row.push(v.to_string());
        }
    }
    t.rows.push(row);
    t
}

/// A character's card with only its heading: his name, his race and
/// type, and whether he is a psyker.
pub(super) fn character_heading(lang: Lang, rules: &RulesData, c: &Character) -> Card {
    let race = rules
        .race(&c.race)
        .map_or(c.race.as_str(), |r| lang.pick(&r.names));
    let kind = c
        .type_id
        .as_deref()
        .and_then(|t| rules.character_type(t))
        .map_or_else(
            || lang.t("sheet.no_type").to_owned(),
            |t| lang.pick(&t.names).to_owned(),
        );
    let mut card = Card {
        title: c.name.clone(),
        subtitle: format!("{race} · {kind}"),
        tags: Vec::new(),
        tables: Vec::new(),
        lines: Vec::new(),
        track: None,
    };
    if c.psychic {
        card.tags.push(Tag {
            text: format!("✦ {}", lang.t("sheet.psyker")),
            tone: "info",
        });
    }
    card
}

pub(super) fn character_card(lang: Lang, rules: &RulesData, c: &Character) -> Card {
    let mut card = character_heading(lang, rules, c);
    let mut strength = None;
    match (c.start_profile(rules), c.profile(rules)) {
        (Ok(start), Ok(now)) => {
            card.tables.push(rt_profile_table(lang, Some(&start), &now));
            card.track = Some(wounds_track(lang, now.get(Characteristic::W), 0));
            strength = Some(now.get(Characteristic::S));
        }
        (Err(p), _) | (_, Err(p)) => card.lines.push(Fact::new("⚠", lang.problem_line(&p))),
    }
    if !c.equipment.is_empty() {
        card.tables.push(gear_table(lang, &c.equipment));
    }
    // His ranged weapons as they fire: range and profile, as a soldier's.
    let shots = rt_weapon_rows(lang, rules, &c.equipment, strength);
    if !shots.is_empty() {
        card.tables.push(weapons_table(lang, shots));
    }
    if !c.powers.is_empty() {
        card.tables.push(powers_table(lang, &c.powers));
    }
    card.lines.push(Fact::new(
        lang.t("sheet.advance_points"),
        lang.f(
            "sheet.points_spent",
            &[
                ("spent", &c.points_spent().to_string()),
                ("allotted", &c.advance_points.to_string()),
            ],
        ),
    ));
    if !c.notes.trim().is_empty() {
        card.lines
            .push(Fact::new(lang.t("sheet.notes"), c.notes.clone()));
    }
    card
}

/// A character's equipment as the player listed it: name, kind, a weapon's
/// S, the save an item gives, the notes (after a weapon's own save
/// modifier).
fn gear_table(lang: Lang, gear: &[Gear]) -> Table {
    let mut t = Table::new(
        [
            "sheet.equipment",
            "sheet.gear_kind",
            "kt.stat.strength",
            "sheet.gear_save",
            "sheet.notes",
        ]
        .iter()
        .map(|k| lang.t(k).to_owned())
        .collect(),
    );
    t.wide = vec![0, 4];
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "—".to_owned());
    for g in gear {
        t.rows.push(vec![
            g.name.clone(),
            lang.t(g.kind.key()).to_owned(),
            or_dash(g.strength.map(|s| s.to_string())),
            or_dash(g.save.map(|s| format!("{s}+"))),
            gear_note(lang, g),
        ]);
    }
    t
}

/// An item's notes, after its own save modifier when it has one (CC-12).
fn gear_note(lang: Lang, g: &Gear) -> String {
    let own = g
        .save_modifier
        .map(|m| lang.f("gear.armoury.save_mod", &[("m", &m.to_string())]));
    match own {
        Some(m) if g.note.trim().is_empty() => m,
        Some(m) => format!("{m} · {}", g.note),
        None => g.note.clone(),
    }
}

/// A psyker's power cards (CHR-16): name, target (PSY-2), whether it lasts
/// (PSY-8) and the notes.
fn powers_table(lang: Lang, powers: &[PowerCard]) -> Table {
    let mut t = Table::new(
        ["sheet.power", "sheet.power_target", "sheet.notes"]
            .iter()
            .map(|k| lang.t(k).to_owned())
            .collect(),
    );
    t.wide = vec![0, 2];
    for p in powers {
        let mut notes = Vec::new();
        if p.lasting {
            notes.push(lang.t("sheet.power_lasting").to_owned());
        }
        if !p.note.trim().is_empty() {
            notes.push(p.note.clone());
        }
        t.rows.push(vec![
            p.name.clone(),
            p.target
                .map_or_else(|| "—".to_owned(), |x| lang.t(x.key()).to_owned()),
            notes.join(" · "),
        ]);
    }
    t
}

/// The Rogue Trader band sheet: each character's profile, start and now.
pub fn band_sheet(roster: &Roster, rules: &RulesData, options: SheetOptions) -> Sheet {
    let lang = options.lang;
    let subtitle = lang.f(
        "sheet.band_subtitle",
        &[("count", &roster.characters.len().to_string())],
    );
    let mut sheet = new_sheet(SheetKind::Band, &roster.name, subtitle, lang);
    if let Some(p) = problems_section(lang, &roster.validate(rules)) {
        sheet.sections.push(p);
    }
    sheet.sections.push(Section {
        id: "characters".to_owned(),
        title: lang.t("sheet.characters").to_owned(),
        blocks: vec![Block::Cards {
            cards: roster
                .characters
                .iter()
                .map(|c| character_card(lang, rules, c))
                .collect(),
        }],
    });
    if !roster.notes.trim().is_empty() {
        sheet.sections.push(notes_section(lang, &roster.notes));
    }
    finish(sheet, rules, options)
}

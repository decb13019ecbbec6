//! Cards for the table: one per model, of a fixed size, to cut out and
//! keep beside the miniature. A Rogue Trader character, a kill-team
//! soldier, each kind of enemy the mission drew and each model the mission
//! names: his profile, his weapons as they fire, the reminders of his
//! items and ribbon in full (a card has no legend), and boxes to tick his
//! wounds in pencil. Every card's footer names the document and, in a
//! campaign, the mission.

use crate::i18n::Lang;
use crate::rules::Doc;
use crate::rules::RulesData;
use crate::rules::battle::from_table::rt_weapon;
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, EnemyFighter, EnemyType, Member, Table as AtTable};
use crate::rules::characters::Character;
use crate::rules::characters::equipment::GearKind;
use crate::rules::core::characteristic::{Characteristic, Profile};
use crate::rules::core::names::Names;
use crate::rules::killteam::ItemId;

use crate::print::model::{Card, Fact, Section, Sheet, SheetKind, Table, Tag, Track};
use crate::print::paper::CardSize;

use super::killteam::soldier_card;
use super::weapons::{WeaponRow, rt_weapon_rows, signed, weapons_table};
use super::{new_sheet, wounds_track};

/// The cards of a document's models, `size` each: a band's characters, a
/// kill team's soldiers, or a campaign's living characters and soldiers
/// with the enemies and named models of the mission at hand.
pub fn table_cards(doc: &Doc, rules: &RulesData, lang: Lang, size: CardSize) -> Sheet {
    let (cards, footer) = match doc {
        Doc::Roster(r) => (
            (r.characters.iter())
                .map(|c| character_card(lang, rules, c))
                .collect(),
            r.name.clone(),
        ),
        Doc::KillTeam(t) => (
            (t.soldiers.iter())
                .map(|s| soldier_card(lang, rules, s, 0, &[], None))
                .collect(),
            t.name.clone(),
        ),
        Doc::Campaign(c) => (
            campaign_cards(lang, rules, c),
            campaign_footer(lang, rules, c),
        ),
    };
    let mut cards: Vec<Card> = cards;
    // On a card's width the kind of a weapon wraps as its name does.
    let weapon = lang.t("sheet.weapon");
    for t in cards.iter_mut().flat_map(|c| c.tables.iter_mut()) {
        if t.columns.first().is_some_and(|c| c == weapon) && !t.wide.contains(&1) {
            t.wide.push(1);
        }
    }
    let mut sheet = new_sheet(SheetKind::Cards, doc.name(), footer, lang);
    sheet.card_size = Some(size);
    sheet.sections.push(Section {
        id: "cards".to_owned(),
        title: lang.t("sheet.cards.title").to_owned(),
        blocks: vec![crate::print::model::Block::Cards { cards }],
    });
    sheet
}

/// "Vigil · Mission 3: Betrayed", or the campaign's name between missions.
fn campaign_footer(lang: Lang, rules: &RulesData, c: &Campaign) -> String {
    let Some(m) = &c.mission else {
        return c.name.clone();
    };
    let mission = super::mission_name(rules, lang, m);
    lang.f(
        "sheet.cards.footer_mission",
        &[
            ("campaign", &c.name),
            ("number", &m.number.to_string()),
            ("mission", mission),
        ],
    )
}

/// A profile in one row, the characteristics' abbreviations above; a
/// value changed from `start` marked.
fn profile_table(lang: Lang, start: Option<&Profile>, now: &Profile) -> Table {
    let mut t = Table::new(
        (Characteristic::ALL.iter())
            .map(|c| lang.t(c.abbr_key()).to_owned())
            .collect(),
    );
    let mut row = Vec::new();
    for (i, (c, v)) in now.iter().enumerate() {
        if start.is_some_and(|s| s.get(c) != v) {
            row.push(format!("{v}*"));
            t.marked.push((0, i));
        } else {
            row.push(v.to_string());
        }
    }
    t.rows.push(row);
    t
}

/// A Rogue Trader character's card: his profile now, his ranged weapons
/// as they fire, the rest of his gear and his powers in words.
fn character_card(lang: Lang, rules: &RulesData, c: &Character) -> Card {
    let mut card = super::band::character_heading(lang, rules, c);
    let mut strength = None;
    match (c.start_profile(rules), c.profile(rules)) {
        (Ok(start), Ok(now)) => {
            card.tables.push(profile_table(lang, Some(&start), &now));
            card.track = Some(wounds_track(lang, now.get(Characteristic::W), 0));
            strength = Some(now.get(Characteristic::S));
        }
        (Err(p), _) | (_, Err(p)) => card.lines.push(Fact::new("⚠", lang.problem_line(&p))),
    }
    let shots = rt_weapon_rows(lang, rules, &c.equipment, strength);
    if !shots.is_empty() {
        card.tables.push(weapons_table(lang, shots));
    }
    // What does not fire: close-combat weapons by their S, armour by its
    // save, the rest by name.
    let rest: Vec<String> = (c.equipment.iter())
        .filter(|g| rt_weapon(g, &rules.armoury).is_none())
        .map(|g| match (g.strength, g.save) {
            (Some(s), _) => lang.f(
                "campaign.ui.gear_s",
                &[("name", &g.name), ("s", &s.to_string())],
            ),
            (None, Some(save)) => lang.f(
                "campaign.ui.gear_save",
                &[("name", &g.name), ("save", &save.to_string())],
            ),
            (None, None) => g.name.clone(),
        })
        .collect();
    if !rest.is_empty() {
        card.lines
            .push(Fact::new(lang.t("sheet.equipment"), rest.join(" · ")));
    }
    // No weapon at all: his fists (CC-4), said rather than left blank.
    let armed = (c.equipment.iter()).any(|g| {
        matches!(
            g.kind,
            GearKind::Melee | GearKind::Pistol | GearKind::Ranged
        )
    });
    if !armed {
        card.lines.push(Fact::new(
            lang.t("sheet.cards.unarmed"),
            lang.t("sheet.cards.unarmed_text"),
        ));
    }
    if !c.powers.is_empty() {
        let powers: Vec<String> = (c.powers.iter())
            .map(|p| {
                if p.lasting {
                    format!("{} ({})", p.name, lang.t("sheet.power_lasting"))
                } else {
                    p.name.clone()
                }
            })
            .collect();
        card.lines
            .push(Fact::new(lang.t("sheet.power"), powers.join(" · ")));
    }
    card
}

/// The campaign's cards: each escort's living models (wounds taken at the
/// table ticked, items struck off ticked), then the mission's enemies, a
/// card a kind, and the models it names.
fn campaign_cards(lang: Lang, rules: &RulesData, c: &Campaign) -> Vec<Card> {
    let table = c.table.as_ref();
    let mut cards = Vec::new();
    for e in &c.escorts {
        for cc in queries::members(c, e.id).filter(|cc| cc.state.alive()) {
            let taken = table
                .and_then(|t| t.wounds.get(&cc.id).copied())
                .unwrap_or(0);
            let mut card = match &cc.member {
                Member::Character(ch) => character_card(lang, rules, ch),
                Member::Soldier(s) => {
                    let used: Vec<&ItemId> = (table.into_iter())
                        .flat_map(|t| t.struck.iter())
                        .filter(|(who, _)| *who == cc.id)
                        .map(|(_, item)| item)
                        .collect();
                    soldier_card(lang, rules, s, 0, &used, None)
                }
            };
            if let Some(t) = card.track.as_mut() {
                t.ticked = taken.min(t.boxes);
            }
            card.subtitle = format!("{} · {}", card.subtitle, e.player);
            if e.leader == Some(cc.id) {
                card.tags.push(Tag {
                    text: format!("★ {}", lang.t("sheet.leader")),
                    tone: "info",
                });
            }
            cards.push(card);
        }
    }
    cards.extend(enemy_cards(lang, rules, c, table));
    cards.extend(named_cards(lang, rules, c, table));
    cards
}

/// A card per kind of enemy the mission drew: "Cultist ×3", with the wound
/// boxes of each of them by his number at the table.
fn enemy_cards(lang: Lang, rules: &RulesData, c: &Campaign, table: Option<&AtTable>) -> Vec<Card> {
    let Some(m) = &c.mission else {
        return Vec::new();
    };
    let faction = lang.faction(&rules.campaign, &m.faction);
    // The kinds in the order first drawn, each with the places drawn.
    let mut kinds: Vec<(&Names, EnemyType, Vec<usize>)> = Vec::new();
    for (i, e) in m.enemy.iter().enumerate() {
        match kinds
            .iter_mut()
            .find(|(n, t, _)| **n == e.names && *t == e.entry_type)
        {
            Some(k) => k.2.push(i),
            None => kinds.push((&e.names, e.entry_type, vec![i])),
        }
    }
    let mut cards = Vec::new();
    for (names, _, places) in kinds {
        let first = places[0];
        let mut card = Card {
            title: lang.pick(names).to_owned(),
            subtitle: faction.clone(),
            tags: Vec::new(),
            tables: Vec::new(),
            lines: Vec::new(),
            track: None,
        };
        if places.len() > 1 {
            card.tags.push(Tag {
                text: format!("×{}", places.len()),
                tone: "info",
            });
        }
        let Some(f) = enemy::fighter(c, first, rules) else {
            card.lines.push(Fact::new(
                lang.t("sheet.cards.no_profile"),
                lang.t("sheet.cards.no_profile_hint"),
            ));
            cards.push(card);
            continue;
        };
        fighter_parts(lang, f, &mut card);
        let wounds = enemy::wounds(c, first, rules);
        let taken = |i: usize| {
            table
                .and_then(|t| t.enemy_wounds.get(&i).copied())
                .unwrap_or(0)
        };
        if let [only] = places[..] {
            card.track = Some(Track {
                label: lang.f("sheet.cards.wounds_of", &[("n", &(only + 1).to_string())]),
                boxes: wounds,
                ticked: taken(only).min(wounds),
                numbered_from: None,
            });
        } else {
            // One row of boxes each, by his number at the table.
            let rows: Vec<String> = (places.iter())
                .map(|&i| {
                    lang.f(
                        "sheet.cards.model_boxes",
                        &[
                            ("n", &(i + 1).to_string()),
                            ("boxes", &boxes(wounds, taken(i))),
                        ],
                    )
                })
                .collect();
            card.lines
                .push(Fact::new(lang.t("sheet.wounds"), rows.join(" · ")));
        }
        cards.push(card);
    }
    cards
}

/// `n` boxes to tick, the first `ticked` crossed, held together.
fn boxes(n: u32, ticked: u32) -> String {
    (0..n)
        .map(|i| if i < ticked { "☒" } else { "☐" })
        .collect::<Vec<_>>()
        .join("\u{a0}")
}

/// A card per model the mission names: what the mission says of him and,
/// when he may be attacked, how he fights.
fn named_cards(lang: Lang, rules: &RulesData, c: &Campaign, table: Option<&AtTable>) -> Vec<Card> {
    let Some(m) = &c.mission else {
        return Vec::new();
    };
    let mission = super::mission_name(rules, lang, m);
    let mut cards = Vec::new();
    for (i, n) in named::models(c, rules).iter().enumerate() {
        let mut card = Card {
            title: lang.pick(&n.names).to_owned(),
            subtitle: mission.to_owned(),
            tags: Vec::new(),
            tables: Vec::new(),
            lines: vec![Fact::new(lang.t("sheet.mission"), lang.pick(&n.text))],
            track: None,
        };
        if let Some(f) = named::fighter(c, i, rules) {
            fighter_parts(lang, f, &mut card);
            let wounds = named::wounds(c, i, rules).unwrap_or(1);
            let taken = table.map_or(0, |_| named::taken(c, i));
            card.track = Some(Track {
                label: lang.t("sheet.wounds").to_owned(),
                boxes: wounds,
                ticked: taken.min(wounds),
                numbered_from: None,
            });
        }
        cards.push(card);
    }
    cards
}

/// How an enemy fights, on his card: profile, weapons, save, mastery.
fn fighter_parts(lang: Lang, f: &EnemyFighter, card: &mut Card) {
    card.tables.push(profile_table(lang, None, &f.profile));
    let rows: Vec<WeaponRow> = (f.weapons.iter())
        .map(|w| {
            let mut name = lang.pick(&w.names).to_owned();
            if w.flame {
                name = format!("{name} ({})", lang.t("sheet.flame"));
            }
            let (kind, range) = if w.close() {
                (lang.t("kt.melee_range").to_owned(), "—".to_owned())
            } else {
                (
                    lang.f("sheet.cards.shots", &[("shots", &w.shots.to_string())]),
                    format!("{}\"", w.range),
                )
            };
            WeaponRow {
                name,
                kind,
                range,
                to_hit: None,
                strength: w.s.to_string(),
                ap: signed(w.ap),
                damage: w.damage.to_string(),
                changed: false,
            }
        })
        .collect();
    if !rows.is_empty() {
        card.tables.push(weapons_table(lang, rows));
    }
    let save = f.save.map_or_else(
        || lang.t("sheet.cards.no_save").to_owned(),
        |s| format!("{s}+"),
    );
    card.lines.push(Fact::new(lang.t("sheet.gear_save"), save));
    if let Some(level) = f.mastery {
        card.lines.push(Fact::new(
            lang.t("sheet.psyker"),
            lang.f("campaign.ui.mastery", &[("level", &level.to_string())]),
        ));
    }
}

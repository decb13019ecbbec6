//! The sheets Muster prints, built from a document and the rules data in
//! one language: the kill-team sheet, the Rogue Trader band sheet and the
//! campaign status sheet.

use crate::i18n::Lang;
use crate::rules::Doc;
use crate::rules::RulesData;
use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, Member, Phase, State};
use crate::rules::characters::Character;
use crate::rules::characters::equipment::{Gear, PowerCard};
use crate::rules::characters::roster::Roster;
use crate::rules::core::characteristic::{Characteristic, Profile};
use crate::rules::killteam::data::{
    Band, DoubleKillBonus, KillTeamData, KtProfile, SoldierKind, WeaponType,
};
use crate::rules::killteam::{self, KillTeam, Soldier};

use super::model::{
    Block, Card, Fact, Labels, RuleEntry, Section, Sheet, SheetKind, Table, Tag, Track,
};

/// What to print besides the sheet itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetOptions {
    /// The language.
    pub lang: Lang,
    /// Add the text of every rule the sheet names.
    pub appendix: bool,
}

/// The sheet of a document: a kill team, a band or a campaign; `None` for
/// a kind that has no sheet.
pub fn sheet_of(doc: &Doc, rules: &RulesData, options: SheetOptions) -> Option<Sheet> {
    match doc {
        Doc::KillTeam(team) => Some(killteam_sheet(team, rules, options)),
        Doc::Roster(roster) => Some(band_sheet(roster, rules, options)),
        Doc::Campaign(c) => Some(campaign_sheet(c, rules, options)),
        Doc::Other(_) => None,
    }
}

fn labels(lang: Lang) -> Labels {
    Labels {
        page: lang.t("sheet.page").to_owned(),
        of: lang.t("sheet.of").to_owned(),
        footer: lang.t("sheet.footer").to_owned(),
        appendix: lang.t("sheet.appendix").to_owned(),
    }
}

fn finish(mut sheet: Sheet, rules: &RulesData, options: SheetOptions) -> Sheet {
    if options.appendix {
        let code = options.lang.code();
        // The rules the sheet names, and those their texts name in turn.
        let mut ids = sheet.rule_ids();
        let mut i = 0;
        while i < ids.len() {
            if let Some(r) = rules.reference.rule(&ids[i]) {
                let text = crate::rules::core::names::name_in(&r.text, code, "");
                for id in super::model::find_rule_ids(text) {
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                sheet.appendix.push(RuleEntry {
                    id: r.id.clone(),
                    title: crate::rules::core::names::name_in(&r.title, code, &r.id).to_owned(),
                    text: text.to_owned(),
                });
            }
            i += 1;
        }
    }
    sheet
}

fn new_sheet(kind: SheetKind, title: &str, subtitle: String, lang: Lang) -> Sheet {
    Sheet {
        kind,
        lang: lang.code().to_owned(),
        title: title.to_owned(),
        subtitle,
        labels: labels(lang),
        sections: Vec::new(),
        appendix: Vec::new(),
    }
}

fn wounds_track(lang: Lang, wounds: i32, taken: u32) -> Track {
    Track {
        label: lang.t("sheet.wounds").to_owned(),
        boxes: u32::try_from(wounds.max(1)).unwrap_or(1),
        ticked: taken,
        numbered_from: None,
    }
}

fn problems_section(
    lang: Lang,
    problems: &[crate::rules::core::problem::Problem],
) -> Option<Section> {
    if problems.is_empty() {
        return None;
    }
    Some(Section {
        id: "problems".to_owned(),
        title: lang.t("sheet.problems").to_owned(),
        blocks: problems
            .iter()
            .map(|p| Block::Text {
                text: format!("⚠ {}", lang.problem_line(p)),
            })
            .collect(),
    })
}

// ----- Kill team -----------------------------------------------------------

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A value of the profile as printed.
type Shown = fn(&KtProfile) -> String;

fn kt_profile_table(lang: Lang, d: &killteam::Derived) -> Table {
    let fields: [(&str, &str, Shown); 6] = [
        ("move", "kt.stat.move", |p| format!("{}\"", p.move_inches)),
        ("wounds", "kt.stat.wounds", |p| p.wounds.to_string()),
        ("strength", "kt.stat.strength", |p| p.strength.to_string()),
        ("toughness", "kt.stat.toughness", |p| {
            p.toughness.to_string()
        }),
        ("save", "kt.stat.save", |p| {
            if p.save_dice > 1 {
                format!("{}+ ({}D6)", p.save, p.save_dice)
            } else {
                format!("{}+", p.save)
            }
        }),
        ("close_combat", "kt.stat.close_combat", |p| {
            format!("{}+", p.close_combat)
        }),
    ];
    let mut columns: Vec<String> = fields
        .iter()
        .map(|(_, k, _)| lang.t(k).to_owned())
        .collect();
    let mut row: Vec<String> = Vec::new();
    let mut marked = Vec::new();
    for (i, (field, _, show)) in fields.iter().enumerate() {
        let mut v = show(&d.profile);
        if d.changed(field) {
            v.push('*');
            marked.push((0, i));
        }
        row.push(v);
    }
    if d.cover_bonus != 0 {
        columns.push(lang.t("kt.stat.cover").to_owned());
        row.push(signed(d.cover_bonus));
    }
    if d.hit_bonus != 0 {
        columns.push(lang.t("kt.stat.hit").to_owned());
        row.push(signed(d.hit_bonus));
    }
    Table {
        columns,
        rows: vec![row],
        wide: Vec::new(),
        marked,
    }
}

fn weapons_table(lang: Lang, rules: &RulesData, d: &killteam::Derived) -> Table {
    let mut t = Table::new(
        [
            "sheet.weapon",
            "sheet.weapon_type",
            "sheet.range",
            "kt.stat.strength",
            "sheet.ap",
            "sheet.damage",
        ]
        .iter()
        .map(|k| lang.t(k).to_owned())
        .collect(),
    );
    t.wide = vec![0];
    for (r, w) in d.weapons.iter().enumerate() {
        let name = rules
            .killteam
            .weapon(&w.id)
            .map_or(w.id.as_str(), |x| lang.pick(&x.names));
        let mut tags = Vec::new();
        if w.sniper {
            tags.push(lang.t("sheet.sniper"));
        }
        if w.indirect {
            tags.push(lang.t("sheet.indirect"));
        }
        if w.flame {
            tags.push(lang.t("sheet.flame"));
        }
        let name = if tags.is_empty() {
            name.to_owned()
        } else {
            format!("{name} ({})", tags.join(", "))
        };
        let range = if w.weapon_type == WeaponType::Melee {
            "—".to_owned()
        } else {
            format!("{}\"", w.range_inches)
        };
        let mut row = vec![
            name,
            lang.weapon_type(w.weapon_type, &w.shots),
            range,
            w.strength.to_string(),
            w.ap.to_string(),
            w.damage.to_string(),
        ];
        if !w.changed_by.is_empty() {
            row[0].push('*');
            t.marked.push((r, 0));
        }
        t.rows.push(row);
    }
    t
}

/// A rule text of the legend, once however many soldiers carry it.
fn note_once(legend: &mut Vec<Fact>, label: &str, text: &str) {
    if !legend.iter().any(|f| f.label == label) {
        legend.push(Fact::new(label, text));
    }
}

/// A soldier's card; `used` are the items struck off at the table, whose
/// first box is printed ticked. With a `legend`, his items and ribbon are
/// named on the card and their rule texts go to the legend, each once (the
/// kill-team sheet, one page); without, each text is on the card.
fn soldier_card(
    lang: Lang,
    rules: &RulesData,
    s: &Soldier,
    taken: u32,
    used: &[&str],
    mut legend: Option<&mut Vec<Fact>>,
) -> Card {
    let data = &rules.killteam;
    let kind = data.kind(&s.kind);
    let mut card = Card {
        title: s.name.clone(),
        subtitle: soldier_subtitle(lang, rules, s),
        tags: Vec::new(),
        tables: Vec::new(),
        lines: Vec::new(),
        track: None,
    };
    match killteam::derive(data, s) {
        Ok(d) => {
            card.tables.push(kt_profile_table(lang, &d));
            card.tables.push(weapons_table(lang, rules, &d));
            if let Some(k) = kind {
                card.lines.push(actions_line(lang, k));
            }
            gear_lines(lang, rules, s, &d, used, legend.as_deref_mut(), &mut card);
            if let Some(r) = s.ribbon.as_deref() {
                card.lines.push(ribbon_line(lang, rules, r, legend));
            }
            // RIB-5: the Deminer's removal of an enemy mine, in words, with
            // its range from the data.
            if let Some(m) = killteam::ribbons::mine_removal(data, s) {
                card.lines.push(Fact::new(
                    lang.t("kt.remove_mine.label"),
                    lang.msg(&m.detail()),
                ));
            }
            card.track = Some(wounds_track(lang, d.profile.wounds, taken));
        }
        Err(p) => card.lines.push(Fact::new("⚠", lang.problem_line(&p))),
    }
    card
}

/// A soldier's kind, with its equivalents and victory points.
fn soldier_subtitle(lang: Lang, rules: &RulesData, s: &Soldier) -> String {
    let kind = rules.killteam.kind(&s.kind);
    let kind_name = kind.map_or(s.kind.as_str(), |k| lang.pick(&k.names));
    match kind {
        Some(k) => format!(
            "{kind_name} · {}",
            lang.f(
                "kt.equivalents_vp",
                &[
                    ("equivalents", &k.equivalents.to_string()),
                    ("vp", &k.vp.to_string()),
                ],
            )
        ),
        None => kind_name.to_owned(),
    }
}

/// The actions a soldier of kind `k` takes per activation, and their limits.
fn actions_line(lang: Lang, k: &SoldierKind) -> Fact {
    let mut actions = match k.actions.per_turn {
        // KT-19: a Terminator's actions are counted by the turn.
        Some(n) => lang.f("sheet.actions_per_turn", &[("n", &n.to_string())]),
        None => lang.f(
            "sheet.actions",
            &[("n", &k.actions.per_activation.to_string())],
        ),
    };
    if k.actions.never_three_same {
        actions.push_str(" · ");
        actions.push_str(lang.t("sheet.never_three_same"));
    }
    if let Some(n) = k.actions.max_in_a_row {
        actions.push_str(" · ");
        actions.push_str(&lang.f("sheet.max_in_a_row", &[("n", &n.to_string())]));
    }
    if k.actions.one_at_a_time {
        actions.push_str(" · ");
        actions.push_str(lang.t("sheet.one_at_a_time"));
    }
    Fact::new(lang.t("sheet.actions_label"), actions)
}

/// A soldier's items on his card: with a `legend`, named on one line (their
/// texts go to the legend, each once); without, one line each with its
/// text. A single-use item has its boxes, those `used` ticked.
fn gear_lines(
    lang: Lang,
    rules: &RulesData,
    s: &Soldier,
    d: &killteam::Derived,
    used: &[&str],
    mut legend: Option<&mut Vec<Fact>>,
    card: &mut Card,
) {
    let data = &rules.killteam;
    let mut gear: Vec<String> = Vec::new();
    for c in &s.items {
        let Some(item) = data.item(&c.item) else {
            card.lines
                .push(Fact::new(lang.t("sheet.equipment"), c.item.clone()));
            continue;
        };
        let count = d
            .item_counts
            .iter()
            .find(|(id, _)| *id == item.id)
            .map_or(1, |(_, n)| *n);
        let mut label = format!("{} ({})", lang.pick(&item.names), item.rule);
        let text = lang.pick(&item.text);
        if let Some(legend) = legend.as_deref_mut() {
            note_once(legend, &label, text);
        }
        if count > 1 {
            label = format!("{label} ×{count}");
        }
        let boxes = if item.single_use {
            single_use_boxes(lang, count, used.contains(&item.id.as_str()))
        } else {
            String::new()
        };
        if legend.is_some() {
            // The text is in the legend: the name, its rule and the
            // boxes to tick stay on the card.
            gear.push(if boxes.is_empty() {
                label
            } else {
                format!("{label} {boxes}")
            });
        } else if boxes.is_empty() {
            card.lines.push(Fact::new(label, text));
        } else {
            card.lines.push(Fact::new(label, format!("{text} {boxes}")));
        }
    }
    if !gear.is_empty() {
        card.lines
            .push(Fact::new(lang.t("sheet.equipment"), gear.join(" · ")));
    }
}

/// The boxes of a single-use item carried `count` times, the first ticked
/// when it was `used`.
fn single_use_boxes(lang: Lang, count: u32, used: bool) -> String {
    let n = usize::try_from(count).unwrap_or(1);
    let ticked = usize::from(used).min(n);
    let marks = ["☒"]
        .repeat(ticked)
        .into_iter()
        .chain(std::iter::repeat_n("☐", n - ticked))
        .collect::<Vec<_>>()
        .join("\u{a0}");
    // No-break spaces: the boxes stay with their words.
    format!("{}\u{a0}{marks}", lang.t("sheet.single_use"))
}

/// A soldier's ribbon `r`: with a `legend`, named (its text goes to the
/// legend, once); without, with its text.
fn ribbon_line(lang: Lang, rules: &RulesData, r: &str, legend: Option<&mut Vec<Fact>>) -> Fact {
    let Some(ribbon) = rules.killteam.ribbon(r) else {
        return Fact::new(lang.t("kt.ribbon"), r);
    };
    let label = format!("{} ({})", lang.pick(&ribbon.names), ribbon.rule);
    let text = lang.pick(&ribbon.text);
    match legend {
        Some(legend) => {
            note_once(legend, &label, text);
            Fact::new(lang.t("kt.ribbon"), label)
        }
        None => Fact::new(label, text),
    }
}

fn band_cell(lang: Lang, lower: u32, b: &Band) -> String {
    let range = match b.up_to {
        Some(up) => format!("{lower}–{up}\""),
        None => format!("{lower}\"+"),
    };
    let score = match b.score {
        None => lang.t("sheet.cannot_fire").to_owned(),
        Some(s) if s <= 1 => lang.t("sheet.auto_hit").to_owned(),
        Some(s) => format!("{s}+"),
    };
    format!("{range}: {score}")
}

fn ranges_table(lang: Lang, rules: &RulesData) -> Table {
    let bands = &rules.killteam.shooting.bands;
    let classes = [
        ("sheet.class.normal", &bands.normal),
        ("sheet.class.sniper", &bands.sniper),
        ("sheet.class.indirect", &bands.indirect),
    ];
    // One more cell for a class whose last band ends (out of range beyond).
    let cells = |b: &[Band]| b.len() + usize::from(b.last().is_some_and(|l| l.up_to.is_some()));
    let width = classes.iter().map(|(_, b)| cells(b)).max().unwrap_or(0);
    let mut columns = vec![lang.t("sheet.shooting_class").to_owned()];
    columns.extend((1..=width).map(|i| lang.f("sheet.band", &[("n", &i.to_string())])));
    let mut t = Table::new(columns);
    t.wide = vec![0];
    for (key, list) in classes {
        let mut row = vec![lang.t(key).to_owned()];
        let mut lower = 0;
        for b in list.iter() {
            row.push(band_cell(lang, lower, b));
            lower = b.up_to.map_or(lower, |u| u + 1);
        }
        // KT-12, EQ-2: a class whose last band ends (the sniper's, at 36")
        // cannot fire beyond it: said in the next cell, not left blank.
        if list.last().is_some_and(|b| b.up_to.is_some()) {
            row.push(format!("{lower}\"+: {}", lang.t("sheet.out_of_range")));
        }
        row.resize(row.len().max(width + 1), String::new());
        t.rows.push(row);
    }
    t
}

fn modifiers_text(lang: Lang, rules: &RulesData) -> String {
    let m = &rules.killteam.shooting.modifiers;
    let list = [
        ("sheet.mod.night", m.night),
        ("sheet.mod.sight", m.sight),
        ("sheet.mod.marksman", m.marksman),
        ("sheet.mod.vox", m.vox),
        ("sheet.mod.sling", m.sling),
        ("sheet.mod.smoke", m.smoke),
        ("sheet.mod.flash", m.flash),
        ("sheet.mod.assault_moving", m.assault_moving),
    ];
    let parts: Vec<String> = list
        .iter()
        .map(|(k, v)| format!("{} {}", lang.t(k), signed(*v)))
        .collect();
    lang.f("sheet.modifiers", &[("list", &parts.join(" · "))])
}

/// The kill-team sheet: one page for the table (KT-11, KT-12, KT-21).
pub fn killteam_sheet(team: &KillTeam, rules: &RulesData, options: SheetOptions) -> Sheet {
    killteam_sheet_with(team, rules, options, &|_| 0)
}

fn killteam_sheet_with(
    team: &KillTeam,
    rules: &RulesData,
    options: SheetOptions,
    taken: &dyn Fn(&Soldier) -> u32,
) -> Sheet {
    let lang = options.lang;
    let data = &rules.killteam;
    let c = team.composition(data);
    let subtitle = lang.f(
        "sheet.killteam_subtitle",
        &[
            ("equivalents", &c.equivalents.to_string()),
            ("size", &c.size.to_string()),
            ("vp", &c.vp.to_string()),
        ],
    );
    let mut sheet = new_sheet(SheetKind::KillTeam, &team.name, subtitle, lang);
    if let Some(p) = problems_section(lang, &team.validate(rules)) {
        sheet.sections.push(p);
    }
    let mut legend = Vec::new();
    let cards = team
        .soldiers
        .iter()
        .map(|s| soldier_card(lang, rules, s, taken(s), &[], Some(&mut legend)))
        .collect();
    sheet.sections.push(Section {
        id: "soldiers".to_owned(),
        title: lang.t("sheet.soldiers").to_owned(),
        blocks: vec![Block::Cards { cards }],
    });
    if !legend.is_empty() {
        sheet.sections.push(Section {
            id: "legend".to_owned(),
            title: lang.t("sheet.legend").to_owned(),
            blocks: vec![Block::Facts { facts: legend }],
        });
    }
    sheet.sections.push(command_section(lang, data));
    sheet.sections.push(vp_section(lang, data));
    sheet.sections.push(ranges_section(lang, rules));
    if !team.notes.trim().is_empty() {
        sheet.sections.push(notes_section(lang, &team.notes));
    }
    finish(sheet, rules, options)
}

/// Command points and stratagems (KT-11).
fn command_section(lang: Lang, data: &KillTeamData) -> Section {
    let cmd = &data.command;
    let mut stratagems = Table::new(vec![
        lang.t("sheet.cost").to_owned(),
        lang.t("sheet.stratagem").to_owned(),
        lang.t("sheet.effect").to_owned(),
    ]);
    stratagems.wide = vec![2];
    for s in &cmd.stratagems {
        stratagems.rows.push(vec![
            lang.f("sheet.cp", &[("n", &s.cost.to_string())]),
            lang.pick(&s.names).to_owned(),
            lang.pick(&s.text).to_owned(),
        ]);
    }
    Section {
        id: "command".to_owned(),
        title: lang.t("sheet.command").to_owned(),
        blocks: vec![
            Block::Text {
                text: lang.f(
                    "sheet.command_rule",
                    &[
                        ("start", &cmd.start.to_string()),
                        ("per_turn", &cmd.per_turn.to_string()),
                    ],
                ),
            },
            Block::Track(Track {
                label: lang.t("sheet.command_points").to_owned(),
                boxes: cmd.track,
                ticked: 0,
                numbered_from: Some(0),
            }),
            Block::Table(stratagems),
        ],
    }
}

/// The victory points of each kill (KT-21).
fn vp_section(lang: Lang, data: &KillTeamData) -> Section {
    let mut vp = Table::new(vec![
        lang.t("sheet.kill").to_owned(),
        lang.t("sheet.vp").to_owned(),
    ]);
    vp.wide = vec![0];
    for k in &data.soldier_kinds {
        vp.rows
            .push(vec![lang.pick(&k.names).to_owned(), k.vp.to_string()]);
    }
    let bonus = match data.double_kill_bonus {
        DoubleKillBonus::PerTurn => "sheet.double_kill.per_turn",
        DoubleKillBonus::PerPair => "sheet.double_kill.per_pair",
    };
    Section {
        id: "vp".to_owned(),
        title: lang.t("sheet.vp_title").to_owned(),
        blocks: vec![
            Block::Table(vp),
            Block::Text {
                text: lang.t(bonus).to_owned(),
            },
        ],
    }
}

/// The range bands and the modifiers to shoot (KT-12, KT-13).
fn ranges_section(lang: Lang, rules: &RulesData) -> Section {
    Section {
        id: "ranges".to_owned(),
        title: lang.t("sheet.ranges").to_owned(),
        blocks: vec![
            Block::Table(ranges_table(lang, rules)),
            Block::Text {
                text: modifiers_text(lang, rules),
            },
        ],
    }
}

fn notes_section(lang: Lang, notes: &str) -> Section {
    Section {
        id: "notes".to_owned(),
        title: lang.t("sheet.notes").to_owned(),
        blocks: vec![Block::Text {
            text: notes.to_owned(),
        }],
    }
}

// ----- Rogue Trader band ---------------------------------------------------

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

fn character_card(lang: Lang, rules: &RulesData, c: &Character) -> Card {
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
    match (c.start_profile(rules), c.profile(rules)) {
        (Ok(start), Ok(now)) => {
            card.tables.push(rt_profile_table(lang, Some(&start), &now));
            card.track = Some(wounds_track(lang, now.get(Characteristic::W), 0));
        }
        (Err(p), _) | (_, Err(p)) => card.lines.push(Fact::new("⚠", lang.problem_line(&p))),
    }
    if !c.equipment.is_empty() {
        card.tables.push(gear_table(lang, &c.equipment));
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

// ----- Campaign --------------------------------------------------------------

fn state_tag(lang: Lang, state: State) -> Tag {
    let (icon, tone) = match state {
        State::Fit => ("✔", "good"),
        State::LightlyWounded => ("✚", "warn"),
        State::SeriouslyWounded => ("✚✚", "bad"),
        State::Dead => ("✝", "bad"),
        State::Missing => ("?", "bad"),
    };
    Tag {
        text: format!("{icon} {}", lang.t(state.key())),
        tone,
    }
}

fn campaign_card(lang: Lang, rules: &RulesData, c: &Campaign, cc: &CampaignCharacter) -> Card {
    let mut card = match &cc.member {
        Member::Character(ch) => character_card(lang, rules, ch),
        Member::Soldier(s) => {
            // Single-use items struck off at the table print ticked.
            let used: Vec<&str> = c
                .table
                .as_ref()
                .map(|t| {
                    t.struck
                        .iter()
                        .filter(|(who, _)| *who == cc.id)
                        .map(|(_, item)| item.as_str())
                        .collect()
                })
                .unwrap_or_default();
            soldier_card(lang, rules, s, 0, &used, None)
        }
    };
    card.tags.insert(0, state_tag(lang, cc.state));
    if cc.state.alive() {
        let (text, tone) = if cc.can_play() {
            (format!("▶ {}", lang.t("sheet.plays_next")), "good")
        } else {
            (format!("⊘ {}", lang.t("sheet.misses_next")), "warn")
        };
        card.tags.push(Tag { text, tone });
    }
    if c.escorts.iter().any(|e| e.leader == Some(cc.id)) {
        card.tags.push(Tag {
            text: format!("★ {}", lang.t("sheet.leader")),
            tone: "info",
        });
    }
    let taken = c
        .table
        .as_ref()
        .and_then(|t| t.wounds.get(&cc.id).copied())
        .unwrap_or(0);
    if let Some(t) = card.track.as_mut() {
        t.ticked = taken.min(t.boxes);
    }
    card.lines.insert(
        0,
        Fact::new(
            lang.t("sheet.missions_played_label"),
            lang.f(
                "sheet.missions_cran",
                &[
                    ("missions", &cc.missions.to_string()),
                    ("cran", &cc.cran.to_string()),
                    ("die", &c.settings.cran_die.to_string()),
                ],
            ),
        ),
    );
    card
}

fn mission_label(rules: &RulesData, lang: Lang, id: &str) -> (String, String) {
    match rules.campaign.mission(id) {
        Some(m) => (
            lang.t(m.mission_type.key()).to_owned(),
            lang.pick(&m.names).to_owned(),
        ),
        None => (String::new(), id.to_owned()),
    }
}

/// The missions played, from the journal: number, type, mission, faction,
/// result, VP.
fn played_missions(c: &Campaign, rules: &RulesData, lang: Lang) -> Table {
    let mut t = Table::new(
        [
            "sheet.mission_number",
            "sheet.mission_type",
            "sheet.mission",
            "sheet.faction",
            "sheet.result",
            "sheet.vp",
        ]
        .iter()
        .map(|k| lang.t(k).to_owned())
        .collect(),
    );
    t.wide = vec![2, 3];
    let mut chosen: Option<(String, String)> = None;
    for e in &c.journal {
        match &e.event {
            CampaignEdit::Start { choice, .. } | CampaignEdit::NextMission { choice, .. } => {
                // A mission against the Nemesis records no faction of its own.
                chosen = Some((
                    choice.mission.clone().unwrap_or_default(),
                    choice
                        .faction
                        .clone()
                        .unwrap_or_else(|| c.settings.nemesis.clone()),
                ));
            }
            CampaignEdit::EndMission { result, .. } => {
                let (mission, faction) = chosen.take().unwrap_or_default();
                let (kind, name) = mission_label(rules, lang, &mission);
                let outcome = if result.success {
                    format!("✔ {}", lang.t("sheet.success"))
                } else {
                    format!("✘ {}", lang.t("sheet.failure"))
                };
                t.rows.push(vec![
                    e.mission.to_string(),
                    kind,
                    name,
                    lang.faction(&rules.campaign, &faction),
                    outcome,
                    result.vp.to_string(),
                ]);
            }
            _ => {}
        }
    }
    t
}

/// The campaign's state: victory points, missions, points of each escort,
/// its end.
fn campaign_status(c: &Campaign, lang: Lang) -> Section {
    let s = &c.settings;
    let mut status = vec![
        Fact::new(
            lang.t("sheet.vp_title"),
            lang.f(
                "sheet.vp_of",
                &[
                    ("vp", &c.vp.to_string()),
                    ("threshold", &s.vp_threshold.to_string()),
                ],
            ),
        ),
        Fact::new(
            lang.t("sheet.missions_played"),
            c.missions_played.to_string(),
        ),
    ];
    if s.pool == crate::rules::campaign::PoolMode::Pooled {
        status.push(Fact::new(
            lang.t("sheet.reinforcement_pool"),
            c.pool.to_string(),
        ));
    }
    for e in &c.escorts {
        let mut v = lang.f(
            "sheet.escort_points",
            &[
                ("reinforcement", &c.reinforcement_of(e.id).to_string()),
                ("fate", &e.fate_points.to_string()),
            ],
        );
        if e.kind == "killteam" {
            v.push_str(" · ");
            v.push_str(&lang.f("sheet.cp", &[("n", &e.command_points.to_string())]));
        }
        status.push(Fact::new(e.player.clone(), v));
    }
    if let Some(end) = &c.end {
        let key = if end.won {
            "sheet.end.won"
        } else {
            "sheet.end.lost"
        };
        status.push(Fact::new(
            lang.t("sheet.end"),
            lang.f(key, &[("resources", &end.resources.to_string())]),
        ));
    }
    Section {
        id: "status".to_owned(),
        title: lang.t("sheet.status").to_owned(),
        blocks: vec![Block::Facts { facts: status }],
    }
}

/// The settings the campaign was started with.
fn campaign_settings(c: &Campaign, rules: &RulesData, lang: Lang) -> Section {
    let s = &c.settings;
    let yes_no = |b: bool| lang.t(if b { "sheet.yes" } else { "sheet.no" }).to_owned();
    let injuries = match s.injuries {
        crate::rules::campaign::Injuries::Standard => "sheet.injuries.standard",
        crate::rules::campaign::Injuries::GangWar => "sheet.injuries.gang_war",
    };
    let pool = match s.pool {
        crate::rules::campaign::PoolMode::Split => "sheet.pool.split",
        crate::rules::campaign::PoolMode::Pooled => "sheet.pool.pooled",
    };
    let mut secondary: Vec<String> = s
        .secondary
        .iter()
        .map(|f| lang.faction(&rules.campaign, f))
        .collect();
    if secondary.is_empty() {
        secondary.push("—".to_owned());
    }
    Section {
        id: "settings".to_owned(),
        title: lang.t("sheet.settings").to_owned(),
        blocks: vec![Block::Facts {
            facts: vec![
                Fact::new(lang.t("sheet.vp_threshold"), s.vp_threshold.to_string()),
                Fact::new(lang.t("sheet.cran_die"), format!("D{}", s.cran_die)),
                Fact::new(lang.t("sheet.injuries"), lang.t(injuries)),
                Fact::new(lang.t("sheet.fate_points"), yes_no(s.fate_points)),
                Fact::new(lang.t("sheet.difficulty"), s.difficulty.to_string()),
                Fact::new(lang.t("sheet.reinforcements"), lang.t(pool)),
                Fact::new(
                    lang.t("sheet.nemesis"),
                    lang.faction(&rules.campaign, &s.nemesis),
                ),
                Fact::new(lang.t("sheet.secondary"), secondary.join(", ")),
            ],
        }],
    }
}

/// The mission at hand, or the next one's type (none once it is over).
fn next_mission(c: &Campaign, rules: &RulesData, lang: Lang) -> Vec<Fact> {
    let mut next = Vec::new();
    match &c.mission {
        Some(m) if matches!(c.phase, Phase::Ready | Phase::Playing) => {
            let (_, name) = mission_label(rules, lang, &m.mission);
            next.push(Fact::new(
                lang.t("sheet.mission_number"),
                m.number.to_string(),
            ));
            next.push(Fact::new(
                lang.t("sheet.mission_type"),
                lang.t(m.mission_type.key()),
            ));
            next.push(Fact::new(lang.t("sheet.mission"), name));
            next.push(Fact::new(
                lang.t("sheet.faction"),
                lang.faction(&rules.campaign, &m.faction),
            ));
            next.push(Fact::new(
                lang.t("sheet.enemy_points"),
                m.points.to_string(),
            ));
            if !m.enemy.is_empty() {
                let enemy: Vec<String> = m
                    .enemy
                    .iter()
                    .map(|e| lang.pick(&e.names).to_owned())
                    .collect();
                next.push(Fact::new(lang.t("sheet.enemy"), enemy.join(", ")));
            }
        }
        _ if c.phase != Phase::Over => {
            next.push(Fact::new(
                lang.t("sheet.mission_type"),
                lang.t(c.next_type().key()),
            ));
        }
        _ => {}
    }
    next
}

/// The campaign status sheet: VP, points, settings, the next mission, each
/// character's state and whether he plays it, the missions played.
pub fn campaign_sheet(c: &Campaign, rules: &RulesData, options: SheetOptions) -> Sheet {
    let lang = options.lang;
    let phase_key = match c.phase {
        Phase::Setup => "sheet.phase.setup",
        Phase::Ready => "sheet.phase.ready",
        Phase::Playing => "sheet.phase.playing",
        Phase::Debrief => "sheet.phase.debrief",
        Phase::Over => "sheet.phase.over",
    };
    let subtitle = lang.f(
        "sheet.campaign_subtitle",
        &[
            ("phase", lang.t(phase_key)),
            ("missions", &c.missions_played.to_string()),
        ],
    );
    let mut sheet = new_sheet(SheetKind::Campaign, &c.name, subtitle, lang);
    sheet.sections.push(campaign_status(c, lang));
    sheet.sections.push(campaign_settings(c, rules, lang));
    let next = next_mission(c, rules, lang);
    if !next.is_empty() {
        sheet.sections.push(Section {
            id: "next".to_owned(),
            title: lang.t("sheet.next_mission").to_owned(),
            blocks: vec![Block::Facts { facts: next }],
        });
    }
    for e in &c.escorts {
        let cards: Vec<Card> = c
            .members(e.id)
            .map(|cc| campaign_card(lang, rules, c, cc))
            .collect();
        sheet.sections.push(Section {
            id: format!("escort-{}", e.id),
            title: lang.f(
                "sheet.escort",
                &[("player", &e.player), ("source", &e.source)],
            ),
            blocks: vec![Block::Cards { cards }],
        });
    }
    let played = played_missions(c, rules, lang);
    if !played.rows.is_empty() {
        sheet.sections.push(Section {
            id: "missions".to_owned(),
            title: lang.t("sheet.missions").to_owned(),
            blocks: vec![Block::Table(played)],
        });
    }
    if !c.notes.trim().is_empty() {
        sheet.sections.push(notes_section(lang, &c.notes));
    }
    finish(sheet, rules, options)
}

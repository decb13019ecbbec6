//! The kill-team sheet, one page for the table: each soldier's card (his
//! profile, weapons, actions, items and ribbon, their rules in a legend),
//! the command points and stratagems, the victory points of each kill, the
//! range bands and the modifiers to shoot.

use crate::i18n::Lang;
use crate::rules::RulesData;
use crate::rules::killteam::data::{
    Band, DoubleKillBonus, KillTeamData, KtProfile, SoldierKind, WeaponType,
};
use crate::rules::killteam::{self, ItemId, KillTeam, RibbonId, Soldier};

use crate::print::model::{Block, Card, Fact, Section, Sheet, SheetKind, Table, Track};

use super::weapons::{self, WeaponRow, signed};
use super::{SheetOptions, finish, new_sheet, notes_section, problems_section, wounds_track};

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

/// A soldier's weapons as they fire, in the table every card shares.
fn weapons_table(lang: Lang, rules: &RulesData, d: &killteam::Derived) -> Table {
    let rows = d
        .weapons
        .iter()
        .map(|w| {
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
            WeaponRow {
                name,
                kind: lang.weapon_type(w.weapon_type, &w.shots),
                range,
                to_hit: None,
                strength: w.strength.to_string(),
                ap: w.ap.to_string(),
                damage: w.damage.to_string(),
                changed: !w.changed_by.is_empty(),
            }
        })
        .collect();
    weapons::weapons_table(lang, rows)
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
pub(super) fn soldier_card(
    lang: Lang,
    rules: &RulesData,
    s: &Soldier,
    taken: u32,
    used: &[&ItemId],
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
            if let Some(r) = &s.ribbon {
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
        Some(k) => format!("{kind_name} · {}", equivalents_vp(lang, k)),
        None => kind_name.to_owned(),
    }
}

/// What a soldier of kind `k` counts for: the soldiers he counts as when
/// more than one (KT-4), and the victory points his fall gives.
pub fn equivalents_vp(lang: Lang, k: &SoldierKind) -> String {
    let vp = k.vp.to_string();
    if k.equivalents == 1 {
        return lang.f("kt.vp", &[("vp", &vp)]);
    }
    let n = k.equivalents.to_string();
    lang.f("kt.equivalents_vp", &[("equivalents", &n), ("vp", &vp)])
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
    used: &[&ItemId],
    mut legend: Option<&mut Vec<Fact>>,
    card: &mut Card,
) {
    let data = &rules.killteam;
    let mut gear: Vec<String> = Vec::new();
    for c in &s.items {
        let Some(item) = data.item(&c.item) else {
            card.lines
                .push(Fact::new(lang.t("sheet.equipment"), c.item.as_str()));
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
            single_use_boxes(lang, count, used.contains(&&c.item))
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
fn ribbon_line(
    lang: Lang,
    rules: &RulesData,
    r: &RibbonId,
    legend: Option<&mut Vec<Fact>>,
) -> Fact {
    let Some(ribbon) = rules.killteam.ribbon(r) else {
        return Fact::new(lang.t("kt.ribbon"), r.as_str());
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
        ("sheet.mod.dazzled", m.dazzled),
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

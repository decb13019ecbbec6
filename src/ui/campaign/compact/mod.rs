//! The table as a compact list: a line for each model at the table, the
//! players' and the enemy's — its state by icon and word, its name and
//! kind, its wound boxes and its fight button — filtered by name or kind;
//! once an attacker is picked, he comes first and then the models he can
//! fight. A whole enemy escort is found without scrolling a page of cards.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::CharRef;
use crate::rules::battle::from_table::ModelKind;
use crate::rules::campaign::acts;
use crate::rules::campaign::enemy;
use crate::rules::campaign::named;
use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CharId, Fighter, Member, Mode, Table};
use crate::rules::core::names::name_in;
use crate::ui::battle::from_table::table_side;
use crate::ui::campaign::actions;
use crate::ui::campaign::cards::wound_boxes_ui;
use crate::ui::campaign::fight::{FightRefusals, fight_buttons_ui};
use crate::ui::campaign::parts::TableView;
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets;
use crate::ui::widgets::{HintPlace, Tone, badge, card};

mod columns;
use columns::{
    FIGHTS_MOST, FIGHTS_WIDTH, TURN_WIDTH, Widths, cell, fixed_cell, headings_ui,
    name_and_kind_widths, state_width, wounds_width,
};

/// One model at the table, as its line shows it.
pub(super) struct Line {
    /// His id at the table (a character's, or the enemy's `Fighter`).
    id: CharId,
    /// His name.
    name: String,
    /// His kind: a soldier's kind, a character's type or race, an enemy's
    /// table line and type.
    kind: String,
    /// One of the enemy's.
    enemy: bool,
    /// His wounds and those taken.
    wounds: (u32, u32),
    /// Out of action.
    out: bool,
    /// Why he may not attack now, when he may not: a soldier with neither
    /// a shot nor a charge left (KT-9), an enemy the data gives no
    /// profile.
    no_fight: Option<String>,
    /// A kill-team soldier: he fights by the kill team's rules (KT-6).
    soldier: bool,
    /// A flash grenade dazzled him this turn (EQ-10).
    dazzled: bool,
    /// His place among the drawn enemies, for one of them: he is marked
    /// activated (KT-8).
    enemy_place: Option<usize>,
    /// A player's character with single-use items, mines to remove or
    /// loot: his line opens them.
    gear: bool,
}

impl Line {
    /// What kind of model the line is.
    fn model_kind(&self) -> ModelKind {
        match (self.enemy, self.soldier) {
            (true, _) => ModelKind::Enemy,
            (false, true) => ModelKind::Soldier,
            (false, false) => ModelKind::Character,
        }
    }
}

/// A member's kind in the reader's language.
fn member_kind(cx: &ViewCtx<'_>, m: &Member) -> String {
    let rules = &cx.rules;
    match m {
        Member::Soldier(s) => rules
            .killteam
            .kind(&s.kind)
            .map_or(s.kind.as_str(), |k| cx.lang.pick(&k.names))
            .to_owned(),
        Member::Character(ch) => {
            let race = rules
                .race(&ch.race)
                .map_or(ch.race.as_str(), |r| cx.lang.pick(&r.names));
            match ch.type_id.as_deref().and_then(|t| rules.character_type(t)) {
                Some(t) => format!("{race} · {}", cx.lang.pick(&t.names)),
                None => race.to_owned(),
            }
        }
    }
}

/// Every model at the table: the players' playing characters, escort by
/// escort, then the drawn enemies and the models the mission names who
/// are fought.
pub(super) fn lines(cx: &ViewCtx<'_>, c: &Campaign, table: &Table) -> Vec<Line> {
    let rules = &cx.rules;
    let mut out = Vec::new();
    for e in &c.escorts {
        for x in queries::members(c, e.id).filter(|x| table.players.contains(&x.id)) {
            let max = x.member.wounds(rules);
            let taken = table.wounds.get(&x.id).copied().unwrap_or(0);
            out.push(Line {
                id: x.id,
                name: x.name().to_owned(),
                kind: format!(
                    "{} · {}",
                    member_kind(cx, &x.member),
                    super::parts::player_name(cx, e)
                ),
                enemy: false,
                wounds: (max, taken),
                out: table.out_of_action.contains(&x.id),
                no_fight: super::fight::no_fight(cx, c, x.id),
                soldier: matches!(x.member, Member::Soldier(_)),
                dazzled: table.dazzled_now(x.id),
                enemy_place: None,
                gear: super::player_card::has_table_gear(cx, table, x),
            });
        }
    }
    let drawn = c.mission.as_ref().map_or(0, |m| m.enemy.len());
    for i in 0..drawn {
        let Some(e) = enemy::at(c, i) else { continue };
        let line = name_in(&e.names, cx.lang.code(), e.entry_type.as_str());
        let kind_key = format!("campaign.ui.enemy_type.{}", e.entry_type);
        // A type the data added since has no word of its own: as written.
        let kind = Some(cx.t(&kind_key))
            .filter(|k| *k != kind_key)
            .map_or_else(|| e.entry_type.to_string(), str::to_owned);
        out.push(Line {
            id: Fighter::Enemy(i).id(),
            name: name_in(&enemy::names(c, i), cx.lang.code(), "").to_owned(),
            kind: format!("{line} · {kind}"),
            enemy: true,
            wounds: (
                enemy::wounds(c, i, rules),
                table.enemy_wounds.get(&i).copied().unwrap_or(0),
            ),
            out: table.enemy_out.contains(&i),
            no_fight: enemy::fighter(c, i, rules)
                .is_none()
                .then(|| cx.t("campaign.ui.fight.no_profile").to_owned()),
            soldier: false,
            dazzled: table.dazzled_now(Fighter::Enemy(i).id()),
            enemy_place: Some(i),
            gear: false,
        });
    }
    out.extend(named_lines(cx, c, table));
    out
}

/// The models the mission names who are fought, on the enemy's side: the
/// others have neither wound boxes nor fights.
fn named_lines(cx: &ViewCtx<'_>, c: &Campaign, table: &Table) -> Vec<Line> {
    let rules = &cx.rules;
    let mut out = Vec::new();
    for (i, n) in named::models(c, rules).iter().enumerate() {
        let Some(max) = named::wounds(c, i, rules) else {
            continue;
        };
        let id = Fighter::Named(i).id();
        out.push(Line {
            id,
            name: name_in(&n.names, cx.lang.code(), &n.id).to_owned(),
            kind: cx.t("campaign.ui.named_kind").to_owned(),
            enemy: true,
            wounds: (max, named::taken(c, i)),
            out: named::out(c, i),
            no_fight: None,
            soldier: false,
            dazzled: table.dazzled_now(id),
            enemy_place: None,
            gear: false,
        });
    }
    out
}

/// The lines in the order shown: those `find` matches; with an attacker
/// picked, he first, then the models of the other side he can fight in
/// action, then the rest, each group in the table's order.
fn ordered(
    cx: &ViewCtx<'_>,
    c: &Campaign,
    all: Vec<Line>,
    (attacker, find): (Option<&CharRef>, &str),
) -> Vec<(Line, bool)> {
    let find = find.trim().to_lowercase();
    let shown = all.into_iter().filter(|l| matches(l, &find));
    let Some(a) = attacker.filter(|a| a.doc == c.id) else {
        return shown.map(|l| (l, false)).collect();
    };
    let by = table_side(cx, a);
    let reach = by.as_ref().map(|by| by.reach(&cx.rules));
    let mut keyed: Vec<(u8, Line, bool)> = shown
        .map(|l| {
            let legal = reach.is_some_and(|reach| {
                l.id != CharId(a.id) && !l.out && reach.reaches(l.model_kind())
            });
            let rank = if l.id == CharId(a.id) {
                0
            } else if legal {
                1
            } else {
                2
            };
            (rank, l, legal)
        })
        .collect();
    keyed.sort_by_key(|(rank, ..)| *rank);
    keyed.into_iter().map(|(_, l, legal)| (l, legal)).collect()
}

/// The mission on one line, its objective on hover: the compact table
/// keeps the page for the models.
pub(super) fn mission_line_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    use crate::ui::campaign::parts::mission_name;
    let Some(m) = &c.mission else {
        return;
    };
    let title = cx.f(
        "campaign.ui.mission_title",
        &[
            ("number", &m.number.to_string()),
            ("type", cx.t(m.mission_type.key())),
            ("name", &mission_name(cx, m)),
        ],
    );
    let mode = match m.mode {
        Mode::Attack => "campaign.ui.mode.attack",
        Mode::Defence => "campaign.ui.mode.defence",
    };
    let enemy = cx.f(
        "campaign.ui.enemy_line",
        &[
            ("faction", &cx.lang.faction(&cx.rules.campaign, &m.faction)),
            ("points", &m.points.to_string()),
            ("mode", cx.t(mode)),
        ],
    );
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            let r =
                ui.label(RichText::new(format!("{} {title}", icons::ICON_MAP.codepoint)).strong());
            if let Some(d) = cx.rules.campaign.mission(&m.mission) {
                r.on_hover_text(name_in(&d.objective, cx.lang.code(), ""));
            }
            ui.label(RichText::new(enemy).color(palette().ink.subdued));
        });
    });
}

/// The filter's field, beside the view's toggle: part of a name or kind,
/// and how many models it leaves of all.
pub(super) fn find_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, all: &[Line], find: &mut String) {
    ui.add_space(space::M);
    ui.label(icons::ICON_SEARCH.rich_text().color(palette().ink.subdued));
    let l = ui.label(cx.t("campaign.ui.compact.find"));
    ui.add(
        egui::TextEdit::singleline(find)
            .desired_width(160.0)
            .hint_text(cx.t("campaign.ui.compact.find_hint")),
    )
    .labelled_by(l.id);
    let needle = find.trim().to_lowercase();
    let shown = all.iter().filter(|l| matches(l, &needle)).count();
    let said = cx.f(
        "campaign.ui.compact.shown",
        &[
            ("shown", &shown.to_string()),
            ("count", &all.len().to_string()),
        ],
    );
    ui.label(RichText::new(said).color(palette().ink.subdued));
}

/// Whether a line's name or kind holds `needle` (lower case; empty: all).
fn matches(l: &Line, needle: &str) -> bool {
    needle.is_empty()
        || l.name.to_lowercase().contains(needle)
        || l.kind.to_lowercase().contains(needle)
}

/// The list: a line for each model the filter leaves, the picked
/// attacker's targets first.
pub(super) fn compact_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, all): (&Campaign, Vec<Line>),
    (view, attacker, refused): (&TableView, &mut Option<CharRef>, &FightRefusals),
) {
    let shown = ordered(cx, c, all, (attacker.as_ref(), &view.find));
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        // The attacker just picked moves to the list's top: the view goes
        // with him, his line and its Cancel in sight, not left where his
        // line was.
        let seen_id = ui.scope_id().with("compact-attacker-seen");
        let seen: Option<CharRef> = ui.data(|d| d.get_temp(seen_id)).flatten();
        if attacker.is_some() {
            let r = ui.label(
                RichText::new(cx.t("campaign.ui.compact.targets_first"))
                    .color(palette().ink.subdued),
            );
            if seen != *attacker {
                r.scroll_to_me(Some(egui::Align::TOP));
            }
            super::fight::refusals_ui(ui, cx, refused);
        }
        if seen != *attacker {
            ui.data_mut(|d| d.insert_temp(seen_id, attacker.clone()));
        }
        let wounds = wounds_width(shown.iter().map(|(l, _)| l.wounds.0));
        let width = ui.available_width();
        // The fights take what they took last frame (wider once an attacker
        // is picked); the name and the kind share the rest.
        let fights_id = ui.scope_id().with(("compact-fights", attacker.is_some()));
        let fights: f32 = ui.data(|d| d.get_temp(fights_id)).unwrap_or(FIGHTS_WIDTH);
        let gap = ui.spacing().item_spacing.x;
        // A kill team at the table: each soldier's actions and "Act…",
        // each enemy's activation, in a column of their own (KT-8, KT-9);
        // not while a target is being picked, the fights taking the room.
        let turn = if attacker.is_none() && shown.iter().any(|(l, _)| acts::counts_actions(c, l.id))
        {
            TURN_WIDTH + gap
        } else {
            0.0
        };
        let state = state_width(ui, cx);
        let budget = width - state - wounds - turn - fights - 5.0 * gap;
        let texts = shown
            .iter()
            .map(|(l, _)| (l.name.as_str(), l.kind.as_str()));
        let (name, kind) = name_and_kind_widths(ui, texts, budget);
        let widths = Widths {
            state,
            name,
            kind,
            wounds,
            turn: (turn > 0.0).then_some(TURN_WIDTH),
        };
        headings_ui(ui, cx, &widths);
        let mut widest_fights: Option<f32> = None;
        // One line a row; a line scrolled out of view is not laid out.
        widgets::card_rows(
            ui,
            (("compact-lines", c.id.as_str()), f32::INFINITY),
            shown.iter().enumerate(),
            |ui, (k, (line, legal))| {
                // Every other line striped, painted under it once its
                // height is known.
                let stripe = ui.painter().add(egui::Shape::Noop);
                let (r, fights) = line_ui(ui, cx, c, (line, *legal, &widths), (attacker, refused));
                widest_fights = Some(widest_fights.map_or(fights, |w| w.max(fights)));
                if k % 2 == 1 {
                    let mut rect = r.rect;
                    rect.set_width(width);
                    // The theme's own stripe: seen in light and dark alike.
                    let fill = palette()
                        .surface
                        .card
                        .lerp_to_gamma(palette().surface.widget, 0.5);
                    ui.painter()
                        .set(stripe, egui::Shape::rect_filled(rect, 0.0, fill));
                }
            },
        );
        if shown.is_empty() {
            ui.label(RichText::new(cx.t("campaign.ui.compact.none")).color(palette().ink.subdued));
        }
        if let Some(w) = widest_fights.map(|w| w.min(FIGHTS_MOST))
            && (w - fights).abs() > 0.5
        {
            ui.data_mut(|d| d.insert_temp(fights_id, w));
            ui.ctx().request_repaint();
        }
    });
}

/// One model's line: state, name, kind, wound boxes, fights; with the
/// width its fights take on one line.
fn line_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    (line, legal, widths): (&Line, bool, &Widths),
    (attacker, refused): (&mut Option<CharRef>, &FightRefusals),
) -> (egui::Response, f32) {
    let r = ui.vertical(|ui| {
        let fights = row_ui(ui, cx, c, (line, legal, widths), (attacker, refused));
        // His items, mines and loot, opened under his line as on his card.
        if line.gear
            && gear_open(ui, c, line.id)
            && let (Some(table), Some(x)) = (&c.table, queries::character(c, line.id))
        {
            ui.indent(("compact-gear", line.id), |ui| {
                super::player_card::table_gear_ui(ui, cx, (c, table), x);
            });
        }
        fights
    });
    (r.response, r.inner)
}

/// Where a line's items are remembered open.
fn gear_id(c: &Campaign, id: CharId) -> egui::Id {
    egui::Id::unique(("compact-gear-open", c.id.as_str(), id))
}

/// Whether the line of `id` shows his items.
fn gear_open(ui: &egui::Ui, c: &Campaign, id: CharId) -> bool {
    ui.data(|d| d.get_temp(gear_id(c, id)).unwrap_or(false))
}

/// "Items" on a line whose model has single-use items, mines to remove
/// or loot: opens them under his line, or closes them.
fn gear_toggle_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, line: &Line) {
    let open = gear_open(ui, c, line.id);
    let (icon, named) = if open {
        (icons::ICON_EXPAND_LESS, "campaign.ui.compact.gear_hide")
    } else {
        (icons::ICON_BACKPACK, "campaign.ui.compact.gear_show")
    };
    let named = cx.f(named, &[("name", &line.name)]);
    let r = widgets::icon_button(ui, icon, cx.t("campaign.ui.compact.gear"), &named, true)
        .on_hover_text(cx.t("campaign.ui.compact.gear_hint"));
    if r.clicked() {
        ui.data_mut(|d| d.insert_temp(gear_id(c, line.id), !open));
    }
}

/// A line's one row: state, name, kind, wound boxes, turn, fights; with
/// the width its fights take on one line.
fn row_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    (line, legal, widths): (&Line, bool, &Widths),
    (attacker, refused): (&mut Option<CharRef>, &FightRefusals),
) -> f32 {
    let r = ui.horizontal(|ui| {
        fixed_cell(ui, widths.state, |ui| {
            if line.out {
                badge(ui, Tone::Dead, cx.t("campaign.ui.out_of_action"));
            } else if line.dazzled {
                // EQ-10: by icon and word, the whole reason on hover.
                let word = format!(
                    "{} {}",
                    icons::ICON_FLARE.codepoint,
                    cx.t("campaign.ui.compact.dazzled")
                );
                badge(ui, Tone::Warning, &word).on_hover_text(cx.t("campaign.ui.dazzled"));
            } else if legal {
                badge(ui, Tone::Info, cx.t("campaign.ui.compact.target"));
            } else {
                badge(ui, Tone::Good, cx.t("campaign.ui.in_action"));
            }
        });
        cell(ui, widths.name, |ui| {
            super::held::arrival_mark_ui(ui, cx, c, line.id);
            let side = if line.enemy {
                icons::ICON_SKULL
            } else {
                icons::ICON_GROUPS
            };
            let text = RichText::new(format!("{} {}", side.codepoint, line.name)).strong();
            ui.add(egui::Label::new(text).truncate());
        });
        cell(ui, widths.kind, |ui| {
            // Wrapped, not cut: the player's name at the end of the kind
            // ("Humain · Champion · Camille") stays readable when narrow.
            let text = RichText::new(&line.kind).color(palette().ink.subdued);
            ui.add(egui::Label::new(text).wrap());
        });
        cell(ui, widths.wounds, |ui| {
            let (max, taken) = line.wounds;
            wound_boxes_ui(ui, cx, c, (line.id, &line.name), max, taken);
        });
        if let Some(width) = widths.turn {
            fixed_cell(ui, width, |ui| turn_ui(ui, cx, c, line));
        }
        let me = CharRef::new(c.id.clone(), line.id);
        let fights = ui.horizontal_wrapped(|ui| {
            let out = line.out.then(|| cx.t("campaign.ui.fight.attack_out"));
            let why_not = out.or(line.no_fight.as_deref());
            // An enemy with no profile is not fought; a soldier who may not
            // act now still is.
            let target = !line.out && (!line.enemy || line.no_fight.is_none());
            let fights = (why_not, target, refused);
            fight_buttons_ui(ui, cx, (attacker, HintPlace::Line), &me, &line.name, fights);
            if line.gear {
                gear_toggle_ui(ui, cx, c, line);
            }
        });
        one_line_width(ui, fights.response.rect)
    });
    r.inner
}

/// A model's turn on his line: a soldier's actions left and his "Act…"
/// menu, as on his card; an enemy's activation (KT-8); nothing for a
/// model out of action or who counts no actions.
fn turn_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, line: &Line) {
    if line.out {
        return;
    }
    if let Some(i) = line.enemy_place {
        if let Some(table) = &c.table {
            super::cards::activated_ui(ui, cx, c, table, (i, &line.name));
        }
    } else if acts::counts_actions(c, line.id)
        && let Some(x) = queries::character(c, line.id)
    {
        actions::compact_turn_ui(ui, cx, c, x);
    }
}

/// About how wide what `rect` holds would be on one line: its width for
/// each row it wrapped to.
fn one_line_width(ui: &egui::Ui, rect: egui::Rect) -> f32 {
    let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let rows = ((rect.height() + ui.spacing().item_spacing.y) / row)
        .round()
        .max(1.0);
    rect.width() * rows
}

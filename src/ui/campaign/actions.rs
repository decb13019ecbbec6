//! A kill-team soldier's actions on his table card (KT-9, KT-11, KT-14,
//! KT-18, KT-19, EQ-31, RIB-10): what he did this turn, what he has left,
//! and an "Act…" menu offering every action, each one he may not take
//! greyed with the reason beside it. The rules (`activation`) decide; the
//! table keeps each soldier's turn in its marks, outside the journal, and
//! the command points the stratagem costs are one campaign event.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, CharId, Table};
use crate::rules::core::problem::Problem;
use crate::rules::killteam::Soldier;
use crate::rules::killteam::activation::{Act, Allowance, SoldierTurn, allowance, give_insignia};
use crate::ui::campaign::parts::{TableMarks, edit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::PALETTE;
use crate::ui::widgets::{Tone, badge, icon_and_text, icon_button};

impl TableMarks {
    /// `id`'s turn `turn`: begun prone when his last turn marked here ended
    /// prone.
    pub(super) fn turn_of(&self, turn: u32, id: CharId) -> SoldierTurn {
        if let Some(t) = self.turns.get(&(turn, id)) {
            return t.clone();
        }
        let prone = self
            .turns
            .range(..(turn, id))
            .rfind(|((_, who), _)| *who == id)
            .is_some_and(|(_, t)| t.prone());
        SoldierTurn::new(prone)
    }
}

/// A soldier on the table: his allowance this turn, from his wounds left.
pub(super) struct Fighter<'a> {
    pub(super) x: &'a CampaignCharacter,
    pub(super) soldier: &'a Soldier,
    pub(super) wounds_left: u32,
}

impl Fighter<'_> {
    fn allowance(&self, cx: &ViewCtx<'_>) -> Result<Allowance, Problem> {
        allowance(&cx.model.rules.killteam, self.soldier, self.wounds_left)
    }
}

/// The soldier's wounds left at the table.
pub(super) fn wounds_left(cx: &ViewCtx<'_>, table: &Table, x: &CampaignCharacter) -> u32 {
    if table.out_of_action.contains(&x.id) {
        return 0;
    }
    let max = x.member.wounds(&cx.model.rules);
    max.saturating_sub(table.wounds.get(&x.id).copied().unwrap_or(0))
}

/// Why the soldier `id` may not take `act` now, translated; `None` when he
/// may (or is no soldier of this table).
pub(super) fn refusal(
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    marks: &TableMarks,
    (id, act): (CharId, Act),
) -> Option<String> {
    let x = c.character(id)?;
    let crate::rules::campaign::Member::Soldier(s) = &x.member else {
        return None;
    };
    let f = Fighter {
        x,
        soldier: s,
        wounds_left: wounds_left(cx, table, x),
    };
    let turn = marks.turn_of(table.turn(), id);
    let data = &cx.model.rules.killteam;
    match f.allowance(cx).and_then(|a| a.check(data, &turn, act)) {
        Ok(_) => None,
        Err(p) => Some(cx.lang.problem_line(&p)),
    }
}

/// Marks `act` taken by the soldier `id`, when the rules let him; the note
/// it comes with (snap fire only) or why not.
pub(super) fn take(
    cx: &ViewCtx<'_>,
    c: &Campaign,
    table: &Table,
    marks: &mut TableMarks,
    (id, act): (CharId, Act),
) -> Result<Option<String>, String> {
    let Some(x) = c.character(id) else {
        return Ok(None);
    };
    let crate::rules::campaign::Member::Soldier(s) = &x.member else {
        return Ok(None);
    };
    let f = Fighter {
        x,
        soldier: s,
        wounds_left: wounds_left(cx, table, x),
    };
    let turn = marks.turn_of(table.turn(), id);
    let data = &cx.model.rules.killteam;
    let (next, note) = f
        .allowance(cx)
        .and_then(|a| a.take(data, &turn, act))
        .map_err(|p| cx.lang.problem_line(&p))?;
    marks.turns.insert((table.turn(), id), next);
    Ok(note.map(|m| cx.lang.msg(&m)))
}

/// The soldier's turn on his card: his actions left as pips, what he did,
/// his stance, the "Act…" menu and "Take back".
pub(super) fn soldier_turn_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    f: &Fighter<'_>,
    marks: &mut TableMarks,
) {
    let data = &cx.model.rules.killteam;
    let Ok(allow) = f.allowance(cx) else {
        return;
    };
    if !allow.in_action {
        ui.label(icon_and_text(
            ui,
            icons::ICON_DIRECTIONS_RUN,
            cx.t("campaign.ui.no_actions"),
            PALETTE.text_subdued,
            false,
        ));
        return;
    }
    let key = (table.turn(), f.x.id);
    let turn = marks.turn_of(key.0, f.x.id);
    // The "Act…" button ends the first row, which never moves: what he did
    // comes below it.
    ui.horizontal_wrapped(|ui| {
        pips_ui(
            ui,
            cx,
            f.x.name(),
            &turn,
            (allow.total(data, &turn), allow.left(data, &turn)),
        );
        let r = icon_button(
            ui,
            icons::ICON_DIRECTIONS_RUN,
            cx.t("campaign.ui.act"),
            &cx.f("campaign.ui.act_named", &[("name", f.x.name())]),
            !cx.model.read_only,
        )
        .on_hover_text(cx.t("campaign.ui.act_hint"));
        egui::Popup::menu(&r).show(|ui| {
            ui.set_min_width(240.0);
            act_menu_ui(ui, cx, (c, table), f, (&allow, &turn), marks);
        });
    });
    taken_ui(ui, cx, f.x.name(), &turn, marks, key);
    if turn.prone() || turn.retreated() {
        ui.horizontal_wrapped(|ui| {
            if turn.prone() {
                badge(ui, Tone::Info, cx.t("kt.act.prone_badge"));
            }
            if turn.retreated() {
                badge(ui, Tone::Warning, cx.t("kt.act.retreated_badge"));
            }
        });
    }
    if let Some((who, note)) = &marks.note
        && *who == f.x.id
    {
        ui.add(egui::Label::new(RichText::new(note).color(PALETTE.text_subdued)).wrap());
    }
}

/// His actions as pips: spent ones hollow; "Actions: 1 of 2 left".
fn pips_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    name: &str,
    turn: &SoldierTurn,
    (total, left): (u32, u32),
) {
    let spent = turn.spent().min(total);
    {
        ui.label(icons::ICON_DIRECTIONS_RUN.rich_text().color(PALETTE.accent));
        ui.label(cx.f(
            "campaign.ui.actions_left",
            &[("left", &left.to_string()), ("total", &total.to_string())],
        ));
        for k in 0..total {
            let used = k < spent;
            let (icon, tone) = if used {
                (icons::ICON_RADIO_BUTTON_UNCHECKED, PALETTE.text_subdued)
            } else {
                (icons::ICON_RADIO_BUTTON_CHECKED, PALETTE.accent)
            };
            let named = cx.f(
                "campaign.ui.action_pip",
                &[
                    ("n", &(k + 1).to_string()),
                    ("total", &total.to_string()),
                    ("name", name),
                ],
            );
            let r = ui.label(icon.rich_text().size(18.0).color(tone));
            r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, used, &named));
        }
    }
}

/// What he did this turn, activation by activation, and "Take back".
fn taken_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    name: &str,
    turn: &SoldierTurn,
    marks: &mut TableMarks,
    key: (u32, CharId),
) {
    let line = turn
        .activations
        .iter()
        .map(|a| {
            let mut words: Vec<String> = a.acts.iter().map(|x| cx.t(x.key()).to_owned()).collect();
            for b in &a.boosts {
                words.push(cx.t(boost_key(*b)).to_owned());
            }
            words.join(" · ")
        })
        .collect::<Vec<_>>()
        .join("  |  ");
    ui.horizontal_wrapped(|ui| {
        let line = if line.is_empty() {
            cx.t("campaign.ui.acts_none").to_owned()
        } else {
            cx.f("campaign.ui.acts_taken", &[("acts", &line)])
        };
        ui.add(egui::Label::new(RichText::new(&line).color(PALETTE.text)).wrap())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
        let word = cx.t("campaign.ui.take_back");
        let named = cx.f("campaign.ui.take_back_named", &[("name", name)]);
        let has_act = turn.acts().next().is_some();
        if icon_button(ui, icons::ICON_UNDO, word, &named, has_act).clicked() {
            let mut t = turn.clone();
            t.take_back();
            marks.turns.insert(key, t);
            marks.note = None;
        }
    });
}

fn boost_key(b: crate::rules::killteam::activation::Boost) -> &'static str {
    match b {
        crate::rules::killteam::activation::Boost::ThirdAction => "campaign.ui.boost.third",
        crate::rules::killteam::activation::Boost::Insignia => "campaign.ui.boost.insignia",
    }
}

/// The menu: each action, the stratagem, the insignia and "End of his
/// activation"; one he may not take is greyed with why.
fn act_menu_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    f: &Fighter<'_>,
    (allow, turn): (&Allowance, &SoldierTurn),
    marks: &mut TableMarks,
) {
    let data = &cx.model.rules.killteam;
    let prone = turn.prone();
    for act in Act::ALL {
        let hidden = match act {
            Act::GoProne => prone,
            Act::StandUp => !prone,
            Act::AgilityMove => allow.agility.is_none(),
            _ => false,
        };
        if hidden {
            continue;
        }
        let verdict = allow.check(data, turn, act);
        let named = cx.f(
            "campaign.ui.act_one_named",
            &[("act", cx.t(act.key())), ("name", f.x.name())],
        );
        if menu_entry(ui, cx, (cx.t(act.key()), &named), verdict.as_ref().err()) {
            if let Ok((next, note)) = allow.take(data, turn, act) {
                marks.turns.insert((table.turn(), f.x.id), next);
                marks.note = note.map(|m| (f.x.id, cx.lang.msg(&m)));
            }
            ui.close();
        }
    }
    ui.separator();
    stratagem_entry_ui(ui, cx, (c, table), f, (allow, turn), marks);
    insignia_entries_ui(ui, cx, (c, table), f, (allow, turn), marks);
    if allow.per_turn > allow.per_activation && turn.open().is_some_and(|a| !a.acts.is_empty()) {
        let word = cx.t("campaign.ui.end_activation");
        let named = cx.f("campaign.ui.end_activation_named", &[("name", f.x.name())]);
        if menu_entry(ui, cx, (word, &named), None) {
            let mut t = turn.clone();
            t.end_activation();
            marks.turns.insert((table.turn(), f.x.id), t);
            ui.close();
        }
    }
}

/// One entry of the menu: its button, and the reason under it when
/// refused. Whether it was clicked.
fn menu_entry(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (word, named): (&str, &str),
    refused: Option<&Problem>,
) -> bool {
    let r = ui.add_enabled(refused.is_none(), egui::Button::new(word).frame(false));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, refused.is_none(), named));
    if let Some(p) = refused {
        let why = cx.lang.problem_line(p);
        ui.add(
            egui::Label::new(
                RichText::new(format!("  {why}"))
                    .small()
                    .color(PALETTE.text_subdued),
            )
            .wrap(),
        );
    }
    r.clicked()
}

/// "Third action (3 CP)" (KT-11): the escort pays, one campaign event.
fn stratagem_entry_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    f: &Fighter<'_>,
    (allow, turn): (&Allowance, &SoldierTurn),
    marks: &mut TableMarks,
) {
    let data = &cx.model.rules.killteam;
    let Some(e) = c.escort(f.x.escort) else {
        return;
    };
    let cost = crate::rules::killteam::activation::third_action_cost(data);
    let word = cx.f("campaign.ui.third_action", &[("cost", &cost.to_string())]);
    let named = cx.f(
        "campaign.ui.third_action_named",
        &[("cost", &cost.to_string()), ("name", f.x.name())],
    );
    let verdict = allow.third_action(data, turn, e.command_points);
    if menu_entry(ui, cx, (&word, &named), verdict.as_ref().err())
        && let Ok(next) = verdict
    {
        marks.turns.insert((table.turn(), f.x.id), next);
        let points = e.command_points - i32::try_from(cost).unwrap_or(i32::MAX);
        cx.send(edit(
            c.id.as_str(),
            CampaignEdit::SetCommandPoints {
                escort: e.id,
                points,
            },
        ));
        ui.close();
    }
}

/// "One more action from Sgt Hark's insignia" (EQ-31), for each team-mate
/// on the table who carries one.
fn insignia_entries_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (c, table): (&Campaign, &Table),
    f: &Fighter<'_>,
    (allow, turn): (&Allowance, &SoldierTurn),
    marks: &mut TableMarks,
) {
    let data = &cx.model.rules.killteam;
    for g in c
        .members(f.x.escort)
        .filter(|g| g.id != f.x.id && table.players.contains(&g.id))
    {
        let crate::rules::campaign::Member::Soldier(s) = &g.member else {
            continue;
        };
        let giver = Fighter {
            x: g,
            soldier: s,
            wounds_left: wounds_left(cx, table, g),
        };
        let Ok(gallow) = giver.allowance(cx) else {
            continue;
        };
        if !gallow.insignia {
            continue;
        }
        let gturn = marks.turn_of(table.turn(), g.id);
        let verdict = give_insignia(data, (&gallow, &gturn), (allow, turn));
        let word = cx.f("campaign.ui.insignia", &[("giver", g.name())]);
        let named = cx.f(
            "campaign.ui.insignia_named",
            &[("giver", g.name()), ("name", f.x.name())],
        );
        if menu_entry(ui, cx, (&word, &named), verdict.as_ref().err())
            && let Ok((gave, next)) = verdict
        {
            marks.turns.insert((table.turn(), g.id), gave);
            marks.turns.insert((table.turn(), f.x.id), next);
            ui.close();
        }
    }
}

//! A kill-team soldier's actions on his table card (KT-9, KT-11, KT-14,
//! KT-18, KT-19, EQ-31, RIB-10): what he did this turn, what he has left,
//! and an "Act…" menu offering every action, each one he may not take
//! greyed with the reason beside it. The campaign keeps each soldier's turn
//! and its rules decide (`acts::acting_soldier`, `may_act`); every
//! entry of the menu sends one campaign event.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign;
use crate::rules::campaign::TurnEdit;
use crate::rules::campaign::acts;
use crate::rules::campaign::loot;
use crate::rules::campaign::queries;
use crate::rules::campaign::{AtTable, Campaign, CampaignCharacter, CampaignEdit, CharId};
use crate::rules::core::names;
use crate::rules::core::problem::Problem;
use crate::rules::killteam::activation;
use crate::rules::killteam::activation::{Act, Boost, SoldierTurn};
use crate::ui::campaign::parts::edit;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{HintBeside, Tone, badge, icon_and_text, icon_button};

/// Why the character `id` may not take `act` now, translated; `None` when
/// he may, or when he counts no actions (a Rogue Trader character, one not
/// at the table).
pub(super) fn refusal(cx: &ViewCtx<'_>, c: &Campaign, (id, act): (CharId, Act)) -> Option<String> {
    if !acts::counts_actions(c, id) {
        return None;
    }
    acts::may_act(c, id, act, &cx.rules)
        .err()
        .map(|p| cx.lang.problem_line(&p))
}

/// The soldier's turn on his card: his actions left as pips, what he did,
/// his stance, the "Act…" menu and "Take back".
pub(super) fn soldier_turn_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
) {
    let rules = &cx.rules;
    let Ok(at) = acts::acting_soldier(c, x.id, rules) else {
        return;
    };
    if !at.allowance.in_action {
        ui.label(icon_and_text(
            ui,
            icons::ICON_DIRECTIONS_RUN,
            cx.t("campaign.ui.no_actions"),
            palette().ink.subdued,
            false,
        ));
        return;
    }
    let turn = &at.turn;
    // The "Act…" button ends the first row, which never moves: what he did
    // comes below it.
    ui.horizontal_wrapped(|ui| {
        pips_ui(ui, cx, x.name(), turn, (at.total(rules), at.left(rules)));
        act_button_ui(ui, cx, c, x, &at);
    });
    taken_ui(ui, cx, c, x, turn);
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
    if turn.snap_fire() {
        let note = cx.f("kt.act.snap_fire_only", &[("rule", "KT-9")]);
        ui.add(egui::Label::new(RichText::new(note).color(palette().ink.subdued)).wrap());
    }
}

/// The soldier's turn on his line of the compact list: his actions left as
/// pips and the "Act…" menu, as on his card (what he did is on his card).
pub(super) fn compact_turn_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
) {
    let rules = &cx.rules;
    let Ok(at) = acts::acting_soldier(c, x.id, rules) else {
        return;
    };
    if !at.allowance.in_action {
        let text =
            RichText::new(cx.t("campaign.ui.compact.no_actions")).color(palette().ink.subdued);
        ui.label(text).on_hover_text(cx.t("campaign.ui.no_actions"));
        return;
    }
    // "Act…" first: it stands in one column on every line, whatever the
    // pips after it (a third action bought adds one).
    ui.horizontal(|ui| {
        act_button_ui(ui, cx, c, x, &at);
        ui.add_space(4.0);
        ui.spacing_mut().item_spacing.x = 2.0;
        pip_icons_ui(
            ui,
            cx,
            x.name(),
            &at.turn,
            (at.total(rules), at.left(rules)),
        );
    });
}

/// "Act…" and the menu it opens: every action, item, stratagem the soldier
/// may take now, each greyed with its reason when he may not.
fn act_button_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    at: &AtTable,
) {
    let r = icon_button(
        ui,
        icons::ICON_DIRECTIONS_RUN,
        cx.t("campaign.ui.act"),
        &cx.f("campaign.ui.act_named", &[("name", x.name())]),
        !cx.model.folder.read_only,
    )
    .hint_beside(cx.t("campaign.ui.act_hint"));
    egui::Popup::menu(&r).show(|ui| {
        ui.set_min_width(240.0);
        act_menu_ui(ui, cx, c, x, at);
    });
}

/// His actions as pips: spent ones hollow, lost ones (his activation
/// ended before he took them) struck; "Actions: 1 of 2 left".
fn pips_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    name: &str,
    turn: &SoldierTurn,
    (total, left): (u32, u32),
) {
    ui.label(
        icons::ICON_DIRECTIONS_RUN
            .rich_text()
            .color(palette().ink.accent),
    );
    ui.label(cx.f(
        "campaign.ui.actions_left",
        &[("left", &left.to_string()), ("total", &total.to_string())],
    ));
    pip_icons_ui(ui, cx, name, turn, (total, left));
}

/// The pips alone, each named for a screen reader ("Action 1 of 2 of
/// Trooper Dace: spent").
fn pip_icons_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    name: &str,
    turn: &SoldierTurn,
    (total, left): (u32, u32),
) {
    let spent = turn.spent().min(total);
    // Those not left and not spent were lost: his activation ended before
    // he took them.
    let gone = total.saturating_sub(left).max(spent);
    for k in 0..total {
        let used = k < gone;
        let (icon, tone) = if k < spent {
            (icons::ICON_RADIO_BUTTON_UNCHECKED, palette().ink.subdued)
        } else if used {
            (icons::ICON_BLOCK, palette().ink.subdued)
        } else {
            (icons::ICON_RADIO_BUTTON_CHECKED, palette().ink.accent)
        };
        let key = if used && k >= spent {
            "campaign.ui.action_pip_lost"
        } else {
            "campaign.ui.action_pip"
        };
        let named = cx.f(
            key,
            &[
                ("n", &(k + 1).to_string()),
                ("total", &total.to_string()),
                ("name", name),
            ],
        );
        // Its state in words too, on hover: not by its icon alone.
        let state = if k < spent {
            "campaign.ui.pip.spent"
        } else if used {
            "campaign.ui.pip.lost"
        } else {
            "campaign.ui.pip.left"
        };
        let said = cx.f(
            state,
            &[
                ("n", &(k + 1).to_string()),
                ("total", &total.to_string()),
                ("name", name),
            ],
        );
        let r = ui.label(icon.rich_text().size(18.0).color(tone));
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, used, &named));
        r.on_hover_text(said);
    }
}

/// What he did this turn, activation by activation, and "Take back".
fn taken_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    turn: &SoldierTurn,
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
    // The items used from the Act… menu, by name (EQ-7, EQ-12 …).
    let data = &cx.rules.killteam;
    let gear: Vec<&str> = turn
        .gear
        .iter()
        .map(|g| {
            data.item(g).map_or(g.as_str(), |i| {
                names::name_in(&i.names, cx.lang.code(), i.id.as_str())
            })
        })
        .collect();
    ui.horizontal_wrapped(|ui| {
        let mut line = if line.is_empty() {
            cx.t("campaign.ui.acts_none").to_owned()
        } else {
            cx.f("campaign.ui.acts_taken", &[("acts", &line)])
        };
        if !gear.is_empty() {
            line = format!("{line} ({})", gear.join(", "));
        }
        ui.add(egui::Label::new(RichText::new(&line).color(palette().ink.text)).wrap())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &line));
        let word = cx.t("campaign.ui.take_back");
        let named = cx.f("campaign.ui.take_back_named", &[("name", x.name())]);
        let has_act = turn.acts().next().is_some() && !cx.model.folder.read_only;
        if icon_button(ui, icons::ICON_UNDO, word, &named, has_act).clicked() {
            send(
                cx,
                c,
                CampaignEdit::Turn(TurnEdit::TakeBackAct { character: x.id }),
            );
        }
    });
}

fn boost_key(b: Boost) -> &'static str {
    match b {
        Boost::ThirdAction => "campaign.ui.boost.third",
        Boost::Insignia => "campaign.ui.boost.insignia",
    }
}

/// Sends one event of the campaign `c`.
fn send(cx: &ViewCtx<'_>, c: &Campaign, e: CampaignEdit) {
    cx.send(edit(c.id.as_str(), e));
}

/// The menu: each action, the stratagem, the insignia and "End of his
/// activation"; one he may not take is greyed with why.
fn act_menu_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    at: &AtTable,
) {
    let (allow, turn) = (&at.allowance, &at.turn);
    let prone = turn.prone();
    let acts: Vec<(Act, Option<Problem>)> = Act::ALL
        .into_iter()
        .filter(|act| match act {
            Act::GoProne => !prone,
            Act::StandUp => prone,
            Act::AgilityMove => allow.agility.is_some(),
            _ => true,
        })
        .map(|act| (act, acts::may_act(c, x.id, act, &cx.rules).err()))
        .collect();
    // Why none of his actions may be taken, when it is one reason for all
    // (not his turn, his activation over): said once, above them.
    let said = acts
        .first()
        .and_then(|(_, why)| why.clone())
        .filter(|p| acts.iter().all(|(_, why)| why.as_ref() == Some(p)));
    if let Some(p) = &said {
        ui.add(
            egui::Label::new(
                RichText::new(cx.lang.problem_line(p))
                    .italics()
                    .color(palette().ink.subdued),
            )
            .selectable(false)
            .wrap(),
        );
        ui.separator();
    }
    let said = said.as_ref();
    for (act, why) in acts {
        // A shot taken here is one rolled with the table's own dice: the
        // battle screen's roll takes its action itself.
        let word = if act.rolled_on_the_battle_screen() {
            cx.f("campaign.ui.act_own_dice", &[("act", cx.t(act.key()))])
        } else {
            cx.t(act.key()).to_owned()
        };
        let named = cx.f(
            "campaign.ui.act_one_named",
            &[("act", &word), ("name", x.name())],
        );
        if menu_entry(ui, cx, (&word, &named), (why.as_ref(), said)) {
            send(
                cx,
                c,
                CampaignEdit::Turn(TurnEdit::Act {
                    character: x.id,
                    act,
                }),
            );
            ui.close();
        }
    }
    gear_entries_ui(ui, cx, c, x, said);
    ui.separator();
    stratagem_entry_ui(ui, cx, c, x, said);
    second_soldier_entry_ui(ui, cx, c, x, said);
    insignia_entries_ui(ui, cx, c, x, said);
    // Any soldier ends his activation when he will (a mine goes off from
    // the end of its layer's, EQ-11); one activated once a turn loses the
    // actions he did not take.
    let last = turn.activations.len().saturating_sub(1);
    if turn.open().is_some_and(|a| !a.acts.is_empty())
        && !allow.activation_over(&cx.rules.killteam, turn, last)
    {
        let word = cx.t("campaign.ui.end_activation");
        let named = cx.f("campaign.ui.end_activation_named", &[("name", x.name())]);
        if menu_entry(ui, cx, (word, &named), (None, None)) {
            send(
                cx,
                c,
                CampaignEdit::Turn(TurnEdit::EndActivation { character: x.id }),
            );
            ui.close();
        }
    }
}

/// His items that touch no other model, one entry a way of using each,
/// with the actions it costs (EQ-7, EQ-12, EQ-22, EQ-25, EQ-27).
fn gear_entries_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    said: Option<&Problem>,
) {
    let data = &cx.rules.killteam;
    let Some(s) = loot::soldier_at_table(c, x.id) else {
        return;
    };
    for carried in &s.items {
        let Some(it) = data.item(&carried.item) else {
            continue;
        };
        let Some(gear) = &it.gear else {
            continue;
        };
        let item = names::name_in(&it.names, cx.lang.code(), it.id.as_str());
        let ways: Vec<(Option<&str>, String)> = if gear.ways.is_empty() {
            vec![(
                None,
                cx.f("campaign.ui.gear_entry", &[("item", item), ("count", "1")]),
            )]
        } else {
            gear.ways
                .iter()
                .map(|w| {
                    let count = w.actions.to_string();
                    let way = names::name_in(&w.names, cx.lang.code(), &w.id);
                    let word = cx.f(
                        "campaign.ui.gear_way_entry",
                        &[("item", item), ("way", way), ("count", &count)],
                    );
                    (Some(w.id.as_str()), word)
                })
                .collect()
        };
        for (way, word) in ways {
            let verdict = acts::may_use_gear(c, x.id, (&it.id, way), &cx.rules);
            let named = cx.f(
                "campaign.ui.act_one_named",
                &[("act", &word), ("name", x.name())],
            );
            if menu_entry(ui, cx, (&word, &named), (verdict.as_ref().err(), said)) {
                send(
                    cx,
                    c,
                    CampaignEdit::Turn(TurnEdit::UseGear {
                        character: x.id,
                        item: it.id.clone(),
                        way: way.map(str::to_owned),
                        moves: it.gear.as_ref().is_some_and(|g| g.moves),
                    }),
                );
                ui.close();
            }
        }
    }
}

/// One entry of the menu: its button, and the reason under it when
/// refused, unless it is the one `said` above the menu's entries. Whether
/// it was clicked.
fn menu_entry(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (word, named): (&str, &str),
    (refused, said): (Option<&Problem>, Option<&Problem>),
) -> bool {
    let r = ui.add_enabled(refused.is_none(), egui::Button::new(word).frame(false));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, refused.is_none(), named));
    if let Some(p) = refused.filter(|p| Some(*p) != said) {
        let why = cx.lang.problem_line(p);
        // Small print under its entry, never read as one more entry (nor
        // sensing a click, which would close the menu).
        ui.add(
            egui::Label::new(
                RichText::new(format!("  {why}"))
                    .small()
                    .italics()
                    .color(palette().ink.subdued),
            )
            .selectable(false)
            .wrap(),
        );
    }
    r.clicked()
}

/// "Third action (3 CP)" (KT-11): the escort pays, in the same event.
fn stratagem_entry_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    said: Option<&Problem>,
) {
    let data = &cx.rules.killteam;
    let cost = activation::third_action_cost(data).to_string();
    let word = cx.f("campaign.ui.third_action", &[("cost", &cost)]);
    let named = cx.f(
        "campaign.ui.third_action_named",
        &[("cost", &cost), ("name", x.name())],
    );
    let verdict = acts::may_buy_third_action(c, x.id, &cx.rules);
    if menu_entry(ui, cx, (&word, &named), (verdict.as_ref().err(), said)) {
        send(
            cx,
            c,
            CampaignEdit::Turn(TurnEdit::ThirdAction {
                character: x.id,
                cost: None,
            }),
        );
        ui.close();
    }
}

/// "Activated straight after (4 CP)" (KT-11): the second soldier of the
/// stratagem; his team pays, in the same event.
fn second_soldier_entry_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    said: Option<&Problem>,
) {
    let verdict = acts::may_join_activation(c, x.id, &cx.rules);
    let cost = campaign::second_soldier_cost(&cx.rules).to_string();
    let word = cx.f("campaign.ui.second_soldier", &[("cost", &cost)]);
    let named = cx.f(
        "campaign.ui.second_soldier_named",
        &[("cost", &cost), ("name", x.name())],
    );
    if menu_entry(ui, cx, (&word, &named), (verdict.as_ref().err(), said)) {
        send(
            cx,
            c,
            CampaignEdit::Turn(TurnEdit::SecondSoldier {
                character: x.id,
                cost: None,
            }),
        );
        ui.close();
    }
}

/// "One more action from Sgt Hark's insignia" (EQ-31), for each team-mate
/// on the table who carries one.
fn insignia_entries_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    said: Option<&Problem>,
) {
    let rules = &cx.rules;
    for g in queries::members(c, x.escort).filter(|g| g.id != x.id) {
        let carries = acts::acting_soldier(c, g.id, rules).is_ok_and(|at| at.allowance.insignia);
        if !carries {
            continue;
        }
        let verdict = acts::may_give_insignia(c, g.id, x.id, rules);
        let word = cx.f("campaign.ui.insignia", &[("giver", g.name())]);
        let named = cx.f(
            "campaign.ui.insignia_named",
            &[("giver", g.name()), ("name", x.name())],
        );
        if menu_entry(ui, cx, (&word, &named), (verdict.as_ref().err(), said)) {
            send(
                cx,
                c,
                CampaignEdit::Turn(TurnEdit::GiveInsignia {
                    character: g.id,
                    to: x.id,
                }),
            );
            ui.close();
        }
    }
}

//! The mission card: what the mission is, who the hired guide leads, the
//! enemy escort drawn (each enemy, his draw and cost, his reroll and his
//! behaviour test), drawing the enemy and beginning the mission.

use crate::rules::campaign::{enemy, queries};
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::{Campaign, CampaignEdit, Mission, Mode, Phase};
use crate::rules::campaign::{DebriefEdit, PreparationEdit, TableEdit};
use crate::rules::core::names::name_in;
use crate::ui::campaign::dice::{
    DiceAsk, DiceTexts, Typed, dice_cell, dice_field, dice_name, parse_typed,
};
use crate::ui::campaign::parts::{edit, mission_name};
use crate::ui::context::ViewCtx;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{HintBeside, Tone, badge, card, card_title, icon_button};

/// The mission card: what it is, the enemy and its escort, and the button
/// for the next step; `at_table`: drawn above the table's cards.
pub fn mission_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    dice: &mut DiceTexts,
    at_table: bool,
) {
    let Some(m) = &c.mission else {
        return;
    };
    // CMP-5: the faction's dice for each enemy drawn, typed or rolled.
    let enemy_dice = queries::enemy_table(c, &cx.rules.campaign, &m.faction)
        .map(|f| (f.dice.count, f.dice.sides));
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        let title = cx.f(
            "campaign.ui.mission_title",
            &[
                ("number", &m.number.to_string()),
                ("type", cx.t(m.mission_type.key())),
                ("name", &mission_name(cx, m)),
            ],
        );
        card_title(ui, icons::ICON_MAP, &title);
        if m.overridden {
            badge(ui, Tone::Warning, cx.t("campaign.ui.overridden"));
        }
        if let Some(d) = cx.rules.campaign.mission(&m.mission) {
            ui.add(egui::Label::new(name_in(&d.objective, cx.lang.code(), "")).wrap());
        }
        let mode = match m.mode {
            Mode::Attack => "campaign.ui.mode.attack",
            Mode::Defence => "campaign.ui.mode.defence",
        };
        ui.label(
            RichText::new(cx.f(
                "campaign.ui.enemy_line",
                &[
                    ("faction", &cx.lang.faction(&cx.rules.campaign, &m.faction)),
                    ("points", &m.points.to_string()),
                    ("mode", cx.t(mode)),
                ],
            ))
            .strong(),
        );
        let players = queries::mustering(c).enemy_multiplier();
        if players > 1 {
            badge(
                ui,
                Tone::Warning,
                &cx.f(
                    "campaign.ui.enemy_multiplied",
                    &[("players", &players.to_string())],
                ),
            )
            .on_hover_text(cx.t("campaign.ui.per_player_warning"));
        }
        if c.guide {
            badge(ui, Tone::Good, cx.t("campaign.ui.guide_hired"));
            if matches!(c.phase, Phase::Ready | Phase::Playing) {
                guide_ui(ui, cx, c);
            }
        }
        // The enemy escort (CMP-5); at the table each enemy has its card.
        if c.phase == Phase::Playing {
            // Where the cards are: below at the table, else on its tab.
            let key = if at_table {
                "campaign.ui.enemy_cards_below"
            } else {
                "campaign.ui.enemy_on_cards"
            };
            ui.label(
                RichText::new(cx.f(
                    key,
                    &[
                        ("count", &m.enemy.len().to_string()),
                        ("tab", cx.t("campaign.ui.tab.table")),
                    ],
                ))
                .color(palette().ink.subdued),
            );
        } else {
            // The buttons above the enemies drawn: the list grows below
            // them, and "Begin the mission" never moves under the mouse.
            if c.phase == Phase::Ready {
                draw_enemy_ui(ui, cx, c, m, dice, enemy_dice);
            }
            if !m.enemy.is_empty() {
                ui.add_space(space::S);
                enemy_ui(ui, cx, c, m, dice, enemy_dice);
            }
        }
    });
}

/// The enemy escort drawn (CMP-5): each enemy, his draw and cost, and
/// its reroll while the mission is ready (in play, each enemy has its card
/// at the table, with its behaviour test).
fn enemy_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    m: &Mission,
    dice: &mut DiceTexts,
    enemy_dice: Option<(u32, u32)>,
) {
    egui::Grid::new("cmp-enemy").striped(true).show(ui, |ui| {
        // Headings, so that each row need not say what its die is.
        let die_heading = match (c.phase, enemy_dice) {
            (Phase::Ready, Some((count, sides))) => Some(cx.f(
                "campaign.ui.enemy_col.reroll",
                &[("dice", &dice_name(count, sides))],
            )),
            _ => None,
        };
        let heading = |ui: &mut egui::Ui, key: &str| {
            ui.label(RichText::new(cx.t(key)).color(palette().ink.subdued));
        };
        ui.label("");
        heading(ui, "campaign.ui.enemy_col.who");
        heading(ui, "campaign.ui.enemy_col.draw");
        heading(ui, "campaign.ui.enemy_col.cost");
        if let Some(h) = &die_heading {
            ui.label(RichText::new(h).color(palette().ink.subdued));
        }
        ui.end_row();
        for (i, e) in m.enemy.iter().enumerate() {
            ui.label(format!("{}.", i + 1));
            ui.label(name_in(&e.names, cx.lang.code(), e.entry_type.as_str()));
            ui.label(
                RichText::new(cx.lang.typeset(e.roll.to_string())).color(palette().ink.subdued),
            );
            ui.label(cx.f("campaign.ui.points", &[("points", &e.cost.to_string())]));
            if c.phase == Phase::Ready
                && let Some((count, sides)) = enemy_dice
            {
                reroll_cell_ui(ui, cx, c, dice, i, count, sides);
            }
            ui.end_row();
        }
    });
    ui.label(cx.f(
        "campaign.ui.enemy_total",
        &[
            ("drawn", &m.enemy_points().to_string()),
            ("points", &m.points.to_string()),
        ],
    ));
    // Over the budget by the rule, not by mistake: say so.
    if m.enemy_points() > m.points {
        ui.label(RichText::new(cx.t("campaign.ui.enemy_over")).color(palette().ink.subdued));
    }
}

/// An enemy's reroll (CMP-5): its dice typed or rolled.
fn reroll_cell_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    dice: &mut DiceTexts,
    i: usize,
    count: u32,
    sides: u32,
) {
    let id = c.id.as_str();
    // The enemy by the name his line gives him ("Cultist 1").
    let names = enemy::names(c, i);
    let enemy = name_in(&names, cx.lang.code(), "").to_owned();
    let key = format!("reroll-{i}");
    let ask = DiceAsk::new(count, sides, "CMP-5");
    let label = cx.f(
        "campaign.ui.dice.reroll",
        &[("enemy", &enemy), ("dice", &ask.name())],
    );
    let typed = parse_typed(cx.lang, dice.text(&key), ask);
    dice_cell(ui, cx, &label, dice.text(&key), &typed);
    let name = cx.f("campaign.ui.reroll_named", &[("enemy", &enemy)]);
    if icon_button(
        ui,
        icons::ICON_CASINO,
        cx.t("campaign.ui.reroll"),
        &name,
        typed.ok(),
    )
    .hint_beside(cx.t("campaign.ui.reroll_hint"))
    .clicked()
    {
        cx.send(edit(
            id,
            CampaignEdit::Preparation(PreparationEdit::RerollEnemy {
                index: i,
                roll: typed.first(),
                drawn: None,
            }),
        ));
        dice.clear(&key);
    }
}

/// An enemy's behaviour test (CMP-15): its die typed or rolled.
pub(super) fn behaviour_cell_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    dice: &mut DiceTexts,
    i: usize,
) {
    let id = c.id.as_str();
    let cran_die = c.settings.cran_die;
    // The enemy by the name his card gives him ("Cultist 1").
    let names = enemy::names(c, i);
    let enemy = name_in(&names, cx.lang.code(), "").to_owned();
    let key = format!("behaviour-{i}");
    let ask = DiceAsk::new(1, cran_die, "CMP-15");
    let label = cx.f(
        "campaign.ui.dice.behaviour",
        &[("enemy", &enemy), ("dice", &ask.name())],
    );
    let typed = parse_typed(cx.lang, dice.text(&key), ask);
    dice_cell(ui, cx, &label, dice.text(&key), &typed);
    let name = cx.f("campaign.ui.behaviour_named", &[("enemy", &enemy)]);
    let word = cx.t("campaign.ui.behaviour");
    if icon_button(
        ui,
        icons::ICON_CASINO,
        word,
        &name,
        !cx.model.folder.read_only && typed.ok(),
    )
    .hint_beside(cx.t("campaign.ui.behaviour_hint"))
    .clicked()
    {
        cx.send(edit(
            id,
            CampaignEdit::Table(TableEdit::EnemyBehaviour {
                index: i,
                roll: typed.first(),
            }),
        ));
        dice.clear(&key);
    }
}

/// Drawing the enemy (one or all, its dice typed or rolled) and "Begin
/// the mission".
fn draw_enemy_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    m: &Mission,
    dice: &mut DiceTexts,
    enemy_dice: Option<(u32, u32)>,
) {
    let id = c.id.as_str();
    let complete = m.enemy_complete();
    let typed = match enemy_dice {
        // Greyed once every enemy is drawn, but kept: the buttons under
        // it stay where they were.
        Some((count, sides)) => {
            ui.add_space(space::S);
            ui.label(RichText::new(cx.t("campaign.ui.dice_hint")).color(palette().ink.subdued));
            let ask = DiceAsk::new(count, sides, "CMP-5").many();
            let label = cx.f("campaign.ui.dice.enemy", &[("dice", &ask.name())]);
            ui.add_enabled_ui(!complete, |ui| {
                dice_field(ui, cx, &label, dice.text("enemy"), ask)
            })
            .inner
        }
        None => Typed::Muster,
    };
    ui.horizontal_wrapped(|ui| {
        let can = !complete && typed.ok();
        for (all, key) in [
            (false, "campaign.ui.draw_enemy"),
            (true, "campaign.ui.draw_all"),
        ] {
            let word = cx.t(key);
            if icon_button(ui, icons::ICON_CASINO, word, word, can).clicked() {
                cx.send(edit(
                    id,
                    CampaignEdit::Preparation(PreparationEdit::DrawEnemy {
                        all,
                        rolls: typed.rolls(),
                        drawn: vec![],
                    }),
                ));
                dice.clear("enemy");
            }
        }
        ui.separator();
        let begin = cx.t("campaign.ui.begin");
        let can = c.characters.iter().any(|x| x.can_play());
        if icon_button(ui, icons::ICON_PLAY_ARROW, begin, begin, can).clicked() {
            cx.send(edit(
                id,
                CampaignEdit::Preparation(PreparationEdit::BeginMission),
            ));
        }
    });
}

/// Who the hired guide leads (CMP-14): a tick per character, greyed out
/// with the reason when he may not be led, at most the data's number.
fn guide_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
    let max = queries::rates(c, &cx.rules.campaign).recon.guide_characters;
    let full = c.guided.len() >= usize::try_from(max).unwrap_or(usize::MAX);
    ui.label(RichText::new(cx.f("campaign.ui.guide_title", &[("max", &max.to_string())])).strong());
    ui.label(RichText::new(cx.t("campaign.ui.guide_stealthy")).color(palette().ink.subdued));
    ui.label(cx.f(
        "campaign.ui.guide_count",
        &[
            ("count", &c.guided.len().to_string()),
            ("max", &max.to_string()),
        ],
    ));
    for x in c.characters.iter().filter(|x| x.state.alive()) {
        let mut on = c.guided.contains(&x.id);
        let refusal = queries::debriefing(c).guide_refusal(x.id, &cx.rules);
        // One already led can always be unticked, even if he no longer
        // qualifies (his gear changed).
        let enabled = !cx.model.folder.read_only && (on || (refusal.is_none() && !full));
        ui.horizontal_wrapped(|ui| {
            let label = cx.f("campaign.ui.guide_pick", &[("name", x.name())]);
            if ui
                .add_enabled(enabled, egui::Checkbox::new(&mut on, label))
                .changed()
            {
                let mut next = c.guided.clone();
                if on {
                    next.push(x.id);
                } else {
                    next.retain(|&g| g != x.id);
                }
                cx.send(edit(
                    &c.id,
                    CampaignEdit::Debrief(DebriefEdit::Guide { characters: next }),
                ));
            }
            if let Some(p) = &refusal {
                badge(ui, Tone::Warning, &cx.lang.problem_line(p));
            }
        });
    }
}

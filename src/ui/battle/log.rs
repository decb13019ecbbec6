//! The battle log and the battle summary, shown under every mode: the
//! fights rolled this session with their replay and where their wounds go
//! in the campaigns (CMP-13), the export, the psychic powers in play
//! (PSY-8), and who won with the characters each side lost (CHR-15).

use egui::RichText;
use egui_material_icons::icons;

use crate::app::{BattleEntry, Command};
use crate::rules::battle::Fight;
use crate::rules::battle::summary::CampaignWounds;
use crate::rules::campaign::{Campaign, Phase};
use crate::rules::characters::units::Victory;
use crate::rules::core::dice;
use crate::rules::core::names::Name;
use crate::rules::{Doc, DocKey, Edit, Msg, campaign};
use crate::ui::battle::psychic;
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, card, card_title, icon_button};

/// The fights rolled this session, newest first, each with its replay and
/// where its wounds go in the campaigns (CMP-13), and the export.
pub fn log_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, psychic: bool) {
    let model = cx.model;
    let playing = playing(cx);
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            card_title(ui, icons::ICON_HISTORY, cx.t("battle.log"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let export = cx.t("battle.export");
                if icon_button(
                    ui,
                    icons::ICON_UPLOAD,
                    export,
                    export,
                    !model.battle.log.is_empty(),
                )
                .clicked()
                {
                    cx.send(Command::ExportBattleLog);
                }
            });
        });
        // PSY-8: the powers in play stay in view, in every mode, until they
        // end.
        if psychic || !model.battle.powers.in_play.is_empty() {
            psychic::powers_ui(ui, cx);
            ui.separator();
        }
        if model.battle.log.is_empty() {
            ui.label(RichText::new(cx.t("battle.log_empty")).color(palette().ink.subdued));
        }
        let newest = model.battle.log.len().checked_sub(1);
        // Seen from a campaign's table, another campaign's rolls (a copy's
        // original, a table left for another) are not this table's.
        let here = model.battle_campaign();
        let mut elsewhere = 0;
        for (k, e) in model.battle.log.iter().enumerate().rev() {
            if !e.seen_from(here) {
                elsewhere += 1;
                continue;
            }
            entry_ui(ui, cx, k, e, true);
            // The newest roll's wounds are applied from the bar at the top
            // of the screen (`last_roll_ui`).
            if playing {
                wounds_ui(ui, cx, k, e, Some(k) != newest);
            }
        }
        if elsewhere > 0 {
            let text = cx.f(
                "battle.log_other_tables",
                &[("count", &elsewhere.to_string())],
            );
            ui.label(RichText::new(text).color(palette().ink.subdued));
        }
        if !model.battle.log.is_empty() && !playing {
            ui.separator();
            ui.label(RichText::new(cx.t("battle.no_campaign_table")).color(palette().ink.subdued));
        }
    });
}

/// Whether a campaign's mission is being played: only then is it said
/// where a roll's wounds go.
fn playing(cx: &ViewCtx<'_>) -> bool {
    let model = cx.model;
    !model.battle.log.is_empty()
        && model
            .library
            .docs
            .iter()
            .filter_map(Doc::get::<Campaign>)
            .any(|c| c.phase == Phase::Playing)
}

/// The newest roll, in a bar above the battle screen that never scrolls
/// away nor changes height: what happened (the whole of it on hover) and
/// "Apply to campaign", without scrolling down to the log, and nothing
/// moves when the first roll comes.
pub fn last_roll_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
    let model = cx.model;
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.set_min_height(LAST_ROLL_HEIGHT);
            ui.label(icons::ICON_CASINO.rich_text().color(palette().ink.accent));
            ui.label(RichText::new(cx.t("battle.last_roll")).strong());
            // A roll of another campaign's table is not this table's.
            let here = model.battle_campaign();
            let newest = model.battle.log.iter().enumerate().rev();
            let Some((k, e)) = newest.clone().find(|(_, e)| e.seen_from(here)) else {
                ui.label(RichText::new(cx.t("battle.last_roll_none")).color(palette().ink.subdued));
                return;
            };
            let playing = playing(cx);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if playing {
                    apply_buttons_ui(ui, cx, k, e);
                }
                reroll_menu_ui(ui, cx, k, e);
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.label(RichText::new(format!("#{}", k + 1)).strong());
                    // A roll of a finished mission stays as history, said so.
                    if cx.model.roll_is_history(e) {
                        badge(ui, Tone::Info, cx.t("battle.last_roll_over"));
                    }
                    wounds_badge(ui, cx, e);
                    let text = format!("{} — {}", cx.msg(&e.title), cx.msg(&e.result));
                    ui.add(egui::Label::new(&text).truncate())
                        .on_hover_text(&text);
                });
            });
        });
    });
}

/// "Reroll a die (1 CP)" (KT-11): a menu of the roll's dice, each to be
/// rolled again. Offered on a kill-team fight, or one with a campaign
/// soldier, paid by his team (for nothing with none); greyed, saying why,
/// when his team lacks the points; gone once the roll's mission is over.
fn reroll_menu_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, k: usize, e: &BattleEntry) {
    if e.replay_of.is_some() || e.rerolled || e.rolls.is_empty() {
        return;
    }
    // A roll of a finished mission is history, not an offer.
    if cx.model.roll_is_history(e) {
        return;
    }
    let payer = cx.model.reroll_payer(e);
    let cost = campaign::reroll_cost(&cx.rules).to_string();
    let n = (k + 1).to_string();
    let (word, name) = match &payer {
        Ok(None) if !e.fight.kill_team() => return,
        Ok(None) => (
            cx.t("battle.reroll.button_free").to_owned(),
            cx.f("battle.reroll.button_free_named", &[("n", &n)]),
        ),
        // Whose command points pay, in the button's words (KT-11: any
        // roll of the fight, the enemy's too, is his team's to make again).
        Ok(Some(p)) if !p.player.is_empty() => (
            cx.f(
                "battle.reroll.button_by",
                &[("cost", &cost), ("player", &p.player)],
            ),
            cx.f(
                "battle.reroll.button_by_named",
                &[("n", &n), ("cost", &cost), ("player", &p.player)],
            ),
        ),
        Ok(Some(_)) | Err(_) => (
            cx.f("battle.reroll.button", &[("cost", &cost)]),
            cx.f("battle.reroll.button_named", &[("n", &n), ("cost", &cost)]),
        ),
    };
    let why = match &payer {
        Err(p) => Some(cx.lang.problem_line(p)),
        Ok(_) if cx.model.folder.read_only => Some(cx.t("status.read_only").to_owned()),
        Ok(_) => None,
    };
    let hint = why.clone().unwrap_or_else(|| match &payer {
        Ok(Some(p)) if !p.player.is_empty() => cx.f(
            "battle.reroll.hint_by",
            &[("cost", &cost), ("player", &p.player)],
        ),
        _ => cx.t("battle.reroll.hint").to_owned(),
    });
    let label = format!("{} {word}", icons::ICON_REPLAY.codepoint);
    let enabled = why.is_none();
    ui.add_enabled_ui(enabled, |ui| {
        let r = ui.menu_button(label, |ui| {
            ui.label(RichText::new(cx.t("battle.reroll.pick")).strong());
            for (i, r) in e.rolls.iter().enumerate() {
                let once = cx.rules.killteam.command.reroll_once;
                let again = dice::redraw_with(e.seed, &e.redrawn, &e.rolls, i, 0, once).is_ok();
                let text = cx.f(
                    "battle.reroll.die",
                    &[
                        ("n", &(i + 1).to_string()),
                        ("purpose", cx.t(r.purpose)),
                        ("faces", &r.roll.to_string()),
                    ],
                );
                if ui.add_enabled(again, egui::Button::new(text)).clicked() {
                    cx.send(Command::RerollDie(k, i));
                    ui.close();
                }
            }
        });
        r.response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
        r.response
            .on_hover_text(&hint)
            .on_disabled_hover_text(&hint);
    });
}

/// The wounds a roll caused, by icon, word and colour: a round between
/// two units says each unit's, as its text does.
fn wounds_badge(ui: &mut egui::Ui, cx: &ViewCtx<'_>, e: &BattleEntry) {
    let one = |ui: &mut egui::Ui, key: &str, count: u32| {
        let tone = if count > 0 { Tone::Warning } else { Tone::Info };
        badge(ui, tone, &cx.f(key, &[("count", &count.to_string())]));
    };
    if matches!(e.fight, Fight::Units(..)) {
        one(ui, "battle.wounds_badge_first", e.first_wounds);
        one(ui, "battle.wounds_badge_second", e.wounds);
    } else {
        one(ui, "battle.wounds_badge", e.wounds);
    }
}

/// The height of the last roll's bar: a button's, whatever it shows.
const LAST_ROLL_HEIGHT: f32 = 26.0;

/// The newest roll's "Apply to campaign" buttons, on one line.
fn apply_buttons_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, k: usize, e: &BattleEntry) {
    if e.replay_of.is_some() || e.rerolled {
        return;
    }
    for b in &cx.model.roll_wounds(e).batches {
        batch_ui(ui, cx, k, e, b);
    }
}

/// One campaign's wounds of the entry `k`: "Apply roll #k to campaign"
/// (one event, once), or the word that it was.
fn batch_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, k: usize, e: &BattleEntry, b: &CampaignWounds) {
    use crate::rules::campaign::Campaign;
    let who = b
        .wounds
        .iter()
        .map(|(name, _, t)| {
            cx.f(
                "battle.apply_one",
                &[
                    ("name", name.in_lang(cx.lang.code())),
                    ("count", &t.to_string()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let n = (k + 1).to_string();
    let args = [("n", n.as_str()), ("who", who.as_str())];
    if b.applied {
        badge(ui, Tone::Good, &cx.f("battle.applied_entry", &args));
        return;
    }
    let word = cx.f("battle.apply_entry", &args);
    if icon_button(
        ui,
        icons::ICON_FLAG,
        &word,
        &word,
        !cx.model.folder.read_only,
    )
    .clicked()
    {
        cx.send(Command::Edit(
            DocKey::of::<Campaign>(b.campaign.clone()),
            Edit::new(b.edit(e.id())),
        ));
    }
}

/// One entry of the log: its number, what it replays, its wounds, its
/// title, its result and its replay button (the seed in its hover).
fn entry_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, k: usize, e: &BattleEntry, replay_button: bool) {
    ui.horizontal_wrapped(|ui| {
        let n = (k + 1).to_string();
        ui.label(RichText::new(format!("#{n}")).strong());
        if let Some(of) = e.replay_of {
            badge(
                ui,
                Tone::Info,
                &cx.f("battle.replay_of", &[("n", &(of + 1).to_string())]),
            );
        }
        wounds_badge(ui, cx, e);
        // A dash between title and result, as the last-roll bar has it:
        // a name ending in a number ("Cult champion 1") would run into
        // the result's count ("1 attack").
        ui.label(RichText::new(cx.msg(&e.title)).strong());
        ui.label("—");
        ui.add(egui::Label::new(cx.msg(&e.result)).wrap());
        // The seed only in the hover: the same dice, for whoever wants it.
        let replay = cx.f("battle.replay", &[("n", &n), ("seed", &e.seed.to_string())]);
        if replay_button
            && icon_button(
                ui,
                icons::ICON_REPLAY,
                cx.t("battle.replay_word"),
                &replay,
                true,
            )
            .clicked()
        {
            cx.send(Command::ReplayFight(k));
        }
    });
}

/// "Apply to campaign" for the log's entry `k` (CMP-13): each wounded
/// fighter's wounds go to the campaign character he was taken as, one
/// event per campaign, once; the wounds that go nowhere say why (not taken
/// from a campaign, dead, out of action, not playing). Any entry may be
/// applied, not only the last.
fn wounds_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, k: usize, e: &BattleEntry, buttons: bool) {
    let model = cx.model;
    use crate::rules::battle::summary::WoundsGo;
    let wounds = model.roll_wounds(e);
    // No fighter followed took a wound (a squad, a table): nothing to say.
    if wounds.batches.is_empty() && wounds.nowhere.is_empty() {
        return;
    }
    let subdued = |ui: &mut egui::Ui, text: &str| {
        ui.label(RichText::new(text).color(palette().ink.subdued));
    };
    ui.horizontal_wrapped(|ui| {
        // A replay repeats an entry's dice: its wounds were the entry's.
        if e.replay_of.is_some() {
            if !wounds.batches.is_empty() {
                subdued(ui, cx.t("battle.apply_replay"));
            }
            return;
        }
        // KT-11: a roll rolled again; the new one's wounds count.
        if e.rerolled {
            subdued(ui, cx.t("battle.reroll.stale"));
            return;
        }
        if buttons {
            for b in &wounds.batches {
                batch_ui(ui, cx, k, e, b);
            }
        } else if wounds.batches.iter().any(|b| !b.applied) {
            subdued(ui, cx.t("battle.apply_at_top"));
        }
        for x in &wounds.nowhere {
            let count = x.wounds.to_string();
            let text = match &x.goes {
                WoundsGo::Refused(p) => cx.f(
                    "battle.apply_refused",
                    &[
                        ("name", x.name.in_lang(cx.lang.code())),
                        ("count", &count),
                        ("why", &cx.lang.problem_line(p)),
                    ],
                ),
                WoundsGo::NotFromCampaign | WoundsGo::To(..) => cx.f(
                    "battle.apply_nowhere",
                    &[("name", x.name.in_lang(cx.lang.code())), ("count", &count)],
                ),
            };
            subdued(ui, &text);
        }
    });
}

/// The battle summary (CHR-15): who won, as the player says, the
/// characters each side lost in this session's rolls, and the result.
pub fn summary_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, units: bool, we_attack: &mut bool) {
    let model = cx.model;
    use crate::rules::battle::summary::{Standing, Winner};
    let summary = model.battle_summary();
    card(ui, |ui| {
        ui.set_min_width(ui.available_width());
        card_title(ui, icons::ICON_FLAG, cx.t("summary.title"));
        // Which fighter is ours: the attacker or the defender (in the
        // unit mode, the first or the second unit).
        let (attacker, defender) = if units {
            ("summary.we_are_first", "summary.we_are_second")
        } else {
            ("summary.we_attack", "summary.we_defend")
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(cx.t("summary.our_side"));
            ui.radio_value(we_attack, true, cx.t(attacker));
            ui.radio_value(we_attack, false, cx.t(defender));
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(cx.t("summary.who_won"));
            for (o, key) in [
                (None, "summary.not_said"),
                (Some(Winner::Ours), "summary.ours_won"),
                (Some(Winner::Theirs), "summary.theirs_won"),
                (Some(Winner::Draw), "summary.drawn"),
            ] {
                let on = model.battle.outcome == o;
                if ui.radio(on, cx.t(key)).clicked() && !on {
                    cx.send(Command::SetBattleOutcome(o));
                }
            }
        });
        let names = |v: &Vec<Name>| {
            if v.is_empty() {
                cx.msg(&Msg::new("summary.none"))
            } else {
                let each: Vec<&str> = v.iter().map(|n| n.in_lang(cx.lang.code())).collect();
                each.join(", ")
            }
        };
        ui.label(cx.f(
            "summary.ours_killed",
            &[("names", &names(&summary.ours_killed))],
        ));
        ui.label(cx.f(
            "summary.theirs_killed",
            &[("names", &names(&summary.theirs_killed))],
        ));
        let tone = match summary.standing() {
            Standing::Undecided | Standing::Draw => Tone::Info,
            Standing::Won(Victory::Major) => Tone::Good,
            Standing::Won(_) => Tone::Warning,
            Standing::Lost(_) => Tone::Error,
        };
        badge(ui, tone, &cx.msg(&summary.result()));
    });
}

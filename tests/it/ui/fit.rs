//! Nothing covered or cut in a small window (1024 points wide), in English
//! and in French: what a player reads and clicks stays in view and in
//! reach, and stays where it was.

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::Screen;
use muster::i18n::Lang;
use muster::rules::campaign::TurnEdit;
use muster::rules::campaign::enemy;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::killteam::activation::Act;
use muster::rules::{Doc, KillTeam};
use muster::ui::Gui;

/// A `width` × `height` window in `lang` on the data folder `dir` holding
/// `c`, its campaign screen shown.
pub(super) fn campaign_window(
    dir: &std::path::Path,
    c: &Campaign,
    lang: Lang,
    (width, height): (f32, f32),
) -> Harness<'static, Gui> {
    crate::common::window_on(dir)
        .lang(lang)
        .size(width, height)
        .on_campaign(c)
        .open()
}

/// The screen scrolled down by the node labelled `label` until it moves
/// no more.
fn scroll_to_the_end(h: &mut Harness<'_, Gui>, label: &str) {
    let mut top = h.get_by_label(label).rect().min.y;
    for _ in 0..100 {
        h.get_by_label(label).scroll_down();
        h.run();
        let now = h.get_by_label(label).rect().min.y;
        if now == top {
            return;
        }
        top = now;
    }
}

/// While an attacker is picked, the banner floats over the bottom of the
/// table, and the table makes room under its last card as tall as the
/// banner: at 1024×700, in French, the banner naming a soldier with a
/// long name and saying why he may not charge, the table scrolled to its
/// end shows the last enemy's fight buttons and "End the mission" above
/// the banner, never under it.
#[test]
fn the_last_card_s_fight_buttons_scroll_above_the_fight_banner() {
    const OSK: &str = "Trooper Osk Varro, the last of the Eighth's lucky survivors";
    let rules = rules();
    let mut team = crate::common::example_team();
    team.soldiers
        .iter_mut()
        .filter(|s| s.name == "Trooper Osk")
        .for_each(|s| s.name = OSK.to_owned());
    let c = crate::common::team_at_the_table(&team, rules, |c| {
        vec![E::Turn(TurnEdit::Act {
            character: crate::common::char_id(c, OSK),
            act: Act::Retreat,
        })]
    });
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = campaign_window(dir.path(), &c, Lang::Fr, (1024.0, 700.0));
    // His card comes into view as the table scrolls.
    let end = "Terminer la mission";
    let pick = format!("{OSK} attaque…");
    for _ in 0..20 {
        if h.query_by_label(&pick).is_some() {
            break;
        }
        h.get_by_label(end).scroll_down();
        h.run();
    }
    h.get_by_label(&pick).click_accesskit();
    h.run();
    assert!(
        h.query_all_by_label_contains("Pas de corps à corps : KT-9")
            .next()
            .is_some(),
        "the banner says why he may not charge"
    );
    let last = c.mission.as_ref().expect("mission").enemy.len() - 1;
    let enemy = enemy::names(&c, last)["fr"].clone();
    let close = format!("Corps à corps : {OSK} contre {enemy}");
    scroll_to_the_end(&mut h, end);
    let title = h.get_by_label(&format!("{OSK} attaque")).rect();
    // The banner is docked at the bottom, from a little above its title.
    let banner = egui::Rect::from_min_max(
        egui::pos2(0.0, title.top() - 8.0),
        egui::pos2(1024.0, 700.0),
    );
    assert!(banner.min.y > 450.0, "docked at the bottom: {banner:?}");
    // The last enemy's fights are offered, in view.
    let fights: Vec<egui::Rect> = h
        .query_all_by_role(Role::Button)
        .filter(|n| {
            n.accesskit_node().label().is_some_and(|l| {
                l == close || l.starts_with(&format!("{OSK} tire sur {enemy} avec"))
            })
        })
        .map(|n| n.rect())
        .collect();
    assert!(fights.len() >= 2, "his charge and his shots: {fights:?}");
    // The table's last button ends above the banner: so does every card.
    let last_button = h.get_by_role_and_label(Role::Button, end).rect();
    assert!(
        last_button.max.y <= banner.min.y,
        "{end:?} {last_button:?} ends under the banner's top {banner:?}"
    );
    // No button of the table lies under the banner.
    for n in h.query_all_by_role(Role::Button) {
        let r = n.rect();
        let label = n.accesskit_node().label().unwrap_or_default();
        assert!(
            banner.contains_rect(r) || !banner.intersects(r),
            "{label:?} {r:?} lies under the banner {banner:?}"
        );
    }
    for r in &fights {
        assert!(r.min.y >= 0.0 && r.max.y <= banner.min.y, "{r:?} in view");
    }
}

/// The nodes shown from the top of the node labelled `from` down to the
/// top of the one labelled `to`, each with its label and rect: a panel's
/// widgets (and those beside it in its row).
fn nodes_between(h: &Harness<'_, Gui>, from: &str, to: &str) -> Vec<(String, egui::Rect)> {
    let top = h.get_by_label(from).rect().min.y;
    let bottom = h.get_by_label(to).rect().min.y;
    assert!(top < bottom, "{from:?} above {to:?}");
    h.root()
        .children_recursive()
        .filter_map(|n| {
            let node = n.accesskit_node();
            let b = node.raw_bounds()?;
            let r = n.rect();
            let name = node
                .label()
                .or_else(|| node.value())
                .unwrap_or_else(|| format!("{:?}", node.role()));
            (b.width() > 0.0 && r.min.y >= top && r.max.y <= bottom).then_some((name, r))
        })
        .collect()
}

/// Every node in `nodes` lies within the window's `width`.
fn within_width(nodes: &[(String, egui::Rect)], width: f32, what: &str) {
    assert!(nodes.len() > 5, "{what}: {nodes:?}");
    let off: Vec<_> = nodes
        .iter()
        .filter(|(_, r)| r.min.x < 0.0 || r.max.x > width)
        .collect();
    assert!(
        off.is_empty(),
        "{what}: these run off the window's {width} points: {off:#?}"
    );
}

/// At 1024 points wide, in English and in French, the battle screen's
/// kill-team panels fit the window: the jump, rope and parachute panel
/// (each kind's rule shown in turn) and the turn panel with a soldier's
/// actions, every widget within the window's width.
#[test]
fn the_kill_team_s_jump_and_turn_panels_fit_a_1024_window() {
    const WIDTH: f32 = 1024.0;
    for lang in Lang::ALL {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = crate::common::window_on(dir.path())
            .saved(Doc::new(crate::common::example_team()))
            .lang(lang)
            .seed(3)
            .size(WIDTH, 4000.0)
            .showing(Screen::Battle)
            .open();
        crate::common::click(&mut h, lang.t("battle.shooting"));
        crate::common::click(&mut h, lang.t("battle.take_shooter"));
        h.get_by_label_contains("Trooper Osk (").click_accesskit();
        h.run();
        let what = lang.code();
        let (jump, turn) = (lang.t("kt.jump.title"), lang.t("kt.turn.title"));
        for kind in ["kt.jump.kind.rope_swing", "kt.jump.kind.parachute"] {
            crate::common::click(&mut h, lang.t(kind));
            within_width(
                &nodes_between(&h, jump, turn),
                WIDTH,
                &format!("{what}: {kind}"),
            );
        }
        let actions = lang.f("kt.turn.actions_of", &[("soldier", "Trooper Osk")]);
        assert!(h.query_by_label(&actions).is_some(), "{what}: his actions");
        let turn_panel = nodes_between(&h, turn, lang.t("battle.log"));
        within_width(&turn_panel, WIDTH, &format!("{what}: the turn"));
        let cost = lang.f("kt.turn.target_cost", &[("count", "1")]);
        assert!(
            turn_panel.iter().any(|(l, _)| l.contains(&cost)),
            "{what}: {cost:?} in {turn_panel:?}"
        );
    }
}

/// A 1024×700 window in `lang` on the example kill team's editor.
fn team_window(dir: &std::path::Path, lang: Lang) -> Harness<'static, Gui> {
    let team = crate::common::example_team();
    crate::common::window_on(dir)
        .lang(lang)
        .seed(3)
        .size(1024.0, 700.0)
        .saved(Doc::new(team.clone()))
        .showing(Screen::KillTeam(team.id.clone()))
        .open()
}

/// The options of the open picker (each a button chosen or not, its
/// toggle): each one's name, what it offers (its description, written under
/// it), whether it may be chosen, and its rect.
fn options(h: &Harness<'_, Gui>) -> Vec<(String, String, bool, egui::Rect)> {
    h.query_all_by_role(Role::Button)
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.toggled()?;
            let detail = node.description()?;
            Some((
                node.label().unwrap_or_default(),
                detail,
                !node.is_disabled(),
                n.rect(),
            ))
        })
        .collect()
}

/// The rect of the tooltip shown, if one is.
pub(crate) fn tooltip(h: &Harness<'_, Gui>) -> Option<egui::Rect> {
    h.ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order == egui::Order::Tooltip)
            .find_map(|l| m.area_rect(l.id))
    })
}

/// In the kill-team editor's weapon picker, in English and in French, an
/// option's profile is written under its name and nowhere else: hovering
/// it shows no tooltip repeating it. A refused option says why on hover,
/// beside it: the tooltip covers no other option.
#[test]
fn a_picker_s_option_is_not_covered_by_a_tooltip_repeating_it() {
    for lang in Lang::ALL {
        let what = lang.code();
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = team_window(dir.path(), lang);
        let picker = format!("{}: Trooper Dace", lang.t("kt.weapon"));
        h.get_by_label(&picker).scroll_to_me();
        h.run();
        crate::common::click(&mut h, &picker);
        let all = options(&h);
        let (name, detail, _, _) = all
            .iter()
            .find(|(_, _, enabled, _)| *enabled)
            .expect("a weapon he may take");
        h.get_by_label(name).hover();
        h.run();
        assert_eq!(
            h.query_all_by_label(detail).count(),
            0,
            "{what}: {name:?} says {detail:?} once, under its name"
        );
        let (name, detail, _, at) = all
            .iter()
            .find(|(_, _, enabled, _)| !*enabled)
            .expect("a weapon refused him");
        h.get_by_label(name).hover();
        h.run();
        let tip = tooltip(&h).unwrap_or_else(|| panic!("{what}: why {name:?} is refused"));
        assert_eq!(
            h.query_all_by_label(detail).count(),
            0,
            "{what}: {detail:?}"
        );
        for (other, _, _, r) in options(&h).iter().filter(|(o, ..)| o != name) {
            assert!(
                !tip.intersects(*r),
                "{what}: the tooltip of {name:?} {at:?}, {tip:?}, covers {other:?} {r:?}"
            );
        }
    }
}

/// The left edge of the node labelled `label`.
fn left_of(h: &Harness<'_, Gui>, label: &str) -> f32 {
    h.get_by_label(label).rect().min.x
}

/// In the kill-team editor, in English and in French, each soldier's
/// pickers and profile stand in the same columns on every card: his kind,
/// weapon and ribbon are each as wide whichever is chosen, so picking a
/// weapon with a longer name moves none of the pickers after it, and a
/// value changed by a ribbon (marked) moves none of the values after it.
#[test]
fn a_soldier_s_pickers_and_profile_keep_their_columns() {
    let team = crate::common::example_team();
    for lang in Lang::ALL {
        let what = lang.code();
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = team_window(dir.path(), lang);
        let column = |h: &Harness<'_, Gui>, key: &str| -> Vec<f32> {
            team.soldiers
                .iter()
                .map(|s| left_of(h, &format!("{}: {}", lang.t(key), s.name)))
                .collect()
        };
        let same = |lefts: &[f32], of: &str| {
            assert!(
                lefts.iter().all(|x| (x - lefts[0]).abs() < 0.5),
                "{what}: {of} at {lefts:?}"
            );
        };
        for key in ["kt.weapon", "kt.ribbon", "kt.add_item"] {
            same(&column(&h, key), key);
        }
        // W stands where it stands on every card, a marked M before it
        // (Trooper Vell's sprinter) or not.
        let w: Vec<f32> = h
            .query_all_by_label(lang.t("kt.stat.wounds"))
            .map(|n| n.rect().min.x)
            .collect();
        assert_eq!(w.len(), team.soldiers.len(), "{what}: {w:?}");
        same(&w, "W");
        // Trooper Dace takes the weapon with the longest name he may.
        let picker = format!("{}: Trooper Dace", lang.t("kt.weapon"));
        h.get_by_label(&picker).scroll_to_me();
        h.run();
        let before_dace = left_of(&h, &format!("{}: Trooper Dace", lang.t("kt.ribbon")));
        crate::common::click(&mut h, &picker);
        let (longest, ..) = options(&h)
            .into_iter()
            .filter(|(_, _, enabled, _)| *enabled)
            .max_by(|a, b| a.0.len().cmp(&b.0.len()))
            .expect("a weapon he may take");
        h.get_by_label(&longest).click_accesskit();
        h.run();
        let weapon = |t: &KillTeam| {
            t.soldiers
                .iter()
                .find(|s| s.name == "Trooper Dace")
                .map(|s| s.weapon.clone())
        };
        let now = h
            .state()
            .app
            .model
            .library
            .docs
            .iter()
            .find_map(Doc::get::<KillTeam>)
            .cloned()
            .expect("the team");
        assert_ne!(weapon(&now), weapon(&team), "{what}: {longest:?} taken");
        assert_eq!(
            left_of(&h, &format!("{}: Trooper Dace", lang.t("kt.ribbon"))),
            before_dace,
            "{what}: his ribbon's picker stays put"
        );
        same(&column(&h, "kt.add_item"), "kt.add_item");
    }
}

/// At the table, in English and in French at 1024×700 and 1100×780, the
/// hints of a card's buttons ("Leave at home", "Act…") show where they cover the
/// fewest controls, never over the card's next ones below the button.
#[test]
fn a_card_button_s_hint_covers_no_other_button() {
    let rules = rules();
    let c = crate::common::example_campaign_at_the_table(rules);
    let sizes = [(1024.0, 700.0), (1100.0, 780.0)];
    for (lang, size) in Lang::ALL.into_iter().flat_map(|l| sizes.map(|s| (l, s))) {
        let what = format!("{} at {size:?}", lang.code());
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = campaign_window(dir.path(), &c, lang, size);
        let hinted = |h: &Harness<'_, Gui>| -> Vec<String> {
            h.query_all_by_role(Role::Button)
                .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
                .filter(|l| {
                    [
                        lang.t("campaign.ui.leave_home_named").split('{').next(),
                        lang.t("campaign.ui.act_named").split('{').next(),
                    ]
                    .into_iter()
                    .flatten()
                    .any(|p| !p.is_empty() && l.starts_with(p))
                })
                .collect()
        };
        let mut seen: Vec<String> = Vec::new();
        // Down the table, a screen at a time.
        for _ in 0..12 {
            let now: Vec<String> = hinted(&h)
                .into_iter()
                .filter(|l| !seen.contains(l))
                .collect();
            for label in &now {
                seen.push(label.clone());
                h.get_by_label(label).scroll_to_me();
                h.run();
                h.get_by_label(label).hover();
                h.run();
                let tip = tooltip(&h).unwrap_or_else(|| panic!("{what}: {label:?}'s hint"));
                let at = h.get_by_label(label).rect();
                // The next controls of its card: below it, in its column.
                let covered: Vec<String> = h
                    .query_all_by_role(Role::Button)
                    .chain(h.query_all_by_role(Role::CheckBox))
                    .filter(|n| {
                        let r = n.rect();
                        r.min.y >= at.max.y
                            && r.x_range().intersects(at.x_range())
                            && r.intersects(tip)
                    })
                    .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
                    .collect();
                assert!(
                    covered.is_empty(),
                    "{what}: {label:?}'s hint {tip:?} covers {covered:?}"
                );
            }
            let Some(last) = seen.last() else { break };
            if h.query_by_label(last).is_none() {
                break;
            }
            h.get_by_label(last).scroll_down();
            h.run();
        }
        let acts = seen
            .iter()
            .filter(|l| {
                l.starts_with(
                    lang.t("campaign.ui.act_named")
                        .split('{')
                        .next()
                        .unwrap_or("-"),
                )
            })
            .count();
        assert!(seen.len() >= 10 && acts >= 3, "{what}: {seen:?}");
    }
}

/// At the table, in English and in French at 1024×700, a value of a
/// soldier's profile stands on its name's line, a marked one too
/// (Sergeant Hark's "To hit +1*", Trooper Pell's "Cover +1*"): a cell that
/// does not fit the card's line starts the next one, whole.
#[test]
fn a_profile_value_stands_beside_its_name() {
    let rules = rules();
    let c = crate::common::example_campaign_at_the_table(rules);
    for lang in Lang::ALL {
        let what = lang.code();
        let dir = tempfile::tempdir().expect("tempdir");
        let mut h = campaign_window(dir.path(), &c, lang, (1024.0, 700.0));
        let names = [lang.t("kt.stat.hit"), lang.t("kt.stat.cover")];
        let mut checked = 0;
        // Down the table, a screen at a time.
        for _ in 0..30 {
            let shown: Vec<egui::Rect> = h
                .query_all_by_role(Role::Label)
                .filter(|n| names.contains(&shown_text(n.accesskit_node()).as_str()))
                .map(|n| n.rect())
                .collect();
            for at in shown {
                let beside = h.query_all_by_role(Role::Label).any(|v| {
                    let r = v.rect();
                    shown_text(v.accesskit_node()).starts_with('+')
                        && (r.min.x - at.max.x).abs() < 8.0
                        && r.y_range().intersects(at.y_range())
                });
                assert!(beside, "{what}: the value at {at:?} stands beside its name");
                checked += 1;
            }
            let Some(last) = h
                .query_all_by_role(Role::Button)
                .rfind(|n| n.rect().max.y < 690.0)
                .and_then(|n| n.accesskit_node().label().map(|l| l.to_string()))
            else {
                break;
            };
            h.get_by_label(&last).scroll_down();
            h.run();
        }
        assert!(checked >= 2, "{what}: {checked}");
    }
}

/// What a label shows: its value (a label's text) or its name.
fn shown_text(n: egui_kittest::kittest::AccessKitNode<'_>) -> String {
    n.value()
        .or_else(|| n.label().map(|l| l.to_string()))
        .unwrap_or_default()
}

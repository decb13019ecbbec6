//! The table's compact list at 1024×700 as it fits: in French every
//! name, kind and player read whole, a target's fights on one line; a
//! greyed Attack's reason beside it, over no other line's buttons.

use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::rules::campaign::{Campaign, enemy};
use muster::ui::Gui;

use super::compact::whole_escort;

/// The example's table in French at 1024×700, its compact list shown and
/// its first character picked as the attacker (his name).
fn listed_in_french_with_an_attacker(
    dir: &std::path::Path,
) -> (Campaign, Harness<'static, Gui>, String) {
    let c = whole_escort(rules());
    let mut h = super::showing_in(dir, &c, muster::i18n::Lang::Fr, (1024.0, 700.0));
    h.get_by_role_and_label(Role::Tab, "Liste compacte").click();
    h.run();
    let me = c.characters[0].name().to_owned();
    h.get_by_label(&format!("{me} attaque…")).click_accesskit();
    h.run();
    (c, h, me)
}

/// In French at 1024×700, a target's fights (close combat, a shot, a
/// psychic attack) stand on one line of the list: no row is two lines
/// tall.
#[test]
fn in_french_a_target_s_fights_stand_on_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (c, h, me) = listed_in_french_with_an_attacker(dir.path());
    let enemy = enemy::names(&c, 0)["fr"].clone();
    let tops: Vec<f32> = h
        .query_all_by_role(Role::Button)
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.contains(me.as_str()) && l.contains(&enemy))
        })
        .map(|n| n.rect().min.y)
        .collect();
    // Its fights (another enemy's name may hold its own: "… 1" in "… 10").
    let row: Vec<f32> = tops
        .iter()
        .copied()
        .filter(|y| (y - tops[0]).abs() < 40.0)
        .collect();
    assert!(row.len() >= 3, "close, shot, psychic: {tops:?}");
    assert!(
        row.iter().all(|y| (y - row[0]).abs() < 2.0),
        "one line: {row:?}"
    );
}

/// In French at 1024×700, an attacker picked (the fights at their
/// widest), every name in the list is whole: the name column takes the
/// room its longest name needs ("Cultiste au lance-flammes 10"), the kind
/// what is left.
#[test]
fn in_french_every_name_in_the_list_is_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_, mut h, _) = listed_in_french_with_an_attacker(dir.path());
    h.run();
    let skull = egui_material_icons::icons::ICON_SKULL.codepoint;
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..20 {
        let names: Vec<(String, egui::Rect)> = h
            .query_all_by_role(Role::Label)
            .filter_map(|n| {
                let a = n.accesskit_node();
                let text = a.value().or_else(|| a.label().map(|l| l.to_string()))?;
                text.starts_with(skull).then(|| (text, n.rect()))
            })
            .collect();
        for (text, at) in &names {
            let needs = h.ctx.fonts_mut(|f| {
                f.layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            });
            assert!(
                at.width() + 0.5 >= needs,
                "{text:?}: {} of {needs}",
                at.width()
            );
            seen.insert(text.clone());
        }
        let Some((last, _)) = names.last() else { break };
        h.get_by_label(last).scroll_down();
        h.run();
    }
    assert!(
        seen.iter().any(|n| n.contains("Cultiste au lance-flammes")),
        "{seen:?}"
    );
}

/// In French at 1024×700, a line's kind and player ("Humain · Héros
/// majeur · Camille") is read whole: one too wide for its column goes on to a
/// second line rather than being cut.
#[test]
fn in_french_every_kind_and_player_in_the_list_is_whole() {
    let c = whole_escort(rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_in(dir.path(), &c, muster::i18n::Lang::Fr, (1024.0, 700.0));
    h.get_by_role_and_label(Role::Tab, "Liste compacte").click();
    h.run();
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let line = font.size * 1.5;
    let kinds: Vec<(String, egui::Rect)> = h
        .query_all_by_role(Role::Label)
        .filter_map(|n| {
            let a = n.accesskit_node();
            let text = a.value().or_else(|| a.label().map(|l| l.to_string()))?;
            text.starts_with("Humain · ").then(|| (text, n.rect()))
        })
        .collect();
    assert!(
        kinds.iter().any(|(k, _)| k.contains("Héros majeur · ")),
        "{kinds:?}"
    );
    for (text, at) in &kinds {
        let needs = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        });
        assert!(
            at.width() + 0.5 >= needs || at.height() > line,
            "{text:?}: {} × {} of {needs}",
            at.width(),
            at.height()
        );
    }
}

/// In the compact list at 1024×700, in English and in French, a greyed
/// "Attack…" says why beside it: the tooltip covers no button of another
/// line in its column (the line above's "Attack…" stays in sight), and in
/// English, where the reason fits on one line, none of another line.
#[test]
fn a_greyed_attack_s_reason_covers_no_other_line_s_buttons() {
    use muster::i18n::Lang;
    for lang in Lang::ALL {
        let what = lang.code();
        let dir = tempfile::tempdir().expect("tempdir");
        let c = whole_escort(rules());
        let mut h = super::showing_in(dir.path(), &c, lang, (1024.0, 700.0));
        h.get_by_role_and_label(Role::Tab, lang.t("campaign.ui.compact.list"))
            .click();
        h.run();
        let attacks = lang
            .t("campaign.ui.fight.attack_named")
            .replace("{name}", "");
        let buttons = |h: &Harness<'_, Gui>| -> Vec<(String, bool, egui::Rect)> {
            h.query_all_by_role(Role::Button)
                .filter_map(|n| {
                    let node = n.accesskit_node();
                    let r = n.rect();
                    (r.min.y >= 0.0 && r.max.y <= 700.0 && r.width() > 0.0)
                        .then(|| (node.label().unwrap_or_default(), node.is_disabled(), r))
                })
                .collect()
        };
        let greyed: Vec<(String, egui::Rect)> = buttons(&h)
            .into_iter()
            .filter(|(l, off, _)| *off && l.ends_with(&attacks))
            .map(|(l, _, r)| (l, r))
            .collect();
        // Each one with a line above it holding buttons, clear of the log's
        // bar at the window's foot.
        let under_a_line: Vec<&(String, egui::Rect)> = greyed
            .iter()
            .filter(|(_, r)| r.max.y <= 640.0)
            .filter(|(_, r)| {
                buttons(&h)
                    .iter()
                    .any(|(_, _, o)| o.max.y <= r.min.y && o.max.y > r.min.y - 40.0)
            })
            .collect();
        assert!(
            !under_a_line.is_empty(),
            "{what}: a greyed Attack under a line: {greyed:?}"
        );
        for (name, at) in under_a_line {
            h.get_by_label(name).hover();
            h.run();
            let tip = crate::ui::fit::tooltip(&h)
                .unwrap_or_else(|| panic!("{what}: why {name:?} {at:?} is greyed"));
            for (other, _, r) in buttons(&h) {
                let another_line = !r.y_range().intersects(at.y_range());
                let column = r.x_range().intersects(at.x_range());
                let kept = column || lang == Lang::En;
                assert!(
                    !(another_line && kept && tip.intersects(r)),
                    "{what}: the reason of {name:?} {at:?}, {tip:?}, covers {other:?} {r:?}"
                );
            }
        }
    }
}

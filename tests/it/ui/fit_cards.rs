//! A table's cards in a small window: a long fighter's name beside his
//! badge, a target's fight buttons among the card's own, a greyed
//! attack button's one tooltip.

use super::fit::campaign_window;
use crate::common::rules;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::i18n::Lang;
use muster::rules::campaign::enemy;

/// A long enemy name wraps on his card beside the "in action" badge, which
/// keeps the card's first line, as a short name's does.
#[test]
fn a_long_enemy_name_keeps_its_badge_on_the_first_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut c = crate::common::band_at_the_table(rules());
    let long = "Renegade Chaos Space Marine aspiring champion of the Black Legion";
    if let Some(m) = c.mission.as_mut() {
        m.enemy[0].names.insert("en".to_owned(), long.to_owned());
    }
    let mut h = campaign_window(dir.path(), &c, Lang::En, (1024.0, 3000.0));
    h.run();
    let name_rect = h.get_by_label(&format!("{long} 1")).rect();
    // The badge of this card: the one within its width, nearest its top.
    let b = h
        .query_all_by_label("in action")
        .map(|n| n.rect())
        .filter(|r| r.min.x >= name_rect.min.x && r.max.x <= name_rect.min.x + 300.0)
        .min_by(|a, b| {
            let d = |r: &egui::Rect| (r.min.y - name_rect.min.y).abs();
            d(a).total_cmp(&d(b))
        })
        .expect("the badge");
    assert!(
        name_rect.height() > 30.0,
        "the long name wraps: {name_rect:?}"
    );
    assert!(
        (b.min.y - name_rect.min.y).abs() < 8.0 && b.min.x >= name_rect.max.x - 1.0,
        "the badge on the name's first line, right of it: {b:?} against {name_rect:?}"
    );
}

/// While an attacker is picked, a target's card shows the fights he can
/// make among its own buttons: they wrap as one row of buttons, with no
/// empty line between them and "Take … out of action".
#[test]
fn a_target_s_fight_buttons_leave_no_empty_line_in_its_card() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crate::common::band_at_the_table(rules());
    let mut h = campaign_window(dir.path(), &c, Lang::En, (1024.0, 3000.0));
    h.get_by_label("Inquisitor Vael attacks…").click_accesskit();
    h.run();
    let name = enemy::names(&c, 0)["en"].clone();
    let psychic = h
        .get_by_label(&format!("Psychic attack: Inquisitor Vael against {name}"))
        .rect();
    let out = h.get_by_label(&format!("Take {name} out of action")).rect();
    let gap = out.min.y - psychic.max.y;
    assert!(
        out.min.y < psychic.max.y || gap <= 8.0,
        "on the same row or the next: {psychic:?} then {out:?}"
    );
}

/// A greyed "attacks…" button shows one tooltip when pointed at: the
/// reason it is greyed, beside it, not its name as well in a second one
/// covering the card's next button.
#[test]
fn a_greyed_attack_button_shows_one_tooltip_its_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = crate::common::example_campaign_at_the_table(rules());
    let mut h = campaign_window(dir.path(), &c, Lang::En, (1024.0, 3000.0));
    let greyed = h
        .query_all_by_role(Role::Button)
        .filter(|n| n.accesskit_node().is_disabled())
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .find(|l| l.ends_with(" attacks…"))
        .expect("a greyed attack button");
    h.get_by_label(&greyed).scroll_to_me();
    h.run();
    h.get_by_label(&greyed).hover();
    h.run();
    let tips = h.ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order == egui::Order::Tooltip)
            .count()
    });
    assert_eq!(tips, 1, "{greyed}: one tooltip");
}

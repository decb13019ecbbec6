//! The interface driven through its widgets, by screen: the shell and the
//! library, the roster's character editor, the kill-team builder, the
//! campaign, the battle screen and the print preview.

use std::path::Path;

use egui_kittest::Harness;
use muster::app::{App, Prefs, ScriptedDesktop};
use muster::i18n::Lang;
use muster::ui::Gui;

mod accessibility;
mod battle;
mod campaign;
mod fit;
mod fit_cards;
mod folder;
mod journals;
mod killteam;
mod library;
mod library_fit;
mod log;
mod merge;
mod merge_roster;
mod navigation;
mod print_layout;
mod print_preview;
mod roster;
mod shell;
mod theme;
mod wording;

/// The app on the data folder `dir`, in `lang`, with a scripted desktop.
fn app(dir: &Path, lang: Lang) -> App {
    App::new(
        Some(dir),
        &Prefs {
            lang,
            ..Prefs::default()
        },
        Box::new(ScriptedDesktop::default()),
        42,
    )
    .expect("app")
}

/// The whole window around `app`, 1200 × 1000.
fn harness(app: App) -> Harness<'static, Gui> {
    crate::common::window(app, 1200.0, 1000.0)
}

/// Every button shown lies within the window's width and no two buttons
/// cover each other (more than a pixel each way): nothing runs off the
/// right edge, nothing is hidden under a neighbour.
fn buttons_fit(h: &Harness<'_, Gui>, width: f32, what: &str) {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let buttons: Vec<(String, egui::accesskit::Rect)> = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| {
            let node = n.accesskit_node();
            Some((node.label().unwrap_or_default(), node.raw_bounds()?))
        })
        .filter(|(_, r)| r.width() > 0.0 && r.height() > 0.0)
        .collect();
    assert!(buttons.len() > 5, "{what}: buttons shown: {buttons:?}");
    for (label, r) in &buttons {
        assert!(
            r.x0 >= 0.0 && r.x1 <= f64::from(width),
            "{what}: {label:?} runs off the window: {r:?}"
        );
    }
    for (k, (a, ra)) in buttons.iter().enumerate() {
        for (b, rb) in &buttons[k + 1..] {
            let x = ra.x1.min(rb.x1) - ra.x0.max(rb.x0);
            let y = ra.y1.min(rb.y1) - ra.y0.max(rb.y0);
            assert!(
                x <= 1.0 || y <= 1.0,
                "{what}: {a:?} {ra:?} and {b:?} {rb:?} overlap"
            );
        }
    }
}

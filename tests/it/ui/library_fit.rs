//! The library at 1024 × 700, in English and in French: its cards'
//! buttons whole and uncovered, a campaign's row showing its victory
//! points whole.

use egui_kittest::kittest::{NodeT as _, Queryable as _};

/// The library at 1024 × 700 in `lang`, holding the example campaign (with
/// a long name, and problems: its badge counts them), band and kill team.
fn library_at_1024(
    lang: muster::i18n::Lang,
) -> (
    tempfile::TempDir,
    egui_kittest::Harness<'static, muster::ui::Gui>,
) {
    use muster::rules::campaign::Campaign;
    use muster::rules::{Doc, KillTeam, Roster};
    let read = |file: &str| {
        std::fs::read_to_string(format!(
            "{}/assets/examples/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("example")
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let store = muster::store::Store::open(dir.path()).expect("store");
    let mut campaign =
        muster::store::document::parse::<Campaign>(&read("campaign.json"), "tertius")
            .expect("campaign");
    campaign.name = "The Tertius Heresy and the Long March of the Forgotten Regiment".to_owned();
    campaign.escorts.truncate(1);
    let band =
        muster::store::document::parse::<Roster>(&read("rt-band.json"), "band").expect("band");
    let team =
        muster::store::document::parse::<KillTeam>(&read("killteam.json"), "team").expect("team");
    for doc in [Doc::new(campaign), Doc::new(band), Doc::new(team)] {
        store.save(&doc).expect("save");
    }
    let mut h = crate::common::window_on(dir.path())
        .lang(lang)
        .seed(1)
        .size(1024.0, 700.0)
        .open();
    h.run();
    assert_eq!(h.state().app.model.library.docs.len(), 3);
    (dir, h)
}

/// At 1024 × 700, in English and in French, a campaign's card keeps its
/// badge off its buttons, even with a long name: every button is inside
/// the window and none covers another.
#[test]
fn at_1024_by_700_the_cards_buttons_are_whole_and_uncovered() {
    for lang in muster::i18n::Lang::ALL {
        let (_dir, h) = library_at_1024(lang);
        let open = lang.t("library.open");
        let opens = h
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with(&format!("{open}: ")))
            })
            .count();
        assert_eq!(opens, 3, "{}: an Open button per card", lang.code());
        super::buttons_fit(&h, 1024.0, lang.code());
    }
}

/// At 1024 × 700, in English and in French, a campaign's row shows what it
/// holds whole, its victory points last, though its badges and buttons
/// leave its name little room: the summary is as wide as its text and
/// inside the window.
#[test]
fn at_1024_by_700_a_campaign_s_row_shows_its_victory_points_whole() {
    for lang in muster::i18n::Lang::ALL {
        let (_dir, h) = library_at_1024(lang);
        let kind = format!("{} · ", lang.t(muster::rules::DocKind::Campaign.label()));
        let summary = h
            .query_all_by_role(egui::accesskit::Role::Label)
            .find(|n| {
                n.accesskit_node()
                    .value()
                    .is_some_and(|l| l.starts_with(&kind))
            })
            .unwrap_or_else(|| panic!("{}: the campaign's summary", lang.code()));
        let text = summary.accesskit_node().value().unwrap_or_default();
        let vp = match lang {
            muster::i18n::Lang::Fr => "4 points de victoire",
            muster::i18n::Lang::En => "4 VP",
        };
        assert!(text.ends_with(vp), "{}: {text:?}", lang.code());
        let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
        let whole = h
            .ctx
            .fonts_mut(|f| f.layout_no_wrap(text.clone(), font, egui::Color32::WHITE))
            .size()
            .x;
        let shown = summary.rect();
        assert!(
            shown.width() + 0.5 >= whole && shown.max.x <= 1024.0,
            "{}: {text:?} cut short: {shown:?}, {whole} wide whole",
            lang.code()
        );
        // Inside its row, under its name: above the next row's name, one
        // row's height (the distance between two names) below its own.
        let mut names: Vec<f32> = h
            .query_all_by_role(egui::accesskit::Role::Link)
            .map(|n| n.rect().min.y)
            .collect();
        names.sort_by(f32::total_cmp);
        let row = names[1] - names[0];
        let own = names
            .iter()
            .rfind(|y| **y < shown.min.y)
            .expect("its name above it");
        assert!(
            shown.max.y + 4.0 <= own + row,
            "{}: {text:?} {shown:?} runs out of its row ({own} + {row})",
            lang.code()
        );
    }
}

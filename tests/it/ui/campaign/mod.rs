//! The campaign screens: setup, overview, table, debrief and dice.

mod carry;
mod chronicle;
mod compact;
mod compact_fit;
mod coop;
mod debrief;
mod dice;
mod equipment;
mod fight;
mod fight_charges;
mod fight_names;
mod fight_other_rolls;
mod fight_rolls;
mod fight_shots;
mod fight_table_now;
mod guide;
mod house_rules;
mod items;
mod items_mines;
mod limits;
mod missions;
mod named;
mod overview;
mod problems;
mod recruit;
mod setup;
mod survival;
mod table;
mod table_acts;
mod turns;
mod victory;

use std::path::Path;

use egui_kittest::Harness;
use muster::i18n::Lang;
use muster::rules::campaign::queries;
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::campaign::{PreparationEdit, SetupEdit};
use muster::rules::{Document as _, RulesData};
use muster::ui::Gui;

/// The window on the data folder `dir` holding `c`, its campaign screen
/// shown.
fn showing(dir: &Path, c: &Campaign) -> Harness<'static, Gui> {
    showing_sized(dir, c, (1400.0, 4000.0))
}

/// The same in a window of `size`.
fn showing_sized(dir: &Path, c: &Campaign, size: (f32, f32)) -> Harness<'static, Gui> {
    showing_in(dir, c, Lang::En, size)
}

/// The same in `lang`.
fn showing_in(
    dir: &Path,
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

/// The example kill team as Anne's escort, its first mission drawn but not
/// begun (the overview is the campaign's dashboard).
fn ready(rules: &RulesData) -> Campaign {
    let mut rng = muster::rules::core::dice::seeded(70);
    undrawn(rules)
        .apply(
            E::Preparation(PreparationEdit::DrawEnemy {
                all: true,
                rolls: vec![],
                drawn: vec![],
            }),
            rules,
            &mut rng,
        )
        .expect("accepted")
        .0
}

/// The example kill team as Anne's escort, its first mission drawn, its
/// enemy not yet.
fn undrawn(rules: &RulesData) -> Campaign {
    use muster::rules::campaign::{Member, MissionChoice, NewEscort};
    let team = crate::common::example_team();
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut c = Campaign::new("raid", "The Raid", &rules.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let escort = NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: muster::rules::campaign::EscortKind::KillTeam,
        members: team.soldiers.iter().cloned().map(Member::Soldier).collect(),
        doc: None,
    };
    for e in [
        E::Setup(SetupEdit::SetSettings { settings: s }),
        E::Setup(SetupEdit::AddEscort { escort }),
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
    ] {
        c = c.apply(e, rules, &mut rng).expect("accepted").0;
    }
    c
}

/// The leader of the campaign's only escort.
fn leader(c: &Campaign) -> Option<String> {
    let id = c.escorts[0].leader?;
    queries::character(c, id).map(|x| x.name().to_owned())
}

/// In French, the dice each enemy was drawn with read as a French line
/// does: a space before the colon ("D10 : 7"), as in the log; so do the
/// header's figures for a screen reader.
#[test]
fn the_enemy_s_draw_is_set_in_french_with_a_space_before_its_colon() {
    use egui_kittest::kittest::Queryable as _;
    let c = ready(crate::common::rules());
    let dir = tempfile::tempdir().expect("tempdir");
    let h = showing_in(dir.path(), &c, Lang::Fr, (1400.0, 4000.0));
    let m = c.mission.as_ref().expect("drawn");
    let first = &m.enemy[0].roll;
    let shown = format!("D{} : {}", first.sides, first.total);
    assert!(
        h.query_all_by_label(&shown).next().is_some(),
        "{shown} in the enemies' table"
    );
    let unspaced = format!("D{}: {}", first.sides, first.total);
    assert!(h.query_all_by_label(&unspaced).next().is_none());
    // The header's figures, as a screen reader reads them.
    let vp = Lang::Fr.t("campaign.ui.vp");
    let read = format!("{vp} : {} / {}", c.vp, c.settings.vp_threshold);
    assert!(h.query_by_label(&read).is_some(), "{read}");
}

//! A Survival ended at the example campaign's table: the confirmation, the
//! battle's victory points, the debrief and the Chronicle say one outcome.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use muster::i18n::Lang;
use muster::rules::campaign::{CampaignEdit as E, Fighter, TableEdit};

use crate::common::{button, example_campaign_at_the_table, rules};

/// The example's fourth mission, a Survival, ended in French with every
/// character standing, its objective not ticked and an enemy fallen (the
/// players' battle VP: 1).
#[test]
fn cmp_1_cmp_2_a_survival_ended_with_its_characters_standing_is_survived_everywhere() {
    let r = rules();
    let c = crate::common::ok(
        &example_campaign_at_the_table(r),
        E::Table(TableEdit::SetOutOfAction {
            character: Fighter::Enemy(0).id(),
            out: true,
        }),
        r,
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = super::showing_in(dir.path(), &c, Lang::Fr, (1400.0, 6000.0));
    // CMP-1: the battle's VP are shown, and said not to be the campaign's.
    assert!(h.query_by_label("Les joueurs : 1 pt de victoire").is_some());
    assert!(
        h.query_by_label(
            "Survie : cette mission ne rapporte aucun point de victoire (CMP-1) ; \
             ceux de la bataille ne comptent pas pour la campagne."
        )
        .is_some()
    );
    // CMP-2: someone stands, the escort survives, its objective unticked.
    assert!(
        h.query_by_label(
            "Au moins un personnage est encore debout : l'escorte survit, objectif atteint ou non."
        )
        .is_some()
    );
    button(&mut h, "Terminer la mission");
    assert!(
        h.query_by_label_contains(
            "Terminer la mission : l'escorte a survécu, 0 point de victoire, 0 hors de combat ?"
        )
        .is_some()
    );
    button(&mut h, "Terminer la mission");
    assert!(
        h.query_by_label_contains("Mission réussie (Survie) : 0 point de victoire.")
            .is_some()
    );
    h.get_by_role_and_label(Role::Tab, "Chronique").click();
    crate::common::until_the_story_is_told(&mut h);
    let held = crate::common::the_campaign(&h).vp;
    assert!(
        h.query_by_label_contains(&format!(
            "L'escorte a survécu · 0 point de victoire gagné ({held} détenus)"
        ))
        .is_some()
    );
    assert!(
        h.query_by_label_contains("L'escorte n'a pas survécu")
            .is_none()
    );
}

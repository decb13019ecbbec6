//! Journals gone wrong in the open campaign: another machine's journal
//! that cannot be read whole is said and play goes on, its red line naming
//! the machine in the player's language until mended; an installation
//! writing as this machine is found, said, and takes a new id, nothing lost.

use muster::app::{Command, Prefs, ScriptedDesktop};
use muster::rules::campaign::{Campaign, CampaignEdit as E};
use muster::rules::{Doc, DocKey, Edit};
use muster::store::machine::MachineId;

use super::live::{BRUNO, app_on, bruno_begins, campaign_window, the_campaign};
use crate::common::Shown as _;
use crate::common::{new_turn, rules};
use muster::rules::campaign::TableEdit;

#[test]
fn another_machine_s_journal_that_cannot_be_read_whole_is_said_in_the_campaign_and_play_goes_on() {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, _locks, bruno) = bruno_begins(&base, None);
    let on_bruno = new_turn(&base, r, ("Bruno's desktop", 30));
    bruno
        .save(&Doc::new(on_bruno.clone()))
        .expect("Bruno plays");
    drop(bruno);
    // A line of Bruno's journal spoilt (a disk error, a hand edit).
    let journal = dir
        .path()
        .join("campaigns")
        .join(&base.id)
        .join(format!("{BRUNO}.jsonl"));
    let mut text = std::fs::read_to_string(&journal).expect("journal");
    text.push_str("{\"entry\": 3}\n");
    std::fs::write(&journal, text).expect("spoilt");
    let app = app_on(dir.path(), &Prefs::default());
    let mut h = campaign_window(app, &base.id, (1200.0, 2000.0));
    assert_eq!(
        the_campaign(&h.state().app).journal,
        on_bruno.journal,
        "Bruno's events up to the line"
    );
    let said = format!("Another machine's journal cannot be read whole ({BRUNO}.jsonl: ");
    let alert = h.get_by_label_contains(&said);
    let node = alert.accesskit_node();
    let text = node
        .label()
        .or_else(|| node.value())
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("line 3"), "{text}");
    h.state_mut()
        .app
        .apply(Command::Show(muster::app::Screen::Library));
    h.run();
    assert!(
        h.query_by_label("A journal unreadable").is_some(),
        "a badge on the campaign's row"
    );
    // Play goes on here: an edit is saved in this machine's journal.
    let key = DocKey::new(muster::rules::DocKind::Campaign, &base.id);
    let dace = crate::common::char_id(&base, "Trooper Dace");
    h.state_mut().app.apply(Command::Edit(
        key,
        Edit::Campaign(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })),
    ));
    h.state_mut().app.flush_saves();
    h.run();
    assert!(
        h.state()
            .app
            .model
            .feedback
            .messages
            .iter()
            .all(|m| !matches!(m.kind, muster::app::MessageKind::Error)),
        "saved"
    );
    let own = std::fs::read_dir(journal.parent().expect("folder"))
        .expect("folder")
        .filter_map(Result::ok)
        .filter(|e| e.path() != journal && e.path().extension().is_some_and(|x| x == "jsonl"))
        .count();
    assert_eq!(own, 1, "this machine's own journal");
}

#[test]
fn an_installation_writing_as_this_machine_is_found_said_and_a_new_id_taken_with_nothing_lost() {
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    // A copy of this installation's settings on another computer: the
    // same id, its own lock.
    let (dir, _locks, copy) = bruno_begins(&base, Some("The copy"));
    let desktop = ScriptedDesktop {
        machine: Some(MachineId::parse(BRUNO).expect("id")),
        ..ScriptedDesktop::default()
    };
    let prefs = Prefs {
        machine: "Camille's laptop".to_owned(),
        ..Prefs::default()
    };
    let mut app =
        muster::app::App::new(Some(dir.path()), &prefs, Box::new(desktop), 5).expect("app");
    let key = DocKey::new(muster::rules::DocKind::Campaign, &base.id);
    let on_copy = new_turn(&base, r, ("The copy", 30));
    copy.save(&Doc::new(on_copy.clone()))
        .expect("the copy saves");
    app.apply(Command::CheckDisk);
    let said: Vec<String> = app
        .model
        .feedback
        .messages
        .iter()
        .map(|m| m.shown())
        .collect();
    assert!(
        said.iter()
            .any(|m| m.contains("two installations were using one identity")
                && m.contains(&format!("instead of {BRUNO}"))),
        "{said:?}"
    );
    let id = app.model.folder.machine_id.clone().expect("an id");
    assert_ne!(id, BRUNO, "a new id");
    assert_eq!(
        the_campaign(&app).journal,
        on_copy.journal,
        "the copy's event came in"
    );
    // This machine's next event goes to a journal of its new id.
    let dace = crate::common::char_id(&base, "Trooper Dace");
    app.apply(Command::Edit(
        key.clone(),
        Edit::Campaign(E::Table(TableEdit::SetWounds {
            character: dace,
            wounds: 1,
        })),
    ));
    app.flush_saves();
    let new_journal = dir
        .path()
        .join("campaigns")
        .join(&base.id)
        .join(format!("{id}.jsonl"));
    assert!(new_journal.is_file());
    let seen = copy
        .with_arrivals(&on_copy)
        .expect("reads")
        .expect("journaled");
    assert_eq!(seen.get::<Campaign>(), Some(&the_campaign(&app)));
    assert!(
        copy.journals().identity().take_changes().is_empty(),
        "the copy keeps its id"
    );
}

#[test]
fn the_red_line_of_a_broken_journal_names_its_machine_in_the_player_s_language_and_goes_once_mended()
 {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let r = rules();
    let base = crate::common::example_team_at_the_table(r);
    let (dir, _locks, _bruno) = bruno_begins(&base, Some("Poste de Bruno"));
    let journal = dir
        .path()
        .join("campaigns")
        .join(&base.id)
        .join(format!("{BRUNO}.jsonl"));
    let whole = std::fs::read_to_string(&journal).expect("journal");
    // A line of JSON that is no event this Muster knows.
    let spoilt = format!("{whole}{{\"entry\":{{\"mission\":1,\"event\":\"fly_away\"}}}}\n");
    std::fs::write(&journal, &spoilt).expect("spoilt");
    let prefs = Prefs {
        lang: muster::i18n::Lang::Fr,
        ..Prefs::default()
    };
    let app = app_on(dir.path(), &prefs);
    let mut h = campaign_window(app, &base.id, (1200.0, 2000.0));
    let said = "Le journal de Poste de Bruno ne se lit pas en entier";
    let node = h.get_by_label_contains(said);
    let node = node.accesskit_node();
    let shown = node
        .label()
        .or_else(|| node.value())
        .unwrap_or_default()
        .to_owned();
    assert!(shown.contains(&format!("{BRUNO}.jsonl")), "{shown}");
    assert!(shown.contains("la ligne 2, colonne"), "{shown}");
    assert!(
        !shown.contains("unknown variant"),
        "no JSON reader's English: {shown}"
    );
    // Mended (a newer copy synced): the red line goes as the file comes in.
    std::fs::write(&journal, &whole).expect("mended");
    h.state_mut().app.apply(Command::CheckDisk);
    h.run();
    assert!(h.query_by_label_contains(said).is_none());
}

//! File › Documents folder…: another folder chosen (the group's
//! synced one) shows its documents at once and is kept in the
//! preferences; the default folder again; a folder that cannot be opened
//! is said in a window and the one in use stays; `MUSTER_DATA_DIR`
//! overrides the choice.

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use muster::app::{App, Command, DataDirOrigin, Prefs, ScriptedDesktop};
use muster::rules::{Doc, DocKey, Roster};
use muster::store::Store;
use muster::ui::Gui;

/// A roster named `name` saved in the folder `dir`.
fn with_roster(dir: &Path, id: &str, name: &str) {
    Store::open(dir)
        .expect("store")
        .save(&Doc::new(Roster::new(id, name)))
        .expect("save");
}

fn window(home: &Path, desktop: ScriptedDesktop) -> Harness<'static, Gui> {
    let app = App::new(Some(home), &Prefs::default(), Box::new(desktop), 5).expect("app");
    let mut h = crate::common::window(app, 1100.0, 800.0);
    h.run();
    h
}

fn open_folder_window(h: &mut Harness<'_, Gui>) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label_contains("Documents folder…").click();
    h.run();
}

fn names(h: &Harness<'_, Gui>) -> Vec<String> {
    h.state()
        .app
        .model
        .library
        .docs
        .iter()
        .map(|d| d.name().to_owned())
        .collect()
}

fn data_dir(h: &Harness<'_, Gui>) -> Option<PathBuf> {
    h.state().app.model.folder.data_dir.clone()
}

#[test]
fn another_folder_chosen_shows_its_documents_and_is_kept_in_the_preferences() {
    let (home, synced, default) = (
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("synced"),
        tempfile::tempdir().expect("default"),
    );
    with_roster(home.path(), "mine", "My band");
    with_roster(synced.path(), "group", "The group's band");
    let desktop = ScriptedDesktop {
        folders: vec![synced.path().to_path_buf()],
        default_data: Some(default.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let mut h = window(home.path(), desktop);
    // An edit not yet on disk when the folder changes.
    h.state_mut().app.apply(Command::Rename(
        DocKey::new(muster::rules::DocKind::Roster, "mine"),
        "My renamed band".to_owned(),
    ));
    assert!(!h.state().app.model.history.undo.is_empty());
    open_folder_window(&mut h);
    assert!(h.query_by_label("The default folder.").is_some());
    h.get_by_role_and_label(Role::Button, "Choose another folder…")
        .click();
    h.run();
    // The window stays open, showing the folder now in use.
    assert!(h.query_by_label("Chosen here.").is_some());
    h.get_by_role_and_label(Role::Button, "Close").click();
    h.run();
    assert_eq!(data_dir(&h).as_deref(), Some(synced.path()));
    assert_eq!(names(&h), vec!["The group's band".to_owned()]);
    assert!(
        h.query_all_by_label_contains("The group's band")
            .next()
            .is_some(),
        "the library shows it"
    );
    assert!(
        h.state().app.model.history.undo.is_empty(),
        "the old folder's edits are not undone in the new one"
    );
    assert_eq!(
        h.state().app.prefs().data_dir.as_deref(),
        Some(synced.path()),
        "kept with the preferences"
    );
    // What was open was saved in its own folder first.
    let mine = std::fs::read_to_string(home.path().join("rosters/mine.json")).expect("mine");
    assert!(mine.contains("My renamed band"), "{mine}");
    // The new folder's documents are saved there.
    h.state_mut().app.apply(Command::Rename(
        DocKey::new(muster::rules::DocKind::Roster, "group"),
        "Renamed here".to_owned(),
    ));
    h.state_mut().app.flush_saves();
    let group = std::fs::read_to_string(synced.path().join("rosters/group.json")).expect("group");
    assert!(group.contains("Renamed here"), "{group}");

    // The default folder again: empty, it starts empty.
    open_folder_window(&mut h);
    assert!(h.query_by_label("Chosen here.").is_some());
    h.get_by_role_and_label(Role::Button, "Use the default folder")
        .click();
    h.run();
    assert_eq!(data_dir(&h).as_deref(), Some(default.path()));
    assert!(names(&h).is_empty());
    assert_eq!(h.state().app.prefs().data_dir, None);
    assert_eq!(h.state().app.model.folder.origin, DataDirOrigin::Default);
}

#[test]
fn a_folder_that_cannot_be_opened_is_said_and_the_one_in_use_stays() {
    let (home, elsewhere) = (
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("elsewhere"),
    );
    with_roster(home.path(), "mine", "My band");
    // A file, not a folder.
    let file = elsewhere.path().join("notes.txt");
    std::fs::write(&file, "not a folder").expect("file");
    let desktop = ScriptedDesktop {
        folders: vec![file.clone()],
        ..ScriptedDesktop::default()
    };
    let mut h = window(home.path(), desktop);
    open_folder_window(&mut h);
    h.get_by_role_and_label(Role::Button, "Choose another folder…")
        .click();
    h.run();
    assert!(
        h.query_by_label("The documents folder was not changed")
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("is a file, not a folder")
            .next()
            .is_some()
    );
    assert_eq!(data_dir(&h).as_deref(), Some(home.path()));
    assert_eq!(names(&h), vec!["My band".to_owned()]);
    assert_eq!(h.state().app.prefs().data_dir, None, "nothing kept");
    assert!(
        std::fs::metadata(&file).expect("file").is_file(),
        "the file is left as it was"
    );
    h.get_by_role_and_label(Role::Button, "OK").click();
    h.run();
    assert!(
        h.query_by_label("The documents folder was not changed")
            .is_none()
    );
    assert_eq!(h.state().app.model.folder.problem, None);
    // The library in use still saves.
    h.state_mut().app.apply(Command::Rename(
        DocKey::new(muster::rules::DocKind::Roster, "mine"),
        "Still here".to_owned(),
    ));
    h.state_mut().app.flush_saves();
    let mine = std::fs::read_to_string(home.path().join("rosters/mine.json")).expect("mine");
    assert!(mine.contains("Still here"));
}

#[test]
fn muster_data_dir_overrides_the_folder_chosen() {
    let (home, other) = (
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("other"),
    );
    let desktop = ScriptedDesktop {
        folders: vec![other.path().to_path_buf()],
        data_dir_env: Some(home.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let mut h = window(home.path(), desktop);
    assert_eq!(h.state().app.model.folder.origin, DataDirOrigin::Env);
    open_folder_window(&mut h);
    assert!(h.query_by_label("Set by MUSTER_DATA_DIR.").is_some());
    assert!(
        h.query_all_by_label_contains("a folder chosen here would not be used")
            .next()
            .is_some()
    );
    // Even asked for without the window, the folder stays.
    h.state_mut()
        .app
        .apply(Command::SetDataDir(Some(other.path().to_path_buf())));
    assert_eq!(data_dir(&h).as_deref(), Some(home.path()));
    assert!(h.state().app.model.folder.problem.is_some());
    assert_eq!(h.state().app.prefs().data_dir, None);
}

#[test]
fn the_folder_preference_is_read_from_older_preferences() {
    // Preferences written before the folder could be chosen.
    let old = r#"{"zoom":1.0,"machine":"x"}"#;
    let prefs: Prefs = serde_json::from_str(old).expect("old prefs load");
    assert_eq!(prefs.data_dir, None);
    assert_eq!(prefs.machine, "x");
}

#[test]
fn a_chosen_folder_missing_at_start_opens_the_default_and_says_so() {
    let (share, default) = (
        tempfile::tempdir().expect("share"),
        tempfile::tempdir().expect("default"),
    );
    with_roster(default.path(), "home", "The default's band");
    // The group's folder on a share not mounted.
    let chosen = share.path().join("group");
    let prefs = Prefs {
        data_dir: Some(chosen.clone()),
        ..Prefs::default()
    };
    let desktop = ScriptedDesktop {
        default_data: Some(default.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let app = App::new(Some(&chosen), &prefs, Box::new(desktop), 5).expect("app");
    let mut h = crate::common::window(app, 1100.0, 800.0);
    h.run();
    assert!(!chosen.exists(), "no empty library made in its place");
    assert_eq!(data_dir(&h).as_deref(), Some(default.path()));
    assert_eq!(names(&h), vec!["The default's band".to_owned()]);
    assert!(!h.state().app.model.folder.read_only);
    let said = format!(
        "The documents folder chosen was not found: {}",
        chosen.display()
    );
    assert!(
        h.query_all_by_label_contains(&said).next().is_some(),
        "said on the message line"
    );
    assert_eq!(
        h.state().app.prefs().data_dir.as_deref(),
        Some(chosen.as_path()),
        "kept: the next start tries it again"
    );
    assert_eq!(h.state().app.model.folder.origin, DataDirOrigin::Default);
    // The Documents folder window says it too, with the way back.
    open_folder_window(&mut h);
    let window = format!(
        "The folder chosen, {}, was not found when Muster started",
        chosen.display()
    );
    assert!(h.query_all_by_label_contains(&window).next().is_some());
    assert!(
        h.query_by_label("Use the default folder")
            .is_some_and(|b| !b.accesskit_node().is_disabled())
    );
    drop(h);

    // Mounted again, the next start opens it.
    std::fs::create_dir_all(&chosen).expect("mounted");
    with_roster(&chosen, "group", "The group's band");
    let desktop = ScriptedDesktop {
        default_data: Some(default.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let app = App::new(Some(&chosen), &prefs, Box::new(desktop), 5).expect("app");
    assert_eq!(app.model.folder.data_dir.as_deref(), Some(chosen.as_path()));
    assert_eq!(app.model.folder.origin, DataDirOrigin::Chosen);
    assert!(
        app.model
            .feedback
            .messages
            .iter()
            .all(|m| m.text.key != "folder.missing_at_start")
    );
}

#[test]
fn muster_data_dir_missing_at_start_is_made_as_before() {
    let (home, default) = (
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("default"),
    );
    let env = home.path().join("new");
    let prefs = Prefs {
        data_dir: Some(env.clone()),
        ..Prefs::default()
    };
    let desktop = ScriptedDesktop {
        default_data: Some(default.path().to_path_buf()),
        data_dir_env: Some(env.clone()),
        ..ScriptedDesktop::default()
    };
    let app = App::new(Some(&env), &prefs, Box::new(desktop), 5).expect("app");
    assert!(env.is_dir(), "the folder MUSTER_DATA_DIR names is made");
    assert_eq!(app.model.folder.data_dir.as_deref(), Some(env.as_path()));
}

/// On a desktop that opens no folder dialog, "Choose another folder…"
/// chooses none and says where to type one; the path typed in the window
/// is used, its documents shown and kept with the preferences.
#[test]
fn a_folder_s_path_typed_in_is_used_where_no_folder_dialog_opens() {
    let (home, synced, default) = (
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("synced"),
        tempfile::tempdir().expect("default"),
    );
    with_roster(synced.path(), "group", "The group's band");
    let desktop = ScriptedDesktop {
        folders: Vec::new(),
        default_data: Some(default.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let mut h = window(home.path(), desktop);
    let before = data_dir(&h);
    open_folder_window(&mut h);
    h.get_by_role_and_label(Role::Button, "Choose another folder…")
        .click();
    h.run();
    assert_eq!(data_dir(&h), before, "unchanged");
    let said = crate::common::last_line(&h.state().app);
    let said = h.state().app.model.prefs.lang.msg(&said.text);
    assert!(said.contains("type the folder's path"), "{said}");
    // The window stayed open: the path is typed there.
    let field = "Or type the folder's path (where no folder dialog opens):";
    h.get_by_role_and_label(Role::TextInput, field).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, field)
        .type_text(&synced.path().display().to_string());
    h.run();
    h.get_by_role_and_label(Role::Button, "Use this folder")
        .click();
    h.run();
    assert_eq!(data_dir(&h).as_deref(), Some(synced.path()));
    assert_eq!(names(&h), vec!["The group's band".to_owned()]);
    assert_eq!(
        h.state().app.prefs().data_dir.as_deref(),
        Some(synced.path())
    );
}

/// A file another program broke says so in a red banner, which folds into
/// one line that still says a file waits, and unfolds again; nothing is
/// settled by folding it.
#[test]
fn the_banners_of_files_changed_on_disk_fold_into_one_line() {
    let home = tempfile::tempdir().expect("home");
    with_roster(home.path(), "mine", "My band");
    let desktop = ScriptedDesktop {
        default_data: Some(home.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let mut h = window(home.path(), desktop);
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(home.path().join("rosters/mine.json"), "{ broken").expect("write");
    h.state_mut().app.apply(Command::CheckDisk);
    h.run();
    assert_eq!(h.state().app.model.library.disk_changes.len(), 1);
    let banner = |h: &Harness<'_, Gui>| {
        h.query_all_by_label_contains("on disk cannot be read")
            .next()
            .is_some()
    };
    assert!(banner(&h));
    h.get_by_role_and_label(Role::Button, "Fold these messages")
        .click();
    h.run();
    assert!(!banner(&h), "folded");
    assert!(
        h.query_by_label("1 file changed by another program waits for you")
            .is_some()
    );
    assert_eq!(
        h.state().app.model.library.disk_changes.len(),
        1,
        "still waits"
    );
    h.get_by_role_and_label(Role::Button, "Show them").click();
    h.run();
    assert!(banner(&h), "unfolded");
}

/// A path typed in that names no folder from the top of the disk (one
/// relative to wherever Muster was started) or names a file is refused,
/// saying why in the player's words, the folder unchanged; `~` is the home
/// folder.
#[test]
fn a_typed_path_that_is_relative_or_a_file_is_refused_and_tilde_is_home() {
    let (home, default) = (
        tempfile::tempdir().expect("home"),
        tempfile::tempdir().expect("default"),
    );
    let desktop = ScriptedDesktop {
        default_data: Some(default.path().to_path_buf()),
        ..ScriptedDesktop::default()
    };
    let mut h = window(home.path(), desktop);
    let before = data_dir(&h);
    let file = home.path().join("a-file");
    std::fs::write(&file, "not a folder").expect("file");
    for (typed, said) in [
        ("relative/dir".to_owned(), "is not a whole path"),
        (file.display().to_string(), "is a file, not a folder"),
    ] {
        h.state_mut()
            .app
            .apply(Command::SetDataDir(Some(std::path::PathBuf::from(&typed))));
        h.run();
        assert_eq!(data_dir(&h), before, "{typed}: unchanged");
        let problem = h.state().app.model.folder.problem.clone().expect("said");
        let text = muster::i18n::Lang::En.msg(&problem);
        assert!(text.contains(said) && text.contains(&typed), "{text}");
        assert!(!text.contains("os error"), "{text}");
        h.state_mut().app.apply(Command::ForgetFolderProblem);
    }
    assert!(!std::path::Path::new("relative").exists(), "nothing made");
    // `~` is the home folder, never a folder named "~".
    if let Some(dirs) = directories::BaseDirs::new() {
        let name = format!("muster-tilde-test-{}", std::process::id());
        h.state_mut()
            .app
            .apply(Command::SetDataDir(Some(std::path::PathBuf::from(
                format!("~/{name}"),
            ))));
        h.run();
        let expected = dirs.home_dir().join(&name);
        assert_eq!(data_dir(&h).as_deref(), Some(expected.as_path()));
        assert!(!std::path::Path::new("~").exists());
        let _ = std::fs::remove_dir_all(expected);
    }
}

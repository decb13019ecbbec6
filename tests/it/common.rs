//! Helpers shared by the tests: rosters through the general document model.

use std::path::{Path, PathBuf};

use muster::app::{Message, Model};
use muster::i18n::Lang;
use muster::rules::campaign::{DebriefEdit, PreparationEdit, SetupEdit};
use muster::rules::{Doc, DocKey, Document, Roster};
use muster::store::{self, Kinds, Library, Store, StoreError};

/// A roster file read through the store's reader.
pub fn read_roster(path: &Path) -> Result<Roster, StoreError> {
    let doc = store::read_file(&Kinds::default(), path)?;
    Ok(doc.get::<Roster>().cloned().expect("a roster"))
}

/// The text of a roster's file.
pub fn roster_json(roster: &Roster) -> String {
    store::to_json(roster).expect("serializes")
}

/// Rosters through a store.
pub trait RosterStore {
    /// Saves a roster.
    fn save_roster(&self, roster: &Roster) -> Result<PathBuf, StoreError>;
    /// Deletes a roster.
    fn delete_roster(&self, id: &str) -> Result<(), StoreError>;
    /// A roster's backups, newest first.
    fn roster_backups(&self, id: &str) -> Vec<PathBuf>;
}

impl RosterStore for Store {
    fn save_roster(&self, roster: &Roster) -> Result<PathBuf, StoreError> {
        self.save(&Doc::new(roster.clone()))
    }
    fn delete_roster(&self, id: &str) -> Result<(), StoreError> {
        self.delete(&DocKey::new(Roster::KIND, id))
    }
    fn roster_backups(&self, id: &str) -> Vec<PathBuf> {
        self.backups(&DocKey::new(Roster::KIND, id))
    }
}

/// Every roster, as a list.
pub trait AllRosters {
    /// The rosters, by name.
    fn all_rosters(&self) -> Vec<Roster>;
}

impl AllRosters for Model {
    fn all_rosters(&self) -> Vec<Roster> {
        self.rosters().cloned().collect()
    }
}

impl AllRosters for Library {
    fn all_rosters(&self) -> Vec<Roster> {
        self.of::<Roster>().cloned().collect()
    }
}

/// A log line as an English speaker reads it.
pub trait Shown {
    /// The text in English.
    fn shown(&self) -> String;
}

impl Shown for Message {
    fn shown(&self) -> String {
        Lang::En.msg(&self.text)
    }
}

/// The app's last log line.
pub fn last_line(app: &muster::app::App) -> &Message {
    app.model.feedback.messages.last().expect("a log line")
}

/// The app on the data folder `dir`, in `lang`, with scripted dialogs and
/// its dice seeded by `seed`.
pub fn app_in(dir: &Path, lang: Lang, seed: u64) -> muster::app::App {
    muster::app::App::new(
        Some(dir),
        &muster::app::Prefs {
            lang,
            ..muster::app::Prefs::default()
        },
        Box::new(muster::app::ScriptedDesktop::default()),
        seed,
    )
    .expect("app")
}

/// The whole window around `app`, `width` × `height` points, for kittest.
pub fn window(
    app: muster::app::App,
    width: f32,
    height: f32,
) -> egui_kittest::Harness<'static, muster::ui::Gui> {
    // The app's threads (the fight to the end, the preview's typesetting)
    // wake the window when done: a few more frames than a still screen.
    egui_kittest::Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(16)
        .build_ui_state(
            |ui, gui: &mut muster::ui::Gui| gui.frame_ui(ui),
            muster::ui::Gui::new(app),
        )
}

/// A window to test, built step by step: the data folder, then what
/// differs from the usual (English, dice seeded 5, 1280 × 4000 points, no
/// document saved first, the library shown).
pub struct WindowOn<'a> {
    dir: &'a Path,
    lang: Lang,
    seed: u64,
    size: (f32, f32),
    saved: Vec<Doc>,
    screen: Option<muster::app::Screen>,
    kept_in: Option<PathBuf>,
}

/// A window on the data folder `dir` ([`WindowOn::open`] opens it).
pub fn window_on(dir: &Path) -> WindowOn<'_> {
    WindowOn {
        dir,
        lang: Lang::En,
        seed: 5,
        size: (1280.0, 4000.0),
        saved: Vec::new(),
        screen: None,
        kept_in: None,
    }
}

impl WindowOn<'_> {
    /// In the language `lang`.
    #[must_use]
    pub fn lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// Its dice seeded by `seed`.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// `width` × `height` points.
    #[must_use]
    pub fn size(mut self, width: f32, height: f32) -> Self {
        self.size = (width, height);
        self
    }

    /// `doc` saved in the folder before the app opens it.
    #[must_use]
    pub fn saved(mut self, doc: Doc) -> Self {
        self.saved.push(doc);
        self
    }

    /// Showing `screen` once open.
    #[must_use]
    pub fn showing(mut self, screen: muster::app::Screen) -> Self {
        self.screen = Some(screen);
        self
    }

    /// Keeping what it keeps beside the preferences (the undo history,
    /// the battle screen's fights) in `dir`.
    #[must_use]
    pub fn kept_in(mut self, dir: &Path) -> Self {
        self.kept_in = Some(dir.to_path_buf());
        self
    }

    /// The window, its first frames run.
    pub fn open(self) -> egui_kittest::Harness<'static, muster::ui::Gui> {
        if !self.saved.is_empty() {
            let store = Store::open(self.dir).expect("store");
            for doc in &self.saved {
                store.save(doc).expect("save");
            }
        }
        let desktop = muster::app::ScriptedDesktop {
            history: self.kept_in,
            ..muster::app::ScriptedDesktop::default()
        };
        let prefs = muster::app::Prefs {
            lang: self.lang,
            ..muster::app::Prefs::default()
        };
        let app = muster::app::App::new(Some(self.dir), &prefs, Box::new(desktop), self.seed)
            .expect("app");
        let mut h = window(app, self.size.0, self.size.1);
        h.run();
        if let Some(screen) = self.screen {
            h.state_mut().app.apply(muster::app::Command::Show(screen));
            h.run();
        }
        h
    }
}

/// Today's stamped file of a campaign shared by two machines (Camille's
/// laptop, Bruno's desktop), put in the documents folder `dir` as it is;
/// the campaign it holds.
pub fn stamped_campaign_in(dir: &std::path::Path) -> muster::rules::campaign::Campaign {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/campaign-v2-stamped.json"
    );
    std::fs::create_dir_all(dir.join("campaigns")).expect("folder");
    std::fs::copy(fixture, dir.join("campaigns/shared.json")).expect("copy");
    let text = std::fs::read_to_string(fixture).expect("fixture");
    muster::store::parse(&text, "shared").expect("campaign")
}

/// The campaign the window's app holds (the first, if several).
pub fn the_campaign(
    h: &egui_kittest::Harness<'_, muster::ui::Gui>,
) -> muster::rules::campaign::Campaign {
    h.state()
        .app
        .model
        .library
        .docs
        .iter()
        .find_map(Doc::get::<muster::rules::campaign::Campaign>)
        .cloned()
        .expect("a campaign")
}

/// The example kill team (`assets/examples/killteam.json`).
pub fn example_team() -> muster::rules::KillTeam {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/killteam.json"
    ))
    .expect("example");
    store::document::parse::<muster::rules::KillTeam>(&text, "raiders").expect("team")
}

/// The campaign character named `name`.
pub fn char_id(
    c: &muster::rules::campaign::Campaign,
    name: &str,
) -> muster::rules::campaign::CharId {
    c.characters
        .iter()
        .find(|x| x.name() == name)
        .map(|x| x.id)
        .unwrap_or_else(|| panic!("{name} in the campaign"))
}

/// "The Raid": `team` as Anne's escort, its first mission drawn and begun,
/// then the events `then` gives for that campaign, all with dice seeded 7.
pub fn team_at_the_table(
    team: &muster::rules::KillTeam,
    rules: &muster::rules::RulesData,
    then: impl FnOnce(&muster::rules::campaign::Campaign) -> Vec<muster::rules::campaign::CampaignEdit>,
) -> muster::rules::campaign::Campaign {
    escort_at_the_table(team_escort(team), rules, then)
}

/// `team`'s soldiers as Anne's escort.
pub fn team_escort(team: &muster::rules::KillTeam) -> muster::rules::campaign::NewEscort {
    use muster::rules::campaign::{Member, NewEscort};
    NewEscort {
        player: "Anne".into(),
        source: team.name.clone(),
        kind: muster::rules::campaign::EscortKind::KillTeam,
        members: team.soldiers.iter().cloned().map(Member::Soldier).collect(),
        doc: None,
    }
}

/// "The Raid" with the example Rogue Trader band (Inquisitor Vael, Sister
/// Oriel, Sergeant Brask) as Anne's escort, at the table of its first
/// mission.
pub fn band_at_the_table(rules: &muster::rules::RulesData) -> muster::rules::campaign::Campaign {
    escort_at_the_table(band_escort("Anne", &example_band()), rules, |_| Vec::new())
}

/// The example Rogue Trader band (`assets/examples/rt-band.json`).
pub fn example_band() -> Roster {
    read_roster(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/rt-band.json"
    )))
    .expect("band")
}

/// `band`'s characters as `player`'s escort.
pub fn band_escort(player: &str, band: &Roster) -> muster::rules::campaign::NewEscort {
    use muster::rules::campaign::Member;
    muster::rules::campaign::NewEscort {
        player: player.into(),
        source: band.name.clone(),
        kind: muster::rules::campaign::EscortKind::Band,
        members: band
            .characters
            .iter()
            .cloned()
            .map(Member::Character)
            .collect(),
        doc: None,
    }
}

/// "The Raid": `escort` its escort, its first mission drawn and begun,
/// then the events `then` gives for that campaign, all with dice seeded 7.
pub fn escort_at_the_table(
    escort: muster::rules::campaign::NewEscort,
    rules: &muster::rules::RulesData,
    then: impl FnOnce(&muster::rules::campaign::Campaign) -> Vec<muster::rules::campaign::CampaignEdit>,
) -> muster::rules::campaign::Campaign {
    let c = muster::rules::campaign::Campaign::new("raid", "The Raid", &rules.campaign);
    let c = escort_at_the_table_from(&c, escort, rules);
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut c = c;
    for e in then(&c) {
        c = c
            .apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0;
    }
    c
}

/// `c`, a campaign in setup, with `escort` its escort, its first mission
/// drawn and begun, all with dice seeded 7.
pub fn escort_at_the_table_from(
    c: &muster::rules::campaign::Campaign,
    escort: muster::rules::campaign::NewEscort,
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    use muster::rules::campaign::{Campaign, CampaignEdit as E, MissionChoice};
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut go = |c: &Campaign, e: E| {
        c.apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0
    };
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let mut c = go(c, E::Setup(SetupEdit::SetSettings { settings: s }));
    let start = [
        E::Setup(SetupEdit::AddEscort { escort }),
        E::Setup(SetupEdit::Start {
            rates: None,
            choice: MissionChoice::default(),
        }),
    ];
    for e in start.into_iter().chain(drawn_and_begun()) {
        c = go(&c, e);
    }
    c
}

/// The campaign after `e`, which must be accepted (dice seeded 7).
pub fn ok(
    c: &muster::rules::Campaign,
    e: muster::rules::campaign::CampaignEdit,
    r: &muster::rules::RulesData,
) -> muster::rules::Campaign {
    let mut rng = muster::rules::core::dice::seeded(7);
    match c.apply(e.clone(), r, &mut rng) {
        Ok((c, _)) => c,
        Err(p) => panic!("{e:?} refused: {p:?}"),
    }
}

/// Why `e` is refused (it must be; dice seeded 7).
pub fn refused(
    c: &muster::rules::Campaign,
    e: muster::rules::campaign::CampaignEdit,
    r: &muster::rules::RulesData,
) -> muster::rules::Problem {
    let mut rng = muster::rules::core::dice::seeded(7);
    match c.apply(e, r, &mut rng) {
        Ok(_) => panic!("accepted"),
        Err(p) => p,
    }
}

/// Clicks the widget of this accessible name, then runs the frames.
pub fn click(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, label: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_label(label).click();
    h.run();
}

/// Frames until the chronicle's thread has told the story of the campaign
/// shown as its journal stands (for at most a minute), then runs the
/// frames it wakes.
pub fn until_the_story_is_told(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>) {
    let start = std::time::Instant::now();
    // A spinner turns meanwhile: frames one by one.
    h.step();
    loop {
        let model = &h.state().app.model;
        let shown = match &model.screen {
            muster::app::Screen::Campaign(id) => model.get::<muster::rules::Campaign>(id),
            _ => None,
        };
        let told = &model.jobs.chronicle.told;
        if shown.is_some_and(|c| told.as_ref().is_some_and(|t| t.tells(c))) {
            break;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "the story was never told"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run();
}

/// Whether the table offers to bring `name` back into action: he is out
/// of it.
pub fn offers_to_bring_back(h: &egui_kittest::Harness<'_, muster::ui::Gui>, name: &str) -> bool {
    use egui_kittest::kittest::Queryable as _;
    h.query_by_label(&format!("Bring {name} back into action"))
        .is_some()
}

/// Clicks the button of this accessible name, then runs the frames.
pub fn button(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, label: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_role_and_label(egui::accesskit::Role::Button, label)
        .click();
    h.run();
}

/// Opens the combo of this name and picks the item whose name contains
/// `item`.
pub fn pick(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, combo: &str, item: &str) {
    use egui_kittest::kittest::Queryable as _;
    click(h, combo);
    h.get_by_label_contains(item).click_accesskit();
    h.run();
}

/// The example campaign, as `assets/examples/campaign.json` holds it:
/// three missions in, at the table of the fourth with the band's
/// characters and the kill team's soldiers, two of whom have acted.
pub fn example_campaign_at_the_table(
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/campaign.json"
    ))
    .expect("example");
    let c = muster::store::document::parse::<muster::rules::campaign::Campaign>(&text, "tertius")
        .expect("campaign");
    assert!(c.validate(rules).is_empty(), "{:?}", c.validate(rules));
    c
}

/// The example campaign between its third and fourth missions: its
/// journal played again up to the fourth mission drawn, not yet begun, when
/// advance points are placed and reinforcements bought.
pub fn example_campaign_between_missions(
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    let mut c = example_campaign_at_the_table(rules);
    let next = (c.journal.iter())
        .rposition(|e| {
            matches!(
                e.event,
                muster::rules::CampaignEdit::Debrief(
                    muster::rules::campaign::DebriefEdit::NextMission { .. }
                )
            )
        })
        .expect("the fourth mission drawn");
    c.journal.truncate(next + 1);
    let (c, _) = c.replay(rules).expect("replays");
    assert_eq!(c.phase, muster::rules::campaign::Phase::Ready);
    c
}

/// The names of the files in a folder, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A guardsman's actions in one activation (KT-9), as a house rule names it.
pub const GUARD_ACTIONS: &str = "killteam.json/soldier_kinds/0/actions/per_activation";

/// The rules of a data folder whose `killteam.json` gives a guardsman
/// `actions` actions, read as Muster reads its data folder (the folder is
/// kept while the rules are used).
pub fn folder_rules(actions: u32) -> (tempfile::TempDir, muster::rules::RulesData) {
    let dir = tempfile::tempdir().expect("dir");
    let text = muster::rules::data::BUILT_IN_FILES
        .iter()
        .find(|(n, _)| *n == "killteam.json")
        .expect("killteam.json")
        .1;
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    *v.pointer_mut("/soldier_kinds/0/actions/per_activation")
        .expect("the place") = actions.into();
    std::fs::write(dir.path().join("killteam.json"), v.to_string()).expect("write");
    let (rules, problems) = muster::store::load_rules(Some(dir.path())).expect("loads");
    assert!(problems.is_empty(), "{problems:?}");
    (dir, rules)
}

/// `c` played under the reading of KT-8 that only shows whose turn it is
/// (the players keep the order): for tests of other rules, whose soldiers
/// act one after the other with no enemy activation between.
pub fn turns_shown(
    c: &muster::rules::campaign::Campaign,
    r: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    use muster::rules::campaign::{CampaignEdit as E, RulesEdit};
    let place = "killteam.json/turn/alternation_enforced";
    let edit = match &c.house_rules {
        None => E::HouseRules(RulesEdit::record(
            muster::rules::house_rules::HouseRules::of([muster::rules::house_rules::RuleChange {
                place: place.into(),
                value: false.into(),
            }]),
        )),
        Some(_) => E::HouseRules(RulesEdit::Set {
            place: place.into(),
            value: Some(false.into()),
        }),
    };
    ok(c, edit, r)
}

/// A roster "Raiders" with one human, Kal, made in `app` as the window
/// makes them: the roster's id and Kal's.
pub fn raiders_with_kal(app: &mut muster::app::App) -> (String, u64) {
    use muster::app::Command;
    app.apply(Command::create_roster("Raiders"));
    let id = app.model.all_rosters()[0].id.clone();
    let cid = add_kal(app, &id);
    (id, cid)
}

/// Adds Kal, a human, to the roster `id`, which has no character yet, as
/// the window adds him: his id.
pub fn add_kal(app: &mut muster::app::App, id: &str) -> u64 {
    use muster::app::Command;
    use muster::rules::{NewCharacter, RosterEdit};
    app.apply(Command::roster(
        id.to_owned(),
        RosterEdit::AddCharacter {
            name: "Kal".to_owned(),
            how: NewCharacter::Standard {
                race: "human".to_owned(),
                type_id: None,
            },
        },
    ));
    app.model.all_rosters()[0].characters[0].id
}

/// The events that end the mission at the table (lost) and begin the next
/// one, its enemy drawn.
pub fn next_mission_begun() -> Vec<muster::rules::campaign::CampaignEdit> {
    use muster::rules::campaign::{CampaignEdit as E, MissionChoice, MissionResult};
    let mut events = vec![
        E::Debrief(DebriefEdit::EndMission {
            result: MissionResult {
                success: false,
                vp: 0,
            },
            played: vec![],
        }),
        E::Debrief(DebriefEdit::NextMission {
            choice: MissionChoice::default(),
        }),
    ];
    events.extend(drawn_and_begun());
    events
}

/// The events that draw the whole enemy escort of the mission, seeded,
/// and begin it.
pub fn drawn_and_begun() -> [muster::rules::campaign::CampaignEdit; 2] {
    use muster::rules::campaign::CampaignEdit as E;
    [
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        E::Preparation(PreparationEdit::BeginMission),
    ]
}

/// "The Raid" with `escort` its escort, the mission `mission` of type `t`
/// picked by hand as its first, its enemy drawn and the mission begun, all
/// with dice seeded 7.
pub fn escort_at_the_mission(
    escort: muster::rules::campaign::NewEscort,
    (t, mission): (muster::rules::campaign::MissionType, &str),
    rules: &muster::rules::RulesData,
) -> muster::rules::campaign::Campaign {
    use muster::rules::campaign::{Campaign, CampaignEdit as E, MissionChoice};
    let mut rng = muster::rules::core::dice::seeded(7);
    let mut c = Campaign::new("raid", "The Raid", &rules.campaign);
    let mut s = c.settings.clone();
    s.nemesis = "renegade_marines".into();
    s.secondary = vec!["cultists".into(), "mutants".into()];
    let choice = MissionChoice {
        force_type: Some(t),
        reason: "a mission chosen for the evening".into(),
        pick: Some(mission.into()),
        ..MissionChoice::default()
    };
    for e in [
        E::Setup(SetupEdit::SetSettings { settings: s }),
        E::Setup(SetupEdit::AddEscort { escort }),
        E::Setup(SetupEdit::Start {
            rates: None,
            choice,
        }),
        E::Preparation(PreparationEdit::DrawEnemy {
            all: true,
            rolls: vec![],
            drawn: vec![],
        }),
        E::Preparation(PreparationEdit::BeginMission),
    ] {
        c = c
            .apply(e.clone(), rules, &mut rng)
            .unwrap_or_else(|p| panic!("{e:?}: {p:?}"))
            .0;
    }
    c
}

/// The built-in rules, loaded once for every test of the run.
pub fn rules() -> &'static muster::rules::RulesData {
    static RULES: std::sync::LazyLock<muster::rules::RulesData> =
        std::sync::LazyLock::new(|| muster::rules::RulesData::built_in().expect("built-in rules"));
    &RULES
}

/// Clicks the field labelled `label` and types `text` into it.
pub fn type_into(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, label: &str, text: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

/// Begins turn `turn` at the table: "Begin turn N", and its answer when
/// the screen asks first (models still to activate, KT-8).
pub fn begin_turn(h: &mut egui_kittest::Harness<'_, muster::ui::Gui>, turn: u32) {
    use egui_kittest::kittest::Queryable as _;
    let label = format!("Begin turn {turn}");
    h.get_by_role_and_label(egui::accesskit::Role::Button, &label)
        .click();
    h.run();
    let asked = h
        .query_all_by_role_and_label(egui::accesskit::Role::Button, &label)
        .count()
        > 1;
    if asked {
        h.get_all_by_role_and_label(egui::accesskit::Role::Button, &label)
            .last()
            .expect("the answer")
            .click();
        h.run();
    }
}

/// The table's "Act…" menu entry for the action `act` as shown: a shot, a
/// close combat or a grenade taken there is one rolled with the players'
/// own dice (the battle screen's roll takes its action itself).
pub fn act_entry(act: &str) -> String {
    if ["Shoot", "Close combat", "Grenade"].contains(&act) {
        format!("{act}, rolled with your own dice")
    } else {
        act.to_owned()
    }
}

//! The battle screen's flyer mode: the speeds and the climb or dive a
//! flyer may make (FLY-1, FLY-2), the range when shooting at, from and
//! between flyers (FLY-4 … FLY-6), dropped objects (FLY-10) and crashes
//! (FLY-11), with exact odds and seeded rolls into the battle log; where
//! the flyer is and its close combat are in `flyer_air.rs`.

use egui::RichText;
use egui_material_icons::icons;

use crate::app::HandFlyer;
use crate::i18n::Lang;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::flyers::{self, Flight, Flyer, Landing, Level};
use crate::rules::{Msg, Problem};
use crate::ui::battle::parts::{bar, field, percent, roll_button};
use crate::ui::battle::units::RoundView;
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, badge, card, card_title};

/// Who shoots whom (FLY-4 … FLY-6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shot {
    /// From the ground at a flyer (FLY-4).
    #[default]
    AtFlyer,
    /// From a flyer at the ground (FLY-5).
    FromFlyer,
    /// From one flyer at another (FLY-6).
    AirToAir,
}

/// Where the flyer is (FLY-3, FLY-10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Whereabouts {
    /// On the ground.
    Ground,
    /// In the air, at the flyer's level.
    #[default]
    Air,
    /// Off the table gathering stones, so many turns after the one it left
    /// in (FLY-10).
    Gathering {
        /// Turns since the turn it left in.
        turns: u32,
    },
}

/// Whom the air troops fight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Foe {
    /// Ground troops (FLY-7).
    #[default]
    Ground,
    /// Other flyers in the air (FLY-8).
    Air,
}

/// How the combat with air troops ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatEnd {
    /// The air unit lost: pushed up to this level (FLY-7).
    AirPushedUp(Level),
    /// The ground unit lost: it tests for rout (FLY-7).
    GroundLost,
    /// The air troops broke off (FLY-9).
    BrokeOff,
}

/// The flyer's state in the air and its close combat.
#[derive(Clone, Debug, PartialEq)]
pub struct AirState {
    /// Where it is.
    pub(super) whereabouts: Whereabouts,
    /// The speed it takes off at.
    pub(super) take_off_speed: i64,
    /// It is a vehicle (it keeps its air speed on landing).
    pub(super) vehicle: bool,
    /// What followed its last landing.
    pub(super) landed: Option<Landing>,
    /// Why the last take-off or landing was refused.
    pub(super) problem: Option<Problem>,
    /// The log entry of the last return roll of a unit gone for stones.
    pub(super) gather_roll: Option<usize>,
    /// Whom it fights.
    pub(super) foe: Foe,
    /// The unit mode's first unit is the air unit (else the second).
    pub(super) first_flies: bool,
    /// The turn of this combat (1 for the first).
    pub(super) turn: i64,
    /// The other flyer's level (air to air).
    pub(super) foe_level: i64,
    /// The two flyers are in base contact (air to air).
    pub(super) in_contact: bool,
    /// How the combat ended, if it did.
    pub(super) end: Option<CombatEnd>,
}

impl Default for AirState {
    fn default() -> Self {
        Self {
            whereabouts: Whereabouts::Air,
            take_off_speed: 6,
            vehicle: false,
            landed: None,
            problem: None,
            gather_roll: None,
            foe: Foe::Ground,
            first_flies: true,
            turn: 1,
            foe_level: 0,
            in_contact: true,
            end: None,
        }
    }
}

/// The flyer and what the player set up.
pub struct FlyerView {
    /// Its highest speed.
    max_speed: i64,
    /// Its lowest speed (0: it hovers).
    min_speed: i64,
    /// Its acc/dec.
    pub(super) acc_dec: i64,
    /// Its speed now.
    pub(super) speed: i64,
    /// Its level now (0: attack level; 2: +20).
    pub(super) level: i64,
    /// Inches moved this turn.
    moved: i64,
    /// The level it goes to this turn.
    to_level: i64,
    /// Who shoots whom.
    shot: Shot,
    /// The distance on the ground, in inches.
    ground: i64,
    /// The other flyer's level (air to air).
    other_level: i64,
    /// The weapon's range.
    weapon_range: i64,
    /// A crash (FLY-11), and objects dropped on it (FLY-10).
    crash: CrashView,
    /// Where it is and its close combat (FLY-3, FLY-7 … FLY-10).
    pub(super) air: AirState,
}

impl Default for FlyerView {
    fn default() -> Self {
        Self {
            max_speed: 24,
            min_speed: 6,
            acc_dec: 6,
            speed: 12,
            level: 2,
            moved: 12,
            to_level: 2,
            shot: Shot::AtFlyer,
            ground: 18,
            other_level: 0,
            weapon_range: 36,
            crash: CrashView::default(),
            air: AirState::default(),
        }
    }
}

/// What a crash hits (FLY-11), and whoever drops an object (FLY-10), as the player
/// set them.
#[derive(Clone, Debug, PartialEq)]
pub struct CrashView {
    /// The flyer's T (crash impact).
    t: i64,
    /// It lands on something.
    lands_on: bool,
    /// The T of what it lands on.
    target_t: i64,
    /// The S of whoever drops stones.
    thrower_s: i64,
}

impl Default for CrashView {
    fn default() -> Self {
        Self {
            t: 6,
            lands_on: false,
            target_t: 3,
            thrower_s: 3,
        }
    }
}

pub(super) fn level_of(v: i64) -> Level {
    Level(u32::try_from(v.max(0)).unwrap_or(0))
}

fn inches(v: i64) -> u32 {
    u32::try_from(v.max(0)).unwrap_or(0)
}

/// A level as players write it: "attack level" or "+20".
/// The level in words, as a message: the attack level, or `+N`.
pub(super) fn level_msg(level: Level) -> Msg {
    if level == Level::ATTACK {
        Msg::new("flyer.attack_level")
    } else {
        Msg::verbatim(format!("+{}", level.altitude()))
    }
}

pub(super) fn level_words(lang: Lang, level: Level) -> String {
    if level == Level::ATTACK {
        lang.t("flyer.attack_level").to_owned()
    } else {
        format!("+{}", level.altitude())
    }
}

impl FlyerView {
    /// Its speed now.
    pub fn speed(&self) -> i64 {
        self.speed
    }

    /// Its level now (0: attack level; 2: +20).
    pub fn level(&self) -> i64 {
        self.level
    }

    /// Sets its speed now.
    pub fn set_speed(&mut self, speed: i64) {
        self.speed = speed;
    }

    /// Sets its level now (0: attack level; 2: +20).
    pub fn set_level(&mut self, level: i64) {
        self.level = level;
    }

    /// What followed its last landing.
    pub fn landed(&self) -> Option<Landing> {
        self.air.landed
    }

    /// Sets the speed it takes off at.
    pub fn set_take_off_speed(&mut self, speed: i64) {
        self.air.take_off_speed = speed;
    }

    /// Sets the turn of its close combat (1 for the first).
    pub fn set_combat_turn(&mut self, turn: i64) {
        self.air.turn = turn;
    }

    /// Sets the other flyer's level (air to air).
    pub fn set_foe_level(&mut self, level: i64) {
        self.air.foe_level = level;
    }

    pub(super) fn flyer(&self) -> Flyer {
        Flyer {
            max_speed: inches(self.max_speed),
            min_speed: inches(self.min_speed),
            acc_dec: inches(self.acc_dec),
            turn_ratio: 1.0,
        }
    }

    /// Shows flyer mode; a close combat with air troops is fought by the
    /// unit mode's `units`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, units: &RoundView) {
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.whereabouts_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.air_combat_ui(ui, cx, units);
            });
        });
        ui.add_space(space::M);
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.flight_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.range_ui(ui, cx);
            });
        });
        ui.add_space(space::M);
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.drop_ui(ui, cx);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.crash_ui(ui, cx);
            });
        });
    }

    /// Speeds, climbs and dives (FLY-1, FLY-2).
    fn flight_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.flyers;
        card_title(ui, icons::ICON_FLIGHT, cx.t("flyer.flyer"));
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("flyer.max_speed"), &mut self.max_speed, 0..=200);
            field(ui, cx.t("flyer.min_speed"), &mut self.min_speed, 0..=200);
            field(ui, cx.t("flyer.acc_dec"), &mut self.acc_dec, 0..=100);
        });
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("flyer.speed"), &mut self.speed, 0..=200);
            let top = i64::from(rules.max_level);
            field(ui, cx.t("flyer.level"), &mut self.level, 0..=top);
        });
        let flyer = self.flyer();
        if let Err(p) = flyer.check() {
            alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            return;
        }
        let (low, high) = flyers::speed_limits(rules, &flyer, inches(self.speed));
        ui.label(
            RichText::new(cx.f(
                "flyer.speed_limits",
                &[("low", &low.to_string()), ("high", &high.to_string())],
            ))
            .strong(),
        );
        if low < flyer.min_speed {
            badge(
                ui,
                Tone::Warning,
                &cx.f(
                    "flyer.below_minimum",
                    &[("min", &flyer.min_speed.to_string())],
                ),
            );
        }
        if flyer.can_hover() {
            badge(ui, Tone::Info, cx.t("flyer.hovers"));
        }
        ui.add_space(space::S);
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("flyer.moved"), &mut self.moved, 0..=200);
            let top = i64::from(rules.max_level);
            field(ui, cx.t("flyer.to_level"), &mut self.to_level, 0..=top);
        });
        let moved = inches(self.moved);
        ui.label(cx.f(
            "flyer.climb_dive",
            &[
                (
                    "climb",
                    &flyers::max_climb(rules, &flyer, moved).to_string(),
                ),
                ("dive", &flyers::max_dive(rules, &flyer, moved).to_string()),
                ("moved", &moved.to_string()),
            ],
        ));
        let to = level_of(self.to_level);
        match flyers::change_level(rules, &flyer, level_of(self.level), to, moved) {
            Ok(Flight::Flies) => {
                badge(
                    ui,
                    Tone::Good,
                    &cx.f("flyer.reaches", &[("level", &level_words(cx.lang, to))]),
                );
            }
            Ok(Flight::Crashes) => {
                badge(ui, Tone::Dead, cx.t("flyer.dives_too_steep"));
            }
            Err(p) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            }
        }
    }

    /// Ranges at, from and between flyers (FLY-4 … FLY-6).
    fn range_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.flyers;
        card_title(ui, icons::ICON_STRAIGHTEN, cx.t("flyer.range"));
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.shot, Shot::AtFlyer, cx.t("flyer.shot.at_flyer"));
            ui.radio_value(
                &mut self.shot,
                Shot::FromFlyer,
                cx.t("flyer.shot.from_flyer"),
            );
            ui.radio_value(
                &mut self.shot,
                Shot::AirToAir,
                cx.t("flyer.shot.air_to_air"),
            );
        });
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("flyer.ground_distance"), &mut self.ground, 0..=500);
            field(
                ui,
                cx.t("flyer.weapon_range"),
                &mut self.weapon_range,
                0..=500,
            );
            if self.shot == Shot::AirToAir {
                let top = i64::from(rules.max_level);
                field(
                    ui,
                    cx.t("flyer.target_level"),
                    &mut self.other_level,
                    0..=top,
                );
            }
        });
        let ground = self.ground as f64;
        let level = level_of(self.level);
        let range = match self.shot {
            Shot::AtFlyer => flyers::range_from_ground(rules, level, ground),
            Shot::FromFlyer => flyers::range_to_ground(rules, level, ground),
            Shot::AirToAir => {
                flyers::range_air_to_air(rules, level, level_of(self.other_level), ground)
            }
        };
        ui.label(
            RichText::new(cx.f(
                "flyer.range_is",
                &[
                    ("range", &format!("{range}")),
                    ("level", &level_words(cx.lang, level)),
                ],
            ))
            .strong(),
        );
        if flyers::in_range(range, self.weapon_range as f64) {
            badge(ui, Tone::Good, cx.t("flyer.in_range"));
        } else {
            badge(ui, Tone::Error, cx.t("flyer.out_of_range"));
        }
    }

    /// Dropped objects (FLY-10).
    fn drop_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.flyers;
        card_title(ui, icons::ICON_DOWNLOAD, cx.t("flyer.drop"));
        let level = level_of(self.level);
        let roll = flyers::drop_roll(rules, level);
        ui.label(cx.f(
            "flyer.drop_roll",
            &[
                ("level", &level_words(cx.lang, level)),
                ("sides", &roll.sides.to_string()),
                ("modifier", &roll.modifier.to_string()),
            ],
        ));
        let dist = flyers::drop_distances(rules, level);
        ui.label(RichText::new(cx.f("flyer.drop_hit", &[("p", &percent(dist[0]))])).strong());
        let max = dist.iter().copied().fold(0.0, f64::max);
        for (k, &p) in dist.iter().enumerate().skip(1) {
            if p > 0.0 {
                bar(
                    ui,
                    &cx.f(
                        "flyer.drop_at",
                        &[("inches", &k.to_string()), ("p", &percent(p))],
                    ),
                    p,
                    max,
                );
            }
        }
        field(
            ui,
            cx.t("flyer.thrower_s"),
            &mut self.crash.thrower_s,
            1..=10,
        );
        let s = flyers::stone_strength(
            rules,
            i32::try_from(self.crash.thrower_s).unwrap_or(3),
            level,
        );
        ui.label(cx.f("flyer.stone_s", &[("s", &s.to_string())]));
        roll_button(
            ui,
            cx.t("flyer.roll_drop"),
            Msg::new("flyer.log.drop").msg("level", level_msg(level)),
            TableRoll::FlyerDrop { level },
            cx,
        );
    }

    /// Crashes (FLY-11).
    fn crash_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>) {
        let rules = &cx.rules.flyers;
        card_title(ui, icons::ICON_CRISIS_ALERT, cx.t("flyer.crash"));
        let level = level_of(self.level);
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("flyer.t"), &mut self.crash.t, 1..=10);
            ui.checkbox(&mut self.crash.lands_on, cx.t("flyer.lands_on"));
            if self.crash.lands_on {
                field(ui, cx.t("flyer.target_t"), &mut self.crash.target_t, 1..=10);
            }
        });
        let (dice, damage) = match (
            flyers::crash_dice(rules, level),
            flyers::crash_damage(rules, level),
        ) {
            (Ok(n), Ok(d)) => (n, d),
            (Err(p), _) | (_, Err(p)) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
                return;
            }
        };
        let mean: f64 = damage.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        ui.label(
            RichText::new(cx.f(
                "flyer.crash_damage",
                &[
                    ("level", &level_words(cx.lang, level)),
                    ("dice", &format!("{dice}D{}", rules.crash.damage_sides)),
                    ("mean", &format!("{mean:.1}")),
                ],
            ))
            .strong(),
        );
        let falling_t = i32::try_from(self.crash.t).unwrap_or(1);
        let target_t = self
            .crash
            .lands_on
            .then(|| i32::try_from(self.crash.target_t).unwrap_or(1));
        if let Some(tt) = target_t
            && let Ok(impact) = flyers::impact_damage(rules, level, falling_t, tt)
        {
            let mean: f64 = impact.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            ui.label(cx.f("flyer.impact_damage", &[("mean", &format!("{mean:.1}"))]));
        }
        roll_button(
            ui,
            cx.t("flyer.roll_crash"),
            Msg::new("flyer.log.crash").msg("level", level_msg(level)),
            TableRoll::FlyerCrash {
                level,
                falling_t,
                target_t,
            },
            cx,
        );
    }
}

impl FlyerView {
    /// The flyer as set up, to keep (where it is and its close combat are
    /// the battle's moment, not kept).
    pub(super) fn kept(&self) -> HandFlyer {
        HandFlyer {
            max_speed: self.max_speed,
            min_speed: self.min_speed,
            acc_dec: self.acc_dec,
            speed: self.speed,
            level: self.level,
            moved: self.moved,
            to_level: self.to_level,
            ground: self.ground,
            other_level: self.other_level,
            weapon_range: self.weapon_range,
        }
    }

    /// The flyer as kept.
    pub(super) fn of_kept(kept: &HandFlyer) -> Self {
        Self {
            max_speed: kept.max_speed,
            min_speed: kept.min_speed,
            acc_dec: kept.acc_dec,
            speed: kept.speed,
            level: kept.level,
            moved: kept.moved,
            to_level: kept.to_level,
            ground: kept.ground,
            other_level: kept.other_level,
            weapon_range: kept.weapon_range,
            ..Self::default()
        }
    }
}

//! Kill-team shooting mode's other actions: a grenade thrown at the target
//! set up (KT-14, with the stick grenade EQ-29 and the Grenadier ribbon
//! RIB-1), and a jump between buildings with its fall (KT-17), each with
//! exact odds and a seeded roll into the battle log.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::Msg;
use crate::rules::battle::scenario::ShootingScenario;
use crate::rules::battle::summary::Combatant;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::core::names::Names;
use crate::rules::killteam::Soldier;
use crate::rules::killteam::actions::{self, GrenadeAttack, Jump, JumpKind, Thrower};
use crate::rules::killteam::data::{KillTeamData, Strength, Weapon, WeaponId, WeaponType};
use crate::ui::battle::parts;
use crate::ui::battle::parts::{bar, field, percent, roll_button_by};
use crate::ui::context::ViewCtx;
use crate::ui::theme::space;
use crate::ui::widgets::{Tone, alert, badge, card, card_title};

/// The grenade and the jump being set up.
pub struct KtActionsView {
    /// The grenade's weapon id; none until one is offered.
    grenade: Option<WeaponId>,
    /// The thrower's S.
    thrower_s: i64,
    /// He carries a stick grenade (EQ-29).
    stick: bool,
    /// He has the Grenadier ribbon (RIB-1).
    grenadier: bool,
    /// He sees the target.
    sees: bool,
    /// He has already thrown a grenade this turn.
    thrown: bool,
    /// A jump, a rope swing or a parachute landing.
    jump_kind: JumpKind,
    /// The gap across.
    across: i64,
    /// The height he jumps from.
    from_height: i64,
    /// The height he lands at.
    to_height: i64,
    /// His wounds left.
    pub(super) wounds_left: i64,
}

impl Default for KtActionsView {
    fn default() -> Self {
        Self {
            grenade: None,
            thrower_s: 3,
            stick: false,
            grenadier: false,
            sees: true,
            thrown: false,
            jump_kind: JumpKind::Jump,
            across: 4,
            from_height: 6,
            to_height: 3,
            wounds_left: 1,
        }
    }
}

fn u(v: i64) -> u32 {
    u32::try_from(v.max(0)).unwrap_or(0)
}

impl KtActionsView {
    /// The thrower's S.
    pub fn thrower_s(&self) -> i64 {
        self.thrower_s
    }

    /// A jump, a rope swing or a parachute landing.
    pub fn jump_kind(&self) -> JumpKind {
        self.jump_kind
    }

    /// His wounds left.
    pub fn wounds_left(&self) -> i64 {
        self.wounds_left
    }

    /// Sets the gap across.
    pub fn set_across(&mut self, across: i64) {
        self.across = across;
    }

    /// Sets the height he jumps from and the height he lands at.
    pub fn set_heights(&mut self, from: i64, to: i64) {
        (self.from_height, self.to_height) = (from, to);
    }

    /// Sets his wounds left.
    pub fn set_wounds_left(&mut self, wounds: i64) {
        self.wounds_left = wounds;
    }

    /// The soldier picked to shoot is the one who throws and jumps: his S
    /// (KT-14), his stick grenade (EQ-29), his Grenadier ribbon (RIB-1),
    /// his wounds left, and his rope or parachute (KT-17).
    pub fn take_soldier(
        &mut self,
        data: &KillTeamData,
        s: &Soldier,
        (strength, wounds_left): (i32, u32),
    ) {
        let thrower = Thrower::of(data, s, strength);
        self.thrower_s = i64::from(thrower.strength.max(1));
        self.stick = thrower.stick;
        self.grenadier = thrower.grenadier;
        self.sees = thrower.sees_target;
        self.thrown = thrower.grenade_actions_taken > 0;
        self.wounds_left = i64::from(wounds_left.max(1));
        self.jump_kind = JumpKind::of(data, s);
    }

    /// Shows the grenade and the jump; the grenade is thrown at `shot`'s
    /// target and range, in its situation.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        shot: &ShootingScenario,
        names: (&Msg, &Msg),
        (thrower, jumper): (Vec<Combatant>, Vec<Combatant>),
    ) {
        ui.columns(2, |cols| {
            card(&mut cols[0], |ui| {
                ui.set_min_width(ui.available_width());
                self.grenade_ui(ui, cx, shot, names, thrower);
            });
            card(&mut cols[1], |ui| {
                ui.set_min_width(ui.available_width());
                self.jump_ui(ui, cx, names.0, jumper);
            });
        });
        ui.add_space(space::M);
    }

    fn grenade_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        shot: &ShootingScenario,
        (attacker, defender): (&Msg, &Msg),
        thrower: Vec<Combatant>,
    ) {
        let data = &cx.rules.killteam;
        card_title(ui, icons::ICON_SPORTS_HANDBALL, cx.t("kt.grenade.title"));
        let grenades: Vec<_> = data
            .weapons
            .iter()
            .filter(|w| w.weapon_type == WeaponType::Grenade)
            .collect();
        if self.grenade.is_none()
            && let Some(g) = grenades.first()
        {
            self.grenade = Some(g.id.clone());
        }
        let Some(weapon) = grenades
            .iter()
            .find(|w| self.grenade.as_ref() == Some(&w.id))
        else {
            ui.label(cx.t("kt.grenade.none"));
            return;
        };
        let l = ui.label(cx.t("kt.grenade.which"));
        egui::ComboBox::from_id_salt("kt-grenade")
            .selected_text(cx.lang.pick(&weapon.names))
            .show_ui(ui, |ui| {
                for g in &grenades {
                    let id = Some(g.id.clone());
                    ui.selectable_value(&mut self.grenade, id, cx.lang.pick(&g.names));
                }
            })
            .response
            .labelled_by(l.id);
        ui.horizontal_wrapped(|ui| {
            field(
                ui,
                cx.t("kt.grenade.thrower_s"),
                &mut self.thrower_s,
                1..=10,
            );
            ui.checkbox(&mut self.stick, cx.t("kt.grenade.stick"));
            ui.checkbox(&mut self.grenadier, cx.t("kt.grenade.grenadier"));
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.sees, cx.t("kt.grenade.sees"));
            ui.checkbox(&mut self.thrown, cx.t("kt.grenade.thrown"));
        });
        let attack = self.grenade_attack(weapon, shot);
        let names = (attacker, defender, &weapon.names);
        grenade_odds_ui(ui, cx, (shot.range, attack), names, thrower);
    }

    /// The grenade's attack on `shot`'s target, thrown as set up here.
    fn grenade_attack(&self, weapon: &Weapon, shot: &ShootingScenario) -> GrenadeAttack {
        let s = match weapon.strength {
            Strength::Fixed(s) => s,
            Strength::User { user } => i32::try_from(self.thrower_s)
                .unwrap_or(3)
                .saturating_add(user),
        };
        GrenadeAttack {
            shots: weapon.shots.clone(),
            s,
            ap: weapon.ap,
            damage: weapon.damage.clone(),
            range: u(shot.range),
            t: i32::try_from(shot.target.t).unwrap_or(3),
            save: shot.target.save.and_then(|v| i32::try_from(v).ok()),
            save_dice: u32::try_from(shot.target.save_dice.clamp(1, 3)).unwrap_or(1),
            cover: shot.target.cover,
            modifiers: shot.modifiers.clone(),
            wounds_left: shot
                .target
                .wounds
                .and_then(|w| u32::try_from(w.max(1)).ok()),
            thrower: Thrower {
                strength: i32::try_from(self.thrower_s).unwrap_or(3),
                stick: self.stick,
                grenadier: self.grenadier,
                sees_target: self.sees,
                grenade_actions_taken: u32::from(self.thrown),
            },
        }
    }

    fn jump_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, who: &Msg, jumper: Vec<Combatant>) {
        card_title(ui, icons::ICON_DIRECTIONS_RUN, cx.t("kt.jump.title"));
        ui.horizontal_wrapped(|ui| {
            for (kind, key) in [
                (JumpKind::Jump, "kt.jump.kind.jump"),
                (JumpKind::RopeSwing, "kt.jump.kind.rope_swing"),
                (JumpKind::Parachute, "kt.jump.kind.parachute"),
            ] {
                ui.radio_value(&mut self.jump_kind, kind, cx.t(key));
            }
        });
        let j = &cx.rules.killteam.jump;
        match self.jump_kind {
            JumpKind::Jump => {}
            JumpKind::RopeSwing => {
                ui.label(cx.f(
                    "kt.jump.rope_swing_rule",
                    &[
                        ("max", &j.rope_swing.max_across_inches.to_string()),
                        ("count", &j.rope_swing.actions.to_string()),
                    ],
                ));
            }
            JumpKind::Parachute => {
                ui.label(cx.f(
                    "kt.jump.parachute_rule",
                    &[("min", &j.parachute.min_from_enemy_inches.to_string())],
                ));
            }
        }
        ui.horizontal_wrapped(|ui| {
            field(ui, cx.t("kt.jump.across"), &mut self.across, 0..=24);
            field(
                ui,
                cx.t("kt.jump.from_height"),
                &mut self.from_height,
                0..=48,
            );
            field(ui, cx.t("kt.jump.to_height"), &mut self.to_height, 0..=48);
            field(
                ui,
                cx.t("kt.jump.wounds_left"),
                &mut self.wounds_left,
                1..=20,
            );
        });
        let jump = Jump {
            kind: self.jump_kind,
            across: u(self.across),
            from_height: u(self.from_height),
            to_height: u(self.to_height),
        };
        let kw = (self.jump_kind, u(self.wounds_left));
        jump_odds_ui(ui, cx, &jump, kw, (who, jumper));
    }
}

/// The grenade's reach and exact odds, its chart and its roll; `names`:
/// the thrower, the target and the grenade.
fn grenade_odds_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    (range, attack): (i64, GrenadeAttack),
    names: (&Msg, &Msg, &Names),
    thrower: Vec<Combatant>,
) {
    let lang = cx.lang;
    let (attacker, defender, grenade) = names;
    if let Ok(t) = actions::grenade_throw(&cx.rules, &attack.shots, &attack.thrower) {
        ui.label(cx.f(
            "kt.grenade.reach",
            &[
                ("reach", &t.range_inches.to_string()),
                ("count", &t.grenades.to_string()),
                ("shots", &t.shots.to_string()),
                ("range", &range.to_string()),
            ],
        ));
    }
    match actions::grenade_odds(&cx.rules, &attack) {
        Ok(odds) => {
            ui.label(
                RichText::new(cx.f(
                    "kt.grenade.odds",
                    &[
                        ("hit", &percent(odds.hit)),
                        ("unsaved", &percent(odds.unsaved)),
                        (
                            "none",
                            &percent(odds.wounds.first().copied().unwrap_or(0.0)),
                        ),
                    ],
                ))
                .strong(),
            );
            parts::bars(
                ui,
                cx,
                cx.t("kt.grenade.chart"),
                "battle.wounds_bar",
                &odds.wounds,
            );
            let title = Msg::new("kt.grenade.log")
                .msg("attacker", attacker.clone())
                .msg("defender", defender.clone())
                .names("grenade", grenade);
            roll_button_by(
                ui,
                cx.t("kt.grenade.roll"),
                title,
                TableRoll::Grenade(attack),
                thrower,
                cx,
            );
        }
        Err(p) => {
            alert(ui, Tone::Error, &lang.problem_line(&p));
        }
    }
}

/// The jump's exact odds (KT-17), its chart and its roll; `kw`: the kind
/// of jump and the jumper's wounds left.
fn jump_odds_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    jump: &Jump,
    kw: (JumpKind, u32),
    (who, jumper): (&Msg, Vec<Combatant>),
) {
    let lang = cx.lang;
    let (kind, wounds_left) = kw;
    match actions::jump_odds(&cx.rules, jump) {
        Ok(odds) => {
            ui.label(
                RichText::new(cx.f(
                    "kt.jump.odds",
                    &[
                        ("fall", &percent(odds.fall)),
                        ("out", &percent(odds.out_of_action(wounds_left))),
                    ],
                ))
                .strong(),
            );
            fall_ui(ui, cx, &odds);
            jump_bars_ui(ui, cx, &odds);
            roll_button_by(
                ui,
                cx.t("kt.jump.roll"),
                Msg::new(match kind {
                    JumpKind::Jump => "kt.jump.log",
                    JumpKind::RopeSwing => "kt.jump.log_rope",
                    JumpKind::Parachute => "kt.jump.log_parachute",
                })
                .msg("soldier", who.clone()),
                TableRoll::Jump(*jump),
                jumper,
                cx,
            );
        }
        Err(p) => {
            alert(ui, Tone::Error, &lang.problem_line(&p));
        }
    }
}

/// A fall's automatic damage and what it costs (KT-17).
fn fall_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, odds: &actions::JumpOdds) {
    if let Some(d) = odds.automatic {
        badge(
            ui,
            Tone::Warning,
            &cx.f(
                "kt.jump.automatic",
                &[("dice", &format!("{}D{}", d.count, d.sides))],
            ),
        );
    }
    match odds.fall_wounds {
        None => badge(ui, Tone::Dead, cx.t("kt.jump.fall_kills")),
        // A fixed number: "1 mortal wound", never "1 mortal wounds".
        Some(d) if d.sides == 1 => badge(
            ui,
            Tone::Warning,
            &cx.f(
                "kt.jump.fall_costs_fixed",
                &[("count", &d.count.to_string())],
            ),
        ),
        Some(d) => badge(
            ui,
            Tone::Warning,
            &cx.f(
                "kt.jump.fall_costs",
                &[("dice", &format!("{}D{}", d.count, d.sides))],
            ),
        ),
    };
}

/// The chart of the wounds a fall costs, death included.
fn jump_bars_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, odds: &actions::JumpOdds) {
    let max = odds.wounds.iter().copied().fold(odds.dead, f64::max);
    for (k, &p) in odds.wounds.iter().enumerate() {
        if p > 0.0 {
            bar(
                ui,
                &cx.f(
                    "kt.jump.wounds_bar",
                    &[("count", &k.to_string()), ("p", &percent(p))],
                ),
                p,
                max,
            );
        }
    }
    if odds.dead > 0.0 {
        bar(
            ui,
            &cx.f("kt.jump.dead_bar", &[("p", &percent(odds.dead))]),
            odds.dead,
            max,
        );
    }
}

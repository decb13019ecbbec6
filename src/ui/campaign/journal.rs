//! The journal: every event of the campaign by mission, with what it did
//! and every die it rolled; or one character's history, with his
//! equipment and power cards to change (a campaign event each) and his
//! Cran to set by hand (CMP-11).

use std::sync::Arc;

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::queries;
use crate::rules::campaign::{Campaign, CampaignCharacter, CampaignEdit, CharId, Member, Phase};
use crate::rules::campaign::{ReinforcementEdit, SetupEdit};
use crate::rules::doc::LineKind;
use crate::rules::{Character, GearEdit, Msg, Outcome, Problem};
use crate::ui::campaign::parts::edit;
use crate::ui::context::ViewCtx;
use crate::ui::roster::character_gear::GearView;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, badge, card, card_title, stamp_words};

/// What the journal's replay gave, kept while the journal is unchanged.
struct Replayed {
    /// The last entry it was made from.
    last: Option<usize>,
    /// How many entries.
    len: usize,
    /// Each entry's outcome.
    outcomes: Vec<Outcome>,
    /// The replay's refusal, if it stopped.
    refused: Option<(usize, Problem)>,
}

/// State of the journal view.
#[derive(Default)]
pub struct JournalView {
    /// Only this character's history.
    pub(super) character: Option<CharId>,
    /// Only this mission's events (opened from the chronicle).
    pub(super) mission: Option<u32>,
    /// Show the ticks of the table too.
    ticks: bool,
    /// The Cran being dragged, recorded when let go.
    cran: Option<(CharId, u32)>,
    cache: Option<Replayed>,
    /// The fields to add an item or a power card to the character shown.
    gear: GearView,
}

/// The journal's replay, made again when the journal changed.
fn replayed<'a>(cache: &'a mut Option<Replayed>, cx: &ViewCtx<'_>, c: &Campaign) -> &'a Replayed {
    let last = c.journal.last().map(|e| Arc::as_ptr(e) as usize);
    let fresh = cache
        .as_ref()
        .is_some_and(|r| r.last == last && r.len == c.journal.len());
    if !fresh {
        let (outcomes, refused) = match c.replay(&cx.rules) {
            Ok((_, outcomes)) => (outcomes, None),
            Err(e) => (Vec::new(), Some(e)),
        };
        *cache = Some(Replayed {
            last,
            len: c.journal.len(),
            outcomes,
            refused,
        });
    }
    cache.get_or_insert_with(|| Replayed {
        last: None,
        len: 0,
        outcomes: Vec::new(),
        refused: None,
    })
}

impl JournalView {
    /// Only this character's history.
    pub fn character(&self) -> Option<CharId> {
        self.character
    }

    /// Only this mission's events.
    pub fn mission(&self) -> Option<u32> {
        self.mission
    }

    fn replayed(&mut self, cx: &ViewCtx<'_>, c: &Campaign) -> &Replayed {
        replayed(&mut self.cache, cx, c)
    }

    /// A character's Cran, set by hand (CMP-11): recorded in the journal
    /// when the value is let go or typed, greyed out with the reason while
    /// it cannot change.
    fn cran_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        x: &CampaignCharacter,
    ) {
        let die = c.settings.cran_die;
        let locked = queries::debriefing(c).cran_locked() || c.phase == Phase::Over;
        let default = queries::debriefing(c).default_cran(x, &cx.rules);
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(cx.f("campaign.ui.cran_of_character", &[("character", x.name())]));
            let mut value = match self.cran {
                Some((who, v)) if who == x.id => v,
                _ => x.cran,
            };
            let r = ui
                .add_enabled(
                    !locked && !cx.model.folder.read_only,
                    egui::DragValue::new(&mut value)
                        .range(1..=die.max(1))
                        .prefix(format!("{} ", cx.t("campaign.ui.cran")))
                        .suffix(format!(" / D{die}")),
                )
                .labelled_by(l.id);
            if r.dragged() {
                self.cran = Some((x.id, value));
            }
            let done = r.drag_stopped() || (r.changed() && !r.dragged());
            if done {
                self.cran = None;
                if value != x.cran {
                    cx.send(edit(
                        &c.id,
                        CampaignEdit::Setup(SetupEdit::SetCran {
                            character: x.id,
                            cran: value,
                        }),
                    ));
                }
            }
            if x.cran_by_hand {
                badge(ui, Tone::Info, cx.t("campaign.ui.cran_by_hand"));
            }
        });
        let hint = if c.phase == Phase::Over {
            cx.t("campaign.ui.cran_over")
        } else if locked {
            &cx.f("campaign.problem.cran_locked", &[("character", x.name())])
        } else {
            &cx.f(
                "campaign.ui.cran_hint",
                &[("default", &default.to_string()), ("die", &die.to_string())],
            )
        };
        ui.label(RichText::new(hint).color(palette().ink.subdued));
    }

    /// Shows the journal of `c`.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        ui.horizontal_wrapped(|ui| self.who_row_ui(ui, cx, c));
        ui.add_space(space::S);
        let character = self.character;
        let only = self.mission;
        let ticks = self.ticks;
        if let Some((i, p)) = &self.replayed(cx, c).refused {
            alert(
                ui,
                Tone::Error,
                &cx.f(
                    "campaign.ui.journal_broken",
                    &[
                        ("entry", &(i + 1).to_string()),
                        ("why", &cx.lang.problem_line(p)),
                    ],
                ),
            );
            return;
        }
        if let Some(x) = character.and_then(|id| queries::character(c, id)) {
            self.character_ui(ui, cx, c, x);
        }
        let replayed = self.replayed(cx, c);
        // His history: the entries about him, and of each only his lines.
        let history = character.map(|id| queries::history(c, id, &replayed.outcomes));
        // Missions newest first; the last one open.
        let mut missions: Vec<u32> = c.journal.iter().map(|e| e.mission).collect();
        missions.dedup();
        let newest = missions.last().copied();
        for m in missions
            .into_iter()
            .rev()
            .filter(|m| only.is_none_or(|only| only == *m))
        {
            let entries: Vec<usize> = c
                .journal
                .iter()
                .enumerate()
                .filter(|(_, e)| e.mission == m)
                .filter(|(_, e)| ticks || !e.event.is_tick())
                .filter(|(i, _)| history.as_ref().is_none_or(|h| h.contains_key(i)))
                .map(|(i, _)| i)
                .collect();
            if entries.is_empty() {
                continue;
            }
            let title = if m == 0 {
                cx.t("campaign.ui.before_first").to_owned()
            } else {
                cx.f("campaign.ui.mission_n", &[("number", &m.to_string())])
            };
            egui::CollapsingHeader::new(RichText::new(title).heading())
                .id_salt(("cmp-journal.mission", m))
                .default_open(Some(m) == newest || character.is_some() || only.is_some())
                .show(ui, |ui| {
                    for i in entries {
                        entry_ui(ui, cx, c, &replayed.outcomes, history.as_ref(), i);
                    }
                });
        }
        if c.journal.is_empty() {
            alert(ui, Tone::Info, cx.t("campaign.ui.journal_empty"));
        }
    }

    /// The journal's first row: whose history, and whether the table's
    /// ticks are shown.
    fn who_row_ui(&mut self, ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign) {
        let l = ui.label(cx.t("campaign.ui.journal_of"));
        let shown = self
            .character
            .and_then(|id| queries::character(c, id))
            .map_or(cx.t("campaign.ui.everyone"), |x| x.name())
            .to_owned();
        egui::ComboBox::from_id_salt("cmp-journal.who")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.character, None, cx.t("campaign.ui.everyone"));
                for x in c.characters.iter() {
                    ui.selectable_value(&mut self.character, Some(x.id), x.name());
                }
            })
            .response
            .labelled_by(l.id);
        ui.checkbox(&mut self.ticks, cx.t("campaign.ui.show_ticks"));
        if let Some(m) = self.mission {
            let word = cx.f(
                "campaign.ui.journal_mission_only",
                &[("number", &m.to_string())],
            );
            let name = cx.t("campaign.ui.journal_every_mission");
            if crate::ui::widgets::icon_button(ui, icons::ICON_CLOSE, &word, name, true).clicked() {
                self.mission = None;
            }
        }
    }

    /// The character whose history is shown: his summary, his Cran
    /// (CMP-11), his equipment and power cards.
    fn character_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Campaign,
        x: &CampaignCharacter,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_PERSON, x.name());
            ui.label(cx.f(
                "campaign.ui.history_summary",
                &[
                    ("state", cx.t(x.state.key())),
                    ("count", &x.missions.to_string()),
                    ("cran", &x.cran.to_string()),
                    ("die", &c.settings.cran_die.to_string()),
                ],
            ));
            super::service::service_ui(ui, cx, c, x);
            self.cran_ui(ui, cx, c, x);
        });
        ui.add_space(space::S);
        if let Member::Character(ch) = &x.member {
            gear_ui(&mut self.gear, ui, cx, c, x, ch);
        }
    }
}

/// One entry of the journal: its number and event, then what it did and
/// its dice (only the lines about the character whose history is shown).
fn entry_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    outcomes: &[Outcome],
    history: Option<&std::collections::BTreeMap<usize, Vec<usize>>>,
    i: usize,
) {
    let e = &c.journal[i];
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("#{}", i + 1)).color(palette().ink.subdued));
        // The Edit menu's words ("undo: draw next
        // mission") as a heading: capitalised.
        let label = cx.t(e.event.label());
        let mut chars = label.chars();
        let heading = chars.next().map_or_else(String::new, |first| {
            first.to_uppercase().chain(chars).collect()
        });
        ui.label(RichText::new(heading).strong());
        // Where and when it was made: a shared campaign says
        // which machine drew the mission.
        if let Some(words) = e.stamp.as_ref().and_then(|s| stamp_words(cx.lang, s)) {
            ui.label(
                RichText::new(format!("{} {words}", icons::ICON_COMPUTER.codepoint))
                    .color(palette().ink.subdued),
            );
        }
    });
    if let Some(o) = outcomes.get(i) {
        let mine = history.and_then(|h| h.get(&i));
        let lines = o
            .lines
            .iter()
            .enumerate()
            .filter(|(l, _)| mine.is_none_or(|m| m.contains(l)))
            .map(|(_, line)| line);
        for (kind, msg) in lines {
            let icon = match kind {
                LineKind::Dice => icons::ICON_CASINO,
                LineKind::Info => icons::ICON_CHEVRON_RIGHT,
            };
            ui.horizontal_wrapped(|ui| {
                ui.add_space(space::M);
                ui.label(icon.rich_text().color(palette().ink.subdued));
                ui.add(egui::Label::new(cx.msg(msg)).wrap());
            });
        }
        for r in &o.rolls {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(space::M);
                ui.label(
                    RichText::new(
                        cx.msg(
                            &Msg::new("campaign.ui.die_for")
                                .key("purpose", r.purpose)
                                .text("roll", r.roll.to_string()),
                        ),
                    )
                    .color(palette().ink.subdued),
                );
            });
        }
    }
}

/// The equipment and power cards of a Rogue Trader character, changed
/// by campaign events; shown, not changed, once he is dead or missing.
fn gear_ui(
    view: &mut GearView,
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    x: &CampaignCharacter,
    ch: &Character,
) {
    let alive = x.state.alive();
    if !alive {
        alert(
            ui,
            Tone::Info,
            &cx.f("campaign.ui.gear_dead", &[("character", x.name())]),
        );
        ui.add_space(space::S);
    }
    let (id, character) = (c.id.as_str(), x.id);
    let gear = |e: GearEdit| {
        edit(
            id,
            CampaignEdit::Reinforcements(ReinforcementEdit::Gear { character, edit: e }),
        )
    };
    ui.push_id(("cmp-gear", character), |ui| {
        let open = alive && !cx.model.folder.read_only && c.phase != Phase::Over;
        ui.add_enabled_ui(open, |ui| {
            view.gear_ui(ui, cx, ch, &gear);
            ui.add_space(space::S);
            view.powers_ui(ui, cx, ch, &gear);
        });
    });
    ui.add_space(space::S);
}

//! A character's equipment and psychic power cards on the character screen:
//! a card for each, listing what the player wrote, with a field to add one
//! more (Enter adds) or, for the equipment, a pick from the armoury
//! (`armoury.json`), and each item renamed, changed, moved or removed in
//! place. Power cards are for psykers only (CHR-16); the card says so when
//! the character is not one.

use egui::{RichText, WidgetInfo};
use egui_material_icons::icons;

use crate::app::Command;
use crate::i18n::Lang;
use crate::rules::characters::equipment::{
    InHand, SAVE_MODIFIERS, SAVES, WEAPON_STRENGTHS, in_hand,
};
use crate::rules::core::names::name_in;
use crate::rules::data::ArmouryEntry;
use crate::rules::{Character, Gear, GearEdit, GearKind, PowerCard, PowerTarget};
use crate::ui::context::ViewCtx;
use crate::ui::roster::cells::text_cell;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, card, card_title, described_option, icon_button};

/// The fields to add an item or a power card.
#[derive(Default)]
pub struct GearView {
    /// The name of the next item.
    pub new_gear: String,
    /// Its kind.
    pub new_kind: GearKind,
    /// The name of the next power card.
    pub new_power: String,
}

/// The widths of the text columns, so the rows line up and nothing is
/// cramped.
const NAME_WIDTH: f32 = 200.0;
const NOTE_WIDTH: f32 = 240.0;
/// The narrowest the equipment grid's note gets in a narrow window.
const NOTE_MIN_WIDTH: f32 = 90.0;
const KIND_WIDTH: f32 = 150.0;
const VALUE_WIDTH: f32 = 56.0;

/// What turns an edit of the equipment into a command: a roster edit of
/// the character on the character screen, a campaign event in a campaign.
pub type EditFn<'a> = &'a dyn Fn(GearEdit) -> Command;

/// A combo box named `name` for screen readers; returns the value picked.
fn combo<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id: egui::Id,
    name: &str,
    current: T,
    options: &[(T, String)],
    width: f32,
) -> Option<T> {
    let mut picked = None;
    let shown = options
        .iter()
        .find(|(v, _)| *v == current)
        .map_or_else(String::new, |(_, t)| t.clone());
    let r = egui::ComboBox::from_id_salt(id)
        .width(width)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, text) in options {
                if ui.selectable_label(*v == current, text).clicked() && *v != current {
                    picked = Some(*v);
                }
            }
        })
        .response;
    r.widget_info(|| WidgetInfo::labeled(egui::Role::ComboBox, true, name));
    picked
}

fn kind_options(lang: Lang) -> Vec<(GearKind, String)> {
    GearKind::ALL
        .iter()
        .map(|k| (*k, lang.t(k.key()).to_owned()))
        .collect()
}

/// The up, down and remove buttons of row `at` of `len`, each named with
/// the item; returns the edit asked for and the buttons' width.
fn row_actions(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    item: &str,
    at: usize,
    len: usize,
    moves: fn(usize, usize) -> GearEdit,
    removes: fn(usize) -> GearEdit,
) -> (Option<GearEdit>, f32) {
    let mut out = None;
    let r = ui.horizontal(|ui| {
        let named = |key: &str| cx.f(key, &[("item", item)]);
        if icon_button(
            ui,
            icons::ICON_ARROW_UPWARD,
            "",
            &named("list.move_up"),
            at > 0,
        )
        .clicked()
        {
            out = Some(moves(at, at - 1));
        }
        let down = at + 1 < len;
        if icon_button(
            ui,
            icons::ICON_ARROW_DOWNWARD,
            "",
            &named("list.move_down"),
            down,
        )
        .clicked()
        {
            out = Some(moves(at, at + 1));
        }
        if icon_button(
            ui,
            icons::ICON_DELETE,
            cx.t("list.remove"),
            &named("list.remove_named"),
            true,
        )
        .clicked()
        {
            out = Some(removes(at));
        }
    });
    (out, r.response.rect.width())
}

/// A field and a button to add one more: Enter in the field adds too, and
/// the cursor stays there for the next. Returns the name typed.
fn add_row(
    ui: &mut egui::Ui,
    label: &str,
    button: &str,
    text: &mut String,
    extra: impl FnOnce(&mut egui::Ui),
) -> Option<String> {
    let mut added = None;
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(label);
        let r = ui
            .add(egui::TextEdit::singleline(text).desired_width(NAME_WIDTH))
            .labelled_by(l.id);
        extra(ui);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let ready = !text.trim().is_empty();
        let clicked = icon_button(ui, icons::ICON_ADD, button, button, ready).clicked();
        if ready && (enter || clicked) {
            added = Some(std::mem::take(text));
            if enter {
                r.request_focus();
            }
        }
    });
    added
}

impl GearView {
    /// The equipment card of `c`: his items, then a row to add one and the
    /// armoury's picker where he may be changed.
    pub fn gear_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: EditFn<'_>,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_BACKPACK, cx.t("gear.title"));
            if c.equipment.is_empty() {
                ui.label(RichText::new(cx.t("gear.none")).color(palette().ink.subdued));
            } else {
                gear_grid(ui, cx, c, edit);
                ui.add_space(space::XS);
                in_hand_line(ui, cx, in_hand(&c.equipment));
            }
            // Nothing to add where nothing may be changed (a dead
            // character's, a campaign over, a folder read only).
            if !ui.is_enabled() {
                return;
            }
            ui.add_space(space::S);
            let kinds = kind_options(cx.lang);
            let mut kind = self.new_kind;
            let added = add_row(
                ui,
                cx.t("gear.new"),
                cx.t("gear.add"),
                &mut self.new_gear,
                |ui| {
                    if let Some(k) = combo(
                        ui,
                        egui::Id::unique("new-gear-kind"),
                        cx.t("gear.new_kind"),
                        kind,
                        &kinds,
                        KIND_WIDTH,
                    ) {
                        kind = k;
                    }
                },
            );
            self.new_kind = kind;
            if let Some(name) = added {
                cx.send(edit(GearEdit::AddGear {
                    gear: Gear::new(name, kind),
                }));
            }
            if let Some(gear) = armoury_picker_ui(ui, cx, c) {
                cx.send(edit(GearEdit::AddGear { gear }));
            }
        });
    }

    /// The power cards of `c` (CHR-16): for a psyker, his cards and a field
    /// to add one; for anyone else, why he holds none, and the cards a file
    /// gave him anyway, to remove.
    pub fn powers_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &ViewCtx<'_>,
        c: &Character,
        edit: EditFn<'_>,
    ) {
        card(ui, |ui| {
            ui.set_min_width(ui.available_width());
            card_title(ui, icons::ICON_PSYCHOLOGY, cx.t("power.title"));
            if !c.psychic {
                let tone = if c.powers.is_empty() {
                    Tone::Info
                } else {
                    Tone::Warning
                };
                alert(ui, tone, &cx.f("power.not_psychic", &[("name", &c.name)]));
            }
            if c.powers.is_empty() {
                if c.psychic {
                    ui.label(RichText::new(cx.t("power.none")).color(palette().ink.subdued));
                }
            } else {
                ui.add_space(space::XS);
                powers_grid(ui, cx, c, edit);
            }
            if c.psychic && ui.is_enabled() {
                ui.add_space(space::S);
                if let Some(name) = add_row(
                    ui,
                    cx.t("power.new"),
                    cx.t("power.add"),
                    &mut self.new_power,
                    |_| {},
                ) {
                    cx.send(edit(GearEdit::AddPower {
                        power: PowerCard::new(name),
                    }));
                }
            }
        });
    }
}

/// An armoury entry's remark in `lang`, as an item keeps it in its note
/// (its profile goes into the item's values).
fn armoury_note(lang: Lang, e: &ArmouryEntry) -> String {
    name_in(&e.note, lang.code(), "").to_owned()
}

/// An armoury entry's whole profile in one line, for the picker: its
/// kind, Strength or save, save modifier, ranges, damage and remark.
fn armoury_detail(lang: Lang, e: &ArmouryEntry) -> String {
    let mut parts = vec![lang.t(GearKind::from(e.kind).key()).to_owned()];
    if let Some(s) = e.strength {
        parts.push(lang.f("gear.armoury.s", &[("s", &s.to_string())]));
    }
    if let Some(save) = e.save {
        parts.push(lang.f("gear.armoury.save", &[("save", &save.to_string())]));
    }
    if let Some(m) = e.save_modifier {
        parts.push(lang.f("gear.armoury.save_mod", &[("m", &m.to_string())]));
    }
    if let Some([short, long]) = e.range_inches {
        let (short, long) = (short.to_string(), long.to_string());
        parts.push(lang.f("gear.armoury.range", &[("short", &short), ("long", &long)]));
    }
    if let Some(d) = &e.damage {
        parts.push(lang.f("gear.armoury.damage", &[("d", d)]));
    }
    let note = armoury_note(lang, e);
    if !note.is_empty() {
        parts.push(note);
    }
    parts.join(" · ")
}

/// "Add from the armoury…": a list of the armoury's weapons and armour,
/// each with its profile under its name; returns the item picked, named in
/// the views' language.
fn armoury_picker_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character) -> Option<Gear> {
    let armoury = &cx.rules.armoury;
    if armoury.entries.is_empty() {
        return None;
    }
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        let label = cx.t("gear.armoury.add");
        ui.label(label);
        let r = egui::ComboBox::from_id_salt(("armoury", c.id))
            .width(NAME_WIDTH)
            .selected_text(cx.t("gear.armoury.choose"))
            .height(400.0)
            .show_ui(ui, |ui| {
                for e in &armoury.entries {
                    let name = name_in(&e.names, cx.lang.code(), &e.id);
                    let detail = armoury_detail(cx.lang, e);
                    let r = described_option(ui, name, &detail, false, !cx.model.folder.read_only);
                    if r.clicked() {
                        picked = Some(Gear::from_armoury(
                            e,
                            cx.lang.code(),
                            armoury_note(cx.lang, e),
                        ));
                        ui.close();
                    }
                }
            })
            .response;
        r.widget_info(|| WidgetInfo::labeled(egui::Role::ComboBox, true, label));
    });
    picked
}

/// Which weapon the battle screen puts in his hand (CC-4).
fn in_hand_line(ui: &mut egui::Ui, cx: &ViewCtx<'_>, hand: Option<InHand>) {
    let text = match hand {
        None => cx.t("gear.no_weapon").to_owned(),
        Some(h) if h.weapon.c_type() => cx.f("gear.in_hand", &[("item", &h.name)]),
        Some(h) => cx.f("gear.improvised", &[("item", &h.name)]),
    };
    ui.label(
        RichText::new(format!("{} {text}", icons::ICON_SWORDS.codepoint))
            .color(palette().ink.subdued),
    );
}

/// A striped grid of rows under a header of column names (the last column,
/// the row's actions, has none).
fn headed_grid(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    id: impl std::hash::Hash + std::fmt::Debug,
    headers: &[&str],
    rows: impl FnOnce(&mut egui::Ui),
) {
    // Wider than a small window (a long note, a shooting profile): the
    // table scrolls sideways in its card, never widening the whole page
    // past the window's right edge.
    egui::ScrollArea::horizontal()
        .id_salt(("table-scroll", &id))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new(id)
                .striped(true)
                .spacing(egui::vec2(space::M, space::S))
                .show(ui, |ui| {
                    for h in headers {
                        ui.strong(cx.t(h));
                    }
                    ui.strong("");
                    ui.end_row();
                    rows(ui);
                });
        });
}

/// The choices of the equipment grid's drop-downs.
struct GearChoices {
    /// The kinds of item, named.
    kinds: Vec<(GearKind, String)>,
    /// A weapon's strengths, or none.
    strengths: Vec<(Option<i32>, String)>,
    /// An armour's saves, or none.
    saves: Vec<(Option<i32>, String)>,
    /// The width of the note field: what the window leaves it.
    note_width: f32,
    /// Measured as the rows are laid out, for the next frame's note width:
    /// where the note field starts and how wide the row's buttons are.
    note_x: std::cell::Cell<f32>,
    actions_width: std::cell::Cell<f32>,
}

impl GearChoices {
    /// The choices, named in `lang`.
    fn new(lang: Lang, note_width: f32) -> Self {
        let none = "—".to_owned();
        Self {
            kinds: kind_options(lang),
            strengths: std::iter::once((None, none.clone()))
                .chain(WEAPON_STRENGTHS.map(|s| (Some(s), s.to_string())))
                .collect(),
            saves: std::iter::once((None, none))
                .chain(SAVES.map(|s| (Some(s), format!("{s}+"))))
                .collect(),
            note_width,
            note_x: std::cell::Cell::new(0.0),
            actions_width: std::cell::Cell::new(0.0),
        }
    }
}

/// The grid of a character's equipment, an item a row. It has the most
/// columns of the screen: in a narrow window (1024 wide) its note field
/// gives up the width the grid lacks (measured the frame before), so the
/// row's actions stay on screen.
fn gear_grid(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character, edit: EditFn<'_>) {
    let width_key = egui::Id::unique(("gear-grid-rest", c.id));
    // The width of all but the note field, last frame: the columns before
    // it, the spacing on both its sides and the buttons after it.
    let rest: Option<f32> = ui.data(|d| d.get_temp(width_key));
    let note_width = rest.map_or(NOTE_WIDTH, |rest| {
        (ui.available_width() - rest).clamp(NOTE_MIN_WIDTH, NOTE_WIDTH)
    });
    let left = ui.cursor().min.x;
    let choices = GearChoices::new(cx.lang, note_width);
    let headers = [
        "gear.col.name",
        "gear.col.kind",
        "gear.col.s",
        "gear.col.save_modifier",
        "gear.col.save",
        "gear.col.shooting",
        "gear.col.note",
    ];
    headed_grid(ui, cx, ("gear", c.id), &headers, |ui| {
        for at in 0..c.equipment.len() {
            gear_row_ui(ui, cx, c, at, &choices, edit);
            ui.end_row();
        }
    });
    let rest = choices.note_x.get() - left + 2.0 * space::M + choices.actions_width.get();
    if c.equipment.is_empty() || !rest.is_finite() {
        return;
    }
    ui.data_mut(|d| d.insert_temp(width_key, rest));
}

/// A row's name: the new one typed, unless it is blank.
fn name_cell(ui: &mut egui::Ui, id: egui::Id, label: &str, name: &str) -> Option<String> {
    text_cell(ui, id.with("name"), label, name, NAME_WIDTH, "").filter(|n| !n.trim().is_empty())
}

/// One item's row: name, kind, strength, save modifier, save, note and its
/// actions.
fn gear_row_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    at: usize,
    choices: &GearChoices,
    edit: EditFn<'_>,
) {
    let g = &c.equipment[at];
    let id = egui::Id::unique(("gear", c.id, at));
    let item = g.name.as_str();
    let named = |key: &str| cx.f(key, &[("item", item)]);
    let set = |gear: Gear| edit(GearEdit::SetGear { at, gear });
    if let Some(name) = name_cell(ui, id, &named("gear.name_of"), &g.name) {
        cx.send(set(Gear { name, ..g.clone() }));
    }
    gear_values_ui(ui, cx, g, id, &named, choices, &set);
    super::gear_shot::shot_cell_ui(ui, cx, (g, id), &named, &set, &|c| cx.send(c));
    choices.note_x.set(ui.cursor().min.x);
    if let Some(note) = text_cell(
        ui,
        id.with("note"),
        &named("gear.note_of"),
        &g.note,
        choices.note_width,
        "",
    ) {
        cx.send(set(Gear { note, ..g.clone() }));
    }
    let (asked, width) = row_actions(
        ui,
        cx,
        item,
        at,
        c.equipment.len(),
        |from, to| GearEdit::MoveGear { from, to },
        |at| GearEdit::RemoveGear { at },
    );
    choices.actions_width.set(width);
    if let Some(e) = asked {
        cx.send(edit(e));
    }
}

/// An item's kind, and its strength if a weapon or its save if not.
fn gear_values_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    g: &Gear,
    id: egui::Id,
    named: &dyn Fn(&str) -> String,
    choices: &GearChoices,
    set: &dyn Fn(Gear) -> Command,
) {
    if let Some(kind) = combo(
        ui,
        id.with("kind"),
        &named("gear.kind_of"),
        g.kind,
        &choices.kinds,
        KIND_WIDTH,
    ) {
        // Values that do not fit the new kind go: a weapon's S and save
        // modifier, the save of what is not a weapon.
        cx.send(set(Gear {
            kind,
            strength: g.strength.filter(|_| kind.is_weapon()),
            save_modifier: g.save_modifier.filter(|_| kind.is_weapon()),
            save: g.save.filter(|_| !kind.is_weapon()),
            ..g.clone()
        }));
    }
    if g.kind.is_weapon() {
        if let Some(strength) = combo(
            ui,
            id.with("s"),
            &named("gear.s_of"),
            g.strength,
            &choices.strengths,
            VALUE_WIDTH,
        ) {
            cx.send(set(Gear {
                strength,
                ..g.clone()
            }));
        }
        save_modifier_cell(ui, cx, g, id, named, set);
    } else {
        ui.label(RichText::new("—").color(palette().ink.subdued));
        ui.label(RichText::new("—").color(palette().ink.subdued));
    }
    if g.kind.is_weapon() {
        ui.label(RichText::new("—").color(palette().ink.subdued));
    } else if let Some(save) = combo(
        ui,
        id.with("save"),
        &named("gear.save_of"),
        g.save,
        &choices.saves,
        VALUE_WIDTH,
    ) {
        cx.send(set(Gear { save, ..g.clone() }));
    }
}

/// A weapon's own save modifier, typed (CC-12): empty, its blows modify
/// saves by their S; a number from the modifiers a weapon may give, its
/// own. Anything else is refused, saying why, and the item keeps its value.
fn save_modifier_cell(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    g: &Gear,
    id: egui::Id,
    named: &dyn Fn(&str) -> String,
    set: &dyn Fn(Gear) -> Command,
) {
    let bad_key = id.with("save_mod_bad");
    ui.vertical(|ui| {
        let current = g.save_modifier.map(|m| m.to_string()).unwrap_or_default();
        if let Some(text) = text_cell(
            ui,
            id.with("save_mod"),
            &named("gear.save_modifier_of"),
            &current,
            VALUE_WIDTH,
            cx.t("gear.save_modifier_by_s"),
        ) {
            let typed = text.trim().replace('−', "-");
            let value = if typed.is_empty() {
                Some(None)
            } else {
                typed
                    .parse::<i32>()
                    .ok()
                    .filter(|m| SAVE_MODIFIERS.contains(m))
                    .map(Some)
            };
            match value {
                Some(save_modifier) => {
                    ui.data_mut(|d| d.remove::<String>(bad_key));
                    cx.send(set(Gear {
                        save_modifier,
                        ..g.clone()
                    }));
                }
                None => {
                    ui.data_mut(|d| d.insert_temp(bad_key, text));
                }
            }
        }
        if let Some(text) = ui.data(|d| d.get_temp::<String>(bad_key)) {
            ui.label(
                RichText::new(cx.f("gear.save_modifier_bad", &[("text", &text)]))
                    .color(palette().state.warning),
            );
        }
    });
}

/// The grid of a psyker's power cards, a card a row.
fn powers_grid(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Character, edit: EditFn<'_>) {
    let targets: Vec<(Option<PowerTarget>, String)> = vec![
        (None, "—".to_owned()),
        (
            Some(PowerTarget::Individual),
            cx.t(PowerTarget::Individual.key()).to_owned(),
        ),
        (
            Some(PowerTarget::Squad),
            cx.t(PowerTarget::Squad.key()).to_owned(),
        ),
    ];
    let headers = [
        "power.col.name",
        "power.col.target",
        "power.col.lasting",
        "power.col.note",
    ];
    headed_grid(ui, cx, ("powers", c.id), &headers, |ui| {
        for at in 0..c.powers.len() {
            power_row_ui(ui, cx, c, at, &targets, edit);
            ui.end_row();
        }
    });
}

/// One power card's row: name, target, lasting, note and its actions.
fn power_row_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Character,
    at: usize,
    targets: &[(Option<PowerTarget>, String)],
    edit: EditFn<'_>,
) {
    let p = &c.powers[at];
    let id = egui::Id::unique(("power", c.id, at));
    let item = p.name.as_str();
    let named = |key: &str| cx.f(key, &[("item", item)]);
    let set = |power: PowerCard| edit(GearEdit::SetPower { at, power });
    if let Some(name) = name_cell(ui, id, &named("power.name_of"), &p.name) {
        cx.send(set(PowerCard { name, ..p.clone() }));
    }
    if let Some(target) = combo(
        ui,
        id.with("target"),
        &named("power.target_of"),
        p.target,
        targets,
        KIND_WIDTH,
    ) {
        cx.send(set(PowerCard {
            target,
            ..p.clone()
        }));
    }
    let mut lasting = p.lasting;
    let word = if lasting {
        cx.t("sheet.yes")
    } else {
        cx.t("sheet.no")
    };
    let r = ui.checkbox(&mut lasting, word);
    let name = named("power.lasting_of");
    r.widget_info(|| WidgetInfo::selected(egui::Role::CheckBox, true, lasting, &name));
    if r.changed() {
        cx.send(set(PowerCard {
            lasting,
            ..p.clone()
        }));
    }
    if let Some(note) = text_cell(
        ui,
        id.with("note"),
        &named("power.note_of"),
        &p.note,
        NOTE_WIDTH,
        "",
    ) {
        cx.send(set(PowerCard { note, ..p.clone() }));
    }
    if let (Some(e), _) = row_actions(
        ui,
        cx,
        item,
        at,
        c.powers.len(),
        |from, to| GearEdit::MovePower { from, to },
        |at| GearEdit::RemovePower { at },
    ) {
        cx.send(edit(e));
    }
}

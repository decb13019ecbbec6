//! A soldier's card on the kill-team screen: his header and buttons, the
//! pickers of his kind, weapon, ribbon and items, his derived profile and
//! weapons, what his items and ribbon do; a card is also where a dragged
//! soldier is dropped.

use egui::RichText;
use egui_material_icons::icons;

use crate::rules::KillTeamEdit;
use crate::rules::core::names::name_in;
use crate::rules::killteam::data::{
    Item, ItemId, KillTeamData, KindId, Ribbon, RibbonId, WeaponId, WeaponType,
};
use crate::rules::killteam::{
    Carried, Derived, KillTeam, Soldier, WeaponLine, derive, hands_full, item_add_refusal,
    item_weapon_refusal, ribbon_refusal, weapon_refusal,
};
use crate::ui::context::ViewCtx;
use crate::ui::killteam::parts::{
    Choice, amount, choice_names, edit, kind_detail, picker_ui, stat_ui, weapon_detail,
};
use crate::ui::theme;
use crate::ui::theme::{palette, space};
use crate::ui::widgets::{Tone, alert, icon_and_text, icon_button};

/// A picker's options.
type Options = Vec<Choice>;

/// Soldier `s`, at `index` in `team`, as a card.
pub fn soldier_card_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    team: &KillTeam,
    index: usize,
    s: &Soldier,
) {
    let frame = theme::card_frame().show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            header_ui(ui, cx, data, team, s);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                buttons_ui(ui, cx, team, index, s);
            });
        });
        // The choices: kind, weapon, items, ribbon.
        ui.horizontal_wrapped(|ui| {
            kind_picker_ui(ui, cx, data, &team.id, s);
            weapon_picker_ui(ui, cx, data, &team.id, s);
            ribbon_picker_ui(ui, cx, data, &team.id, s);
            item_picker_ui(ui, cx, data, &team.id, s);
        });
        // His derived profile, weapons, and what his items and ribbon do.
        match derive(data, s) {
            Ok(d) => {
                ui.horizontal_wrapped(|ui| profile_ui(ui, cx, data, &d));
                for w in &d.weapons {
                    weapon_line_ui(ui, cx, data, w);
                }
            }
            Err(p) => {
                alert(ui, Tone::Error, &cx.lang.problem_line(&p));
            }
        }
        for (at, carried) in s.items.iter().enumerate() {
            if let Some(it) = data.item(&carried.item) {
                ui.horizontal_wrapped(|ui| item_row_ui(ui, cx, data, &team.id, s, at, it));
            }
        }
        if let Some(r) = s.ribbon.as_ref().and_then(|r| data.ribbon(r)) {
            ui.horizontal_wrapped(|ui| ribbon_line_ui(ui, cx, r));
        }
    });
    drop_target_ui(ui, cx, &frame.response, &team.id, index, s);
}

/// The name of his kind, in the views' language.
fn kind_name<'a>(cx: &ViewCtx<'_>, data: &'a KillTeamData, s: &'a Soldier) -> &'a str {
    data.kind(&s.kind).map_or(s.kind.as_str(), |k| {
        name_in(&k.names, cx.lang.code(), k.id.as_str())
    })
}

/// The card's first line: a handle to drag him, his name, his kind and what
/// it counts for.
fn header_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    team: &KillTeam,
    s: &Soldier,
) {
    let drag_id = egui::Id::unique(("soldier", team.id.as_str(), s.id));
    // A handle to drag the soldier to another place.
    let handle = ui
        .dnd_drag_source(drag_id, s.id, |ui| {
            ui.label(
                icons::ICON_DRAG_INDICATOR
                    .rich_text()
                    .size(20.0)
                    .color(palette().ink.subdued),
            )
        })
        .response
        .on_hover_text(cx.t("kt.drag_hint"));
    handle.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Button,
            true,
            cx.f("kt.drag_named", &[("name", &s.name)]),
        )
    });
    ui.label(RichText::new(&s.name).strong().size(16.0));
    ui.label(RichText::new(kind_name(cx, data, s)).color(palette().ink.subdued));
    if let Some(k) = data.kind(&s.kind) {
        ui.label(
            RichText::new(crate::print::sheets::equivalents_vp(cx.lang, k))
                .color(palette().ink.subdued),
        );
    }
}

/// The card's buttons, right to left: remove, duplicate, move down, move up.
fn buttons_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, team: &KillTeam, index: usize, s: &Soldier) {
    let tid = &team.id;
    let editable = !cx.model.folder.read_only;
    let named = |what: &str| format!("{what}: {}", s.name);
    let remove = cx.t("roster.remove");
    if icon_button(ui, icons::ICON_DELETE, remove, &named(remove), editable).clicked() {
        cx.send(edit(tid, KillTeamEdit::RemoveSoldier(s.id)));
    }
    let dup = cx.t("library.duplicate");
    if icon_button(ui, icons::ICON_CONTENT_COPY, dup, &named(dup), editable).clicked() {
        let name = cx.f("roster.copy_of", &[("name", &s.name)]);
        cx.send(edit(tid, KillTeamEdit::DuplicateSoldier { id: s.id, name }));
    }
    let down = cx.t("kt.move_down");
    if icon_button(
        ui,
        icons::ICON_ARROW_DOWNWARD,
        "",
        &named(down),
        index + 1 < team.soldiers.len(),
    )
    .on_hover_text(down)
    .clicked()
    {
        cx.send(edit(
            tid,
            KillTeamEdit::MoveSoldier {
                id: s.id,
                to: index + 1,
            },
        ));
    }
    let up = cx.t("kt.move_up");
    if icon_button(ui, icons::ICON_ARROW_UPWARD, "", &named(up), index > 0)
        .on_hover_text(up)
        .clicked()
    {
        cx.send(edit(
            tid,
            KillTeamEdit::MoveSoldier {
                id: s.id,
                to: index - 1,
            },
        ));
    }
}

/// The picker of his kind.
fn kind_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    tid: &str,
    s: &Soldier,
) {
    let kinds: Options = data
        .soldier_kinds
        .iter()
        .map(|k| Choice {
            id: k.id.to_string(),
            name: name_in(&k.names, cx.lang.code(), k.id.as_str()).to_owned(),
            detail: kind_detail(cx.lang, k),
            refusal: None,
        })
        .collect();
    let shown = (kind_name(cx, data, s), choice_names(&kinds));
    if let Some(k) =
        soldier_picker_ui(ui, cx, "kt.kind", s, (shown.0, &shown.1), None, &kinds).map(KindId::from)
        && k != s.kind
    {
        cx.send(edit(tid, KillTeamEdit::SetKind(s.id, k)));
    }
}

/// A picker of one of his fields, labelled by the key `label` (with his
/// name, for a screen reader); `shown`, what it shows and every text it
/// may show.
fn soldier_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    label: &str,
    s: &Soldier,
    shown: (&str, &[&str]),
    note: Option<&str>,
    options: &Options,
) -> Option<String> {
    let label = cx.lang.t(label);
    picker_ui(
        ui,
        cx,
        (label, &format!("{label}: {}", s.name)),
        shown,
        note,
        options,
    )
}

/// The picker of his weapon (no grenade, unless he holds one already).
fn weapon_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    tid: &str,
    s: &Soldier,
) {
    let weapons: Options = data
        .weapons
        .iter()
        .filter(|w| w.weapon_type != WeaponType::Grenade || w.id == s.weapon)
        .map(|w| Choice {
            id: w.id.to_string(),
            name: name_in(&w.names, cx.lang.code(), w.id.as_str()).to_owned(),
            detail: weapon_detail(cx.lang, w),
            refusal: weapon_refusal(data, s, &w.id),
        })
        .collect();
    let weapon_name = data.weapon(&s.weapon).map_or(s.weapon.as_str(), |w| {
        name_in(&w.names, cx.lang.code(), w.id.as_str())
    });
    let shown = choice_names(&weapons);
    if let Some(w) = soldier_picker_ui(
        ui,
        cx,
        "kt.weapon",
        s,
        (weapon_name, &shown),
        None,
        &weapons,
    )
    .map(WeaponId::from)
        && w != s.weapon
    {
        cx.send(edit(tid, KillTeamEdit::SetWeapon(s.id, w)));
    }
}

/// The picker of his ribbon, or none.
fn ribbon_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    tid: &str,
    s: &Soldier,
) {
    let no_ribbon = cx.t("kt.no_ribbon");
    let mut ribbons: Options = vec![Choice {
        id: String::new(),
        name: no_ribbon.to_owned(),
        detail: String::new(),
        refusal: None,
    }];
    ribbons.extend(data.ribbons.iter().map(|r| Choice {
        id: r.id.to_string(),
        name: format!(
            "{} ({})",
            name_in(&r.names, cx.lang.code(), r.id.as_str()),
            r.rule
        ),
        detail: name_in(&r.text, cx.lang.code(), "").to_owned(),
        refusal: ribbon_refusal(data, s, &r.id),
    }));
    let ribbon_name = s
        .ribbon
        .as_ref()
        .and_then(|r| data.ribbon(r))
        .map_or(no_ribbon, |r| {
            name_in(&r.names, cx.lang.code(), r.id.as_str())
        });
    // The button shows a ribbon's name, without its rule.
    let shown: Vec<&str> = std::iter::once(no_ribbon)
        .chain(
            data.ribbons
                .iter()
                .map(|r| name_in(&r.names, cx.lang.code(), r.id.as_str())),
        )
        .collect();
    if let Some(r) = soldier_picker_ui(
        ui,
        cx,
        "kt.ribbon",
        s,
        (ribbon_name, &shown),
        None,
        &ribbons,
    ) {
        let r = (!r.is_empty()).then(|| RibbonId::from(r));
        if r != s.ribbon {
            cx.send(edit(tid, KillTeamEdit::SetRibbon(s.id, r)));
        }
    }
}

/// The picker adding an item; once he carries all he may, every item says so.
fn item_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    tid: &str,
    s: &Soldier,
) {
    let full = hands_full(data, s);
    let items: Options = data
        .equipment
        .iter()
        .map(|it| {
            let refusal = item_add_refusal(data, s, &it.id);
            Choice {
                id: it.id.to_string(),
                name: format!(
                    "{} ({})",
                    name_in(&it.names, cx.lang.code(), it.id.as_str()),
                    it.rule
                ),
                detail: name_in(&it.text, cx.lang.code(), "").to_owned(),
                refusal,
            }
        })
        .collect();
    if let Some(item) = soldier_picker_ui(
        ui,
        cx,
        "kt.add_item",
        s,
        (cx.t("kt.choose"), &[]),
        full.then(|| cx.t("kt.items_full")),
        &items,
    ) {
        cx.send(edit(
            tid,
            KillTeamEdit::AddItem(
                s.id,
                Carried {
                    item: ItemId::from(item),
                    weapon: None,
                },
            ),
        ));
    }
}

/// His derived profile, each value changed by a ribbon or an item marked,
/// and the items he carries, counted.
pub(crate) fn profile_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, data: &KillTeamData, d: &Derived) {
    ui.spacing_mut().item_spacing.x = space::M;
    let p = &d.profile;
    let save = if p.save_dice > 1 {
        format!("{}+ ({}D6)", p.save, p.save_dice)
    } else {
        format!("{}+", p.save)
    };
    let mut stats = vec![
        ("kt.stat.move", format!("{}\"", p.move_inches), "move"),
        ("kt.stat.wounds", p.wounds.to_string(), "wounds"),
        ("kt.stat.strength", p.strength.to_string(), "strength"),
        ("kt.stat.toughness", p.toughness.to_string(), "toughness"),
        ("kt.stat.save", save, "save"),
        (
            "kt.stat.close_combat",
            format!("{}+", p.close_combat),
            "close_combat",
        ),
    ];
    if d.cover_bonus != 0 {
        stats.push(("kt.stat.cover", format!("+{}", d.cover_bonus), "cover"));
    }
    if d.hit_bonus != 0 {
        stats.push(("kt.stat.hit", format!("+{}", d.hit_bonus), "hit"));
    }
    for (key, value, what) in stats {
        stat_ui(ui, cx, key, value, &d.changed_by(what));
    }
    for (item, n) in &d.item_counts {
        let name = data.item(item).map_or(item.as_str(), |i| {
            name_in(&i.names, cx.lang.code(), i.id.as_str())
        });
        ui.label(RichText::new(format!("{name} ×{n}")).color(palette().ink.subdued));
    }
}

/// One of his weapons: type, range, S, AP, D and flags, marked when a
/// ribbon or an item changed it.
pub(crate) fn weapon_line_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    w: &WeaponLine,
) {
    let name = data.weapon(&w.id).map_or(w.id.as_str(), |x| {
        name_in(&x.names, cx.lang.code(), x.id.as_str())
    });
    let mut flags = Vec::new();
    if w.sniper {
        flags.push(cx.t("kt.flag.sniper"));
    }
    if w.flame {
        flags.push(cx.t("kt.flag.flame"));
    }
    if w.indirect {
        flags.push(cx.t("kt.flag.indirect"));
    }
    let range = if w.range_inches == 0 {
        cx.t("kt.melee_range").to_owned()
    } else {
        format!("{}\"", w.range_inches)
    };
    let mut text = cx.f(
        "kt.weapon_line",
        &[
            ("name", name),
            ("type", &cx.lang.weapon_type(w.weapon_type, &w.shots)),
            ("range", &range),
            ("s", &w.strength.to_string()),
            ("ap", &w.ap.to_string()),
            ("d", &amount(&w.damage)),
        ],
    );
    if !flags.is_empty() {
        text.push_str(&format!(" · {}", flags.join(", ")));
    }
    let (color, mark) = if w.changed_by.is_empty() {
        (palette().ink.text, String::new())
    } else {
        (
            palette().ink.accent,
            format!(" * ({})", w.changed_by.join(", ")),
        )
    };
    ui.label(icon_and_text(
        ui,
        icons::ICON_TARGET,
        &format!("{text}{mark}"),
        color,
        false,
    ));
}

/// An item he carries: a button removing it, its name and rule, the weapon
/// it brings if it brings one, and what it does.
fn item_row_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    tid: &str,
    s: &Soldier,
    at: usize,
    it: &Item,
) {
    let name = name_in(&it.names, cx.lang.code(), it.id.as_str());
    let remove = cx.f("kt.remove_item", &[("item", name)]);
    if icon_button(
        ui,
        icons::ICON_CLOSE,
        "",
        &format!("{remove}: {}", s.name),
        !cx.model.folder.read_only,
    )
    .on_hover_text(&remove)
    .clicked()
    {
        cx.send(edit(tid, KillTeamEdit::RemoveItem(s.id, at)));
    }
    ui.label(icon_and_text(
        ui,
        icons::ICON_BACKPACK,
        &format!("{name} ({})", it.rule),
        palette().ink.text,
        true,
    ));
    item_weapon_picker_ui(ui, cx, data, tid, s, at, it);
    ui.add(
        egui::Label::new(
            RichText::new(name_in(&it.text, cx.lang.code(), "")).color(palette().ink.subdued),
        )
        .wrap(),
    );
}

/// The weapon an item brings, chosen among those it allows.
fn item_weapon_picker_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    data: &KillTeamData,
    tid: &str,
    s: &Soldier,
    at: usize,
    it: &Item,
) {
    let Some(pick) = &it.weapon_choice else {
        return;
    };
    let carried = &s.items[at];
    let options: Options = data
        .weapons
        .iter()
        .filter(|w| pick.types.is_empty() || pick.types.contains(&w.weapon_type))
        .map(|w| Choice {
            id: w.id.to_string(),
            name: name_in(&w.names, cx.lang.code(), w.id.as_str()).to_owned(),
            detail: weapon_detail(cx.lang, w),
            refusal: item_weapon_refusal(data, s, &carried.item, &w.id),
        })
        .collect();
    let current = carried
        .weapon
        .as_ref()
        .and_then(|w| data.weapon(w))
        .map_or("", |w| name_in(&w.names, cx.lang.code(), w.id.as_str()));
    let name = name_in(&it.names, cx.lang.code(), it.id.as_str());
    let label = cx.f("kt.item_weapon", &[("item", name)]);
    let accessible = format!("{label}: {}", s.name);
    let shown = choice_names(&options);
    if let Some(w) = picker_ui(
        ui,
        cx,
        (&label, &accessible),
        (current, &shown),
        None,
        &options,
    )
    .map(WeaponId::from)
        && carried.weapon.as_ref() != Some(&w)
    {
        cx.send(edit(tid, KillTeamEdit::SetItemWeapon(s.id, at, w)));
    }
}

/// His ribbon: its name and rule, and what it does.
fn ribbon_line_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, r: &Ribbon) {
    let name = name_in(&r.names, cx.lang.code(), r.id.as_str());
    ui.label(icon_and_text(
        ui,
        icons::ICON_WORKSPACE_PREMIUM,
        &format!("{name} ({})", r.rule),
        palette().ink.text,
        true,
    ));
    ui.add(
        egui::Label::new(
            RichText::new(name_in(&r.text, cx.lang.code(), "")).color(palette().ink.subdued),
        )
        .wrap(),
    );
}

/// Dropping a dragged soldier on this card puts him here; a card under a
/// dragged soldier is outlined.
fn drop_target_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    card: &egui::Response,
    tid: &str,
    index: usize,
    s: &Soldier,
) {
    if let Some(dragged) = card.dnd_release_payload::<u64>()
        && *dragged != s.id
    {
        cx.send(edit(
            tid,
            KillTeamEdit::MoveSoldier {
                id: *dragged,
                to: index,
            },
        ));
    }
    if card.dnd_hover_payload::<u64>().is_some() {
        ui.painter().rect_stroke(
            card.rect,
            egui::CornerRadius::same(crate::ui::theme::corner::LARGE),
            egui::Stroke::new(2.0, palette().ink.accent),
            egui::StrokeKind::Outside,
        );
    }
}

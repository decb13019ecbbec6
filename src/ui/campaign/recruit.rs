//! The debrief's recruits (CMP-7): a kind of soldier or character bought at
//! the rules' price and named by the player, made fresh in the escort; or
//! one brought from another document of the library. Each pick one
//! campaign event, sent as a command.

use crate::rules::campaign::{
    Campaign, CampaignEdit, Escort, EscortKind, Member, RecruitKind, with_free_gear,
};
use egui::RichText;
use egui_material_icons::icons;

use crate::rules::campaign::ReinforcementEdit;
use crate::rules::campaign::queries;
use crate::rules::campaign::recruit;
use crate::rules::core::problem::ProblemKind;
use crate::rules::killteam::{ItemId, RibbonId};
use crate::rules::{CharRef, KillTeam, Problem, Roster, RulesData};
use crate::ui::campaign::free_gear::recruit_gear_ui;
use crate::ui::campaign::parts::{Buy, edit};
use crate::ui::context::ViewCtx;
use crate::ui::theme::palette;
use crate::ui::widgets::{Tone, badge, hover_text_beside, icon_button};

impl Buy {
    /// The kind picked, for an escort of `escort_kind`: a soldier kind for
    /// a kill team; a race, and a standard type or none, for a band.
    pub(super) fn recruit_kind(&self, escort_kind: EscortKind) -> Option<RecruitKind> {
        if escort_kind == EscortKind::KillTeam {
            let kind = self.recruit_soldier.clone()?;
            Some(RecruitKind::Soldier { kind })
        } else {
            let race = self.recruit_race.clone()?;
            Some(RecruitKind::Character {
                race,
                type_id: self.recruit_type.clone(),
            })
        }
    }
}

/// A kind's name in the player's language: the soldier kind's, or the
/// character's type (his race for a trooper).
fn kind_name(cx: &ViewCtx<'_>, kind: &RecruitKind) -> String {
    let rules = &cx.rules;
    match kind {
        RecruitKind::Soldier { kind } => rules
            .killteam
            .kind(kind)
            .map_or(kind.as_str(), |k| cx.lang.pick(&k.names))
            .to_owned(),
        RecruitKind::Character {
            type_id: Some(t), ..
        } => rules
            .character_type(t)
            .map_or(t.as_str(), |t| cx.lang.pick(&t.names))
            .to_owned(),
        RecruitKind::Character { race, .. } => rules
            .race(race)
            .map_or(race.as_str(), |r| cx.lang.pick(&r.names))
            .to_owned(),
    }
}

/// What a kind would cost and why it may not join, judged on a recruit of
/// that kind named `name` (CMP-7, CMP-14, the rules of the escort's kind).
fn judged(
    c: &Campaign,
    e: &Escort,
    kind: &RecruitKind,
    name: &str,
    rules: &RulesData,
    (item, ribbon): (Option<&ItemId>, Option<&RibbonId>),
) -> (Option<Member>, Result<u32, Problem>, Option<Problem>) {
    match recruit::new_recruit(c, e.id, kind, name, rules) {
        Ok(m) => {
            let m = with_free_gear(m, item, ribbon, &rules.killteam);
            let price = queries::recruiting(c).cost(&m, rules);
            let refusal = recruit::recruit_member_refusal(c, e.id, &m, rules);
            (Some(m), price, refusal)
        }
        Err(p) => (None, Err(p.clone()), Some(p)),
    }
}

/// One kind in a list: its name and price, or shown disabled with the
/// reason when the escort may not take it (CMP-14, the escort's rules).
/// Whether it was clicked.
fn kind_option_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    kind: &RecruitKind,
    selected: bool,
    priced: bool,
) -> bool {
    let name = kind_name(cx, kind);
    let (_, price, refusal) = judged(c, e, kind, &name, &cx.rules, (None, None));
    let text = match price {
        Ok(cost) if priced => cx.f(
            "campaign.ui.recruit_option",
            &[("kind", &name), ("cost", &cost.to_string())],
        ),
        _ => name,
    };
    match refusal {
        None => ui.selectable_label(selected, text).clicked(),
        Some(p) => {
            let text = cx.f("campaign.ui.recruit_not_allowed", &[("name", &text)]);
            let r = ui.add_enabled(
                false,
                egui::Button::selectable(false, RichText::new(text).color(palette().ink.subdued)),
            );
            // Why not, beside the option: never over the next one.
            hover_text_beside(r, &cx.lang.problem_line(&p));
            false
        }
    }
}

/// The kind picked, in one combo for a kill team (its soldier kinds) or
/// two for a band (the race, then the standard type or a trooper).
fn kind_pick_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort, buy: &mut Buy) {
    let rules = &cx.rules;
    let chosen = buy.recruit_kind(e.kind);
    let shown = |kind: Option<&RecruitKind>| {
        kind.map_or_else(
            || cx.t("campaign.ui.choose").to_owned(),
            |k| kind_name(cx, k),
        )
    };
    if e.kind == EscortKind::KillTeam {
        let l = ui.label(cx.t("campaign.ui.recruit_kind"));
        egui::ComboBox::from_id_salt("cmp-recruit-kind")
            .selected_text(shown(chosen.as_ref()))
            .show_ui(ui, |ui| {
                for k in &rules.killteam.soldier_kinds {
                    let id = k.id.clone();
                    let kind = RecruitKind::Soldier { kind: id.clone() };
                    let on = chosen.as_ref() == Some(&kind);
                    if kind_option_ui(ui, cx, c, e, &kind, on, true) {
                        buy.recruit_soldier = Some(id);
                    }
                }
            })
            .response
            .labelled_by(l.id);
        return;
    }
    let l = ui.label(cx.t("campaign.ui.recruit_race"));
    let race_shown = buy.recruit_race.as_deref().map_or_else(
        || cx.t("campaign.ui.choose").to_owned(),
        |r| {
            rules
                .race(r)
                .map_or(r, |r| cx.lang.pick(&r.names))
                .to_owned()
        },
    );
    egui::ComboBox::from_id_salt("cmp-recruit-race")
        .selected_text(race_shown)
        .show_ui(ui, |ui| {
            for r in &rules.races {
                let kind = RecruitKind::Character {
                    race: r.id.clone(),
                    type_id: None,
                };
                let on = buy.recruit_race.as_deref() == Some(r.id.as_str());
                if kind_option_ui(ui, cx, c, e, &kind, on, false) {
                    buy.recruit_race = Some(r.id.clone());
                }
            }
        })
        .response
        .labelled_by(l.id);
    type_pick_ui(ui, cx, c, e, buy);
}

/// A band's recruit's standard type (CHR-6), or a trooper, each with its
/// price (the type's, whatever the race). Never greyed out: whether the
/// race may join is the race list's to say.
fn type_pick_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort, buy: &mut Buy) {
    let rules = &cx.rules;
    let race = buy
        .recruit_race
        .clone()
        .or_else(|| rules.races.first().map(|r| r.id.clone()))
        .unwrap_or_default();
    let type_name = |t: Option<&str>| match t {
        None => cx.t("campaign.ui.recruit_trooper").to_owned(),
        Some(t) => rules
            .character_type(t)
            .map_or(t, |t| cx.lang.pick(&t.names))
            .to_owned(),
    };
    let l = ui.label(cx.t("campaign.ui.recruit_type"));
    let types = std::iter::once(None).chain(rules.types.iter().map(|t| Some(t.id.clone())));
    egui::ComboBox::from_id_salt("cmp-recruit-type")
        .selected_text(type_name(buy.recruit_type.as_deref()))
        .show_ui(ui, |ui| {
            for type_id in types {
                let kind = RecruitKind::Character {
                    race: race.clone(),
                    type_id: type_id.clone(),
                };
                let name = type_name(type_id.as_deref());
                let text = match judged(c, e, &kind, &name, rules, (None, None)).1 {
                    Ok(cost) => cx.f(
                        "campaign.ui.recruit_option",
                        &[("kind", &name), ("cost", &cost.to_string())],
                    ),
                    Err(_) => name,
                };
                if ui
                    .selectable_label(buy.recruit_type == type_id, text)
                    .clicked()
                {
                    buy.recruit_type = type_id;
                }
            }
        })
        .response
        .labelled_by(l.id);
}

/// A recruit bought as a kind at the rules' price (CMP-7), named by the
/// player, for one escort's player; then, when the library holds anyone
/// to bring, one brought from it.
pub(super) fn recruit_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    buy: &mut Buy,
) {
    ui.horizontal_wrapped(|ui| {
        kind_pick_ui(ui, cx, c, e, buy);
    });
    if e.kind == EscortKind::KillTeam {
        recruit_gear_ui(ui, cx, c, e, buy);
    }
    ui.horizontal_wrapped(|ui| buy_kind_ui(ui, cx, c, e, buy));
    if library_offers(cx, c, e) {
        ui.horizontal_wrapped(|ui| library_ui(ui, cx, c, e, buy));
    }
}

/// The recruit's name (the kind's name and his number offered first), his
/// price, why he may not join, and the button that recruits him.
fn buy_kind_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort, buy: &mut Buy) {
    let rules = &cx.rules;
    let kind = buy.recruit_kind(e.kind);
    let offered = kind
        .as_ref()
        .map(|k| recruit::default_recruit_name(c, e.id, k, (&kind_name(cx, k), cx.lang.code())))
        .unwrap_or_default();
    let mut name = buy.recruit_name.clone().unwrap_or(offered);
    let l = ui.label(cx.t("campaign.ui.recruit_name"));
    let field = egui::TextEdit::singleline(&mut name).desired_width(180.0);
    if ui
        .add_enabled(kind.is_some(), field)
        .labelled_by(l.id)
        .changed()
    {
        buy.recruit_name = Some(name.clone());
    }
    let gear = (buy.recruit_item.as_ref(), buy.recruit_ribbon.as_ref());
    let judged = kind.as_ref().map(|k| judged(c, e, k, &name, rules, gear));
    let (member, price, refusal) = judged.map_or((None, None, None), |(m, p, r)| (m, Some(p), r));
    if let Some(Ok(cost)) = &price {
        price_ui(ui, cx, *cost);
    }
    // CMP-7: the points an escort holds, said in words when short; and
    // what else stops a payment now (CMP-9, CMP-16).
    let cost = price.and_then(Result::ok);
    let refusal =
        refusal.or_else(|| cost.and_then(|p| recruit::recruit_payment_refusal(c, e.id, p)));
    if let Some(p) = &refusal {
        badge(ui, Tone::Error, &cx.lang.problem_line(p));
    }
    let go = cx.t("campaign.ui.recruit");
    let named = cx.f("campaign.ui.recruit_for", &[("player", &e.player)]);
    let enabled = refusal.is_none() && member.is_some() && !cx.model.folder.read_only;
    if icon_button(ui, icons::ICON_PERSON_ADD, go, &named, enabled).clicked()
        && let (Some(member), Some(cost)) = (member, cost)
    {
        cx.send(edit(
            &c.id,
            CampaignEdit::Reinforcements(ReinforcementEdit::Recruit {
                escort: e.id,
                member,
                cost,
                from: None,
            }),
        ));
        // The next one is offered his own name, and his own gear.
        buy.recruit_name = None;
        buy.recruit_item = None;
        buy.recruit_ribbon = None;
    }
    if queries::recruiting(c).pool(e.id) == 0 {
        let why = cx.t("campaign.ui.recruit_no_points");
        ui.label(RichText::new(why).color(palette().ink.subdued));
    }
}

/// A recruit's price, the rules' (CMP-7), never typed.
fn price_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, cost: u32) {
    ui.label(
        RichText::new(cx.f("campaign.ui.recruit_price", &[("cost", &cost.to_string())])).strong(),
    )
    .on_hover_text(cx.t("campaign.ui.recruit_price_hint"));
}

/// A recruit brought from the library's rosters or kill teams, at the
/// rules' price (CMP-7), for one escort's player.
fn library_ui(ui: &mut egui::Ui, cx: &ViewCtx<'_>, c: &Campaign, e: &Escort, buy: &mut Buy) {
    let l = ui.label(cx.t("campaign.ui.recruit_from"));
    let member = library_member(cx, e.kind, buy.recruit.as_ref());
    let shown = member
        .as_ref()
        .map_or(cx.t("campaign.ui.choose"), Member::name)
        .to_owned();
    egui::ComboBox::from_id_salt("cmp-recruit")
        .selected_text(shown)
        .show_ui(ui, |ui| library_options_ui(ui, cx, c, e, buy))
        .response
        .labelled_by(l.id);
    let refusal = library_refusal(cx, c, e, buy.recruit.as_ref());
    // CMP-7: the price is the rules', never typed.
    let price = member
        .as_ref()
        .map(|m| queries::recruiting(c).cost(m, &cx.rules));
    match &price {
        Some(Ok(cost)) => price_ui(ui, cx, *cost),
        Some(Err(p)) => {
            badge(ui, Tone::Error, &cx.lang.problem_line(p));
        }
        None => {}
    }
    if let Some(p) = &refusal {
        badge(ui, Tone::Error, &cx.lang.problem_line(p));
    }
    let cost = price.and_then(Result::ok);
    let go = cx.t("campaign.ui.recruit_bring");
    let name = cx.f("campaign.ui.recruit_bring_for", &[("player", &e.player)]);
    let enough = refusal.is_none()
        && cost.is_some_and(|p| queries::recruiting(c).pool(e.id) >= p)
        && !cx.model.folder.read_only;
    if icon_button(ui, icons::ICON_PERSON_ADD, go, &name, enough).clicked()
        && let (Some(member), Some(cost)) = (member, cost)
    {
        cx.send(edit(
            &c.id,
            CampaignEdit::Reinforcements(ReinforcementEdit::Recruit {
                escort: e.id,
                member,
                cost,
                from: buy.recruit.as_ref().map(|r| r.doc.clone()),
            }),
        ));
        // He is in the campaign now: never offered again.
        buy.recruit = None;
    }
}

/// Whether the library offers anyone to an escort (CMP-7): one not
/// already in the campaign, in a roster (a kill team for a kill team).
fn library_offers(cx: &ViewCtx<'_>, c: &Campaign, e: &Escort) -> bool {
    library_choices(cx, e.kind)
        .into_iter()
        .any(|(doc, who, _)| {
            let pick = Some(CharRef::new(doc, who));
            library_refusal(cx, c, e, pick.as_ref())
                .is_none_or(|p| p.kind != ProblemKind::RecruitHeld)
        })
}

/// The library's recruits offered to an escort (CMP-7, CMP-14): one of
/// another faction shown disabled with the reason, one already in the
/// campaign not at all.
fn library_options_ui(
    ui: &mut egui::Ui,
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    buy: &mut Buy,
) {
    for (doc, who, name) in library_choices(cx, e.kind) {
        let pick = Some(CharRef::new(doc, who));
        let selected = buy.recruit == pick;
        let refusal = library_refusal(cx, c, e, pick.as_ref());
        // CMP-7: one already in the campaign is never offered.
        if refusal
            .as_ref()
            .is_some_and(|p| p.kind == ProblemKind::RecruitHeld)
        {
            continue;
        }
        match refusal {
            None => {
                if ui.selectable_label(selected, name).clicked() {
                    buy.recruit = pick;
                }
            }
            Some(p) => {
                let text = cx.f("campaign.ui.recruit_not_allowed", &[("name", &name)]);
                let r = ui.add_enabled(
                    false,
                    egui::Button::selectable(
                        false,
                        RichText::new(text).color(palette().ink.subdued),
                    ),
                );
                hover_text_beside(r, &cx.lang.problem_line(&p));
            }
        }
    }
}

/// Who the library holds to recruit (CMP-7): the characters of every
/// roster for a Rogue Trader band, the soldiers of every kill team for a
/// kill team, as (document, id, name shown).
fn library_choices(cx: &ViewCtx<'_>, kind: EscortKind) -> Vec<(String, u64, String)> {
    if kind == EscortKind::KillTeam {
        cx.model
            .library
            .docs
            .iter()
            .filter_map(|d| d.get::<KillTeam>())
            .flat_map(|t| {
                t.soldiers
                    .iter()
                    .map(|s| (t.id.clone(), s.id, format!("{} › {}", t.name, s.name)))
            })
            .collect()
    } else {
        cx.model
            .rosters()
            .flat_map(|r| {
                r.characters
                    .iter()
                    .map(|ch| (r.id.clone(), ch.id, format!("{} › {}", r.name, ch.name)))
            })
            .collect()
    }
}

/// Why a pick of the library may not be recruited for this escort (CMP-7,
/// CMP-14, and the rules of the escort's kind), or none.
fn library_refusal(
    cx: &ViewCtx<'_>,
    c: &Campaign,
    e: &Escort,
    pick: Option<&CharRef>,
) -> Option<Problem> {
    let member = library_member(cx, e.kind, pick)?;
    queries::recruiting(c).choice_refusal(e.id, &member, pick?, &cx.rules)
}

/// The library's recruit picked, as a campaign member of the escort's kind.
fn library_member(cx: &ViewCtx<'_>, kind: EscortKind, pick: Option<&CharRef>) -> Option<Member> {
    let CharRef { doc, id: who } = pick?;
    if kind == EscortKind::KillTeam {
        cx.model
            .get::<KillTeam>(doc)
            .and_then(|t| t.soldier(*who))
            .cloned()
            .map(Member::Soldier)
    } else {
        cx.model
            .get::<Roster>(doc)
            .and_then(|r| r.character(*who))
            .cloned()
            .map(Member::Character)
    }
}

//! One look for every view: a palette with semantic names, a spacing and
//! corner scale, applied once. Widgets never hold a colour of their own: they
//! ask the palette (`theme::palette().state.fit`, …): its surfaces, its ink and
//! its states.
//!
//! Two palettes share the semantic names: `DARK` (the default) and `LIGHT`.
//! The frame's palette follows egui's theme (`Context::theme`, which the
//! player's preference sets, or the system's when he follows it).
//!
//! The hues of the states follow Okabe and Ito's palette (they survive colour
//! blindness and grey printing), lightened to read on the dark cards and
//! darkened to read on the light ones; a unit test holds every text colour of
//! both palettes to WCAG's 4.5:1 and every icon and border to 3:1.

use egui::{Color32, CornerRadius, Margin, Shadow, Stroke, Theme};

/// The colours of the interface, by what they mean, in three groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// What things are drawn on, and their edges.
    pub(crate) surface: Surfaces,
    /// Text and the accent.
    pub(crate) ink: Ink,
    /// The states of characters and of rules: by hue, with an icon and a word beside them.
    pub(crate) state: States,
}

/// What things are drawn on, and their edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Surfaces {
    /// Behind everything (the window).
    window: Color32,
    /// Panels.
    pub(crate) panel: Color32,
    /// Cards on a panel.
    pub(crate) card: Color32,
    /// A widget (button, field) at rest.
    pub(crate) widget: Color32,
    /// A widget under the pointer.
    widget_hovered: Color32,
    /// A widget being pressed, or selected.
    widget_active: Color32,
    /// Borders of cards and widgets.
    pub(crate) border: Color32,
    /// The soft shadow under a card.
    shadow: Color32,
    /// The shadow under a popup, a menu or a dialog.
    popup_shadow: Color32,
}

/// Text and the accent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ink {
    /// Body text.
    pub(crate) text: Color32,
    /// Secondary text (hints, captions).
    pub(crate) subdued: Color32,
    /// Links, selection, the focus.
    pub(crate) accent: Color32,
    /// Text on the accent colour.
    on_accent: Color32,
}

/// The states of characters and of rules: by hue, with an icon and a word beside them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct States {
    /// Fit, within the rules, done.
    pub(crate) fit: Color32,
    /// Lightly wounded.
    pub(crate) wounded: Color32,
    /// Seriously wounded.
    pub(crate) seriously_wounded: Color32,
    /// Dead.
    pub(crate) dead: Color32,
    /// Missing.
    pub(crate) missing: Color32,
    /// Something to look at (a broken rule in a draft).
    pub(crate) warning: Color32,
    /// Something failed, or an edit was refused.
    pub(crate) error: Color32,
}

/// The dark palette.
pub const DARK: Palette = Palette {
    surface: Surfaces {
        window: Color32::from_rgb(0x15, 0x17, 0x1a),
        panel: Color32::from_rgb(0x1b, 0x1d, 0x21),
        card: Color32::from_rgb(0x26, 0x2a, 0x31),
        widget: Color32::from_rgb(0x34, 0x3a, 0x43),
        widget_hovered: Color32::from_rgb(0x41, 0x48, 0x53),
        widget_active: Color32::from_rgb(0x2a, 0x5a, 0x7e),
        border: Color32::from_rgb(0x6e, 0x76, 0x82),
        shadow: Color32::from_black_alpha(70),
        popup_shadow: Color32::from_black_alpha(110),
    },
    ink: Ink {
        text: Color32::from_rgb(0xeb, 0xe7, 0xe0),
        subdued: Color32::from_rgb(0xb0, 0xb5, 0xbd),
        accent: Color32::from_rgb(0x6c, 0xbc, 0xf0),
        on_accent: Color32::from_rgb(0x10, 0x1a, 0x24),
    },
    state: States {
        fit: Color32::from_rgb(0x3c, 0xc7, 0x9c),
        wounded: Color32::from_rgb(0xe6, 0xc2, 0x3a),
        seriously_wounded: Color32::from_rgb(0xf7, 0x91, 0x5f),
        dead: Color32::from_rgb(0xe3, 0x9f, 0xc6),
        missing: Color32::from_rgb(0xc7, 0xc7, 0xc7),
        warning: Color32::from_rgb(0xe8, 0xa3, 0x3a),
        error: Color32::from_rgb(0xff, 0x8c, 0x8c),
    },
};

/// The light palette: warm paper-grey panels, near-white cards, ink-dark
/// text, the Okabe–Ito hues darkened until they read on every fill.
pub const LIGHT: Palette = Palette {
    surface: Surfaces {
        window: Color32::from_rgb(0xff, 0xff, 0xff),
        panel: Color32::from_rgb(0xee, 0xeb, 0xe5),
        card: Color32::from_rgb(0xfa, 0xf8, 0xf4),
        widget: Color32::from_rgb(0xe2, 0xde, 0xd6),
        widget_hovered: Color32::from_rgb(0xd6, 0xd1, 0xc7),
        widget_active: Color32::from_rgb(0xbc, 0xd6, 0xec),
        border: Color32::from_rgb(0x7a, 0x7d, 0x84),
        shadow: Color32::from_black_alpha(28),
        popup_shadow: Color32::from_black_alpha(50),
    },
    ink: Ink {
        text: Color32::from_rgb(0x1e, 0x21, 0x26),
        subdued: Color32::from_rgb(0x4f, 0x54, 0x5c),
        accent: Color32::from_rgb(0x0a, 0x5d, 0x8f),
        on_accent: Color32::from_rgb(0xff, 0xff, 0xff),
    },
    state: States {
        fit: Color32::from_rgb(0x00, 0x69, 0x4c),
        wounded: Color32::from_rgb(0x73, 0x5c, 0x00),
        seriously_wounded: Color32::from_rgb(0xa0, 0x3f, 0x00),
        dead: Color32::from_rgb(0x8c, 0x3a, 0x6c),
        missing: Color32::from_rgb(0x5a, 0x5a, 0x5a),
        warning: Color32::from_rgb(0x84, 0x54, 0x00),
        error: Color32::from_rgb(0xb0, 0x23, 0x1b),
    },
};

impl Palette {
    /// The palette of egui's theme `theme`.
    pub fn of(theme: Theme) -> Self {
        match theme {
            Theme::Dark => DARK,
            Theme::Light => LIGHT,
        }
    }

    /// The fill of panels.
    pub fn panel_fill(&self) -> Color32 {
        self.surface.panel
    }

    /// The fill of a card on a panel.
    pub fn card_fill(&self) -> Color32 {
        self.surface.card
    }
}

thread_local! {
    /// The palette of the frame being drawn on this thread (one window, one
    /// thread; each test's window its own).
    static CURRENT: std::cell::Cell<Palette> = const { std::cell::Cell::new(DARK) };
}

/// The palette the views draw with now.
pub fn palette() -> Palette {
    CURRENT.with(std::cell::Cell::get)
}

/// Sets the palette the views draw with from now on, on this thread.
pub fn set_palette(p: Palette) {
    CURRENT.with(|c| c.set(p));
}

/// The colours of a printed page, for the print preview: the PDF
/// template's (`assets/sheets/sheet.typ`), dark on white.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperPalette {
    /// The paper.
    pub(crate) paper: Color32,
    /// The ink.
    pub(crate) ink: Color32,
    /// Secondary text (subtitles, the footer).
    pub(crate) subdued: Color32,
    /// Headings and changed values.
    pub(crate) accent: Color32,
    /// Table and card rules.
    pub(crate) rule: Color32,
    /// Behind a table's header row.
    pub(crate) header: Color32,
    /// Behind every other row.
    pub(crate) stripe: Color32,
    /// A ticked box.
    pub(crate) ticked: Color32,
    /// A good tag.
    pub(crate) good: Color32,
    /// A tag to watch.
    pub(crate) warn: Color32,
    /// A bad tag.
    pub(crate) bad: Color32,
    /// An informative tag.
    pub(crate) info: Color32,
}

/// The printed page's colours.
pub const PAPER: PaperPalette = PaperPalette {
    paper: Color32::WHITE,
    ink: Color32::from_rgb(0x14, 0x14, 0x14),
    subdued: Color32::from_rgb(0x5a, 0x5a, 0x5a),
    accent: Color32::from_rgb(0x7a, 0x2e, 0x1d),
    rule: Color32::from_rgb(0xaa, 0xaa, 0xaa),
    header: Color32::from_rgb(0xe4, 0xe4, 0xe4),
    stripe: Color32::from_rgb(0xf8, 0xf8, 0xf8),
    ticked: Color32::from_rgb(0x78, 0x78, 0x78),
    good: Color32::from_rgb(0x2e, 0x6b, 0x30),
    warn: Color32::from_rgb(0x8a, 0x5a, 0x00),
    bad: Color32::from_rgb(0xa1, 0x1d, 0x1d),
    info: Color32::from_rgb(0x1d, 0x4f, 0x8a),
};

/// Spacing, in points: one scale for every gap.
pub mod space {
    /// Between the parts of one thing (an icon and its word).
    pub const XS: f32 = 4.0;
    /// Between widgets of a row.
    pub const S: f32 = 8.0;
    /// Inside a card.
    pub const M: f32 = 12.0;
    /// Between cards.
    pub const L: f32 = 16.0;
    /// Between sections of a screen.
    pub const XL: f32 = 24.0;
}

/// Corner radii: small for widgets and badges, large for cards.
pub mod corner {
    /// Buttons, fields, badges.
    pub const SMALL: u8 = 4;
    /// Cards and dialogs.
    pub const LARGE: u8 = 8;
}

/// The relative luminance of a colour (WCAG 2.x).
pub fn luminance(c: Color32) -> f32 {
    let channel = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// The WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

/// The font family of the printed sheets (DejaVu Sans Condensed, the PDF's).
pub const SHEET_FONT: &str = "sheet";
/// Its bold.
pub const SHEET_FONT_BOLD: &str = "sheet-bold";

/// The size of small print (notes and reasons under a control), in points.
pub const SMALL_TEXT: f32 = 11.0;

/// Installs both themes' visuals (each from its palette), the spacing and
/// the fonts. Called once, at the first frame; which theme shows is the
/// preference's (`Gui` sets it each frame).
pub fn apply(ctx: &egui::Context) {
    egui_material_icons::initialize(ctx);
    // The print preview sets its pages in the PDF's own typeface.
    for (name, data) in [
        (SHEET_FONT, crate::print::pdf::FONTS[0]),
        (SHEET_FONT_BOLD, crate::print::pdf::FONTS[1]),
    ] {
        ctx.add_font(egui::epaint::text::FontInsert::new(
            name,
            egui::FontData::from_static(data),
            vec![egui::epaint::text::InsertFontFamily {
                family: egui::FontFamily::Name(name.into()),
                priority: egui::epaint::text::FontPriority::Highest,
            }],
        ));
    }
    for theme in [Theme::Dark, Theme::Light] {
        ctx.set_visuals_of(theme, visuals(&Palette::of(theme), theme));
        ctx.style_mut_of(theme, |style| {
            style.spacing.item_spacing = egui::vec2(space::S, 6.0);
            style.spacing.button_padding = egui::vec2(space::S, space::XS);
            style.spacing.interact_size.y = 26.0;
            style.spacing.menu_margin = Margin::same(space::S as i8);
            style.spacing.window_margin = Margin::same(space::M as i8);
            // Small print still read at arm's length across a gaming
            // table: egui's 9 points is too small there.
            style.text_styles.insert(
                egui::TextStyle::Small,
                egui::FontId::proportional(SMALL_TEXT),
            );
        });
    }
}

fn widget(fill: Color32, stroke: Color32, text: Color32) -> egui::style::WidgetVisuals {
    egui::style::WidgetVisuals {
        bg_fill: fill,
        weak_bg_fill: fill,
        bg_stroke: Stroke::new(1.0, stroke),
        corner_radius: CornerRadius::same(corner::SMALL),
        fg_stroke: Stroke::new(1.5, text),
        expansion: 0.0,
    }
}

/// The visuals of `theme` (egui's own for it, as the base), coloured from
/// the palette `p`.
pub fn visuals(p: &Palette, theme: Theme) -> egui::Visuals {
    let mut v = match theme {
        Theme::Dark => egui::Visuals::dark(),
        Theme::Light => egui::Visuals::light(),
    };
    v.panel_fill = p.surface.panel;
    v.window_fill = p.surface.card;
    v.window_stroke = Stroke::new(1.0, p.surface.border);
    v.window_corner_radius = CornerRadius::same(corner::LARGE);
    v.extreme_bg_color = p.surface.window;
    v.text_edit_bg_color = Some(p.surface.window);
    v.faint_bg_color = p.surface.card;
    v.code_bg_color = p.surface.card;
    v.hyperlink_color = p.ink.accent;
    v.warn_fg_color = p.state.warning;
    v.error_fg_color = p.state.error;
    v.weak_text_color = Some(p.ink.subdued);
    v.override_text_color = None;
    v.widgets.noninteractive = widget(p.surface.panel, p.surface.border, p.ink.text);
    v.widgets.inactive = widget(p.surface.widget, p.surface.border, p.ink.text);
    v.widgets.hovered = widget(p.surface.widget_hovered, p.ink.accent, p.ink.text);
    // egui takes the strong text colour from the active widgets: it must be
    // the text colour, on a muted accent (dark in the dark theme, pale in
    // the light one).
    v.widgets.active = widget(p.surface.widget_active, p.ink.accent, p.ink.text);
    v.widgets.open = widget(p.surface.widget_hovered, p.ink.accent, p.ink.text);
    v.selection.bg_fill = p.surface.widget_active;
    v.selection.stroke = Stroke::new(1.0, p.ink.text);
    v.popup_shadow = Shadow {
        offset: [0, 3],
        blur: 10,
        spread: 0,
        color: p.surface.popup_shadow,
    };
    v
}

/// The frame of a card: fill, border, corners, margin and a soft shadow.
pub fn card_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(palette().surface.card)
        .stroke(Stroke::new(
            1.0,
            palette().surface.border.gamma_multiply(0.6),
        ))
        .corner_radius(CornerRadius::same(corner::LARGE))
        .inner_margin(Margin::same(space::M as i8))
        .shadow(Shadow {
            offset: [0, 2],
            blur: 8,
            spread: 0,
            color: palette().surface.shadow,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both palettes, by name, with their egui theme.
    const PALETTES: [(&str, Palette, Theme); 2] =
        [("dark", DARK, Theme::Dark), ("light", LIGHT, Theme::Light)];

    // WCAG 2.x: normal text needs 4.5:1; icons and borders that carry meaning 3:1.
    #[test]
    fn every_text_colour_reads_on_every_background() {
        for (palette_name, p, _) in PALETTES {
            let backgrounds = [
                ("window", p.surface.window),
                ("panel", p.surface.panel),
                ("card", p.surface.card),
                ("widget", p.surface.widget),
            ];
            let texts = [
                ("text", p.ink.text),
                ("subdued", p.ink.subdued),
                ("accent", p.ink.accent),
                ("fit", p.state.fit),
                ("wounded", p.state.wounded),
                ("seriously_wounded", p.state.seriously_wounded),
                ("dead", p.state.dead),
                ("missing", p.state.missing),
                ("warning", p.state.warning),
                ("error", p.state.error),
            ];
            for (bg_name, bg) in backgrounds {
                for (name, c) in texts {
                    let ratio = contrast(c, bg);
                    assert!(
                        ratio >= 4.5,
                        "{palette_name}: {name} on {bg_name}: {ratio:.2}:1"
                    );
                }
            }
            // Text on widgets hovered, and pressed or selected.
            for bg in [p.surface.widget_hovered, p.surface.widget_active] {
                let ratio = contrast(p.ink.text, bg);
                assert!(ratio >= 4.5, "{palette_name}: text {ratio:.2}:1");
            }
            assert!(
                contrast(p.ink.on_accent, p.ink.accent) >= 4.5,
                "{palette_name}"
            );
        }
    }

    #[test]
    fn borders_and_icons_stand_out() {
        for (palette_name, p, _) in PALETTES {
            for bg in [p.surface.window, p.surface.panel, p.surface.card] {
                let ratio = contrast(p.surface.border, bg);
                assert!(ratio >= 3.0, "{palette_name}: border {ratio:.2}:1");
            }
            // Badges paint their colour at low alpha behind the word: the
            // word must still read on it.
            for c in [
                p.state.fit,
                p.state.wounded,
                p.state.seriously_wounded,
                p.state.dead,
                p.state.missing,
                p.state.warning,
                p.state.error,
            ] {
                let tint = super::super::widgets::badge_fill(c, p.surface.card);
                let ratio = contrast(c, tint);
                assert!(ratio >= 4.5, "{palette_name}: {c:?}: {ratio:.2}:1");
            }
        }
    }

    // What egui draws from the visuals, not only the palette: its weak text
    // (hints, disabled words), its strong text, the warnings and errors it
    // paints itself, on its panel, window, field and widget fills.
    #[test]
    fn each_themes_visuals_read_as_their_palette() {
        for (palette_name, p, theme) in PALETTES {
            let v = visuals(&p, theme);
            assert_eq!(v.dark_mode, theme == Theme::Dark, "{palette_name}");
            let fills = [
                ("panel", v.panel_fill),
                ("window", v.window_fill),
                ("field", v.text_edit_bg_color()),
                ("extreme", v.extreme_bg_color),
                ("widget", v.widgets.inactive.weak_bg_fill),
            ];
            let texts = [
                ("text", v.text_color()),
                ("weak", v.weak_text_color()),
                ("strong", v.strong_text_color()),
                ("warn", v.warn_fg_color),
                ("error", v.error_fg_color),
                ("link", v.hyperlink_color),
            ];
            for (fill_name, fill) in fills {
                for (name, c) in texts {
                    let ratio = contrast(c, fill);
                    assert!(
                        ratio >= 4.5,
                        "{palette_name}: egui's {name} on {fill_name}: {ratio:.2}:1"
                    );
                }
            }
            for w in [v.widgets.hovered, v.widgets.active, v.widgets.open] {
                assert!(contrast(w.fg_stroke.color, w.weak_bg_fill) >= 4.5);
            }
            assert!(contrast(v.selection.stroke.color, v.selection.bg_fill) >= 4.5);
        }
    }

    #[test]
    fn the_printed_page_reads_in_every_colour() {
        let p = PAPER;
        for bg in [p.paper, p.header, p.stripe] {
            for (name, c) in [
                ("ink", p.ink),
                ("subdued", p.subdued),
                ("accent", p.accent),
                ("good", p.good),
                ("warn", p.warn),
                ("bad", p.bad),
                ("info", p.info),
            ] {
                let ratio = contrast(c, bg);
                assert!(ratio >= 4.5, "{name}: {ratio:.2}:1");
            }
        }
        assert!(contrast(p.ticked, p.paper) >= 3.0);
        assert!(contrast(p.rule, p.paper) >= 2.0);
    }

    #[test]
    fn contrast_matches_known_values() {
        assert!((contrast(Color32::WHITE, Color32::BLACK) - 21.0).abs() < 0.01);
        assert!((contrast(Color32::BLACK, Color32::BLACK) - 1.0).abs() < 0.001);
        // egui's default weak text on its dark panel is far below 4.5:1,
        // and its red errors fail on its light one.
        let egui = egui::Visuals::dark();
        assert!(contrast(egui.weak_text_color(), egui.panel_fill) < 4.5);
        let egui = egui::Visuals::light();
        assert!(contrast(egui.error_fg_color, egui.panel_fill) < 4.5);
    }
}

//! The paper a sheet is printed on and the fonts it is set in: what the
//! PDF, the column plan and the preview all need.

/// The fonts typst may use: DejaVu Sans Condensed, regular and bold, cut
/// down to the Latin alphabets, punctuation, arrows, shapes and dingbats
/// (`assets/fonts/README.md`).
pub const FONTS: [&[u8]; 2] = [
    include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf"),
];

/// Paper sizes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Paper {
    /// ISO A4.
    #[default]
    A4,
    /// US Letter.
    Letter,
}

impl Paper {
    /// Both, for pickers.
    pub const ALL: [Self; 2] = [Self::A4, Self::Letter];

    /// typst's name for it.
    pub fn typst_name(self) -> &'static str {
        match self {
            Self::A4 => "a4",
            Self::Letter => "us-letter",
        }
    }

    /// The name on the command line (`a4`, `letter`).
    pub fn code(self) -> &'static str {
        match self {
            Self::A4 => "a4",
            Self::Letter => "letter",
        }
    }

    /// From the command line's name.
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.code().eq_ignore_ascii_case(code))
    }

    /// Its width and height, in millimetres.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Self::A4 => (210.0, 297.0),
            Self::Letter => (215.9, 279.4),
        }
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::A4 => "sheet.paper.a4",
            Self::Letter => "sheet.paper.letter",
        }
    }
}

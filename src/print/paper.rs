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

/// The size of the cards for the table, cut from a sheet of paper.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum CardSize {
    /// Poker cards, 63 × 88 mm: nine to a page.
    #[default]
    Poker,
    /// Large cards, 100 × 110 mm: four to a page.
    Large,
}

/// The narrowest margin a card sheet leaves round its cards, in
/// millimetres: what most printers cannot print on.
const CARD_MARGIN_MM: f32 = 5.0;

impl CardSize {
    /// Both, for pickers.
    pub const ALL: [Self; 2] = [Self::Poker, Self::Large];

    /// Its width and height, in millimetres.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Self::Poker => (63.0, 88.0),
            Self::Large => (100.0, 110.0),
        }
    }

    /// The name on the command line (`poker`, `large`).
    pub fn code(self) -> &'static str {
        match self {
            Self::Poker => "poker",
            Self::Large => "large",
        }
    }

    /// From the command line's name.
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.code().eq_ignore_ascii_case(code))
    }

    /// The locale key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Poker => "sheet.cards.poker",
            Self::Large => "sheet.cards.large",
        }
    }

    /// How its cards sit on `paper`: as many as fit inside the margin,
    /// side by side with no gap (one cut between two), the grid centred.
    pub fn layout(self, paper: Paper) -> CardLayout {
        let (w, h) = self.size_mm();
        let (pw, ph) = paper.size_mm();
        let fit = |page: f32, card: f32| ((page - 2.0 * CARD_MARGIN_MM) / card).floor().max(1.0);
        let (columns, rows) = (fit(pw, w), fit(ph, h));
        CardLayout {
            width: w,
            height: h,
            columns: columns as u32,
            rows: rows as u32,
            margin_x: (pw - columns * w) / 2.0,
            margin_y: (ph - rows * h) / 2.0,
        }
    }
}

/// Where the cards sit on a page, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CardLayout {
    /// A card's width.
    pub width: f32,
    /// A card's height.
    pub height: f32,
    /// Cards across.
    pub columns: u32,
    /// Cards down.
    pub rows: u32,
    /// From the paper's left and right edges to the cards.
    pub margin_x: f32,
    /// From the paper's top and bottom edges to the cards.
    pub margin_y: f32,
}

impl CardLayout {
    /// How many cards a page holds.
    pub fn per_page(&self) -> u32 {
        self.columns * self.rows
    }
}

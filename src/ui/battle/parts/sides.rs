//! One mode's two fighters (`Sides`) as the log names them and the battle
//! summary follows them, and the roll buttons that send a table roll to
//! the log.

use egui_material_icons::icons;

use crate::app::{Command, HandSides};
use crate::i18n::Lang;
use crate::rules::battle::summary::Combatant;
use crate::rules::battle::table_roll::TableRoll;
use crate::rules::core::names::{Name, Names};
use crate::rules::{CharRef, Msg};
use crate::ui::context::ViewCtx;
use crate::ui::widgets::icon_button;

/// A roll button that sends `what` to the battle log under `title`.
pub fn roll_button(ui: &mut egui::Ui, word: &str, title: Msg, what: TableRoll, cx: &ViewCtx<'_>) {
    roll_button_by(ui, word, title, what, Vec::new(), cx);
}

/// A "Roll" button for a table roll that is `by`'s (a grenade, a jump, a
/// charge, the initiative): at a campaign's table, a soldier's action it
/// spends (KT-14: his grenade of the turn) and the team that pays for
/// rolling it again (KT-11).
pub fn roll_button_by(
    ui: &mut egui::Ui,
    word: &str,
    title: Msg,
    what: TableRoll,
    by: Vec<Combatant>,
    cx: &ViewCtx<'_>,
) {
    if icon_button(ui, icons::ICON_CASINO, word, word, true).clicked() {
        if by.is_empty() {
            cx.send(Command::RollTable(title, what));
        } else {
            cx.send(Command::RollFight(
                title,
                crate::rules::battle::Fight::Table(what),
                by,
            ));
        }
    }
}

/// One mode's two fighters, as the log names them and the battle summary
/// follows them. Each mode keeps its own: a fighter picked in one never
/// fights, nor is counted, in a roll of another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// The attacker's (shooter's) name, for the log.
    pub(crate) attacker: String,
    /// The defender's (target's) name, for the log.
    pub(crate) defender: String,
    /// The attacker (shooter) is a character (CHR-15).
    pub(crate) attacker_character: bool,
    /// The defender (target) is a character (CHR-15).
    pub(crate) defender_character: bool,
    /// The campaign character the attacker is, when picked from a
    /// campaign's escort: (campaign, character).
    pub(crate) attacker_from: Option<CharRef>,
    /// The campaign character the defender is: where his wounds go.
    pub(crate) defender_from: Option<CharRef>,
    /// The attacker's name in every language, when the rules data gives
    /// it (a drawn enemy): it names him while `attacker` is one of them.
    pub(crate) attacker_names: Option<Names>,
    /// The defender's name in every language, when the rules data gives it.
    pub(crate) defender_names: Option<Names>,
}

impl Sides {
    /// The attacker's (shooter's) name, for the log.
    pub fn attacker(&self) -> &str {
        &self.attacker
    }

    /// The defender's (target's) name, for the log.
    pub fn defender(&self) -> &str {
        &self.defender
    }

    /// The attacker (shooter) is a character (CHR-15).
    pub fn attacker_character(&self) -> bool {
        self.attacker_character
    }

    /// The defender (target) is a character (CHR-15).
    pub fn defender_character(&self) -> bool {
        self.defender_character
    }

    /// The campaign character the attacker is, when picked from a
    /// campaign's escort.
    pub fn attacker_from(&self) -> Option<&CharRef> {
        self.attacker_from.as_ref()
    }

    /// The campaign character the defender is: where his wounds go.
    pub fn defender_from(&self) -> Option<&CharRef> {
        self.defender_from.as_ref()
    }

    /// Names the defender (target), for the log.
    pub fn set_defender(&mut self, name: impl Into<String>) {
        self.defender = name.into();
        self.defender_names = None;
    }

    /// Names the attacker as `name` says, in `lang` in his field.
    pub fn set_attacker_name(&mut self, name: &Name, lang: Lang) {
        self.attacker = name.in_lang(lang.code()).to_owned();
        self.attacker_names = name.names().cloned();
    }

    /// Names the defender as `name` says, in `lang` in his field.
    pub fn set_defender_name(&mut self, name: &Name, lang: Lang) {
        self.defender = name.in_lang(lang.code()).to_owned();
        self.defender_names = name.names().cloned();
    }

    /// The attacker's name: in every language while his field shows one of
    /// the names the rules data gave him, as typed otherwise.
    pub fn attacker_name(&self) -> Name {
        Name::of(&self.attacker, self.attacker_names.as_ref())
    }

    /// The defender's name, as [`Sides::attacker_name`] says.
    pub fn defender_name(&self) -> Name {
        Name::of(&self.defender, self.defender_names.as_ref())
    }

    /// Shows a name the rules data gave in `lang` in its field, so that a
    /// change of language renames him there too.
    pub fn follow_lang(&mut self, lang: Lang) {
        for (text, names) in [
            (&mut self.attacker, &self.attacker_names),
            (&mut self.defender, &self.defender_names),
        ] {
            if let Some(n) = Name::of(text, names.as_ref()).names() {
                let shown = crate::rules::core::names::name_in(n, lang.code(), "");
                if !shown.is_empty() && shown != text.trim() {
                    *text = shown.to_owned();
                }
            }
        }
    }

    /// Says whether the attacker is a character (CHR-15).
    pub fn set_attacker_character(&mut self, character: bool) {
        self.attacker_character = character;
    }

    /// Says whether the defender is a character (CHR-15).
    pub fn set_defender_character(&mut self, character: bool) {
        self.defender_character = character;
    }

    /// The attacker's name, or `word` when none was given.
    pub fn attacker_or<'a>(&'a self, word: &'a str) -> &'a str {
        if self.attacker.trim().is_empty() {
            word
        } else {
            self.attacker.trim()
        }
    }

    /// The defender's name, or `word` when none was given.
    pub fn defender_or<'a>(&'a self, word: &'a str) -> &'a str {
        if self.defender.trim().is_empty() {
            word
        } else {
            self.defender.trim()
        }
    }
}

impl Sides {
    /// The roll's title: "attacker against defender".
    pub fn title(&self) -> Msg {
        Msg::new("battle.against")
            .msg(
                "attacker",
                name_msg(&self.attacker_name(), "battle.attacker"),
            )
            .msg(
                "defender",
                name_msg(&self.defender_name(), "battle.defender"),
            )
    }

    /// The attacker alone, for a table roll that is his own (a jump, the
    /// initiative): with `wounds` left, and taking the roll's wounds (a
    /// fall's) when `hurt`.
    pub fn roller(&self, lang: Lang, we_attack: bool, wounds: u32, hurt: bool) -> Vec<Combatant> {
        let mut me = self.combatants(lang, we_attack, (wounds, 1));
        me.truncate(1);
        if let Some(c) = me.first_mut() {
            c.first = !hurt;
        }
        me
    }

    /// The two fighters, for the battle summary (CHR-15): each with his
    /// side and his wounds (`wounds`: the attacker's, the defender's).
    pub fn combatants(&self, lang: Lang, we_attack: bool, wounds: (u32, u32)) -> Vec<Combatant> {
        use crate::rules::battle::summary::{BattleSide, Combatant};
        let (a, d) = BattleSide::of_attacker(we_attack);
        vec![
            Combatant {
                name: self.name_or(self.attacker_name(), lang.t("battle.attacker")),
                side: a,
                character: self.attacker_character,
                first: true,
                model: 0,
                wounds: wounds.0,
                campaign: self.attacker_from.clone(),
                spends: None,
            },
            Combatant {
                name: self.name_or(self.defender_name(), lang.t("battle.defender")),
                side: d,
                character: self.defender_character,
                first: false,
                model: 0,
                wounds: wounds.1,
                campaign: self.defender_from.clone(),
                spends: None,
            },
        ]
    }
}

impl Sides {
    /// `name`, or `word` when none was given.
    fn name_or(&self, name: Name, word: &str) -> Name {
        if name.is_empty() {
            Name::from(word)
        } else {
            name
        }
    }
}

/// A name for the log: in the language the log is shown in, or when none
/// `key`'s word.
pub fn name_msg(name: &Name, key: &'static str) -> Msg {
    if name.is_empty() {
        Msg::new(key)
    } else {
        Msg::name(name)
    }
}

/// A name for the log: the one typed, or when none `key`'s word, in the
/// language the log is shown in.
pub fn named(name: &str, key: &'static str) -> Msg {
    if name.trim().is_empty() {
        Msg::new(key)
    } else {
        Msg::verbatim(name.trim())
    }
}

impl Sides {
    /// Who fights whom, as kept with a fight set up by hand.
    pub fn kept(&self) -> HandSides {
        HandSides {
            attacker: self.attacker.clone(),
            defender: self.defender.clone(),
            attacker_character: self.attacker_character,
            defender_character: self.defender_character,
            attacker_from: self.attacker_from.clone(),
            defender_from: self.defender_from.clone(),
            attacker_names: self.attacker_names.clone(),
            defender_names: self.defender_names.clone(),
        }
    }

    /// Who fights whom, as kept.
    pub fn of_kept(kept: &HandSides) -> Self {
        Self {
            attacker: kept.attacker.clone(),
            defender: kept.defender.clone(),
            attacker_character: kept.attacker_character,
            defender_character: kept.defender_character,
            attacker_from: kept.attacker_from.clone(),
            defender_from: kept.defender_from.clone(),
            attacker_names: kept.attacker_names.clone(),
            defender_names: kept.defender_names.clone(),
        }
    }
}

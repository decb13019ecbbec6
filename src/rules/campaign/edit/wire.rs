//! How an event is written in the journal: by its own name, whatever its
//! room (`{"act": {…}}`, `"begin_mission"`), one list of names for every
//! journal. An event's name finds its room; the room's enum reads the rest.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::de::{
    self, DeserializeOwned, EnumAccess, IntoDeserializer as _, VariantAccess, Visitor,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{
    CampaignEdit, DebriefEdit, ItemEdit, PreparationEdit, ReinforcementEdit, SetupEdit, TableEdit,
    TurnEdit,
};
use crate::rules::campaign::house::RulesEdit;

/// The room an event's name belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Room {
    HouseRules,
    Setup,
    Preparation,
    Table,
    Turn,
    Items,
    Debrief,
    Reinforcements,
}

/// The name of the house rules' event (its payload is the rules' edit).
const HOUSE_RULES: &str = "house_rules";

/// Every event's name, with its room.
static ROOMS: LazyLock<(Vec<&'static str>, HashMap<&'static str, Room>)> = LazyLock::new(|| {
    let rooms = [
        (Room::Setup, names::<SetupEdit>()),
        (Room::Preparation, names::<PreparationEdit>()),
        (Room::Table, names::<TableEdit>()),
        (Room::Turn, names::<TurnEdit>()),
        (Room::Items, names::<ItemEdit>()),
        (Room::Debrief, names::<DebriefEdit>()),
        (Room::Reinforcements, names::<ReinforcementEdit>()),
    ];
    let mut all = vec![HOUSE_RULES];
    let mut of = HashMap::from([(HOUSE_RULES, Room::HouseRules)]);
    for (room, names) in rooms {
        for name in names {
            all.push(name);
            of.insert(*name, room);
        }
    }
    (all, of)
});

/// Every event's name, as an error about an unknown one lists them.
fn all_names() -> &'static [&'static str] {
    &ROOMS.0
}

impl CampaignEdit {
    /// Every event's name as the journal writes it, room after room.
    pub fn names() -> &'static [&'static str] {
        all_names()
    }
}

impl Serialize for CampaignEdit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::HouseRules(r) => s.serialize_newtype_variant("CampaignEdit", 0, HOUSE_RULES, r),
            Self::Setup(e) => e.serialize(s),
            Self::Preparation(e) => e.serialize(s),
            Self::Table(e) => e.serialize(s),
            Self::Turn(e) => e.serialize(s),
            Self::Items(e) => e.serialize(s),
            Self::Debrief(e) => e.serialize(s),
            Self::Reinforcements(e) => e.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for CampaignEdit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_enum("CampaignEdit", all_names(), EventVisitor)
    }
}

/// Reads an event's name, then hands the rest to its room's enum.
struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = CampaignEdit;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a campaign event")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<CampaignEdit, A::Error> {
        let (name, rest): (String, A::Variant) = data.variant()?;
        let Some(room) = ROOMS.1.get(name.as_str()).copied() else {
            return Err(de::Error::unknown_variant(&name, all_names()));
        };
        let one = |rest| OneEvent { name, rest };
        Ok(match room {
            Room::HouseRules => CampaignEdit::HouseRules(rest.newtype_variant::<RulesEdit>()?),
            Room::Setup => CampaignEdit::Setup(SetupEdit::deserialize(one(rest))?),
            Room::Preparation => {
                CampaignEdit::Preparation(PreparationEdit::deserialize(one(rest))?)
            }
            Room::Table => CampaignEdit::Table(TableEdit::deserialize(one(rest))?),
            Room::Turn => CampaignEdit::Turn(TurnEdit::deserialize(one(rest))?),
            Room::Items => CampaignEdit::Items(ItemEdit::deserialize(one(rest))?),
            Room::Debrief => CampaignEdit::Debrief(DebriefEdit::deserialize(one(rest))?),
            Room::Reinforcements => {
                CampaignEdit::Reinforcements(ReinforcementEdit::deserialize(one(rest))?)
            }
        })
    }
}

/// One event's name, already read, and what follows it: read by its
/// room's enum as a whole event.
struct OneEvent<R> {
    name: String,
    rest: R,
}

impl<'de, R: VariantAccess<'de>> Deserializer<'de> for OneEvent<R> {
    type Error = R::Error;

    fn deserialize_any<W: Visitor<'de>>(self, visitor: W) -> Result<W::Value, R::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, R: VariantAccess<'de>> EnumAccess<'de> for OneEvent<R> {
    type Error = R::Error;
    type Variant = R;

    fn variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, R), R::Error> {
        let name = seed.deserialize(self.name.into_deserializer())?;
        Ok((name, self.rest))
    }
}

/// The names of the events of `T`, a room's enum, as serde's derive
/// writes them: asked of the enum itself, so that no list is kept by hand.
fn names<T: DeserializeOwned>() -> &'static [&'static str] {
    match T::deserialize(Probe) {
        Err(Found(names)) => names,
        Ok(_) => &[],
    }
}

/// A reader that only notes the names an enum asks to be read as.
struct Probe;

/// The names found, as the probe's "error".
#[derive(Debug)]
struct Found(&'static [&'static str]);

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} names", self.0.len())
    }
}

impl std::error::Error for Found {}

impl de::Error for Found {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Self(&[])
    }
}

impl<'de> Deserializer<'de> for Probe {
    type Error = Found;

    fn deserialize_any<W: Visitor<'de>>(self, _: W) -> Result<W::Value, Found> {
        Err(Found(&[]))
    }

    fn deserialize_enum<W: Visitor<'de>>(
        self,
        _: &'static str,
        names: &'static [&'static str],
        _: W,
    ) -> Result<W::Value, Found> {
        Err(Found(names))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

//! The roster screen: the character editor and its equipment.

mod character;
mod character_gear;

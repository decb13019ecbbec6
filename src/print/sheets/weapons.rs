//! A card's weapons as they fire, in one table for every sheet: a
//! kill-team soldier's weapons and a Rogue Trader character's ranged ones
//! say their range and profile in the same columns and words (weapon,
//! type, range, to hit, S, AP, damage).

use crate::i18n::Lang;
use crate::rules::RulesData;
use crate::rules::battle::from_table::rt_weapon;
use crate::rules::characters::equipment::Gear;

use crate::print::model::Table;

/// A number with its sign (`+1`, `0`, `-2`).
pub(super) fn signed(n: impl Into<i64>) -> String {
    let n = n.into();
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// One weapon's line of the table.
pub(super) struct WeaponRow {
    /// Its name, with its qualities (`Flamer (flame)`).
    pub(super) name: String,
    /// What kind of weapon it is (`Rapid Fire 1`, `pistol`).
    pub(super) kind: String,
    /// Its range (`24"`, short and long `12"/24"`, `—` in close combat).
    pub(super) range: String,
    /// Its to-hit modifiers at short and long range, for a weapon that
    /// has them (a kill-team weapon has none: its soldier's is on his
    /// profile).
    pub(super) to_hit: Option<String>,
    /// Its Strength.
    pub(super) strength: String,
    /// What it takes off the target's save.
    pub(super) ap: String,
    /// Its damage (`1`, `D6`).
    pub(super) damage: String,
    /// Changed from the catalogue's by what the soldier carries: marked.
    pub(super) changed: bool,
}

/// The table of a card's weapons: the to-hit column only when a weapon
/// has modifiers of its own.
pub(super) fn weapons_table(lang: Lang, rows: Vec<WeaponRow>) -> Table {
    let to_hit = rows.iter().any(|r| r.to_hit.is_some());
    let mut keys = vec!["sheet.weapon", "sheet.weapon_type", "sheet.range"];
    if to_hit {
        keys.push("kt.stat.hit");
    }
    keys.extend(["kt.stat.strength", "sheet.ap", "sheet.damage"]);
    let mut t = Table::new(keys.iter().map(|k| lang.t(k).to_owned()).collect());
    t.wide = vec![0];
    for (r, w) in rows.into_iter().enumerate() {
        let mut row = vec![w.name, w.kind, w.range];
        if to_hit {
            row.push(w.to_hit.unwrap_or_else(|| "—".to_owned()));
        }
        row.extend([w.strength, w.ap, w.damage]);
        if w.changed {
            row[0].push('*');
            t.marked.push((r, 0));
        }
        t.rows.push(row);
    }
    t
}

/// A Rogue Trader character's ranged weapons as a shot fires them (their
/// own profile, or the armoury's for one written without a range), with
/// `strength` his own S for a weapon that has none (unknown: a dash);
/// empty when he carries none.
pub(super) fn rt_weapon_rows(
    lang: Lang,
    rules: &RulesData,
    gear: &[Gear],
    strength: Option<i32>,
) -> Vec<WeaponRow> {
    let mut rows = Vec::new();
    for g in gear {
        let Some(w) = rt_weapon(g, &rules.armoury) else {
            continue;
        };
        let mut kind = lang.t(g.kind.key()).to_owned();
        if w.sustained > 0 {
            let n = w.sustained.to_string();
            kind = format!(
                "{kind}, {}",
                lang.f("gear.shot.sustained_short", &[("n", &n)])
            );
        }
        if w.template {
            kind = format!("{kind}, {}", lang.t("gear.shot.template_short"));
        }
        let [short, long] = w.range;
        let range = if short == long {
            format!("{long}\"")
        } else {
            format!("{short}\"/{long}\"")
        };
        // A template hits with no roll: no modifier to print.
        let to_hit = if w.template {
            "—".to_owned()
        } else {
            format!("{}/{}", signed(w.to_hit[0]), signed(w.to_hit[1]))
        };
        let s = w.s.or(strength.map(i64::from));
        // None of its own: its hits modify saves by their S (CC-12).
        let save = w.save_modifier.or_else(|| {
            s.and_then(|s| i32::try_from(s).ok())
                .map(|s| i64::from(rules.save_modifier(s)))
        });
        let or_dash = |v: Option<i64>| v.map_or_else(|| "—".to_owned(), |v| v.to_string());
        rows.push(WeaponRow {
            name: g.name.clone(),
            kind,
            range,
            to_hit: Some(to_hit),
            strength: or_dash(s),
            ap: or_dash(save),
            damage: w.damage.to_string(),
            changed: false,
        });
    }
    rows
}

//! Relations to what a die shows: a number caught from the names, a
//! number kept in the places' attributes (Snakes and Ladders' `n`), or
//! the rows or columns moved, that went up or down by exactly the die's
//! value in every example. Only dice the child rolled or set in every
//! example's set-up count.

use super::super::levels::{Levels, PlaceLevel};
use super::super::seen::{Seen, Side};
use super::{caught, cond, valid_word, Condition, Wording};

/// The relations to dice that hold in every example, and what they
/// account for: a fixed count is never proposed for a number the die
/// says (two rolls of 3 must not teach "three squares").
#[derive(Debug, Default)]
pub(crate) struct Rolled {
    pub conditions: Vec<Condition>,
    /// The die says the rows moved; the columns moved.
    pub axes: [bool; 2],
    /// Pairs of caught variables (from, to) the die relates.
    pub names: Vec<(String, String)>,
}

impl Rolled {
    /// Whether a die explains anything in the examples.
    pub fn any(&self) -> bool {
        !self.conditions.is_empty() || self.axes.contains(&true) || !self.names.is_empty()
    }
}

/// The dice set in every example, each with what it showed in each.
fn dice(seen: &[Seen]) -> Vec<(String, Vec<i64>)> {
    let Some(first) = seen.first() else {
        return Vec::new();
    };
    first
        .dice
        .iter()
        .filter_map(|(name, _)| {
            let values: Option<Vec<i64>> = seen
                .iter()
                .map(|s| s.dice.iter().find(|(n, _)| n == name).map(|(_, v)| *v))
                .collect();
            Some((name.clone(), values?))
        })
        .collect()
}

/// The first die whose value every difference equals (`1`) or is the
/// negative of (`-1`).
fn by_die<'a>(diffs: &[Option<i64>], dice: &'a [(String, Vec<i64>)]) -> Option<(&'a str, i64)> {
    dice.iter().find_map(|(name, values)| {
        [1, -1].into_iter().find_map(|sign| {
            let all = diffs.len() == values.len()
                && diffs
                    .iter()
                    .zip(values)
                    .all(|(d, v)| *v != 0 && *d == Some(sign * v));
            all.then_some((name.as_str(), sign))
        })
    })
}

/// `the die shows`, or `dice.2 shows` for a die with another name.
fn shows(die: &str) -> String {
    if die == "die" {
        "the die shows".to_string()
    } else {
        format!("{die} shows")
    }
}

/// `a + value(die)` or `a - value(die)`.
fn plus_die(a: &str, die: &str, sign: i64) -> String {
    let op = if sign > 0 { '+' } else { '-' };
    format!("{a} {op} value({die})")
}

/// `forward as many squares as the die shows`, or back.
fn squares(die: &str, sign: i64) -> String {
    let way = if sign > 0 { "forward" } else { "back" };
    format!("{way} as many squares as {}", shows(die))
}

/// Every relation to a die that holds in all examples, for these levels.
pub(crate) fn rolled(seen: &[Seen], levels: &Levels) -> Rolled {
    let mut out = Rolled::default();
    let dice = dice(seen);
    if dice.is_empty() {
        return out;
    }
    attributes(seen, &dice, &mut out.conditions);
    let numbered = !out.conditions.is_empty();
    if levels.from == PlaceLevel::Family && levels.to == PlaceLevel::Family {
        names(seen, &dice, &mut out);
    }
    let deltas: Option<Vec<(i64, i64)>> = seen.iter().map(Seen::delta).collect();
    if let Some(deltas) = deltas {
        for (index, axis) in ["row", "column"].into_iter().enumerate() {
            let diffs: Vec<Option<i64>> = deltas
                .iter()
                .map(|d| Some(if index == 0 { d.0 } else { d.1 }))
                .collect();
            let Some((die, sign)) = by_die(&diffs, &dice) else {
                continue;
            };
            out.axes[index] = true;
            // Numbered squares say it better than rows or columns.
            if numbered {
                continue;
            }
            let way = match (index, sign > 0) {
                (0, true) => "up",
                (0, false) => "down",
                (_, true) => "right",
                (_, false) => "left",
            };
            let text = format!(
                "{axis}(to) = {}",
                plus_die(&format!("{axis}({})", "from"), die, sign)
            );
            let words = format!("as many {axis}s {way} as {}", shows(die));
            out.conditions.push(cond(text, words, Wording::Target, &[]));
        }
    }
    out
}

/// `attribute(to, "n") = attribute(from, "n") + value(die)` for a number
/// both places of every example have.
fn attributes(seen: &[Seen], dice: &[(String, Vec<i64>)], out: &mut Vec<Condition>) {
    let Some(first) = seen.first() else { return };
    for key in first.from_attributes.keys() {
        if !valid_word(key) {
            continue;
        }
        let number = |s: &Seen, side: Side| {
            let attrs = if side == Side::From {
                &s.from_attributes
            } else {
                &s.to_attributes
            };
            attrs.get(key)?.trim().parse::<i64>().ok()
        };
        let diffs: Vec<Option<i64>> = seen
            .iter()
            .map(|s| Some(number(s, Side::To)? - number(s, Side::From)?))
            .collect();
        if let Some((die, sign)) = by_die(&diffs, dice) {
            let text = format!(
                "attribute(to, \"{key}\") = {}",
                plus_die(&format!("attribute(from, \"{key}\")"), die, sign)
            );
            out.push(cond(text, squares(die, sign), Wording::Move, &[]));
        }
    }
}

/// `to = from + value(die)` between numbers caught from the names.
fn names(seen: &[Seen], dice: &[(String, Vec<i64>)], out: &mut Rolled) {
    let from = caught(seen, Side::From);
    let to = caught(seen, Side::To);
    let single = from.len() == 1 && to.len() == 1;
    let track = seen.first().and_then(|s| s.track(Side::From));
    let one_track = single
        && track.is_some()
        && seen
            .iter()
            .all(|s| s.track(Side::From) == track && s.track(Side::To) == track);
    for (i, (a, av)) in from.iter().enumerate() {
        for (j, (b, bv)) in to.iter().enumerate() {
            if from.len() == to.len() && i != j {
                continue;
            }
            let diffs: Vec<Option<i64>> = av.iter().zip(bv).map(|(x, y)| Some((*y)? - (*x)?)).collect();
            let Some((die, sign)) = by_die(&diffs, dice) else {
                continue;
            };
            let text = format!("{b} = {}", plus_die(a, die, sign));
            let (words, wording) = if !single {
                (format!("where {text}"), Wording::Target)
            } else if one_track {
                (squares(die, sign), Wording::Move)
            } else {
                let way = if sign > 0 { "more" } else { "less" };
                (
                    format!("whose number is as many {way} as {}", shows(die)),
                    Wording::Target,
                )
            };
            out.conditions.push(cond(text, words, wording, &[a, b]));
            out.names.push((a.clone(), b.clone()));
        }
    }
}

/// A condition that reads a die, in words, as learning writes it (or a
/// designer does, with the attribute's name bare): `attribute(to, "n") =
/// attribute(from, "n") + value(die)`, `row(to) = row(from) - value(die)`,
/// `to = from + value(die)`. `side` says which side a caught variable is on.
pub(crate) fn card_words(body: &str, side: impl Fn(&str) -> Option<&'static str>) -> Option<String> {
    let (left, right) = body.split_once(" = ")?;
    let (base, sign, rest) = if let Some((b, r)) = right.split_once(" + value(") {
        (b, 1, r)
    } else {
        let (b, r) = right.split_once(" - value(")?;
        (b, -1, r)
    };
    let die = rest.strip_suffix(')')?;
    if die.is_empty() || die.contains(['(', ')', ' ', ',']) {
        return None;
    }
    let attribute = |s: &str, place: &str| {
        let key = s
            .strip_prefix(&format!("attribute({place}, "))?
            .strip_suffix(')')?;
        Some(key.trim_matches('"').to_string())
    };
    if let (Some(a), Some(b)) = (attribute(left, "to"), attribute(base, "from")) {
        return (a == b).then(|| squares(die, sign));
    }
    for (axis, up, down) in [("row", "up", "down"), ("column", "right", "left")] {
        if left == format!("{axis}(to)") && base == format!("{axis}(from)") {
            let way = if sign > 0 { up } else { down };
            return Some(format!("as many {axis}s {way} as {}", shows(die)));
        }
    }
    match (side(left), side(base)) {
        (Some("to"), Some("from")) => {
            let way = if sign > 0 { "more" } else { "less" };
            Some(format!("whose number is as many {way} as {}", shows(die)))
        }
        _ => None,
    }
}

//! A name for a rule, from what the demonstration did.

use super::seen::Seen;
use crate::model::Game;

/// *take* to a basket, *place* from a group onto a square, *step* to a
/// neighbouring square, *jump* two squares in a line, *move* otherwise.
pub(crate) fn describe(seen: &Seen) -> &'static str {
    if seen.to_kind == "basket" {
        return "take";
    }
    if seen.from_kind == "group" && seen.to_kind == "square" {
        return "place";
    }
    if let Some((dr, dc)) = seen.delta() {
        let (dr, dc) = (dr.abs(), dc.abs());
        return match dr.max(dc) {
            1 => "step",
            2 if dr % 2 == 0 && dc % 2 == 0 => "jump",
            _ => "move",
        };
    }
    match numbered_apart(&seen.demo.from, &seen.demo.to) {
        Some(1) => "step",
        Some(2) => "jump",
        _ => "move",
    }
}

/// How far apart two names like `s.3` and `s.5` are, when they differ
/// only in their last number.
fn numbered_apart(a: &str, b: &str) -> Option<i64> {
    let (pa, na) = a.rsplit_once('.')?;
    let (pb, nb) = b.rsplit_once('.')?;
    if pa != pb {
        return None;
    }
    Some((nb.parse::<i64>().ok()? - na.parse::<i64>().ok()?).abs())
}

/// `base`, or `base2`, `base3`… the first not yet used by a step rule.
pub(crate) fn unique(game: &Game, base: &str) -> String {
    let taken = |n: &str| game.steps.iter().any(|s| s.name == n);
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base}{i}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| base.to_string())
}

/// A name for a rule learned from these examples, unique in the game.
pub(crate) fn suggest(game: &Game, seen: &[Seen]) -> String {
    let base = seen.first().map_or("move", describe);
    let base = if seen.iter().all(|s| describe(s) == base) {
        base
    } else {
        "move"
    };
    unique(game, base)
}

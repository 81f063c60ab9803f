//! A learned rule in one plain sentence.

use super::levels::{family, Levels, Part, PlaceLevel, WhatLevel};
use super::relations::{Condition, Wording};
use super::seen::{Seen, Side};
use crate::model::OwnerPattern;

/// `a stone`, `an arrow`.
pub(crate) fn article(word: &str) -> String {
    let vowel = word.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}

fn what(seen: &Seen, levels: &Levels) -> String {
    let base = match levels.what {
        WhatLevel::Figure => return seen.demo.figure.clone(),
        WhatLevel::TypeAndOrigin => format!("{} that started on {}", article(&seen.kind), seen.origin),
        WhatLevel::Type => article(&seen.kind),
        WhatLevel::Any => "any figure".to_string(),
    };
    let owner = match levels.owner {
        None => String::new(),
        Some(OwnerPattern::OnMove) => " of the player on move".into(),
        Some(OwnerPattern::Opponent) => " of the opponent".into(),
        Some(OwnerPattern::Player(n)) => format!(" of player {n}"),
    };
    base + &owner
}

/// A board's or track's name as a child says it: `the board`, `the
/// track`; a name with dots or numbers stays as it is (`board.2`).
pub(crate) fn the(name: &str) -> String {
    if !name.is_empty() && name.chars().all(|c| c.is_alphabetic() || c == '-' || c == '_') {
        format!("the {name}")
    } else {
        name.to_string()
    }
}

fn place(seen: &[Seen], side: Side, level: PlaceLevel) -> String {
    let Some(s) = seen.first() else {
        return String::new();
    };
    let kind = s.kind_of(side);
    match level {
        PlaceLevel::Place => s.place(side).to_string(),
        PlaceLevel::Family => family_words(seen, side),
        PlaceLevel::Type => format!("any {kind}"),
        PlaceLevel::Any => "anywhere".to_string(),
    }
}

/// "Places with a name like it" in words: `any square of the board`,
/// `any square of the track`, `any square like s.1`.
pub(crate) fn family_words(seen: &[Seen], side: Side) -> String {
    let Some(s) = seen.first() else {
        return String::new();
    };
    let kind = s.kind_of(side);
    let track = s
        .track(side)
        .filter(|t| seen.iter().all(|o| o.track(side) == Some(*t)));
    match (s.spot(side), track, family(seen, side)) {
        (Some(spot), _, _) => format!("any square of {}", the(&spot.board)),
        (None, Some(t), _) => format!("any square of {}", the(t)),
        (None, None, Some(_)) => format!("any {kind} like {}", s.place(side)),
        (None, None, None) => format!("any {kind}"),
    }
}

/// The board or track both places of every example are squares of, in
/// words, when the rule goes from any square of it to any square of it.
fn on(seen: &[Seen], levels: &Levels) -> Option<String> {
    if levels.from != PlaceLevel::Family || levels.to != PlaceLevel::Family {
        return None;
    }
    let s = seen.first()?;
    let grid = |x: &Seen, side: Side| {
        x.spot(side)
            .map(|p| p.board.clone())
            .or_else(|| x.track(side).map(str::to_string))
    };
    let name = grid(s, Side::From)?;
    seen.iter()
        .all(|x| grid(x, Side::From).as_ref() == Some(&name) && grid(x, Side::To).as_ref() == Some(&name))
        .then(|| the(&name))
}

/// `A stone of the player on move may go from any square of the board to
/// the square one row up and one column left or right.`; `A pawn of the
/// player on move may go one or two squares forward on the track.`
pub(crate) fn sentence(seen: &[Seen], levels: &Levels, conditions: &[&Condition]) -> String {
    let Some(first) = seen.first() else {
        return String::new();
    };
    let words = |w: Wording| -> Vec<&str> {
        conditions
            .iter()
            .filter(|c| c.wording == w)
            .map(|c| c.words.as_str())
            .collect()
    };
    let (target, moves) = (words(Wording::Target), words(Wording::Move));
    let from = place(seen, Side::From, levels.from);
    let to = match (levels.to, target.is_empty()) {
        (_, true) => place(seen, Side::To, levels.to),
        (PlaceLevel::Place, false) => format!("{}, {}", first.demo.to, target.join(" and ")),
        (PlaceLevel::Any, false) => format!("the place {}", target.join(" and ")),
        (_, false) => format!("the {} {}", first.to_kind, target.join(" and ")),
    };
    let way = match (moves.is_empty(), on(seen, levels)) {
        (true, _) => format!("from {from} to {to}"),
        (false, Some(grid)) if target.is_empty() => format!("{} on {grid}", moves.join(" and ")),
        (false, _) => format!("from {from} {}", moves.join(" and ")),
    };
    let mut out = format!("{} may go {way}", what(first, levels));
    for c in words(Wording::Extra) {
        out.push_str(", ");
        out.push_str(c);
    }
    out.push('.');
    // A figure's own name keeps its spelling.
    if levels.what == WhatLevel::Figure {
        out
    } else {
        capitalise(&out)
    }
}

/// The level one part of a rule is at, in words: `only p.1`, `any pawn`,
/// `only track.1`, `any square of the track`, `anywhere`.
pub(crate) fn part_words(seen: &[Seen], levels: &Levels, part: Part) -> String {
    let Some(s) = seen.first() else {
        return String::new();
    };
    let side = match part {
        Part::What => {
            return match levels.what {
                WhatLevel::Figure => format!("only {}", s.demo.figure),
                WhatLevel::TypeAndOrigin => format!("{} from {}", article(&s.kind), s.origin),
                WhatLevel::Type => format!("any {}", s.kind),
                WhatLevel::Any => "any figure".to_string(),
            }
        }
        Part::From => Side::From,
        Part::To => Side::To,
    };
    let level = if side == Side::From {
        levels.from
    } else {
        levels.to
    };
    match level {
        PlaceLevel::Place => format!("only {}", s.place(side)),
        PlaceLevel::Family => family_words(seen, side),
        PlaceLevel::Type => format!("any {}", s.kind_of(side)),
        PlaceLevel::Any => "anywhere".to_string(),
    }
}

/// The first letter in capitals.
pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

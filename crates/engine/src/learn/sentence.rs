//! A learned rule in one plain sentence.

use super::levels::{family, Levels, PlaceLevel, WhatLevel};
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

fn place(seen: &[Seen], side: Side, level: PlaceLevel) -> String {
    let Some(s) = seen.first() else {
        return String::new();
    };
    let kind = s.kind_of(side);
    match level {
        PlaceLevel::Place => s.place(side).to_string(),
        PlaceLevel::Family => match (s.spot(side), family(seen, side)) {
            (Some(spot), _) => format!("any square of {}", spot.board),
            (None, Some(p)) => format!("any {kind} {}", p.text),
            (None, None) => format!("any {kind}"),
        },
        PlaceLevel::Type => format!("any {kind}"),
        PlaceLevel::Any => "anywhere".to_string(),
    }
}

/// `A stone of the player on move may go from any square of board to the
/// square one row up and one column left or right.`
pub(crate) fn sentence(seen: &[Seen], levels: &Levels, conditions: &[&Condition]) -> String {
    let Some(first) = seen.first() else {
        return String::new();
    };
    let target: Vec<&str> = conditions
        .iter()
        .filter(|c| c.wording == Wording::Target)
        .map(|c| c.words.as_str())
        .collect();
    let from = place(seen, Side::From, levels.from);
    let to = match (levels.to, target.is_empty()) {
        (_, true) => place(seen, Side::To, levels.to),
        (PlaceLevel::Place, false) => format!("{}, {}", first.demo.to, target.join(" and ")),
        (PlaceLevel::Any, false) => format!("the place {}", target.join(" and ")),
        (_, false) => format!("the {} {}", first.to_kind, target.join(" and ")),
    };
    let mut out = format!("{} may go from {from} to {to}", what(first, levels));
    for c in conditions.iter().filter(|c| c.wording == Wording::Extra) {
        out.push_str(", ");
        out.push_str(&c.words);
    }
    out.push('.');
    // A figure's own name keeps its spelling.
    if levels.what == WhatLevel::Figure {
        out
    } else {
        capitalise(&out)
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

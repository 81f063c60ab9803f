//! How general each part of a learned rule is, and the patterns each level gives.

use super::seen::{Seen, Side};
use crate::model::{FigurePattern, OwnerPattern, Pattern, PlacePattern};

/// A part of a step rule that can be widened or narrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// Which figure moves.
    What,
    /// The place it comes from.
    From,
    /// The place it goes to.
    To,
}

/// How general the `what` part is, from the most specific.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WhatLevel {
    /// This very figure: `[NAME f][TYPE t][ORIGIN o]`.
    Figure,
    /// Any figure of this type from this origin: `[TYPE t][ORIGIN o]`.
    TypeAndOrigin,
    /// Any figure of this type: `[TYPE t]`.
    Type,
    /// Any figure: `[]`.
    Any,
}

/// How general the `from` or `to` part is, from the most specific.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PlaceLevel {
    /// This very place: `[NAME a][TYPE square]`.
    Place,
    /// Places with a name like it: `s.?` (its number caught in a variable)
    /// or `board.?.?` (any square of the board).
    Family,
    /// Any place of this type: `[TYPE square]`.
    Type,
    /// Any place: `[]`.
    Any,
}

impl WhatLevel {
    const ALL: [WhatLevel; 4] = [
        WhatLevel::Figure,
        WhatLevel::TypeAndOrigin,
        WhatLevel::Type,
        WhatLevel::Any,
    ];

    /// A short label for a button or a card.
    pub fn label(self) -> &'static str {
        match self {
            WhatLevel::Figure => "this figure",
            WhatLevel::TypeAndOrigin => "figures of this type from the same place",
            WhatLevel::Type => "figures of this type",
            WhatLevel::Any => "any figure",
        }
    }
}

impl PlaceLevel {
    const ALL: [PlaceLevel; 4] = [
        PlaceLevel::Place,
        PlaceLevel::Family,
        PlaceLevel::Type,
        PlaceLevel::Any,
    ];

    /// A short label for a button or a card.
    pub fn label(self) -> &'static str {
        match self {
            PlaceLevel::Place => "this place",
            PlaceLevel::Family => "places with a name like it",
            PlaceLevel::Type => "places of this type",
            PlaceLevel::Any => "any place",
        }
    }
}

/// The level of every part of a learned rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Levels {
    pub what: WhatLevel,
    pub from: PlaceLevel,
    pub to: PlaceLevel,
    /// Whose figure it must be, added to every `what` level but the
    /// first (`OWNER on move` when each example moved a figure of the player
    /// on move in a game of two).
    pub owner: Option<OwnerPattern>,
}

impl Levels {
    /// The level of one part, as a number from 0 (the most specific).
    pub fn index(&self, part: Part) -> usize {
        match part {
            Part::What => self.what as usize,
            Part::From => self.from as usize,
            Part::To => self.to as usize,
        }
    }

    /// A short label of one part's level.
    pub fn label(&self, part: Part) -> &'static str {
        match part {
            Part::What => self.what.label(),
            Part::From => self.from.label(),
            Part::To => self.to.label(),
        }
    }
}

/// The `what` levels that fit every example, most specific first.
pub(crate) fn what_levels(seen: &[Seen]) -> Vec<WhatLevel> {
    let all = |f: &dyn Fn(&Seen) -> &str| seen.windows(2).all(|w| f(&w[0]) == f(&w[1]));
    let same_kind = all(&|s| &s.kind);
    let same_origin = all(&|s| &s.origin);
    let same_name = all(&|s| &s.demo.figure);
    WhatLevel::ALL
        .into_iter()
        .filter(|l| match l {
            WhatLevel::Figure => same_name && same_kind,
            WhatLevel::TypeAndOrigin => same_kind && same_origin,
            WhatLevel::Type => same_kind,
            WhatLevel::Any => true,
        })
        .collect()
}

/// The `from` or `to` levels that fit every example, most specific first.
pub(crate) fn place_levels(seen: &[Seen], side: Side) -> Vec<PlaceLevel> {
    let same_name = seen.windows(2).all(|w| w[0].place(side) == w[1].place(side));
    let same_kind = seen.windows(2).all(|w| w[0].kind_of(side) == w[1].kind_of(side));
    PlaceLevel::ALL
        .into_iter()
        .filter(|l| match l {
            PlaceLevel::Place => same_name,
            PlaceLevel::Family => same_kind && family(seen, side).is_some(),
            PlaceLevel::Type => same_kind,
            PlaceLevel::Any => true,
        })
        .collect()
}

/// Whose figures every example moved, in a game of two.
pub(crate) fn owner_of(seen: &[Seen], players: u8) -> Option<OwnerPattern> {
    if players < 2 || seen.is_empty() {
        return None;
    }
    if seen.iter().all(|s| s.owner != 0 && s.owner == s.player) {
        Some(OwnerPattern::OnMove)
    } else if seen.iter().all(|s| s.owner != 0 && s.owner == s.other) {
        Some(OwnerPattern::Opponent)
    } else {
        None
    }
}

/// The most specific levels that fit every example.
pub(crate) fn least(seen: &[Seen], players: u8) -> Levels {
    Levels {
        what: what_levels(seen).first().copied().unwrap_or(WhatLevel::Any),
        from: place_levels(seen, Side::From)
            .first()
            .copied()
            .unwrap_or(PlaceLevel::Any),
        to: place_levels(seen, Side::To)
            .first()
            .copied()
            .unwrap_or(PlaceLevel::Any),
        owner: owner_of(seen, players),
    }
}

/// The levels a rule taught so far had (`keep`), each widened as little
/// as the examples need: a level the child chose is never narrowed by
/// another example, only widened when it no longer fits them all.
pub(crate) fn keeping(seen: &[Seen], players: u8, keep: &Levels) -> Levels {
    let least = least(seen, players);
    let place = |side: Side, kept: PlaceLevel| {
        place_levels(seen, side)
            .into_iter()
            .find(|l| *l >= kept)
            .unwrap_or(PlaceLevel::Any)
    };
    Levels {
        what: what_levels(seen)
            .into_iter()
            .find(|l| *l >= keep.what)
            .unwrap_or(WhatLevel::Any),
        from: place(Side::From, keep.from),
        to: place(Side::To, keep.to),
        owner: least.owner,
    }
}

/// A name pattern covering the places of one side, with its variables:
/// `board.?.?` (no variables) for squares of one board; otherwise the
/// parts that differ — or, when all names are the same, the parts that
/// are numbers — become `?`, each caught in a variable (`from`, or
/// `from_1`, `from_2`… when there are several).
pub(crate) fn family(seen: &[Seen], side: Side) -> Option<Pattern> {
    let first = seen.first()?;
    if let Some(spot) = first.spot(side) {
        if seen
            .iter()
            .all(|s| s.spot(side).is_some_and(|o| o.board == spot.board))
        {
            return Some(Pattern::exact(format!("{}.?.?", spot.board)));
        }
    }
    let names: Vec<Vec<&str>> = seen.iter().map(|s| s.place(side).split('.').collect()).collect();
    let n = names[0].len();
    if n < 2 || names.iter().any(|p| p.len() != n) || names.iter().flatten().any(|p| p.contains(['*', '?'])) {
        return None;
    }
    let all_same = names.windows(2).all(|w| w[0] == w[1]);
    let mut parts = Vec::new();
    let mut wild = 0;
    for i in 0..n {
        let column: Vec<&str> = names.iter().map(|p| p[i]).collect();
        let differs = column.windows(2).any(|w| w[0] != w[1]);
        let number = !column[0].is_empty() && column[0].chars().all(|c| c.is_ascii_digit());
        if (differs || (all_same && number)) && column.iter().all(|c| !c.is_empty()) {
            parts.push("?");
            wild += 1;
        } else if differs {
            return None;
        } else {
            parts.push(column[0]);
        }
    }
    if wild == 0 {
        return None;
    }
    let word = side.word();
    let vars: Vec<String> = if wild == 1 {
        vec![word.to_string()]
    } else {
        (1..=wild).map(|i| format!("{word}_{i}")).collect()
    };
    Some(Pattern {
        text: parts.join("."),
        vars,
    })
}

/// The `what` pattern of a level, read from the first example.
pub(crate) fn what_pattern(seen: &[Seen], levels: &Levels) -> FigurePattern {
    let Some(s) = seen.first() else {
        return FigurePattern::default();
    };
    let owner = (levels.what != WhatLevel::Figure)
        .then_some(levels.owner)
        .flatten();
    let kind = Some(Pattern::exact(&s.kind));
    let origin = Some(Pattern::exact(&s.origin));
    match levels.what {
        WhatLevel::Figure => FigurePattern {
            name: Some(Pattern::exact(&s.demo.figure)),
            kind,
            origin,
            owner: None,
        },
        WhatLevel::TypeAndOrigin => FigurePattern {
            name: None,
            kind,
            origin,
            owner,
        },
        WhatLevel::Type => FigurePattern {
            name: None,
            kind,
            origin: None,
            owner,
        },
        WhatLevel::Any => FigurePattern {
            owner,
            ..FigurePattern::default()
        },
    }
}

/// The `from` or `to` pattern of a level.
pub(crate) fn place_pattern(seen: &[Seen], side: Side, level: PlaceLevel) -> PlacePattern {
    let Some(s) = seen.first() else {
        return PlacePattern::default();
    };
    let kind = Some(Pattern::exact(s.kind_of(side)));
    match level {
        PlaceLevel::Place => PlacePattern {
            name: Some(Pattern::exact(s.place(side))),
            kind,
        },
        PlaceLevel::Family => PlacePattern {
            name: family(seen, side),
            kind,
        },
        PlaceLevel::Type => PlacePattern { name: None, kind },
        PlaceLevel::Any => PlacePattern::default(),
    }
}

/// The variables the patterns of these levels catch.
pub(crate) fn captured(seen: &[Seen], levels: &Levels) -> Vec<String> {
    let mut vars = Vec::new();
    for (side, level) in [(Side::From, levels.from), (Side::To, levels.to)] {
        if level == PlaceLevel::Family {
            if let Some(p) = family(seen, side) {
                vars.extend(p.vars);
            }
        }
    }
    vars
}

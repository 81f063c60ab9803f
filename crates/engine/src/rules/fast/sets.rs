//! A condition about one square worked out for every square of a board at
//! once, as sets of bits ([`crate::rules::bitboard`]): Connect Four's `row(to)
//! = 6 or not empty(neighbour(to, down))` is the bottom row joined with the
//! filled squares moved up one, and Reversi's `traps(to, d)` a handful of
//! shifts along each direction. A step rule's targets are then found all
//! together ([`FastSet`]), and a game over's `every s in squares(board)
//! where not empty(s)` is one comparison of words.
//!
//! The answer is always the one the condition gives square by square:
//! errors included. Each condition is worked out as two sets, where it
//! holds and where working it out fails ([`Tri`]); `and`, `or`, `not` and
//! `if` combine them as the square-by-square evaluation would, stopping
//! where it stops. Where a part has no such form, or gives something
//! unexpected (a number where yes or no was wanted), nothing is compiled
//! or the answer is given up, and the condition is asked square by square.
//!
//! The parts about one square (`empty`, `owner`, a place compared) read the
//! square through a [`Map`]: the square itself, its neighbour, the square
//! beyond a run of squares along a line (`first t in line(s, d) where …`,
//! `neighbour(last(run), d)`), or the square between two. What holds of
//! the squares a map reaches is pulled back along it to the squares it
//! starts from.

mod compile;
mod program;

pub(super) use compile::{
    answerable, compile_quantifiers, squares_condition, squares_conditions, step_condition,
};
pub(crate) use program::{Program, Reg};

use super::compile::Node;
use super::{Val, EMPTY};
use crate::expr::{BinOp, Quantity};
use crate::rules::bitboard::BitBoard;

/// A yes-or-no for every square of a board: where it holds (`yes`) and
/// where working it out fails (`err`); elsewhere it does not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tri {
    pub yes: u64,
    pub err: u64,
}

/// A yes-or-no about one square, for every square at once.
#[derive(Clone)]
pub(super) enum Pred {
    /// A part that reads no square: the same answer for all, asked once.
    Scalar(Node),
    /// Worked out ahead for every square: per player on move (one for all
    /// when it does not name the player).
    Fixed(Box<[Tri]>),
    Not(Box<Pred>),
    And(Box<Pred>, Box<Pred>),
    Or(Box<Pred>, Box<Pred>),
    If(Box<[Pred; 3]>),
    /// `empty(map)`.
    Empty(Map),
    /// `owner(map) = who` (`eq`) or `!=`; `owner(top(map))` alike where no
    /// square has an owner of its own.
    Owner {
        map: Map,
        who: Node,
        eq: bool,
    },
    /// `map = place` (`eq`) or `!=`, the place (or nothing) read once.
    Is {
        map: Map,
        place: Node,
        eq: bool,
    },
    /// How many squares of `run` there are, compared with a number.
    Count {
        run: RunOf,
        op: BinOp,
        k: Node,
    },
    /// `x in list` of a list that reads no square: the squares among its
    /// items.
    Among(Node),
    /// `every t in line where t = s or y`, `line` squares named as they
    /// stand (bits) and `y` a condition about `t` alone: the squares `s`
    /// for which the others of the line all hold `y`.
    AllBut {
        line: u64,
        y: Box<Pred>,
    },
    /// `any t in line(map, d) where cond` (`every`: `every … where`).
    Along {
        base: Map,
        d: usize,
        cond: Box<Pred>,
        every: bool,
    },
}

/// A square (or nothing) for every square the condition is about.
#[derive(Clone)]
pub(super) enum Map {
    /// The square itself.
    Id,
    /// `neighbour(map, d)`: nothing at the board's edge (and an error
    /// next to nothing).
    Next(Box<Map>, usize),
    /// The first square going `d` from the one `base` gives that `cont`
    /// does not hold for, after at least `min` that it holds for (fewer is
    /// an error: the last of an empty list); nothing at the edge (and an
    /// error for a line from nothing).
    After {
        base: Box<Map>,
        d: usize,
        cont: Box<Pred>,
        min: u8,
    },
    /// `between(place, square)`: the square half way, or nothing.
    Between(Node),
    /// The same square, read where nothing is an error: the top figure
    /// of a square, whose owner is the square's (`owner(top(map))`).
    Strict(Box<Map>),
    /// One square of the board named as it stands, the same for every
    /// square: an item of a list unrolled (`every s in l where owner(s) =
    /// player`, `l` one line of a points board).
    Const(crate::rules::PlaceId),
}

/// The squares going `d` from the one `base` gives, while `cont` holds
/// for them: `all t in line(s, d) until …`.
#[derive(Clone)]
pub(super) struct RunOf {
    base: Map,
    d: usize,
    cont: Box<Pred>,
}

/// What a quantifier over a board's squares gives, from where its
/// condition holds: `None` (give up) where it fails for some square, or
/// for a kind of quantifier with no answer here.
pub(crate) fn answer(kind: Quantity, until: bool, t: Tri, board: &BitBoard) -> Option<Val> {
    if t.err != 0 {
        return None;
    }
    let first = |set: u64| (set != 0).then(|| board.place(set.trailing_zeros()));
    Some(match (kind, until) {
        (Quantity::Any, false) => Val::bool(t.yes != 0),
        (Quantity::Every, false) => Val::bool(t.yes == board.all),
        (Quantity::HowMany, false) => Val::num(t.yes.count_ones() as i32),
        (Quantity::HowMany, true) => Val::num(if t.yes == 0 {
            board.squares() as i32
        } else {
            t.yes.trailing_zeros() as i32
        }),
        (Quantity::First, false) => first(t.yes).map_or(Val::text(EMPTY), Val::place),
        _ => return None,
    })
}

#[cfg(test)]
mod tests;

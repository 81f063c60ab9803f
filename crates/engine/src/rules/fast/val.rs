//! A value while a condition is worked out ([`Val`]), packed in one word:
//! what it is in the low byte, what it holds above.
//!
//! Packed, it is handed back in a register everywhere: as WebAssembly too,
//! which hands back nothing wider than a pointer (4 bytes) in one. An enum
//! of the same values is handed back there through memory, written a part
//! at a time and read back whole, which the processor cannot forward from
//! the writes: a wait at every part of an expression that calls another
//! (seen in Chromium's compiled code). Packed, a chain of closures handing
//! back values runs 2.2 times as fast in Chromium and 1.5 times natively;
//! a playout, which spends most of its time elsewhere, 1.02 (checkers) to
//! 1.03 (Reversi) times as fast as WebAssembly, checkers 1.03 natively.
//!
//! [`Val::held`] gives what it holds as an enum ([`Held`]) to match on; the
//! values read most have their own look ([`Val::as_num`], [`Val::as_bool`],
//! [`Val::as_place`]).

use std::num::NonZeroU64;

use crate::rules::{FigureId, PlaceId};

/// A value while a condition is worked out, in one word: a number too big
/// for `i32` makes the compiled form give up, and the general evaluator
/// answers. Each value has one packing, so two are the same value exactly
/// when they are the same word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Val(NonZeroU64);

// One word with no value on zero: an `Option<Val>` is one word as well.
const _: () = assert!(std::mem::size_of::<Option<Val>>() == 8);

/// What a [`Val`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Held {
    Num(i32),
    Bool(bool),
    Place(PlaceId),
    Figure(FigureId),
    /// A text of [`super::Fast::texts`].
    Text(u32),
    /// A figure type's name.
    Kind(u16),
    List(Seq),
    /// In the bit machine of random playouts ([`crate::machine`]), which
    /// tells figures apart only by where they are: the figure on a square
    /// that holds one at most.
    On(PlaceId),
    /// …a figure of kind `.1` on the place `.0` whose figures it tells
    /// apart only by kind (a pile): any of them, where they are alike to
    /// every question asked of them ([`crate::machine`] says when).
    Piled(PlaceId, u8),
    /// …and the figure the step moves.
    Moved,
}

/// A list a condition goes through, described rather than listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Seq {
    /// The squares `first`, `first + step`, ... in a straight line on a
    /// board, `len` of them: all on the board, so an item is worked out
    /// with no look at the board.
    Line { first: PlaceId, step: i16, len: u8 },
    /// The places `first..first + len` (a board's squares in order).
    Places { first: PlaceId, len: u16 },
    /// Directions `first..first + len` of [`crate::expr::DIRECTIONS`].
    Directions { first: u8, len: u8 },
    /// The numbers `first..first + len` (`numbers(a, b)`).
    Numbers { first: i32, len: u16 },
    /// The places next to place `of` (`neighbours(of)`), `len` of them,
    /// as [`crate::Rules::neighbours`] lists them.
    Around { of: PlaceId, len: u8 },
    /// The lines of points board `board` through its point `of`
    /// (`lines(of)`), `len` of them: each a [`Seq::PointLine`].
    LinesAt { board: u8, of: PlaceId, len: u8 },
    /// Line `line` of points board `board`: its `len` points in order.
    PointLine { board: u8, line: u16, len: u8 },
}

/// What a value is, in its low byte (never 0).
const NUM: u8 = 1;
const BOOL: u8 = 2;
const PLACE: u8 = 3;
const FIGURE: u8 = 4;
const TEXT: u8 = 5;
const KIND: u8 = 6;
const LINE: u8 = 7;
const PLACES: u8 = 8;
const DIRECTIONS: u8 = 9;
const ON: u8 = 10;
const MOVED: u8 = 11;
const NUMBERS: u8 = 12;
const AROUND: u8 = 13;
const LINES_AT: u8 = 14;
const POINT_LINE: u8 = 15;
const PILED: u8 = 16;

impl Val {
    /// What it is (`tag`, never 0) and what it holds.
    #[inline(always)]
    const fn pack(tag: u8, bits: u64) -> Val {
        match NonZeroU64::new(tag as u64 | bits << 8) {
            Some(w) => Val(w),
            // No tag is 0.
            None => Val(NonZeroU64::MIN),
        }
    }

    #[inline(always)]
    fn tag(self) -> u8 {
        self.0.get() as u8
    }

    #[inline(always)]
    fn bits(self) -> u64 {
        self.0.get() >> 8
    }

    #[inline(always)]
    pub(crate) const fn num(n: i32) -> Val {
        Val::pack(NUM, n as u32 as u64)
    }

    #[inline(always)]
    pub(crate) const fn bool(b: bool) -> Val {
        Val::pack(BOOL, b as u64)
    }

    #[inline(always)]
    pub(crate) const fn place(p: PlaceId) -> Val {
        Val::pack(PLACE, p as u64)
    }

    #[inline(always)]
    pub(crate) const fn figure(f: FigureId) -> Val {
        Val::pack(FIGURE, f as u64)
    }

    #[inline(always)]
    pub(crate) const fn text(t: u32) -> Val {
        Val::pack(TEXT, t as u64)
    }

    #[inline(always)]
    pub(crate) const fn kind(k: u16) -> Val {
        Val::pack(KIND, k as u64)
    }

    #[inline(always)]
    pub(crate) const fn list(seq: Seq) -> Val {
        match seq {
            Seq::Line { first, step, len } => Val::pack(
                LINE,
                first as u64 | (step as u16 as u64) << 16 | (len as u64) << 32,
            ),
            Seq::Places { first, len } => Val::pack(PLACES, first as u64 | (len as u64) << 16),
            Seq::Directions { first, len } => Val::pack(DIRECTIONS, first as u64 | (len as u64) << 8),
            Seq::Numbers { first, len } => Val::pack(NUMBERS, first as u32 as u64 | (len as u64) << 32),
            Seq::Around { of, len } => Val::pack(AROUND, of as u64 | (len as u64) << 16),
            Seq::LinesAt { board, of, len } => {
                Val::pack(LINES_AT, board as u64 | (of as u64) << 8 | (len as u64) << 24)
            }
            Seq::PointLine { board, line, len } => {
                Val::pack(POINT_LINE, board as u64 | (line as u64) << 8 | (len as u64) << 24)
            }
        }
    }

    #[inline(always)]
    pub(crate) const fn on(p: PlaceId) -> Val {
        Val::pack(ON, p as u64)
    }

    #[inline(always)]
    pub(crate) const fn piled(p: PlaceId, kind: u8) -> Val {
        Val::pack(PILED, p as u64 | (kind as u64) << 16)
    }

    pub(crate) const MOVED: Val = Val::pack(MOVED, 0);

    /// The number it is.
    #[inline(always)]
    pub(crate) fn as_num(self) -> Option<i32> {
        (self.tag() == NUM).then_some(self.bits() as u32 as i32)
    }

    /// Yes or no, where it is one.
    #[inline(always)]
    pub(crate) fn as_bool(self) -> Option<bool> {
        (self.tag() == BOOL).then_some(self.bits() != 0)
    }

    /// The place it is (not a text naming one).
    #[inline(always)]
    pub(crate) fn as_place(self) -> Option<PlaceId> {
        (self.tag() == PLACE).then_some(self.bits() as PlaceId)
    }

    /// The text it is.
    #[inline(always)]
    pub(crate) fn as_text(self) -> Option<u32> {
        (self.tag() == TEXT).then_some(self.bits() as u32)
    }

    /// The list it is.
    #[inline(always)]
    pub(crate) fn as_list(self) -> Option<Seq> {
        match self.held() {
            Held::List(seq) => Some(seq),
            _ => None,
        }
    }

    /// What it holds.
    #[inline(always)]
    pub(crate) fn held(self) -> Held {
        let b = self.bits();
        match self.tag() {
            NUM => Held::Num(b as u32 as i32),
            BOOL => Held::Bool(b != 0),
            PLACE => Held::Place(b as PlaceId),
            FIGURE => Held::Figure(b as FigureId),
            TEXT => Held::Text(b as u32),
            KIND => Held::Kind(b as u16),
            LINE => Held::List(Seq::Line {
                first: b as PlaceId,
                step: (b >> 16) as u16 as i16,
                len: (b >> 32) as u8,
            }),
            PLACES => Held::List(Seq::Places {
                first: b as PlaceId,
                len: (b >> 16) as u16,
            }),
            DIRECTIONS => Held::List(Seq::Directions {
                first: b as u8,
                len: (b >> 8) as u8,
            }),
            NUMBERS => Held::List(Seq::Numbers {
                first: b as u32 as i32,
                len: (b >> 32) as u16,
            }),
            AROUND => Held::List(Seq::Around {
                of: b as PlaceId,
                len: (b >> 16) as u8,
            }),
            LINES_AT => Held::List(Seq::LinesAt {
                board: b as u8,
                of: (b >> 8) as PlaceId,
                len: (b >> 24) as u8,
            }),
            POINT_LINE => Held::List(Seq::PointLine {
                board: b as u8,
                line: (b >> 8) as u16,
                len: (b >> 24) as u8,
            }),
            ON => Held::On(b as PlaceId),
            PILED => Held::Piled(b as PlaceId, (b >> 16) as u8),
            _ => Held::Moved,
        }
    }
}

impl From<Held> for Val {
    #[inline(always)]
    fn from(h: Held) -> Val {
        match h {
            Held::Num(n) => Val::num(n),
            Held::Bool(b) => Val::bool(b),
            Held::Place(p) => Val::place(p),
            Held::Figure(f) => Val::figure(f),
            Held::Text(t) => Val::text(t),
            Held::Kind(k) => Val::kind(k),
            Held::List(seq) => Val::list(seq),
            Held::On(p) => Val::on(p),
            Held::Piled(p, k) => Val::piled(p, k),
            Held::Moved => Val::MOVED,
        }
    }
}

impl std::fmt::Debug for Val {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.held().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn seq() -> impl Strategy<Value = Seq> {
        prop_oneof![
            (any::<u16>(), any::<i16>(), any::<u8>()).prop_map(|(first, step, len)| Seq::Line {
                first,
                step,
                len
            }),
            (any::<u16>(), any::<u16>()).prop_map(|(first, len)| Seq::Places { first, len }),
            (any::<u8>(), any::<u8>()).prop_map(|(first, len)| Seq::Directions { first, len }),
            (any::<i32>(), any::<u16>()).prop_map(|(first, len)| Seq::Numbers { first, len }),
            (any::<u16>(), any::<u8>()).prop_map(|(of, len)| Seq::Around { of, len }),
            (any::<u8>(), any::<u16>(), any::<u8>()).prop_map(|(board, of, len)| Seq::LinesAt {
                board,
                of,
                len
            }),
            (any::<u8>(), any::<u16>(), any::<u8>()).prop_map(|(board, line, len)| Seq::PointLine {
                board,
                line,
                len
            }),
        ]
    }

    fn held() -> impl Strategy<Value = Held> {
        prop_oneof![
            any::<i32>().prop_map(Held::Num),
            any::<bool>().prop_map(Held::Bool),
            any::<u16>().prop_map(Held::Place),
            any::<u16>().prop_map(Held::Figure),
            any::<u32>().prop_map(Held::Text),
            any::<u16>().prop_map(Held::Kind),
            seq().prop_map(Held::List),
            any::<u16>().prop_map(Held::On),
            (any::<u16>(), any::<u8>()).prop_map(|(p, k)| Held::Piled(p, k)),
            Just(Held::Moved),
        ]
    }

    proptest! {
        #[test]
        fn a_packed_value_holds_what_it_was_made_of(h in held()) {
            prop_assert_eq!(Val::from(h).held(), h);
        }

        #[test]
        fn two_packed_values_are_the_same_word_exactly_when_they_hold_the_same(a in held(), b in held()) {
            prop_assert_eq!(Val::from(a) == Val::from(b), a == b);
        }

        #[test]
        fn the_looks_of_a_value_read_what_it_holds(h in held()) {
            let v = Val::from(h);
            prop_assert_eq!(v.as_num(), match h { Held::Num(n) => Some(n), _ => None });
            prop_assert_eq!(v.as_bool(), match h { Held::Bool(b) => Some(b), _ => None });
            prop_assert_eq!(v.as_place(), match h { Held::Place(p) => Some(p), _ => None });
            prop_assert_eq!(v.as_text(), match h { Held::Text(t) => Some(t), _ => None });
            prop_assert_eq!(v.as_list(), match h { Held::List(s) => Some(s), _ => None });
        }
    }

    #[test]
    fn the_ends_of_every_range_are_held() {
        for h in [
            Held::Num(i32::MIN),
            Held::Num(i32::MAX),
            Held::Num(-1),
            Held::Text(u32::MAX),
            Held::List(Seq::Line {
                first: u16::MAX,
                step: i16::MIN,
                len: u8::MAX,
            }),
            Held::List(Seq::Places {
                first: u16::MAX,
                len: u16::MAX,
            }),
            Held::List(Seq::Numbers {
                first: i32::MIN,
                len: u16::MAX,
            }),
            Held::List(Seq::Numbers { first: -1, len: 1 }),
            Held::Piled(u16::MAX, u8::MAX),
            Held::Moved,
        ] {
            assert_eq!(Val::from(h).held(), h);
        }
    }
}

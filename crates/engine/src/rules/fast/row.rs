//! `in_a_row` on a board: the first line of `n` squares that each hold a
//! figure of the player. Found by bit masks: one bit for each square that
//! holds a figure of the player, and a line of `n` found for all squares
//! at once by shifting the mask, in each direction, `n - 1` times. The
//! rows are one square wider than the board, that square never set, so
//! that no line runs off one row into the next. Hand-written rather than
//! taken from a bitboard crate: those fix the board's size (8×8), and a
//! board here has any size. A board too big for the mask is looked at
//! square by square.

use num_traits::{CheckedShr, PrimInt};

use crate::rules::bitboard::BitBoard;
use crate::rules::{Grid, PlaceId, Rules};
use crate::state::State;

/// The directions a line is looked for in, in this order: across, down,
/// and the two diagonals (down and right, down and left).
const LINES: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Where the first line of `n` squares of grid `gi` that each hold a
/// figure of `player` starts, and which of [`LINES`] it runs along: the
/// first in row order, and of lines starting on the same square the first
/// in [`LINES`]; `None` when there is none.
pub(super) fn first_line(
    rules: &Rules,
    gi: usize,
    n: i64,
    state: &State,
    player: i32,
) -> Option<(i64, i64, usize)> {
    let g = rules.grids.get(gi)?;
    if let Some(b) = rules.bitboards.of_grid(gi as u16) {
        let board = &rules.bitboards.boards[b];
        let bits = state.board_bits(b);
        // A square's owner is its one figure's.
        if bits.stacked == 0 && !board.owned_squares && n >= 1 {
            let mine = match player {
                0 => bits.filled & bits.owned_by(0, board.all),
                p => bits.owned_by(p, board.all),
            };
            return by_bits(board, n, mine);
        }
    }
    by_mask(g, n, state, player).unwrap_or_else(|()| by_squares(g, n, state, player))
}

/// [`first_line`] on a board whose squares hold at most one figure, from
/// the squares of the player as the state keeps them (`mine`).
fn by_bits(board: &BitBoard, n: i64, mine: u64) -> Option<(i64, i64, usize)> {
    // The index in `DIRECTIONS` of each of `LINES`: right, down,
    // down-right, down-left.
    const DIRECTIONS: [usize; 4] = [3, 1, 7, 6];
    let mut best: Option<(u32, usize)> = None;
    for (d, dir) in DIRECTIONS.into_iter().enumerate() {
        // The squares from which the line goes on for k + 1 of the player's.
        let mut starts = mine;
        for _ in 1..n {
            if starts == 0 {
                break;
            }
            starts = mine & board.back(starts, dir);
        }
        let first = starts.trailing_zeros();
        if starts != 0 && best.is_none_or(|(b, _)| first < b) {
            best = Some((first, d));
        }
    }
    let columns = u32::from(board.columns);
    best.map(|(bit, d)| (i64::from(bit / columns) + 1, i64::from(bit % columns) + 1, d))
}

/// [`first_line`] by the mask; `Err(())` when the board does not fit in
/// it (more than 128 squares with the extra column, or a ring), or `n` is
/// below 1. A board that fits in 64 bits gets a mask of 64: WebAssembly
/// has no 128-bit numbers, and works one out of two of 64.
fn by_mask(g: &Grid, n: i64, state: &State, player: i32) -> Result<Option<(i64, i64, usize)>, ()> {
    let (rows, columns) = (u32::from(g.rows), u32::from(g.columns));
    if g.ring || n < 1 {
        return Err(());
    }
    match rows * (columns + 1) {
        bits if bits <= u64::BITS => Ok(lines::<u64>(g, n, state, player)),
        bits if bits <= u128::BITS => Ok(lines::<u128>(g, n, state, player)),
        _ => Err(()),
    }
}

/// [`by_mask`] with a mask `M` wide enough for the board.
fn lines<M: PrimInt + CheckedShr>(g: &Grid, n: i64, state: &State, player: i32) -> Option<(i64, i64, usize)> {
    let columns = u32::from(g.columns);
    let width = columns + 1;
    let squares = u32::from(g.rows) * columns;
    let bit = |i: u32| M::one() << (i / columns * width + i % columns) as usize;
    let mut owned = M::zero();
    match u8::try_from(player).ok().and_then(|o| state.owned_by(o)) {
        // The board's places with a figure of the player on, as the state
        // keeps them.
        Some(places) => {
            let first = usize::from(g.first);
            let end = first + squares as usize;
            for i in places.ones().skip_while(|&i| i < first).take_while(|&i| i < end) {
                owned = owned | bit((i - first) as u32);
            }
        }
        // Figure by figure.
        None => {
            for (place, owner) in state.places_and_owners() {
                let Some(i) = place.checked_sub(g.first).map(u32::from) else {
                    continue;
                };
                if i < squares && i32::from(owner) == player {
                    owned = owned | bit(i);
                }
            }
        }
    }
    let steps = [1, width, width + 1, width - 1];
    let mut best: Option<(u32, usize)> = None;
    for (d, step) in steps.into_iter().enumerate() {
        let mut starts = owned;
        for k in 1..n {
            if starts.is_zero() {
                break;
            }
            let shift = u32::try_from(k).ok().and_then(|k| k.checked_mul(step));
            starts = starts & shift.and_then(|s| owned.checked_shr(s)).unwrap_or(M::zero());
        }
        let first = starts.trailing_zeros();
        if !starts.is_zero() && best.is_none_or(|(b, _)| first < b) {
            best = Some((first, d));
        }
    }
    best.map(|(bit, d)| (i64::from(bit / width) + 1, i64::from(bit % width) + 1, d))
}

/// [`first_line`] square by square, for a board too big for its mask.
fn by_squares(g: &Grid, n: i64, state: &State, player: i32) -> Option<(i64, i64, usize)> {
    let owns = |p: Option<PlaceId>| {
        p.is_some_and(|p| {
            state
                .on(p)
                .iter()
                .any(|&f| i32::from(state.owner_of(f)) == player)
        })
    };
    for row in 1..=i64::from(g.rows) {
        for column in 1..=i64::from(g.columns) {
            if !owns(g.place(row, column)) {
                continue;
            }
            for (d, (dr, dc)) in LINES.into_iter().enumerate() {
                if (1..n).all(|k| owns(g.place(row + dr * k, column + dc * k))) {
                    return Some((row, column, d));
                }
            }
        }
    }
    None
}

/// The places of the line of `n` starting at `row`, `column` along
/// `LINES[d]`.
pub(super) fn line_places(g: &Grid, (row, column, d): (i64, i64, usize), n: i64) -> Vec<PlaceId> {
    let (dr, dc) = LINES[d];
    (0..n)
        .filter_map(|k| g.place(row + dr * k, column + dc * k))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A game of a `rows` × `columns` board and a pool of figures of
    /// players 1 and 2; its state keeps each owner's places when its step
    /// moves only the mover's figures (`mover`).
    fn game(rows: u16, columns: u16, mover: bool) -> crate::rules::Rules {
        let what = if mover { r#"<what owner="on-move"/>"# } else { "" };
        let rest = format!(
            r#"<steps><step name="s">{what}<from name="pool"/><to type="square"/></step></steps>
            <moves><move name="turn">s</move></moves>"#
        );
        let text = crate::position::examples::stones_game(rows, columns, 40, &rest);
        crate::open(&text).unwrap().1
    }

    proptest! {
        /// The mask finds the same line as looking square by square, on
        /// boards of every shape, with some figures stacked, some owned by
        /// nobody and some off the table; made from the owners' places
        /// the state keeps (`mover`) or from each figure.
        #[test]
        fn the_mask_finds_the_line_the_squares_do(
            rows in 1u16..=12,
            columns in 1u16..=12,
            spots in proptest::collection::vec((0usize..144, 0u8..=2, any::<bool>()), 0..80),
            n in 0i64..=7,
            mover in any::<bool>(),
        ) {
            let rules = game(rows, columns, mover);
            let g = &rules.grids[0];
            let mut state = State::start(&rules);
            prop_assert_eq!(state.owned_by(1).is_some(), mover);
            let mut undo = Vec::new();
            let squares = usize::from(rows) * usize::from(columns);
            for (f, &(spot, owner, off)) in spots.iter().enumerate() {
                let f = f as u16;
                let place = if off { crate::state::REMOVED } else { g.first + (spot % squares) as PlaceId };
                state.move_figure(&rules, f, place, &mut undo);
                state.set_owner(&rules, f, owner, &mut undo);
            }
            for player in 0..=3 {
                let mask = by_mask(g, n, &state, player);
                let squares = by_squares(g, n, &state, player);
                prop_assert_eq!(first_line(&rules, 0, n, &state, player), squares);
                if rows * (columns + 1) <= 128 && n >= 1 {
                    prop_assert_eq!(mask, Ok(squares));
                } else {
                    prop_assert_eq!(mask, Err(()));
                }
            }
        }
    }
}

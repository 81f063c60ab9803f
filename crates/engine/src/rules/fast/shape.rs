//! Built-ins answered from their arguments and the board's shape alone,
//! never the position: written once here for both compiled forms (the
//! conditions over ids of [`super::ops`] and the bit machine's
//! [`crate::machine`]), which differ only in how they read a position.
//!
//! Each answers as the general evaluator does, or gives up (`None`) where
//! that one would say something a child must read (an error).

use super::{Seq, Text, Val, EMPTY};
use crate::expr::MAX_ITEMS;
use crate::rules::{Element, Rules};

/// The grid a text names: `board` in `square(board, 2, 3)`.
fn grid<'r>(rules: &'r Rules, texts: &[Text], board: Val) -> Option<&'r crate::rules::Grid> {
    let Element::Grid(g) = texts.get(board.as_text()? as usize)?.element? else {
        return None;
    };
    rules.grids.get(g as usize)
}

/// `squares(board)`: a board's squares in order.
pub(crate) fn squares(rules: &Rules, texts: &[Text], board: Val) -> Option<Val> {
    let g = grid(rules, texts, board)?;
    let len = g.rows as usize * g.columns as usize;
    Some(Val::list(Seq::Places {
        first: g.first,
        len: u16::try_from(len).ok()?,
    }))
}

/// `square(board, row, column)`: the square there, or no place (`""`)
/// off the board. A track has one row: its row is not looked at.
pub(crate) fn square(rules: &Rules, texts: &[Text], board: Val, row: Val, column: Val) -> Option<Val> {
    let g = grid(rules, texts, board)?;
    let (row, column) = (row.as_num()?, column.as_num()?);
    let row = if g.is_track { 1 } else { row };
    Some(
        g.place(row.into(), column.into())
            .map_or(Val::text(EMPTY), Val::place),
    )
}

/// `numbers(a, b)`: `a`, `a + 1`, … `b`, none where `b < a`. A list
/// longer than the general evaluator allows is left to it, to say so.
pub(crate) fn numbers(a: Val, b: Val) -> Option<Val> {
    let (a, b) = (a.as_num()?, b.as_num()?);
    let len = (i64::from(b) - i64::from(a) + 1).max(0);
    if len > MAX_ITEMS as i64 {
        return None;
    }
    Some(Val::list(Seq::Numbers {
        first: a,
        len: u16::try_from(len).ok()?,
    }))
}

/// The most items `numbers(a, b)` makes, `a` and `b` as written (or
/// `None` where either is worked out as the condition runs).
pub(crate) fn numbers_len(a: Option<i32>, b: Option<i32>) -> u64 {
    match (a, b) {
        (Some(a), Some(b)) => (i64::from(b) - i64::from(a) + 1).clamp(0, MAX_ITEMS as i64) as u64,
        _ => MAX_ITEMS as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tree::Held;

    #[test]
    fn numbers_runs_from_the_first_to_the_last_and_is_empty_backwards() {
        let list = |a, b| numbers(Val::num(a), Val::num(b)).and_then(Val::as_list);
        let items = |s: Seq| {
            (0..s.len())
                .map(|k| s.item(k).and_then(Val::as_num))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            items(list(-2, 1).unwrap()),
            [Some(-2), Some(-1), Some(0), Some(1)]
        );
        assert_eq!(list(3, 2).unwrap().len(), 0);
        assert_eq!(
            list(i32::MIN, i32::MAX),
            None,
            "too long: the general evaluator says so"
        );
        assert_eq!(list(1, MAX_ITEMS as i32).unwrap().len(), MAX_ITEMS);
        assert_eq!(numbers(Val::bool(true), Val::num(2)), None);
        assert!(matches!(
            Val::from(Held::List(list(5, 9).unwrap())).held(),
            Held::List(Seq::Numbers { first: 5, len: 5 })
        ));
        assert_eq!(numbers_len(Some(1), Some(6)), 6);
        assert_eq!(numbers_len(Some(6), Some(1)), 0);
        assert_eq!(numbers_len(None, Some(1)), MAX_ITEMS as u64);
    }
}

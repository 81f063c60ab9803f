//! Built-ins answered from their arguments and the board's shape alone,
//! never the position: written once here for both compiled forms (the
//! conditions over ids of [`super::ops`] and the bit machine's
//! [`crate::machine`]), which differ only in how they read a position.
//!
//! Each answers as the general evaluator does, or gives up (`None`) where
//! that one would say something a child must read (an error).

use super::{Seq, Text, Val, EMPTY};
use crate::expr::MAX_ITEMS;
use crate::rules::{Element, PlaceId, Rules};

/// The grid a text names: `board` in `square(board, 2, 3)`.
fn grid<'r>(rules: &'r Rules, texts: &[Text], board: Val) -> Option<&'r crate::rules::Grid> {
    let Element::Grid(g) = texts.get(board.as_text()? as usize)?.element? else {
        return None;
    };
    rules.grids.get(g as usize)
}

/// `squares(board)`: a board's squares in order, or a points board's
/// points.
pub(crate) fn squares(rules: &Rules, texts: &[Text], board: Val) -> Option<Val> {
    let (first, len) = match texts.get(board.as_text()? as usize)?.element? {
        Element::Grid(g) => {
            let g = rules.grids.get(g as usize)?;
            (g.first, g.rows as usize * g.columns as usize)
        }
        Element::Points(b) => {
            let b = rules.point_boards.get(b as usize)?;
            (b.first, usize::from(b.count))
        }
        _ => return None,
    };
    Some(Val::list(Seq::Places {
        first,
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

/// `between(a, b)`: the square halfway from `a` to `b` where they are two
/// apart in a straight or diagonal line on one board, or the point
/// between them where they are two apart on a line of a points board; no
/// place (`""`) otherwise. The general evaluator answers where `a` is a
/// point and `b` is not a point of its board, or either is no square (to
/// say so).
pub(crate) fn between(rules: &Rules, a: PlaceId, b: PlaceId) -> Option<Val> {
    if !rules.point_boards.is_empty() {
        if let Some(board) = rules.point_board(a) {
            return board
                .holds(b)
                .then(|| board.between(a, b).map_or(Val::text(EMPTY), Val::place));
        }
    }
    let x = rules.places.get(a as usize)?.grid?;
    let y = rules.places.get(b as usize)?.grid?;
    let g = rules.grids.get(x.grid as usize)?;
    Some(g.between(x, y).map_or(Val::text(EMPTY), Val::place))
}

/// `neighbours(place)`: the places next to it, as the rules list them
/// ([`Rules::neighbours_of`]); the general evaluator answers for a place
/// that has none (to say so).
pub(crate) fn neighbours(rules: &Rules, p: PlaceId) -> Option<Val> {
    let around = rules.neighbours_of(p)?;
    Some(Val::list(Seq::Around {
        of: p,
        len: u8::try_from(around.len()).ok()?,
    }))
}

/// `lines(point)`: the lines of its points board through it, each a list
/// of its points ([`Seq::PointLine`]).
pub(crate) fn lines(rules: &Rules, p: PlaceId) -> Option<Val> {
    let (board, points) = rules.point_boards.iter().enumerate().find(|(_, b)| b.holds(p))?;
    Some(Val::list(Seq::LinesAt {
        board: u8::try_from(board).ok()?,
        of: p,
        len: u8::try_from(points.lines_at(p).len()).ok()?,
    }))
}

/// Line `line` of points board `board`, as a list of its points.
pub(crate) fn point_line(rules: &Rules, board: u8, line: u16) -> Option<Val> {
    let points = rules.point_boards.get(usize::from(board))?;
    Some(Val::list(Seq::PointLine {
        board,
        line,
        len: u8::try_from(points.lines.get(usize::from(line))?.len()).ok()?,
    }))
}

/// `item(list, n)`: its `n`th item, from 1; the general evaluator answers
/// (with an error) where there is none.
pub(crate) fn item(rules: &Rules, list: Val, n: Val) -> Option<Val> {
    let seq = list.as_list()?;
    let k = usize::try_from(n.as_num()?).ok()?.checked_sub(1)?;
    seq.item(k, rules)
}

/// `type(place)`: the name of its kind (`point`, `group`…), one of
/// `texts` (the compiler keeps them there where an expression asks
/// `type`).
pub(crate) fn place_type(rules: &Rules, texts: &[Text], p: PlaceId) -> Option<Val> {
    let kind = rules.places.get(usize::from(p))?.kind;
    if let Some(i) = super::PLACE_KINDS.iter().position(|k| *k == kind) {
        return Some(Val::text(super::FIRST_PLACE_KIND + i as u32));
    }
    let i = texts.iter().position(|t| t.text == kind)?;
    Some(Val::text(u32::try_from(i).ok()?))
}

/// The points board `in_a_row(v, …)` looks on, and the point its run
/// must pass through: `v` names a points board (any run) or one of its
/// points; `None` for anything else (a board of squares).
pub(crate) fn points_of<'r>(
    rules: &'r Rules,
    texts: &[Text],
    v: Val,
) -> Option<(&'r crate::rules::points::PointBoard, Option<PlaceId>)> {
    let element = match v.held() {
        super::Held::Place(p) => Element::Place(p),
        super::Held::Text(i) => texts.get(i as usize)?.element?,
        _ => return None,
    };
    match element {
        Element::Points(b) => Some((rules.point_boards.get(b as usize)?, None)),
        Element::Place(p) => Some((rules.point_board(p)?, Some(p))),
        _ => None,
    }
}

/// The most places `neighbours(p)` gives, of any place.
pub(crate) fn most_neighbours(rules: &Rules) -> u64 {
    rules
        .neighbours
        .iter()
        .flatten()
        .map(|n| n.len() as u64)
        .max()
        .unwrap_or(0)
}

/// The most lines through one point, and the most points on one line, of
/// any points board.
pub(crate) fn most_lines(rules: &Rules) -> (u64, u64) {
    let boards = rules.point_boards.iter();
    let through = boards
        .clone()
        .flat_map(|b| &b.through)
        .map(|t| t.len() as u64)
        .max();
    let long = boards.flat_map(|b| &b.lines).map(|l| l.len() as u64).max();
    (through.unwrap_or(0), long.unwrap_or(0))
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
        let (_, rules) = crate::open(&crate::position::examples::text("tic-tac-toe.game.xml")).unwrap();
        let list = |a, b| numbers(Val::num(a), Val::num(b)).and_then(Val::as_list);
        let items = |s: Seq| {
            (0..s.len())
                .map(|k| s.item(k, &rules).and_then(Val::as_num))
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

    /// A place is in a list of places (`holds_place`) exactly where an item
    /// is that place: neighbours, the points of a line and a board's
    /// squares, whole and cut short, and of a place with no neighbours
    /// nothing (the items give up too).
    #[test]
    fn a_place_is_in_a_list_where_an_item_is_that_place() {
        use crate::position::examples;
        for file in [
            "nine-mens-morris.game.xml",
            "fox-and-geese.game.xml",
            "breakthrough.game.xml",
        ] {
            let (_, rules) = crate::open(&examples::text(file)).unwrap();
            let places = rules.places.len() as PlaceId;
            let mut lists: Vec<Seq> = Vec::new();
            for p in 0..places {
                if let Some(Held::List(s)) = neighbours(&rules, p).map(Val::held) {
                    lists.push(s);
                }
                if let Some(Held::List(lines)) = lines(&rules, p).map(Val::held) {
                    lists.extend(
                        (0..lines.len()).filter_map(|k| match lines.item(k, &rules)?.held() {
                            Held::List(s) => Some(s),
                            _ => None,
                        }),
                    );
                }
            }
            lists.push(Seq::Places {
                first: 1,
                len: places - 2,
            });
            assert!(lists.len() > 3, "{file}");
            // Of no place: looked up item by item instead, where the first
            // item gives up.
            let nowhere = Seq::Around {
                of: places + 5,
                len: 2,
            };
            assert_eq!(nowhere.holds_place(0, &rules), None);
            for seq in lists
                .iter()
                .flat_map(|&s| (0..=s.len()).map(move |n| s.prefix(n)))
            {
                for q in 0..places + 2 {
                    let items: Option<Vec<Val>> = (0..seq.len()).map(|k| seq.item(k, &rules)).collect();
                    let expected = items.map(|items| items.contains(&Val::place(q)));
                    assert_eq!(seq.holds_place(q, &rules), expected, "{file}: {q} in {seq:?}");
                }
            }
        }
    }

    /// `neighbours` and `lines` list what the general evaluator lists, in
    /// its order: on a points board, on a board and on a track.
    #[test]
    fn neighbours_and_lines_list_the_general_evaluator_s_places() {
        use crate::position::examples;
        for file in [
            "nine-mens-morris.game.xml",
            "fox-and-geese.game.xml",
            "connect-four.game.xml",
            "snakes-and-ladders.game.xml",
        ] {
            let (_, rules) = crate::open(&examples::text(file)).unwrap();
            let pos = crate::Position::new(std::sync::Arc::new(rules));
            let rules = pos.rules();
            let mut asked = 0;
            for p in 0..rules.places.len() as PlaceId {
                let name = rules.place_name(p);
                for (f, compiled) in [("neighbours", neighbours(rules, p)), ("lines", lines(rules, p))] {
                    let general = general_answer(rules, pos.state(), &format!("{f}({name})"));
                    let Some(list) = compiled.and_then(Val::as_list) else {
                        assert!(f == "lines" || general.is_err(), "{file}: {f}({name})");
                        continue;
                    };
                    asked += 1;
                    let item_of = |v: Val| match v.held() {
                        Held::Place(q) => crate::expr::Value::from(rules.place_name(q)),
                        Held::List(line) => crate::expr::Value::List(
                            (0..line.len())
                                .map(|k| {
                                    crate::expr::Value::from(
                                        rules.place_name(line.item(k, rules).unwrap().as_place().unwrap()),
                                    )
                                })
                                .collect(),
                        ),
                        other => panic!("{other:?}"),
                    };
                    let items: Vec<_> = (0..list.len())
                        .map(|k| item_of(list.item(k, rules).unwrap()))
                        .collect();
                    assert_eq!(
                        general,
                        Ok(crate::expr::Value::List(items)),
                        "{file}: {f}({name})"
                    );
                    assert_eq!(list.item(list.len(), rules), None);
                }
            }
            assert!(asked > 0, "{file}");
        }
    }

    fn general_answer(rules: &Rules, state: &crate::State, text: &str) -> Result<crate::expr::Value, String> {
        let mut e = crate::expr::parse_expr(text).map_err(|e| format!("{e:?}"))?;
        let is_element = |n: &str| rules.element(n).is_some();
        let scope = crate::expr::Scope {
            vars: &[],
            is_element: &is_element,
        };
        assert!(e.resolve(&scope).is_empty(), "{text}");
        e.eval(&[], &crate::world::View::new(rules, state))
            .map_err(|e| e.message)
    }
}

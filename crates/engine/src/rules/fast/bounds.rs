//! How much a tree over ids can cost as written: at most how much work
//! the general evaluator counts for it ([`work`]), the most items a list
//! can have ([`longest`]), and the numbers a part can be, from what it is
//! made of (the players, a count of figures, a row; a definition's values,
//! a quantifier's items). A compiled condition or effect must never do
//! what the general evaluator would refuse as too much work.

use super::compile::Node;
use super::SLOTS;
use crate::expr::{BinOp, Function, Quantity, Special, WorldFn};
use crate::rules::Rules;

/// At most how much work the general evaluator counts for `n` (calls and
/// items gone through), or `None` if a list's length has no bound here.
pub(crate) fn work(n: &Node, rules: &Rules) -> Option<u64> {
    work_in(n, rules, &mut [Bound::default(); SLOTS])
}

/// What is known of the value a slot holds while a part is worked out.
#[derive(Debug, Clone, Copy, Default)]
struct Bound {
    /// The most items of the list it holds: a line of `lines(p)` gone
    /// through.
    items: Option<u64>,
    /// The least and the most of the number it holds: an item of
    /// `numbers(1, 6)`, a definition's value `opponent`.
    range: Option<(i64, i64)>,
}

/// Per slot, what is known of the value it holds.
type Bounds = [Bound; SLOTS];

/// [`work`], `bounds` known of the slots.
fn work_in(n: &Node, rules: &Rules, bounds: &mut Bounds) -> Option<u64> {
    let sum = |nodes: &[&Node], bounds: &mut Bounds| {
        nodes.iter().try_fold(1u64, |acc, n| {
            Some(acc.saturating_add(work_in(n, rules, bounds)?))
        })
    };
    match n {
        Node::Value(_) | Node::Slot(_) | Node::Capture(_) | Node::Special(_) => Some(1),
        Node::Not(x) | Node::Neg(x) => sum(&[x], bounds),
        Node::And(a, b) | Node::Or(a, b) | Node::Binary(_, a, b) => sum(&[a, b], bounds),
        Node::If(parts) => sum(&[&parts[0], &parts[1], &parts[2]], bounds),
        Node::Quantifier {
            list,
            condition,
            slot,
            ..
        } => {
            let items = longest_in(list, rules, bounds)?;
            let of_list = work_in(list, rules, bounds)?;
            let item = Bound {
                items: item_longest(list, rules),
                range: item_range(list, rules, bounds),
            };
            let each =
                binding(bounds, *slot, item, |bounds| work_in(condition, rules, bounds))?.saturating_add(1);
            Some(of_list.saturating_add(items.saturating_mul(each)))
        }
        Node::Apply { args, .. } => {
            let mut total = 1u64;
            for a in args {
                total = total.saturating_add(work_in(a, rules, bounds)?);
            }
            let (body, mut inner) = bound_body(n, rules, bounds)?;
            Some(total.saturating_add(work_in(body, rules, &mut inner)?))
        }
        Node::Call(_, args) => sum(&args.iter().collect::<Vec<_>>(), bounds),
        Node::Let { value, .. } => {
            let of_value = work_in(value, rules, bounds)?;
            let (body, mut inner) = bound_body(n, rules, bounds)?;
            Some(
                1u64.saturating_add(of_value)
                    .saturating_add(work_in(body, rules, &mut inner)?),
            )
        }
        Node::General(e) => Some(crate::rules::prefilter::cost(e)),
    }
}

/// `f` with slot `slot` bound to a value known as `held`.
fn binding<T>(bounds: &mut Bounds, slot: usize, held: Bound, f: impl FnOnce(&mut Bounds) -> T) -> T {
    let Some(b) = bounds.get_mut(slot) else {
        return f(bounds);
    };
    let saved = std::mem::replace(b, held);
    let out = f(bounds);
    bounds[slot] = saved;
    out
}

/// The most items the list `n` can have.
pub(crate) fn longest(n: &Node, rules: &Rules) -> Option<u64> {
    longest_in(n, rules, &[Bound::default(); SLOTS])
}

/// The most items each item of the list `n` can have, where its items are
/// lists: a line of `lines(p)`.
fn item_longest(n: &Node, rules: &Rules) -> Option<u64> {
    match n {
        Node::Call(Function::World(WorldFn::Lines), _) => Some(super::shape::most_lines(rules).1),
        Node::Quantifier {
            kind: Quantity::All,
            list,
            ..
        } => item_longest(list, rules),
        _ => None,
    }
}

/// [`longest`], `bounds` known of the slots.
fn longest_in(n: &Node, rules: &Rules, bounds: &Bounds) -> Option<u64> {
    let side = rules
        .grids
        .iter()
        .map(|g| g.rows.max(g.columns) as u64)
        .max()
        .unwrap_or(0);
    let squares = rules
        .grids
        .iter()
        .map(|g| g.rows as u64 * g.columns as u64)
        .chain(rules.point_boards.iter().map(|b| u64::from(b.count)))
        .max()
        .unwrap_or(0);
    match n {
        Node::Special(Special::Directions | Special::Straight | Special::Diagonal) => Some(8),
        Node::Slot(s) => bounds.get(*s).and_then(|b| b.items),
        Node::Call(Function::World(WorldFn::Line), _) => Some(side),
        Node::Call(Function::World(WorldFn::Squares), _) => Some(squares),
        Node::Call(Function::World(WorldFn::Neighbours), _) => Some(super::shape::most_neighbours(rules)),
        Node::Call(Function::World(WorldFn::Lines), _) => Some(super::shape::most_lines(rules).0),
        Node::Call(Function::Numbers, args) => match &args[..] {
            [a, b] => Some(numbers_longest(a, b, rules, bounds)),
            _ => None,
        },
        Node::Quantifier {
            kind: Quantity::All,
            list,
            ..
        } => longest_in(list, rules, bounds),
        Node::Apply { .. } | Node::Let { .. } => {
            let (body, inner) = bound_body(n, rules, bounds)?;
            longest_in(body, rules, &inner)
        }
        Node::If(parts) => {
            Some(longest_in(&parts[1], rules, bounds)?.max(longest_in(&parts[2], rules, bounds)?))
        }
        _ => None,
    }
}

/// The most items `numbers(a, b)` makes: from the least `a` can be to the
/// most `b` can be (`numbers(6 * q - 5, 6 * q)` with `q` a player, the
/// pits of one side, 12 at most).
fn numbers_longest(a: &Node, b: &Node, rules: &Rules, bounds: &Bounds) -> u64 {
    match (range_in(a, rules, bounds), range_in(b, rules, bounds)) {
        (Some((least, _)), Some((_, most))) => {
            let (least, most) = (
                least.clamp(i32::MIN.into(), i32::MAX.into()),
                most.clamp(i32::MIN.into(), i32::MAX.into()),
            );
            super::shape::numbers_len(Some(least as i32), Some(most as i32))
        }
        _ => super::shape::numbers_len(None, None),
    }
}

/// The numbers an item of the list `n` can be, where it is `numbers(a, b)`.
fn item_range(n: &Node, rules: &Rules, bounds: &Bounds) -> Option<(i64, i64)> {
    match n {
        Node::Call(Function::Numbers, args) => match &args[..] {
            [a, b] => Some((range_in(a, rules, bounds)?.0, range_in(b, rules, bounds)?.1)),
            _ => None,
        },
        _ => None,
    }
}

/// The least and the most the number `n` can be, where it is a number
/// whatever the position: numbers as they stand, the players, a count of
/// figures (none is ever made), and arithmetic on them. `None` where
/// nothing bounds it (a trigger's value), or it may not be a number.
fn range_in(n: &Node, rules: &Rules, bounds: &Bounds) -> Option<(i64, i64)> {
    let players = i64::from(rules.players.max(1));
    let figures = rules.figures.len() as i64;
    match n {
        Node::Value(v) => v.as_num().map(|x| (i64::from(x), i64::from(x))),
        Node::Slot(s) => bounds.get(*s)?.range,
        Node::Special(Special::Player | Special::Opponent | Special::Next | Special::Previous) => {
            Some((1, players))
        }
        Node::Neg(x) => range_in(x, rules, bounds).map(|(a, b)| (-b, -a)),
        Node::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let ((a0, a1), (b0, b1)) = (range_in(a, rules, bounds)?, range_in(b, rules, bounds)?);
            let ends = match op {
                BinOp::Add => [a0 + b0, a1 + b1, a0 + b0, a1 + b1],
                BinOp::Sub => [a0 - b1, a1 - b0, a0 - b1, a1 - b0],
                _ => [a0 * b0, a0 * b1, a1 * b0, a1 * b1],
            };
            let (least, most) = (*ends.iter().min()?, *ends.iter().max()?);
            // Past `i32` the general evaluator has no number: no bound.
            let fits = |x: i64| i32::try_from(x).is_ok();
            (fits(least) && fits(most)).then_some((least, most))
        }
        // A number divided by (or taken `mod`) a number as it stands.
        Node::Binary(op @ (BinOp::Div | BinOp::Mod), a, b) => {
            let (a0, a1) = range_in(a, rules, bounds)?;
            let d = i64::from(b.number().filter(|&d| d > 0)?);
            Some(match op {
                // Rounded either way.
                BinOp::Div => (a0 / d - 1, a1 / d + 1),
                _ => (-(d - 1) * i64::from(a0 < 0), d - 1),
            })
        }
        Node::Call(Function::Count, args) => match &args[..] {
            [Node::Call(Function::World(WorldFn::Contains), _)] => Some((0, figures)),
            _ => None,
        },
        // A square's row and column, on the largest board or track.
        Node::Call(Function::World(WorldFn::Row), _) => Some((1, grid_most(rules, |g| g.rows)?)),
        Node::Call(Function::World(WorldFn::Column), _) => Some((1, grid_most(rules, |g| g.columns)?)),
        Node::Quantifier {
            kind: Quantity::HowMany,
            list,
            ..
        } => Some((0, i64::try_from(longest_in(list, rules, bounds)?).ok()?)),
        Node::If(parts) => {
            let ((a0, a1), (b0, b1)) = (
                range_in(&parts[1], rules, bounds)?,
                range_in(&parts[2], rules, bounds)?,
            );
            Some((a0.min(b0), a1.max(b1)))
        }
        Node::Apply { .. } | Node::Let { .. } => {
            let (body, inner) = bound_body(n, rules, bounds)?;
            range_in(body, rules, &inner)
        }
        _ => None,
    }
}

/// The most of `of` over the game's boards and tracks, if it has one and
/// no points board (a point named like a chess square, `a100`, has the
/// row and column its name says).
fn grid_most(rules: &Rules, of: impl Fn(&crate::rules::Grid) -> u16) -> Option<i64> {
    if !rules.point_boards.is_empty() {
        return None;
    }
    rules.grids.iter().map(|g| i64::from(of(g))).max()
}

/// The body of a definition's use or a `let`, and what is known of the
/// slots there, its values among them.
fn bound_body<'a>(n: &'a Node, rules: &Rules, bounds: &Bounds) -> Option<(&'a Node, Bounds)> {
    let mut inner = *bounds;
    let mut bind = |slot: usize, value: &Node| {
        if let Some(b) = inner.get_mut(slot) {
            *b = Bound {
                items: longest_in(value, rules, bounds),
                range: range_in(value, rules, bounds),
            };
        }
    };
    match n {
        Node::Apply { base, args, body } => {
            args.iter().enumerate().for_each(|(i, a)| bind(base + i, a));
            Some((body, inner))
        }
        Node::Let { slot, value, body } => {
            bind(*slot, value);
            Some((body, inner))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::MAX_ITEMS;
    use crate::rules::tree::Val;

    /// `numbers(1, row(x))` of a square bound to slot 0.
    fn to_row() -> Node {
        Node::Call(
            Function::Numbers,
            vec![
                Node::Value(Val::num(1)),
                Node::Call(Function::World(WorldFn::Row), vec![Node::Slot(0)]),
            ],
        )
    }

    #[test]
    fn a_row_is_bounded_by_the_boards_unless_a_point_names_its_own() {
        let board = crate::position::examples::text("breakthrough.game.xml");
        let (_, rules) = crate::open(&board).unwrap();
        assert_eq!(longest(&to_row(), &rules), Some(6));
        // A point named like a chess square has the row its name says.
        let with_points = board.replace(
            "</equipment>",
            "<points name=\"far\"><line>a1 a100</line></points></equipment>",
        );
        let (_, rules) = crate::open(&with_points).unwrap();
        assert_eq!(longest(&to_row(), &rules), Some(MAX_ITEMS as u64));
    }
}

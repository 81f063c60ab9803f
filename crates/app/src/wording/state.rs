//! The state a game ends in, in the table's words: "the heap is empty",
//! "the hero is on the square at row 5, column 5", "three in a row on the
//! board". A condition of no known shape is said as written, with the names
//! of the table in it said as a child says them.

use super::names::{join, Names};
use super::parts::{
    call, count, figure_words, name_of, number, number_word, place_words, text, trigger_of, world,
};
use super::position_words::figure_seen_by;
use tablecraft_engine::expr::{parse_expr, BinOp, Expr, Function, Quantity, Special, Value, WorldFn};
use tablecraft_engine::world::View;
use tablecraft_engine::Position;

fn compare_words(op: BinOp, n: &str) -> Option<String> {
    Some(match op {
        BinOp::Lt => format!("is under {n}"),
        BinOp::Le => format!("is at most {n}"),
        BinOp::Gt => format!("is over {n}"),
        BinOp::Ge => format!("is at least {n}"),
        BinOp::Eq => format!("is {n}"),
        BinOp::Ne => format!("is not {n}"),
        _ => return None,
    })
}

/// Who a statement is said for: a rule's reader, where `player` is "the
/// player on move", or the table a game ended on (`at`), where every
/// player has a number, every place what lies on it, and of the parts
/// joined by `or` only those that hold are said.
#[derive(Clone, Copy)]
struct Said<'a> {
    names: &'a Names<'a>,
    at: Option<&'a Position>,
}

/// A statement about the table, for the end of a game and for conditions
/// that are not about the step itself; `None` for a shape not known.
pub fn statement(names: &Names, e: &Expr) -> Option<String> {
    Said { names, at: None }.statement(e)
}

/// What a game-over condition says of the table the game ended on:
/// "Player 2 has three in a row on the board", "store 2 holds more than 24
/// figures" (not "store 1 … or store 2 …"), "Player 1's counter is on
/// square 100", "the same position has come round three times". A part of
/// no known shape is left out, so that no expression reaches a child;
/// `None` when nothing is left.
pub fn ended(names: &Names, pos: &Position, e: &Expr) -> Option<String> {
    Said { names, at: Some(pos) }.statement(e)
}

/// Whether `e` holds in `pos` (an error is no).
fn holds(pos: &Position, e: &Expr) -> bool {
    e.eval_bool(&[], &View::of(pos)).unwrap_or(false)
}

impl Said<'_> {
    fn player(&self, e: &Expr) -> Option<String> {
        if let Some(n) = number(e) {
            return Some(format!("Player {n}"));
        }
        let special = match e {
            Expr::Name(n) => Special::from_name(&n.text)?,
            _ => return None,
        };
        if let Some(pos) = self.at {
            // The table the game ended on knows whose number each word is.
            return match e.eval(&[], &View::of(pos)) {
                Ok(Value::Number(n)) => Some(format!("Player {n}")),
                _ => None,
            };
        }
        match special {
            Special::Player => Some("the player on move".into()),
            // With three or four, `opponent` is the next player.
            Special::Opponent if self.names.game().players > 2 => Some("the next player".into()),
            Special::Opponent => Some("the other player".into()),
            Special::Next => Some("the next player".into()),
            Special::Previous => Some("the player who moved last".into()),
            _ => None,
        }
    }

    /// The figure on top of the place `e` names, on the finished table.
    fn figure_on(&self, e: &Expr) -> Option<String> {
        let pos = self.at?;
        let rules = pos.rules();
        let figure = *pos.state().on(rules.place_id(name_of(e)?)?).last()?;
        if rules.hidden {
            return Some(figure_seen_by(self.names, pos, figure, 0, "their"));
        }
        let kind = rules.types.get(pos.state().kind_of(figure) as usize)?;
        // Mover 0: the owner is named, whoever is on move when it ends.
        Some(self.names.figure_as(rules.figure_name(figure), kind, 0, "their"))
    }

    /// The parts of an `and` or an `or`: on a finished table, those of an
    /// `or` that hold, and of either the ones that can be said.
    fn joined(&self, e: &Expr, op: BinOp) -> Option<String> {
        let mut parts = Vec::new();
        flatten(e, op, &mut parts);
        let Some(pos) = self.at else {
            let words: Option<Vec<String>> = parts.iter().map(|p| self.statement(p)).collect();
            return Some(join(&words?, if op == BinOp::And { "and" } else { "or" }));
        };
        // Of an `or`, the parts that hold (all of them, when none is
        // known to: a part that fails to work out says nothing).
        let mut last = "and";
        if op == BinOp::Or {
            let holding: Vec<&Expr> = parts.iter().copied().filter(|p| holds(pos, p)).collect();
            if holding.is_empty() {
                last = "or";
            } else {
                parts = holding;
            }
        }
        let words: Vec<String> = parts.iter().filter_map(|p| self.statement(p)).collect();
        (!words.is_empty()).then(|| join(&words, last))
    }

    fn statement(&self, e: &Expr) -> Option<String> {
        let names = self.names;
        match e {
            Expr::Binary { op: BinOp::And, .. } => {
                let mut parts = Vec::new();
                flatten(e, BinOp::And, &mut parts);
                let empties: Option<Vec<String>> = parts
                    .iter()
                    .map(|p| call(p, Function::Empty).and_then(|a| place_words(names, a.first()?)))
                    .collect();
                if let Some(places) = empties.filter(|p| p.len() > 1) {
                    return Some(format!("{} are empty", join(&places, "and")));
                }
                self.joined(e, BinOp::And)
            }
            Expr::Binary { op: BinOp::Or, .. } => self.joined(e, BinOp::Or),
            Expr::Not(x) => {
                if let Some(args) = call(x, Function::Empty) {
                    let place = place_words(names, args.first()?)?;
                    if let Some(figure) = self.figure_on(args.first()?) {
                        return Some(format!("{figure} is on {place}"));
                    }
                    return Some(format!("{place} is not empty"));
                }
                if let Some(args) = world(x, WorldFn::At) {
                    let (f, p) = figure_and_place(names, args)?;
                    return Some(format!("{f} is not on {p}"));
                }
                if let Some(args) = world(x, WorldFn::Can) {
                    // `not can(sow, player)`: the rule's name is the
                    // designer's word for the step.
                    let rule = name_of(args.first()?)?.replace(['-', '_'], " ");
                    let who = match (args.get(1), self.at) {
                        (Some(p), _) => self.player(p)?,
                        (None, Some(pos)) => format!("Player {}", pos.to_move()),
                        (None, None) => "the player on move".into(),
                    };
                    return Some(format!("{who} can't {rule}"));
                }
                None
            }
            Expr::Quantifier {
                kind: Quantity::Every,
                name,
                list,
                until: false,
                condition,
            } => {
                // `every s in squares(B) where not empty(s)`: B is full.
                let board = world(list, WorldFn::Squares)?.first()?;
                let Expr::Not(x) = &**condition else {
                    return None;
                };
                let arg = call(x, Function::Empty)?.first()?;
                (name_of(arg)? == name.text).then_some(())?;
                Some(format!("{} is full", place_words(names, board)?))
            }
            Expr::Call { .. } => {
                if let Some(args) = call(e, Function::Empty) {
                    return Some(format!("{} is empty", place_words(names, args.first()?)?));
                }
                if let Some(args) = world(e, WorldFn::At) {
                    let (f, p) = figure_and_place(names, args)?;
                    return Some(format!("{f} is on {p}"));
                }
                if let Some(args) = world(e, WorldFn::Connected) {
                    let (a, b) = (
                        place_words(names, args.first()?)?,
                        place_words(names, args.get(1)?)?,
                    );
                    let who = self.player(args.get(2)?)?;
                    return Some(format!("{who} has a chain of figures from {a} to {b}"));
                }
                if let Some(args) = world(e, WorldFn::InARow) {
                    let board = place_words(names, args.first()?)?;
                    let n = number_word(number(args.get(1)?)?);
                    let mut s = format!("{n} in a row on {board}");
                    if let Some(who) = args.get(2).and_then(|p| self.player(p)) {
                        s = format!("{who} has {s}");
                    }
                    return Some(s);
                }
                None
            }
            Expr::Binary { op, left, right } if op.is_comparison() => {
                if let Some(times) = repeated(*op, left, right) {
                    return Some(format!(
                        "the same position has come round {} times",
                        number_word(times)
                    ));
                }
                let n = number(right)
                    .map(|n| n.to_string())
                    .or_else(|| text(right).map(|t| format!("“{t}”")));
                if let (Some(t), Some(n)) = (trigger_of(left), n.as_ref()) {
                    return Some(format!("{t} {}", compare_words(*op, n)?));
                }
                if let (Some(args), Some(n)) = (call(left, Function::Count), number(right)) {
                    let inner = world(args.first()?, WorldFn::Contains)?;
                    let place = place_words(names, inner.first()?)?;
                    let held = match op {
                        BinOp::Eq => count(n, "figure", "figures"),
                        BinOp::Ge => format!("at least {}", count(n, "figure", "figures")),
                        BinOp::Gt => format!("more than {}", count(n, "figure", "figures")),
                        BinOp::Le => format!("at most {}", count(n, "figure", "figures")),
                        BinOp::Lt => format!("fewer than {}", count(n, "figure", "figures")),
                        _ => return None,
                    };
                    return Some(format!("{place} holds {held}"));
                }
                None
            }
            _ => None,
        }
    }
}

/// The figure and the place of `at(FIGURE, PLACE)`, in words.
fn figure_and_place(names: &Names, args: &[Expr]) -> Option<(String, String)> {
    Some((
        figure_words(names, args.first()?)?,
        place_words(names, args.get(1)?)?,
    ))
}

/// `repetitions >= 3`, `repetitions = 3`, `repetitions > 2`: how many times
/// the same position has come round when it holds.
fn repeated(op: BinOp, left: &Expr, right: &Expr) -> Option<i64> {
    match left {
        Expr::Name(n) if matches!(Special::from_name(&n.text), Some(Special::Repetitions)) => {}
        _ => return None,
    }
    let n = number(right)?;
    match op {
        BinOp::Ge | BinOp::Eq => Some(n),
        BinOp::Gt => Some(n + 1),
        _ => None,
    }
}

fn flatten<'e>(e: &'e Expr, op: BinOp, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary { op: o, left, right } if *o == op => {
            flatten(left, op, out);
            flatten(right, op, out);
        }
        other => out.push(other),
    }
}

/// The state a game-over condition describes: "the heap is empty"; a
/// condition of no known shape as written, its names translated.
pub fn state(names: &Names, source: &str) -> String {
    match parse_expr(source) {
        Ok(e) => statement(names, &e).unwrap_or_else(|| names.translate(&e.to_string())),
        Err(_) => names.translate(source.trim()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

    #[test]
    fn the_states_games_end_in() {
        let (nim, _) = open_example("nim12");
        let n = Names::new(&nim);
        assert_eq!(state(&n, "empty(matchgroup)"), "the heap is empty");
        let (nim345, _) = open_example("nim345");
        let n = Names::new(&nim345);
        assert_eq!(
            state(&n, "empty(heap.1) and empty(heap.2) and empty(heap.3)"),
            "heap 1, heap 2 and heap 3 are empty"
        );
        let (maze, _) = open_example("labyrinth");
        let n = Names::new(&maze);
        assert_eq!(
            state(&n, "at(hero, maze.5.5)"),
            "the hero is on the square at row 5, column 5"
        );
        assert_eq!(state(&n, "value(moves) >= 12"), "“moves” is at least 12");
        let (ttt, _) = open_example("tic-tac-toe");
        let n = Names::new(&ttt);
        assert_eq!(
            state(&n, "in_a_row(grid, 3, opponent)"),
            "the other player has three in a row on the board"
        );
        let mut of_three = ttt.clone();
        of_three.players = 3;
        let n3 = Names::new(&of_three);
        assert_eq!(
            state(&n3, "in_a_row(grid, 3, opponent)"),
            "the next player has three in a row on the board"
        );
        assert_eq!(
            state(&n3, "in_a_row(grid, 3, previous)"),
            "the player who moved last has three in a row on the board"
        );
        assert_eq!(
            state(&n3, "in_a_row(grid, 3, 3)"),
            "Player 3 has three in a row on the board"
        );
        for (source, said) in [
            (
                "connected(grid.1.1, grid.3.3, 2)",
                "Player 2 has a chain of figures from the square at row 1, column 1 to the square at row 3, column 3",
            ),
            ("empty(crosses) and empty(circles)", "the crosses and the circles are empty"),
            ("count(contains(grid.1.1)) = 1", "the square at row 1, column 1 holds one figure"),
            ("every s in squares(grid) where not empty(s)", "the board is full"),
            ("repetitions >= 3", "the same position has come round three times"),
            (
                "connected(all s in squares(grid) where row(s) = 1, all s in squares(grid) where column(s) = 3, 1)",
                "Player 1 has a chain of figures from row 1 of the board to column 3 of the board",
            ),
        ] {
            assert_eq!(state(&n, source), said, "{source}");
        }
        // Unknown shapes are said as written, with the table's names.
        assert_eq!(
            state(&n, "steps > 2 and empty(crosses)"),
            "steps > 2 and empty(the crosses)"
        );
        assert_eq!(state(&n, "((("), "(((");
    }
}

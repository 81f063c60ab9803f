//! The state a game ends in, in the table's words: "the heap is empty",
//! "the hero is on the square at row 5, column 5", "three in a row on the
//! board". A condition of no known shape is said as written, with the names
//! of the table in it said as a child says them.

use super::names::{join, Names};
use super::parts::{call, count, figure_words, number, number_word, place_words, text, trigger_of, world};
use tablecraft_engine::expr::{parse_expr, BinOp, Expr, Function, Special, WorldFn};

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

fn player_words(names: &Names, e: &Expr) -> Option<String> {
    if let Some(n) = number(e) {
        return Some(format!("Player {n}"));
    }
    match e {
        Expr::Name(n) => match Special::from_name(&n.text)? {
            Special::Player => Some("the player on move".into()),
            // With three or four, `opponent` is the next player.
            Special::Opponent if names.game().players > 2 => Some("the next player".into()),
            Special::Opponent => Some("the other player".into()),
            Special::Next => Some("the next player".into()),
            Special::Previous => Some("the player who moved last".into()),
            _ => None,
        },
        _ => None,
    }
}

/// A statement about the table, for the end of a game and for conditions
/// that are not about the step itself; `None` for a shape not known.
pub fn statement(names: &Names, e: &Expr) -> Option<String> {
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
            let words: Option<Vec<String>> = parts.iter().map(|p| statement(names, p)).collect();
            Some(join(&words?, "and"))
        }
        Expr::Binary { op: BinOp::Or, .. } => {
            let mut parts = Vec::new();
            flatten(e, BinOp::Or, &mut parts);
            let words: Option<Vec<String>> = parts.iter().map(|p| statement(names, p)).collect();
            Some(join(&words?, "or"))
        }
        Expr::Not(x) => {
            if let Some(args) = call(x, Function::Empty) {
                return Some(format!("{} is not empty", place_words(names, args.first()?)?));
            }
            if let Some(args) = world(x, WorldFn::At) {
                let (f, p) = (
                    figure_words(names, args.first()?)?,
                    place_words(names, args.get(1)?)?,
                );
                return Some(format!("{f} is not on {p}"));
            }
            None
        }
        Expr::Call { .. } => {
            if let Some(args) = call(e, Function::Empty) {
                return Some(format!("{} is empty", place_words(names, args.first()?)?));
            }
            if let Some(args) = world(e, WorldFn::At) {
                let (f, p) = (
                    figure_words(names, args.first()?)?,
                    place_words(names, args.get(1)?)?,
                );
                return Some(format!("{f} is on {p}"));
            }
            if let Some(args) = world(e, WorldFn::Connected) {
                let (a, b) = (
                    place_words(names, args.first()?)?,
                    place_words(names, args.get(1)?)?,
                );
                let who = player_words(names, args.get(2)?)?;
                return Some(format!("{who} has a chain of figures from {a} to {b}"));
            }
            if let Some(args) = world(e, WorldFn::InARow) {
                let board = place_words(names, args.first()?)?;
                let n = number_word(number(args.get(1)?)?);
                let mut s = format!("{n} in a row on {board}");
                if let Some(who) = args.get(2).and_then(|p| player_words(names, p)) {
                    s = format!("{who} has {s}");
                }
                return Some(s);
            }
            None
        }
        Expr::Binary { op, left, right } if op.is_comparison() => {
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
        assert_eq!(
            state(&n, "connected(grid.1.1, grid.3.3, 2)"),
            "Player 2 has a chain of figures from the square at row 1, column 1 to the square at row 3, column 3"
        );
        assert_eq!(
            state(&n, "empty(crosses) and empty(circles)"),
            "the crosses and the circles are empty"
        );
        assert_eq!(
            state(&n, "count(contains(grid.1.1)) = 1"),
            "the square at row 1, column 1 holds one figure"
        );
        // Unknown shapes are said as written, with the table's names.
        assert_eq!(
            state(&n, "steps > 2 and empty(crosses)"),
            "steps > 2 and empty(the crosses)"
        );
        assert_eq!(state(&n, "((("), "(((");
    }
}

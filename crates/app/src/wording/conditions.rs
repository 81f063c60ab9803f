//! A step rule's conditions in the table's words: "one square up, down,
//! left or right", "not onto a wall", "one or two squares forward".
//! Shapes children meet often are recognised in the parsed condition; any
//! other condition is said as written, with the names of the table in it
//! said as a child says them.

use super::names::{join, Names};
use super::parts::{count, is_no, is_yes, name_of, number, number_word, text, world};
use super::state::statement;
use crate::editor::places::{place, Place};
use tablecraft_engine::expr::{parse_expr, BinOp, Expr, WorldFn};
use tablecraft_engine::learn::{condition_words, pattern_places};
use tablecraft_engine::model::{EquipmentKind, PlacePattern, StepRule};

/// What a step rule's conditions may speak of: the variables caught from
/// the names of the places it comes from and goes to, and whether those
/// are squares of a track (where numbers count squares forward).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sides {
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub track: bool,
}

impl Sides {
    /// The sides of `rule` in its game.
    pub fn of(names: &Names, rule: &StepRule) -> Sides {
        let vars = |p: &PlacePattern| p.name.as_ref().map(|n| n.vars.clone()).unwrap_or_default();
        let (from, _) = pattern_places(names.game(), rule);
        let track = !from.is_empty()
            && from.iter().all(|n| {
                matches!(
                    place(names.game(), n),
                    Some(Place::Square { of, .. }) if matches!(of.kind, EquipmentKind::Track { .. })
                )
            });
        Sides {
            from: vars(&rule.from),
            to: vars(&rule.to),
            track,
        }
    }

    /// The sides of the step rule called `rule` in the game, if any.
    pub fn of_rule(names: &Names, rule: &str) -> Sides {
        names
            .game()
            .steps
            .iter()
            .find(|r| r.name == rule)
            .map_or_else(Sides::default, |r| Sides::of(names, r))
    }
}

/// A condition of a step rule about the step itself, `None` when not of a
/// known shape.
fn step_shape(e: &Expr) -> Option<String> {
    let src = e.to_string();
    let geometry = match src.as_str() {
        "abs(row(to) - row(from)) + abs(column(to) - column(from)) = 1"
        | "abs(column(to) - column(from)) + abs(row(to) - row(from)) = 1"
        | "distance(from, to) = 1" => Some("one square up, down, left or right".to_string()),
        "row(to) = row(from)" | "row(from) = row(to)" => Some("along the same row".into()),
        "column(to) = column(from)" | "column(from) = column(to)" => Some("along the same column".into()),
        "empty(between(from, to))" => Some("over an empty square".into()),
        "not empty(between(from, to))" => Some("jumping over a figure".into()),
        "owner(figure) = player" => Some("only your own figures".into()),
        "last_figure = \"\" or figure = last_figure" => {
            Some("with the same figure as the step before".into())
        }
        "last_from = \"\" or from = last_from" => Some("from the same place as the step before".into()),
        "owner(first(contains(between(from, to)))) = opponent" => {
            Some("over a figure of the other player".into())
        }
        _ => None,
    };
    if geometry.is_some() {
        return geometry;
    }
    // abs(column(to) - column(from)) = k, abs(row(to) - row(from)) = k
    for (what, one, many, way) in [
        ("column", "column", "columns", "to the left or right"),
        ("row", "row", "rows", "up or down"),
    ] {
        for order in [
            format!("abs({what}(to) - {what}(from)) = "),
            format!("abs({what}(from) - {what}(to)) = "),
        ] {
            if let Some(k) = src
                .strip_prefix(order.as_str())
                .and_then(|k| k.parse::<i64>().ok())
            {
                return Some(format!("{} {way}", count(k, one, many)));
            }
        }
    }
    // row(to) - row(from) = (if player = 1 then k else -k): forward for both players.
    if let Some(rest) = src.strip_prefix("row(to) - row(from) = (if player = 1 then ") {
        let k: i64 = rest.split_once(' ')?.0.parse().ok()?;
        if rest.ends_with(&format!("else -{k})")) {
            return Some(format!("{} forward", count(k, "row", "rows")));
        }
    }
    // count(contains(between(from, to))) = n
    if let Some(n) = src
        .strip_prefix("count(contains(between(from, to))) = ")
        .and_then(|n| n.parse::<i64>().ok())
    {
        return Some(format!("over exactly {}", count(n, "figure", "figures")));
    }
    attribute_shape(e)
}

/// `attribute(to, "wall") != yes` → "not onto a wall"; `= yes` → "only
/// onto a wall"; the same `from`.
fn attribute_shape(e: &Expr) -> Option<String> {
    let (args, wanted) = match e {
        Expr::Binary { op, left, right } if matches!(op, BinOp::Eq | BinOp::Ne) => {
            let args = world(left, WorldFn::Attribute)?;
            let yes = is_yes(right);
            if !yes && !is_no(right) {
                return None;
            }
            (args, yes == (*op == BinOp::Eq))
        }
        Expr::Not(x) => (world(x, WorldFn::Attribute)?, false),
        other => (world(other, WorldFn::Attribute)?, true),
    };
    let side = match name_of(args.first()?)? {
        "to" => "onto",
        "from" => "from",
        _ => return None,
    };
    let attribute = text(args.get(1)?)
        .map(str::to_string)
        .or_else(|| name_of(args.get(1)?).map(str::to_string))?;
    let thing = super::names::article(&attribute.replace(['-', '_'], " "));
    Some(if wanted {
        format!("only {side} {thing}")
    } else {
        format!("not {side} {thing}")
    })
}

/// `to - from = k`, `to = from + k`, `to - from in [1, 2]` between numbers
/// caught from the places' names: "whose number is one more", on a track
/// "one or two squares forward".
fn numbers_shape(e: &Expr, sides: &Sides) -> Option<String> {
    let is = |e: &Expr, vars: &[String]| name_of(e).is_some_and(|n| vars.iter().any(|v| v == n));
    let difference = |e: &Expr| -> Option<i64> {
        // to - from, or from - to (negated)
        match e {
            Expr::Binary {
                op: BinOp::Sub,
                left,
                right,
            } if is(left, &sides.to) && is(right, &sides.from) => Some(1),
            Expr::Binary {
                op: BinOp::Sub,
                left,
                right,
            } if is(left, &sides.from) && is(right, &sides.to) => Some(-1),
            _ => None,
        }
    };
    let ks: Vec<i64> = match e {
        Expr::Binary {
            op: BinOp::Eq,
            left,
            right,
        } => {
            if let (Some(sign), Some(k)) = (difference(left), number(right)) {
                vec![sign * k]
            } else {
                // to = from + k, from + k = to
                let (a, b) = if is(left, &sides.to) {
                    (left, right)
                } else {
                    (right, left)
                };
                if !is(a, &sides.to) {
                    return None;
                }
                match &**b {
                    x if is(x, &sides.from) => vec![0],
                    Expr::Binary {
                        op,
                        left: l,
                        right: r,
                    } if is(l, &sides.from) => {
                        let k = number(r)?;
                        match op {
                            BinOp::Add => vec![k],
                            BinOp::Sub => vec![-k],
                            _ => return None,
                        }
                    }
                    _ => return None,
                }
            }
        }
        Expr::Binary {
            op: BinOp::In,
            left,
            right,
        } => {
            let sign = difference(left)?;
            match &**right {
                Expr::List(items) => items
                    .iter()
                    .map(|i| number(i).map(|k| sign * k))
                    .collect::<Option<_>>()?,
                _ => return None,
            }
        }
        _ => return None,
    };
    let forward = ks.iter().all(|&k| k > 0);
    let back = ks.iter().all(|&k| k < 0);
    if !(forward || back) {
        return None;
    }
    let words: Vec<String> = ks.iter().map(|k| number_word(k.abs())).collect();
    let amount = join(&words, "or");
    let last = ks.last().map_or(1, |k| k.abs());
    Some(if sides.track {
        let squares = if last == 1 { "square" } else { "squares" };
        format!("{amount} {squares} {}", if forward { "forward" } else { "back" })
    } else {
        format!(
            "whose number is {amount} {}",
            if forward { "more" } else { "less" }
        )
    })
}

/// A condition of a step rule in words: "one square up, down, left or
/// right", "not onto a wall", "only while “moves” is under 12", "whose
/// number is one more", "only from square 3 or square 8"; a condition of
/// no known shape as written, its names translated.
pub fn condition(names: &Names, source: &str, sides: &Sides) -> String {
    if let Ok(e) = parse_expr(source) {
        if let Some(w) = numbers_shape(&e, sides) {
            return w;
        }
        if let Some(w) = step_shape(&e) {
            return w;
        }
        if let Some(w) = statement(names, &e) {
            let uses_trigger = e.any_part(&mut |p| world(p, WorldFn::Value).is_some());
            return if uses_trigger {
                format!("only while {w}")
            } else {
                format!("only when {w}")
            };
        }
    }
    let from: Vec<&str> = sides.from.iter().map(String::as_str).collect();
    let to: Vec<&str> = sides.to.iter().map(String::as_str).collect();
    names.translate(&condition_words(source, &from, &to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

    #[test]
    fn step_conditions_in_words() {
        let (maze, _) = open_example("labyrinth");
        let n = Names::new(&maze);
        let walk = &maze.steps[0];
        let sides = Sides::of(&n, walk);
        let words: Vec<String> = walk.when.iter().map(|c| condition(&n, c, &sides)).collect();
        assert_eq!(
            words,
            [
                "one square up, down, left or right",
                "not onto a wall",
                "only while “moves” is under 12"
            ]
        );
        let (dama, _) = open_example("dama-lite");
        let n = Names::new(&dama);
        let sides = Sides::of(&n, &dama.steps[1]);
        let jump: Vec<String> = dama.steps[1]
            .when
            .iter()
            .map(|c| condition(&n, c, &sides))
            .collect();
        assert_eq!(
            jump,
            [
                "with the same figure as the step before",
                "two columns to the left or right",
                "two rows forward",
                "over exactly one figure",
                "over a figure of the other player"
            ]
        );
        let (ball, _) = open_example("ball-puzzle");
        let n = Names::new(&ball);
        let sides = Sides::of(&n, &ball.steps[0]);
        assert_eq!(condition(&n, "to = from + 1", &sides), "whose number is one more");
        assert_eq!(condition(&n, "to - from = 2", &sides), "whose number is two more");
        assert_eq!(
            condition(&n, "from-square in [s.3, s.8]", &Sides::of(&n, &ball.steps[1])),
            "only from square 3 or square 8"
        );
        assert_eq!(
            condition(&n, "attribute(to, \"goal\") = yes", &sides),
            "only onto a goal"
        );
        let race = crate::wording::tests::race();
        let n = Names::new(&race);
        let sides = Sides::of(&n, &race.steps[0]);
        assert!(sides.track);
        assert_eq!(
            condition(&n, "to - from in [1, 2]", &sides),
            "one or two squares forward"
        );
        assert_eq!(condition(&n, "to = from + 1", &sides), "one square forward");
        assert_eq!(condition(&n, "from - to = 3", &sides), "three squares back");
        assert_eq!(
            condition(&n, "to - from in [1, -1]", &sides),
            "only when to - from in [1, -1]"
        );
    }
}

//! The parts of a parsed condition or effect that the table's words speak
//! of: numbers, names, places, figures and triggers.

use super::names::Names;
use tablecraft_engine::expr::{BinOp, Expr, Function, Quantity, Value, WorldFn};

/// "one", "two", … "twelve", then digits.
pub fn number_word(n: i64) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// "1 row", "2 rows".
pub(super) fn count(n: i64, one: &str, many: &str) -> String {
    format!("{} {}", number_word(n), if n == 1 { one } else { many })
}

pub(super) fn name_of(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.text.as_str()),
        _ => None,
    }
}

pub(super) fn call(e: &Expr, f: Function) -> Option<&[Expr]> {
    match e {
        Expr::Call { function, args } if *function == f => Some(args),
        _ => None,
    }
}

pub(super) fn world(e: &Expr, f: WorldFn) -> Option<&[Expr]> {
    call(e, Function::World(f))
}

pub(super) fn number(e: &Expr) -> Option<i64> {
    match e {
        Expr::Literal(Value::Number(n)) => Some(*n),
        Expr::Neg(x) => number(x).map(|n| -n),
        _ => None,
    }
}

pub(super) fn text(e: &Expr) -> Option<&str> {
    match e {
        Expr::Literal(Value::Text(t)) => Some(t.as_str()),
        _ => None,
    }
}

/// Whether `e` is `yes` (a literal or the bare word).
pub(super) fn is_yes(e: &Expr) -> bool {
    matches!(e, Expr::Literal(Value::Bool(true))) || name_of(e) == Some("yes")
}

pub(super) fn is_no(e: &Expr) -> bool {
    matches!(e, Expr::Literal(Value::Bool(false))) || name_of(e) == Some("no")
}

/// A place in an expression: a name of the table, `from`, `to`, or a row
/// or column of a board ([`board_line`]).
pub(super) fn place_words(names: &Names, e: &Expr) -> Option<String> {
    if let Expr::Quantifier { .. } = e {
        return board_line(names, e);
    }
    match name_of(e)? {
        "from" => Some("where it comes from".into()),
        "to" => Some("where it goes".into()),
        n => Some(names.thing(n)),
    }
}

/// `all s in squares(B) where row(s) = 1` (or `column`): "row 1 of the
/// board", the side of Hex that a chain starts from.
fn board_line(names: &Names, e: &Expr) -> Option<String> {
    let Expr::Quantifier {
        kind: Quantity::All,
        name,
        list,
        until: false,
        condition,
    } = e
    else {
        return None;
    };
    let board = place_words(names, world(list, WorldFn::Squares)?.first()?)?;
    let Expr::Binary {
        op: BinOp::Eq,
        left,
        right,
    } = &**condition
    else {
        return None;
    };
    let (word, args) = [("row", WorldFn::Row), ("column", WorldFn::Column)]
        .into_iter()
        .find_map(|(word, f)| Some((word, world(left, f)?)))?;
    (name_of(args.first()?)? == name.text).then_some(())?;
    Some(format!("{word} {} of {board}", number(right)?))
}

/// A figure in an expression: its name, `figure`, the one jumped over.
pub(super) fn figure_words(names: &Names, e: &Expr) -> Option<String> {
    if e.to_string() == "first(contains(between(from, to)))" {
        return Some("the figure jumped over".into());
    }
    match name_of(e)? {
        "figure" => Some("the figure".into()),
        n => Some(names.thing(n)),
    }
}

/// A trigger's value, `value(moves)`: “moves”.
pub(super) fn trigger_of(e: &Expr) -> Option<String> {
    let args = world(e, WorldFn::Value)?;
    Some(format!("“{}”", name_of(args.first()?)?))
}

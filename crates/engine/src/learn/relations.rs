//! Relations that hold in every example: between the numbers caught from
//! the names (`to = from + 1`), on a board (one row up, one column left or
//! right, forward), and about the square jumped over. And the conditions
//! that can shut out counter-examples.

use super::levels::{family, Levels, PlaceLevel};
use super::seen::{Seen, Side};
use crate::expr::Value;
use crate::pattern::Matcher;

mod dice;

pub(crate) use dice::card_words as die_words;

/// A condition of a learned rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    /// In the expression language, e.g. `to = from + 1`.
    pub text: String,
    /// The same in words, e.g. `whose number is one more`.
    pub words: String,
    /// Where the words go in the rule's sentence.
    pub(crate) wording: Wording,
    /// The caught variables it reads; it is left out of the rule when a
    /// part is widened so that they are no longer caught.
    pub(crate) needs: Vec<String>,
}

/// Where a condition's words go in a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wording {
    /// Describes the target: "to the square *one row up*".
    Target,
    /// Added at the end: "…, *jumping over a figure*".
    Extra,
    /// Says how the figure goes, in place of where to: "may go *one
    /// square in any direction* on the board".
    Move,
}

fn cond(text: String, words: String, wording: Wording, needs: &[&str]) -> Condition {
    Condition {
        text,
        words,
        wording,
        needs: needs.iter().map(|s| s.to_string()).collect(),
    }
}

/// `1` → `one`, up to ten; then digits.
pub(crate) fn count_word(n: i64) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS.get(n as usize).map_or(n.to_string(), |w| w.to_string())
}

fn plural(n: i64, word: &str) -> String {
    if n == 1 {
        format!("one {word}")
    } else {
        format!("{} {word}s", count_word(n))
    }
}

/// `a + k` written as an expression.
fn plus(a: &str, k: i64) -> String {
    match k {
        0 => a.to_string(),
        k if k > 0 => format!("{a} + {k}"),
        k => format!("{a} - {}", -k),
    }
}

/// The numbers a side's family pattern catches, by variable, per example.
pub(crate) fn caught(seen: &[Seen], side: Side) -> Vec<(String, Vec<Option<i64>>)> {
    let Some(p) = family(seen, side) else {
        return Vec::new();
    };
    let m = Matcher::new(&p.text);
    let per: Vec<Vec<Value>> = seen
        .iter()
        .map(|s| m.captures(s.place(side)).unwrap_or_default())
        .collect();
    p.vars
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let values = per
                .iter()
                .map(|caps| match caps.get(i) {
                    Some(Value::Number(n)) => Some(*n),
                    _ => None,
                })
                .collect();
            (v.clone(), values)
        })
        .collect()
}

/// The single value all items share, if any.
fn constant(values: &[Option<i64>]) -> Option<i64> {
    let first = (*values.first()?)?;
    values.iter().all(|v| *v == Some(first)).then_some(first)
}

/// Every relation that holds in all examples, for these levels.
pub(crate) fn relations(seen: &[Seen], levels: &Levels, players: u8) -> Vec<Condition> {
    let rolled = dice::rolled(seen, levels);
    let by_die = rolled.any();
    let mut out = Vec::new();
    if levels.from == PlaceLevel::Family && levels.to == PlaceLevel::Family {
        numbers(seen, &rolled.names, &mut out);
    }
    let both_fixed = levels.from == PlaceLevel::Place && levels.to == PlaceLevel::Place;
    let deltas: Option<Vec<(i64, i64)>> = seen.iter().map(Seen::delta).collect();
    if let (false, Some(deltas)) = (both_fixed, deltas) {
        if by_die {
            // A die says how far: only the axes it doesn't say keep a count.
            for (index, taken) in rolled.axes.into_iter().enumerate() {
                if !taken {
                    out.extend(axis(seen, &deltas, players, index));
                }
            }
        } else {
            board(seen, &deltas, players, &mut out);
        }
        jumped(seen, players, &mut out);
    }
    let mut all = rolled.conditions;
    all.extend(out);
    all
}

/// `to = from + k` between the numbers caught from the two names, or,
/// when the examples went different distances the same way, `to - from in
/// [1, 2]`; on one track, in squares forward or back. Pairs a die
/// relates (`by_die`) get no count of their own.
fn numbers(seen: &[Seen], by_die: &[(String, String)], out: &mut Vec<Condition>) {
    let from = caught(seen, Side::From);
    let to = caught(seen, Side::To);
    let single = from.len() == 1 && to.len() == 1;
    let track = seen.first().and_then(|s| s.track(Side::From));
    let one_track = single
        && track.is_some()
        && seen
            .iter()
            .all(|s| s.track(Side::From) == track && s.track(Side::To) == track);
    for (i, (a, av)) in from.iter().enumerate() {
        for (j, (b, bv)) in to.iter().enumerate() {
            if (from.len() == to.len() && i != j) || by_die.iter().any(|(x, y)| x == a && y == b) {
                continue;
            }
            let diffs: Vec<Option<i64>> = av.iter().zip(bv).map(|(x, y)| Some((*y)? - (*x)?)).collect();
            if let Some(k) = constant(&diffs) {
                let text = format!("{b} = {}", plus(a, k));
                let (words, wording) = if !single {
                    (format!("where {text}"), Wording::Target)
                } else if one_track && k != 0 {
                    (squares_on(k, k), Wording::Move)
                } else if k == 0 {
                    ("with the same number".to_string(), Wording::Target)
                } else if k > 0 {
                    (format!("whose number is {} more", count_word(k)), Wording::Target)
                } else {
                    (
                        format!("whose number is {} less", count_word(-k)),
                        Wording::Target,
                    )
                };
                out.push(cond(text, words, wording, &[a, b]));
            } else if let Some((lo, hi)) = one_way(&diffs) {
                let list: Vec<String> = (lo..=hi).map(|k| k.to_string()).collect();
                let text = format!("{b} - {a} in [{}]", list.join(", "));
                let (words, wording) = if !single {
                    (format!("where {text}"), Wording::Target)
                } else if one_track {
                    (squares_on(lo, hi), Wording::Move)
                } else {
                    (number_range_words(lo, hi), Wording::Target)
                };
                out.push(cond(text, words, wording, &[a, b]));
            }
        }
    }
}

/// The least and greatest of numbers that all go the same way (all more,
/// or all less) and lie close together: "1 or 2 more", never "1 to 40".
fn one_way(values: &[Option<i64>]) -> Option<(i64, i64)> {
    let values: Vec<i64> = values.iter().copied().collect::<Option<_>>()?;
    let (lo, hi) = (*values.iter().min()?, *values.iter().max()?);
    let same_way = values.iter().all(|v| *v > 0) || values.iter().all(|v| *v < 0);
    (same_way && lo != hi && hi - lo <= 5).then_some((lo, hi))
}

/// `one or two`, `one to three`, for a range of sizes.
pub(crate) fn range_words(lo: i64, hi: i64) -> String {
    let (lo, hi) = (lo.abs().min(hi.abs()), lo.abs().max(hi.abs()));
    match hi - lo {
        0 => count_word(lo),
        1 => format!("{} or {}", count_word(lo), count_word(hi)),
        _ => format!("{} to {}", count_word(lo), count_word(hi)),
    }
}

/// `one square forward`, `one or two squares forward`, `two squares back`.
fn squares_on(lo: i64, hi: i64) -> String {
    let way = if lo > 0 { "forward" } else { "back" };
    let plural = if lo.abs().max(hi.abs()) == 1 {
        "square"
    } else {
        "squares"
    };
    format!("{} {plural} {way}", range_words(lo, hi))
}

/// `whose number is one or two more`.
pub(crate) fn number_range_words(lo: i64, hi: i64) -> String {
    let way = if lo > 0 { "more" } else { "less" };
    format!("whose number is {} {way}", range_words(lo, hi))
}

/// One axis of a board: rows or columns moved, the same in every example,
/// forward for both players, or the same either way.
fn axis(seen: &[Seen], deltas: &[(i64, i64)], players: u8, index: usize) -> Option<Condition> {
    let (axis, up, down) = if index == 0 {
        ("row", "up", "down")
    } else {
        ("column", "right", "left")
    };
    let values: Vec<Option<i64>> = deltas
        .iter()
        .map(|d| Some(if index == 0 { d.0 } else { d.1 }))
        .collect();
    let forward: Vec<Option<i64>> = values
        .iter()
        .zip(seen)
        .map(|(v, s)| v.map(|v| if s.player == 2 { -v } else { v }))
        .collect();
    let both_players = seen.iter().any(|s| s.player == 1) && seen.iter().any(|s| s.player == 2);
    let abs: Vec<Option<i64>> = values.iter().map(|v| v.map(i64::abs)).collect();
    if let Some(k) = constant(&values) {
        let words = match k {
            0 => format!("in the same {axis}"),
            k if k > 0 => format!("{} {up}", plural(k, axis)),
            k => format!("{} {down}", plural(-k, axis)),
        };
        let text = format!("{axis}(to) = {}", plus(&format!("{axis}(from)"), k));
        Some(cond(text, words, Wording::Target, &[]))
    } else if let (Some(k), true, true) = (constant(&forward), players == 2, both_players) {
        let text = format!("{axis}(to) - {axis}(from) = (if player = 1 then {k} else {})", -k);
        let words = format!("{} forward", plural(k, axis));
        Some(cond(text, words, Wording::Target, &[]))
    } else if let Some(k) = constant(&abs) {
        let text = format!("abs({axis}(to) - {axis}(from)) = {k}");
        let either = if index == 0 { "up or down" } else { "left or right" };
        let words = format!("{} {either}", plural(k, axis));
        Some(cond(text, words, Wording::Target, &[]))
    } else {
        None
    }
}

/// The shape every step has when rows and columns alone don't say it:
/// so many squares up, down, left or right; one square in any direction;
/// so many squares in a line, any direction (a jump over one). The
/// narrowest that fits every example.
fn shape(deltas: &[(i64, i64)]) -> Option<Condition> {
    let straight = deltas.iter().all(|(r, c)| *r == 0 || *c == 0);
    let in_line = deltas
        .iter()
        .all(|(r, c)| *r == 0 || *c == 0 || r.abs() == c.abs());
    let sum = constant(
        &deltas
            .iter()
            .map(|(r, c)| Some(r.abs() + c.abs()))
            .collect::<Vec<_>>(),
    );
    let far = constant(
        &deltas
            .iter()
            .map(|(r, c)| Some(r.abs().max(c.abs())))
            .collect::<Vec<_>>(),
    );
    const ROWS: &str = "abs(row(to) - row(from))";
    const COLUMNS: &str = "abs(column(to) - column(from))";
    if let (true, Some(k)) = (straight, sum.filter(|k| *k > 0)) {
        let text = if k == 1 {
            format!("{ROWS} + {COLUMNS} = 1")
        } else {
            format!("{ROWS} + {COLUMNS} = {k} and (row(to) = row(from) or column(to) = column(from))")
        };
        let words = format!("{} up, down, left or right", plural(k, "square"));
        return Some(cond(text, words, Wording::Move, &[]));
    }
    match far {
        Some(1) => Some(cond(
            "distance(from, to) = 1".into(),
            "one square in any direction".into(),
            Wording::Move,
            &[],
        )),
        Some(k) if k > 1 && in_line => {
            let text = if k == 2 {
                "distance(from, to) = 2 and between(from, to) != \"\"".to_string()
            } else {
                format!(
                    "distance(from, to) = {k} and (row(to) = row(from) or column(to) = column(from) \
                     or {ROWS} = {COLUMNS})"
                )
            };
            let words = format!("{} in a line, in any direction", plural(k, "square"));
            Some(cond(text, words, Wording::Move, &[]))
        }
        _ => None,
    }
}

/// Rows and columns moved on a board: each axis on its own when both say
/// something; otherwise the shape of the steps, if one fits.
fn board(seen: &[Seen], deltas: &[(i64, i64)], players: u8, out: &mut Vec<Condition>) {
    let rows = axis(seen, deltas, players, 0);
    let columns = axis(seen, deltas, players, 1);
    if rows.is_some() && columns.is_some() {
        out.extend(rows.into_iter().chain(columns));
    } else if let Some(s) = shape(deltas) {
        out.push(s);
    } else {
        out.extend(rows.into_iter().chain(columns));
    }
}

/// What lay on the square between, when every example jumped two squares in a line.
fn jumped(seen: &[Seen], players: u8, out: &mut Vec<Condition>) {
    let Some(between): Option<Vec<&Vec<u8>>> = seen.iter().map(|s| s.between.as_ref()).collect() else {
        return;
    };
    let full = "not empty(between(from, to))";
    if between.iter().all(|b| b.is_empty()) {
        let text = "empty(between(from, to))".to_string();
        out.push(cond(text, "over an empty square".into(), Wording::Extra, &[]));
    } else if players == 2 && between.iter().zip(seen).all(|(b, s)| b.first() == Some(&s.other)) {
        let text = format!("{full} and owner(first(contains(between(from, to)))) = opponent");
        out.push(cond(
            text,
            "jumping over a figure of the opponent".into(),
            Wording::Extra,
            &[],
        ));
    } else if between.iter().all(|b| !b.is_empty()) {
        out.push(cond(
            full.into(),
            "jumping over a figure".into(),
            Wording::Extra,
            &[],
        ));
    }
}

/// A number each example and counter-example gives, to shut out values.
struct Feature {
    expr: String,
    words: &'static str,
    needs: Vec<String>,
    examples: Vec<Option<i64>>,
    counters: Vec<Option<i64>>,
}

/// Conditions that hold in every example and fail in at least one
/// counter-example, each with the counter-examples it shuts out (indices
/// into `counters`), most useful first.
pub(crate) fn narrowing(
    seen: &[Seen],
    counters: &[Seen],
    levels: &Levels,
    vars: &[String],
) -> Vec<(Condition, Vec<usize>)> {
    let mut features = Vec::new();
    let all: Vec<Seen> = seen.iter().chain(counters).cloned().collect();
    for (side, level) in [(Side::From, levels.from), (Side::To, levels.to)] {
        if level != PlaceLevel::Family {
            continue;
        }
        // The counter-examples are caught by the examples' pattern.
        let Some(p) = family(seen, side) else { continue };
        let m = Matcher::new(&p.text);
        for (i, var) in p.vars.iter().enumerate() {
            let value = |s: &Seen| match m.captures(s.place(side)).and_then(|c| c.get(i).cloned()) {
                Some(Value::Number(n)) => Some(n),
                _ => None,
            };
            features.push(Feature {
                expr: var.clone(),
                words: if side == Side::From {
                    "from number"
                } else {
                    "to number"
                },
                needs: vec![var.clone()],
                examples: seen.iter().map(value).collect(),
                counters: counters.iter().map(value).collect(),
            });
        }
    }
    let shadowed = |w: &str| vars.iter().any(|v| v == w);
    for (side, words) in [
        (Side::From, ["from row", "from column"]),
        (Side::To, ["to row", "to column"]),
    ] {
        if shadowed(side.word()) || all.iter().any(|s| s.spot(side).is_none()) {
            continue;
        }
        for (axis, words) in ["row", "column"].into_iter().zip(words) {
            let value = |s: &Seen| s.spot(side).map(|p| if axis == "row" { p.row } else { p.column });
            features.push(Feature {
                expr: format!("{axis}({})", side.word()),
                words,
                needs: Vec::new(),
                examples: seen.iter().map(value).collect(),
                counters: counters.iter().map(value).collect(),
            });
        }
    }
    // Attributes first: on a tie, "not onto a wall" says more than "not to row 1".
    let mut out: Vec<(Condition, Vec<usize>)> = Vec::new();
    if !shadowed("to") {
        attributes(seen, counters, &mut out);
    }
    for f in features {
        if f.examples.iter().any(Option::is_none) {
            continue;
        }
        let mut values: Vec<i64> = Vec::new();
        let mut shut = Vec::new();
        for (i, v) in f.counters.iter().enumerate() {
            if let Some(v) = v.filter(|v| !f.examples.contains(&Some(*v))) {
                shut.push(i);
                if !values.contains(&v) {
                    values.push(v);
                }
            }
        }
        values.sort_unstable();
        if values.is_empty() {
            continue;
        }
        let list: Vec<String> = values.iter().map(i64::to_string).collect();
        let text = match values.as_slice() {
            [v] => format!("{} != {v}", f.expr),
            _ => format!("{} not in [{}]", f.expr, list.join(", ")),
        };
        let words = format!("but not {} {}", f.words, or_list(&list));
        let needs: Vec<&str> = f.needs.iter().map(String::as_str).collect();
        out.push((cond(text, words, Wording::Extra, &needs), shut));
    }
    if levels.owner.is_none() && seen.iter().all(|s| s.owner != 0 && s.owner == s.player) {
        let shut: Vec<usize> = (0..counters.len())
            .filter(|&i| counters[i].owner != counters[i].player)
            .collect();
        if !shut.is_empty() {
            let text = "owner(figure) = player".to_string();
            out.push((
                cond(text, "only your own figures".into(), Wording::Extra, &[]),
                shut,
            ));
        }
    }
    out.sort_by_key(|(_, shut)| std::cmp::Reverse(shut.len()));
    out
}

/// `3`, `3 or 8`, `1, 2 or 3`.
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `attribute(to, "wall") != yes` when the counter-examples went onto
/// places with an attribute value no example went onto.
fn attributes(seen: &[Seen], counters: &[Seen], out: &mut Vec<(Condition, Vec<usize>)>) {
    let mut keys: Vec<&String> = seen
        .iter()
        .chain(counters)
        .flat_map(|s| s.to_attributes.keys())
        .collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let value = |s: &Seen| s.to_attributes.get(key).cloned().unwrap_or_default();
        let examples: Vec<String> = seen.iter().map(value).collect();
        let mut bad: Vec<String> = Vec::new();
        let mut shut = Vec::new();
        for (i, c) in counters.iter().enumerate() {
            let v = value(c);
            if !v.is_empty() && !examples.contains(&v) {
                shut.push(i);
                if !bad.contains(&v) {
                    bad.push(v);
                }
            }
        }
        if bad.is_empty() || !valid_word(key) {
            continue;
        }
        let literal = |v: &String| {
            if v == "yes" || v == "no" || v.parse::<i64>().is_ok() {
                v.clone()
            } else {
                format!("\"{}\"", v.replace('"', ""))
            }
        };
        let texts: Vec<String> = bad
            .iter()
            .map(|v| format!("attribute(to, \"{key}\") != {}", literal(v)))
            .collect();
        let words = format!("but not onto a place whose {key} is {}", or_list(&bad));
        out.push((cond(texts.join(" and "), words, Wording::Extra, &[]), shut));
    }
}

fn valid_word(key: &str) -> bool {
    !key.is_empty() && !key.contains('"')
}

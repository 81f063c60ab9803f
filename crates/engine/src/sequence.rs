//! The move language: which step rules a move is made of.
//!
//! A sequence lists step names, each optionally followed by a count:
//! `take x1-3` (one to three `take` steps), `jump x1-` (one or more),
//! `step x2` (exactly two). Brackets group: `(step jump) x0-1`, and the
//! seed's `[* jump]` means zero or more. `×` and `–` may be written for
//! `x` and `-`. Either/or: `(place | slide)`, also `(place or slide)`,
//! one of the parts between the bars. `while possible` at the very end
//! (`jump x1- while possible`) makes the move go on as long as a step can
//! extend it.

use std::fmt;

/// The most a count may say, so a move never explodes in size.
pub const MAX_COUNT: u32 = 100;

/// A parsed move sequence, with step rules already looked up by index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seq {
    /// One step approved by the step rule with this index.
    Step(usize),
    /// All of these, one after the other.
    All(Vec<Seq>),
    /// The inner sequence between `min` and `max` times (`None`: no limit).
    Repeat(Box<Seq>, u32, Option<u32>),
    /// One of these (at least two).
    Either(Vec<Seq>),
    /// The whole move, going on as long as a step can extend it; only ever
    /// the outermost part of a move.
    WhilePossible(Box<Seq>),
}

/// A mistake in a move sequence: its 1-based column and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeqError {
    pub column: u32,
    pub message: String,
}

impl fmt::Display for SeqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Count(u32, Option<u32>),
    Open,
    Close,
    OpenStar,
    CloseSquare,
    Or,
    WhilePossible,
}

fn tokens(src: &str, is_step: &dyn Fn(&str) -> bool) -> Result<Vec<(Tok, u32)>, SeqError> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let err = |i: usize, m: String| SeqError {
        column: i as u32 + 1,
        message: m,
    };
    while i < chars.len() {
        let c = chars[i];
        let col = i as u32 + 1;
        if c.is_whitespace() || c == ',' {
            i += 1;
        } else if c == '(' {
            out.push((Tok::Open, col));
            i += 1;
        } else if c == ')' {
            out.push((Tok::Close, col));
            i += 1;
        } else if c == '[' {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            if chars.get(j) != Some(&'*') {
                return Err(err(
                    i,
                    "after '[' write '*' for \"any number of times\", like [* jump]".into(),
                ));
            }
            out.push((Tok::OpenStar, col));
            i = j + 1;
        } else if c == ']' {
            out.push((Tok::CloseSquare, col));
            i += 1;
        } else if c == '|' {
            out.push((Tok::Or, col));
            i += 1;
        } else if (c == 'x' || c == '×' || c == 'X')
            && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit() || *d == ' ')
            && chars[i + 1..]
                .iter()
                .find(|d| **d != ' ')
                .is_some_and(|d| d.is_ascii_digit())
        {
            i += 1;
            while chars.get(i) == Some(&' ') {
                i += 1;
            }
            let (min, next) = number(&chars, i).map_err(|m| err(i, m))?;
            i = next;
            let mut max = Some(min);
            if matches!(chars.get(i), Some('-') | Some('–')) {
                i += 1;
                if chars.get(i).is_some_and(|d| d.is_ascii_digit()) {
                    let (m, next) = number(&chars, i).map_err(|m| err(i, m))?;
                    if m < min {
                        return Err(err(
                            i,
                            format!("the count {min}-{m} goes down; write the smaller number first"),
                        ));
                    }
                    max = Some(m);
                    i = next;
                } else {
                    max = None;
                }
            }
            if max == Some(0) {
                return Err(err(
                    col as usize - 1,
                    "x0 means no step at all; write x1 or more, or x0-1 for a step that may be left out"
                        .into(),
                ));
            }
            out.push((Tok::Count(min, max), col));
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || matches!(chars[i], '_' | '.' | '-')) {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            // A step rule called "or" or "while" keeps its name (older files).
            if name == "or" && !is_step(&name) {
                out.push((Tok::Or, col));
            } else if name == "while" && !is_step(&name) {
                let mut j = i;
                while chars.get(j).is_some_and(|d| d.is_whitespace()) {
                    j += 1;
                }
                let mut k = j;
                while chars.get(k).is_some_and(|d| d.is_alphanumeric()) {
                    k += 1;
                }
                if chars[j..k].iter().collect::<String>() != "possible" {
                    return Err(err(
                        start,
                        "'while' goes with 'possible' at the end of a move, like: jump x1- while possible"
                            .into(),
                    ));
                }
                out.push((Tok::WhilePossible, col));
                i = k;
            } else {
                out.push((Tok::Name(name), col));
            }
        } else {
            return Err(err(
                i,
                format!("'{c}' can't be used in a move; write step names like: take x1-3"),
            ));
        }
    }
    Ok(out)
}

fn number(chars: &[char], mut i: usize) -> Result<(u32, usize), String> {
    let start = i;
    while chars.get(i).is_some_and(|d| d.is_ascii_digit()) {
        i += 1;
    }
    let text: String = chars[start..i].iter().collect();
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_COUNT => Ok((n, i)),
        _ => Err(format!("a count can be at most {MAX_COUNT}")),
    }
}

/// Parses a sequence, looking step names up with `step_index`, in a game
/// with no dice.
///
/// # Errors
/// An unknown step name, unbalanced brackets, a bad count or an empty move.
pub fn parse(src: &str, step_index: &dyn Fn(&str) -> Option<usize>) -> Result<Seq, SeqError> {
    parse_with(src, step_index, &|_| None)
}

/// Parses a sequence that may roll dice: `roll` (every die) and `roll
/// NAME` (one die) are symbols of the move like steps, numbered by
/// `roll_index` (`None`: every die; `None` back: the game can't roll that).
/// A step rule called `roll` keeps its name.
///
/// # Errors
/// As [`parse`], and a roll in a game without that die.
pub fn parse_with(
    src: &str,
    step_index: &dyn Fn(&str) -> Option<usize>,
    roll_index: &dyn Fn(Option<&str>) -> Option<usize>,
) -> Result<Seq, SeqError> {
    let look = Lookup {
        step: step_index,
        roll: roll_index,
    };
    let step_index = &look;
    let mut toks = tokens(src, &|n| (look.step)(n).is_some())?;
    let mut greedy = false;
    if let Some(at) = toks.iter().position(|(t, _)| *t == Tok::WhilePossible) {
        let col = toks[at].1;
        if at + 1 != toks.len() {
            return Err(SeqError {
                column: col,
                message: "'while possible' goes at the very end of a move, like: jump x1- while possible"
                    .into(),
            });
        }
        if at == 0 {
            return Err(SeqError {
                column: col,
                message: "write the steps before 'while possible', like: jump x1- while possible".into(),
            });
        }
        toks.pop();
        greedy = true;
    }
    let mut pos = 0;
    let seq = parse_items(&toks, &mut pos, step_index, None)?;
    if let Some((_, col)) = toks.get(pos) {
        return Err(SeqError {
            column: *col,
            message: "this bracket closes nothing".into(),
        });
    }
    if toks.is_empty() {
        return Err(SeqError {
            column: 1,
            message: "a move needs at least one step name".into(),
        });
    }
    Ok(if greedy {
        Seq::WhilePossible(Box::new(seq))
    } else {
        seq
    })
}

/// How names in a move are looked up: step rules, and rolls of dice.
struct Lookup<'a> {
    step: &'a dyn Fn(&str) -> Option<usize>,
    roll: &'a dyn Fn(Option<&str>) -> Option<usize>,
}

fn parse_items(
    toks: &[(Tok, u32)],
    pos: &mut usize,
    step_index: &Lookup,
    closer: Option<(&Tok, u32)>,
) -> Result<Seq, SeqError> {
    let mut items: Vec<Seq> = Vec::new();
    // The parts before each '|' so far, and where that '|' was.
    let mut branches: Vec<Seq> = Vec::new();
    let mut last_bar = 0;
    loop {
        let Some((tok, col)) = toks.get(*pos) else {
            if let Some((_, open_col)) = closer {
                return Err(SeqError {
                    column: open_col,
                    message: "this bracket is never closed".into(),
                });
            }
            break;
        };
        let col = *col;
        match tok {
            Tok::Close | Tok::CloseSquare => {
                if closer.is_some_and(|(c, _)| c == tok) {
                    *pos += 1;
                    break;
                }
                if closer.is_none() {
                    break;
                }
                return Err(SeqError {
                    column: col,
                    message: "this bracket does not match the one it closes".into(),
                });
            }
            Tok::Name(name) => {
                *pos += 1;
                if name == "roll" && (step_index.step)(name).is_none() {
                    items.push(roll(toks, pos, step_index, col)?);
                    continue;
                }
                let Some(i) = (step_index.step)(name) else {
                    return Err(SeqError {
                        column: col,
                        message: format!("there is no step rule called '{name}'"),
                    });
                };
                items.push(Seq::Step(i));
            }
            Tok::Open => {
                *pos += 1;
                items.push(parse_items(toks, pos, step_index, Some((&Tok::Close, col)))?);
            }
            Tok::OpenStar => {
                *pos += 1;
                let inner = parse_items(toks, pos, step_index, Some((&Tok::CloseSquare, col)))?;
                items.push(Seq::Repeat(Box::new(inner), 0, None));
            }
            Tok::Or => {
                *pos += 1;
                if items.is_empty() {
                    return Err(SeqError {
                        column: col,
                        message: "there is no step before this '|'; write steps on both sides, like (place | slide)"
                            .into(),
                    });
                }
                branches.push(group(std::mem::take(&mut items)));
                last_bar = col;
            }
            Tok::WhilePossible => {
                return Err(SeqError {
                    column: col,
                    message: "'while possible' goes at the very end of a move, like: jump x1- while possible"
                        .into(),
                });
            }
            Tok::Count(min, max) => {
                *pos += 1;
                let Some(last) = items.pop() else {
                    return Err(SeqError {
                        column: col,
                        message: "a count must come after a step name, like take x1-3".into(),
                    });
                };
                items.push(Seq::Repeat(Box::new(last), *min, *max));
            }
        }
    }
    if branches.is_empty() {
        return Ok(group(items));
    }
    if items.is_empty() {
        return Err(SeqError {
            column: last_bar,
            message: "there is no step after this '|'; write steps on both sides, like (place | slide)"
                .into(),
        });
    }
    branches.push(group(items));
    Ok(Seq::Either(branches))
}

/// `roll` or `roll NAME`, the word `roll` read (at column `col`).
fn roll(toks: &[(Tok, u32)], pos: &mut usize, look: &Lookup, col: u32) -> Result<Seq, SeqError> {
    if let Some((Tok::Name(die), _)) = toks.get(*pos) {
        if let Some(i) = (look.roll)(Some(die)) {
            *pos += 1;
            return Ok(Seq::Step(i));
        }
    }
    (look.roll)(None).map(Seq::Step).ok_or_else(|| SeqError {
        column: col,
        message: "there is no die to roll: put a die in the equipment first".into(),
    })
}

/// One item as itself, several as a sequence.
fn group(mut items: Vec<Seq>) -> Seq {
    if items.len() == 1 {
        items.pop().unwrap_or(Seq::All(Vec::new()))
    } else {
        Seq::All(items)
    }
}

/// Writes a sequence back in the move language, naming steps with `names`.
pub fn display(seq: &Seq, names: &[String]) -> String {
    match seq {
        Seq::Step(i) => names.get(*i).cloned().unwrap_or_default(),
        Seq::All(items) => items
            .iter()
            .map(|s| display(s, names))
            .collect::<Vec<_>>()
            .join(" "),
        Seq::Either(parts) => format!(
            "({})",
            parts
                .iter()
                .map(|s| display(s, names))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
        Seq::WhilePossible(inner) => format!("{} while possible", display(inner, names)),
        Seq::Repeat(inner, min, max) => {
            let inner_text = match **inner {
                Seq::Step(_) | Seq::Either(_) => display(inner, names),
                _ => format!("({})", display(inner, names)),
            };
            match max {
                Some(m) if m == min => format!("{inner_text} x{min}"),
                Some(m) => format!("{inner_text} x{min}-{m}"),
                None => format!("{inner_text} x{min}-"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup(name: &str) -> Option<usize> {
        ["take", "jump", "step", "go-back"]
            .iter()
            .position(|n| *n == name)
    }

    fn p(src: &str) -> Result<Seq, SeqError> {
        parse(src, &lookup)
    }

    #[test]
    fn bounded_counts() {
        assert_eq!(
            p("take x1-3"),
            Ok(Seq::Repeat(Box::new(Seq::Step(0)), 1, Some(3)))
        );
        assert_eq!(
            p("take ×1–3"),
            Ok(Seq::Repeat(Box::new(Seq::Step(0)), 1, Some(3)))
        );
        assert_eq!(p("jump x1-"), Ok(Seq::Repeat(Box::new(Seq::Step(1)), 1, None)));
        assert_eq!(p("step x2"), Ok(Seq::Repeat(Box::new(Seq::Step(2)), 2, Some(2))));
    }

    #[test]
    fn seed_star_and_groups() {
        assert_eq!(
            p("step [* jump]"),
            Ok(Seq::All(vec![
                Seq::Step(2),
                Seq::Repeat(Box::new(Seq::Step(1)), 0, None)
            ]))
        );
        assert_eq!(
            p("(step jump) x0-1 go-back"),
            Ok(Seq::All(vec![
                Seq::Repeat(Box::new(Seq::All(vec![Seq::Step(2), Seq::Step(1)])), 0, Some(1)),
                Seq::Step(3)
            ]))
        );
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(p("take x1-3 leap").unwrap_err().column, 11);
        assert!(p("take x1-3 leap").unwrap_err().message.contains("leap"));
        assert_eq!(p("(take").unwrap_err().column, 1);
        assert_eq!(p("take)").unwrap_err().column, 5);
        assert_eq!(p("x3").unwrap_err().column, 1);
        assert!(p("").is_err());
        assert!(p("take x3-1").is_err());
        assert!(p("take x1000").is_err());
        assert!(p("[take]").is_err());
    }

    #[test]
    fn either_or_with_bars_or_the_word() {
        let either = Seq::Either(vec![Seq::Step(0), Seq::Step(2)]);
        assert_eq!(p("(take | step)"), Ok(either.clone()));
        assert_eq!(p("(take or step)"), Ok(either.clone()));
        assert_eq!(p("take | step"), Ok(either.clone()));
        assert_eq!(
            p("(take | step) x1-"),
            Ok(Seq::Repeat(Box::new(either.clone()), 1, None))
        );
        assert_eq!(
            p("step [* take | jump step]"),
            Ok(Seq::All(vec![
                Seq::Step(2),
                Seq::Repeat(
                    Box::new(Seq::Either(vec![
                        Seq::Step(0),
                        Seq::All(vec![Seq::Step(1), Seq::Step(2)])
                    ])),
                    0,
                    None
                )
            ]))
        );
        // A step rule called "or" keeps its name.
        let with_or = |n: &str| ["or", "take"].iter().position(|x| *x == n);
        assert_eq!(
            parse("take or", &with_or),
            Ok(Seq::All(vec![Seq::Step(1), Seq::Step(0)]))
        );
    }

    #[test]
    fn while_possible_wraps_the_whole_move() {
        assert_eq!(
            p("jump x1- while possible"),
            Ok(Seq::WhilePossible(Box::new(Seq::Repeat(
                Box::new(Seq::Step(1)),
                1,
                None
            ))))
        );
        assert_eq!(p("jump x1-  while   possible"), p("jump x1- while possible"));
    }

    #[test]
    fn bad_either_or_and_while_possible_are_placed() {
        let e = p("(| step)").unwrap_err();
        assert_eq!((e.column, e.message.contains("no step before")), (2, true));
        let e = p("(take |)").unwrap_err();
        assert_eq!((e.column, e.message.contains("no step after")), (7, true));
        let e = p("take | | step").unwrap_err();
        assert_eq!(e.column, 8);
        let e = p("(take or x2)").unwrap_err();
        assert!(e.message.contains("count must come after"), "{}", e.message);
        let e = p("jump while possible step").unwrap_err();
        assert_eq!(e.column, 6);
        assert!(e.message.contains("very end"), "{}", e.message);
        let e = p("jump while").unwrap_err();
        assert!(
            e.message.contains("'while' goes with 'possible'"),
            "{}",
            e.message
        );
        let e = p("while possible").unwrap_err();
        assert!(e.message.contains("before 'while possible'"), "{}", e.message);
        let e = p("(take while possible)").unwrap_err();
        assert!(e.message.contains("very end"), "{}", e.message);
    }

    const GUIDE: &str = include_str!("../../../docs/expressions.md");

    fn guide_lookup(name: &str) -> Option<usize> {
        ["take", "jump", "step", "place", "slide", "crown"]
            .iter()
            .position(|n| *n == name)
    }

    /// Every move in the guide reads, and its mistakes say what the guide says.
    #[test]
    fn the_guide_moves_and_their_mistakes_are_true() {
        let section = &GUIDE[GUIDE.find("## 9b.").unwrap()..GUIDE.find("## 10.").unwrap()];
        let mut inside = false;
        let mut read = 0;
        for line in section.lines() {
            if line.starts_with("```") {
                inside = line == "```move";
            } else if inside {
                parse(line, &guide_lookup).unwrap_or_else(|e| panic!("{line}: {e}"));
                read += 1;
            }
        }
        assert_eq!(read, 6);
        let cell = |c: &str| c.trim().trim_matches('`').replace("\\|", "|");
        let (mut good, mut bad) = (0, 0);
        for row in section.lines().filter(|l| l.starts_with("| `")) {
            let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
            let src = cell(cells[0]);
            match parse(&src, &guide_lookup) {
                Ok(_) => good += 1,
                Err(e) => {
                    assert_eq!(e.message, cell(cells[1]), "{src}");
                    bad += 1;
                }
            }
        }
        assert_eq!((good, bad), (8, 4));
    }

    /// The guide's moves with dice read, with dice `die` and `bonus`.
    #[test]
    fn the_guide_moves_with_dice_read() {
        let steps = ["advance", "hop", "again", "stop", "lose"];
        let lookup = |name: &str| steps.iter().position(|n| *n == name);
        let roll = |die: Option<&str>| match die {
            None => Some(12),
            Some(d) => ["die", "bonus"].iter().position(|n| *n == d).map(|i| 10 + i),
        };
        let mut read = 0;
        let mut inside = false;
        for line in GUIDE.lines() {
            if line.starts_with("```") {
                inside = line == "```move-dice";
            } else if inside {
                let seq = parse_with(line, &lookup, &roll).unwrap_or_else(|e| panic!("{line}: {e}"));
                let seq = match seq {
                    Seq::WhilePossible(inner) => *inner,
                    other => other,
                };
                let first = match &seq {
                    Seq::All(items) => items[0].clone(),
                    other => other.clone(),
                };
                assert!(matches!(first, Seq::Step(10 | 12)), "{line} starts with a roll");
                read += 1;
            }
        }
        assert_eq!(read, 4);
        let e = parse("roll advance", &|n| (n == "advance").then_some(0)).unwrap_err();
        assert_eq!(
            e.message,
            "there is no die to roll: put a die in the equipment first"
        );
    }

    #[test]
    fn display_round_trips() {
        let names: Vec<String> = ["take", "jump", "step", "go-back"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for src in [
            "take x1-3",
            "jump x1-",
            "step (jump step) x0-2",
            "go-back",
            "step x2",
            "(take | step) x1-",
            "step (jump | take jump) x0-1 while possible",
            "take | step",
        ] {
            let seq = p(src).unwrap();
            assert_eq!(p(&display(&seq, &names)), Ok(seq), "{src}");
        }
    }
}

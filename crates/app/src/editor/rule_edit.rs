//! Rule edits: adding, deleting, reordering and changing step rules, moves,
//! game-over conditions, words (definitions) and settings, each a pure function of the game, so
//! that every change in Rules mode is one undoable action.
//!
//! Also the checks shown under a field as the designer types: a condition,
//! a side effect or a move sequence that can't be read.

use tablecraft_engine::expr::Words;
use tablecraft_engine::model::{Definition, Game, GameOver, MoveRule, Settings, StepRule};
use tablecraft_engine::problem::{Problem, Section};
use tablecraft_engine::sequence;

/// The lists of rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    Step,
    Move,
    End,
    /// A word the rules use like a function (a definition).
    Word,
}

impl RuleKind {
    /// `step rule`, `move`, `game-over condition`.
    pub fn word(self) -> &'static str {
        match self {
            RuleKind::Step => "step rule",
            RuleKind::Move => "move",
            RuleKind::End => "game-over condition",
            RuleKind::Word => "word",
        }
    }

    /// Where the compiler files problems of this kind.
    pub fn section(self) -> Section {
        match self {
            RuleKind::Step => Section::Step,
            RuleKind::Move => Section::Move,
            RuleKind::End => Section::GameOver,
            RuleKind::Word => Section::Definition,
        }
    }
}

/// One rule of one list, by its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleRef {
    pub kind: RuleKind,
    pub index: usize,
}

impl RuleRef {
    pub fn new(kind: RuleKind, index: usize) -> Self {
        RuleRef { kind, index }
    }
}

/// A change to the rules of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleEdit {
    AddStep(StepRule),
    AddMove(MoveRule),
    AddEnd(GameOver),
    AddWord(Definition),
    /// Removes a rule.
    Delete(RuleRef),
    /// Swaps a rule with the one before it.
    Up(RuleRef),
    /// Swaps a rule with the one after it.
    Down(RuleRef),
    SetStep(usize, StepRule),
    SetMove(usize, MoveRule),
    SetEnd(usize, GameOver),
    SetWord(usize, Definition),
    SetSettings(Settings),
}

/// How many rules a list has.
pub fn count(game: &Game, kind: RuleKind) -> usize {
    match kind {
        RuleKind::Step => game.steps.len(),
        RuleKind::Move => game.moves.len(),
        RuleKind::End => game.game_over.len(),
        RuleKind::Word => game.definitions.len(),
    }
}

/// The name of a rule, or `""`.
pub fn rule_name(game: &Game, r: RuleRef) -> String {
    let name = match r.kind {
        RuleKind::Step => game.steps.get(r.index).map(|s| &s.name),
        RuleKind::Move => game.moves.get(r.index).map(|m| &m.name),
        RuleKind::End => game.game_over.get(r.index).map(|e| &e.name),
        RuleKind::Word => game.definitions.get(r.index).map(|d| &d.name),
    };
    name.cloned().unwrap_or_default()
}

/// `base`, or `base2`, `base3`… whichever is not taken yet.
pub fn fresh_name(taken: &[String], base: &str) -> String {
    let base = if base.trim().is_empty() {
        "rule"
    } else {
        base.trim()
    };
    if !taken.iter().any(|t| t == base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base}{i}"))
        .find(|n| !taken.iter().any(|t| t == n))
        .unwrap_or_default()
}

/// The names already used in a list.
pub fn names(game: &Game, kind: RuleKind) -> Vec<String> {
    (0..count(game, kind))
        .map(|i| rule_name(game, RuleRef::new(kind, i)))
        .collect()
}

impl RuleEdit {
    /// The game after the edit, or why it can't be made.
    ///
    /// # Errors
    /// A rule that is not there, or a move past the end of its list.
    pub fn apply(&self, game: &Game) -> Result<Game, String> {
        let mut g = game.clone();
        let missing = |r: RuleRef| format!("That {} is not there any more.", r.kind.word());
        match self {
            RuleEdit::AddStep(s) => g.steps.push(s.clone()),
            RuleEdit::AddMove(m) => g.moves.push(m.clone()),
            RuleEdit::AddEnd(e) => g.game_over.push(e.clone()),
            RuleEdit::AddWord(d) => g.definitions.push(d.clone()),
            RuleEdit::Delete(r) => {
                if r.index >= count(game, r.kind) {
                    return Err(missing(*r));
                }
                match r.kind {
                    RuleKind::Step => drop(g.steps.remove(r.index)),
                    RuleKind::Move => drop(g.moves.remove(r.index)),
                    RuleKind::End => drop(g.game_over.remove(r.index)),
                    RuleKind::Word => drop(g.definitions.remove(r.index)),
                }
            }
            RuleEdit::Up(r) | RuleEdit::Down(r) => {
                let n = count(game, r.kind);
                if r.index >= n {
                    return Err(missing(*r));
                }
                let other = match self {
                    RuleEdit::Up(_) if r.index > 0 => r.index - 1,
                    RuleEdit::Down(_) if r.index + 1 < n => r.index + 1,
                    RuleEdit::Up(_) => return Err("It is first already.".into()),
                    _ => return Err("It is last already.".into()),
                };
                match r.kind {
                    RuleKind::Step => g.steps.swap(r.index, other),
                    RuleKind::Move => g.moves.swap(r.index, other),
                    RuleKind::End => g.game_over.swap(r.index, other),
                    RuleKind::Word => g.definitions.swap(r.index, other),
                }
            }
            RuleEdit::SetStep(i, s) => {
                *g.steps
                    .get_mut(*i)
                    .ok_or_else(|| missing(RuleRef::new(RuleKind::Step, *i)))? = s.clone();
            }
            RuleEdit::SetMove(i, m) => {
                *g.moves
                    .get_mut(*i)
                    .ok_or_else(|| missing(RuleRef::new(RuleKind::Move, *i)))? = m.clone();
            }
            RuleEdit::SetEnd(i, e) => {
                *g.game_over
                    .get_mut(*i)
                    .ok_or_else(|| missing(RuleRef::new(RuleKind::End, *i)))? = e.clone();
            }
            RuleEdit::SetWord(i, d) => {
                *g.definitions
                    .get_mut(*i)
                    .ok_or_else(|| missing(RuleRef::new(RuleKind::Word, *i)))? = d.clone();
            }
            RuleEdit::SetSettings(s) => g.settings = s.clone(),
        }
        Ok(g)
    }

    /// What the edit did, for the undo button: "Add step rule take".
    pub fn label(&self, game: &Game) -> String {
        match self {
            RuleEdit::AddStep(s) => format!("Add step rule {}", s.name),
            RuleEdit::AddMove(m) => format!("Add move {}", m.name),
            RuleEdit::AddEnd(e) => format!("Add game-over condition {}", e.name),
            RuleEdit::AddWord(d) => format!("Add word {}", d.name),
            RuleEdit::Delete(r) => format!("Delete {} {}", r.kind.word(), rule_name(game, *r)),
            RuleEdit::Up(r) => format!("Move {} {} up", r.kind.word(), rule_name(game, *r)),
            RuleEdit::Down(r) => format!("Move {} {} down", r.kind.word(), rule_name(game, *r)),
            RuleEdit::SetStep(i, s) => {
                format!("Change step rule {}", name_or(game, RuleKind::Step, *i, &s.name))
            }
            RuleEdit::SetMove(i, m) => format!("Change move {}", name_or(game, RuleKind::Move, *i, &m.name)),
            RuleEdit::SetEnd(i, e) => format!(
                "Change game-over condition {}",
                name_or(game, RuleKind::End, *i, &e.name)
            ),
            RuleEdit::SetWord(i, d) => format!("Change word {}", name_or(game, RuleKind::Word, *i, &d.name)),
            RuleEdit::SetSettings(_) => "Change the settings".into(),
        }
    }
}

fn name_or(game: &Game, kind: RuleKind, i: usize, new: &str) -> String {
    let old = rule_name(game, RuleRef::new(kind, i));
    if old.is_empty() {
        new.to_string()
    } else {
        old
    }
}

/// The lines of a text box, without blank ones: one condition or side
/// effect per line.
pub fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The game's definitions, which its conditions and side effects may use.
pub fn words_of(game: &Game) -> Words {
    tablecraft_engine::rules::words::read(game, None).0
}

/// What is wrong with a condition as written (it may use the game's
/// definitions, `words`), in words; `None` when it reads.
pub fn condition_error(text: &str, words: &Words) -> Option<String> {
    if text.trim().is_empty() {
        return None;
    }
    words
        .parse_expr(text)
        .err()
        .map(|e| at_column(e.column, &e.message))
}

/// What is wrong with a side effect as written; `None` when it reads.
pub fn effect_error(text: &str, words: &Words) -> Option<String> {
    if text.trim().is_empty() {
        return None;
    }
    words
        .parse_effect(text)
        .err()
        .map(|e| at_column(e.column, &e.message))
}

/// What is wrong with a move sequence, with the game's step rule names.
pub fn sequence_error(text: &str, step_names: &[String]) -> Option<String> {
    let lookup = |n: &str| step_names.iter().position(|s| s == n);
    sequence::parse(text, &lookup)
        .err()
        .map(|e| at_column(e.column, &e.message))
}

fn at_column(column: u32, message: &str) -> String {
    format!("At letter {column}: {message}")
}

/// The problems of the compiled game that belong to one field of one rule:
/// `field` is `what`, `from`, `to`, `name`, `sequence`, `winner` or a
/// line field such as `when 2` (or `when` for every line of it).
pub fn field_problems(problems: &[Problem], kind: RuleKind, name: &str, field: &str) -> Vec<String> {
    problems
        .iter()
        .filter(|p| p.location.section == kind.section() && p.location.name == name)
        .filter(|p| {
            let f = p.location.field.as_str();
            f == field || f.strip_prefix(field).is_some_and(|rest| rest.starts_with(' '))
        })
        .map(|p| match (p.location.field.split_once(' '), p.location.column) {
            (Some((_, n)), _) if field != p.location.field => format!("Line {n}: {}", p.message),
            _ => p.message.clone(),
        })
        .collect()
}

/// Problems of the settings (the heuristic).
pub fn settings_problems(problems: &[Problem]) -> Vec<String> {
    problems
        .iter()
        .filter(|p| p.location.section == Section::Settings)
        .map(|p| p.message.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::{FigurePattern, PlacePattern};
    use tablecraft_engine::search::games;
    use tablecraft_engine::Rules;

    fn step(name: &str) -> StepRule {
        StepRule {
            name: name.into(),
            what: FigurePattern::default(),
            from: PlacePattern::default(),
            to: PlacePattern::default(),
            when: vec![],
            effects: vec![],
            capture: false,
        }
    }

    #[test]
    fn add_delete_and_reorder_steps() {
        let game = games::nim(12);
        let g = RuleEdit::AddStep(step("jump")).apply(&game).unwrap();
        assert_eq!(names(&g, RuleKind::Step), ["take", "jump"]);
        let up = RuleEdit::Up(RuleRef::new(RuleKind::Step, 1));
        assert_eq!(up.label(&g), "Move step rule jump up");
        let g = up.apply(&g).unwrap();
        assert_eq!(names(&g, RuleKind::Step), ["jump", "take"]);
        assert!(RuleEdit::Up(RuleRef::new(RuleKind::Step, 0)).apply(&g).is_err());
        assert!(RuleEdit::Down(RuleRef::new(RuleKind::Step, 1)).apply(&g).is_err());
        let g = RuleEdit::Down(RuleRef::new(RuleKind::Step, 0)).apply(&g).unwrap();
        assert_eq!(names(&g, RuleKind::Step), ["take", "jump"]);
        let del = RuleEdit::Delete(RuleRef::new(RuleKind::Step, 1));
        assert_eq!(del.label(&g), "Delete step rule jump");
        let g = del.apply(&g).unwrap();
        assert_eq!(g, game);
        assert!(RuleEdit::Delete(RuleRef::new(RuleKind::Step, 5))
            .apply(&g)
            .is_err());
    }

    #[test]
    fn set_fields_of_each_kind() {
        let game = games::nim(12);
        let mut s = game.steps[0].clone();
        s.when = vec!["count(contains(basket)) < 12".into()];
        let g = RuleEdit::SetStep(0, s.clone()).apply(&game).unwrap();
        assert_eq!(g.steps[0], s);
        assert_eq!(RuleEdit::SetStep(0, s).label(&game), "Change step rule take");
        let m = MoveRule {
            name: "turn".into(),
            sequence: "take x1-2".into(),
        };
        let g = RuleEdit::SetMove(0, m.clone()).apply(&g).unwrap();
        assert_eq!(g.moves[0], m);
        let e = GameOver {
            name: "end".into(),
            when: vec!["empty(matchgroup)".into()],
            winner: "opponent".into(),
        };
        let g = RuleEdit::SetEnd(0, e.clone()).apply(&g).unwrap();
        assert_eq!(g.game_over[0], e);
        assert!(RuleEdit::SetEnd(3, e).apply(&g).is_err());
        let settings = Settings {
            pass_allowed: true,
            ..Settings::default()
        };
        let g = RuleEdit::SetSettings(settings).apply(&g).unwrap();
        assert!(g.settings.pass_allowed);
        assert!(Rules::compile(&g).is_ok());
    }

    #[test]
    fn words_are_added_changed_reordered_and_their_problems_filed_under_them() {
        let game = games::nim(12);
        let word = |name: &str, of: &[&str], body: &str| Definition {
            name: name.into(),
            of: of.iter().map(|s| s.to_string()).collect(),
            body: body.into(),
        };
        let g = RuleEdit::AddWord(word("left", &[], "count(contains(matchgroup))"))
            .apply(&game)
            .unwrap();
        let g = RuleEdit::AddWord(word("few", &["n"], "left < n"))
            .apply(&g)
            .unwrap();
        assert_eq!(names(&g, RuleKind::Word), ["left", "few"]);
        let mut end = g.game_over[0].clone();
        end.when = vec!["few(1)".into()];
        let g = RuleEdit::SetEnd(0, end).apply(&g).unwrap();
        assert!(Rules::compile(&g).is_ok(), "{:?}", Rules::compile(&g).err());
        // A word may only use the words above it.
        let swapped = RuleEdit::Up(RuleRef::new(RuleKind::Word, 1)).apply(&g).unwrap();
        assert_eq!(names(&swapped, RuleKind::Word), ["few", "left"]);
        let problems = Rules::compile(&swapped).unwrap_err();
        assert!(
            !field_problems(&problems, RuleKind::Word, "few", "").is_empty(),
            "{problems:?}"
        );
        let changed = RuleEdit::SetWord(1, word("few", &["n"], "left <= n"));
        assert_eq!(changed.label(&g), "Change word few");
        let g = changed.apply(&g).unwrap();
        assert_eq!(g.definitions[1].body, "left <= n");
        let g = RuleEdit::Delete(RuleRef::new(RuleKind::Word, 0))
            .apply(&g)
            .unwrap();
        assert_eq!(names(&g, RuleKind::Word), ["few"]);
        assert!(RuleEdit::SetWord(4, word("x", &[], "1")).apply(&g).is_err());
    }

    #[test]
    fn fresh_names_do_not_clash() {
        let taken = vec!["take".to_string(), "take2".to_string()];
        assert_eq!(fresh_name(&taken, "take"), "take3");
        assert_eq!(fresh_name(&taken, "step"), "step");
        assert_eq!(fresh_name(&taken, " "), "rule");
    }

    #[test]
    fn typing_errors_are_found_as_written() {
        let none = Words::new();
        assert_eq!(condition_error("to = from + 1", &none), None);
        assert_eq!(condition_error("", &none), None);
        let e = condition_error("to = from +", &none).unwrap();
        assert!(e.starts_with("At letter"), "{e}");
        assert_eq!(effect_error("set moves to value(moves) + 1", &none), None);
        assert!(effect_error("set moves", &none).is_some());
        // A condition may use the game's definitions.
        let game = Game {
            definitions: vec![tablecraft_engine::model::Definition {
                name: "near".into(),
                of: vec!["a".into(), "b".into()],
                body: "distance(a, b) = 1".into(),
            }],
            ..Game::default()
        };
        let words = words_of(&game);
        assert_eq!(condition_error("near(from, to)", &words), None);
        assert_eq!(effect_error("if near(from, to) then remove figure", &words), None);
        assert!(condition_error("near(from, to)", &none).is_some());
        let steps = vec!["take".to_string()];
        assert_eq!(sequence_error("take x1-3", &steps), None);
        assert!(sequence_error("tak x1-3", &steps).is_some());
        assert!(sequence_error("(take", &steps).is_some());
        // Either/or and while possible are written as text too.
        let steps = vec!["take".to_string(), "jump".to_string()];
        assert_eq!(sequence_error("(take | jump) x1-", &steps), None);
        assert_eq!(sequence_error("jump x1- while possible", &steps), None);
        assert!(sequence_error("(take |)", &steps)
            .unwrap()
            .contains("no step after"));
        assert_eq!(lines(" a \n\n b"), ["a", "b"]);
    }

    #[test]
    fn compiled_problems_are_filed_under_their_field() {
        let mut game = games::nim(12);
        game.steps[0].when = vec!["true".into(), "nosuch(3)".into()];
        game.game_over[0].winner = "banana".into();
        let problems = Rules::compile(&game).unwrap_err();
        let when = field_problems(&problems, RuleKind::Step, "take", "when");
        assert_eq!(when.len(), 1, "{problems:?}");
        assert!(when[0].starts_with("Line 2:"), "{when:?}");
        assert!(field_problems(&problems, RuleKind::Step, "take", "what").is_empty());
        let end = &game.game_over[0].name;
        assert_eq!(field_problems(&problems, RuleKind::End, end, "winner").len(), 1);
    }
}

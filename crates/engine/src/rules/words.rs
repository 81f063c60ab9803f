//! A game's definitions, read in order (each may use those above it), and
//! what is wrong with them: a definition's name must be free (not a
//! function, a special value, a game element or a rule's variable), its
//! values must have names of their own, and its body must read.

use super::{scope, NameMap};
use crate::expr::{parse_expr, Expr, Function, Special, Words, MAX_PARAMS};
use crate::model::{Definition, Game};
use crate::problem::{Location, Problem, Section};

/// Words of the rule language that are not keywords of expressions but
/// would read strangely as a definition's name.
const LANGUAGE_WORDS: [&str; 12] = [
    "where", "until", "do", "for", "each", "set", "move", "remove", "change", "of", "how", "many",
];

/// The definitions of `game` and what is wrong with them. With `names`
/// (the game's elements), a definition's name must not be an element's and
/// its body may name only its values, special values and elements; without
/// them, any name is taken for an element (to read text before the
/// elements are all known). A definition with a problem is left out: using
/// it says that its definition has a mistake.
pub fn read(game: &Game, names: Option<&NameMap>) -> (Words, Vec<Problem>) {
    let mut words = Words::new();
    let mut problems = Vec::new();
    let rule_vars = rule_variables(game);
    let is_element = |n: &str| names.is_none_or(|names| names.contains_key(n));
    for (i, d) in game.definitions.iter().enumerate() {
        let earlier = &game.definitions[..i];
        let mut mine = Vec::new();
        if let Some(m) = name_problem(d, earlier, &rule_vars, names) {
            mine.push(problem(d, "name", None, m));
        }
        if let Some(m) = values_problem(d) {
            mine.push(problem(d, "of", None, m));
        }
        if !mine.is_empty() {
            words.broken(&d.name);
            problems.extend(mine);
            continue;
        }
        let later: Vec<String> = game.definitions[i + 1..].iter().map(|d| d.name.clone()).collect();
        if let Err(e) = words.define(&d.name, &d.of, &d.body, &is_element, &later) {
            problems.push(problem(d, "", Some(e.column), e.message));
        }
    }
    (words, problems)
}

fn problem(d: &Definition, field: &str, column: Option<u32>, message: String) -> Problem {
    let mut at = Location::new(Section::Definition, d.name.clone(), field);
    at.column = column;
    Problem::new(at, message)
}

/// The names the step rules give their variables.
fn rule_variables(game: &Game) -> Vec<String> {
    let mut vars: Vec<String> = scope::RULE_VARS.iter().map(|v| v.to_string()).collect();
    vars.push(scope::CAPTURED.to_string());
    for rule in &game.steps {
        vars.extend(scope::variables(rule));
    }
    vars.sort();
    vars.dedup();
    vars
}

/// Whether `name` reads as one plain name in an expression.
fn plain(name: &str) -> bool {
    matches!(parse_expr(name), Ok(Expr::Name(n)) if n.text == name) && !LANGUAGE_WORDS.contains(&name)
}

fn name_problem(
    d: &Definition,
    earlier: &[Definition],
    rule_vars: &[String],
    names: Option<&NameMap>,
) -> Option<String> {
    let name = d.name.as_str();
    Some(if name.trim().is_empty() {
        "every definition needs a name".to_string()
    } else if !plain(name) {
        format!(
            "'{name}' can't be the name of a definition; use letters, digits and _ (like flips or my_seeds)"
        )
    } else if Function::from_name(name).is_some() {
        format!("'{name}' is already a function; give the definition another name")
    } else if Special::from_name(name).is_some() {
        format!(
            "'{name}' already has a meaning ({name} is a special value); give the definition another name"
        )
    } else if names.is_some_and(|n| n.contains_key(name)) {
        format!("something in the game is already called '{name}'; give the definition another name")
    } else if rule_vars.iter().any(|v| v == name) {
        format!("'{name}' is a name a step rule gives one of its parts; give the definition another name")
    } else if earlier.iter().any(|e| e.name == name) {
        format!("two definitions are called '{name}'; give each its own name")
    } else {
        return None;
    })
}

fn values_problem(d: &Definition) -> Option<String> {
    if d.of.len() > MAX_PARAMS {
        return Some(format!(
            "a definition can take at most {MAX_PARAMS} values, but this one takes {}",
            d.of.len()
        ));
    }
    for (i, v) in d.of.iter().enumerate() {
        if !plain(v) {
            return Some(format!(
                "'{v}' can't be the name of a value; use letters, digits and _ (like s or d)"
            ));
        }
        if Special::from_name(v).is_some() {
            return Some(format!(
                "'{v}' already has a meaning (a special value); call this value something else"
            ));
        }
        if d.of[..i].contains(v) {
            return Some(format!("two values are called '{v}'; give each its own name"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Element;

    fn define(name: &str, of: &str, body: &str) -> Definition {
        Definition {
            name: name.into(),
            of: of.split_whitespace().map(String::from).collect(),
            body: body.into(),
        }
    }

    fn problems_of(defs: Vec<Definition>) -> Vec<String> {
        let game = Game {
            definitions: defs,
            ..Game::default()
        };
        let mut names = NameMap::default();
        names.insert("board".into(), Element::Grid(0));
        read(&game, Some(&names))
            .1
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    #[test]
    fn a_definition_uses_those_above_it() {
        let defs = vec![
            define("twice", "n", "n * 2"),
            define("four", "n", "twice(twice(n))"),
        ];
        assert!(problems_of(defs.clone()).is_empty());
        let game = Game {
            definitions: defs,
            ..Game::default()
        };
        let (words, _) = read(&game, None);
        let e = words.parse_expr("four(3) + 1").unwrap();
        assert_eq!(e.to_string(), "four(3) + 1");
    }

    #[test]
    fn problems_are_placed_at_the_definition() {
        let p = problems_of(vec![
            define("late", "n", "early(n)"),
            define("early", "n", "late(n)"),
            define("me", "n", "me(n)"),
            define("count", "", "1"),
            define("player", "", "1"),
            define("board", "", "1"),
            define("to", "", "1"),
            define("two words", "", "1"),
            define("bad", "a a", "a"),
            define("odd", "x", "x + nowhere"),
            define("odd", "x", "x"),
            define("wide", "a b c d e", "a"),
        ]);
        let expect = [
            "definition 'late', column 1: 'early' is defined further down; a definition can only use the ones above it",
            "definition 'early', column 1: the definition of 'late' has a mistake; mend it first",
            "definition 'me', column 1: 'me' can't use itself; say it with the definitions above it",
            "definition 'count', name: 'count' is already a function; give the definition another name",
            "definition 'player', name: 'player' already has a meaning (player is a special value); give the definition another name",
            "definition 'board', name: something in the game is already called 'board'; give the definition another name",
            "definition 'to', name: 'to' is a name a step rule gives one of its parts; give the definition another name",
            "definition 'two words', name: 'two words' can't be the name of a definition; use letters, digits and _ (like flips or my_seeds)",
            "definition 'bad', of: two values are called 'a'; give each its own name",
            "definition 'odd', column 5: I don't know what 'nowhere' is",
            "definition 'odd', name: two definitions are called 'odd'; give each its own name",
            "definition 'wide', of: a definition can take at most 4 values, but this one takes 5",
        ];
        for e in expect {
            assert!(p.iter().any(|x| x == e), "missing {e}\nin {p:#?}");
        }
        assert_eq!(p.len(), expect.len(), "{p:#?}");
    }

    #[test]
    fn a_definition_sees_its_values_not_the_rule_around_it() {
        let game = Game {
            definitions: vec![define("same", "x", "x = to")],
            ..Game::default()
        };
        // `to` inside a definition is not the rule's `to`.
        let p = read(&game, Some(&NameMap::default())).1;
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].message.contains("'to'"), "{}", p[0].message);
    }

    #[test]
    fn written_out_definitions_are_bounded() {
        let mut defs = vec![define("d0", "x", "x + x + x + x + x + x + x + x + x + x")];
        for i in 1..6 {
            let prev = format!("d{}", i - 1);
            defs.push(define(
                &format!("d{i}"),
                "x",
                &format!("{prev}(x) + {prev}(x) + {prev}(x) + {prev}(x)"),
            ));
        }
        let p = problems_of(defs);
        assert!(
            p.iter()
                .any(|m| m.starts_with("definition 'd") && m.contains("too long when written out")),
            "{p:#?}"
        );
    }
}

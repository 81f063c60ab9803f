//! Unit tests of definitions ("words").

use super::tests::{is_element, FakeWorld};
use super::*;

fn words(defs: &[(&str, &str, &str)]) -> Words {
    let mut words = Words::new();
    for (name, of, body) in defs {
        let of: Vec<String> = of.split_whitespace().map(String::from).collect();
        words
            .define(name, &of, body, &is_element, &[])
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    words
}

/// Parses with `words`, resolves with `vars`, and evaluates.
fn run(words: &Words, src: &str, vars: &[(&str, Value)]) -> Result<Value, EvalError> {
    let mut e = words.parse_expr(src).unwrap_or_else(|err| panic!("{src}: {err}"));
    let names: Vec<String> = vars.iter().map(|(n, _)| n.to_string()).collect();
    let values: Vec<Value> = vars.iter().map(|(_, v)| v.clone()).collect();
    let problems = e.resolve(&Scope {
        vars: &names,
        is_element: &is_element,
    });
    assert_eq!(problems, vec![], "{src}");
    e.eval(&values, &FakeWorld { matches: 3 })
}

#[test]
fn a_definition_is_used_like_a_function() {
    let w = words(&[
        ("twice", "n", "n * 2"),
        ("four", "n", "twice(twice(n))"),
        ("seven", "", "7"),
        ("mine", "x", "x = player"),
    ]);
    assert_eq!(run(&w, "four(3) + 1", &[]), Ok(Value::Number(13)));
    assert_eq!(run(&w, "seven * 2 + seven()", &[]), Ok(Value::Number(21)));
    assert_eq!(run(&w, "mine(1) and not mine(2)", &[]), Ok(Value::Bool(true)));
    assert_eq!(
        run(
            &w,
            "twice(to) + from",
            &[("from", Value::Number(1)), ("to", Value::Number(5))]
        ),
        Ok(Value::Number(11))
    );
}

#[test]
fn a_definition_keeps_its_own_names_apart_from_those_where_it_is_used() {
    let w = words(&[("small", "x", "any t in [1, 2, 3] where t = x")]);
    // Written out by copying text, `t = x` would become `t = t`: always yes.
    assert_eq!(
        run(&w, "any t in [5] where small(t)", &[]),
        Ok(Value::Bool(false))
    );
    assert_eq!(run(&w, "any t in [2] where small(t)", &[]), Ok(Value::Bool(true)));
    // Its values are not the rule's variables of the same name.
    assert_eq!(
        run(&w, "small(x) or x = 9", &[("x", Value::Number(9))]),
        Ok(Value::Bool(true))
    );
    assert_eq!(
        run(&w, "small(x)", &[("x", Value::Number(2))]),
        Ok(Value::Bool(true))
    );
}

#[test]
fn a_definition_cannot_see_the_rule_it_is_used_in() {
    let mut w = Words::new();
    let e = w
        .define("near", &["x".into()], "x + to", &is_element, &[])
        .unwrap_err();
    assert_eq!(e.column, 5);
    assert!(e.message.contains("'to'"), "{}", e.message);
    assert_eq!(
        w.parse_expr("near(1)").unwrap_err().message,
        "the definition of 'near' has a mistake; mend it first"
    );
}

#[test]
fn uses_are_checked_when_reading() {
    let w = words(&[("twice", "n", "n * 2"), ("seven", "", "7")]);
    let e = w.parse_expr("1 + twice(1, 2)").unwrap_err();
    assert_eq!(
        (e.column, e.message.as_str()),
        (5, "twice takes 1 value in the brackets: n")
    );
    assert_eq!(
        w.parse_expr("seven(1)").unwrap_err().message,
        "seven takes no values; write it without brackets"
    );
    // Without the definitions, the name is unknown as before.
    assert_eq!(
        parse_expr("twice(1)").unwrap_err().message,
        "there is no function called 'twice'"
    );
}

#[test]
fn a_use_prints_as_written() {
    let w = words(&[("twice", "n", "n * 2"), ("seven", "", "7")]);
    for src in [
        "twice(1 + 2) * 3",
        "seven + twice(seven)",
        "any d in directions where twice(1) = 2",
    ] {
        let e = w.parse_expr(src).unwrap();
        assert_eq!(e.to_string(), src);
        assert_eq!(w.parse_expr(&e.to_string()).unwrap(), e);
    }
}

#[test]
fn written_out_size_and_height_are_bounded() {
    let mut w = words(&[(
        "d0",
        "x",
        "x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x",
    )]);
    let mut failed = None;
    for i in 1..8 {
        let prev = format!("d{}", i - 1);
        let body = format!("{prev}(x) + {prev}(x) + {prev}(x) + {prev}(x)");
        if let Err(e) = w.define(&format!("d{i}"), &["x".into()], &body, &is_element, &[]) {
            failed = Some(e);
            break;
        }
    }
    let e = failed.expect("a definition too long to write out is refused");
    assert!(e.message.contains("too long when written out"), "{}", e.message);
    // Deep nesting through definitions is refused like deep brackets.
    let mut w = Words::new();
    w.define("n0", &["x".into()], "x + 1", &is_element, &[]).unwrap();
    let mut deep = None;
    for i in 1..100 {
        let body = format!("n{}((x))", i - 1);
        if let Err(e) = w.define(&format!("n{i}"), &["x".into()], &body, &is_element, &[]) {
            deep = Some(e);
            break;
        }
    }
    assert!(deep.expect("too deep").message.contains("nested too deeply"));
}

//! Unit tests of the expression language.

use super::*;

/// A small game world: matches on `matchgroup`, ball `b` on `s.3`, board
/// squares named `board.ROW.COL`.
pub(super) struct FakeWorld {
    pub matches: usize,
}

impl World for FakeWorld {
    fn special(&self, s: Special) -> Value {
        match s {
            Special::Player => Value::Number(1),
            Special::Opponent => Value::Number(2),
            Special::Steps => Value::List(vec![Value::from("take")]),
            _ => Value::from(""),
        }
    }

    fn call(&self, f: WorldFn, args: &[Value]) -> Result<Value, EvalError> {
        // The evaluator must always pass as many arguments as the function takes.
        assert_eq!(args.len(), Function::World(f).arity(), "{f:?}");
        let text = |i: usize| args[i].to_text();
        let part = |i: usize, k: usize| -> Result<Value, EvalError> {
            text(i)
                .split('.')
                .nth(k)
                .and_then(|p| p.parse().ok())
                .map(Value::Number)
                .ok_or_else(|| EvalError::new(format!("'{}' is not a board square", text(i))))
        };
        match f {
            WorldFn::At => Ok(Value::Bool(text(0) == "b" && text(1) == "s.3")),
            WorldFn::Contains => Ok(Value::List(if text(0) == "matchgroup" {
                (1..=self.matches)
                    .map(|i| Value::Text(format!("m.{i}")))
                    .collect()
            } else {
                Vec::new()
            })),
            WorldFn::Value => Ok(Value::Number(5)),
            WorldFn::Row => part(0, 1),
            WorldFn::Column => part(0, 2),
            WorldFn::InARow => Ok(Value::Bool(args[2] == Value::Number(2))),
            WorldFn::Between => Ok(Value::from("board.3.3")),
            _ => Ok(Value::from("")),
        }
    }
}

pub(super) fn is_element(name: &str) -> bool {
    name.starts_with("s.")
        || name.starts_with("m.")
        || name.starts_with("board")
        || name.starts_with("hand.")
        || name.starts_with("pile")
        || [
            "b",
            "matchgroup",
            "basket",
            "moves",
            "stone.white.4",
            "die",
            "deck",
        ]
        .contains(&name)
}

const WORLD: FakeWorld = FakeWorld { matches: 3 };

/// Parses, resolves with `vars`, and evaluates.
pub(super) fn run(src: &str, vars: &[(&str, Value)]) -> Result<Value, EvalError> {
    let mut e = parse_expr(src).unwrap_or_else(|err| panic!("{src}: {err}"));
    let names: Vec<String> = vars.iter().map(|(n, _)| n.to_string()).collect();
    let values: Vec<Value> = vars.iter().map(|(_, v)| v.clone()).collect();
    let problems = e.resolve(&Scope {
        vars: &names,
        is_element: &is_element,
    });
    assert!(problems.is_empty(), "{src}: {problems:?}");
    e.eval(&values, &WORLD)
}

fn val(src: &str) -> Value {
    run(src, &[]).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn yes(src: &str, vars: &[(&str, Value)]) -> bool {
    match run(src, vars) {
        Ok(Value::Bool(b)) => b,
        other => panic!("{src}: {other:?}"),
    }
}

fn err(src: &str) -> String {
    run(src, &[]).expect_err(src).message
}

fn parse_err(src: &str) -> ParseError {
    parse_expr(src).expect_err(src)
}

fn n(v: i64) -> Value {
    Value::Number(v)
}

fn t(s: &str) -> Value {
    Value::from(s)
}

#[test]
fn precedence() {
    assert_eq!(val("1 + 2 * 3"), n(7));
    assert_eq!(val("(1 + 2) * 3"), n(9));
    assert_eq!(val("10 - 4 - 3"), n(3));
    assert_eq!(val("-2 * 3"), n(-6));
    assert_eq!(val("2 * 3 mod 4"), n(2));
    assert_eq!(val("20 / 2 / 5"), n(2));
    assert_eq!(val("not 1 = 2"), Value::Bool(true));
    assert_eq!(val("yes or no and no"), Value::Bool(true));
    assert_eq!(val("1 + 2 = 3 and 2 < 3"), Value::Bool(true));
    assert_eq!(
        parse_expr("a or b and not c = d + e * -f").unwrap(),
        parse_expr("a or (b and (not (c = (d + (e * (-f))))))").unwrap()
    );
    assert_eq!(
        parse_expr("if a then b else c or d").unwrap(),
        parse_expr("if a then b else (c or d)").unwrap()
    );
}

#[test]
fn text_joining() {
    let v = [("n", n(4))];
    assert_eq!(run("\"s.\" + (n + 1)", &v), Ok(t("s.5")));
    assert_eq!(run("'s.' + n + 1", &v), Ok(t("s.41")));
    assert_eq!(val("1 + \"a\""), t("1a"));
    assert_eq!(val("\"is \" + yes"), t("is yes"));
    assert_eq!(val("[1] + [2, 3]"), val("[1, 2, 3]"));
    assert!(err("yes + 1").contains("'+' needs two numbers"));
}

#[test]
fn membership() {
    let v = [("from", n(3)), ("from-square", t("s.8"))];
    assert!(yes("from in [3, 8]", &v));
    assert!(!yes("from not in [3, 8]", &v));
    assert!(yes("from-square in [s.3, s.8]", &v));
    assert!(yes("\"3\" in [1, 2, 3]", &v));
    assert!(yes("\"ell\" in \"hello\"", &v));
    assert!(yes("4 not in []", &v));
    assert!(err("1 in 2").contains("needs a list or a text"));
}

#[test]
fn comparisons_of_numbers_and_text() {
    assert_eq!(val("\"3\" = 3"), Value::Bool(true));
    assert_eq!(val("3 != \"03\""), Value::Bool(true));
    assert_eq!(val("\"10\" > 9"), Value::Bool(true));
    assert_eq!(val("\"10\" > \"9\""), Value::Bool(true));
    assert_eq!(val("\"apple\" < \"pear\""), Value::Bool(true));
    assert_eq!(val("yes = 1"), Value::Bool(false));
    assert_eq!(val("[1, 2] = [1, \"2\"]"), Value::Bool(true));
    assert_eq!(val("2 <> 3"), Value::Bool(true));
    assert_eq!(val("2 >= 2 and 2 <= 2"), Value::Bool(true));
    assert!(err("\"a\" < 3").contains("can only compare two numbers or two texts"));
    let e = parse_err("1 < 2 < 3");
    assert!(e.message.contains("join them with 'and'"), "{e}");
    assert_eq!(e.column, 7);
}

#[test]
fn if_then_else() {
    assert_eq!(val("if 1 < 2 then \"a\" else \"b\""), t("a"));
    assert_eq!(val("if no then 1 else if yes then 2 else 3"), n(2));
    assert_eq!(val("10 + (if yes then 1 else 2)"), n(11));
    assert!(err("if 3 then 1 else 2").contains("must be yes or no"));
    let e = parse_err("if yes then 1");
    assert_eq!(
        e.message,
        "expected 'else' after '1', but the text ends here; an 'if' needs both 'then' and 'else'"
    );
}

#[test]
fn short_circuit() {
    assert_eq!(val("no and 1/0 = 1"), Value::Bool(false));
    assert_eq!(val("yes or 1/0 = 1"), Value::Bool(true));
    assert_eq!(err("yes and 1/0 = 1"), "can't divide by zero");
    assert_eq!(val("if yes then 1 else 1/0"), n(1));
    assert!(err("1 and yes").contains("'and' needs yes or no"));
    assert!(err("not 3").contains("'not' needs yes or no"));
}

#[test]
fn arithmetic_errors_and_rounding() {
    assert_eq!(err("1 / 0"), "can't divide by zero");
    assert_eq!(err("5 mod 0"), "can't divide by zero");
    assert_eq!(val("-7 / 2"), n(-3));
    assert_eq!(val("7 mod 3"), n(1));
    assert_eq!(val("-7 mod 3"), n(2));
    assert_eq!(err("9223372036854775807 + 1"), "the number got too big");
    assert_eq!(err("-9223372036854775807 - 2"), "the number got too big");
    assert_eq!(err("3037000500 * 3037000500"), "the number got too big");
    assert_eq!(err("(-9223372036854775807 - 1) / -1"), "the number got too big");
    assert_eq!(err("abs(-9223372036854775807 - 1)"), "the number got too big");
    assert_eq!(err("\"abc\" - 1"), "'abc' is text, but - needs numbers");
    assert_eq!(val("\"7\" - 1"), n(6));
    assert!(parse_err("99999999999999999999").message.contains("too big"));
}

#[test]
fn unknown_names_are_problems_with_hints() {
    let mut e = parse_expr("a-b = 2").unwrap();
    let problems = e.resolve(&Scope {
        vars: &["a".to_string(), "b".to_string()],
        is_element: &is_element,
    });
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].column, 1);
    assert_eq!(
        problems[0].message,
        "I don't know what 'a-b' is; to subtract, put spaces: a - b"
    );
    let mut e = parse_expr("1 + xyz").unwrap();
    let problems = e.resolve(&Scope {
        vars: &[],
        is_element: &is_element,
    });
    assert_eq!(problems, vec![ParseError::new(5, "I don't know what 'xyz' is")]);
    // Evaluating what could not be resolved is an error, not a panic.
    assert_eq!(
        e.eval(&[], &WORLD).unwrap_err().message,
        "I don't know what 'xyz' is"
    );
    // A variable slot with no value is an error too.
    let mut e = parse_expr("x").unwrap();
    e.resolve(&Scope {
        vars: &["x".to_string()],
        is_element: &is_element,
    });
    assert!(e.eval(&[], &WORLD).is_err());
}

#[test]
fn names_with_dots_and_hyphens() {
    let name = |s: &str| match parse_expr(s).unwrap() {
        Expr::Name(n) => n.text,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(name("s.15"), "s.15");
    assert_eq!(name("stone.white.4"), "stone.white.4");
    assert_eq!(name("from-square"), "from-square");
    assert_eq!(name("go-back"), "go-back");
    assert_eq!(name("_x1"), "_x1");
    assert_eq!(name("m.1"), "m.1");
    let v = [("to", n(5)), ("from", n(3))];
    assert_eq!(run("to-1", &v), Ok(n(4)));
    assert_eq!(run("to - from", &v), Ok(n(2)));
    assert_eq!(run("to -from", &v), Ok(n(2)));
    assert_eq!(val("s.3"), t("s.3"));
    assert_eq!(val("stone.white.4"), t("stone.white.4"));
    // A dot not followed by a letter or digit ends the name.
    assert_eq!(parse_err("s. 3").column, 2);
}

#[test]
fn resolve_order_and_shadowing() {
    let vars: Vec<String> = ["figure", "from", "to", "from", "player"]
        .map(String::from)
        .to_vec();
    let scope = Scope {
        vars: &vars,
        is_element: &|_| true,
    };
    let resolved = |src: &str| {
        let mut e = parse_expr(src).unwrap();
        assert!(e.resolve(&scope).is_empty());
        match e {
            Expr::Name(n) => n.resolved,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(resolved("from"), Resolved::Var(3));
    assert_eq!(resolved("to"), Resolved::Var(2));
    assert_eq!(resolved("player"), Resolved::Var(4));
    assert_eq!(resolved("opponent"), Resolved::Special(Special::Opponent));
    assert_eq!(resolved("s.1"), Resolved::Constant(t("s.1")));
    // Resolving again with another scope starts over.
    let mut e = parse_expr("from").unwrap();
    e.resolve(&scope);
    let problems = e.resolve(&Scope {
        vars: &[],
        is_element: &|_| false,
    });
    assert_eq!(problems.len(), 1);
    // Captured values win over the built-in ones.
    let v = [("from", t("s.2")), ("to", t("s.3")), ("from", n(2))];
    assert_eq!(run("from + 1", &v), Ok(n(3)));
}

#[test]
fn specials_and_functions() {
    assert_eq!(val("player"), n(1));
    assert_eq!(val("opponent"), n(2));
    assert_eq!(val("\"take\" in steps"), Value::Bool(true));
    assert_eq!(val("last_figure"), t(""));
    assert_eq!(val("count([1, 2, 3])"), n(3));
    assert_eq!(val("count(\"ábc\")"), n(3));
    assert_eq!(val("count(contains(matchgroup))"), n(3));
    assert_eq!(val("empty([])"), Value::Bool(true));
    assert_eq!(val("empty(matchgroup)"), Value::Bool(false));
    assert_eq!(val("empty(basket)"), Value::Bool(true));
    assert_eq!(val("first([4, 5, 6])"), n(4));
    assert_eq!(val("last([4, 5, 6])"), n(6));
    assert_eq!(val("item([4, 5, 6], 2)"), n(5));
    assert_eq!(
        err("item([4, 5, 6], 4)"),
        "there is no item 4 in a list of 3 items"
    );
    assert_eq!(err("first([])"), "the list is empty, so it has no first item");
    assert_eq!(val("min(3, -2) + max(3, -2)"), n(1));
    assert_eq!(val("abs(-4)"), n(4));
    assert_eq!(val("number(\"12\") + 1"), n(13));
    assert_eq!(err("number(\"x\")"), "'x' doesn't read as a whole number");
    assert_eq!(val("text(3) + text(yes)"), t("3yes"));
    assert_eq!(val("sum([1, 2, 3])"), n(6));
    assert_eq!(val("sum([])"), n(0));
    assert_eq!(val("at(b, s.3)"), Value::Bool(true));
    assert_eq!(val("at(b, s.4)"), Value::Bool(false));
    assert_eq!(val("value(moves) * 2"), n(10));
    assert_eq!(val("colour(b)"), val("color(b)"));
    let v = [("to", t("board.6.2"))];
    assert_eq!(run("row(to) = 6 and column(to) = 2", &v), Ok(Value::Bool(true)));
    assert_eq!(val("[1, yes, \"s.1\"]").to_string(), "[1, yes, s.1]");
}

#[test]
fn call_errors_are_parse_errors() {
    let e = parse_err("1 + foo(2)");
    assert_eq!(
        (e.column, e.message.as_str()),
        (5, "there is no function called 'foo'")
    );
    let e = parse_err("at(b)");
    assert_eq!(
        (e.column, e.message.as_str()),
        (1, "at needs 2 things in the brackets: a figure and a place")
    );
    assert_eq!(
        parse_err("count()").message,
        "count needs 1 thing in the brackets: a list or a text"
    );
    assert_eq!(
        parse_err("at(b s.3)").message,
        "expected ',' or ')' after 'b', but found 's.3'; the '(' at column 3 needs a ')'"
    );
}

#[test]
fn parse_error_messages() {
    let e = parse_err("1 +");
    assert_eq!(
        (e.column, e.message.as_str()),
        (4, "expected a value after '+', but the text ends here")
    );
    let e = parse_err("(1 + )");
    assert_eq!(
        (e.column, e.message.as_str()),
        (6, "expected a value after '+', but found ')'")
    );
    let e = parse_err("(1 + 2");
    assert_eq!(
        e.message,
        "expected ')' after '2', but the text ends here; the '(' at column 1 needs a ')'"
    );
    assert_eq!(
        parse_err("").message,
        "expected a value, but there is nothing here"
    );
    let e = parse_err("to from");
    assert_eq!(
        (e.column, e.message.as_str()),
        (4, "expected an operator like + or = after 'to', but found 'from'")
    );
    // Columns count characters, not bytes.
    assert_eq!(parse_err("\"éé\" + ").column, 8);
    assert_eq!(
        parse_err("a = \"abc").message,
        "this text has no closing \": put \" at its end"
    );
    assert_eq!(parse_err("a # b").message, "I don't understand the sign '#' here");
    assert!(parse_err("a ! b").message.contains("!="));
    assert!(parse_err("1 + not yes")
        .message
        .contains("put brackets around it"));
    assert_eq!(parse_expr("a == b").unwrap(), parse_expr("a = b").unwrap());
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = [
        "(".repeat(10_000),
        format!("{}1{}", "(".repeat(4000), ")".repeat(4000)),
        format!("{}1", "-".repeat(9_000)),
        format!("{}yes", "not ".repeat(2_000)),
        format!("{}1", "1 + ".repeat(2_400)),
        format!("{}1", "[".repeat(9_000)),
        format!("{}1", "abs(".repeat(2_000)),
        format!("{}1", "if yes then ".repeat(800)),
    ];
    for src in &deep {
        let e = parse_expr(src).expect_err("too deep");
        assert!(e.message.contains("nested too deeply"), "{}", e.message);
    }
    let e = parse_effect(&format!("{}remove b", "if yes then ".repeat(800))).unwrap_err();
    assert!(e.message.contains("nested too deeply"));
    // Reasonable nesting is fine.
    let ok = format!("{}1{}", "(".repeat(60), ")".repeat(60));
    assert_eq!(val(&ok), n(1));
    assert_eq!(val(&format!("{}0", "1 + ".repeat(60))), n(60));
    // Too long.
    let long = format!("1{}", " ".repeat(MAX_LEN));
    assert!(parse_expr(&long).unwrap_err().message.contains("too long"));
}

#[test]
fn display_round_trip_examples() {
    for src in [
        "to - from = 2",
        "-(1 + 2)",
        "(not a) = b",
        "1 - (2 - 3)",
        "not not a",
        "a - -b",
        "\"it's\" + 'say \"hi\"'",
        "x not in [1, 2, [3]]",
        "(if a then 1 else 2) + 3",
        "if if a then b else c then d else e",
        "at(figure, \"s.\" + (n + 1)) or empty(matchgroup)",
        "(a = b) = c",
    ] {
        let e = parse_expr(src).unwrap();
        let printed = e.to_string();
        assert_eq!(parse_expr(&printed).unwrap(), e, "{src} printed as {printed}");
    }
    assert_eq!(parse_expr("(1+2)*3").unwrap().to_string(), "(1 + 2) * 3");
    assert_eq!(parse_expr("a<>b").unwrap().to_string(), "a != b");
}

fn effect(src: &str) -> Effect {
    parse_effect(src).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn name(s: &str) -> Expr {
    Expr::Name(Name::new(s))
}

#[test]
fn effects() {
    assert_eq!(
        effect("move b from from to s.1"),
        Effect::Move {
            figure: name("b"),
            from: Some(name("from")),
            to: name("s.1"),
        }
    );
    assert_eq!(
        effect("move to to from"),
        Effect::Move {
            figure: name("to"),
            from: None,
            to: name("from"),
        }
    );
    assert_eq!(
        effect("remove last_figure"),
        Effect::Remove {
            figure: name("last_figure")
        }
    );
    assert_eq!(
        effect("set moves to value(moves) + 1"),
        Effect::Set {
            trigger: name("moves"),
            value: parse_expr("value(moves) + 1").unwrap(),
        }
    );
    let mut e = effect("if row(to) = 6 then change figure to crown");
    assert_eq!(
        e,
        Effect::If {
            condition: parse_expr("row(to) = 6").unwrap(),
            then: Box::new(Effect::Change {
                figure: name("figure"),
                kind: name("crown"),
            }),
            otherwise: None,
        }
    );
    let vars = ["figure", "from", "to"].map(String::from);
    let problems = e.resolve(&Scope {
        vars: &vars,
        is_element: &is_element,
    });
    assert!(problems.is_empty(), "{problems:?}");
    let Effect::If { then, .. } = &e else {
        unreachable!()
    };
    let Effect::Change { kind, .. } = then.as_ref() else {
        unreachable!()
    };
    assert_eq!(kind.eval(&[], &WORLD), Ok(t("crown")));
    // Unknown names elsewhere are still problems.
    let mut e = effect("remove ghost");
    assert_eq!(
        e.resolve(&Scope {
            vars: &vars,
            is_element: &is_element,
        })[0]
            .message,
        "I don't know what 'ghost' is"
    );
}

#[test]
fn effect_errors() {
    let msg = |s: &str| parse_effect(s).unwrap_err().message;
    assert_eq!(
        msg("move b"),
        "expected 'to' or 'from' after 'b', but the text ends here"
    );
    assert_eq!(msg("set moves 3"), "expected 'to' after 'moves', but found '3'");
    assert_eq!(
        msg("jump b"),
        "expected 'set', 'move', 'remove', 'change', 'roll', 'shuffle', 'deal', 'turn', 'if', 'for each' or '(' at the start, but found 'jump'"
    );
    assert_eq!(
        msg("deal 5 to hand.1"),
        "expected 'from' (deal N from PLACE to [PLACES]) after '5', but found 'to'"
    );
    assert_eq!(parse_effect("turn c down").unwrap().to_string(), "turn c down");
    assert_eq!(parse_effect("turn c").unwrap().to_string(), "turn c");
    assert_eq!(
        parse_effect("deal 2 from deck to [h.1, h.2]")
            .unwrap()
            .to_string(),
        "deal 2 from deck to [h.1, h.2]"
    );
    assert!(parse_effect("if yes then remove b else remove c").is_ok());
    assert!(msg("for s in [1] do remove s").contains("expected 'each'"));
    assert!(msg("for each s in [1] remove s").contains("expected 'do'"));
    assert!(msg("(remove b, remove c)").contains("expected ';' or ')'"));
    assert_eq!(msg("remove b c"), "expected the end after 'b', but found 'c'");
}

#[test]
fn effect_display_round_trip() {
    for src in [
        "move b from from to s.1",
        "move b to \"s.\" + (n + 1)",
        "if row(to) = 6 then change figure to crown",
        "set moves to if a then 1 else 2",
        "if a then if b then remove c",
    ] {
        let e = effect(src);
        assert_eq!(e.to_string(), src);
        assert_eq!(effect(&e.to_string()), e);
    }
}

/// The examples in the guide, against the fake world.
#[test]
fn games() {
    // NIM: game over when the group is empty; the player on move wins.
    let world = FakeWorld { matches: 0 };
    let mut over = parse_expr("empty(matchgroup)").unwrap();
    over.resolve(&Scope {
        vars: &[],
        is_element: &is_element,
    });
    assert_eq!(over.eval(&[], &world), Ok(Value::Bool(true)));
    assert_eq!(val("player"), n(1));
    // The ball puzzle.
    let step = |from: i64, to: i64| [("figure", t("b")), ("from", n(from)), ("to", n(to))];
    assert!(yes("to = from + 1 and from not in [3, 8]", &step(1, 2)));
    assert!(!yes("to = from + 1 and from not in [3, 8]", &step(3, 4)));
    assert!(yes("from in [2, 7] and to - from = 2", &step(7, 9)));
    let back = [("figure", t("b")), ("from-square", t("s.8"))];
    assert!(yes("from-square = s.3 or from-square = s.8", &back));
    assert!(!yes("at(b, s.15)", &[]));
    // Tic-tac-toe: the player who just moved is now the opponent.
    assert!(yes("in_a_row(board, 3, opponent)", &[]));
    // Dama: a jump over a figure.
    let jump = [("from", t("board.3.2")), ("to", t("board.5.4"))];
    assert!(yes(
        "not empty(between(from, to)) or row(to) - row(from) = 2",
        &jump
    ));
}

const GUIDE: &str = include_str!("../../../../docs/expressions.md");

/// The lines of the guide's code blocks tagged `tag`.
fn guide_blocks(tag: &str) -> Vec<&'static str> {
    let mut lines = Vec::new();
    let mut inside = false;
    for line in GUIDE.lines() {
        if line.starts_with("```") {
            inside = !inside && line == format!("```{tag}");
        } else if inside && !line.trim().is_empty() {
            lines.push(line);
        }
    }
    lines
}

#[test]
fn guide_examples_parse_and_resolve() {
    let vars = ["figure", "from", "to", "n", "from-square", "captured"].map(String::from);
    let elements = |s: &str| is_element(s) || ["mine", "theirs", "hex"].contains(&s);
    let scope = Scope {
        vars: &vars,
        is_element: &elements,
    };
    let exprs = guide_blocks("expr");
    let effects = guide_blocks("effect");
    assert!(exprs.len() > 30 && effects.len() > 5);
    let words = guide_words(&elements);
    assert!(words.iter().count() >= 3);
    for src in exprs {
        let mut e = words.parse_expr(src).unwrap_or_else(|e| panic!("{src}: {e}"));
        assert_eq!(e.resolve(&scope), vec![], "{src}");
    }
    for src in effects {
        let mut e = words.parse_effect(src).unwrap_or_else(|e| panic!("{src}: {e}"));
        assert_eq!(e.resolve(&scope), vec![], "{src}");
    }
}

/// The definitions of the guide's ```xml blocks (`<define name=".." of="..">body</define>`, one a line).
fn guide_words(is_element: &dyn Fn(&str) -> bool) -> Words {
    let mut words = Words::new();
    for line in guide_blocks("xml") {
        let Some(rest) = line.trim().strip_prefix("<define name=\"") else {
            continue;
        };
        let (name, rest) = rest.split_once('"').unwrap();
        let (of, body) = match rest.strip_prefix(" of=\"") {
            Some(r) => r.split_once("\">").unwrap(),
            None => ("", rest.strip_prefix('>').unwrap()),
        };
        let body = body.strip_suffix("</define>").unwrap().replace("&lt;", "<");
        let of: Vec<String> = of.split_whitespace().map(String::from).collect();
        words
            .define(name, &of, &body, is_element, &[])
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    words
}

/// The messages the guide shows are the ones given.
#[test]
fn guide_error_messages_are_true() {
    let section = &GUIDE[GUIDE.find("## 11.").unwrap()..];
    let vars = ["figure", "from", "to", "x"].map(String::from);
    let scope = Scope {
        vars: &vars,
        is_element: &is_element,
    };
    let mut checked = 0;
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let src = cells[0].trim_start_matches("| `").trim_end_matches('`');
        let expected = cells[1].trim_end_matches(" |").trim();
        let message = if ["move ", "set ", "remove ", "change "]
            .iter()
            .any(|k| src.starts_with(k))
        {
            parse_effect(src).unwrap_err().message
        } else {
            match parse_expr(src) {
                Err(e) => e.message,
                Ok(mut e) => match e.resolve(&scope).first() {
                    Some(p) => p.message.clone(),
                    None => e.eval(&[], &WORLD).unwrap_err().message,
                },
            }
        };
        assert_eq!(message, expected, "{src}");
        checked += 1;
    }
    assert!(checked >= 15);
}

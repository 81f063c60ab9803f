//! Property tests: nothing panics, and printing gives back the same tree.

use proptest::prelude::*;

use super::tests::{is_element, FakeWorld};
use super::*;
use crate::model::Face;

/// Parses, resolves and evaluates `src` in every way; must never panic.
fn exercise(src: &str) {
    let vars: Vec<String> = ["figure", "from", "to", "n"].map(String::from).to_vec();
    let values = [
        Value::from("b"),
        Value::from("s.2"),
        Value::Number(3),
        Value::Number(i64::MAX),
    ];
    let scope = Scope {
        vars: &vars,
        is_element: &is_element,
    };
    let world = FakeWorld { matches: 2 };
    if let Ok(mut e) = parse_expr(src) {
        let _ = e.resolve(&scope);
        let _ = e.eval(&values, &world);
        let _ = e.eval(&[], &world);
        let _ = e.eval_bool(&values, &world);
        let _ = e.to_string();
    }
    if let Ok(mut e) = parse_effect(src) {
        let _ = e.resolve(&scope);
        let _ = e.to_string();
    }
}

const SOUP: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    ",",
    "+",
    "-",
    "*",
    "/",
    "mod",
    "=",
    "!=",
    "<>",
    "<",
    "<=",
    ">",
    ">=",
    "in",
    "not",
    "and",
    "or",
    "if",
    "then",
    "else",
    "yes",
    "no",
    "0",
    "1",
    "2",
    "-1",
    "9223372036854775807",
    "\"s.\"",
    "'x'",
    "\"\"",
    "to",
    "from",
    "figure",
    "n",
    "s.3",
    "b",
    "matchgroup",
    "player",
    "steps",
    "ghost",
    "a-b",
    "count",
    "empty",
    "first",
    "last",
    "item",
    "min",
    "max",
    "abs",
    "number",
    "text",
    "sum",
    "at",
    "contains",
    "value",
    "place",
    "type",
    "owner",
    "origin",
    "colour",
    "attribute",
    "row",
    "column",
    "square",
    "neighbours",
    "between",
    "distance",
    "in_a_row",
    "set",
    "move",
    "remove",
    "change",
    "crown",
    "board.2.3",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(src in "\\PC{0,120}") {
        exercise(&src);
    }

    #[test]
    fn ascii_text_never_panics(src in "[ -~]{0,120}") {
        exercise(&src);
    }

    #[test]
    fn token_soup_never_panics(words in prop::collection::vec(prop::sample::select(SOUP), 0..40)) {
        exercise(&words.join(" "));
    }

    #[test]
    fn tight_token_soup_never_panics(words in prop::collection::vec(prop::sample::select(SOUP), 0..40)) {
        exercise(&words.concat());
    }
}

const NAMES: &[&str] = &[
    "a",
    "b",
    "to",
    "from",
    "figure",
    "s.15",
    "stone.white.4",
    "from-square",
    "_x1",
    "player",
];

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0..=i64::MAX).prop_map(|n| Expr::Literal(Value::Number(n))),
        any::<bool>().prop_map(|b| Expr::Literal(Value::Bool(b))),
        "[a-z .']{0,6}".prop_map(|s| Expr::Literal(Value::Text(s))),
        prop::sample::select(NAMES).prop_map(|s| Expr::Name(Name::new(s))),
    ]
}

const OPS: [BinOp; 15] = [
    BinOp::Or,
    BinOp::And,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::In,
    BinOp::NotIn,
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Mod,
];

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(6, 48, 3, |inner| {
        let call = prop::sample::select(FUNCTIONS.to_vec()).prop_flat_map({
            let inner = inner.clone();
            move |f| {
                prop::collection::vec(inner.clone(), f.arity())
                    .prop_map(move |args| Expr::Call { function: f, args })
            }
        });
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Expr::List),
            inner.clone().prop_map(|x| Expr::Neg(Box::new(x))),
            inner.clone().prop_map(|x| Expr::Not(Box::new(x))),
            (prop::sample::select(OPS.to_vec()), inner.clone(), inner.clone()).prop_map(|(op, l, r)| {
                Expr::Binary {
                    op,
                    left: Box::new(l),
                    right: Box::new(r),
                }
            }),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| Expr::If {
                condition: Box::new(c),
                then: Box::new(a),
                otherwise: Box::new(b),
            }),
            call,
        ]
    })
}

fn effect() -> impl Strategy<Value = Effect> {
    let simple = prop_oneof![
        (expr(), expr()).prop_map(|(trigger, value)| Effect::Set { trigger, value }),
        (expr(), prop::option::of(expr()), expr()).prop_map(|(figure, from, to)| Effect::Move {
            figure,
            from,
            to
        }),
        expr().prop_map(|figure| Effect::Remove { figure }),
        (expr(), expr()).prop_map(|(figure, kind)| Effect::Change { figure, kind }),
        (expr(), expr()).prop_map(|(figure, owner)| Effect::ChangeOwner { figure, owner }),
        expr().prop_map(|place| Effect::Shuffle { place }),
        (expr(), expr(), expr()).prop_map(|(count, from, to)| Effect::Deal { count, from, to }),
        (
            expr(),
            prop::option::of(prop_oneof![Just(Face::Up), Just(Face::Down)])
        )
            .prop_map(|(figure, face)| Effect::Turn { figure, face }),
    ];
    simple.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            (expr(), inner.clone(), prop::option::of(inner.clone())).prop_map(
                |(condition, then, otherwise)| {
                    Effect::If {
                        condition,
                        then: Box::new(then),
                        otherwise: otherwise.map(Box::new),
                    }
                }
            ),
            (expr(), inner.clone()).prop_map(|(list, body)| Effect::ForEach {
                name: Name::new("s"),
                list,
                body: Box::new(body),
            }),
            prop::collection::vec(inner, 2..4).prop_map(Effect::Block),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn display_round_trips(e in expr()) {
        let printed = e.to_string();
        let back = parse_expr(&printed);
        prop_assert_eq!(back.as_ref(), Ok(&e), "printed as {}", printed);
        exercise(&printed);
    }

    #[test]
    fn effect_display_round_trips(e in effect()) {
        let printed = e.to_string();
        let back = parse_effect(&printed);
        prop_assert_eq!(back.as_ref(), Ok(&e), "printed as {}", printed);
    }
}

//! Quantifiers, `numbers` and the work budget.

use super::tests::{is_element, run};
use super::*;

fn val(src: &str) -> Value {
    run(src, &[]).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn nums(items: &[i64]) -> Value {
    Value::List(items.iter().map(|&n| Value::Number(n)).collect())
}

#[test]
fn quantifiers_ask_each_item() {
    assert_eq!(val("any n in [1, 2, 3] where n > 2"), Value::Bool(true));
    assert_eq!(val("any n in [1, 2, 3] where n > 3"), Value::Bool(false));
    assert_eq!(val("every n in [1, 2, 3] where n > 0"), Value::Bool(true));
    assert_eq!(val("every n in [] where n > 0"), Value::Bool(true));
    assert_eq!(
        val("how many n in numbers(1, 10) where n mod 3 = 0"),
        Value::Number(3)
    );
    assert_eq!(val("all n in numbers(1, 6) where n mod 2 = 0"), nums(&[2, 4, 6]));
    assert_eq!(val("first n in [4, 7, 9] where n > 5"), Value::Number(7));
    assert_eq!(val("first n in [4] where n > 5"), Value::from(""));
    assert_eq!(val("all n in [1, 2, 5, 1] until n > 3"), nums(&[1, 2]));
    assert_eq!(val("how many n in [1, 2, 5, 1] until n > 3"), Value::Number(2));
    assert_eq!(val("how many n in [1, 2] until n > 3"), Value::Number(2));
    // Nested, with the outer name seen inside.
    assert_eq!(
        val("how many a in numbers(1, 3) where any b in numbers(1, 3) where a + b = 5"),
        Value::Number(2)
    );
    // A bound name shadows a rule variable and is seen only inside.
    let from = [("from", Value::Number(10))];
    assert_eq!(
        run("(any from in [1] where from = 1) and from = 10", &from),
        Ok(Value::Bool(true))
    );
}

#[test]
fn a_quantifier_reaches_to_the_end_and_old_names_still_work() {
    assert_eq!(
        parse_expr("any n in [1] where n = 1 and n = 2").unwrap(),
        parse_expr("any n in [1] where (n = 1 and n = 2)").unwrap()
    );
    let e = parse_expr("all n in [1, 2] where n > 1").unwrap();
    assert_eq!(parse_expr(&e.to_string()).unwrap(), e);
    // `first(...)` is still the function, `any` alone still a name.
    assert_eq!(val("first([4, 5])"), Value::Number(4));
    let any = [("any", Value::Number(1))];
    assert_eq!(run("any + 1", &any), Ok(Value::Number(2)));
    let m = parse_expr("any n in [1] when n = 1").unwrap_err().message;
    assert!(m.contains("expected 'where' or 'until'"), "{m}");
    let m = parse_expr("any n in [1] until n = 1").unwrap_err().message;
    assert!(m.contains("'until' goes with 'all' or 'how many'"), "{m}");
    let m = run("any n in 3 where n = 1", &[]).unwrap_err().message;
    assert!(m.contains("needs a list after 'in'"), "{m}");
    let m = run("any n in [1] where n", &[]).unwrap_err().message;
    assert!(m.contains("must be yes or no"), "{m}");
    assert!(is_element("matchgroup"));
}

#[test]
fn too_much_work_is_an_error_value_not_a_hang() {
    let m = run(
        "how many a in numbers(1, 1000) where 1 = how many b in numbers(1, 1000) where a = b",
        &[],
    )
    .unwrap_err()
    .message;
    assert!(m.contains("takes too long to work out"), "{m}");
    let m = run("count(numbers(1, 20000))", &[]).unwrap_err().message;
    assert!(m.contains("more than 10000 numbers"), "{m}");
    assert_eq!(val("numbers(3, 1)"), nums(&[]));
    assert_eq!(val("numbers(-1, 1)"), nums(&[-1, 0, 1]));
}

#[test]
fn sum_adds_up_a_number_for_each_item() {
    assert_eq!(val("sum n in numbers(1, 4) of n * n"), Value::Number(30));
    assert_eq!(val("sum n in [] of n"), Value::Number(0));
    assert_eq!(val("(sum n in [1, 2] of n) + 1"), Value::Number(4));
    // `sum(list)` is still the function.
    assert_eq!(val("sum([1, 2, 3])"), Value::Number(6));
    let e = run("sum n in [1, 2] of n > 1", &[]).unwrap_err();
    assert_eq!(e.message, "the value after 'of' must be a number, but it is no");
    let e = parse_expr("sum n in [1, 2] where n > 1").unwrap_err();
    assert_eq!(
        e.message,
        "expected 'of' after ']', but found 'where'; write it like sum n in LIST of NUMBER"
    );
    let e = run("sum n in [9223372036854775807, 1] of n", &[]).unwrap_err();
    assert_eq!(e.message, "the number got too big");
    for src in ["sum n in numbers(1, 4) of n * n", "(sum p in [1] of p) > 0"] {
        assert_eq!(parse_expr(src).unwrap().to_string(), src);
    }
}

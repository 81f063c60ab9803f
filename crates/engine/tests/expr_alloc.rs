//! Evaluating simple conditions must not allocate: they run inside the
//! computer's game-tree search.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tablecraft_engine::expr::{parse_expr, EvalError, Scope, Special, Value, World, WorldFn};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

struct Still;

impl World for Still {
    fn special(&self, _: Special) -> Value {
        Value::Number(1)
    }
    fn call(&self, _: WorldFn, _: &[Value]) -> Result<Value, EvalError> {
        Ok(Value::Number(0))
    }
}

#[test]
fn simple_conditions_do_not_allocate() {
    let vars: Vec<String> = ["figure", "from", "to", "from-square"].map(String::from).to_vec();
    let values = [
        Value::from("b"),
        Value::Number(4),
        Value::Number(5),
        Value::from("s.8"),
    ];
    let is_element = |name: &str| name.starts_with("s.");
    let scope = Scope {
        vars: &vars,
        is_element: &is_element,
    };
    for src in [
        "to = from + 1 and from not in [3, 8]",
        "from in [2, 7] and to - from = 2",
        "from-square = s.3 or from-square = s.8",
        "from-square in [s.3, s.8]",
        "if player = 1 then to * 2 > 9 else abs(from - to) <= 1",
        "not (to mod 2 = 0) and min(from, to) < max(from, to)",
    ] {
        let mut e = parse_expr(src).unwrap();
        assert!(e.resolve(&scope).is_empty(), "{src}");
        let before = ALLOCATIONS.with(Cell::get);
        let result = e.eval_bool(&values, &Still);
        let after = ALLOCATIONS.with(Cell::get);
        assert!(result.is_ok(), "{src}: {result:?}");
        assert_eq!(after - before, 0, "{src} allocated");
    }
    // The counter works: joining text does allocate.
    let mut join = parse_expr("\"s.\" + to").unwrap();
    assert!(join.resolve(&scope).is_empty());
    let before = ALLOCATIONS.with(Cell::get);
    assert_eq!(join.eval(&values, &Still), Ok(Value::from("s.5")));
    assert!(ALLOCATIONS.with(Cell::get) > before);
}

//! The expression language of step-rule conditions, game-over conditions,
//! winners, side effects and the computer's heuristic.
//!
//! Source text is parsed once ([`parse_expr`], [`parse_effect`]), its names
//! are resolved once against a [`Scope`] ([`Expr::resolve`]), and then it is
//! evaluated many times ([`Expr::eval`]) against a [`World`]: variables are
//! slot indices and element names are constants by then, so evaluation does
//! no name lookups. Nothing here panics on any input; mistakes come back as
//! [`ParseError`] (with a column) or [`EvalError`].
//!
//! Every evaluation spends from a work budget ([`MAX_WORK`]; lists of at
//! most [`MAX_ITEMS`]): one that would go over is an [`EvalError`], so a
//! rule a child writes can never make one evaluation run on and on.
//!
//! ```
//! use tablecraft_engine::expr::{parse_expr, Scope, Special, Value, World, WorldFn, EvalError};
//!
//! struct NoWorld;
//! impl World for NoWorld {
//!     fn special(&self, _: Special) -> Value { Value::Number(1) }
//!     fn call(&self, _: WorldFn, _: &[Value]) -> Result<Value, EvalError> {
//!         Err(EvalError::new("no world here"))
//!     }
//! }
//!
//! let mut e = parse_expr("to = from + 1 and from not in [3, 8]").unwrap();
//! let vars = ["figure".to_string(), "from".to_string(), "to".to_string()];
//! let scope = Scope { vars: &vars, is_element: &|_| false };
//! assert!(e.resolve(&scope).is_empty());
//! let values = [Value::from("b"), Value::Number(4), Value::Number(5)];
//! assert_eq!(e.eval(&values, &NoWorld), Ok(Value::Bool(true)));
//! ```
//!
//! The guide for children and teachers is `docs/expressions.md`.

mod ast;
mod builtins;
mod effect;
mod env;
mod error;
mod eval;
mod lexer;
mod parser;
mod resolve;
mod value;
mod words;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lists;
#[cfg(test)]
mod tests_words;

pub use ast::{BinOp, Expr, Function, Name, Quantity, Resolved, Special, WorldFn};
pub use builtins::FUNCTIONS;
pub use effect::Effect;
pub use error::{EvalError, ParseError};
pub use eval::World;
pub(crate) use eval::{slot_of, spend, with_slot};
pub use resolve::Scope;
pub use value::Value;
pub use words::{Word, Words, MAX_INLINED, MAX_PARAMS};

/// The longest source text accepted, in characters.
pub const MAX_LEN: usize = 10_000;

/// The deepest nesting accepted (brackets, signs, operators inside each
/// other). Parsed trees are never higher, so evaluation never recurses
/// deeper.
pub const MAX_DEPTH: u32 = 64;

/// The most work one evaluation may do (items a quantifier or `for each`
/// looks at, functions called); beyond it the evaluation is an error.
pub const MAX_WORK: u32 = 100_000;

/// The longest list a quantifier, `numbers` or `for each` goes through.
pub const MAX_ITEMS: usize = 10_000;

/// The 8 directions and how far each goes in rows and columns ("up" is
/// towards row 1).
pub const DIRECTIONS: [(&str, i64, i64); 8] = [
    ("up", -1, 0),
    ("down", 1, 0),
    ("left", 0, -1),
    ("right", 0, 1),
    ("up-left", -1, -1),
    ("up-right", -1, 1),
    ("down-left", 1, -1),
    ("down-right", 1, 1),
];

/// Parses an expression such as `to = from + 1`. Names are left
/// unresolved; call [`Expr::resolve`] before [`Expr::eval`].
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    parser::parse_expr(src)
}

/// Parses a side-effect statement such as `set moves to value(moves) + 1`
/// or `if row(to) = 6 then change figure to crown`.
pub fn parse_effect(src: &str) -> Result<Effect, ParseError> {
    parser::parse_effect(src)
}

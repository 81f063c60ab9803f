//! Side-effect statements, run in order after a figure has moved.

use std::fmt;

use super::ast::{Expr, Resolved};
use super::error::ParseError;
use super::parser::Parser;
use super::resolve::Scope;
use super::value::Value;

/// One side-effect statement. Parse with
/// [`parse_effect`](super::parse_effect); every operand is an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// `set TRIGGER to EXPR`
    Set {
        /// The trigger's name.
        trigger: Expr,
        /// Its new value.
        value: Expr,
    },
    /// `move FIGURE to PLACE` or `move FIGURE from PLACE to PLACE`
    Move {
        /// The figure to move.
        figure: Expr,
        /// Where it is expected to be, if given.
        from: Option<Expr>,
        /// Where it goes.
        to: Expr,
    },
    /// `remove FIGURE` (into the box, off the table)
    Remove {
        /// The figure to remove.
        figure: Expr,
    },
    /// `change FIGURE to TYPE` (promotion)
    Change {
        /// The figure to change.
        figure: Expr,
        /// Its new type.
        kind: Expr,
    },
    /// `if COND then STATEMENT`
    If {
        /// Must be yes or no.
        condition: Expr,
        /// Runs only when the condition is yes.
        then: Box<Effect>,
    },
}

impl Effect {
    /// Reads one statement from `p`.
    pub(crate) fn parse(p: &mut Parser) -> Result<Effect, ParseError> {
        p.enter()?;
        let operand = |p: &mut Parser| p.expr().map(|(e, _)| e);
        let effect = if p.at_word("set") {
            p.expect_word("set", "'set'")?;
            let trigger = operand(p)?;
            p.expect_word("to", "'to'")?;
            let value = operand(p)?;
            Effect::Set { trigger, value }
        } else if p.at_word("move") {
            p.expect_word("move", "'move'")?;
            let figure = operand(p)?;
            let from = if p.at_word("from") {
                p.expect_word("from", "'from'")?;
                Some(operand(p)?)
            } else {
                None
            };
            let what = if from.is_some() { "'to'" } else { "'to' or 'from'" };
            p.expect_word("to", what)?;
            let to = operand(p)?;
            Effect::Move { figure, from, to }
        } else if p.at_word("remove") {
            p.expect_word("remove", "'remove'")?;
            Effect::Remove { figure: operand(p)? }
        } else if p.at_word("change") {
            p.expect_word("change", "'change'")?;
            let figure = operand(p)?;
            p.expect_word("to", "'to'")?;
            let kind = operand(p)?;
            Effect::Change { figure, kind }
        } else if p.at_word("if") {
            p.expect_word("if", "'if'")?;
            let condition = operand(p)?;
            p.expect_word("then", "'then'")?;
            let then = Box::new(Effect::parse(p)?);
            Effect::If { condition, then }
        } else {
            return Err(p.expected("'set', 'move', 'remove', 'change' or 'if'"));
        };
        p.leave();
        Ok(effect)
    }

    /// Calls `f` with this statement and every statement inside it.
    pub fn visit(&self, f: &mut dyn FnMut(&Effect)) {
        f(self);
        if let Effect::If { then, .. } = self {
            then.visit(f);
        }
    }

    /// Calls `f` with every expression of this statement and the
    /// statements inside it.
    pub fn exprs(&self, f: &mut dyn FnMut(&Expr)) {
        match self {
            Effect::Set { trigger, value } => {
                f(trigger);
                f(value);
            }
            Effect::Move { figure, from, to } => {
                f(figure);
                if let Some(from) = from {
                    f(from);
                }
                f(to);
            }
            Effect::Remove { figure } => f(figure),
            Effect::Change { figure, kind } => {
                f(figure);
                f(kind);
            }
            Effect::If { condition, then } => {
                f(condition);
                then.exprs(f);
            }
        }
    }

    /// Resolves the names in every operand (see [`Expr::resolve`]) and
    /// returns the problems. The new type in `change` may also be a plain
    /// word such as `crown`, taken as text.
    pub fn resolve(&mut self, scope: &Scope) -> Vec<ParseError> {
        let mut problems = Vec::new();
        self.resolve_into(scope, &mut problems);
        problems
    }

    fn resolve_into(&mut self, scope: &Scope, problems: &mut Vec<ParseError>) {
        match self {
            Effect::Set { trigger, value } => {
                trigger.resolve_into(scope, problems);
                value.resolve_into(scope, problems);
            }
            Effect::Move { figure, from, to } => {
                figure.resolve_into(scope, problems);
                if let Some(from) = from {
                    from.resolve_into(scope, problems);
                }
                to.resolve_into(scope, problems);
            }
            Effect::Remove { figure } => figure.resolve_into(scope, problems),
            Effect::Change { figure, kind } => {
                figure.resolve_into(scope, problems);
                resolve_word(kind, scope, problems);
            }
            Effect::If { condition, then } => {
                condition.resolve_into(scope, problems);
                then.resolve_into(scope, problems);
            }
        }
    }
}

/// Resolves an operand that may be a plain word: a bare name nothing else
/// claims becomes that word as text instead of a problem.
pub(crate) fn resolve_word(e: &mut Expr, scope: &Scope, problems: &mut Vec<ParseError>) {
    let mut mine = Vec::new();
    e.resolve_into(scope, &mut mine);
    if let Expr::Name(n) = e {
        if n.resolved == Resolved::Unresolved {
            n.resolved = Resolved::Constant(Value::Text(n.text.clone()));
            return;
        }
    }
    problems.extend(mine);
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Set { trigger, value } => write!(f, "set {trigger} to {value}"),
            Effect::Move {
                figure,
                from: Some(from),
                to,
            } => write!(f, "move {figure} from {from} to {to}"),
            Effect::Move {
                figure,
                from: None,
                to,
            } => write!(f, "move {figure} to {to}"),
            Effect::Remove { figure } => write!(f, "remove {figure}"),
            Effect::Change { figure, kind } => write!(f, "change {figure} to {kind}"),
            Effect::If { condition, then } => write!(f, "if {condition} then {then}"),
        }
    }
}

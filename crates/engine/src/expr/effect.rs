//! Side-effect statements, run in order after a figure has moved.

use std::fmt;

use super::ast::{Expr, Name, Resolved};
use super::error::ParseError;
use super::lexer::Sym;
use super::parser::Parser;
use super::resolve::Scope;
use super::value::Value;
use crate::model::Face;

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
    /// `roll DIE`: the die shows a new face, at random.
    Roll {
        /// The die's name.
        die: Expr,
    },
    /// `shuffle PLACE`: the figures on it in a new order, at random.
    Shuffle {
        /// The place whose figures are shuffled.
        place: Expr,
    },
    /// `deal N from PLACE to [P1, P2, ...]`: the top figure of `from` to
    /// P1, the next to P2, and round the list again until each has had N.
    Deal {
        /// How many each place gets.
        count: Expr,
        /// Where the figures come from, the top first.
        from: Expr,
        /// The places dealt to, in order (a list, or one place).
        to: Expr,
    },
    /// `turn FIGURE` (over), `turn FIGURE up` or `turn FIGURE down`.
    Turn {
        /// The figure to turn.
        figure: Expr,
        /// Which way up it ends; `None`: the other way up.
        face: Option<Face>,
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
    /// `change owner of FIGURE to PLAYER` (a disc is turned over)
    ChangeOwner {
        /// The figure that changes hands.
        figure: Expr,
        /// Its new owner, a player number (0: nobody).
        owner: Expr,
    },
    /// `if COND then STATEMENT` or `if COND then STATEMENT else STATEMENT`
    If {
        /// Must be yes or no.
        condition: Expr,
        /// Runs only when the condition is yes.
        then: Box<Effect>,
        /// Runs only when the condition is no.
        otherwise: Option<Box<Effect>>,
    },
    /// `for each NAME in LIST do STATEMENT`: the statement once for each
    /// item, the item going by the name (the list is taken once, before).
    ForEach {
        /// The item's name; resolved to the slot after the rule's variables.
        name: Name,
        /// The items.
        list: Expr,
        /// What is done for each.
        body: Box<Effect>,
    },
    /// `(S1; S2; ...)`: several statements where one goes.
    Block(Vec<Effect>),
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
        } else if p.at_word("roll") {
            p.expect_word("roll", "'roll'")?;
            Effect::Roll { die: operand(p)? }
        } else if p.at_word("shuffle") {
            p.expect_word("shuffle", "'shuffle'")?;
            Effect::Shuffle { place: operand(p)? }
        } else if p.at_word("deal") {
            p.expect_word("deal", "'deal'")?;
            let count = operand(p)?;
            p.expect_word("from", "'from' (deal N from PLACE to [PLACES])")?;
            let from = operand(p)?;
            p.expect_word("to", "'to' (deal N from PLACE to [PLACES])")?;
            let to = operand(p)?;
            Effect::Deal { count, from, to }
        } else if p.at_word("turn") {
            p.expect_word("turn", "'turn'")?;
            let figure = operand(p)?;
            let face = if p.at_word("up") {
                p.expect_word("up", "'up'")?;
                Some(Face::Up)
            } else if p.at_word("down") {
                p.expect_word("down", "'down'")?;
                Some(Face::Down)
            } else {
                None
            };
            Effect::Turn { figure, face }
        } else if p.at_word("change") {
            p.expect_word("change", "'change'")?;
            if p.at_word("owner") && p.word_at(1) == Some("of") {
                p.expect_word("owner", "'owner'")?;
                p.expect_word("of", "'of'")?;
                let figure = operand(p)?;
                p.expect_word("to", "'to'")?;
                let owner = operand(p)?;
                Effect::ChangeOwner { figure, owner }
            } else {
                let figure = operand(p)?;
                p.expect_word("to", "'to'")?;
                let kind = operand(p)?;
                Effect::Change { figure, kind }
            }
        } else if p.at_word("if") {
            p.expect_word("if", "'if'")?;
            let condition = operand(p)?;
            p.expect_word("then", "'then'")?;
            let then = Box::new(Effect::parse(p)?);
            let otherwise = if p.at_word("else") {
                p.expect_word("else", "'else'")?;
                Some(Box::new(Effect::parse(p)?))
            } else {
                None
            };
            Effect::If {
                condition,
                then,
                otherwise,
            }
        } else if p.at_word("for") {
            p.expect_word("for", "'for'")?;
            p.expect_word("each", "'each' (for each NAME in LIST do STATEMENT)")?;
            let name = p.new_name("a name for each item, like 'for each s in ...'")?;
            p.expect_word("in", "'in'")?;
            let list = operand(p)?;
            p.expect_word("do", "'do'")?;
            let body = Box::new(Effect::parse(p)?);
            Effect::ForEach { name, list, body }
        } else if p.at_sym_pub(Sym::LParen) {
            let open = p.bump_pub();
            let mut all = vec![Effect::parse(p)?];
            while p.at_sym_pub(Sym::Semicolon) {
                p.bump_pub();
                all.push(Effect::parse(p)?);
            }
            if !p.at_sym_pub(Sym::RParen) {
                let mut e = p.expected("';' or ')'");
                e.message
                    .push_str(&format!("; the '(' at column {} needs a ')'", open.column));
                return Err(e);
            }
            p.bump_pub();
            if all.len() == 1 {
                // `(S)` is just S.
                all.remove(0)
            } else {
                Effect::Block(all)
            }
        } else {
            return Err(p.expected(
                "'set', 'move', 'remove', 'change', 'roll', 'shuffle', 'deal', 'turn', 'if', 'for each' or '('",
            ));
        };
        p.leave();
        Ok(effect)
    }

    /// Calls `f` with this statement and every statement inside it.
    pub fn visit(&self, f: &mut dyn FnMut(&Effect)) {
        f(self);
        match self {
            Effect::If { then, otherwise, .. } => {
                then.visit(f);
                if let Some(o) = otherwise {
                    o.visit(f);
                }
            }
            Effect::ForEach { body, .. } => body.visit(f),
            Effect::Block(all) => all.iter().for_each(|e| e.visit(f)),
            _ => {}
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
            Effect::Roll { die } => f(die),
            Effect::Shuffle { place } => f(place),
            Effect::Deal { count, from, to } => {
                f(count);
                f(from);
                f(to);
            }
            Effect::Turn { figure, .. } => f(figure),
            Effect::Change { figure, kind } => {
                f(figure);
                f(kind);
            }
            Effect::ChangeOwner { figure, owner } => {
                f(figure);
                f(owner);
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                f(condition);
                then.exprs(f);
                if let Some(o) = otherwise {
                    o.exprs(f);
                }
            }
            Effect::ForEach { list, body, .. } => {
                f(list);
                body.exprs(f);
            }
            Effect::Block(all) => all.iter().for_each(|e| e.exprs(f)),
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
            Effect::Roll { die } => die.resolve_into(scope, problems),
            Effect::Shuffle { place } => place.resolve_into(scope, problems),
            Effect::Deal { count, from, to } => {
                count.resolve_into(scope, problems);
                from.resolve_into(scope, problems);
                to.resolve_into(scope, problems);
            }
            Effect::Turn { figure, .. } => figure.resolve_into(scope, problems),
            Effect::Change { figure, kind } => {
                figure.resolve_into(scope, problems);
                resolve_word(kind, scope, problems);
            }
            Effect::ChangeOwner { figure, owner } => {
                figure.resolve_into(scope, problems);
                owner.resolve_into(scope, problems);
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                condition.resolve_into(scope, problems);
                then.resolve_into(scope, problems);
                if let Some(o) = otherwise {
                    o.resolve_into(scope, problems);
                }
            }
            Effect::ForEach { name, list, body } => {
                list.resolve_into(scope, problems);
                scope.binding(name, |inner| body.resolve_into(inner, problems));
            }
            Effect::Block(all) => {
                for e in all {
                    e.resolve_into(scope, problems);
                }
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

/// Whether a statement ends in an `if` without `else`, which would take an
/// `else` written after it.
fn dangles(e: &Effect) -> bool {
    match e {
        Effect::If { otherwise: None, .. } => true,
        Effect::If {
            otherwise: Some(o), ..
        } => dangles(o),
        Effect::ForEach { body, .. } => dangles(body),
        _ => false,
    }
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
            Effect::Roll { die } => write!(f, "roll {die}"),
            Effect::Shuffle { place } => write!(f, "shuffle {place}"),
            Effect::Deal { count, from, to } => write!(f, "deal {count} from {from} to {to}"),
            Effect::Turn { figure, face: None } => write!(f, "turn {figure}"),
            Effect::Turn {
                figure,
                face: Some(face),
            } => write!(f, "turn {figure} {}", face.word()),
            Effect::Change { figure, kind } => write!(f, "change {figure} to {kind}"),
            Effect::ChangeOwner { figure, owner } => write!(f, "change owner of {figure} to {owner}"),
            Effect::If {
                condition,
                then,
                otherwise: None,
            } => write!(f, "if {condition} then {then}"),
            Effect::If {
                condition,
                then,
                otherwise: Some(o),
            } => match dangles(then) {
                // A statement that ends in an `if` without `else` is
                // bracketed, so that the `else` stays with this one.
                true => write!(f, "if {condition} then ({then}) else {o}"),
                false => write!(f, "if {condition} then {then} else {o}"),
            },
            Effect::ForEach { name, list, body } => write!(f, "for each {name} in {list} do {body}"),
            Effect::Block(all) => {
                f.write_str("(")?;
                for (i, e) in all.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}

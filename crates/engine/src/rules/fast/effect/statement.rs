//! A side effect as trees over ids ([`Statement`]), with at most how much
//! work the general runner counts for it: the one form the compiled
//! effects ([`super::FastEffect`]) and the bit machine
//! ([`crate::machine`]) each make ready to run their own way.

use super::super::bounds::{longest, work};
use super::super::compile::{Compiler, Node};
use super::super::SLOTS;
use crate::expr::{Effect, Expr, Function, Resolved, Value, WorldFn, MAX_ITEMS, MAX_WORK};
use crate::rules::{Element, TriggerId, TypeId};

/// The deepest nesting of statements compiled (the general runner stops
/// at [`crate::expr::MAX_DEPTH`]).
const MAX_NESTING: u32 = 16;

/// A statement, its values as trees over ids.
#[derive(Debug, Clone)]
pub(crate) enum Statement {
    /// `change owner of` a figure `to` an owner.
    Owner(Node, Node),
    /// `move` a figure (`from` a place) `to` a place.
    Move(Node, Option<Node>, Node),
    Remove(Node),
    /// `change` a figure `to` a type.
    Kind(Node, TypeId),
    Set(TriggerId, Node),
    If(Node, Box<Statement>, Option<Box<Statement>>),
    /// `for each` name (its slot) `in` a list, a body; and where the
    /// list's length has no bound small enough as written (`numbers(0,
    /// value(take) - 1)`), the work of one item, counted as it runs
    /// ([`Counter`]).
    Each(usize, Node, Box<Statement>, Option<u64>),
    /// `for each` name (its slot) `in contains(place)`: each figure on the
    /// place as it is before the first, a body.
    EachOn(usize, Node, Box<Statement>),
    Block(Vec<Statement>),
}

impl Statement {
    /// `f` of every expression in the statement.
    pub(crate) fn nodes(&mut self, f: &mut dyn FnMut(&mut Node)) {
        match self {
            Statement::Owner(a, b) => {
                f(a);
                f(b);
            }
            Statement::Move(a, b, c) => {
                f(a);
                if let Some(b) = b {
                    f(b);
                }
                f(c);
            }
            Statement::Remove(a) | Statement::Kind(a, _) | Statement::Set(_, a) => f(a),
            Statement::If(c, then, otherwise) => {
                f(c);
                then.nodes(f);
                if let Some(o) = otherwise {
                    o.nodes(f);
                }
            }
            Statement::Each(_, list, body, _) => {
                f(list);
                body.nodes(f);
            }
            Statement::EachOn(_, place, body) => {
                f(place);
                body.nodes(f);
            }
            Statement::Block(all) => all.iter_mut().for_each(|a| a.nodes(f)),
        }
    }
}

/// `e` compiled where `bound` slots are in use, each value's tree passed
/// through `prepare`, and at most how much work the general runner counts
/// for it; `None` where a part has no form over ids.
pub(crate) fn statement(
    c: &mut Compiler,
    e: &Effect,
    bound: usize,
    depth: u32,
    prepare: &dyn Fn(Node) -> Node,
) -> Option<(Statement, u64)> {
    if depth > MAX_NESTING {
        return None;
    }
    let d = depth + 1;
    let rules = c.rules();
    let value = |c: &mut Compiler, e: &Expr| -> Option<(Node, u64)> {
        let n = c.node(e, bound, 0)?;
        let w = work(&n, rules)?;
        Some((prepare(n), w))
    };
    Some(match e {
        Effect::ChangeOwner { figure, owner } => {
            let (f, wf) = value(c, figure)?;
            let (o, wo) = value(c, owner)?;
            (Statement::Owner(f, o), wf.saturating_add(wo))
        }
        Effect::Move { figure, from, to } => {
            let (f, wf) = value(c, figure)?;
            let from = match from {
                Some(p) => Some(value(c, p)?),
                None => None,
            };
            let (t, wt) = value(c, to)?;
            let wp = from.as_ref().map_or(0, |(_, w)| *w);
            (
                Statement::Move(f, from.map(|(n, _)| n), t),
                wf.saturating_add(wp).saturating_add(wt),
            )
        }
        Effect::Remove { figure } => {
            let (f, w) = value(c, figure)?;
            (Statement::Remove(f), w)
        }
        Effect::Change { figure, kind } => {
            let (f, w) = value(c, figure)?;
            // Only a type named as it stands (`change figure to crown`).
            let kind = rules.type_id(named(kind)?)?;
            (Statement::Kind(f, kind), w.saturating_add(1))
        }
        Effect::Set { trigger, value: v } => {
            // Only a trigger named as it stands (`set quiet to …`).
            let Some(Element::Trigger(t)) = named(trigger).and_then(|n| rules.element(n)) else {
                return None;
            };
            let (v, w) = value(c, v)?;
            (Statement::Set(t, v), w.saturating_add(1))
        }
        Effect::If {
            condition,
            then,
            otherwise,
        } => {
            let (cond, wc) = value(c, condition)?;
            let (then, wt) = statement(c, then, bound, d, prepare)?;
            let otherwise = match otherwise {
                Some(o) => Some(statement(c, o, bound, d, prepare)?),
                None => None,
            };
            let wo = otherwise.as_ref().map_or(0, |(_, w)| *w);
            (
                Statement::If(cond, Box::new(then), otherwise.map(|(a, _)| Box::new(a))),
                wc.saturating_add(wt).saturating_add(wo),
            )
        }
        Effect::ForEach { name, list, body } => {
            let Resolved::Var(slot) = name.resolved else {
                return None;
            };
            if slot != bound || slot >= SLOTS {
                return None;
            }
            // The figures on one place: at most every figure of the game
            // (none is ever made).
            if let Some(place) = contained(list) {
                let (place, wp) = value(c, place)?;
                let (body, wb) = statement(c, body, bound + 1, d, prepare)?;
                let figures = rules.figures.len() as u64;
                return Some((
                    Statement::EachOn(slot, place, Box::new(body)),
                    wp.saturating_add(figures.saturating_mul(wb.saturating_add(1))),
                ));
            }
            let (items, wl) = value(c, list)?;
            let (body, wb) = statement(c, body, bound + 1, d, prepare)?;
            let each = wb.saturating_add(1);
            // Bounded as written where the list's length has a bound
            // (`numbers` of numbers that have none is bounded by what the
            // general evaluator allows a list), else counted as it runs.
            match longest(&items, rules).filter(|&most| most < MAX_ITEMS as u64) {
                Some(most) => (
                    Statement::Each(slot, items, Box::new(body), None),
                    wl.saturating_add(most.saturating_mul(each)),
                ),
                None => (Statement::Each(slot, items, Box::new(body), Some(each)), wl),
            }
        }
        Effect::Block(all) => {
            let mut acts = Vec::with_capacity(all.len());
            let mut cost = 0u64;
            for e in all {
                let (a, w) = statement(c, e, bound, d, prepare)?;
                acts.push(a);
                cost = cost.saturating_add(w);
            }
            (Statement::Block(acts), cost)
        }
        Effect::Roll { .. } | Effect::Shuffle { .. } | Effect::Deal { .. } | Effect::Turn { .. } => {
            return None
        }
    })
}

/// `x` of `contains(x)`.
fn contained(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Call {
            function: Function::World(WorldFn::Contains),
            args,
        } => match &args[..] {
            [x] => Some(x),
            _ => None,
        },
        _ => None,
    }
}

/// The text `e` is as it stands: a word or a name for one.
pub(crate) fn named(e: &Expr) -> Option<&str> {
    match e {
        Expr::Literal(Value::Text(t)) => Some(t),
        Expr::Name(n) => match &n.resolved {
            Resolved::Constant(Value::Text(t)) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// The work a compiled effect has done, counted where a `for each` goes
/// through a list with no bound as written: the general runner stops at
/// [`MAX_WORK`] (and at a list of more than [`MAX_ITEMS`] items), so a
/// compiled effect gives up before it could, and the general runner says
/// why.
#[derive(Debug)]
pub(crate) struct Counter(std::cell::Cell<u64>);

impl Counter {
    /// Starting from `cost`, the work of the effect as written.
    pub(crate) fn new(cost: u64) -> Counter {
        Counter(std::cell::Cell::new(cost))
    }

    /// Whether `items` more items of `each` work each are within what the
    /// general runner allows, counting them if they are.
    pub(crate) fn spend(&self, items: usize, each: u64) -> bool {
        let more = (items as u64).saturating_mul(each);
        let now = self.0.get().saturating_add(more);
        self.0.set(now);
        items <= MAX_ITEMS && now <= u64::from(MAX_WORK)
    }
}

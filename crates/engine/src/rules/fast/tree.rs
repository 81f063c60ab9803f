//! The trees over ids that conditions and effects compile to ([`Node`]),
//! and the set programs made of them ([`Program`]), for another way of
//! running them: the bit machine of random playouts
//! ([`crate::machine`]), which reads its own state rather than a
//! [`crate::state::State`].

pub(crate) use super::bounds::work;
pub(crate) use super::compile::{fill_slot, walk, Compiler, Node};
pub(crate) use super::effect::{named, statement, Counter, Statement};
pub(crate) use super::run::{arithmetic, number, tally, truth};
pub(crate) use super::sets::{answer, Program, Reg, Tri};
pub(crate) use super::shape;
pub(crate) use super::{
    direction_of, no_slots, Held, Seq, Text, Val, EMPTY, FIRST_DIRECTION, FIXED_TEXTS, MAX_PARAMS, SLOTS,
};

use crate::expr::{Expr, Quantity, MAX_WORK};
use crate::rules::Rules;

/// An expression as a tree over ids, with the texts it names.
pub(crate) struct Tree {
    pub node: Node,
    pub texts: Vec<Text>,
}

/// `expr`, of a rule with `vars` variables (the first three `figure`,
/// `from`, `to` when `step`), as a tree with its definitions written out
/// where they read their values in place: where every part has a form
/// over ids, none is asked of the general evaluator, and the general
/// evaluator can never run out of work on it. What the rule's patterns
/// caught stays [`Node::Capture`], for the backend to read.
pub(crate) fn tree(expr: &Expr, rules: &Rules, vars: usize, step: bool) -> Option<Tree> {
    tree_capturing(expr, rules, vars, step, None)
}

/// [`tree`] of a condition of a step rule that captures by landing, whose
/// variable `captured` is variable `captured` (read as `top(to)`).
pub(crate) fn condition(expr: &Expr, rules: &Rules, rule: &crate::rules::StepRuleC) -> Option<Tree> {
    let vars = rule.vars.len();
    tree_capturing(
        expr,
        rules,
        vars,
        true,
        rule.capture.then(|| vars.saturating_sub(1)),
    )
}

fn tree_capturing(
    expr: &Expr,
    rules: &Rules,
    vars: usize,
    step: bool,
    captured: Option<usize>,
) -> Option<Tree> {
    let mut texts: Vec<Text> = Vec::new();
    let mut c = Compiler::new(rules, &mut texts, vars, step).capturing(captured);
    let node = c.node(expr, vars, 0)?;
    if c.too_big || general(&node) {
        return None;
    }
    if work(&node, rules)? > u64::from(MAX_WORK) {
        return None;
    }
    Some(Tree {
        node: super::inline::inline(node),
        texts,
    })
}

/// Whether some part of `n` is asked of the general evaluator.
pub(crate) fn general(n: &Node) -> bool {
    let mut found = false;
    walk(n, &mut |p| found |= matches!(p, Node::General(_)));
    found
}

/// A step rule's condition (`to` in slot 2) as a set program of its
/// targets on board `b` of [`Rules::bitboards`]; with `errors`, where it
/// fails too.
pub(crate) fn step_targets(
    n: &Node,
    rules: &Rules,
    texts: &[Text],
    b: usize,
    errors: bool,
) -> Option<Program> {
    super::sets::step_condition(n, rules, texts, b, errors)
}

/// The condition of a quantifier over the squares of board `b` (its item
/// in `slot`) as a set program, errors included.
pub(crate) fn over_squares(
    condition: &Node,
    slot: usize,
    rules: &Rules,
    texts: &[Text],
    b: usize,
) -> Option<Program> {
    super::sets::squares_condition(condition, slot, rules, texts, b)
}

/// Several conditions of the square in `slot` of board `b` as one set
/// program, what they share worked out once, errors included.
pub(crate) fn over_squares_each(
    conditions: &[Node],
    slot: usize,
    rules: &Rules,
    texts: &[Text],
    b: usize,
) -> Option<Program> {
    super::sets::squares_conditions(conditions, slot, rules, texts, b)
}

/// Whether a quantifier of this kind over a board's squares has an
/// answer from sets ([`answer`]).
pub(crate) fn answered_by_sets(kind: Quantity, until: bool) -> bool {
    super::sets::answerable(kind, until)
}

/// `n` with every definition that reads its values in place written out.
pub(crate) fn inlined(n: Node) -> Node {
    super::inline::inline(n)
}

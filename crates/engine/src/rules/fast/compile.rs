//! A condition compiled to a tree over ids ([`Node`]), and at most how
//! much work it can do: what [`super::ops`] turns into closures.

use super::{Text, Val, MAX_PARAMS, SLOTS};
use crate::expr::{BinOp, Expr, Function, Quantity, Resolved, Special, Value, WorldFn, DIRECTIONS};
use crate::rules::Rules;

/// The deepest condition compiled (the general evaluator stops at 64).
const MAX_DEPTH: u32 = 48;

/// A condition over ids, as it was written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Value(Val),
    /// A rule variable or a name bound inside the condition.
    Slot(usize),
    /// A rule variable other than `figure`, `from` and `to` (a capture),
    /// read from the variables given.
    Capture(usize),
    Special(Special),
    Not(Box<Node>),
    Neg(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Binary(BinOp, Box<Node>, Box<Node>),
    If(Box<[Node; 3]>),
    Quantifier {
        kind: Quantity,
        slot: usize,
        until: bool,
        list: Box<Node>,
        condition: Box<Node>,
    },
    /// A definition's values put in their slots, then its body.
    Apply {
        base: usize,
        args: Vec<Node>,
        body: Box<Node>,
    },
    Call(Function, Vec<Node>),
    /// `value` worked out once and kept in `slot` while `body` is
    /// ([`super::share`]).
    Let {
        slot: usize,
        value: Box<Node>,
        body: Box<Node>,
    },
    /// A part asked of the general evaluator (it reads no bound name).
    General(Box<Expr>),
}

impl Node {
    /// The text it is, where it is one written as it stands.
    pub(crate) fn text(&self) -> Option<u32> {
        match self {
            Node::Value(v) => v.as_text(),
            _ => None,
        }
    }

    /// The number it is, where it is one written as it stands.
    pub(crate) fn number(&self) -> Option<i32> {
        match self {
            Node::Value(v) => v.as_num(),
            _ => None,
        }
    }

    /// The text naming the grid of `squares(G)`, where it is that call of
    /// one grid written as it stands.
    pub(crate) fn squares_of(&self) -> Option<u32> {
        match self {
            Node::Call(Function::World(WorldFn::Squares), args) => match &args[..] {
                [grid] => grid.text(),
                _ => None,
            },
            _ => None,
        }
    }
}

pub(crate) struct Compiler<'a> {
    rules: &'a Rules,
    texts: &'a mut Vec<Text>,
    /// How many rule variables there are.
    vars: usize,
    /// Whether slots 0, 1, 2 are `figure`, `from` and `to`.
    step: bool,
    /// Whether the condition names a number past `i32`: its compiled form
    /// would give up every time, so it has none.
    pub(crate) too_big: bool,
    /// Whether a part compiled reads the rule's variables as text: a
    /// capture, or a part the general evaluator answers.
    pub(crate) reads_vars: bool,
    /// Where the rule captures by landing, its variable `captured`: in a
    /// condition, asked before the step, the figure on top of `to`
    /// (`top(to)`, "" where there is none).
    captured: Option<usize>,
}

impl<'a> Compiler<'a> {
    /// A compiler for a condition of a rule with `vars` variables, keeping
    /// its texts in `texts`: [`super::EMPTY`] and the directions first.
    pub(crate) fn new(rules: &'a Rules, texts: &'a mut Vec<Text>, vars: usize, step: bool) -> Self {
        let mut c = Compiler {
            rules,
            texts,
            vars,
            step,
            captured: None,
            too_big: false,
            reads_vars: false,
        };
        c.intern("");
        for (name, _, _) in DIRECTIONS {
            c.intern(name);
        }
        c
    }

    /// The same, for a condition of a step rule that captures by landing,
    /// whose variable `captured` is variable `i`.
    pub(crate) fn capturing(mut self, i: Option<usize>) -> Self {
        self.captured = i;
        self
    }

    /// The rules it compiles for.
    pub(crate) fn rules(&self) -> &'a Rules {
        self.rules
    }

    fn intern(&mut self, text: &str) -> u32 {
        if let Some(i) = self.texts.iter().position(|t| t.text == text) {
            return i as u32;
        }
        let rules = self.rules;
        let element = (!text.is_empty()).then(|| rules.element(text)).flatten();
        self.texts.push(Text {
            text: text.to_string(),
            element,
            rule: rules.step_index(text),
        });
        (self.texts.len() - 1) as u32
    }

    fn literal(&mut self, v: &Value) -> Option<Node> {
        Some(Node::Value(match v {
            Value::Number(n) => match i32::try_from(*n) {
                Ok(n) => Val::num(n),
                Err(_) => {
                    self.too_big = true;
                    return None;
                }
            },
            Value::Bool(b) => Val::bool(*b),
            Value::Text(t) => Val::text(self.intern(t)),
            Value::List(_) => return None,
        }))
    }

    /// `e` compiled where `bound` slots are in use (the rule's variables
    /// and the names bound around it), `depth` deep.
    pub(crate) fn node(&mut self, e: &Expr, bound: usize, depth: u32) -> Option<Node> {
        if depth > MAX_DEPTH || bound >= SLOTS {
            return None;
        }
        let d = depth + 1;
        let boxed = |n: Node| Box::new(n);
        let compiled = match e {
            Expr::Literal(v) => self.literal(v),
            Expr::Name(name) => match &name.resolved {
                Resolved::Var(i) if *i < 3 && self.step => Some(Node::Slot(*i)),
                Resolved::Var(i) if self.step && Some(*i) == self.captured => {
                    Some(Node::Call(Function::World(WorldFn::Top), vec![Node::Slot(2)]))
                }
                Resolved::Var(i) if *i < self.vars => {
                    self.reads_vars = true;
                    Some(Node::Capture(*i))
                }
                Resolved::Var(i) if *i < bound => Some(Node::Slot(*i)),
                Resolved::Var(_) | Resolved::Unresolved => None,
                Resolved::Constant(v) => self.literal(v),
                Resolved::Special(s) => match s {
                    Special::Player
                    | Special::Opponent
                    | Special::Next
                    | Special::Previous
                    | Special::LastTo
                    | Special::LastFrom
                    | Special::LastFigure
                    | Special::Directions
                    | Special::Straight
                    | Special::Diagonal
                    | Special::Repetitions => Some(Node::Special(*s)),
                    Special::Steps => None,
                },
            },
            Expr::List(_) => None,
            Expr::Neg(x) => Some(Node::Neg(boxed(self.node(x, bound, d)?))),
            Expr::Not(x) => Some(Node::Not(boxed(self.node(x, bound, d)?))),
            Expr::Binary { op, left, right } => {
                let (l, r) = (self.node(left, bound, d), self.node(right, bound, d));
                match (op, l, r) {
                    (BinOp::And, Some(l), Some(r)) => Some(Node::And(boxed(l), boxed(r))),
                    (BinOp::Or, Some(l), Some(r)) => Some(Node::Or(boxed(l), boxed(r))),
                    (BinOp::In | BinOp::NotIn, _, _) => None,
                    (op, Some(l), Some(r)) => Some(Node::Binary(*op, boxed(l), boxed(r))),
                    _ => None,
                }
            }
            Expr::If {
                condition,
                then,
                otherwise,
            } => Some(Node::If(Box::new([
                self.node(condition, bound, d)?,
                self.node(then, bound, d)?,
                self.node(otherwise, bound, d)?,
            ]))),
            Expr::Quantifier {
                kind,
                name,
                list,
                until,
                condition,
            } => {
                let Resolved::Var(slot) = name.resolved else {
                    return None;
                };
                // `all … where` makes a list of its own, which has no form here.
                if *kind == Quantity::All && !until || slot != bound {
                    return None;
                }
                Some(Node::Quantifier {
                    kind: *kind,
                    slot,
                    until: *until,
                    list: boxed(self.node(list, bound, d)?),
                    condition: boxed(self.node(condition, bound + 1, d)?),
                })
            }
            Expr::Apply {
                params, args, body, ..
            } => {
                let base = match params.first().map(|p| &p.resolved) {
                    Some(Resolved::Var(b)) => *b,
                    None => bound,
                    Some(_) => return None,
                };
                if params.len() != args.len()
                    || base != bound
                    || params.len() > MAX_PARAMS
                    || base + params.len() > SLOTS
                {
                    return None;
                }
                let args = args
                    .iter()
                    .map(|a| self.node(a, bound, d))
                    .collect::<Option<Vec<_>>>()?;
                let body = self.node(body, bound + params.len(), d)?;
                Some(Node::Apply {
                    base,
                    args,
                    body: boxed(body),
                })
            }
            Expr::Call { function, args } => {
                if !function.accepts(args.len()) {
                    return None;
                }
                let own = matches!(
                    function,
                    Function::Count
                        | Function::Empty
                        | Function::First
                        | Function::Last
                        | Function::Abs
                        | Function::Numbers
                        | Function::World(
                            WorldFn::Row
                                | WorldFn::Column
                                | WorldFn::Owner
                                | WorldFn::Type
                                | WorldFn::Top
                                | WorldFn::Neighbour
                                | WorldFn::Between
                                | WorldFn::Line
                                | WorldFn::Squares
                                | WorldFn::Square
                                | WorldFn::InARow
                                | WorldFn::Can
                                | WorldFn::Value
                        )
                );
                let args = if own {
                    args.iter()
                        .map(|a| self.node(a, bound, d))
                        .collect::<Option<Vec<_>>>()
                } else {
                    None
                };
                args.map(|args| Node::Call(*function, args))
            }
        };
        compiled.or_else(|| {
            let general = self.general(e);
            self.reads_vars |= general.is_some();
            general
        })
    }

    /// `e` asked of the general evaluator, if it reads no bound name and
    /// goes through no list of its own (its work is then its calls).
    fn general(&self, e: &Expr) -> Option<Node> {
        let vars = self.vars;
        let open = e.any_part(&mut |p| match p {
            Expr::Name(n) => {
                matches!(n.resolved, Resolved::Var(i) if i >= vars) || n.resolved == Resolved::Unresolved
            }
            Expr::Quantifier { .. } | Expr::Apply { .. } => true,
            _ => false,
        });
        (!open).then(|| Node::General(Box::new(e.clone())))
    }
}

/// `f` of `n` and of every part inside it, outermost first.
pub(crate) fn walk(n: &Node, f: &mut dyn FnMut(&Node)) {
    f(n);
    children(n, &mut |c| walk(c, f));
}

/// `f` of each part directly inside `n`.
pub(super) fn children(n: &Node, f: &mut dyn FnMut(&Node)) {
    match n {
        Node::Not(x) | Node::Neg(x) => f(x),
        Node::And(a, b) | Node::Or(a, b) | Node::Binary(_, a, b) => {
            f(a);
            f(b);
        }
        Node::If(parts) => parts.iter().for_each(f),
        Node::Quantifier { list, condition, .. } => {
            f(list);
            f(condition);
        }
        Node::Apply { args, body, .. } => {
            args.iter().for_each(&mut *f);
            f(body);
        }
        Node::Call(_, args) => args.iter().for_each(f),
        Node::Let { value, body, .. } => {
            f(value);
            f(body);
        }
        Node::Value(_) | Node::Slot(_) | Node::Capture(_) | Node::Special(_) | Node::General(_) => {}
    }
}

/// [`walk`], changing the parts.
pub(crate) fn walk_mut(n: &mut Node, f: &mut dyn FnMut(&mut Node)) {
    f(n);
    children_mut(n, &mut |c| walk_mut(c, f));
}

/// Every read of slot `slot` in `n` made `with` instead.
pub(crate) fn fill_slot(n: &mut Node, slot: usize, with: &Node) {
    walk_mut(n, &mut |p| {
        if matches!(p, Node::Slot(s) if *s == slot) {
            *p = with.clone();
        }
    });
}

/// `f` of each part directly inside `n`.
pub(super) fn children_mut(n: &mut Node, f: &mut dyn FnMut(&mut Node)) {
    match n {
        Node::Not(x) | Node::Neg(x) => f(x),
        Node::And(a, b) | Node::Or(a, b) | Node::Binary(_, a, b) => {
            f(a);
            f(b);
        }
        Node::If(parts) => parts.iter_mut().for_each(f),
        Node::Quantifier { list, condition, .. } => {
            f(list);
            f(condition);
        }
        Node::Apply { args, body, .. } => {
            args.iter_mut().for_each(&mut *f);
            f(body);
        }
        Node::Call(_, args) => args.iter_mut().for_each(f),
        Node::Let { value, body, .. } => {
            f(value);
            f(body);
        }
        Node::Value(_) | Node::Slot(_) | Node::Capture(_) | Node::Special(_) | Node::General(_) => {}
    }
}

/// Every slot `n` binds inside it (and reads of it) from `from` on moved
/// `by`: on to make room for one more slot, back when slots are let go.
pub(super) fn renumber(n: &mut Node, from: usize, by: isize) {
    walk_mut(n, &mut |p| match p {
        Node::Slot(s)
        | Node::Quantifier { slot: s, .. }
        | Node::Apply { base: s, .. }
        | Node::Let { slot: s, .. }
            if *s >= from =>
        {
            *s = s.saturating_add_signed(by)
        }
        _ => {}
    });
}

/// `n`'s part, leaving a plain value in its place.
pub(super) fn take(n: &mut Node) -> Node {
    std::mem::replace(n, Node::Value(Val::num(0)))
}

/// At most how much work the general evaluator counts for `n` (calls and
/// items gone through), or `None` if a list's length has no bound here.
pub(crate) fn work(n: &Node, rules: &Rules) -> Option<u64> {
    let sum = |nodes: &[&Node]| {
        nodes
            .iter()
            .try_fold(1u64, |acc, n| Some(acc.saturating_add(work(n, rules)?)))
    };
    match n {
        Node::Value(_) | Node::Slot(_) | Node::Capture(_) | Node::Special(_) => Some(1),
        Node::Not(x) | Node::Neg(x) => sum(&[x]),
        Node::And(a, b) | Node::Or(a, b) | Node::Binary(_, a, b) => sum(&[a, b]),
        Node::If(parts) => sum(&[&parts[0], &parts[1], &parts[2]]),
        Node::Quantifier { list, condition, .. } => {
            let items = longest(list, rules)?;
            let each = work(condition, rules)?.saturating_add(1);
            Some(work(list, rules)?.saturating_add(items.saturating_mul(each)))
        }
        Node::Apply { args, body, .. } => {
            let mut parts: Vec<&Node> = args.iter().collect();
            parts.push(body);
            sum(&parts)
        }
        Node::Call(_, args) => sum(&args.iter().collect::<Vec<_>>()),
        Node::Let { value, body, .. } => sum(&[value, body]),
        Node::General(e) => Some(crate::rules::prefilter::cost(e)),
    }
}

/// The most items the list `n` can have.
pub(crate) fn longest(n: &Node, rules: &Rules) -> Option<u64> {
    let side = rules
        .grids
        .iter()
        .map(|g| g.rows.max(g.columns) as u64)
        .max()
        .unwrap_or(0);
    let squares = rules
        .grids
        .iter()
        .map(|g| g.rows as u64 * g.columns as u64)
        .max()
        .unwrap_or(0);
    match n {
        Node::Special(Special::Directions | Special::Straight | Special::Diagonal) => Some(8),
        Node::Call(Function::World(WorldFn::Line), _) => Some(side),
        Node::Call(Function::World(WorldFn::Squares), _) => Some(squares),
        Node::Call(Function::Numbers, args) => match &args[..] {
            [a, b] => Some(super::shape::numbers_len(a.number(), b.number())),
            _ => None,
        },
        Node::Quantifier {
            kind: Quantity::All,
            list,
            ..
        } => longest(list, rules),
        Node::Apply { body, .. } | Node::Let { body, .. } => longest(body, rules),
        Node::If(parts) => Some(longest(&parts[1], rules)?.max(longest(&parts[2], rules)?)),
        _ => None,
    }
}

//! A condition compiled to a tree over ids ([`Node`]), and at most how
//! much work it can do: what [`super::ops`] turns into closures.

use super::{Seq, Text, Val, MAX_PARAMS, PLACE_KINDS, SLOTS};
use crate::expr::{BinOp, Expr, Function, Quantity, Resolved, Special, Value, WorldFn, DIRECTIONS};
use crate::rules::{PlaceId, Rules};

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

    /// The place it is, where it is one named as it stands.
    pub(crate) fn place(&self) -> Option<PlaceId> {
        match self {
            Node::Value(v) => v.as_place(),
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
        for kind in PLACE_KINDS {
            c.intern(kind);
        }
        c
    }

    /// The same, for a condition of a step rule that captures by landing,
    /// whose variable `captured` is variable `i`.
    pub(crate) fn capturing(mut self, i: Option<usize>) -> Self {
        self.captured = i;
        self
    }

    /// `x in [a, b, …]` (or `not in`) of items written as they stand:
    /// `x` worked out once into a slot of its own, then found `=` to an
    /// item, one by one. A list of anything else has no form here.
    fn among_written(&mut self, is_in: bool, x: &Expr, items: &[Expr], bound: usize, d: u32) -> Option<Node> {
        if bound + 1 >= SLOTS {
            return None;
        }
        let boxed = |n: Node| Box::new(n);
        let x = self.node(x, bound, d)?;
        let mut any: Option<Node> = None;
        for item in items {
            let item = self.node(item, bound + 1, d)?;
            if !matches!(item, Node::Value(_)) {
                return None;
            }
            let equal = Node::Binary(BinOp::Eq, boxed(Node::Slot(bound)), boxed(item));
            any = Some(match any {
                Some(before) => Node::Or(boxed(before), boxed(equal)),
                None => equal,
            });
        }
        let any = any.unwrap_or(Node::Value(Val::bool(false)));
        Some(Node::Let {
            slot: bound,
            value: boxed(x),
            body: boxed(if is_in { any } else { Node::Not(boxed(any)) }),
        })
    }

    /// Where `n` is a text that, followed by the numbers `first`, `first +
    /// 1`, …, names places one after another in the game's order, and
    /// nothing else: those places, and `first`.
    fn numbered(&self, n: &Node) -> Option<(Seq, i32)> {
        let prefix = &self.texts.get(n.text()? as usize)?.text;
        if prefix.is_empty() {
            return None;
        }
        let mut found: Vec<(i32, PlaceId)> = Vec::new();
        for (p, place) in self.rules.places.iter().enumerate() {
            let Some(rest) = place.name.strip_prefix(prefix.as_str()) else {
                continue;
            };
            let number = rest.parse::<i32>().ok().filter(|k| k.to_string() == rest)?;
            found.push((number, PlaceId::try_from(p).ok()?));
        }
        let &(first, start) = found.first()?;
        let in_a_row = found.iter().enumerate().all(|(i, &(k, p))| {
            i64::from(k) == i64::from(first) + i as i64 && usize::from(p) == usize::from(start) + i
        });
        in_a_row.then_some((
            Seq::Places {
                first: start,
                len: u16::try_from(found.len()).ok()?,
            },
            first,
        ))
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
            Expr::Binary {
                op: op @ (BinOp::In | BinOp::NotIn),
                left,
                right,
            } if matches!(&**right, Expr::List(_)) => {
                let Expr::List(items) = &**right else {
                    return None;
                };
                self.among_written(*op == BinOp::In, left, items, bound, d)
            }
            Expr::Binary { op, left, right } => {
                let (l, r) = (self.node(left, bound, d), self.node(right, bound, d));
                match (op, l, r) {
                    (BinOp::And, Some(l), Some(r)) => Some(Node::And(boxed(l), boxed(r))),
                    (BinOp::Or, Some(l), Some(r)) => Some(Node::Or(boxed(l), boxed(r))),
                    // `x in list`: some item of the list is what `=` finds
                    // equal to `x`, asked as a quantifier over a slot of
                    // its own.
                    (BinOp::In | BinOp::NotIn, Some(l), Some(r)) if bound + 1 < SLOTS => {
                        let any = Node::Quantifier {
                            kind: Quantity::Any,
                            slot: bound,
                            until: false,
                            list: boxed(r),
                            condition: boxed(Node::Binary(BinOp::Eq, boxed(l), boxed(Node::Slot(bound)))),
                        };
                        Some(match op {
                            BinOp::In => any,
                            _ => Node::Not(boxed(any)),
                        })
                    }
                    (BinOp::In | BinOp::NotIn, _, _) => None,
                    // `"pit." + n` naming one of places numbered in a row
                    // (`pit.1` … `pit.12`, one after another): item `n` of
                    // them, so that a place is read, not a text built.
                    (BinOp::Add, Some(l), Some(r)) if l.text().is_some() => match self.numbered(&l) {
                        Some((places, first)) => {
                            let index =
                                Node::Binary(BinOp::Sub, boxed(r), boxed(Node::Value(Val::num(first - 1))));
                            Some(Node::Call(
                                Function::Item,
                                vec![Node::Value(Val::list(places)), index],
                            ))
                        }
                        None => Some(Node::Binary(BinOp::Add, boxed(l), boxed(r))),
                    },
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
                // `type` of a place is the name of its kind: kept among the
                // texts, to be given as one of them (the usual kinds are
                // kept already).
                if *function == Function::World(WorldFn::Type) {
                    for place in &self.rules.places {
                        self.intern(place.kind);
                    }
                }
                let own = matches!(
                    function,
                    Function::Count
                        | Function::Empty
                        | Function::First
                        | Function::Last
                        | Function::Abs
                        | Function::Numbers
                        | Function::Item
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
                                | WorldFn::Neighbours
                                | WorldFn::Lines
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
                // `count(contains(x))`, how many figures lie on a place, is
                // one call: the figures themselves have no form here.
                let args = match (function, &args, &args_of_contains(e)) {
                    (Function::Count, _, Some(x)) => {
                        let x = self.node(x, bound, d)?;
                        Some(vec![Node::Call(Function::World(WorldFn::Contains), vec![x])])
                    }
                    _ => args,
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

/// `x` of `count(contains(x))`.
fn args_of_contains(e: &Expr) -> Option<&Expr> {
    let Expr::Call {
        function: Function::Count,
        args,
    } = e
    else {
        return None;
    };
    match &args[..] {
        [Expr::Call {
            function: Function::World(WorldFn::Contains),
            args,
        }] => match &args[..] {
            [x] => Some(x),
            _ => None,
        },
        _ => None,
    }
}

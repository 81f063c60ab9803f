//! Conditions compiled to run over ids: the conditions asked most often
//! (a step rule's for each target, a game over's after each move) in a
//! form that looks nothing up and copies nothing.
//!
//! The general evaluator ([`Expr::eval`]) works with names as text, finds
//! what each names while it runs, and carries every value as a [`Value`]
//! that may own a text or a list. Here the names are turned into places,
//! figures and directions once, when the game is compiled, and the values
//! are small and copied freely: a line of squares is where it starts, its
//! direction and its length, not a list of names.
//!
//! It answers only on the well-trodden path. At anything unusual (an
//! error, a value of an unexpected kind, a point of a points board) it
//! gives up, and the general evaluator answers instead; so the answer is
//! always the general evaluator's, errors and messages included. Parts it
//! has no form for (`value`, `contains`, `at`…) are asked of the general
//! evaluator as they stand, when they read no name bound inside the
//! condition.

use super::{Element, FigureId, PlaceId, Rules};
use crate::expr::{BinOp, Expr, Function, Quantity, Resolved, Special, Value, WorldFn, DIRECTIONS, MAX_WORK};
use crate::world::index_in;
use crate::world::View;

/// The deepest condition compiled (the general evaluator stops at 64).
const MAX_DEPTH: u32 = 48;
/// The most variable slots a compiled condition uses.
const SLOTS: usize = 16;

/// A condition compiled over ids.
#[derive(Debug, Clone)]
pub struct Fast {
    root: Node,
    /// The texts it names, each with what it names in the game.
    texts: Vec<Text>,
}

/// A text the condition uses: [`EMPTY`], the directions, then its own
/// words, each once.
#[derive(Debug, Clone)]
struct Text {
    text: String,
    /// What the game's name lookup finds for it.
    element: Option<Element>,
    /// Its direction, as an index into [`DIRECTIONS`].
    direction: Option<u8>,
}

/// The empty text: no place, no figure.
const EMPTY: u32 = 0;
/// Where the directions' texts start.
const FIRST_DIRECTION: u32 = 1;
/// The most values a definition compiled here takes.
const MAX_PARAMS: usize = 8;

#[derive(Debug, Clone)]
enum Node {
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
    /// A part asked of the general evaluator (it reads no bound name).
    General(Box<Expr>),
}

/// A value while a condition is worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Val {
    Num(i64),
    Bool(bool),
    Place(PlaceId),
    Figure(FigureId),
    /// A text of [`Fast::texts`].
    Text(u32),
    /// A figure type's name.
    Kind(u16),
    List(Seq),
}

/// A list a condition goes through, described rather than listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seq {
    /// The squares from a square going one way, not the square itself.
    Line {
        grid: u16,
        row: i16,
        column: i16,
        dr: i8,
        dc: i8,
        len: u16,
    },
    /// The places `first..first + len` (a board's squares in order).
    Places { first: PlaceId, len: u16 },
    /// Directions `first..first + len` of [`DIRECTIONS`].
    Directions { first: u8, len: u8 },
}

impl Seq {
    fn len(self) -> usize {
        match self {
            Seq::Line { len, .. } | Seq::Places { len, .. } => len as usize,
            Seq::Directions { len, .. } => len as usize,
        }
    }

    /// The first `n` items.
    fn prefix(mut self, n: usize) -> Seq {
        match &mut self {
            Seq::Line { len, .. } | Seq::Places { len, .. } => *len = n as u16,
            Seq::Directions { len, .. } => *len = n as u8,
        }
        self
    }

    fn item(self, k: usize, rules: &Rules) -> Option<Val> {
        match self {
            Seq::Line {
                grid,
                row,
                column,
                dr,
                dc,
                ..
            } => {
                let k = k as i64 + 1;
                let g = rules.grids.get(grid as usize)?;
                g.place(row as i64 + dr as i64 * k, column as i64 + dc as i64 * k)
                    .map(Val::Place)
            }
            Seq::Places { first, .. } => Some(Val::Place(first + k as PlaceId)),
            Seq::Directions { first, .. } => Some(Val::Text(FIRST_DIRECTION + first as u32 + k as u32)),
        }
    }
}

/// What a compiled condition is asked with.
pub struct Ask<'a, 'v> {
    pub view: &'a View<'a>,
    /// The rule's variables as the general evaluator gets them.
    pub vars: &'a [&'v Value],
    /// The step's figure, `from` and `to`, when it is a step rule's.
    pub step: Option<(FigureId, PlaceId, PlaceId)>,
}

/// Gives up: the general evaluator answers.
type Out = Option<Val>;

impl Fast {
    /// `expr` compiled for `rules`, the condition of a rule with `vars`
    /// variables (the first three `figure`, `from`, `to` when `step`); `None`
    /// when it has no compiled form worth having.
    pub fn compile(expr: &Expr, rules: &Rules, vars: usize, step: bool) -> Option<Fast> {
        let mut texts: Vec<Text> = Vec::new();
        let mut c = Compiler {
            rules,
            texts: &mut texts,
            vars,
            step,
        };
        c.intern("");
        for (name, _, _) in DIRECTIONS {
            c.intern(name);
        }
        let root = c.node(expr, vars, 0)?;
        if matches!(root, Node::General(_)) {
            return None;
        }
        (work(&root, rules)? <= u64::from(MAX_WORK)).then_some(Fast { root, texts })
    }

    /// Whether condition `i` of conditions compiled as `compiled` holds, or
    /// `None` when it has no compiled form or the general evaluator must
    /// answer.
    pub fn answer(compiled: &[Option<Fast>], i: usize, ask: &Ask) -> Option<bool> {
        compiled.get(i)?.as_ref()?.holds(ask)
    }

    /// Whether the condition holds, or `None` when the general evaluator
    /// must answer.
    pub fn holds(&self, ask: &Ask) -> Option<bool> {
        let mut slots = [Val::Num(0); SLOTS];
        if let Some((f, from, to)) = ask.step {
            slots[0] = Val::Figure(f);
            slots[1] = Val::Place(from);
            slots[2] = Val::Place(to);
        }
        let mut run = Run {
            fast: self,
            ask,
            slots,
        };
        match run.eval(&self.root)? {
            Val::Bool(b) => Some(b),
            _ => None,
        }
    }
}

struct Compiler<'a> {
    rules: &'a Rules,
    texts: &'a mut Vec<Text>,
    /// How many rule variables there are.
    vars: usize,
    /// Whether slots 0, 1, 2 are `figure`, `from` and `to`.
    step: bool,
}

impl Compiler<'_> {
    fn intern(&mut self, text: &str) -> u32 {
        if let Some(i) = self.texts.iter().position(|t| t.text == text) {
            return i as u32;
        }
        let rules = self.rules;
        let element = (!text.is_empty()).then(|| rules.element(text)).flatten();
        self.texts.push(Text {
            text: text.to_string(),
            element,
            direction: DIRECTIONS
                .iter()
                .position(|(n, _, _)| *n == text)
                .map(|d| d as u8),
        });
        (self.texts.len() - 1) as u32
    }

    fn literal(&mut self, v: &Value) -> Option<Node> {
        Some(Node::Value(match v {
            Value::Number(n) => Val::Num(*n),
            Value::Bool(b) => Val::Bool(*b),
            Value::Text(t) => Val::Text(self.intern(t)),
            Value::List(_) => return None,
        }))
    }

    /// `e` compiled where `bound` slots are in use (the rule's variables
    /// and the names bound around it), `depth` deep.
    fn node(&mut self, e: &Expr, bound: usize, depth: u32) -> Option<Node> {
        if depth > MAX_DEPTH || bound >= SLOTS {
            return None;
        }
        let d = depth + 1;
        let boxed = |n: Node| Box::new(n);
        let compiled = match e {
            Expr::Literal(v) => self.literal(v),
            Expr::Name(name) => match &name.resolved {
                Resolved::Var(i) if *i < 3 && self.step => Some(Node::Slot(*i)),
                Resolved::Var(i) if *i < self.vars => Some(Node::Capture(*i)),
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
                                | WorldFn::InARow
                                | WorldFn::Can
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
        compiled.or_else(|| self.general(e))
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

/// At most how much work the general evaluator counts for `n` (calls and
/// items gone through), or `None` if a list's length has no bound here.
fn work(n: &Node, rules: &Rules) -> Option<u64> {
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
        Node::General(e) => Some(super::prefilter::cost(e)),
    }
}

/// The most items the list `n` can have.
fn longest(n: &Node, rules: &Rules) -> Option<u64> {
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
        Node::Quantifier {
            kind: Quantity::All,
            list,
            ..
        } => longest(list, rules),
        Node::Apply { body, .. } => longest(body, rules),
        Node::If(parts) => Some(longest(&parts[1], rules)?.max(longest(&parts[2], rules)?)),
        _ => None,
    }
}

struct Run<'r, 'a, 'v> {
    fast: &'r Fast,
    ask: &'r Ask<'a, 'v>,
    slots: [Val; SLOTS],
}

impl Run<'_, '_, '_> {
    fn rules(&self) -> &Rules {
        self.ask.view.rules
    }

    fn truth(&mut self, n: &Node) -> Option<bool> {
        match self.eval(n)? {
            Val::Bool(b) => Some(b),
            _ => None,
        }
    }

    fn number(&mut self, n: &Node) -> Option<i64> {
        match self.eval(n)? {
            Val::Num(x) => Some(x),
            _ => None,
        }
    }

    fn eval(&mut self, n: &Node) -> Out {
        match n {
            Node::Value(v) => Some(*v),
            Node::Slot(i) => Some(self.slots[*i]),
            Node::Capture(i) => self.capture(*i),
            Node::Special(s) => self.special(*s),
            Node::Not(x) => Some(Val::Bool(!self.truth(x)?)),
            Node::Neg(x) => Some(Val::Num(self.number(x)?.checked_neg()?)),
            Node::And(a, b) => Some(Val::Bool(self.truth(a)? && self.truth(b)?)),
            Node::Or(a, b) => Some(Val::Bool(self.truth(a)? || self.truth(b)?)),
            Node::Binary(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                self.binary(*op, a, b)
            }
            Node::If(parts) => {
                if self.truth(&parts[0])? {
                    self.eval(&parts[1])
                } else {
                    self.eval(&parts[2])
                }
            }
            Node::Quantifier {
                kind,
                slot,
                until,
                list,
                condition,
            } => {
                let Val::List(seq) = self.eval(list)? else {
                    return None;
                };
                self.quantify(*kind, *slot, *until, seq, condition)
            }
            Node::Apply { base, args, body } => {
                // All the values first: working one out may use the same
                // slots for a definition of its own.
                let mut values = [Val::Num(0); MAX_PARAMS];
                for (slot, a) in values.iter_mut().zip(args) {
                    *slot = self.eval(a)?;
                }
                for (k, v) in values.iter().take(args.len()).enumerate() {
                    self.slots[base + k] = *v;
                }
                self.eval(body)
            }
            Node::Call(f, args) => self.call(*f, args),
            Node::General(e) => match e.eval_refs(self.ask.vars, self.ask.view).ok()? {
                Value::Number(n) => Some(Val::Num(n)),
                Value::Bool(b) => Some(Val::Bool(b)),
                _ => None,
            },
        }
    }

    fn capture(&self, i: usize) -> Out {
        let rules = self.rules();
        match self.ask.vars.get(i)? {
            Value::Number(n) => Some(Val::Num(*n)),
            Value::Bool(b) => Some(Val::Bool(*b)),
            v @ Value::Text(_) => index_in(&rules.place_texts, v).map(|p| Val::Place(p as PlaceId)),
            Value::List(_) => None,
        }
    }

    fn special(&self, s: Special) -> Out {
        let (rules, state) = (self.rules(), self.ask.view.state);
        let me = state.to_move();
        let last = state.made().last();
        let or_empty = |v: Option<Val>| v.unwrap_or(Val::Text(EMPTY));
        Some(match s {
            Special::Player => Val::Num(me as i64),
            Special::Opponent => Val::Num(rules.other(me) as i64),
            Special::Next => Val::Num(rules.next(me) as i64),
            Special::Previous => Val::Num(rules.previous(me) as i64),
            Special::Repetitions => Val::Num(state.repetitions() as i64),
            Special::LastTo => or_empty(last.map(|m| Val::Place(m.to))),
            Special::LastFrom => or_empty(last.map(|m| Val::Place(m.from))),
            Special::LastFigure => or_empty(last.map(|m| Val::Figure(m.figure))),
            Special::Directions => Val::List(Seq::Directions { first: 0, len: 8 }),
            Special::Straight => Val::List(Seq::Directions { first: 0, len: 4 }),
            Special::Diagonal => Val::List(Seq::Directions { first: 4, len: 4 }),
            Special::Steps => return None,
        })
    }

    fn text(&self, i: u32) -> &Text {
        &self.fast.texts[i as usize]
    }

    /// The text a name stands for.
    fn name(&self, v: Val) -> Option<&str> {
        let rules = self.rules();
        Some(match v {
            Val::Place(p) => rules.place_name(p),
            Val::Figure(f) => rules.figure_name(f),
            Val::Kind(k) => rules.types.get(k as usize)?,
            Val::Text(i) => &self.text(i).text,
            _ => return None,
        })
    }

    /// Whether two names are the same text (two elements may share one).
    fn same_name(&self, a: Val, b: Val) -> Option<bool> {
        Some(a == b || self.name(a)? == self.name(b)?)
    }

    fn equal(&self, a: Val, b: Val) -> Option<bool> {
        match (a, b) {
            (Val::Num(x), Val::Num(y)) => Some(x == y),
            (Val::Bool(x), Val::Bool(y)) => Some(x == y),
            (Val::Num(_), Val::Bool(_)) | (Val::Bool(_), Val::Num(_)) => Some(false),
            (Val::Bool(_), Val::Place(_) | Val::Figure(_) | Val::Kind(_) | Val::Text(_))
            | (Val::Place(_) | Val::Figure(_) | Val::Kind(_) | Val::Text(_), Val::Bool(_)) => Some(false),
            (Val::List(_), _) | (_, Val::List(_)) | (Val::Num(_), _) | (_, Val::Num(_)) => None,
            _ => self.same_name(a, b),
        }
    }

    fn binary(&self, op: BinOp, a: Val, b: Val) -> Out {
        if let BinOp::Eq | BinOp::Ne = op {
            return Some(Val::Bool(self.equal(a, b)? == (op == BinOp::Eq)));
        }
        let (Val::Num(x), Val::Num(y)) = (a, b) else {
            return None;
        };
        Some(match op {
            BinOp::Lt => Val::Bool(x < y),
            BinOp::Le => Val::Bool(x <= y),
            BinOp::Gt => Val::Bool(x > y),
            BinOp::Ge => Val::Bool(x >= y),
            BinOp::Add => Val::Num(x.checked_add(y)?),
            BinOp::Sub => Val::Num(x.checked_sub(y)?),
            BinOp::Mul => Val::Num(x.checked_mul(y)?),
            BinOp::Div => Val::Num(x.checked_div(y)?),
            BinOp::Mod => Val::Num(x.checked_rem_euclid(y)?),
            _ => return None,
        })
    }

    fn quantify(&mut self, kind: Quantity, slot: usize, until: bool, seq: Seq, condition: &Node) -> Out {
        let mut count = 0i64;
        for k in 0..seq.len() {
            let item = seq.item(k, self.rules())?;
            self.slots[slot] = item;
            if kind == Quantity::Sum {
                count = count.checked_add(self.number(condition)?)?;
                continue;
            }
            let holds = self.truth(condition)?;
            if until {
                if holds {
                    return Some(match kind {
                        Quantity::All => Val::List(seq.prefix(k)),
                        Quantity::HowMany => Val::Num(k as i64),
                        _ => return None,
                    });
                }
                continue;
            }
            match kind {
                Quantity::Any if holds => return Some(Val::Bool(true)),
                Quantity::Every if !holds => return Some(Val::Bool(false)),
                Quantity::First if holds => return Some(item),
                Quantity::HowMany if holds => count += 1,
                _ => {}
            }
        }
        Some(match kind {
            Quantity::Any => Val::Bool(false),
            Quantity::Every => Val::Bool(true),
            Quantity::First => Val::Text(EMPTY),
            Quantity::HowMany if until => Val::Num(seq.len() as i64),
            Quantity::HowMany | Quantity::Sum => Val::Num(count),
            Quantity::All if until => Val::List(seq),
            Quantity::All => return None,
        })
    }

    /// The place a value names: a place, or a text naming one.
    fn place(&self, v: Val) -> Option<PlaceId> {
        match v {
            Val::Place(p) => Some(p),
            Val::Text(i) => match self.text(i).element? {
                Element::Place(p) => Some(p),
                _ => None,
            },
            _ => None,
        }
    }

    /// A square of a board or track (not a point of a points board).
    fn square(&self, v: Val) -> Option<(PlaceId, super::GridSpot)> {
        let p = self.place(v)?;
        Some((p, self.rules().places.get(p as usize)?.grid?))
    }

    fn direction(&self, v: Val) -> Option<(i64, i64)> {
        match v {
            Val::Text(i) => {
                let (_, dr, dc) = DIRECTIONS[self.text(i).direction? as usize];
                Some((dr, dc))
            }
            _ => None,
        }
    }

    fn name_of(p: Option<PlaceId>) -> Val {
        p.map_or(Val::Text(EMPTY), Val::Place)
    }

    /// `in_a_row(board, n, player)` on a board or track; the line found is
    /// kept in the view, as the general evaluator keeps it.
    fn in_a_row(&self, board: Val, n: Val, who: Val) -> Out {
        let (Val::Text(i), Val::Num(n), Val::Num(player)) = (board, n, who) else {
            return None;
        };
        let Some(Element::Grid(g)) = self.text(i).element else {
            return None;
        };
        let (rules, state) = (self.rules(), self.ask.view.state);
        let g = rules.grids.get(g as usize)?;
        if n < 1 {
            return Some(Val::Bool(false));
        }
        let owns = |p: Option<PlaceId>| {
            p.is_some_and(|p| state.on(p).iter().any(|&f| state.owner_of(f) as i64 == player))
        };
        for row in 1..=g.rows as i64 {
            for column in 1..=g.columns as i64 {
                if !owns(g.place(row, column)) {
                    continue;
                }
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cell = |k: i64| g.place(row + dr * k, column + dc * k);
                    if (1..n).all(|k| owns(cell(k))) {
                        *self.ask.view.line.borrow_mut() = (0..n).filter_map(cell).collect();
                        return Some(Val::Bool(true));
                    }
                }
            }
        }
        Some(Val::Bool(false))
    }

    fn call(&mut self, f: Function, args: &[Node]) -> Out {
        let a = self.eval(args.first()?)?;
        let (rules, state) = (self.ask.view.rules, self.ask.view.state);
        match f {
            Function::Count => match a {
                Val::List(seq) => Some(Val::Num(seq.len() as i64)),
                _ => None,
            },
            Function::Empty => match a {
                Val::List(seq) => Some(Val::Bool(seq.len() == 0)),
                _ => Some(Val::Bool(state.on(self.place(a)?).is_empty())),
            },
            Function::First | Function::Last => match a {
                Val::List(seq) if seq.len() > 0 => {
                    let k = if f == Function::First { 0 } else { seq.len() - 1 };
                    seq.item(k, rules)
                }
                _ => None,
            },
            Function::Abs => match a {
                Val::Num(n) => Some(Val::Num(n.checked_abs()?)),
                _ => None,
            },
            Function::World(w) => self.world(w, a, args, rules, state),
            _ => None,
        }
    }

    fn world(
        &mut self,
        w: WorldFn,
        a: Val,
        args: &[Node],
        rules: &Rules,
        state: &crate::state::State,
    ) -> Out {
        match w {
            WorldFn::Row | WorldFn::Column => {
                let (_, spot) = self.square(a)?;
                let n = if w == WorldFn::Row { spot.row } else { spot.column };
                Some(Val::Num(n as i64))
            }
            WorldFn::Owner => Some(Val::Num(match a {
                Val::Text(EMPTY) => 0,
                Val::Figure(f) => state.owner_of(f) as i64,
                _ => {
                    let p = self.place(a)?;
                    match rules.places.get(p as usize)?.owner {
                        0 => state.on(p).last().map_or(0, |&f| state.owner_of(f) as i64),
                        owner => owner as i64,
                    }
                }
            })),
            WorldFn::Type => match a {
                Val::Figure(f) => Some(Val::Kind(state.kind_of(f))),
                _ => None,
            },
            WorldFn::Top => {
                let p = self.place(a)?;
                Some(state.on(p).last().map_or(Val::Text(EMPTY), |&f| Val::Figure(f)))
            }
            WorldFn::Squares => match a {
                Val::Text(i) => match self.text(i).element? {
                    Element::Grid(g) => {
                        let g = rules.grids.get(g as usize)?;
                        let len = g.rows as usize * g.columns as usize;
                        Some(Val::List(Seq::Places {
                            first: g.first,
                            len: u16::try_from(len).ok()?,
                        }))
                    }
                    _ => None,
                },
                _ => None,
            },
            WorldFn::Neighbour | WorldFn::Line => {
                let (_, spot) = self.square(a)?;
                let b = self.eval(args.get(1)?)?;
                let (dr, dc) = self.direction(b)?;
                let g = rules.grids.get(spot.grid as usize)?;
                let step = |k: i64| {
                    if g.is_track && dr != 0 {
                        return None;
                    }
                    g.place(spot.row as i64 + dr * k, spot.column as i64 + dc * k)
                };
                if w == WorldFn::Neighbour {
                    return Some(Self::name_of(step(1)));
                }
                // A ring's line comes back round to where it began: left to
                // the general evaluator. Otherwise it goes to the edge.
                if g.ring {
                    return None;
                }
                let room = |at: u16, side: u16, d: i64| match d.signum() {
                    1 => (side - at) as i64,
                    -1 => at as i64 - 1,
                    _ => i64::MAX,
                };
                let len = if step(1).is_none() {
                    0
                } else {
                    room(spot.row, g.rows, dr).min(room(spot.column, g.columns, dc))
                };
                Some(Val::List(Seq::Line {
                    grid: spot.grid,
                    row: spot.row as i16,
                    column: spot.column as i16,
                    dr: dr as i8,
                    dc: dc as i8,
                    len: u16::try_from(len).ok()?,
                }))
            }
            WorldFn::Can => {
                let Val::Text(rule) = a else {
                    return None;
                };
                let player = match args.get(1) {
                    Some(p) => match self.eval(p)? {
                        Val::Num(n) => Some(n),
                        _ => return None,
                    },
                    None => None,
                };
                self.ask
                    .view
                    .can(&self.text(rule).text, player)
                    .ok()
                    .map(Val::Bool)
            }
            WorldFn::InARow => {
                let n = self.eval(args.get(1)?)?;
                let who = self.eval(args.get(2)?)?;
                self.in_a_row(a, n, who)
            }
            WorldFn::Between => {
                let (_, x) = self.square(a)?;
                let b = self.eval(args.get(1)?)?;
                let (_, y) = self.square(b)?;
                let (dr, dc) = (y.row as i64 - x.row as i64, y.column as i64 - x.column as i64);
                let in_line = x.grid == y.grid
                    && [-2, 0, 2].contains(&dr)
                    && [-2, 0, 2].contains(&dc)
                    && (dr, dc) != (0, 0);
                if !in_line {
                    return Some(Val::Text(EMPTY));
                }
                let g = rules.grids.get(x.grid as usize)?;
                Some(Self::name_of(
                    g.place(x.row as i64 + dr / 2, x.column as i64 + dc / 2),
                ))
            }
            _ => None,
        }
    }
}

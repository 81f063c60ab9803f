//! A condition's tree ([`Node`]) turned into sets ([`Pred`]), where every
//! part that reads the square has a form here.

use std::sync::OnceLock;

use super::super::compile::{fill_slot, walk, Node};
use super::super::ops::{arg, Arg, Op};
use super::super::run::Run;
use super::super::{direction_of, no_slots, Ask, Held, Seq, Text, Val, FIRST_DIRECTION};
use super::{answer, Map, Pred, Program, RunOf, Tri};
use crate::expr::{BinOp, Function, Quantity, Special, WorldFn};
use crate::rules::bitboard::BitBoard;
use crate::rules::Rules;
use crate::state::State;
use crate::world::View;

/// Compiles conditions over the squares of one board.
struct Compiler<'a> {
    rules: &'a Rules,
    texts: &'a [Text],
    board: &'a BitBoard,
    /// The slots of the squares the sets are about, the innermost last.
    vars: Vec<usize>,
}

/// The condition `n` of a step rule as sets of its targets, squares of
/// board `b`: `to` is slot 2. A condition that fails for a target does not
/// hold for it: where it fails is worked out only with `errors` (for a
/// condition whose opposite is read from the same answer).
pub(in crate::rules::fast) fn step_condition(
    n: &Node,
    rules: &Rules,
    texts: &[Text],
    b: usize,
    errors: bool,
) -> Option<Program> {
    let board = rules.bitboards.boards.get(b)?;
    let mut c = Compiler {
        rules,
        texts,
        board,
        vars: vec![2],
    };
    Program::of(&c.pred(n)?, board, errors)
}

/// The condition of a quantifier over the squares of board `b`, its item
/// in `slot`, as sets: where it holds and where it fails.
pub(in crate::rules::fast) fn squares_condition(
    condition: &Node,
    slot: usize,
    rules: &Rules,
    texts: &[Text],
    b: usize,
) -> Option<Program> {
    squares_conditions(std::slice::from_ref(condition), slot, rules, texts, b)
}

/// Several conditions of the square in `slot` of board `b` as one set
/// program ([`Program::of_each`]), errors included.
pub(in crate::rules::fast) fn squares_conditions(
    conditions: &[Node],
    slot: usize,
    rules: &Rules,
    texts: &[Text],
    b: usize,
) -> Option<Program> {
    let board = rules.bitboards.boards.get(b)?;
    let mut c = Compiler {
        rules,
        texts,
        board,
        vars: vec![slot],
    };
    let preds = conditions.iter().map(|n| c.pred(n)).collect::<Option<Vec<_>>>()?;
    Program::of_each(&preds, board, true)
}

/// Whether a quantifier of this kind over a board's squares is answered
/// from where its condition holds ([`answer`]).
pub(in crate::rules::fast) fn answerable(kind: Quantity, until: bool) -> bool {
    matches!(
        (kind, until),
        (
            Quantity::Any | Quantity::Every | Quantity::HowMany | Quantity::First,
            false
        ) | (Quantity::HowMany, true)
    )
}

/// A quantifier over the squares of a board, worked out as sets where its
/// condition has that form (compiled the first time it runs, when the
/// game is known), else item by item as `scalar` does.
pub(in crate::rules::fast) fn compile_quantifiers(
    kind: Quantity,
    slot: usize,
    until: bool,
    list: &Node,
    condition: &Node,
    scalar: Op,
) -> Option<Op> {
    let grid = list.squares_of()?;
    if !answerable(kind, until) {
        return None;
    }
    let condition = condition.clone();
    let compiled: OnceLock<Option<(usize, Program, Vec<Arg>)>> = OnceLock::new();
    Some(std::sync::Arc::new(move |r: &mut Run| {
        let rules = r.rules;
        let found = compiled.get_or_init(|| {
            let b = rules.bitboards.of_element(r.text(grid)?.element?)?;
            let program = squares_condition(&condition, slot, rules, r.texts, b)?;
            let args = program.scalars().iter().map(arg).collect();
            Some((b, program, args))
        });
        let answered = found.as_ref().and_then(|(b, program, args)| {
            let board = rules.bitboards.boards.get(*b)?;
            let (bits, player) = (r.state.board_bits(*b), r.state.to_move());
            let values = program.ask(|i| args.get(i)?.get(r))?;
            let t = program.run(&values, rules, board, bits, player)?;
            answer(kind, until, t, board)
        });
        answered.or_else(|| scalar(r))
    }))
}

impl Compiler<'_> {
    /// Whether `n` reads one of the squares the sets are about.
    fn depends(&self, n: &Node) -> bool {
        let mut found = false;
        walk(n, &mut |p| {
            found |= matches!(p, Node::Slot(s) if self.vars.contains(s))
        });
        found
    }

    /// A part that reads no square, asked once for all of them: not one
    /// that keeps what it finds (`in_a_row`'s line), which asking where
    /// the condition square by square would not could change.
    fn scalar(&self, n: &Node) -> Option<Node> {
        let mut keeps = false;
        walk(n, &mut |p| {
            keeps |= matches!(p, Node::Call(Function::World(WorldFn::InARow), _))
        });
        (!keeps).then(|| n.clone())
    }

    fn var(&self) -> usize {
        self.vars.last().copied().unwrap_or(usize::MAX)
    }

    /// `n`, a yes-or-no, as sets.
    fn pred(&mut self, n: &Node) -> Option<Pred> {
        if !self.depends(n) {
            if let Some(p) = self.of_square(n) {
                return Some(p);
            }
            // `and`, `or` and `not` of parts about squares named as they
            // stand are gone through part by part; anything else is asked
            // on its own.
            let joins = matches!(n, Node::And(..) | Node::Or(..) | Node::Not(_));
            if !(joins && self.names_square(n)) {
                return self.scalar(n).map(Pred::Scalar);
            }
        }
        if let Some(fixed) = self.fixed(n) {
            return Some(Pred::Fixed(fixed));
        }
        let boxed = |p: Pred| Box::new(p);
        match n {
            Node::Not(x) => Some(Pred::Not(boxed(self.pred(x)?))),
            Node::And(a, b) => Some(Pred::And(boxed(self.pred(a)?), boxed(self.pred(b)?))),
            Node::Or(a, b) => Some(Pred::Or(boxed(self.pred(a)?), boxed(self.pred(b)?))),
            Node::If(parts) => Some(Pred::If(Box::new([
                self.pred(&parts[0])?,
                self.pred(&parts[1])?,
                self.pred(&parts[2])?,
            ]))),
            Node::Quantifier {
                kind: kind @ (Quantity::Any | Quantity::Every),
                slot,
                until: false,
                list,
                condition,
            } => {
                let every = *kind == Quantity::Every;
                if let Some(p) = self.among(every, *slot, list, condition) {
                    return Some(p);
                }
                if let Some(p) = self.unrolled_items(every, *slot, list, condition) {
                    return Some(p);
                }
                if let Some(dirs) = directions(list).filter(|_| !self.board.is_points()) {
                    return self.unrolled(every, *slot, dirs, condition);
                }
                let (base, d) = self.line(list)?;
                Some(Pred::Along {
                    base,
                    d,
                    cond: boxed(self.inner(condition, *slot)?),
                    every,
                })
            }
            Node::Call(Function::Empty, args) => {
                let [x] = &args[..] else {
                    return None;
                };
                match self.run(x) {
                    Some(run) => Some(Pred::Count {
                        run,
                        op: BinOp::Eq,
                        k: Node::Value(Val::num(0)),
                    }),
                    None => Some(Pred::Empty(self.map(x)?)),
                }
            }
            Node::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
                let eq = *op == BinOp::Eq;
                let (x, y) = match (self.depends(a), self.depends(b)) {
                    (true, false) => (&**a, &**b),
                    (false, true) => (&**b, &**a),
                    _ => return None,
                };
                if let Node::Call(Function::World(WorldFn::Owner), inner) = x {
                    let [inner] = &inner[..] else {
                        return None;
                    };
                    return Some(Pred::Owner {
                        map: self.owned(inner)?,
                        who: self.scalar(y)?,
                        eq,
                    });
                }
                if let Some(run) = self.count(x) {
                    return Some(Pred::Count {
                        run,
                        op: *op,
                        k: self.scalar(y)?,
                    });
                }
                Some(Pred::Is {
                    map: self.map(x)?,
                    place: self.scalar(y)?,
                    eq,
                })
            }
            Node::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b) => {
                match (self.depends(a), self.depends(b)) {
                    (true, false) => Some(Pred::Count {
                        run: self.count(a)?,
                        op: *op,
                        k: self.scalar(b)?,
                    }),
                    (false, true) => Some(Pred::Count {
                        run: self.count(b)?,
                        op: flipped(*op),
                        k: self.scalar(a)?,
                    }),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A part about one square of the board named as it stands, read from
    /// the sets instead of asked on its own: `owner(q) = who` and `q =
    /// place` (or `!=`). An unrolled line's items are such squares
    /// ([`unrolled_items`](Self::unrolled_items)), one part each, and the
    /// parts asked on their own are few ([`super::program`]).
    fn of_square(&mut self, n: &Node) -> Option<Pred> {
        let Node::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = n else {
            return None;
        };
        let eq = *op == BinOp::Eq;
        let on_board = |n: &Node| n.place().filter(|&q| self.board.bit(q).is_some());
        let owner_of = |n: &Node| match n {
            Node::Call(Function::World(WorldFn::Owner), args) => match &args[..] {
                [x] => on_board(x),
                _ => None,
            },
            _ => None,
        };
        for (x, y) in [(a, b), (b, a)] {
            if let Some(q) = owner_of(x) {
                return Some(Pred::Owner {
                    map: Map::Const(q),
                    who: self.scalar(y)?,
                    eq,
                });
            }
        }
        for (x, y) in [(a, b), (b, a)] {
            if let Some(q) = on_board(x).filter(|_| y.place().is_none()) {
                return Some(Pred::Is {
                    map: Map::Const(q),
                    place: self.scalar(y)?,
                    eq,
                });
            }
        }
        None
    }

    /// Whether `n` names a square of the board as it stands.
    fn names_square(&self, n: &Node) -> bool {
        let mut found = false;
        walk(n, &mut |p| {
            found |= p.place().is_some_and(|q| self.board.bit(q).is_some())
        });
        found
    }

    /// Whether `a = b` compares the item in `slot` with the square the
    /// sets are about, either way round.
    fn item_is_square(&self, a: &Node, b: &Node, slot: usize) -> bool {
        let is = |n: &Node, s: usize| matches!(n, &Node::Slot(x) if x == s);
        let var = self.var();
        (is(a, slot) && is(b, var)) || (is(a, var) && is(b, slot))
    }

    /// `x in list` (`any t in list where t = x`, either way round), the
    /// square in `x` and a list that reads no square.
    fn among(&mut self, every: bool, slot: usize, list: &Node, condition: &Node) -> Option<Pred> {
        let Node::Binary(BinOp::Eq, a, b) = condition else {
            return None;
        };
        if every || !self.item_is_square(a, b, slot) || self.depends(list) {
            return None;
        }
        Some(Pred::Among(self.scalar(list)?))
    }

    /// A quantifier over a list that is one of a few known from the board's
    /// shape, one part an item, asked in order as the quantifier asks
    /// them: a list named as it stands (a line of a points board), or the
    /// lines through the square (`lines(s)`), each line there only for the
    /// squares it goes through. Nine Men's Morris's `any l in lines(to)
    /// where every s in l where …` is then a few operations a line.
    fn unrolled_items(&mut self, every: bool, slot: usize, list: &Node, condition: &Node) -> Option<Pred> {
        // Lines through the square: each of the board's lines, for the
        // squares on it (in the order `lines` gives them: the board's).
        if let Node::Call(Function::World(WorldFn::Lines), args) = list {
            if !matches!(args[..], [Node::Slot(s)] if s == self.var()) || !self.board.is_points() {
                return None;
            }
            let rules = self.rules;
            let board = rules.point_boards.get(usize::from(self.board.points))?;
            if board.lines.len() > MAX_UNROLLED {
                return None;
            }
            let mut parts = Vec::new();
            for (l, points) in board.lines.iter().enumerate() {
                let on = points
                    .iter()
                    .filter_map(|&p| self.board.bit(p))
                    .fold(0, |a, b| a | b);
                let line =
                    super::super::shape::point_line(rules, u8::try_from(self.board.points).ok()?, l as u16)?;
                let mut part = condition.clone();
                fill_slot(&mut part, slot, &Node::Value(line));
                let part = self.pred(&part)?;
                parts.push((Some(on), part));
            }
            return Some(chained(every, parts));
        }
        // A list named as it stands.
        let list = match list {
            Node::Value(v) => v.as_list()?,
            _ => return None,
        };
        if list.len() > MAX_UNROLLED {
            return None;
        }
        if let Some(p) = self.all_but(every, slot, list, condition) {
            return Some(p);
        }
        let items = (0..list.len())
            .map(|k| list.item(k, self.rules))
            .collect::<Option<Vec<_>>>()?;
        self.each_item(every, slot, items.into_iter(), condition)
    }

    /// `every t in list where t = s or y`, `s` the square the sets are
    /// about, the items of `list` distinct squares of the board and `y`
    /// about `t` alone: whether the line is whole but for `s`
    /// ([`Pred::AllBut`]), one operation however long the line.
    fn all_but(&mut self, every: bool, slot: usize, list: Seq, condition: &Node) -> Option<Pred> {
        let Node::Or(a, y) = condition else {
            return None;
        };
        let Node::Binary(BinOp::Eq, p, q) = &**a else {
            return None;
        };
        if !every || !self.item_is_square(p, q, slot) {
            return None;
        }
        let mut line = 0u64;
        for k in 0..list.len() {
            let bit = self.board.bit(list.item(k, self.rules)?.as_place()?)?;
            if line & bit != 0 {
                return None;
            }
            line |= bit;
        }
        let y = self.inner(y, slot)?;
        Some(Pred::AllBut { line, y: Box::new(y) })
    }

    /// `any` (or `every`, `every`) of `condition` over the directions
    /// `dirs`, the direction in `slot`: one part a direction, asked in
    /// order as the quantifier asks them.
    fn unrolled(
        &mut self,
        every: bool,
        slot: usize,
        dirs: std::ops::Range<u32>,
        condition: &Node,
    ) -> Option<Pred> {
        let items = dirs.map(|d| Val::text(FIRST_DIRECTION + d));
        self.each_item(every, slot, items, condition)
    }

    /// `any` (or `every`) of `condition` with each of `items` in `slot`,
    /// one part an item, in order.
    fn each_item(
        &mut self,
        every: bool,
        slot: usize,
        items: impl Iterator<Item = Val>,
        condition: &Node,
    ) -> Option<Pred> {
        let mut parts = Vec::new();
        for item in items {
            let mut part = condition.clone();
            fill_slot(&mut part, slot, &Node::Value(item));
            parts.push((None, self.pred(&part)?));
        }
        Some(chained(every, parts))
    }

    /// A condition about the items of a line (in `slot`), which must not
    /// read the square the line starts from.
    fn inner(&mut self, condition: &Node, slot: usize) -> Option<Pred> {
        if self.depends(condition) {
            return None;
        }
        self.vars.push(slot);
        let p = self.pred(condition);
        self.vars.pop();
        p
    }

    /// `line(map, d)` of a direction written as it stands.
    fn line(&mut self, list: &Node) -> Option<(Map, usize)> {
        let Node::Call(Function::World(WorldFn::Line), args) = list else {
            return None;
        };
        // A point's lines go towards a point, not a direction.
        if self.board.is_points() {
            return None;
        }
        let [m, d] = &args[..] else {
            return None;
        };
        let d = direction(d)?;
        Some((self.map(m)?, d))
    }

    /// `all t in line(map, d) until …`: the squares before the first that
    /// the condition holds for.
    fn run(&mut self, n: &Node) -> Option<RunOf> {
        let Node::Quantifier {
            kind: Quantity::All,
            slot,
            until: true,
            list,
            condition,
        } = n
        else {
            return None;
        };
        let (base, d) = self.line(list)?;
        let stop = self.inner(condition, *slot)?;
        Some(RunOf {
            base,
            d,
            cont: Box::new(Pred::Not(Box::new(stop))),
        })
    }

    /// A number of squares in a run: `count(run)`, or `how many t in
    /// line(s, d) until …`.
    fn count(&mut self, n: &Node) -> Option<RunOf> {
        match n {
            Node::Call(Function::Count, args) => match &args[..] {
                [x] => self.run(x),
                _ => None,
            },
            Node::Quantifier {
                kind: Quantity::HowMany,
                until: true,
                slot,
                list,
                condition,
            } => self.run(&Node::Quantifier {
                kind: Quantity::All,
                slot: *slot,
                until: true,
                list: list.clone(),
                condition: condition.clone(),
            }),
            _ => None,
        }
    }

    /// What `owner(n)` reads: a square, or the top figure of one where no
    /// square has an owner of its own (then the two are the same).
    fn owned(&mut self, n: &Node) -> Option<Map> {
        match n {
            Node::Call(Function::World(WorldFn::Top), args) if !self.board.owned_squares => match &args[..] {
                // The top of nothing is an error.
                [m] => Some(Map::Strict(Box::new(self.map(m)?))),
                _ => None,
            },
            n => self.map(n),
        }
    }

    /// `n`, a square (or nothing) for each square, as a map.
    fn map(&mut self, n: &Node) -> Option<Map> {
        match n {
            &Node::Slot(s) if s == self.var() => Some(Map::Id),
            // A point has no neighbour in a direction, nor a square between
            // it and another two away: asking is an error there.
            _ if self.board.is_points() => None,
            Node::Call(Function::World(WorldFn::Neighbour), args) => {
                let [m, d] = &args[..] else {
                    return None;
                };
                let d = direction(d)?;
                // The square after a run, going on the same way.
                if let Node::Call(Function::Last, last) = m {
                    if let [r] = &last[..] {
                        if let Some(run) = self.run(r).filter(|run| run.d == d) {
                            return Some(Map::After {
                                base: Box::new(run.base),
                                d,
                                cont: run.cont,
                                min: 1,
                            });
                        }
                    }
                }
                Some(Map::Next(Box::new(self.map(m)?), d))
            }
            Node::Call(Function::World(WorldFn::Between), args) => {
                let [a, b] = &args[..] else {
                    return None;
                };
                let (fixed, moving) = match (self.depends(a), self.depends(b)) {
                    (false, true) => (a, b),
                    (true, false) => (b, a),
                    _ => return None,
                };
                if !matches!(moving, &Node::Slot(s) if s == self.var()) {
                    return None;
                }
                Some(Map::Between(self.scalar(fixed)?))
            }
            Node::Quantifier {
                kind: Quantity::First,
                slot,
                until: false,
                list,
                condition,
            } => {
                let (base, d) = self.line(list)?;
                let stop = self.inner(condition, *slot)?;
                Some(Map::After {
                    base: Box::new(base),
                    d,
                    cont: Box::new(Pred::Not(Box::new(stop))),
                    min: 0,
                })
            }
            _ => None,
        }
    }

    /// `n` worked out ahead for every square, for each player on move
    /// where it names the player: where it reads the square and only the
    /// board's shape, and gives yes or no on every square.
    fn fixed(&self, n: &Node) -> Option<Box<[Tri]>> {
        let var = self.var();
        let mut bound = Vec::new();
        walk(n, &mut |p| match p {
            Node::Quantifier { slot, .. } | Node::Let { slot, .. } => bound.push(*slot),
            Node::Apply { base, args, .. } => bound.extend(*base..*base + args.len()),
            _ => {}
        });
        let mut shape_only = true;
        let mut names_player = false;
        walk(n, &mut |p| match p {
            Node::Slot(s) => shape_only &= *s == var || bound.contains(s),
            Node::Special(s) => match s {
                Special::Player | Special::Opponent | Special::Next | Special::Previous => {
                    names_player = true
                }
                Special::Directions | Special::Straight | Special::Diagonal => {}
                _ => shape_only = false,
            },
            Node::Capture(_) | Node::General(_) | Node::Call(Function::Empty, _) => shape_only = false,
            Node::Call(Function::World(w), _) => {
                shape_only &= !matches!(
                    w,
                    WorldFn::Owner
                        | WorldFn::Type
                        | WorldFn::Top
                        | WorldFn::InARow
                        | WorldFn::Can
                        | WorldFn::Value
                        | WorldFn::Contains
                )
            }
            _ => {}
        });
        if !shape_only {
            return None;
        }
        let rules = self.rules;
        let part = arg(n);
        let players = if names_player { rules.players.max(1) } else { 1 };
        let start = State::start(rules);
        (1..=players)
            .map(|player| {
                let state = start.at_start_for(player);
                let view = View::new(rules, &state);
                let ask = Ask {
                    view: &view,
                    vars: &[],
                    step: None,
                };
                let mut run = Run {
                    texts: self.texts,
                    rules,
                    state: &state,
                    ask: &ask,
                    slots: no_slots(),
                };
                let mut yes = 0;
                for i in 0..self.board.squares() {
                    run.set(var, Val::place(self.board.place(i)))?;
                    match part.get(&mut run)?.held() {
                        Held::Bool(true) => yes |= 1 << i,
                        Held::Bool(false) => {}
                        _ => return None,
                    }
                }
                Some(Tri { yes, err: 0 })
            })
            .collect()
    }
}

/// The most items of a list gone through one part an item
/// ([`Compiler::unrolled_items`]).
const MAX_UNROLLED: usize = 32;

/// `any` (or `every`) of the parts in order, each asked only for the
/// squares it is there for (`Some`; all of them for `None`); of no part at
/// all, `any` is no and `every` yes.
fn chained(every: bool, parts: Vec<(Option<u64>, Pred)>) -> Pred {
    let mut out: Option<Pred> = None;
    for (on, part) in parts {
        let gate = |on: u64| Box::new(Pred::Fixed(Box::new([Tri { yes: on, err: 0 }])));
        let part = match (on, every) {
            (None, _) => part,
            (Some(on), false) => Pred::And(gate(on), Box::new(part)),
            (Some(on), true) => Pred::Or(Box::new(Pred::Not(gate(on))), Box::new(part)),
        };
        out = Some(match out {
            None => part,
            Some(sofar) if every => Pred::And(Box::new(sofar), Box::new(part)),
            Some(sofar) => Pred::Or(Box::new(sofar), Box::new(part)),
        });
    }
    out.unwrap_or(Pred::Scalar(Node::Value(Val::bool(every))))
}

/// The directions a list written as it stands holds: `directions`,
/// `straight`, `diagonal`.
fn directions(list: &Node) -> Option<std::ops::Range<u32>> {
    match list {
        Node::Special(Special::Directions) => Some(0..8),
        Node::Special(Special::Straight) => Some(0..4),
        Node::Special(Special::Diagonal) => Some(4..8),
        _ => None,
    }
}

/// The direction a part written as it stands names: its index in
/// [`crate::expr::DIRECTIONS`].
fn direction(n: &Node) -> Option<usize> {
    let i = n.text()?;
    direction_of(i)?;
    Some((i - FIRST_DIRECTION) as usize)
}

/// `a op b` as `b op' a`.
fn flipped(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        other => other,
    }
}

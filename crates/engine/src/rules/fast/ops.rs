//! A compiled condition's tree ([`Node`]) turned into closures, once, when
//! the game is compiled: each part calls its own parts directly, with its
//! operator, function and slots already chosen, so nothing is looked at
//! twice while a condition runs.

use std::sync::Arc;

use super::by_place::ByPlace;
use super::compile::Node;
use super::run::{arithmetic, number, truth, Run};
use super::shape;
use super::{direction_of, Held, Out, Seq, Val, EMPTY, MAX_PARAMS};
use crate::expr::{BinOp, Expr, Function, Quantity, Special, Value, WorldFn};
use crate::rules::{Element, GridSpot, PlaceId};

/// A part of a compiled condition, ready to run.
pub(super) type Op = Arc<dyn Fn(&mut Run) -> Out + Send + Sync>;

/// Makes an [`Op`] of a closure (its argument's lifetimes are any).
fn op(f: impl Fn(&mut Run) -> Out + Send + Sync + 'static) -> Op {
    Arc::new(f)
}

/// A part as its parent holds it: the simplest parts (a slot, a value,
/// `player`, `opponent`, the owner of what a slot holds) are read in place
/// rather than called.
#[derive(Clone)]
pub(super) enum Arg {
    Slot(usize),
    Value(Val),
    Player,
    Opponent,
    /// `owner(s)` of a name `s` in a slot.
    Owner(usize),
    Op(Op),
}

impl Arg {
    #[inline(always)]
    pub(super) fn get(&self, r: &mut Run) -> Out {
        match self {
            Arg::Slot(i) => r.slot(*i),
            Arg::Value(v) => Some(*v),
            Arg::Player => Some(Val::num(r.state.to_move() as i32)),
            Arg::Opponent => Some(Val::num(r.rules.other(r.state.to_move()) as i32)),
            Arg::Owner(i) => r.owner(r.slot(*i)?),
            Arg::Op(f) => f(r),
        }
    }

    fn place(&self, r: &mut Run) -> Option<PlaceId> {
        let v = self.get(r)?;
        r.place(v)
    }

    fn square(&self, r: &mut Run) -> Option<GridSpot> {
        let v = self.get(r)?;
        r.square(v)
    }

    /// Its row and column: of a square, or of a point named like one.
    fn row_column(&self, r: &mut Run) -> Option<(u16, u16)> {
        let v = self.get(r)?;
        let p = r.place(v)?;
        r.rules.places.get(p as usize)?.row_column()
    }

    fn direction(&self, r: &mut Run) -> Option<(i64, i64)> {
        let v = self.get(r)?;
        r.direction(v)
    }

    /// The direction this part always gives, where it is one written as it
    /// stands (`neighbour(to, down)`): found once, not at every run. The
    /// directions are the first texts after [`EMPTY`], in their order.
    fn fixed_direction(&self) -> Option<(i64, i64)> {
        match self {
            Arg::Value(v) => direction_of(v.as_text()?),
            _ => None,
        }
    }
}

/// `n` as its parent holds it.
pub(super) fn arg(n: &Node) -> Arg {
    match n {
        &Node::Slot(i) => Arg::Slot(i),
        &Node::Value(v) => Arg::Value(v),
        Node::Special(Special::Player) => Arg::Player,
        Node::Special(Special::Opponent) => Arg::Opponent,
        Node::Call(Function::World(WorldFn::Owner), args) => match args[..] {
            [Node::Slot(i)] => Arg::Owner(i),
            _ => Arg::Op(build(n)),
        },
        n => Arg::Op(root(n)),
    }
}

/// `n` ready to run: [`build`], or its table where it reads one place
/// and not the position (see [`ByPlace`]).
pub(super) fn root(n: &Node) -> Op {
    match ByPlace::of(n, build) {
        Some(t) => op(move |r| t.get(r)),
        None => build(n),
    }
}

pub(super) fn build(n: &Node) -> Op {
    match n {
        &Node::Value(v) => op(move |_| Some(v)),
        &Node::Slot(i) => op(move |r| r.slot(i)),
        &Node::Capture(i) => op(move |r| r.capture(i)),
        &Node::Special(s) => op(move |r| r.special(s)),
        Node::Not(x) => {
            let x = arg(x);
            op(move |r| Some(Val::bool(!truth(x.get(r)?)?)))
        }
        Node::Neg(x) => {
            let x = arg(x);
            op(move |r| Some(Val::num(number(x.get(r)?)?.checked_neg()?)))
        }
        Node::And(a, b) => {
            let (a, b) = (arg(a), arg(b));
            op(move |r| Some(Val::bool(truth(a.get(r)?)? && truth(b.get(r)?)?)))
        }
        Node::Or(a, b) => {
            let (a, b) = (arg(a), arg(b));
            op(move |r| Some(Val::bool(truth(a.get(r)?)? || truth(b.get(r)?)?)))
        }
        Node::Binary(o, a, b) => binary(*o, arg(a), arg(b)),
        Node::If(parts) => {
            let [c, t, e] = [arg(&parts[0]), arg(&parts[1]), arg(&parts[2])];
            op(move |r| if truth(c.get(r)?)? { t.get(r) } else { e.get(r) })
        }
        Node::Quantifier {
            kind,
            slot,
            until,
            list,
            condition,
        } => {
            let (kind, slot, until) = (*kind, *slot, *until);
            // Over a board's squares: all at once, as sets, where it can.
            let one_by_one = build_quantifier(kind, slot, until, list, condition);
            super::sets::compile_quantifiers(kind, slot, until, list, condition, one_by_one.clone())
                .unwrap_or(one_by_one)
        }
        Node::Apply { base, args, body } => apply(*base, args.iter().map(arg).collect(), arg(body)),
        Node::Call(Function::Count, args) if count_on(args).is_some() => {
            let x = arg(count_on(args).unwrap_or(&args[0]));
            op(move |r| {
                let p = x.place(r)?;
                Some(Val::num(i32::try_from(r.state.on(p).len()).ok()?))
            })
        }
        Node::Call(f, args) => call(*f, args.iter().map(arg).collect()),
        Node::Let { slot, value, body } => {
            let (slot, value, body) = (*slot, arg(value), arg(body));
            op(move |r| {
                let v = value.get(r)?;
                r.set(slot, v)?;
                body.get(r)
            })
        }
        Node::General(e) => general((**e).clone()),
    }
}

/// A quantifier asked item by item.
fn build_quantifier(kind: Quantity, slot: usize, until: bool, list: &Node, condition: &Node) -> Op {
    let list = List::of(list);
    if let Some(test) = Test::of(condition, slot) {
        return test.scan(kind, until, list);
    }
    // A comparison of parts read in place is made in the loop
    // itself, with no call for each item.
    if let Node::Binary(o @ (BinOp::Eq | BinOp::Ne), a, b) = condition {
        let (eq, a, b) = (*o == BinOp::Eq, arg(a), arg(b));
        if !matches!(a, Arg::Op(_)) && !matches!(b, Arg::Op(_)) {
            return op(move |r| {
                let seq = list.get(r)?;
                r.quantify(kind, slot, until, seq, &|r| equal(r, &a, &b, eq))
            });
        }
    }
    let condition = arg(condition);
    op(move |r| {
        let seq = list.get(r)?;
        r.quantify(kind, slot, until, seq, &|r| condition.get(r))
    })
}

/// A quantifier's list: a `line` is worked out in place, with no call (the
/// list of most quantifiers over a board), any other list called.
enum List {
    Line(Arg, Arg),
    /// `line(a, d)` of a direction written as it stands.
    LineTo(Arg, (i64, i64)),
    Other(Arg),
}

impl List {
    fn of(n: &Node) -> List {
        match n {
            Node::Call(Function::World(WorldFn::Line), args) => match &args[..] {
                [a, b] => {
                    let (a, b) = (arg(a), arg(b));
                    match b.fixed_direction() {
                        Some(d) => List::LineTo(a, d),
                        None => List::Line(a, b),
                    }
                }
                _ => List::Other(arg(n)),
            },
            n => List::Other(arg(n)),
        }
    }

    #[inline(always)]
    fn get(&self, r: &mut Run) -> Option<Seq> {
        let v = match self {
            List::Line(a, b) => {
                let spot = a.square(r)?;
                let (dr, dc) = b.direction(r)?;
                line(r, spot, dr, dc)?
            }
            &List::LineTo(ref a, (dr, dc)) => {
                let spot = a.square(r)?;
                line(r, spot, dr, dc)?
            }
            List::Other(list) => list.get(r)?,
        };
        match v.held() {
            Held::List(seq) => Some(seq),
            _ => None,
        }
    }
}

/// A quantifier's condition that only looks at what is on its item, a
/// place: `owner(t) = player`, `owner(t) != opponent`, `empty(t)`, `not
/// empty(t)`. It is asked in the quantifier's loop as it stands, with no
/// call and no slot for each item: the squares along a line of Reversi's
/// `run` or a slider's path.
enum Test {
    /// `owner(t) = other` (`eq`) or `owner(t) != other`, `other` a number
    /// worked out once before the loop.
    Owner { eq: bool, other: Arg },
    /// `empty(t)` (`empty`) or `not empty(t)`.
    Empty { empty: bool },
}

impl Test {
    /// `condition` as a test of the item in `slot`, if it is one.
    fn of(condition: &Node, slot: usize) -> Option<Test> {
        let item = |n: &Node| matches!(n, &Node::Slot(s) if s == slot);
        let owner = |n: &Node| matches!(n, Node::Call(Function::World(WorldFn::Owner), a) if a.len() == 1 && item(&a[0]));
        let fixed = |n: &Node| {
            matches!(n, Node::Special(Special::Player | Special::Opponent)) || n.number().is_some()
        };
        let empty = |n: &Node| matches!(n, Node::Call(Function::Empty, a) if a.len() == 1 && item(&a[0]));
        match condition {
            Node::Binary(o @ (BinOp::Eq | BinOp::Ne), a, b) => {
                let other = match (owner(a), owner(b)) {
                    (true, false) if fixed(b) => b,
                    (false, true) if fixed(a) => a,
                    _ => return None,
                };
                Some(Test::Owner {
                    eq: *o == BinOp::Eq,
                    other: arg(other),
                })
            }
            Node::Not(x) if empty(x) => Some(Test::Empty { empty: false }),
            n if empty(n) => Some(Test::Empty { empty: true }),
            _ => None,
        }
    }

    /// The quantifier `kind` over `list` (`until` or `where`) with this
    /// test as its condition.
    fn scan(self, kind: Quantity, until: bool, list: List) -> Op {
        match self {
            Test::Owner { eq, other } => op(move |r| {
                let seq = list.get(r)?;
                let other = number(other.get(r)?)?;
                r.scan(kind, until, seq, |r, p| Some((r.owner_at(p)? == other) == eq))
            }),
            Test::Empty { empty } => op(move |r| {
                let seq = list.get(r)?;
                r.scan(kind, until, seq, |r, p| Some(r.state.on(p).is_empty() == empty))
            }),
        }
    }
}

/// `a = b` (`eq`) or `a != b`.
#[inline(always)]
fn equal(r: &mut Run, a: &Arg, b: &Arg, eq: bool) -> Out {
    let (x, y) = (a.get(r)?, b.get(r)?);
    Some(Val::bool(r.equal(x, y)? == eq))
}

fn binary(o: BinOp, a: Arg, b: Arg) -> Op {
    let written = |x: &Arg| match x {
        Arg::Value(v) => v.as_num(),
        _ => None,
    };
    match o {
        BinOp::Eq | BinOp::Ne => {
            let eq = o == BinOp::Eq;
            // A part compared with a number written as it stands
            // (`row(to) = 6`) is compared in place when it gives a number.
            let against = match (written(&a), written(&b)) {
                (Some(n), _) if !matches!(b, Arg::Value(_)) => Some((n, b.clone())),
                (_, Some(n)) if !matches!(a, Arg::Value(_)) => Some((n, a.clone())),
                _ => None,
            };
            match against {
                Some((n, x)) => op(move |r| {
                    let v = x.get(r)?;
                    match v.as_num() {
                        Some(v) => Some(Val::bool((v == n) == eq)),
                        None => Some(Val::bool(r.equal(v, Val::num(n))? == eq)),
                    }
                }),
                None => op(move |r| equal(r, &a, &b, eq)),
            }
        }
        // A number written as it stands after the operator (`count(x) >
        // 0`, `value(quiet) + 1`) is not looked at again.
        _ => match written(&b) {
            Some(n) => op(move |r| arithmetic(o, number(a.get(r)?)?, n)),
            None => op(move |r| {
                let (x, y) = (a.get(r)?, b.get(r)?);
                arithmetic(o, number(x)?, number(y)?)
            }),
        },
    }
}

/// A definition's values put in their slots, then its body. All the
/// values are worked out first: working one out may use the same slots
/// for a definition of its own.
fn apply(base: usize, args: Vec<Arg>, body: Arg) -> Op {
    match <[Arg; 2]>::try_from(args) {
        Ok([a, b]) => op(move |r| {
            let (x, y) = (a.get(r)?, b.get(r)?);
            r.set(base, x)?;
            r.set(base + 1, y)?;
            body.get(r)
        }),
        Err(args) => match <[Arg; 1]>::try_from(args) {
            Ok([a]) => op(move |r| {
                let x = a.get(r)?;
                r.set(base, x)?;
                body.get(r)
            }),
            Err(args) => op(move |r| {
                let mut values = [Val::num(0); MAX_PARAMS];
                for (v, a) in values.iter_mut().zip(&args) {
                    *v = a.get(r)?;
                }
                for (k, v) in values.iter().take(args.len()).enumerate() {
                    r.set(base + k, *v)?;
                }
                body.get(r)
            }),
        },
    }
}

/// A part asked of the general evaluator.
fn general(e: Expr) -> Op {
    op(move |r| match e.eval_refs(r.ask.vars, r.ask.view).ok()? {
        Value::Number(n) => i32::try_from(n).ok().map(Val::num),
        Value::Bool(b) => Some(Val::bool(b)),
        _ => None,
    })
}

/// A function with a compiled form; its arguments are worked out in order.
fn call(f: Function, args: Vec<Arg>) -> Op {
    let mut args = args.into_iter();
    let Some(a) = args.next() else {
        return op(|_| None);
    };
    let b = args.next();
    let c = args.next();
    match f {
        Function::Count => op(move |r| match a.get(r)?.held() {
            Held::List(seq) => Some(Val::num(seq.len() as i32)),
            _ => None,
        }),
        Function::Empty => op(move |r| {
            let v = a.get(r)?;
            match v.as_list() {
                Some(seq) => Some(Val::bool(seq.len() == 0)),
                None => Some(Val::bool(r.state.on(r.place(v)?).is_empty())),
            }
        }),
        Function::First | Function::Last => {
            let first = f == Function::First;
            op(move |r| match a.get(r)?.held() {
                Held::List(seq) if seq.len() > 0 => {
                    let k = if first { 0 } else { seq.len() - 1 };
                    seq.item(k, r.rules)
                }
                _ => None,
            })
        }
        Function::Abs => op(move |r| Some(Val::num(number(a.get(r)?)?.checked_abs()?))),
        Function::Numbers => match b {
            Some(b) => op(move |r| {
                let first = a.get(r)?;
                shape::numbers(first, b.get(r)?)
            }),
            None => op(|_| None),
        },
        Function::Item => match b {
            Some(b) => op(move |r| {
                let list = a.get(r)?;
                shape::item(r.rules, list, b.get(r)?)
            }),
            None => op(|_| None),
        },
        Function::World(w) => world(w, a, b, c),
        _ => op(|_| None),
    }
}

/// `x` of the arguments of `count(contains(x))`.
pub(super) fn count_on(args: &[Node]) -> Option<&Node> {
    match args {
        [Node::Call(Function::World(WorldFn::Contains), x)] => x.first(),
        _ => None,
    }
}

fn world(w: WorldFn, a: Arg, b: Option<Arg>, c: Option<Arg>) -> Op {
    match (w, b, c) {
        (WorldFn::Row | WorldFn::Column, _, _) => {
            let row = w == WorldFn::Row;
            op(move |r| {
                let (at_row, at_column) = a.row_column(r)?;
                Some(Val::num(if row { at_row } else { at_column } as i32))
            })
        }
        (WorldFn::Owner, _, _) => op(move |r| {
            let v = a.get(r)?;
            r.owner(v)
        }),
        (WorldFn::Type, _, _) => op(move |r| {
            let v = a.get(r)?;
            match v.held() {
                Held::Figure(f) => Some(Val::kind(r.state.kind_of(f))),
                _ => shape::place_type(r.rules, r.texts, r.place(v)?),
            }
        }),
        (WorldFn::Top, _, _) => op(move |r| {
            let p = a.place(r)?;
            Some(r.state.on(p).last().map_or(Val::text(EMPTY), |&f| Val::figure(f)))
        }),
        (WorldFn::Squares, _, _) => op(move |r| {
            let v = a.get(r)?;
            shape::squares(r.rules, r.texts, v)
        }),
        (WorldFn::Neighbours, _, _) => op(move |r| {
            let p = a.place(r)?;
            shape::neighbours(r.rules, p)
        }),
        (WorldFn::Lines, _, _) => op(move |r| {
            let p = a.place(r)?;
            shape::lines(r.rules, p)
        }),
        (WorldFn::Square, Some(b), Some(c)) => op(move |r| {
            let (board, row) = (a.get(r)?, b.get(r)?);
            let column = c.get(r)?;
            shape::square(r.rules, r.texts, board, row, column)
        }),
        (WorldFn::Neighbour, Some(b), _) => toward(a, b, neighbour),
        (WorldFn::Line, Some(b), _) => toward(a, b, line),
        (WorldFn::Can, b, _) => op(move |r| {
            let rule = a.get(r)?.as_text()?;
            let player = match &b {
                Some(b) => Some(i64::from(number(b.get(r)?)?)),
                None => None,
            };
            // No rule of that name: the general evaluator says so.
            let rule = r.text(rule)?.rule?;
            r.ask.view.can_rule(rule, player).ok().map(Val::bool)
        }),
        // A trigger holding a number or yes/no, or a die; a text (or a
        // trigger never set) is left to the general evaluator.
        (WorldFn::Value, _, _) => op(move |r| {
            let t = a.get(r)?.as_text()?;
            match r.text(t)?.element? {
                Element::Trigger(t) => match *r.state.trigger(t)? {
                    Value::Number(n) => Some(Val::num(i32::try_from(n).ok()?)),
                    Value::Bool(b) => Some(Val::bool(b)),
                    _ => None,
                },
                Element::Die(d) => Some(Val::num(i32::from(r.state.die(d)))),
                _ => None,
            }
        }),
        (WorldFn::InARow, Some(b), Some(c)) => op(move |r| {
            let (board, n, who) = (a.get(r)?, b.get(r)?, c.get(r)?);
            r.in_a_row(board, n, who)
        }),
        (WorldFn::Between, Some(b), _) => op(move |r| {
            let (x, y) = (a.place(r)?, b.place(r)?);
            shape::between(r.rules, x, y)
        }),
        _ => op(|_| None),
    }
}

/// `f` of the square `a` names and the direction `b` gives, the direction
/// found once where it is written as it stands.
fn toward<F>(a: Arg, b: Arg, f: F) -> Op
where
    F: Fn(&Run, GridSpot, i64, i64) -> Out + Send + Sync + 'static,
{
    match b.fixed_direction() {
        Some((dr, dc)) => op(move |r| {
            let spot = a.square(r)?;
            f(r, spot, dr, dc)
        }),
        None => op(move |r| {
            let spot = a.square(r)?;
            let (dr, dc) = b.direction(r)?;
            f(r, spot, dr, dc)
        }),
    }
}

/// `neighbour(square, direction)`: the square next to `spot` going
/// `(dr, dc)`, or nothing at the board's edge (a track has no rows).
fn neighbour(r: &Run, spot: GridSpot, dr: i64, dc: i64) -> Out {
    let g = r.rules.grids.get(spot.grid as usize)?;
    if g.is_track && dr != 0 {
        return Some(Val::text(EMPTY));
    }
    let p = g.place(spot.row as i64 + dr, spot.column as i64 + dc);
    Some(p.map_or(Val::text(EMPTY), Val::place))
}

/// `line(square, direction)`: the squares from `spot` going `(dr, dc)` to
/// the board's edge. A ring's line comes back round to where it began:
/// left to the general evaluator.
fn line(r: &Run, spot: GridSpot, dr: i64, dc: i64) -> Out {
    let g = r.rules.grids.get(spot.grid as usize)?;
    if g.ring {
        return None;
    }
    let step = |k: i64| {
        if g.is_track && dr != 0 {
            return None;
        }
        g.place(spot.row as i64 + dr * k, spot.column as i64 + dc * k)
    };
    let room = |at: u16, side: u16, d: i64| match d.signum() {
        1 => (side - at) as i64,
        -1 => at as i64 - 1,
        _ => i64::MAX,
    };
    let first = step(1);
    let len = match first {
        None => 0,
        Some(_) => room(spot.row, g.rows, dr).min(room(spot.column, g.columns, dc)),
    };
    Some(Val::list(Seq::Line {
        first: first.unwrap_or(g.first),
        step: i16::try_from(dr * g.columns as i64 + dc).ok()?,
        len: u8::try_from(len).ok()?,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::compile::Compiler;
    use super::super::FIRST_DIRECTION;
    use super::*;
    use crate::expr::DIRECTIONS;

    /// A direction written as it stands is found when the condition is
    /// compiled, as the text it is: the directions are the first texts
    /// after the empty one, in their order.
    #[test]
    fn a_direction_written_as_it_stands_is_the_one_its_text_names() {
        let rest = r#"<steps><step name="s"><from name="pool"/><to type="square"/></step></steps>
            <moves><move name="turn">s</move></moves>"#;
        let text = crate::position::examples::stones_game(3, 3, 4, rest);
        let rules = crate::open(&text).unwrap().1;
        let mut texts = Vec::new();
        Compiler::new(&rules, &mut texts, 3, true);
        for (k, (name, dr, dc)) in DIRECTIONS.iter().enumerate() {
            let i = FIRST_DIRECTION + k as u32;
            assert_eq!(texts[i as usize].text, *name);
            assert_eq!(Arg::Value(Val::text(i)).fixed_direction(), Some((*dr, *dc)));
        }
        assert_eq!(Arg::Value(Val::text(EMPTY)).fixed_direction(), None);
        assert_eq!(Arg::Slot(3).fixed_direction(), None);
    }
}

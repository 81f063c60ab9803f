//! The machine's expressions ([`Sx`]) turned into closures, once: each
//! part calls its own parts directly, its function and what it names
//! already chosen, as the compiled conditions do
//! ([`crate::rules::Fast`]).

use std::sync::Arc;

use super::value::{Eval, SetOf, Sx};
use super::Where;
use crate::expr::{BinOp, Function, Quantity, Special, WorldFn};
use crate::rules::tree::{direction_of, shape, Held, Val, MAX_PARAMS};
use crate::rules::Element;

/// A part of an expression, ready to run ([`Op::get`]): its value, or
/// `None` to give up. A leaf (a value written as it stands, a slot, the
/// player on move or the other, a part worked out for each player) is read
/// in place by the part that asks it; only a part with parts of its own is
/// a closure. An indirect call costs more in WebAssembly than natively, and
/// many parts of an expression are leaves.
#[derive(Clone)]
pub(super) enum Op {
    Val(Val),
    Slot(usize),
    Player,
    Opponent,
    /// Worked out for each player on move ([`Sx::ByPlayer`]).
    ByPlayer(Box<[Val; 4]>),
    Run(Run),
}

/// A part with parts of its own, as a closure.
pub(super) type Run = Arc<dyn Fn(&mut Eval) -> Option<Val> + Send + Sync>;

impl Op {
    /// Its value in `e`; `None` to give up.
    #[inline]
    pub(super) fn get(&self, e: &mut Eval) -> Option<Val> {
        match self {
            Op::Val(v) => Some(*v),
            Op::Slot(i) => e.slots.get(*i).copied(),
            Op::Player => Some(Val::num(i32::from(e.player))),
            Op::Opponent => Some(Val::num(i32::from(e.rules.other(e.player)))),
            Op::ByPlayer(values) => values.get(usize::from(e.player).wrapping_sub(1)).copied(),
            Op::Run(f) => f(e),
        }
    }
}

fn op(f: impl Fn(&mut Eval) -> Option<Val> + Send + Sync + 'static) -> Op {
    Op::Run(Arc::new(f))
}

use crate::rules::tree::arithmetic;
pub(super) use crate::rules::tree::{number, truth};

/// `x` ready to run.
pub(super) fn build(x: &Sx) -> Op {
    match x {
        &Sx::Val(v) => Op::Val(v),
        &Sx::Slot(i) => Op::Slot(i),
        Sx::Special(Special::Player) => Op::Player,
        Sx::Special(Special::Opponent) => Op::Opponent,
        Sx::ByPlayer(values) => Op::ByPlayer(values.clone()),
        &Sx::Special(s) => op(move |e| e.special(s)),
        Sx::Not(x) => {
            let x = build(x);
            op(move |e| Some(Val::bool(!truth(x.get(e)?)?)))
        }
        Sx::Neg(x) => {
            let x = build(x);
            op(move |e| Some(Val::num(number(x.get(e)?)?.checked_neg()?)))
        }
        Sx::And(a, b) => {
            let (a, b) = (build(a), build(b));
            op(move |e| Some(Val::bool(truth(a.get(e)?)? && truth(b.get(e)?)?)))
        }
        Sx::Or(a, b) => {
            let (a, b) = (build(a), build(b));
            op(move |e| Some(Val::bool(truth(a.get(e)?)? || truth(b.get(e)?)?)))
        }
        Sx::Binary(o, a, b) => binary(*o, a, b),
        Sx::If(parts) => {
            let [c, t, f] = [build(&parts[0]), build(&parts[1]), build(&parts[2])];
            op(move |e| if truth(c.get(e)?)? { t.get(e) } else { f.get(e) })
        }
        Sx::Quantifier {
            kind,
            slot,
            until,
            list,
            condition,
        } => {
            let (kind, slot, until) = (*kind, *slot, *until);
            let member = member(kind, until, slot, condition);
            let (list, condition) = (build(list), build(condition));
            match member {
                // `x in list` of a place and a list of places: looked up,
                // with no item put in a slot and compared.
                Some(x) => op(move |e| {
                    let seq = list.get(e)?.as_list()?;
                    if let Held::Place(p) = e.slots.get(x)?.held() {
                        if let Some(found) = seq.holds_place(p, e.rules) {
                            return Some(Val::bool(found));
                        }
                    }
                    e.tally(kind, slot, until, seq, &condition)
                }),
                None => op(move |e| {
                    let seq = list.get(e)?.as_list()?;
                    e.tally(kind, slot, until, seq, &condition)
                }),
            }
        }
        Sx::Squares {
            kind,
            until,
            set,
            one_by_one,
        } => {
            let (kind, until) = (*kind, *until);
            let set: SetOf = (**set).clone();
            let one_by_one = build(one_by_one);
            op(move |e| e.squares(kind, until, &set).or_else(|| one_by_one.get(e)))
        }
        Sx::Apply { base, args, body } => {
            let base = *base;
            let args: Vec<Op> = args.iter().map(build).collect();
            let body = build(body);
            op(move |e| {
                // Every value is worked out before any is put in its slot.
                let mut values = [Val::num(0); MAX_PARAMS];
                for (v, a) in values.iter_mut().zip(&args) {
                    *v = a.get(e)?;
                }
                for (k, v) in values.iter().take(args.len()).enumerate() {
                    *e.slots.get_mut(base + k)? = *v;
                }
                body.get(e)
            })
        }
        Sx::Once { part, value } => {
            let (part, value) = (*part, build(value));
            op(move |e| {
                let made = !e.made.is_empty();
                if let Some(v) = e.known.get(part, e.player, made) {
                    return Some(v);
                }
                let v = value.get(e)?;
                e.known.put(part, e.player, made, v);
                Some(v)
            })
        }
        Sx::Let { slot, value, body } => {
            let (slot, value, body) = (*slot, build(value), build(body));
            op(move |e| {
                let v = value.get(e)?;
                *e.slots.get_mut(slot)? = v;
                body.get(e)
            })
        }
        Sx::Call(Function::Count, args) if matches!(&args[..], [Sx::Call(Function::World(WorldFn::Contains), x)] if x.len() == 1) =>
        {
            let [Sx::Call(_, x)] = &args[..] else {
                return op(|_| None);
            };
            let x = build(&x[0]);
            op(move |e| {
                let v = x.get(e)?;
                e.count_on(v)
            })
        }
        Sx::Call(f, args) => call(*f, args.iter().map(build).collect()),
        Sx::InARow(n, who, None) => {
            let (n, who) = (*n, build(who));
            op(move |e| {
                let player = number(who.get(e)?)?;
                Some(Val::bool(e.in_a_row(n, player)?))
            })
        }
        Sx::InARow(n, who, Some(lines)) => {
            let (n, who, lines) = (*n, build(who), lines.clone());
            op(move |e| {
                let player = number(who.get(e)?)?;
                if n < 1 {
                    return Some(Val::bool(false));
                }
                let mine = e.mine(player);
                Some(Val::bool(lines.iter().any(|&l| l & !mine == 0)))
            })
        }
        &Sx::Empty(Where::Cell(bit)) => op(move |e| Some(Val::bool(e.s.cell(bit).is_none()))),
        &Sx::Empty(Where::Pile(i)) => op(move |e| Some(Val::bool(*e.s.totals.get(i)? == 0))),
        &Sx::Trigger(t) => op(move |e| e.trigger(t)),
        Sx::Caught(slot, of) => {
            let (slot, of) = (*slot, of.clone());
            op(move |e| {
                let p = e.place(*e.slots.get(slot)?)?;
                *of.get(usize::from(p))?
            })
        }
        Sx::Can(rule, player) => {
            let rule = *rule;
            match player {
                None => op(move |e| Some(Val::bool((e.can)(rule, None)?))),
                Some(p) => {
                    let p = build(p);
                    op(move |e| {
                        let v = p.get(e)?;
                        let p = e.player_number(v)?;
                        Some(Val::bool((e.can)(rule, Some(p))?))
                    })
                }
            }
        }
    }
}

/// `a op b`; a number written as it stands on the right is not looked
/// at again, and sides read in place ([`Side`]) are read by the part
/// itself.
fn binary(o: BinOp, a: &Sx, b: &Sx) -> Op {
    if let (Some(x), Some(y)) = (Side::of(a), Side::of(b)) {
        return match o {
            BinOp::Eq | BinOp::Ne => {
                let eq = o == BinOp::Eq;
                op(move |e| {
                    let (x, y) = (x.get(e)?, y.get(e)?);
                    Some(Val::bool(e.equal(x, y)? == eq))
                })
            }
            o => op(move |e| {
                let (x, y) = (x.get(e)?, y.get(e)?);
                arithmetic(o, number(x)?, number(y)?)
            }),
        };
    }
    let a = build(a);
    match (o, b) {
        (BinOp::Eq | BinOp::Ne, b) => {
            let (eq, b) = (o == BinOp::Eq, build(b));
            op(move |e| {
                let (x, y) = (a.get(e)?, b.get(e)?);
                Some(Val::bool(e.equal(x, y)? == eq))
            })
        }
        (o, b) => match b.number() {
            Some(n) => op(move |e| arithmetic(o, number(a.get(e)?)?, n)),
            None => {
                let b = build(b);
                op(move |e| {
                    let (x, y) = (a.get(e)?, b.get(e)?);
                    arithmetic(o, number(x)?, number(y)?)
                })
            }
        },
    }
}

/// A function of the expression language, its arguments worked out in
/// order.
fn call(f: Function, args: Vec<Op>) -> Op {
    let mut args = args.into_iter();
    let Some(a) = args.next() else {
        return op(|_| None);
    };
    let (b, c) = (args.next(), args.next());
    match f {
        Function::Count => op(move |e| match a.get(e)?.held() {
            Held::List(seq) => Some(Val::num(seq.len() as i32)),
            _ => None,
        }),
        Function::Empty => op(move |e| {
            let v = a.get(e)?;
            match v.as_list() {
                Some(seq) => Some(Val::bool(seq.len() == 0)),
                None => Some(Val::bool(e.empty_place(v)?)),
            }
        }),
        Function::First | Function::Last => {
            let first = f == Function::First;
            op(move |e| match a.get(e)?.held() {
                Held::List(seq) if seq.len() > 0 => seq.item(if first { 0 } else { seq.len() - 1 }, e.rules),
                _ => None,
            })
        }
        Function::Abs => op(move |e| Some(Val::num(number(a.get(e)?)?.checked_abs()?))),
        Function::Numbers => match b {
            Some(b) => op(move |e| {
                let first = a.get(e)?;
                shape::numbers(first, b.get(e)?)
            }),
            None => op(|_| None),
        },
        Function::Item => match b {
            Some(b) => op(move |e| {
                let list = a.get(e)?;
                shape::item(e.rules, list, b.get(e)?)
            }),
            None => op(|_| None),
        },
        Function::World(w) => world(w, a, b, c),
        _ => op(|_| None),
    }
}

/// A side of a comparison or a sum that the part reads itself, with no
/// call of its own: a leaf, `row`, `column`, `owner` or `type` of a leaf,
/// a trigger's value or a fact such as `last_to`. Checkers' `row(to) =
/// last_row` is then one call, not two: an indirect call costs more in
/// WebAssembly than natively.
enum Side {
    Leaf(Op),
    About(WorldFn, Op),
    Trigger(usize),
    Special(Special),
}

impl Side {
    fn of(x: &Sx) -> Option<Side> {
        // Built only once known to be a leaf: a part built here and then
        // built again by `binary` would cost twice its parts' time, at
        // every depth.
        let leaf = |x: &Sx| {
            matches!(
                x,
                Sx::Val(_) | Sx::Slot(_) | Sx::Special(Special::Player | Special::Opponent) | Sx::ByPlayer(_)
            )
            .then(|| build(x))
        };
        match x {
            &Sx::Trigger(t) => Some(Side::Trigger(t)),
            &Sx::Special(s) => Some(leaf(x).map_or(Side::Special(s), Side::Leaf)),
            Sx::Call(
                Function::World(w @ (WorldFn::Row | WorldFn::Column | WorldFn::Owner | WorldFn::Type)),
                args,
            ) => match &args[..] {
                [arg] => Some(Side::About(*w, leaf(arg)?)),
                _ => None,
            },
            x => leaf(x).map(Side::Leaf),
        }
    }

    #[inline(always)]
    fn get(&self, e: &mut Eval) -> Option<Val> {
        match self {
            Side::Leaf(x) => x.get(e),
            Side::About(w, x) => {
                let v = x.get(e)?;
                about(*w, e, v)
            }
            &Side::Trigger(t) => e.trigger(t),
            &Side::Special(s) => e.special(s),
        }
    }
}

/// `w` of `v`, `w` one of `row`, `column`, `owner` and `type`.
#[inline(always)]
fn about(w: WorldFn, e: &mut Eval, v: Val) -> Option<Val> {
    match w {
        WorldFn::Row => Some(Val::num(i32::from(e.row_column(v)?.0))),
        WorldFn::Column => Some(Val::num(i32::from(e.row_column(v)?.1))),
        WorldFn::Owner => Some(Val::num(e.owner(v)?)),
        _ => match e.figure(v) {
            Some((_, k)) => Some(Val::kind(e.m.kinds.get(k).kind)),
            None => shape::place_type(e.rules, e.texts, e.place(v)?),
        },
    }
}

fn world(w: WorldFn, a: Op, b: Option<Op>, c: Option<Op>) -> Op {
    match (w, b, c) {
        (WorldFn::Row | WorldFn::Column | WorldFn::Owner | WorldFn::Type, _, _) => op(move |e| {
            let v = a.get(e)?;
            about(w, e, v)
        }),
        (WorldFn::Top, _, _) => op(move |e| {
            let v = a.get(e)?;
            e.top(v)
        }),
        (WorldFn::Squares, _, _) => op(move |e| {
            let v = a.get(e)?;
            shape::squares(e.rules, e.texts, v)
        }),
        (WorldFn::Neighbours, _, _) => op(move |e| {
            let v = a.get(e)?;
            shape::neighbours(e.rules, e.place(v)?)
        }),
        (WorldFn::Lines, _, _) => op(move |e| {
            let v = a.get(e)?;
            shape::lines(e.rules, e.place(v)?)
        }),
        (WorldFn::Square, Some(b), Some(c)) => op(move |e| {
            let (board, row) = (a.get(e)?, b.get(e)?);
            let column = c.get(e)?;
            shape::square(e.rules, e.texts, board, row, column)
        }),
        (WorldFn::Neighbour | WorldFn::Line, Some(b), _) => {
            let next = w == WorldFn::Neighbour;
            op(move |e| {
                let v = a.get(e)?;
                let spot = e.square(v)?;
                let i = b.get(e)?.as_text()?;
                let (dr, dc) = direction_of(i)?;
                if next {
                    e.neighbour(spot, dr, dc)
                } else {
                    e.line(spot, dr, dc)
                }
            })
        }
        (WorldFn::Between, Some(b), _) => op(move |e| {
            let (x, y) = (a.get(e)?, b.get(e)?);
            shape::between(e.rules, e.place(x)?, e.place(y)?)
        }),
        (WorldFn::InARow, Some(b), Some(c)) => op(move |e| {
            let on = a.get(e)?;
            if let Some((points, through)) = shape::points_of(e.rules, e.texts, on) {
                let (n, player) = (b.get(e)?.as_num()?, c.get(e)?.as_num()?);
                return e.in_a_row_of_points(points, through, n, player);
            }
            let (Held::Text(i), Held::Num(n), Held::Num(player)) =
                (on.held(), b.get(e)?.held(), c.get(e)?.held())
            else {
                return None;
            };
            let Element::Grid(g) = e.texts.get(i as usize)?.element? else {
                return None;
            };
            // On the machine's board only, whose squares hold one figure.
            e.m.b.filter(|&b| e.rules.bitboards.of_grid(g) == Some(b))?;
            Some(Val::bool(e.in_a_row(n, player)?))
        }),
        (WorldFn::Can, b, _) => op(move |e| {
            let i = a.get(e)?.as_text()?;
            let player = match &b {
                Some(p) => {
                    let p = p.get(e)?;
                    Some(e.player_number(p)?)
                }
                None => None,
            };
            let rule = e.texts.get(i as usize)?.rule?;
            (e.can)(rule, player).map(Val::bool)
        }),
        (WorldFn::Value, _, _) => op(move |e| {
            let t = a.get(e)?.as_text()?;
            match e.texts.get(t as usize)?.element? {
                Element::Trigger(t) => e.trigger(t as usize),
                _ => None,
            }
        }),
        _ => op(|_| None),
    }
}

/// The slot `x` where a quantifier is `any t in list where x = t` (or `t =
/// x`): `x in list`.
pub(super) fn member(kind: Quantity, until: bool, slot: usize, condition: &Sx) -> Option<usize> {
    match (kind, until, condition) {
        (Quantity::Any, false, Sx::Binary(BinOp::Eq, a, b)) => match (&**a, &**b) {
            (&Sx::Slot(x), &Sx::Slot(t)) | (&Sx::Slot(t), &Sx::Slot(x)) if t == slot && x != slot => Some(x),
            _ => None,
        },
        _ => None,
    }
}

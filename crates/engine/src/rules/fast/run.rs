//! What a compiled condition reads while it runs: its slots, the
//! position, and the game facts over ids that its closures ask for.

use super::{Ask, Held, Out, Seq, Text, Val, EMPTY, FIXED_TEXTS, SLOTS};
use crate::expr::{BinOp, Quantity, Special, Value};
use crate::rules::{Element, FigureId, GridSpot, PlaceId, Rules};
use crate::state::State;
use crate::world::index_in;

/// One run of a compiled condition.
pub(in crate::rules) struct Run<'r, 'a, 'v> {
    pub(super) texts: &'r [Text],
    pub(super) rules: &'r Rules,
    pub(super) state: &'r State,
    pub(super) ask: &'r Ask<'a, 'v>,
    /// The rule's variables and the names bound inside the condition.
    pub(super) slots: [Val; SLOTS],
}

/// A value as yes or no.
pub(crate) fn truth(v: Val) -> Option<bool> {
    v.as_bool()
}

/// A value as a number.
pub(crate) fn number(v: Val) -> Option<i32> {
    v.as_num()
}

impl Run<'_, '_, '_> {
    pub(super) fn slot(&self, i: usize) -> Out {
        self.slots.get(i).copied()
    }

    pub(super) fn set(&mut self, i: usize, v: Val) -> Option<()> {
        *self.slots.get_mut(i)? = v;
        Some(())
    }

    /// A rule variable other than `figure`, `from` and `to` (a capture).
    pub(super) fn capture(&self, i: usize) -> Out {
        match self.ask.vars.get(i)? {
            Value::Number(n) => i32::try_from(*n).ok().map(Val::num),
            Value::Bool(b) => Some(Val::bool(*b)),
            v @ Value::Text(_) => index_in(&self.rules.place_texts, v).map(|p| Val::place(p as PlaceId)),
            Value::List(_) => None,
        }
    }

    pub(super) fn special(&self, s: Special) -> Out {
        let (rules, state) = (self.rules, self.state);
        let me = state.to_move();
        let last = state.made().last();
        let or_empty = |v: Option<Val>| v.unwrap_or(Val::text(EMPTY));
        Some(match s {
            Special::Player => Val::num(me as i32),
            Special::Opponent => Val::num(rules.other(me) as i32),
            Special::Next => Val::num(rules.next(me) as i32),
            Special::Previous => Val::num(rules.previous(me) as i32),
            Special::Repetitions => Val::num(i32::try_from(state.repetitions()).ok()?),
            Special::LastTo => or_empty(last.map(|m| Val::place(m.to))),
            Special::LastFrom => or_empty(last.map(|m| Val::place(m.from))),
            Special::LastFigure => or_empty(last.map(|m| Val::figure(m.figure))),
            Special::Directions => Val::list(Seq::Directions { first: 0, len: 8 }),
            Special::Straight => Val::list(Seq::Directions { first: 0, len: 4 }),
            Special::Diagonal => Val::list(Seq::Directions { first: 4, len: 4 }),
            Special::Steps => return None,
        })
    }

    pub(super) fn text(&self, i: u32) -> Option<&Text> {
        self.texts.get(i as usize)
    }

    /// The text a name stands for.
    fn name(&self, v: Val) -> Option<&str> {
        let rules = self.rules;
        Some(match v.held() {
            Held::Place(p) => rules.place_name(p),
            Held::Figure(f) => rules.figure_name(f),
            Held::Kind(k) => rules.types.get(k as usize)?,
            Held::Text(i) => &self.text(i)?.text,
            _ => return None,
        })
    }

    /// Whether two names are the same text (two elements may share one).
    fn same_name(&self, a: Val, b: Val) -> Option<bool> {
        Some(a == b || self.name(a)? == self.name(b)?)
    }

    pub(super) fn equal(&self, a: Val, b: Val) -> Option<bool> {
        match (a.held(), b.held()) {
            (Held::Num(x), Held::Num(y)) => Some(x == y),
            (Held::Bool(x), Held::Bool(y)) => Some(x == y),
            (Held::Num(_), Held::Bool(_)) | (Held::Bool(_), Held::Num(_)) => Some(false),
            // The texts every condition keeps at the same place.
            (Held::Text(x), Held::Text(y)) if x < FIXED_TEXTS && y < FIXED_TEXTS => Some(x == y),
            (Held::Bool(_), Held::Place(_) | Held::Figure(_) | Held::Kind(_) | Held::Text(_))
            | (Held::Place(_) | Held::Figure(_) | Held::Kind(_) | Held::Text(_), Held::Bool(_)) => {
                Some(false)
            }
            (Held::List(_), _) | (_, Held::List(_)) | (Held::Num(_), _) | (_, Held::Num(_)) => None,
            _ => self.same_name(a, b),
        }
    }

    /// `kind` over `seq`, the item in `slot` while `condition` is asked.
    pub(super) fn quantify(
        &mut self,
        kind: Quantity,
        slot: usize,
        until: bool,
        seq: Seq,
        condition: &impl Fn(&mut Self) -> Out,
    ) -> Out {
        tally(self, self.rules, kind, until, seq, |r, item| {
            r.set(slot, item)?;
            condition(r)
        })
    }

    /// `kind` over the places of `seq` (a line or a board's squares), each
    /// asked `test` as it stands, with no slot set: a quantifier whose
    /// condition only looks at what is on its item
    /// (a `Test` of [`super::ops`]). Gives up at an item that is not a
    /// place, and over a `sum`.
    pub(super) fn scan(
        &mut self,
        kind: Quantity,
        until: bool,
        seq: Seq,
        test: impl Fn(&Self, PlaceId) -> Option<bool>,
    ) -> Out {
        tally(self, self.rules, kind, until, seq, |r, item| match item.held() {
            Held::Place(p) => test(r, p).map(Val::bool),
            _ => None,
        })
    }

    /// The place a value names: a place, or a text naming one.
    pub(super) fn place(&self, v: Val) -> Option<PlaceId> {
        match v.held() {
            Held::Place(p) => Some(p),
            Held::Text(i) => match self.text(i)?.element? {
                Element::Place(p) => Some(p),
                _ => None,
            },
            _ => None,
        }
    }

    /// The figure a value names: a figure, or a text naming one.
    pub(super) fn figure(&self, v: Val) -> Option<FigureId> {
        match v.held() {
            Held::Figure(f) => Some(f),
            Held::Text(i) => match self.text(i)?.element? {
                Element::Figure(f) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }

    /// A square of a board or track (not a point of a points board).
    pub(super) fn square(&self, v: Val) -> Option<GridSpot> {
        let p = self.place(v)?;
        self.rules.places.get(p as usize)?.grid
    }

    pub(super) fn direction(&self, v: Val) -> Option<(i64, i64)> {
        match v.held() {
            Held::Text(i) => super::direction_of(i),
            _ => None,
        }
    }

    /// `owner(v)`: of a figure, or of the top figure of a place unless the
    /// place has an owner of its own; 0 for nothing.
    pub(super) fn owner(&self, v: Val) -> Out {
        let state = self.state;
        Some(Val::num(match v.held() {
            Held::Text(EMPTY) => 0,
            Held::Figure(f) => state.owner_of(f) as i32,
            _ => self.owner_at(self.place(v)?)?,
        }))
    }

    /// `owner(p)` of a place: its own owner, or its top figure's; 0 for
    /// nothing.
    #[inline(always)]
    pub(super) fn owner_at(&self, p: PlaceId) -> Option<i32> {
        let state = self.state;
        Some(match self.rules.places.get(p as usize)?.owner {
            0 => state.on(p).last().map_or(0, |&f| state.owner_of(f) as i32),
            owner => owner as i32,
        })
    }

    /// `in_a_row(board, n, player)` on a board or track; the line found is
    /// kept in the view, as the general evaluator keeps it.
    pub(super) fn in_a_row(&self, board: Val, n: Val, who: Val) -> Out {
        if let Some((points, through)) = super::shape::points_of(self.rules, self.texts, board) {
            let (n, player) = (n.as_num()?, who.as_num()?);
            let state = self.state;
            let owns = |q: PlaceId| {
                state
                    .on(q)
                    .iter()
                    .any(|&f| i32::from(state.owner_of(f)) == player)
            };
            let n = usize::try_from(n).unwrap_or(0).min(crate::expr::MAX_ITEMS);
            let run = points.run(through, n, owns);
            let found = run.is_some();
            if let Some(run) = run {
                *self.ask.view.line.borrow_mut() = run;
            }
            return Some(Val::bool(found));
        }
        let (Held::Text(i), Held::Num(n), Held::Num(player)) = (board.held(), n.held(), who.held()) else {
            return None;
        };
        let n = i64::from(n);
        let Some(Element::Grid(g)) = self.text(i)?.element else {
            return None;
        };
        let (rules, state) = (self.rules, self.state);
        let gi = g as usize;
        let g = rules.grids.get(gi)?;
        if n < 1 {
            return Some(Val::bool(false));
        }
        let Some(start) = super::row::first_line(rules, gi, n, state, player) else {
            return Some(Val::bool(false));
        };
        *self.ask.view.line.borrow_mut() = super::row::line_places(g, start, n);
        Some(Val::bool(true))
    }
}

/// `a op b` for the operators on numbers (`=` and `!=` are
/// [`Run::equal`]).
pub(crate) fn arithmetic(op: BinOp, x: i32, y: i32) -> Out {
    Some(match op {
        BinOp::Lt => Val::bool(x < y),
        BinOp::Le => Val::bool(x <= y),
        BinOp::Gt => Val::bool(x > y),
        BinOp::Ge => Val::bool(x >= y),
        BinOp::Add => Val::num(x.checked_add(y)?),
        BinOp::Sub => Val::num(x.checked_sub(y)?),
        BinOp::Mul => Val::num(x.checked_mul(y)?),
        BinOp::Div => Val::num(x.checked_div(y)?),
        BinOp::Mod => Val::num(x.checked_rem_euclid(y)?),
        _ => return None,
    })
}

/// `kind` over `seq`, `value` giving what each item counts for (on `on`,
/// the run that asks): how every compiled quantifier goes through a list,
/// a `sum` adding numbers, an `until` stopping at the first that holds.
#[inline(always)]
pub(crate) fn tally<S>(
    on: &mut S,
    rules: &Rules,
    kind: Quantity,
    until: bool,
    seq: Seq,
    mut value: impl FnMut(&mut S, Val) -> Out,
) -> Out {
    let mut count = 0i32;
    for k in 0..seq.len() {
        let item = seq.item(k, rules)?;
        if kind == Quantity::Sum {
            count = count.checked_add(number(value(on, item)?)?)?;
            continue;
        }
        let holds = truth(value(on, item)?)?;
        if until {
            if holds {
                return Some(match kind {
                    Quantity::All => Val::list(seq.prefix(k)),
                    Quantity::HowMany => Val::num(k as i32),
                    _ => return None,
                });
            }
            continue;
        }
        match kind {
            Quantity::Any if holds => return Some(Val::bool(true)),
            Quantity::Every if !holds => return Some(Val::bool(false)),
            Quantity::First if holds => return Some(item),
            Quantity::HowMany if holds => count += 1,
            _ => {}
        }
    }
    Some(match kind {
        Quantity::Any => Val::bool(false),
        Quantity::Every => Val::bool(true),
        Quantity::First => Val::text(EMPTY),
        Quantity::HowMany if until => Val::num(seq.len() as i32),
        Quantity::HowMany | Quantity::Sum => Val::num(count),
        Quantity::All if until => Val::list(seq),
        Quantity::All => return None,
    })
}

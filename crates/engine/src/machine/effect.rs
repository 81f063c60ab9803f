//! A step rule's side effects on the machine's situation, as the compiled
//! effects ([`crate::rules::FastEffect`]) make them: `change owner of`,
//! `move`, `remove`, `change … to`, `set`, `if`, `for each` and blocks,
//! each value worked out over the situation as it is when it is reached.
//! Where the compiled effects give up (an error, a value of an unexpected
//! kind), so does the machine; and where a figure would be piled on a
//! square, which the machine does not hold.

use std::cell::Cell;

use super::handover::Handed;
use super::ops::{build, Op};
use super::situation::Situation;
use super::value::{Cx, Eval, Expr as SetExpr, SetOf, LOST};
use super::{Holds, Machine, Where};
use crate::expr::{Effect, Function, Quantity, Special, WorldFn, MAX_ITEMS, MAX_WORK};
use crate::rules::tree::{
    self, direction_of, fill_slot, inlined, named, statement, walk, Compiler, Counter, Held, Node, Reg,
    Statement, Text, Tri, Val, FIRST_DIRECTION, SLOTS,
};
use crate::rules::{Element, PlaceId, Rules, TriggerId, TypeId};
use crate::state::REMOVED;

/// The figure a statement changes.
#[derive(Clone)]
pub(super) struct Figure {
    op: Op,
    /// Where it is read straight from a name's slot (a `for each` item):
    /// that slot, which then names the figure where it went or as it
    /// became, as the name goes on naming the figure in the general
    /// engine.
    slot: Option<usize>,
}

/// A statement, its values ready to be worked out.
#[derive(Clone)]
pub(super) enum Act {
    Owner {
        figure: Figure,
        owner: Op,
    },
    Move {
        figure: Figure,
        from: Option<Op>,
        to: Op,
    },
    Remove {
        figure: Figure,
    },
    Kind {
        figure: Figure,
        kind: TypeId,
    },
    Set {
        trigger: TriggerId,
        value: Op,
    },
    If {
        condition: Op,
        then: Box<Act>,
        otherwise: Option<Box<Act>>,
    },
    Each {
        slot: usize,
        list: Op,
        body: Box<Act>,
        /// The work of one item, where it is counted as it runs.
        counted: Option<u64>,
    },
    /// `for each` figure on a place: a square of the board holds one at
    /// most, which the machine tells apart by where it is. On a pile,
    /// where figures are told apart only by kind, it goes through them
    /// where all are of one kind and each leaves the pile or changes
    /// through the item's name, nothing else taking one of that kind from
    /// the pile or putting one there ([`Doing::each_piled`]); else it gives
    /// up.
    EachOn {
        slot: usize,
        place: Op,
        body: Box<Act>,
    },
    Block(Vec<Act>),
    /// `if C then …` where C is about the step's target and worked out as
    /// sets: its set program, read at the target.
    IfAt {
        test: Box<SetOf>,
        then: Box<Act>,
        otherwise: Option<Box<Act>>,
    },
    /// `for each d in DIRECTIONS do if C(to, d) then` a change along a run
    /// from the target going `d` (`Bulk`), where each `C(to, d)` reads the
    /// board only going `d` from the target: no change of another
    /// direction's run can change its answer, so all are worked out at
    /// once, before any change, by one set program (Reversi's flips).
    Rays {
        tests: Box<SetOf>,
        thens: Vec<Act>,
        /// What every direction's run reads alike, worked out once.
        shared: Box<Shared>,
    },
    /// `for each s in ITEMS do` a change of the figure on `s` that reads
    /// nothing the changes change: all the items at once.
    Bulk {
        items: Box<Items>,
        change: Change,
    },
}

/// The squares of a line from a square (`from`, a value) going `d`, while
/// `cont` holds for them (worked out as sets; to the edge without).
#[derive(Clone)]
pub(super) struct Items {
    from: Op,
    d: usize,
    stop: Option<SetOf>,
}

/// What the runs of an [`Act::Rays`] all read the same way, worked out
/// once for all the directions that change: the condition that ends each
/// run, where it reads only the square itself and nothing that changes as
/// the game goes (a change along another direction changes no square of
/// this one), and the new owner (`player` and the like, which no change
/// along a run changes).
#[derive(Clone, Default)]
pub(super) struct Shared {
    stop: Option<Stop>,
    owner: Option<Op>,
}

/// Where the condition that ends every run is worked out.
#[derive(Clone)]
enum Stop {
    /// With the directions' conditions, as their program's result after
    /// theirs, read at every square: one program run for both.
    WithTests,
    /// In a set program of its own.
    Own(SetOf),
}

/// What a run of [`Act::Bulk`] is given instead of working it out: where
/// it starts, the squares it goes on over and the new owner.
#[derive(Clone, Copy, Default)]
struct Given {
    from: Option<PlaceId>,
    cont: Option<u64>,
    owner: Option<u8>,
}

/// A change of the figure on each square of a set.
#[derive(Clone)]
pub(super) enum Change {
    Owner(Op),
    Kind(TypeId),
    Remove,
}

/// A side effect compiled for the machine, with the texts it names.
#[derive(Clone)]
pub(super) struct Compiled {
    act: Act,
    texts: Vec<Text>,
    /// Its work as written, where a `for each` counts the rest as it runs.
    cost: u64,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled")
            .field("texts", &self.texts)
            .finish_non_exhaustive()
    }
}

/// The types effects can give figures, named as they stand, and whether
/// some effect changes a figure's owner: what kinds of figure the machine
/// must know. `None` where an effect names a type only when it runs.
pub(super) fn changes(rules: &Rules) -> Option<(Vec<TypeId>, bool)> {
    let mut types = Vec::new();
    let mut owners = false;
    let mut fixed = true;
    for e in rules.steps.iter().flat_map(|s| &s.effects) {
        e.visit(&mut |x| match x {
            Effect::Change { kind, .. } => match named(kind).and_then(|n| rules.type_id(n)) {
                Some(t) => types.push(t),
                None => fixed = false,
            },
            Effect::ChangeOwner { .. } => owners = true,
            _ => {}
        });
    }
    fixed.then_some((types, owners))
}

impl Compiled {
    /// `effect` of a step rule with `vars` variables, for the machine on
    /// board `b`; or why it can't be.
    pub(super) fn compile(
        effect: &Effect,
        rules: &Rules,
        vars: usize,
        (b, places): (Option<usize>, &[super::Where]),
        caught: &[Option<super::value::Caught>],
    ) -> Result<Compiled, String> {
        let mut texts: Vec<Text> = Vec::new();
        let mut c = Compiler::new(rules, &mut texts, vars, true);
        let (nodes, cost) =
            statement(&mut c, effect, vars, 0, &inlined).ok_or("an effect has no compiled form")?;
        // What the rule's patterns caught is read from `caught`; a part
        // asked of the general evaluator has no lowered form.
        if c.too_big || cost > u64::from(MAX_WORK) {
            return Err("an effect has no compiled form".into());
        }
        let cx = Cx {
            rules,
            texts: &texts,
            b,
            places,
            caught,
        };
        let act = nodes.lower(&cx)?;
        Ok(Compiled { act, texts, cost })
    }

    /// Runs the effect on `s`, with `e`'s slots and moved figure (which it
    /// keeps up to date); `None` to give up, perhaps partway.
    pub(super) fn run(&self, m: &Machine, rules: &Rules, s: &mut Situation, at: &mut At) -> Option<()> {
        Doing {
            m,
            rules,
            texts: &self.texts,
            work: Counter::new(self.cost),
            arrived: Cell::new(0),
        }
        .act(&self.act, s, at)
    }
}

/// Where a running effect is: the rule's slots, and the figure the step
/// moved (where it lies now and its kind).
pub(super) struct At {
    pub slots: [Val; SLOTS],
    pub moved: (PlaceId, u8),
    /// What the listing worked out for this effect's loop over directions.
    pub handed: Option<Handed>,
}

impl Compiled {
    /// Where the target condition `listing`, run over the whole board,
    /// works out what this effect's loop over directions asks first
    /// ([`Act::Rays`]): each direction's condition at the target, then the
    /// stop of the runs, where it is worked out with them; and how many
    /// directions. `None` unless the effect is such a loop and `listing`
    /// answers all of it.
    pub(super) fn rays_twins(&self, listing: &SetOf) -> Option<(Vec<Reg>, usize)> {
        let Act::Rays { tests, thens, shared } = &self.act else {
            return None;
        };
        let mut keep = (0..thens.len())
            .map(|i| tests.twin_ahead(i, listing))
            .collect::<Option<Vec<Reg>>>()?;
        if let Some(Stop::WithTests) = shared.stop {
            keep.push(tests.twin_elsewhere(thens.len(), listing)?);
        }
        Some((keep, thens.len()))
    }
}

#[cfg(test)]
impl Compiled {
    /// How many of its loops over directions flip all at once
    /// ([`Act::Rays`]).
    pub(super) fn rays(&self) -> usize {
        let mut n = 0;
        visit_rays(&self.act, &mut |_| n += 1);
        n
    }

    /// Of those loops, how many work out once for all directions the
    /// condition that ends each run (and of those, how many with the
    /// directions' conditions), and how many the new owner ([`Shared`]).
    pub(super) fn shared(&self) -> (usize, usize, usize) {
        let (mut stops, mut with_tests, mut owners) = (0, 0, 0);
        visit_rays(&self.act, &mut |shared| {
            stops += usize::from(shared.stop.is_some());
            with_tests += usize::from(matches!(shared.stop, Some(Stop::WithTests)));
            owners += usize::from(shared.owner.is_some());
        });
        (stops, with_tests, owners)
    }
}

/// Calls `f` with what each [`Act::Rays`] in `a` shares.
#[cfg(test)]
fn visit_rays(a: &Act, f: &mut dyn FnMut(&Shared)) {
    match a {
        Act::Rays { thens, shared, .. } => {
            f(shared);
            thens.iter().for_each(|t| visit_rays(t, f));
        }
        Act::If { then, otherwise, .. } | Act::IfAt { then, otherwise, .. } => {
            visit_rays(then, f);
            if let Some(o) = otherwise {
                visit_rays(o, f);
            }
        }
        Act::Each { body, .. } | Act::EachOn { body, .. } => visit_rays(body, f),
        Act::Block(all) => all.iter().for_each(|t| visit_rays(t, f)),
        _ => {}
    }
}

/// A statement lowered for the machine.
impl Statement {
    fn lower(&self, cx: &Cx) -> Result<Act, String> {
        let sx = |n: &Node| cx.sx(n).map(|x| build(&x));
        let figure = |n: &Node| {
            Ok::<_, String>(Figure {
                op: sx(n)?,
                slot: match n {
                    Node::Slot(slot) => Some(*slot),
                    _ => None,
                },
            })
        };
        if let Some(act) = self.by_sets(cx)? {
            return Ok(act);
        }
        Ok(match self {
            Statement::Owner(f, o) => Act::Owner {
                figure: figure(f)?,
                owner: sx(o)?,
            },
            Statement::Move(f, from, to) => Act::Move {
                figure: figure(f)?,
                from: from.as_ref().map(sx).transpose()?,
                to: sx(to)?,
            },
            Statement::Remove(f) => Act::Remove { figure: figure(f)? },
            Statement::Kind(f, kind) => Act::Kind {
                figure: figure(f)?,
                kind: *kind,
            },
            Statement::Set(t, v) => Act::Set {
                trigger: *t,
                value: sx(v)?,
            },
            Statement::If(c, then, otherwise) => Act::If {
                condition: sx(c)?,
                then: Box::new(then.lower(cx)?),
                otherwise: otherwise
                    .as_ref()
                    .map(|o| o.lower(cx).map(Box::new))
                    .transpose()?,
            },
            Statement::Each(slot, list, body, counted) => Act::Each {
                slot: *slot,
                list: sx(list)?,
                body: Box::new(body.lower(cx)?),
                counted: *counted,
            },
            // With no board every place is a pile, which the machine
            // holds as counts by kind and goes through as the general
            // engine's compiled conditions do, no faster: Fox and Geese's
            // playouts ran at half their speed there, Awele's at 1.06
            // times (a game that loops over a place's figures is most
            // often such a game).
            Statement::EachOn(..) if cx.b.is_none() => {
                return Err("it goes through the figures on a place, and has no board".into())
            }
            Statement::EachOn(slot, place, body) => Act::EachOn {
                slot: *slot,
                place: sx(place)?,
                body: Box::new(body.lower(cx)?),
            },
            Statement::Block(all) => Act::Block(all.iter().map(|a| a.lower(cx)).collect::<Result<_, _>>()?),
        })
    }

    /// The statement worked out as sets on the machine's board, where it
    /// has that form: `for each d in directions` written out for each
    /// direction; `if` of a condition about the target that goes along
    /// lines; `for each s in` a line or a run of one, changing the figure
    /// on each square the same way.
    fn by_sets(&self, cx: &Cx) -> Result<Option<Act>, String> {
        let Some(b) = cx.b else {
            return Ok(None);
        };
        Ok(match self {
            Statement::Each(slot, Node::Special(s), body, None) => {
                let dirs = match s {
                    Special::Directions => 0..8,
                    Special::Straight => 0..4,
                    Special::Diagonal => 4..8,
                    _ => return Ok(None),
                };
                let mut ones = Vec::new();
                for d in dirs {
                    let mut one = (**body).clone();
                    let direction = Node::Value(Val::text(FIRST_DIRECTION + d as u32));
                    one.nodes(&mut |n| fill_slot(n, *slot, &direction));
                    // The slot is no longer read: nothing binds it.
                    ones.push((d, one));
                }
                match rays(&ones, cx, b)? {
                    Some(rays) => Some(rays),
                    None => Some(Act::Block(
                        ones.iter()
                            .map(|(_, one)| one.lower(cx))
                            .collect::<Result<_, _>>()?,
                    )),
                }
            }
            Statement::If(c, then, otherwise) if goes_along(c) => {
                let Some(program) = tree::over_squares(c, TO, cx.rules, cx.texts, b) else {
                    return Ok(None);
                };
                let (test, _) =
                    SetExpr::set(program, cx.texts.to_vec(), cx.rules, (cx.b, cx.places), cx.caught)?;
                Some(Act::IfAt {
                    test: Box::new(test),
                    then: Box::new(then.lower(cx)?),
                    otherwise: otherwise
                        .as_ref()
                        .map(|o| o.lower(cx).map(Box::new))
                        .transpose()?,
                })
            }
            Statement::Each(slot, list, body, None) => {
                let (Some(change), Some((from, d, stop))) = (pointwise(body, *slot), line_of(list)) else {
                    return Ok(None);
                };
                let stop = match stop {
                    Some((t, until)) => match tree::over_squares(until, t, cx.rules, cx.texts, b) {
                        Some(program) => Some(
                            SetExpr::set(program, cx.texts.to_vec(), cx.rules, (cx.b, cx.places), cx.caught)?
                                .0,
                        ),
                        None => return Ok(None),
                    },
                    None => None,
                };
                let change = match change {
                    Pointwise::Owner(x) => Change::Owner(build(&cx.sx(x)?)),
                    Pointwise::Kind(t) => Change::Kind(t),
                    Pointwise::Remove => Change::Remove,
                };
                Some(Act::Bulk {
                    items: Box::new(Items {
                        from: build(&cx.sx(from)?),
                        d,
                        stop,
                    }),
                    change,
                })
            }
            _ => None,
        })
    }
}

/// The statements of `for each d in DIRECTIONS` written out for each
/// direction, as [`Act::Rays`] where they have its form: each `if C then
/// for each s in` a run from the target going that way, changing the
/// figure on each square the same way, and C read along that way alone.
fn rays(ones: &[(usize, Statement)], cx: &Cx, b: usize) -> Result<Option<Act>, String> {
    let mut tests = Vec::new();
    let mut thens = Vec::new();
    // The condition ending each direction's run and the new owner, where
    // every direction has the same.
    let mut stops = Vec::new();
    let mut owners = Vec::new();
    for (d, one) in ones {
        let Statement::If(c, then, None) = one else {
            return Ok(None);
        };
        let Statement::Each(slot, list, body, None) = &**then else {
            return Ok(None);
        };
        let (Some((Node::Slot(TO), e, stop)), Some(change)) = (line_of(list), pointwise(body, *slot)) else {
            return Ok(None);
        };
        if e != *d {
            return Ok(None);
        }
        stops.push(stop);
        owners.push(match change {
            Pointwise::Owner(x) => Some(x),
            _ => None,
        });
        let then = then.lower(cx)?;
        if !matches!(then, Act::Bulk { .. }) {
            return Ok(None);
        }
        tests.push(c.clone());
        thens.push(then);
    }
    fn alike<T: PartialEq>(all: &[T]) -> bool {
        all.windows(2).all(|w| w[0] == w[1])
    }
    // The directions' conditions as one set program, and the condition
    // that ends every run (where all have the same) as its result after
    // theirs, read at every square; `None` where it has no such form.
    let n = tests.len();
    let program_of = |stop: Option<Node>| -> Option<SetOf> {
        let conditions: Vec<Node> = tests.iter().cloned().chain(stop).collect();
        let mut program = tree::over_squares_each(&conditions, TO, cx.rules, cx.texts, b)?;
        if conditions.len() > n {
            program = program.read_everywhere(n);
        }
        let (set, _) =
            SetExpr::set(program, cx.texts.to_vec(), cx.rules, (cx.b, cx.places), cx.caught).ok()?;
        let along = ones.iter().enumerate().all(|(i, (d, _))| set.reads_along(i, *d));
        (along && (conditions.len() == n || set.reads_square_alone(n))).then_some(set)
    };
    let stop = match (alike(&stops), stops.first()) {
        (true, Some(&Some((t, until)))) => Some((t, until)),
        _ => None,
    };
    // The stop read of the target square instead of the run's: where it
    // does not read the target itself.
    let at_target = stop
        .filter(|&(t, until)| t != TO && !reads_slot(until, TO))
        .map(|(t, until)| {
            let mut at = until.clone();
            fill_slot(&mut at, t, &Node::Slot(TO));
            at
        });
    let mut shared = Shared::default();
    let tests = match at_target.and_then(|stop| program_of(Some(stop))) {
        Some(both) => {
            shared.stop = Some(Stop::WithTests);
            both
        }
        None => match program_of(None) {
            Some(tests) => tests,
            None => return Ok(None),
        },
    };
    if let (None, Some((t, until))) = (&shared.stop, stop) {
        let own = tree::over_squares(until, t, cx.rules, cx.texts, b)
            .map(|program| SetExpr::set(program, cx.texts.to_vec(), cx.rules, (cx.b, cx.places), cx.caught))
            .transpose()?;
        shared.stop = own
            .map(|(stop, _)| stop)
            .filter(|stop| stop.reads_square_alone(0))
            .map(Stop::Own);
    }
    if let (true, Some(Some(owner))) = (alike(&owners), owners.first()) {
        shared.owner = Some(build(&cx.sx(owner)?));
    }
    Ok(Some(Act::Rays {
        tests: Box::new(tests),
        thens,
        shared: Box::new(shared),
    }))
}

/// The slot of the step's target while an effect runs.
const TO: usize = 2;

/// Whether `n` reads the value in `slot`.
fn reads_slot(n: &Node, slot: usize) -> bool {
    let mut found = false;
    walk(n, &mut |p| found |= matches!(p, Node::Slot(x) if *x == slot));
    found
}

/// Whether a condition goes along lines or over a board (where working it
/// out as sets pays).
fn goes_along(n: &Node) -> bool {
    let mut found = false;
    walk(n, &mut |p| {
        found |= matches!(
            p,
            Node::Quantifier { .. } | Node::Call(Function::World(WorldFn::Line), _)
        )
    });
    found
}

/// What a statement of `for each s in …` does to the figure on `s`, where
/// it changes that figure only, the same way whatever the others are.
enum Pointwise<'a> {
    Owner(&'a Node),
    Kind(TypeId),
    Remove,
}

fn pointwise(body: &Statement, slot: usize) -> Option<Pointwise<'_>> {
    let on_item = |n: &Node| matches!(n, Node::Call(Function::World(WorldFn::Top), a) if matches!(a[..], [Node::Slot(s)] if s == slot));
    match body {
        Statement::Owner(f, x) if on_item(f) => match x {
            Node::Special(Special::Player | Special::Opponent | Special::Next | Special::Previous) => {
                Some(Pointwise::Owner(x))
            }
            Node::Value(v) if v.as_num().is_some() => Some(Pointwise::Owner(x)),
            _ => None,
        },
        Statement::Kind(f, t) if on_item(f) => Some(Pointwise::Kind(*t)),
        Statement::Remove(f) if on_item(f) => Some(Pointwise::Remove),
        _ => None,
    }
}

/// A line from a square: the square, the direction and, for a run, the
/// item's slot and the condition that ends it.
type LineOf<'a> = (&'a Node, usize, Option<(usize, &'a Node)>);

/// A list that is a line from a square (not read from the item's slot):
/// `line(s, d)`, or a run of one (`all t in line(s, d) until …`).
fn line_of(list: &Node) -> Option<LineOf<'_>> {
    fn line(n: &Node) -> Option<(&Node, usize)> {
        let Node::Call(Function::World(WorldFn::Line), args) = n else {
            return None;
        };
        let [from, Node::Value(v)] = &args[..] else {
            return None;
        };
        let i = v.as_text()?;
        direction_of(i)?;
        Some((from, (i - FIRST_DIRECTION) as usize))
    }
    match list {
        Node::Quantifier {
            kind: Quantity::All,
            slot,
            until: true,
            list,
            condition,
        } => {
            let (from, d) = line(list)?;
            Some((from, d, Some((*slot, &**condition))))
        }
        n => line(n).map(|(from, d)| (from, d, None)),
    }
}

/// One run of an effect.
struct Doing<'a> {
    m: &'a Machine,
    rules: &'a Rules,
    texts: &'a [Text],
    work: Counter,
    /// The piles and kinds a figure was put on, as bits ([`arrival`]),
    /// while a loop goes through a pile's figures ([`Doing::each_piled`]).
    arrived: Cell<u64>,
}

impl Doing<'_> {
    /// `f` asked with an evaluation on `s` as it is now, the effect's
    /// slots (a definition's or quantifier's values stay in them) and
    /// moved figure.
    fn eval<T>(&self, s: &Situation, at: &mut At, f: impl FnOnce(&mut Eval) -> T) -> T {
        let (m, rules) = (self.m, self.rules);
        let mut memo = super::steps::Memo::default();
        let mut can = |ri: usize, player: Option<u8>| m.can_now(rules, s, ri, player, &mut memo);
        let mut e = Eval {
            m,
            rules,
            s,
            texts: self.texts,
            slots: &mut at.slots,
            moved: at.moved,
            made: &s.made,
            player: s.to_move,
            can: &mut can,
            known: &mut super::once::Known::default(),
        };
        f(&mut e)
    }

    /// `x` worked out on `s` as it is now.
    fn value(&self, x: &Op, s: &Situation, at: &mut At) -> Option<Val> {
        self.eval(s, at, |e| x.get(e))
    }

    /// The figure `x` is: its value, where it lies and its kind, and
    /// whether it is surely the step's figure where that lies in the same
    /// place as the same kind (not where it is one of several alike
    /// figures on a pile).
    fn figure(&self, x: &Figure, s: &Situation, at: &mut At) -> Option<(Val, (PlaceId, u8), bool)> {
        let v = self.value(&x.op, s, at)?;
        let was = self.m.figure(s, v, at.moved)?;
        let sure = match v.held() {
            Held::Piled(p, k) => p != REMOVED && self.m.pile(p).is_some_and(|i| s.count(self.m, i, k) == 1),
            _ => true,
        };
        Some((v, was, sure))
    }

    /// After the figure `x` named by `v` was changed from `was` to `now`
    /// (where it lies, its kind): the step's figure, if it was that one,
    /// and the name it was read from follow it.
    fn changed(
        &self,
        x: &Figure,
        (v, was, sure): (Val, (PlaceId, u8), bool),
        now: (PlaceId, u8),
        at: &mut At,
    ) {
        if at.moved == was {
            at.moved = if sure { now } else { (LOST, now.1) };
        }
        if let (Some(slot), Held::On(_) | Held::Piled(..)) = (x.slot, v.held()) {
            if let Some(named) = at.slots.get_mut(slot) {
                *named = self.m.figure_value(now.0, now.1);
            }
        }
    }

    fn place(&self, x: &Op, s: &Situation, at: &mut At) -> Option<PlaceId> {
        match self.value(x, s, at)?.held() {
            Held::Place(p) => Some(p),
            Held::Text(i) => match self.texts.get(i as usize)?.element? {
                Element::Place(p) => Some(p),
                _ => None,
            },
            _ => None,
        }
    }

    fn act(&self, act: &Act, s: &mut Situation, at: &mut At) -> Option<()> {
        let m = self.m;
        match act {
            Act::Owner { figure, owner } => {
                let found = self.figure(figure, s, at)?;
                let (p, k) = found.1;
                let players = i32::from(self.rules.players);
                let n = match self.value(owner, s, at)?.held() {
                    Held::Num(n) if (0..=players).contains(&n) => n as u8,
                    _ => return None,
                };
                let to = m.kinds.with_owner(k, n)?;
                self.swap(s, p, k, to)?;
                self.changed(figure, found, (p, to), at);
            }
            Act::Move { figure, from, to } => {
                let found = self.figure(figure, s, at)?;
                let (p, k) = found.1;
                if let Some(from) = from {
                    if self.place(from, s, at)? != p {
                        return None;
                    }
                }
                let to = self.place(to, s, at)?;
                m.take(s, p, k)?;
                self.put(s, to, k)?;
                self.changed(figure, found, (to, k), at);
            }
            Act::Remove { figure } => {
                let found = self.figure(figure, s, at)?;
                let (p, k) = found.1;
                m.take(s, p, k)?;
                self.changed(figure, found, (REMOVED, k), at);
            }
            &Act::Kind { ref figure, kind } => {
                let found = self.figure(figure, s, at)?;
                let (p, k) = found.1;
                let to = m.kinds.with_type(k, kind)?;
                self.swap(s, p, k, to)?;
                self.changed(figure, found, (p, to), at);
            }
            &Act::Set { trigger, ref value } => {
                let v = self.value(value, s, at)?;
                let v = match m.triggers.get(trigger as usize)? {
                    Holds::Number => v.as_num()?,
                    Holds::YesNo => i32::from(v.as_bool()?),
                };
                *s.triggers.get_mut(trigger as usize)? = v;
            }
            Act::If {
                condition,
                then,
                otherwise,
            } => {
                let holds = self.value(condition, s, at)?.as_bool()?;
                match (holds, otherwise) {
                    (true, _) => self.act(then, s, at)?,
                    (false, Some(o)) => self.act(o, s, at)?,
                    (false, None) => {}
                }
            }
            &Act::Each {
                slot,
                ref list,
                ref body,
                counted,
            } => {
                let seq = self.value(list, s, at)?.as_list()?;
                if seq.len() > MAX_ITEMS || counted.is_some_and(|each| !self.work.spend(seq.len(), each)) {
                    return None;
                }
                // The list is where it starts and how it goes: the same
                // items however the situation changes while they are gone
                // through.
                for k in 0..seq.len() {
                    *at.slots.get_mut(slot)? = seq.item(k, self.rules)?;
                    self.act(body, s, at)?;
                }
            }
            &Act::EachOn {
                slot,
                ref place,
                ref body,
            } => {
                let p = self.place(place, s, at)?;
                match (m.cell(p), m.pile(p)) {
                    (Some(bit), _) => {
                        if s.cell(bit).is_some() {
                            *at.slots.get_mut(slot)? = Val::on(p);
                            self.act(body, s, at)?;
                        }
                    }
                    (None, Some(i)) => self.each_piled(slot, body, (p, i), s, at)?,
                    _ => return None,
                }
            }
            Act::Block(all) => {
                for a in all {
                    self.act(a, s, at)?;
                }
            }
            Act::IfAt {
                test,
                then,
                otherwise,
            } => {
                let to = at.slots[TO].as_place()?;
                let bit = m.board.bit(to)?;
                let t = self.eval(s, at, |e| e.run_at(test, bit))?;
                if t.err & bit != 0 {
                    return None;
                }
                match (t.yes & bit != 0, otherwise) {
                    (true, _) => self.act(then, s, at)?,
                    (false, Some(o)) => self.act(o, s, at)?,
                    (false, None) => {}
                }
            }
            Act::Rays { tests, thens, shared } => {
                let to = at.slots[TO].as_place()?;
                let bit = m.board.bit(to)?;
                // Each direction's condition, and the stop after them
                // where it is worked out with them.
                let mut results = [Tri { yes: 0, err: 0 }; 9];
                let with_tests = usize::from(matches!(shared.stop, Some(Stop::WithTests)));
                let results = results.get_mut(..thens.len() + with_tests)?;
                // Worked out by the listing, where the board has not
                // changed since but at the target.
                let handed = at.handed.take();
                if handed.and_then(|h| h.fill(&s.bits, bit, results)).is_none() {
                    self.eval(s, at, |e| e.run_each_at(tests, bit, results))?;
                }
                let (found, stop) = results.split_at(thens.len());
                if found.iter().any(|t| t.err & bit != 0) {
                    return None;
                }
                // Every run starts at the target; what all read alike is
                // worked out once, before the first changes.
                let mut given = Given {
                    from: Some(to),
                    ..Given::default()
                };
                if found.iter().any(|t| t.yes & bit != 0) {
                    given.cont = match (&shared.stop, stop) {
                        (Some(Stop::Own(stop)), _) => Some(self.cont(Some(stop), s, at)?),
                        (Some(Stop::WithTests), [t]) if t.err == 0 => Some(m.board.all & !t.yes),
                        (Some(Stop::WithTests), _) => return None,
                        (None, _) => None,
                    };
                    if let Some(x) = &shared.owner {
                        given.owner = Some(self.owner(x, s, at)?);
                    }
                }
                for (t, then) in found.iter().zip(thens) {
                    if t.yes & bit != 0 {
                        match then {
                            Act::Bulk { items, change } => self.bulk(items, change, s, at, given)?,
                            _ => self.act(then, s, at)?,
                        }
                    }
                }
            }
            Act::Bulk { items, change } => self.bulk(items, change, s, at, Given::default())?,
        }
        Some(())
    }

    /// The squares a run goes on over: those where its `stop` condition
    /// does not hold (every square without one).
    fn cont(&self, stop: Option<&SetOf>, s: &Situation, at: &mut At) -> Option<u64> {
        let all = self.m.board.all;
        let Some(stop) = stop else {
            return Some(all);
        };
        let t = self.run(stop, s, at)?;
        (t.err == 0).then_some(all & !t.yes)
    }

    /// A new owner: a player's number, or 0 for nobody.
    fn owner(&self, x: &Op, s: &Situation, at: &mut At) -> Option<u8> {
        match self.value(x, s, at)?.held() {
            Held::Num(n) if (0..=i32::from(self.rules.players)).contains(&n) => Some(n as u8),
            _ => None,
        }
    }

    /// `for each s in ITEMS do` a change of the figure on `s`, all the
    /// items at once, with what is `given` not worked out again.
    fn bulk(
        &self,
        items: &Items,
        change: &Change,
        s: &mut Situation,
        at: &mut At,
        given: Given,
    ) -> Option<()> {
        let m = self.m;
        let from = match given.from {
            Some(from) => from,
            None => self.place_value(&items.from, s, at)?,
        };
        let start = m.board.bit(from)?;
        let cont = match given.cont {
            Some(cont) => cont,
            None => self.cont(items.stop.as_ref(), s, at)?,
        };
        // The run: each next square while it goes on.
        let mut all = 0u64;
        let mut next = m.board.ahead(start, items.d) & cont;
        while next != 0 {
            all |= next;
            next = m.board.ahead(next, items.d) & cont;
        }
        // Every square of it must hold a figure to change.
        if all & !s.bits.filled != 0 {
            return None;
        }
        let to = match (change, given.owner) {
            (Change::Owner(_), Some(owner)) => Some(owner),
            (Change::Owner(x), None) => Some(self.owner(x, s, at)?),
            _ => None,
        };
        let mut squares = all;
        // The kind the last kind changed became: a run is most often of
        // one kind.
        let mut last: Option<(u8, u8)> = None;
        while squares != 0 {
            let bit = squares.trailing_zeros();
            squares &= squares - 1;
            let p = m.board.place(bit);
            let k = s.cell(bit)?;
            let becomes = match (change, last) {
                (Change::Remove, _) => {
                    m.take(s, p, k)?;
                    if at.moved == (p, k) {
                        at.moved.0 = REMOVED;
                    }
                    continue;
                }
                (_, Some((was, becomes))) if was == k => becomes,
                (Change::Owner(_), _) => m.kinds.with_owner(k, to?)?,
                (Change::Kind(t), _) => m.kinds.with_type(k, *t)?,
            };
            last = Some((k, becomes));
            s.change_cell(m, bit, becomes);
            if at.moved == (p, k) {
                at.moved.1 = becomes;
            }
        }
        Some(())
    }

    /// A set program run on `s` as it is now, its parts read with the
    /// effect's slots.
    fn run(&self, set: &SetOf, s: &Situation, at: &mut At) -> Option<Tri> {
        self.eval(s, at, |e| e.run(set))
    }

    /// The place a value names.
    fn place_value(&self, x: &Op, s: &Situation, at: &mut At) -> Option<PlaceId> {
        self.place(x, s, at)
    }

    /// The figure of kind `k` on `p` becomes of kind `to` (in the box,
    /// where figures are not counted, only its name changes).
    fn swap(&self, s: &mut Situation, p: PlaceId, k: u8, to: u8) -> Option<()> {
        if p == REMOVED {
            return Some(());
        }
        self.m.take(s, p, k)?;
        self.put(s, p, to)
    }

    /// Puts a figure of kind `k` on `p`, noting it in [`Doing::arrived`]
    /// where `p` is a pile.
    fn put(&self, s: &mut Situation, p: PlaceId, k: u8) -> Option<()> {
        if self.m.pile(p).is_some() {
            self.arrived.set(self.arrived.get() | arrival(p, k));
        }
        self.m.put(s, p, k)
    }

    /// `for each` figure on pile `i` (place `p`), each named in `slot`.
    ///
    /// The general engine goes through the figures that lay there when
    /// the loop began, one by one, by name. The machine counts figures by
    /// kind; it goes through them only where it can tell that each of its
    /// items is one of those the general engine has still to go through:
    /// all are of one kind; each item leaves the pile or changes kind
    /// through its name (which follows it, [`Doing::changed`]); and
    /// nothing else takes one of that kind from the pile (the count at
    /// each item is how many are left) or puts one there
    /// ([`Doing::arrived`]). Then the figures of that kind on the pile are
    /// always those still to go through, which nothing asked of them
    /// tells apart, and every item is as the general engine's. Else it
    /// gives up.
    fn each_piled(
        &self,
        slot: usize,
        body: &Act,
        (p, i): (PlaceId, usize),
        s: &mut Situation,
        at: &mut At,
    ) -> Option<()> {
        let m = self.m;
        let total = *s.totals.get(i)?;
        if total == 0 {
            return Some(());
        }
        let k = s.only_kind(i)?;
        let mark = arrival(p, k);
        let before = self.arrived.get();
        self.arrived.set(before & !mark);
        for left in (1..=total).rev() {
            if s.count(m, i, k) != left {
                return None;
            }
            let item = Val::piled(p, k);
            *at.slots.get_mut(slot)? = item;
            self.act(body, s, at)?;
            if at.slots[slot] == item || self.arrived.get() & mark != 0 {
                return None;
            }
        }
        if s.count(m, i, k) != 0 {
            return None;
        }
        self.arrived.set(self.arrived.get() | before);
        Some(())
    }
}

/// The bit of [`Doing::arrived`] for a figure of kind `k` put on `p`:
/// several share a bit, which can only make the machine give up.
fn arrival(p: PlaceId, k: u8) -> u64 {
    1 << ((u32::from(p) * 7 + u32::from(k)) % 64)
}

impl Machine {
    /// Takes a figure of kind `k` off place `p` (nothing for the box).
    pub(super) fn take(&self, s: &mut Situation, p: PlaceId, k: u8) -> Option<()> {
        if p == REMOVED {
            return Some(());
        }
        match *self.places.get(p as usize)? {
            Where::Cell(bit) => (s.take_cell(bit)? == k).then_some(()),
            Where::Pile(i) => {
                if s.count(self, i, k) == 0 {
                    return None;
                }
                s.tally(self, i, k, false);
                Some(())
            }
        }
    }

    /// Puts a figure of kind `k` on place `p` (into the box for
    /// [`REMOVED`]); `None` on a square already filled.
    pub(super) fn put(&self, s: &mut Situation, p: PlaceId, k: u8) -> Option<()> {
        if p == REMOVED {
            return Some(());
        }
        match *self.places.get(p as usize)? {
            Where::Cell(bit) => {
                if s.cell(bit).is_some() {
                    return None;
                }
                s.put_cell(self, bit, k);
                Some(())
            }
            Where::Pile(i) => {
                s.tally(self, i, k, true);
                Some(())
            }
        }
    }
}

//! Side effects compiled over ids: a step rule's `change owner of`,
//! `move`, `remove`, `change … to`, `set`, `if` and `for each`, their values
//! worked out by compiled conditions ([`super::ops`]).
//!
//! As with conditions, the compiled form answers only on the usual path.
//! Where it gives up (an error, a value of an unexpected kind) partway
//! through, the changes it made are undone by the caller and the general
//! runner runs the effect from the start, so the result, warnings
//! included, is always the general runner's. An effect is compiled only
//! when the general runner can never run out of work on it
//! ([`MAX_WORK`]): that is the one thing the compiled form does not count.

mod statement;

pub(crate) use statement::{named, statement, Counter, Statement};

use smallvec::SmallVec;

use super::compile::{Compiler, Node};
use super::ops::{arg, Arg};
use super::run::Run;
use super::share::shared;
use super::{no_slots, Ask, Held, Text, Val, SLOTS};
use crate::expr::{Effect, Value, MAX_ITEMS, MAX_WORK};
use crate::rules::{Element, FigureId, PlaceId, Rules, TriggerId, TypeId};
use crate::world::View;

/// A side effect compiled over ids.
#[derive(Clone)]
pub struct FastEffect {
    act: Act,
    /// The texts it names, each with what it names in the game.
    texts: Vec<Text>,
    /// Whether it reads the rule's variables as text: a capture, or a part
    /// the general evaluator answers.
    reads_vars: bool,
    /// Its work as written, where a `for each` counts the rest as it runs.
    cost: u64,
}

impl std::fmt::Debug for FastEffect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FastEffect")
            .field("texts", &self.texts)
            .finish_non_exhaustive()
    }
}

/// A statement, its values ready to be worked out.
#[derive(Clone)]
enum Act {
    Owner {
        figure: Arg,
        owner: Arg,
    },
    Move {
        figure: Arg,
        from: Option<Arg>,
        to: Arg,
    },
    Remove {
        figure: Arg,
    },
    Kind {
        figure: Arg,
        kind: TypeId,
    },
    Set {
        trigger: TriggerId,
        value: Arg,
    },
    If {
        condition: Arg,
        then: Box<Act>,
        otherwise: Option<Box<Act>>,
    },
    Each {
        slot: usize,
        list: Arg,
        body: Box<Act>,
        /// The work of one item, where it is counted as it runs.
        counted: Option<u64>,
    },
    /// `for each` figure on a place.
    EachOn {
        slot: usize,
        place: Arg,
        body: Box<Act>,
    },
    Block(Vec<Act>),
}

/// What a compiled effect changes, and the position it reads between
/// changes: the position being played, with its record of changes.
pub trait Alter {
    /// The position as expressions see it now.
    fn view(&self) -> View<'_>;
    fn set_owner(&mut self, f: FigureId, owner: u8);
    /// Moves `f` to `to` ([`crate::state::REMOVED`]: off the table).
    fn move_figure(&mut self, f: FigureId, to: PlaceId);
    fn set_kind(&mut self, f: FigureId, kind: TypeId);
    fn set_trigger(&mut self, t: TriggerId, value: Value);
}

impl FastEffect {
    /// `effect` of a step rule with `vars` variables compiled for `rules`;
    /// `None` when it has no compiled form, or the general runner could run
    /// out of work on it.
    pub fn compile(effect: &Effect, rules: &Rules, vars: usize) -> Option<FastEffect> {
        let mut texts: Vec<Text> = Vec::new();
        let mut c = Compiler::new(rules, &mut texts, vars, true);
        let (statement, cost) = statement(&mut c, effect, vars, 0, &|n| n)?;
        if c.too_big || cost > u64::from(MAX_WORK) {
            return None;
        }
        let act = ready(statement, vars);
        let reads_vars = c.reads_vars;
        Some(FastEffect {
            act,
            texts,
            reads_vars,
            cost,
        })
    }

    /// Whether it reads the rule's variables (beyond the step's `figure`,
    /// `from` and `to`): where it does not, it is run with none.
    pub fn reads_vars(&self) -> bool {
        self.reads_vars
    }

    /// Runs the effect of step `(figure, from, to)` on `game`, the rule's
    /// variables being `vars`; `None` when it gave up, perhaps after some
    /// changes, which the caller undoes.
    pub fn run(
        &self,
        rules: &Rules,
        game: &mut dyn Alter,
        vars: &[&Value],
        (f, from, to): (FigureId, PlaceId, PlaceId),
    ) -> Option<()> {
        let mut slots = no_slots();
        slots[0] = Val::figure(f);
        slots[1] = Val::place(from);
        slots[2] = Val::place(to);
        let mut doing = Doing {
            texts: &self.texts,
            rules,
            game,
            vars,
            slots,
            work: Counter::new(self.cost),
        };
        doing.act(&self.act)
    }
}

/// `s` made ready to run where `bound` slots are in use: each value, its
/// work and length bounded as written, shared (a list kept in a slot has
/// no known length) and turned into closures.
fn ready(s: Statement, bound: usize) -> Act {
    let arg_of = |n: Node| arg(&shared(n, bound));
    match s {
        Statement::Owner(f, o) => Act::Owner {
            figure: arg_of(f),
            owner: arg_of(o),
        },
        Statement::Move(f, from, to) => Act::Move {
            figure: arg_of(f),
            from: from.map(arg_of),
            to: arg_of(to),
        },
        Statement::Remove(f) => Act::Remove { figure: arg_of(f) },
        Statement::Kind(f, kind) => Act::Kind {
            figure: arg_of(f),
            kind,
        },
        Statement::Set(trigger, v) => Act::Set {
            trigger,
            value: arg_of(v),
        },
        Statement::If(c, then, otherwise) => Act::If {
            condition: arg_of(c),
            then: Box::new(ready(*then, bound)),
            otherwise: otherwise.map(|o| Box::new(ready(*o, bound))),
        },
        Statement::Each(slot, list, body, counted) => Act::Each {
            slot,
            list: arg_of(list),
            body: Box::new(ready(*body, bound + 1)),
            counted,
        },
        Statement::EachOn(slot, place, body) => Act::EachOn {
            slot,
            place: arg_of(place),
            body: Box::new(ready(*body, bound + 1)),
        },
        Statement::Block(all) => Act::Block(all.into_iter().map(|a| ready(a, bound)).collect()),
    }
}

/// One run of a compiled effect.
struct Doing<'a, 't, 'v> {
    texts: &'a [Text],
    rules: &'a Rules,
    game: &'t mut dyn Alter,
    vars: &'a [&'v Value],
    /// The rule's variables and the names `for each` binds.
    slots: [Val; SLOTS],
    work: Counter,
}

impl Doing<'_, '_, '_> {
    /// `a` worked out on the position as it is now, then read by `then`.
    fn value<T>(&self, a: &Arg, then: impl FnOnce(&Run, Val) -> Option<T>) -> Option<T> {
        let view = self.game.view();
        let ask = Ask {
            view: &view,
            vars: self.vars,
            step: None,
        };
        let mut run = Run {
            texts: self.texts,
            rules: self.rules,
            state: view.state,
            ask: &ask,
            slots: self.slots,
        };
        let v = a.get(&mut run)?;
        then(&run, v)
    }

    fn figure(&self, a: &Arg) -> Option<FigureId> {
        self.value(a, |r, v| r.figure(v))
    }

    fn place(&self, a: &Arg) -> Option<PlaceId> {
        self.value(a, |r, v| r.place(v))
    }

    fn act(&mut self, act: &Act) -> Option<()> {
        match act {
            Act::Owner { figure, owner } => {
                let f = self.figure(figure)?;
                let players = i32::from(self.rules.players);
                let n = self.value(owner, |_, v| match v.held() {
                    Held::Num(n) if (0..=players).contains(&n) => Some(n as u8),
                    _ => None,
                })?;
                self.game.set_owner(f, n);
            }
            Act::Move { figure, from, to } => {
                let f = self.figure(figure)?;
                if let Some(from) = from {
                    let p = self.place(from)?;
                    if self.game.view().state.place_of(f) != Some(p) {
                        return None;
                    }
                }
                let to = self.place(to)?;
                self.game.move_figure(f, to);
            }
            Act::Remove { figure } => {
                let f = self.figure(figure)?;
                self.game.move_figure(f, crate::state::REMOVED);
            }
            &Act::Kind { ref figure, kind } => {
                let f = self.figure(figure)?;
                self.game.set_kind(f, kind);
            }
            &Act::Set { trigger, ref value } => {
                let new = self.value(value, |_, v| match v.held() {
                    Held::Num(n) => Some(Value::Number(i64::from(n))),
                    Held::Bool(b) => Some(Value::Bool(b)),
                    _ => None,
                })?;
                // A trigger keeps the kind of value it has: the general
                // runner says so when it is not.
                let kind = std::mem::discriminant(&new);
                if self
                    .game
                    .view()
                    .state
                    .trigger(trigger)
                    .map(std::mem::discriminant)
                    != Some(kind)
                {
                    return None;
                }
                self.game.set_trigger(trigger, new);
            }
            Act::If {
                condition,
                then,
                otherwise,
            } => {
                let holds = self.value(condition, |_, v| v.as_bool())?;
                match (holds, otherwise) {
                    (true, _) => self.act(then)?,
                    (false, Some(o)) => self.act(o)?,
                    (false, None) => {}
                }
            }
            &Act::Each {
                slot,
                ref list,
                ref body,
                counted,
            } => {
                let seq = self.value(list, |_, v| Some(v))?.as_list()?;
                if seq.len() > MAX_ITEMS || counted.is_some_and(|each| !self.work.spend(seq.len(), each)) {
                    return None;
                }
                // A list is where it starts and how it goes: the items are
                // the same however the position changes while they are gone
                // through, as the general runner's list taken once, before.
                for k in 0..seq.len() {
                    self.slots[slot] = seq.item(k, self.rules)?;
                    self.act(body)?;
                }
            }
            &Act::EachOn {
                slot,
                ref place,
                ref body,
            } => {
                let p = self.place(place)?;
                // The figures on it taken once, before any is gone
                // through, as the general runner's list of them is.
                let on: SmallVec<[FigureId; 16]> = self.game.view().state.on(p).into();
                for f in on {
                    self.slots[slot] = Val::figure(f);
                    self.act(body)?;
                }
            }
            Act::Block(all) => {
                for a in all {
                    self.act(a)?;
                }
            }
        }
        Some(())
    }
}

/// Whether the game's names each name one element: a figure or a place
/// turned back into its name and looked up finds itself, as the general
/// runner finds it. Otherwise no effect is compiled.
pub fn names_are_unique(rules: &Rules) -> bool {
    let figures = (0..rules.figures.len() as FigureId)
        .all(|f| rules.element(rules.figure_name(f)) == Some(Element::Figure(f)));
    let places = (0..rules.places.len() as PlaceId)
        .all(|p| rules.element(rules.place_name(p)) == Some(Element::Place(p)));
    figures && places
}

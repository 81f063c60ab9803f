//! A step rule's side effects on the machine's situation, as the compiled
//! effects ([`crate::rules::FastEffect`]) make them: `change owner of`,
//! `move`, `remove`, `change … to`, `set`, `if`, `for each` and blocks,
//! each value worked out over the situation as it is when it is reached.
//! Where the compiled effects give up (an error, a value of an unexpected
//! kind), so does the machine; and where a figure would be piled on a
//! square, which the machine does not hold.

use super::ops::{build, Op};
use super::situation::Situation;
use super::value::{Cx, Eval};
use super::{Holds, Machine};
use crate::expr::{Effect, Expr, Resolved, Value, MAX_ITEMS, MAX_WORK};
use crate::rules::tree::{inlined, longest, work, Compiler, Node, Text, Val, SLOTS};
use crate::rules::{Element, PlaceId, Rules, TriggerId, TypeId};
use crate::state::REMOVED;

/// The deepest nesting of statements compiled.
const MAX_NESTING: u32 = 16;

/// A statement, its values ready to be worked out.
#[derive(Clone)]
pub(super) enum Act {
    Owner {
        figure: Op,
        owner: Op,
    },
    Move {
        figure: Op,
        from: Option<Op>,
        to: Op,
    },
    Remove {
        figure: Op,
    },
    Kind {
        figure: Op,
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
    },
    Block(Vec<Act>),
}

/// A side effect compiled for the machine, with the texts it names.
#[derive(Clone)]
pub(super) struct Compiled {
    act: Act,
    texts: Vec<Text>,
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
    ) -> Result<Compiled, String> {
        let mut texts: Vec<Text> = Vec::new();
        let mut c = Compiler::new(rules, &mut texts, vars, true);
        let (nodes, cost) = statement(&mut c, effect, vars, 0).ok_or("an effect has no compiled form")?;
        if c.too_big || c.reads_vars || cost > u64::from(MAX_WORK) {
            return Err("an effect has no compiled form".into());
        }
        let cx = Cx {
            rules,
            texts: &texts,
            b,
            places,
        };
        let act = nodes.lower(&cx)?;
        Ok(Compiled { act, texts })
    }

    /// Runs the effect on `s`, with `e`'s slots and moved figure (which it
    /// keeps up to date); `None` to give up, perhaps partway.
    pub(super) fn run(&self, m: &Machine, rules: &Rules, s: &mut Situation, at: &mut At) -> Option<()> {
        Doing {
            m,
            rules,
            texts: &self.texts,
        }
        .act(&self.act, s, at)
    }
}

/// Where a running effect is: the rule's slots, and the figure the step
/// moved (where it lies now and its kind).
pub(super) struct At {
    pub slots: [Val; SLOTS],
    pub moved: (PlaceId, u8),
}

/// A statement as trees over ids, before it is lowered for the machine.
enum Nodes {
    Owner(Node, Node),
    Move(Node, Option<Node>, Node),
    Remove(Node),
    Kind(Node, TypeId),
    Set(TriggerId, Node),
    If(Node, Box<Nodes>, Option<Box<Nodes>>),
    Each(usize, Node, Box<Nodes>),
    Block(Vec<Nodes>),
}

impl Nodes {
    fn lower(&self, cx: &Cx) -> Result<Act, String> {
        let sx = |n: &Node| cx.sx(n).map(|x| build(&x));
        Ok(match self {
            Nodes::Owner(f, o) => Act::Owner {
                figure: sx(f)?,
                owner: sx(o)?,
            },
            Nodes::Move(f, from, to) => Act::Move {
                figure: sx(f)?,
                from: from.as_ref().map(sx).transpose()?,
                to: sx(to)?,
            },
            Nodes::Remove(f) => Act::Remove { figure: sx(f)? },
            Nodes::Kind(f, kind) => Act::Kind {
                figure: sx(f)?,
                kind: *kind,
            },
            Nodes::Set(t, v) => Act::Set {
                trigger: *t,
                value: sx(v)?,
            },
            Nodes::If(c, then, otherwise) => Act::If {
                condition: sx(c)?,
                then: Box::new(then.lower(cx)?),
                otherwise: otherwise
                    .as_ref()
                    .map(|o| o.lower(cx).map(Box::new))
                    .transpose()?,
            },
            Nodes::Each(slot, list, body) => Act::Each {
                slot: *slot,
                list: sx(list)?,
                body: Box::new(body.lower(cx)?),
            },
            Nodes::Block(all) => Act::Block(all.iter().map(|a| a.lower(cx)).collect::<Result<_, _>>()?),
        })
    }
}

/// `e` compiled where `bound` slots are in use, and at most how much work
/// the general runner counts for it (as the compiled effects count it).
fn statement(c: &mut Compiler, e: &Effect, bound: usize, depth: u32) -> Option<(Nodes, u64)> {
    if depth > MAX_NESTING {
        return None;
    }
    let d = depth + 1;
    let rules = c.rules();
    let value = |c: &mut Compiler, e: &Expr| -> Option<(Node, u64)> {
        let n = c.node(e, bound, 0)?;
        let w = work(&n, rules)?;
        Some((inlined(n), w))
    };
    Some(match e {
        Effect::ChangeOwner { figure, owner } => {
            let (f, wf) = value(c, figure)?;
            let (o, wo) = value(c, owner)?;
            (Nodes::Owner(f, o), wf.saturating_add(wo))
        }
        Effect::Move { figure, from, to } => {
            let (f, wf) = value(c, figure)?;
            let from = match from {
                Some(p) => Some(value(c, p)?),
                None => None,
            };
            let (t, wt) = value(c, to)?;
            let wp = from.as_ref().map_or(0, |(_, w)| *w);
            (
                Nodes::Move(f, from.map(|(n, _)| n), t),
                wf.saturating_add(wp).saturating_add(wt),
            )
        }
        Effect::Remove { figure } => {
            let (f, w) = value(c, figure)?;
            (Nodes::Remove(f), w)
        }
        Effect::Change { figure, kind } => {
            let (f, w) = value(c, figure)?;
            let kind = rules.type_id(named(kind)?)?;
            (Nodes::Kind(f, kind), w.saturating_add(1))
        }
        Effect::Set { trigger, value: v } => {
            let Some(Element::Trigger(t)) = named(trigger).and_then(|n| rules.element(n)) else {
                return None;
            };
            let (v, w) = value(c, v)?;
            (Nodes::Set(t, v), w.saturating_add(1))
        }
        Effect::If {
            condition,
            then,
            otherwise,
        } => {
            let (cond, wc) = value(c, condition)?;
            let (then, wt) = statement(c, then, bound, d)?;
            let otherwise = match otherwise {
                Some(o) => Some(statement(c, o, bound, d)?),
                None => None,
            };
            let wo = otherwise.as_ref().map_or(0, |(_, w)| *w);
            (
                Nodes::If(cond, Box::new(then), otherwise.map(|(a, _)| Box::new(a))),
                wc.saturating_add(wt).saturating_add(wo),
            )
        }
        Effect::ForEach { name, list, body } => {
            let Resolved::Var(slot) = name.resolved else {
                return None;
            };
            if slot != bound || slot >= SLOTS {
                return None;
            }
            let (items, wl) = value(c, list)?;
            let most = longest(&items, rules)?;
            let (body, wb) = statement(c, body, bound + 1, d)?;
            (
                Nodes::Each(slot, items, Box::new(body)),
                wl.saturating_add(most.saturating_mul(wb.saturating_add(1))),
            )
        }
        Effect::Block(all) => {
            let mut acts = Vec::with_capacity(all.len());
            let mut cost = 0u64;
            for e in all {
                let (a, w) = statement(c, e, bound, d)?;
                acts.push(a);
                cost = cost.saturating_add(w);
            }
            (Nodes::Block(acts), cost)
        }
        Effect::Roll { .. } | Effect::Shuffle { .. } | Effect::Deal { .. } | Effect::Turn { .. } => {
            return None
        }
    })
}

/// The text `e` is as it stands: a word or a name for one.
fn named(e: &Expr) -> Option<&str> {
    match e {
        Expr::Literal(Value::Text(t)) => Some(t),
        Expr::Name(n) => match &n.resolved {
            Resolved::Constant(Value::Text(t)) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// One run of an effect.
struct Doing<'a> {
    m: &'a Machine,
    rules: &'a Rules,
    texts: &'a [Text],
}

impl Doing<'_> {
    /// `x` worked out on `s` as it is now.
    fn value(&self, x: &Op, s: &Situation, at: &mut At) -> Option<Val> {
        let (m, rules) = (self.m, self.rules);
        let mut cans = Vec::new();
        let mut can = |ri: usize, player: Option<u8>| m.can_now(rules, s, ri, player, &mut cans);
        let mut e = Eval {
            m,
            rules,
            s,
            texts: self.texts,
            slots: at.slots,
            moved: at.moved,
            made: &s.made,
            player: s.to_move,
            can: &mut can,
        };
        let v = x(&mut e);
        // A definition's or quantifier's values stay in their slots.
        at.slots = e.slots;
        v
    }

    /// The figure `x` is: where it lies and its kind.
    fn figure(&self, x: &Op, s: &Situation, at: &mut At) -> Option<(PlaceId, u8)> {
        let v = self.value(x, s, at)?;
        match v {
            Val::Moved => Some(at.moved),
            Val::On(p) => Some((p, s.cell(self.m.cell(p)?)?)),
            _ => None,
        }
    }

    fn place(&self, x: &Op, s: &Situation, at: &mut At) -> Option<PlaceId> {
        match self.value(x, s, at)? {
            Val::Place(p) => Some(p),
            Val::Text(i) => match self.texts.get(i as usize)?.element? {
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
                let (p, k) = self.figure(figure, s, at)?;
                let players = i32::from(self.rules.players);
                let n = match self.value(owner, s, at)? {
                    Val::Num(n) if (0..=players).contains(&n) => n as u8,
                    _ => return None,
                };
                let to = m.kinds.with_owner(k, n)?;
                self.swap(s, at, p, k, to)?;
            }
            Act::Move { figure, from, to } => {
                let (p, k) = self.figure(figure, s, at)?;
                if let Some(from) = from {
                    if self.place(from, s, at)? != p {
                        return None;
                    }
                }
                let to = self.place(to, s, at)?;
                m.take(s, p, k)?;
                m.put(s, to, k)?;
                if at.moved == (p, k) {
                    at.moved.0 = to;
                }
            }
            Act::Remove { figure } => {
                let (p, k) = self.figure(figure, s, at)?;
                m.take(s, p, k)?;
                if at.moved == (p, k) {
                    at.moved.0 = REMOVED;
                }
            }
            &Act::Kind { ref figure, kind } => {
                let (p, k) = self.figure(figure, s, at)?;
                let to = m.kinds.with_type(k, kind)?;
                self.swap(s, at, p, k, to)?;
            }
            &Act::Set { trigger, ref value } => {
                let v = match (self.value(value, s, at)?, m.triggers.get(trigger as usize)?) {
                    (Val::Num(n), Holds::Number) => n,
                    (Val::Bool(b), Holds::YesNo) => i32::from(b),
                    _ => return None,
                };
                *s.triggers.get_mut(trigger as usize)? = v;
            }
            Act::If {
                condition,
                then,
                otherwise,
            } => {
                let holds = match self.value(condition, s, at)? {
                    Val::Bool(b) => b,
                    _ => return None,
                };
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
            } => {
                let Val::List(seq) = self.value(list, s, at)? else {
                    return None;
                };
                if seq.len() > MAX_ITEMS {
                    return None;
                }
                // The list is where it starts and how it goes: the same
                // items however the situation changes while they are gone
                // through.
                for k in 0..seq.len() {
                    *at.slots.get_mut(slot)? = seq.item(k)?;
                    self.act(body, s, at)?;
                }
            }
            Act::Block(all) => {
                for a in all {
                    self.act(a, s, at)?;
                }
            }
        }
        Some(())
    }

    /// The figure of kind `k` on `p` becomes of kind `to`.
    fn swap(&self, s: &mut Situation, at: &mut At, p: PlaceId, k: u8, to: u8) -> Option<()> {
        if p == REMOVED {
            // Off the table: only the moved figure is known there.
            if at.moved == (p, k) {
                at.moved.1 = to;
                return Some(());
            }
            return None;
        }
        self.m.take(s, p, k)?;
        self.m.put(s, p, to)?;
        if at.moved == (p, k) {
            at.moved.1 = to;
        }
        Some(())
    }
}

impl Machine {
    /// Takes a figure of kind `k` off place `p` (nothing for the box).
    pub(super) fn take(&self, s: &mut Situation, p: PlaceId, k: u8) -> Option<()> {
        if p == REMOVED {
            return Some(());
        }
        match (self.cell(p), self.pile(p)) {
            (Some(bit), _) => (s.take_cell(bit)? == k).then_some(()),
            (_, Some(i)) => {
                if s.count(self, i, k) == 0 {
                    return None;
                }
                s.tally(self, i, k, false);
                Some(())
            }
            _ => None,
        }
    }

    /// Puts a figure of kind `k` on place `p` (into the box for
    /// [`REMOVED`]); `None` on a square already filled.
    pub(super) fn put(&self, s: &mut Situation, p: PlaceId, k: u8) -> Option<()> {
        if p == REMOVED {
            return Some(());
        }
        match (self.cell(p), self.pile(p)) {
            (Some(bit), _) => {
                if s.cell(bit).is_some() {
                    return None;
                }
                s.put_cell(self, bit, k);
                Some(())
            }
            (_, Some(i)) => {
                s.tally(self, i, k, true);
                Some(())
            }
            _ => None,
        }
    }
}

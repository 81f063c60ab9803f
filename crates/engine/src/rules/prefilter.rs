//! Step-rule conditions that do not depend on the position, worked out once.
//!
//! A condition such as `abs(column(to) - column(from)) = 1` asks only about
//! the rule's places, the shape of the board and perhaps whose move it is,
//! so its answer for every `from`, `to` (and player) is known when the game
//! is compiled. Generation then tries only the targets that pass those
//! conditions, and evaluates only the others.
//!
//! Which conditions are answered ahead is decided when the game is
//! compiled; the answers themselves are worked out lazily, one `from` (and
//! player, and type of figure where a condition asks `type(figure)`) at a
//! time, the first time a step from there is listed. Opening
//! a game therefore costs nothing here, and one listing pays at most what
//! evaluating those conditions during play would have cost.
//!
//! All the rules of a game share one work cap ([`MAX_WORK`]), the cheapest
//! conditions answered ahead first. Of a condition that reads the position,
//! its first parts joined by `and` that do not may be answered ahead, and
//! only the rest is asked during play ([`Prefilter::left_to_ask`]).
//!
//! [`listing_problems`] is the last gate of [`Rules::compile`]: a step rule
//! whose listing would still cost more than [`MAX_LISTING`] is refused,
//! with what to make smaller.

use super::{PlaceId, Rules, StepRuleC, TypeId};
use crate::expr::{BinOp, EvalError, Expr, Function, Resolved, Special, Value, World, WorldFn};
use crate::problem::{Location, Problem, Section};
use crate::state::State;
use crate::world::View;
use std::sync::OnceLock;

/// Tables with more (from, to, player) cells than this are not kept; the
/// rule's conditions are then all evaluated during play.
const MAX_CELLS: usize = 1 << 18;

/// The most work spent on all of a game's tables, in parts of expressions
/// evaluated (cells × the size of the conditions answered ahead). A
/// condition that does not fit is left to be evaluated during play, so
/// that compiling (and checking) any game stays well under a second.
pub const MAX_WORK: u64 = 1 << 23;

/// The most work one listing of a rule's steps may take, in the same
/// units as [`MAX_WORK`] (about a second natively): a rule over it is
/// refused when the game is compiled.
pub const MAX_LISTING: u64 = 1 << 24;

/// The step rules whose steps would take too long to list in a position,
/// each as a problem that says what to make smaller.
pub(crate) fn listing_problems(rules: &Rules) -> Vec<Problem> {
    let mut out = Vec::new();
    for rule in &rules.steps {
        let figures = rule.what_static.iter().filter(|m| m.is_some()).count() as u64;
        let parts: u64 = rule.prefilter.dynamic.iter().map(|&i| cost(&rule.when[i])).sum();
        let work = |targets: usize| {
            figures
                .saturating_mul(targets as u64)
                .saturating_mul(parts.max(1))
        };
        // Every target is an upper bound; only when it is too much are the
        // answers worked out to count the targets that pass.
        if work(rule.to.len().max(1)) <= MAX_LISTING {
            continue;
        }
        let targets = match &rule.prefilter.table {
            Some(t) => t.mean_targets(rules, rule),
            None => rule.to.len(),
        };
        if work(targets) > MAX_LISTING {
            out.push(Problem::new(
                Location::new(Section::Step, &rule.name, ""),
                format!(
                    "this rule asks its conditions about {targets} places for each of {figures} figures, \
                     which takes too long; make its conditions shorter, the board smaller, or let fewer figures take this step"
                ),
            ));
        }
    }
    out
}

/// About how much evaluating `e` once costs: its parts, a call to a game
/// fact counting more.
pub fn cost(e: &Expr) -> u64 {
    let mut n = 0u64;
    e.any_part(&mut |p| {
        n += if matches!(p, Expr::Call { .. }) { 4 } else { 1 };
        false
    });
    n
}

/// The part of a step rule's conditions answered ahead of time.
#[derive(Debug, Clone, Default)]
pub struct Prefilter {
    /// The conditions still evaluated for each candidate (indices into
    /// the rule's `when`), in the designer's order.
    pub dynamic: Vec<usize>,
    /// How many variable slots (from the start) depend on the figure:
    /// `figure`, `from`, `to` and the captures of `what`.
    figure_slots: usize,
    table: Option<Table>,
    /// Dynamic conditions whose first parts joined by `and` are answered
    /// ahead (Breakthrough's `row(to) - row(from) = (if player = 1 then 1
    /// else -1) and empty(to)`): each with what is left to ask of a
    /// target that passed them.
    rests: Vec<(usize, Expr)>,
}

/// For each (from, player, type of figure) the targets passing every
/// static condition, each list worked out the first time it is asked for.
#[derive(Debug, Clone)]
struct Table {
    /// Whether the answers depend on the player on move (1 or 2).
    by_player: bool,
    /// Whether they depend on the type of the figure (`type(figure) =
    /// "crown" or ahead(from, to, 1)`).
    by_kind: bool,
    /// The conditions answered here: whole conditions of the rule, or
    /// their first parts joined by `and`.
    fixed: Vec<Expr>,
    /// Per (from, player, type): the targets that pass.
    rows: Vec<OnceLock<Row>>,
}

/// The targets of a (from, player, type) that pass the conditions
/// answered ahead.
#[derive(Debug, Clone, Default)]
struct Row {
    /// Indices into the rule's `to` list.
    targets: Box<[u32]>,
    /// The same targets as bits, for a rule of one board
    /// ([`super::RuleBoard`]).
    bits: u64,
}

/// The candidate targets of a rule: indices into its `to` list.
pub enum Candidates<'a> {
    /// Every target.
    All(std::ops::Range<usize>),
    /// Those that passed the static conditions.
    Listed(std::slice::Iter<'a, u32>),
}

impl Candidates<'_> {
    /// How many candidates are left.
    pub fn count_left(&self) -> usize {
        match self {
            Candidates::All(r) => r.len(),
            Candidates::Listed(it) => it.len(),
        }
    }

    /// The `k`th candidate left, without going through those before it.
    pub fn at(&self, k: usize) -> Option<usize> {
        match self {
            Candidates::All(r) => r.clone().nth(k),
            Candidates::Listed(it) => it.as_slice().get(k).map(|&i| i as usize),
        }
    }
}

impl Iterator for Candidates<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            Candidates::All(r) => r.next(),
            Candidates::Listed(it) => it.next().map(|&i| i as usize),
        }
    }
}

impl Prefilter {
    /// Whether some condition is answered ahead: then a rule's targets
    /// depend on where the step starts.
    pub fn answers_ahead(&self) -> bool {
        self.table.is_some()
    }

    /// Not built yet: every condition is dynamic. `figure_slots` counts the
    /// variables that depend on the figure (see [`Prefilter`]).
    pub(crate) fn pending(when: usize, figure_slots: usize) -> Prefilter {
        Prefilter {
            dynamic: (0..when).collect(),
            figure_slots,
            table: None,
            rests: Vec::new(),
        }
    }

    /// Works out the static conditions of step rule `index` of `rules`,
    /// spending at most `work` (see [`MAX_WORK`]) and taking what it spends
    /// from it. The cheapest conditions are answered ahead first; those
    /// that do not fit stay dynamic.
    pub(crate) fn build(rules: &Rules, index: usize, work: &mut u64) -> Prefilter {
        let rule = &rules.steps[index];
        let old = &rule.prefilter;
        // `captured` (the last variable of a capturing rule) depends on the position.
        let captured = rule.capture.then(|| rule.vars.len().saturating_sub(1));
        let froms = rule.from.iter().filter(|f| f.is_some()).count();
        // (from, to, player, type) cells; a product, so counted in u64 (a
        // `usize` is 32 bits in the page).
        let cells_of = |by_player: bool, by_kind: bool| {
            [
                rule.to.len(),
                per_player(rules, by_player),
                per_kind(rules, by_kind),
            ]
            .into_iter()
            .fold(froms as u64, |n, k| n.saturating_mul(k as u64))
        };
        // A table for each type is kept only where its cells and its rows
        // (one for each place, player and type) are few enough.
        let rows_per_kind = (rules.places.len() as u64)
            .saturating_mul(per_player(rules, true) as u64)
            .saturating_mul(per_kind(rules, true) as u64);
        let per_kind_fits = cells_of(true, true) <= MAX_CELLS as u64 && rows_per_kind <= MAX_CELLS as u64;
        // Also static but for the figure's type, where a table for each
        // type is kept: each `type(figure)` is two parts that depend on the
        // figure (the call and the name).
        let is_static = |e: &Expr| {
            let mut dynamic = 0usize;
            e.any_part(&mut |p| {
                dynamic += usize::from(
                    dynamic_part(p, old.figure_slots)
                        || matches!(p, Expr::Name(n) if matches!(n.resolved, Resolved::Var(i) if Some(i) == captured)),
                );
                false
            });
            dynamic == 0 || (per_kind_fits && dynamic == 2 * kind_parts(e))
        };
        // The parts that may be answered ahead: a condition whole, or the
        // first parts of one joined by `and` (then it stays dynamic, and
        // only what is left of it is asked of the targets that pass them).
        let mut parts: Vec<Part> = Vec::new();
        for (i, when) in rule.when.iter().enumerate() {
            if is_static(when) {
                parts.push(Part {
                    when: i,
                    expr: when.clone(),
                    rest: None,
                });
            } else if let Some((lead, rest)) = split_lead(when, &is_static) {
                parts.push(Part {
                    when: i,
                    expr: lead,
                    rest: Some(rest),
                });
            }
        }
        parts.sort_by_key(|p| cost(&p.expr));
        let cells = |fixed: &[Part]| {
            let exprs: Vec<&Expr> = fixed.iter().map(|p| &p.expr).collect();
            let (by_player, by_kind) = keyed_by(&exprs);
            cells_of(by_player, by_kind)
        };
        let mut spent = 0u64;
        let mut kept = 0;
        for n in 0..parts.len() {
            let more = spent + cost(&parts[n].expr);
            if cells(&parts[..=n]).saturating_mul(more) > *work {
                break;
            }
            spent = more;
            kept = n + 1;
        }
        parts.truncate(kept);
        parts.sort_by_key(|p| p.when);
        if parts.is_empty() || cells(&parts) > MAX_CELLS as u64 {
            return Prefilter::pending(rule.when.len(), old.figure_slots);
        }
        *work -= cells(&parts) * spent;
        let exprs: Vec<&Expr> = parts.iter().map(|p| &p.expr).collect();
        let (by_player, by_kind) = keyed_by(&exprs);
        let rows = rules.places.len() * per_player(rules, by_player) * per_kind(rules, by_kind);
        let dynamic = (0..rule.when.len())
            .filter(|&i| !parts.iter().any(|p| p.when == i && p.rest.is_none()))
            .collect();
        let rests = parts
            .iter_mut()
            .filter_map(|p| Some((p.when, p.rest.take()?)))
            .collect();
        Prefilter {
            table: Some(Table {
                by_player,
                by_kind,
                fixed: parts.into_iter().map(|p| p.expr).collect(),
                rows: (0..rows).map(|_| OnceLock::new()).collect(),
            }),
            dynamic,
            figure_slots: old.figure_slots,
            rests,
        }
    }

    /// The dynamic conditions as they are left to ask of a target that
    /// passed those answered ahead: each whole, or what is left of it
    /// where its first parts are answered ahead.
    pub fn left_to_ask<'a>(&'a self, when: &'a [Expr]) -> impl Iterator<Item = &'a Expr> + 'a {
        self.dynamic
            .iter()
            .filter_map(move |&i| match self.rests.iter().find(|(w, _)| *w == i) {
                Some((_, rest)) => Some(rest),
                None => when.get(i),
            })
    }
}

/// A part of a step rule's condition that may be answered ahead.
struct Part {
    /// Which condition of the rule it is part of.
    when: usize,
    expr: Expr,
    /// What is left of the condition, where it is not the whole.
    rest: Option<Expr>,
}

/// `e`, asked as `lead and rest`, where `lead` is its longest run of first
/// parts joined by `and` that `fixed` answers (asked left to right: where
/// `lead` does not hold, `rest` is never asked, as in the whole).
fn split_lead(e: &Expr, fixed: &dyn Fn(&Expr) -> bool) -> Option<(Expr, Expr)> {
    let Expr::Binary {
        op: BinOp::And,
        left,
        right,
    } = e
    else {
        return None;
    };
    if fixed(left) {
        return Some(((**left).clone(), (**right).clone()));
    }
    let (lead, middle) = split_lead(left, fixed)?;
    let rest = Expr::Binary {
        op: BinOp::And,
        left: Box::new(middle),
        right: right.clone(),
    };
    Some((lead, rest))
}

impl StepRuleC {
    /// The targets worth trying for a figure of type `kind` on `from`
    /// with `player` on move (1 to the number of players): indices into
    /// `to`. The first time for a (from, player, type), the conditions
    /// answered ahead are asked about each target, and the answer kept.
    pub fn candidates(&self, rules: &Rules, from: PlaceId, player: u8, kind: TypeId) -> Candidates<'_> {
        let Some(t) = &self.prefilter.table else {
            return Candidates::All(0..self.to.len());
        };
        let key = t.key(rules, from, player, kind);
        match t.rows.get(key) {
            Some(row) => Candidates::Listed(
                row.get_or_init(|| t.row(rules, self, from, player, kind))
                    .targets
                    .iter(),
            ),
            None => Candidates::Listed([].iter()),
        }
    }

    /// [`candidates`](Self::candidates) as bits, for a rule of one board
    /// ([`super::RuleBoard`]; 0 for any other).
    pub fn candidate_bits(&self, rules: &Rules, from: PlaceId, player: u8, kind: TypeId) -> u64 {
        let Some(board) = &self.board else {
            return 0;
        };
        let Some(t) = &self.prefilter.table else {
            return board.to;
        };
        let key = t.key(rules, from, player, kind);
        t.rows.get(key).map_or(0, |row| {
            row.get_or_init(|| t.row(rules, self, from, player, kind)).bits
        })
    }
}

impl Table {
    /// Where the row of (from, player, kind) is: the player and the type
    /// count only where the answers depend on them.
    fn key(&self, rules: &Rules, from: PlaceId, player: u8, kind: TypeId) -> usize {
        let players = per_player(rules, self.by_player);
        let kinds = per_kind(rules, self.by_kind);
        let player = usize::from(player.max(1) - 1).min(players - 1);
        let kind = usize::from(kind).min(kinds - 1);
        (from as usize * players + player) * kinds + kind
    }

    /// The (from, player, kind) whose row is at `key`: [`Table::key`]
    /// undone.
    fn cell(&self, rules: &Rules, key: usize) -> (PlaceId, u8, TypeId) {
        let players = per_player(rules, self.by_player);
        let kinds = per_kind(rules, self.by_kind);
        let (place, kind) = (key / kinds, (key % kinds) as TypeId);
        ((place / players) as PlaceId, 1 + (place % players) as u8, kind)
    }

    /// The targets from `from` with `player` on move, for a figure of type
    /// `kind`, that pass every fixed condition. Only parts that never look
    /// at the position are asked, about the starting position, with
    /// `type(figure)` answered by `kind`.
    fn row(&self, rules: &Rules, rule: &StepRuleC, from: PlaceId, player: u8, kind: TypeId) -> Row {
        let Some(Some(from_caps)) = rule.from.get(from as usize) else {
            return Row::default();
        };
        let state = State::start(rules);
        let world = Fixed {
            view: View::new(rules, &state),
            player,
            kind: self.by_kind.then_some(kind),
        };
        let slots = rule.prefilter.figure_slots;
        let mut vars: Vec<Value> = vec![Value::Bool(false); slots];
        let mut targets = Vec::new();
        for (j, (to, to_caps)) in rule.to.iter().enumerate() {
            vars.truncate(slots);
            vars[1] = Value::Text(rules.place_name(from).to_string());
            vars[2] = Value::Text(rules.place_name(*to).to_string());
            vars.extend(from_caps.iter().cloned());
            vars.extend(to_caps.iter().cloned());
            let pass = self
                .fixed
                .iter()
                .all(|c| matches!(c.eval(&vars, &world), Ok(Value::Bool(true))));
            if pass {
                targets.push(j as u32);
            }
        }
        let bits = targets
            .iter()
            .filter_map(|&j| rules.bitboards.at(rule.to[j as usize].0))
            .fold(0u64, |bits, (_, bit)| bits | 1 << bit);
        Row {
            targets: targets.into_boxed_slice(),
            bits,
        }
    }

    /// How many targets pass, on average over every (from, player) (at
    /// least 1): every list is worked out.
    fn mean_targets(&self, rules: &Rules, rule: &StepRuleC) -> usize {
        let total: usize = (0..self.rows.len())
            .map(|key| {
                let (from, player, kind) = self.cell(rules, key);
                self.rows[key]
                    .get_or_init(|| self.row(rules, rule, from, player, kind))
                    .targets
                    .len()
            })
            .sum();
        (total / self.rows.len().max(1)).max(1)
    }
}

/// Whether this part of an expression may depend on the position or the figure.
fn dynamic_part(e: &Expr, figure_slots: usize) -> bool {
    match e {
        Expr::Name(n) => match &n.resolved {
            Resolved::Var(i) => *i == 0 || (3..figure_slots).contains(i),
            Resolved::Special(s) => !is_player_special(*s),
            Resolved::Constant(_) | Resolved::Unresolved => false,
        },
        Expr::Call { function, .. } => match function {
            // `empty` of a place asks what lies on it.
            Function::Empty => true,
            Function::World(w) => !matches!(
                w,
                WorldFn::Origin
                    | WorldFn::Colour
                    | WorldFn::Attribute
                    | WorldFn::Row
                    | WorldFn::Column
                    | WorldFn::Square
                    | WorldFn::Neighbours
                    | WorldFn::Between
                    | WorldFn::Distance
                    | WorldFn::Squares
                    | WorldFn::Neighbour
                    | WorldFn::Line
                    | WorldFn::Direction
                    | WorldFn::Lines
            ),
            _ => false,
        },
        _ => false,
    }
}

/// Whether the conditions `fixed` name whose move it is, and the type of
/// the figure.
fn keyed_by(fixed: &[&Expr]) -> (bool, bool) {
    let names = |f: &mut dyn FnMut(&Expr) -> bool| fixed.iter().any(|c| c.any_part(f));
    (names(&mut names_player), names(&mut |e| kind_parts(e) > 0))
}

/// How many times `e` asks `type(figure)`, counting its parts.
fn kind_parts(e: &Expr) -> usize {
    let mut n = 0;
    e.any_part(&mut |p| {
        n += usize::from(matches!(
            p,
            Expr::Call { function: Function::World(WorldFn::Type), args }
                if matches!(&args[..], [Expr::Name(x)] if matches!(x.resolved, Resolved::Var(0)))
        ));
        false
    });
    n
}

fn names_player(e: &Expr) -> bool {
    matches!(e, Expr::Name(n) if matches!(n.resolved, Resolved::Special(s) if is_player_special(s)))
}

/// The specials fixed by who is on move: `player`, `opponent`, `next`, `previous`.
fn is_player_special(s: Special) -> bool {
    matches!(
        s,
        Special::Player | Special::Opponent | Special::Next | Special::Previous
    )
}

/// How many rows a table answered per type has for each place and player.
fn per_kind(rules: &Rules, by_kind: bool) -> usize {
    if by_kind {
        rules.types.len().max(1)
    } else {
        1
    }
}

/// How many rows a table answered per player has per place.
fn per_player(rules: &Rules, by_player: bool) -> usize {
    if by_player {
        usize::from(rules.players.max(1))
    } else {
        1
    }
}

/// The world at compile time: the player on move is fixed, and only
/// functions that never look at the position are asked, and `type` of the
/// figure when the answers are worked out for each type (`kind`): the
/// only `type` a condition answered ahead asks.
struct Fixed<'a> {
    view: View<'a>,
    player: u8,
    kind: Option<TypeId>,
}

impl Fixed<'_> {
    /// `type(figure)`, where the answers are for a type.
    fn kind_named(&self, f: WorldFn) -> Option<Value> {
        let kind = self.kind.filter(|_| f == WorldFn::Type)?;
        let name = self.view.rules.types.get(usize::from(kind))?;
        Some(Value::Text(name.clone()))
    }
}

impl World for Fixed<'_> {
    fn special(&self, s: Special) -> Value {
        match s {
            Special::Player => Value::Number(self.player as i64),
            Special::Opponent => Value::Number(self.view.rules.other(self.player) as i64),
            Special::Next => Value::Number(self.view.rules.next(self.player) as i64),
            Special::Previous => Value::Number(self.view.rules.previous(self.player) as i64),
            other => self.view.special(other),
        }
    }

    fn call(&self, f: WorldFn, args: &[Value]) -> Result<Value, EvalError> {
        match self.kind_named(f) {
            Some(kind) => Ok(kind),
            None => self.view.call(f, args),
        }
    }

    fn call_ref(&self, f: WorldFn, args: &[&Value]) -> Result<Value, EvalError> {
        match self.kind_named(f) {
            Some(kind) => Ok(kind),
            None => self.view.call_ref(f, args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Prefilter;
    use crate::rules::TypeId;
    use crate::search::games;
    use crate::Rules;

    fn targets(rules: &Rules, rule: &str, from: &str, player: u8) -> Vec<String> {
        targets_of(rules, rule, from, player, 0)
    }

    /// The targets of `rule` from `from` for a figure of type `kind`.
    fn targets_of(rules: &Rules, rule: &str, from: &str, player: u8, kind: TypeId) -> Vec<String> {
        let rule = rules.steps.iter().find(|r| r.name == rule).unwrap();
        let from = rules.place_id(from).unwrap();
        let mut names: Vec<String> = rule
            .candidates(rules, from, player, kind)
            .map(|j| rules.place_name(rule.to[j].0).to_string())
            .collect();
        names.sort();
        names
    }

    /// Every example, along random games, lists the same legal steps with
    /// its conditions answered ahead (and its targets as bits, with
    /// conditions worked out as sets) as with all of them asked in play
    /// target by target, and a random playout draws from the same steps.
    #[test]
    fn answers_worked_out_ahead_leave_the_same_legal_steps() {
        use crate::position::examples;
        use crate::search::{self, rng::Rng};
        use crate::{Position, Status};
        use std::sync::Arc;
        for file in examples::files() {
            let (_, rules) = crate::open(&examples::text(&file)).unwrap();
            let mut asked = rules.clone();
            for rule in &mut asked.steps {
                rule.prefilter = Prefilter::pending(rule.when.len(), rule.prefilter.figure_slots);
                rule.board = None;
            }
            let (rules, asked) = (Arc::new(rules), Arc::new(asked));
            for seed in 0..3 {
                let mut pos = Position::with_seed(rules.clone(), seed);
                let mut rng = Rng::new(seed);
                for _ in 0..150 {
                    let legal = pos.legal_steps();
                    let other = Position::from_state(asked.clone(), pos.state().clone());
                    assert_eq!(legal, other.legal_steps(), "{file}");
                    assert_eq!(drawable(&pos), drawable(&other), "{file}");
                    if pos.status() != &Status::Playing {
                        break;
                    }
                    let Some(mv) = search::random_move(&pos, &mut rng) else {
                        break;
                    };
                    search::play(&mut pos, &mv);
                }
            }
        }
    }

    /// A condition whose first part joined by `and` reads only the board's
    /// shape and the player (Breakthrough's `row(to) - row(from) = (if
    /// player = 1 then 1 else -1) and empty(to)`) has that part answered
    /// ahead, per player, and only `empty(to)` left to ask; a part written
    /// after one that reads the position is not (the position's part is
    /// asked first).
    #[test]
    fn the_first_parts_of_a_condition_are_answered_ahead() {
        let text = crate::position::examples::text("breakthrough.game.xml");
        let forward = "row(to) - row(from) = (if player = 1 then 1 else -1) and empty(to)";
        let (_, rules) = crate::open(&text).unwrap();
        let rule = &rules.steps[0];
        assert_eq!(rule.name, "advance");
        let left: Vec<String> = rule
            .prefilter
            .left_to_ask(&rule.when)
            .map(|e| e.to_string())
            .collect();
        assert_eq!(left, ["empty(to)"]);
        assert!(rule.prefilter.table.as_ref().unwrap().by_player);
        assert_eq!(
            targets(&rules, "advance", "board.2.3", 1),
            ["board.3.2", "board.3.3", "board.3.4"]
        );
        assert_eq!(
            targets(&rules, "advance", "board.5.3", 2),
            ["board.4.2", "board.4.3", "board.4.4"]
        );

        let changed = text.replace(
            forward,
            "empty(to) and row(to) - row(from) = (if player = 1 then 1 else -1)",
        );
        let (_, rules) = crate::open(&changed).unwrap();
        let rule = &rules.steps[0];
        assert_eq!(rule.prefilter.left_to_ask(&rule.when).count(), 1);
        assert!(!rule.prefilter.table.as_ref().unwrap().by_player);
        assert_eq!(
            targets(&rules, "advance", "board.2.3", 1).len(),
            6,
            "every neighbour in the row above and below"
        );
    }

    /// The steps a random playout may draw at `pos`.
    fn drawable(pos: &crate::Position) -> Vec<crate::Step> {
        let mut drawn = Vec::new();
        pos.candidate_steps(&mut drawn);
        let mut check = pos.step_check();
        drawn.retain(|&s| check.allows(s));
        drawn
    }

    /// English checkers' `type(figure) = "crown" or ahead(from, to, 1)`
    /// is answered ahead for each type: a stone is given only the squares
    /// ahead of it, a crown those on both sides.
    #[test]
    fn checkers_targets_are_worked_out_for_each_type_of_figure() {
        let text = crate::position::examples::text("english-checkers.game.xml");
        let rules = crate::open(&text).unwrap().1;
        let (stone, crown) = (rules.type_id("stone").unwrap(), rules.type_id("crown").unwrap());
        let both = ["board.3.3", "board.3.5", "board.5.3", "board.5.5"];
        assert_eq!(targets_of(&rules, "step", "board.4.4", 1, stone), both[2..]);
        assert_eq!(targets_of(&rules, "step", "board.4.4", 2, stone), both[..2]);
        assert_eq!(targets_of(&rules, "step", "board.4.4", 1, crown), both);
        let jumps = ["board.2.2", "board.2.6", "board.6.2", "board.6.6"];
        assert_eq!(targets_of(&rules, "jump", "board.4.4", 2, stone), jumps[..2]);
        assert_eq!(targets_of(&rules, "jump", "board.4.4", 2, crown), jumps);
        // A stone's jump to its last row is a crowning, not a jump.
        assert_eq!(
            targets_of(&rules, "jump", "board.3.3", 2, stone),
            Vec::<String>::new()
        );
        // Each row's place, player and type are found again from where it is.
        let jump = rules.steps.iter().find(|r| r.name == "jump").unwrap();
        let table = jump.prefilter.table.as_ref().expect("a table");
        let from = rules.place_id("board.4.4").unwrap();
        for (player, kind) in [(1, stone), (2, stone), (1, crown), (2, crown)] {
            let key = table.key(&rules, from, player, kind);
            assert_eq!(table.cell(&rules, key), (from, player, kind));
        }
        for rule in ["step", "jump"] {
            let rule = rules.steps.iter().find(|r| r.name == rule).unwrap();
            assert_eq!(
                rule.prefilter.dynamic.len(),
                1,
                "{}: one condition asked in play",
                rule.name
            );
        }
    }

    #[test]
    fn dama_steps_are_worked_out_by_square_and_player() {
        let rules = Rules::compile(&games::dama_lite()).unwrap();
        assert_eq!(
            targets(&rules, "step", "board.2.2", 1),
            ["board.3.1", "board.3.3"]
        );
        assert_eq!(
            targets(&rules, "step", "board.2.2", 2),
            ["board.1.1", "board.1.3"]
        );
        assert_eq!(targets(&rules, "jump", "board.1.1", 1), ["board.3.3"]);
        assert_eq!(targets(&rules, "slide", "board.1.1", 2), ["board.2.2"]);
        let jump = rules.steps.iter().find(|r| r.name == "jump").unwrap();
        assert_eq!(
            jump.prefilter.dynamic.len(),
            3,
            "last figure and the two about the jumped stone"
        );
    }

    #[test]
    fn the_answers_for_a_square_are_worked_out_when_first_asked() {
        let rules = Rules::compile(&games::dama_lite()).unwrap();
        let step = rules.steps.iter().find(|r| r.name == "step").unwrap();
        let table = step.prefilter.table.as_ref().expect("a table");
        assert!(
            table.rows.iter().all(|r| r.get().is_none()),
            "nothing worked out when compiled"
        );
        assert_eq!(targets(&rules, "step", "board.2.2", 1).len(), 2);
        let filled: Vec<usize> = (0..table.rows.len())
            .filter(|&i| table.rows[i].get().is_some())
            .collect();
        let key = rules.place_id("board.2.2").unwrap() as usize * 2;
        assert_eq!(filled, [key], "only the list asked for");
        // Asked again, the kept answer.
        assert_eq!(
            targets(&rules, "step", "board.2.2", 1),
            ["board.3.1", "board.3.3"]
        );
    }

    #[test]
    fn rules_without_static_conditions_try_every_target() {
        let rules = Rules::compile(&games::tic_tac_toe()).unwrap();
        let place = &rules.steps[0];
        let from = rules.place_id("crosses").unwrap();
        assert_eq!(place.candidates(&rules, from, 1, 0).count(), 9);
    }

    /// A 22 × 23 board whose step rule has a cheap condition and a long one
    /// that does not look at the position either.
    fn long_condition_game() -> String {
        let items: Vec<String> = (0..330)
            .map(|i| format!("row(from) * {} + column(from)", i % 7))
            .collect();
        let long = format!("row(to) + column(to) in [{}]", items.join(", "));
        format!(
            r#"<game format="1" players="2"><rules>
            <equipment><board name="board" rows="22" columns="23"/></equipment>
            <figures><figure name="a" type="stone" origin="board.1.1" owner="1"/>
              <figure name="b" type="stone" origin="board.22.23" owner="2"/></figures>
            <steps><step name="go"><what owner="on-move"/><from type="square"/><to type="square"/>
              <when>{long}</when><when>abs(row(to) - row(from)) = 1</when></step></steps>
            <moves><move name="m">go</move></moves>
            <game-over><end name="e" winner="1"><when>at(a, board.22.1)</when></end></game-over>
            </rules></game>"#
        )
    }

    #[test]
    fn the_work_ahead_is_capped_and_cheap_conditions_go_first() {
        let text = long_condition_game();
        assert!(text.len() > 9000);
        let t = std::time::Instant::now();
        let (_, rules) = crate::open::open(&text).expect("a good game");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        // Debug build: well under the minute the whole table took.
        assert!(ms < 10_000.0, "{ms:.0} ms");
        let go = &rules.steps[0];
        assert_eq!(
            go.prefilter.dynamic,
            vec![0],
            "the long condition is left for play"
        );
        let from = rules.place_id("board.1.1").unwrap();
        assert_eq!(go.candidates(&rules, from, 1, 0).count(), 23);
        assert!(super::cost(&go.when[0]) > 2000);
        let pos = crate::Position::new(std::sync::Arc::new(rules));
        let mut steps = Vec::new();
        pos.legal_steps_into(&mut steps);
        assert!(!steps.is_empty());
    }

    #[test]
    fn a_rule_too_slow_to_list_is_refused_with_what_to_make_smaller() {
        let figures: String = (0..100)
            .map(|i| {
                format!(
                    r#"<figure name="s.{i}" type="stone" origin="board.{}.{}" owner="1"/>"#,
                    1 + i / 50,
                    1 + i % 50
                )
            })
            .collect();
        let items: Vec<String> = (0..330).map(|i| format!("count(neighbours(to)) + {i}")).collect();
        let text = format!(
            r#"<game format="1"><rules><equipment><board name="board" rows="50" columns="50"/></equipment>
            <figures>{figures}</figures>
            <steps><step name="go"><what owner="on-move"/><from type="square"/><to type="square"/>
              <when>empty(to) and row(to) + column(to) in [{}]</when></step></steps>
            <moves><move name="m">go</move></moves></rules></game>"#,
            items.join(", ")
        );
        let problems = crate::open::open(&text).map(|_| ()).expect_err("refused");
        assert_eq!(problems.len(), 1, "{problems:?}");
        let p = problems[0].to_string();
        assert!(p.contains("step rule 'go'"), "{p}");
        assert!(p.contains("2500 places for each of 100 figures"), "{p}");
        assert!(p.contains("make its conditions shorter"), "{p}");
        assert!(problems[0].location.line.is_some(), "placed at its line");
    }
}

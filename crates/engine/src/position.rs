//! Playing a game: legal steps, making them, ending moves, taking back.
//!
//! A [`Position`] pairs shared [`Rules`] with a [`State`] and the history
//! of what was played. Every query is answered from the rules' tables and
//! the index of figures by place, without rescanning the game.
//!
//! Players move in turn, 1 to N ([`Rules::next`]). A player who can start
//! a move but never finish one cannot move ([`Position::has_move`]); a
//! player who cannot move is stuck, and the game's [`WhenStuck`] setting
//! says what happens (by default the player who moved last wins).

use super::automaton::MoveAutomaton;
use super::expr::{EvalError, Value};
use super::model::{OwnerPattern, WhenStuck};
use super::rules::{Ask, Fast, FigureId, PlaceId, RuleBoard, RuleId, Rules, StepRuleC, TypeId};
use super::state::{Change, Made, State, Status, REMOVED};
use super::world::View;
use crate::rules::zobrist::PositionSet;
use std::ops::ControlFlow;
use std::sync::Arc;

/// How steps are generated: of alike figures on a place only the first
/// (`distinct`), a target once per rule that allows it (`every_rule`), a
/// figure's targets from place `begin` on first, then those before it (0:
/// in the rule's order), and the candidates alone (`unchecked`: the
/// conditions that look at the position are not asked, and a target is
/// given once per rule that has it; see [`Position::candidate_steps`]),
/// and where the candidates come from alone (`sources`: each figure and
/// rule once, as a step to its own place; see [`Draw`]), and the steps to
/// one place only (`to`: the others' conditions are not asked, so checking
/// one drag costs one target, not all of them).
#[derive(Debug, Clone, Copy, Default)]
struct Gen {
    distinct: bool,
    every_rule: bool,
    begin: PlaceId,
    unchecked: bool,
    sources: bool,
    to: Option<PlaceId>,
}

/// See [`Position::stand_in`].
pub(crate) type StandIn = (u32, TypeId, u8, u8);

/// The figures tried on one place while steps are listed: each one's
/// [`StandIn`], with where its steps are kept. The first is kept apart:
/// on most places every figure is alike, and listing then allocates
/// nothing.
#[derive(Default)]
struct Tried {
    first: Option<(StandIn, usize, usize)>,
    more: Vec<(StandIn, usize, usize)>,
}

impl Tried {
    fn clear(&mut self) {
        self.first = None;
        self.more.clear();
    }

    /// Where the steps of the figure tried with this key are kept.
    fn find(&self, key: StandIn) -> Option<(usize, usize)> {
        self.first
            .iter()
            .chain(&self.more)
            .find(|t| t.0 == key)
            .map(|&(_, start, end)| (start, end))
    }

    fn push(&mut self, tried: (StandIn, usize, usize)) {
        match self.first {
            None => self.first = Some(tried),
            Some(_) => self.more.push(tried),
        }
    }
}

mod diagnose;
mod explain;
mod roll;
mod sample;
mod turn;
mod view;

pub use crate::rules::dice::{DieId, Roll};
pub use explain::{Refusal, Why};
pub(crate) use sample::stuck_means_no_step;
pub use sample::{Draw, StepCheck};

/// The most steps of one move looked at when asking whether a whole move
/// can be made (as many as the search enumerates).
pub const MAX_MOVE_STEPS: usize = 64;

/// One step: a figure dragged from one place to another, and the rule
/// that allows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    pub figure: FigureId,
    pub from: PlaceId,
    pub to: PlaceId,
    pub rule: RuleId,
}

/// What was done, as the history and the progress log show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Step(Step),
    /// The player ended the move; `auto` when it ended by itself.
    EndMove {
        auto: bool,
    },
    Pass,
    /// The player rolled: what each die rolled shows ("rolled a 5").
    Roll {
        roll: Roll,
        faces: Vec<(DieId, u8)>,
    },
}

/// One entry of the history.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The player who acted.
    pub player: u8,
    pub action: Action,
    /// Whether the step was chosen among several outcomes of one drag (its
    /// rule is then part of the record).
    pub chosen: bool,
    /// Problems met while running side effects or checking the end.
    pub warnings: Vec<String>,
    changes: Vec<Change>,
}

/// How a move stands after the steps made so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStage {
    /// No step made yet.
    Start,
    /// The steps make a complete move, which may go on: End move or go on.
    MayEnd,
    /// The steps do not make a move yet: go on (or take back).
    MustGoOn,
}

/// What undoes one [`Position::apply`], or several steps made into one
/// record ([`Position::apply_to`]); for search.
#[derive(Debug, Default)]
pub struct Undo(Vec<Change>);

impl Undo {
    /// Forgets what it would undo, keeping its memory: after
    /// [`Position::restore`] has come back to before it all.
    pub(crate) fn forget(&mut self) {
        self.0.clear();
    }
}

/// A game being played.
#[derive(Debug, Clone)]
pub struct Position {
    rules: Arc<Rules>,
    state: State,
    history: Vec<Entry>,
    /// The seed the game's chance started from.
    seed: u64,
    /// Whether a move leaves the check that the next player can move to
    /// the next random step (see [`Position::defer_stuck`]), or to the
    /// search that plays it ([`Position::skip_stuck`]).
    stuck_later: bool,
}

impl Position {
    /// The starting position; the game may already be over if a
    /// game-over condition holds at once. Its chance starts from
    /// [`DEFAULT_SEED`](crate::rng::DEFAULT_SEED) (see
    /// [`with_seed`](Self::with_seed)).
    pub fn new(rules: Arc<Rules>) -> Position {
        Position::with_seed(rules, crate::rng::DEFAULT_SEED)
    }

    /// A position in the given state with no history, as the designer sets
    /// it up; the game-over conditions are not checked.
    pub(crate) fn from_state(rules: Arc<Rules>, state: State) -> Position {
        Position {
            rules,
            state,
            history: Vec::new(),
            seed: crate::rng::DEFAULT_SEED,
            stuck_later: false,
        }
    }

    /// The rules being played.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The current state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Everything played so far, oldest first.
    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    /// How the game stands.
    pub fn status(&self) -> &Status {
        self.state.status()
    }

    /// The player on move.
    pub fn to_move(&self) -> u8 {
        self.state.to_move()
    }

    /// The position's hash, including the move in progress.
    pub fn hash(&self) -> u64 {
        self.state.hash()
    }

    /// How the current move stands. A complete move that says `while
    /// possible` must go on while a step can extend it.
    pub fn stage(&self) -> MoveStage {
        let progress = self.state.progress();
        if self.state.made().is_empty() && progress == MoveAutomaton::START {
            MoveStage::Start
        } else if self.rules.moves.complete(progress).is_some()
            && !(self.rules.moves.must_go_on(progress) && self.has_step())
        {
            MoveStage::MayEnd
        } else {
            MoveStage::MustGoOn
        }
    }

    /// Whether the player may press End move now.
    pub fn can_end_move(&self) -> bool {
        self.state.status() == &Status::Playing && self.stage() == MoveStage::MayEnd
    }

    /// Whether the player may pass now.
    pub fn can_pass(&self) -> bool {
        self.rules.settings.pass_allowed
            && self.state.status() == &Status::Playing
            && self.stage() == MoveStage::Start
    }

    /// Every legal step now, each with the first rule (in the designer's
    /// order) that allows it.
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut out = Vec::new();
        self.generate(None, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    /// Every legal step now into `out` (cleared first), reusing its memory;
    /// the same steps in the same order as [`legal_steps`](Self::legal_steps).
    pub fn legal_steps_into(&self, out: &mut Vec<Step>) {
        out.clear();
        self.generate(None, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
    }

    /// The legal steps of one figure.
    pub fn steps_of(&self, figure: FigureId) -> Vec<Step> {
        let mut out = Vec::new();
        self.generate(Some(figure), &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    /// Whether any legal step exists.
    pub fn has_step(&self) -> bool {
        let mut any = false;
        self.generate_distinct(&mut |_| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }

    /// Whether the player on move can make a whole move from the start of
    /// the move: some sequence of legal steps reaches a point where the
    /// move is complete. A move that can be started but never finished is
    /// no move. The search is bounded by the move's automaton and
    /// [`MAX_MOVE_STEPS`] steps, and tries each position once.
    pub fn has_move(&mut self) -> bool {
        self.has_move_near(None)
    }

    /// [`has_move`](Self::has_move), looking first near `near`, where play
    /// just was (the place of the figure moved last): when one step of the
    /// first step rule is a whole move, a step of it there, or at a later
    /// place, answers at once, before the whole search.
    pub(crate) fn has_move_near(&mut self, near: Option<PlaceId>) -> bool {
        if let Some(begin) = near {
            if turn::one_step_is_a_move(self) && self.has_first_rule_step_from(begin) {
                return true;
            }
        }
        let mut failed = PositionSet::default();
        self.can_complete(0, &mut failed)
    }

    /// Whether the first step rule has a legal step, each figure's targets
    /// tried from place `begin` on first.
    fn has_first_rule_step_from(&self, begin: PlaceId) -> bool {
        let how = Gen {
            distinct: true,
            begin,
            ..Gen::default()
        };
        let mut any = false;
        self.generate_by(
            None,
            Some(0),
            how,
            &mut |_| {
                any = true;
                ControlFlow::Break(())
            },
            &mut || false,
        );
        any
    }

    /// Whether, after `step`, the move is over or can still be finished.
    fn completes_after(&mut self, step: Step) -> bool {
        let undo = self.apply(step);
        let ok = self.state.made().is_empty()
            || self.status() != &Status::Playing
            || self.can_end_move()
            || self.can_complete(1, &mut PositionSet::default());
        self.revert(undo);
        ok
    }

    fn can_complete(&mut self, depth: usize, failed: &mut PositionSet) -> bool {
        // A roll can always be made; what follows depends on the dice.
        if self.can_roll() {
            return true;
        }
        // Most often the first step found completes a move: stop there.
        let progress = self.state.progress();
        let moves = &self.rules.moves;
        let mut steps = Vec::new();
        let mut done = false;
        self.generate_distinct(&mut |s| {
            // A move that must go on while it can is finished only when it
            // can't: that is found by making the step.
            if moves
                .next(progress, s.rule as usize)
                .is_some_and(|p| moves.may_end(p))
            {
                done = true;
                return ControlFlow::Break(());
            }
            steps.push(s);
            ControlFlow::Continue(())
        });
        if done {
            return true;
        }
        if depth + 1 >= MAX_MOVE_STEPS {
            return false;
        }
        for s in steps {
            let undo = self.apply(s);
            let ok = if self.state.made().is_empty() {
                true
            } else if failed.contains(&self.state.hash()) {
                false
            } else {
                let ok = self.can_complete(depth + 1, failed);
                if !ok {
                    failed.insert(self.state.hash());
                }
                ok
            };
            self.revert(undo);
            if ok {
                return true;
            }
        }
        false
    }

    /// Whether some step of the step rule `rule` is legal now (`player`
    /// `None`), or for `player` at the start of a move: `can(jump)`,
    /// `can(place, 2)`.
    ///
    /// # Errors
    /// When there is no such rule or player, or `can` asks about itself
    /// too deeply.
    pub fn can(&self, rule: &str, player: Option<i64>) -> Result<bool, EvalError> {
        self.can_rule(self.rule_index(rule)?, player)
    }

    /// The index of the step rule called `rule`, for `can`.
    pub(crate) fn rule_index(&self, rule: &str) -> Result<usize, EvalError> {
        self.rules
            .step_index(rule)
            .ok_or_else(|| EvalError::new(format!("there is no step rule called '{rule}'")))
    }

    /// [`can`](Self::can) of the step rule with index `ri`.
    pub(crate) fn can_rule(&self, ri: usize, player: Option<i64>) -> Result<bool, EvalError> {
        thread_local! {
            static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
        }
        let rule = self.rules.steps.get(ri).map_or("", |r| r.name.as_str());
        let depth = DEPTH.with(|d| d.get());
        if depth >= 4 {
            return Err(EvalError::new(format!(
                "'{rule}' asks whether a step can be made too many times inside itself"
            )));
        }
        DEPTH.with(|d| d.set(depth + 1));
        let mut found = false;
        let mut visit = |_| {
            found = true;
            ControlFlow::Break(())
        };
        let result = match player {
            None => {
                self.generate_rule(Some(ri), &mut visit);
                Ok(())
            }
            Some(p) if (1..=self.rules.players.max(1) as i64).contains(&p) => {
                let p = p as u8;
                if self.state.is_start_for(p) {
                    self.generate_rule(Some(ri), &mut visit);
                } else {
                    self.as_start_for(p, |other| other.generate_rule(Some(ri), &mut visit));
                }
                Ok(())
            }
            Some(p) => Err(EvalError::new(format!("there is no player {p} in this game"))),
        };
        DEPTH.with(|d| d.set(depth));
        result.map(|()| found)
    }

    /// Calls `look` with this position at the start of a move of
    /// `player`. The copy is made in a state kept for the purpose, one per
    /// thread, taken out while it is used (so `can` inside `can` copies
    /// into a new one).
    fn as_start_for<T>(&self, player: u8, look: impl FnOnce(&Position) -> T) -> T {
        thread_local! {
            static SPARE: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
        }
        let state = match SPARE.with(|s| s.borrow_mut().take()) {
            Some(mut spare) => {
                spare.become_start_for(&self.state, player);
                spare
            }
            None => self.state.at_start_for(player),
        };
        let other = Position::from_state(Arc::clone(&self.rules), state);
        let answer = look(&other);
        SPARE.with(|s| *s.borrow_mut() = Some(other.state));
        answer
    }

    /// Calls `visit` with each legal step until it breaks.
    pub fn generate(&self, only: Option<FigureId>, visit: &mut dyn FnMut(Step) -> ControlFlow<()>) {
        self.generate_by(only, None, Gen::default(), visit, &mut || false);
    }

    /// Like [`generate`](Self::generate), asking `stop` now and then while
    /// the conditions of one figure's targets are checked (every
    /// [`STOP_EVERY`] checked targets), so that a search keeps its time even
    /// when one figure has thousands of targets behind a slow condition.
    /// Breaks as soon as `stop` answers true; the steps given are then only
    /// some of them.
    pub fn generate_within(
        &self,
        only: Option<FigureId>,
        visit: &mut dyn FnMut(Step) -> ControlFlow<()>,
        stop: &mut dyn FnMut() -> bool,
    ) {
        self.generate_by(only, None, Gen::default(), visit, stop);
    }

    /// Like [`generate_within`](Self::generate_within), but a target that
    /// several rules allow is given once for each of them, in the
    /// designer's order: their results may differ (a promotion to one of
    /// several types). For listing every choice, as the search does.
    pub fn generate_every_rule(
        &self,
        only: Option<FigureId>,
        visit: &mut dyn FnMut(Step) -> ControlFlow<()>,
        stop: &mut dyn FnMut() -> bool,
    ) {
        let how = Gen {
            every_rule: true,
            ..Gen::default()
        };
        self.generate_by(only, None, how, visit, stop);
    }

    /// Like [`generate`](Self::generate) for all figures, but of figures
    /// that are interchangeable (the same class in
    /// [`Rules::class_of`], type and owner) lying on the same place only
    /// the first is tried: they would give the same steps.
    pub fn generate_distinct(&self, visit: &mut dyn FnMut(Step) -> ControlFlow<()>) {
        let how = Gen {
            distinct: true,
            ..Gen::default()
        };
        self.generate_by(None, None, how, visit, &mut || false);
    }

    /// The legal steps of one step rule, until `visit` breaks.
    fn generate_rule(&self, rule: Option<usize>, visit: &mut dyn FnMut(Step) -> ControlFlow<()>) {
        let how = Gen {
            distinct: true,
            ..Gen::default()
        };
        self.generate_by(None, rule, how, visit, &mut || false);
    }

    fn generate_by(
        &self,
        only: Option<FigureId>,
        rule: Option<usize>,
        how: Gen,
        visit: &mut dyn FnMut(Step) -> ControlFlow<()>,
        stop: &mut dyn FnMut() -> bool,
    ) {
        if self.state.status() != &Status::Playing {
            return;
        }
        // Buffers reused across candidates: the variables (names the rules
        // keep, borrowed) and the targets already given for a figure.
        let mut vars: Vec<&Value> = Vec::new();
        let mut marked: Vec<PlaceId> = Vec::new();
        // One view for the whole listing: what it works out (the answers of
        // `can`) holds for every candidate.
        let view = View::of(self);
        let mut poll = Poll {
            stop,
            checks: 0,
            view: &view,
        };
        match only {
            Some(f) => {
                let _ = self.generate_figure(f, rule, how, &mut vars, &mut marked, visit, &mut poll);
            }
            None => {
                // The figures tried on the current place, each with where its
                // steps are kept in `found` (for giving them again when not
                // `distinct`: a figure like one tried gives the same steps).
                let mut tried = Tried::default();
                let mut found: Vec<Step> = Vec::new();
                let tops_only = self.rules.tops_only(rule);
                // In order of place, as the places a step can start from
                // are, but only those with a figure on that may move.
                let owner = self.rules.moves_own_figures(rule).then(|| self.state.to_move());
                for p in self.state.filled_among(self.rules.starts(rule), owner) {
                    tried.clear();
                    found.clear();
                    let on = self.state.on(p);
                    let alone = on.len() == 1;
                    let first = if tops_only { on.len().saturating_sub(1) } else { 0 };
                    // Figures all alike (where the rules do not tell the
                    // top and the bottom apart) give the same steps.
                    let alike = !self.rules.reads_order && self.state.uniform(p);
                    for (at, &f) in on.iter().enumerate().skip(first) {
                        // The first stands for all where one of each kind
                        // is wanted, or where it has none.
                        if alike && at > first && (how.distinct || found.is_empty()) {
                            break;
                        }
                        let key = if alone {
                            None
                        } else {
                            Some(self.stand_in(f, at, on.len()))
                        };
                        if let Some((start, end)) = key.and_then(|k| tried.find(k)) {
                            if how.distinct {
                                continue;
                            }
                            for s in &found[start..end] {
                                if visit(Step { figure: f, ..*s }).is_break() {
                                    return;
                                }
                            }
                            continue;
                        }
                        let start = found.len();
                        let flow = if alone || how.distinct {
                            self.generate_figure(f, rule, how, &mut vars, &mut marked, visit, &mut poll)
                        } else {
                            let mut keep = |s: Step| {
                                found.push(s);
                                visit(s)
                            };
                            self.generate_figure(f, rule, how, &mut vars, &mut marked, &mut keep, &mut poll)
                        };
                        if flow.is_break() {
                            return;
                        }
                        if let Some(k) = key {
                            tried.push((k, start, found.len()));
                        }
                    }
                }
            }
        }
    }

    /// What makes a figure on a place stand for the others like it there:
    /// figures with the same key give the same steps, so only the first of
    /// them need be tried. The key is the figure's class of interchangeable
    /// figures ([`Rules::class_of`]), its type and owner now, and, when the
    /// rules read the order on a place, whether it is the top or the bottom
    /// figure there (`at` of `count` figures, counted from the bottom).
    pub(crate) fn stand_in(&self, f: FigureId, at: usize, count: usize) -> StandIn {
        let end = match self.rules.reads_order {
            false => 0,
            true => u8::from(at + 1 == count) | (u8::from(at == 0) << 1),
        };
        (
            self.rules.class_of.get(f as usize).copied().unwrap_or(u32::MAX),
            self.state.kind_of(f),
            self.state.owner_of(f),
            end,
        )
    }

    /// The legal steps of one figure, each target once (with the first
    /// rule), or once per rule that allows it when `every_rule`; from
    /// `begin` on first when it is given (see [`Gen`]).
    #[allow(clippy::too_many_arguments)]
    fn generate_figure<'r>(
        &'r self,
        f: FigureId,
        only_rule: Option<usize>,
        how: Gen,
        vars: &mut Vec<&'r Value>,
        marked: &mut Vec<PlaceId>,
        visit: &mut dyn FnMut(Step) -> ControlFlow<()>,
        poll: &mut Poll,
    ) -> ControlFlow<()> {
        let rules = &*self.rules;
        let Some(from) = self.state.place_of(f) else {
            return ControlFlow::Continue(());
        };
        marked.clear();
        let on_top = self.state.on(from).last() == Some(&f);
        let applies = |ri: usize, rule: &StepRuleC| {
            only_rule.is_none_or(|r| r == ri)
                && self.rule_can_move(ri, rule, on_top)
                && self.heads(rule, f, from).is_some()
        };
        // Targets are remembered only while a later rule may give them again.
        let Some(last) = (0..rules.steps.len())
            .rev()
            .find(|&ri| applies(ri, &rules.steps[ri]))
        else {
            return ControlFlow::Continue(());
        };
        for (ri, rule) in rules.steps.iter().enumerate().take(last + 1) {
            if only_rule.is_some_and(|r| r != ri) || !self.rule_can_move(ri, rule, on_top) {
                continue;
            }
            let Some(heads) = self.heads(rule, f, from) else {
                continue;
            };
            if how.sources {
                visit(Step {
                    figure: f,
                    from,
                    to: from,
                    rule: ri as RuleId,
                })?;
                continue;
            }
            let checked = !how.unchecked && (!rule.prefilter.dynamic.is_empty() || !rule.same.is_empty());
            // A rule's targets are distinct: only those of earlier rules can repeat.
            let earlier = marked.len();
            let mut prefix = 0;
            let player = self.state.to_move();
            let kind = self.state.kind_of(f);
            let begin = how.begin;
            // The conditions asked target by target.
            let mut conds: &[usize] = &rule.prefilter.dynamic;
            // A rule of one board: the targets as bits, those of earlier
            // rules left out, and the conditions worked out as sets asked
            // of all at once.
            let on_board = rule.board.as_ref().map(|rb| {
                let board = &rules.bitboards.boards[rb.b];
                let given = marked[..earlier]
                    .iter()
                    .filter_map(|&p| board.bit(p))
                    .fold(0, |a, b| a | b);
                let only = how.to.map_or(u64::MAX, |to| board.bit(to).unwrap_or(0));
                let (bits, by_sets) =
                    self.board_targets(rule, rb, f, from, kind, checked & (only != 0), poll.view);
                if by_sets {
                    conds = &rb.rest;
                }
                (board, bits & !given & only)
            });
            let mut target = |j: usize, conds: &[usize]| -> ControlFlow<()> {
                let Some((to, to_caps)) = rule.to.get(j) else {
                    return ControlFlow::Continue(());
                };
                let to = *to;
                if to == from
                    || (earlier > 0 && marked[..earlier].contains(&to))
                    || !self.has_room_for(to, rule.capture)
                {
                    return ControlFlow::Continue(());
                }
                if checked {
                    poll.checked()?;
                    let holds = match holds_without_vars(rule, conds, (f, from, to), poll.view) {
                        Some(holds) => holds,
                        None => {
                            if prefix == 0 {
                                fill_refs(rules, vars, f, from, to, &heads);
                                prefix = vars.len();
                            } else {
                                vars[2] = rules.place_text(to);
                                vars.truncate(prefix);
                            }
                            vars.extend(to_caps.iter());
                            if rule.capture {
                                vars.push(self.captured_text(to));
                            }
                            same_ok(rule, vars)
                                && dynamic_conditions_hold(rule, conds, vars, (f, from, to), poll.view)
                        }
                    };
                    if !holds {
                        return ControlFlow::Continue(());
                    }
                }
                if ri < last && !how.every_rule && !how.unchecked {
                    marked.push(to);
                }
                visit(Step {
                    figure: f,
                    from,
                    to,
                    rule: ri as RuleId,
                })
            };
            if let Some((board, bits)) = on_board {
                let split = u32::from(begin.saturating_sub(board.first)).min(64);
                let later = if split == 64 {
                    0
                } else {
                    bits & (u64::MAX << split)
                };
                for part in [later, bits & !later] {
                    let mut part = part;
                    while part != 0 {
                        let to = board.place(part.trailing_zeros());
                        part &= part - 1;
                        target(rule.to_index[to as usize] as usize, conds)?;
                    }
                }
                continue;
            }
            if let Some(to) = how.to {
                // The one place asked about, where the rule's candidates have it.
                for j in rule
                    .candidates(rules, from, player, kind)
                    .filter(|&j| rule.to[j].0 == to)
                {
                    target(j, conds)?;
                }
                continue;
            }
            let later = rule
                .candidates(rules, from, player, kind)
                .filter(|&j| rule.to[j].0 >= begin);
            let sooner = (begin > 0)
                .then(|| {
                    rule.candidates(rules, from, player, kind)
                        .filter(|&j| rule.to[j].0 < begin)
                })
                .into_iter()
                .flatten();
            for j in later.chain(sooner) {
                target(j, conds)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The targets of a rule of one board for figure `f` (of type `kind`)
    /// on `from`, as bits: those its conditions answered ahead leave, with
    /// room, not `from` itself; where `checked`, only those for which the
    /// conditions worked out as sets hold. Also whether those sets
    /// answered: where one gave up, every condition is still to be asked
    /// target by target.
    #[allow(clippy::too_many_arguments)]
    fn board_targets(
        &self,
        rule: &StepRuleC,
        rb: &RuleBoard,
        f: FigureId,
        from: PlaceId,
        kind: TypeId,
        checked: bool,
        view: &View,
    ) -> (u64, bool) {
        let rules = &*self.rules;
        let board = &rules.bitboards.boards[rb.b];
        let bits = self.state.board_bits(rb.b);
        let room = match (board.single, rule.capture) {
            (true, false) => !bits.filled,
            (true, true) => !bits.stacked,
            // Each target's room is asked on its own.
            (false, _) => u64::MAX,
        };
        let mut targets = rule.candidate_bits(rules, from, self.state.to_move(), kind)
            & room
            & !board.bit(from).unwrap_or(0);
        if !checked || rb.sets.is_empty() || targets == 0 {
            return (targets, true);
        }
        let ask = Ask {
            view,
            vars: &[],
            step: Some((f, from, from)),
        };
        for (_, set) in &rb.sets {
            match set.targets(&ask) {
                Some(holds) => targets &= holds,
                None => return (targets, false),
            }
        }
        (targets, true)
    }

    /// The captures of a rule's `what` and `from` for a figure, if they match.
    fn heads<'r>(&self, rule: &'r StepRuleC, f: FigureId, from: PlaceId) -> Option<[&'r [Value]; 3]> {
        let stat = rule.what_static.get(f as usize)?.as_deref()?;
        let kind = rule.what_kind.get(self.state.kind_of(f) as usize)?.as_deref()?;
        if let Some(owner) = rule.owner {
            let me = self.state.to_move();
            let want = match owner {
                OwnerPattern::OnMove => me,
                OwnerPattern::Opponent => self.rules.other(me),
                OwnerPattern::Player(n) => n,
            };
            if self.state.owner_of(f) != want {
                return None;
            }
        }
        let from_caps = rule.from.get(from as usize)?.as_deref()?;
        Some([stat, kind, from_caps])
    }

    /// Whether step rule `ri` may move a figure now, as far as the move
    /// so far and the figure's place in its stack go (`on_top`: it is the
    /// top figure of its place).
    fn rule_can_move(&self, ri: usize, rule: &StepRuleC, on_top: bool) -> bool {
        (on_top || !rule.top_only) && self.rules.moves.next(self.state.progress(), ri).is_some()
    }

    fn fill_vars(
        &self,
        vars: &mut Vec<Value>,
        f: FigureId,
        from: PlaceId,
        to: PlaceId,
        heads: &[&[Value]; 3],
        to_caps: &[Value],
    ) {
        let rules = &*self.rules;
        let names = [rules.figure_name(f), rules.place_name(from), rules.place_name(to)];
        vars.truncate(names.len());
        // The texts are rewritten in place: no allocation once they have room.
        for (i, name) in names.into_iter().enumerate() {
            match vars.get_mut(i) {
                Some(Value::Text(t)) => {
                    t.clear();
                    t.push_str(name);
                }
                Some(other) => *other = Value::from(name),
                None => vars.push(Value::from(name)),
            }
        }
        for part in heads {
            vars.extend(part.iter().cloned());
        }
        vars.extend(to_caps.iter().cloned());
    }

    /// Room on `to`; for a capturing rule, as if its top figure were gone.
    fn has_room_for(&self, to: PlaceId, capture: bool) -> bool {
        let here = self.state.on(to).len() as u32;
        let here = if capture { here.saturating_sub(1) } else { here };
        self.rules.room.get(to as usize).is_some_and(|&cap| here < cap)
    }

    /// The name of the figure a capturing rule would take on `to` ("" if none).
    fn captured_name(&self, to: PlaceId) -> Value {
        let f = self.state.on(to).last();
        Value::from(f.map_or("", |&f| self.rules.figure_name(f)))
    }

    /// [`captured_name`](Self::captured_name), borrowed from the rules.
    fn captured_text(&self, to: PlaceId) -> &Value {
        match self.state.on(to).last() {
            Some(&f) => self.rules.figure_text(f),
            None => &NO_NAME,
        }
    }

    /// Checks a drag of `figure` to `to` and returns the step it makes.
    ///
    /// # Errors
    /// A [`Refusal`] saying in words why the drag is not allowed.
    pub fn check(&self, figure: FigureId, to: PlaceId) -> Result<Step, Refusal> {
        let mut found = None;
        self.steps_to(figure, to, false, &mut |s| {
            found = Some(s);
            ControlFlow::Break(())
        });
        found.ok_or_else(|| explain::why_not(self, figure, to))
    }

    /// The legal steps of `figure` to `to`, as the listing of all its steps
    /// gives them (once per rule where `every_rule`), until `visit` breaks:
    /// no other target's conditions are asked.
    fn steps_to(
        &self,
        figure: FigureId,
        to: PlaceId,
        every_rule: bool,
        visit: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) {
        let how = Gen {
            every_rule,
            to: Some(to),
            ..Gen::default()
        };
        self.generate_by(Some(figure), None, how, visit, &mut || false);
    }

    /// The different outcomes of dragging `figure` to `to`: one step per
    /// rule that allows the drag and gives a different position (the first
    /// rule, in the designer's order, when results are equal), leaving out
    /// steps after which the move could not be finished. Several when the
    /// child must choose (a promotion to one of several types); empty when
    /// the drag is not allowed.
    pub fn choices(&self, figure: FigureId, to: PlaceId) -> Vec<Step> {
        let mut probe = Position::from_state(Arc::clone(&self.rules), self.state.clone());
        let candidates = probe.every_step_to(figure, to);
        probe.outcomes(candidates)
    }

    /// Every legal step of `figure` to `to`, once per rule that allows it.
    fn every_step_to(&self, figure: FigureId, to: PlaceId) -> Vec<Step> {
        let mut steps = Vec::new();
        self.steps_to(figure, to, true, &mut |s| {
            steps.push(s);
            ControlFlow::Continue(())
        });
        steps
    }

    /// [`every_step_to`](Self::every_step_to), or why the drag is refused
    /// when there is none.
    fn allowed(&self, figure: FigureId, to: PlaceId) -> Result<Vec<Step>, Refusal> {
        let steps = self.every_step_to(figure, to);
        if steps.is_empty() {
            return Err(explain::why_not(self, figure, to));
        }
        Ok(steps)
    }

    /// Of the steps of one drag (`candidates`), those after which the move
    /// can be finished, one per different resulting position (the first).
    fn outcomes(&mut self, candidates: Vec<Step>) -> Vec<Step> {
        let alone = candidates.len() == 1;
        let mut out = Vec::new();
        let mut seen = Vec::new();
        for s in candidates {
            if !self.completes_after(s) {
                continue;
            }
            if alone {
                // Nothing to compare with: no need to make the step.
                out.push(s);
                continue;
            }
            let undo = self.apply(s);
            let hash = self.state.hash();
            self.revert(undo);
            if !seen.contains(&hash) {
                seen.push(hash);
                out.push(s);
            }
        }
        out
    }

    /// Plays a step after checking it; the move ends by itself when it is
    /// complete and nothing can extend it.
    ///
    /// # Errors
    /// A [`Refusal`] when the step is not legal, or when the drag has
    /// several different outcomes ([`Why::Choose`]: see
    /// [`choices`](Self::choices) and [`play_step`](Self::play_step));
    /// nothing changes then.
    pub fn play(&mut self, figure: FigureId, to: PlaceId) -> Result<Step, Refusal> {
        let candidates = self.allowed(figure, to)?;
        let outcomes = self.outcomes(candidates);
        match outcomes.as_slice() {
            [] => Err(Refusal::new(
                "After this step the move could not be finished, so it can't be made.",
                Why::DeadEnd,
            )),
            [step] => {
                self.record_step(*step, false);
                Ok(*step)
            }
            more => Err(Refusal::new(
                format!("This step can end in {} different ways: choose one.", more.len()),
                Why::Choose { count: more.len() },
            )),
        }
    }

    /// Plays a step chosen among [`choices`](Self::choices) (any legal
    /// step: the rule it names is the one that makes it).
    ///
    /// # Errors
    /// A [`Refusal`] when that rule does not allow the step now, or the
    /// move could not be finished after it; nothing changes then.
    pub fn play_step(&mut self, step: Step) -> Result<Step, Refusal> {
        let candidates = self.allowed(step.figure, step.to)?;
        if !candidates.contains(&step) {
            let rule = self
                .rules
                .steps
                .get(step.rule as usize)
                .map_or("", |r| r.name.as_str());
            return Err(Refusal::new(
                format!("The rule '{rule}' does not allow this step now."),
                Why::NotNow { rule: rule.into() },
            ));
        }
        if !self.completes_after(step) {
            return Err(Refusal::new(
                "After this step the move could not be finished, so it can't be made.",
                Why::DeadEnd,
            ));
        }
        // A step alone to its place is no choice: its move is not tried
        // to the end again.
        let chosen = candidates.len() > 1 && self.outcomes(candidates).len() > 1;
        self.record_step(step, chosen);
        Ok(step)
    }

    /// Makes a legal step and records it (`chosen`: among several outcomes).
    fn record_step(&mut self, step: Step, chosen: bool) {
        let player = self.state.to_move();
        let mut changes = Vec::new();
        let mut warnings = Vec::new();
        self.make(step, Ends::Look, &mut changes, &mut warnings);
        let ended = self.state.made().is_empty();
        let entry = Entry {
            player,
            action: Action::Step(step),
            chosen,
            warnings,
            changes,
        };
        self.record(entry, ended);
    }

    /// Keeps `entry` in the history and, when it `ended` the move, that the
    /// move ended by itself, for the log; its changes are part of the entry
    /// so one take-back undoes both.
    fn record(&mut self, entry: Entry, ended: bool) {
        let player = entry.player;
        self.history.push(entry);
        if ended {
            self.history.push(Entry {
                player,
                action: Action::EndMove { auto: true },
                chosen: false,
                warnings: Vec::new(),
                changes: Vec::new(),
            });
        }
    }

    /// Ends the current move.
    ///
    /// # Errors
    /// When the steps so far do not make a complete move.
    pub fn end_move(&mut self) -> Result<(), Refusal> {
        if !self.can_end_move() {
            let progress = self.state.progress();
            return Err(match self.stage() {
                MoveStage::Start => Refusal::new("Make a step first.", Why::NoStepYet),
                _ if self.rules.moves.complete(progress).is_some() => Refusal::new(
                    "This move goes on while another step can be made: make another step.",
                    Why::GoOn,
                ),
                _ => Refusal::new(
                    "This move is not finished yet: make another step.",
                    Why::NotFinished,
                ),
            });
        }
        self.finish_recorded(Action::EndMove { auto: false });
        Ok(())
    }

    /// Passes instead of moving, where the game allows it.
    ///
    /// # Errors
    /// When passing is not allowed now.
    pub fn pass(&mut self) -> Result<(), Refusal> {
        if !self.can_pass() {
            return Err(Refusal::new("Passing is not allowed now.", Why::NoPass));
        }
        self.finish_recorded(Action::Pass);
        Ok(())
    }

    /// Ends the move (by End move or a pass) and records it in the history.
    fn finish_recorded(&mut self, action: Action) {
        let player = self.state.to_move();
        let mut changes = Vec::new();
        let mut warnings = Vec::new();
        self.finish_move(&mut changes, &mut warnings);
        self.history.push(Entry {
            player,
            action,
            chosen: false,
            warnings,
            changes,
        });
    }

    /// Takes back the last step (or End move, or pass). Returns whether
    /// there was anything to take back.
    pub fn take_back(&mut self) -> bool {
        loop {
            let Some(entry) = self.history.pop() else {
                return false;
            };
            let auto_end = matches!(entry.action, Action::EndMove { auto: true });
            let mut changes = entry.changes;
            self.state.undo(&self.rules, &mut changes, 0);
            if !auto_end {
                return true;
            }
        }
    }

    /// Takes back the whole current move, or the previous one if no step
    /// has been made in this move. Returns whether anything changed.
    pub fn take_back_move(&mut self) -> bool {
        if !self.take_back() {
            return false;
        }
        while self.state.progress() != MoveAutomaton::START {
            if !self.take_back() {
                break;
            }
        }
        true
    }

    /// Makes a legal step with no history, for search; the move ends by
    /// itself as in play.
    pub fn apply(&mut self, step: Step) -> Undo {
        let mut undo = Undo(Vec::with_capacity(8));
        self.apply_to(step, &mut undo);
        undo
    }

    /// [`apply`](Self::apply), what undoes it added to `undo`: a search
    /// that makes many steps keeps one record, and allocates nothing per
    /// step.
    pub fn apply_to(&mut self, step: Step, undo: &mut Undo) {
        let mut warnings = Vec::new();
        self.make(step, Ends::Look, &mut undo.0, &mut warnings);
    }

    /// [`apply_to`](Self::apply_to) of a step whose move is known to end
    /// with it or not (`ends`): a whole move the search listed, played
    /// again. Where the move may end after the step or go on, whether
    /// another step can be made is then not looked for again.
    pub(crate) fn apply_known(&mut self, step: Step, ends: bool, undo: &mut Undo) {
        let mut warnings = Vec::new();
        self.make(step, Ends::Known(ends), &mut undo.0, &mut warnings);
    }

    /// [`apply_to`](Self::apply_to), leaving to the caller whether the
    /// move ends where it may end after the step or go on: true when it
    /// left that open. The caller then lists the steps that follow, and
    /// where there is none (and no roll) ends the move with
    /// [`end_move_to`](Self::end_move_to), as the step would have.
    pub(crate) fn apply_open(&mut self, step: Step, undo: &mut Undo) -> bool {
        let mut warnings = Vec::new();
        self.make(step, Ends::Later, &mut undo.0, &mut warnings)
    }

    /// Ends the move with no history, for search.
    pub fn apply_end_move(&mut self) -> Undo {
        let mut undo = Undo(Vec::with_capacity(4));
        self.end_move_to(&mut undo);
        undo
    }

    /// [`apply_end_move`](Self::apply_end_move), what undoes it added to
    /// `undo`.
    pub fn end_move_to(&mut self, undo: &mut Undo) {
        let mut warnings = Vec::new();
        self.finish_move(&mut undo.0, &mut warnings);
    }

    /// Undoes an [`apply`](Self::apply) or [`apply_end_move`](Self::apply_end_move),
    /// or everything added to one record.
    pub fn revert(&mut self, mut undo: Undo) {
        self.revert_keeping(&mut undo);
    }

    /// Like [`revert`](Self::revert), leaving `undo` empty with its memory
    /// kept, for the next game a search plays out.
    pub fn revert_keeping(&mut self, undo: &mut Undo) {
        self.state.undo(&self.rules, &mut undo.0, 0);
    }

    /// Keeps a copy of this position's state in `saved` (its memory used
    /// again), to come back to with [`restore`](Self::restore).
    pub(crate) fn save(&self, saved: &mut Option<State>) {
        match saved {
            Some(saved) => saved.copy_from(&self.state),
            None => *saved = Some(self.state.clone()),
        }
    }

    /// Back to the state [`save`](Self::save) kept, whatever was applied
    /// since: for a random playout, cheaper than undoing its steps.
    pub(crate) fn restore(&mut self, saved: &State) {
        self.state.copy_from(saved);
    }

    /// Makes `step`, ending the move where it must end now; where it may
    /// end or go on, as `ends` says. True when that was left open.
    fn make(
        &mut self,
        step: Step,
        ends: Ends,
        changes: &mut Vec<Change>,
        warnings: &mut Vec<String>,
    ) -> bool {
        let rules = Arc::clone(&self.rules);
        let Some(rule) = rules.steps.get(step.rule as usize) else {
            return false;
        };
        // What the effects are asked with is found before the step is made.
        let heads = match rule.effects.is_empty() {
            true => None,
            false => self.heads(rule, step.figure, step.from),
        };
        let captured = match rule.capture {
            true => self.state.on(step.to).last().copied(),
            false => None,
        };
        if let Some(taken) = captured {
            self.state.move_figure(&rules, taken, REMOVED, changes);
        }
        self.state.move_figure(&rules, step.figure, step.to, changes);
        if !rule.effects.is_empty() {
            turn::run_effects(self, rule, step, heads, captured, changes, warnings);
        }
        let progress = rules
            .moves
            .next(self.state.progress(), step.rule as usize)
            .unwrap_or(self.state.progress());
        self.state.push_made(
            Made {
                rule: step.rule,
                figure: step.figure,
                from: step.from,
                to: step.to,
            },
            progress,
            changes,
        );
        if rules.moves.complete(progress).is_none() {
            return false;
        }
        let nothing_more = || !self.has_step() && !self.can_roll();
        let must_end = !rules.moves.can_continue(progress)
            || match ends {
                Ends::Look => nothing_more(),
                Ends::Known(ends) => {
                    debug_assert_eq!(ends, nothing_more(), "a move played again ends where it ended");
                    ends
                }
                Ends::Later => return true,
            };
        if must_end {
            self.finish_move(changes, warnings);
        }
        false
    }
}

/// Whether the conditions not answered ahead of time hold (the candidate
/// came from [`Prefilter::candidates`](super::rules::Prefilter::candidates)).
fn dynamic_conditions_hold(
    rule: &StepRuleC,
    conds: &[usize],
    vars: &[&Value],
    step: (FigureId, PlaceId, PlaceId),
    view: &View,
) -> bool {
    let ask = Ask {
        view,
        vars,
        step: Some(step),
    };
    conds.iter().all(|&i| match Fast::answer(&rule.fast, i, &ask) {
        Some(b) => b,
        None => rule.when[i].holds_with(vars, view),
    })
}

/// Whether the conditions not answered ahead of time hold for `step`,
/// asked without the rule's variables where it needs none
/// ([`StepRuleC::needs_vars`]); `None` where it needs them, or where a
/// compiled condition gave up (then the variables are made, and
/// [`dynamic_conditions_hold`] asks again).
fn holds_without_vars(
    rule: &StepRuleC,
    conds: &[usize],
    step: (FigureId, PlaceId, PlaceId),
    view: &View,
) -> Option<bool> {
    if rule.needs_vars {
        return None;
    }
    let ask = Ask {
        view,
        vars: &[],
        step: Some(step),
    };
    for &i in conds {
        if !Fast::answer(&rule.fast, i, &ask)? {
            return Some(false);
        }
    }
    Some(true)
}

/// The name of nothing: no figure to capture.
static NO_NAME: Value = Value::Text(String::new());

/// The variables of a step as [`Position::fill_vars`] makes them, borrowed
/// from the rules: no text is copied (the captured figure's name, for a
/// capturing rule, is the caller's to add).
fn fill_refs<'r>(
    rules: &'r Rules,
    vars: &mut Vec<&'r Value>,
    f: FigureId,
    from: PlaceId,
    to: PlaceId,
    heads: &[&'r [Value]; 3],
) {
    vars.clear();
    vars.extend([rules.figure_text(f), rules.place_text(from), rules.place_text(to)]);
    for part in heads {
        vars.extend(part.iter());
    }
}

fn same_ok<V: PartialEq>(rule: &StepRuleC, vars: &[V]) -> bool {
    rule.same.iter().all(|&(a, b)| vars.get(a) == vars.get(b))
}

impl Position {
    fn finish_move(&mut self, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
        let next = self.rules.other(self.state.to_move());
        self.state.pass_turn(&self.rules, next, changes);
        self.settle(changes, warnings);
    }

    fn settle(&mut self, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
        turn::settle(self, changes, warnings)
    }

    /// Whether a move is about to start in a game that goes on: where the
    /// player on move may turn out to be stuck.
    fn move_starts(&self) -> bool {
        self.stage() == MoveStage::Start && self.status() == &Status::Playing
    }

    /// With `on`, a move's end no longer asks whether the next player can
    /// move, nor the game overs that can only hold for a player who cannot
    /// ([`Rules::ends_need_stuck`]), as with
    /// [`defer_stuck`](Self::defer_stuck) but in any game: for listing
    /// whole moves, which keeps of the position after each move only its
    /// hash and whether a game over gave the mover the win, and for a
    /// search that knows the moves of the position it reaches, or asks
    /// [`settle_rest`](Self::settle_rest). Returns what it was, to be put
    /// back.
    pub(crate) fn skip_stuck(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.stuck_later, on)
    }

    /// After a move made with [`skip_stuck`](Self::skip_stuck) on, what
    /// its end left unasked: the game overs that waited for a stuck
    /// player, then whether the player on move can move, as the settings
    /// say of one who cannot. `undo` holds the move's changes (where the
    /// figure moved last is looked at first) and what undoes this is
    /// added to it.
    pub(crate) fn settle_rest(&mut self, undo: &mut Undo) {
        if !self.move_starts() {
            return;
        }
        let mut warnings = Vec::new();
        turn::settle_rest(self, &mut undo.0, &mut warnings);
    }
}

/// Where a step leaves its move able to end or go on, whether it ends.
#[derive(Debug, Clone, Copy)]
enum Ends {
    /// Where no other step (or roll) can be made: looked for.
    Look,
    /// As known: a move the search listed, played again.
    Known(bool),
    /// Left to the caller ([`Position::apply_open`]).
    Later,
}

/// How often [`Position::generate_within`] asks whether to stop: every this
/// many targets whose conditions are checked (each costs at least an
/// evaluation, so asking adds little).
pub const STOP_EVERY: u32 = 32;

/// The stop question of [`Position::generate_within`] and how many targets
/// were checked since it was last asked.
struct Poll<'a> {
    stop: &'a mut dyn FnMut() -> bool,
    checks: u32,
    /// The position as the conditions see it, for the whole listing.
    view: &'a View<'a>,
}

impl Poll<'_> {
    /// Counts one checked target; breaks when asked and told to stop.
    #[inline]
    fn checked(&mut self) -> ControlFlow<()> {
        self.checks += 1;
        if self.checks.is_multiple_of(STOP_EVERY) && (self.stop)() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
pub(crate) mod examples;
#[cfg(test)]
mod fast_tests;
#[cfg(test)]
mod tests;

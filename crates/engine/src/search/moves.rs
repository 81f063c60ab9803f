//! Whole moves: a move of several steps is one decision for the search.
//!
//! Moves are enumerated as step sequences from the start of a move to its
//! end (automatic, or by End move where the move may end), or to a roll of
//! the dice the move must make before it can end: the search then rolls,
//! and lists the rest of the move as moves of their own. Steps of
//! interchangeable figures (same type, owner, colour, attributes and origin,
//! matched alike by every rule, and never named in an expression) from the
//! same place are generated once, and moves reaching the same position are
//! kept once.

use super::clock::Budget;
use crate::position::{Position, StandIn, Step, Undo};
use crate::rules::zobrist::PositionSet;
use crate::rules::{FastHasher, FigureId, PlaceId, Rules};
use crate::state::Status;
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;

/// The most steps one enumerated move may have.
pub const MAX_STEPS: usize = 64;
/// The most moves enumerated in one position.
pub const MAX_MOVES: usize = 4096;
/// The most positions (part-way through a move) visited while listing the
/// moves of one position: a move of many steps over figures that all differ
/// could otherwise reach millions.
pub const MAX_VISITS: usize = 1 << 18;

/// A whole move's steps: one or two held in place, more on the heap.
pub type Steps = smallvec::SmallVec<[Step; 2]>;

/// One whole move: its steps, then End move when `end` is set (a move with
/// no steps and `end` set is a pass).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub steps: Steps,
    /// Whether End move is pressed after the steps (the move did not end by itself).
    pub end: bool,
}

impl Move {
    /// Whether this move is a pass.
    pub fn is_pass(&self) -> bool {
        self.steps.is_empty()
    }

    /// The move in words: `x.1 crosses→grid.2.2`, steps separated by commas.
    pub fn describe(&self, rules: &Rules) -> String {
        let names: Vec<&str> = self.steps.iter().map(|s| rules.figure_name(s.figure)).collect();
        self.told(rules, &names)
    }

    /// The move in words as `player` sees it from `pos` (where it is
    /// played): a figure that player cannot see when it moves is "a hidden
    /// figure", so a hint never tells what the top card of a deck is.
    pub fn describe_for(&self, pos: &Position, player: u8) -> String {
        let mut pos = pos.clone();
        let mut names = Vec::with_capacity(self.steps.len());
        for &s in &self.steps {
            names.push(match pos.sees(player, s.figure) {
                true => pos.rules().figure_name(s.figure).to_string(),
                false => "a hidden figure".to_string(),
            });
            pos.apply(s);
        }
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.told(pos.rules(), &names)
    }

    /// The move as `tablecraft engine` writes it for other programs: each
    /// step as `FROM>TO` (place names), separated by spaces, then `end`
    /// where End move is pressed; a pass is `pass`.
    pub fn notation(&self, rules: &Rules) -> String {
        if self.steps.is_empty() {
            return "pass".into();
        }
        let mut text = self
            .steps
            .iter()
            .map(|s| format!("{}>{}", rules.place_name(s.from), rules.place_name(s.to)))
            .collect::<Vec<_>>()
            .join(" ");
        if self.end {
            text.push_str(" end");
        }
        text
    }

    fn told(&self, rules: &Rules, names: &[&str]) -> String {
        if self.steps.is_empty() {
            return "pass".into();
        }
        let parts: Vec<String> = self
            .steps
            .iter()
            .zip(names)
            .map(|(s, name)| format!("{name} {}→{}", rules.place_name(s.from), rules.place_name(s.to)))
            .collect();
        let mut text = parts.join(", ");
        if self.end {
            text.push_str(", end");
        }
        text
    }
}

/// What undoes a [`play`].
pub struct MoveUndo(Undo);

/// Plays a whole move (no history). The move must be one [`MoveGen`]
/// lists here: it ends where it ended when it was listed.
pub fn play(pos: &mut Position, mv: &Move) -> MoveUndo {
    let mut undo = Undo::default();
    play_into(pos, mv, &mut undo);
    MoveUndo(undo)
}

/// Plays a whole move as [`play`] does, recording how to take it back in
/// `undo` (empty, its memory used again): taken back by
/// [`Position::revert_keeping`].
pub fn play_into(pos: &mut Position, mv: &Move, undo: &mut Undo) {
    // The move was listed where it is played: every step but the last
    // went on, and the last ended the move unless it ends by End move.
    let last = mv.steps.len().saturating_sub(1);
    for (i, &s) in mv.steps.iter().enumerate() {
        pos.apply_known(s, i == last && !mv.end, undo);
    }
    if mv.end && (mv.steps.is_empty() || !pos.state().made().is_empty()) {
        pos.end_move_to(undo);
    }
}

/// Takes back a [`play`].
pub fn unplay(pos: &mut Position, undo: MoveUndo) {
    pos.revert(undo.0);
}

/// Which figures are interchangeable: figures of one class lying on the
/// same place give the same steps, so only one of them is tried.
#[derive(Debug, Clone)]
pub struct Classes {
    class_of: Vec<u32>,
}

impl Classes {
    /// Works out the classes of a game's figures.
    pub fn new(rules: &Rules) -> Classes {
        Classes::with(rules, true)
    }

    /// Figures the rules can't tell apart, for counting `repetitions`: as
    /// [`Classes::new`], but where a figure started counts only when the
    /// rules can ask for it (`reads_origin`: an expression asks `origin`;
    /// a rule that matches figures by origin tells them apart anyway).
    /// Two seeds of Awele that started in different pits are alike.
    pub fn alike(rules: &Rules, reads_origin: bool) -> Classes {
        Classes::with(rules, reads_origin)
    }

    fn with(rules: &Rules, origin: bool) -> Classes {
        let texts = expression_texts(rules);
        let mut keys: HashMap<String, u32> = HashMap::new();
        let mut class_of = Vec::with_capacity(rules.figures.len());
        // A figure that may be turned over is told apart from the others:
        // one face up and one face down are not the same to move.
        let turns = rules.steps.iter().flat_map(|r| &r.effects).any(|e| {
            let mut found = false;
            e.visit(&mut |x| found = found || matches!(x, crate::expr::Effect::Turn { .. }));
            found
        });
        for (f, info) in rules.figures.iter().enumerate() {
            let named = turns || texts.iter().any(|t| mentions(t, &info.name));
            let key = if named {
                format!("#{f}")
            } else {
                let statics: Vec<_> = rules.steps.iter().map(|r| r.what_static.get(f)).collect();
                format!(
                    "{}|{}|{}|{:?}|{:?}|{}|{:?}",
                    info.kind,
                    info.owner,
                    info.colour,
                    info.attributes,
                    info.face,
                    if origin { info.origin as i64 } else { -1 },
                    statics
                )
            };
            let next = keys.len() as u32;
            class_of.push(*keys.entry(key).or_insert(next));
        }
        Classes { class_of }
    }

    /// The class of a figure.
    pub fn of(&self, f: FigureId) -> u32 {
        self.class_of.get(f as usize).copied().unwrap_or(u32::MAX)
    }

    /// How many classes there are.
    pub fn count(&self) -> usize {
        self.class_of.iter().copied().max().map_or(0, |m| m as usize + 1)
    }
}

fn expression_texts(rules: &Rules) -> Vec<&str> {
    let g = &rules.game;
    let mut out: Vec<&str> = Vec::new();
    out.extend(g.definitions.iter().map(|d| d.body.as_str()));
    for s in &g.steps {
        out.extend(s.when.iter().map(String::as_str));
        out.extend(s.effects.iter().map(String::as_str));
    }
    for e in &g.game_over {
        out.extend(e.when.iter().map(String::as_str));
        out.push(&e.winner);
    }
    out.extend(g.settings.heuristic.as_deref());
    out
}

/// Whether `text` contains `name` as a whole name (not inside a longer one).
fn mentions(text: &str, name: &str) -> bool {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '.' || c == '-';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(is_name) && !after.is_some_and(|c| is_name(c) && c != '.' && c != '-')
    })
}

/// Enumerates whole moves, reusing its buffers between calls.
pub struct MoveGen {
    classes: Classes,
    seen: PositionSet,
    path: Vec<Step>,
    steps: Vec<Vec<Step>>,
    /// What takes back a step, one a step into the move, their memory
    /// used again.
    undos: Vec<Undo>,
    /// The distinct steps listed: class, type, owner, from, to and rule
    /// packed into one number each.
    keys: HashSet<u128, BuildHasherDefault<FastHasher>>,
    listed: usize,
    /// The most positions visited in one listing ([`MAX_VISITS`]).
    pub(crate) cap: usize,
    complete: bool,
    /// The player whose moves are being listed.
    mover: u8,
    /// The first move listed after which that player has won.
    first_win: Option<usize>,
}

impl MoveGen {
    /// A generator for one game.
    pub fn new(rules: &Rules) -> MoveGen {
        MoveGen {
            classes: Classes::new(rules),
            seen: PositionSet::default(),
            path: Vec::new(),
            steps: Vec::new(),
            undos: Vec::new(),
            keys: HashSet::default(),
            listed: 0,
            cap: MAX_VISITS,
            complete: true,
            mover: 0,
            first_win: None,
        }
    }

    /// The first move of the last listing after which the player who
    /// made it has won by a game over, if any (a win because the next
    /// player cannot move is not looked for while listing: the search
    /// finds it when it plays the move).
    pub fn first_win(&self) -> Option<usize> {
        self.first_win
    }

    /// Lists `mv` after which the position is `pos`, noting a win.
    fn push(&mut self, pos: &Position, out: &mut Vec<Move>, mv: Move) {
        if self.first_win.is_none()
            && matches!(pos.status(), Status::Over { winner, .. } if *winner == self.mover)
        {
            self.first_win = Some(out.len());
        }
        out.push(mv);
    }

    /// The figure classes in use.
    pub fn classes(&self) -> &Classes {
        &self.classes
    }

    /// The distinct legal steps now: one per (figure class, type, from,
    /// to, rule), a target allowed by several rules once per rule (their
    /// results may differ: every choice is a move). Clears `out` first.
    pub fn distinct_steps(&mut self, pos: &Position, out: &mut Vec<Step>) {
        self.distinct_steps_in(pos, out, &mut None);
    }

    /// [`distinct_steps`](Self::distinct_steps) figure by figure, asking
    /// the budget before each (its clock and stop flag every 16 asks);
    /// false when stopped (`out` is then incomplete).
    pub(crate) fn distinct_steps_in(
        &mut self,
        pos: &Position,
        out: &mut Vec<Step>,
        budget: &mut Option<&mut Budget>,
    ) -> bool {
        out.clear();
        self.keys.clear();
        let state = pos.state();
        let (classes, keys) = (&self.classes, &mut self.keys);
        // Of figures that stand for each other on a place only the first is
        // tried: the others give the same steps.
        let mut tried: Vec<StandIn> = Vec::new();
        let tops_only = pos.rules().tops_only(None);
        for p in 0..pos.rules().places.len() as PlaceId {
            tried.clear();
            let on = state.on(p);
            let first = if tops_only { on.len().saturating_sub(1) } else { 0 };
            for (at, &f) in on.iter().enumerate().skip(first) {
                let key = pos.stand_in(f, at, on.len());
                if tried.contains(&key) {
                    continue;
                }
                tried.push(key);
                if budget.as_deref_mut().is_some_and(Budget::poll) {
                    return false;
                }
                let mut visit = |s: Step| {
                    let k = u128::from(classes.of(s.figure))
                        | u128::from(state.kind_of(s.figure)) << 32
                        | u128::from(state.owner_of(s.figure)) << 48
                        | u128::from(s.from) << 56
                        | u128::from(s.to) << 72
                        | u128::from(s.rule) << 88;
                    if keys.insert(k) {
                        out.push(s);
                    }
                    ControlFlow::Continue(())
                };
                // The clock is read inside one figure's targets too: a slow
                // condition over a big board takes long for a single figure.
                match budget.as_deref_mut() {
                    Some(b) => {
                        pos.generate_every_rule(Some(f), &mut visit, &mut || b.check());
                        if b.stopped() {
                            return false;
                        }
                    }
                    None => pos.generate_every_rule(Some(f), &mut visit, &mut || false),
                }
            }
        }
        true
    }

    /// Whether the last listing of moves was complete: not cut short by a
    /// budget, [`MAX_MOVES`] or [`MAX_VISITS`].
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Every whole move of the player on move, each reaching a different
    /// position. Empty when the game is over. Must be called at the start
    /// of a move; a move in progress is completed instead.
    pub fn moves(&mut self, pos: &mut Position, out: &mut Vec<Move>) {
        self.moves_in(pos, out, None);
    }

    /// [`moves`](Self::moves) within a budget: its clock and stop flag are
    /// read while listing, and the listing stops when the budget is spent.
    /// Returns whether the list is complete (see [`complete`](Self::complete)).
    pub fn moves_in(&mut self, pos: &mut Position, out: &mut Vec<Move>, budget: Option<&mut Budget>) -> bool {
        out.clear();
        self.seen.clear();
        self.path.clear();
        self.listed = 0;
        self.complete = true;
        self.mover = pos.to_move();
        self.first_win = None;
        if pos.status() != &Status::Playing {
            return true;
        }
        // Whether the next player can move after each move is not asked
        // here: only the moves' positions and wins are kept, and the
        // search asks when it plays the move.
        let asked = pos.skip_stuck(true);
        if pos.can_pass() {
            let u = pos.apply_end_move();
            self.seen.insert(pos.hash());
            let pass = Move {
                steps: Steps::new(),
                end: true,
            };
            self.push(pos, out, pass);
            pos.revert(u);
        }
        let mut budget = budget;
        if self.list(pos, 0, &mut budget) {
            self.extend(pos, out, 0, &mut budget);
        }
        pos.skip_stuck(asked);
        self.complete
    }

    /// Lists the distinct steps now into the steps `depth` steps into the
    /// move; false when the budget stopped it (the listing is then not
    /// complete).
    fn list(&mut self, pos: &Position, depth: usize, budget: &mut Option<&mut Budget>) -> bool {
        if self.steps.len() <= depth {
            self.steps.resize_with(depth + 1, Vec::new);
        }
        let mut steps = std::mem::take(&mut self.steps[depth]);
        let listed = self.distinct_steps_in(pos, &mut steps, budget);
        self.steps[depth] = steps;
        if !listed {
            self.complete = false;
        }
        listed
    }

    /// Counts one position visited; false when the listing must stop.
    fn visit(&mut self, out: &[Move], budget: &mut Option<&mut Budget>) -> bool {
        self.listed += 1;
        let spent = out.len() >= MAX_MOVES
            || self.listed >= self.cap
            || budget.as_deref_mut().is_some_and(Budget::poll);
        if spent {
            self.complete = false;
        }
        !spent
    }

    /// Goes on with the move in progress, whose distinct steps are listed
    /// (`depth` steps into it, [`list`](Self::list)).
    fn extend(
        &mut self,
        pos: &mut Position,
        out: &mut Vec<Move>,
        depth: usize,
        budget: &mut Option<&mut Budget>,
    ) {
        if depth >= MAX_STEPS {
            self.complete = false;
            return;
        }
        if !self.visit(out, budget) {
            return;
        }
        let steps = std::mem::take(&mut self.steps[depth]);
        if self.undos.len() <= depth {
            self.undos.resize_with(depth + 1, Undo::default);
        }
        let mut u = std::mem::take(&mut self.undos[depth]);
        if !self.path.is_empty() && pos.can_end_move() {
            pos.end_move_to(&mut u);
            if self.seen.insert(pos.hash()) {
                let mv = Move {
                    steps: Steps::from_slice(&self.path),
                    end: true,
                };
                self.push(pos, out, mv);
            }
            pos.revert_keeping(&mut u);
        }
        for &s in &steps {
            // Playing a step checks whether the game is over, which may
            // ask about every step of the next player: the clock is read
            // before each.
            if !self.complete || !self.visit(out, budget) {
                break;
            }
            // Where the move may end after the step or go on, the steps
            // that follow are listed here, once: none, and it ends.
            let listed = pos.apply_open(s, &mut u);
            if listed {
                if !self.list(pos, depth + 1, budget) {
                    pos.revert_keeping(&mut u);
                    break;
                }
                let none = self.steps[depth + 1].is_empty();
                debug_assert_eq!(none, !pos.has_step(), "the steps listed are the legal steps");
                if none && !pos.can_roll() {
                    pos.end_move_to(&mut u);
                }
            }
            self.path.push(s);
            let fresh = self.seen.insert(pos.hash());
            if fresh {
                // A move that goes on with a roll it cannot end before (a
                // push-your-luck game's "roll again") is listed up to the
                // roll: after it the dice decide, and the search rolls.
                if pos.state().made().is_empty() || (!listed && pos.roll_due()) {
                    let mv = Move {
                        steps: Steps::from_slice(&self.path),
                        end: false,
                    };
                    self.push(pos, out, mv);
                } else if listed || self.list(pos, depth + 1, budget) {
                    self.extend(pos, out, depth + 1, budget);
                }
            }
            self.path.pop();
            pos.revert_keeping(&mut u);
        }
        self.steps[depth] = steps;
        self.undos[depth] = u;
    }
}

/// The place a move's last step goes to, for showing it.
pub fn last_target(mv: &Move) -> Option<PlaceId> {
    mv.steps.last().map(|s| s.to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::games;
    use std::sync::Arc;

    fn start(g: crate::Game) -> Position {
        Position::new(Arc::new(Rules::compile(&g).expect("compiles")))
    }

    #[test]
    fn the_first_winning_move_is_the_first_that_wins_when_played() {
        // NIM 3-4-5 (taking the last match wins) and Tic-Tac-Toe, along
        // random games: what the listing noted is what playing each move
        // listed finds, a win by one of the game overs.
        let mut wins = 0;
        for game in [games::nim_heaps(&[3, 4, 5]), games::tic_tac_toe()] {
            for seed in 0..8 {
                let mut pos = start(game.clone());
                let mut gen = MoveGen::new(pos.rules());
                let mut rng = crate::search::rng::Rng::new(seed);
                let mut out = Vec::new();
                while pos.status() == &Status::Playing {
                    gen.moves(&mut pos, &mut out);
                    let me = pos.to_move();
                    let played = out.iter().position(|m| {
                        let u = play(&mut pos, m);
                        let won = matches!(pos.status(), Status::Over { winner, reason, .. }
                            if *winner == me && pos.rules().game.game_over.iter().any(|e| *e.name == **reason));
                        unplay(&mut pos, u);
                        won
                    });
                    assert_eq!(gen.first_win(), played);
                    wins += usize::from(played.is_some());
                    let Some(m) = out.get(rng.below(out.len().max(1))) else {
                        break;
                    };
                    play(&mut pos, &m.clone());
                }
            }
        }
        assert!(wins > 0, "some position had a winning move");
    }

    /// The moves of several steps in the example files: Nim's `take x1-`,
    /// checkers' jumps, Awele's sowing, the morris's mill and capture.
    const MANY_STEPS: [&str; 5] = [
        include_str!("../../../../public/games/nim345.game.xml"),
        include_str!("../../../../public/games/nim3.game.xml"),
        include_str!("../../../../public/games/english-checkers.game.xml"),
        include_str!("../../../../public/games/awele.game.xml"),
        include_str!("../../../../public/games/nine-mens-morris.game.xml"),
    ];

    /// Calls `check` with each move listed along random games of each of
    /// `texts` (`seeds` games each, at most `plies` moves long), from the
    /// position where it is listed.
    fn each_listed_move(
        texts: &[&str],
        seeds: u64,
        plies: usize,
        mut check: impl FnMut(&mut Position, &Move),
    ) {
        for text in texts {
            let game = crate::file::read_xml(text).expect("reads").0;
            for seed in 0..seeds {
                let mut pos = start(game.clone());
                let mut gen = MoveGen::new(pos.rules());
                let mut rng = crate::search::rng::Rng::new(seed);
                let mut out = Vec::new();
                for _ in 0..plies {
                    gen.moves(&mut pos, &mut out);
                    for m in &out {
                        check(&mut pos, m);
                    }
                    let Some(m) = out.get(rng.below(out.len().max(1))) else {
                        break;
                    };
                    play(&mut pos, &m.clone());
                }
            }
        }
    }

    #[test]
    fn a_move_played_again_reaches_what_its_steps_reach_one_by_one() {
        // `play` knows where a listed move ends; each step made and asked
        // whether the move ends, as the page plays it, must reach the same.
        let mut checked = 0;
        each_listed_move(&MANY_STEPS, 4, 40, |pos, m| {
            let mut by_steps = pos.clone();
            for &s in &m.steps {
                by_steps.apply(s);
            }
            if m.end && (m.steps.is_empty() || !by_steps.state().made().is_empty()) {
                by_steps.apply_end_move();
            }
            let u = play(pos, m);
            assert_eq!(pos.state(), by_steps.state(), "{}", m.describe(pos.rules()));
            unplay(pos, u);
            checked += 1;
        });
        assert!(checked > 1000, "{checked} moves checked");
    }

    #[test]
    fn a_move_played_without_the_stuck_check_then_settled_reaches_what_play_reaches() {
        // The search plays a move with the stuck check skipped and asks the
        // rest only where it does not know the moves that follow: both
        // together must reach what `play` reaches, in games whose players
        // get stuck (checkers loses, Reversi passes, then nobody can place).
        let mut asked = 0;
        let texts = [
            include_str!("../../../../public/games/reversi.game.xml"),
            include_str!("../../../../public/games/english-checkers.game.xml"),
            include_str!("../../../../public/games/nim345.game.xml"),
            include_str!("../../../../public/games/tic-tac-toe.game.xml"),
        ];
        each_listed_move(&texts, 3, 300, |pos, m| {
            let mut skipped = pos.clone();
            skipped.skip_stuck(true);
            let mut undo = Undo::default();
            play_into(&mut skipped, m, &mut undo);
            skipped.skip_stuck(false);
            let before = skipped.state().clone();
            skipped.settle_rest(&mut undo);
            asked += usize::from(skipped.state() != &before);
            let u = play(pos, m);
            assert_eq!(pos.state(), skipped.state(), "{}", m.describe(pos.rules()));
            unplay(pos, u);
            skipped.revert_keeping(&mut undo);
            assert_eq!(pos.state(), skipped.state());
        });
        assert!(asked > 0, "a player was stuck after some move");
    }

    #[test]
    fn nim12_has_three_moves() {
        let mut pos = start(games::nim(12));
        let mut gen = MoveGen::new(pos.rules());
        let mut out = Vec::new();
        gen.moves(&mut pos, &mut out);
        let lens: Vec<(usize, bool)> = out.iter().map(|m| (m.steps.len(), m.end)).collect();
        assert_eq!(lens, vec![(1, true), (2, true), (3, false)]);
        let h = pos.hash();
        for m in &out {
            let u = play(&mut pos, m);
            assert_eq!(pos.to_move(), 2);
            unplay(&mut pos, u);
            assert_eq!(pos.hash(), h);
        }
    }

    #[test]
    fn nim345_has_twelve_moves_and_tic_tac_toe_nine() {
        let mut pos = start(games::nim_heaps(&[3, 4, 5]));
        let mut gen = MoveGen::new(pos.rules());
        let mut out = Vec::new();
        gen.moves(&mut pos, &mut out);
        assert_eq!(out.len(), 12);
        let mut pos = start(games::tic_tac_toe());
        let mut gen = MoveGen::new(pos.rules());
        gen.moves(&mut pos, &mut out);
        assert_eq!(out.len(), 9);
        assert!(out.iter().all(|m| m.steps.len() == 1 && !m.end));
    }

    #[test]
    fn named_figures_are_not_merged() {
        let mut g = games::nim(5);
        g.game_over[0].when = vec!["at(m.3, basket)".into()];
        let rules = Rules::compile(&g).unwrap();
        let c = Classes::new(&rules);
        let m = |n: &str| c.of(rules.figure_id(n).unwrap());
        assert_eq!(m("m.1"), m("m.2"));
        assert_ne!(m("m.3"), m("m.1"));
        assert!(mentions("at(m.3, basket)", "m.3"));
        assert!(!mentions("at(m.30, basket)", "m.3"));
        assert!(!mentions("nm.3", "m.3"));
    }
}

#[cfg(test)]
mod order_tests {
    use super::*;
    use std::sync::Arc;

    /// Two cards go one after the other from the hand to the pile; the
    /// first player wins when `p` ends on top, when `top` is asked.
    fn cards(winner_when: &str) -> Position {
        let text = format!(
            r#"<game format="1" players="2"><rules>
            <equipment><group name="hand"/><group name="pile"/></equipment>
            <figures>
              <figure name="p" type="card" origin="hand"/>
              <figure name="q" type="card" origin="hand"/>
            </figures>
            <steps><step name="lay"><what type="card"/><from name="hand"/><to name="pile"/></step></steps>
            <moves><move name="turn">lay x2</move></moves>
            <game-over><end name="done" winner="{winner_when}"><when>empty(hand)</when></end></game-over>
            </rules></game>"#
        );
        let (_, rules) = crate::open::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
        Position::new(Arc::new(rules))
    }

    #[test]
    fn the_order_on_a_place_counts_when_the_rules_read_it() {
        for winner in [
            "if top(pile) = p then 1 else 2",
            "if last(contains(pile)) = p then 1 else 2",
        ] {
            order_counts(winner);
        }
    }

    fn order_counts(winner: &str) {
        let mut pos = cards(winner);
        assert!(pos.rules().reads_order);
        let mut gen = MoveGen::new(pos.rules());
        let mut out = Vec::new();
        gen.moves(&mut pos, &mut out);
        assert_eq!(out.len(), 2, "p then q, and q then p");
        let mut winners = Vec::new();
        for m in &out {
            let u = play(&mut pos, m);
            assert_eq!(pos.hash(), pos.state().full_hash(pos.rules()));
            if let Status::Over { winner, .. } = pos.status() {
                winners.push(*winner);
            }
            unplay(&mut pos, u);
        }
        winners.sort_unstable();
        assert_eq!(winners, vec![1, 2]);
        assert_eq!(pos.hash(), pos.state().full_hash(pos.rules()));
    }

    /// Alike cards in a hand of which only the top one may be laid: the
    /// top card is always tried, though the cards stand for each other
    /// in everything but their place in the pile.
    #[test]
    fn only_the_top_of_alike_figures_is_found_when_only_the_top_may_go() {
        let text = r#"<game format="2" players="1"><title>t</title><rules>
            <equipment><group name="hand"/><group name="pile"/></equipment>
            <figures><figure name="c" type="card" origin="hand" count="3"/></figures>
            <steps><step name="lay"><what type="card"/><from name="hand"/><to name="pile"/>
              <when>figure = top(from)</when></step></steps>
            <moves><move name="turn">lay</move></moves>
            <game-over><end name="done" winner="1"><when>empty(hand)</when></end></game-over>
            </rules></game>"#;
        let (_, rules) = crate::open::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
        let mut pos = Position::new(Arc::new(rules));
        assert!(pos.rules().reads_order);
        let top = pos.rules().figure_id("c.3").unwrap();
        let mut found = Vec::new();
        pos.generate_distinct(&mut |s| {
            found.push(s.figure);
            ControlFlow::Continue(())
        });
        assert_eq!(found, [top]);
        let mut gen = MoveGen::new(pos.rules());
        let mut out = Vec::new();
        gen.moves(&mut pos, &mut out);
        assert_eq!(out.len(), 1, "one card can be laid");
    }

    #[test]
    fn the_order_does_not_count_when_nothing_reads_it() {
        let mut pos = cards("if at(p, pile) then 1 else 2");
        assert!(!pos.rules().reads_order);
        let mut gen = MoveGen::new(pos.rules());
        let mut out = Vec::new();
        gen.moves(&mut pos, &mut out);
        assert_eq!(out.len(), 1);
    }
}

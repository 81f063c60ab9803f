//! One legal step at random without listing them all: the candidates are
//! listed without asking the conditions that look at the position, and
//! the conditions are asked only of the candidates drawn, until one holds.
//! Drawn uniformly and each drawn at most once, the first that holds is
//! any legal step with the same chance. Random playouts draw this way:
//! where most targets are refused (Reversi, Connect Four) few are asked.

use std::ops::ControlFlow;

use super::{
    dynamic_conditions_hold, fill_refs, holds_without_vars, same_ok, turn, Gen, Position, Step, Undo,
};
use crate::automaton::{MoveAutomaton, Progress};
use crate::expr::Value;
use crate::rules::bitboard::nth_square;
use crate::rules::{RuleBoard, TypeId};
use crate::rules::{Rules, StepRuleC};
use crate::world::View;

/// At most how many sources (a figure on a place, and a rule) a random
/// step lists exactly, every target of each asked at once; beyond, the
/// candidates are drawn and only those drawn are asked.
const EXACT_SOURCES: usize = 4;

impl Position {
    /// Into `out` (cleared first), every step that [`Position::generate_distinct`]
    /// could give, before the conditions that look at the position are
    /// asked: a figure of each kind on a place, each rule that applies to
    /// it, each target the rule's fixed conditions leave with room on it.
    /// [`StepCheck::allows`] says which of them are legal steps.
    pub fn candidate_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        let how = Gen {
            distinct: true,
            unchecked: true,
            ..Gen::default()
        };
        let mut keep = |s: Step| {
            out.push(s);
            ControlFlow::Continue(())
        };
        self.generate_by(None, None, how, &mut keep, &mut || false);
    }

    /// Into `draw`, the candidates of [`candidate_steps`](Self::candidate_steps),
    /// described rather than listed: each figure and rule they come from,
    /// with how many of the rule's targets it has. A random playout draws
    /// a few of them, and a Connect Four board's forty-two squares are not
    /// each looked at to draw one.
    pub fn candidates_to_draw(&self, draw: &mut Draw) {
        draw.sources.clear();
        draw.left.clear();
        let how = Gen {
            distinct: true,
            unchecked: true,
            sources: true,
            ..Gen::default()
        };
        self.generate_by(
            None,
            None,
            how,
            &mut |s| {
                draw.sources.push((s, 0, None));
                ControlFlow::Continue(())
            },
            &mut || false,
        );
        let rules = &*self.rules;
        let player = self.state.to_move();
        // Few sources are listed exactly, every target's conditions asked
        // at once; of many, only the few targets drawn are asked.
        let exactly = draw.sources.len() <= EXACT_SOURCES;
        let view = View::of(self);
        let mut total = 0u32;
        let mut exact = true;
        // The figure whose rules are being gone through, the board of its
        // targets so far and those targets: a later rule does not give
        // them again.
        let mut figure = None;
        let mut given: Option<(usize, u64)> = None;
        for (s, end, listed) in &mut draw.sources {
            if figure != Some(s.figure) {
                figure = Some(s.figure);
                given = Some((usize::MAX, 0));
            }
            let rule = &rules.steps[s.rule as usize];
            let kind = self.state.kind_of(s.figure);
            *listed = match (&rule.board, given) {
                (Some(rb), Some((b, earlier))) if exactly && (b == usize::MAX || b == rb.b) => {
                    self.exact_targets(rule, rb, *s, kind, &view).map(|bits| {
                        given = Some((rb.b, earlier | bits));
                        bits & !earlier
                    })
                }
                _ => None,
            };
            let n = match listed {
                Some(bits) => bits.count_ones(),
                None => {
                    // The rules after one not listed exactly must be checked.
                    given = None;
                    exact = false;
                    rule.candidates(rules, s.from, player, kind).count_left() as u32
                }
            };
            total = total.saturating_add(n);
            *end = total;
        }
        draw.exact = exact;
        draw.total = total;
        if !exact {
            draw.left.extend(0..total);
        }
    }

    /// The targets of a rule of one board for the figure and place of
    /// `source`, exactly its legal steps' (before earlier rules take some),
    /// as bits: where each target's room and every condition are known
    /// for all targets at once; `None` otherwise.
    fn exact_targets(
        &self,
        rule: &StepRuleC,
        rb: &RuleBoard,
        source: Step,
        kind: TypeId,
        view: &View,
    ) -> Option<u64> {
        let board = self.rules.bitboards.boards.get(rb.b)?;
        if !board.single || !rb.rest.is_empty() {
            return None;
        }
        let checked = !rule.prefilter.dynamic.is_empty();
        match self.board_targets(rule, rb, source.figure, source.from, kind, checked, view) {
            (bits, true) => Some(bits),
            (_, false) => None,
        }
    }

    /// Asks, one candidate at a time, whether it is a legal step, the
    /// position seen once for all of them.
    pub fn step_check(&self) -> StepCheck<'_> {
        StepCheck {
            pos: self,
            view: View::of(self),
            vars: Vec::new(),
        }
    }

    /// With `on`, a move no longer checks that the next player can move:
    /// a random playout finds that out anyway when it draws the next
    /// step, and [`stuck_to`](Self::stuck_to) then does what the
    /// settings say. Only where a player who can make no step at the start
    /// of a move is exactly a player who cannot move
    /// ([`stuck_means_no_step`]); says whether it is on. Game overs that
    /// can only hold for a stuck player ([`Rules::ends_need_stuck`]) then
    /// wait for it too. Turn it off before the position is used for
    /// anything else.
    pub(crate) fn defer_stuck(&mut self, on: bool) -> bool {
        self.stuck_later = on && stuck_means_no_step(&self.rules);
        self.stuck_later
    }

    /// With [`defer_stuck`](Self::defer_stuck) on, at the start of a move
    /// in which no step can be made: the game overs that waited for this
    /// are asked, then the game ends, or play passes on, as the settings
    /// say of a player who cannot move; for search. What
    /// undoes it is added to `undo`. Says whether anything was done:
    /// nothing when the check is not deferred or the move has begun.
    pub(crate) fn stuck_to(&mut self, undo: &mut Undo) -> bool {
        if !self.stuck_later || !self.move_starts() {
            return false;
        }
        let mut warnings = Vec::new();
        turn::settle_stuck(self, &mut undo.0, &mut warnings);
        true
    }
}

/// Whether a player who can make no step at the start of a move is
/// exactly a player who cannot move: no die to roll, no passing, and a
/// move started with any step rule can be finished. It can when that one
/// step makes a whole move that need not go on (Tic-Tac-Toe's), or when
/// every point the move can reach after it completes a move, going on only
/// while it can (checkers' `jump x0- (jump | crown) while possible`).
pub(crate) fn stuck_means_no_step(rules: &Rules) -> bool {
    let moves = &rules.moves;
    let steps = rules.steps.len();
    rules.dice.is_empty()
        && !rules.settings.pass_allowed
        && (0..steps).all(|r| {
            moves
                .next(MoveAutomaton::START, r)
                .is_none_or(|p| moves.may_end(p) || always_complete(moves, p, steps))
        })
}

/// Whether every point of a move reachable from `from` (itself included)
/// completes a move: one that must go on while it can then ends where no
/// step extends it, so a move there can always be finished.
fn always_complete(moves: &MoveAutomaton, from: Progress, steps: usize) -> bool {
    let mut seen = vec![false; moves.states()];
    let mut todo = vec![from];
    while let Some(p) = todo.pop() {
        match seen.get_mut(p as usize) {
            Some(seen) if !*seen => *seen = true,
            _ => continue,
        }
        if moves.complete(p).is_none() {
            return false;
        }
        todo.extend((0..steps).filter_map(|r| moves.next(p, r)));
    }
    true
}

/// The candidates of a position, to be drawn one at a time without
/// being listed: see [`Position::candidates_to_draw`]. Kept from one
/// position to the next, so that drawing allocates nothing.
#[derive(Debug, Default)]
pub struct Draw {
    /// Each figure and rule the candidates come from, as a step to the
    /// figure's own place, with the number of candidates up to and
    /// including its own, and, where they are known exactly to be its
    /// legal steps, their targets as bits of its rule's board.
    sources: Vec<(Step, u32, Option<u64>)>,
    /// The candidates not drawn yet, numbered in the order of
    /// [`Position::candidate_steps`], its targets with no room included;
    /// empty where every candidate is known to be a legal step.
    left: Vec<u32>,
    /// Whether every candidate is a legal step, each once.
    exact: bool,
    /// How many candidates there are.
    total: u32,
}

impl Draw {
    /// How many candidates are left to draw, counting those that turn out
    /// to be no candidate (a target with no room).
    pub fn left(&self) -> usize {
        if self.exact {
            self.total as usize
        } else {
            self.left.len()
        }
    }

    /// Whether every candidate is known to be a legal step, each given
    /// once: then [`nth`](Self::nth) of any is one, and nothing need be
    /// asked.
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Candidate `n` in the order of the sources (`n` below the total).
    pub fn nth(&self, pos: &Position, n: u32) -> Option<Step> {
        let i = self.sources.partition_point(|&(_, end, _)| end <= n);
        let &(source, end, bits) = self.sources.get(i)?;
        let rules = &*pos.rules;
        let rule = rules.steps.get(source.rule as usize)?;
        let count = match bits {
            Some(bits) => bits.count_ones(),
            None => {
                let kind = pos.state.kind_of(source.figure);
                rule.candidates(rules, source.from, pos.state.to_move(), kind)
                    .count_left() as u32
            }
        };
        let k = n + count - end;
        match (bits, &rule.board) {
            (Some(bits), Some(rb)) => {
                let board = rules.bitboards.boards.get(rb.b)?;
                (k < bits.count_ones()).then(|| Step {
                    to: board.place(nth_square(bits, k)),
                    ..source
                })
            }
            _ => {
                let kind = pos.state.kind_of(source.figure);
                let targets = rule.candidates(rules, source.from, pos.state.to_move(), kind);
                let j = targets.at(k as usize)?;
                let to = rule.to.get(j)?.0;
                (to != source.from && pos.has_room_for(to, rule.capture)).then_some(Step { to, ..source })
            }
        }
    }

    /// Takes candidate `k` of those left (`k < self.left()`): its step, or
    /// `None` when it is a target [`Position::candidate_steps`] leaves out
    /// (the figure's own place, or one with no room). `pos` is the
    /// position the candidates were found for.
    pub fn take(&mut self, pos: &Position, k: usize) -> Option<Step> {
        if self.exact {
            // Taken from the end: what is left is numbered as before.
            if k >= self.total as usize {
                return None;
            }
            let step = self.nth(pos, k as u32);
            self.total -= 1;
            if k as u32 != self.total {
                // The last candidate takes the place of the one taken.
                self.exact = false;
                self.left.extend(0..=self.total);
                self.left.swap_remove(k);
            }
            return step;
        }
        if k >= self.left.len() {
            return None;
        }
        let n = self.left.swap_remove(k);
        self.nth(pos, n)
    }
}

/// See [`Position::step_check`].
pub struct StepCheck<'p> {
    pos: &'p Position,
    view: View<'p>,
    vars: Vec<&'p Value>,
}

impl<'p> StepCheck<'p> {
    /// Whether `step`, one of [`Position::candidate_steps`], is a legal
    /// step as [`Position::generate_distinct`] gives it: its rule's
    /// conditions hold, and no earlier rule gives the same target to the
    /// same figure (a target is given with the first rule that allows it).
    pub fn allows(&mut self, step: Step) -> bool {
        let pos: &'p Position = self.pos;
        let rules = &*pos.rules;
        let Some(rule) = rules.steps.get(step.rule as usize) else {
            return false;
        };
        if !self.holds(rule, step) {
            return false;
        }
        let player = pos.state.to_move();
        let on_top = pos.state.on(step.from).last() == Some(&step.figure);
        !rules.steps[..step.rule as usize]
            .iter()
            .enumerate()
            .any(|(ri, earlier)| {
                pos.rule_can_move(ri, earlier, on_top)
                    && pos.has_room_for(step.to, earlier.capture)
                    && earlier
                        .candidates(rules, step.from, player, pos.state.kind_of(step.figure))
                        .any(|j| earlier.to[j].0 == step.to)
                    && self.holds(
                        earlier,
                        Step {
                            rule: ri as _,
                            ..step
                        },
                    )
            })
    }

    /// Whether `rule`'s conditions that look at the position hold for
    /// `step`, whose figure it applies to.
    fn holds(&mut self, rule: &'p StepRuleC, step: Step) -> bool {
        let pos = self.pos;
        let Some(heads) = pos.heads(rule, step.figure, step.from) else {
            return false;
        };
        if rule.prefilter.dynamic.is_empty() && rule.same.is_empty() {
            return true;
        }
        let Some(to_caps) = rule.target(step.to) else {
            return false;
        };
        if let Some(holds) = holds_without_vars(
            rule,
            &rule.prefilter.dynamic,
            (step.figure, step.from, step.to),
            &self.view,
        ) {
            return holds;
        }
        fill_refs(
            &pos.rules,
            &mut self.vars,
            step.figure,
            step.from,
            step.to,
            &heads,
        );
        self.vars.extend(to_caps.iter());
        if rule.capture {
            self.vars.push(pos.captured_text(step.to));
        }
        same_ok(rule, &self.vars)
            && dynamic_conditions_hold(
                rule,
                &rule.prefilter.dynamic,
                &self.vars,
                (step.figure, step.from, step.to),
                &self.view,
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::chance::random_faces;
    use crate::search::rng::Rng;
    use crate::state::Status;
    use crate::MoveStage;
    use std::collections::BTreeSet;
    use std::sync::Arc;

    /// The candidates that [`StepCheck::allows`] are exactly the steps
    /// [`Position::generate_distinct`] gives, at every position of random
    /// games of `text` (steps made one at a time, so moves of several
    /// steps are seen in the middle too); and drawing every candidate of
    /// a [`Draw`], in a random order, gives each candidate once and
    /// nothing else, every legal step among them; only them where the
    /// draw says it is exact. Returns how many legal steps were seen, and
    /// at how many positions the draw was exact.
    fn same_steps_in_games(text: &str, games: u64, what: &str) -> (usize, usize) {
        let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
        let rules = Arc::new(rules);
        let mut seen = 0;
        let mut exacts = 0;
        let mut candidates = Vec::new();
        let mut draw = Draw::default();
        for seed in 0..games {
            let mut pos = Position::with_seed(rules.clone(), seed);
            let mut rng = Rng::new(seed);
            for _ in 0..200 {
                if pos.status() != &Status::Playing {
                    break;
                }
                let mut legal = Vec::new();
                pos.generate_distinct(&mut |s| {
                    legal.push(s);
                    ControlFlow::Continue(())
                });
                pos.candidate_steps(&mut candidates);
                pos.candidates_to_draw(&mut draw);
                let exact = draw.exact();
                let mut drawn = Vec::new();
                while draw.left() > 0 {
                    drawn.extend(draw.take(&pos, rng.below(draw.left())));
                }
                let sorted = |steps: &[Step]| {
                    let mut v: Vec<_> = steps.iter().map(|s| (s.figure, s.from, s.to, s.rule)).collect();
                    v.sort_unstable();
                    v
                };
                let mut check = pos.step_check();
                let allowed: Vec<Step> = candidates.iter().copied().filter(|&s| check.allows(s)).collect();
                let set = |steps: &[Step]| -> BTreeSet<(u16, u16, u16, u16)> {
                    steps.iter().map(|s| (s.figure, s.from, s.to, s.rule)).collect()
                };
                assert_eq!(allowed.len(), legal.len(), "{what}: {allowed:?} {legal:?}");
                assert_eq!(set(&allowed), set(&legal), "{what}");
                assert_eq!(sorted(&drawn).len(), set(&drawn).len(), "{what}: each once");
                assert!(set(&drawn).is_subset(&set(&candidates)), "{what}");
                assert!(set(&legal).is_subset(&set(&drawn)), "{what}");
                if exact {
                    assert_eq!(set(&drawn), set(&legal), "{what}");
                    exacts += 1;
                }
                seen += legal.len();
                let rolls = pos.rolls();
                if !rolls.is_empty() && (legal.is_empty() || rng.chance(1, 2)) {
                    let roll = rolls[rng.below(rolls.len())];
                    let faces = random_faces(&rules, roll, &mut rng);
                    drop(pos.apply_roll(roll, &faces));
                    continue;
                }
                let end = pos.can_end_move() || pos.can_pass();
                let pick = rng.below(legal.len() + usize::from(end));
                match legal.get(pick) {
                    Some(&s) => drop(pos.apply(s)),
                    None if end => drop(pos.apply_end_move()),
                    None => break,
                }
            }
        }
        (seen, exacts)
    }

    #[test]
    fn the_candidates_allowed_are_the_legal_steps_of_every_example() {
        for file in crate::position::examples::files() {
            let text = crate::position::examples::text(&file);
            let (seen, exacts) = same_steps_in_games(&text, 3, &file);
            assert!(seen > 0, "{file}");
            // Steps onto one board, every condition worked out as sets.
            let board = ["tic-tac-toe", "connect-four", "reversi", "english-checkers"];
            if board.iter().any(|b| file == format!("{b}.game.xml")) {
                assert!(exacts > 0, "{file}");
            }
        }
    }

    #[test]
    fn a_target_two_rules_allow_is_allowed_with_the_first() {
        let text = crate::position::examples::stones_game(
            4,
            4,
            8,
            r#"<steps>
              <step name="near"><what owner="on-move"/><from name="pool"/><to type="square"/>
                <when>column(to) &gt; 2 and empty(neighbour(to, left))</when></step>
              <step name="far"><what owner="on-move"/><from name="pool"/><to type="square"/>
                <when>row(to) &gt; 1 or not empty(neighbour(to, up))</when></step>
              <step name="any"><what owner="on-move"/><from name="pool"/><to type="square"/></step>
            </steps>
            <moves><move name="turn">near | far | any</move></moves>
            <game-over><end name="e" winner="0"><when>empty(pool)</when></end></game-over>
            <settings when-stuck="pass" pass="no"/>"#,
        );
        let (seen, exacts) = same_steps_in_games(&text, 6, "three rules");
        assert!(seen > 0 && exacts > 0);
    }

    /// Random games of `text` played side by side, one position checking
    /// after each move that the next player can move and one leaving it
    /// to [`Position::stuck_to`]: wherever they differ, the second is at
    /// the start of a move with no step, and `stuck_to` makes it the
    /// first; undoing it all gives the start back. Returns whether the
    /// check can be deferred in this game, how often it was needed, and
    /// how often the game ended there.
    fn stuck_later_in_games(text: &str, games: u64, what: &str) -> (bool, usize, usize) {
        let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
        let rules = Arc::new(rules);
        let mut stuck = 0;
        let mut ended = 0;
        let mut deferred = false;
        for seed in 0..games {
            let mut now = Position::with_seed(rules.clone(), seed);
            let mut later = now.clone();
            deferred = later.defer_stuck(true);
            let start = later.hash();
            let mut undo = Undo::default();
            let mut rng = Rng::new(seed);
            for _ in 0..300 {
                if later.hash() != now.hash() || later.status() != now.status() {
                    assert!(deferred, "{what}");
                    assert_eq!(later.stage(), MoveStage::Start, "{what}");
                    assert!(!later.has_step(), "{what}");
                    assert!(later.stuck_to(&mut undo), "{what}");
                    stuck += 1;
                    ended += usize::from(later.status() != &Status::Playing);
                    assert_eq!(later.status(), now.status(), "{what}");
                    assert_eq!(later.hash(), now.hash(), "{what}");
                    assert_eq!(later.to_move(), now.to_move(), "{what}");
                }
                if now.status() != &Status::Playing {
                    break;
                }
                let legal = now.legal_steps();
                let rolls = now.rolls();
                if !rolls.is_empty() && (legal.is_empty() || rng.chance(1, 2)) {
                    let roll = rolls[rng.below(rolls.len())];
                    let faces = random_faces(&rules, roll, &mut rng);
                    drop(now.apply_roll(roll, &faces));
                    later.roll_to(roll, &faces, &mut undo);
                    continue;
                }
                let end = now.can_end_move() || now.can_pass();
                match legal.get(rng.below(legal.len() + usize::from(end))) {
                    Some(&s) => {
                        drop(now.apply(s));
                        later.apply_to(s, &mut undo);
                    }
                    None if end => {
                        drop(now.apply_end_move());
                        later.end_move_to(&mut undo);
                    }
                    None => break,
                }
            }
            later.revert(undo);
            assert_eq!(later.hash(), start, "{what}");
        }
        (deferred, stuck, ended)
    }

    #[test]
    fn a_move_may_leave_the_stuck_check_to_the_next_random_step() {
        let mut stuck = 0;
        for file in crate::position::examples::files() {
            let text = crate::position::examples::text(&file);
            let (deferred, n, ended) = stuck_later_in_games(&text, 6, &file);
            let expected = [
                "tic-tac-toe",
                "connect-four",
                "reversi",
                "nim12",
                "fox-and-geese",
                "patience",
                // A capture goes on while it can, and always can end.
                "english-checkers",
            ];
            if expected.iter().any(|e| file == format!("{e}.game.xml")) {
                assert!(deferred, "{file}");
            }
            // A die: a step is not a move.
            let never = ["snakes-and-ladders"];
            if never.iter().any(|e| file == format!("{e}.game.xml")) {
                assert!(!deferred, "{file}");
            }
            if file == "reversi.game.xml" {
                assert!(n > ended, "Reversi passes when a player cannot move");
                // "Nobody can place" waits for a stuck player.
                assert_eq!(ended, 6, "{file}");
            }
            stuck += n;
        }
        // Dama-lite, the labyrinth and patience end by a stuck player.
        assert!(stuck >= 10, "{stuck}");
    }

    /// Whether a game whose moves are `moves`, of step rules `a`, `b` and
    /// `c` that each put a stone of the pool on a square, leaves the
    /// stuck check to the next random step.
    fn defers(moves: &[&str]) -> bool {
        let steps: String = ["a", "b", "c"]
            .iter()
            .map(|n| {
                format!(
                    r#"<step name="{n}"><what owner="on-move"/><from name="pool"/><to type="square"/></step>"#
                )
            })
            .collect();
        let moves: String = moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!(r#"<move name="m{i}">{m}</move>"#))
            .collect();
        let text = crate::position::examples::stones_game(
            3,
            3,
            9,
            &format!("<steps>{steps}</steps><moves>{moves}</moves>"),
        );
        let (_, rules) = crate::open(&text).unwrap_or_else(|p| panic!("{moves}: {p:#?}"));
        Position::new(Arc::new(rules)).defer_stuck(true)
    }

    #[test]
    fn only_a_move_that_can_always_be_finished_leaves_the_stuck_check() {
        // One step is a whole move.
        assert!(defers(&["a"]));
        assert!(!defers(&["a", "b c"]), "b may start a move it can't finish");
        // Going on while it can, a move can always end.
        assert!(defers(&["a x1- while possible"]));
        assert!(defers(&["a x0- (a | b) while possible", "c"]));
        // After `a` the move must have its `b`, which may not be there.
        assert!(!defers(&["a x0- b while possible"]));
        assert!(!defers(&["(a b) x1- while possible"]));
        assert!(!defers(&["a b"]));
    }
}

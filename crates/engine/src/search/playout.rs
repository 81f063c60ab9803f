//! Random playouts: a game played on from a position to its end by random
//! steps, each legal step (or End move, or a pass) as likely as the
//! others, on the game's bit machine where it has one, else on the general
//! engine; what Monte-Carlo search ([`super::tree`], [`super::chance`])
//! learns a position's worth from.

use super::clock::Budget;
use super::mast::{Mast, DRAWS};
use super::rng::Rng;
use super::simulate::Act;
use crate::machine;
use crate::position::{Draw, Position, Undo};
use crate::state::{State, Status};
use crate::{Rules, Step};

/// The most steps of one random playout; a longer game counts as a draw.
pub const PLAYOUT_STEPS: usize = 1000;

/// What random playouts keep from one to the next, so that once they have
/// room a playout allocates nothing: the candidates of a step, the record
/// of what the playout changed, and the state it started from, which it
/// comes back to in one copy.
#[derive(Debug, Default)]
pub struct Scratch {
    pub(super) draw: Draw,
    pub(super) undo: Undo,
    pub(super) start: Option<State>,
    /// What playouts on the bit machine keep.
    pub(super) machine: machine::Scratch,
    /// Where kept, the steps of the last playout the general engine made,
    /// each with the player who made it.
    pub(super) played: Option<Vec<(u8, Act)>>,
}

/// A random game from `pos` to its end by random steps (End move and pass
/// taken like any step), then back to `pos`. Returns the winner (0: draw or
/// too long), or `None` when the budget ran out during the playout.
///
/// Played on the game's bit machine ([`crate::machine`]) where it has
/// one; where the machine hands the playout over, the general engine
/// makes the steps it made and plays on. A `policy` leads the general
/// engine's steps only: it speaks of the general engine's actions
/// ([`Act`]), which the machine's are not.
pub fn playout(
    pos: &mut Position,
    rng: &mut Rng,
    scratch: &mut Scratch,
    budget: &mut Budget,
    policy: Option<&Mast>,
) -> Option<u8> {
    let handed = match pos.rules().machine() {
        Some(m) => match m.playout(pos, rng, &mut scratch.machine, budget, PLAYOUT_STEPS) {
            machine::Ended::Winner(w) => return w,
            machine::Ended::Handed => true,
        },
        None => false,
    };
    // Held apart from the position it changes; not before it is needed
    // (two atomic counts a playout).
    let rules = std::sync::Arc::clone(pos.rules());
    let Scratch {
        draw,
        undo,
        start,
        machine,
        played,
    } = scratch;
    if let Some(played) = played.as_mut() {
        played.clear();
    }
    let mut winner = Some(0);
    pos.save(start);
    pos.defer_stuck(true);
    let mut first = 0;
    if handed {
        for &action in &machine.actions {
            replay(pos, &rules, action, undo);
        }
        first = machine.actions.len();
    }
    for n in first..PLAYOUT_STEPS {
        // One step may list many candidates: the clock is read at every
        // step while steps are slow.
        if n > 0 && budget.pace() {
            winner = None;
            break;
        }
        if let Status::Over { winner: w, .. } = pos.status() {
            winner = Some(*w);
            break;
        }
        let mover = pos.to_move();
        let Some(act) = random_step(pos, rng, draw, undo, policy) else {
            break;
        };
        if let Some(played) = played.as_mut() {
            played.push((mover, act));
        }
    }
    if let Some(start) = start {
        pos.restore(start);
    }
    undo.forget();
    pos.defer_stuck(false);
    winner
}

/// Makes again on `pos` what the bit machine did in a playout.
pub(crate) fn replay(pos: &mut Position, rules: &Rules, action: machine::Action, undo: &mut Undo) {
    match action {
        machine::Action::Step { rule, from, kind, to } => {
            let figure = rules.machine().and_then(|m| m.figure_of_kind(pos, from, kind));
            if let Some(figure) = figure {
                pos.apply_to(
                    Step {
                        figure,
                        from,
                        to,
                        rule,
                    },
                    undo,
                );
            }
        }
        machine::Action::End => pos.end_move_to(undo),
        machine::Action::Stuck => {
            pos.stuck_to(undo);
        }
    }
}

/// Makes one legal step at random, or ends the move (or passes) where
/// that is allowed, each as likely as the others (of figures alike on a
/// place, one stands for all), or where a `policy` is given the best of a
/// few drawn ([`Mast::choose`]). The candidates are drawn one by one
/// without being listed, and only those drawn are checked
/// ([`Position::candidates_to_draw`]); `draw` holds them. Where a move
/// left the check that the player can move to this step
/// ([`Position::defer_stuck`]) and none can be made, the player is stuck.
/// What undoes it is added to `undo`; says what was done, `None` where
/// nothing was.
pub(super) fn random_step(
    pos: &mut Position,
    rng: &mut Rng,
    draw: &mut Draw,
    undo: &mut Undo,
    policy: Option<&Mast>,
) -> Option<Act> {
    pos.candidates_to_draw(draw);
    let end = pos.can_end_move() || pos.can_pass();
    let mover = pos.to_move();
    let chosen = {
        let pos = &*pos;
        let mut check = (!draw.exact()).then(|| pos.step_check());
        // One legal step, or End move (drawn as the last candidate), each
        // as likely; `None` where there is nothing left to draw.
        let mut one = || loop {
            let n = draw.left() + usize::from(end);
            if n == 0 {
                return None;
            }
            let k = rng.below(n);
            if k == draw.left() {
                return Some(Act::End);
            }
            let Some(check) = check.as_mut() else {
                // Every candidate is a legal step: one is drawn, nothing
                // asked.
                return Some(draw.nth(pos, k as u32).map_or(Act::End, Act::Step));
            };
            if let Some(step) = draw.take(pos, k) {
                if check.allows(step) {
                    return Some(Act::Step(step));
                }
            }
        };
        match policy {
            None => one(),
            Some(mast) => mast.choose(mover, DRAWS, one, |a| *a),
        }
    };
    Some(match chosen {
        None => return pos.stuck_to(undo).then_some(Act::Stuck),
        Some(Act::Step(step)) => {
            pos.apply_to(step, undo);
            Act::Step(step)
        }
        Some(_) => {
            pos.end_move_to(undo);
            Act::End
        }
    })
}

/// The index of the largest count (the first on ties).
pub fn most_visited(visits: &[u32]) -> usize {
    let mut best = 0;
    for (i, &v) in visits.iter().enumerate() {
        if v > visits[best] {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{play, unplay};
    use std::sync::Arc;

    /// A random playout, plain or through chance, comes back to the very
    /// state it started from: in every example, from its start and along a
    /// game, with one scratch for them all (so a state of another game,
    /// of other sizes, is copied over).
    #[test]
    fn a_playout_comes_back_to_where_it_started() {
        use crate::position::examples;
        use crate::search::clock::{native_now, Limits};
        let mut scratch = Scratch::default();
        let mut rng = Rng::new(11);
        let mut budget = Budget::new(native_now, Limits::none(), None);
        for file in examples::files() {
            let (_, rules) = crate::open(&examples::text(&file)).unwrap();
            let mut pos = Position::new(Arc::new(rules));
            assert_places_known_alike(&pos, &file);
            for _ in 0..6 {
                let before = pos.state().clone();
                playout(&mut pos, &mut rng, &mut scratch, &mut budget, None);
                assert_eq!(pos.state(), &before, "{file}");
                super::super::chance::playout(&mut pos, &mut rng, &mut scratch, &mut budget);
                assert_eq!(pos.state(), &before, "{file}, through chance");
                for _ in 0..5 {
                    if pos.status() != &Status::Playing {
                        break;
                    }
                    let Some(mv) = super::super::random_move(&pos, &mut rng) else {
                        break;
                    };
                    // A move tried and taken back, then one made.
                    let here = pos.state().clone();
                    let undo = play(&mut pos, &mv);
                    assert_places_known_alike(&pos, &file);
                    unplay(&mut pos, undo);
                    assert_eq!(pos.state(), &here, "{file}, a move taken back");
                    play(&mut pos, &mv);
                    assert_places_known_alike(&pos, &file);
                }
            }
        }
    }

    /// The state knows which places hold figures all alike (of one class,
    /// type and owner), as a look at each place finds.
    fn assert_places_known_alike(pos: &Position, file: &str) {
        let (rules, state) = (pos.rules(), pos.state());
        let key = |f: u16| (rules.class_of[f as usize], state.kind_of(f), state.owner_of(f));
        for p in 0..rules.places.len() as u16 {
            let alike = state.on(p).windows(2).all(|w| key(w[0]) == key(w[1]));
            assert_eq!(state.uniform(p), alike, "{file}, place {p}");
        }
    }

    /// Reversi's start has four legal steps: a random step makes each of
    /// them about as often, and never anything else.
    #[test]
    fn a_random_step_makes_each_legal_step_as_often() {
        let path = format!(
            "{}/../../public/games/reversi.game.xml",
            env!("CARGO_MANIFEST_DIR")
        );
        let (_, rules) = crate::open(&std::fs::read_to_string(path).unwrap()).unwrap();
        let mut pos = Position::new(Arc::new(rules));
        // Where the disc went, by the position each legal step leads to.
        let mut target = std::collections::HashMap::new();
        for s in pos.legal_steps() {
            let undo = pos.apply(s);
            target.insert(pos.hash(), s.to);
            pos.revert(undo);
        }
        let before = pos.state().clone();
        let (mut rng, mut draw) = (Rng::new(7), Draw::default());
        let mut made = std::collections::HashMap::new();
        let tries = 8000;
        for _ in 0..tries {
            let mut undo = Undo::default();
            assert!(
                random_step(&mut pos, &mut rng, &mut draw, &mut undo, None).is_some(),
                "a step"
            );
            let to = target.get(&pos.hash()).expect("a legal step");
            *made.entry(*to).or_insert(0u32) += 1;
            pos.revert(undo);
            assert_eq!(pos.state(), &before);
        }
        assert_eq!(made.len(), 4, "{made:?}");
        let each = tries / 4;
        for n in made.into_values() {
            assert!(n.abs_diff(each) < each / 10, "{n} of {tries}, not about {each}");
        }
    }
}

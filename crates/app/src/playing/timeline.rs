//! Looking back at a game: the positions after each move, stepping through
//! them (|< < > >|), replaying a finished game move by move, and going on
//! from an earlier move ("Continue from here").
//!
//! A [`Timeline`] is the game's [`Record`] cut into whole moves; the
//! position after move `n` is the record's first actions replayed on the
//! rules. Looking is view only: the game in progress changes only when the
//! child continues from an earlier move.

use std::sync::Arc;
use tablecraft_engine::record::Record;
use tablecraft_engine::{Action, Position, Rules};

/// How long each move stays on the table while a game is replayed, in
/// milliseconds: slow enough for a child to follow.
pub const REPLAY_PACE_MS: u32 = 1400;

/// A game cut into moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Timeline {
    record: Record,
    /// How many actions of the record are played at each stop: 0 (the
    /// start), then after each move; the last is the whole record (a move
    /// still in progress counts as one more stop).
    stops: Vec<usize>,
}

impl Timeline {
    /// The timeline of a position's history.
    pub fn of(pos: &Position) -> Timeline {
        let mut stops = vec![0];
        let mut n = 0;
        for entry in pos.history() {
            match entry.action {
                Action::Step(_) | Action::Roll { .. } => n += 1,
                Action::EndMove { auto: false } | Action::Pass => {
                    n += 1;
                    stops.push(n);
                }
                Action::EndMove { auto: true } => stops.push(n),
            }
        }
        stops.dedup();
        if stops.last() != Some(&n) {
            stops.push(n);
        }
        Timeline {
            record: Record::of(pos),
            stops,
        }
    }

    /// The last stop: the number of moves (with a move in progress).
    pub fn last(&self) -> usize {
        self.stops.len().saturating_sub(1)
    }

    /// Whether anything was played.
    pub fn is_empty(&self) -> bool {
        self.last() == 0
    }

    /// The record up to stop `at` (clamped).
    pub fn record_until(&self, at: usize) -> Record {
        let n = self.stops.get(at.min(self.last())).copied().unwrap_or(0);
        Record {
            seed: self.record.seed,
            played: self.record.played[..n.min(self.record.played.len())].to_vec(),
        }
    }

    /// The position at stop `at` (clamped). A record that no longer fits
    /// the rules stops where it can.
    pub fn position_at(&self, rules: &Arc<Rules>, at: usize) -> Position {
        match self.record_until(at).replay(Arc::clone(rules)) {
            Ok(pos) | Err((pos, _)) => pos,
        }
    }

    /// Words for stop `at`, e.g. "After move 3 of 7".
    pub fn label(&self, at: usize) -> String {
        let last = self.last();
        match at.min(last) {
            0 => "The start".to_string(),
            n if n == last => format!("Now: after move {n} of {last}"),
            n => format!("After move {n} of {last}"),
        }
    }
}

/// Where the child is looking: stop `at` of `last`, `None` for the game as
/// it is now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Looking {
    pub at: Option<usize>,
}

/// A button of the history bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Go {
    First,
    Back,
    Forward,
    Last,
}

impl Looking {
    /// Where a button leads; looking at the last stop is looking at the
    /// game as it is now.
    pub fn go(self, go: Go, last: usize) -> Looking {
        let at = self.at.unwrap_or(last).min(last);
        let next = match go {
            Go::First => 0,
            Go::Back => at.saturating_sub(1),
            Go::Forward => (at + 1).min(last),
            Go::Last => last,
        };
        Looking {
            at: (next < last).then_some(next),
        }
    }

    /// The stop shown.
    pub fn shown(self, last: usize) -> usize {
        self.at.unwrap_or(last).min(last)
    }

    /// Whether a button does anything.
    pub fn can(self, go: Go, last: usize) -> bool {
        let at = self.shown(last);
        match go {
            Go::First | Go::Back => at > 0,
            Go::Forward | Go::Last => at < last,
        }
    }

    /// One tick of a replay: the next stop, or `None` when the replay has
    /// reached the game as it is now.
    pub fn replay_tick(self, last: usize) -> Option<Looking> {
        let at = self.at?;
        (at < last).then(|| self.go(Go::Forward, last))
    }

    /// Where a replay starts: at the start, unless the child already looks
    /// at an earlier move.
    pub fn replay_start(self, last: usize) -> Looking {
        match self.at {
            Some(at) if at < last => self,
            _ => Looking { at: Some(0) },
        }
    }
}

/// The game in progress taken back to stop `at`: the later moves are
/// dropped. Returns the new position and the record before, to bring the
/// moves back with (`None` when there is nothing to take back).
pub fn continue_from(pos: &Position, at: usize) -> Option<(Position, Record)> {
    let timeline = Timeline::of(pos);
    if at >= timeline.last() {
        return None;
    }
    let rules = Arc::clone(pos.rules());
    Some((timeline.position_at(&rules, at), timeline.record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;
    use tablecraft_engine::Status;

    fn rules(name: &str) -> Arc<Rules> {
        Arc::new(open_example(name).1)
    }

    /// NIM12 with moves of 2, 1 (ended by End move), 3 matches, then one
    /// step of a fourth move.
    fn nim_game() -> Position {
        let rules = rules("nim12");
        let mut pos = Position::new(Arc::clone(&rules));
        let basket = rules.place_id("basket").unwrap();
        let take = |pos: &mut Position, i: u32| {
            pos.play(rules.figure_id(&format!("m.{i}")).unwrap(), basket)
                .unwrap();
        };
        take(&mut pos, 1);
        take(&mut pos, 2);
        pos.end_move().unwrap();
        take(&mut pos, 3);
        pos.end_move().unwrap();
        for i in 4..=6 {
            take(&mut pos, i); // the third ends the move by itself
        }
        take(&mut pos, 7);
        pos
    }

    fn in_basket(pos: &Position) -> usize {
        let rules = pos.rules();
        let basket = rules.place_id("basket").unwrap();
        (1..=12)
            .filter(|i| {
                let f = rules.figure_id(&format!("m.{i}")).unwrap();
                pos.state().place_of(f) == Some(basket)
            })
            .count()
    }

    #[test]
    fn a_game_is_cut_into_moves() {
        let pos = nim_game();
        let t = Timeline::of(&pos);
        assert_eq!(t.last(), 4, "{t:?}");
        let rules = Arc::clone(pos.rules());
        let counts: Vec<usize> = (0..=4).map(|i| in_basket(&t.position_at(&rules, i))).collect();
        assert_eq!(counts, [0, 2, 3, 6, 7]);
        // After move 2 it is player 1's turn again.
        assert_eq!(t.position_at(&rules, 2).to_move(), 1);
        assert_eq!(t.position_at(&rules, 4).state(), pos.state());
        assert_eq!(t.position_at(&rules, 99).state(), pos.state());
        assert_eq!(t.label(0), "The start");
        assert_eq!(t.label(2), "After move 2 of 4");
        assert_eq!(t.label(4), "Now: after move 4 of 4");
        assert!(Timeline::of(&Position::new(rules)).is_empty());
    }

    #[test]
    fn stepping_stays_in_range_and_ends_at_now() {
        let now = Looking::default();
        assert!(!now.can(Go::Forward, 4) && !now.can(Go::Last, 4));
        assert!(now.can(Go::Back, 4) && now.can(Go::First, 4));
        let back = now.go(Go::Back, 4);
        assert_eq!(back.at, Some(3));
        assert_eq!(back.go(Go::Forward, 4), Looking { at: None });
        let first = back.go(Go::First, 4);
        assert_eq!(first.at, Some(0));
        assert!(!first.can(Go::Back, 4));
        assert_eq!(first.go(Go::Back, 4).at, Some(0));
        assert_eq!(first.go(Go::Last, 4), Looking::default());
        assert_eq!(first.shown(4), 0);
        assert_eq!(now.shown(4), 4);
        // A stale stop past the end is clamped.
        assert_eq!(Looking { at: Some(9) }.shown(4), 4);
        assert_eq!(Looking::default().go(Go::Back, 0), Looking::default());
    }

    #[test]
    fn a_replay_runs_from_the_start_to_now() {
        let mut looking = Looking::default().replay_start(3);
        let mut seen = vec![looking.shown(3)];
        while let Some(next) = looking.replay_tick(3) {
            looking = next;
            seen.push(looking.shown(3));
        }
        assert_eq!(seen, [0, 1, 2, 3]);
        assert_eq!(looking, Looking::default());
        // From a move the child is looking at, the replay goes on from there.
        assert_eq!(Looking { at: Some(2) }.replay_start(3).at, Some(2));
    }

    #[test]
    fn continuing_from_an_earlier_move_drops_the_later_ones() {
        let pos = nim_game();
        let (back, before) = continue_from(&pos, 1).unwrap();
        assert_eq!(in_basket(&back), 2);
        assert_eq!(back.to_move(), 2);
        assert_eq!(Timeline::of(&back).last(), 1);
        // The moves can be brought back from the record kept.
        let again = before.replay(Arc::clone(pos.rules())).unwrap();
        assert_eq!(again.state(), pos.state());
        assert!(continue_from(&pos, 4).is_none());
        assert!(continue_from(&pos, 7).is_none());
        let (start, _) = continue_from(&pos, 0).unwrap();
        assert!(start.history().is_empty());
    }

    #[test]
    fn a_finished_game_replays_to_its_end() {
        let rules = rules("tic-tac-toe");
        let mut pos = Position::new(Arc::clone(&rules));
        // Player 1 fills the top row while player 2 plays below it.
        while pos.status() == &Status::Playing {
            let step = pos.legal_steps()[0];
            pos.play(step.figure, step.to).unwrap();
            if pos.can_end_move() && pos.status() == &Status::Playing {
                pos.end_move().unwrap();
            }
        }
        let t = Timeline::of(&pos);
        assert!(t.last() >= 5, "{t:?}");
        let end = t.position_at(&rules, t.last());
        assert_eq!(end.status(), pos.status());
        assert_eq!(t.position_at(&rules, t.last() - 1).status(), &Status::Playing);
    }
}

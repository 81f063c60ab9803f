//! Undo and redo of whole-game snapshots.

use std::collections::VecDeque;
use tablecraft_engine::model::Game;

/// How many actions can be undone by default.
pub const DEFAULT_DEPTH: usize = 200;

/// One recorded action: what it was called and the game before (on the undo
/// side) or after (on the redo side) it.
#[derive(Debug, Clone)]
struct Entry {
    label: String,
    game: Game,
}

/// The game being designed with its undo and redo stacks.
///
/// Every change — an action, an undo or a redo — raises [`History::revision`],
/// which the app stores with its saves so that older work never overwrites
/// newer work.
#[derive(Debug, Clone)]
pub struct History {
    current: Game,
    undo: VecDeque<Entry>,
    redo: Vec<Entry>,
    revision: u64,
    depth: usize,
}

impl History {
    /// A history starting at `game`, with nothing to undo, at revision 0.
    pub fn new(game: Game) -> Self {
        Self::resume(game, 0)
    }

    /// A history continuing from a saved game and the revision it was saved
    /// at, so that revisions keep increasing across reloads.
    pub fn resume(game: Game, revision: u64) -> Self {
        History {
            current: game,
            undo: VecDeque::new(),
            redo: Vec::new(),
            revision,
            depth: DEFAULT_DEPTH,
        }
    }

    /// The same history keeping at most `depth` undoable actions (at least 1).
    pub fn with_depth(mut self, depth: usize) -> Self {
        self.depth = depth.max(1);
        while self.undo.len() > self.depth {
            self.undo.pop_front();
        }
        self
    }

    /// The game as it is now.
    pub fn current(&self) -> &Game {
        &self.current
    }

    /// The revision: it increases by one with every change, undo and redo.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Records one undoable action named `label` (e.g. `add basket`) that
    /// turned the current game into `game`. An action that changes nothing is
    /// not recorded; the result says whether it was.
    pub fn apply(&mut self, label: &str, game: Game) -> bool {
        if game == self.current {
            return false;
        }
        let before = std::mem::replace(&mut self.current, game);
        self.undo.push_back(Entry {
            label: label.to_string(),
            game: before,
        });
        if self.undo.len() > self.depth {
            self.undo.pop_front();
        }
        self.redo.clear();
        self.revision += 1;
        true
    }

    /// Takes back the last action; returns its label, or `None` if there was nothing to undo.
    pub fn undo(&mut self) -> Option<String> {
        let entry = self.undo.pop_back()?;
        let after = std::mem::replace(&mut self.current, entry.game);
        self.redo.push(Entry {
            label: entry.label.clone(),
            game: after,
        });
        self.revision += 1;
        Some(entry.label)
    }

    /// Does again the last action undone; returns its label, or `None` if there was nothing to redo.
    pub fn redo(&mut self) -> Option<String> {
        let entry = self.redo.pop()?;
        let before = std::mem::replace(&mut self.current, entry.game);
        self.undo.push_back(Entry {
            label: entry.label.clone(),
            game: before,
        });
        if self.undo.len() > self.depth {
            self.undo.pop_front();
        }
        self.revision += 1;
        Some(entry.label)
    }

    /// Whether there is an action to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an action to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// What the undo button says, e.g. `Undo: add basket`.
    pub fn undo_label(&self) -> Option<String> {
        self.undo.back().map(|e| format!("Undo: {}", e.label))
    }

    /// What the redo button says, e.g. `Redo: add basket`.
    pub fn redo_label(&self) -> Option<String> {
        self.redo.last().map(|e| format!("Redo: {}", e.label))
    }

    /// How many actions can be undone now.
    pub fn undo_count(&self) -> usize {
        self.undo.len()
    }

    /// How many actions can be redone now.
    pub fn redo_count(&self) -> usize {
        self.redo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titled(title: &str) -> Game {
        Game {
            title: title.into(),
            ..Game::default()
        }
    }

    #[test]
    fn undo_and_redo_walk_back_and_forth() {
        let mut h = History::new(titled("a"));
        assert!(!h.can_undo() && !h.can_redo());
        assert!(h.apply("rename game", titled("b")));
        assert!(h.apply("rename game again", titled("c")));
        assert_eq!(h.undo_label().as_deref(), Some("Undo: rename game again"));
        assert_eq!(h.undo().as_deref(), Some("rename game again"));
        assert_eq!(h.current().title, "b");
        assert_eq!(h.redo_label().as_deref(), Some("Redo: rename game again"));
        assert_eq!(h.undo().as_deref(), Some("rename game"));
        assert_eq!(h.current().title, "a");
        assert_eq!(h.undo(), None);
        assert_eq!(h.redo().as_deref(), Some("rename game"));
        assert_eq!(h.redo().as_deref(), Some("rename game again"));
        assert_eq!(h.current().title, "c");
        assert_eq!(h.redo(), None);
        assert_eq!(h.revision(), 6);
    }

    #[test]
    fn a_no_op_is_not_recorded_and_keeps_the_revision() {
        let mut h = History::new(titled("a"));
        assert!(!h.apply("nothing", titled("a")));
        assert!(!h.can_undo());
        assert_eq!(h.revision(), 0);
    }

    #[test]
    fn a_new_action_clears_redo() {
        let mut h = History::new(titled("a"));
        h.apply("x", titled("b"));
        h.undo();
        assert!(h.can_redo());
        h.apply("y", titled("c"));
        assert!(!h.can_redo());
        assert_eq!(h.redo_label(), None);
    }

    #[test]
    fn depth_is_bounded_and_revisions_only_grow() {
        let mut h = History::resume(titled("0"), 41).with_depth(3);
        for i in 1..=10 {
            h.apply("step", titled(&i.to_string()));
        }
        assert_eq!(h.undo_count(), 3);
        let mut last = h.revision();
        while h.undo().is_some() {
            assert!(h.revision() > last);
            last = h.revision();
        }
        assert_eq!(h.current().title, "7");
        assert_eq!(h.revision(), 41 + 10 + 3);
        assert_eq!(History::new(Game::default()).with_depth(0).undo_count(), 0);
    }

    #[test]
    fn the_default_depth_is_two_hundred() {
        let mut h = History::new(titled("start"));
        for i in 0..250 {
            h.apply("step", titled(&i.to_string()));
        }
        assert_eq!(h.undo_count(), DEFAULT_DEPTH);
    }
}

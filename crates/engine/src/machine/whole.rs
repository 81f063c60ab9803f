//! Whether the player on move can make a whole move, where a move may be
//! started and not finished (Nine Men's Morris closes a mill and must then
//! take a man, which the opponent may not have on the board). There, as in
//! the general engine ([`crate::Position::has_move`]), a player who can
//! make a step but no whole move cannot move, and that is found at the
//! end of every move, not when a playout next draws a step.

use super::play::Action;
use super::situation::Situation;
use super::steps::{Listing, Memo};
use super::Machine;
use crate::position::MAX_MOVE_STEPS;
use crate::rules::Rules;

impl Machine {
    /// Whether some sequence of legal steps from `s` ends the move in
    /// progress: a step whose rule may end the move there answers at once,
    /// else each step is made on a copy and the search goes on from there,
    /// [`MAX_MOVE_STEPS`] deep, each situation tried once. `None` to give up.
    pub(super) fn has_move(&self, rules: &Rules, s: &Situation) -> Option<bool> {
        let mut failed = Vec::new();
        self.can_complete(rules, s, 0, &mut failed)
    }

    fn can_complete(
        &self,
        rules: &Rules,
        s: &Situation,
        depth: usize,
        failed: &mut Vec<Situation>,
    ) -> Option<bool> {
        // A step of a rule that may end the move here answers at once:
        // asked rule by rule (`can`), before any list is made.
        let mut memo = Memo::default();
        for rule in &self.steps {
            let ends = self
                .moves
                .next(s.progress, rule.index)
                .is_some_and(|p| self.moves.may_end(p));
            if ends && self.can_now(rules, s, rule.index, None, &mut memo)? {
                return Some(true);
            }
        }
        let mut listing = Listing::default();
        let mut steps = Vec::new();
        self.actions(rules, s, &mut listing, &mut steps)?;
        steps.retain(|a| matches!(a, Action::Step { .. }));
        if depth + 1 >= MAX_MOVE_STEPS {
            return Some(false);
        }
        for action in steps {
            let mut next = s.clone();
            next.probing = true;
            if !self.act(rules, &mut next, action, None)? {
                continue;
            }
            if next.made.is_empty() {
                return Some(true);
            }
            next.probing = false;
            if failed.contains(&next) {
                continue;
            }
            if self.can_complete(rules, &next, depth + 1, failed)? {
                return Some(true);
            }
            failed.push(next);
        }
        Some(false)
    }
}

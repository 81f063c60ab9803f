//! Random playouts on the machine: a random legal step (or End move, or
//! a pass where allowed) each as likely as the others (or the better of
//! two drawn, where a search leads its playouts by MAST), the step made with
//! its effects, the move ended where it ends by itself, the game overs
//! checked, and a player who cannot move handled as the settings say: all
//! as the general engine does it in a random playout
//! ([`crate::search::playout::random_step`]), with the check that the next
//! player can move left to the next step.

use super::effect::At;
use super::handover::Kept;
use super::situation::{Made, Situation};
use super::steps::Listing;
use super::value::Eval;
use super::Machine;
use crate::automaton::MoveAutomaton;
use crate::model::WhenStuck;
use crate::rules::tree::{no_slots, Held, Val};
use crate::rules::{PlaceId, Rules};
use crate::search::mast::{Mast, DRAWS};
use crate::search::rng::Rng;
use crate::search::Budget;
use crate::Position;

/// What a random playout did, one entry a random step: enough for the
/// general engine to make the same again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A step of rule `rule` of a figure of kind `kind` from `from` to `to`.
    Step {
        rule: u16,
        from: PlaceId,
        kind: u8,
        to: PlaceId,
    },
    /// End move (or a pass).
    End,
    /// The player on move could make no step at the start of a move.
    Stuck,
}

/// Hashed as one word, its fields packed: the tree search's RAVE looks
/// actions up many times an iteration, and a word is one round of the
/// hasher where the fields one by one were six.
impl std::hash::Hash for Action {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(match *self {
            Action::Step { rule, from, kind, to } => {
                u64::from(rule) << 40 | u64::from(from) << 24 | u64::from(kind) << 16 | u64::from(to)
            }
            Action::End => 1 << 56,
            Action::Stuck => 2 << 56,
        });
    }
}

/// How a random step on the machine went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Something was done.
    Done,
    /// Nothing could be done: the playout ends.
    Nothing,
    /// The machine does not answer something here: the general engine
    /// must take over, from the situation before this step.
    GiveUp,
}

/// How a random playout on the machine ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The winner (0: a draw, or too long), or `None` when the budget ran
    /// out.
    Winner(Option<u8>),
    /// The machine handed the playout over: the general engine makes the
    /// actions recorded so far ([`Scratch::actions`]) and plays on.
    Handed,
}

/// What random playouts on the machine keep from one to the next.
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    pub situation: Situation,
    pub listing: Listing,
    /// What the playout did so far.
    pub actions: Vec<Action>,
}

impl Machine {
    /// A random game from `pos` to its end, as
    /// [`crate::search::playout::playout`] plays it, at most `steps` random
    /// steps; `pos` is left as it was.
    pub fn playout(
        &self,
        pos: &Position,
        rng: &mut Rng,
        scratch: &mut Scratch,
        budget: &mut Budget,
        steps: usize,
    ) -> Ended {
        let Scratch {
            situation: s,
            listing,
            actions,
        } = scratch;
        actions.clear();
        if !s.load(self, pos) {
            return Ended::Handed;
        }
        self.playout_from(pos.rules(), s, rng, listing, actions, None, None, budget, steps)
    }

    /// A random game from situation `s` to its end, at most `steps` random
    /// steps, each recorded in `actions` and, where `movers` is given, the
    /// player who made it there; `s` is left where the playout ended.
    /// Where a `policy` is given, each step is the best of a few drawn
    /// ([`Mast::choose`]).
    #[allow(clippy::too_many_arguments)]
    pub fn playout_from(
        &self,
        rules: &Rules,
        s: &mut Situation,
        rng: &mut Rng,
        listing: &mut Listing,
        actions: &mut Vec<Action>,
        mut movers: Option<&mut Vec<u8>>,
        policy: Option<&Mast>,
        budget: &mut Budget,
        steps: usize,
    ) -> Ended {
        for n in 0..steps {
            // One step may list many candidates: the clock is read at every
            // step while steps are slow.
            if n > 0 && budget.pace() {
                return Ended::Winner(None);
            }
            if let Some(w) = s.over {
                return Ended::Winner(Some(w));
            }
            let mover = s.to_move();
            let outcome = self.random_step(rules, s, rng, listing, actions, policy);
            if let Some(movers) = movers.as_deref_mut() {
                movers.resize(actions.len(), mover);
            }
            match outcome {
                Outcome::Done => {}
                Outcome::Nothing => return Ended::Winner(Some(0)),
                Outcome::GiveUp => return Ended::Handed,
            }
        }
        Ended::Winner(Some(0))
    }

    /// One random step on `s`, recorded in `actions` once chosen (a step
    /// the machine then fails to make is recorded, so that the general
    /// engine makes it). A placing turn whose step ends the move is drawn
    /// and made at once ([`super::placing`]), any other from the listing
    /// of its steps.
    pub fn random_step(
        &self,
        rules: &Rules,
        s: &mut Situation,
        rng: &mut Rng,
        listing: &mut Listing,
        actions: &mut Vec<Action>,
        policy: Option<&Mast>,
    ) -> Outcome {
        match self.placed.get(usize::from(s.progress)) {
            Some(&Some(r)) => self.place_randomly(rules, s, usize::from(r), rng, actions, policy),
            _ => self.random_listed_step(rules, s, rng, listing, actions, policy),
        }
    }

    /// [`random_step`](Self::random_step) drawn from the listing of every
    /// legal step, as any turn can be.
    pub(super) fn random_listed_step(
        &self,
        rules: &Rules,
        s: &mut Situation,
        rng: &mut Rng,
        listing: &mut Listing,
        actions: &mut Vec<Action>,
        policy: Option<&Mast>,
    ) -> Outcome {
        if self.list(rules, s, listing).is_none() {
            return Outcome::GiveUp;
        }
        let total = listing.total;
        let end = self.may_end(s, total > 0);
        let n = total as usize + usize::from(end);
        let mut draw = || match rng.below(n) {
            k if k == total as usize => Some(Action::End),
            k => self
                .nth(listing, k as u32)
                .map(|(rule, from, kind, to)| Action::Step { rule, from, kind, to }),
        };
        let drawn = match (n, policy) {
            (0, _) => Some(Action::Stuck),
            (_, None) => draw(),
            (_, Some(mast)) => mast.choose(s.to_move(), DRAWS, draw, |a| *a),
        };
        let Some(action) = drawn else {
            return Outcome::GiveUp;
        };
        self.act_recorded(rules, s, action, actions, Some(&listing.kept))
    }

    /// Every distinct action of `s`, into `out`: each legal step once (of
    /// figures alike on a pile, one for all; a target that several rules
    /// allow, once for each of them), then End move or a pass where
    /// allowed, or `Stuck` where nothing else can be done; none once the
    /// game is over. `None` to give up.
    pub fn actions(
        &self,
        rules: &Rules,
        s: &Situation,
        listing: &mut Listing,
        out: &mut Vec<Action>,
    ) -> Option<()> {
        out.clear();
        if s.over.is_some() {
            return Some(());
        }
        listing.every_rule = true;
        let listed = self.list(rules, s, listing);
        listing.every_rule = false;
        listed?;
        for source in &listing.sources {
            let step = |to| Action::Step {
                rule: source.rule,
                from: source.from,
                kind: source.kind,
                to,
            };
            let mut bits = source.bits;
            while bits != 0 {
                out.push(step(self.board.place(bits.trailing_zeros())));
                bits &= bits - 1;
            }
            let piles = listing
                .piles
                .get(source.first as usize..(source.first + source.piles) as usize)?;
            out.extend(piles.iter().map(|&to| step(to)));
        }
        if self.may_end(s, !out.is_empty()) {
            out.push(Action::End);
        }
        if out.is_empty() {
            out.push(Action::Stuck);
        }
        Some(())
    }

    /// Does `action` on `s`, as a search makes one of the
    /// [`actions`](Self::actions) listed there: `Some(false)` when nothing
    /// could be done (a move that cannot be finished), `None` to give up.
    pub fn apply(&self, rules: &Rules, s: &mut Situation, action: Action) -> Option<bool> {
        self.act(rules, s, action, None)
    }

    /// Does `action` on `s`, recorded in `actions` (unless nothing could be
    /// done).
    #[inline]
    pub(super) fn act_recorded(
        &self,
        rules: &Rules,
        s: &mut Situation,
        action: Action,
        actions: &mut Vec<Action>,
        kept: Option<&Kept>,
    ) -> Outcome {
        actions.push(action);
        match self.act(rules, s, action, kept) {
            Some(true) => Outcome::Done,
            Some(false) => {
                actions.pop();
                Outcome::Nothing
            }
            None => Outcome::GiveUp,
        }
    }

    /// Does `action` on `s`: a step, End move (or a pass), or what follows
    /// when the player on move cannot move; `None` to give up, `Some(false)`
    /// when nothing could be done.
    /// What the listing `kept` for the step's effects is read where it is
    /// of this situation.
    pub(super) fn act(
        &self,
        rules: &Rules,
        s: &mut Situation,
        action: Action,
        kept: Option<&Kept>,
    ) -> Option<bool> {
        match action {
            Action::Step { rule, from, kind, to } => {
                self.make(rules, s, (rule, from, kind, to), kept).map(|()| true)
            }
            Action::End => self.finish_move(rules, s).map(|()| true),
            Action::Stuck => self.stuck(rules, s),
        }
    }

    /// Whether the move may end now, or the player may pass (`has_step`:
    /// whether a step can be made).
    pub(super) fn may_end(&self, s: &Situation, has_step: bool) -> bool {
        self.can_end_move(s, has_step) || self.can_pass(s)
    }

    /// Whether the move in progress may end now: it is complete, and need
    /// not go on while a step can extend it (`has_step`: one can).
    fn can_end_move(&self, s: &Situation, has_step: bool) -> bool {
        s.over.is_none()
            && !(s.made.is_empty() && s.progress == MoveAutomaton::START)
            && self.moves.complete(s.progress).is_some()
            && !(self.moves.must_go_on(s.progress) && has_step)
    }

    /// Whether the player may pass now: at the start of a move, where the
    /// game allows it.
    fn can_pass(&self, s: &Situation) -> bool {
        self.pass_allowed && s.over.is_none() && s.made.is_empty() && s.progress == MoveAutomaton::START
    }

    /// Makes a step: the figure moved (a figure on the target taken first
    /// by a capturing rule), the rule's effects, the move's progress, and
    /// the end of the move where it ends by itself.
    fn make(
        &self,
        rules: &Rules,
        s: &mut Situation,
        (r, from, k, to): (u16, PlaceId, u8, PlaceId),
        kept: Option<&Kept>,
    ) -> Option<()> {
        let rule = self.steps.get(r as usize)?;
        let handed = rule.handover.as_ref().and_then(|h| {
            let bit = self.cell(to)?;
            kept?.hand(r, h, s.to_move, s.bits, 1 << bit)
        });
        if rule.capture {
            if let Some(bit) = self.cell(to) {
                s.take_cell(bit);
            }
        }
        self.take(s, from, k)?;
        self.put(s, to, k)?;
        if !rule.effects.is_empty() {
            let mut at = At {
                slots: no_slots(),
                moved: (to, k),
                handed: None,
            };
            at.slots[0] = Val::MOVED;
            at.slots[1] = Val::place(from);
            at.slots[2] = Val::place(to);
            for (i, effect) in rule.effects.iter().enumerate() {
                if handed.is_some_and(|h| h.effect == i) {
                    at.handed = handed;
                }
                effect.run(self, rules, s, &mut at)?;
            }
        }
        let progress = self.moves.next(s.progress, rule.index).unwrap_or(s.progress);
        s.made.push(Made {
            rule: rule.index as u16,
            from,
            to,
        });
        s.progress = progress;
        if self.moves.complete(progress).is_some()
            && (!self.moves.can_continue(progress) || !self.has_step(rules, s)?)
        {
            self.finish_move(rules, s)?;
        }
        Some(())
    }

    /// Ends the move: the turn passes to the next player, then the game
    /// overs are checked (unless they wait for a player who cannot move).
    /// Where a move may be started and not finished, whether the next
    /// player can move is asked now, as the general engine asks it.
    pub(super) fn finish_move(&self, rules: &Rules, s: &mut Situation) -> Option<()> {
        self.pass_turn(rules, s)?;
        if s.probing {
            return Some(());
        }
        if self.stuck_now {
            s.over = self.game_over(rules, s)?;
            if s.over.is_none() && !self.has_move(rules, s)? {
                self.stuck(rules, s)?;
            }
            return Some(());
        }
        if !self.ends_need_stuck {
            s.over = self.game_over(rules, s)?;
        }
        Some(())
    }

    /// Whether the player on move can move: has a step, or, where a move
    /// may be started and not finished, a whole move.
    fn can_move(&self, rules: &Rules, s: &Situation) -> Option<bool> {
        match self.stuck_now {
            true => self.has_move(rules, s),
            false => self.has_step(rules, s),
        }
    }

    /// The turn passes to the next player; `None` to give up.
    fn pass_turn(&self, rules: &Rules, s: &mut Situation) -> Option<()> {
        s.to_move = rules.other(s.to_move);
        s.progress = MoveAutomaton::START;
        s.made.clear();
        if let Some(repeats) = &self.repeats {
            let key = repeats.key(self, s)?;
            s.seen.push(key);
        }
        Some(())
    }

    /// The player on move can make no step: at the start of a move, the
    /// game overs that waited for this, then what the settings say of a
    /// player who cannot move. Whether anything was done: nothing in the
    /// middle of a move, or once the game is over.
    fn stuck(&self, rules: &Rules, s: &mut Situation) -> Option<bool> {
        if s.over.is_some() || !s.made.is_empty() || s.progress != MoveAutomaton::START {
            return Some(false);
        }
        if self.ends_need_stuck {
            if let Some(w) = self.game_over(rules, s)? {
                s.over = Some(w);
                return Some(true);
            }
        }
        let me = s.to_move;
        s.over = Some(match self.when_stuck {
            WhenStuck::Lose if self.players >= 2 => rules.previous(me),
            WhenStuck::Lose | WhenStuck::Draw => 0,
            WhenStuck::Win => me,
            // The next player who can move moves; nobody can: a draw.
            WhenStuck::Pass => {
                for _ in 1..self.players.max(2) {
                    self.pass_turn(rules, s)?;
                    if let Some(w) = self.game_over(rules, s)? {
                        s.over = Some(w);
                        return Some(true);
                    }
                    if self.can_move(rules, s)? {
                        return Some(true);
                    }
                }
                0
            }
        });
        Some(true)
    }

    /// The winner of the first game over whose conditions all hold, if
    /// any; `None` to give up. A condition or winner that is not what it
    /// should be counts as not holding, as the general engine counts it
    /// (with a warning).
    fn game_over(&self, rules: &Rules, s: &Situation) -> Option<Option<u8>> {
        if let Some(ends) = &self.direct_ends {
            if let Some(over) = self.game_over_directly(rules, s, ends) {
                return Some(over);
            }
        }
        self.game_over_generally(rules, s)
    }

    /// [`game_over`](Self::game_over), each condition and winner worked out
    /// as an expression.
    // Called, not written out in `game_over`: where the game overs are
    // answered directly, it would make each of them pay for its room.
    #[inline(never)]
    pub(super) fn game_over_generally(&self, rules: &Rules, s: &Situation) -> Option<Option<u8>> {
        let mut memo = super::steps::Memo::default();
        let mut can = |ri: usize, player: Option<u8>| self.can_now(rules, s, ri, player, &mut memo);
        // Copied only where an end binds or reads a name.
        let mut full;
        let slots: &mut [Val] = match self.ends_bind {
            true => {
                full = no_slots();
                &mut full
            }
            false => &mut [],
        };
        let mut e = Eval {
            m: self,
            rules,
            s,
            texts: &[],
            slots,
            moved: (crate::state::REMOVED, 0),
            made: &s.made,
            player: s.to_move,
            can: &mut can,
            known: &mut super::once::Known::default(),
        };
        'ends: for end in &self.ends {
            for c in &end.when {
                if c.value(&mut e)? != Val::bool(true) {
                    continue 'ends;
                }
            }
            match end.winner.value(&mut e)?.held() {
                Held::Num(n) if (0..=i32::from(self.players)).contains(&n) => return Some(Some(n as u8)),
                _ => continue,
            }
        }
        Some(None)
    }
}

//! A turn whose steps all place figures from supplies onto the board, by
//! one rule whose targets read nothing of the figure (Tic-Tac-Toe's and
//! Connect Four's turns): its targets are worked out once for all the
//! figures that may go, where the general listing ([`super::steps`]) asks
//! them figure by figure, through everything a rule may have. The listing
//! is the same, source for source.

use super::play::{Action, Outcome};
use super::situation::Situation;
use super::steps::{Listing, Source, StepRule, Targets};
use super::Machine;
use crate::automaton::{MoveAutomaton, Progress};
use crate::rules::bitboard::nth_square;
use crate::rules::Rules;
use crate::search::mast::{Mast, DRAWS};
use crate::search::rng::Rng;

/// Whether the turns where `rule` is the only step rule that may come
/// next are listed here: it moves figures from piles alone, its targets
/// are the same from everywhere (no condition answered ahead for each
/// place), every condition asked during play is a set program of the board
/// alone, none reads nothing of the step (a gate, asked once), and nothing
/// it finds is handed on to its effects.
pub(super) fn fits(rule: &StepRule, reads_order: bool) -> bool {
    let bare = match &rule.targets {
        Targets::Board(sets) => sets.iter().all(|(set, _)| set.bare()),
        Targets::Piles(..) => false,
    };
    bare && rule.each.is_empty()
        && rule.from_cells == 0
        && rule.to.is_some()
        && rule.gates.is_empty()
        && rule.handover.is_none()
        && !reads_order
}

/// Whether a step of `rule`, made at `progress`, ends the move by itself
/// with nothing more to do: the rule has no effect and takes nothing where
/// it lands, and the move it makes is complete and cannot go on. Such a
/// step is drawn and made in one go ([`Machine::place_randomly`]).
pub(super) fn ends_move(rule: &StepRule, moves: &MoveAutomaton, progress: Progress) -> bool {
    let after = moves.next(progress, rule.index);
    rule.effects.is_empty()
        && !rule.capture
        && after.is_some_and(|after| moves.complete(after).is_some() && !moves.can_continue(after))
}

impl Machine {
    /// A random step of a placing turn whose step ends the move
    /// ([`ends_move`]), drawn and made as [`Machine::random_step`] does,
    /// the same step for the same draw, without listing the sources: every
    /// source has the same targets, so the draw's source and target are
    /// worked out from how many there are; led by `policy` where given.
    pub(super) fn place_randomly(
        &self,
        rules: &Rules,
        s: &mut Situation,
        r: usize,
        rng: &mut Rng,
        actions: &mut Vec<Action>,
        policy: Option<&Mast>,
    ) -> Outcome {
        let Some(rule) = self.steps.get(r) else {
            return Outcome::GiveUp;
        };
        let player = usize::from(s.to_move.max(1)) - 1;
        let Some(kinds) = rule.kinds.get(player) else {
            return Outcome::GiveUp;
        };
        // The first source is kept: most turns have no other.
        let mut sources = self.sources(s, rule, kinds);
        let first = s.over.is_none().then(|| sources.next()).flatten();
        let count = first.map_or(0, |_| 1 + sources.count() as u32);
        let bits = match count {
            0 => 0,
            _ => match self.placed_on(rules, s, rule) {
                Some(bits) => bits,
                None => return Outcome::GiveUp,
            },
        };
        let each = bits.count_ones();
        let total = each * count;
        let end = self.may_end(s, total > 0);
        let n = total as usize + usize::from(end);
        if n == 0 {
            return self.act_recorded(rules, s, Action::Stuck, actions, None);
        }
        // Draw `k`: End move, or the step of a source's pile, kind and
        // square. Most turns have one source: no division, and no second
        // look.
        let step = |k: u32| {
            if k == total {
                return Some(None);
            }
            let (chosen, target) = match count {
                1 => (first, k),
                _ => (self.sources(s, rule, kinds).nth((k / each) as usize), k % each),
            };
            let (pile, kind) = chosen?;
            Some(Some((pile, kind, nth_square(bits, target))))
        };
        let action = |drawn: &Option<(usize, u8, u32)>| match *drawn {
            None => Action::End,
            Some((pile, kind, bit)) => Action::Step {
                rule: r as u16,
                from: self.piles[pile].0,
                kind,
                to: self.board.place(bit),
            },
        };
        let mut draw = || step(rng.below(n) as u32);
        let drawn = match policy {
            None => draw(),
            Some(mast) => mast.choose(s.to_move(), DRAWS, draw, action),
        };
        let Some(drawn) = drawn else {
            return Outcome::GiveUp;
        };
        let Some((pile, kind, bit)) = drawn else {
            return self.act_recorded(rules, s, Action::End, actions, None);
        };
        actions.push(action(&drawn));
        // Refused as `take` and `put` refuse it in a step made from the
        // listing; written out, since here the places are known to be a
        // pile and a square (through `take` and `put`, which look that up,
        // a Tic-Tac-Toe playout runs 6% more instructions).
        if s.count(self, pile, kind) == 0 || s.cell(bit).is_some() {
            return Outcome::GiveUp;
        }
        s.tally(self, pile, kind, false);
        s.put_cell(self, bit, kind);
        match self.finish_move(rules, s) {
            Some(()) => Outcome::Done,
            None => Outcome::GiveUp,
        }
    }

    /// The sources of a placing turn's steps, in the listing's order: per
    /// pile of `rule` with a figure on, the kinds there that may go
    /// (`kinds`, as bits).
    fn sources<'a>(&'a self, s: &'a Situation, rule: &'a StepRule, kinds: &'a [u64; 4]) -> Sources<'a> {
        let words = self.kind_words.min(kinds.len());
        Sources {
            s,
            piles: rule.piles.iter(),
            kinds,
            words,
            // Past the last word: the first step goes on to the first pile.
            pile: 0,
            word: words,
            here: 0,
        }
    }

    /// Lists the steps of `s`, in a turn where rule `r` (by place in
    /// [`Machine::steps`]) is the only one that may come next and
    /// [`fits`]; `None` to give up. `out` is empty.
    pub(super) fn list_placing(
        &self,
        rules: &Rules,
        s: &Situation,
        r: usize,
        out: &mut Listing,
    ) -> Option<()> {
        if s.over.is_some() {
            return Some(());
        }
        let rule = self.steps.get(r)?;
        let kinds = rule.kinds.get(usize::from(s.to_move.max(1)) - 1)?;
        // Worked out at the first figure that may go, as the general
        // listing first asks them there.
        let mut targets = None;
        for (i, kind) in self.sources(s, rule, kinds) {
            let bits = match targets {
                Some(bits) => bits,
                None => *targets.insert(self.placed_on(rules, s, rule)?),
            };
            if bits == 0 {
                return Some(());
            }
            let source = Source::new(r as u16, (self.piles[i].0, kind), bits, (0, 0), 1);
            out.total += source.count;
            out.sources.push(source);
        }
        Some(())
    }

    /// The squares a figure may be placed on by `rule` in `s`: its targets
    /// with room, where each of its set programs holds.
    fn placed_on(&self, rules: &Rules, s: &Situation, rule: &StepRule) -> Option<u64> {
        let mut bits = rule.to? & self.room(rule, s);
        let Targets::Board(sets) = &rule.targets else {
            return None;
        };
        for (set, _) in sets {
            if bits == 0 {
                break;
            }
            bits &= set.run_bare(self, rules, s, s.to_move, None, &mut [])?.yes;
        }
        Some(bits)
    }
}

/// The sources of a placing turn's steps ([`Machine::sources`]): the piles
/// with a figure on, and on each the kinds that may go, word by word.
// Written out: as nested `flat_map`s, the WebAssembly build calls a step of
// the iterator for each source rather than folding it in, which took 12% of
// a Tic-Tac-Toe playout there.
#[derive(Clone)]
pub(super) struct Sources<'a> {
    s: &'a Situation,
    piles: std::slice::Iter<'a, usize>,
    kinds: &'a [u64; 4],
    /// How many words of kinds there are.
    words: usize,
    /// The pile gone through, the word of its kinds, and the kinds of that
    /// word not given yet.
    pile: usize,
    word: usize,
    here: u64,
}

impl Iterator for Sources<'_> {
    type Item = (usize, u8);

    #[inline]
    fn next(&mut self) -> Option<(usize, u8)> {
        loop {
            if self.here != 0 {
                let kind = (self.word * 64) as u8 + self.here.trailing_zeros() as u8;
                self.here &= self.here - 1;
                return Some((self.pile, kind));
            }
            self.word += 1;
            if self.word >= self.words {
                let totals = &self.s.totals;
                self.pile = *self.piles.find(|&&i| totals[i] != 0)?;
                self.word = 0;
            }
            if self.word < self.words {
                self.here = self.s.present[self.pile][self.word] & self.kinds[self.word];
            }
        }
    }
}

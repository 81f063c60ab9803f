//! What the machine keeps of a game in progress.

use super::{Holds, Machine};
use crate::automaton::{MoveAutomaton, Progress};
use crate::expr::Value;
use crate::rules::{PlaceId, RuleId};
use crate::state::{BoardBits, Status};
use crate::Position;

/// One step of the move in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Made {
    pub rule: RuleId,
    pub from: PlaceId,
    pub to: PlaceId,
}

/// What lies where and whose move it is, as the machine keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Situation {
    /// Per square of the board (by bit), the kind of its figure plus one;
    /// 0 for an empty square.
    pub(super) cells: [u8; 64],
    /// The board's squares as bits: filled, and each player's.
    pub(super) bits: BoardBits,
    /// Per pile, per kind: how many figures of that kind lie there.
    pub(super) counts: Vec<u16>,
    /// Per pile: how many figures lie there.
    pub(super) totals: Vec<u16>,
    /// Per pile: the kinds of figure there, as bits.
    pub(super) present: Vec<[u64; 4]>,
    /// Per trigger, its value: a number, or 1 and 0 for yes and no.
    pub(super) triggers: Vec<i32>,
    pub(super) to_move: u8,
    pub(super) progress: Progress,
    /// The steps of the move in progress.
    pub(super) made: Vec<Made>,
    /// The winner (0 for a draw), once the game is over.
    pub(super) over: Option<u8>,
    /// Where the rules count repetitions, the key of the situation at the
    /// start of every move of the game so far ([`super::repeats`]).
    pub(super) seen: Vec<u64>,
    /// Whether this is a copy made to find whether a move can be finished
    /// ([`super::whole`]): the end of a move only passes the turn.
    pub(super) probing: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            cells: [0; 64],
            bits: BoardBits::default(),
            counts: Vec::new(),
            totals: Vec::new(),
            present: Vec::new(),
            triggers: Vec::new(),
            to_move: 1,
            progress: MoveAutomaton::START,
            made: Vec::new(),
            over: None,
            seen: Vec::new(),
            probing: false,
        }
    }
}

impl Situation {
    /// Makes this the situation of `pos` for machine `m`, in the memory it
    /// already has; `false` when the machine can't hold it (two figures on
    /// a square, a kind it does not know, a trigger's value it can't keep).
    pub fn load(&mut self, m: &Machine, pos: &Position) -> bool {
        let rules = &**pos.rules();
        let state = pos.state();
        let kinds = m.kinds.len();
        self.cells = [0; 64];
        self.bits = BoardBits::default();
        self.counts.clear();
        self.counts.resize(m.piles.len() * kinds, 0);
        self.totals.clear();
        self.totals.resize(m.piles.len(), 0);
        self.present.clear();
        self.present.resize(m.piles.len(), [0; 4]);
        // The board's squares with a figure on, from the state's own bits:
        // an empty square is not looked at.
        if let Some(b) = m.b {
            let mut filled = state.board_bits(b).filled;
            while filled != 0 {
                let bit = filled.trailing_zeros();
                filled &= filled - 1;
                let [f] = state.on(m.board.place(bit)) else {
                    return false;
                };
                let Some(k) = m
                    .kinds
                    .of_figure(rules, *f, state.kind_of(*f), state.owner_of(*f))
                else {
                    return false;
                };
                self.put_cell(m, bit, k);
            }
        }
        for (i, &(p, _)) in m.piles.iter().enumerate() {
            let on = state.on(p);
            if on.is_empty() {
                continue;
            }
            // Figures the state knows are all alike are of one kind: the
            // kind of the first, counted at once.
            let alike = match state.uniform(p) {
                true => on.len(),
                false => 1,
            };
            for same in on.chunks(alike) {
                let f = same[0];
                let Some(k) = m.kinds.of_figure(rules, f, state.kind_of(f), state.owner_of(f)) else {
                    return false;
                };
                // More than it counts: not held here.
                let count = &mut self.counts[i * kinds + k as usize];
                let more = u16::try_from(same.len()).ok();
                let (Some(c), Some(total)) = (
                    more.and_then(|n| count.checked_add(n)),
                    more.and_then(|n| self.totals[i].checked_add(n)),
                ) else {
                    return false;
                };
                *count = c;
                self.totals[i] = total;
                self.present[i][usize::from(k) / 64] |= 1 << (k % 64);
            }
        }
        self.triggers.clear();
        for (t, holds) in m.triggers.iter().enumerate() {
            let value = match (state.trigger(t as u16), holds) {
                (Some(&Value::Number(n)), Holds::Number) => i32::try_from(n).ok(),
                (Some(&Value::Bool(b)), Holds::YesNo) => Some(i32::from(b)),
                _ => None,
            };
            let Some(value) = value else {
                return false;
            };
            self.triggers.push(value);
        }
        self.to_move = state.to_move();
        self.progress = state.progress();
        self.made.clear();
        self.made.extend(state.made().iter().map(|s| Made {
            rule: s.rule,
            from: s.from,
            to: s.to,
        }));
        self.over = match state.status() {
            Status::Playing => None,
            Status::Over { winner, .. } => Some(*winner),
        };
        self.probing = false;
        self.seen.clear();
        if m.repeats.is_some() {
            self.seen.extend_from_slice(state.seen());
        }
        true
    }

    /// Puts a figure of kind `k` on the empty square of bit `bit`.
    #[inline]
    pub(super) fn put_cell(&mut self, m: &Machine, bit: u32, k: u8) {
        self.bits.filled |= 1u64 << bit;
        self.set_cell(m, bit, k);
    }

    /// The figure on the square of bit `bit` becomes of kind `k` where it
    /// lies.
    #[inline]
    pub(super) fn change_cell(&mut self, m: &Machine, bit: u32, k: u8) {
        let keep = !(1u64 << bit);
        for set in &mut self.bits.owned {
            *set &= keep;
        }
        self.set_cell(m, bit, k);
    }

    /// Square `bit` holds a figure of kind `k`, and its owner's set has it.
    #[inline]
    fn set_cell(&mut self, m: &Machine, bit: u32, k: u8) {
        self.cells[bit as usize] = k + 1;
        let owner = m.kinds.get(k).owner;
        if (1..=4).contains(&owner) {
            self.bits.owned[owner as usize - 1] |= 1u64 << bit;
        }
    }

    /// Takes the figure off the square of bit `bit`: its kind.
    #[inline]
    pub(super) fn take_cell(&mut self, bit: u32) -> Option<u8> {
        let k = self.cells[bit as usize].checked_sub(1)?;
        self.cells[bit as usize] = 0;
        let keep = !(1u64 << bit);
        self.bits.filled &= keep;
        for set in &mut self.bits.owned {
            *set &= keep;
        }
        Some(k)
    }

    /// The kind of the figure on the square of bit `bit`.
    #[inline]
    pub(super) fn cell(&self, bit: u32) -> Option<u8> {
        self.cells.get(bit as usize)?.checked_sub(1)
    }

    /// How many figures of kind `k` lie on pile `i`.
    #[inline]
    pub(super) fn count(&self, m: &Machine, i: usize, k: u8) -> u16 {
        self.counts[i * m.kinds.len() + k as usize]
    }

    /// The kind of every figure on pile `i`, where it holds figures of one
    /// kind only.
    pub(super) fn only_kind(&self, i: usize) -> Option<u8> {
        let mut kinds = self.present.get(i)?.iter().enumerate().filter(|(_, &w)| w != 0);
        match (kinds.next(), kinds.next()) {
            (Some((at, &w)), None) if w.count_ones() == 1 => Some((at * 64) as u8 + w.trailing_zeros() as u8),
            _ => None,
        }
    }

    /// One more (`add`) or one fewer figure of kind `k` on pile `i`.
    #[inline]
    pub(super) fn tally(&mut self, m: &Machine, i: usize, k: u8, add: bool) {
        let slot = &mut self.counts[i * m.kinds.len() + k as usize];
        let total = &mut self.totals[i];
        if add {
            *slot += 1;
            *total += 1;
        } else {
            *slot -= 1;
            *total -= 1;
        }
        let bit = 1 << (k % 64);
        let word = &mut self.present[i][usize::from(k) / 64];
        if *slot == 0 {
            *word &= !bit;
        } else {
            *word |= bit;
        }
    }

    /// The player on move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Whether no step of a move has been made yet.
    pub fn at_move_start(&self) -> bool {
        self.made.is_empty()
    }

    /// The winner (0 for a draw), once the game is over.
    pub fn winner(&self) -> Option<u8> {
        self.over
    }
}

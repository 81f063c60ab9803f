//! A turn whose steps all place figures from supplies onto the board, by
//! one rule whose targets read nothing of the figure (Tic-Tac-Toe's and
//! Connect Four's turns): its targets are worked out once for all the
//! figures that may go, where the general listing ([`super::steps`]) asks
//! them figure by figure, through everything a rule may have. The listing
//! is the same, source for source.

use super::situation::Situation;
use super::steps::{Listing, Source, StepRule, Targets};
use super::Machine;
use crate::rules::Rules;

/// Whether the turns where `rule` is the only step rule that may come
/// next are listed here: it moves figures from piles alone, its targets
/// are the same from everywhere (no condition answered ahead for each
/// place), every condition asked during play is a set program of the board
/// alone, none reads nothing of the step (a gate, asked once), and nothing
/// it finds is handed on to its effects.
pub(super) fn fits(rule: &StepRule, reads_order: bool) -> bool {
    let bare = match &rule.targets {
        Targets::Board(sets) => sets.iter().all(|(set, _)| set.bare()),
        Targets::Piles(_) => false,
    };
    bare && rule.from_cells == 0
        && rule.to.is_some()
        && rule.gates.is_empty()
        && rule.handover.is_none()
        && !reads_order
}

impl Machine {
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
        for &i in &rule.piles {
            if s.totals[i] == 0 {
                continue;
            }
            for (w, &present) in s.present[i].iter().enumerate().take(self.kind_words) {
                let mut here = present & kinds[w];
                while here != 0 {
                    let kind = (w * 64) as u8 + here.trailing_zeros() as u8;
                    here &= here - 1;
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
            }
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

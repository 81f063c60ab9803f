//! Move progress as a small deterministic automaton over step rules.
//!
//! All move rules together become one automaton: its state says which
//! step rules may come next in the current move, and whether the steps so
//! far already make a complete move (and of which move rule). A state whose
//! complete moves all say `while possible` is one where the move must go on
//! while a step can extend it ([`MoveAutomaton::must_go_on`]): End move is
//! refused there.

use super::sequence::Seq;
use std::collections::{BTreeSet, HashMap};

/// The most automaton states a game may need; beyond it the moves are too
/// complicated to play.
pub const MAX_STATES: usize = 4096;
const MAX_NFA_NODES: usize = 20_000;
const NONE: u16 = u16::MAX;

/// A state of the move automaton; [`MoveAutomaton::START`] begins every move.
pub type Progress = u16;

/// The compiled moves of a game.
#[derive(Debug, Clone)]
pub struct MoveAutomaton {
    rules: usize,
    next: Vec<u16>,
    complete: Vec<Option<usize>>,
    /// Per state: every move it completes says `while possible`.
    go_on: Vec<bool>,
}

#[derive(Default)]
struct Nfa {
    eps: Vec<Vec<usize>>,
    edges: Vec<Vec<(usize, usize)>>,
    accept: HashMap<usize, usize>,
}

impl Nfa {
    fn node(&mut self) -> Result<usize, String> {
        if self.eps.len() >= MAX_NFA_NODES {
            return Err("the moves are too long; use smaller counts".into());
        }
        self.eps.push(Vec::new());
        self.edges.push(Vec::new());
        Ok(self.eps.len() - 1)
    }

    /// Adds `seq` between a new pair of nodes and returns them.
    fn build(&mut self, seq: &Seq) -> Result<(usize, usize), String> {
        let start = self.node()?;
        let end = self.node()?;
        match seq {
            Seq::Step(rule) => self.edges[start].push((*rule, end)),
            Seq::Either(parts) => {
                for part in parts {
                    let (s, e) = self.build(part)?;
                    self.eps[start].push(s);
                    self.eps[e].push(end);
                }
            }
            Seq::WhilePossible(inner) => {
                let (s, e) = self.build(inner)?;
                self.eps[start].push(s);
                self.eps[e].push(end);
            }
            Seq::All(items) => {
                let mut at = start;
                for item in items {
                    let (s, e) = self.build(item)?;
                    self.eps[at].push(s);
                    at = e;
                }
                self.eps[at].push(end);
            }
            Seq::Repeat(inner, min, max) => {
                let mut at = start;
                for _ in 0..*min {
                    let (s, e) = self.build(inner)?;
                    self.eps[at].push(s);
                    at = e;
                }
                match max {
                    Some(max) => {
                        for _ in *min..*max {
                            let (s, e) = self.build(inner)?;
                            self.eps[at].push(s);
                            self.eps[at].push(end);
                            at = e;
                        }
                    }
                    None => {
                        let (s, e) = self.build(inner)?;
                        self.eps[at].push(s);
                        self.eps[e].push(s);
                        self.eps[e].push(end);
                    }
                }
                self.eps[at].push(end);
            }
        }
        Ok((start, end))
    }

    fn closure(&self, nodes: impl IntoIterator<Item = usize>) -> BTreeSet<usize> {
        let mut set = BTreeSet::new();
        let mut stack: Vec<usize> = nodes.into_iter().collect();
        while let Some(n) = stack.pop() {
            if set.insert(n) {
                stack.extend(self.eps[n].iter().copied());
            }
        }
        set
    }
}

impl MoveAutomaton {
    /// The state at the start of every move.
    pub const START: Progress = 0;

    /// Builds the automaton of all `moves` (in the designer's order) over
    /// `rules` step rules.
    ///
    /// # Errors
    /// When the moves need more than [`MAX_STATES`] states.
    pub fn new(moves: &[Seq], rules: usize) -> Result<Self, String> {
        let mut nfa = Nfa::default();
        let root = nfa.node()?;
        let greedy: Vec<bool> = moves.iter().map(|m| matches!(m, Seq::WhilePossible(_))).collect();
        for (i, seq) in moves.iter().enumerate() {
            let (s, e) = nfa.build(seq)?;
            nfa.eps[root].push(s);
            nfa.accept.insert(e, i);
        }
        let mut ids: HashMap<BTreeSet<usize>, u16> = HashMap::new();
        let mut sets: Vec<BTreeSet<usize>> = Vec::new();
        let start = nfa.closure([root]);
        ids.insert(start.clone(), 0);
        sets.push(start);
        let mut next = Vec::new();
        let mut complete = Vec::new();
        let mut go_on = Vec::new();
        let mut i = 0;
        while i < sets.len() {
            let set = sets[i].clone();
            let done: Vec<usize> = set.iter().filter_map(|n| nfa.accept.get(n)).copied().collect();
            complete.push(done.iter().min().copied());
            go_on.push(!done.is_empty() && done.iter().all(|&m| greedy[m]));
            let mut row = vec![NONE; rules];
            for (rule, slot) in row.iter_mut().enumerate() {
                let targets: Vec<usize> = set
                    .iter()
                    .flat_map(|&n| nfa.edges[n].iter().filter(|(r, _)| *r == rule).map(|(_, t)| *t))
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                let target = nfa.closure(targets);
                let id = match ids.get(&target) {
                    Some(id) => *id,
                    None => {
                        if sets.len() >= MAX_STATES {
                            return Err("the moves are too complicated to play; make them shorter".into());
                        }
                        let id = sets.len() as u16;
                        ids.insert(target.clone(), id);
                        sets.push(target);
                        id
                    }
                };
                *slot = id;
            }
            next.extend(row);
            i += 1;
        }
        Ok(MoveAutomaton {
            rules,
            next,
            complete,
            go_on,
        })
    }

    /// The state after a step of `rule`, or `None` when such a step can't
    /// come now.
    #[inline]
    pub fn next(&self, state: Progress, rule: usize) -> Option<Progress> {
        match self.next.get(state as usize * self.rules + rule) {
            Some(&s) if s != NONE => Some(s),
            _ => None,
        }
    }

    /// The move rule that the steps so far complete, if any (the first in
    /// the designer's order).
    #[inline]
    pub fn complete(&self, state: Progress) -> Option<usize> {
        if state == Self::START {
            return None;
        }
        self.complete.get(state as usize).copied().flatten()
    }

    /// Whether the move, though complete, must go on while a step can
    /// extend it: every move rule it completes says `while possible`.
    #[inline]
    pub fn must_go_on(&self, state: Progress) -> bool {
        state != Self::START && self.go_on.get(state as usize).copied().unwrap_or(false)
    }

    /// Whether a move that reaches `state` is a whole move that need not
    /// go on: it may end there.
    #[inline]
    pub fn may_end(&self, state: Progress) -> bool {
        self.complete(state).is_some() && !self.must_go_on(state)
    }

    /// Whether any step at all may follow.
    pub fn can_continue(&self, state: Progress) -> bool {
        (0..self.rules).any(|r| self.next(state, r).is_some())
    }

    /// How many states the automaton has.
    pub fn states(&self) -> usize {
        self.complete.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parse;

    fn automaton(moves: &[&str], names: &[&str]) -> MoveAutomaton {
        let lookup = |n: &str| names.iter().position(|x| *x == n);
        let seqs: Vec<Seq> = moves.iter().map(|m| parse(m, &lookup).unwrap()).collect();
        MoveAutomaton::new(&seqs, names.len()).unwrap()
    }

    fn run(a: &MoveAutomaton, steps: &[usize]) -> Option<Progress> {
        steps.iter().try_fold(MoveAutomaton::START, |s, r| a.next(s, *r))
    }

    #[test]
    fn take_one_to_three() {
        let a = automaton(&["take x1-3"], &["take"]);
        assert_eq!(a.complete(MoveAutomaton::START), None);
        for n in 1..=3 {
            let s = run(&a, &vec![0; n]).unwrap();
            assert_eq!(a.complete(s), Some(0));
            assert_eq!(a.can_continue(s), n < 3);
        }
        assert_eq!(run(&a, &[0, 0, 0, 0]), None);
    }

    #[test]
    fn several_moves_share_the_automaton() {
        let a = automaton(&["step", "jump x1-"], &["step", "jump"]);
        let s = run(&a, &[0]).unwrap();
        assert_eq!(a.complete(s), Some(0));
        assert!(!a.can_continue(s));
        let j = run(&a, &[1, 1, 1, 1, 1]).unwrap();
        assert_eq!(a.complete(j), Some(1));
        assert!(a.can_continue(j));
        assert_eq!(run(&a, &[0, 1]), None);
        assert_eq!(run(&a, &[1, 0]), None);
    }

    #[test]
    fn incomplete_prefix_must_go_on() {
        let a = automaton(&["step x2 jump"], &["step", "jump"]);
        let s = run(&a, &[0]).unwrap();
        assert_eq!(a.complete(s), None);
        assert!(a.can_continue(s));
        assert_eq!(a.complete(run(&a, &[0, 0, 1]).unwrap()), Some(0));
    }

    #[test]
    fn zero_or_more_never_completes_an_empty_move() {
        let a = automaton(&["[* take]"], &["take"]);
        assert_eq!(a.complete(MoveAutomaton::START), None);
        assert_eq!(a.complete(run(&a, &[0, 0]).unwrap()), Some(0));
    }

    #[test]
    fn either_or_takes_one_of_its_parts() {
        let a = automaton(&["(place | slide) x1-2"], &["place", "slide", "jump"]);
        for steps in [&[0][..], &[1], &[0, 1], &[1, 1], &[0, 0]] {
            assert_eq!(a.complete(run(&a, steps).unwrap()), Some(0), "{steps:?}");
        }
        assert_eq!(run(&a, &[2]), None);
        assert_eq!(run(&a, &[0, 1, 0]), None);
        let b = automaton(&["step (jump or crown)"], &["step", "jump", "crown"]);
        assert_eq!(b.complete(run(&b, &[0, 2]).unwrap()), Some(0));
        assert_eq!(b.complete(run(&b, &[0]).unwrap()), None);
        assert_eq!(run(&b, &[0, 1, 2]), None);
    }

    #[test]
    fn while_possible_marks_the_states_it_completes() {
        let a = automaton(
            &["step", "jump x0- (jump | crown) while possible"],
            &["step", "jump", "crown"],
        );
        let s = run(&a, &[0]).unwrap();
        assert!(!a.must_go_on(s));
        let j = run(&a, &[1, 1]).unwrap();
        assert_eq!(a.complete(j), Some(1));
        assert!(a.must_go_on(j));
        let c = run(&a, &[1, 1, 2]).unwrap();
        assert!(a.must_go_on(c));
        assert!(!a.can_continue(c));
        assert!(!a.must_go_on(MoveAutomaton::START));
        // A state that also completes a move without it may end.
        let b = automaton(&["jump", "jump x1- while possible"], &["jump"]);
        let one = run(&b, &[0]).unwrap();
        assert!(!b.must_go_on(one));
        assert!(b.must_go_on(run(&b, &[0, 0]).unwrap()));
    }

    #[test]
    fn large_counts_stay_within_limits() {
        let a = automaton(&["take x0-100"], &["take"]);
        assert!(a.states() <= 102);
        let lookup = |_: &str| Some(0);
        let big: Vec<Seq> = (0..60)
            .map(|_| parse("(take x1-100) x100", &lookup).unwrap())
            .collect();
        assert!(MoveAutomaton::new(&big, 1).is_err());
    }
}

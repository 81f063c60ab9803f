//! The tree's games on the game's bit machine: only what lies where and
//! whose move it is, copied back to the root in one go.

use super::{Act, GiveUp, Simulator};
use crate::machine::{Action, Ended, Listing, Machine, Situation};
use crate::position::{Position, Undo};
use crate::rules::Rules;
use crate::search::clock::Budget;
use crate::search::mast::Mast;
use crate::search::playout::{self, Scratch, PLAYOUT_STEPS};
use crate::search::rng::Rng;

/// A game on the bit machine, from a position.
pub struct MachineSim<'r> {
    rules: &'r Rules,
    m: &'r Machine,
    root: Situation,
    s: Situation,
    listing: Listing,
    /// The actions made since the root: with those of a playout, enough
    /// for the general engine to play on where the machine hands a playout
    /// over.
    path: Vec<Action>,
    /// The actions of a playout, and the player who made each.
    played: Vec<Action>,
    movers: Vec<u8>,
    /// The root as the general engine has it, for such a playout.
    position: &'r Position,
    scratch: Scratch,
}

impl<'r> MachineSim<'r> {
    /// Starts at `root`, where its game has a machine that holds it.
    pub fn new(root: &'r Position) -> Option<MachineSim<'r>> {
        let rules = &**root.rules();
        let m = rules.machine()?;
        let mut situation = Situation::default();
        if !situation.load(m, root) {
            return None;
        }
        Some(MachineSim {
            rules,
            m,
            s: situation.clone(),
            root: situation,
            listing: Listing::default(),
            path: Vec::new(),
            played: Vec::new(),
            movers: Vec::new(),
            position: root,
            scratch: Scratch::default(),
        })
    }

    /// A playout the machine handed over, played on by the general engine
    /// from where the machine stopped, at random: what the search learned
    /// is of the machine's actions, not the general engine's.
    #[cold]
    fn handed(&mut self, rng: &mut Rng, budget: &mut Budget) -> Option<u8> {
        let mut pos = self.position.clone();
        let mut undo = Undo::default();
        let rules = std::sync::Arc::clone(pos.rules());
        pos.defer_stuck(true);
        for &action in self.path.iter().chain(&self.played) {
            playout::replay(&mut pos, &rules, action, &mut undo);
        }
        pos.defer_stuck(false);
        playout::playout(&mut pos, rng, &mut self.scratch, budget, None)
    }
}

impl Simulator for MachineSim<'_> {
    type Action = Action;

    const KEEPS_PLAYED: bool = true;

    fn reset(&mut self) {
        self.s.clone_from(&self.root);
        self.path.clear();
    }

    fn to_move(&self) -> u8 {
        self.s.to_move()
    }

    fn winner(&self) -> Option<u8> {
        self.s.winner()
    }

    fn at_move_start(&self) -> bool {
        self.s.at_move_start()
    }

    fn actions(&mut self, out: &mut Vec<Action>, _: &mut Budget) -> Result<(), GiveUp> {
        self.m
            .actions(self.rules, &self.s, &mut self.listing, out)
            .ok_or(GiveUp)
    }

    fn act(&mut self, action: Action) -> Result<bool, GiveUp> {
        self.path.push(action);
        self.m.apply(self.rules, &mut self.s, action).ok_or(GiveUp)
    }

    fn playout(&mut self, rng: &mut Rng, budget: &mut Budget, policy: Option<&Mast>) -> Option<u8> {
        self.played.clear();
        self.movers.clear();
        let ended = self.m.playout_from(
            self.rules,
            &mut self.s,
            rng,
            &mut self.listing,
            &mut self.played,
            Some(&mut self.movers),
            policy,
            budget,
            PLAYOUT_STEPS,
        );
        match ended {
            Ended::Winner(w) => w,
            Ended::Handed => self.handed(rng, budget),
        }
    }

    fn played(&self) -> impl Iterator<Item = (u8, Action)> + '_ {
        self.movers.iter().copied().zip(self.played.iter().copied())
    }

    fn fingerprint(&self) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault};
        BuildHasherDefault::<crate::rules::FastHasher>::default().hash_one(&self.s)
    }

    fn action_of(&self, pos: &Position, act: Act) -> Action {
        match act {
            Act::Step(s) => Action::Step {
                rule: s.rule,
                from: s.from,
                kind: self.m.kind_of(pos, s.figure).unwrap_or(u8::MAX),
                to: s.to,
            },
            Act::End => Action::End,
            Act::Stuck => Action::Stuck,
        }
    }
}

//! The tree's games on the general engine: any game, at the general
//! engine's speed.

use super::{GiveUp, Simulator};
use crate::position::{Position, Step, Undo};
use crate::search::clock::Budget;
use crate::search::mast::Mast;
use crate::search::moves::MoveGen;
use crate::search::playout::{self, Scratch};
use crate::search::rng::Rng;
use crate::state::Status;

/// One action on the general engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Act {
    /// A legal step.
    Step(Step),
    /// End move, or a pass at the start of a move.
    End,
    /// The player on move can make no step at the start of a move: what
    /// the settings say is done.
    Stuck,
}

/// A game on the general engine, from a position.
pub struct GeneralSim {
    pos: Position,
    /// What takes the position back to the root.
    undo: Undo,
    gen: MoveGen,
    steps: Vec<Step>,
    scratch: Scratch,
}

impl GeneralSim {
    /// Starts at `root`.
    pub fn new(root: &Position) -> GeneralSim {
        let mut pos = root.clone();
        // Whether the next player can move is found out when that player
        // is to move, as the machine finds it ([`Act::Stuck`]).
        pos.defer_stuck(true);
        GeneralSim {
            gen: MoveGen::new(pos.rules()),
            pos,
            undo: Undo::default(),
            steps: Vec::new(),
            scratch: Scratch {
                played: Some(Vec::new()),
                ..Scratch::default()
            },
        }
    }
}

impl GeneralSim {
    /// The position it is at.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

impl Simulator for GeneralSim {
    type Action = Act;

    const KEEPS_PLAYED: bool = true;

    fn reset(&mut self) {
        self.pos.revert_keeping(&mut self.undo);
    }

    fn to_move(&self) -> u8 {
        self.pos.to_move()
    }

    fn winner(&self) -> Option<u8> {
        match self.pos.status() {
            Status::Playing => None,
            Status::Over { winner, .. } => Some(*winner),
        }
    }

    fn at_move_start(&self) -> bool {
        self.pos.state().made().is_empty()
    }

    fn actions(&mut self, out: &mut Vec<Act>, budget: &mut Budget) -> Result<(), GiveUp> {
        out.clear();
        if self.winner().is_some() {
            return Ok(());
        }
        // Cut short by the budget, the list is not used: the search stops.
        if !self
            .gen
            .distinct_steps_in(&self.pos, &mut self.steps, &mut Some(budget))
        {
            return Ok(());
        }
        out.extend(self.steps.iter().map(|&s| Act::Step(s)));
        if self.pos.can_end_move() || self.pos.can_pass() {
            out.push(Act::End);
        }
        if out.is_empty() {
            out.push(Act::Stuck);
        }
        Ok(())
    }

    fn act(&mut self, action: Act) -> Result<bool, GiveUp> {
        match action {
            Act::Step(s) => self.pos.apply_to(s, &mut self.undo),
            Act::End => self.pos.end_move_to(&mut self.undo),
            Act::Stuck => return Ok(self.pos.stuck_to(&mut self.undo)),
        }
        Ok(true)
    }

    fn playout(&mut self, rng: &mut Rng, budget: &mut Budget, policy: Option<&Mast>) -> Option<u8> {
        let winner = playout::playout(&mut self.pos, rng, &mut self.scratch, budget, policy);
        self.pos.defer_stuck(true);
        winner
    }

    fn played(&self) -> impl Iterator<Item = (u8, Act)> + '_ {
        self.scratch.played.iter().flatten().copied()
    }

    fn fingerprint(&self) -> u64 {
        self.pos.hash()
    }

    fn action_of(&self, _: &Position, act: Act) -> Act {
        act
    }
}

//! Rolling dice: an action of the player on move that a move may require
//! (`roll advance`), drawn from the game's own generator of chance.
//!
//! The generator is part of the state and of the undo, so Take back puts
//! it back too: rolling again after a take-back shows the same number (a
//! player can never roll again for a better one), and a game record
//! replays every roll from the game's seed.

use super::{Action, Entry, Position, Refusal, Undo, Why};
use crate::rules::dice::{DieId, Roll};
use crate::state::{Change, Status};
use std::sync::Arc;

impl Position {
    /// The starting position with the game's chance started from `seed`:
    /// the same seed gives the same rolls.
    pub fn with_seed(rules: Arc<Rules>, seed: u64) -> Position {
        let mut state = State::start(&rules);
        state.seed(&rules, seed);
        let mut pos = Position {
            rules,
            state,
            history: Vec::new(),
            seed,
            stuck_later: false,
        };
        let mut changes = Vec::new();
        let mut warnings = Vec::new();
        pos.settle(&mut changes, &mut warnings);
        pos
    }

    /// The seed the game's chance started from (kept in the game record).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// What die `name` shows now.
    pub fn die_value(&self, name: &str) -> Option<u8> {
        self.rules.die_id(name).map(|d| self.state.die(d))
    }

    /// The rolls the player on move may make now: those the move allows
    /// at this point (none when the game is over).
    pub fn rolls(&self) -> Vec<Roll> {
        if self.rules.dice.is_empty() || self.state.status() != &Status::Playing {
            return Vec::new();
        }
        let progress = self.state.progress();
        let first = self.rules.steps.len();
        (first..=first + self.rules.dice.len())
            .filter(|&s| self.rules.moves.next(progress, s).is_some())
            .filter_map(|s| self.rules.roll_of_symbol(s))
            .collect()
    }

    /// Whether the player on move may roll now.
    pub fn can_roll(&self) -> bool {
        !self.rules.dice.is_empty() && !self.rolls().is_empty()
    }

    /// Whether a roll is due: the move can only go on by rolling (the page
    /// asks the player to tap the die).
    pub fn roll_due(&self) -> bool {
        self.can_roll() && !self.has_step()
    }

    /// A position is a chance position when its next action is a roll:
    /// what comes next depends on the dice.
    pub fn is_chance(&self) -> bool {
        self.roll_due()
    }

    /// Rolls and records it; returns what each die rolled shows. The move
    /// ends by itself when it is complete and nothing can follow, and
    /// also when no step can finish it after this roll (the turn passes).
    ///
    /// # Errors
    /// When the move does not allow this roll now.
    pub fn roll(&mut self, roll: Roll) -> Result<Vec<(DieId, u8)>, Refusal> {
        if !self.rolls().contains(&roll) {
            return Err(Refusal::new("You can't roll now.", Why::NoRoll));
        }
        let player = self.state.to_move();
        let mut changes = Vec::new();
        let mut warnings = Vec::new();
        let (shown, ended) = self.make_roll(roll, None, &mut changes, &mut warnings);
        let entry = Entry {
            player,
            action: Action::Roll {
                roll,
                faces: shown.clone(),
            },
            chosen: false,
            warnings,
            changes,
        };
        self.record(entry, ended);
        Ok(shown)
    }

    /// Rolls with no history, for search: the dice show `faces` (one per
    /// die the roll rolls, in order), the game's chance untouched.
    pub fn apply_roll(&mut self, roll: Roll, faces: &[u8]) -> Undo {
        let mut undo = Undo(Vec::with_capacity(4));
        self.roll_to(roll, faces, &mut undo);
        undo
    }

    /// [`apply_roll`](Self::apply_roll), what undoes it added to `undo`.
    pub fn roll_to(&mut self, roll: Roll, faces: &[u8], undo: &mut Undo) {
        let mut warnings = Vec::new();
        self.make_roll(roll, Some(faces), &mut undo.0, &mut warnings);
    }

    /// Starts the game's chance again from `seed`, undoably: the search
    /// does this before a simulation so that effects that roll are
    /// sampled from its own generator, never foreseen.
    pub fn apply_reseed(&mut self, seed: u64) -> Undo {
        let mut changes = Vec::with_capacity(1);
        self.state.set_chance(crate::rng::Chance::new(seed), &mut changes);
        Undo(changes)
    }

    /// The outcomes of a roll: every combination of faces of the dice it
    /// rolls, each as likely (at most `limit` of them; `None` when there
    /// are more).
    pub fn roll_outcomes(&self, roll: Roll, limit: usize) -> Option<Vec<Vec<u8>>> {
        let mut out: Vec<Vec<u8>> = vec![Vec::new()];
        for d in self.rules.dice_of(roll) {
            let faces = self.rules.dice[d as usize].faces;
            if out.len() * faces as usize > limit {
                return None;
            }
            out = out
                .into_iter()
                .flat_map(|o| {
                    (1..=faces).map(move |f| {
                        let mut o = o.clone();
                        o.push(f);
                        o
                    })
                })
                .collect();
        }
        Some(out)
    }

    /// Shows the faces (drawn from the game's chance when `faces` is
    /// `None`), advances the move, and ends it when it is over or can't
    /// be finished. Returns the faces shown and whether the move ended.
    fn make_roll(
        &mut self,
        roll: Roll,
        faces: Option<&[u8]>,
        changes: &mut Vec<Change>,
        warnings: &mut Vec<String>,
    ) -> (Vec<(DieId, u8)>, bool) {
        let rules = Arc::clone(&self.rules);
        let mut chance = self.state.chance();
        let mut shown = Vec::new();
        for (i, d) in rules.dice_of(roll).enumerate() {
            let most = rules.dice[d as usize].faces;
            let face = match faces {
                Some(f) => f.get(i).copied().unwrap_or(1).clamp(1, most),
                None => chance.face(most),
            };
            self.state.set_die(d, face, changes);
            shown.push((d, face));
        }
        if faces.is_none() {
            self.state.set_chance(chance, changes);
        }
        let progress = self.state.progress();
        let next = rules
            .moves
            .next(progress, rules.roll_symbol(roll))
            .unwrap_or(progress);
        self.state.advance(next, changes);
        let complete = rules.moves.complete(next).is_some();
        let over = if complete {
            !rules.moves.can_continue(next) || (!self.has_step() && !self.can_roll())
        } else {
            !self.can_complete(0, &mut crate::rules::zobrist::PositionSet::default())
        };
        if over {
            self.finish_move(changes, warnings);
        }
        (shown, over)
    }
}

use crate::rules::Rules;
use crate::state::State;

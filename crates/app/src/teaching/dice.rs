//! The dice while showing a step: before dragging, the child rolls a die
//! (or taps it to make it show the next number), and the example records
//! what the die showed, so the rule learned can read it (`value(die)`).

use super::{Outcome, Teach, Teaching};
use tablecraft_engine::learn::Setup;
use tablecraft_engine::model::Game;
use tablecraft_engine::rng::{Chance, DEFAULT_SEED};

/// `You rolled 4.`, or `red shows 4.` for a die with another name.
fn shows(die: &str, value: u8, rolled: bool) -> String {
    match (die == "die", rolled) {
        (true, true) => format!("You rolled {value}."),
        (true, false) => format!("The die shows {value} now."),
        (false, _) => format!("{die} shows {value} now."),
    }
}

/// What each die of `game` shows in `setup`: the number set, or 1 (what a
/// die shows at the start).
pub fn dice_of(game: &Game, setup: &Setup) -> Vec<(String, u8)> {
    game.dice
        .iter()
        .map(|d| (d.name.clone(), setup.dice.get(&d.name).copied().unwrap_or(1)))
        .collect()
}

impl Teaching {
    /// What each die shows on the teaching table now, in the game's order
    /// (none while recording a move or the end: dice are set for a step).
    pub fn dice(&self, game: &Game) -> Vec<(String, u8)> {
        match &self.teach {
            Teach::Idle => dice_of(game, &self.idle_setup),
            Teach::Step(s) => dice_of(game, s.setup()),
            Teach::Move(_) | Teach::End(_) => Vec::new(),
        }
    }

    /// Rolls from now on start from `seed` (the page gives the time, so
    /// each visit rolls differently; tests give a number).
    pub fn seed_dice(&mut self, seed: u64) {
        self.chance = Some(Chance::new(seed));
    }

    /// 🎲 Die `die` rolled: it shows a number drawn by chance.
    pub(super) fn roll(&mut self, game: &Game, die: &str) -> Outcome {
        let Some(faces) = game.dice.iter().find(|d| d.name == die).map(|d| d.faces) else {
            return Outcome::problem(format!("There is no die called '{die}'."));
        };
        let mut chance = self.chance.unwrap_or(Chance::new(DEFAULT_SEED));
        let value = chance.face(faces);
        match self.show_die(game, die, value) {
            Ok(()) => {
                self.chance = Some(chance);
                self.hint = format!(
                    "{} Now drag a figure to show the move it lets you make.",
                    shows(die, value, true)
                );
                Outcome::none()
            }
            Err(e) => Outcome::problem(e),
        }
    }

    /// Die `die` tapped: it shows the next number (after the last, 1).
    pub(super) fn tap_die(&mut self, game: &Game, die: &str) -> Outcome {
        let Some(faces) = game.dice.iter().find(|d| d.name == die).map(|d| d.faces) else {
            return Outcome::problem(format!("There is no die called '{die}'."));
        };
        let now = self
            .dice(game)
            .into_iter()
            .find(|(n, _)| n == die)
            .map_or(1, |(_, v)| v);
        let value = if now >= faces { 1 } else { now + 1 };
        match self.show_die(game, die, value) {
            Ok(()) => {
                self.hint = format!(
                    "{} Drag a figure to show the move it lets you make.",
                    shows(die, value, false)
                );
                Outcome::none()
            }
            Err(e) => Outcome::problem(e),
        }
    }

    /// The table shows `value` on `die` for the next step shown.
    fn show_die(&mut self, game: &Game, die: &str, value: u8) -> Result<(), String> {
        match &mut self.teach {
            Teach::Idle => {
                self.idle_setup = self.idle_setup.clone().with_die(die, value);
                Ok(())
            }
            Teach::Step(s) => {
                s.show_die(game, die, value);
                Ok(())
            }
            Teach::Move(_) => Err("Roll the die while you show a step, not while you record a move.".into()),
            Teach::End(_) => Err(
                "The die doesn't matter for the end: show the table as it is when the game is over.".into(),
            ),
        }
    }
}

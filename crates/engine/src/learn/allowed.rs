//! Trying a rule: which steps it allows in a set-up.

use super::setup::{compile, learning_game, position_of, Demo, Setup};
use super::LearnError;
use crate::model::{Game, StepRule};
use crate::rules::Rules;
use std::sync::Arc;

/// A step a rule allows: this figure, from this place, to that place.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Allowed {
    pub figure: String,
    pub from: String,
    pub to: String,
}

/// Every step `rule` allows in `setup`, as if it were the game's only
/// step rule and every move one step: for highlighting the figures and
/// places while a rule is being taught.
///
/// # Errors
/// When the game or the rule has problems, or the set-up names something
/// that is not in the game.
pub fn allowed_steps(game: &Game, setup: &Setup, rule: &StepRule) -> Result<Vec<Allowed>, LearnError> {
    let trial = Trial::new(game, rule)?;
    let pos = position_of(&trial.rules, setup)?;
    let rules = &trial.rules;
    Ok(pos
        .legal_steps()
        .into_iter()
        .map(|s| Allowed {
            figure: rules.figure_name(s.figure).to_string(),
            from: rules.place_name(s.from).to_string(),
            to: rules.place_name(s.to).to_string(),
        })
        .collect())
}

/// A game compiled with one rule, to try demonstrations against.
pub(crate) struct Trial {
    pub rules: Arc<Rules>,
}

impl Trial {
    /// Compiles the game with `rule` as its only step rule.
    pub fn new(game: &Game, rule: &StepRule) -> Result<Trial, LearnError> {
        let rules = compile(&learning_game(game, vec![rule.clone()]))?;
        Ok(Trial {
            rules: Arc::new(rules),
        })
    }

    /// `Ok(())` when the rule allows the demonstrated step, otherwise the
    /// reason it refuses it.
    pub fn allows(&self, demo: &Demo) -> Result<Result<(), String>, LearnError> {
        let pos = position_of(&self.rules, &demo.setup)?;
        let (Some(f), Some(to)) = (self.rules.figure_id(&demo.figure), self.rules.place_id(&demo.to)) else {
            return Ok(Err("that figure or place is not in the game".into()));
        };
        Ok(pos.check(f, to).map(|_| ()).map_err(|r| r.message))
    }
}

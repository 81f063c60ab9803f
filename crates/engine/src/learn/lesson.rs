//! A step rule being taught: its examples, the level of each part, and
//! the conditions learned.

use super::allowed::{allowed_steps, Allowed};
use super::levels::{self, Levels, Part, PlaceLevel, WhatLevel};
use super::relations::Condition;
use super::seen::{Seen, Side};
use super::setup::{compile, learning_game, Demo, Setup};
use super::{name, sentence, LearnError};
use crate::model::{Game, OwnerPattern, StepRule};

/// A step rule being taught. Made by [`record_step`] from one
/// demonstration (every part at its most specific level) or by
/// [`propose_rule`](super::propose_rule) from several; the UI widens and
/// narrows the parts and reads [`rule`](Self::rule) and
/// [`sentence`](Self::sentence) after each change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepLesson {
    /// The rule's name, unique among the game's step rules when proposed.
    pub name: String,
    /// Conditions learned from the examples. One that reads a number caught
    /// from a name is left out of the rule while that part is too wide to
    /// catch it.
    pub conditions: Vec<Condition>,
    pub(crate) seen: Vec<Seen>,
    pub(crate) levels: Levels,
    /// The most specific levels that still fit every example.
    pub(crate) floor: Levels,
}

/// Makes a fully concrete rule from one demonstration: `what [NAME f][TYPE
/// t][ORIGIN o]`, `from [NAME a][TYPE k]`, `to [NAME b][TYPE k]`, named
/// after what it did (*take*, *place*, *step*, *jump* or *move*).
///
/// # Errors
/// When the game has problems, or the demonstration names a figure or
/// place that is not there, or the figure is not on `from`.
pub fn record_step(game: &Game, demo: &Demo) -> Result<StepLesson, LearnError> {
    let rules = compile(&learning_game(game, Vec::new()))?;
    let seen = vec![Seen::new(&rules, demo)?];
    let levels = levels::least(&seen, rules.players);
    Ok(StepLesson {
        name: name::suggest(game, &seen),
        conditions: Vec::new(),
        seen,
        levels,
        floor: levels,
    })
}

impl StepLesson {
    /// The rule as it stands.
    pub fn rule(&self) -> StepRule {
        StepRule {
            name: self.name.clone(),
            what: levels::what_pattern(&self.seen, &self.levels),
            from: levels::place_pattern(&self.seen, Side::From, self.levels.from),
            to: levels::place_pattern(&self.seen, Side::To, self.levels.to),
            when: self.active().iter().map(|c| c.text.clone()).collect(),
            effects: Vec::new(),
            capture: false,
        }
    }

    /// The rule in one plain sentence, e.g. "A match may go from matchgroup
    /// to basket."
    pub fn sentence(&self) -> String {
        sentence::sentence(&self.seen, &self.levels, &self.active())
    }

    /// The level a part is at, in words: `only p.1`, `any pawn`, `any
    /// square of the track`.
    pub fn part_words(&self, part: Part) -> String {
        sentence::part_words(&self.seen, &self.levels, part)
    }

    /// The conditions in the rule now.
    pub fn active(&self) -> Vec<&Condition> {
        let caught = levels::captured(&self.seen, &self.levels);
        self.conditions
            .iter()
            .filter(|c| c.needs.iter().all(|n| caught.contains(n)))
            .collect()
    }

    /// The level of every part.
    pub fn levels(&self) -> Levels {
        self.levels
    }

    /// The demonstrations the rule was taught with.
    pub fn examples(&self) -> Vec<Demo> {
        self.seen.iter().map(|s| s.demo.clone()).collect()
    }

    /// Whose figures it moves at every level but the first; `None` for anybody's.
    pub fn set_owner(&mut self, owner: Option<OwnerPattern>) {
        self.levels.owner = owner;
    }

    /// The levels a part can take, most specific first, from the most
    /// specific that fits every example.
    fn ladder(&self, part: Part) -> Vec<usize> {
        match part {
            Part::What => levels::what_levels(&self.seen)
                .into_iter()
                .filter(|l| *l >= self.floor.what)
                .map(|l| l as usize)
                .collect(),
            Part::From | Part::To => {
                let (side, floor) = match part {
                    Part::From => (Side::From, self.floor.from),
                    _ => (Side::To, self.floor.to),
                };
                levels::place_levels(&self.seen, side)
                    .into_iter()
                    .filter(|l| *l >= floor)
                    .map(|l| l as usize)
                    .collect()
            }
        }
    }

    fn step_to(&self, part: Part, wider: bool) -> Option<usize> {
        let now = self.levels.index(part);
        let ladder = self.ladder(part);
        if wider {
            ladder.into_iter().find(|&l| l > now)
        } else {
            ladder.into_iter().rev().find(|&l| l < now)
        }
    }

    fn set(&mut self, part: Part, level: usize) {
        const WHAT: [WhatLevel; 4] = [
            WhatLevel::Figure,
            WhatLevel::TypeAndOrigin,
            WhatLevel::Type,
            WhatLevel::Any,
        ];
        const PLACE: [PlaceLevel; 4] = [
            PlaceLevel::Place,
            PlaceLevel::Family,
            PlaceLevel::Type,
            PlaceLevel::Any,
        ];
        match part {
            Part::What => self.levels.what = WHAT[level.min(3)],
            Part::From => self.levels.from = PLACE[level.min(3)],
            Part::To => self.levels.to = PLACE[level.min(3)],
        }
    }

    /// Whether a part can be widened.
    pub fn can_generalise(&self, part: Part) -> bool {
        self.step_to(part, true).is_some()
    }

    /// Whether a part can be narrowed (never below what fits every example).
    pub fn can_specialise(&self, part: Part) -> bool {
        self.step_to(part, false).is_some()
    }

    /// Widens a part one level: this figure → any figure of this type from
    /// this origin → any figure of this type → any figure; this place →
    /// places with a name like it → any place of this type → any place.
    /// Returns whether anything changed.
    pub fn generalise(&mut self, part: Part) -> bool {
        match self.step_to(part, true) {
            Some(l) => {
                self.set(part, l);
                true
            }
            None => false,
        }
    }

    /// Narrows a part one level. Returns whether anything changed.
    pub fn specialise(&mut self, part: Part) -> bool {
        match self.step_to(part, false) {
            Some(l) => {
                self.set(part, l);
                true
            }
            None => false,
        }
    }

    /// Every step the rule allows in `setup`, for highlighting.
    ///
    /// # Errors
    /// As [`allowed_steps`].
    pub fn allowed(&self, game: &Game, setup: &Setup) -> Result<Vec<Allowed>, LearnError> {
        allowed_steps(game, setup, &self.rule())
    }
}

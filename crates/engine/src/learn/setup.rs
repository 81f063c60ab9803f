//! Set-ups and demonstrations: the table as the child arranged it, and
//! one figure dragged on it.

use super::{LearnError, LearnErrorKind};
use crate::model::{Game, StepRule, TriggerValue};
use crate::rules::{trigger_value, Element, Rules};
use crate::state::{State, REMOVED};
use crate::Position;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The table as it is during a demonstration: what differs from the
/// game's starting position, and who is on move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// Figures that are not on their origin: figure name → place name
    /// (`""` when the figure is off the table, in the box).
    pub moved: BTreeMap<String, String>,
    /// Figures whose type changed (a pawn that became a crown): name → type.
    pub types: BTreeMap<String, String>,
    /// Triggers whose value differs from the start.
    pub triggers: BTreeMap<String, TriggerValue>,
    /// The player on move, 1 to 4.
    pub player: u8,
    /// Dice the child rolled or set before showing the step: die name →
    /// what it shows. A die not listed shows what it shows at the start.
    pub dice: BTreeMap<String, u8>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

impl Setup {
    /// The starting position, player 1 on move.
    pub fn start() -> Setup {
        Setup {
            moved: BTreeMap::new(),
            types: BTreeMap::new(),
            triggers: BTreeMap::new(),
            player: 1,
            dice: BTreeMap::new(),
        }
    }

    /// The same set-up with `figure` put on `place` (`""`: into the box).
    pub fn with(mut self, figure: &str, place: &str) -> Setup {
        self.moved.insert(figure.to_string(), place.to_string());
        self
    }

    /// The same set-up with `player` on move.
    pub fn on_move(mut self, player: u8) -> Setup {
        self.player = player;
        self
    }

    /// The same set-up with a trigger set to a value.
    pub fn with_trigger(mut self, trigger: &str, value: TriggerValue) -> Setup {
        self.triggers.insert(trigger.to_string(), value);
        self
    }

    /// The same set-up with die `die` showing `value` (the child rolled it,
    /// or set it by tapping).
    pub fn with_die(mut self, die: &str, value: u8) -> Setup {
        self.dice.insert(die.to_string(), value);
        self
    }

    /// Where a figure lies in this set-up (`None`: not in the game or in the box).
    pub fn place_of(&self, game: &Game, figure: &str) -> Option<String> {
        let place = match self.moved.get(figure) {
            Some(p) => p.clone(),
            None => game.figures.iter().find(|f| f.name == figure)?.origin.clone(),
        };
        (!place.is_empty()).then_some(place)
    }
}

/// One demonstrated step: in `setup`, `figure` was dragged from `from` to `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Demo {
    /// The table before the step.
    #[serde(default)]
    pub setup: Setup,
    pub figure: String,
    pub from: String,
    pub to: String,
}

impl Demo {
    /// A step shown in `setup`.
    pub fn new(setup: Setup, figure: &str, from: &str, to: &str) -> Demo {
        Demo {
            setup,
            figure: figure.into(),
            from: from.into(),
            to: to.into(),
        }
    }

    /// A step shown in the starting position, player 1 on move.
    pub fn at_start(figure: &str, from: &str, to: &str) -> Demo {
        Demo::new(Setup::start(), figure, from, to)
    }

    /// The set-up after this step (the figure on `to`, the same player on
    /// move), for showing the next step of a move.
    pub fn after(&self) -> Setup {
        self.setup.clone().with(&self.figure, &self.to)
    }
}

/// The game with `steps` as its only step rules, every move one step, and
/// no game-over conditions: what learning compiles to try a rule.
pub(crate) fn learning_game(game: &Game, steps: Vec<StepRule>) -> Game {
    let mut g = game.clone();
    g.steps = steps;
    g.moves.clear();
    g.game_over.clear();
    g.settings.heuristic = None;
    g
}

/// Compiles a game, or says in one sentence what is wrong with it.
pub(crate) fn compile(game: &Game) -> Result<Rules, LearnError> {
    Rules::compile(game).map_err(|problems| {
        let first = problems.first().map_or(String::new(), |p| p.message.clone());
        let more = match problems.len() {
            0 | 1 => String::new(),
            n => format!(" (and {} more problems)", n - 1),
        };
        LearnError::new(
            LearnErrorKind::Game,
            format!("Fix the game first: {first}{more}."),
        )
    })
}

/// The state of `rules` arranged as `setup` says.
pub(crate) fn state_of(rules: &Rules, setup: &Setup) -> Result<State, LearnError> {
    let mut state = State::start(rules);
    let mut undo = Vec::new();
    for (figure, place) in &setup.moved {
        let f = rules
            .figure_id(figure)
            .ok_or_else(|| LearnError::demo(format!("There is no figure called '{figure}'.")))?;
        let p = if place.is_empty() {
            REMOVED
        } else {
            rules
                .place_id(place)
                .ok_or_else(|| LearnError::demo(format!("There is no place called '{place}'.")))?
        };
        if state.place_of(f) != Some(p) {
            state.move_figure(rules, f, p, &mut undo);
        }
    }
    for (figure, kind) in &setup.types {
        let f = rules
            .figure_id(figure)
            .ok_or_else(|| LearnError::demo(format!("There is no figure called '{figure}'.")))?;
        let t = rules
            .type_id(kind)
            .ok_or_else(|| LearnError::demo(format!("No figure can be of type '{kind}' in this game.")))?;
        state.set_kind(rules, f, t, &mut undo);
    }
    for (name, value) in &setup.triggers {
        match rules.element(name) {
            Some(Element::Trigger(t)) => state.set_trigger(t, trigger_value(value), &mut undo),
            _ => return Err(LearnError::demo(format!("There is no trigger called '{name}'."))),
        }
    }
    for (name, &value) in &setup.dice {
        let d = rules
            .die_id(name)
            .ok_or_else(|| LearnError::demo(format!("There is no die called '{name}'.")))?;
        let faces = rules.dice[d as usize].faces;
        if !(1..=faces).contains(&value) {
            return Err(LearnError::demo(format!(
                "{name} shows 1 to {faces}; it can't show {value}."
            )));
        }
        state.set_die(d, value, &mut undo);
    }
    match setup.player {
        0 | 1 => {}
        p if p <= rules.players => state.pass_turn(rules, p, &mut undo),
        p => return Err(LearnError::demo(format!("This game has no player {p}."))),
    }
    for (place, p) in rules.places.iter().zip(0..) {
        if let Some(cap) = place.capacity {
            if state.on(p).len() as u32 > cap {
                return Err(LearnError::demo(format!(
                    "{} holds {cap}, but {} figures are on it.",
                    place.name,
                    state.on(p).len()
                )));
            }
        }
    }
    Ok(state)
}

/// A position of `rules` arranged as `setup` says.
pub(crate) fn position_of(rules: &Arc<Rules>, setup: &Setup) -> Result<Position, LearnError> {
    Ok(Position::from_state(rules.clone(), state_of(rules, setup)?))
}

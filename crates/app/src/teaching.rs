//! Teaching the game its rules by showing them on the table, as one state
//! machine in plain Rust. The page forwards what the child does, as
//! [`Event`]s in the table's terms (a button, figures put from one place on
//! another) or as pointer events and key commands (read here by the one
//! gesture recogniser), and draws the [`Teaching`] and the [`Outcome`] of
//! each: a change to the game, a sentence for the message line (with a fix
//! to offer), a rule to open in the rule editor, a game to try in Play mode.
//!
//! - [`step`]: record a step, then widen or narrow it, show more examples
//!   and counter-examples; what an example changed, and taking it back.
//! - [`moves`]: record a move, one step after the other.
//! - [`dice`]: roll a die, or set it, before showing a step.
//! - [`end`]: record the end: the table as it is when the game is over.
//! - [`table`]: the table while teaching, and what lies under a point.
//! - [`defaults`]: sensible defaults shown to the child (the likely end, a
//!   move of any one step).
//! - `hands`: pointer events and key commands, as events.
//! - `room`: a figure put on a full place, refused with the fix offered.

pub mod defaults;
pub mod dice;
pub mod end;
mod hands;
pub mod moves;
mod room;
pub mod step;
pub mod table;
#[cfg(test)]
mod tests;

use crate::editor::rule_edit::{count, RuleEdit, RuleRef};
use crate::gesture::Gesture;
use crate::table::scene::{FigureView, Scene};
use end::EndTeach;
use moves::MoveTeach;
use std::collections::HashSet;
use std::sync::Arc;
use step::StepTeach;
use table::{scene_of, Grab};
use tablecraft_engine::learn::{Part, Repeat, Setup, Winner};
use tablecraft_engine::model::Game;
use tablecraft_engine::{Position, Rules};

/// What the table is for at the moment.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Teach {
    /// Drag a figure to record a step.
    #[default]
    Idle,
    Step(Box<StepTeach>),
    Move(Box<MoveTeach>),
    End(Box<EndTeach>),
}

impl Teach {
    /// Its name, for the page (`data-teach`).
    pub fn name(&self) -> &'static str {
        match self {
            Teach::Idle => "idle",
            Teach::Step(_) => "step",
            Teach::Move(_) => "move",
            Teach::End(_) => "end",
        }
    }
}

/// What the child did, in the table's terms.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// ☝ Record a step: a new rule from the table as it starts.
    RecordStep,
    /// ⇉ Record a move.
    RecordMove,
    /// ⚑ Record the end (from the table as the move left it, if one was shown).
    RecordEnd,
    /// ▶ Try it: play the rules as they are.
    TryIt,
    /// ✋ Put a figure somewhere first (again: not).
    Arrange,
    /// + Show another example.
    AnotherExample,
    /// ⊘ This should not be allowed: the next step shown is a counter-example.
    CounterExample,
    /// A part of the step rule set at a level of its ladder (0: the narrowest).
    Level { part: Part, level: usize },
    /// + Generalise a part: one level wider.
    Generalise(Part),
    /// − Specialise a part: one level narrower.
    Specialise(Part),
    /// ✔ Use the proposed rule.
    UseProposal,
    /// ✎ Use the proposed rule and open it in the rule editor.
    EditProposal,
    /// ✔ Done: the steps shown are a move.
    MoveDone,
    /// ↶ Take back the last step shown.
    TakeBack,
    /// How often a part of the move shown repeats.
    Repeat { part: usize, repeat: Repeat },
    /// + Any one step: a move of one step of each other step rule too.
    AnyStep,
    /// Who won, at the end shown.
    Winner(Winner),
    /// A reason the game is over ticked or unticked.
    Tick { sentence: String, on: bool },
    /// Figures taken from where they lie and put on the place `to` (a
    /// drag, a pick then place, or the keyboard).
    Dropped { grab: Grab, to: String },
    /// ↶ Take back the last example or counter-example shown, and the
    /// changes it made to the rule.
    TakeBackExample,
    /// Setting up the end: this player is on move (the other moved last).
    OnMove(u8),
    /// The fix offered with the last refusal, made ("Let every square of
    /// the track hold 2 figures?").
    AcceptOffer,
    /// 🎲 Roll this die before showing a step.
    Roll(String),
    /// This die tapped: it shows the next number.
    TapDie(String),
}

/// A sentence for the message line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Info(String),
    /// Something was refused: why, in words a child can act on.
    Problem(String),
}

/// One undoable change to the game.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// What Undo says it takes back.
    pub label: String,
    /// The game after it.
    pub game: Game,
}

/// What the page does after an event, besides drawing the new state.
#[derive(Debug, Default)]
pub struct Outcome {
    pub change: Option<Change>,
    pub message: Option<Message>,
    /// The rule to open in the rule editor.
    pub select: Option<RuleRef>,
    /// Try it: play this position in Play mode.
    pub play: Option<Position>,
    /// A fix offered with a refusal, as a question for a button; the
    /// button sends [`Event::AcceptOffer`].
    pub offer: Option<String>,
}

impl Outcome {
    fn none() -> Outcome {
        Outcome::default()
    }

    fn problem(text: impl Into<String>) -> Outcome {
        Outcome {
            message: Some(Message::Problem(text.into())),
            ..Outcome::default()
        }
    }

    fn info(text: impl Into<String>) -> Outcome {
        Outcome {
            message: Some(Message::Info(text.into())),
            ..Outcome::default()
        }
    }

    fn changed(change: Change) -> Outcome {
        Outcome {
            change: Some(change),
            ..Outcome::default()
        }
    }

    /// Whether something was refused.
    pub fn refused(&self) -> bool {
        matches!(self.message, Some(Message::Problem(_)))
    }

    /// The game after the change, or `game` when nothing changed.
    fn game<'a>(&'a self, game: &'a Game) -> &'a Game {
        self.change.as_ref().map_or(game, |c| &c.game)
    }
}

/// A rule edit as a change of `game`, or why it is refused.
fn edit(game: &Game, edit: RuleEdit) -> Result<Change, String> {
    let next = edit.apply(game)?;
    Ok(Change {
        label: edit.label(game),
        game: next,
    })
}

/// A position for playing the game as it is now.
///
/// # Errors
/// The first problem of the rules, in words.
pub fn play_position(game: &Game) -> Result<Position, String> {
    let rules = Rules::compile(game).map_err(|p| {
        let first = p.first().map_or(String::new(), |p| p.to_string());
        format!("Fix the rules first: {first}")
    })?;
    Ok(Position::new(Arc::new(rules)))
}

/// The words under the buttons when nothing was said yet.
pub const FIRST_HINT: &str = "Drag a figure to show a step it may make.";

/// Everything Rules mode keeps while a child teaches by showing: it
/// outlives the screen, so Try it in Play mode and back finds it as it was.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Teaching {
    teach: Teach,
    hint: String,
    /// The table before the first example of a step (figures put
    /// somewhere first, to show a step from there).
    idle_setup: Setup,
    /// The next drag only puts a figure somewhere; it is not an example.
    arranging: bool,
    /// The game in Play mode was started by Try it.
    trying: bool,
    /// The design's revision when Rules mode was left.
    left_at: Option<u64>,
    /// The hand on the table: what is pressed, dragged or picked up.
    hand: Gesture<Grab>,
    /// The fix offered with the last refusal, until the next event.
    offer: Option<room::RoomOffer>,
    /// Where the dice's rolls come from (a fixed seed until the page seeds it).
    chance: Option<tablecraft_engine::rng::Chance>,
}

impl Teaching {
    /// Nothing taught yet.
    pub fn new() -> Teaching {
        Teaching::default()
    }

    /// What the table is for.
    pub fn teach(&self) -> &Teach {
        &self.teach
    }

    /// What to do next, in words.
    pub fn hint(&self) -> &str {
        if self.hint.is_empty() {
            FIRST_HINT
        } else {
            &self.hint
        }
    }

    /// Whether the next drag only puts a figure somewhere.
    pub fn arranging(&self) -> bool {
        self.arranging
    }

    /// Whether the game in Play mode was started by Try it.
    pub fn trying(&self) -> bool {
        self.trying
    }

    /// What the hand holds or presses, if anything.
    pub fn held(&self) -> Option<&Grab> {
        self.hand.thing()
    }

    /// Rules mode is shown: teaching goes on where it was, unless the
    /// design changed meanwhile (another game opened, an edit in Design).
    /// Returns the rule to keep open in the rule editor.
    pub fn entered(&mut self, revision: u64, game: &Game, selected: Option<RuleRef>) -> Option<RuleRef> {
        self.trying = false;
        if self.left_at.is_none_or(|r| r == revision) {
            return selected;
        }
        *self = Teaching {
            left_at: self.left_at,
            ..Teaching::new()
        };
        selected.filter(|r| r.index < count(game, r.kind))
    }

    /// Rules mode is left at the design's `revision`.
    pub fn left(&mut self, revision: u64) {
        self.left_at = Some(revision);
        self.hand.put_down();
    }

    /// One event; returns what the page does besides drawing the new state.
    pub fn on(&mut self, event: Event, game: &Game) -> Outcome {
        // A figure lifted for one kind of teaching is put down by any
        // button but those that only change the words.
        if !matches!(
            event,
            Event::AnotherExample | Event::Arrange | Event::Dropped { .. }
        ) {
            self.hand.put_down();
        }
        // An offer holds until the next thing the child does.
        let offer = self.offer.take();
        match event {
            Event::RecordStep => {
                self.teach = Teach::Idle;
                self.idle_setup = Setup::start();
                self.arranging = false;
                self.hint = "Drag a figure to where it may go.".into();
                Outcome::none()
            }
            Event::RecordMove => self.record_move(game),
            Event::RecordEnd => self.record_end(game),
            Event::TryIt => self.try_it(game),
            Event::Arrange => {
                self.arranging = !self.arranging;
                if self.arranging {
                    self.hint =
                        "Drag a figure to where the next step starts. That drag is not an example.".into();
                }
                Outcome::none()
            }
            Event::AnotherExample => {
                self.hint = "Show another example: drag a figure to where it may go.".into();
                Outcome::none()
            }
            Event::CounterExample => self.counter_example(),
            Event::Level { part, level } => self.level(game, part, |_| Some(level)),
            Event::Generalise(part) => self.level(game, part, |now| Some(now + 1)),
            Event::Specialise(part) => self.level(game, part, |now| now.checked_sub(1)),
            Event::UseProposal => self.use_proposal(game, false),
            Event::EditProposal => self.use_proposal(game, true),
            Event::MoveDone => self.move_done(game),
            Event::TakeBack => self.take_back(),
            Event::Repeat { part, repeat } => self.repeat(game, part, repeat),
            Event::AnyStep => self.any_step(game),
            Event::Winner(w) => self.winner(game, w),
            Event::Tick { sentence, on } => self.tick(game, sentence, on),
            Event::Dropped { grab, to } => self.dropped(game, grab, to),
            Event::TakeBackExample => self.take_back_example(game),
            Event::OnMove(player) => self.on_move(game, player),
            Event::AcceptOffer => match offer {
                Some(o) => self.accept(game, o),
                None => Outcome::none(),
            },
            Event::Roll(die) => self.roll(game, &die),
            Event::TapDie(die) => self.tap_die(game, &die),
        }
    }

    fn try_it(&mut self, game: &Game) -> Outcome {
        match play_position(game) {
            Ok(position) => {
                self.trying = true;
                Outcome {
                    play: Some(position),
                    ..Outcome::info("Try your rules! Press “Back to teaching” to go on teaching.")
                }
            }
            Err(e) => Outcome::problem(e),
        }
    }

    /// Figures were put on `to`: an arrangement, an example, a
    /// counter-example, a step of a move or a change of the end's table.
    fn dropped(&mut self, game: &Game, grab: Grab, to: String) -> Outcome {
        if let Some(full) = self.no_room(game, &grab, &to) {
            return full;
        }
        let figure = grab.figure().to_string();
        if self.arranging && matches!(self.teach, Teach::Idle | Teach::Step(_)) {
            self.arranging = false;
            match &mut self.teach {
                Teach::Step(s) => s.arrange(game, &figure, &to),
                _ => self.idle_setup = self.idle_setup.clone().with(&figure, &to),
            }
            self.hint = format!("{figure} is on {to} now. Show a step from here.");
            return Outcome::none();
        }
        match self.teach {
            Teach::Idle => self.first_example(game, &grab, &to),
            Teach::Step(_) => self.example(game, &grab, &to),
            Teach::Move(_) => self.move_step(&figure, &to),
            Teach::End(_) => self.end_moved(game, &grab, &to),
        }
    }

    /// The table as it is drawn now.
    pub fn scene(&self, game: &Game) -> Scene {
        let held = self.held().map(|g| g.figure().to_string());
        let selected: HashSet<String> = held.iter().cloned().collect();
        match &self.teach {
            Teach::Idle => scene_of(game, &self.idle_setup, &HashSet::new(), &selected),
            Teach::Step(s) => scene_of(game, s.setup(), &s.marks(), &selected),
            Teach::End(e) => scene_of(game, e.setup(), &HashSet::new(), &selected),
            Teach::Move(m) => m.scene(game, held.as_deref()),
        }
    }

    /// The dragged figure, drawn under the pointer.
    pub fn ghost(&self, scene: &Scene) -> Option<FigureView> {
        let (grab, _, at) = self.hand.drag()?;
        let mut g = scene.figures.iter().find(|f| f.name == grab.figure())?.clone();
        g.rect.x = at.at.x - g.rect.width / 2.0;
        g.rect.y = at.at.y - g.rect.height / 2.0;
        Some(g)
    }
}

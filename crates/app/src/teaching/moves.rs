//! Recording a move: the child plays steps one after the other on a
//! position where any step rule may follow any other, then presses Done;
//! the steps become a move rule, whose repeats they can change.

use super::defaults::any_step_moves;
use super::table::setup_of;
use super::{edit, Message, Outcome, Teach, Teaching};
use crate::editor::rule_edit::RuleEdit;
use crate::table::scene::Scene;
use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::learn::{record_move, MoveRecording, Repeat};
use tablecraft_engine::model::{Game, MoveRule};
use tablecraft_engine::position::Action;
use tablecraft_engine::{Position, Rules};

/// The game as it is played while a move is being shown: the same step
/// rules, no game-over conditions, and one move of any number of steps of
/// any rule, so several steps can be played in a row by one player.
pub fn recording_game(game: &Game) -> Game {
    let mut g = game.clone();
    g.game_over.clear();
    g.settings.heuristic = None;
    let names: Vec<&str> = g.steps.iter().map(|s| s.name.as_str()).collect();
    g.moves = if names.is_empty() {
        Vec::new()
    } else {
        let one = names
            .iter()
            .map(|n| format!("{n} x0-1"))
            .collect::<Vec<_>>()
            .join(" ");
        vec![MoveRule {
            name: "shown".into(),
            sequence: format!("({one}) x1-"),
        }]
    };
    g
}

/// A position for showing a move, or the first problem of the game in words.
///
/// # Errors
/// When the game has no step rules or its rules have problems.
pub fn recording_position(game: &Game) -> Result<Position, String> {
    if game.steps.is_empty() {
        return Err("Teach a step first: a move is made of steps.".into());
    }
    let rules = Rules::compile(&recording_game(game)).map_err(|p| {
        let first = p.first().map_or(String::new(), |p| p.message.clone());
        format!("Fix the rules first: {first}.")
    })?;
    Ok(Position::new(Arc::new(rules)))
}

/// The names of the step rules of the steps played so far, in order.
pub fn played_steps(pos: &Position) -> Vec<String> {
    let rules = pos.rules();
    pos.history()
        .iter()
        .filter_map(|e| match &e.action {
            Action::Step(s) => rules.steps.get(s.rule as usize).map(|r| r.name.clone()),
            _ => None,
        })
        .collect()
}

/// The words for how often a part of a move repeats.
pub fn repeat_words(r: Repeat) -> String {
    match r {
        Repeat::Exactly(1) => "once".into(),
        Repeat::Exactly(n) => format!("exactly {n} times"),
        Repeat::UpTo(n) => format!("1 to {n} times"),
        Repeat::AnyNumber => "any number of times".into(),
    }
}

/// A move made from the steps shown, in the game at `index`.
#[derive(Debug, Clone, PartialEq)]
pub struct Made {
    pub recording: MoveRecording,
    pub index: usize,
    pub name: String,
}

/// A move being shown.
#[derive(Debug, Clone)]
pub struct MoveTeach {
    pos: Position,
    made: Option<Made>,
    /// Moves of one step of every other rule, offered after a move of one
    /// step ("+ Any one step").
    widen: Vec<MoveRule>,
}

impl PartialEq for MoveTeach {
    /// The same steps played from the same start, and the same move made.
    fn eq(&self, other: &Self) -> bool {
        self.made == other.made
            && self.widen == other.widen
            && self.pos.hash() == other.pos.hash()
            && played_steps(&self.pos) == played_steps(&other.pos)
    }
}

impl MoveTeach {
    /// The names of the step rules played so far.
    pub fn steps(&self) -> Vec<String> {
        played_steps(&self.pos)
    }

    /// The move made by Done, if any (since the last step).
    pub fn made(&self) -> Option<&Made> {
        self.made.as_ref()
    }

    /// The moves "+ Any one step" would add.
    pub fn widen(&self) -> &[MoveRule] {
        &self.widen
    }

    /// The table: the position, the places the held figure may go lit.
    pub(super) fn scene(&self, game: &Game, held: Option<&str>) -> Scene {
        let rules = self.pos.rules();
        let targets: HashSet<String> = held
            .and_then(|h| rules.figure_id(h))
            .map(|f| {
                self.pos
                    .steps_of(f)
                    .into_iter()
                    .map(|s| rules.place_name(s.to).to_string())
                    .collect()
            })
            .unwrap_or_default();
        Scene::play(game, &self.pos, &targets, held)
    }

    /// The position's table as a set-up (for recording the end from it).
    pub(super) fn setup(&self) -> tablecraft_engine::learn::Setup {
        setup_of(&self.pos)
    }
}

impl Teaching {
    pub(super) fn record_move(&mut self, game: &Game) -> Outcome {
        match recording_position(game) {
            Ok(pos) => {
                self.teach = Teach::Move(Box::new(MoveTeach {
                    pos,
                    made: None,
                    widen: Vec::new(),
                }));
                self.hint = "Play the steps of one move, one after the other, then press Done.".into();
                Outcome::none()
            }
            Err(e) => Outcome::problem(e),
        }
    }

    /// One step of the move, played if the rules allow it.
    pub(super) fn move_step(&mut self, figure: &str, to: &str) -> Outcome {
        let Teach::Move(m) = &mut self.teach else {
            return Outcome::none();
        };
        let rules = Arc::clone(m.pos.rules());
        let (Some(f), Some(p)) = (rules.figure_id(figure), rules.place_id(to)) else {
            return Outcome::none();
        };
        match m.pos.play(f, p) {
            Ok(_) => {
                let n = played_steps(&m.pos).len();
                self.hint = format!(
                    "{n} step{} shown. Go on, or press Done.",
                    if n == 1 { "" } else { "s" }
                );
                m.made = None;
                m.widen.clear();
                Outcome::none()
            }
            Err(r) => Outcome::problem(r.message),
        }
    }

    /// Done: the steps shown become a move rule.
    pub(super) fn move_done(&mut self, game: &Game) -> Outcome {
        let Teach::Move(m) = &mut self.teach else {
            return Outcome::none();
        };
        let recording = match record_move(game, &played_steps(&m.pos)) {
            Ok(r) => r,
            Err(e) => return Outcome::problem(e.message),
        };
        let name = MoveRecording::suggest_name(game);
        let index = game.moves.len();
        match edit(game, RuleEdit::AddMove(recording.to_rule(&name))) {
            Ok(change) => {
                m.widen = any_step_moves(&change.game, &recording);
                m.made = Some(Made {
                    recording,
                    index,
                    name,
                });
                Outcome::changed(change)
            }
            Err(e) => Outcome::problem(e),
        }
    }

    pub(super) fn take_back(&mut self) -> Outcome {
        if let Teach::Move(m) = &mut self.teach {
            m.pos.take_back();
            m.made = None;
            m.widen.clear();
        }
        Outcome::none()
    }

    /// A part of the move made repeats `repeat` times now.
    pub(super) fn repeat(&mut self, game: &Game, part: usize, repeat: Repeat) -> Outcome {
        let Teach::Move(m) = &mut self.teach else {
            return Outcome::none();
        };
        let Some(made) = m.made.as_mut() else {
            return Outcome::none();
        };
        made.recording.set_repeat(part, repeat);
        let name = game
            .moves
            .get(made.index)
            .map_or(made.name.clone(), |r| r.name.clone());
        let out = match edit(game, RuleEdit::SetMove(made.index, made.recording.to_rule(&name))) {
            Ok(change) => Outcome::changed(change),
            Err(e) => Outcome::problem(e),
        };
        m.widen = any_step_moves(out.game(game), &made.recording);
        out
    }

    /// "+ Any one step": a move of one step of every other rule too.
    pub(super) fn any_step(&mut self, game: &Game) -> Outcome {
        let Teach::Move(m) = &mut self.teach else {
            return Outcome::none();
        };
        let Some(made) = &m.made else {
            return Outcome::none();
        };
        let added = any_step_moves(game, &made.recording);
        if added.is_empty() {
            return Outcome::none();
        }
        let words = added
            .iter()
            .map(|m| m.sequence.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let mut next = game.clone();
        next.moves.extend(added);
        m.widen = any_step_moves(&next, &made.recording);
        Outcome {
            message: Some(Message::Info(format!(
                "A move is now one step of any rule: {words}."
            ))),
            ..Outcome::changed(super::Change {
                label: format!("Add moves {words}"),
                game: next,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::play_position;
    use crate::teaching::table::place_in;
    use tablecraft_engine::search::games;

    fn play(pos: &mut Position, figure: &str, to: &str) {
        let r = Arc::clone(pos.rules());
        pos.play(r.figure_id(figure).unwrap(), r.place_id(to).unwrap())
            .unwrap();
    }

    #[test]
    fn three_takes_in_a_row_make_take_one_to_three_times() {
        let mut game = games::nim(12);
        game.moves.clear();
        game.game_over.clear();
        let mut pos = recording_position(&game).unwrap();
        for m in ["m.1", "m.2", "m.3"] {
            play(&mut pos, m, "basket");
            assert_eq!(pos.to_move(), 1, "the same player goes on");
        }
        let steps = played_steps(&pos);
        assert_eq!(steps, ["take", "take", "take"]);
        let rec = record_move(&game, &steps).unwrap();
        assert_eq!(rec.sequence(), "take x1-3");
        assert_eq!(rec.parts[0].repeat, Repeat::UpTo(3));
        let setup = setup_of(&pos);
        assert_eq!(setup.moved.len(), 3);
        assert_eq!(setup.moved["m.2"], "basket");
        assert_eq!(place_in(&game, &setup, "m.3").as_deref(), Some("basket"));
        assert_eq!(place_in(&game, &setup, "m.4").as_deref(), Some("matchgroup"));
    }

    #[test]
    fn a_step_no_rule_allows_is_refused() {
        let mut game = games::ball_puzzle();
        game.moves.clear();
        let mut pos = recording_position(&game).unwrap();
        let r = Arc::clone(pos.rules());
        assert!(pos
            .play(r.figure_id("b").unwrap(), r.place_id("s.5").unwrap())
            .is_err());
        play(&mut pos, "b", "s.2");
        play(&mut pos, "b", "s.4");
        assert_eq!(played_steps(&pos), ["normal-step", "go-forward"]);
    }

    #[test]
    fn no_steps_no_recording_and_problems_in_words() {
        let mut game = games::nim(12);
        game.steps.clear();
        assert!(recording_position(&game).unwrap_err().contains("step"));
        let mut bad = games::nim(12);
        bad.game_over[0].when = vec!["empty(".into()];
        assert!(play_position(&bad)
            .unwrap_err()
            .starts_with("Fix the rules first"));
        assert!(play_position(&games::nim(12)).is_ok());
    }

    #[test]
    fn repeats_in_words() {
        assert_eq!(repeat_words(Repeat::Exactly(1)), "once");
        assert_eq!(repeat_words(Repeat::Exactly(2)), "exactly 2 times");
        assert_eq!(repeat_words(Repeat::UpTo(3)), "1 to 3 times");
        assert_eq!(repeat_words(Repeat::AnyNumber), "any number of times");
    }
}

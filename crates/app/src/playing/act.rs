//! Playing on a position by the names the page knows: a drag of a figure
//! to a place, End move, pass, take back, and a computer's move step by
//! step. Every refusal is a sentence a child can act on, in the table's
//! words; the engine's sentence, which names the rule, is its detail.

use super::words::{after, is_puzzle, played_sentence, subject};
use crate::wording::refusal;
use tablecraft_engine::search::Move;
use tablecraft_engine::{MoveStage, Position, Status, Step};

/// A refused action: what a child reads, and the game's own sentence
/// (naming the rule and its condition) for a designer who asks why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub text: String,
    pub detail: Option<String>,
}

impl Refused {
    fn plain(text: impl Into<String>) -> Refused {
        Refused {
            text: text.into(),
            detail: None,
        }
    }
}

impl From<Refused> for String {
    fn from(r: Refused) -> String {
        r.text
    }
}

/// Checks a drop of `figure` on `place` (`None`: the bare table) without
/// playing it.
///
/// # Errors
/// Why the figure may not go there.
pub fn check_drop(pos: &Position, figure: &str, place: Option<&str>) -> Result<Step, Refused> {
    if let Status::Over { .. } = pos.status() {
        return Err(Refused::plain(
            "The game is over: press Play again for a new game.",
        ));
    }
    let rules = pos.rules();
    let Some(f) = rules.figure_id(figure) else {
        return Err(Refused::plain(format!(
            "There is no figure called {figure} in this game."
        )));
    };
    let Some(place) = place else {
        let what = crate::wording::Names::new(&rules.game).figure(figure);
        return Err(Refused::plain(format!(
            "{} must go on a place: drop it on one that lights up.",
            crate::wording::names::capitalise(&what)
        )));
    };
    let Some(p) = rules.place_id(place) else {
        return Err(Refused::plain(format!(
            "There is no place called {place} in this game."
        )));
    };
    pos.check(f, p).map_err(|r| Refused {
        text: refusal(pos, figure, place, &r),
        detail: Some(r.message),
    })
}

/// Plays a drop of `figure` on `place` and returns the sentence to say:
/// the step as the table shows it, then what comes next.
///
/// # Errors
/// Why the figure may not go there; nothing changes then.
pub fn drop_figure(pos: &mut Position, figure: &str, place: &str) -> Result<String, Refused> {
    let step = check_drop(pos, figure, Some(place))?;
    let before = pos.clone();
    pos.play(step.figure, step.to)
        .map_err(|r| Refused::plain(r.message))?;
    let said = played_sentence(&before, pos, &step, false);
    Ok(after(pos, &said))
}

/// Presses End move.
///
/// # Errors
/// Why the move may not end now.
pub fn end_move(pos: &mut Position) -> Result<String, String> {
    let who = subject(pos.rules(), pos.to_move(), false);
    pos.end_move().map_err(|r| r.message)?;
    Ok(after(pos, &format!("{who} ended the move")))
}

/// Passes.
///
/// # Errors
/// Why passing is not allowed now.
pub fn pass(pos: &mut Position) -> Result<String, String> {
    let who = subject(pos.rules(), pos.to_move(), false);
    pos.pass().map_err(|r| r.message)?;
    Ok(after(pos, &format!("{who} passed")))
}

/// Takes back one step, or the whole move; then, against the computer,
/// on until a person is to move again (so that Take back undoes the
/// computer's answer too). Returns whether anything changed.
pub fn take_back(pos: &mut Position, whole_move: bool, is_computer: &dyn Fn(u8) -> bool) -> bool {
    let changed = if whole_move {
        pos.take_back_move()
    } else {
        pos.take_back()
    };
    if !changed {
        return false;
    }
    let players = pos.rules().players.max(1);
    let someone_plays = (1..=players).any(|p| !is_computer(p));
    while someone_plays && is_computer(pos.to_move()) && !pos.history().is_empty() {
        // The computer's move, whole; then the person's last step (or
        // their whole move).
        let back = if whole_move || pos.stage() != MoveStage::Start {
            pos.take_back_move()
        } else {
            pos.take_back()
        };
        if !back {
            break;
        }
    }
    true
}

/// One thing the computer does, shown one at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Step(Step),
    EndMove,
    Pass,
    /// Roll the dice the move asks for.
    Roll,
}

/// The computer's move as the actions to show: its steps, then End move
/// (or a pass) where the move does not end by itself.
pub fn actions(mv: &Move) -> Vec<Action> {
    if mv.steps.is_empty() {
        return vec![Action::Pass];
    }
    let mut out: Vec<Action> = mv.steps.iter().copied().map(Action::Step).collect();
    if mv.end {
        out.push(Action::EndMove);
    }
    out
}

/// Plays one of the computer's actions and returns the sentence to say
/// (empty when there is nothing new to say).
///
/// # Errors
/// When the action is not legal here (the position changed meanwhile).
pub fn perform(pos: &mut Position, action: Action) -> Result<String, String> {
    match action {
        Action::Step(step) => {
            pos.check(step.figure, step.to).map_err(|r| r.message)?;
            let computer = !is_puzzle(pos.rules());
            let before = pos.clone();
            // The step's own rule: one drag may have several outcomes.
            pos.play_step(step).map_err(|r| r.message)?;
            let said = played_sentence(&before, pos, &step, computer);
            Ok(after(pos, &said))
        }
        // A move that already ended by itself needs no End move.
        Action::EndMove if pos.stage() == MoveStage::Start => Ok(String::new()),
        Action::EndMove => {
            let who = subject(pos.rules(), pos.to_move(), !is_puzzle(pos.rules()));
            pos.end_move().map_err(|r| r.message)?;
            Ok(after(pos, &format!("{who} ended the move")))
        }
        Action::Pass => {
            let who = subject(pos.rules(), pos.to_move(), true);
            pos.pass().map_err(|r| r.message)?;
            Ok(after(pos, &format!("{who} passed")))
        }
        Action::Roll => super::dice::roll(pos, None, !is_puzzle(pos.rules())),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testing::example;
    use std::sync::Arc;
    use tablecraft_engine::Position;

    pub(crate) fn play(pos: &mut Position, figure: &str, place: &str) -> Step {
        let r = Arc::clone(pos.rules());
        pos.play(r.figure_id(figure).unwrap(), r.place_id(place).unwrap())
            .unwrap()
    }

    #[test]
    fn a_drop_plays_the_step_and_says_what_comes_next() {
        let mut pos = example("nim12");
        let said = drop_figure(&mut pos, "m.1", "basket").unwrap();
        assert_eq!(
            said,
            "Player 1 took a match from the heap. Go on, or press End move."
        );
        assert_eq!(
            end_move(&mut pos).unwrap(),
            "Player 1 ended the move. Player 2 to move."
        );
    }

    #[test]
    fn a_refused_drop_says_why_and_changes_nothing() {
        let mut pos = example("nim12");
        drop_figure(&mut pos, "m.1", "basket").unwrap();
        let before = pos.hash();
        let why = drop_figure(&mut pos, "m.1", "matchgroup").unwrap_err();
        assert_eq!(why.text, "A match can't move now: try another figure.");
        assert!(
            why.detail
                .is_some_and(|d| d.contains("No rule lets a match go from basket")),
            "the game's own sentence stays for a designer"
        );
        assert_eq!(pos.hash(), before);
        let bare = check_drop(&pos, "m.2", None).unwrap_err();
        assert_eq!(
            bare.text,
            "A match must go on a place: drop it on one that lights up."
        );
        assert!(check_drop(&pos, "nothing", Some("basket")).is_err());
        assert!(check_drop(&pos, "m.2", Some("nowhere")).is_err());
        assert!(pass(&mut pos).is_err());
    }

    #[test]
    fn take_back_against_the_computer_returns_to_the_person() {
        let mut pos = example("nim12");
        let computer_two = |p: u8| p == 2;
        play(&mut pos, "m.1", "basket");
        pos.end_move().unwrap();
        play(&mut pos, "m.2", "basket");
        play(&mut pos, "m.3", "basket");
        pos.end_move().unwrap();
        assert_eq!(pos.to_move(), 1);
        // One step back would give the computer the turn: take back its
        // whole move and player 1's End move too.
        assert!(take_back(&mut pos, false, &computer_two));
        assert_eq!(pos.to_move(), 1);
        assert_eq!(pos.stage(), tablecraft_engine::MoveStage::MayEnd);
        assert!(take_back(&mut pos, true, &computer_two));
        assert!(pos.history().is_empty());
        assert!(!take_back(&mut pos, true, &computer_two));
        // Two people: one step at a time.
        play(&mut pos, "m.1", "basket");
        pos.end_move().unwrap();
        assert!(take_back(&mut pos, false, &|_| false));
        assert_eq!(pos.stage(), tablecraft_engine::MoveStage::MayEnd);
    }

    #[test]
    fn the_computer_plays_its_move_step_by_step() {
        use tablecraft_engine::search::{choose, Options};
        let mut pos = example("nim12");
        let choice = choose(&pos, &Options::default(), &mut |_| {});
        let mv = choice.mv.unwrap();
        let acts = actions(&mv);
        assert!(!acts.is_empty());
        for a in acts {
            let said = perform(&mut pos, a).unwrap();
            assert!(
                said.starts_with("Player 1 (computer) took a match from the heap")
                    || said.ends_with("to move."),
                "{said}"
            );
        }
        assert_eq!(pos.to_move(), 2);
        assert_eq!(actions(&Move::default()), vec![Action::Pass]);
    }

    #[test]
    fn three_computers_play_in_turn_and_take_back_returns_to_the_person() {
        use crate::playing::words::over_text;
        use crate::testing::heap_of_four;
        use tablecraft_engine::search::{choose, Options, Strength};
        let computers = |p: u8| p != 1;
        let mut pos = heap_of_four();
        let mut said = Vec::new();
        let mut last = 0;
        for turn in 0..20u64 {
            if pos.status() != &Status::Playing {
                break;
            }
            let player = pos.to_move();
            assert_eq!(player, (turn % 4) as u8 + 1, "turns go round the four");
            last = player;
            if player == 1 {
                let matchstick = first_on(&pos, "heap");
                said.push(drop_figure(&mut pos, &matchstick, "basket").unwrap());
                if pos.stage() == MoveStage::MayEnd {
                    said.push(end_move(&mut pos).unwrap());
                }
                continue;
            }
            let options = Options {
                strength: Strength::Beginner,
                seed: turn,
                ..Options::default()
            };
            let mv = choose(&pos, &options, &mut |_| {}).mv.expect("a move");
            for a in actions(&mv) {
                said.push(perform(&mut pos, a).unwrap());
            }
        }
        let over = over_text(&pos).expect("the game is over");
        assert_eq!(over, format!("Player {last} wins!"), "the last to take wins");
        for p in 2..=4 {
            assert!(
                said.iter()
                    .any(|s| s.starts_with(&format!("Player {p} (computer) took a match"))),
                "player {p}: {said:?}"
            );
        }
        assert!(said
            .last()
            .unwrap()
            .ends_with(&format!("Game over: Player {last} wins!")));
        // Take back the whole move: back over every computer's move to the
        // person's last turn.
        let moves_before = pos.history().len();
        assert!(take_back(&mut pos, true, &computers));
        assert_eq!(pos.to_move(), 1);
        assert!(pos.history().len() < moves_before);
        assert_eq!(pos.status(), &Status::Playing);
    }

    fn first_on(pos: &Position, place: &str) -> String {
        let rules = pos.rules();
        let p = rules.place_id(place).unwrap();
        rules.figure_name(pos.state().on(p)[0]).to_string()
    }
}

//! The sentences the play screen shows and announces, in the table's words
//! (see [`crate::wording`]); the game's own names stay in the details.

use crate::wording::position_words::figure_now;
use crate::wording::{end_reason, Names, StepWords};
use tablecraft_engine::{Position, Rules, Status, Step};

/// "Player 1", "Player 2".
pub fn player_name(player: u8) -> String {
    format!("Player {player}")
}

/// Whether the game is a puzzle (one player).
pub fn is_puzzle(rules: &Rules) -> bool {
    rules.players < 2
}

/// Whose turn it is: "Player 1 to move", or "Your move" in a puzzle.
pub fn turn_text(pos: &Position) -> String {
    if is_puzzle(pos.rules()) {
        "Your move".into()
    } else {
        format!("{} to move", player_name(pos.to_move()))
    }
}

/// How the game ended, or `None` while it goes on: "Player 2 wins!",
/// "It's a draw!", or in a puzzle "Solved!" / "Not solved".
pub fn over_text(pos: &Position) -> Option<String> {
    let Status::Over { winner, .. } = pos.status() else {
        return None;
    };
    Some(if is_puzzle(pos.rules()) {
        if *winner == 1 {
            "Solved!".into()
        } else {
            "Not solved".into()
        }
    } else if *winner == 0 {
        "It's a draw!".into()
    } else {
        format!("{} wins!", player_name(*winner))
    })
}

/// Why the game ended, in the table's words ("The heap is empty."); empty
/// while it goes on.
pub fn over_reason(pos: &Position) -> String {
    end_reason(pos)
}

/// The game-over condition that ended the game, by its name in the rules,
/// for a designer ("last-match"); empty while it goes on.
pub fn over_detail(pos: &Position) -> String {
    match pos.status() {
        Status::Over { reason, .. } => reason.to_string(),
        Status::Playing => String::new(),
    }
}

/// Who does a step: "You" in a puzzle, else "Player 2", "Player 2 (computer)".
pub fn subject(rules: &Rules, player: u8, computer: bool) -> String {
    if is_puzzle(rules) {
        "You".into()
    } else if computer {
        format!("{} (computer)", player_name(player))
    } else {
        player_name(player)
    }
}

/// A step of the player on move in `pos`, told as a child sees it, before
/// it is played: "took a match from the heap".
pub fn step_words(pos: &Position, step: &Step) -> StepWords {
    let rules = pos.rules();
    let names = Names::new(&rules.game);
    let own = if is_puzzle(rules) { "your" } else { "their" };
    StepWords::new(
        &names,
        figure_now(&names, pos, step.figure, own),
        rules.place_name(step.from),
        rules.place_name(step.to),
    )
}

/// A step as told once played: as [`step_words`] in `before`, except that
/// a figure nobody could see before and everyone sees after (a card played
/// from a hand onto the pile) is called as it is seen now: "the 7♥".
pub fn step_words_played(before: &Position, after: &Position, step: &Step) -> StepWords {
    let rules = before.rules();
    let f = step.figure;
    if !(rules.hidden && !before.sees(0, f) && after.sees(0, f)) {
        return step_words(before, step);
    }
    let names = Names::new(&rules.game);
    let own = if is_puzzle(rules) { "your" } else { "their" };
    StepWords::new(
        &names,
        figure_now(&names, after, f, own),
        rules.place_name(step.from),
        rules.place_name(step.to),
    )
}

/// A step with its player, once played: see [`step_words_played`].
pub fn played_sentence(before: &Position, after: &Position, step: &Step, computer: bool) -> String {
    format!(
        "{} {}",
        subject(before.rules(), before.to_move(), computer),
        step_words_played(before, after, step).past()
    )
}

/// A step with its player, before it is played in `pos`: "Player 1 took a
/// match from the heap", "You moved the ball from square 1 to square 2".
pub fn step_sentence(pos: &Position, step: &Step, computer: bool) -> String {
    format!(
        "{} {}",
        subject(pos.rules(), pos.to_move(), computer),
        step_words(pos, step).past()
    )
}

/// A step with the game's own names and its rule, for a designer:
/// "m.3: matchgroup → basket, rule take".
pub fn step_detail(rules: &Rules, step: &Step) -> String {
    let rule = rules
        .steps
        .get(step.rule as usize)
        .map_or("?", |r| r.name.as_str());
    format!(
        "{}: {} → {}, rule {rule}",
        rules.figure_name(step.figure),
        rules.place_name(step.from),
        rules.place_name(step.to)
    )
}

/// [`step_detail`] as it may be shown in `pos`: a figure nobody can see
/// there is named "a card", never by its name.
pub fn step_detail_seen(pos: &Position, step: &Step) -> String {
    let rules = pos.rules();
    let detail = step_detail(rules, step);
    if rules.hidden && !pos.sees(0, step.figure) {
        let name = rules.figure_name(step.figure);
        return detail.replacen(name, "a card", 1);
    }
    detail
}

/// What comes next, after `done` was said: the winner, whose turn it is,
/// or that the move goes on.
pub fn after(pos: &Position, done: &str) -> String {
    let next = if let Some(over) = over_text(pos) {
        format!("Game over: {over}")
    } else {
        match pos.stage() {
            tablecraft_engine::MoveStage::Start if pos.roll_due() => {
                format!("{}: tap the die to roll.", turn_text(pos))
            }
            tablecraft_engine::MoveStage::Start => format!("{}.", turn_text(pos)),
            tablecraft_engine::MoveStage::MayEnd => "Go on, or press End move.".into(),
            tablecraft_engine::MoveStage::MustGoOn => "Go on: this move is not finished.".into(),
        }
    };
    if done.is_empty() {
        next
    } else {
        format!("{done}. {next}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::tests::play;
    use crate::testing::example;

    #[test]
    fn turns_and_the_end_in_words() {
        let mut pos = example("nim12");
        assert_eq!(turn_text(&pos), "Player 1 to move");
        play(&mut pos, "m.1", "basket");
        assert_eq!(after(&pos, ""), "Go on, or press End move.");
        pos.end_move().unwrap();
        assert_eq!(turn_text(&pos), "Player 2 to move");
        assert_eq!(
            after(&pos, "Player 1 ended the move"),
            "Player 1 ended the move. Player 2 to move."
        );
        assert_eq!(over_text(&pos), None);
        for i in 2..=12 {
            play(&mut pos, &format!("m.{i}"), "basket");
            if pos.can_end_move() {
                pos.end_move().unwrap();
            }
        }
        // Player 2 took m.2..m.4, player 1 m.5..m.7, ... the player who
        // took the last match (m.12) has lost.
        let last = pos.history().iter().rev().find_map(|e| match e.action {
            tablecraft_engine::Action::Step(_) => Some(e.player),
            _ => None,
        });
        let winner = if last == Some(1) { 2 } else { 1 };
        assert_eq!(over_text(&pos), Some(format!("Player {winner} wins!")));
        assert!(after(&pos, "x").starts_with("x. Game over: Player"));
    }

    #[test]
    fn a_puzzle_says_your_move_and_solved() {
        let mut pos = example("ball-puzzle");
        assert_eq!(turn_text(&pos), "Your move");
        for to in [
            "s.2", "s.4", "s.5", "s.6", "s.7", "s.9", "s.10", "s.11", "s.12", "s.13", "s.14", "s.15",
        ] {
            play(&mut pos, "b", to);
        }
        assert_eq!(over_text(&pos).as_deref(), Some("Solved!"));
    }

    #[test]
    fn a_step_is_told_as_the_table_shows_it_and_in_detail() {
        let pos = example("nim12");
        let rules = std::sync::Arc::clone(pos.rules());
        let step = pos
            .check(rules.figure_id("m.3").unwrap(), rules.place_id("basket").unwrap())
            .unwrap();
        assert_eq!(
            step_sentence(&pos, &step, false),
            "Player 1 took a match from the heap"
        );
        assert_eq!(
            step_sentence(&pos, &step, true),
            "Player 1 (computer) took a match from the heap"
        );
        assert_eq!(step_detail(&rules, &step), "m.3: matchgroup → basket, rule take");
        let ball = example("ball-puzzle");
        let r = std::sync::Arc::clone(ball.rules());
        let step = ball
            .check(r.figure_id("b").unwrap(), r.place_id("s.2").unwrap())
            .unwrap();
        assert_eq!(
            step_sentence(&ball, &step, false),
            "You moved the ball from square 1 to square 2"
        );
    }

    #[test]
    fn the_end_says_why_in_words_and_names_its_rule_in_detail() {
        let mut pos = example("ball-puzzle");
        for to in [
            "s.2", "s.4", "s.5", "s.6", "s.7", "s.9", "s.10", "s.11", "s.12", "s.13", "s.14", "s.15",
        ] {
            play(&mut pos, "b", to);
        }
        assert_eq!(over_reason(&pos), "The ball is on square 15.");
        assert_eq!(over_detail(&pos), "finish");
    }

    #[test]
    fn words_never_tell_what_a_hidden_card_is() {
        let mut pos = example("crazy-eights");
        let rules = std::sync::Arc::clone(pos.rules());
        let deck = rules.place_id("deck").unwrap();
        let top = |pos: &Position| *pos.state().on(deck).last().unwrap();
        // The deal: the top card goes face up onto the pile.
        let first = top(&pos);
        let deal = pos.choices(first, rules.place_id("pile").unwrap())[0];
        let said = step_sentence(&pos, &deal, false);
        assert_eq!(said, "Player 1 moved a card from the deck to the pile");
        pos.play_step(deal).unwrap();
        let corner = crate::table::cards::corner(&rules.game.figures[first as usize].attributes).unwrap();
        let hidden_name = rules.figure_name(top(&pos)).to_string();
        let seen = super::super::log::log(&pos);
        let texts: Vec<String> = seen
            .iter()
            .flat_map(|m| m.lines.iter())
            .map(|l| format!("{l:?}"))
            .collect();
        for t in &texts {
            assert!(!t.contains(&hidden_name), "the log tells a hidden card: {t}");
        }
        // On the pile everyone sees it: called by its corner.
        let words = figure_now_for_test(&pos, first);
        assert_eq!(words, format!("the {corner}"));
        let detail = step_detail_seen(&pos, &deal);
        assert!(detail.starts_with(rules.figure_name(first)), "{detail}");
        // A card played from a hand onto the pile is told as it is seen then.
        let hand = rules.place_id("hand.1").unwrap();
        let pile = rules.place_id("pile").unwrap();
        let play = pos
            .legal_steps()
            .into_iter()
            .find(|s| s.from == hand && s.to == pile)
            .expect("with this seed Player 1 can play a card");
        let card = crate::table::cards::corner(&rules.game.figures[play.figure as usize].attributes).unwrap();
        let said = crate::playing::act::perform(&mut pos, crate::playing::act::Action::Step(play)).unwrap();
        assert!(
            said.starts_with(&format!(
                "Player 1 (computer) moved the {card} from hand 1 to the pile"
            )),
            "{said}"
        );
        let log = super::super::log::log(&pos);
        let last = format!("{:?}", log.last().unwrap().lines.last().unwrap());
        assert!(last.contains(&format!("the {card}")), "{last}");
    }

    fn figure_now_for_test(pos: &Position, f: u16) -> String {
        let names = crate::wording::Names::new(&pos.rules().game);
        crate::wording::position_words::figure_now(&names, pos, f, "their")
    }
}

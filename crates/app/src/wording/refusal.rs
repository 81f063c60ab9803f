//! A refused step in the table's words, with what the child can do
//! instead: "A match can't go to the heap. It may go to the basket.", "The
//! hero can't go to the square at row 2, column 1: not onto a wall." The
//! engine's own sentence, which names the rule and its condition exactly,
//! stays for a designer who asks why.

use super::conditions::{condition, Sides};
use super::names::{capitalise, join, Names};
use super::position_words::figure_now;
use crate::editor::places::place;
use tablecraft_engine::{MoveStage, Position, Refusal, Why};

/// Where `figure` may go now, in words: "the basket", "square 3 or square
/// 4 of the track", "one of the 6 places that light up".
fn targets(names: &Names, pos: &Position, figure: u16) -> Option<String> {
    let rules = pos.rules();
    let mut to: Vec<String> = pos
        .steps_of(figure)
        .iter()
        .map(|s| rules.place_name(s.to).to_string())
        .collect();
    to.dedup();
    match to.len() {
        0 => None,
        1..=3 => Some(join(&to.iter().map(|p| names.place(p)).collect::<Vec<_>>(), "or")),
        n => Some(format!("one of the {n} places that light up")),
    }
}

/// A refused step of `figure` to `to` (by name) in the table's words.
pub fn refusal(pos: &Position, figure: &str, to: &str, r: &Refusal) -> String {
    let names = Names::new(&pos.rules().game);
    let rules = pos.rules();
    let Some(f) = rules.figure_id(figure) else {
        return r.message.clone();
    };
    let puzzle = rules.players < 2;
    let own = if puzzle { "your" } else { "their" };
    let what = figure_now(&names, pos, f, own);
    let where_ = names.place(to);
    match &r.why {
        Why::Over => "The game is over. Press Play again for a new game.".into(),
        Why::Unknown => "Drop it on a place of the table.".into(),
        Why::AlreadyThere => format!("{} is already there.", capitalise(&what)),
        Why::NoRule => match targets(&names, pos, f) {
            Some(t) => format!("{} can't go to {where_}. It may go to {t}.", capitalise(&what)),
            None => format!("{} can't move now: try another figure.", capitalise(&what)),
        },
        Why::NotYours { owner: 0 } => format!("{} belongs to nobody: you can't move it.", capitalise(&what)),
        Why::NotYours { owner } => format!(
            "That {} belongs to Player {owner}: move one of your own.",
            rules
                .types
                .get(pos.state().kind_of(f) as usize)
                .map_or("figure", String::as_str)
        ),
        Why::MoveComplete => "Your move is complete: press End move.".into(),
        Why::NotNow { .. } => match pos.stage() {
            MoveStage::MustGoOn => "That can't come next: go on with your move another way.".into(),
            _ => "That can't come next in this move.".into(),
        },
        Why::Full => {
            let holds = place(&pos.rules().game, to)
                .and_then(|p| p.capacity())
                .map(|n| crate::access::plural(n as usize, "figure"));
            match holds {
                Some(h) => format!("There is no room on {where_}: it holds {h}."),
                None => format!("There is no room on {where_}."),
            }
        }
        Why::NotSame { rule, .. } => {
            format!(
                "{} can't go to {where_}: that does not fit the rule “{rule}”.",
                capitalise(&what)
            )
        }
        Why::Condition {
            rule,
            condition: c,
            error: None,
        } => {
            let words = condition(&names, c, &Sides::of_rule(&names, rule));
            let instead = match targets(&names, pos, f) {
                Some(t) => format!("It may go to {t}."),
                None => "It can't move now.".into(),
            };
            format!("{} can't go to {where_} ({words}). {instead}", capitalise(&what))
        }
        Why::Condition { rule, .. } => format!(
            "{} can't go to {where_}: the rule “{rule}” can't be checked here.",
            capitalise(&what)
        ),
        Why::NoStepYet => "Make a step first.".into(),
        Why::NotFinished => "This move is not finished yet: make another step.".into(),
        Why::GoOn => "This move goes on while another step can be made: make another step.".into(),
        Why::Choose { count } => format!("That can end in {count} different ways: choose one."),
        Why::DeadEnd => "After that step the move could not be finished, so it can't be made.".into(),
        Why::NoPass => "Passing is not allowed now.".into(),
        Why::NoRoll => "You can't roll now.".into(),
        Why::RollFirst => "Roll the dice first: tap the die.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::tests::play;
    use crate::testing::example;

    fn refused(pos: &Position, figure: &str, to: &str) -> String {
        let rules = pos.rules();
        let r = pos
            .check(rules.figure_id(figure).unwrap(), rules.place_id(to).unwrap())
            .unwrap_err();
        refusal(pos, figure, to, &r)
    }

    #[test]
    fn refusals_say_what_to_do() {
        let mut pos = example("nim12");
        play(&mut pos, "m.1", "basket");
        assert_eq!(
            refused(&pos, "m.1", "matchgroup"),
            "A match can't move now: try another figure."
        );
        let maze = example("labyrinth");
        assert_eq!(
            refused(&maze, "hero", "maze.2.1"),
            "The hero can't go to the square at row 2, column 1 (not onto a wall). \
             It may go to the square at row 1, column 2."
        );
        assert_eq!(
            refused(&maze, "hero", "maze.3.3"),
            "The hero can't go to the square at row 3, column 3 (one square up, down, left or right). \
             It may go to the square at row 1, column 2."
        );
        let ttt = example("tic-tac-toe");
        assert_eq!(
            refused(&ttt, "x.1", "circles"),
            "A cross can't go to the circles. It may go to one of the 9 places that light up."
        );
        let mut ball = example("ball-puzzle");
        play(&mut ball, "b", "s.2");
        assert_eq!(
            refused(&ball, "b", "s.5"),
            "The ball can't go to square 5 (whose number is one more). It may go to square 3 or square 4."
        );
        let dama = example("dama-lite");
        assert_eq!(
            refused(&dama, "k.1", "board.4.2"),
            "That stone belongs to Player 2: move one of your own."
        );
    }
}

//! Playing in the terminal: choose a numbered step, or r / e / p / u / q.
//!
//! Several people share one terminal as they share a tablet in the page:
//! each sees the table as the player on move sees it, and where the game
//! hides something a line asks the others to look away when the turn
//! passes ([`Viewer`]). `--as PLAYER` shows one player's view all through.

use crate::show::{self, Viewer};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::{Position, Rules, Status};

/// Plays from the start, the game's chance started from `seed`, shown to
/// `viewer` (none: to the player on move) or to all where `reveal`.
pub fn run(rules: Arc<Rules>, seed: u64, viewer: Option<u8>, reveal: bool) -> ExitCode {
    let pos = Position::with_seed(rules, seed);
    let stdin = std::io::stdin();
    let _ = session(pos, viewer, reveal, stdin.lock(), &mut std::io::stdout());
    ExitCode::SUCCESS
}

/// Plays `pos` by the commands read from `input`, writing the table and
/// what happens to `out`, until the game is over, `q` or the input ends.
fn session(
    mut pos: Position,
    viewer: Option<u8>,
    reveal: bool,
    input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut lines = input.lines();
    let mut shown = Vec::new();
    let mut looking = None;
    loop {
        let eyes = eyes(&pos, viewer, reveal);
        if let Viewer::Player(p) = eyes {
            if viewer.is_none() && looking.is_some_and(|l| l != p) {
                writeln!(out, "--- Player {p}'s turn: everyone else, look away ---")?;
            }
            looking = Some(p);
        }
        write!(out, "{}", show::position(&pos, eyes))?;
        for e in show::new_rule_errors(&pos, &mut shown) {
            writeln!(out, "  warning: {e}")?;
        }
        if let Status::Over { .. } = pos.status() {
            return Ok(());
        }
        let mut options = vec!["number = step", "u = take back", "q = quit"];
        if pos.can_end_move() {
            options.insert(1, "e = end move");
        }
        if pos.can_pass() {
            options.insert(1, "p = pass");
        }
        if pos.can_roll() {
            options.insert(0, "r = roll");
        }
        write!(out, "{}> ", options.join(", "))?;
        out.flush()?;
        let Some(Ok(line)) = lines.next() else {
            return Ok(());
        };
        let before = pos.history().len();
        let result = match line.trim() {
            "q" => return Ok(()),
            "e" => pos.end_move().map(|_| ()),
            "p" => pos.pass(),
            "r" => match pos.rolls().first() {
                Some(&roll) => pos.roll(roll).map(|_| ()),
                None => {
                    writeln!(out, "You can't roll now.")?;
                    continue;
                }
            },
            "u" => {
                pos.take_back();
                Ok(())
            }
            n => match n
                .parse::<usize>()
                .ok()
                .and_then(|n| pos.legal_steps().get(n.wrapping_sub(1)).copied())
            {
                Some(step) => {
                    // Where one drag can end in several ways, the player
                    // chooses one by its number, as the page asks "Which one?".
                    let choices = pos.choices(step.figure, step.to);
                    if choices.len() > 1 {
                        writeln!(out, "This step can end in {} different ways:", choices.len())?;
                        for (i, c) in choices.iter().enumerate() {
                            let rule = &pos.rules().steps[c.rule as usize].name;
                            writeln!(out, "  {:>3}. {rule}", i + 1)?;
                        }
                        write!(out, "which one> ")?;
                        out.flush()?;
                        let Some(Ok(line)) = lines.next() else {
                            return Ok(());
                        };
                        match line
                            .trim()
                            .parse::<usize>()
                            .ok()
                            .and_then(|n| choices.get(n.wrapping_sub(1)))
                        {
                            Some(&chosen) => pos.play_step(chosen).map(|_| ()),
                            None => {
                                writeln!(out, "That is not one of the ways: the step is not made.")?;
                                continue;
                            }
                        }
                    } else {
                        pos.play(step.figure, step.to).map(|_| ())
                    }
                }
                None => {
                    writeln!(out, "Type the number of a step.")?;
                    continue;
                }
            },
        };
        match result {
            Ok(()) => {
                // Told as the one who made it sees it now.
                let eyes = self::eyes(&pos, viewer, reveal);
                for entry in pos.history().iter().skip(before) {
                    writeln!(out, "{}", show::action(&pos, eyes, entry.player, &entry.action))?;
                    for w in &entry.warnings {
                        writeln!(out, "  warning: {w}")?;
                    }
                }
            }
            Err(refusal) => writeln!(out, "{refusal}")?,
        }
    }
}

/// Whose view the table is shown in now: everything where `reveal` or the
/// game hides nothing, what everyone sees once it is over, else
/// `viewer`'s, else the player on move's.
fn eyes(pos: &Position, viewer: Option<u8>, reveal: bool) -> Viewer {
    if reveal || !pos.rules().hidden {
        return Viewer::All;
    }
    match pos.status() {
        Status::Playing => Viewer::Player(viewer.unwrap_or_else(|| pos.to_move())),
        Status::Over { .. } => Viewer::Everyone,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(file: &str, seed: u64) -> Position {
        let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
        let (_, rules) = tablecraft_engine::open(&std::fs::read_to_string(path).unwrap()).unwrap();
        Position::with_seed(Arc::new(rules), seed)
    }

    /// What a session prints for the commands of `script`.
    fn played(pos: Position, viewer: Option<u8>, reveal: bool, script: &str) -> String {
        let mut out = Vec::new();
        session(pos, viewer, reveal, script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The names of the cards in `hand` of `pos`.
    fn cards(pos: &Position, hand: &str) -> Vec<String> {
        let rules = pos.rules();
        let on = pos.state().on(rules.place_id(hand).unwrap());
        on.iter().map(|&f| rules.figure_name(f).to_string()).collect()
    }

    #[test]
    fn each_player_sees_only_their_own_hand_with_a_line_between_turns() {
        // Deal, then player 1 plays a card: the turn passes to player 2.
        let mut pos = example("crazy-eights.game.xml", 4);
        let deal = pos.legal_steps()[0];
        pos.play_step(deal).unwrap();
        let (first, second) = (cards(&pos, "hand.1"), cards(&pos, "hand.2"));
        let text = played(example("crazy-eights.game.xml", 4), None, false, "1\n1\nq\n");
        let cover = "--- Player 2's turn: everyone else, look away ---";
        let (before, after) = text.split_once(cover).expect("a line between the turns");
        assert!(
            first.iter().all(|c| before.contains(c.as_str())),
            "player 1 sees their hand"
        );
        assert!(second.iter().all(|c| !before.contains(c.as_str())), "{before}");
        assert!(before.contains("hand.2: hidden ×7"), "{before}");
        assert!(after.contains("hand.1: hidden ×6"), "{after}");
        assert!(
            second.iter().all(|c| after.contains(c.as_str())),
            "player 2 sees theirs"
        );
        assert!(text.contains("deck: hidden ×"), "the deck is face down");

        // As player 1 all through: no line, and never player 2's cards.
        let text = played(example("crazy-eights.game.xml", 4), Some(1), false, "1\n1\nq\n");
        assert!(!text.contains("look away"));
        assert!(second.iter().all(|c| !text.contains(c.as_str())), "{text}");
        // Revealed: everything.
        let text = played(example("crazy-eights.game.xml", 4), None, true, "1\nq\n");
        assert!(second.iter().all(|c| text.contains(c.as_str())));
    }

    #[test]
    fn r_rolls_the_dice_from_the_seed() {
        let text = played(
            example("snakes-and-ladders.game.xml", 9),
            None,
            false,
            "1\nr\nr\nq\n",
        );
        assert!(
            text.contains("Type the number of a step."),
            "nothing to move before the roll"
        );
        assert!(text.contains("r = roll"));
        let rolls: Vec<&str> = text.lines().filter(|l| l.contains("rolled die")).collect();
        assert_eq!(rolls.len(), 1, "{text}");
        assert!(text.contains("You can't roll now."), "one roll a turn: {text}");
        // The same seed rolls the same; the roll is the game's own.
        let again = played(example("snakes-and-ladders.game.xml", 9), None, false, "r\nq\n");
        let mut pos = example("snakes-and-ladders.game.xml", 9);
        let faces = pos.roll(pos.rolls()[0]).unwrap();
        assert!(
            again.contains(&format!("player 1: rolled die {}", faces[0].1)),
            "{again}"
        );
    }

    #[test]
    fn a_drag_with_several_outcomes_is_chosen_by_its_number() {
        // A pawn that becomes a queen or a knight on the last square.
        let text = include_str!("../../../tests/fixtures/promotion.game.xml");
        let (_, rules) = tablecraft_engine::open(text).unwrap();
        let pos = Position::new(Arc::new(rules));
        let text = played(pos.clone(), None, false, "1\n2\n");
        assert!(text.contains("can end in 2 different ways"), "{text}");
        assert!(
            text.contains("1. to-queen") && text.contains("2. to-knight"),
            "{text}"
        );
        assert!(text.contains("player 1 wins"), "{text}");
        let text = played(pos.clone(), None, false, "1\n1\n");
        assert!(text.contains("player 2 wins"), "{text}");
        let text = played(pos, None, false, "1\n7\nq\n");
        assert!(text.contains("not one of the ways"), "{text}");
        assert!(!text.contains("wins"), "{text}");
    }
}

//! Recording a move from the steps played in a row.

use super::support::*;
use crate::sequence;
use crate::Rules;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn parses(game: &Game, seq: &str) {
    let lookup = |n: &str| game.steps.iter().position(|s| s.name == n);
    assert!(sequence::parse(seq, &lookup).is_ok(), "{seq} should parse");
}

#[test]
fn three_takes_make_take_one_to_three_times() {
    let game = games::nim(12);
    let mut m = record_move(&game, &names(&["take", "take", "take"])).unwrap();
    assert_eq!(m.sequence(), "take x1-3");
    assert_eq!(m.sentence(), "A move is: take 1 to 3 times.");
    assert_eq!(
        m.parts[0].choices(),
        [Repeat::Exactly(3), Repeat::UpTo(3), Repeat::AnyNumber]
    );
    let table = [
        (Repeat::Exactly(3), "take x3", "A move is: take 3 times."),
        (
            Repeat::AnyNumber,
            "take x1-",
            "A move is: take as many times as you like, at least once.",
        ),
        (Repeat::UpTo(3), "take x1-3", "A move is: take 1 to 3 times."),
        (Repeat::Exactly(1), "take", "A move is: take once."),
    ];
    for (repeat, seq, sentence) in table {
        assert!(m.set_repeat(0, repeat));
        assert_eq!((m.sequence().as_str(), m.sentence().as_str()), (seq, sentence));
        parses(&game, seq);
    }
    assert!(!m.set_repeat(1, Repeat::AnyNumber));
    // The NIM game with the recorded move plays as before.
    m.set_repeat(0, Repeat::UpTo(3));
    let mut g = game.clone();
    g.moves = vec![m.to_rule("turn")];
    assert_eq!(g, games::nim(12));
    assert!(Rules::compile(&g).is_ok());
}

#[test]
fn repetitions_are_found_in_runs_and_blocks() {
    let mut game = games::dama_lite();
    let table: [(&[&str], &str); 5] = [
        (&["step"], "step"),
        (&["jump", "jump"], "jump x1-2"),
        (&["step", "jump", "jump", "jump"], "step jump x1-3"),
        (&["step", "jump", "step", "jump"], "(step jump) x1-2"),
        (&["slide", "step", "slide"], "slide step slide"),
    ];
    for (steps, seq) in table {
        let m = record_move(&game, &names(steps)).unwrap();
        assert_eq!(m.sequence(), seq);
        parses(&game, seq);
        game.moves = vec![m.to_rule("learned")];
        assert!(Rules::compile(&game).is_ok(), "{seq}");
    }
    let m = record_move(&game, &names(&["step", "jump", "jump"])).unwrap();
    assert_eq!(m.sentence(), "A move is: step once, then jump 1 to 2 times.");
    let m = record_move(&game, &names(&["step", "jump", "step", "jump"])).unwrap();
    assert_eq!(m.sentence(), "A move is: step then jump, 1 to 2 times.");
}

#[test]
fn bad_moves_are_refused_in_words() {
    let game = games::nim(12);
    let err = record_move(&game, &[]).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::Nothing);
    let err = record_move(&game, &names(&["take", "grab"])).unwrap_err();
    assert_eq!(err.message, "There is no step rule called 'grab'.");
    let mut m = record_move(&game, &names(&["take"])).unwrap();
    m.set_repeat(0, Repeat::Exactly(1000));
    assert_eq!(
        m.sequence(),
        "take x100",
        "counts stay within what a move may say"
    );
    assert_eq!(MoveRecording::suggest_name(&game), "turn2");
    assert_eq!(MoveRecording::suggest_name(&nim()), "turn");
}

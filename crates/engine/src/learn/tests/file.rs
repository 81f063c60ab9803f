//! Learned rules survive a trip through the game file.

use super::support::*;
use crate::file::{read_xml, write_xml};
use crate::Rules;

#[test]
fn learned_rules_round_trip_through_xml() {
    let mut game = dama();
    let diagonal = [
        Demo::at_start("w.4", "board.2.2", "board.3.1"),
        Demo::at_start("w.5", "board.2.4", "board.3.5"),
        Demo::new(Setup::start().on_move(2), "k.1", "board.5.1", "board.4.2"),
    ];
    let one = Setup::start().with("k.1", "board.3.3");
    let two = Setup::start().with("k.2", "board.3.5");
    let jumps = [
        Demo::new(one, "w.4", "board.2.2", "board.4.4"),
        Demo::new(two, "w.6", "board.2.6", "board.4.4"),
    ];
    let step = propose_rule(&game, &diagonal, &[]).unwrap().rule();
    game.steps.push(step);
    let jump = propose_rule(&game, &jumps, &[]).unwrap().rule();
    game.steps.push(jump);
    let single = record_step(&game, &Demo::at_start("w.1", "board.1.1", "board.2.2")).unwrap();
    game.steps.push(single.rule());
    let turn = record_move(&game, &["jump".to_string(), "jump".to_string()]).unwrap();
    game.moves = vec![
        MoveRecording {
            parts: vec![MovePart {
                steps: vec!["step".into()],
                shown: 1,
                repeat: Repeat::Exactly(1),
            }],
        }
        .to_rule("move"),
        turn.to_rule("capture"),
    ];
    let names: Vec<&str> = game.steps.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["step", "jump", "step2"]);

    let mut ball = ball();
    let normal = propose_rule(&ball, &[ball_step(1, 2), ball_step(4, 5)], &[ball_step(3, 4)]).unwrap();
    ball.steps.push(normal.rule());
    let back = propose_rule(&ball, &[ball_step(3, 1), ball_step(8, 1)], &[]).unwrap();
    ball.steps.push(back.rule());
    let end = make_ending(
        "finish",
        &propose_endings(&ball, &Setup::start().with("b", "s.15")).unwrap()[1..2],
        Winner::Player(1),
        &Setup::start(),
    )
    .unwrap();
    ball.game_over.push(end.game_over.unwrap());

    for g in [game, ball] {
        assert!(Rules::compile(&g).is_ok(), "{:?}", Rules::compile(&g).err());
        let (back, _) = read_xml(&write_xml(&g)).unwrap();
        assert_eq!(back.steps, g.steps);
        assert_eq!(back.moves, g.moves);
        assert_eq!(back.game_over, g.game_over);
    }
}

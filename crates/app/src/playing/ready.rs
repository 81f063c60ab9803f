//! Whether there is a game to play yet. A table with no figures, a game
//! with no step rules, or a game that is over before anyone has moved never
//! announces a winner: the play screen says instead what to make first.

use tablecraft_engine::{Position, Status};

/// Why the game can't be played yet, in words a child can act on; `None`
/// when it can.
pub fn not_ready(pos: &Position) -> Option<&'static str> {
    let rules = pos.rules();
    if rules.figures.is_empty() {
        return Some(
            "There is nothing on the table to play with yet. Put figures on the table in Design, \
             then show in Rules how they may move.",
        );
    }
    if rules.steps.is_empty() {
        return Some("Nothing can move yet: the game has no rules. Show in Rules how a figure may move.");
    }
    if !pos.history().is_empty() {
        return None;
    }
    match pos.status() {
        Status::Playing => None,
        Status::Over { reason, .. } if rules.game.game_over.iter().any(|g| *g.name == **reason) => Some(
            "The game is over before anyone has moved: its end is already there at the start. \
             Change the end in Rules, or where the figures start in Design.",
        ),
        Status::Over { .. } => Some(
            "No figure can move at the start, so nobody can play. Show in Rules how a figure may \
             move from where it starts.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{example, example_names, open_example};
    use std::sync::Arc;
    use tablecraft_engine::model::{Equipment, EquipmentKind, Figure};
    use tablecraft_engine::{Game, Rules};

    fn start(game: &Game) -> Position {
        Position::new(Arc::new(Rules::compile(game).expect("the game compiles")))
    }

    #[test]
    fn an_empty_table_announces_no_winner() {
        let empty = start(&Game::default());
        // The engine says someone has won (player 1 cannot move)…
        assert!(matches!(empty.status(), Status::Over { .. }));
        // …but there is nothing to play: the page says so instead.
        let why = not_ready(&empty).expect("not ready");
        assert!(why.contains("Put figures on the table"), "{why}");
    }

    #[test]
    fn figures_without_rules_are_not_a_game_yet() {
        let (mut game, _) = open_example("nim12");
        game.steps.clear();
        game.moves.clear();
        game.game_over.clear();
        let pos = start(&game);
        assert!(not_ready(&pos).expect("not ready").contains("no rules"));
    }

    #[test]
    fn a_game_over_before_the_first_move_says_what_to_change() {
        // NIM12 whose heap starts empty: its end holds at once.
        let (mut game, _) = open_example("nim12");
        for f in &mut game.figures {
            f.origin = "basket".into();
        }
        let why = not_ready(&start(&game)).expect("not ready");
        assert!(why.contains("Change the end"), "{why}");
        // Nothing can move at the start: a rule that allows nothing there.
        let (mut game, _) = open_example("nim12");
        game.game_over.clear();
        game.equipment
            .push(Equipment::new("shelf", EquipmentKind::Square));
        game.figures.push(Figure {
            name: "lone".into(),
            kind: "stone".into(),
            owner: None,
            colour: None,
            attributes: Default::default(),
            origin: "shelf".into(),
            face: Default::default(),
        });
        game.figures.retain(|f| f.name == "lone");
        let why = not_ready(&start(&game)).expect("not ready");
        assert!(why.contains("No figure can move"), "{why}");
    }

    #[test]
    fn every_example_is_ready_and_so_is_a_game_that_has_ended() {
        for name in example_names() {
            let name = name.as_str();
            assert_eq!(not_ready(&example(name)), None, "{name}");
        }
        let mut pos = example("nim12");
        let rules = Arc::clone(pos.rules());
        let basket = rules.place_id("basket").unwrap();
        while pos.status() == &Status::Playing {
            let step = pos.legal_steps()[0];
            pos.play(step.figure, basket).unwrap();
            if pos.can_end_move() {
                pos.end_move().unwrap();
            }
        }
        assert_eq!(not_ready(&pos), None, "a finished game shows its winner");
    }
}

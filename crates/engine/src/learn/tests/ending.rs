//! Recording the end from a finished set-up and who won.

use super::support::*;
use crate::{Position, Rules, Status};
use std::sync::Arc;

fn checks(list: &[EndCandidate]) -> Vec<String> {
    list.iter()
        .map(|c| match &c.check {
            EndCheck::When(t) => t.clone(),
            EndCheck::Stuck => "<stuck>".into(),
        })
        .collect()
}

fn all_taken() -> Setup {
    (1..=12).fold(Setup::start().on_move(2), |s, i| {
        s.with(&format!("m.{i}"), "basket")
    })
}

#[test]
fn nim_ends_when_the_matchgroup_is_empty() {
    let game = games::nim(12);
    let setup = all_taken();
    let found = propose_endings(&game, &setup).unwrap();
    assert_eq!(
        checks(&found),
        ["empty(matchgroup)", "count(contains(basket)) >= 12", "<stuck>"]
    );
    assert_eq!(found[0].sentence, "matchgroup is empty");
    let ending = make_ending("last-match", &found[..1], Winner::OnMove, &setup).unwrap();
    let over = ending.game_over.clone().unwrap();
    assert_eq!(over.when, ["empty(matchgroup)"]);
    assert_eq!(over.winner, "player");
    assert_eq!(ending.when_stuck, None);
    assert_eq!(
        ending.sentence,
        "When matchgroup is empty, the player on move wins."
    );
    // It is the seed's game-over condition, and the game plays to it.
    assert_eq!(over.when, games::nim(12).game_over[0].when);
    let mut g = game.clone();
    g.game_over = vec![over];
    let mut pos = Position::new(Arc::new(Rules::compile(&g).unwrap()));
    for _ in 0..12 {
        let step = pos.legal_steps()[0];
        pos.play(step.figure, step.to).unwrap();
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    assert!(matches!(pos.status(), Status::Over { .. }));
}

#[test]
fn a_figure_on_a_place_and_a_stuck_player() {
    let game = games::ball_puzzle();
    let setup = Setup::start().with("b", "s.15");
    let found = propose_endings(&game, &setup).unwrap();
    assert_eq!(checks(&found), ["empty(s.1)", "at(b, s.15)", "<stuck>"]);
    assert_eq!(found[1].sentence, "b is on s.15");
    let ending = make_ending("finish", &found[1..2], Winner::Player(1), &setup).unwrap();
    assert_eq!(ending.game_over.unwrap().winner, "1");
    let stuck = make_ending("stuck", &found[2..], Winner::Opponent, &setup).unwrap();
    assert_eq!(stuck.game_over, None);
    assert_eq!(stuck.when_stuck, Some(WhenStuck::Lose));
    assert_eq!(
        stuck.sentence,
        "When the player on move can't move, the player who just moved wins."
    );
}

#[test]
fn three_in_a_row_for_the_player_who_just_moved() {
    let game = games::tic_tac_toe();
    let setup = Setup::start()
        .on_move(2)
        .with("x.1", "grid.1.1")
        .with("x.2", "grid.2.2")
        .with("x.3", "grid.3.3")
        .with("o.1", "grid.1.2")
        .with("o.2", "grid.1.3");
    let found = propose_endings(&game, &setup).unwrap();
    let three = found
        .iter()
        .find(|c| c.check == EndCheck::When("in_a_row(grid, 3, previous)".into()))
        .unwrap();
    assert_eq!(three.sentence, "the player who just moved has 3 in a row on grid");
    assert_eq!(three.kind, EndKind::InARow);
    assert_eq!(three.winner, Some(Winner::Opponent));
    // A cross on a square of the board is no goal reached.
    assert!(found.iter().all(|c| c.kind != EndKind::Arrived));
    assert!(!checks(&found)
        .iter()
        .any(|c| c.contains("in_a_row(grid, 3, player)")));
    let ending = make_ending("three", std::slice::from_ref(three), Winner::Opponent, &setup).unwrap();
    let mut g = game.clone();
    g.game_over = vec![ending.game_over.unwrap()];
    assert!(Rules::compile(&g).is_ok());
}

#[test]
fn a_trigger_that_reached_its_value() {
    let game = games::dama_lite();
    let setup = Setup::start().with_trigger("moves", TriggerValue::Number(12));
    let found = propose_endings(&game, &setup).unwrap();
    assert_eq!(checks(&found), ["value(moves) >= 12"]);
    assert_eq!(found[0].sentence, "moves is 12 or more");
    let draw = make_ending("long", &found, Winner::Draw, &setup).unwrap();
    assert_eq!(draw.game_over.unwrap().winner, "0");
}

#[test]
fn nothing_ticked_or_a_broken_set_up_is_said_plainly() {
    let game = games::nim(12);
    let err = make_ending("end", &[], Winner::Draw, &Setup::start()).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::Nothing);
    let err = propose_endings(&game, &Setup::start().with("m.1", "attic")).unwrap_err();
    assert_eq!(err.message, "There is no place called 'attic'.");
    // The starting position: nothing has changed, so nothing is proposed.
    assert!(propose_endings(&game, &Setup::start()).unwrap().is_empty());
}

fn candidate<'a>(found: &'a [EndCandidate], sentence: &str) -> &'a EndCandidate {
    found.iter().find(|c| c.sentence == sentence).unwrap_or_else(|| {
        panic!(
            "no {sentence:?} in {:?}",
            found.iter().map(|c| &c.sentence).collect::<Vec<_>>()
        )
    })
}

/// Plays `steps` (figure, place) one move each and says who won, if anyone.
fn play_to_end(game: &Game, steps: &[(&str, &str)]) -> Option<u8> {
    let rules = Arc::new(Rules::compile(game).unwrap());
    let mut pos = Position::new(rules.clone());
    for (f, p) in steps {
        pos.play(rules.figure_id(f).unwrap(), rules.place_id(p).unwrap())
            .unwrap_or_else(|e| panic!("{f} to {p}: {}", e.message));
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    match pos.status() {
        Status::Over { winner, .. } => Some(*winner),
        Status::Playing => None,
    }
}

#[test]
fn a_pawn_arrived_on_the_last_square_and_the_player_who_just_moved_wins() {
    let mut game = race();
    // After player 1's pawn arrived, player 2 is on move.
    let setup = Setup::start().on_move(2).with("p.1", "track.8");
    let found = propose_endings(&game, &setup).unwrap();
    let arrived = candidate(&found, "a pawn is on track.8");
    assert_eq!(
        arrived.check,
        EndCheck::When("at(p.1, track.8) or at(p.2, track.8)".into())
    );
    assert_eq!(arrived.kind, EndKind::Arrived);
    assert_eq!(arrived.winner, Some(Winner::Opponent));
    let ending = make_ending("finish", std::slice::from_ref(arrived), Winner::Opponent, &setup).unwrap();
    assert_eq!(
        ending.sentence,
        "When a pawn is on track.8, the player who just moved wins."
    );
    // Played: player 2's pawn gets there first.
    game.steps = vec![StepRule {
        name: "step".into(),
        what: FigurePattern {
            owner: Some(OwnerPattern::OnMove),
            ..FigurePattern::default()
        },
        from: caught("from"),
        to: caught("to"),
        when: vec!["to - from in [1, 2]".into()],
        effects: vec![],
        capture: false,
    }];
    game.game_over = vec![ending.game_over.unwrap()];
    let moves = [
        ("p.1", "track.2"),
        ("p.2", "track.3"),
        ("p.1", "track.3"),
        ("p.2", "track.5"),
        ("p.1", "track.5"),
        ("p.2", "track.7"),
        ("p.1", "track.6"),
        ("p.2", "track.8"),
    ];
    assert_eq!(play_to_end(&game, &moves), Some(2));
}

#[test]
fn a_player_with_no_figures_left_loses() {
    let mut game = kings();
    game.equipment
        .push(Equipment::new("basket", EquipmentKind::Basket));
    // Every stone of player 2 taken; player 2 is on move and has none.
    let setup = Setup::start()
        .on_move(2)
        .with("s.1", "basket")
        .with("s.2", "")
        .with("s.3", "basket");
    let found = propose_endings(&game, &setup).unwrap();
    let none = candidate(&found, "the player on move has no figures left");
    assert_eq!(none.kind, EndKind::NoneLeft);
    assert_eq!(none.winner, Some(Winner::Opponent));
    let EndCheck::When(text) = &none.check else {
        panic!()
    };
    assert!(text.contains("place(s.1) in [\"\", basket]"), "{text}");
    assert!(found
        .iter()
        .all(|c| c.sentence != "the player who just moved has no figures left"));
    // Player 1 did not lose a figure: true now and not at the start only for 2.
    let ending = make_ending("none-left", std::slice::from_ref(none), Winner::Opponent, &setup).unwrap();
    let mut g = game.clone();
    g.game_over = vec![ending.game_over.unwrap()];
    assert!(Rules::compile(&g).is_ok());
}

#[test]
fn a_count_of_a_players_figures_and_the_one_with_more() {
    // A 2×2 board, two stones each in a group: the board is full.
    let mut game = Game {
        players: 2,
        equipment: vec![
            Equipment::new("board", EquipmentKind::Board { rows: 2, columns: 2 }),
            Equipment::new("home", EquipmentKind::Group),
        ],
        ..Game::default()
    };
    for (i, owner) in [1, 1, 2, 2, 1].into_iter().enumerate() {
        let mut f = Figure::new(format!("s.{}", i + 1), "stone", "home");
        f.owner = Some(owner);
        game.figures.push(f);
    }
    let setup = Setup::start()
        .with("s.1", "board.1.1")
        .with("s.2", "board.1.2")
        .with("s.5", "board.2.1")
        .with("s.3", "board.2.2");
    let found = propose_endings(&game, &setup).unwrap();
    let full = candidate(&found, "board is full");
    assert_eq!(full.kind, EndKind::Full);
    let Some(Winner::More { place, expression }) = full.winner.clone() else {
        panic!("{:?}", full.winner)
    };
    assert_eq!(place, "board");
    assert_eq!(
        Winner::More {
            place,
            expression: expression.clone()
        }
        .sentence(),
        "the player with more figures on board wins"
    );
    let ending = make_ending(
        "full",
        std::slice::from_ref(full),
        full.winner.clone().unwrap(),
        &setup,
    )
    .unwrap();
    assert_eq!(ending.game_over.as_ref().unwrap().winner, expression);
    // "Cannot move" with "the one with more" is not a setting there is.
    let stuck = EndCandidate {
        check: EndCheck::Stuck,
        sentence: "the player on move can't move".into(),
        kind: EndKind::Stuck,
        winner: None,
    };
    assert!(make_ending("x", &[stuck], full.winner.clone().unwrap(), &setup).is_err());
    // Played with the condition made: two each when the board is full, nobody wins.
    game.steps = vec![StepRule {
        name: "place".into(),
        what: FigurePattern {
            owner: Some(OwnerPattern::OnMove),
            ..FigurePattern::default()
        },
        from: PlacePattern::named("home"),
        to: PlacePattern::typed("square"),
        when: vec![],
        effects: vec![],
        capture: false,
    }];
    game.game_over = vec![ending.game_over.unwrap()];
    let moves = [
        ("s.1", "board.1.1"),
        ("s.3", "board.1.2"),
        ("s.2", "board.2.1"),
        ("s.4", "board.2.2"),
    ];
    assert_eq!(play_to_end(&game, &moves), Some(0), "two each: nobody");
    // Fewer figures at home than at the start is no count reached.
    let home = Setup::start().with("s.3", "board.1.1");
    assert!(propose_endings(&game, &home)
        .unwrap()
        .iter()
        .all(|c| c.kind != EndKind::Count));
}

#[test]
fn so_many_of_a_players_figures_brought_home() {
    let mut game = race();
    game.equipment.push(Equipment::new("home", EquipmentKind::Group));
    let setup = Setup::start().on_move(2).with("p.1", "home");
    let found = propose_endings(&game, &setup).unwrap();
    let home = candidate(&found, "the player who just moved has 1 figure on home");
    assert_eq!(home.kind, EndKind::Count);
    assert_eq!(home.winner, Some(Winner::Opponent));
    let ending = make_ending("home", std::slice::from_ref(home), Winner::Opponent, &setup).unwrap();
    let mut g = game.clone();
    g.game_over = vec![ending.game_over.unwrap()];
    assert!(Rules::compile(&g).is_ok());
}

#[test]
fn the_likely_winner_of_each_kind() {
    let found = propose_endings(&games::nim(12), &all_taken()).unwrap();
    let kinds: Vec<(EndKind, Option<Winner>)> = found.iter().map(|c| (c.kind, c.winner.clone())).collect();
    assert_eq!(
        kinds,
        [
            (EndKind::Empty, None),
            (EndKind::Count, None),
            (EndKind::Stuck, Some(Winner::Opponent))
        ]
    );
    assert_eq!(Winner::Opponent.words(), "the player who just moved");
    assert_eq!(Winner::Draw.sentence(), "it is a draw");
    assert_eq!(Winner::Player(2).sentence(), "player 2 wins");
}

/// `track.?` with its number caught in `var`.
fn caught(var: &str) -> PlacePattern {
    PlacePattern {
        name: Some(Pattern {
            text: "track.?".into(),
            vars: vec![var.into()],
        }),
        kind: None,
    }
}

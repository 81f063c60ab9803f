//! Three in a row with three stones each, placed and then stepped one
//! square in any direction: taught by showing, ended by a row, played.

use super::*;
use crate::editor::{Edit, Property};
use crate::table::geometry::Point;
use tablecraft_engine::model::EquipmentKind;

/// A 3×3 board and a group of three stones for each player, built as a
/// child builds it: one stone, its owner, two copies.
fn morris() -> Page {
    let mut edits = vec![Edit::AddEquipment {
        kind: EquipmentKind::Board { rows: 3, columns: 3 },
        at: Point::new(400.0, 250.0),
    }];
    for (group, x, stone, owner) in [("group.1", 100.0, "s.1", 1), ("group.2", 700.0, "s.4", 2)] {
        edits.extend([
            Edit::AddEquipment {
                kind: EquipmentKind::Group,
                at: Point::new(x, 250.0),
            },
            Edit::AddFigure {
                kind: "stone".into(),
                place: Some(group.into()),
            },
            Edit::Set {
                names: vec![stone.into()],
                property: Property::Owner(Some(owner)),
            },
            Edit::Duplicate {
                names: vec![stone.into()],
                dx: 0,
                dy: 0,
            },
            Edit::Duplicate {
                names: vec![stone.into()],
                dx: 0,
                dy: 0,
            },
        ]);
    }
    let game = edits.iter().fold(Game::default(), |g, e| e.apply(&g).unwrap().0);
    assert_eq!(game.figures.len(), 6);
    assert!(game.figures[..3]
        .iter()
        .all(|f| f.owner == Some(1) && f.origin == "group.1"));
    Page::new(game)
}

#[test]
fn three_in_a_row_taught_by_showing_and_played_to_a_row() {
    let mut page = morris();
    // Place: any stone of the player on move, from any group, onto the board.
    page.put("s.1", "board.2.2");
    for (part, level) in [(Part::What, 2), (Part::From, 2), (Part::To, 1)] {
        page.on(Event::Level { part, level });
    }
    assert_eq!(
        page.step().shown().sentence(),
        "A stone of the player on move may go from any group to any square of the board."
    );
    // Step: one square in any direction, from three examples on the board.
    page.on(Event::RecordStep);
    page.on(Event::Arrange);
    page.put("s.1", "board.2.2");
    page.put("s.1", "board.1.2");
    page.on(Event::Level {
        part: Part::What,
        level: 2,
    });
    page.put("s.1", "board.1.1");
    assert_eq!(
        page.step().shown().sentence(),
        "A stone of the player on move may go one square up, down, left or right on the board."
    );
    page.put("s.1", "board.2.2");
    assert_eq!(
        page.step().shown().sentence(),
        "A stone of the player on move may go one square in any direction on the board."
    );
    page.on(Event::UseProposal);
    assert_eq!(page.game.steps.len(), 2);
    // A move: one step of either rule.
    page.on(Event::RecordMove);
    page.put("s.1", "board.2.2");
    page.on(Event::MoveDone);
    page.on(Event::AnyStep);
    assert_eq!(page.game.moves.len(), 2);
    // The end: three in a row for the player who just moved.
    page.on(Event::RecordEnd);
    page.put("s.2", "board.1.2");
    page.put("s.3", "board.3.2");
    let e = page.end();
    assert_eq!(e.on_move(), 2);
    assert!(
        e.ticked("the player who just moved has 3 in a row on board"),
        "{:?}",
        e.candidates()
    );
    assert_eq!(e.winner(), &Winner::Opponent);
    assert_eq!(page.game.game_over[0].when, ["in_a_row(board, 3, previous)"]);
    // Played: player 1 makes a column while player 2 looks elsewhere.
    page.on(Event::TryIt);
    let mut pos = page.playing.clone().unwrap();
    let rules = Arc::clone(pos.rules());
    for (f, to) in [
        ("s.1", "board.2.2"),
        ("s.4", "board.1.1"),
        ("s.2", "board.1.2"),
        ("s.5", "board.2.1"),
        ("s.3", "board.3.2"),
    ] {
        pos.play(rules.figure_id(f).unwrap(), rules.place_id(to).unwrap())
            .unwrap_or_else(|e| panic!("{f} to {to}: {}", e.message));
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    assert!(
        matches!(pos.status(), tablecraft_engine::Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
}

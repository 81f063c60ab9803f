//! Snakes and Ladders' move taught with the die: set it or roll it, drag
//! the counter as far as it says, twice, and the rule reads the die.

use super::*;
use tablecraft_engine::file::read_xml;

/// Snakes and Ladders with no rules yet.
fn snakes() -> Page {
    let text = include_str!("../../../../../public/games/snakes-and-ladders.game.xml");
    let mut game = read_xml(text).unwrap().0;
    game.steps.clear();
    game.moves.clear();
    game.game_over.clear();
    Page::new(game)
}

fn die(page: &Page) -> u8 {
    let dice = page.t.dice(&page.game);
    assert_eq!(dice.len(), 1, "{dice:?}");
    dice[0].1
}

/// The die tapped until it shows `value`.
fn set_die(page: &mut Page, value: u8) {
    for _ in 0..6 {
        if die(page) == value {
            return;
        }
        let out = page.on(Event::TapDie("die".into()));
        assert!(!out.refused(), "{:?}", page.said);
    }
    assert_eq!(die(page), value);
}

#[test]
fn tapping_the_die_counts_up_and_starts_again_after_six() {
    let mut page = snakes();
    assert_eq!(die(&page), 1);
    page.on(Event::TapDie("die".into()));
    assert_eq!(die(&page), 2);
    assert_eq!(
        page.t.hint(),
        "The die shows 2 now. Drag a figure to show the move it lets you make."
    );
    set_die(&mut page, 6);
    page.on(Event::TapDie("die".into()));
    assert_eq!(die(&page), 1);
}

#[test]
fn the_move_is_taught_from_two_rolls_and_reads_the_die() {
    let mut page = snakes();
    // Square 2 with a 3: to square 5.
    page.on(Event::Arrange);
    page.put("counter.1", "board.1.2");
    set_die(&mut page, 3);
    let out = page.put("counter.1", "board.1.5");
    assert!(!out.refused(), "{:?}", page.said);
    let first = page.step().last_example().unwrap().clone();
    assert_eq!(first.setup.dice.get("die"), Some(&3));
    // Square 5 with a 6: to square 11, round the end of the row.
    set_die(&mut page, 6);
    let out = page.put("counter.1", "board.2.10");
    assert!(!out.refused(), "{:?}", page.said);
    assert!(page.step().pending());
    let sentence = page.step().sentence(&page.game);
    assert!(
        sentence.contains("as many squares as the die shows"),
        "{sentence}"
    );
    page.on(Event::UseProposal);
    assert_eq!(
        page.game.steps[0].when,
        ["attribute(to, \"n\") = attribute(from, \"n\") + value(die)"]
    );
    // From square 11 the die set to 4 lights square 15 only; to 1, square 12.
    set_die(&mut page, 4);
    let to: Vec<&str> = page.step().allowed().iter().map(|a| a.to.as_str()).collect();
    assert_eq!(to, ["board.2.6"]);
    set_die(&mut page, 1);
    let to: Vec<&str> = page.step().allowed().iter().map(|a| a.to.as_str()).collect();
    assert_eq!(to, ["board.2.9"]);
}

#[test]
fn a_roll_is_drawn_by_chance_and_recorded_with_the_example() {
    let roll = |seed: u64| {
        let mut page = snakes();
        page.t.seed_dice(seed);
        (0..8)
            .map(|_| {
                let out = page.on(Event::Roll("die".into()));
                assert!(!out.refused());
                die(&page)
            })
            .collect::<Vec<u8>>()
    };
    let rolls = roll(7);
    assert_eq!(rolls, roll(7), "the same seed rolls the same");
    assert_ne!(rolls, roll(8), "another seed rolls otherwise");
    assert!(rolls.iter().all(|v| (1..=6).contains(v)));
    // The roll goes with the example shown after it.
    let mut page = snakes();
    page.t.seed_dice(7);
    page.on(Event::Roll("die".into()));
    let v = die(&page);
    assert_eq!(
        page.t.hint(),
        format!("You rolled {v}. Now drag a figure to show the move it lets you make.")
    );
    let to = format!("board.1.{}", 1 + v);
    page.put("counter.1", &to);
    assert_eq!(
        page.step().last_example().unwrap().setup.dice.get("die"),
        Some(&v)
    );
}

#[test]
fn a_die_that_is_not_there_or_a_roll_while_recording_a_move_is_refused() {
    let mut page = snakes();
    let out = page.on(Event::Roll("spinner".into()));
    assert_eq!(page.last_problem(), Some("There is no die called 'spinner'."));
    assert!(out.refused());
    // With its rule back, a move can be recorded; the die is not set then.
    let text = include_str!("../../../../../public/games/snakes-and-ladders.game.xml");
    page.game.steps = read_xml(text).unwrap().0.steps;
    page.on(Event::RecordMove);
    assert_eq!(page.t.teach().name(), "move");
    let out = page.on(Event::TapDie("die".into()));
    assert!(out.refused());
    assert_eq!(
        page.last_problem(),
        Some("Roll the die while you show a step, not while you record a move.")
    );
}

//! The ladders and snakes of the layout, and the numbers on the squares,
//! come through every edit of the game.

use super::*;
use crate::testing::open_example;

fn snakes() -> Game {
    open_example("snakes-and-ladders").0
}

#[test]
fn edits_keep_the_links_and_the_square_numbers() {
    let g = snakes();
    assert_eq!(g.layout.links.len(), 18);
    let kept = |edited: &Game, what: &str| {
        assert_eq!(edited.layout.links, g.layout.links, "{what}");
        assert_eq!(edited.layout.items["board"].label.as_deref(), Some("n"), "{what}");
    };
    kept(&move_by(&g, &["board"], 20, 10).unwrap(), "moved");
    kept(&resize(&g, "board", 600, 600).unwrap(), "resized");
    let colour = Property::Colour(Some("#ffffff".into()));
    kept(&set_property(&g, "board", &colour).unwrap(), "coloured");
    let (added, basket) = add_equipment(&g, EquipmentKind::Basket, at(800.0, 100.0)).unwrap();
    kept(&added, "a basket added");
    kept(&delete(&added, &[basket.as_str()]).unwrap(), "the basket deleted");
    kept(&set_title(&g, "Snakes").unwrap(), "retitled");
    kept(&rename(&g, "counter.1", "red").unwrap(), "a counter renamed");
    let (copy, _) = duplicate(&g, &["counter.1"], 0, 0).unwrap();
    kept(&copy, "a counter duplicated");
}

#[test]
fn renaming_the_board_renames_the_ends_of_its_links() {
    let g = snakes();
    let r = rename(&g, "board", "grid").unwrap();
    assert_eq!(r.layout.links.len(), g.layout.links.len());
    for (before, after) in g.layout.links.iter().zip(&r.layout.links) {
        assert_eq!(after.from, before.from.replacen("board.", "grid.", 1));
        assert_eq!(after.to, before.to.replacen("board.", "grid.", 1));
        assert_eq!(after.look, before.look);
    }
    assert_eq!(r.layout.items["grid"].label.as_deref(), Some("n"));
}

#[test]
fn deleting_the_board_deletes_its_links() {
    let g = snakes();
    let d = delete(&g, &["board"]).unwrap();
    assert!(d.layout.links.is_empty());
}

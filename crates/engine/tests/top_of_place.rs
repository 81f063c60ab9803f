//! A step rule that asks for `figure = top(from)` lists only the top figure
//! of each place (a card drawn from a deck of fifty is the top one): the
//! steps it lists are exactly those of the same rule written so that the
//! shortcut does not see it. And the order of the figures on a place is
//! kept in the hash a step at a time, as it would be worked out afresh.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::{self, rng::Rng};
use tablecraft_engine::Status;

fn open(text: &str, seed: u64) -> Position {
    let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

fn read(file: &str) -> String {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn only_the_top_figure_is_tried_and_the_steps_are_the_same() {
    for file in [
        "war.game.xml",
        "crazy-eights.game.xml",
        "crazy-eights-4.game.xml",
        "awele.game.xml",
    ] {
        let text = read(file);
        // The same condition, said so that it is not recognised.
        let plain = text.replace("figure = top(from)", "(figure = top(from)) = yes");
        assert_ne!(text, plain, "{file} asks for the top figure");
        for seed in 0..3 {
            let mut fast = open(&text, seed);
            let mut slow = open(&plain, seed);
            assert!(fast.rules().steps.iter().any(|r| r.top_only), "{file}");
            assert!(!slow.rules().steps.iter().any(|r| r.top_only), "{file}");
            let mut rng = Rng::new(seed);
            for turn in 0..400 {
                assert_eq!(
                    fast.legal_steps(),
                    slow.legal_steps(),
                    "{file}, seed {seed}, turn {turn}"
                );
                if fast.status() != &Status::Playing {
                    break;
                }
                let Some(mv) = search::random_move(&fast, &mut rng) else {
                    break;
                };
                // The hash kept step by step is the one worked out afresh,
                // after a card leaves the middle of a hand and after undo.
                let before = fast.hash();
                let undo = search::play(&mut fast, &mv);
                assert_eq!(fast.hash(), fast.state().full_hash(fast.rules()));
                search::unplay(&mut fast, undo);
                assert_eq!(fast.hash(), before);
                search::play(&mut fast, &mv);
                search::play(&mut slow, &mv);
            }
            assert_eq!(fast.state().hash(), slow.state().hash(), "{file}, seed {seed}");
        }
    }
}

//! Property tests on file text: the example files, changed at random (bytes
//! replaced, cut, copied, pieces of markup inserted), are opened, played at
//! random and searched with a short budget. No panic; every refusal has a
//! message; every short search ends near its budget.

use proptest::prelude::*;
use std::path::PathBuf;
use tablecraft_engine::mutation::{mutate, trial};
use tablecraft_engine::search::rng::Rng;

fn examples() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../public/games");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the example games")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".game.xml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| std::fs::read(p).expect("a file"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_open_play_and_search_within_bounds(which in 0usize..64, seed in any::<u64>()) {
        let files = examples();
        let base = &files[which % files.len()];
        let mut rng = Rng::new(seed);
        let text = mutate(base, &mut rng, 2);
        let run = trial(&text, seed, 6, 20.0);
        prop_assert!(run.failure.is_none(), "{:?}", run.failure);
        // A debug build on a shared machine: generous, but far under the
        // seconds a search took when the clock was read only between figures.
        prop_assert!(run.search_ms < 3000.0, "a 20 ms search took {:.0} ms", run.search_ms);
    }
}

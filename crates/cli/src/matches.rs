//! `tablecraft match FILE --a SIDE --b SIDE --games N`: two computer
//! players against each other, taking the first seat in turn; a line a
//! game, then the score.

use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::search::arena::{self, Score, Side};
use tablecraft_engine::search::native_now;
use tablecraft_engine::Rules;

/// Plays `games` games between `a` and `b`, game `n` seeded by `seed + n`.
pub fn run(rules: Arc<Rules>, a: Side, b: Side, games: u32, seed: u64) -> ExitCode {
    println!("{}: A = {a}, B = {b}, {games} games", rules.game.title);
    let mut score = Score::default();
    for n in 0..games {
        let first = (n % 2) as usize;
        let game = match arena::play_game(
            &rules,
            [&a, &b],
            first,
            seed.wrapping_add(u64::from(n)),
            native_now,
        ) {
            Ok(game) => game,
            Err(broken) => {
                eprintln!("game {}: {broken}", n + 1);
                return ExitCode::FAILURE;
            }
        };
        score.add(&game);
        let result = match game.winner {
            Some(0) => "A wins",
            Some(_) => "B wins",
            None => "draw",
        };
        println!(
            "game {:>3}: {} first, {result} after {} moves; so far {}–{}–{}",
            n + 1,
            ["A", "B"][first],
            game.moves,
            score.wins,
            score.draws,
            score.losses
        );
    }
    println!("{score}");
    ExitCode::SUCCESS
}

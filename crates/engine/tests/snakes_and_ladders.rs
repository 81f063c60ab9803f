//! Snakes and Ladders (`public/games/snakes-and-ladders*.game.xml`) played
//! through by the computer, every move checked against a reference: the
//! board's numbering, the snakes and ladders, and landing on 100 exactly.

use std::sync::Arc;
use tablecraft_engine::position::{Position, Roll};
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{self, Limits, Method, Options, Outcome, Strength};
use tablecraft_engine::Status;

const LADDERS: [(u32, u32); 8] = [
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
];
const SNAKES: [(u32, u32); 10] = [
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

/// Square `n` (1–100): bottom row left to right, the next right to left…
fn square(n: u32) -> String {
    let (r, k) = ((n - 1) / 10, (n - 1) % 10);
    let column = if r % 2 == 0 { k + 1 } else { 10 - k };
    format!("board.{}.{column}", r + 1)
}

/// Where a counter on `n` ends after rolling `roll`.
fn reference(n: u32, roll: u32) -> u32 {
    let to = n + roll;
    if to > 100 {
        return n;
    }
    LADDERS
        .iter()
        .chain(SNAKES.iter())
        .find(|(from, _)| *from == to)
        .map_or(to, |&(_, end)| end)
}

fn load(file: &str, seed: u64) -> Position {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, rules) = tablecraft_engine::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

fn number_of(pos: &Position, player: u8) -> u32 {
    let rules = pos.rules();
    let f = rules.figure_id(&format!("counter.{player}")).unwrap();
    let at = rules.place_name(pos.state().place_of(f).unwrap());
    (1..=100).find(|&n| square(n) == at).unwrap()
}

/// Plays a whole game: each player rolls, the computer moves; every move
/// is checked against the reference. Returns the winner and the turns.
fn play_through(file: &str, players: u8, seed: u64) -> (u8, u32) {
    let mut pos = load(file, seed);
    assert_eq!(pos.rules().players, players);
    let options = Options {
        strength: Strength::Beginner,
        seed,
        ..Options::default()
    };
    for turn in 1..=3000 {
        if let Status::Over { winner, .. } = pos.status() {
            assert_eq!(number_of(&pos, *winner), 100, "the winner is on 100");
            return (*winner, turn);
        }
        let me = pos.to_move();
        assert_eq!(
            u32::from(me),
            (turn - 1) % u32::from(players) + 1,
            "turns go round"
        );
        let before: Vec<u32> = (1..=players).map(|p| number_of(&pos, p)).collect();
        assert!(pos.roll_due());
        let rolled = u32::from(pos.roll(Roll::Every).unwrap()[0].1);
        if pos.to_move() == me && pos.status() == &Status::Playing {
            let choice = search::choose(&pos, &options, &mut |_| {});
            let mv = choice.mv.expect("a move after the roll");
            for s in &mv.steps {
                pos.play(s.figure, s.to)
                    .unwrap_or_else(|r| panic!("{}", r.message));
            }
        }
        let after: Vec<u32> = (1..=players).map(|p| number_of(&pos, p)).collect();
        for p in 1..=players {
            let i = usize::from(p - 1);
            let expected = if p == me {
                reference(before[i], rolled)
            } else {
                before[i]
            };
            assert_eq!(
                after[i], expected,
                "turn {turn}: player {p} rolled {rolled} from {}",
                before[i]
            );
        }
    }
    panic!("no winner after 3000 turns");
}

#[test]
fn two_players_race_to_100_by_the_rules() {
    let mut winners = [0u32; 3];
    for seed in 1..=6 {
        let (winner, _) = play_through("snakes-and-ladders.game.xml", 2, seed);
        winners[usize::from(winner)] += 1;
    }
    assert_eq!(winners[0], 0, "nobody draws");
    assert!(winners[1] > 0 && winners[2] > 0, "either may win: {winners:?}");
}

#[test]
fn four_players_race_to_100_by_the_rules() {
    for seed in 1..=3 {
        let (winner, turns) = play_through("snakes-and-ladders-4.game.xml", 4, seed);
        assert!((1..=4).contains(&winner) && turns > 4);
    }
}

#[test]
fn nobody_can_know_who_wins_in_advance() {
    let pos = load("snakes-and-ladders.game.xml", 1);
    let choice = search::solve(&pos, Limits::millis(500.0), &mut |_| {});
    assert_eq!(choice.outcome, Outcome::Luck);
    assert_eq!(choice.method, Method::Roll);
    assert!(choice.mv.is_none());
}

/// The reference's count of action sequences of `depth` actions, each
/// face of a roll an action and each move another, from counters on `at`
/// with `mover` (0 or 1) to act, the die showing `rolled` where the
/// mover has rolled and not yet moved.
fn reference_perft(at: [u32; 2], mover: usize, rolled: Option<u32>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if at.contains(&100) {
        return 0;
    }
    let other = 1 - mover;
    match rolled {
        // Past 100 the counter stays and the turn passes at once.
        None if depth == 1 => 6,
        None => (1..=6)
            .map(|f| match at[mover] + f > 100 {
                true => reference_perft(at, other, None, depth - 1),
                false => reference_perft(at, mover, Some(f), depth - 1),
            })
            .sum(),
        Some(f) => {
            let mut next = at;
            next[mover] = reference(at[mover], f);
            reference_perft(next, other, None, depth - 1)
        }
    }
}

#[test]
fn perft_counts_each_face_of_the_die_as_an_action() {
    let mut pos = load("snakes-and-ladders.game.xml", 3);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d).unwrap()).collect();
    assert_eq!(counts, [6, 6, 36, 36]);
    // Along games, from the start of turns and from just after rolls,
    // near the end too (rolls past 100, a win that stops the count).
    let mut past_100 = 0;
    for seed in 1..=4 {
        let mut pos = load("snakes-and-ladders.game.xml", seed);
        let options = Options {
            strength: Strength::Beginner,
            seed,
            ..Options::default()
        };
        while pos.status() == &Status::Playing {
            let at = [number_of(&pos, 1), number_of(&pos, 2)];
            let mover = usize::from(pos.to_move() - 1);
            for depth in 1..=5 {
                let expected = reference_perft(at, mover, None, depth);
                assert_eq!(perft(&mut pos, depth).unwrap(), expected, "{at:?}, depth {depth}");
            }
            past_100 += u32::from(at.iter().any(|&n| n > 94));
            let rolled = u32::from(pos.roll(Roll::Every).unwrap()[0].1);
            if pos.to_move() == mover as u8 + 1 && pos.status() == &Status::Playing {
                let expected = reference_perft(at, mover, Some(rolled), 5);
                assert_eq!(perft(&mut pos, 5).unwrap(), expected, "{at:?} rolled {rolled}");
                let mv = search::choose(&pos, &options, &mut |_| {})
                    .mv
                    .expect("a move after the roll");
                for s in &mv.steps {
                    pos.play(s.figure, s.to).unwrap();
                }
            }
        }
    }
    assert!(past_100 > 2, "rolls past 100 were counted: {past_100}");
}

//! Nim for Three (`public/games/nim3.game.xml`): the moves checked against
//! a reference at every turn of games the computer plays, and the
//! computer's values against a max-n reference written here.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::chance::{self, Rewards};
use tablecraft_engine::search::{self, native_now, Budget, Limits, Method, MoveGen, Options, Strength};
use tablecraft_engine::Status;

type Heaps = [u32; 3];

fn load() -> Position {
    let path = format!("{}/../../public/games/nim3.game.xml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, rules) = tablecraft_engine::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

fn heaps(pos: &Position) -> Heaps {
    let r = pos.rules();
    [1, 2, 3].map(|h| pos.state().on(r.place_id(&format!("heap.{h}")).unwrap()).len() as u32)
}

/// The reference's moves: any number from one heap, in order of heap then
/// count (the order the engine lists them in).
fn moves_of(h: Heaps) -> Vec<Heaps> {
    let mut out = Vec::new();
    for i in 0..3 {
        for k in 1..=h[i] {
            let mut next = h;
            next[i] -= k;
            out.push(next);
        }
    }
    out
}

/// Max-n: the player on move (0, 1, 2) takes the first move best for itself.
fn max_n(h: Heaps, me: usize, memo: &mut HashMap<(Heaps, usize), Rewards>) -> Rewards {
    if let Some(r) = memo.get(&(h, me)) {
        return *r;
    }
    let mut best: Option<Rewards> = None;
    for next in moves_of(h) {
        let value = if next == [0, 0, 0] {
            let mut r = [0.0; 4];
            r[me] = 1.0;
            r
        } else {
            max_n(next, (me + 1) % 3, memo)
        };
        if best.is_none_or(|b| value[me] > b[me] + 1e-12) {
            best = Some(value);
        }
    }
    let r = best.unwrap_or([0.0; 4]);
    memo.insert((h, me), r);
    r
}

#[test]
fn games_of_the_computer_follow_the_reference_and_the_last_match_wins() {
    for (seed, strength) in [
        (1u64, Strength::Beginner),
        (2, Strength::Good),
        (3, Strength::Master),
    ] {
        let mut pos = load();
        let options = Options {
            strength,
            seed,
            limits: Limits::millis(300.0),
            ..Options::default()
        };
        let mut turn = 0u32;
        while pos.status() == &Status::Playing {
            let h = heaps(&pos);
            assert_eq!(pos.to_move(), (turn % 3) as u8 + 1);
            let mut moves = Vec::new();
            MoveGen::new(pos.rules()).moves(&mut pos, &mut moves);
            let got: BTreeSet<Heaps> = moves
                .iter()
                .map(|m| {
                    let u = search::play(&mut pos, m);
                    let after = heaps(&pos);
                    search::unplay(&mut pos, u);
                    after
                })
                .collect();
            assert_eq!(got, moves_of(h).into_iter().collect(), "at {h:?}");
            let mv = search::choose(&pos, &options, &mut |_| {}).mv.expect("a move");
            for s in &mv.steps {
                pos.play(s.figure, s.to).unwrap();
            }
            if mv.end && pos.can_end_move() {
                pos.end_move().unwrap();
            }
            turn += 1;
        }
        let Status::Over { winner, .. } = pos.status() else {
            unreachable!()
        };
        assert_eq!(*winner, ((turn - 1) % 3) as u8 + 1, "whoever took the last match");
    }
}

#[test]
fn the_computer_values_every_position_as_max_n_does() {
    let mut memo = HashMap::new();
    let mut pos = load();
    let mut moves = Vec::new();
    MoveGen::new(pos.rules()).moves(&mut pos, &mut moves);
    let mut budget = Budget::new(native_now, Limits::millis(20_000.0), None);
    let (best, value) = chance::exact(&mut pos, &moves, &mut budget).expect("small");
    let expected = max_n([3, 4, 5], 0, &mut memo);
    for p in 0..3 {
        assert!(
            (value[p] - expected[p]).abs() < 1e-9,
            "{value:?} against {expected:?}"
        );
    }
    assert!((value[0] + value[1] + value[2] - 1.0).abs() < 1e-9);
    // The move chosen leads where max-n's first best leads.
    let u = search::play(&mut pos, &moves[best.unwrap()]);
    let after = heaps(&pos);
    search::unplay(&mut pos, u);
    let want = moves_of([3, 4, 5])
        .into_iter()
        .find(|&n| {
            (if n == [0, 0, 0] {
                [1.0, 0.0, 0.0, 0.0]
            } else {
                max_n(n, 1, &mut memo)
            })[0]
                >= expected[0] - 1e-12
        })
        .unwrap();
    assert_eq!(after, want);
    let choice = search::choose(&pos, &roomy(), &mut |_| {});
    assert_eq!(choice.method, Method::Expectimax);
}

/// Time enough for the exact search even in a slow test build on a busy
/// machine (it answers as soon as it is done).
fn roomy() -> Options {
    Options {
        limits: Limits::millis(20_000.0),
        ..Options::default()
    }
}

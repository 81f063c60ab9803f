//! Awele (Oware, Abapa rules), written by hand, against a small reference
//! implementation: move lists compared by perft and along whole games.
//!
//! The reference keeps each seed apart (as the engine does), in the order
//! it arrived on its pit or store, so that the tables after a move are
//! compared seed by seed; "the same table again" means the same number of
//! seeds in each pit and store, whichever seeds they are (seeds can't be
//! told apart by the rules).

mod common;

use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{play, unplay, MoveGen};
use tablecraft_engine::state::Status;

const AWELE: &str = include_str!("../../../public/games/awele.game.xml");

/// Pits 0–5 are player 1's (pit.1 … pit.6), 6–11 player 2's; sowing goes
/// from pit i to pit i + 1, round from 11 to 0. Each pit and store lists its
/// seeds (0–47, seed.1 is 0), the first to arrive first.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Ref {
    pits: [Vec<u8>; 12],
    stores: [Vec<u8>; 2],
    to_move: u8,
}

impl Ref {
    fn start() -> Ref {
        Ref {
            pits: std::array::from_fn(|i| (4 * i as u8..4 * i as u8 + 4).collect()),
            stores: [Vec::new(), Vec::new()],
            to_move: 1,
        }
    }

    fn side(p: u8) -> std::ops::Range<usize> {
        let p = usize::from(p);
        6 * (p - 1)..6 * p
    }

    /// The table as the players see it: how many seeds lie where.
    fn table(&self) -> ([usize; 12], [usize; 2], u8) {
        (
            self.pits.each_ref().map(Vec::len),
            self.stores.each_ref().map(Vec::len),
            self.to_move,
        )
    }

    fn seen_before(&self, before: &[Ref]) -> bool {
        before.iter().any(|b| b.table() == self.table())
    }

    fn seeds_on_side(&self, p: u8) -> usize {
        Self::side(p).map(|i| self.pits[i].len()).sum()
    }

    /// The pits the player on move may sow: not empty, and reaching the
    /// other side when the other player has no seeds.
    fn choices(&self) -> Vec<usize> {
        let other = 3 - self.to_move;
        let starving = self.seeds_on_side(other) == 0;
        Self::side(self.to_move)
            .filter(|&i| {
                let n = self.pits[i].len();
                n > 0 && (!starving || i + 1 + n > 6 * usize::from(self.to_move))
            })
            .collect()
    }

    fn sow(&self, pit: usize) -> Ref {
        let mut r = self.clone();
        let mut seeds = std::mem::take(&mut r.pits[pit]);
        let mut at = pit;
        while let Some(seed) = seeds.pop() {
            at = (at + 1) % 12;
            if at == pit {
                at = (at + 1) % 12;
            }
            r.pits[at].push(seed);
        }
        let other = 3 - self.to_move;
        let theirs = Self::side(other);
        let mut taken = Vec::new();
        let mut i = at;
        while theirs.contains(&i) && (2..=3).contains(&r.pits[i].len()) {
            taken.push(i);
            if i == 0 {
                break;
            }
            i -= 1;
        }
        let left: usize = theirs
            .filter(|i| !taken.contains(i))
            .map(|i| r.pits[i].len())
            .sum();
        if left > 0 {
            for i in taken {
                let seeds = std::mem::take(&mut r.pits[i]);
                r.stores[usize::from(self.to_move - 1)].extend(seeds);
            }
        }
        r.to_move = other;
        r
    }

    /// The winner if the game is over here; `before` are the tables at the
    /// start of the moves before this one.
    fn winner(&self, before: &[Ref]) -> Option<u8> {
        for p in 0..2 {
            if self.stores[p].len() > 24 {
                return Some(p as u8 + 1);
            }
        }
        if self.choices().is_empty() || self.seen_before(before) {
            let first = self.stores[0].len() + self.seeds_on_side(1);
            return Some(match first {
                25.. => 1,
                24 => 0,
                _ => 2,
            });
        }
        None
    }

    fn moves(&self, before: &[Ref]) -> Vec<Ref> {
        if self.winner(before).is_some() {
            return Vec::new();
        }
        self.choices().into_iter().map(|i| self.sow(i)).collect()
    }

    fn perft(&self, before: &mut Vec<Ref>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(before);
        before.push(self.clone());
        let n = moves.iter().map(|m| m.perft(before, depth - 1)).sum();
        before.pop();
        n
    }
}

/// The engine's position as the reference sees it.
fn seen(pos: &Position) -> Ref {
    let rules = pos.rules();
    let on = |name: String| -> Vec<u8> {
        let p = rules.place_id(&name).unwrap();
        pos.state().on(p).iter().map(|&f| f as u8).collect()
    };
    Ref {
        pits: std::array::from_fn(|i| on(format!("pit.{}", i + 1))),
        stores: [on("store.1".into()), on("store.2".into())],
        to_move: pos.to_move(),
    }
}

fn start() -> Position {
    common::start(AWELE)
}

#[test]
fn awele_move_counts_match_the_reference() {
    let mut pos = start();
    assert_eq!(seen(&pos), Ref::start());
    let depth = if cfg!(debug_assertions) { 6 } else { 7 };
    let counts: Vec<u64> = (1..=depth).map(|d| perft(&mut pos, d).unwrap()).collect();
    let expected: Vec<u64> = (1..=depth)
        .map(|d| Ref::start().perft(&mut Vec::new(), d))
        .collect();
    assert_eq!(counts, expected);
    assert_eq!(counts[..2], [6, 36]);
}

/// The game with the seeds on these places, in order (the rest are split
/// between the stores, half in store.1, so nobody has more than 24).
fn position(places: &[&str]) -> Position {
    let (mut game, _) = tablecraft_engine::open::open(AWELE).unwrap_or_else(|p| panic!("{p:#?}"));
    for (i, f) in game.figures.iter_mut().enumerate() {
        let rest = if i - places.len().min(i) < (48 - places.len()) / 2 {
            "store.1"
        } else {
            "store.2"
        };
        f.origin = places.get(i).map_or(rest.to_string(), |p| p.to_string());
    }
    let rules = tablecraft_engine::rules::Rules::compile(&game).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

/// After sowing pit.6 onto pit.7: how many seeds player 1's store and
/// pit.7 hold.
fn after_sowing_pit_6(pos: &mut Position) -> (usize, usize) {
    let reference = seen(pos);
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    gen.moves(pos, &mut moves);
    let after: Vec<Ref> = moves
        .iter()
        .map(|m| {
            let undo = play(pos, m);
            let r = seen(pos);
            unplay(pos, undo);
            r
        })
        .collect();
    let expected = reference.moves(&[]);
    assert_eq!(after.iter().collect::<HashSet<_>>(), expected.iter().collect());
    let sown = after
        .iter()
        .find(|r| r.pits[5].is_empty())
        .expect("pit.6 can be sown");
    (sown.stores[0].len(), sown.pits[6].len())
}

#[test]
fn a_move_that_would_take_every_seed_takes_none() {
    // Player 2 has one seed, on pit.7: making it 2 would take them all.
    let mut pos = position(&["pit.1", "pit.6", "pit.7"]);
    assert_eq!(after_sowing_pit_6(&mut pos), (22, 2));
    // With one more seed on pit.9 the two on pit.7 are taken.
    let mut pos = position(&["pit.1", "pit.6", "pit.7", "pit.9"]);
    assert_eq!(after_sowing_pit_6(&mut pos), (24, 0));
}

#[test]
fn a_player_with_no_seeds_must_be_fed() {
    // Player 2 has none: only pit.6 (reaching pit.7) may be sown, not pit.1.
    let mut pos = position(&["pit.1", "pit.6"]);
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    gen.moves(&mut pos, &mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(seen(&pos).moves(&[]).len(), 1);
    // Player 1 sows pit.6 and now has none; player 2 cannot reach
    // player 1's side, so the game is over and each keeps the seeds on their
    // own side: player 1 has 22 + 0, player 2 wins with 23 + 3.
    let mut pos = position(&["pit.6", "pit.8", "pit.10"]);
    assert_eq!(moves[0].steps.len(), 1);
    gen.moves(&mut pos, &mut moves);
    assert_eq!(moves.len(), 1);
    play(&mut pos, &moves[0]);
    let r = seen(&pos);
    assert!(r.choices().is_empty(), "{r:?}");
    assert_eq!(r.winner(&[]), Some(2));
    assert!(
        matches!(pos.status(), Status::Over { winner: 2, .. }),
        "{:?}",
        pos.status()
    );
}

#[test]
fn awele_plays_to_the_end_like_the_reference() {
    let mut seed = 5u64;
    let (mut ended, mut captures, mut fed) = (0, 0, 0);
    let mut ends = [0; 3];
    for _game in 0..20 {
        let mut pos = start();
        let mut gen = MoveGen::new(pos.rules());
        let mut moves = Vec::new();
        let mut before: Vec<Ref> = Vec::new();
        let mut plies = 0;
        while pos.status() == &Status::Playing && plies < 400 {
            let reference = seen(&pos);
            let after = common::outcomes(&mut pos, &mut gen, &mut moves, seen);
            let expected: HashSet<Ref> = reference.moves(&before).into_iter().collect();
            assert_eq!(after, expected, "at ply {plies}: {reference:?}");
            if reference.seeds_on_side(3 - reference.to_move) == 0 {
                fed += 1;
            }
            let m = moves[common::pick(&mut seed, moves.len())].clone();
            play(&mut pos, &m);
            let now = seen(&pos);
            if now.stores != reference.stores {
                captures += 1;
            }
            before.push(reference);
            plies += 1;
        }
        if let Status::Over { winner, .. } = pos.status() {
            ended += 1;
            let r = seen(&pos);
            assert_eq!(Some(*winner), r.winner(&before), "{r:?}");
            if r.stores.iter().any(|s| s.len() > 24) {
                ends[0] += 1;
            } else if r.seen_before(&before) {
                ends[1] += 1;
            } else {
                ends[2] += 1;
            }
        }
    }
    // Over 24 seeds, the same table again, and no move all happen.
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
    assert!(ended >= 15, "only {ended} of 20 random games ended");
    assert!(captures > 20, "random games capture: {captures}");
    assert!(fed > 0, "some random game has a player with no seeds to feed");
}

/// One seed on each side going round: after 12 sowings the table is as it
/// was at the start, but with the two seeds swapped. The rules can't tell
/// seeds apart, so that is the same table again and the game ends: each
/// player keeps the seeds on their side, 24 each, a draw.
#[test]
fn a_cycle_of_alike_seeds_ends_the_game() {
    let mut pos = position(&["pit.6", "pit.12"]);
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    let mut before: Vec<Ref> = Vec::new();
    let mut plies = 0;
    while pos.status() == &Status::Playing && plies < 40 {
        gen.moves(&mut pos, &mut moves);
        assert_eq!(moves.len(), 1, "one seed a side: one move at ply {plies}");
        before.push(seen(&pos));
        let m = moves[0].clone();
        play(&mut pos, &m);
        plies += 1;
    }
    assert_eq!(plies, 12, "{:?}", pos.status());
    let now = seen(&pos);
    assert!(!before.contains(&now), "not the same seeds where they were");
    assert!(now.seen_before(&before), "but the same table");
    assert_eq!(now.winner(&before), Some(0));
    assert!(
        matches!(pos.status(), Status::Over { winner: 0, .. }),
        "{:?}",
        pos.status()
    );
}

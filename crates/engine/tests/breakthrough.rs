//! Breakthrough 6×6, written by hand, against a small reference
//! implementation: move lists compared by perft and along whole games.

mod common;

use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{play, unplay, MoveGen};
use tablecraft_engine::state::Status;

const BREAKTHROUGH: &str = include_str!("../../../public/games/breakthrough.game.xml");

/// The reference's position: a bit for each square (row r, column c, both
/// from 0, is bit 6r + c) for each player's pawns, and who moves. Black (1)
/// starts on rows 0 and 1 and goes towards row 5; white (2) the other way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Ref {
    pawns: [u64; 2],
    to_move: u8,
}

impl Ref {
    fn start() -> Ref {
        Ref {
            pawns: [0xfff, 0xfff << 24],
            to_move: 1,
        }
    }

    /// The winner if the game is over: a pawn on its far row, or no pawns
    /// left, or (for the player on move) no move.
    fn winner(&self) -> Option<u8> {
        let far = [0x3f << 30, 0x3f];
        for (p, far) in far.iter().enumerate() {
            if self.pawns[p] & far != 0 || self.pawns[1 - p] == 0 {
                return Some(p as u8 + 1);
            }
        }
        self.moves_anyway().is_empty().then_some(3 - self.to_move)
    }

    fn moves(&self) -> HashSet<Ref> {
        if self.winner().is_some() {
            return HashSet::new();
        }
        self.moves_anyway()
    }

    /// The moves of the player on move, whether or not the game is over.
    fn moves_anyway(&self) -> HashSet<Ref> {
        let me = usize::from(self.to_move - 1);
        let (mine, theirs) = (self.pawns[me], self.pawns[1 - me]);
        let forward: i32 = if me == 0 { 1 } else { -1 };
        let mut out = HashSet::new();
        for from in (0..36).filter(|&i| mine >> i & 1 == 1) {
            let (r, c) = (from / 6, from % 6);
            for dc in -1..=1 {
                let (tr, tc) = (r + forward, c + dc);
                if !(0..6).contains(&tr) || !(0..6).contains(&tc) {
                    continue;
                }
                let to = tr * 6 + tc;
                let bit = 1u64 << to;
                let capture = dc != 0 && theirs & bit != 0;
                if (mine | theirs) & bit != 0 && !capture {
                    continue;
                }
                let mut next = self.clone();
                next.pawns[me] = mine & !(1 << from) | bit;
                next.pawns[1 - me] = theirs & !bit;
                next.to_move = 3 - self.to_move;
                out.insert(next);
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().iter().map(|m| m.perft(depth - 1)).sum()
    }
}

/// The engine's position as the reference sees it.
fn seen(pos: &Position) -> Ref {
    let rules = pos.rules();
    let mut r = Ref {
        pawns: [0, 0],
        to_move: pos.to_move(),
    };
    for i in 0..36 {
        let p = rules
            .place_id(&format!("board.{}.{}", i / 6 + 1, i % 6 + 1))
            .unwrap();
        let on = pos.state().on(p);
        assert!(on.len() <= 1, "one pawn a square");
        if let Some(&f) = on.first() {
            let owner = pos.state().owner_of(f);
            r.pawns[usize::from(owner - 1)] |= 1 << i;
        }
    }
    r
}

fn start() -> Position {
    common::start(BREAKTHROUGH)
}

#[test]
fn breakthrough_move_counts_match_the_reference() {
    let mut pos = start();
    assert_eq!(seen(&pos), Ref::start());
    let depth = if cfg!(debug_assertions) { 4 } else { 5 };
    let counts: Vec<u64> = (1..=depth).map(|d| perft(&mut pos, d).unwrap()).collect();
    let expected: Vec<u64> = (1..=depth).map(|d| Ref::start().perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts[..2], [16, 256]);
}

/// The reference's counts to depth 5 (`tablecraft perft` gives the same).
#[test]
fn the_reference_counts_to_depth_5() {
    let counts: Vec<u64> = (1..=5).map(|d| Ref::start().perft(d)).collect();
    assert_eq!(counts, [16, 256, 4308, 71478, 1248290]);
}

#[test]
fn breakthrough_plays_to_the_end_like_the_reference() {
    let mut seed = 7u64;
    let mut captures = 0;
    for _game in 0..12 {
        let mut pos = start();
        let mut gen = MoveGen::new(pos.rules());
        let mut moves = Vec::new();
        let mut plies = 0;
        while pos.status() == &Status::Playing && plies < 200 {
            let reference = seen(&pos);
            let after = common::outcomes(&mut pos, &mut gen, &mut moves, seen);
            assert_eq!(after, reference.moves(), "at ply {plies}: {reference:?}");
            let m = moves[common::pick(&mut seed, moves.len())].clone();
            play(&mut pos, &m);
            let now = seen(&pos);
            captures += reference.pawns.iter().map(|p| p.count_ones()).sum::<u32>()
                - now.pawns.iter().map(|p| p.count_ones()).sum::<u32>();
            plies += 1;
        }
        let r = seen(&pos);
        match pos.status() {
            Status::Over { winner, .. } => assert_eq!(Some(*winner), r.winner(), "{r:?}"),
            other => panic!("a game of Breakthrough ends within 200 moves: {other:?}"),
        }
    }
    assert!(captures > 12, "random games capture pawns: {captures}");
}

/// The game with only these pawns, black's first: (name, square).
fn position(pawns: &[(&str, &str)]) -> Position {
    let (mut game, _) = tablecraft_engine::open::open(BREAKTHROUGH).unwrap_or_else(|p| panic!("{p:#?}"));
    game.figures.retain(|f| pawns.iter().any(|(n, _)| *n == f.name));
    for f in &mut game.figures {
        let (_, square) = pawns.iter().find(|(n, _)| *n == f.name).unwrap();
        f.origin = format!("board.{square}");
    }
    let rules = tablecraft_engine::rules::Rules::compile(&game).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

/// Black takes the pawn on 4.4 from 3.3; the status after.
fn after_taking(pawns: &[(&str, &str)]) -> Status {
    let mut pos = position(pawns);
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    gen.moves(&mut pos, &mut moves);
    let mut taken = None;
    for m in &moves {
        let undo = play(&mut pos, m);
        if seen(&pos).pawns[1] & 1 << 21 == 0 {
            taken = Some(pos.status().clone());
        }
        unplay(&mut pos, undo);
    }
    taken.expect("black can take the pawn on 4.4")
}

#[test]
fn taking_the_last_pawn_wins() {
    let last = after_taking(&[("b.1", "3.3"), ("w.1", "4.4")]);
    assert!(matches!(last, Status::Over { winner: 1, .. }), "{last:?}");
    let not_last = after_taking(&[("b.1", "3.3"), ("w.1", "4.4"), ("w.2", "6.6")]);
    assert_eq!(not_last, Status::Playing);
}

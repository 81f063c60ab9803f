//! English checkers, written by hand in the rule language, against the
//! published perft figures of English draughts and a small reference
//! move generator written here, independently of the rules.

use std::collections::BTreeSet;
use std::sync::Arc;
use tablecraft_engine::position::{MoveStage, Position, Why};
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{play, unplay, Move, MoveGen};
use tablecraft_engine::state::Status;

const CHECKERS: &str = include_str!("../../../public/games/english-checkers.game.xml");

fn start() -> Position {
    let (_, rules) = tablecraft_engine::open::open(CHECKERS).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

/// The board as the reference sees it: per (row, column) from row 1 at
/// the top, 0 empty, 1 a stone and 2 a crown of player 1 (black, who
/// moves down the rows), -1 and -2 those of player 2.
type Board = [[i8; 8]; 8];

fn board(pos: &Position) -> Board {
    let rules = pos.rules();
    let mut b = [[0i8; 8]; 8];
    for (r, row) in b.iter_mut().enumerate() {
        for (c, square) in row.iter_mut().enumerate() {
            let p = rules.place_id(&format!("board.{}.{}", r + 1, c + 1)).unwrap();
            if let Some(&f) = pos.state().on(p).last() {
                let crown = rules.types[pos.state().kind_of(f) as usize] == "crown";
                let size = if crown { 2 } else { 1 };
                *square = if pos.state().owner_of(f) == 1 { size } else { -size };
            }
        }
    }
    b
}

/// The reference: every position a whole move of `side` (1 or -1) can
/// reach, and each way there (one per jump path).
fn reference_moves(b: &Board, side: i8) -> (BTreeSet<Board>, Vec<Board>) {
    let mut ends = BTreeSet::new();
    let mut paths = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            if b[r][c] * side > 0 {
                jumps(b, side, r as i32, c as i32, false, &mut ends, &mut paths);
            }
        }
    }
    if !ends.is_empty() {
        return (ends, paths);
    }
    for r in 0..8i32 {
        for c in 0..8i32 {
            let piece = b[r as usize][c as usize];
            if piece * side <= 0 {
                continue;
            }
            for (dr, dc) in directions(piece, side) {
                let (rr, cc) = (r + dr, c + dc);
                if on(rr, cc) && b[rr as usize][cc as usize] == 0 {
                    let mut n = *b;
                    n[r as usize][c as usize] = 0;
                    n[rr as usize][cc as usize] = crowned(piece, side, rr);
                    ends.insert(n);
                    paths.push(n);
                }
            }
        }
    }
    (ends, paths)
}

fn on(r: i32, c: i32) -> bool {
    (0..8).contains(&r) && (0..8).contains(&c)
}

/// The diagonal directions a piece goes: forward only for a stone.
fn directions(piece: i8, side: i8) -> Vec<(i32, i32)> {
    let forward = i32::from(side);
    let rows: &[i32] = if piece.abs() == 2 { &[1, -1] } else { &[forward] };
    rows.iter().flat_map(|&dr| [(dr, 1), (dr, -1)]).collect()
}

/// A stone reaching the far row becomes a crown.
fn crowned(piece: i8, side: i8, row: i32) -> i8 {
    let far = if side == 1 { 7 } else { 0 };
    if piece.abs() == 1 && row == far {
        2 * side
    } else {
        piece
    }
}

/// Jumps on from (r, c) as long as possible; a stone crowned ends there.
fn jumps(
    b: &Board,
    side: i8,
    r: i32,
    c: i32,
    jumped: bool,
    ends: &mut BTreeSet<Board>,
    paths: &mut Vec<Board>,
) {
    let piece = b[r as usize][c as usize];
    let mut any = false;
    for (dr, dc) in directions(piece, side) {
        let (mr, mc, tr, tc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
        if !on(tr, tc) || b[mr as usize][mc as usize] * side >= 0 || b[tr as usize][tc as usize] != 0 {
            continue;
        }
        any = true;
        let mut n = *b;
        n[r as usize][c as usize] = 0;
        n[mr as usize][mc as usize] = 0;
        let landed = crowned(piece, side, tr);
        n[tr as usize][tc as usize] = landed;
        if landed != piece {
            ends.insert(n);
            paths.push(n);
        } else {
            jumps(&n, side, tr, tc, true, ends, paths);
        }
    }
    if !any && jumped {
        ends.insert(*b);
        paths.push(*b);
    }
}

fn side_of(pos: &Position) -> i8 {
    if pos.to_move() == 1 {
        1
    } else {
        -1
    }
}

/// The reference's perft: moves counted once per resulting position
/// (`paths` false) or once per jump path (`paths` true).
fn reference_perft(b: &Board, side: i8, depth: u32, paths: bool) -> u64 {
    let (ends, ways) = reference_moves(b, side);
    let next: Vec<Board> = if paths { ways } else { ends.into_iter().collect() };
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter()
        .map(|n| reference_perft(n, -side, depth - 1, paths))
        .sum()
}

/// The engine's moves from here, and the boards they reach.
fn engine_moves(pos: &mut Position, gen: &mut MoveGen) -> (Vec<Move>, Vec<Board>) {
    let mut moves = Vec::new();
    gen.moves(pos, &mut moves);
    let boards = moves
        .iter()
        .map(|m| {
            let undo = play(pos, m);
            let b = board(pos);
            unplay(pos, undo);
            b
        })
        .collect();
    (moves, boards)
}

/// The engine and the reference agree on every position of the tree.
fn compare(pos: &mut Position, gen: &mut MoveGen, depth: u32) -> u64 {
    let b = board(pos);
    let (moves, found) = engine_moves(pos, gen);
    let set: BTreeSet<Board> = found.iter().copied().collect();
    assert_eq!(set.len(), found.len(), "two engine moves reach one position");
    assert_eq!(
        set,
        reference_moves(&b, side_of(pos)).0,
        "moves differ from {b:?}"
    );
    if depth == 1 {
        return found.len() as u64;
    }
    let mut total = 0;
    for m in &moves {
        let undo = play(pos, m);
        total += compare(pos, gen, depth - 1);
        unplay(pos, undo);
    }
    total
}

/// Published perft of English draughts from the start (e.g. Aart Bik's
/// and the draughts programmers' tables). To depth 6 no two jump paths
/// of one move end in the same position, so counting per path (as those
/// tables do) and per resulting position (as `MoveGen` does) agree: the
/// reference checks both.
const PUBLISHED: [u64; 6] = [7, 49, 302, 1469, 7361, 36768];

#[test]
fn the_reference_agrees_with_the_published_counts() {
    let pos = start();
    let b = board(&pos);
    let by_position: Vec<u64> = (1..=6).map(|d| reference_perft(&b, 1, d, false)).collect();
    let by_path: Vec<u64> = (1..=6).map(|d| reference_perft(&b, 1, d, true)).collect();
    assert_eq!(by_position, PUBLISHED);
    assert_eq!(by_path, PUBLISHED);
    assert_eq!(side_of(&pos), 1);
}

#[test]
fn checkers_move_counts_match_the_published_perft() {
    let mut pos = start();
    // Depth 5 is also reached, position by position, by the comparison
    // with the reference below; a release build goes to 6.
    let depth = if cfg!(debug_assertions) { 4 } else { 6 };
    let counts: Vec<u64> = (1..=depth).map(|d| perft(&mut pos, d).unwrap()).collect();
    assert_eq!(counts, PUBLISHED[..depth as usize]);
}

#[test]
fn checkers_moves_match_the_reference_at_every_position_to_depth_5() {
    let mut pos = start();
    let mut gen = MoveGen::new(pos.rules());
    assert_eq!(compare(&mut pos, &mut gen, 5), PUBLISHED[4]);
}

/// Random games with a fixed seed, each compared with the reference at
/// every move, played to their end.
#[test]
fn checkers_plays_to_the_end_like_the_reference() {
    let mut seed = 2024u64;
    let mut endings = BTreeSet::new();
    let mut multi_jumps = 0;
    for _game in 0..6 {
        let mut pos = start();
        let mut gen = MoveGen::new(pos.rules());
        let mut plies = 0;
        while pos.status() == &Status::Playing {
            let b = board(&pos);
            let reference = reference_moves(&b, side_of(&pos)).0;
            let (moves, found) = engine_moves(&mut pos, &mut gen);
            let found: BTreeSet<Board> = found.into_iter().collect();
            assert_eq!(found, reference, "moves differ from {b:?}");
            assert!(!moves.is_empty(), "a player who can't move has lost");
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()].clone();
            if m.steps.len() > 1 {
                multi_jumps += 1;
                jump_by_hand(&pos, &m);
            }
            play(&mut pos, &m);
            plies += 1;
            assert!(plies < 2000, "the game goes on for ever");
        }
        let Status::Over { winner, .. } = pos.status().clone() else {
            unreachable!()
        };
        let b = board(&pos);
        if winner == 0 {
            // 40 moves each with no capture and no crowning.
            endings.insert("draw");
        } else {
            // The player on move has no move at all.
            let loser = if winner == 1 { -1 } else { 1 };
            assert!(reference_moves(&b, loser).0.is_empty(), "{b:?}");
            endings.insert("win");
        }
    }
    assert!(endings.contains("win"), "{endings:?}");
    assert!(multi_jumps > 0);
}

/// A move of several jumps made by dragging: after each jump but the last
/// the move must go on (End move is refused), and after the last it ends
/// by itself.
fn jump_by_hand(pos: &Position, m: &Move) {
    let mut pos = pos.clone();
    let mover = pos.to_move();
    for (i, s) in m.steps.iter().enumerate() {
        pos.play(s.figure, s.to)
            .unwrap_or_else(|r| panic!("{}", r.message));
        if i + 1 < m.steps.len() {
            assert_eq!(pos.stage(), MoveStage::MustGoOn);
            assert_eq!(pos.end_move().unwrap_err().why, Why::GoOn);
        }
    }
    assert!(pos.to_move() != mover || pos.status() != &Status::Playing);
}

//! The hand-written games against the shipped rule files: random games of
//! each, replayed move by move in the engine. At every position both list
//! the same positions after one move (what is on each square and who is on
//! move), and both end the game at the same move with the same winner.

use super::super::moves::{play, unplay, MoveGen};
use super::super::rng::Rng;
use super::{checkers, connect_four, reversi};
use crate::rules::TypeId;
use crate::state::Status;
use crate::{open, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

/// What is on each square of the board, row by row from 1.1 (0: nothing,
/// 1 or 2: a figure of that player, 3 or 4: a crown of player 1 or 2),
/// then the player on move.
type Seen = Vec<u8>;

/// A hand-written game as the test sees it.
trait Hand: Clone {
    /// The positions after each legal move, none when the game is over.
    fn next(&self) -> Vec<Self>;
    fn seen(&self) -> Seen;
    /// The winner (0 for a draw) when the game is over.
    fn winner(&self) -> Option<u8>;
}

#[derive(Clone)]
struct ConnectFour(connect_four::Board, bool);

impl Hand for ConnectFour {
    fn next(&self) -> Vec<Self> {
        if self.winner().is_some() {
            return Vec::new();
        }
        (0..connect_four::COLUMNS)
            .filter(|&c| self.0.playable(c))
            .map(|c| {
                let mut b = self.0.clone();
                let won = b.play(c);
                ConnectFour(b, won)
            })
            .collect()
    }
    fn seen(&self) -> Seen {
        // Row 1 of the rule file is the top; the bitboard counts from the bottom.
        let mut seen: Seen = (0..connect_four::ROWS)
            .flat_map(|r| (0..connect_four::COLUMNS).map(move |c| (connect_four::ROWS - 1 - r, c)))
            .map(|(r, c)| self.0.owner(r, c))
            .collect();
        seen.push(self.0.to_move());
        seen
    }
    fn winner(&self) -> Option<u8> {
        if self.1 {
            Some(3 - self.0.to_move())
        } else {
            (self.0.columns() == 0).then_some(0)
        }
    }
}

#[derive(Clone)]
struct Checkers(checkers::Board);

impl Hand for Checkers {
    fn next(&self) -> Vec<Self> {
        if self.0.drawn() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.0.moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut b = self.0.clone();
                b.play(m);
                Checkers(b)
            })
            .collect()
    }
    fn seen(&self) -> Seen {
        let mut seen: Seen = (0..64).map(|bit| self.0.square(bit)).collect();
        seen.push(self.0.to_move());
        seen
    }
    fn winner(&self) -> Option<u8> {
        if self.0.drawn() {
            Some(0)
        } else {
            self.next().is_empty().then(|| 3 - self.0.to_move())
        }
    }
}

/// Reversi as the rule file plays it: a player who cannot move passes at
/// once, as part of the other's move.
#[derive(Clone)]
struct Reversi(reversi::Board);

impl Hand for Reversi {
    fn next(&self) -> Vec<Self> {
        let mut squares = self.0.legal();
        let mut all = Vec::new();
        while squares != 0 {
            let square = squares & squares.wrapping_neg();
            squares &= squares - 1;
            let mut b = self.0.clone();
            b.play(square);
            if b.legal() == 0 {
                let mut passed = b.clone();
                passed.play(0);
                if passed.legal() != 0 {
                    b = passed;
                }
            }
            all.push(Reversi(b));
        }
        all
    }
    fn seen(&self) -> Seen {
        let mut seen: Seen = (0..64).map(|bit| self.0.owner(bit)).collect();
        seen.push(self.0.to_move());
        seen
    }
    fn winner(&self) -> Option<u8> {
        (self.0.legal() == 0).then(|| self.0.winner())
    }
}

/// The same as [`Hand::seen`], read from the engine's position of a game
/// whose board is `board` (`rows` × `columns`).
fn engine_seen(pos: &Position, rows: i64, columns: i64, crown: Option<TypeId>) -> Seen {
    let state = pos.state();
    let rules = pos.rules();
    let mut seen: Seen = (1..=rows)
        .flat_map(|r| (1..=columns).map(move |c| (r, c)))
        .map(|(r, c)| {
            let place = rules.place_id(&format!("board.{r}.{c}")).expect("a square");
            state.on(place).last().map_or(0, |&f| {
                state.owner_of(f) + if Some(state.kind_of(f)) == crown { 2 } else { 0 }
            })
        })
        .collect();
    seen.push(state.to_move());
    seen
}

/// Plays `games` random games of `hand` from its start, each move chosen at
/// random among the hand-written game's, and the same move in the engine
/// playing the rule file `file` (of `public/games/`).
fn same_games<H: Hand>(start: H, file: &str, rows: i64, columns: i64, games: u32) {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the rule file is in the repository");
    let (_, rules) = open(&text).expect("the rule file opens");
    let crown = rules.type_id("crown");
    let rules = Arc::new(rules);
    let mut gen = MoveGen::new(&rules);
    let mut rng = Rng::new(7);
    for game in 0..games {
        let mut pos = Position::new(Arc::clone(&rules));
        let mut hand = start.clone();
        for ply in 0.. {
            assert_eq!(
                engine_seen(&pos, rows, columns, crown),
                hand.seen(),
                "{file} game {game} move {ply}"
            );
            let at = format!("{file}, game {game}, move {ply}");
            if let Status::Over { winner, .. } = pos.status() {
                assert_eq!(Some(*winner), hand.winner(), "{at}: the game is over");
                break;
            }
            assert_eq!(hand.winner(), None, "{at}: the engine plays on");
            let mut moves = Vec::new();
            gen.moves(&mut pos, &mut moves);
            let mut engine = Vec::new();
            for m in &moves {
                let undo = play(&mut pos, m);
                engine.push(engine_seen(&pos, rows, columns, crown));
                unplay(&mut pos, undo);
            }
            let next = hand.next();
            let theirs: BTreeSet<Seen> = next.iter().map(Hand::seen).collect();
            assert_eq!(engine.iter().cloned().collect::<BTreeSet<Seen>>(), theirs, "{at}");
            hand = next[rng.below(next.len())].clone();
            let pick = engine
                .iter()
                .position(|s| *s == hand.seen())
                .expect("the same position");
            play(&mut pos, &moves[pick]);
        }
    }
}

#[test]
fn connect_four_is_the_rule_files() {
    same_games(
        ConnectFour(connect_four::Board::new(), false),
        "connect-four.game.xml",
        6,
        7,
        30,
    );
}

#[test]
fn checkers_is_the_rule_files() {
    same_games(
        Checkers(checkers::Board::new()),
        "english-checkers.game.xml",
        8,
        8,
        6,
    );
}

#[test]
fn reversi_is_the_rule_files() {
    same_games(Reversi(reversi::Board::new()), "reversi.game.xml", 8, 8, 3);
}

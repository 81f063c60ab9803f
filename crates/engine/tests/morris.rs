//! Nine Men's Morris, written by hand on a points board, against a small
//! reference implementation: the points' neighbours and the mills written
//! out here, move lists compared by perft and along whole games.

mod common;

use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::rules::Rules;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::state::Status;

const MORRIS: &str = include_str!("../../../public/games/nine-mens-morris.game.xml");

/// The 24 points, and each one's neighbours, by hand.
const POINTS: [(&str, &[&str]); 24] = [
    ("a7", &["d7", "a4"]),
    ("d7", &["a7", "g7", "d6"]),
    ("g7", &["d7", "g4"]),
    ("b6", &["d6", "b4"]),
    ("d6", &["b6", "f6", "d7", "d5"]),
    ("f6", &["d6", "f4"]),
    ("c5", &["d5", "c4"]),
    ("d5", &["c5", "e5", "d6"]),
    ("e5", &["d5", "e4"]),
    ("a4", &["a7", "a1", "b4"]),
    ("b4", &["a4", "c4", "b6", "b2"]),
    ("c4", &["b4", "c5", "c3"]),
    ("e4", &["f4", "e5", "e3"]),
    ("f4", &["e4", "g4", "f6", "f2"]),
    ("g4", &["f4", "g7", "g1"]),
    ("c3", &["d3", "c4"]),
    ("d3", &["c3", "e3", "d2"]),
    ("e3", &["d3", "e4"]),
    ("b2", &["d2", "b4"]),
    ("d2", &["b2", "f2", "d3", "d1"]),
    ("f2", &["d2", "f4"]),
    ("a1", &["d1", "a4"]),
    ("d1", &["a1", "g1", "d2"]),
    ("g1", &["d1", "g4"]),
];

/// The 16 mills.
const MILLS: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a7", "a4", "a1"],
    ["b6", "b4", "b2"],
    ["c5", "c4", "c3"],
    ["d7", "d6", "d5"],
    ["d3", "d2", "d1"],
    ["e5", "e4", "e3"],
    ["f6", "f4", "f2"],
    ["g7", "g4", "g1"],
];

fn index(name: &str) -> usize {
    POINTS.iter().position(|(n, _)| *n == name).unwrap()
}

/// The reference's position: owner per point, pieces in hand, who moves.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Ref {
    owner: [u8; 24],
    hand: [u8; 2],
    to_move: u8,
}

impl Ref {
    fn count(&self, p: u8) -> usize {
        self.owner.iter().filter(|&&o| o == p).count()
    }

    fn in_mill(&self, i: usize) -> bool {
        let who = self.owner[i];
        who != 0
            && MILLS
                .iter()
                .any(|m| m.iter().any(|&n| index(n) == i) && m.iter().all(|&n| self.owner[index(n)] == who))
    }

    fn over(&self) -> bool {
        let p = self.to_move;
        self.count(p) + (self.hand[p as usize - 1] as usize) < 3
    }

    /// Every position a whole move leads to, each once.
    fn moves(&self) -> HashSet<Ref> {
        let mut out = HashSet::new();
        if self.over() {
            return out;
        }
        let p = self.to_move;
        let other = 3 - p;
        let mut after_step = Vec::new();
        if self.hand[p as usize - 1] > 0 {
            for to in 0..24 {
                if self.owner[to] == 0 {
                    let mut r = self.clone();
                    r.owner[to] = p;
                    r.hand[p as usize - 1] -= 1;
                    after_step.push((r, to));
                }
            }
        } else {
            let flying = self.count(p) == 3;
            for (from, (_, around)) in POINTS.iter().enumerate() {
                if self.owner[from] != p {
                    continue;
                }
                for to in 0..24 {
                    let next = around.iter().any(|&n| index(n) == to);
                    if self.owner[to] == 0 && (flying || next) {
                        let mut r = self.clone();
                        r.owner[from] = 0;
                        r.owner[to] = p;
                        after_step.push((r, to));
                    }
                }
            }
        }
        for (mut r, to) in after_step {
            r.to_move = other;
            if !r.in_mill(to) {
                out.insert(r);
                continue;
            }
            let theirs: Vec<usize> = (0..24).filter(|&i| r.owner[i] == other).collect();
            let all_in_mills = theirs.iter().all(|&i| r.in_mill(i));
            for &i in &theirs {
                if all_in_mills || !r.in_mill(i) {
                    let mut t = r.clone();
                    t.owner[i] = 0;
                    out.insert(t);
                }
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| m.perft(depth - 1)).sum()
    }
}

/// The engine's position as the reference sees it.
fn seen(pos: &Position) -> Ref {
    let rules = pos.rules();
    let mut owner = [0u8; 24];
    for (i, (name, _)) in POINTS.iter().enumerate() {
        let p = rules.place_id(&format!("board.{name}")).unwrap();
        if let Some(&f) = pos.state().on(p).first() {
            owner[i] = pos.state().owner_of(f);
        }
    }
    let hand = |h: &str| pos.state().on(rules.place_id(h).unwrap()).len() as u8;
    Ref {
        owner,
        hand: [hand("hand.1"), hand("hand.2")],
        to_move: pos.to_move(),
    }
}

/// Morris with white's and black's pieces starting where the lists say
/// (9 names each: a point, `hand.N` or `taken`), white on move.
fn position(white: &[&str; 9], black: &[&str; 9]) -> Position {
    let (mut game, _) = tablecraft_engine::open::open(MORRIS).unwrap_or_else(|p| panic!("{p:#?}"));
    for f in &mut game.figures {
        let (side, i) = f.name.split_once('.').unwrap();
        let i: usize = i.parse().unwrap();
        let at = if side == "white" {
            white[i - 1]
        } else {
            black[i - 1]
        };
        f.origin = if at.len() == 2 {
            format!("board.{at}")
        } else {
            at.to_string()
        };
    }
    let rules = Rules::compile(&game).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

fn start() -> Position {
    common::start(MORRIS)
}

#[test]
fn morris_places_nine_each_like_the_reference() {
    let mut pos = start();
    let reference = seen(&pos);
    assert_eq!(reference.hand, [9, 9]);
    for depth in 1..=3 {
        assert_eq!(
            perft(&mut pos, depth).unwrap(),
            reference.perft(depth),
            "depth {depth}"
        );
    }
    assert_eq!(perft(&mut pos, 3).unwrap(), 24 * 23 * 22);
}

#[test]
fn morris_moves_mills_and_takes_like_the_reference() {
    // All pieces down: white closes b6 d6 f6 by d7 to d6; black's a1 d1
    // and d3 are one step from a mill.
    let white = ["a7", "d7", "b6", "f6", "c5", "e4", "g1", "d2", "b2"];
    let black = ["g7", "a4", "c4", "e5", "d3", "f2", "a1", "d1", "taken"];
    let mut pos = position(&white, &black);
    let reference = seen(&pos);
    assert_eq!(reference.hand, [0, 0]);
    for depth in 1..=3 {
        assert_eq!(
            perft(&mut pos, depth).unwrap(),
            reference.perft(depth),
            "depth {depth}"
        );
    }
}

#[test]
fn morris_flies_with_three_like_the_reference() {
    let taken = "taken";
    let white = ["a7", "d7", "f4", taken, taken, taken, taken, taken, taken];
    let black = ["d6", "e4", "b2", "a1", "g1", "d1", taken, taken, taken];
    let mut pos = position(&white, &black);
    let reference = seen(&pos);
    let moves = reference.moves();
    // Each of 3 pieces flies to any of 15 empty points; f4 to g7 closes
    // a7 d7 g7 and takes d6, e4 or b2 (a1 d1 g1 is a mill).
    assert_eq!(moves.len(), 44 + 3);
    for depth in 1..=3 {
        assert_eq!(
            perft(&mut pos, depth).unwrap(),
            reference.perft(depth),
            "depth {depth}"
        );
    }
}

#[test]
fn morris_plays_to_the_end_like_the_reference() {
    let mut seed = 7u64;
    let mut ended = 0;
    for _game in 0..4 {
        let mut pos = start();
        common::play_checked(&mut pos, &mut seed, 600, seen, Ref::moves);
        if let Status::Over { winner, .. } = pos.status() {
            ended += 1;
            let r = seen(&pos);
            if *winner != 0 {
                // The loser is on move: two pieces left, or no move.
                assert_eq!(*winner, 3 - r.to_move);
                assert!(r.over() || r.moves().is_empty());
            }
        }
    }
    assert!(ended >= 3, "only {ended} of 4 random games ended");
}

fn ask(pos: &Position, src: &str) -> String {
    common::evaluate(pos, src)
        .unwrap_or_else(|e| panic!("{src}: {e}"))
        .to_string()
        .replace("board.", "")
}

#[test]
fn the_words_of_a_points_board_follow_its_lines() {
    let white = ["a7", "d7", "b6", "f6", "c5", "e4", "g1", "d2", "b2"];
    let black = ["g7", "a4", "c4", "e5", "d3", "f2", "a1", "d1", "taken"];
    let pos = position(&white, &black);
    let cases = [
        ("neighbours(board.d6)", "[b6, f6, d7, d5]"),
        ("lines(board.a7)", "[[a7, d7, g7], [a7, a4, a1]]"),
        ("count(lines(board))", "16"),
        ("line(board.a7, board.a4)", "[a4, a1]"),
        ("line(board.a4, board.a7)", "[a7]"),
        ("between(board.a1, board.a7)", "a4"),
        ("direction(board.a1, board.a7)", "a4"),
        ("direction(board.a1, board.g7)", ""),
        ("neighbour(board.a1, board.a4)", "a4"),
        ("neighbour(board.a1, board.d6)", ""),
        ("distance(board.a7, board.g1)", "4"),
        ("row(board.c5) * 10 + column(board.c5)", "53"),
        ("in_a_row(board, 2, 1)", "yes"),
        ("in_a_row(board.g1, 2, 1)", "no"),
        ("in_a_row(board, 3, 1)", "no"),
        ("type(board.a1)", "point"),
        ("count(squares(board))", "24"),
        // The guide's examples, with `from` = d7 and `to` = d6 (white closes b6 d6 f6).
        ("board.d6 in neighbours(board.d7)", "yes"),
        (
            "any l in lines(board.d6) where every s in l where s = board.d6 or (s != board.d7 and owner(s) = player)",
            "yes",
        ),
        (
            "any l in lines(board.d5) where every s in l where s = board.d5 or (s != board.d7 and owner(s) = player)",
            "no",
        ),
        ("not in_a_row(board.a1, 3, opponent)", "yes"),
        ("owner(between(board.c5, board.e5)) = opponent and empty(board.e5)", "no"),
        ("count(line(board.a7, board.d7)) = 2", "yes"),
    ];
    for (src, want) in cases {
        assert_eq!(ask(&pos, src), want, "{src}");
    }
}

//! Fox and Geese, written by hand on a points board, against a small
//! reference implementation: the 33 points' neighbours written out here,
//! move lists compared by perft and along whole games.

mod common;

use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::rules::Rules;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::state::Status;

const FOX_AND_GEESE: &str = include_str!("../../../public/games/fox-and-geese.game.xml");

/// The 33 points of the cross, row 7 at the top, and each one's
/// neighbours along the lines (straight, and diagonal through the points
/// whose letter and number add up to an even number, a = 1).
const POINTS: [(&str, &[&str]); 33] = [
    ("c7", &["c6", "d6", "d7"]),
    ("d7", &["c7", "d6", "e7"]),
    ("e7", &["d6", "d7", "e6"]),
    ("c6", &["c5", "c7", "d6"]),
    ("d6", &["c5", "c6", "c7", "d5", "d7", "e5", "e6", "e7"]),
    ("e6", &["d6", "e5", "e7"]),
    ("a5", &["a4", "b4", "b5"]),
    ("b5", &["a5", "b4", "c5"]),
    ("c5", &["b4", "b5", "c4", "c6", "d4", "d5", "d6"]),
    ("d5", &["c5", "d4", "d6", "e5"]),
    ("e5", &["d4", "d5", "d6", "e4", "e6", "f4", "f5"]),
    ("f5", &["e5", "f4", "g5"]),
    ("g5", &["f4", "f5", "g4"]),
    ("a4", &["a3", "a5", "b4"]),
    ("b4", &["a3", "a4", "a5", "b3", "b5", "c3", "c4", "c5"]),
    ("c4", &["b4", "c3", "c5", "d4"]),
    ("d4", &["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]),
    ("e4", &["d4", "e3", "e5", "f4"]),
    ("f4", &["e3", "e4", "e5", "f3", "f5", "g3", "g4", "g5"]),
    ("g4", &["f4", "g3", "g5"]),
    ("a3", &["a4", "b3", "b4"]),
    ("b3", &["a3", "b4", "c3"]),
    ("c3", &["b3", "b4", "c2", "c4", "d2", "d3", "d4"]),
    ("d3", &["c3", "d2", "d4", "e3"]),
    ("e3", &["d2", "d3", "d4", "e2", "e4", "f3", "f4"]),
    ("f3", &["e3", "f4", "g3"]),
    ("g3", &["f3", "f4", "g4"]),
    ("c2", &["c1", "c3", "d2"]),
    ("d2", &["c1", "c2", "c3", "d1", "d3", "e1", "e2", "e3"]),
    ("e2", &["d2", "e1", "e3"]),
    ("c1", &["c2", "d1", "d2"]),
    ("d1", &["c1", "d2", "e1"]),
    ("e1", &["d1", "d2", "e2"]),
];

fn index(name: &str) -> usize {
    POINTS.iter().position(|(n, _)| *n == name).unwrap()
}

/// Column and row of a point, a = 1.
fn spot(i: usize) -> (i32, i32) {
    let name = POINTS[i].0.as_bytes();
    ((name[0] - b'a') as i32 + 1, (name[1] - b'0') as i32)
}

fn next_to(a: usize, b: usize) -> bool {
    POINTS[a].1.iter().any(|&n| index(n) == b)
}

/// The reference's position: where the geese are, the fox, how many
/// geese are caught, who moves (1 the geese, 2 the fox).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Ref {
    geese: u64,
    fox: usize,
    caught: u32,
    to_move: u8,
}

impl Ref {
    fn goose(&self, i: usize) -> bool {
        self.geese >> i & 1 == 1
    }

    fn empty(&self, i: usize) -> bool {
        !self.goose(i) && self.fox != i
    }

    /// The point beyond the neighbour `over`, going on from `from`, if any.
    fn beyond(from: usize, over: usize) -> Option<usize> {
        let ((fc, fr), (oc, or)) = (spot(from), spot(over));
        let want = (2 * oc - fc, 2 * or - fr);
        (0..33).find(|&i| spot(i) == want && next_to(over, i))
    }

    /// Every fox position after one or more jumps from here.
    fn jumps(&self, out: &mut HashSet<Ref>) {
        for &n in POINTS[self.fox].1 {
            let over = index(n);
            if !self.goose(over) {
                continue;
            }
            if let Some(to) = Self::beyond(self.fox, over).filter(|&t| self.empty(t)) {
                let mut r = self.clone();
                r.geese &= !(1 << over);
                r.fox = to;
                r.caught += 1;
                if out.insert(r.clone()) {
                    r.jumps(out);
                }
            }
        }
    }

    fn moves(&self) -> HashSet<Ref> {
        let mut out = HashSet::new();
        if self.caught >= 8 {
            return out;
        }
        if self.to_move == 1 {
            for from in (0..33).filter(|&i| self.goose(i)) {
                for &n in POINTS[from].1 {
                    let to = index(n);
                    if self.empty(to) && spot(to).1 <= spot(from).1 {
                        let mut r = self.clone();
                        r.geese = r.geese & !(1 << from) | 1 << to;
                        out.insert(r);
                    }
                }
            }
        } else {
            for &n in POINTS[self.fox].1 {
                if self.empty(index(n)) {
                    out.insert(Ref {
                        fox: index(n),
                        ..self.clone()
                    });
                }
            }
            self.jumps(&mut out);
        }
        out.into_iter()
            .map(|mut r| {
                r.to_move = 3 - self.to_move;
                r
            })
            .collect()
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
    let mut r = Ref {
        geese: 0,
        fox: 99,
        caught: pos.state().on(rules.place_id("caught").unwrap()).len() as u32,
        to_move: pos.to_move(),
    };
    for (i, (name, _)) in POINTS.iter().enumerate() {
        let p = rules.place_id(&format!("board.{name}")).unwrap();
        if let Some(&f) = pos.state().on(p).first() {
            match pos.state().owner_of(f) {
                1 => r.geese |= 1 << i,
                _ => r.fox = i,
            }
        }
    }
    r
}

/// The game with the geese on `geese` (the rest caught) and the fox on `fox`.
fn position(geese: &[&str], fox: &str) -> Position {
    let (mut game, _) = tablecraft_engine::open::open(FOX_AND_GEESE).unwrap_or_else(|p| panic!("{p:#?}"));
    for f in &mut game.figures {
        f.origin = match f.name.split_once('.') {
            Some((_, i)) => {
                let i: usize = i.parse().unwrap();
                geese.get(i - 1).map_or("caught".into(), |g| format!("board.{g}"))
            }
            None => format!("board.{fox}"),
        };
    }
    let rules = Rules::compile(&game).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

fn start() -> Position {
    common::start(FOX_AND_GEESE)
}

#[test]
fn fox_and_geese_move_counts_match_the_reference() {
    let mut pos = start();
    let reference = seen(&pos);
    assert_eq!((reference.geese.count_ones(), reference.fox), (13, index("d3")));
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d).unwrap()).collect();
    let expected: Vec<u64> = (1..=4).map(|d| reference.perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts[..2], [13, 50]);
}

#[test]
fn the_fox_jumps_again_and_again_like_the_reference() {
    // Nine geese left, the fox on d3: it can jump d4 to d5, then d6 to d7
    // or c5 to b5 and b4 to b3, so whole chains are counted.
    let geese = ["d4", "d6", "c5", "e5", "b4", "c7", "e7", "g5", "a3"];
    let mut pos = position(&geese, "d3");
    let reference = seen(&pos);
    assert_eq!((reference.to_move, reference.caught), (1, 4));
    let mut chains = HashSet::new();
    Ref {
        to_move: 2,
        ..reference.clone()
    }
    .jumps(&mut chains);
    assert!(
        chains.iter().any(|r| r.caught >= 7),
        "the fox can catch three geese in one move"
    );
    for depth in 1..=3 {
        assert_eq!(
            perft(&mut pos, depth).unwrap(),
            reference.perft(depth),
            "depth {depth}"
        );
    }
}

#[test]
fn fox_and_geese_play_to_the_end_like_the_reference() {
    let mut seed = 11u64;
    let mut ended = 0;
    for _game in 0..6 {
        let mut pos = start();
        common::play_checked(&mut pos, &mut seed, 1000, seen, Ref::moves);
        if let Status::Over { winner, .. } = pos.status() {
            ended += 1;
            let r = seen(&pos);
            match winner {
                2 if r.caught >= 8 => {}
                0 => {}
                w => {
                    // The loser is on move and cannot move.
                    assert_eq!(*w, 3 - r.to_move);
                    assert!(r.moves().is_empty());
                }
            }
        }
    }
    assert!(ended >= 5, "only {ended} of 6 random games ended");
}

//! `connected(a, b, who)`: a chain of neighbouring places holding `who`'s
//! figures from `a` to `b`. Checked along random games of a connection
//! game against a flood fill written here, on a board (the 8 squares
//! around) and on a board of dots (what its lines join: a hex board).

mod common;

use std::sync::Arc;
use tablecraft_engine::search::rng::Rng;
use tablecraft_engine::{Position, Status};

/// A connection game on a 5×5 board: red (1) joins the top and bottom
/// rows, blue (2) the left and right columns.
const CROSS: &str = r#"<game format="2" players="2"><title>Cross</title><rules>
  <equipment><board name="board" rows="5" columns="5"/>
    <group name="hand.1" owner="1"/><group name="hand.2" owner="2"/></equipment>
  <figures><figure name="red" type="stone" origin="hand.1" owner="1" colour="red" count="13"/>
    <figure name="blue" type="stone" origin="hand.2" owner="2" colour="blue" count="13"/></figures>
  <steps><step name="place"><what owner="on-move"/><from type="group"/><to type="square"/></step></steps>
  <moves><move name="turn">place</move></moves>
  <game-over>
    <end name="red" winner="1"><when>connected(all s in squares(board) where row(s) = 1, all s in squares(board) where row(s) = 5, 1)</when></end>
    <end name="blue" winner="2"><when>connected(all s in squares(board) where column(s) = 1, all s in squares(board) where column(s) = 5, "blue")</when></end>
  </game-over>
  <settings when-stuck="draw"/></rules></game>"#;

/// Whether the owned cells (by index) join a cell of `from` to one of
/// `to`, stepping to any cell `next` gives.
fn joined(owned: &[bool], from: &[usize], to: &[usize], next: impl Fn(usize) -> Vec<usize>) -> bool {
    let mut seen = vec![false; owned.len()];
    let mut stack: Vec<usize> = from.iter().copied().filter(|&c| owned[c]).collect();
    while let Some(c) = stack.pop() {
        if std::mem::replace(&mut seen[c], true) {
            continue;
        }
        if to.contains(&c) {
            return true;
        }
        stack.extend(next(c).into_iter().filter(|&n| owned[n] && !seen[n]));
    }
    false
}

/// Who owns each square of the 5×5 board, row by row.
fn squares(pos: &Position, player: u8) -> Vec<bool> {
    let rules = pos.rules();
    (0..25)
        .map(|i| {
            let p = rules
                .place_id(&format!("board.{}.{}", i / 5 + 1, i % 5 + 1))
                .unwrap();
            pos.state()
                .on(p)
                .iter()
                .any(|&f| pos.state().owner_of(f) == player)
        })
        .collect()
}

fn around(c: usize) -> Vec<usize> {
    let (r, k) = ((c / 5) as i64, (c % 5) as i64);
    let mut out = Vec::new();
    for dr in -1..=1 {
        for dk in -1..=1 {
            let (nr, nk) = (r + dr, k + dk);
            if (dr, dk) != (0, 0) && (0..5).contains(&nr) && (0..5).contains(&nk) {
                out.push((nr * 5 + nk) as usize);
            }
        }
    }
    out
}

#[test]
fn a_chain_across_the_board_wins_as_a_flood_fill_finds_it() {
    let rows = |r: usize| (0..5).map(|k| r * 5 + k).collect::<Vec<_>>();
    let columns = |k: usize| (0..5).map(|r| r * 5 + k).collect::<Vec<_>>();
    let mut wins = [0; 3];
    for seed in 0..40 {
        let mut pos = common::start(CROSS);
        let mut rng = Rng::new(seed);
        while pos.status() == &Status::Playing {
            let steps = pos.legal_steps();
            let s = steps[rng.below(steps.len())];
            pos.play_step(s).unwrap();
            let red = joined(&squares(&pos, 1), &rows(0), &rows(4), around);
            let blue = joined(&squares(&pos, 2), &columns(0), &columns(4), around);
            let expected = match (red, blue) {
                (true, _) => Some(1),
                (false, true) => Some(2),
                _ => None,
            };
            let winner = match pos.status() {
                Status::Over { winner, .. } => Some(*winner),
                Status::Playing => None,
            };
            assert_eq!(winner, expected, "seed {seed}");
        }
        if let Status::Over { winner, .. } = pos.status() {
            wins[usize::from(*winner)] += 1;
        }
    }
    assert!(
        wins[1] > 0 && wins[2] > 0,
        "both sides join their sides: {wins:?}"
    );
}

/// Seven hexes as a board of dots: a middle one and six around it, each
/// line two neighbouring hexes.
const HEX: &str = r#"<game format="2" players="1"><title>Hexes</title><rules>
  <equipment><points name="hex">
    <line>m n</line><line>m ne</line><line>m se</line><line>m s</line><line>m sw</line><line>m nw</line>
    <line>n ne</line><line>ne se</line><line>se s</line><line>s sw</line><line>sw nw</line><line>nw n</line>
  </points><group name="hand" owner="1"/></equipment>
  <figures><figure name="x" type="stone" origin="hand" owner="1" count="7"/></figures>
  <steps><step name="place"><what owner="on-move"/><from type="group"/><to type="point"/></step></steps>
  <moves><move name="turn">place</move></moves>
  <game-over><end name="across" winner="1"><when>connected(hex.n, hex.s, 1)</when></end></game-over>
  </rules></game>"#;

#[test]
fn on_a_board_of_dots_a_chain_follows_the_lines() {
    let names = ["n", "ne", "se", "s", "sw", "nw", "m"];
    let lines: Vec<(usize, usize)> = [(6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)]
        .into_iter()
        .chain((0..6).map(|i| (i, (i + 1) % 6)))
        .collect();
    let next = |c: usize| {
        lines
            .iter()
            .filter_map(|&(a, b)| (a == c).then_some(b).or((b == c).then_some(a)))
            .collect::<Vec<_>>()
    };
    // Every set of hexes the player may hold, placed in one order.
    for held in 0u32..(1 << 7) {
        let mut pos = common::start(HEX);
        let rules = Arc::clone(pos.rules());
        let owned: Vec<bool> = (0..7).map(|i| held & 1 << i != 0).collect();
        let mut over = false;
        for (i, name) in names.iter().enumerate().filter(|(i, _)| owned[*i]) {
            if over {
                break;
            }
            let to = rules.place_id(&format!("hex.{name}")).unwrap();
            let f = pos.legal_steps().into_iter().find(|s| s.to == to).unwrap();
            pos.play_step(f).unwrap();
            over = pos.status() != &Status::Playing;
            let so_far: Vec<bool> = (0..7).map(|j| owned[j] && j <= i).collect();
            assert_eq!(over, joined(&so_far, &[0], &[3], next), "{so_far:?}");
        }
    }
}

#[test]
fn connected_reads_places_boards_and_lists_and_says_what_is_wrong() {
    use tablecraft_engine::expr::Value;
    let mut pos = common::start(CROSS);
    let ask = common::evaluate;
    assert_eq!(
        ask(&pos, "connected(board, board, 1)").unwrap(),
        Value::Bool(false)
    );
    // One red stone in the corner: joined to itself, on the board, in a
    // list; not to the other corner, and not for blue.
    let corner = pos.rules().place_id("board.1.1").unwrap();
    let s = pos.legal_steps().into_iter().find(|s| s.to == corner).unwrap();
    pos.play_step(s).unwrap();
    assert_eq!(
        ask(&pos, "connected(board.1.1, board, 1)").unwrap(),
        Value::Bool(true)
    );
    assert_eq!(
        ask(&pos, "connected([board.1.1], [board.1.1, board.2.2], \"red\")").unwrap(),
        Value::Bool(true)
    );
    assert_eq!(
        ask(&pos, "connected(board.1.1, board.5.5, 1)").unwrap(),
        Value::Bool(false)
    );
    assert_eq!(
        ask(&pos, "connected(board, board, 2)").unwrap(),
        Value::Bool(false)
    );
    let wrong = ask(&pos, "connected([board.1.1, 7], board, 1)").unwrap_err();
    assert!(wrong.to_string().contains("not 7"), "{wrong}");
}

/// The shipped Hex: random games against a flood fill over the hexes
/// (a hex touches the two beside it, the two above and the two below),
/// and nobody ever draws.
#[test]
fn hex_is_won_by_a_path_and_never_drawn() {
    let path = format!("{}/../../public/games/hex.game.xml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let touching = |i: usize| {
        let (c, r) = ((i % 5) as i64, (i / 5) as i64);
        [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)]
            .into_iter()
            .map(|(dc, dr)| (c + dc, r + dr))
            .filter(|&(c, r)| (0..5).contains(&c) && (0..5).contains(&r))
            .map(|(c, r)| (r * 5 + c) as usize)
            .collect::<Vec<_>>()
    };
    let held = |pos: &Position, player: u8| -> Vec<bool> {
        let rules = pos.rules();
        (0..25)
            .map(|i| {
                let name = format!("hex.{}{}", ["a", "b", "c", "d", "e"][i % 5], i / 5 + 1);
                let p = rules.place_id(&name).unwrap();
                pos.state()
                    .on(p)
                    .iter()
                    .any(|&f| pos.state().owner_of(f) == player)
            })
            .collect()
    };
    let (bottom, top): (Vec<usize>, Vec<usize>) = ((0..5).collect(), (20..25).collect());
    let (left, right): (Vec<usize>, Vec<usize>) = (
        (0..5).map(|r| r * 5).collect(),
        (0..5).map(|r| r * 5 + 4).collect(),
    );
    let mut wins = [0; 3];
    for seed in 0..30 {
        let mut pos = common::start(&text);
        let mut rng = Rng::new(seed);
        while pos.status() == &Status::Playing {
            let steps = pos.legal_steps();
            pos.play_step(steps[rng.below(steps.len())]).unwrap();
            let red = joined(&held(&pos, 1), &bottom, &top, touching);
            let blue = joined(&held(&pos, 2), &left, &right, touching);
            let winner = match pos.status() {
                Status::Over { winner, .. } => Some(*winner),
                Status::Playing => None,
            };
            let expected = if red {
                Some(1)
            } else if blue {
                Some(2)
            } else {
                None
            };
            assert_eq!(winner, expected, "seed {seed}");
        }
        let Status::Over { winner, .. } = pos.status() else {
            unreachable!()
        };
        wins[usize::from(*winner)] += 1;
    }
    assert_eq!(wins[0], 0, "no draws: {wins:?}");
    assert!(wins[1] > 0 && wins[2] > 0, "{wins:?}");
}

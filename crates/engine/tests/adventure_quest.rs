//! Adventure Quest, from a student report on a language for top-down games:
//! the report's scripted execution replayed as a game record, and the move
//! lists compared with a small reference written in the report's own terms
//! (coordinates (x, y), agents, keys, walls and a goal).

mod common;

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::record::{Played, Record};
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{self, play, Limits, Outcome};
use tablecraft_engine::state::Status;

const ADVENTURE: &str = include_str!("../../../public/games/adventure-quest.game.xml");
const RECORD: &str = include_str!("adventure_quest.record.json");

/// The report's execution (its listing 13, lines 22–44), as written there.
const EXECUTION: &str = "
Move(Agent1, (0,0))
PickUpKey(Agent1, Key1) // Agent1 collects one key
Move(Agent1, (0,1))
Move(Agent2, (1,0))
Move(Agent2, (0,0))
PickUpKey(Agent2, Key1) // Agent2 collects another key
Move(Agent1, (0,2))
Move(Agent1, (1,2))
Move(Agent1, (2,2))
Move(Agent1, (3,2))
Move(Agent1, (3,1))
Move(Agent1, (3,0)) // Agent1 reaches goal - 2 keys in total
Move(Agent2, (0,1))
Move(Agent2, (1,1))
Move(Agent2, (1,2))
Move(Agent2, (2,2))
Move(Agent2, (3,2))
Move(Agent2, (3,1))
PickUpKey(Agent2, Key2) // Agent2 collects another key
Move(Agent2, (3,0)) // Agent2 reaches goal - 3 keys in total
Move(Agent1, (3,1))
PickUpKey(Agent1, Key2) // Agent1 collects another key
Move(Agent1, (3,0)) // Agent1 reaches goal - 4 keys in total = Winning State
";

/// The report's world, 4 × 4, in its coordinates (x across, y down).
const SIZE: i8 = 4;
const AGENTS: [(i8, i8); 2] = [(1, 0), (1, 1)];
const KEYS: [(i8, i8); 2] = [(0, 0), (3, 1)];
const WALLS: [(i8, i8); 4] = [(2, 0), (2, 1), (1, 3), (0, 3)];
const GOAL: (i8, i8) = (3, 0);

/// One action of the report's execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// `Move(AgentN, (x,y))`: agent 0 or 1 to (x, y).
    Move(usize, (i8, i8)),
    /// `PickUpKey(AgentN, KeyK)`: agent 0 or 1 picks up key 0 or 1.
    PickUpKey(usize, usize),
}

/// The reference's position: where each agent is and which keys each has
/// picked up (`keys[agent][key]`). A key stays where it lies when picked
/// up, as in the report, and each agent picks up each key once.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Ref {
    at: [(i8, i8); 2],
    keys: [[bool; 2]; 2],
}

impl Ref {
    fn start() -> Ref {
        Ref {
            at: AGENTS,
            keys: [[false; 2]; 2],
        }
    }

    fn keys(&self) -> usize {
        self.keys.iter().flatten().filter(|&&k| k).count()
    }

    /// The report's winning state: `isHere(Agent1, Goal), isHere(Agent2,
    /// Goal), Agent1.keys + Agent2.keys == 4`.
    fn won(&self) -> bool {
        self.at == [GOAL, GOAL] && self.keys() == 4
    }

    /// The action, if its condition holds: `Move` to a neighbour that is no
    /// wall, `PickUpKey` standing on a key not yet picked up.
    fn after(&self, action: Action) -> Option<Ref> {
        let mut next = self.clone();
        match action {
            Action::Move(a, (x, y)) => {
                let (ax, ay) = self.at[a];
                let neighbour = (x - ax).abs() + (y - ay).abs() == 1;
                let inside = (0..SIZE).contains(&x) && (0..SIZE).contains(&y);
                if !neighbour || !inside || WALLS.contains(&(x, y)) {
                    return None;
                }
                next.at[a] = (x, y);
            }
            Action::PickUpKey(a, k) => {
                if self.at[a] != KEYS[k] || self.keys[a][k] {
                    return None;
                }
                next.keys[a][k] = true;
            }
        }
        Some(next)
    }

    fn actions() -> Vec<Action> {
        let mut all = Vec::new();
        for a in 0..2 {
            for x in 0..SIZE {
                for y in 0..SIZE {
                    all.push(Action::Move(a, (x, y)));
                }
            }
            all.push(Action::PickUpKey(a, 0));
            all.push(Action::PickUpKey(a, 1));
        }
        all
    }

    fn moves(&self) -> HashSet<Ref> {
        if self.won() {
            return HashSet::new();
        }
        Ref::actions().into_iter().filter_map(|a| self.after(a)).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().iter().map(|m| m.perft(depth - 1)).sum()
    }

    /// The fewest actions that reach the winning state (breadth first).
    fn shortest_win(&self) -> Option<u32> {
        let mut seen = HashSet::from([self.clone()]);
        let mut queue = VecDeque::from([(self.clone(), 0)]);
        while let Some((r, n)) = queue.pop_front() {
            if r.won() {
                return Some(n);
            }
            for next in r.moves() {
                if seen.insert(next.clone()) {
                    queue.push_back((next, n + 1));
                }
            }
        }
        None
    }
}

/// The report's execution, parsed.
fn execution() -> Vec<Action> {
    let number = |text: &str, prefix: &str| -> usize {
        let n: usize = text.trim().strip_prefix(prefix).unwrap().parse().unwrap();
        n - 1
    };
    EXECUTION
        .lines()
        .map(|line| line.split("//").next().unwrap().trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (name, args) = line.split_once('(').unwrap();
            let args = args.strip_suffix(')').unwrap();
            let (agent, rest) = args.split_once(',').unwrap();
            let agent = number(agent, "Agent");
            match name {
                "Move" => {
                    let xy = rest.trim().trim_start_matches('(').trim_end_matches(')');
                    let (x, y) = xy.split_once(',').unwrap();
                    Action::Move(agent, (x.trim().parse().unwrap(), y.trim().parse().unwrap()))
                }
                "PickUpKey" => Action::PickUpKey(agent, number(rest, "Key")),
                other => panic!("the report has no action {other}"),
            }
        })
        .collect()
}

/// The explorer the game gives the report's agent: Agent1 is blue.
const COLOURS: [&str; 2] = ["blue", "red"];

/// The report's (x, y) as the game's square: row y + 1, column x + 1.
fn square((x, y): (i8, i8)) -> String {
    format!("map.{}.{}", y + 1, x + 1)
}

/// An action of the report as a step of the game: an agent walks, or the
/// key of the agent's colour goes into the agent's bag.
fn played(action: Action) -> Played {
    let (figure, to) = match action {
        Action::Move(a, xy) => (COLOURS[a].to_string(), square(xy)),
        Action::PickUpKey(a, k) => (
            format!("{}-key.{}", COLOURS[a], k + 1),
            format!("{}-bag", COLOURS[a]),
        ),
    };
    Played::Step {
        figure,
        to,
        rule: None,
    }
}

/// The engine's position as the reference sees it: each explorer's square,
/// and a key picked up when it is in the bag of its colour (a key not
/// picked up lies where it started).
fn seen(pos: &Position) -> Ref {
    let rules = pos.rules();
    let state = pos.state();
    let place = |figure: &str| {
        let f = rules.figure_id(figure).unwrap();
        rules.place_name(state.place_of(f).unwrap()).to_string()
    };
    let mut r = Ref::start();
    for (a, colour) in COLOURS.iter().enumerate() {
        let at = place(colour);
        r.at[a] = (0..SIZE)
            .flat_map(|x| (0..SIZE).map(move |y| (x, y)))
            .find(|&xy| square(xy) == at)
            .unwrap_or_else(|| panic!("{colour} is on the map, not on {at}"));
        for (k, &origin) in KEYS.iter().enumerate() {
            let key = place(&format!("{colour}-key.{}", k + 1));
            r.keys[a][k] = key == format!("{colour}-bag");
            assert!(
                r.keys[a][k] || key == square(origin),
                "{colour}'s key {k} is on {key}"
            );
        }
    }
    r
}

fn start() -> Position {
    common::start(ADVENTURE)
}

#[test]
fn the_record_is_the_reports_execution() {
    let record: Record = serde_json::from_str(RECORD).unwrap();
    let expected: Vec<Played> = execution().into_iter().map(played).collect();
    assert_eq!(expected.len(), 23);
    assert_eq!(record.played, expected);
}

#[test]
fn the_reports_execution_replays_to_the_win() {
    let record: Record = serde_json::from_str(RECORD).unwrap();
    let mut pos = start();
    let mut reference = Ref::start();
    assert_eq!(seen(&pos), reference);
    let actions = execution();
    for (i, (action, step)) in actions.iter().zip(&record.played).enumerate() {
        assert_eq!(pos.status(), &Status::Playing, "over before action {}", i + 1);
        let Played::Step { figure, to, .. } = step else {
            panic!("action {} is a step", i + 1)
        };
        let rules = Arc::clone(pos.rules());
        pos.play(rules.figure_id(figure).unwrap(), rules.place_id(to).unwrap())
            .unwrap_or_else(|e| panic!("action {}, {figure} to {to}: {}", i + 1, e.message));
        reference = reference
            .after(*action)
            .unwrap_or_else(|| panic!("the reference refuses action {}: {action:?}", i + 1));
        assert_eq!(seen(&pos), reference, "after action {}", i + 1);
    }
    // Listing 13, line 41: both agents on the goal with 3 keys is no win.
    let mut before = Ref::start();
    for &a in &actions[..20] {
        before = before.after(a).unwrap();
    }
    assert_eq!((before.at, before.keys()), ([GOAL, GOAL], 3));
    assert!(!before.won());
    // Line 44: the winning state.
    assert!(reference.won());
    assert!(
        matches!(pos.status(), Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
    // The record as a whole replays to the same table.
    let again = record
        .replay(Arc::clone(pos.rules()))
        .unwrap_or_else(|(_, why)| panic!("{why}"));
    assert_eq!(again.state(), pos.state());
    assert_eq!(Record::of(&again), record);
}

#[test]
fn a_key_is_picked_up_only_by_its_explorer_standing_on_it() {
    let mut pos = start();
    let rules = Arc::clone(pos.rules());
    let id = |name: &str| rules.figure_id(name).unwrap();
    let place = |name: &str| rules.place_id(name).unwrap();
    // Blue stands next to the first key, not on it.
    assert!(pos.check(id("blue-key.1"), place("blue-bag")).is_err());
    pos.play(id("blue"), place("map.1.1")).unwrap();
    // On it: red's key stays for red, and no key goes into the other bag.
    assert!(pos.check(id("red-key.1"), place("red-bag")).is_err());
    assert!(pos.check(id("blue-key.1"), place("red-bag")).is_err());
    assert!(pos.check(id("blue-key.2"), place("blue-bag")).is_err());
    pos.play(id("blue-key.1"), place("blue-bag")).unwrap();
    // Walls stop the explorers.
    assert!(pos.check(id("red"), place("map.2.3")).is_err());
    assert!(
        pos.check(id("red"), place("map.3.3")).is_err(),
        "one square at a time"
    );
    assert!(pos.check(id("red"), place("map.1.1")).is_err(), "not diagonally");
}

#[test]
fn adventure_quest_move_counts_match_the_reference() {
    let mut pos = start();
    let depth = if cfg!(debug_assertions) { 5 } else { 7 };
    let counts: Vec<u64> = (1..=depth).map(|d| perft(&mut pos, d).unwrap()).collect();
    let expected: Vec<u64> = (1..=depth).map(|d| Ref::start().perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts[..2], [5, 26]);
}

#[test]
fn adventure_quest_plays_to_the_end_like_the_reference() {
    let mut seed = 11u64;
    let mut lengths = Vec::new();
    for _game in 0..10 {
        let mut pos = start();
        let plies = common::play_checked(&mut pos, &mut seed, 100_000, seen, Ref::moves);
        assert!(
            matches!(pos.status(), Status::Over { winner: 1, .. }),
            "{:?}",
            pos.status()
        );
        assert!(seen(&pos).won());
        lengths.push(plies);
    }
    assert!(lengths.iter().all(|&n| n >= 21), "{lengths:?}");
}

#[test]
fn the_computer_solves_it_in_the_fewest_moves() {
    assert_eq!(Ref::start().shortest_win(), Some(21));
    let mut pos = start();
    let choice = search::solve(&pos, Limits::millis(60_000.0), &mut |_| {});
    assert_eq!(choice.outcome, Outcome::Solved { moves: 21 });
    assert_eq!(choice.pv.len(), 21);
    for m in &choice.pv {
        play(&mut pos, m);
    }
    assert!(
        matches!(pos.status(), Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
    assert!(seen(&pos).won());
}

/// The computer at Good strength, one chosen move at a time, from the
/// report's execution after its first 18 actions (5 actions from the win).
#[test]
fn the_computer_plays_the_end_of_the_quest() {
    let record: Record = serde_json::from_str(RECORD).unwrap();
    let rules = Arc::clone(start().rules());
    let part = Record {
        seed: None,
        played: record.played[..18].to_vec(),
    };
    let mut pos = part.replay(rules).unwrap_or_else(|(_, why)| panic!("{why}"));
    let options = search::Options {
        strength: search::Strength::Good,
        limits: Limits::millis(20_000.0),
        ..search::Options::default()
    };
    let mut moves = 0;
    while pos.status() == &Status::Playing && moves < 10 {
        let mv = search::choose(&pos, &options, &mut |_| {}).mv.expect("a move");
        play(&mut pos, &mv);
        moves += 1;
    }
    assert!(
        matches!(pos.status(), Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
    assert_eq!(moves, 5);
}

use super::*;
use crate::position::examples;
use crate::search::clock::{native_now, Limits};
use crate::search::mast::Mast;
use crate::search::moves::{Move, MoveGen};
use std::sync::Arc;

fn budget() -> Budget {
    Budget::new(native_now, Limits::none(), None)
}

/// The examples a bit machine plays, at their start.
fn machine_games() -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for file in examples::files() {
        let (_, rules) = crate::open(&examples::text(&file)).unwrap();
        let pos = Position::new(Arc::new(rules));
        if pos.rules().machine().is_some() {
            out.push((file, pos));
        }
    }
    assert!(
        out.len() >= 5,
        "{out:?}",
        out = out.iter().map(|(f, _)| f).collect::<Vec<_>>()
    );
    out
}

/// The examples no bit machine plays and that start with no roll, at
/// their start.
fn general_games() -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for file in examples::files() {
        let (_, rules) = crate::open(&examples::text(&file)).unwrap();
        let pos = Position::new(Arc::new(rules));
        if pos.rules().machine().is_none() && !pos.roll_due() {
            out.push((file, pos));
        }
    }
    out
}

/// Along random games of every example the machine plays, the machine and
/// the general engine list the same actions (each of the general engine's
/// made the machine's by `action_of`), and are at the same player, start
/// of a move and winner after each action made in both.
#[test]
fn the_machine_and_the_general_engine_list_the_same_actions() {
    let mut rng = Rng::new(3);
    for (file, root) in machine_games() {
        let mut machine = MachineSim::new(&root).expect("a machine");
        let mut general = GeneralSim::new(&root);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for game in 0..6 {
            machine.reset();
            general.reset();
            for step in 0..400 {
                machine.actions(&mut a, &mut budget()).unwrap();
                general.actions(&mut b, &mut budget()).unwrap();
                let mapped: Vec<_> = b
                    .iter()
                    .map(|&x| machine.action_of(general.position(), x))
                    .collect();
                assert_eq!(
                    a.len(),
                    mapped.len(),
                    "{file}, game {game}, action {step}: {a:?} / {mapped:?}"
                );
                assert!(
                    mapped.iter().all(|x| a.contains(x)),
                    "{file}, game {game}, action {step}: {a:?} / {mapped:?}"
                );
                if a.is_empty() {
                    break;
                }
                let k = rng.below(b.len());
                let done = general.act(b[k]).unwrap();
                assert_eq!(machine.act(mapped[k]).unwrap(), done, "{file}");
                assert_eq!(
                    machine.to_move(),
                    general.to_move(),
                    "{file}, game {game}, action {step}"
                );
                assert_eq!(
                    machine.winner(),
                    general.winner(),
                    "{file}, game {game}, action {step}"
                );
                assert_eq!(machine.at_move_start(), general.at_move_start(), "{file}");
                if !done {
                    break;
                }
            }
        }
    }
}

/// Every whole move the search lists is a path of actions each listed
/// where it is made, ending at the start of the next move (or the end).
#[test]
fn every_whole_move_is_a_path_of_listed_actions() {
    let mut rng = Rng::new(9);
    for (file, start) in machine_games() {
        let mut pos = start.clone();
        for _ in 0..12 {
            if pos.status() != &crate::state::Status::Playing {
                break;
            }
            let mut moves = Vec::new();
            MoveGen::new(pos.rules()).moves(&mut pos, &mut moves);
            let mut sim = MachineSim::new(&pos).unwrap();
            for mv in &moves {
                walk(&mut sim, &pos, mv, &file);
            }
            let mut general = GeneralSim::new(&pos);
            for mv in &moves {
                walk(&mut general, &pos, mv, &file);
            }
            let mv = &moves[rng.below(moves.len())];
            crate::search::play(&mut pos, mv);
        }
    }
}

fn walk<S: Simulator>(sim: &mut S, pos: &Position, mv: &Move, file: &str) {
    sim.reset();
    let mut actions = Vec::new();
    let mut at = pos.clone();
    let last = mv.steps.len().saturating_sub(1);
    let mut acts: Vec<Act> = mv.steps.iter().map(|&s| Act::Step(s)).collect();
    if mv.end {
        acts.push(Act::End);
    }
    for (i, &act) in acts.iter().enumerate() {
        sim.actions(&mut actions, &mut budget()).unwrap();
        let a = sim.action_of(&at, act);
        assert!(
            actions.contains(&a),
            "{file}: {} at {i}: {a:?} not in {actions:?}",
            mv.describe(pos.rules())
        );
        assert!(sim.act(a).unwrap());
        if let Act::Step(s) = act {
            if i < last || mv.end {
                at.apply(s);
            }
        }
    }
    assert!(
        sim.at_move_start() || sim.winner().is_some(),
        "{file}: {}",
        mv.describe(pos.rules())
    );
}

/// Makes `played` again on `sim` from its root, checking that each action
/// is among those listed and made by the player on move.
fn make_again<S: Simulator>(sim: &mut S, played: &[(u8, S::Action)], what: &str) {
    let mut listed = Vec::new();
    sim.reset();
    for (i, &(mover, action)) in played.iter().enumerate() {
        assert_eq!(sim.to_move(), mover, "{what}, action {i}");
        sim.actions(&mut listed, &mut budget()).unwrap();
        assert!(listed.contains(&action), "{what}, action {i}: {action:?}");
        sim.act(action).unwrap();
    }
}

/// Credits every action of a playout with its result, as the tree does.
fn learn<A: std::hash::Hash>(mast: &mut Mast, played: &[(u8, A)], winner: Option<u8>) {
    for (player, action) in played {
        mast.learn(*player, action, winner.unwrap_or(0));
    }
}

/// A machine playout keeps its actions with the player who made each:
/// made again one by one from the root, each is legal there, made by the
/// player on move, and they end the game as the playout did; led by MAST
/// as well as at random.
#[test]
fn a_machine_playout_keeps_who_made_each_action() {
    let mut rng = Rng::new(11);
    for (file, root) in machine_games() {
        let mut sim = MachineSim::new(&root).expect("a machine");
        let mut again = MachineSim::new(&root).expect("a machine");
        let mut mast = Mast::default();
        for game in 0..6 {
            sim.reset();
            // Every other playout led by what the ones before earned.
            let policy = (game % 2 == 1).then_some(&mast);
            let winner = sim.playout(&mut rng, &mut budget(), policy);
            let played: Vec<_> = sim.played().collect();
            assert!(!played.is_empty(), "{file}, game {game}");
            make_again(&mut again, &played, &format!("{file}, game {game}"));
            assert_eq!(again.winner().or(Some(0)), winner, "{file}, game {game}");
            learn(&mut mast, &played, winner);
        }
    }
}

/// A playout on the general engine keeps its steps with the player who
/// made each, as the tree lists them: made again one by one from the
/// root, each is among the actions listed there and made by the player on
/// move; led by MAST as well as at random.
#[test]
fn a_general_playout_keeps_who_made_each_action() {
    let mut rng = Rng::new(12);
    let mut games = 0;
    for (file, root) in general_games() {
        let mut sim = GeneralSim::new(&root);
        let mut again = GeneralSim::new(&root);
        let mut mast = Mast::default();
        for game in 0..4 {
            sim.reset();
            let policy = (game % 2 == 1).then_some(&mast);
            let winner = sim.playout(&mut rng, &mut budget(), policy);
            let played: Vec<_> = sim.played().collect();
            games += usize::from(!played.is_empty());
            let first = &played[..played.len().min(200)];
            make_again(&mut again, first, &format!("{file}, game {game}"));
            learn(&mut mast, &played, winner);
        }
    }
    assert!(games >= 9, "{games} playouts kept");
}

/// Led by MAST, a playout's first action is the one that has paid its
/// player well about twice as often as chance would make it (two drawn,
/// the better kept), and never one the other player's results speak for.
fn led_by_what_paid<S: Simulator>(sim: &mut S, what: &str) {
    let mut listed = Vec::new();
    sim.reset();
    let mover = sim.to_move();
    sim.actions(&mut listed, &mut budget()).unwrap();
    let n = listed.len();
    assert!(n >= 4, "{what}: {n} actions");
    let (good, other) = (listed[n / 2], listed[0]);
    let mut mast = Mast::default();
    for _ in 0..20 {
        mast.learn(mover, &good, mover);
        // What the other player made is not this player's to go by.
        mast.learn(3 - mover, &other, 3 - mover);
    }
    let mut rng = Rng::new(5);
    let (mut goods, mut others, playouts) = (0, 0, 1000);
    for _ in 0..playouts {
        sim.reset();
        sim.playout(&mut rng, &mut budget(), Some(&mast));
        let first = sim.played().next().expect("a first action");
        assert_eq!(first.0, mover, "{what}");
        goods += usize::from(first.1 == good);
        others += usize::from(first.1 == other);
    }
    let chance = playouts / n;
    // Two drawn, the better kept: `1 - (1 - 1/n)²` of the time, about
    // twice chance (a little more where drawn without putting back).
    assert!(
        goods * 20 >= chance * 27,
        "{what}: {goods} of {playouts}, chance {chance}"
    );
    assert!(
        others * 20 <= chance * 27,
        "{what}: {others} of {playouts}, chance {chance}"
    );
}

#[test]
fn a_playout_led_by_mast_makes_what_paid_more_often_on_either_engine() {
    // A turn of steps listed, and a placing turn drawn without listing.
    let mut machine = 0;
    for (file, root) in machine_games() {
        if file.contains("breakthrough") || file.contains("connect-four") {
            led_by_what_paid(&mut MachineSim::new(&root).unwrap(), &file);
            machine += 1;
        }
    }
    assert_eq!(machine, 2);
    // The general engine where no machine plays.
    let mut general = 0;
    for (file, root) in general_games() {
        let mut sim = GeneralSim::new(&root);
        let mut listed = Vec::new();
        sim.actions(&mut listed, &mut budget()).unwrap();
        if listed.len() >= 6 {
            led_by_what_paid(&mut sim, &file);
            general += 1;
        }
    }
    assert!(general >= 2, "{general} games on the general engine");
}

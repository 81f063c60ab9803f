//! The computer with dice and with three players: exact chances checked
//! against references written here, no proof ever claimed through chance,
//! the game's own generator never read, and every player for itself.

use std::sync::Arc;
use tablecraft_engine::position::{Position, Roll};
use tablecraft_engine::search::chance::{self, Rewards};
use tablecraft_engine::search::hint::{self, LUCK};
use tablecraft_engine::search::{self, native_now, Budget, Limits, Method, MoveGen, Options, Outcome};

/// A race of two on a track of `length`: roll a die of `faces`, then go
/// on by the roll (`advance`) or one square (`hop`) if that stays on the
/// track; no step fits, the turn passes. Whoever reaches the end wins.
fn race(length: u32, faces: u8, effect: &str) -> String {
    format!(
        r#"<game format="2" players="2"><title>Race</title><rules>
        <equipment><track name="track" length="{length}" capacity="2"/><die name="die" faces="{faces}"/>
          <die name="bonus" faces="6"/></equipment>
        <figures><figure name="a" type="counter" origin="track.1" owner="1"/>
          <figure name="b" type="counter" origin="track.1" owner="2"/></figures>
        <steps>
          <step name="advance"><what type="counter" owner="on-move"/><from type="square"/><to type="square"/>
            <when>column(to) = column(from) + value(die)</when>{effect}</step>
          <step name="hop"><what type="counter" owner="on-move"/><from type="square"/><to type="square"/>
            <when>column(to) = column(from) + 1</when>{effect}</step>
        </steps>
        <moves><move name="turn">roll die (advance | hop) x0-1 while possible</move></moves>
        <game-over><end name="home" winner="previous"><when>not empty(track.{length})</when></end></game-over>
        </rules></game>"#
    )
}

fn open(text: &str, seed: u64) -> Position {
    let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

/// The reference: the chance that the player on move, at `a`, wins against
/// one at `b`, each choosing the best of its steps, by value iteration
/// (both may pass forever near the end, so the values are found as a limit).
#[allow(clippy::needless_range_loop)] // v[a][b] beside v[b][a]: indices read best
fn reference(length: u32, faces: u32) -> Vec<Vec<f64>> {
    let l = length as usize;
    let mut v = vec![vec![0.5; l + 1]; l + 1];
    for _ in 0..100_000 {
        let mut moved: f64 = 0.0;
        for a in 1..l {
            for b in 1..l {
                let mut sum = 0.0;
                for r in 1..=faces as usize {
                    let options: Vec<usize> = [a + r, a + 1].into_iter().filter(|&t| t <= l).collect();
                    let value = |t: usize| if t == l { 1.0 } else { 1.0 - v[b][t] };
                    sum += if options.is_empty() {
                        1.0 - v[b][a]
                    } else {
                        options.into_iter().map(value).fold(f64::MIN, f64::max)
                    };
                }
                let new = sum / faces as f64;
                moved = moved.max((new - v[a][b]).abs());
                v[a][b] = new;
            }
        }
        if moved < 1e-13 {
            break;
        }
    }
    v
}

fn budget(ms: f64) -> Budget {
    Budget::new(native_now, Limits::millis(ms), None)
}

#[test]
fn the_exact_chance_of_winning_a_small_race_matches_the_reference() {
    for (length, faces) in [(5u32, 2u8), (7, 3), (9, 6)] {
        let expected = reference(length, u32::from(faces))[1][1];
        let mut pos = open(&race(length, faces, ""), 1);
        assert!(pos.roll_due());
        let (best, value) = chance::exact(&mut pos, &[], &mut budget(10_000.0)).expect("small enough");
        assert!(best.is_none());
        assert!(
            (value[0] - expected).abs() < 1e-9,
            "length {length}, {faces} faces: {} against {expected}",
            value[0]
        );
        assert!((value[0] + value[1] - 1.0).abs() < 1e-9);
        // Solve says the same, as a chance, never as a proof.
        let choice = search::solve(&pos, Limits::millis(10_000.0), &mut |_| {});
        assert_eq!(choice.outcome, Outcome::chance(expected), "{length}");
        assert_eq!(choice.method, Method::Roll);
        assert!(choice.mv.is_none(), "roll first");
        let words = hint::sentence(&choice.outcome);
        let percent = (expected * 100.0).round() as u32;
        assert!(words.contains(&format!("{percent} in 100")), "{words}");
    }
}

#[test]
fn after_the_roll_the_computer_takes_the_step_the_reference_prefers() {
    let (length, faces) = (9u32, 3u8);
    let v = reference(length, u32::from(faces));
    let mut pos = open(&race(length, faces, ""), 4);
    let mut checked = 0;
    for _ in 0..30 {
        if pos.status() != &tablecraft_engine::Status::Playing {
            break;
        }
        pos.roll(Roll::Die(0)).unwrap();
        if pos.to_move() != 1 || pos.legal_steps().len() < 2 {
            // The turn passed, or the player on move has one choice only.
            if let Some(s) = pos.legal_steps().first().copied() {
                pos.play(s.figure, s.to).unwrap();
            }
            continue;
        }
        let column = |pos: &Position, f: &str| -> usize {
            let r = pos.rules();
            let p = pos.state().place_of(r.figure_id(f).unwrap()).unwrap();
            r.place_name(p).rsplit('.').next().unwrap().parse().unwrap()
        };
        let (a, b) = (column(&pos, "a"), column(&pos, "b"));
        let choice = search::choose(&pos, &roomy(), &mut |_| {});
        let mv = choice.mv.expect("a move");
        let to: usize = pos
            .rules()
            .place_name(mv.steps[0].to)
            .rsplit('.')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let worth = |t: usize| if t == length as usize { 1.0 } else { 1.0 - v[b][t] };
        let roll = usize::from(pos.die_value("die").unwrap());
        let other = if to == a + 1 { a + roll } else { a + 1 };
        if other <= length as usize && other != to {
            assert!(
                worth(to) >= worth(other) - 1e-9,
                "at {a} against {b}, rolled {roll}: went to {to}"
            );
            checked += 1;
        }
        assert_eq!(choice.method, Method::Expectimax);
        assert!(matches!(choice.outcome, Outcome::Chance { .. }));
        search::play(&mut pos, &mv);
        // Keep the history in step: replay by the position's own methods.
    }
    assert!(checked > 0);
}

#[test]
fn solve_never_claims_a_proof_through_chance() {
    // A long race of two dice: too big for the exact search in the time.
    let text = race(50, 6, "").replace("roll die", "roll");
    let pos = open(&text, 2);
    let choice = search::solve(&pos, Limits::millis(300.0), &mut |_| {});
    assert!(
        matches!(choice.outcome, Outcome::Luck | Outcome::Chance { .. }),
        "{:?}",
        choice.outcome
    );
    assert_eq!(choice.outcome, Outcome::Luck, "too big for 0.3 s");
    assert_eq!(hint::sentence(&choice.outcome), LUCK);
    let told = hint::hint(
        &pos,
        &Options {
            limits: Limits::millis(300.0),
            ..Options::default()
        },
    );
    assert!(told.text.starts_with(LUCK), "{}", told.text);
    // After the roll the computer still moves, by Monte-Carlo.
    let mut pos = pos;
    pos.roll(Roll::Every).unwrap();
    let choice = search::choose(
        &pos,
        &Options {
            limits: Limits::millis(300.0),
            ..Options::default()
        },
        &mut |_| {},
    );
    assert!(choice.mv.is_some());
    assert_eq!(choice.method, Method::MonteCarlo);
    assert_eq!(choice.outcome, Outcome::Luck);
}

#[test]
fn a_puzzle_with_a_die_is_not_solved_but_refused_with_the_dice_sentence() {
    let text = r#"<game format="2" players="1"><title>Lucky</title><rules>
        <equipment><track name="track" length="6"/><die name="die"/></equipment>
        <figures><figure name="a" type="counter" origin="track.1" owner="1"/></figures>
        <steps><step name="advance"><what type="counter"/><from type="square"/><to type="square"/>
          <when>column(to) = column(from) + value(die)</when></step></steps>
        <moves><move name="turn">roll advance x0-1 while possible</move></moves>
        <game-over><end name="home" winner="1"><when>not empty(track.6)</when></end></game-over>
        </rules></game>"#;
    let pos = open(text, 3);
    let choice = search::solve(&pos, Limits::millis(1000.0), &mut |_| {});
    assert_eq!(choice.outcome, Outcome::Luck);
    assert!(choice.mv.is_none() && choice.pv.is_empty());
    assert_eq!(hint::sentence(&choice.outcome), LUCK);
}

#[test]
fn the_search_never_reads_the_game_s_generator() {
    // Every step rolls the bonus die, and a 6 wins at once: a search that
    // read the game's generator would know which step rolls the 6.
    let text = race(12, 6, "<effect>roll bonus</effect>").replace(
        "</game-over>",
        r#"<end name="lucky" winner="previous"><when>value(bonus) = 6</when></end></game-over>"#,
    );
    let options = Options {
        limits: Limits {
            time_ms: None,
            nodes: Some(400),
            depth: None,
        },
        seed: 99,
        ..Options::default()
    };
    let mut chosen = Vec::new();
    let mut stats = Vec::new();
    for seed in [1u64, 2, 3, 4, 5, 6] {
        let mut pos = open(&text, 17);
        pos.roll(Roll::Die(0)).unwrap();
        // The same table, the game's chance then started again from `seed`.
        let hash = pos.hash();
        let fresh = pos.apply_reseed(seed);
        assert_eq!(pos.hash(), hash, "the generator is not part of the position");
        let choice = search::choose(&pos, &options, &mut |_| {});
        assert_eq!(
            choice.method,
            Method::MonteCarlo,
            "an effect rolls: no exact search"
        );
        chosen.push(choice.mv.clone());
        let mut moves = Vec::new();
        MoveGen::new(pos.rules()).moves(&mut pos, &mut moves);
        let mut rng = search::rng::Rng::new(7);
        let s = chance::monte_carlo(&mut pos, &moves, &mut budget_nodes(300), &mut rng, &mut |_, _| {});
        stats.push(format!("{s:?}"));
        pos.revert(fresh);
    }
    assert!(chosen.iter().all(|m| *m == chosen[0]), "{chosen:?}");
    assert!(stats.iter().all(|s| *s == stats[0]), "{stats:#?}");
}

fn budget_nodes(n: u64) -> Budget {
    Budget::new(
        native_now,
        Limits {
            time_ms: None,
            nodes: Some(n),
            depth: None,
        },
        None,
    )
}

/// Three players take one or two matches in turn; whoever takes the last wins.
fn heap3(matches: u32) -> String {
    format!(
        r#"<game format="2" players="3"><title>Heap</title><rules>
        <equipment><group name="heap"/><basket name="basket"/></equipment>
        <figures><figure name="m" type="match" origin="heap" count="{matches}"/></figures>
        <steps><step name="take"><what type="match"/><from name="heap"/><to name="basket"/></step></steps>
        <moves><move name="turn">take x1-2</move></moves>
        <game-over><end name="last" winner="previous"><when>empty(heap)</when></end></game-over>
        </rules></game>"#
    )
}

/// Max-n by hand: the player on move (0, 1, 2) takes 1 or 2, keeping the
/// first best for itself.
fn max_n(heap: u32, me: usize) -> Rewards {
    let mut best: Option<Rewards> = None;
    for k in 1..=heap.min(2) {
        let value = if heap == k {
            let mut r = [0.0; 4];
            r[me] = 1.0;
            r
        } else {
            max_n(heap - k, (me + 1) % 3)
        };
        if best.is_none_or(|b| value[me] > b[me] + 1e-12) {
            best = Some(value);
        }
    }
    best.unwrap_or([0.0; 4])
}

#[test]
fn with_three_players_each_plays_for_itself() {
    for matches in 1..=9 {
        let mut pos = open(&heap3(matches), 0);
        let mut moves = Vec::new();
        MoveGen::new(pos.rules()).moves(&mut pos, &mut moves);
        let (best, value) = chance::exact(&mut pos, &moves, &mut budget(10_000.0)).expect("small");
        let expected = max_n(matches, 0);
        for p in 0..3 {
            assert!(
                (value[p] - expected[p]).abs() < 1e-9,
                "{matches}: {value:?} against {expected:?}"
            );
        }
        let taken = moves[best.unwrap()].steps.len() as u32;
        if matches <= 2 {
            assert_eq!(taken, matches, "take the last at once");
        }
        // The computer of a game of three uses this search.
        let choice = search::choose(&pos, &roomy(), &mut |_| {});
        assert_eq!(choice.method, Method::Expectimax);
        assert_eq!(choice.mv.as_ref().map(|m| m.steps.len() as u32), Some(taken));
        assert_eq!(choice.outcome, Outcome::chance(expected[0]));
    }
    // Monte-Carlo, with a reward per player, finds the win at once too.
    let mut pos = open(&heap3(2), 0);
    let mut moves = Vec::new();
    MoveGen::new(pos.rules()).moves(&mut pos, &mut moves);
    let mut rng = search::rng::Rng::new(5);
    let stats = chance::monte_carlo(&mut pos, &moves, &mut budget(200.0), &mut rng, &mut |_, _| {});
    let most = (0..stats.len()).max_by_key(|&i| stats[i].0).unwrap();
    assert_eq!(moves[most].steps.len(), 2);
    assert!(stats[most].1 > 0.99);
}

/// Time enough for the exact search even in a slow test build on a busy
/// machine (it answers as soon as it is done).
fn roomy() -> Options {
    Options {
        limits: Limits::millis(20_000.0),
        ..Options::default()
    }
}

/// A race where no step is ever possible, and a side effect could roll (so
/// only Monte-Carlo may search it): every roll passes the turn to the next
/// roll, and the game never ends.
fn nobody_moves() -> String {
    race(6, 6, "<effect>roll bonus</effect>").replace(
        "column(to) = column(from) + 1</when>",
        "column(to) = column(from) + 1 and 1 = 2</when>",
    )
}

#[test]
fn rolls_that_only_lead_to_rolls_grow_the_search_one_node_a_round() {
    let text = nobody_moves().replace("column(to) = column(from) + value(die)</when>", "1 = 2</when>");
    let mut pos = open(&text, 5);
    assert!(pos.roll_due());
    // A node limit, not a clock: each round of the search adds one node, so
    // it stops after about as many rounds. Before, the first round followed
    // roll after roll without end, in a thread that never came back.
    let (send, got) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut budget = budget_nodes(50);
        let stats = chance::monte_carlo(
            &mut pos,
            &[],
            &mut budget,
            &mut search::rng::Rng::new(3),
            &mut |_, _| {},
        );
        let _ = send.send((stats, budget.nodes));
    });
    let (stats, nodes) = got
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the search came back");
    assert!(nodes <= 51, "{nodes} nodes");
    assert!(stats[0].0 > 10, "many rounds were played: {stats:?}");
}

//! Dice: read from files, rolled as part of a move and by side effects,
//! read by `value(die)`, fair, reproducible from the game's seed, and never
//! rolled again for a better number after a take-back.

use std::sync::Arc;
use tablecraft_engine::file::{read_json, read_xml, write_json, write_xml};
use tablecraft_engine::position::{Action, Position, Roll, Why};
use tablecraft_engine::record::{Played, Record};
use tablecraft_engine::rng::Chance;
use tablecraft_engine::state::Status;

/// A race on a track of `length` squares: roll the die, then the counter
/// on move goes exactly that many squares on, if it can; first home wins.
/// `more` is added to the equipment, `effect` to the step.
fn race(players: u8, length: u32, dice: &str, roll: &str, effect: &str) -> String {
    let counters: String = (1..=players)
        .map(|p| format!(r#"<figure name="c.{p}" type="counter" origin="track.1" owner="{p}"/>"#))
        .collect();
    format!(
        r#"<game format="2" players="{players}"><title>Race</title><rules>
        <equipment><track name="track" length="{length}" capacity="4"/>{dice}</equipment>
        <figures>{counters}</figures>
        <steps><step name="advance"><what type="counter" owner="on-move"/><from type="square"/><to type="square"/>
          <when>column(to) = column(from) + {roll}</when>{effect}</step></steps>
        <moves><move name="turn">roll advance x0-1 while possible</move></moves>
        <game-over><end name="home" winner="previous"><when>not empty(track.{length})</when></end></game-over>
        </rules></game>"#
    )
}

fn open(text: &str, seed: u64) -> Position {
    let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

fn six() -> String {
    race(2, 30, r#"<die name="die"/>"#, "value(die)", "")
}

/// Rolls, then makes the step if there is one.
fn turn(pos: &mut Position) -> u8 {
    let shown = pos.roll(Roll::Every).unwrap_or_else(|r| panic!("{}", r.message));
    if let Some(step) = pos.legal_steps().first().copied() {
        pos.play(step.figure, step.to)
            .unwrap_or_else(|r| panic!("{}", r.message));
    }
    shown[0].1
}

fn column_of(pos: &Position, figure: &str) -> u32 {
    let rules = pos.rules();
    let f = rules.figure_id(figure).unwrap();
    let p = pos.state().place_of(f).unwrap();
    rules.place_name(p).rsplit('.').next().unwrap().parse().unwrap()
}

#[test]
fn a_die_is_read_written_and_checked() {
    let text = race(
        2,
        10,
        r#"<die name="die"/><die name="d20" faces="20"/>"#,
        "value(die)",
        "",
    );
    let (game, _) = read_xml(&text).unwrap();
    assert_eq!(game.dice.len(), 2);
    assert_eq!((game.dice[0].faces, game.dice[1].faces), (6, 20));
    assert_eq!(read_xml(&write_xml(&game)).unwrap().0, game);
    assert_eq!(read_json(&write_json(&game)).unwrap().0, game);
    for bad in ["1", "21"] {
        let text = race(
            2,
            10,
            &format!(r#"<die name="die" faces="{bad}"/>"#),
            "value(die)",
            "",
        );
        let problems = read_xml(&text).unwrap_err();
        assert!(
            problems
                .iter()
                .any(|p| p.message == format!("faces must be from 2 to 20, not {bad}")),
            "{problems:#?}"
        );
    }
    // A die made in the designer is checked too, and its name is its own.
    let mut game = game;
    game.dice[1].faces = 30;
    game.dice[0].name = "track".into();
    let problems: Vec<String> = tablecraft_engine::Rules::compile(&game)
        .unwrap_err()
        .iter()
        .map(|p| p.message.clone())
        .collect();
    assert!(
        problems.contains(&"a die has 2 to 20 faces, not 30".to_string()),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("two things are called 'track'")),
        "{problems:?}"
    );
    // A move can only roll a die the game has.
    let text = race(2, 10, "", "1", "");
    let problems = read_xml(&text).and_then(|(g, _)| tablecraft_engine::Rules::compile(&g).map(|_| ()));
    assert!(
        format!("{problems:?}").contains("there is no die to roll"),
        "{problems:?}"
    );
}

#[test]
fn a_die_shows_1_at_the_start_and_a_roll_is_due_before_any_step() {
    let mut pos = open(&six(), 1);
    assert_eq!(pos.die_value("die"), Some(1));
    assert!(pos.roll_due() && pos.is_chance());
    assert_eq!(pos.rolls(), vec![Roll::Every]);
    assert!(pos.legal_steps().is_empty());
    let rules = Arc::clone(pos.rules());
    let refused = pos
        .play(
            rules.figure_id("c.1").unwrap(),
            rules.place_id("track.2").unwrap(),
        )
        .unwrap_err();
    assert_eq!(refused.why, Why::RollFirst);
    let shown = pos.roll(Roll::Every).unwrap();
    assert_eq!(pos.die_value("die"), Some(shown[0].1));
    assert!(!pos.can_roll(), "one roll a move");
    assert_eq!(pos.roll(Roll::Every).unwrap_err().why, Why::NoRoll);
    // value(die) moves the counter exactly that far.
    let steps = pos.legal_steps();
    assert_eq!(steps.len(), 1);
    assert_eq!(rules.place_name(steps[0].to), format!("track.{}", 1 + shown[0].1));
    assert!(matches!(
        &pos.history()[0].action,
        Action::Roll { roll: Roll::Every, faces } if faces == &shown
    ));
}

#[test]
fn a_roll_that_no_step_fits_ends_the_turn() {
    // Only 1 square to go, and a 20-faced die: most rolls overshoot.
    let text = race(2, 3, r#"<die name="die" faces="20"/>"#, "value(die)", "");
    let mut pos = open(&text, 3);
    let mut passed = 0;
    for _ in 0..40 {
        if pos.status() != &Status::Playing {
            break;
        }
        let me = pos.to_move();
        let shown = pos.roll(Roll::Every).unwrap()[0].1;
        let at = column_of(&pos, &format!("c.{me}"));
        if at + u32::from(shown) > 3 {
            assert_ne!(pos.to_move(), me, "the turn passes when no step fits");
            passed += 1;
        } else {
            let step = pos.legal_steps()[0];
            pos.play(step.figure, step.to).unwrap();
        }
    }
    assert!(passed > 0);
}

/// Pearson's chi-square of `counts` against the uniform distribution.
fn chi_square(counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let expected = f64::from(total) / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum()
}

#[test]
fn dice_are_fair() {
    // Critical values at p = 0.001: 20.52 (5 degrees of freedom), 43.82 (19).
    for (faces, critical) in [(6u8, 20.52), (20, 43.82)] {
        // The generator itself, over many rolls and several seeds.
        for seed in [0u64, 1, 0xDEAD_BEEF] {
            let mut counts = vec![0u32; faces as usize];
            let mut chance = Chance::new(seed);
            for _ in 0..120_000 {
                counts[chance.face(faces) as usize - 1] += 1;
            }
            let x2 = chi_square(&counts);
            assert!(x2 < critical, "{faces} faces, seed {seed}: chi-square {x2}");
        }
        // And rolled in a game, a move a roll.
        let text = format!(
            r#"<game format="2" players="2"><title>Roll</title><rules>
            <equipment><group name="g"/><die name="die" faces="{faces}"/></equipment>
            <moves><move name="turn">roll</move></moves></rules></game>"#
        );
        let mut pos = open(&text, 7);
        let mut counts = vec![0u32; faces as usize];
        for _ in 0..6_000 {
            let shown = pos.roll(Roll::Every).unwrap();
            counts[shown[0].1 as usize - 1] += 1;
        }
        let x2 = chi_square(&counts);
        assert!(
            x2 < critical,
            "{faces} faces in a game: chi-square {x2} {counts:?}"
        );
        assert!(counts.iter().all(|&c| c > 0));
    }
}

#[test]
fn the_seed_decides_the_rolls_and_the_hash_holds_the_dice_not_the_seed() {
    let rolls = |seed| {
        let mut pos = open(&six(), seed);
        (0..20).map(|_| turn(&mut pos)).collect::<Vec<_>>()
    };
    assert_eq!(rolls(5), rolls(5));
    assert_ne!(rolls(5), rolls(6));
    // Same table, different seeds: the same position.
    assert_eq!(open(&six(), 5).hash(), open(&six(), 6).hash());
    // Same table but the die shows another number: another position.
    let mut a = open(&six(), 5);
    let mut b = open(&six(), 5);
    let ua = a.apply_roll(Roll::Every, &[3]);
    let ub = b.apply_roll(Roll::Every, &[4]);
    assert_ne!(a.hash(), b.hash());
    a.revert(ua);
    b.revert(ub);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.state().full_hash(a.rules()), a.hash());
}

#[test]
fn take_back_then_roll_gives_the_same_number() {
    let mut pos = open(&six(), 11);
    for _ in 0..5 {
        turn(&mut pos);
    }
    let before = pos.state().clone();
    let first = pos.roll(Roll::Every).unwrap();
    assert!(pos.take_back());
    assert_eq!(pos.state(), &before, "the generator is put back too");
    for _ in 0..3 {
        assert_eq!(pos.roll(Roll::Every).unwrap(), first);
        assert!(pos.take_back_move());
    }
}

#[test]
fn a_record_replays_every_roll_to_the_same_position() {
    let text = race(3, 40, r#"<die name="die"/>"#, "value(die)", "");
    let mut pos = open(&text, 0x5EED);
    let mut faces = Vec::new();
    while pos.status() == &Status::Playing && faces.len() < 200 {
        faces.push(turn(&mut pos));
    }
    let record = Record::of(&pos);
    assert_eq!(record.seed, Some(0x5EED));
    assert!(record
        .played
        .iter()
        .any(|p| matches!(p, Played::Roll { die: None })));
    let json = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    let again = back.replay(Arc::clone(pos.rules())).unwrap();
    assert_eq!(again.state(), pos.state());
    assert_eq!(again.status(), pos.status());
    let replayed: Vec<u8> = again
        .history()
        .iter()
        .filter_map(|e| match &e.action {
            Action::Roll { faces, .. } => Some(faces[0].1),
            _ => None,
        })
        .collect();
    assert_eq!(replayed, faces);
    // Another seed, another game.
    let other = Record {
        seed: Some(1),
        ..back
    };
    assert!(other
        .replay(Arc::clone(pos.rules()))
        .map_or(true, |p| p.state() != pos.state()));
}

#[test]
fn two_dice_roll_together_or_one_at_a_time() {
    let dice = r#"<die name="red"/><die name="blue"/>"#;
    let text = race(2, 40, dice, "value(red) + value(blue)", "");
    let mut pos = open(&text, 9);
    let shown = pos.roll(Roll::Every).unwrap();
    assert_eq!(shown.len(), 2);
    let sum = u32::from(shown[0].1 + shown[1].1);
    let step = pos.legal_steps()[0];
    assert_eq!(pos.rules().place_name(step.to), format!("track.{}", 1 + sum));
    // `roll red` rolls one die: the other keeps its number.
    let one = text.replace(
        "roll advance x0-1 while possible",
        "roll red advance x0-1 while possible",
    );
    let mut pos = open(&one, 9);
    assert_eq!(pos.rolls(), vec![Roll::Die(0)]);
    let shown = pos.roll(Roll::Die(0)).unwrap();
    assert_eq!(shown.len(), 1);
    assert_eq!(pos.die_value("blue"), Some(1));
    // Outcomes for the search: 36 of two dice, each once.
    let outcomes = open(&text, 9).roll_outcomes(Roll::Every, 100).unwrap();
    assert_eq!(outcomes.len(), 36);
    assert!(open(&text, 9).roll_outcomes(Roll::Every, 20).is_none());
}

#[test]
fn a_side_effect_rolls_a_die_from_the_game_s_chance() {
    // After each step the bonus die is rolled; its value is in the state.
    let text = race(
        2,
        50,
        r#"<die name="die"/><die name="bonus" faces="4"/>"#,
        "value(die)",
        "<effect>roll bonus</effect>",
    );
    let mut pos = open(&text, 21);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..14 {
        turn(&mut pos);
        seen.insert(pos.die_value("bonus").unwrap());
    }
    assert!(
        seen.len() >= 3 && seen.iter().all(|v| (1..=4).contains(v)),
        "{seen:?}"
    );
    // Taken back, the effect rolls the same again.
    let step = loop {
        pos.roll(Roll::Every).unwrap();
        if let Some(&step) = pos.legal_steps().first() {
            break step;
        }
    };
    pos.play(step.figure, step.to).unwrap();
    let before = pos.die_value("bonus");
    let chance = pos.state().chance();
    assert!(pos.take_back());
    pos.play(step.figure, step.to).unwrap();
    assert_eq!(pos.die_value("bonus"), before);
    assert_eq!(pos.state().chance(), chance);
}

//! Rules the machine compiles but cannot answer everywhere: a playout
//! that meets what it does not answer is handed to the general engine
//! partway, and must end as a playout of the general engine alone ends;
//! and hostile rules (errors, numbers past 32 bits, long loops, triggers)
//! played side by side in both.

use super::*;
use crate::search::clock::{native_now, Budget, Limits};
use crate::search::playout::{self, Scratch as PlayoutScratch};

/// Stones put from a pool on a 3×3 board, three in a row winning, with
/// the step rule's condition `when` and effect `effect`, a first game over
/// of `end` won by `winner`, and two triggers: `tally`, and `big` near
/// the largest number of 32 bits.
fn game(when: &str, effect: &str, end: &str, winner: &str) -> String {
    examples::stones_game(
        3,
        3,
        5,
        &format!(
            r#"<triggers>
              <trigger name="tally" type="number" value="0"/>
              <trigger name="big" type="number" value="2147483645"/>
              <trigger name="lit" type="yes-no" value="no"/>
            </triggers>
            <steps><step name="put"><what owner="on-move"/><from name="pool"/><to type="square"/>
              <when>{when}</when><effect>{effect}</effect></step></steps>
            <moves><move name="turn">put</move></moves>
            <game-over>
              <end name="odd" winner="{winner}"><when>{end}</when></end>
              <end name="row" winner="opponent"><when>in_a_row(b, 3, opponent)</when></end>
              <end name="full" winner="0"><when>every s in squares(b) where not empty(s)</when></end>
            </game-over>
            <settings when-stuck="lose" pass="no"/>"#
        ),
    )
}

/// How many stones are on the board.
const STONES: &str = "(how many s in squares(b) where not empty(s))";

/// The same rules with no machine: playouts by the general engine alone.
fn general_only(rules: &Rules) -> Arc<Rules> {
    let mut general = rules.clone();
    general.machine = std::sync::OnceLock::new();
    general.machine.set(Err("general engine only".into())).unwrap();
    assert!(general.machine().is_none());
    Arc::new(general)
}

fn opened(text: &str, what: &str) -> Arc<Rules> {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
    let rules = Arc::new(rules);
    assert!(rules.machine().is_some(), "{what}: {:?}", rules.why_no_machine());
    rules
}

/// Games the machine gives up partway through, and in how many of every
/// ten games at least: at a division by zero in a game over once three
/// stones lie on the board (every game), and at a figure an effect moves
/// onto a filled square (most games).
fn handed_games() -> Vec<(String, String, usize)> {
    let divides = format!("10 / ({STONES} - 3) = 99");
    let cases = [
        ("yes", "set tally to value(tally) + 1", divides.as_str(), 10),
        (
            "yes",
            "if row(to) = 2 then move figure to neighbour(to, up)",
            "no",
            6,
        ),
    ];
    cases
        .into_iter()
        .map(|(when, effect, end, tenths)| {
            (
                game(when, effect, end, "1"),
                format!("{when} / {effect} / {end}"),
                tenths,
            )
        })
        .collect()
}

/// In lockstep the machine answers some actions, then gives up (its
/// `list` or `act` says `None`) where the general engine goes on.
#[test]
fn the_machine_gives_up_partway_where_it_cannot_answer() {
    for (text, what, tenths) in handed_games() {
        let rules = opened(&text, &what);
        let tally = lockstep_with(&rules, rules.machine().unwrap(), 20, &what);
        assert!(
            tally.handed_after.len() >= 2 * tenths,
            "{what}: games handed over: {tally:?}"
        );
        assert!(
            tally.handed_after.iter().all(|&n| n > 0),
            "{what}: answered before giving up: {tally:?}"
        );
    }
}

/// A playout handed over partway ends exactly as a playout of the general
/// engine alone with the same random numbers: the same winner, as many
/// numbers drawn, and the position back where it started.
#[test]
fn a_playout_handed_over_ends_as_the_general_engine_alone_ends_it() {
    let mut budget = Budget::new(native_now, Limits::none(), None);
    for (text, what, tenths) in handed_games() {
        let rules = opened(&text, &what);
        let m = rules.machine().unwrap();
        let mut handed = 0;
        let general = general_only(&rules);
        let (mut scratch, mut general_scratch) = (PlayoutScratch::default(), PlayoutScratch::default());
        let mut winners = [0usize; 3];
        for seed in 0..300 {
            let mut pos = Position::with_seed(rules.clone(), seed);
            let mut general_pos = Position::with_seed(general.clone(), seed);
            let start = pos.hash();
            // The machine alone hands this playout over, after some steps.
            let mut machine_scratch = crate::machine::Scratch::default();
            let ended = m.playout(&pos, &mut Rng::new(seed), &mut machine_scratch, &mut budget, 1000);
            if ended == crate::machine::Ended::Handed {
                assert!(!machine_scratch.actions.is_empty(), "{what}, seed {seed}");
                handed += 1;
            }
            let (mut rng, mut general_rng) = (Rng::new(seed), Rng::new(seed));
            let winner = playout::playout(&mut pos, &mut rng, &mut scratch, &mut budget, None);
            let alone = playout::playout(
                &mut general_pos,
                &mut general_rng,
                &mut general_scratch,
                &mut budget,
                None,
            );
            assert_eq!(winner, alone, "{what}, seed {seed}: the winner");
            assert_eq!(
                rng.next_u64(),
                general_rng.next_u64(),
                "{what}, seed {seed}: as many random numbers drawn"
            );
            assert_eq!(pos.hash(), start, "{what}, seed {seed}: back at the start");
            assert_eq!(pos.status(), &Status::Playing, "{what}, seed {seed}");
            winners[usize::from(winner.expect("no budget to run out"))] += 1;
        }
        assert!(
            handed >= 30 * tenths,
            "{what}: {handed} of 300 playouts handed over"
        );
        // The games were played to their ends: both players win some.
        assert!(winners[1] > 0 && winners[2] > 0, "{what}: {winners:?}");
    }
}

/// Hostile rules the machine compiles, each played in lockstep: errors in
/// conditions, winners and effects, numbers past 32 bits, loops over
/// every direction and line, triggers of each kind.
#[test]
fn hostile_rules_on_the_machine_agree_with_the_general_engine() {
    let cases = [
        // Division by zero and numbers past 32 and 64 bits in a game over.
        ("yes", "set tally to value(tally) + 1", format!("10 / ({STONES} - 3) = 99"), "1"),
        ("yes", "set tally to value(tally) + 1", format!("{STONES} * 536870912 + {STONES} * 536870912 > 2000000000"), "2"),
        ("yes", "set tally to value(tally) + 1", format!("{STONES} > 4"), "(how many s in squares(b) where not empty(s)) * 2147483647 - 2147483646"),
        ("yes", "set tally to value(tally) + 1", format!("{STONES} > 5"), "3 / (value(tally) - 6)"),
        // A trigger counted past the largest number of 32 bits.
        ("yes", "set big to value(big) + 1", "value(big) = 2147483647".into(), "2"),
        // Loops over every direction and every line from the target.
        (
            "yes",
            "for each d in directions do for each s in line(to, d) do set tally to value(tally) + 1",
            "no".into(),
            "1",
        ),
        (
            "yes",
            "for each d in straight do for each s in all t in line(to, d) until empty(t) do set tally to value(tally) + row(s)",
            format!("value(lit) and {STONES} = 4"),
            "2",
        ),
        // Triggers of each kind, and a division by zero in an effect.
        (
            "yes",
            "(set lit to not value(lit); if value(lit) then set tally to value(tally) - column(to))",
            "value(tally) &lt; -4".into(),
            "2",
        ),
        ("yes", "set tally to 6 / (row(to) - 2)", "value(tally) &gt; 5".into(), "1"),
        // Conditions worked out as sets, an error past the board's edge.
        ("not empty(neighbour(to, down)) or row(to) = 1", "set tally to value(tally) + 1", "no".into(), "1"),
        ("count(all t in line(to, left) until empty(t)) &lt; 2", "set tally to value(tally) + 1", "no".into(), "1"),
    ];
    let mut not_compiled = Vec::new();
    for (when, effect, end, winner) in cases {
        let what = format!("{when} / {effect} / {end} / {winner}");
        let (_, rules) =
            crate::open(&game(when, effect, &end, winner)).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
        let rules = Arc::new(rules);
        let Some(m) = rules.machine() else {
            not_compiled.push((what, rules.why_no_machine().map(str::to_string)));
            continue;
        };
        let tally = lockstep_with(&rules, m, 8, &what);
        assert!(tally.answered > 0, "{what}: {tally:?}");
    }
    assert!(not_compiled.is_empty(), "{not_compiled:#?}");
}

/// Game overs answered straight from the situation (`super::ends`) where
/// they are odd: a row of none, of nobody's, of a player who is not in the
/// game, quantifiers over the board.
#[test]
fn odd_game_overs_answered_directly_agree_with_the_general_engine() {
    let cases = [
        ("in_a_row(b, 0, opponent) or in_a_row(b, 2, 0)", "2"),
        (
            "in_a_row(b, 0, 9) or not (any s in squares(b) where empty(s))",
            "player",
        ),
        (
            "not empty(pool) and in_a_row(b, 2, player) and in_a_row(b, 2, opponent)",
            "0",
        ),
        (
            "(every s in squares(b) where not empty(s)) or in_a_row(b, 1, 2)",
            "opponent",
        ),
    ];
    for (end, winner) in cases {
        let what = format!("{end} / {winner}");
        let rules = opened(&game("yes", "set tally to value(tally) + 1", end, winner), &what);
        let m = rules.machine().unwrap();
        assert!(m.direct_ends.is_some(), "{what}: answered directly");
        let tally = lockstep_with(&rules, m, 8, &what);
        assert!(tally.answered > 0, "{what}: {tally:?}");
    }
}

/// The hostile files of the repository the machine compiles, in lockstep;
/// enough of them that none is skipped unseen.
#[test]
fn hostile_files_on_the_machine_agree_with_the_general_engine() {
    let dir = format!("{}/../../tests/hostile", env!("CARGO_MANIFEST_DIR"));
    let mut played = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    files.sort();
    for file in files {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{file}")) else {
            continue;
        };
        let Ok((_, rules)) = crate::open(&text) else {
            continue;
        };
        let rules = Arc::new(rules);
        let Some(m) = rules.machine() else {
            continue;
        };
        lockstep_with(&rules, m, 4, &file);
        played.push(file);
    }
    // Steps whose condition divides by zero, overflows or is not yes or
    // no; a game with no end; a board of 400 squares.
    for file in [
        "divide-by-zero.game.xml",
        "overflow.game.xml",
        "not-yes-no.game.xml",
        "jump-forever.game.xml",
        "supply-400-on-20x20.game.xml",
        "take-20-of-22-two-players.game.xml",
    ] {
        assert!(
            played.iter().any(|p| p == file),
            "{file}: not played, of {played:?}"
        );
    }
    assert!(played.len() >= 10, "{played:?}");
}

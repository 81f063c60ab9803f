//! The conditions compiled over ids ([`crate::rules::Fast`]) give the
//! general evaluator's answer whenever they answer: at every candidate
//! step (each figure, each target, each rule) of every position of random
//! games of every example, and of hostile rules written for the purpose.

use super::*;
use crate::rules::Fast;
use crate::search::{self, rng::Rng};

/// How many conditions were asked, and how many the compiled form answered.
#[derive(Default, Debug)]
struct Tally {
    asked: u64,
    answered: u64,
}

/// Compares both evaluators on every condition of every candidate step
/// and every game-over condition at `pos`.
fn compare_at(pos: &Position, tally: &mut Tally, what: &str) {
    let rules = &*pos.rules;
    let view = View::of(pos);
    let mut vars = Vec::new();
    for rule in &rules.steps {
        for from in 0..rules.places.len() as PlaceId {
            for &f in pos.state.on(from) {
                let Some(heads) = pos.heads(rule, f, from) else {
                    continue;
                };
                for (to, to_caps) in &rule.to {
                    pos.fill_vars(&mut vars, f, from, *to, &heads, to_caps);
                    if rule.capture {
                        vars.push(pos.captured_name(*to));
                    }
                    let refs: Vec<&Value> = vars.iter().collect();
                    let ask = Ask {
                        view: &view,
                        vars: &refs,
                        step: Some((f, from, *to)),
                    };
                    for (i, c) in rule.when.iter().enumerate() {
                        tally.asked += 1;
                        let Some(fast) = Fast::answer(&rule.fast, i, &ask) else {
                            continue;
                        };
                        tally.answered += 1;
                        assert_eq!(
                            fast,
                            c.holds_with(&refs, &view),
                            "{what}: rule {}, condition {i} ({}), {} from {} to {}",
                            rule.name,
                            rule.when_text[i],
                            rules.figure_name(f),
                            rules.place_name(from),
                            rules.place_name(*to)
                        );
                    }
                }
            }
        }
    }
    let ask = Ask {
        view: &view,
        vars: &[],
        step: None,
    };
    for end in &rules.ends {
        for (i, c) in end.when.iter().enumerate() {
            tally.asked += 1;
            if let Some(fast) = Fast::answer(&end.fast, i, &ask) {
                tally.answered += 1;
                let general = matches!(c.eval(&[], &view), Ok(Value::Bool(true)));
                assert_eq!(fast, general, "{what}: game over {}, condition {i}", end.name);
            }
        }
    }
}

/// Plays `games` random games of the game in `text`, comparing at every
/// position.
fn compare_in_games(text: &str, games: u64, what: &str) -> Tally {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
    let rules = Arc::new(rules);
    let mut tally = Tally::default();
    for seed in 0..games {
        let mut pos = Position::with_seed(rules.clone(), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..120 {
            compare_at(&pos, &mut tally, what);
            if pos.status() != &Status::Playing {
                break;
            }
            let Some(mv) = search::random_move(&pos, &mut rng) else {
                break;
            };
            search::play(&mut pos, &mv);
        }
    }
    tally
}

fn example(file: &str) -> String {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn every_example_gets_the_same_answers_from_both_evaluators() {
    let dir = format!("{}/../../public/games", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".game.xml"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    for file in files {
        compare_in_games(&example(&file), 3, &file);
    }
}

#[test]
fn the_conditions_of_connect_four_reversi_and_checkers_are_answered_compiled() {
    for file in [
        "connect-four.game.xml",
        "reversi.game.xml",
        "english-checkers.game.xml",
    ] {
        let tally = compare_in_games(&example(file), 2, file);
        // Checkers' `can(jump)` is asked of the general evaluator inside a
        // compiled condition, which still counts as answered.
        assert!(
            tally.answered * 10 >= tally.asked * 9,
            "{file}: only {} of {} conditions were answered compiled",
            tally.answered,
            tally.asked
        );
    }
}

/// A game on a 4×4 board whose one step rule has `when` as its condition,
/// and a game over of `end`.
fn board_game(when: &str, end: &str) -> String {
    format!(
        r#"<game format="2" players="2"><title>t</title><rules>
        <equipment><board name="b" rows="4" columns="4"/><group name="pool"/><group name="up"/></equipment>
        <figures>
          <figure name="x" type="stone" origin="pool" owner="1" count="6"/>
          <figure name="o" type="pool" origin="pool" owner="2" count="6"/>
        </figures>
        <definitions>
          <define name="ray" of="s d">all t in line(s, d) until empty(t)</define>
          <define name="twice" of="a b">a + b</define>
        </definitions>
        <steps><step name="put"><what owner="on-move"/><from name="pool"/><to type="square"/>
          <when>{when}</when></step></steps>
        <moves><move name="turn">put</move></moves>
        <game-over><end name="e" winner="1"><when>{end}</when></end></game-over>
        <settings when-stuck="pass" pass="no"/>
        </rules></game>"#
    )
}

#[test]
fn hostile_conditions_get_the_same_answers_or_are_left_to_the_general_evaluator() {
    let cases = [
        // Errors: division by zero, the last of an empty list, a number too big.
        ("row(to) / (column(to) - 2) = 1", "no"),
        ("last(ray(to, up)) != \"\" or yes", "no"),
        ("any d in straight where owner(last(ray(to, d))) = player", "no"),
        ("row(to) * 9223372036854775807 > 0", "no"),
        // A type, a group and a direction named alike; texts and numbers.
        ("type(figure) = \"pool\" or type(figure) = pool or top(from) = \"x\"", "no"),
        ("neighbour(to, up) = up or owner(neighbour(to, left)) = 0", "no"),
        ("row(to) = \"2\" or column(to) = 3", "no"),
        ("to = \"b.2.2\" or to = b or from = pool", "no"),
        // Definitions inside definitions, with values worked out by others.
        ("twice(twice(row(to), 1), twice(column(to), 2)) > 6", "no"),
        ("any d in directions where count(ray(to, d)) > twice(0, 1)", "how many s in squares(b) where not empty(s) > 5"),
        ("(how many d in straight until d = \"left\") = 2", "every s in squares(b) where empty(s) or owner(s) = 1"),
        ("first d in diagonal where not empty(neighbour(to, d)) = \"\"", "sum s in squares(b) of row(s) > 40"),
        // Too much work for the general evaluator: left to it.
        ("every s in squares(b) where every t in squares(b) where every u in squares(b) where every v in squares(b) where row(s) > 0", "no"),
        // Not yes or no.
        ("row(to)", "count(squares(b))"),
        ("column(to) > 1", "in_a_row(b, 2, \"stone\") or in_a_row(b, 0, 2) or in_a_row(pool, 1, 1)"),
        ("if row(to) > 2 then column(to) else yes", "in_a_row(b, 3, 1)"),
        ("not empty(neighbour(to, down)) and empty(neighbour(to, up))", "not can(put)"),
    ];
    for (when, end) in cases {
        let text = board_game(when, end);
        let tally = compare_in_games(&text, 4, when);
        assert!(tally.asked > 0, "{when}");
    }
}

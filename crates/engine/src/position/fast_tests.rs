//! The conditions compiled over ids ([`crate::rules::Fast`]) give the
//! general evaluator's answer whenever they answer: at every candidate
//! step (each figure, each target, each rule) of every position of random
//! games of every example, and of hostile rules written for the purpose.
//! The effects compiled over ids ([`crate::rules::FastEffect`]) leave the
//! position and the warnings as the general runner does, after every legal
//! step of the same positions.

use super::*;
use crate::rules::{Fast, FastEffect};
use crate::search::{self, rng::Rng};

/// How many conditions were asked, and how many the compiled form answered
/// (and of them, how many as sets of targets: `sets`).
#[derive(Default, Debug)]
struct Tally {
    asked: u64,
    answered: u64,
    sets: u64,
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
                // The conditions worked out as sets of targets, for this figure.
                let bare = Ask {
                    view: &view,
                    vars: &[],
                    step: Some((f, from, from)),
                };
                let sets: Vec<(usize, Option<u64>)> = rule
                    .board
                    .iter()
                    .flat_map(|rb| &rb.sets)
                    .map(|(i, set)| (*i, set.targets(&bare)))
                    .collect();
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
                    for &(i, targets) in &sets {
                        let Some(targets) = targets else {
                            continue;
                        };
                        tally.sets += 1;
                        let bit = rules.bitboards.at(*to).map_or(0, |(_, b)| 1u64 << b);
                        assert_eq!(
                            targets & bit != 0,
                            rule.when[i].holds_with(&refs, &view),
                            "{what}: rule {}, condition {i} ({}) as sets, {} from {} to {}",
                            rule.name,
                            rule.when_text[i],
                            rules.figure_name(f),
                            rules.place_name(from),
                            rules.place_name(*to)
                        );
                    }
                    for (i, c) in rule.when.iter().enumerate() {
                        tally.asked += 1;
                        let Some(fast) = Fast::answer(&rule.fast, i, &ask) else {
                            continue;
                        };
                        tally.answered += 1;
                        // One that reads no variable answers the same without them.
                        let bare = Ask { vars: &[], ..ask };
                        if rule.fast[i].as_ref().is_some_and(|f| !f.reads_vars()) {
                            assert_eq!(
                                Fast::answer(&rule.fast, i, &bare),
                                Some(fast),
                                "{what}: rule {}, condition {i} ({}) without the variables",
                                rule.name,
                                rule.when_text[i],
                            );
                        }
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
        tally.asked += 1;
        if let Some(fast) = end.winner_fast.as_ref().and_then(|w| w.number(&ask)) {
            tally.answered += 1;
            let general = end.winner.eval(&[], &view);
            assert_eq!(Ok(Value::Number(fast)), general, "{what}: winner of {}", end.name);
        }
    }
}

/// Makes every legal step at `pos` with compiled effects and again with
/// the general runner alone (`general`: the same rules with no effect
/// compiled), comparing the positions and warnings after.
fn compare_effects_at(pos: &Position, general: &Arc<Rules>, tally: &mut Tally, what: &str) {
    let rules = &*pos.rules;
    for step in pos.legal_steps() {
        let rule = &rules.steps[step.rule as usize];
        if rule.effects.is_empty() {
            continue;
        }
        tally.asked += rule.effects.len() as u64;
        tally.answered += rule.fast_effects.iter().filter(|f| f.is_some()).count() as u64;
        // The position and warnings after, and whether undoing the changes
        // recorded gives back the position before.
        let made = |p: &mut Position| {
            let (mut changes, mut warnings) = (Vec::new(), Vec::new());
            p.make(step, super::Ends::Look, &mut changes, &mut warnings);
            let after = p.state.clone();
            p.revert(Undo(changes));
            (after, warnings, p.state == pos.state)
        };
        let fast = made(&mut pos.clone());
        let slow = made(&mut Position::from_state(general.clone(), pos.state.clone()));
        assert_eq!(fast, slow, "{what}: rule {}, step {step:?}", rule.name);
    }
}

/// The same rules with no effect compiled.
fn without_compiled_effects(rules: &Rules) -> Arc<Rules> {
    let mut general = rules.clone();
    for rule in &mut general.steps {
        rule.fast_effects.iter_mut().for_each(|f| *f = None);
    }
    Arc::new(general)
}

/// Plays `games` random games of the game in `text`, comparing at every
/// position: conditions in the first tally, effects in the second.
fn compare_in_games(text: &str, games: u64, what: &str) -> Tally {
    compare_both_in_games(text, games, what).0
}

fn compare_both_in_games(text: &str, games: u64, what: &str) -> (Tally, Tally) {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
    let rules = Arc::new(rules);
    let general = without_compiled_effects(&rules);
    let mut tally = Tally::default();
    let mut effects = Tally::default();
    for seed in 0..games {
        let mut pos = Position::with_seed(rules.clone(), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..120 {
            compare_at(&pos, &mut tally, what);
            compare_effects_at(&pos, &general, &mut effects, what);
            if pos.status() != &Status::Playing {
                break;
            }
            let Some(mv) = search::random_move(&pos, &mut rng) else {
                break;
            };
            search::play(&mut pos, &mv);
        }
    }
    (tally, effects)
}

fn example(file: &str) -> String {
    super::examples::text(file)
}

#[test]
fn every_example_gets_the_same_answers_from_both_evaluators() {
    for file in super::examples::files() {
        compare_in_games(&example(&file), 3, &file);
    }
}

#[test]
fn the_conditions_of_connect_four_reversi_checkers_awele_and_fox_and_geese_are_answered_compiled() {
    for file in [
        "connect-four.game.xml",
        "reversi.game.xml",
        "english-checkers.game.xml",
        "awele.game.xml",
        // `row` of a point named like a square, `between` two points.
        "fox-and-geese.game.xml",
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

/// Lists written out, and `numbers` whose ends are bounded by what they
/// are made of (the players, a count of figures, through a definition):
/// compiled, not left to the general evaluator.
#[test]
fn lists_bounded_by_what_they_are_made_of_are_compiled() {
    let game = |when: &str| {
        board_game(when, "no").replace(
            "</definitions>",
            "<define name=\"side\" of=\"q\">numbers(2 * q - 1, 2 * q)</define></definitions>",
        )
    };
    for when in [
        "row(to) in [2, 3] or column(to) not in [1, 4]",
        "any k in side(opponent) where k = row(to)",
        "any k in numbers(1, count(contains(pool)) - 8) where k = column(to)",
    ] {
        let tally = compare_in_games(&game(when), 2, when);
        assert!(
            tally.answered * 10 >= tally.asked * 9,
            "{when}: only {} of {} answered compiled",
            tally.answered,
            tally.asked
        );
    }
}

/// A game on a points board whose one step rule has `when` as its
/// condition: its points named like squares but one (`mid`), a second
/// points board, and a group.
fn points_game(when: &str) -> String {
    format!(
        r#"<game format="2" players="2"><title>t</title><rules>
        <equipment>
          <points name="p"><line>a1 b1 c1 d1</line><line>a1 a2 a3</line><line>c1 mid a3</line><line>b1 b2</line></points>
          <points name="q"><line>a1 b1 c1</line></points>
          <group name="pool"/>
        </equipment>
        <figures>
          <figure name="x" type="stone" origin="pool" owner="1" count="3"/>
          <figure name="o" type="stone" origin="pool" owner="2" count="3"/>
          <figure name="y" type="stone" origin="p.a1" owner="1"/>
          <figure name="z" type="stone" origin="q.c1" owner="2"/>
        </figures>
        <steps><step name="go"><what owner="on-move"/><from/><to type="point"/>
          <when>{when}</when></step></steps>
        <moves><move name="turn">go</move></moves>
        <game-over><end name="e" winner="1"><when>empty(pool)</when></end></game-over>
        <settings when-stuck="pass" pass="no"/>
        </rules></game>"#
    )
}

/// `row`, `column` and `between` of points: compiled, and where the
/// general evaluator says what is wrong (a point with no row, `between` a
/// point and a place of another board), left to it.
#[test]
fn rows_of_points_and_the_points_between_get_the_same_answers() {
    for (when, compiled) in [
        ("row(to) >= 2 or column(to) = 4", false),
        ("empty(from) or row(to) > row(from)", false),
        ("to in squares(p) and between(to, p.c1) = \"\"", true),
        ("owner(between(from, to)) != player", false),
        (
            "between(p.a3, p.c1) = p.mid and to in squares(p) and between(to, p.b1) != p.a1",
            true,
        ),
        ("between(to, p.c1) = \"\"", false),
        ("between(from, to) = \"\" or row(between(from, to)) = 1", false),
    ] {
        let tally = compare_in_games(&points_game(when), 3, when);
        assert!(tally.asked > 0, "{when}: {tally:?}");
        if compiled {
            assert_eq!(tally.answered, tally.asked, "{when}: {tally:?}");
        }
    }
}

/// A game on a 4×4 board whose one step rule has `when` as its condition,
/// and a game over of `end`.
fn board_game(when: &str, end: &str) -> String {
    won_game(when, end, "1")
}

/// [`board_game`] with `winner` as its game over's winner.
fn won_game(when: &str, end: &str, winner: &str) -> String {
    format!(
        r#"<game format="2" players="2"><title>t</title><rules>
        <equipment><board name="b" rows="4" columns="4"/><group name="pool"/><group name="up"/></equipment>
        <figures>
          <figure name="x" type="stone" origin="pool" owner="1" count="6"/>
          <figure name="o" type="pool" origin="pool" owner="2" count="6"/>
        </figures>
        <triggers>
          <trigger name="tally" type="number" value="0"/>
          <trigger name="big" type="number" value="2147483646"/>
          <trigger name="lit" type="yes-no" value="no"/>
          <trigger name="word" type="text" value="hi"/>
        </triggers>
        <definitions>
          <define name="ray" of="s d">all t in line(s, d) until empty(t)</define>
          <define name="twice" of="a b">a + b</define>
          <define name="stones" of="p">how many s in squares(b) where owner(s) = p</define>
          <define name="ends" of="s d">count(ray(s, d)) > 0 and owner(neighbour(last(ray(s, d)), d)) = player</define>
        </definitions>
        <steps><step name="put"><what owner="on-move"/><from name="pool"/><to type="square"/>
          <when>{when}</when></step></steps>
        <moves><move name="turn">put</move></moves>
        <game-over><end name="e" winner="{winner}"><when>{end}</when></end></game-over>
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
        // A quantifier that only looks at what is on its item, of each
        // kind, over a line, a board and directions (not places).
        ("(how many t in line(to, down) until owner(t) != opponent) = 1 or (first t in squares(b) where 1 = owner(t)) = to", "every t in line(b.1.1, right) where not empty(t)"),
        ("any t in line(to, up) where owner(t) = 2147483647 or (how many t in squares(b) where owner(t) = player) > 2", "sum t in squares(b) of owner(t) = 1"),
        ("count(all t in line(to, left) until empty(t)) = 1", "(how many d in directions where owner(d) = 1) = 0 or any t in squares(b) where empty(t) = no"),
        // Triggers of each kind, one near the largest number, and things
        // that are not triggers.
        ("value(tally) = 0 and not value(lit) and value(word) = \"hi\"", "value(big) + value(big) > 0"),
        ("value(b.1.1) = 0 or value(pool) = 1 or value(lit)", "value(big) > 2147483645"),
        // Too much work for the general evaluator: left to it.
        ("every s in squares(b) where every t in squares(b) where every u in squares(b) where every v in squares(b) where row(s) > 0", "no"),
        // Not yes or no.
        ("row(to)", "count(squares(b))"),
        ("column(to) > 1", "in_a_row(b, 2, \"stone\") or in_a_row(b, 0, 2) or in_a_row(pool, 1, 1)"),
        ("if row(to) > 2 then column(to) else yes", "in_a_row(b, 3, 1)"),
        ("not empty(neighbour(to, down)) and empty(neighbour(to, up))", "not can(put)"),
        // Parts that read one place and not the position, worked out ahead
        // for every place: of `to`, `from` and a quantifier's item, with an
        // error at some places, and of names that hold no place.
        ("abs(row(to) - 3) + column(to) > 3 and between(to, neighbour(neighbour(to, up), up)) != \"\"", "sum s in squares(b) of abs(row(s) - column(s)) > 12"),
        ("row(figure) = 1 or neighbour(from, down) = to or any s in squares(b) where neighbour(s, down) = to and not empty(s)", "no"),
        ("row(to) > 5 or (empty(to) and to != \"up\")", "no"),
        ("column(to) / (row(to) - 2) = 1 or (if row(to) > 2 then neighbour(to, up) else to) = \"b.1.1\"", "any s in squares(b) where row(neighbour(s, left)) = 2 and empty(s)"),
        // Lists written out: numbers, texts, places, yes or no, none; an
        // error in what is looked for.
        ("row(to) in [2, 3] or column(to) not in [1, \"x\", yes]", "value(tally) in []"),
        ("to in [b.1.1, \"b.2.2\", up] or owner(to) not in [0]", "count(squares(b)) in [16]"),
        ("row(to) / (column(to) - 2) in [1, 2]", "no"),
        // Lists whose length is bounded by what they are made of: the
        // players, a count of figures, a definition's value.
        ("any k in numbers(3 * player - 2, 3 * opponent) where k = row(to)", "any k in numbers(1, count(contains(pool))) where k > 11"),
        ("every k in numbers(column(to), column(to) + 2) where 6 > k", "no"),
    ];
    for (when, end) in cases {
        let text = board_game(when, end);
        let tally = compare_in_games(&text, 4, when);
        assert!(tally.asked > 0, "{when}");
    }
}

/// Conditions about a target's square, its neighbours and the lines from
/// it, worked out as sets of every target at once
/// ([`crate::rules::FastSet`]) and over a board's squares in a game over:
/// the same answers as target by target, errors included (at the board's
/// edge, past a run, of nothing), or the set gives up.
#[test]
fn conditions_worked_out_as_sets_get_the_same_answers() {
    let cases = [
        // Errors at the edge, under `not`, `or` and `if`.
        ("not empty(neighbour(to, down))", "every s in squares(b) where not empty(neighbour(s, down))"),
        ("row(to) = 4 or not empty(neighbour(to, down))", "every s in squares(b) where row(s) = 4 or not empty(s)"),
        // `not` of an empty neighbour, written as the squares with one
        // filled or none, beside known sets gathered into one.
        ("not empty(neighbour(to, up-right)) or column(to) = 1 or row(to) = 4", "no"),
        ("row(to) = 1 or not empty(neighbour(to, up)) or not empty(neighbour(to, left))", "no"),
        ("not empty(neighbour(to, down-left)) or not (not empty(neighbour(to, right)) or row(to) = 3)", "no"),
        ("column(to) = 1 or (empty(to) or row(to) = 4) or (row(to) = 2 or not empty(neighbour(to, down)))", "no"),
        ("if empty(neighbour(to, left)) then owner(neighbour(to, right)) = 0 else empty(to)", "(how many s in squares(b) until not empty(s)) > 3"),
        ("owner(neighbour(to, up)) = 0 and owner(neighbour(neighbour(to, up), up)) != player", "(first s in squares(b) where owner(s) = 2) = \"b.1.1\""),
        // Past a run: the last of an empty run is an error.
        ("owner(neighbour(last(ray(to, \"right\")), right)) = player", "any s in squares(b) where owner(s) = 1 and not empty(neighbour(s, up))"),
        ("any d in directions where ends(to, d)", "(how many s in squares(b) where owner(s) = opponent) > 2"),
        ("every d in straight where not ends(to, d) or count(ray(to, d)) >= 2", "no"),
        ("(first t in line(to, up) where not empty(t)) = \"\" or owner(first t in line(to, down) where not empty(t)) = opponent", "no"),
        ("(how many t in line(to, left) until empty(t)) &lt; 2 and count(ray(to, \"down\")) != 1", "no"),
        ("any t in line(to, down-right) where owner(t) = 2 or every t in line(to, up-left) where empty(t)", "no"),
        // Between, with the figure's place a group: no square.
        ("owner(between(from, to)) = opponent or between(to, from) = \"\"", "no"),
        ("owner(top(neighbour(to, up))) = player or to = \"b.2.3\" or neighbour(to, right) != \"b.1.1\"", "no"),
        // The player names which squares; a trigger and `can` asked once.
        ("row(to) = (if player = 1 then 1 else 4) or empty(neighbour(to, up)) and value(tally) = 0", "no"),
        ("(empty(up) or column(to) > 3) and not empty(neighbour(to, left))", "not empty(up)"),
    ];
    let mut sets = 0;
    for (when, end) in cases {
        let tally = compare_in_games(&board_game(when, end), 4, when);
        assert!(tally.asked > 0, "{when}");
        sets += tally.sets;
    }
    assert!(sets > 0, "some conditions were worked out as sets");
}

/// A definition used twice with the same values is worked out once
/// ([`crate::rules::fast`]'s `share`): the answers stay the general
/// evaluator's, where the use again is in the half of an `and` or a branch
/// of an `if` that may not be worked out, inside a quantifier, with an
/// error in it, and in a winner.
#[test]
fn definitions_used_twice_give_the_same_answers() {
    let cases = [
        ("any d in directions where ends(to, d)", "no", "1"),
        (
            "count(ray(to, up)) > 0 and owner(last(ray(to, up))) = player",
            "no",
            "2",
        ),
        (
            "owner(to) = 5 and twice(row(to), 1) = twice(row(to), 1)",
            "no",
            "1",
        ),
        (
            "any d in straight where count(ray(to, d)) > 1 or last(ray(to, d)) = to",
            "no",
            "1",
        ),
        (
            "if empty(neighbour(to, up)) then twice(row(to), 1) = 2 else twice(row(to), 1) > 2",
            "no",
            "1",
        ),
        (
            "any d in straight where owner(last(ray(to, d))) = owner(last(ray(to, d)))",
            "no",
            "1",
        ),
        (
            "every d in diagonal where not ends(to, d) or count(ray(to, d)) &lt; 3",
            "stones(1) + stones(2) > 10",
            "if stones(1) > stones(2) then 1 else if stones(1) &lt; stones(2) then 2 else 0",
        ),
        (
            "yes",
            "stones(1) > 2",
            "twice(stones(1), stones(1)) / stones(2) - stones(2)",
        ),
        ("yes", "no", "stones(2) * 9223372036854775807 + stones(2)"),
        (
            "yes",
            "no",
            "if stones(1) > 1 then 'x' else stones(1) - stones(1)",
        ),
        (
            "yes",
            "no",
            "if in_a_row(b, 2, 1) then 1 else if in_a_row(b, 2, 1) then 2 else 0",
        ),
    ];
    for (when, end, winner) in cases {
        let text = won_game(when, end, winner);
        let tally = compare_in_games(&text, 4, winner);
        assert!(tally.answered > 0, "{when} / {winner}");
    }
}

#[test]
fn the_examples_conditions_are_asked_without_their_variables() {
    // Names of the step, places and figures are made as text only for the
    // general evaluator, which none of these asks during play.
    for file in [
        "tic-tac-toe.game.xml",
        "connect-four.game.xml",
        "english-checkers.game.xml",
        "reversi.game.xml",
    ] {
        let (_, rules) = crate::open(&example(file)).unwrap();
        for rule in &rules.steps {
            assert!(!rule.needs_vars, "{file}: rule {}", rule.name);
            let mut effects = rule.fast_effects.iter().flatten();
            assert!(!effects.any(FastEffect::reads_vars), "{file}: rule {}", rule.name);
        }
    }
}

#[test]
fn the_effects_of_reversi_checkers_and_awele_are_compiled() {
    // Every one of checkers' effects, `set quiet to …` included, and of
    // Awele's: sowing, the run of pits taken (a count, a list written out,
    // the pits of a side) and the seeds on each moved to the store.
    for (file, least) in [
        ("reversi.game.xml", 2),
        ("english-checkers.game.xml", 7),
        ("awele.game.xml", 5),
    ] {
        let (_, rules) = crate::open(&example(file)).unwrap();
        let compiled: usize = rules
            .steps
            .iter()
            .map(|r| r.fast_effects.iter().filter(|f| f.is_some()).count())
            .sum();
        assert!(compiled >= least, "{file}: {compiled} effects compiled");
        let (_, effects) = compare_both_in_games(&example(file), 2, file);
        assert!(effects.answered > 0, "{file}: {effects:?}");
    }
}

/// [`board_game`] whose step rule has `effect` as its effect.
fn effect_game(effect: &str) -> String {
    board_game("yes", "no").replace(
        "</when></step>",
        &format!("</when><effect>{effect}</effect></step>"),
    )
}

#[test]
fn hostile_effects_leave_what_the_general_runner_leaves() {
    // Each effect, whether it has a compiled form, and how many games.
    let cases = [
        // Gives up partway, at an empty neighbour or the board's edge.
        ("for each d in directions do change owner of top(neighbour(to, d)) to player", true, 4),
        ("for each s in line(to, right) do move top(s) to pool", true, 4),
        ("(change owner of figure to 2; move figure from to to neighbour(to, left))", true, 4),
        ("(move top(pool) to to; remove top(neighbour(to, left)))", true, 4),
        // Errors: an owner past the players, division by zero, not yes or no.
        ("change owner of figure to 3", true, 2),
        ("change owner of figure to player / (column(to) - 2)", true, 4),
        ("if row(to) then remove figure", true, 2),
        ("move figure from pool to b.1.1", true, 2),
        // A group, a direction and a type named alike; a type that is not there.
        ("(remove top(neighbour(to, up)); move figure to up)", true, 4),
        ("if column(to) > 2 then change figure to pool else remove figure", true, 4),
        ("change figure to \"cr\" + \"own\"", false, 1),
        // Too much work for the general runner: left to it.
        (
            "for each s in squares(b) do for each t in squares(b) do for each u in squares(b) do for each v in squares(b) do change owner of figure to 1",
            false,
            1,
        ),
        // Triggers: counted up, turned on and off, read back; given a value
        // of another kind, a number past 32 bits, a text; not a trigger.
        ("set tally to value(tally) + column(to)", true, 4),
        ("(set lit to not value(lit); if value(lit) then set tally to value(tally) - 1)", true, 4),
        ("set tally to value(lit)", true, 2),
        ("set big to value(big) + 1", true, 4),
        ("set word to \"ho\"", true, 2),
        ("set tally to value(word)", true, 2),
        ("set b.1.1 to 3", false, 1),
        ("set tally to value(tally) / (column(to) - 2)", true, 4),
        // A list whose length nothing bounds as written, counted as it
        // runs: the work grows each step until the general runner stops.
        (
            "(set tally to value(tally) * 4 + 3; for each k in numbers(1, value(tally)) do if any s in squares(b) where row(s) = 9 then set tally to 0)",
            true,
            4,
        ),
        ("for each k in numbers(value(big), value(big) + 2) do set tally to k", true, 2),
        // The figures on a place, taken once before they are gone
        // through: some moved, some changed; on a square at the board's
        // edge (an error), on the board itself (none lies on it).
        ("if column(to) = 4 then for each s in contains(pool) do if type(s) = \"pool\" then move s to up", true, 4),
        ("for each s in contains(neighbour(to, left)) do (change owner of s to player; set tally to value(tally) + 1)", true, 4),
        ("for each s in contains(b) do set tally to value(tally) + 1", true, 2),
        // Names bound inside, definitions, `else` and blocks.
        (
            "for each d in straight do if count(ray(to, d)) > 0 then (for each s in ray(to, d) do change owner of top(s) to player) else change owner of figure to opponent",
            true,
            4,
        ),
    ];
    for (effect, compiled, games) in cases {
        let (_, effects) = compare_both_in_games(&effect_game(effect), games, effect);
        assert!(effects.asked > 0, "{effect}");
        assert_eq!(effects.answered > 0, compiled, "{effect}: {effects:?}");
    }
}

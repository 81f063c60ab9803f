//! The machine against the general engine: random games of every example
//! the machine plays, and of hostile rules, made step by step in both;
//! at every position the same legal steps, the same choice of ending the
//! move, and after every action the same situation.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::play::{Action, Outcome};
use super::situation::Situation;
use super::steps::Listing;
use super::Machine;
use crate::position::{examples, Undo};
use crate::search::rng::Rng;
use crate::{Position, Rules, Status, Step};

/// How often the machine answered, and how often it gave up.
#[derive(Debug, Default)]
struct Tally {
    answered: usize,
    gave_up: usize,
    /// Per game the machine gave up in, how many actions it answered
    /// before it first did.
    handed_after: Vec<usize>,
    /// How many steps were made with what the listing worked out for
    /// their effects ([`super::handover`]).
    handed_on: usize,
}

/// How many legal steps `pos` has as a random playout draws them, and
/// each as the machine knows it: rule, from, kind, to.
fn general_steps(m: &Machine, pos: &Position) -> (usize, BTreeSet<(u16, u16, u8, u16)>) {
    let mut out = BTreeSet::new();
    let mut n = 0;
    pos.generate_distinct(&mut |s| {
        let kind = m.kind_of(pos, s.figure).expect("a kind the machine knows");
        out.insert((s.rule, s.from, kind, s.to));
        n += 1;
        ControlFlow::Continue(())
    });
    (n, out)
}

/// Makes `action` on the general engine's `pos`.
fn general_act(m: &Machine, pos: &mut Position, action: Action, undo: &mut Undo) -> bool {
    match action {
        Action::Step { rule, from, kind, to } => {
            let figure = m.figure_of_kind(pos, from, kind).expect("a figure of the kind");
            pos.apply_to(
                Step {
                    figure,
                    from,
                    to,
                    rule,
                },
                undo,
            );
            true
        }
        Action::End => {
            pos.end_move_to(undo);
            true
        }
        Action::Stuck => pos.stuck_to(undo),
    }
}

/// The game `text` with its points board grown past 64 points (lines of
/// three far points added): the machine then keeps its points as piles,
/// not as its board, and asks their targets one by one.
fn kept_as_piles(text: &str) -> String {
    let far: String = (0..22)
        .map(|i| format!("<line>far{} far{} far{}</line>", 3 * i, 3 * i + 1, 3 * i + 2))
        .collect();
    let out = text.replacen(
        r#"<points name="board">"#,
        &format!(r#"<points name="board">{far}"#),
        1,
    );
    assert_ne!(out, text, "a points board named board");
    out
}

/// Plays `games` random games of `text` in both, comparing at every
/// position; the machine must play the game.
fn lockstep(text: &str, games: u64, what: &str) -> Tally {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
    let rules = Arc::new(rules);
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{what}: {:?}", rules.why_no_machine()));
    lockstep_with(&rules, m, games, what)
}

fn lockstep_with(rules: &Arc<Rules>, m: &Machine, games: u64, what: &str) -> Tally {
    let mut tally = Tally::default();
    let mut listing = Listing::default();
    for seed in 0..games {
        let mut pos = Position::with_seed(rules.clone(), seed);
        pos.defer_stuck(true);
        let mut undo = Undo::default();
        let mut rng = Rng::new(seed);
        let mut s = Situation::default();
        let mut answered = 0;
        let mut gave_up = false;
        for _ in 0..300 {
            // Only where the machine gave up may the general engine reach
            // a position it does not hold (a figure piled on a square).
            if !s.load(m, &pos) {
                assert!(gave_up, "{what}: the machine holds the position");
                break;
            }
            if pos.status() != &Status::Playing {
                assert_eq!(
                    s.winner(),
                    match pos.status() {
                        Status::Over { winner, .. } => Some(*winner),
                        Status::Playing => None,
                    }
                );
                break;
            }
            if m.list(rules, &s, &mut listing).is_none() {
                tally.gave_up += 1;
                if !gave_up {
                    tally.handed_after.push(answered);
                }
                break;
            }
            // Listed the general way, source for source the same (a turn
            // that only places is listed on its own, `super::placing`).
            let mut generally = Listing::default();
            assert!(m.list_generally(rules, &s, &mut generally).is_some());
            assert_eq!(generally.sources, listing.sources, "{what}: the sources");
            assert_eq!(generally.total, listing.total, "{what}: the total");
            // The game overs answered straight from the situation
            // (`super::ends`), as they are worked out as expressions.
            if let Some(ends) = &m.direct_ends {
                let direct = m.game_over_directly(rules, &s, ends);
                if direct.is_some() {
                    assert_eq!(direct, m.game_over_generally(rules, &s), "{what}: the game over");
                }
            }
            let listed: Vec<_> = (0..listing.total)
                .map(|i| m.nth(&listing, i).expect("a listed step"))
                .collect();
            let (steps, distinct) = general_steps(m, &pos);
            assert_eq!(listed.len(), steps, "{what}: as many steps");
            assert_eq!(
                listed.into_iter().collect::<BTreeSet<_>>(),
                distinct,
                "{what}: the legal steps"
            );
            let end = m.may_end(&s, listing.total > 0);
            assert_eq!(
                end,
                pos.can_end_move() || pos.can_pass(),
                "{what}: ending the move"
            );
            let n = listing.total as usize + usize::from(end);
            let action = match n {
                0 => Action::Stuck,
                n => match rng.below(n) {
                    k if k == listing.total as usize => Action::End,
                    k => {
                        let (rule, from, kind, to) = m.nth(&listing, k as u32).unwrap();
                        Action::Step { rule, from, kind, to }
                    }
                },
            };
            if let Action::Step { rule, to, .. } = action {
                let handover = m.steps[usize::from(rule)].handover.as_ref();
                let handed = handover
                    .zip(m.cell(to))
                    .and_then(|(h, bit)| listing.kept.hand(rule, h, s.to_move, s.bits, 1 << bit));
                tally.handed_on += usize::from(handed.is_some());
            }
            let mut after = s.clone();
            let done = m.act(rules, &mut after, action, Some(&listing.kept));
            // Without what the listing worked out, the same.
            let mut alone = s.clone();
            let done_alone = m.act(rules, &mut alone, action, None);
            assert_eq!(
                done, done_alone,
                "{what}: {action:?} done with the listing's results"
            );
            if done.is_some() {
                assert_eq!(
                    after, alone,
                    "{what}: after {action:?} with the listing's results"
                );
            }
            let general = general_act(m, &mut pos, action, &mut undo);
            let Some(done) = done else {
                tally.gave_up += 1;
                if !gave_up {
                    tally.handed_after.push(answered);
                }
                gave_up = true;
                continue;
            };
            tally.answered += 1;
            answered += 1;
            assert_eq!(done, general, "{what}: {action:?} done");
            if !done {
                break;
            }
            let mut fresh = Situation::default();
            assert!(fresh.load(m, &pos), "{what}");
            assert_eq!(after, fresh, "{what}: after {action:?}");
        }
        pos.revert(undo);
        assert_eq!(pos.hash(), Position::with_seed(rules.clone(), seed).hash());
    }
    tally
}

#[test]
fn the_yardstick_games_are_played_on_the_machine() {
    for file in [
        "tic-tac-toe.game.xml",
        "connect-four.game.xml",
        "reversi.game.xml",
        "english-checkers.game.xml",
    ] {
        let (_, rules) = crate::open(&examples::text(file)).unwrap();
        assert!(rules.machine().is_some(), "{file}: {:?}", rules.why_no_machine());
    }
}

#[test]
fn checkers_steps_read_their_targets_answered_ahead_from_the_machine_s_own_table() {
    let (_, rules) = crate::open(&examples::text("english-checkers.game.xml")).unwrap();
    let m = rules.machine().unwrap();
    // Checkers that started on different squares are alike (no rule asks
    // where a figure started): a man and a king of each player.
    assert_eq!(m.kinds.len(), 4, "{} kinds", m.kinds.len());
    for rule in &m.steps {
        assert!(rule.ahead.is_some(), "rule {}", rule.index);
    }
}

#[test]
fn a_turn_that_only_places_from_supplies_is_listed_on_its_own() {
    let placing = |file: &str| {
        let (_, rules) = crate::open(&examples::text(file)).unwrap();
        let m = rules.machine().unwrap();
        m.placing.iter().filter(|r| r.is_some()).count()
    };
    assert_eq!(placing("tic-tac-toe.game.xml"), 1);
    assert_eq!(placing("connect-four.game.xml"), 1);
    // Its effects read what the listing found: listed rule by rule.
    assert_eq!(placing("reversi.game.xml"), 0);
    // Its figures move on the board.
    assert_eq!(placing("english-checkers.game.xml"), 0);
}

/// Plays `games` random games of `text` on the machine, making each step
/// as a playout does and again drawn from the listing of every step: the
/// same action, outcome and situation, and the generator left the same.
/// How many steps were drawn and made at once, as a placing turn's that
/// ends the move (`super::placing`).
fn placed_as_listed(text: &str, games: u64, what: &str) -> usize {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
    let rules = Arc::new(rules);
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{what}: {:?}", rules.why_no_machine()));
    let mut listing = Listing::default();
    let mut at_once = 0;
    for seed in 0..games {
        let mut s = Situation::default();
        assert!(s.load(m, &Position::with_seed(rules.clone(), seed)), "{what}");
        let mut rng = Rng::new(seed);
        for _ in 0..300 {
            at_once += usize::from(m.placed[usize::from(s.progress)].is_some());
            let (mut listed, mut listed_rng, mut listed_actions) = (s.clone(), rng.clone(), Vec::new());
            let mut actions = Vec::new();
            let done = m.random_step(&rules, &mut s, &mut rng, &mut listing, &mut actions, None);
            let from_listing = m.random_listed_step(
                &rules,
                &mut listed,
                &mut listed_rng,
                &mut listing,
                &mut listed_actions,
                None,
            );
            assert_eq!(done, from_listing, "{what}: {actions:?}");
            assert_eq!(actions, listed_actions, "{what}");
            assert_eq!(
                rng.clone().next_u64(),
                listed_rng.next_u64(),
                "{what}: as many draws"
            );
            if done != Outcome::Done {
                break;
            }
            assert_eq!(s, listed, "{what}: after {actions:?}");
        }
    }
    at_once
}

#[test]
fn a_placing_step_drawn_at_once_is_the_step_drawn_from_the_listing() {
    let text = examples::text("tic-tac-toe.game.xml");
    let supply = r##"<figure name="x" type="cross" origin="crosses" owner="1" colour="#d62828" count="5"/>"##;
    let ends = r#"<end name="three-in-a-row" winner="opponent">"#;
    assert!(
        [supply, ends, "<step name=\"place\">", "<to type=\"square\"/>"]
            .iter()
            .all(|part| text.contains(part)),
        "Tic-Tac-Toe as it was"
    );
    // Each with whether its steps are drawn at once.
    let variants = [
        // Two kinds in one supply: two sources with the same targets.
        (
            text.replace(
                supply,
                &format!(
                    r#"{supply}<figure name="big" type="big-cross" origin="crosses" owner="1" count="3"/>"#
                ),
            ),
            true,
        ),
        // Seventy kinds in one supply: more than a word of them.
        (
            text.replace(
                supply,
                &(0..70).fold(supply.to_string(), |all, i| {
                    format!(r#"{all}<figure name="k{i}" type="kind-{i}" origin="crosses" owner="1"/>"#)
                }),
            ),
            true,
        ),
        // Two supplies of one player.
        (
            text.replace(
                "<group name=\"crosses\"/>",
                "<group name=\"crosses\"/><group name=\"spare\"/>",
            )
            .replace(
                supply,
                &format!(r#"{supply}<figure name="y" type="cross" origin="spare" owner="1" count="2"/>"#),
            ),
            true,
        ),
        // A supply that runs out: its player is stuck.
        (
            text.replace(supply, &supply.replace(r#"count="5""#, r#"count="2""#)),
            true,
        ),
        // A game over not answered straight from the situation.
        (
            text.replace(
                ends,
                r#"<end name="three-in-a-row" winner="if player = 1 then 2 else 1">"#,
            ),
            true,
        ),
        // A step that takes what is where it lands, or has an effect:
        // made as a step from the listing is.
        (
            text.replace(r#"<step name="place">"#, r#"<step name="place" capture="yes">"#),
            false,
        ),
        (
            text.replace(
                "<to type=\"square\"/>",
                "<to type=\"square\"/><effect>change owner of top(to) to player</effect>",
            ),
            false,
        ),
    ];
    for (n, (variant, at_once)) in variants.iter().enumerate() {
        let what = format!("variant {n}");
        assert_eq!(
            placed_as_listed(variant, 20, &what) > 0,
            *at_once,
            "{what}: drawn at once"
        );
        // And the listing both draw from is the general engine's.
        let tally = lockstep(variant, 6, &what);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{what}: {tally:?}");
    }
    let mut placing = 0;
    for file in examples::files() {
        let text = examples::text(&file);
        let (_, rules) = crate::open(&text).unwrap();
        if rules.machine().is_some() {
            placing += usize::from(placed_as_listed(&text, 6, &file) > 0);
        }
    }
    // Tic-Tac-Toe and Connect Four.
    assert!(placing >= 2, "{placing} examples place at once");
}

#[test]
fn game_overs_that_bind_no_name_are_asked_with_no_room_for_one() {
    let binds = |file: &str| {
        let (_, rules) = crate::open(&examples::text(file)).unwrap();
        rules.machine().unwrap().ends_bind
    };
    // `in_a_row(board, 3, opponent)` and `empty(crosses) and empty(circles)`.
    assert!(!binds("tic-tac-toe.game.xml"));
    // `every s in squares(board) where not empty(s)`.
    assert!(binds("connect-four.game.xml"));
}

#[test]
fn game_overs_of_lines_supplies_and_a_full_board_are_answered_directly() {
    let direct: Vec<String> = examples::files()
        .into_iter()
        .filter(|file| {
            let (_, rules) = crate::open(&examples::text(file)).unwrap();
            rules.machine().is_some_and(|m| m.direct_ends.is_some())
        })
        .collect();
    // `in_a_row(board, 3, opponent)`, `empty(crosses) and empty(circles)`;
    // `every s in squares(board) where not empty(s)`; `empty(pile)`.
    for file in ["tic-tac-toe", "connect-four", "nim12", "nim345"] {
        assert!(direct.contains(&format!("{file}.game.xml")), "{file}");
    }
    // A full board is read from the squares with a figure on.
    let (_, rules) = crate::open(&examples::text("connect-four.game.xml")).unwrap();
    let ends = format!("{:?}", rules.machine().unwrap().direct_ends);
    assert!(ends.contains("Filled(Every, true)"), "{ends}");
    // A counter compared with a number: `value(quiet) >= 80`.
    assert!(direct.contains(&"english-checkers.game.xml".to_string()));
    // A winner worked out by counting.
    assert!(!direct.contains(&"reversi.game.xml".to_string()));
}

/// Checkers' draw by quiet moves written other ways, each answered
/// straight from the situation where it has that form (checked against
/// the general way at every position of the lockstep games): the number
/// first, counts the games reach, two counts joined, and a trigger that
/// holds yes or no, which is asked the general way.
#[test]
fn a_counter_compared_with_a_number_ends_the_game_as_the_general_engine_ends_it() {
    const QUIET: &str = "<when>value(quiet) >= 80</when>";
    const TRIGGER: &str = r#"<trigger name="quiet" type="number" value="0" visible="no"/>"#;
    let text = examples::text("english-checkers.game.xml");
    assert!(
        text.contains(QUIET) && text.contains(TRIGGER),
        "checkers draws as it did"
    );
    let direct = |text: &str| {
        let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
        rules.machine().expect("a machine").direct_ends.is_some()
    };
    for (when, is_direct) in [
        ("80 &lt;= value(quiet)", true),
        ("value(quiet) = 5", true),
        ("value(quiet) > 3 and value(quiet) != 6", true),
        ("not (4 > value(quiet))", true),
        ("value(quiet) + 0 >= 6", false),
    ] {
        let changed = text.replace(QUIET, &format!("<when>{when}</when>"));
        assert_eq!(direct(&changed), is_direct, "{when}");
        let tally = lockstep(&changed, 6, when);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{when}: {tally:?}");
    }
    // A trigger of yes or no compared with a number: asked the general way
    // (which says the two are not equal).
    let flag = text
        .replace(
            TRIGGER,
            &format!(r#"{TRIGGER}<trigger name="flag" type="yes-no" value="no" visible="no"/>"#),
        )
        .replace(QUIET, "<when>value(flag) = 0</when>");
    assert!(direct(&flag));
    let tally = lockstep(&flag, 6, "a yes-or-no trigger");
    assert!(tally.answered > 0, "{tally:?}");
}

#[test]
fn a_condition_that_reads_nothing_of_the_step_is_asked_once_a_listing() {
    let (_, rules) = crate::open(&examples::text("english-checkers.game.xml")).unwrap();
    let m = rules.machine().unwrap();
    let gates = |name: &str| {
        let i = rules.steps.iter().position(|r| r.name == name).expect("a rule");
        m.steps
            .iter()
            .find(|r| r.index == i)
            .expect("on the machine")
            .gates
            .len()
    };
    // `not can(jump) and not can(crown)`; `apart(from, to, 1)` and the
    // others read the step.
    assert_eq!(gates("step"), 1);
    assert_eq!(gates("jump"), 0);
    assert_eq!(gates("crown"), 0);
}

/// The plain step's gate, `not can(jump) and not can(crown)`, written
/// other ways: `can` asked straight from the listing where the gate only
/// joins `can` and `not can` by `and`, and evaluated where it is of
/// another form; each listed as the general engine lists it.
#[test]
fn a_gate_of_cans_is_asked_of_the_listing_as_the_general_engine_asks_it() {
    const GATE: &str = "<when>not can(jump) and not can(crown)</when>";
    let text = examples::text("english-checkers.game.xml");
    assert!(text.contains(GATE), "checkers' plain step as it was");
    let cans = |text: &str| {
        let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
        let m = rules.machine().expect("a machine");
        let i = rules.steps.iter().position(|r| r.name == "step").expect("a rule");
        let rule = m.steps.iter().find(|r| r.index == i).expect("on the machine");
        format!("{:?}", rule.gates)
    };
    assert!(cans(&text).starts_with("[Cans([("), "{}", cans(&text));
    for (gate, asked) in [
        ("not can(crown) and not can(jump)", "[Cans(["),
        ("not (can(jump) or can(crown))", "[Exprs(["),
        ("can(jump) = no and not can(crown)", "[Exprs(["),
        ("not can(jump) and (not can(crown) and not can(jump))", "[Cans(["),
    ] {
        let changed = text.replace(GATE, &format!("<when>{gate}</when>"));
        assert!(cans(&changed).starts_with(asked), "{gate}: {}", cans(&changed));
        let tally = lockstep(&changed, 6, gate);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{gate}: {tally:?}");
    }
}

/// Reversi with its flipping effect `for each d in directions do if …`
/// written as `if traps(to, d) and guard(to, d) then …`, `guard` defined
/// as `guard`.
fn reversi_guarded(guard: &str) -> String {
    let text = examples::text("reversi.game.xml");
    let old = "<effect>for each d in directions do if traps(to, d) then";
    assert!(text.contains(old), "Reversi flips as it did");
    text.replace(
        old,
        "<effect>for each d in directions do if traps(to, d) and guard(to, d) then",
    )
    .replace(
        "</definitions>",
        &format!("<define name=\"guard\" of=\"s d\">{guard}</define></definitions>"),
    )
}

/// How many of the effects of the first step rule flip along every
/// direction at once.
fn rays(text: &str) -> usize {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{:?}", rules.why_no_machine()));
    m.steps[0].effects.iter().map(|e| e.rays()).sum()
}

/// Of those, how many work out once the condition that ends each run (and
/// of those, how many with the directions' conditions, in one program),
/// and how many the new owner.
fn shared(text: &str) -> (usize, usize, usize) {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{:?}", rules.why_no_machine()));
    m.steps[0]
        .effects
        .iter()
        .map(|e| e.shared())
        .fold((0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
}

#[test]
fn reversi_works_out_where_it_flips_in_every_direction_at_once() {
    assert_eq!(rays(&examples::text("reversi.game.xml")), 1);
    // A condition that reads the squares left of the target, which the
    // flips to the left change: each direction is asked after the flips
    // before it.
    for guard in [
        "owner(neighbour(s, left)) != player",
        "count(run(s, &quot;left&quot;)) &lt; 2",
    ] {
        let text = reversi_guarded(guard);
        assert_eq!(rays(&text), 0, "{guard}");
        let tally = lockstep(&text, 6, guard);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{guard}: {tally:?}");
    }
    // Along the direction alone, from the target, or nowhere.
    for guard in ["player > 0", "not empty(neighbour(s, d))"] {
        let text = reversi_guarded(guard);
        assert_eq!(rays(&text), 1, "{guard}");
        let tally = lockstep(&text, 6, guard);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{guard}: {tally:?}");
    }
}

/// How many results of its listing the first step rule hands on to its
/// effects.
fn handed_on(text: &str) -> usize {
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{:?}", rules.why_no_machine()));
    m.steps[0].handover.as_ref().map_or(0, |h| h.keep.len())
}

#[test]
fn reversi_flips_where_its_listing_found_a_line_trapped() {
    // The eight directions and where the runs stop.
    let text = examples::text("reversi.game.xml");
    assert_eq!(handed_on(&text), 9);
    let tally = lockstep(&text, 6, "Reversi");
    assert!(tally.handed_on > 100 && tally.gave_up == 0, "{tally:?}");
    // A flip that asks more than the listing did works it out itself.
    let text = reversi_guarded("player > 0");
    assert_eq!(handed_on(&text), 0);
    // An effect before the flips that changes the square left of the
    // target: the listing's answer there is wrong after it, and is not
    // read.
    let old = "<effect>for each d in directions do";
    let text = examples::text("reversi.game.xml").replace(
        old,
        &format!(
            "<effect>if column(to) &gt; 1 and owner(neighbour(to, left)) = player then \
             change owner of top(neighbour(to, left)) to opponent</effect>{old}"
        ),
    );
    assert_eq!(handed_on(&text), 9);
    let tally = lockstep(&text, 8, "a change left of the target first");
    assert!(tally.handed_on > 100 && tally.gave_up == 0, "{tally:?}");
}

#[test]
fn what_a_listing_worked_out_on_another_board_is_not_read() {
    let (_, rules) = crate::open(&examples::text("reversi.game.xml")).unwrap();
    let rules = Arc::new(rules);
    let m = rules.machine().unwrap();
    let mut s = Situation::default();
    assert!(s.load(m, &Position::new(rules.clone())));
    let (mut before, mut now) = (Listing::default(), Listing::default());
    m.list(&rules, &s, &mut before).unwrap();
    let (rule, from, kind, to) = m.nth(&before, 0).unwrap();
    m.act(
        &rules,
        &mut s,
        Action::Step { rule, from, kind, to },
        Some(&before.kept),
    );
    m.list(&rules, &s, &mut now).unwrap();
    let handover = m.steps[usize::from(rule)].handover.as_ref().unwrap();
    for i in 0..now.total {
        let (rule, from, kind, to) = m.nth(&now, i).unwrap();
        let bit = 1 << m.cell(to).unwrap();
        assert!(now.kept.hand(rule, handover, s.to_move, s.bits, bit).is_some());
        assert!(before.kept.hand(rule, handover, s.to_move, s.bits, bit).is_none());
        let action = Action::Step { rule, from, kind, to };
        let (mut stale, mut alone) = (s.clone(), s.clone());
        assert!(m.act(&rules, &mut stale, action, Some(&before.kept)).is_some());
        assert!(m.act(&rules, &mut alone, action, None).is_some());
        assert_eq!(stale, alone, "{action:?}");
    }
}

#[test]
fn reversi_works_out_once_where_every_run_of_flips_stops_and_whose_the_discs_become() {
    assert_eq!(shared(&examples::text("reversi.game.xml")), (1, 1, 1));
    // A run that ends by a square next to it, which a run going another
    // way may have flipped: each run's end is looked for after the runs
    // before it have flipped.
    let text = examples::text("reversi.game.xml");
    let old = "for each s in run(to, d) do change owner of top(s) to player";
    assert!(text.contains(old), "Reversi flips as it did");
    let next_to = text.replace(
        old,
        "for each s in (all t in line(to, d) until owner(t) != opponent or owner(neighbour(t, up)) = player) \
         do change owner of top(s) to player",
    );
    assert_eq!(rays(&next_to), 1);
    assert_eq!(shared(&next_to), (0, 0, 1));
    let tally = lockstep(&next_to, 8, "a run that ends by its neighbour");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

#[test]
fn every_example_the_machine_plays_agrees_with_the_general_engine() {
    let mut played = 0;
    for file in examples::files() {
        let (_, rules) = crate::open(&examples::text(&file)).unwrap();
        if rules.machine().is_none() {
            continue;
        }
        played += 1;
        let tally = lockstep(&examples::text(&file), 4, &file);
        assert!(tally.answered > 0, "{file}: {tally:?}");
        assert_eq!(tally.gave_up, 0, "{file}: {tally:?}");
    }
    assert!(played >= 6, "{played} examples on the machine");
}

/// How many of a game's step rules work out where their steps may start
/// for every figure at once ([`super::steps::StepRule::starts`]).
fn with_starts(text: &str) -> usize {
    let (_, rules) = crate::open(text).unwrap();
    let m = rules.machine().unwrap();
    m.steps.iter().filter(|r| !r.starts.is_empty()).count()
}

/// Checkers with its jump written other ways: a `between` in an `or` or
/// under a `not` (no starts), two `between`s, a part of the target alone
/// beside one, a jump that captures where it lands: each listed as the
/// general engine lists it, with the starts where they can be worked out.
#[test]
fn jumps_written_other_ways_start_where_the_general_engine_finds_them() {
    const JUMPS: &str = r#"<define name="jumps" of="a b">owner(between(a, b)) = opponent and (last_to = "" or a = last_to)</define>"#;
    let text = examples::text("english-checkers.game.xml");
    assert!(text.contains(JUMPS), "checkers jumps as it did");
    // The jump and the crown.
    assert_eq!(with_starts(&text), 2);
    for (jumps, starts) in [
        (
            r#"(owner(between(a, b)) = opponent or owner(between(a, b)) = player) and (last_to = "" or a = last_to)"#,
            0,
        ),
        (
            r#"not (owner(between(a, b)) != opponent) and (last_to = "" or a = last_to)"#,
            0,
        ),
        (
            r#"owner(between(a, b)) = opponent and not empty(between(a, b)) and (last_to = "" or a = last_to)"#,
            2,
        ),
        (
            r#"column(b) != 3 and owner(between(a, b)) = opponent and (last_to = "" or a = last_to)"#,
            2,
        ),
        (
            r#"(last_to = "" or a = last_to) and owner(between(a, b)) = opponent"#,
            2,
        ),
    ] {
        let changed = text.replace(
            JUMPS,
            &format!(r#"<define name="jumps" of="a b">{jumps}</define>"#),
        );
        assert_eq!(with_starts(&changed), starts, "{jumps}");
        let tally = lockstep(&changed, 6, jumps);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{jumps}: {tally:?}");
    }
    // A jump that captures where it lands: any square is room.
    let capturing = text.replacen(r#"<step name="jump">"#, r#"<step name="jump" capture="yes">"#, 1);
    assert_ne!(capturing, text);
    assert_eq!(with_starts(&capturing), 2);
    let tally = lockstep(&capturing, 6, "a capturing jump");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// Connect Four with its drop written other ways: `not` of a square's
/// neighbour being empty, going up, sideways and diagonally, each side
/// of an `or`, listed by the machine's placing turn; and lines of other
/// lengths, one longer than the board, found by the machine's game overs.
/// (The set programs are the general engine's too: they are checked
/// against the answers target by target in `position/fast_tests.rs`.)
#[test]
fn drops_written_with_not_and_any_neighbour_play_as_the_general_engine_plays() {
    const DROP: &str = "row(to) = 6 or not empty(neighbour(to, down))";
    const LINE: &str = "in_a_row(board, 4, opponent)";
    let text = examples::text("connect-four.game.xml");
    assert!(
        text.contains(DROP) && text.contains(LINE),
        "Connect Four drops as it did"
    );
    for (drop, line) in [
        (
            "row(to) = 1 or not empty(neighbour(to, up))",
            "in_a_row(board, 40, opponent)",
        ),
        (
            "not empty(neighbour(to, down-left)) or not (not empty(neighbour(to, right)) or row(to) = 3)",
            "in_a_row(board, 3, opponent) and not in_a_row(board, 6, player)",
        ),
        (
            "not empty(neighbour(to, up-right)) or column(to) = 1 or row(to) = 6",
            "in_a_row(board, 7, opponent)",
        ),
        (
            "not (row(to) != 6 and empty(neighbour(to, down)))",
            "in_a_row(board, 5, opponent)",
        ),
    ] {
        let changed = text.replace(DROP, drop).replace(LINE, line);
        let tally = lockstep(&changed, 6, drop);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{drop}: {tally:?}");
    }
}

#[cfg(test)]
mod hostile;
mod narrow;
mod reach;
mod shared;

/// Checkers with the type of the figure that steps compared other ways
/// in its effect: the text first, `!=`, and a text that names no type
/// (never the figure's). A type compared with a text naming one is
/// compared by number on the machine; each keeps the same count of quiet
/// moves as the general engine, step by step.
#[test]
fn a_type_compared_with_a_text_is_the_general_engine_s_answer() {
    const QUIET: &str = r#"if type(figure) = "stone" and row(to) = last_row then 0"#;
    let text = examples::text("english-checkers.game.xml");
    assert!(text.contains(QUIET), "checkers counts quiet moves as it did");
    for quiet in [
        r#"if "stone" = type(figure) and row(to) = last_row then 0"#,
        r#"if type(figure) != "crown" and row(to) = last_row then 0"#,
        r#"if type(figure) = "queen" or row(to) = last_row then 0"#,
        r#"if "crown" != type(figure) or row(to) = 4 then 0"#,
    ] {
        let changed = text.replace(QUIET, quiet);
        let tally = lockstep(&changed, 6, quiet);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{quiet}: {tally:?}");
    }
}

/// Checkers whose jump sets its count of quiet moves by a part that reads
/// only the player on move: worked out for each player where it can be,
/// and left to give up where it divides by zero for one of them, as the
/// general engine plays it either way.
#[test]
fn a_part_worked_out_for_each_player_plays_as_the_general_engine_plays() {
    const SET: &str = "<effect>set quiet to 0</effect>";
    let text = examples::text("english-checkers.game.xml");
    assert!(text.contains(SET), "checkers resets its count as it did");
    let folded = text.replace(
        SET,
        "<effect>set quiet to (if player = 1 then 2 else 3) - opponent</effect>",
    );
    let tally = lockstep(&folded, 6, "worked out for each player");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
    let divided = text.replace(SET, "<effect>set quiet to 6 / (player - 1) * 0</effect>");
    let tally = lockstep(&divided, 6, "divided by zero for player 1");
    assert!(tally.answered > 0 && tally.gave_up > 0, "{tally:?}");
}

/// Checkers whose count of quiet moves is set by comparisons and sums of
/// sides the machine reads in place ([`super::ops`]): `row`, `column`,
/// `owner` and `type` of the step's places and figure, the count itself,
/// `last_to` and `player`. Each is played step by step beside the general
/// engine. A type compared with a number, and a sum dividing by zero,
/// give up on the machine, and the general engine answers.
#[test]
fn sides_read_in_place_are_the_general_engine_s_answer() {
    const QUIET: &str = r#"if type(figure) = "stone" and row(to) = last_row then 0 else value(quiet) + 1"#;
    let text = examples::text("english-checkers.game.xml");
    assert!(text.contains(QUIET), "checkers counts quiet moves as it did");
    let answered = [
        "if row(to) = column(from) then 0 else value(quiet) + 1",
        "if owner(from) = player then value(quiet) + row(to) - row(from) else 99",
        r#"if last_to = "" and column(to) > column(from) then value(quiet) + 2 else 1"#,
        "if last_to = to then 99 else value(quiet) + 1",
        "if player = owner(to) then 99 else value(quiet) + 1",
    ];
    let given_up = [
        "if type(figure) = owner(to) then 99 else value(quiet) + 1",
        "value(quiet) / (row(to) - row(to))",
    ];
    for (quiet, gives_up) in answered
        .iter()
        .map(|q| (q, false))
        .chain(given_up.iter().map(|q| (q, true)))
    {
        let changed = text.replace(QUIET, quiet);
        let tally = lockstep(&changed, 6, quiet);
        assert!(
            tally.answered > 0 && (tally.gave_up > 0) == gives_up,
            "{quiet}: {tally:?}"
        );
    }
}

/// A sum nested as deep as the rule language allows is compiled for the
/// machine in one pass over its parts, and plays as the general engine
/// plays it.
#[test]
fn a_deeply_nested_sum_is_compiled_once_and_plays_as_the_general_engine() {
    const QUIET: &str = r#"if type(figure) = "stone" and row(to) = last_row then 0 else value(quiet) + 1"#;
    let text = examples::text("english-checkers.game.xml");
    assert!(text.contains(QUIET), "checkers counts quiet moves as it did");
    let nested = (0..40).fold("value(quiet)".to_string(), |x, _| {
        format!("(row(to) - row(to) + {x})")
    });
    let changed = text.replace(QUIET, &format!("{nested} + 1"));
    let tally = lockstep(&changed, 2, "a deeply nested sum");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// Breakthrough's conditions relating `to` with `from` (`row(to) -
/// row(from) = …`) have no form as sets: where the rules answer them ahead
/// nothing is left to ask, and where they do not they are asked of each
/// square the sets allow; `captured` is read as the figure on `to`. Both
/// play as the general engine plays.
#[test]
fn conditions_with_no_form_as_sets_are_asked_square_by_square() {
    let text = examples::text("breakthrough.game.xml");
    let forward = "row(to) - row(from) = (if player = 1 then 1 else -1) and empty(to)";
    assert!(text.contains(forward));
    // Written first, the part that reads only the board's shape and the
    // player is answered ahead: nothing is left to ask square by square.
    let (_, rules) = crate::open(&text).unwrap();
    let m = rules.machine().unwrap();
    assert!(m.steps.iter().all(|r| r.each.is_empty()), "answered ahead");
    let tally = lockstep(&text, 8, "Breakthrough");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
    // Written after the part that reads the position, it is asked of each
    // square the sets allow.
    let changed = text.replace(
        forward,
        "empty(to) and row(to) - row(from) = (if player = 1 then 1 else -1)",
    );
    let (_, rules) = crate::open(&changed).unwrap();
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{:?}", rules.why_no_machine()));
    let each: Vec<usize> = m.steps.iter().map(|r| r.each.len()).collect();
    assert_eq!(each, [1, 0], "the advance asks one condition square by square");
    let tally = lockstep(&changed, 8, "Breakthrough, empty(to) first");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// `numbers(a, b)` and `square(board, row, column)` are compiled: counted
/// backwards (no numbers) and off the board (no square). Where the list's
/// length has no bound as the game is compiled, or is too long, the
/// general evaluator answers.
#[test]
fn numbers_and_square_play_as_the_general_engine_plays() {
    let text = examples::text("breakthrough.game.xml");
    let far_row =
        "any c in numbers(1, 6) where owner(square(board, if opponent = 1 then 6 else 1, c)) = opponent";
    assert!(text.contains(far_row));
    for (when, compiled) in [
        (far_row, true),
        ("any c in numbers(6, 1) where owner(square(board, 1, c)) = opponent", true),
        ("any c in numbers(0, 7) where owner(square(board, if opponent = 1 then 6 else 1, c)) = opponent", true),
        ("(how many r in numbers(1, 6) where owner(square(board, r, r)) = player) &gt; 2 + (how many c in numbers(1, 3) where c = 2)", true),
        // Bounded by what its ends are made of: a column, an item of
        // `numbers(1, 6)`.
        ("any s in squares(board) where any c in numbers(column(s) - 1, column(s)) where c = column(s) and owner(square(board, if opponent = 1 then 6 else 1, c)) = opponent", true),
        ("any r in numbers(1, 6) where any c in numbers(r - 1, r + 1) where c = r and owner(square(board, if opponent = 1 then 6 else 1, c)) = opponent", true),
        // No bound on its length as the game is compiled: the general
        // evaluator, which counts its work as it goes, answers.
        ("any c in numbers(1, sum r in numbers(1, row(last_to)) of r) where owner(square(board, if opponent = 1 then 6 else 1, c)) = opponent", false),
        ("any c in numbers(1, 20000) where c = 0", true),
    ] {
        let changed = text.replace(far_row, when);
        let (_, rules) = crate::open(&changed).unwrap();
        assert_eq!(rules.machine().is_some(), compiled, "{when}: {:?}", rules.why_no_machine());
        if compiled {
            let tally = lockstep(&changed, 6, when);
            let too_long = when.contains("20000");
            assert!(tally.answered > 0 || too_long, "{when}: {tally:?}");
            assert_eq!(tally.gave_up > 0, too_long, "{when}: {tally:?}");
        }
    }
}

/// A `for each` through a list with no bound as written (a counter's
/// value) is counted as it runs: the machine plays it while the work is
/// within what the general runner allows, and hands over where it is
/// not, so that the general engine says why.
#[test]
fn a_list_with_no_bound_is_counted_as_the_machine_goes_through_it() {
    let text = examples::text("breakthrough.game.xml");
    let advance = "and empty(to)</when>";
    assert!(text.contains(advance));
    let changed = text
        .replace(
            "</figures>",
            "</figures><triggers><trigger name=\"tally\" type=\"number\" value=\"0\"/></triggers>",
        )
        .replace(
            advance,
            &format!(
                "{advance}<effect>(set tally to value(tally) * 2 + 3; for each k in numbers(1, value(tally)) \
                 do if any s in squares(board) where row(s) = 9 then set tally to 0 else set tally to value(tally) + 1)</effect>"
            ),
        );
    let tally = lockstep(&changed, 6, "a counted list");
    assert!(tally.answered > 0 && tally.gave_up > 0, "{tally:?}");
}

/// `for each` figure on a square of the board: the one there, if any, as
/// the general runner goes through the figures on it.
#[test]
fn the_figure_on_a_square_is_gone_through_as_the_general_engine_goes_through_it() {
    let text = examples::text("breakthrough.game.xml");
    let advance = "and empty(to)</when>";
    let changed = text.replace(
        advance,
        &format!(
            "{advance}<effect>if column(to) &gt; 1 then for each s in contains(neighbour(to, left)) \
             do change owner of s to player</effect>"
        ),
    );
    let tally = lockstep(&changed, 6, "the figures on a square");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// Tic-Tac-Toe whose placing has `effect`, with a basket `taken`.
fn tic_tac_toe_with(effect: &str) -> String {
    let text = examples::text("tic-tac-toe.game.xml");
    let changed = text
        .replace(
            "<to type=\"square\"/>",
            &format!("<to type=\"square\"/><effect>{effect}</effect>"),
        )
        .replace(
            "<board name=\"grid\"",
            "<basket name=\"taken\"/><board name=\"grid\"",
        );
    assert_eq!(
        changed.matches("taken").count(),
        1 + effect.matches("taken").count()
    );
    changed
}

/// The alike figures of a pile gone through, each leaving the pile or
/// changing through its name; a figure followed by its name once it has
/// moved or changed; the top of a pile of one kind.
#[test]
fn the_alike_figures_on_a_pile_are_gone_through_as_the_general_engine_goes_through_them() {
    for effect in [
        "if count(contains(crosses)) = 2 then for each s in contains(crosses) do (change owner of s to 2; move s to taken)",
        "if count(contains(circles)) = 2 then for each s in contains(circles) do (move s to taken; change owner of s to 1)",
        "for each s in contains(to) do (move s to taken; change owner of s to opponent; move s to to)",
        "if count(contains(crosses)) = 3 then move top(crosses) to taken",
    ] {
        let tally = lockstep(&tic_tac_toe_with(effect), 8, effect);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{effect}: {tally:?}");
    }
}

/// Loops over a pile where the machine cannot tell which figure is the
/// general engine's item: it gives up, and never answers otherwise.
#[test]
fn a_loop_over_a_pile_whose_figures_it_cannot_tell_apart_is_left_to_the_general_engine() {
    for effect in [
        // The item stays: the next may be it again.
        "for each s in contains(crosses) do if owner(s) = 2 then remove s",
        // Something else takes from the pile while it is gone through.
        "for each s in contains(crosses) do (move top(crosses) to taken; move s to taken)",
        // One of the kind is put back on it.
        "for each s in contains(circles) do (move s to taken; move top(taken) to circles)",
        // Two of its figures compared.
        "for each s in contains(crosses) do for each t in contains(crosses) do if s = t then move s to taken",
    ] {
        let tally = lockstep(&tic_tac_toe_with(effect), 8, effect);
        assert!(tally.gave_up > 0, "{effect}: {tally:?}");
    }
}

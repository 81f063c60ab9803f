//! Playing small games built in code: the seed's examples and edge cases.

use super::*;
use crate::model::*;

fn eq(name: &str, kind: EquipmentKind) -> Equipment {
    Equipment::new(name, kind)
}

fn fig(name: &str, kind: &str, origin: &str) -> Figure {
    Figure::new(name, kind, origin)
}

pub(crate) fn nim12() -> Game {
    Game {
        title: "NIM12".into(),
        players: 2,
        equipment: vec![
            eq("matchgroup", EquipmentKind::Group),
            eq("basket", EquipmentKind::Basket),
        ],
        figures: (1..=12)
            .map(|i| fig(&format!("m.{i}"), "match", "matchgroup"))
            .collect(),
        steps: vec![StepRule {
            name: "take".into(),
            what: FigurePattern {
                kind: Some(Pattern::exact("match")),
                ..Default::default()
            },
            from: PlacePattern::named("matchgroup"),
            to: PlacePattern::named("basket"),
            when: vec![],
            effects: vec![],
            capture: false,
        }],
        moves: vec![MoveRule {
            name: "turn".into(),
            sequence: "take x1-3".into(),
        }],
        game_over: vec![GameOver {
            name: "last-match".into(),
            when: vec!["empty(matchgroup)".into()],
            winner: "player".into(),
        }],
        ..Game::default()
    }
}

pub(crate) fn ball_puzzle() -> Game {
    let squares = PlacePattern {
        name: Some(Pattern::with_vars("s.?", &["from"])),
        kind: None,
    };
    let to_squares = PlacePattern {
        name: Some(Pattern::with_vars("s.?", &["to"])),
        kind: None,
    };
    Game {
        title: "The ball puzzle".into(),
        players: 1,
        equipment: (1..=15)
            .map(|i| eq(&format!("s.{i}"), EquipmentKind::Square))
            .collect(),
        figures: vec![fig("b", "ball", "s.1")],
        steps: vec![
            StepRule {
                name: "normal-step".into(),
                what: FigurePattern::default(),
                from: squares.clone(),
                to: to_squares.clone(),
                when: vec!["to = from + 1".into(), "not (from in [3, 8])".into()],
                effects: vec![],
                capture: false,
            },
            StepRule {
                name: "go-back".into(),
                what: FigurePattern::default(),
                from: PlacePattern {
                    name: Some(Pattern::with_vars("*", &["from-square"])),
                    kind: None,
                },
                to: PlacePattern::named("s.1"),
                when: vec!["from-square in [s.3, s.8]".into()],
                effects: vec![],
                capture: false,
            },
            StepRule {
                name: "go-forward".into(),
                what: FigurePattern::default(),
                from: squares,
                to: to_squares,
                when: vec!["from in [2, 7]".into(), "to - from = 2".into()],
                effects: vec![],
                capture: false,
            },
        ],
        moves: vec![],
        game_over: vec![GameOver {
            name: "finish".into(),
            when: vec!["at(b, s.15)".into()],
            winner: "1".into(),
        }],
        ..Game::default()
    }
}

fn start(game: &Game) -> Position {
    Position::new(Arc::new(Rules::compile(game).expect("the game compiles")))
}

fn ids(pos: &Position, figure: &str, place: &str) -> (FigureId, PlaceId) {
    let r = pos.rules();
    (r.figure_id(figure).unwrap(), r.place_id(place).unwrap())
}

fn take(pos: &mut Position, figure: &str) -> Result<Step, Refusal> {
    let (f, p) = ids(pos, figure, "basket");
    pos.play(f, p)
}

#[test]
fn nim12_first_step_is_any_match_to_the_basket() {
    let pos = start(&nim12());
    let steps = pos.legal_steps();
    assert_eq!(steps.len(), 12);
    let basket = pos.rules().place_id("basket").unwrap();
    assert!(steps.iter().all(|s| s.to == basket && s.rule == 0));
}

#[test]
fn nim12_moves_take_one_to_three() {
    let mut pos = start(&nim12());
    take(&mut pos, "m.1").unwrap();
    assert_eq!(pos.stage(), MoveStage::MayEnd);
    take(&mut pos, "m.2").unwrap();
    take(&mut pos, "m.3").unwrap();
    // Three takes end the move by themselves.
    assert_eq!(pos.to_move(), 2);
    assert_eq!(pos.stage(), MoveStage::Start);
    take(&mut pos, "m.4").unwrap();
    pos.end_move().unwrap();
    assert_eq!(pos.to_move(), 1);
}

#[test]
fn nim12_whoever_takes_the_last_match_loses() {
    let mut pos = start(&nim12());
    for i in 1..=12 {
        take(&mut pos, &format!("m.{i}")).unwrap();
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    // One match a move: player 2 took the twelfth, so player 1 wins.
    assert_eq!(
        pos.status(),
        &Status::Over {
            winner: 1,
            reason: "last-match".into(),
            line: vec![]
        }
    );
    assert!(pos.legal_steps().is_empty());
}

#[test]
fn refused_drags_say_why() {
    let mut pos = start(&nim12());
    let (f, group) = ids(&pos, "m.1", "matchgroup");
    assert_eq!(pos.check(f, group).unwrap_err().message, "m.1 is already there.");
    take(&mut pos, "m.1").unwrap();
    let err = pos.check(f, group).unwrap_err();
    assert_eq!(err.message, "No rule lets a match go from basket to matchgroup.");
    assert_eq!(err.why, Why::NoRule);
    assert_eq!(pos.check(f, group).unwrap_err().why, Why::NoRule);
    let (m2, basket) = ids(&pos, "m.2", "basket");
    take(&mut pos, "m.2").unwrap();
    take(&mut pos, "m.3").unwrap();
    // Three matches ended the move: player 2 may not end a move not begun.
    assert_eq!(pos.end_move().unwrap_err().why, Why::NoStepYet);
    assert_eq!(pos.pass().unwrap_err().why, Why::NoPass);
    assert_eq!(pos.check(m2, basket).unwrap_err().why, Why::AlreadyThere);
}

#[test]
fn take_back_undoes_steps_and_moves_exactly() {
    let mut pos = start(&nim12());
    let before = pos.state().clone();
    take(&mut pos, "m.1").unwrap();
    take(&mut pos, "m.2").unwrap();
    take(&mut pos, "m.3").unwrap();
    assert_eq!(pos.to_move(), 2);
    assert!(pos.take_back());
    assert_eq!(pos.to_move(), 1);
    assert_eq!(pos.state().made().len(), 2);
    assert!(pos.take_back_move());
    assert_eq!(pos.state(), &before);
    assert!(!pos.take_back());
}

#[test]
fn hash_is_incremental() {
    let mut pos = start(&nim12());
    let rules = Arc::clone(pos.rules());
    let h0 = pos.hash();
    take(&mut pos, "m.5").unwrap();
    assert_eq!(pos.hash(), pos.state().full_hash(&rules));
    assert_ne!(pos.hash(), h0);
    pos.take_back();
    assert_eq!(pos.hash(), h0);
}

#[test]
fn ball_puzzle_solution_in_twelve_moves() {
    let mut pos = start(&ball_puzzle());
    let path = [2, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15];
    for (i, n) in path.iter().enumerate() {
        assert_eq!(pos.status(), &Status::Playing, "before move {}", i + 1);
        let (b, s) = ids(&pos, "b", &format!("s.{n}"));
        pos.play(b, s).unwrap_or_else(|e| panic!("to s.{n}: {e}"));
    }
    assert!(matches!(pos.status(), Status::Over { winner: 1, .. }));
}

#[test]
fn ball_puzzle_square_three_sends_the_ball_back() {
    let mut pos = start(&ball_puzzle());
    for n in [2, 3] {
        let (b, s) = ids(&pos, "b", &format!("s.{n}"));
        pos.play(b, s).unwrap();
    }
    let b = pos.rules().figure_id("b").unwrap();
    let targets: Vec<&str> = pos
        .steps_of(b)
        .iter()
        .map(|s| pos.rules().place_name(s.to))
        .collect();
    assert_eq!(targets, vec!["s.1"]);
    let step = pos.steps_of(b)[0];
    assert_eq!(pos.rules().steps[step.rule as usize].name, "go-back");
    let (_, s4) = ids(&pos, "b", "s.4");
    let refusal = pos.check(b, s4).unwrap_err();
    assert!(
        refusal.message.contains("not (from in [3, 8])"),
        "{}",
        refusal.message
    );
    assert!(matches!(
        refusal.why,
        Why::Condition { ref condition, error: None, .. } if condition.contains("3, 8")
    ));
}

#[test]
fn condition_errors_refuse_the_step_without_panic() {
    let mut game = nim12();
    game.steps[0].when = vec!["figure = m.1 or 1 / 0 = 1".into()];
    let pos = start(&game);
    assert_eq!(pos.legal_steps().len(), 1);
    let (f, p) = ids(&pos, "m.2", "basket");
    let refusal = pos.check(f, p).unwrap_err();
    assert!(refusal.message.contains("zero"));
    assert!(matches!(
        refusal.why,
        Why::Condition { ref rule, error: Some(_), .. } if rule == "take"
    ));
}

#[test]
fn stuck_player_loses_by_default() {
    let mut game = nim12();
    game.game_over.clear();
    let mut pos = start(&game);
    for i in 1..=12 {
        take(&mut pos, &format!("m.{i}")).unwrap();
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    // Player 1 is on move with no match left: stuck, so loses.
    assert!(matches!(pos.status(), Status::Over { winner: 2, .. }));
}

#[test]
fn compile_reports_every_problem() {
    let mut game = nim12();
    game.figures[3].origin = "nowhere".into();
    game.figures[4].name = "m.1".into();
    game.steps[0].when = vec!["1 +".into()];
    game.moves[0].sequence = "take x1-3 grab".into();
    let problems = Rules::compile(&game).unwrap_err();
    let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(problems.len(), 4, "{text:#?}");
    assert!(text
        .iter()
        .any(|t| t.contains("figure 'm.4', origin") && t.contains("nowhere")));
    assert!(text.iter().any(|t| t.contains("two things are called 'm.1'")));
    assert!(text
        .iter()
        .any(|t| t.contains("step rule 'take', when 1, column")));
    assert!(text
        .iter()
        .any(|t| t.contains("move 'turn', sequence, column 11") && t.contains("grab")));
}

#[test]
fn rule_errors_are_reported_once_per_condition() {
    let mut game = nim12();
    game.steps[0].when = vec!["figure = m.1 or 1 / 0 = 1".into(), "yes".into()];
    let pos = start(&game);
    let errors = pos.rule_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].location.field, "when 1");
    assert!(errors[0].message.contains("zero"));
    assert!(start(&nim12()).rule_errors().is_empty());
}

#[test]
fn a_move_that_can_be_started_but_not_finished_is_no_move() {
    // One match left and a move of exactly two: the first player can take
    // one but never finish, so they cannot move (and lose).
    let mut g = nim12();
    g.figures.truncate(1);
    g.moves[0].sequence = "take x2".into();
    let pos = Position::new(Arc::new(Rules::compile(&g).unwrap()));
    match pos.status() {
        Status::Over { winner, reason, .. } => {
            assert_eq!(*winner, 2);
            assert_eq!(&**reason, "player 1 cannot move");
        }
        other => panic!("the game should be over: {other:?}"),
    }
}

#[test]
fn a_move_that_can_be_finished_is_a_move() {
    let mut g = nim12();
    g.figures.truncate(2);
    g.moves[0].sequence = "take x2".into();
    let mut pos = Position::new(Arc::new(Rules::compile(&g).unwrap()));
    assert_eq!(pos.status(), &Status::Playing);
    assert!(pos.has_move());
}

#[test]
fn a_step_after_which_the_move_cannot_be_finished_is_refused() {
    // One match in the heap and a move of two takes: taking it leads
    // nowhere. Putting the match from the basket back is a whole move.
    let mut g = nim12();
    g.figures.truncate(2);
    g.figures[1].origin = "basket".into();
    let mut back = g.steps[0].clone();
    back.name = "back".into();
    back.from = PlacePattern::named("basket");
    back.to = PlacePattern::named("matchgroup");
    g.steps.push(back);
    g.moves[0].sequence = "take x2".into();
    g.moves.push(MoveRule {
        name: "return".into(),
        sequence: "back".into(),
    });
    let mut pos = Position::new(Arc::new(Rules::compile(&g).unwrap()));
    assert_eq!(pos.status(), &Status::Playing);
    let rules = Arc::clone(pos.rules());
    let (m1, m2) = (rules.figure_id("m.1").unwrap(), rules.figure_id("m.2").unwrap());
    let refusal = pos.play(m1, rules.place_id("basket").unwrap()).unwrap_err();
    assert_eq!(refusal.why, Why::DeadEnd);
    assert!(pos.history().is_empty(), "nothing changed");
    pos.play(m2, rules.place_id("matchgroup").unwrap()).unwrap();
    assert_eq!(pos.to_move(), 2);
}

/// A shipped rule file.
fn shipped(name: &str) -> Game {
    let path = format!("{}/../../public/games/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the file is there");
    crate::file::read_xml(&text).expect("the file reads").0
}

#[test]
fn alike_figures_on_a_place_list_the_same_steps_as_each_alone() {
    // Connect Four's discs wait in one group, NIM's matches in one heap:
    // the listing gives the steps found for the first to the others like it,
    // and must list exactly what each figure's own listing gives.
    for game in [shipped("connect-four.game.xml"), nim12()] {
        let mut pos = start(&game);
        let mut rng = crate::search::rng::Rng::new(7);
        for _ in 0..12 {
            let all = pos.legal_steps();
            let mut each = Vec::new();
            for p in 0..pos.rules().places.len() as PlaceId {
                for &f in pos.state().on(p) {
                    each.extend(pos.steps_of(f));
                }
            }
            assert_eq!(all, each);
            let Some(&step) = all.get(rng.below(all.len().max(1))) else {
                break;
            };
            pos.apply(step);
            if pos.can_end_move() {
                pos.apply_end_move();
            }
        }
    }
}

#[test]
fn figures_of_several_kinds_on_a_place_are_each_tried_once() {
    // A bag of three kinds of tiles, two of each: listing only distinct
    // steps tries one tile of each kind, listing all gives every tile's.
    let text = r#"<game format="2" players="2"><title>t</title><rules>
        <equipment><board name="b" rows="2" columns="2"/><group name="bag"/></equipment>
        <figures>
          <figure name="a" type="red" origin="bag" owner="1" count="2"/>
          <figure name="b" type="blue" origin="bag" owner="1" count="2"/>
          <figure name="c" type="green" origin="bag" owner="1" count="2"/>
        </figures>
        <steps><step name="lay"><what owner="on-move"/><from name="bag"/><to type="square"/></step></steps>
        <moves><move name="turn">lay</move></moves>
        </rules></game>"#;
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let pos = Position::new(std::sync::Arc::new(rules));
    let mut distinct = Vec::new();
    pos.generate_distinct(&mut |s| {
        distinct.push((pos.state().kind_of(s.figure), s.to));
        ControlFlow::Continue(())
    });
    let kinds: std::collections::BTreeSet<_> = distinct.iter().copied().collect();
    assert_eq!(distinct.len(), 3 * 4, "{distinct:?}");
    assert_eq!(kinds.len(), 3 * 4, "each kind to each square once: {distinct:?}");
    let all = pos.legal_steps();
    let bag = pos.rules().place_id("bag").unwrap();
    let each: Vec<Step> = pos
        .state()
        .on(bag)
        .iter()
        .flat_map(|&f| pos.steps_of(f))
        .collect();
    assert_eq!(all.len(), 6 * 4);
    assert_eq!(all, each);
}

#[test]
fn looking_near_the_last_step_first_gives_the_same_answer_as_the_whole_search() {
    use crate::search::games::{dama_lite, tic_tac_toe};
    for game in [tic_tac_toe(), dama_lite()] {
        let rules = Arc::new(Rules::compile(&game).unwrap());
        let mut pos = Position::new(Arc::clone(&rules));
        for ply in 0..40 {
            if pos.status() != &Status::Playing {
                break;
            }
            let whole = pos.has_move();
            for p in 0..rules.places.len() as PlaceId {
                assert_eq!(
                    pos.has_move_near(Some(p)),
                    whole,
                    "{} ply {ply} near {p}",
                    game.title
                );
            }
            let steps = pos.legal_steps();
            assert!(!steps.is_empty(), "{} ply {ply}: a move was promised", game.title);
            pos.apply(steps[(ply * 7) % steps.len()]);
        }
    }
}

/// `can(rule, player)` asks a copy of the position at the start of that
/// player's move, made in a state kept from the last time, whatever game
/// it was: the copy must be exactly the state `at_start_for` makes, and
/// the answer the one a new copy gives, in every example and at every
/// position of random games, in the middle of moves too.
#[test]
fn can_for_a_player_answers_as_a_fresh_copy_does() {
    use crate::search::rng::Rng;
    let mut spare: Option<State> = None;
    let mut asked = 0;
    for file in super::examples::files() {
        let (_, rules) = crate::open(&super::examples::text(&file)).unwrap();
        let rules = Arc::new(rules);
        let mut rng = Rng::new(7);
        let mut pos = Position::new(rules.clone());
        for _ in 0..60 {
            if pos.status() != &Status::Playing {
                break;
            }
            for p in 1..=rules.players.max(1) {
                let fresh = pos.state.at_start_for(p);
                let mut copy = spare.take().unwrap_or_else(|| State::start(&rules));
                copy.become_start_for(&pos.state, p);
                assert_eq!(copy, fresh, "{file}");
                spare = Some(copy);
                let other = Position::from_state(rules.clone(), fresh);
                for (ri, rule) in rules.steps.iter().enumerate() {
                    let mut found = false;
                    other.generate_rule(Some(ri), &mut |_| {
                        found = true;
                        ControlFlow::Break(())
                    });
                    assert_eq!(
                        pos.can(&rule.name, Some(i64::from(p))),
                        Ok(found),
                        "{file} {}",
                        rule.name
                    );
                    asked += 1;
                }
            }
            if !random_action(&mut pos, &mut rng, |pos, step| {
                pos.apply(step);
            }) {
                break;
            }
        }
    }
    assert!(asked > 1000, "{asked}");
}

/// Checking one drag (`check`, `choices`, `play_step`) lists the figure's
/// steps to that place alone: exactly the steps, in order, that listing all
/// its steps gives to that place, once per rule too, for every figure and
/// place at positions of random games of every example (mid-move ones and
/// games with dice and cards too) and of a game whose steps ask a
/// condition target by target.
#[test]
fn the_steps_to_one_place_are_those_of_the_whole_listing_there() {
    use crate::search::rng::Rng;
    let per_target = examples::stones_game(
        4,
        4,
        8,
        r#"<steps><step name="place"><what owner="on-move"/><from name="pool"/><to type="square"/>
            <when>empty(to) and (how many n in neighbours(to) where not empty(n)) &lt; 2</when></step>
          <step name="again"><what owner="on-move"/><from name="pool"/><to type="square"/>
            <when>empty(to) and row(to) = 1</when></step></steps>
          <moves><move name="turn">(place | again)</move></moves>"#,
    );
    let mut games: Vec<(String, String)> = examples::files()
        .into_iter()
        .map(|f| (examples::text(&f), f))
        .collect();
    games.push((per_target, "a condition asked target by target".into()));
    let mut asked = 0;
    for (text, name) in games {
        let (_, rules) = crate::open(&text).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
        let rules = Arc::new(rules);
        let mut rng = Rng::new(11);
        let mut pos = Position::new(rules.clone());
        for _ in 0..12 {
            if pos.status() != &Status::Playing {
                break;
            }
            for f in 0..rules.figures.len() as FigureId {
                let (mut first, mut every) = (Vec::new(), Vec::new());
                pos.generate(Some(f), &mut |s| {
                    first.push(s);
                    ControlFlow::Continue(())
                });
                pos.generate_every_rule(
                    Some(f),
                    &mut |s| {
                        every.push(s);
                        ControlFlow::Continue(())
                    },
                    &mut || false,
                );
                for to in 0..rules.places.len() as PlaceId {
                    for (listed, every_rule) in [(&first, false), (&every, true)] {
                        let mut alone = Vec::new();
                        pos.steps_to(f, to, every_rule, &mut |s| {
                            alone.push(s);
                            ControlFlow::Continue(())
                        });
                        let there: Vec<Step> = listed.iter().copied().filter(|s| s.to == to).collect();
                        assert_eq!(
                            alone, there,
                            "{name}: figure {f} to place {to}, every rule {every_rule}"
                        );
                        asked += 1;
                    }
                    assert_eq!(
                        pos.check(f, to).ok(),
                        first.iter().copied().find(|s| s.to == to),
                        "{name}"
                    );
                }
            }
            if !random_action(&mut pos, &mut rng, |pos, step| {
                pos.play_step(step)
                    .unwrap_or_else(|r| panic!("{name}: a listed step is refused: {r:?}"));
            }) {
                break;
            }
        }
    }
    assert!(asked > 100_000, "{asked}");
}

/// One action of a random game: a roll where one is due, else a legal step
/// (made by `make`) or End move (or a pass), each as likely. False when
/// there is none.
fn random_action(
    pos: &mut Position,
    rng: &mut crate::search::rng::Rng,
    make: impl FnOnce(&mut Position, Step),
) -> bool {
    if let Some(&roll) = pos.rolls().first() {
        if pos.roll_due() {
            pos.roll(roll).unwrap();
            return true;
        }
    }
    let steps = pos.legal_steps();
    let end = pos.can_end_move() || pos.can_pass();
    let k = rng.below(steps.len() + usize::from(end));
    if k < steps.len() {
        make(pos, steps[k]);
    } else if end {
        pos.end_move().unwrap();
    } else {
        return false;
    }
    true
}

/// Listing steps looks only at the places with a figure on (of the player
/// on move, where only theirs may move): the sets of them are kept through
/// steps, changes of owner and their taking back, in every example and in
/// a game where the mover's own stones change hands.
#[test]
fn the_places_with_figures_on_are_kept_through_play_and_take_back() {
    for file in examples::files() {
        places_kept_in_games(&examples::text(&file), &file);
    }
    let turncoats = examples::stones_game(
        3,
        4,
        6,
        r#"<steps>
          <step name="place"><what owner="on-move"/><from name="pool"/><to type="square"/>
            <effect>for each s in squares(b) do if owner(s) = opponent and row(s) != row(to) then change owner of top(s) to player</effect></step>
          <step name="slide"><what owner="on-move"/><from type="square"/><to type="square"/>
            <when>row(to) = row(from)</when></step>
        </steps>
        <moves><move name="turn">place | slide</move></moves>
        <game-over><end name="full" winner="0"><when>empty(pool)</when></end></game-over>"#,
    );
    places_kept_in_games(&turncoats, "turncoats");
}

fn places_kept_in_games(text: &str, what: &str) {
    use crate::search::{self, rng::Rng};
    let (_, rules) = crate::open(text).unwrap_or_else(|p| panic!("{what}: {p:#?}"));
    let rules = Arc::new(rules);
    let mut every = fixedbitset::FixedBitSet::with_capacity(rules.places.len());
    every.insert_range(..);
    // Owners are kept only where a rule moves the mover's figures alone.
    let owners_kept = rules.moves_own_figures_somewhere();
    for seed in 0..3 {
        let mut pos = Position::with_seed(Arc::clone(&rules), seed);
        let mut rng = Rng::new(seed);
        let mut played = Vec::new();
        for n in 0..150 {
            let owners = (0..=4).filter(|_| owners_kept).map(Some);
            for owner in std::iter::once(None).chain(owners) {
                let kept: Vec<PlaceId> = pos.state.filled_among(&every, owner).collect();
                let filled: Vec<PlaceId> = (0..rules.places.len() as PlaceId)
                    .filter(|&p| {
                        let on = pos.state.on(p);
                        owner.map_or(!on.is_empty(), |o| on.iter().any(|&f| pos.state.owner_of(f) == o))
                    })
                    .collect();
                assert_eq!(
                    kept, filled,
                    "{what}, game {seed}, owner {owner:?}, after {n} moves and takings back"
                );
            }
            if n % 3 == 2 {
                if let Some(undo) = played.pop() {
                    search::unplay(&mut pos, undo);
                    continue;
                }
            }
            let Some(mv) = search::random_move(&pos, &mut rng) else {
                break;
            };
            played.push(search::play(&mut pos, &mv));
        }
    }
}

/// The figures' part of the key `repetitions` compares is kept as
/// figures move, change and come back, in random games of the examples
/// that count repetitions (Awele reads the order on its pits) and of
/// card games that shuffle theirs, and after every step is taken back.
#[test]
fn the_key_repetitions_compare_is_kept_as_figures_move_and_come_back() {
    use crate::search::rng::Rng;
    for file in [
        "awele.game.xml",
        "fox-and-geese.game.xml",
        "nine-mens-morris.game.xml",
        "war.game.xml",
        "crazy-eights.game.xml",
    ] {
        // The card games made to count repetitions too.
        let text = examples::text(file).replace(
            "</game-over>",
            "<end name=\"again\" winner=\"0\"><when>repetitions >= 3</when></end></game-over>",
        );
        let (_, rules) = crate::open(&text).unwrap();
        let rules = Arc::new(rules);
        assert!(!rules.alike_of.is_empty(), "{file} counts repetitions");
        for seed in 0..3 {
            let mut pos = Position::with_seed(rules.clone(), seed);
            let start = pos.hash();
            let mut rng = Rng::new(seed);
            let mut undo = Undo::default();
            let mut changes = 0;
            for _ in 0..300 {
                assert!(pos.state().alike_is_kept(&rules), "{file}, seed {seed}");
                if pos.status() != &Status::Playing {
                    break;
                }
                let steps = pos.legal_steps();
                let end = pos.can_end_move();
                let n = steps.len() + usize::from(end);
                if n == 0 {
                    break;
                }
                match rng.below(n) {
                    k if k < steps.len() => pos.apply_to(steps[k], &mut undo),
                    _ if end => pos.end_move_to(&mut undo),
                    _ => break,
                }
                changes += 1;
            }
            assert!(changes > 10, "{file}: {changes} actions");
            pos.revert(undo);
            assert!(
                pos.state().alike_is_kept(&rules),
                "{file}, seed {seed}: taken back"
            );
            assert_eq!(pos.hash(), start);
        }
    }
}

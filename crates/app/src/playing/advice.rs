//! Help from the computer, in words and marks: what the page says while
//! the computer thinks, a hint (the best move highlighted on the table and
//! what best play gives) and a puzzle's solution shown step by step.
//! Native and tested; `ui::play::advice` draws it and wires it to the page.

use super::act::{actions, Action};
use crate::table::scene::Scene;
use crate::wording::position_words::figure_seen_by;
use crate::wording::step::{move_imperative, Named};
use crate::wording::Names;
use crate::worker_protocol::NamedMove;
use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::search::Move;
use tablecraft_engine::Position;

/// `12345` → `12,345`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A move as what to do, in the table's words: "take 3 matches from the
/// heap", "move the hero from row 1, column 1 to row 1, column 2", "pass".
/// Steps that don't fit the position are told by their names. With hidden
/// cards, it is told as the player on move sees it: a card they cannot see
/// is "a card", never its colour or value.
pub fn move_text(pos: &Position, mv: &NamedMove) -> String {
    let mut p = pos.clone();
    let rules = std::sync::Arc::clone(pos.rules());
    let names = Names::new(&rules.game);
    let viewer = pos.to_move();
    let mut steps = Vec::new();
    for (figure, to) in &mv.steps {
        let f = rules.figure_id(figure);
        let from = f
            .and_then(|f| p.state().place_of(f))
            .map_or_else(String::new, |at| rules.place_name(at).to_string());
        let kind = f
            .and_then(|f| rules.types.get(p.state().kind_of(f) as usize))
            .cloned()
            .unwrap_or_default();
        let shown = f
            .filter(|_| rules.hidden)
            .map(|f| figure_seen_by(&names, &p, f, viewer, "your"));
        steps.push(Named {
            figure: figure.clone(),
            kind,
            from,
            to: to.clone(),
            shown,
        });
        if let (Some(f), Some(t)) = (f, rules.place_id(to)) {
            if let Ok(step) = p.check(f, t) {
                p.apply(step);
            }
        }
    }
    move_imperative(&names, &steps)
}

/// What the computer has done so far while thinking: "depth 4 · 12,345
/// positions" (no depth while it tries random games).
pub fn progress_text(depth: u32, positions: u64) -> String {
    let positions = match positions {
        1 => "1 position".to_string(),
        n => format!("{} positions", thousands(n)),
    };
    if depth == 0 {
        positions
    } else {
        format!("depth {depth} · {positions}")
    }
}

/// The hint in the message line: "Hint: take 3 matches from the heap.
/// With best play you win within 9 moves, yours and theirs." Unproven
/// verdicts are not told as facts.
pub fn hint_text(pos: &Position, best: Option<&NamedMove>, verdict: &str, proven: bool) -> String {
    let Some(best) = best else {
        return "There is no move to hint at.".into();
    };
    let mv = move_text(pos, best);
    if proven && !verdict.is_empty() {
        format!("Hint: {mv}. {verdict}.")
    } else {
        format!("Hint: {mv}. This looks best, but nobody knows yet who wins.")
    }
}

/// What is shown beside the controls after a hint: the proven verdict, or
/// nothing.
pub fn verdict_line(verdict: &str, proven: bool) -> Option<String> {
    (proven && !verdict.is_empty()).then(|| format!("{verdict}."))
}

/// What Solve says before showing the solution: "The solution takes 12
/// moves — watch!", or why there is nothing to show.
pub fn solve_text(line: usize, verdict: &str, proven: bool) -> String {
    match (proven, line) {
        (true, 0) if !verdict.is_empty() => format!("{verdict}."),
        (true, 1) => "The solution takes 1 move — watch!".into(),
        (true, n) if n > 0 => format!("The solution takes {n} moves — watch!"),
        _ => "No solution was found in time. Try again, or try it yourself!".into(),
    }
}

/// A move given by names, as steps of this position (checked one by one).
pub fn resolve(pos: &Position, named: &NamedMove) -> Option<Move> {
    let mut p = pos.clone();
    let mut steps = Vec::new();
    for (i, (figure, place)) in named.steps.iter().enumerate() {
        let (f, to) = (p.rules().figure_id(figure)?, p.rules().place_id(place)?);
        let step = match named.rules.get(i).filter(|r| !r.is_empty()) {
            // The rule chosen, where one drag has several outcomes.
            Some(rule) => {
                let rule = p.rules().step_id(rule)?;
                let choices = p.choices(f, to);
                // A rule with the same outcome as an earlier one is that one.
                choices
                    .iter()
                    .find(|s| s.rule == rule)
                    .or(choices.first())
                    .copied()?
            }
            None => p.check(f, to).ok()?,
        };
        p.apply(step);
        steps.push(step);
    }
    Some(Move {
        steps: steps.into(),
        end: named.end,
    })
}

/// A solution line as the actions to show one at a time, each with the
/// number of its move (from 1); `None` if it does not fit the position.
pub fn solution_actions(pos: &Position, line: &[NamedMove]) -> Option<Vec<(usize, Action)>> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for (i, named) in line.iter().enumerate() {
        let mv = resolve(&p, named)?;
        for action in actions(&mv) {
            super::act::perform(&mut p, action).ok()?;
            out.push((i + 1, action));
        }
    }
    Some(out)
}

/// The figures and places a hint points at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HintMarks {
    pub figures: HashSet<String>,
    pub places: HashSet<String>,
}

impl HintMarks {
    /// The figures a move takes and the places it takes them to.
    pub fn of(mv: &NamedMove) -> HintMarks {
        HintMarks {
            figures: mv.steps.iter().map(|(f, _)| f.clone()).collect(),
            places: mv.steps.iter().map(|(_, t)| t.clone()).collect(),
        }
    }

    /// Marks them in a scene.
    pub fn mark(&self, scene: &mut Scene) {
        for p in &mut scene.places {
            if !p.marks.hint && self.places.contains(&p.name) {
                Arc::make_mut(p).marks.hint = true;
            }
        }
        for f in &mut scene.figures {
            f.marks.hint |= self.figures.contains(&f.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::perform;
    use crate::testing::{example, open_example};
    use crate::worker_protocol::{answer, Level, Reply, Request, Task};
    use std::collections::HashSet;
    use tablecraft_engine::record::Record;
    use tablecraft_engine::search::native_now;
    use tablecraft_engine::Status;

    fn named(steps: &[(&str, &str)], end: bool) -> NamedMove {
        NamedMove {
            steps: steps
                .iter()
                .map(|(f, t)| (f.to_string(), t.to_string()))
                .collect(),
            end,
            rules: Vec::new(),
        }
    }

    #[test]
    fn numbers_and_progress_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(progress_text(4, 12345), "depth 4 · 12,345 positions");
        assert_eq!(progress_text(0, 1), "1 position");
    }

    #[test]
    fn moves_are_told_in_the_tables_words() {
        let nim = crate::testing::example("nim12");
        let take = named(
            &[("m.12", "basket"), ("m.11", "basket"), ("m.10", "basket")],
            true,
        );
        assert_eq!(move_text(&nim, &take), "take 3 matches from the heap");
        let ttt = crate::testing::example("tic-tac-toe");
        assert_eq!(
            move_text(&ttt, &named(&[("x.1", "grid.2.2")], false)),
            "put a cross on the square at row 2, column 2"
        );
        let maze = crate::testing::example("labyrinth");
        assert_eq!(
            move_text(&maze, &named(&[("hero", "maze.1.2")], false)),
            "move the hero from row 1, column 1 to row 1, column 2"
        );
        assert_eq!(move_text(&nim, &named(&[], true)), "pass");
    }

    #[test]
    fn a_hint_never_tells_a_card_its_player_cannot_see() {
        let mut c8 = crate::testing::example("crazy-eights");
        let rules = std::sync::Arc::clone(c8.rules());
        let on = |pos: &Position, place: &str| pos.state().on(rules.place_id(place).unwrap()).to_vec();
        // Player 1 deals: the deck's top card onto the pile.
        let top = *on(&c8, "deck").last().unwrap();
        c8.play(top, rules.place_id("pile").unwrap()).unwrap();
        let deck_top = rules.figure_name(*on(&c8, "deck").last().unwrap()).to_string();
        let draw = move_text(&c8, &named(&[(&deck_top, "hand.1")], false));
        assert!(draw.starts_with("move a card from the deck"), "{draw}");
        let mine = on(&c8, "hand.1")[0];
        let card = &rules.game.figures[mine as usize];
        let corner = crate::table::cards::corner(&card.attributes).unwrap();
        let play = move_text(&c8, &named(&[(&card.name, "pile")], false));
        assert!(
            play.contains(&format!("the {corner}")),
            "{play}: their own card by its corner"
        );
        // The same card, hinted to the other player, is not told.
        let theirs = rules.figure_name(on(&c8, "hand.2")[0]).to_string();
        let hidden = move_text(&c8, &named(&[(&theirs, "pile")], false));
        assert!(hidden.contains("a card") && !hidden.contains(&theirs), "{hidden}");
    }

    #[test]
    fn hints_tell_proven_verdicts_only() {
        let ttt = crate::testing::example("tic-tac-toe");
        let mv = named(&[("x.1", "grid.2.2")], false);
        assert_eq!(
            hint_text(&ttt, Some(&mv), "With best play it is a draw", true),
            "Hint: put a cross on the square at row 2, column 2. With best play it is a draw."
        );
        assert!(hint_text(&ttt, Some(&mv), "Nobody knows", false).contains("nobody knows yet"));
        assert_eq!(hint_text(&ttt, None, "", false), "There is no move to hint at.");
    }

    #[test]
    fn solve_says_how_many_moves() {
        assert_eq!(
            solve_text(12, "You can solve it in 12 moves", true),
            "The solution takes 12 moves — watch!"
        );
        assert_eq!(solve_text(1, "", true), "The solution takes 1 move — watch!");
        assert_eq!(
            solve_text(0, "It can't be solved from here", true),
            "It can't be solved from here."
        );
        assert!(solve_text(3, "", false).starts_with("No solution"));
    }

    #[test]
    fn a_hint_marks_the_figures_and_their_places() {
        let pos = example("nim12");
        let (game, _) = open_example("nim12");
        let mut scene = Scene::play(&game, &pos, &HashSet::new(), None);
        let marks = HintMarks::of(&named(&[("m.12", "basket"), ("m.11", "basket")], true));
        marks.mark(&mut scene);
        let hinted: HashSet<&str> = scene
            .figures
            .iter()
            .filter(|f| f.marks.hint)
            .map(|f| f.name.as_str())
            .collect();
        assert_eq!(hinted, HashSet::from(["m.12", "m.11"]));
        let places: Vec<&str> = scene
            .places
            .iter()
            .filter(|p| p.marks.hint)
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(places, ["basket"]);
    }

    #[test]
    fn a_move_by_names_resolves_or_is_refused() {
        let pos = example("tic-tac-toe");
        let rules = pos.rules();
        let some_figure = rules.figure_name(0).to_string();
        // Some legal first step, by names.
        let step = pos.legal_steps()[0];
        let ok = named(
            &[(rules.figure_name(step.figure), rules.place_name(step.to))],
            false,
        );
        assert_eq!(resolve(&pos, &ok).map(|m| m.steps.len()), Some(1));
        assert!(resolve(&pos, &named(&[(&some_figure, "nowhere")], false)).is_none());
        assert!(resolve(&pos, &named(&[("nobody", "b.1.1")], false)).is_none());
    }

    #[test]
    fn the_ball_puzzles_solution_plays_to_solved_in_twelve_moves() {
        let (game, _) = open_example("ball-puzzle");
        let req = Request {
            id: 1,
            game,
            record: Record::default(),
            task: Task::Solve,
            level: Level::Master,
            time_ms: 5000.0,
            files: Vec::new(),
            asked_at: None,
        };
        let Reply::Done {
            line,
            verdict,
            proven,
            ..
        } = answer(&req, native_now, &mut |_| {})
        else {
            panic!("no answer");
        };
        assert_eq!(
            solve_text(line.len(), &verdict, proven),
            "The solution takes 12 moves — watch!"
        );
        let mut pos = example("ball-puzzle");
        let acts = solution_actions(&pos, &line).expect("the line fits");
        assert_eq!(acts.last().map(|(n, _)| *n), Some(12));
        for (_, a) in acts {
            perform(&mut pos, a).unwrap();
        }
        assert!(matches!(pos.status(), Status::Over { winner: 1, .. }));
        // A line for another position does not fit.
        assert!(solution_actions(&example("tic-tac-toe"), &line).is_none());
    }
}

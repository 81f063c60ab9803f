//! A step as a child tells it: "took a match from the heap", "put a cross
//! on the square at row 2, column 2", "moved the hero from row 1, column 1
//! to row 1, column 2"; and a hint's move as what to do: "take 3 matches
//! from the heap".

use super::names::{plural_word, Names};
use crate::editor::places::{place, Place};
use tablecraft_engine::model::EquipmentKind;

/// What a step does, seen on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Into a basket: "took … from …".
    Take,
    /// Out of a heap onto the table: "put … on …".
    Put,
    /// Anything else: "moved … from … to …".
    Move,
}

fn kind_of<'a>(names: &Names<'a>, name: &str) -> Option<&'a EquipmentKind> {
    match place(names.game(), name)? {
        Place::Equipment(e) => Some(&e.kind),
        Place::Square { .. } | Place::Point { .. } => None,
    }
}

/// The verb for a step from `from` to `to`.
pub fn verb(names: &Names, from: &str, to: &str) -> Verb {
    match (kind_of(names, from), kind_of(names, to)) {
        (_, Some(EquipmentKind::Basket)) => Verb::Take,
        (Some(EquipmentKind::Group), Some(EquipmentKind::Square) | None) => Verb::Put,
        _ => Verb::Move,
    }
}

/// One step, told: the figure (already in words) from `from` to `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepWords {
    pub verb: Verb,
    pub figure: String,
    /// "from the heap", "from square 1 to square 3 of the track", "on the
    /// square at row 2, column 2".
    pub places: String,
}

impl StepWords {
    /// `figure` (in words, e.g. "a match") from `from` to `to`.
    pub fn new(names: &Names, figure: String, from: &str, to: &str) -> StepWords {
        let verb = verb(names, from, to);
        let places = match verb {
            Verb::Take => format!("from {}", names.place(from)),
            Verb::Put => format!("on {}", names.place(to)),
            Verb::Move => names.from_to(from, to),
        };
        StepWords { verb, figure, places }
    }

    /// "took a match from the heap".
    pub fn past(&self) -> String {
        let verb = match self.verb {
            Verb::Take => "took",
            Verb::Put => "put",
            Verb::Move => "moved",
        };
        format!("{verb} {} {}", self.figure, self.places)
    }

    /// "take a match from the heap".
    pub fn imperative(&self) -> String {
        format!("{} {} {}", self.imperative_verb(), self.figure, self.places)
    }

    fn imperative_verb(&self) -> &'static str {
        match self.verb {
            Verb::Take => "take",
            Verb::Put => "put",
            Verb::Move => "move",
        }
    }
}

/// One step of a move to tell, by the game's names: the figure, its type
/// then, and where it goes from and to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub figure: String,
    pub kind: String,
    pub from: String,
    pub to: String,
    /// How the figure is told when its name must not be (a card the
    /// reader cannot see is "a card").
    pub shown: Option<String>,
}

/// A whole move as what to do, for a hint: "take 3 matches from the
/// heap", "move the hero from row 1, column 1 to row 2, column 1", "put a
/// cross on …, then …"; "pass" for no step.
pub fn move_imperative(names: &Names, steps: &[Named]) -> String {
    if steps.is_empty() {
        return "pass".into();
    }
    // Runs of alike figures between the same places.
    let mut runs: Vec<(&str, usize, StepWords)> = Vec::new();
    for s in steps {
        let words = StepWords::new(
            names,
            s.shown
                .clone()
                .unwrap_or_else(|| names.figure_as(&s.figure, &s.kind, 0, "their")),
            &s.from,
            &s.to,
        );
        match runs.last_mut() {
            Some((k, n, w)) if *k == s.kind && w.places == words.places && w.figure.starts_with("a ") => {
                *n += 1
            }
            _ => runs.push((&s.kind, 1, words)),
        }
    }
    let parts: Vec<String> = runs
        .into_iter()
        .map(|(k, n, w)| {
            if n == 1 {
                w.imperative()
            } else {
                format!("{} {n} {} {}", w.imperative_verb(), plural_word(k), w.places)
            }
        })
        .collect();
    parts.join(", then ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

    #[test]
    fn steps_are_told_by_what_they_do() {
        let (nim, _) = open_example("nim12");
        let n = Names::new(&nim);
        let w = StepWords::new(&n, n.figure("m.12"), "matchgroup", "basket");
        assert_eq!(w.past(), "took a match from the heap");
        let (ttt, _) = open_example("tic-tac-toe");
        let n = Names::new(&ttt);
        let w = StepWords::new(&n, "a cross".into(), "crosses", "grid.2.2");
        assert_eq!(w.past(), "put a cross on the square at row 2, column 2");
        let (maze, _) = open_example("labyrinth");
        let n = Names::new(&maze);
        let w = StepWords::new(&n, n.figure("hero"), "maze.1.1", "maze.1.2");
        assert_eq!(
            w.imperative(),
            "move the hero from row 1, column 1 to row 1, column 2"
        );
    }

    #[test]
    fn a_hint_says_what_to_do() {
        let (nim, _) = open_example("nim12");
        let n = Names::new(&nim);
        let steps: Vec<Named> = ["m.12", "m.11", "m.10"]
            .iter()
            .map(|m| Named {
                figure: m.to_string(),
                kind: "match".into(),
                from: "matchgroup".into(),
                to: "basket".into(),
                shown: None,
            })
            .collect();
        assert_eq!(move_imperative(&n, &steps), "take 3 matches from the heap");
        assert_eq!(move_imperative(&n, &steps[..1]), "take a match from the heap");
        assert_eq!(move_imperative(&n, &[]), "pass");
    }
}

//! Dice in the design: a die added (six faces, named `die`, `die.2`, …),
//! its number of faces changed (2 to 20), or taken away.

use super::EditError;
use crate::editor::places::all_names;
use tablecraft_engine::model::{Die, DIE_FACES};
use tablecraft_engine::Game;

/// The most dice a game may have.
pub const MAX_DICE: usize = 4;

/// A change to the game's dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceChange {
    /// A new die of six faces.
    Add,
    /// How many faces a die has.
    Faces { die: String, faces: u8 },
    /// The die taken away.
    Remove { die: String },
}

impl DiceChange {
    /// Makes the change: the new game and the new die's name, if any.
    pub fn apply(&self, game: &Game) -> Result<(Game, Vec<String>), EditError> {
        let mut g = game.clone();
        match self {
            DiceChange::Add => {
                if g.dice.len() >= MAX_DICE {
                    return Err(EditError::refused(format!(
                        "A game can have at most {MAX_DICE} dice."
                    )));
                }
                let taken = all_names(&g);
                let name = std::iter::once("die".to_string())
                    .chain((2..).map(|i| format!("die.{i}")))
                    .find(|n| !taken.contains(n) && !g.dice.iter().any(|d| &d.name == n))
                    .unwrap_or_else(|| "die".into());
                g.dice.push(Die::new(name.clone()));
                Ok((g, vec![name]))
            }
            DiceChange::Faces { die, faces } => {
                if !DIE_FACES.contains(faces) {
                    return Err(EditError::refused(format!(
                        "A die has {} to {} faces.",
                        DIE_FACES.start(),
                        DIE_FACES.end()
                    )));
                }
                let d = g
                    .dice
                    .iter_mut()
                    .find(|d| &d.name == die)
                    .ok_or_else(|| no_die(die))?;
                d.faces = *faces;
                Ok((g, Vec::new()))
            }
            DiceChange::Remove { die } => {
                let before = g.dice.len();
                g.dice.retain(|d| &d.name != die);
                if g.dice.len() == before {
                    return Err(no_die(die));
                }
                Ok((g, Vec::new()))
            }
        }
    }

    /// What the undo button calls it.
    pub fn label(&self) -> String {
        match self {
            DiceChange::Add => "add a die".into(),
            DiceChange::Faces { die, .. } => format!("change the faces of {die}"),
            DiceChange::Remove { die } => format!("take away {die}"),
        }
    }
}

fn no_die(name: &str) -> EditError {
    EditError::refused(format!("There is no die called {name}."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::Edit;

    #[test]
    fn a_die_is_added_with_six_faces_changed_and_taken_away() {
        let game = Game::default();
        let (g, new) = Edit::Dice(DiceChange::Add).apply(&game).unwrap();
        assert_eq!(new, ["die"]);
        assert_eq!(g.dice, [Die::new("die")]);
        assert_eq!(g.dice[0].faces, 6);
        let (g, new) = Edit::Dice(DiceChange::Add).apply(&g).unwrap();
        assert_eq!(new, ["die.2"]);
        let faces = |n: u8| DiceChange::Faces {
            die: "die".into(),
            faces: n,
        };
        let (g, _) = faces(20).apply(&g).unwrap();
        assert_eq!(g.dice[0].faces, 20);
        assert_eq!(faces(2).apply(&g).unwrap().0.dice[0].faces, 2);
        for wrong in [0, 1, 21, 255] {
            assert_eq!(
                faces(wrong).apply(&g).unwrap_err().to_string(),
                "A die has 2 to 20 faces."
            );
        }
        let (g, _) = DiceChange::Remove { die: "die".into() }.apply(&g).unwrap();
        assert_eq!(g.dice, [Die::new("die.2")]);
        assert!(DiceChange::Remove { die: "die".into() }.apply(&g).is_err());
        assert_eq!(Edit::Dice(DiceChange::Add).label(), "add a die");
    }

    #[test]
    fn a_die_takes_a_free_name_and_there_are_at_most_four() {
        let mut game = Game::default();
        game.figures
            .push(tablecraft_engine::model::Figure::new("die", "die", "heap"));
        let (g, new) = DiceChange::Add.apply(&game).unwrap();
        assert_eq!(new, ["die.2"]);
        let g = (0..3).fold(g, |g, _| DiceChange::Add.apply(&g).unwrap().0);
        assert_eq!(g.dice.len(), MAX_DICE);
        assert!(DiceChange::Add.apply(&g).is_err());
    }

    #[test]
    fn a_game_with_a_die_compiles() {
        let (nim, _) = crate::testing::open_example("nim12");
        let (g, _) = DiceChange::Add.apply(&nim).unwrap();
        assert!(tablecraft_engine::Rules::compile(&g).is_ok());
    }
}

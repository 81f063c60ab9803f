//! The move automaton: every move rule, read as a sequence of step rules,
//! becomes part of one automaton over the step rules' numbers.

use crate::automaton::MoveAutomaton;
use crate::model::{Game, MoveRule};
use crate::rules::dice::roll_symbols;
use crate::sequence::{self, Seq, SeqError};

/// The moves of a game, built from any game: only building the automaton
/// shows whether it is too big, and the checks say so.
#[derive(Debug)]
pub struct Moves {
    /// The automaton of the moves that could be read, or why it can't be built.
    pub automaton: Result<MoveAutomaton, String>,
    /// The names of the moves that could be read, in order.
    pub names: Vec<String>,
    /// When the automaton is too big: the first move that is too big by
    /// itself, if one is.
    pub culprit: Option<String>,
}

impl Moves {
    /// The moves of `game`. With no move rules, every move is one step of
    /// any step rule, and goes by the step rule's name.
    pub fn new(game: &Game) -> Moves {
        let mut seqs = Vec::new();
        let mut names = Vec::new();
        if game.moves.is_empty() {
            seqs = (0..game.steps.len()).map(Seq::Step).collect();
            names = game.steps.iter().map(|s| s.name.clone()).collect();
        }
        for m in &game.moves {
            if let Ok(seq) = read(game, m) {
                seqs.push(seq);
                names.push(m.name.clone());
            }
        }
        let symbols = game.steps.len() + roll_symbols(game.dice.len());
        let automaton = MoveAutomaton::new(&seqs, symbols);
        let culprit = automaton.as_ref().err().and_then(|_| {
            let alone = |seq: &Seq| MoveAutomaton::new(std::slice::from_ref(seq), symbols).is_err();
            seqs.iter().position(alone).map(|i| names[i].clone())
        });
        Moves {
            automaton,
            names,
            culprit,
        }
    }
}

/// A move rule's sequence over the numbers of the step rules, then the
/// rolls (see [`Rules::roll_of_symbol`](crate::rules::Rules::roll_of_symbol)).
pub fn read(game: &Game, m: &MoveRule) -> Result<Seq, SeqError> {
    let steps = game.steps.len();
    let roll = |die: Option<&str>| match die {
        _ if game.dice.is_empty() => None,
        None => Some(steps + game.dice.len()),
        Some(name) => game.dice.iter().position(|d| d.name == name).map(|d| steps + d),
    };
    sequence::parse_with(&m.sequence, &|name| step_number(game, name), &roll)
}

/// The number of the first step rule called `name`.
fn step_number(game: &Game, name: &str) -> Option<usize> {
    game.steps.iter().position(|s| s.name == name)
}

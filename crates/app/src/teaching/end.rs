//! Recording the end: the child sets the table up as it is when the game
//! is over and says who won; the app lists what is true now and was not at
//! the start, ticks the likely reason, and keeps a game-over condition made
//! from the ticks in the game.

use super::defaults::likely_end;
use super::table::Grab;
use super::{Change, Outcome, Teach, Teaching};
use crate::editor::rule_edit::{fresh_name, names, RuleKind};
use tablecraft_engine::learn::{make_ending, propose_endings, EndCandidate, Setup, Winner};
use tablecraft_engine::model::Game;

/// The end being shown.
#[derive(Debug, Clone, PartialEq)]
pub struct EndTeach {
    setup: Setup,
    candidates: Vec<EndCandidate>,
    /// The sentences of the candidates ticked.
    ticked: Vec<String>,
    winner: Winner,
    /// The game-over condition made from the ticks, in the game.
    index: Option<usize>,
    /// The condition in words (or why none can be made).
    sentence: String,
    /// The ticks are the app's proposal, not touched by the child yet.
    auto: bool,
}

/// The choices of who won, for a game of `players`: the winner, its words
/// and a short name for the page.
pub fn winner_choices(players: u8) -> Vec<(Winner, &'static str, &'static str)> {
    if players < 2 {
        vec![
            (Winner::Player(1), "the player: solved!", "p1"),
            (Winner::Draw, "nobody: not solved", "draw"),
        ]
    } else {
        vec![
            (Winner::OnMove, "the player on move", "on-move"),
            (Winner::Opponent, "the other player", "other"),
            (Winner::Player(1), "player 1", "p1"),
            (Winner::Player(2), "player 2", "p2"),
            (Winner::Draw, "nobody (a draw)", "draw"),
        ]
    }
}

impl EndTeach {
    /// The table as set up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// What is true now and was not at the start.
    pub fn candidates(&self) -> &[EndCandidate] {
        &self.candidates
    }

    /// Whether the candidate with this sentence is ticked.
    pub fn ticked(&self, sentence: &str) -> bool {
        self.ticked.iter().any(|t| t == sentence)
    }

    /// Who won.
    pub fn winner(&self) -> Winner {
        self.winner
    }

    /// The game-over condition in words.
    pub fn sentence(&self) -> &str {
        &self.sentence
    }

    /// Whether the app ticked the likely reason (the child has not changed
    /// the ticks yet).
    pub fn proposed(&self) -> bool {
        self.auto && !self.ticked.is_empty()
    }

    /// Works out the candidates again, keeping the ticks that still hold.
    fn refresh(&mut self, game: &Game) -> Outcome {
        let out = match propose_endings(game, &self.setup) {
            Ok(c) => {
                self.candidates = c;
                Outcome::none()
            }
            Err(err) => {
                self.candidates.clear();
                Outcome::problem(err.message)
            }
        };
        let names: Vec<&str> = self.candidates.iter().map(|c| c.sentence.as_str()).collect();
        self.ticked.retain(|t| names.contains(&t.as_str()));
        out
    }

    /// Makes (or changes, or removes) the game-over condition from the ticks.
    fn save(&mut self, game: &Game) -> Option<Change> {
        let ticked: Vec<EndCandidate> = self
            .candidates
            .iter()
            .filter(|c| self.ticked.contains(&c.sentence))
            .cloned()
            .collect();
        let mut game = game.clone();
        let name = match self.index.and_then(|i| game.game_over.get(i)) {
            Some(g) => g.name.clone(),
            None => fresh_name(&names(&game, RuleKind::End), "end"),
        };
        let ending = match make_ending(&name, &ticked, self.winner, &self.setup) {
            Ok(x) => x,
            Err(err) => {
                self.sentence = err.message;
                // Nothing ticked any more: the condition made here goes.
                let i = self
                    .index
                    .filter(|&i| i < game.game_over.len() && self.ticked.is_empty())?;
                game.game_over.remove(i);
                self.index = None;
                return Some(Change {
                    label: format!("Remove game-over condition {name}"),
                    game,
                });
            }
        };
        let label = match (self.index, &ending.game_over) {
            (Some(_), _) => format!("Change game-over condition {name}"),
            (None, Some(_)) => format!("Add game-over condition {name}"),
            (None, None) => "Change the settings".into(),
        };
        if let Some(g) = ending.game_over.clone() {
            match self.index.filter(|&i| i < game.game_over.len()) {
                Some(i) => game.game_over[i] = g,
                None => {
                    self.index = Some(game.game_over.len());
                    game.game_over.push(g);
                }
            }
        } else if let Some(i) = self.index.filter(|&i| i < game.game_over.len()) {
            game.game_over.remove(i);
            self.index = None;
        }
        if let Some(w) = ending.when_stuck {
            game.settings.when_stuck = w;
        }
        self.sentence = ending.sentence;
        Some(Change { label, game })
    }
}

impl Teaching {
    /// Record the end: from the table the move shown left, or the start.
    pub(super) fn record_end(&mut self, game: &Game) -> Outcome {
        let setup = match &self.teach {
            Teach::Move(m) => m.setup(),
            _ => Setup::start(),
        };
        // A puzzle is won by its one player; in a game of two, most often
        // by the player on move (the other one has just made the last move).
        let winner = if game.players < 2 {
            Winner::Player(1)
        } else {
            Winner::OnMove
        };
        let mut e = EndTeach {
            setup,
            candidates: Vec::new(),
            ticked: Vec::new(),
            winner,
            index: None,
            sentence: String::new(),
            auto: true,
        };
        let out = e.refresh(game);
        self.teach = Teach::End(Box::new(e));
        self.hint = "Set the table up as it is when the game is over: drag figures, or drag from an empty part of a place to move everything on it.".into();
        out
    }

    /// Figures put elsewhere on the table of the end: the candidates again,
    /// and while the child has not ticked anything, the likely one ticked.
    pub(super) fn end_moved(&mut self, game: &Game, grab: &Grab, to: &str) -> Outcome {
        let Teach::End(e) = &mut self.teach else {
            return Outcome::none();
        };
        for f in &grab.figures {
            e.setup = e.setup.clone().with(f, to);
        }
        let mut out = e.refresh(game);
        if e.auto {
            let next: Vec<String> = likely_end(&e.candidates).into_iter().collect();
            if next != e.ticked {
                e.ticked = next;
                out.change = e.save(game);
            }
        }
        out
    }

    pub(super) fn winner(&mut self, game: &Game, winner: Winner) -> Outcome {
        let Teach::End(e) = &mut self.teach else {
            return Outcome::none();
        };
        e.winner = winner;
        if e.ticked.is_empty() {
            return Outcome::none();
        }
        Outcome {
            change: e.save(game),
            ..Outcome::none()
        }
    }

    pub(super) fn tick(&mut self, game: &Game, sentence: String, on: bool) -> Outcome {
        let Teach::End(e) = &mut self.teach else {
            return Outcome::none();
        };
        e.auto = false;
        e.ticked.retain(|x| *x != sentence);
        if on {
            e.ticked.push(sentence);
        }
        Outcome {
            change: e.save(game),
            ..Outcome::none()
        }
    }
}

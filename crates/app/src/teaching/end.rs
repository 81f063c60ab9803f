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
    /// The child chose who won; the app no longer proposes it.
    winner_chosen: bool,
}

/// The choices of who won, for a game of `players`: the winner, its words
/// and a short name for the page; in a game of two, "the player with more
/// figures on …" for each place a candidate counts.
pub fn winner_choices(players: u8, candidates: &[EndCandidate]) -> Vec<(Winner, String, String)> {
    let mut out: Vec<(Winner, String, String)> = if players < 2 {
        vec![
            (Winner::Player(1), "the player: solved!".into(), "p1".into()),
            (Winner::Draw, "nobody: not solved".into(), "draw".into()),
        ]
    } else {
        let mut all = vec![
            (Winner::OnMove, "the player on move".into(), "on-move".into()),
            (
                Winner::Opponent,
                "the player who just moved".into(),
                "other".into(),
            ),
        ];
        all.extend((1..=players.min(4)).map(|p| (Winner::Player(p), format!("player {p}"), format!("p{p}"))));
        all.push((Winner::Draw, "nobody (a draw)".into(), "draw".into()));
        all
    };
    for c in candidates {
        if let Some(w @ Winner::More { place, .. }) = &c.winner {
            if !out.iter().any(|(x, ..)| x == w) {
                out.push((w.clone(), w.words(), format!("more-{place}")));
            }
        }
    }
    out
}

/// Who most likely moved last when `figures` were put on the table in a
/// game of two or more: their owner, when they all have one and the same.
fn mover(game: &Game, figures: &[String]) -> Option<u8> {
    if game.players < 2 {
        return None;
    }
    let owners: Vec<Option<u8>> = figures
        .iter()
        .map(|n| game.figures.iter().find(|f| &f.name == n).and_then(|f| f.owner))
        .collect();
    match owners.as_slice() {
        [Some(k), rest @ ..] if rest.iter().all(|o| *o == Some(*k)) => Some(*k),
        _ => None,
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
    pub fn winner(&self) -> &Winner {
        &self.winner
    }

    /// The player on move in the table as set up (the other moved last).
    pub fn on_move(&self) -> u8 {
        self.setup.player.max(1)
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

    /// While the child has not ticked anything, the likely reason ticked;
    /// while they have not chosen who won, its likely winner chosen. The
    /// condition made again if anything changed.
    fn propose(&mut self, game: &Game, default: Winner) -> Option<Change> {
        let likely = likely_end(&self.candidates);
        let mut changed = false;
        if self.auto {
            let next: Vec<String> = likely.iter().map(|c| c.sentence.clone()).collect();
            changed |= next != self.ticked;
            self.ticked = next;
        }
        if !self.winner_chosen {
            let winner = likely.and_then(|c| c.winner.clone()).unwrap_or(default);
            changed |= winner != self.winner;
            self.winner = winner;
        }
        (changed && (self.index.is_some() || !self.ticked.is_empty()))
            .then(|| self.save(game))
            .flatten()
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
        let ending = match make_ending(&name, &ticked, self.winner.clone(), &self.setup) {
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
        let mut e = EndTeach {
            setup,
            candidates: Vec::new(),
            ticked: Vec::new(),
            winner: default_winner(game),
            index: None,
            sentence: String::new(),
            auto: true,
            winner_chosen: false,
        };
        let out = e.refresh(game);
        self.teach = Teach::End(Box::new(e));
        self.hint = "Set the table up as it is when the game is over: drag figures, or drag from an empty part of a place to move everything on it.".into();
        out
    }

    /// Figures put elsewhere on the table of the end: the candidates again,
    /// and while the child has not ticked anything, the likely one ticked
    /// (and its likely winner chosen). The player whose figures were put
    /// there moved last: the next one is on move.
    pub(super) fn end_moved(&mut self, game: &Game, grab: &Grab, to: &str) -> Outcome {
        let Teach::End(e) = &mut self.teach else {
            return Outcome::none();
        };
        for f in &grab.figures {
            e.setup = e.setup.clone().with(f, to);
        }
        if let Some(k) = mover(game, &grab.figures) {
            e.setup.player = k % game.players + 1;
        }
        let mut out = e.refresh(game);
        out.change = e.propose(game, default_winner(game));
        out
    }

    /// Setting up the end: `player` is on move, the other moved last.
    pub(super) fn on_move(&mut self, game: &Game, player: u8) -> Outcome {
        let Teach::End(e) = &mut self.teach else {
            return Outcome::none();
        };
        if !(1..=game.players.max(1)).contains(&player) || e.setup.player == player {
            return Outcome::none();
        }
        e.setup.player = player;
        let mut out = e.refresh(game);
        out.change = e.propose(game, default_winner(game));
        out
    }

    pub(super) fn winner(&mut self, game: &Game, winner: Winner) -> Outcome {
        let Teach::End(e) = &mut self.teach else {
            return Outcome::none();
        };
        e.winner = winner;
        e.winner_chosen = true;
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

/// Who wins unless the table says otherwise: the player of a puzzle; in a
/// game of two, the player on move (the other one made the last move).
fn default_winner(game: &Game) -> Winner {
    if game.players < 2 {
        Winner::Player(1)
    } else {
        Winner::OnMove
    }
}

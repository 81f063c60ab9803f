//! The page's state, shared with every component through a context.
//!
//! The game being designed lives in an undo [`History`]; everything else
//! (mode, selection, the game being played, messages, what the browser is
//! busy with for the page) beside it.

use super::worker_client::WorkerClient;
use gloo_file::callbacks::FileReader;
use gloo_file::ObjectUrl;
use leptos::prelude::*;
use std::sync::Arc;
use tablecraft_app::editor::room::Offer;
use tablecraft_app::editor::{Edit, History, Selection};
use tablecraft_engine::file::MAX_PLAYERS;
use tablecraft_engine::search::Strength;
use tablecraft_engine::{Game, Position, Problem, Rules, Status};

/// The three modes of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Design,
    Rules,
    Play,
}

/// Whether a message is news or a problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Info,
    Problem,
}

/// A short message shown at the top of the page and read by screen readers.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub text: String,
    pub tone: Tone,
    /// The game's own words about it, for a designer who asks why (a
    /// refused step: which rule and which condition).
    pub detail: Option<String>,
    /// Counts up so the same text twice is announced twice.
    pub serial: u64,
    /// The fix offered with a refusal: a button asks the question.
    pub fix: Option<(String, Fix)>,
}

/// What the button of a fix does.
#[derive(Debug, Clone, PartialEq)]
pub enum Fix {
    /// Makes room in the design, then the edit refused.
    Design(Offer),
    /// Tells teaching the child took the fix it offered.
    Teaching,
}

/// How many messages the live region keeps.
const SPOKEN_KEPT: usize = 6;

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Person,
    Computer(Strength),
}

/// Who plays each player of a game, from player 1 (a game of fewer uses
/// the first ones).
pub type Seats = [Player; MAX_PLAYERS as usize];

/// Every player a person: how a game starts.
pub const PEOPLE: Seats = [Player::Person; MAX_PLAYERS as usize];

/// A game being played.
#[derive(Debug, Clone)]
pub struct Session {
    pub position: Position,
    /// The revision of the design it was started from.
    pub revision: u64,
    /// Who plays each player, from player 1 (those past the game's
    /// number of players are not asked).
    pub players: Seats,
}

/// The design, compiled: the rules, or every problem. Compared by revision.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub revision: u64,
    pub result: Result<Arc<Rules>, Arc<Vec<Problem>>>,
}

impl PartialEq for Compiled {
    fn eq(&self, other: &Self) -> bool {
        self.revision == other.revision
    }
}

/// Problems found in a file that was not opened.
#[derive(Debug, Clone, PartialEq)]
pub struct FileProblems {
    pub file: String,
    pub problems: Vec<Problem>,
}

/// Handles to the page's state; `Copy`, so every closure can hold one.
#[derive(Clone, Copy)]
pub struct Store {
    pub history: RwSignal<History>,
    pub mode: RwSignal<Mode>,
    pub selection: RwSignal<Selection>,
    pub notice: RwSignal<Option<Notice>>,
    pub file_problems: RwSignal<Option<FileProblems>>,
    pub session: RwSignal<Option<Session>>,
    pub compiled: Memo<Compiled>,
    /// The last few messages said, oldest first: the live region reads
    /// each one, even when several are said at once.
    pub spoken: RwSignal<Vec<Notice>>,
    /// The computer player's Web Worker.
    pub worker: StoredValue<WorkerClient, LocalStorage>,
    /// The file being read (dropping its reader would stop it); replaced
    /// by the next one.
    pub reading: StoredValue<Option<FileReader>, LocalStorage>,
    /// The address of the last download, kept until the next one.
    pub last_download: StoredValue<Option<ObjectUrl>, LocalStorage>,
    /// Rules already compiled (a file just opened was compiled to check
    /// it): `compiled` takes them instead of compiling the same game again.
    prepared: StoredValue<Option<Arc<Rules>>, LocalStorage>,
}

impl Store {
    /// A store around a game, provided as context to the components below.
    pub fn provide(game: Game) -> Store {
        let history = RwSignal::new(History::new(game));
        let prepared: StoredValue<Option<Arc<Rules>>, LocalStorage> = StoredValue::new_local(None);
        let compiled = Memo::new(move |_| {
            history.with(|h| {
                let ready = prepared
                    .try_update_value(Option::take)
                    .flatten()
                    .filter(|rules| rules.game == *h.current());
                Compiled {
                    revision: h.revision(),
                    result: match ready {
                        Some(rules) => Ok(rules),
                        None => Rules::compile(h.current()).map(Arc::new).map_err(Arc::new),
                    },
                }
            })
        });
        let store = Store {
            history,
            mode: RwSignal::new(Mode::Design),
            selection: RwSignal::new(Selection::new()),
            notice: RwSignal::new(None),
            file_problems: RwSignal::new(None),
            session: RwSignal::new(None),
            compiled,
            spoken: RwSignal::new(Vec::new()),
            worker: StoredValue::new_local(WorkerClient::default()),
            reading: StoredValue::new_local(None),
            last_download: StoredValue::new_local(None),
            prepared,
        };
        provide_context(store);
        store
    }

    /// The store of the page.
    pub fn get() -> Store {
        expect_context::<Store>()
    }

    /// The page's way to the computer player's Web Worker.
    pub fn worker(&self) -> WorkerClient {
        self.worker.try_get_value().unwrap_or_default()
    }

    /// Reads the current game.
    pub fn with_game<R>(&self, f: impl FnOnce(&Game) -> R) -> R {
        self.history.with(|h| f(h.current()))
    }

    /// The current game, reading it untracked (for event handlers).
    pub fn game_untracked(&self) -> Game {
        self.history.with_untracked(|h| h.current().clone())
    }

    /// Applies an edit as one undoable action; a refused edit shows why.
    /// Returns the names of elements the edit created.
    pub fn edit(&self, edit: Edit) -> Option<Vec<String>> {
        let game = self.game_untracked();
        match edit.apply(&game) {
            Ok((next, names)) => {
                self.history.update(|h| {
                    h.apply(&edit.label(), next);
                });
                self.selection
                    .update(|s| self.history.with_untracked(|h| s.retain_existing(h.current())));
                Some(names)
            }
            Err(e) => {
                let fix = Offer::for_refusal(&game, &edit, &e).map(|o| (o.question.clone(), Fix::Design(o)));
                self.say_with_fix(e.message(), Tone::Problem, fix);
                None
            }
        }
    }

    /// Takes the fix offered with a refusal in the design: one undoable
    /// action; what it made is selected.
    pub fn take_offer(&self, offer: &Offer) {
        let game = self.game_untracked();
        match offer.apply(&game) {
            Ok((next, names, label)) => {
                self.history.update(|h| {
                    h.apply(&label, next);
                });
                if !names.is_empty() {
                    self.selection.set(Selection::of(names));
                }
                self.say("Done. Press Undo to take it back.", Tone::Info);
            }
            Err(e) => self.say(e.message(), Tone::Problem),
        }
    }

    /// Replaces the whole game (New, Open, an example) as one undoable action.
    pub fn replace_game(&self, label: &str, game: Game) {
        self.history.update(|h| {
            h.apply(label, game);
        });
        self.selection.set(Selection::new());
        self.session.set(None);
    }

    /// Replaces the game with one already compiled into `rules`, which the
    /// design then uses instead of compiling the same game again.
    pub fn replace_compiled_game(&self, label: &str, game: Game, rules: Rules) {
        self.prepared.set_value(Some(Arc::new(rules)));
        self.replace_game(label, game);
    }

    /// Whether a game is being played: moves made, and not over yet.
    pub fn game_in_progress(&self) -> bool {
        self.session.with_untracked(|s| {
            s.as_ref()
                .is_some_and(|s| !s.position.history().is_empty() && s.position.status() == &Status::Playing)
        })
    }

    /// Undoes the last edit.
    pub fn undo(&self) {
        let mut label = None;
        self.history.update(|h| label = h.undo());
        if let Some(l) = label {
            self.say(format!("Undone: {l}"), Tone::Info);
        }
        self.selection
            .update(|s| self.history.with_untracked(|h| s.retain_existing(h.current())));
    }

    /// Redoes the last undone edit.
    pub fn redo(&self) {
        let mut label = None;
        self.history.update(|h| label = h.redo());
        if let Some(l) = label {
            self.say(format!("Redone: {l}"), Tone::Info);
        }
        self.selection
            .update(|s| self.history.with_untracked(|h| s.retain_existing(h.current())));
    }

    /// Shows (and announces) a message.
    pub fn say(&self, text: impl Into<String>, tone: Tone) {
        self.announce(text.into(), tone, None, None);
    }

    /// Shows (and announces) a message, with a fix to offer.
    pub fn say_with_fix(&self, text: impl Into<String>, tone: Tone, fix: Option<(String, Fix)>) {
        self.announce(text.into(), tone, None, fix);
    }

    /// Shows (and announces) a message with the game's own words about it,
    /// which the message line shows on request.
    pub fn say_with_detail(&self, text: impl Into<String>, tone: Tone, detail: Option<String>) {
        self.announce(text.into(), tone, detail, None);
    }

    fn announce(&self, text: String, tone: Tone, detail: Option<String>, fix: Option<(String, Fix)>) {
        let serial = self
            .notice
            .with_untracked(|n| n.as_ref().map_or(0, |n| n.serial + 1))
            .max(
                self.spoken
                    .with_untracked(|v| v.last().map_or(0, |n| n.serial + 1)),
            );
        let notice = Notice {
            text,
            tone,
            detail,
            serial,
            fix,
        };
        self.spoken.update(|v| {
            v.push(notice.clone());
            let extra = v.len().saturating_sub(SPOKEN_KEPT);
            v.drain(..extra);
        });
        self.notice.set(Some(notice));
    }
}

//! The work kept in the browser's localStorage: restored when the page
//! loads, saved on every change.

use crate::ui::store::{Mode, Player, Session, Store, Tone};
use gloo_storage::{LocalStorage, Storage};
use leptos::prelude::*;
use std::sync::Arc;
use tablecraft_app::editor::History;
use tablecraft_app::storage::saved::{SavedMode, SavedPlay, SavedPlayer, WORK_KEY};
use tablecraft_app::storage::{Keeper, SaveOutcome, Shelf, Snapshot, Start};
use tablecraft_engine::Game;
use web_sys::js_sys;

/// The browser's localStorage as a [`Shelf`].
pub(super) struct Local;

impl Shelf for Local {
    fn get(&self, key: &str) -> Option<String> {
        LocalStorage::raw().get_item(key).ok().flatten()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        LocalStorage::raw()
            .set_item(key, value)
            .map_err(|e| js_error_text(&e))
    }

    fn remove(&mut self, key: &str) {
        let _ = LocalStorage::raw().remove_item(key);
    }
}

fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    if let Some(err) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Error>(e) {
        String::from(err.message())
    } else {
        e.as_string().unwrap_or_else(|| "the browser refused".into())
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// How keeping work goes, shown as a banner when it goes wrong.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum KeepStatus {
    Fine,
    /// The browser refused to store the work.
    Failed(String),
    /// Another tab saved newer work at this time (ms since 1970).
    OtherTab {
        time: f64,
        kept_here: bool,
    },
}

/// Keeping the work in the browser, shared by the banners and sharing.
#[derive(Clone, Copy)]
pub(crate) struct Keeping {
    pub(super) status: RwSignal<KeepStatus>,
    /// When this tab may write.
    keeper: StoredValue<Keeper>,
    /// While a shared game is only being looked at, nothing is written, so
    /// the work kept in the browser stays as it was.
    paused: StoredValue<bool>,
}

impl Keeping {
    pub(crate) fn get() -> Keeping {
        expect_context::<Keeping>()
    }

    /// Stops or resumes saving to the browser; resuming saves at the next
    /// change.
    pub(crate) fn pause(&self, paused: bool) {
        self.paused.try_set_value(paused);
    }

    fn with_keeper<R>(&self, f: impl FnOnce(&mut Keeper) -> R) -> Option<R> {
        self.keeper.try_update_value(f)
    }
}

/// What the browser kept, read as the page starts (before the store
/// exists); [`keep_in_browser`] puts it back.
pub struct Kept {
    keeper: Keeper,
    start: Start,
}

impl Kept {
    /// The game kept in the browser, or a new one.
    pub fn game(&self) -> Game {
        match &self.start {
            Start::Work(r) => r.snapshot.game.clone(),
            _ => Game::default(),
        }
    }
}

/// Reads the work kept in the browser. The revision, mode and game in
/// progress are put back by [`keep_in_browser`].
pub fn restore() -> Kept {
    let mut keeper = Keeper::new(format!(
        "{:x}-{:x}",
        now() as u64,
        (js_sys::Math::random() * 1e12) as u64
    ));
    let start = keeper.restore(&mut Local, now());
    Kept { keeper, start }
}

pub(super) fn mode_of(mode: Mode) -> SavedMode {
    match mode {
        Mode::Design => SavedMode::Design,
        Mode::Rules => SavedMode::Rules,
        Mode::Play => SavedMode::Play,
    }
}

pub(super) fn saved_mode(mode: SavedMode) -> Mode {
    match mode {
        SavedMode::Design => Mode::Design,
        SavedMode::Rules => Mode::Rules,
        SavedMode::Play => Mode::Play,
    }
}

fn player_of(p: Player) -> SavedPlayer {
    match p {
        Player::Person => SavedPlayer::Person,
        Player::Computer(s) => SavedPlayer::computer(s),
    }
}

fn saved_player(p: SavedPlayer) -> Player {
    p.strength().map_or(Player::Person, Player::Computer)
}

/// Everything to keep, read from the store (tracked, for the saving effect).
pub(super) fn snapshot(store: Store) -> Snapshot {
    let (revision, game) = store.history.with(|h| (h.revision(), h.current().clone()));
    let play = store.session.with(|s| {
        s.as_ref().map(|s| SavedPlay {
            record: tablecraft_engine::record::Record::of(&s.position),
            players: s.players.iter().copied().map(player_of).collect(),
            design_revision: s.revision,
        })
    });
    Snapshot {
        revision,
        mode: mode_of(store.mode.get()),
        game,
        play,
    }
}

/// Puts a game in progress back, replayed on the current design's rules.
pub(super) fn resume_play(store: Store, play: SavedPlay) {
    let compiled = store.compiled.get_untracked();
    let Ok(rules) = compiled.result else {
        store.say(
            "The game you were playing could not go on: the rules have problems now.",
            Tone::Problem,
        );
        return;
    };
    let position = match play.record.replay(Arc::clone(&rules)) {
        Ok(pos) => pos,
        Err((pos, why)) => {
            store.say(
                format!("The game you were playing went back to where it could: {why}"),
                Tone::Problem,
            );
            pos
        }
    };
    store.session.set(Some(Session {
        position,
        revision: play.design_revision.min(compiled.revision),
        players: std::array::from_fn(|i| saved_player(play.player(i as u8 + 1))),
    }));
}

fn report(store: Store, keeping: Keeping, outcome: SaveOutcome) {
    match outcome {
        SaveOutcome::Saved | SaveOutcome::Unchanged => {
            if matches!(keeping.status.get_untracked(), KeepStatus::Failed(_)) {
                keeping.status.set(KeepStatus::Fine);
                store.say("Your work is kept in this browser again.", Tone::Info);
            }
        }
        SaveOutcome::Older => {
            leptos::logging::warn!("A newer revision is already kept; nothing was written.");
        }
        SaveOutcome::OtherTab { stamp, kept_as } => {
            keeping.status.set(KeepStatus::OtherTab {
                time: stamp.time,
                kept_here: kept_as.is_some(),
            });
        }
        SaveOutcome::Failed(why) => {
            let first = !matches!(keeping.status.get_untracked(), KeepStatus::Failed(_));
            keeping.status.set(KeepStatus::Failed(why));
            if first {
                store.say(
                    "Your work could not be kept in this browser. Save it as a file now!",
                    Tone::Problem,
                );
            }
        }
    }
}

/// Puts back what [`restore`] found and saves the work on every change.
pub fn keep_in_browser(store: Store, kept: Kept) {
    let Kept { keeper, start } = kept;
    let keeping = Keeping {
        status: RwSignal::new(KeepStatus::Fine),
        keeper: StoredValue::new(keeper),
        paused: StoredValue::new(false),
    };
    provide_context(keeping);

    match start {
        Start::Work(restored) => {
            let snap = restored.snapshot;
            store
                .history
                .set(History::resume(snap.game, restored.stamp.revision));
            store.mode.set(saved_mode(snap.mode));
            if let Some(play) = snap.play {
                resume_play(store, play);
            }
        }
        Start::SetAside { key, reason } => {
            leptos::logging::warn!("The kept work could not be read ({reason}); it is now under {key}.");
            store.say(
                "The game kept in this browser could not be read, so it was put aside \
                 (nothing was deleted) and a new game was started.",
                Tone::Problem,
            );
        }
        Start::Unreadable { reason } => {
            leptos::logging::warn!("The kept work could not be read ({reason}) nor moved.");
            keeping.status.set(KeepStatus::Failed(reason));
            store.say(
                "The game kept in this browser could not be read, and there is no room to \
                 put it aside. Save your work as a file!",
                Tone::Problem,
            );
        }
        Start::Nothing => {}
    }

    Effect::new(move |_| {
        let snap = snapshot(store);
        if keeping.paused.try_get_value().unwrap_or(false) {
            return;
        }
        if let Some(outcome) = keeping.with_keeper(|k| k.save(&mut Local, &snap, now())) {
            report(store, keeping, outcome);
        }
    });

    let _storage = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_some_and(|k| k != WORK_KEY) {
            return;
        }
        if let Some(stamp) = keeping.with_keeper(|k| k.changed_elsewhere(&Local)).flatten() {
            keeping.status.set(KeepStatus::OtherTab {
                time: stamp.time,
                kept_here: false,
            });
        }
    });
}

/// Opens the newer work another tab saved (undoable).
pub(super) fn open_newer(store: Store) {
    let keeping = Keeping::get();
    let Some(adopted) = keeping.with_keeper(|k| k.adopt(&Local)) else {
        return;
    };
    match adopted {
        Ok(restored) => {
            let title = restored.snapshot.game.title.clone();
            store.replace_game("open the game from the other tab", restored.snapshot.game);
            store.mode.set(saved_mode(restored.snapshot.mode));
            if let Some(play) = restored.snapshot.play {
                resume_play(store, play);
            }
            keeping.status.set(KeepStatus::Fine);
            store.say(
                format!("Opened “{title}” from the other tab. Undo brings back this tab's game."),
                Tone::Info,
            );
        }
        Err(why) => store.say(why, Tone::Problem),
    }
}

/// Keeps this tab's game over the other tab's, which is put aside first.
pub(super) fn keep_mine(store: Store) {
    let snap = untrack(|| snapshot(store));
    let keeping = Keeping::get();
    let Some((aside, outcome)) = keeping.with_keeper(|k| k.take_over(&mut Local, &snap, now())) else {
        return;
    };
    keeping.status.set(KeepStatus::Fine);
    let saved = outcome == SaveOutcome::Saved;
    report(store, keeping, outcome);
    if saved {
        let text = if aside.is_some() {
            "This tab's game is kept. The other tab's game was put aside, not deleted."
        } else {
            "This tab's game is kept."
        };
        store.say(text, Tone::Info);
    }
}

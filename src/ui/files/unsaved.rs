//! Leaving the page with changes that are in no file asks first.
//!
//! The work is kept in the browser anyway, so this only guards against
//! forgetting to save a file (to take home, or to send). The revision last
//! saved to a file, or opened from one (an example and a share link count),
//! is remembered, across reloads too; while the game differs from it, the
//! page sets a `beforeunload` handler and marks `<html data-unsaved="yes">`.

use crate::ui::store::Store;
use gloo_storage::{LocalStorage, Storage};
use leptos::prelude::*;
use tablecraft_engine::Game;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Where the revision last in a file is kept.
const FILE_REVISION_KEY: &str = "tablecraft.file-revision";

/// What browsers may show (most show their own sentence instead).
const MESSAGE: &str = "Your game is kept in this browser, but it is not saved in a file yet.";

/// The game as it is in a file.
#[derive(Debug, Clone, PartialEq, Default)]
struct Mark {
    revision: Option<u64>,
    /// Known when saved or opened in this page (not after a reload).
    game: Option<Game>,
}

#[derive(Clone, Copy)]
struct InFile {
    mark: RwSignal<Mark>,
}

/// Remembers that the game as it is now is in a file (just saved or opened).
pub(crate) fn mark_in_file(store: Store) {
    let (revision, game) = store
        .history
        .with_untracked(|h| (h.revision(), h.current().clone()));
    if let Some(in_file) = use_context::<InFile>() {
        in_file.mark.set(Mark {
            revision: Some(revision),
            game: Some(game),
        });
    }
    let _ = LocalStorage::raw().set_item(FILE_REVISION_KEY, &revision.to_string());
}

fn has_unsaved(revision: u64, current: &Game, mark: &Mark) -> bool {
    *current != Game::default() && mark.revision != Some(revision) && mark.game.as_ref() != Some(current)
}

/// Sets the `beforeunload` handler while the game has changes in no file.
pub(crate) fn ask_before_leaving(store: Store) {
    let stored = LocalStorage::raw()
        .get_item(FILE_REVISION_KEY)
        .ok()
        .flatten()
        .and_then(|s| s.parse().ok());
    let mark = RwSignal::new(Mark {
        revision: stored,
        game: None,
    });
    provide_context(InFile { mark });
    let unsaved = Memo::new(move |_| {
        store
            .history
            .with(|h| mark.with(|m| has_unsaved(h.revision(), h.current(), m)))
    });
    // Set as the page's `onbeforeunload` while there are such changes (the
    // browser then holds it too).
    let handler: JsValue =
        Closure::<dyn FnMut(web_sys::BeforeUnloadEvent)>::new(|ev: web_sys::BeforeUnloadEvent| {
            ev.prevent_default();
            ev.set_return_value(MESSAGE);
        })
        .into_js_value();
    Effect::new(move |_| {
        let unsaved = unsaved.get();
        let Some(window) = web_sys::window() else {
            return;
        };
        window.set_onbeforeunload(unsaved.then(|| handler.unchecked_ref()));
        if let Some(html) = window.document().and_then(|d| d.document_element()) {
            let _ = html.set_attribute("data-unsaved", if unsaved { "yes" } else { "no" });
        }
    });
}

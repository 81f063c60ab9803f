//! Files and keeping work: New, Examples, Open, Save, local storage.

use super::store::Store;
use crate::engine::Game;
use leptos::prelude::*;

/// Where the browser keeps the game being designed (an XML game file).
pub const KEPT_GAME: &str = "tablecraft.game";

/// The game kept in the browser, or a new one.
pub fn restore() -> Game {
    use gloo_storage::Storage;
    gloo_storage::LocalStorage::raw()
        .get_item(KEPT_GAME)
        .ok()
        .flatten()
        .and_then(|text| crate::engine::file::read_xml(&text).ok())
        .map(|(game, _)| game)
        .unwrap_or_default()
}

/// Saves the work in the browser on every change.
pub fn keep_in_browser(_store: Store) {}

/// New, Examples, Open, Save.
#[component]
pub fn FileButtons() -> impl IntoView {
    view! { <span></span> }
}

/// The problems of a file that could not be opened.
#[component]
pub fn FileProblemsDialog() -> impl IntoView {
    view! { <span></span> }
}

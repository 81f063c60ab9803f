//! The file buttons in the top bar: New, Examples, Open, Save as XML,
//! Save as JSON.

use super::download::save_game;
use super::icons::{icon, Icon};
use super::open::open_file;
use crate::ui::confirm::{Confirm, Question};
use crate::ui::examples::ExamplesMenu;
use crate::ui::store::{Store, Tone};
use leptos::html;
use leptos::prelude::*;
use tablecraft_app::storage::{FileKind, ACCEPT};
use tablecraft_engine::Game;

/// New, Examples, Open, Save.
#[component]
pub fn FileButtons() -> impl IntoView {
    let store = Store::get();
    let input = NodeRef::<html::Input>::new();
    let confirm = Confirm::get();
    let new_game = move |_| {
        let fresh = move || {
            store.replace_game("new game", Game::default());
            store.say("A new, empty game. Undo brings back the one before.", Tone::Info);
        };
        if store.game_in_progress() {
            confirm.ask(Question {
                title: "Start a new, empty game?",
                text: "The game being played will be lost: Undo brings back the design, \
                       but not the moves played.",
                yes: "Start a new game",
                no: "Keep playing",
                on_yes: Callback::new(move |()| fresh()),
            });
        } else {
            fresh();
        }
    };
    let pick = move |_| {
        if let Some(input) = input.get() {
            input.click();
        }
    };
    let picked = move |_| {
        let Some(el) = input.get() else { return };
        if let Some(file) = el.files().and_then(|f| f.get(0)) {
            open_file(store, file);
        }
        // The same file can be opened again.
        el.set_value("");
    };
    view! {
        <div class="file-buttons">
            <button class="file-button" data-testid="new" title="Start a new, empty game"
                on:click=new_game>
                {icon(Icon::New)}" New"
            </button>
            <ExamplesMenu/>
            <button class="file-button" data-testid="open" title="Open a game file"
                on:click=pick>
                {icon(Icon::Open)}" Open"
            </button>
            <input type="file" class="visually-hidden" accept=ACCEPT tabindex="-1"
                aria-hidden="true" data-testid="open-input" node_ref=input on:change=picked/>
            <button class="file-button" data-testid="save-xml"
                title="Save the game as a file (XML) that opens everywhere"
                on:click=move |_| save_game(store, FileKind::Xml)>
                {icon(Icon::Save)}" Save as XML"
            </button>
            <button class="file-button" data-testid="save-json"
                title="Save the game as a JSON file"
                on:click=move |_| save_game(store, FileKind::Json)>
                {icon(Icon::Save)}" Save as JSON"
            </button>
        </div>
    }
}

//! The web page: Leptos components over the engine (wasm32 only).

mod examples;

use leptos::prelude::*;

use examples::ExampleList;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <header class="app-header">
            <h1 class="app-title">"Tablecraft"</h1>
            <p class="app-intro">
                "Make your own table game: put the pieces on the table, teach the game its rules "
                "by showing a move, then play it with a friend or against the computer."
            </p>
        </header>
        <main class="app-main">
            <ExampleList/>
        </main>
    }
}

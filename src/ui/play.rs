//! play mode.

use leptos::prelude::*;

/// The play screen.
#[component]
pub fn PlayMode() -> impl IntoView {
    view! { <section class="play-mode"></section> }
}

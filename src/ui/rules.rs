//! rules mode.

use leptos::prelude::*;

/// The rules screen.
#[component]
pub fn RulesMode() -> impl IntoView {
    view! { <section class="rules-mode"></section> }
}

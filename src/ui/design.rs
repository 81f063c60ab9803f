//! design mode.

use leptos::prelude::*;

/// The design screen.
#[component]
pub fn DesignMode() -> impl IntoView {
    view! { <section class="design-mode"></section> }
}

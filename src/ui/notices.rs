//! The message line: what just happened or what went wrong, also read out
//! by screen readers (a polite live region).

use super::store::{Store, Tone};
use leptos::prelude::*;

/// The message line under the top bar.
#[component]
pub fn Notices() -> impl IntoView {
    let store = Store::get();
    let class = move || match store.notice.with(|n| n.as_ref().map(|n| n.tone)) {
        Some(Tone::Problem) => "notice problem",
        Some(Tone::Info) => "notice info",
        None => "notice empty",
    };
    view! {
        <div class=class role="status" aria-live="polite" data-testid="notice">
            {move || store.notice.with(|n| n.as_ref().map(|n| n.text.clone()).unwrap_or_default())}
            {move || store.notice.with(|n| n.is_some()).then(|| view! {
                <button class="notice-close" aria-label="Close the message"
                    on:click=move |_| store.notice.set(None)>"×"</button>
            })}
        </div>
    }
}

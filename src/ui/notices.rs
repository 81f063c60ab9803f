//! The message line: what just happened or what went wrong; every message
//! is also added to a polite live region that screen readers read.

use super::rules::Teaching;
use super::store::{Fix, Store, Tone};
use leptos::prelude::*;
use tablecraft_app::teaching::Event;

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
        <div class=class role="region" aria-label="Message" data-testid="notice">
            {move || store.notice.with(|n| n.as_ref().map(|n| n.text.clone()).unwrap_or_default())}
            {move || store.notice.with(|n| n.as_ref().and_then(|n| n.fix.clone())).map(|(question, fix)| view! {
                <button class="notice-fix primary" data-testid="notice-fix"
                    on:click=move |_| {
                        store.notice.set(None);
                        match &fix {
                            Fix::Design(offer) => store.take_offer(offer),
                            Fix::Teaching => Teaching::get().send(store, Event::AcceptOffer),
                        }
                    }>{question}</button>
            })}
            // The game's own words, one tap away for a designer.
            {move || store.notice.with(|n| n.as_ref().and_then(|n| n.detail.clone())).map(|d| view! {
                <details class="notice-detail" data-testid="notice-detail">
                    <summary>"Why exactly?"</summary>
                    <span>{d}</span>
                </details>
            })}
            {move || store.notice.with(|n| n.is_some()).then(|| view! {
                <button class="notice-close" aria-label="Close the message"
                    on:click=move |_| store.notice.set(None)>"×"</button>
            })}
        </div>
        // The polite live region: one line per message, so that a screen
        // reader reads each (a step, then "the computer is thinking…").
        <div class="visually-hidden" role="log" aria-live="polite" aria-relevant="additions"
            data-testid="announcer">
            <For each=move || store.spoken.get() key=|n| n.serial let:n>
                <p data-serial=n.serial>{n.text}</p>
            </For>
        </div>
    }
}

//! The cover between turns of a game with hidden hands, when people share
//! one screen: "Pass the tablet to Player 2", then a tap shows their cards.
//! Which screen to show is decided natively, in
//! [`tablecraft_app::playing::cover`].

use super::PlayState;
use leptos::prelude::*;
use tablecraft_app::playing::cover::{cover_words, Screen};

/// The cover, over the table while it is covered (the turn banner above
/// the table still says whose turn it is).
#[component]
pub fn Cover() -> impl IntoView {
    let state = expect_context::<PlayState>();
    move || {
        let Screen::Cover { next, ready } = state.screen() else {
            return None;
        };
        let (title, button) = cover_words(next, ready);
        let label = title.clone();
        Some(view! {
            <div class="cover" role="dialog" aria-modal="true" aria-label=label data-testid="cover">
                <p class=format!("cover-title player-{next}")>{title}</p>
                <p class="cover-text">"The others look away: your cards are for your eyes only."</p>
                <button class="cover-show" data-testid="cover-show" disabled=!ready
                    on:click=move |_| state.look_at_cards(next)>{button}</button>
            </div>
        })
    }
}

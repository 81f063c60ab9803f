//! The dice while teaching a step: each die shows its number; tapping it
//! makes it show the next, 🎲 rolls it. What the die shows goes with the
//! next step shown (see [`tablecraft_app::teaching::dice`]).

use super::super::memory::Teaching;
use crate::ui::store::Store;
use leptos::prelude::*;
use tablecraft_app::teaching::Event;

/// The dice of the game, one tap target and one Roll button each (none
/// in a game without dice, or while recording a move or the end).
pub fn dice_bar(store: Store, teaching: Teaching) -> impl IntoView {
    let dice = Memo::new(move |_| store.with_game(|g| teaching.state.with(|t| t.dice(g))));
    move || {
        let dice = dice.get();
        (!dice.is_empty()).then(|| {
            let items = dice
                .into_iter()
                .map(|(name, value)| {
                    let (tap, roll) = (name.clone(), name.clone());
                    let label = if name == "die" { "The die".to_string() } else { name.clone() };
                    view! {
                        <button class="teach-die" data-testid="teach-die" data-die=name.clone()
                            data-value=value.to_string()
                            title="Tap to make it show the next number"
                            on:click=move |_| teaching.send(store, Event::TapDie(tap.clone()))>
                            {format!("{label} shows {value}")}
                        </button>
                        <button data-testid="teach-roll" data-die=name
                            on:click=move |_| teaching.send(store, Event::Roll(roll.clone()))>"🎲 Roll"</button>
                    }
                })
                .collect_view();
            view! { <div class="teach-dice" role="group" aria-label="Dice">{items}</div> }
        })
    }
}

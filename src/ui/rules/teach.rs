//! Teaching by showing, on the table: the buttons (record a step, a move,
//! the end; try it), the table and the card of what is being taught. What
//! everything means is [`tablecraft_app::teaching`]; this draws its state
//! and forwards the child's buttons, pointer and keys to it.

mod dice_bar;
mod end_card;
mod move_card;
mod step_card;

use super::memory::Teaching;
use crate::ui::store::Store;
use crate::ui::table::{Overlay, Pointer, Table};
use leptos::prelude::*;
use tablecraft_app::teaching::{Event, Teach};

/// "Put a figure somewhere first": the next drag only moves a figure, so a
/// step can be shown from another place (the ball on s.3, then back to s.1).
fn arrange_button(store: Store, teaching: Teaching) -> impl IntoView {
    let on = Memo::new(move |_| teaching.state.with(|t| t.arranging()));
    view! {
        <button data-testid="arrange" class:active=on aria-pressed=move || on.get().to_string()
            title="The next drag only puts a figure somewhere; it is not a step of the rule"
            on:click=move |_| teaching.send(store, Event::Arrange)>"✋ Put a figure somewhere first"</button>
    }
}

/// The table and everything to teach with.
#[component]
pub fn TeachPanel() -> impl IntoView {
    let store = Store::get();
    let teaching = Teaching::get();
    let state = teaching.state;
    let teach = Memo::new(move |_| state.with(|t| t.teach().clone()));
    let mode_name = Memo::new(move |_| state.with(|t| t.teach().name()));
    let hint = Memo::new(move |_| state.with(|t| t.hint().to_string()));
    let scene = Memo::new(move |_| store.with_game(|g| state.with(|t| t.scene(g))));
    let overlay = Signal::derive(move || Overlay {
        ghost: scene.with(|s| state.with(|t| t.ghost(s))),
        ..Overlay::default()
    });
    let on_pointer = Callback::new(move |p: Pointer| teaching.pointer(store, p));
    let on_key = Callback::new(move |c| teaching.key(store, c));
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            teaching.escape(store);
        }
    });
    on_cleanup(move || keys.remove());
    let button = move |event: Event| move |_| teaching.send(store, event.clone());
    let active = move |names: &'static [&'static str]| move || names.contains(&mode_name.get());

    view! {
        <div class="teach-side" data-testid="teach" data-teach=mode_name>
            <h2 class="visually-hidden">"Teach by showing"</h2>
            <div class="teach-bar" role="toolbar" aria-label="Teach by showing">
                <button data-testid="record-step" class:active=active(&["idle", "step"])
                    on:click=button(Event::RecordStep)>"☝ Record a step"</button>
                <button data-testid="record-move" class:active=active(&["move"])
                    on:click=button(Event::RecordMove)>"⇉ Record a move"</button>
                <button data-testid="record-end" class:active=active(&["end"])
                    on:click=button(Event::RecordEnd)>"⚑ Record the end"</button>
                <button data-testid="try-it" class="try" title="Play your game in Play mode; nothing is lost"
                    on:click=button(Event::TryIt)>"▶ Try it"</button>
            </div>
            <p class="teach-hint" data-testid="teach-hint">{hint}</p>
            {dice_bar::dice_bar(store, teaching)}
            <div class="teach-work">
                <div class="table-area">
                    <Table scene on_pointer overlay on_key fit=true
                        label="The table: drag figures to teach, or pick them up with Space"/>
                </div>
                <div class="teach-card-area">
                    {move || match teach.get() {
                        Teach::Idle => view! {
                            <p class="hint">"Drag a figure on the table: I will write the rule for that step."</p>
                            {arrange_button(store, teaching)}
                        }.into_any(),
                        Teach::Step(s) => step_card::step_card(store, teaching, *s).into_any(),
                        Teach::Move(m) => move_card::move_card(store, teaching, *m).into_any(),
                        Teach::End(e) => end_card::end_card(store, teaching, *e).into_any(),
                    }}
                </div>
            </div>
        </div>
    }
}

//! The card of a move being shown: the steps so far, Take back and Done,
//! then the move in words with how often each part repeats.

use crate::ui::rules::memory::Teaching;
use crate::ui::store::Store;
use leptos::prelude::*;
use tablecraft_app::teaching::moves::{repeat_words, MoveTeach};
use tablecraft_app::teaching::Event;
use tablecraft_engine::learn::Repeat;

pub(super) fn move_card(store: Store, teaching: Teaching, m: MoveTeach) -> impl IntoView {
    let steps = m.steps();
    let send = move |event: Event| move |_| teaching.send(store, event.clone());
    let made = m.made().map(|made| {
        let rec = &made.recording;
        let parts = rec
            .parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                let label = part.steps.join(" then ");
                let choices = part
                    .choices()
                    .into_iter()
                    .map(|c| {
                        let current = c == part.repeat;
                        let slug = match c {
                            Repeat::Exactly(_) => "exactly",
                            Repeat::UpTo(_) => "up-to",
                            Repeat::AnyNumber => "any",
                        };
                        view! {
                            <button class="level" class:current=current aria-pressed=current.to_string()
                                data-testid=format!("repeat-{i}-{slug}")
                                on:click=send(Event::Repeat { part: i, repeat: c })>{repeat_words(c)}</button>
                        }
                    })
                    .collect_view();
                view! { <div class="part-levels"><span class="part-name">{label}</span><span class="ladder">{choices}</span></div> }
            })
            .collect_view();
        let widen = (!m.widen().is_empty()).then(|| {
            let names: Vec<&str> = m.widen().iter().map(|m| m.sequence.as_str()).collect();
            let label = format!("+ Any one step: also {}", names.join(", "));
            view! {
                <button class="widen" data-testid="move-any-step"
                    title="A move is one step of any of your step rules"
                    on:click=send(Event::AnyStep)>{label}</button>
            }
        });
        view! {
            <p class="sentence" data-testid="move-sentence">{rec.sentence()}</p>
            <p><code data-testid="move-code">{rec.sequence()}</code></p>
            <div class="levels">{parts}</div>
            {widen}
        }
    });
    view! {
        <article class="rule-card" data-testid="move-card" aria-label="The move you showed">
            <h3>"Record a move"</h3>
            <p data-testid="move-steps">{if steps.is_empty() { "No steps yet.".to_string() } else { format!("Steps: {}", steps.join(", ")) }}</p>
            <div class="card-actions">
                <button data-testid="take-back" disabled=steps.is_empty() on:click=send(Event::TakeBack)>"↶ Take back a step"</button>
                <button class="primary" data-testid="move-done" disabled=steps.is_empty() on:click=send(Event::MoveDone)>"✔ Done"</button>
            </div>
            {made}
        </article>
    }
}

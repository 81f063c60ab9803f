//! The card of the end being shown: who won, and what is true now, to tick
//! why the game is over.

use crate::ui::rules::memory::Teaching;
use crate::ui::store::Store;
use leptos::prelude::*;
use tablecraft_app::teaching::end::{winner_choices, EndTeach};
use tablecraft_app::teaching::Event;

pub(super) fn end_card(store: Store, teaching: Teaching, e: EndTeach) -> impl IntoView {
    let players = store.with_game(|g| g.players);
    let winner_buttons = winner_choices(players, e.candidates())
        .into_iter()
        .map(|(w, label, slug)| {
            let current = &w == e.winner();
            view! {
                <button class="level" class:current=current aria-pressed=current.to_string()
                    data-testid=format!("winner-{slug}")
                    on:click=move |_| teaching.send(store, Event::Winner(w.clone()))>{label}</button>
            }
        })
        .collect_view();
    let on_move = e.on_move();
    let who_moved = (players >= 2).then(|| {
        let buttons = (1..=players)
            .map(|p| {
                // The one who moved last is the one before the player on move.
                let current = p % players + 1 == on_move;
                view! {
                    <button class="level" class:current=current aria-pressed=current.to_string()
                        data-testid=format!("moved-last-{p}")
                        on:click=move |_| teaching.send(store, Event::OnMove(p % players + 1))>{format!("player {p}")}</button>
                }
            })
            .collect_view();
        view! {
            <p data-testid="end-on-move">{format!("Player {on_move} is on move now. Who moved last?")}</p>
            <div class="ladder" role="group" aria-label="Who moved last">{buttons}</div>
        }
    });
    let candidates = e
        .candidates()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let sentence = c.sentence.clone();
            view! {
                <li>
                    <label class="check">
                        <input type="checkbox" checked=e.ticked(&c.sentence) data-testid=format!("end-candidate-{i}")
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                teaching.send(store, Event::Tick { sentence: sentence.clone(), on });
                            }/>
                        " "{c.sentence.clone()}
                    </label>
                </li>
            }
        })
        .collect_view();
    view! {
        <article class="rule-card" data-testid="end-card" aria-label="The end of the game">
            <h3>"Record the end"</h3>
            {who_moved}
            <p>"Who won?"</p>
            <div class="ladder" role="group" aria-label="Who won">{winner_buttons}</div>
            <p>"What is true now? Tick why the game is over:"</p>
            {if e.candidates().is_empty() {
                view! { <p class="hint">"Nothing has changed from the start yet: move figures on the table."</p> }.into_any()
            } else {
                view! { <ul class="candidates" data-testid="end-candidates">{candidates}</ul> }.into_any()
            }}
            {e.proposed().then(|| view! {
                <p class="hint" data-testid="end-proposed">"I ticked what most likely ends the game. Change the ticks if you meant something else."</p>
            })}
            <p class="sentence" data-testid="end-sentence">{e.sentence().to_string()}</p>
        </article>
    }
}

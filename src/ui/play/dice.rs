//! The dice beside the table: each die drawn with its pips (its number
//! above 6), lit when a roll is due; tapping it, or Space or Enter on it,
//! rolls, with a short tumble (none under prefers-reduced-motion) and the
//! roll announced.

use super::PlayState;
use crate::ui::store::{Player, Tone};
use leptos::prelude::*;
use std::time::Duration;
use tablecraft_app::playing::dice::{dice, pips, roll, DieShown};

/// How long a die tumbles after a roll.
const TUMBLE: Duration = Duration::from_millis(600);

/// Whether a person is on move (not the computer) and the table is open.
fn person_on_move(state: PlayState) -> bool {
    !state.busy.get()
        && !super::history::looking_back(state)
        && state.store.session.with(|s| {
            s.as_ref().is_some_and(|s| {
                matches!(
                    s.players.get(usize::from(s.position.to_move().max(1)) - 1),
                    Some(Player::Person)
                )
            })
        })
}

/// Rolls for the person on move (the die `die`, or every die the move
/// rolls) and says what was rolled.
pub(super) fn roll_for_person(state: PlayState, die: Option<String>) {
    if !person_on_move(state) {
        return;
    }
    state.put_down();
    match state.update_position(|p| roll(p, die.as_deref(), false)) {
        Some(Ok(said)) => {
            state.store.say(said, Tone::Info);
            tumble(state);
        }
        Some(Err(why)) => state.store.say(why, Tone::Problem),
        None => {}
    }
}

/// Starts the dice's tumble; it stops by itself.
pub(super) fn tumble(state: PlayState) {
    state.rolling.set(true);
    set_timeout(
        move || {
            state.rolling.try_set(false);
        },
        TUMBLE,
    );
}

/// One die's face: a rounded square with its pips, or its number.
fn face(d: &DieShown) -> impl IntoView {
    let number = pips(d.value).is_empty().then(|| {
        view! {
            <text x=24 y=25 text-anchor="middle" dominant-baseline="central"
                font-size=20 font-weight=700 fill="#1f2430">{d.value.to_string()}</text>
        }
    });
    view! {
        <svg class="die-face" viewBox="0 0 48 48" width=56 height=56 aria-hidden="true">
            <rect x=3 y=3 width=42 height=42 rx=9 fill="#fffaf0" stroke="#1f2430" stroke-width=3/>
            {pips(d.value).into_iter().map(|(x, y)| view! {
                <circle cx=6.0 + 36.0 * x cy=6.0 + 36.0 * y r=4.2 fill="#1f2430"/>
            }).collect_view()}
            {number}
        </svg>
    }
}

/// The dice of the game, beside the table; nothing in a game without dice.
#[component]
pub fn DiceTray() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let shown = Memo::new(move |_| {
        if let Some(pos) = super::history::shown_position(state) {
            return dice(&pos)
                .into_iter()
                .map(|d| DieShown { due: false, ..d })
                .collect::<Vec<_>>();
        }
        store
            .session
            .with(|s| s.as_ref().map(|s| dice(&s.position)).unwrap_or_default())
    });
    move || {
        let list = shown.get();
        (!list.is_empty()).then(|| {
            let person = person_on_move(state);
            view! {
                <div class="dice-tray" data-testid="dice">
                    {list.into_iter().map(|d| {
                        let lit = d.due && person;
                        let name = d.name.clone();
                        let class = move || {
                            let mut c = String::from("die");
                            if lit {
                                c.push_str(" due");
                            }
                            if state.rolling.get() {
                                c.push_str(" rolling");
                            }
                            c
                        };
                        view! {
                            <button class=class data-testid=format!("die-{}", d.name)
                                data-value=d.value aria-label=d.label() disabled=!lit
                                on:click=move |_| roll_for_person(state, Some(name.clone()))>
                                {face(&d)}
                            </button>
                        }
                    }).collect_view()}
                </div>
            }
        })
    }
}

/// "Roll" beside the banner while a roll is due for a person.
#[component]
pub fn RollButton() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let due = move || {
        person_on_move(state)
            && state
                .store
                .session
                .with(|s| s.as_ref().is_some_and(|s| s.position.roll_due()))
    };
    move || {
        due().then(|| {
            view! {
                <button class="roll primary" data-testid="roll"
                    on:click=move |_| roll_for_person(state, None)>
                    <span aria-hidden="true">"⚄ "</span>"Roll"
                </button>
            }
        })
    }
}

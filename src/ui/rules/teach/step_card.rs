//! The card of a step being taught: before → after, the rule in words and
//! conditions, how many examples, and a ladder of levels for each part.

use super::arrange_button;
use crate::ui::figures::FigureShape;
use crate::ui::rules::memory::Teaching;
use crate::ui::store::Store;
use leptos::prelude::*;
use std::collections::HashSet;
use tablecraft_app::table::scene::PlaceLook;
use tablecraft_app::teaching::step::{part_name, StepTeach};
use tablecraft_app::teaching::table::scene_of;
use tablecraft_app::teaching::Event;
use tablecraft_engine::learn::{Part, Setup};
use tablecraft_engine::Game;

/// A small picture: the places and one figure on one of them.
fn mini(game: &Game, setup: &Setup, figure: &str, label: String, testid: &'static str) -> impl IntoView {
    let scene = scene_of(game, setup, &HashSet::new(), &HashSet::from([figure.to_string()]));
    let places = scene
        .places
        .iter()
        .map(|p| {
            let class = match p.look {
                PlaceLook::Group => "mini-place group",
                PlaceLook::Basket => "mini-place basket",
                PlaceLook::Board | PlaceLook::Track => "mini-place board",
                PlaceLook::Cell { dark: true } => "mini-place cell dark",
                _ => "mini-place square",
            };
            let r = p.rect;
            view! { <rect class=class x=r.x y=r.y width=r.width height=r.height rx=6/> }
        })
        .collect_view();
    let fig = scene.figures.into_iter().find(|f| f.name == figure);
    view! {
        <svg class="mini" data-testid=testid role="img" aria-label=label
            viewBox=format!("0 0 {} {}", scene.width.max(1.0), scene.height.max(1.0))
            preserveAspectRatio="xMidYMid meet">
            {places}
            {fig.map(|f| view! { <FigureShape figure=f faded=false picture=true/> })}
        </svg>
    }
}

/// The levels of one part: narrower, the ladder, wider.
fn levels(store: Store, teaching: Teaching, game: &Game, s: &StepTeach, part: Part) -> impl IntoView {
    let ladder = s.ladder(game, part);
    let name = part_name(part);
    let send = move |event: Event| move |_| teaching.send(store, event.clone());
    let steps = ladder
        .levels
        .iter()
        .enumerate()
        .map(|(i, words)| {
            let current = i == ladder.now;
            view! {
                <button class="level" class:current=current aria-pressed=current.to_string()
                    data-testid=format!("level-{name}-{i}") on:click=send(Event::Level { part, level: i })>
                    {words.clone()}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="part-levels" data-testid=format!("levels-{name}")>
            <span class="part-name">{name}</span>
            <button class="narrow" data-testid=format!("specialise-{name}") disabled=!ladder.can_narrow()
                aria-label=format!("Specialise {name}: narrower")
                on:click=send(Event::Specialise(part))>"− Specialise"</button>
            <span class="ladder">{steps}</span>
            <button class="widen" data-testid=format!("generalise-{name}") disabled=!ladder.can_widen()
                aria-label=format!("Generalise {name}: wider")
                on:click=send(Event::Generalise(part))>"+ Generalise"</button>
        </div>
    }
}

pub(super) fn step_card(store: Store, teaching: Teaching, s: StepTeach) -> impl IntoView {
    let game = store.game_untracked();
    let shown = s.shown();
    let pending = s.pending();
    let pictures = s.last_example().map(|d| {
        let before = mini(&game, &d.setup, &d.figure, s.say(&game, &format!("Before: {} on {}", d.figure, d.from)), "card-before");
        let after = mini(&game, &d.after(), &d.figure, s.say(&game, &format!("After: {} on {}", d.figure, d.to)), "card-after");
        view! { <div class="card-pictures">{before}<span class="arrow" aria-hidden="true">"→"</span>{after}</div> }
    });
    let conditions: Vec<(String, String)> = shown
        .active()
        .iter()
        .map(|c| (c.text.clone(), c.words.clone()))
        .collect();
    let parts = [Part::What, Part::From, Part::To]
        .into_iter()
        .map(|part| levels(store, teaching, &game, &s, part))
        .collect_view();
    let send = move |event: Event| move |_| teaching.send(store, event.clone());
    view! {
        <article class="rule-card" data-testid="step-card" aria-label="The rule you showed">
            <h3>{if pending { "Proposed rule: " } else { "Step rule: " }}<span data-testid="card-name">{shown.name.clone()}</span></h3>
            {pictures}
            <p class="sentence" data-testid="card-sentence">{s.sentence(&game)}</p>
            <ul class="card-conditions" data-testid="card-conditions">
                {if conditions.is_empty() {
                    view! { <li class="none">"No conditions."</li> }.into_any()
                } else {
                    conditions.into_iter().map(|(text, words)| view! {
                        <li><span class="words">{words}</span>" "<code>{text}</code></li>
                    }).collect_view().into_any()
                }}
                <li class="none">"No side effects (write them in the rule if you need them)."</li>
            </ul>
            <p class="examples-count" data-testid="card-examples">{s.count_words()}</p>
            {(!s.notes().is_empty()).then(|| view! {
                <ul class="card-notes" data-testid="card-notes">{s.notes().iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}</ul>
            })}
            {(!s.changes().is_empty()).then(|| view! {
                <ul class="card-changes" data-testid="card-changes" aria-label="What your last example changed">
                    {s.changes().iter().map(|c| view! {
                        <li data-testid=format!("change-{}", part_name(c.part))>
                            {s.say(&game, &format!("Example {} changed {}: {} → {}", c.example, part_name(c.part), c.before, c.after))}
                        </li>
                    }).collect_view()}
                </ul>
            })}
            <div class="levels">{parts}</div>
            <div class="card-actions">
                {s.can_take_back().then(|| view! {
                    <button data-testid="take-back-example" on:click=send(Event::TakeBackExample)>
                        "↶ Take back the last example"
                    </button>
                })}
                {pending.then(|| view! {
                    <button class="primary" data-testid="accept-proposal"
                        on:click=send(Event::UseProposal)>"✔ Use this rule"</button>
                    <button data-testid="edit-proposal" on:click=send(Event::EditProposal)>"✎ Edit it"</button>
                })}
                {arrange_button(store, teaching)}
                <button data-testid="another-example" on:click=send(Event::AnotherExample)>"+ Show another example"</button>
                <button data-testid="counter-example" class:active=s.counter_armed()
                    on:click=send(Event::CounterExample)>"⊘ This should not be allowed"</button>
            </div>
        </article>
    }
}

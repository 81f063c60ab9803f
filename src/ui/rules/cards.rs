//! Every step rule in the Rules list as a small card: a before → after
//! picture of a step it allows (or, when none can be found, the places
//! it may come from and go to), the rule by what it does under it, and its
//! conditions and side effects, all in the table's words; the rule's own
//! patterns are in its form.

use crate::ui::figures::FigureShape;
use crate::ui::store::Store;
use leptos::prelude::*;
use std::collections::HashSet;
use tablecraft_app::table::scene::PlaceLook;
use tablecraft_app::teaching::table::scene_of;
use tablecraft_app::wording::{rule_card, Names};
use tablecraft_engine::learn::{example_of, pattern_places, Setup};
use tablecraft_engine::Game;

/// A small picture of the table: the places (the `marked` ones lit), and
/// at most one figure.
fn picture(
    game: &Game,
    setup: &Setup,
    figure: Option<&str>,
    marked: &HashSet<String>,
    label: String,
    testid: String,
) -> impl IntoView {
    let selected: HashSet<String> = figure.map(|f| HashSet::from([f.to_string()])).unwrap_or_default();
    let scene = scene_of(game, setup, &HashSet::new(), &selected);
    let places = scene
        .places
        .iter()
        .map(|p| {
            let base = match p.look {
                PlaceLook::Group => "mini-place group",
                PlaceLook::Basket => "mini-place basket",
                PlaceLook::Board | PlaceLook::Track => "mini-place board",
                PlaceLook::Cell { dark: true } => "mini-place cell dark",
                _ => "mini-place square",
            };
            let class = if marked.contains(&p.name) {
                format!("{base} marked")
            } else {
                base.to_string()
            };
            let r = p.rect;
            // What an attribute means shows here too (a wall is dark).
            let style = p
                .attribute_look
                .as_ref()
                .and_then(|l| l.colour.clone())
                .map(|c| format!("fill: {c}"));
            view! { <rect class=class style=style x=r.x y=r.y width=r.width height=r.height rx=6/> }
        })
        .collect_view();
    let fig = figure.and_then(|f| scene.figures.iter().find(|x| x.name == f).cloned());
    view! {
        <svg class="mini small" data-testid=testid role="img" aria-label=label
            viewBox=format!("0 0 {} {}", scene.width.max(1.0), scene.height.max(1.0))
            preserveAspectRatio="xMidYMid meet">
            {places}
            {fig.map(|f| view! { <FigureShape figure=f faded=false picture=true/> })}
        </svg>
    }
}

/// The card of step rule `index` of `game`.
pub fn step_rule_card(game: &Game, index: usize) -> impl IntoView {
    let rule = game.steps.get(index).cloned();
    rule.map(|rule| {
        let name = rule.name.clone();
        let names = Names::new(game);
        let words = rule_card(&names, &rule);
        let pictures = match example_of(game, &rule) {
            Some(d) => {
                let before = picture(
                    game,
                    &d.setup,
                    Some(&d.figure),
                    &HashSet::from([d.from.clone()]),
                    format!("For example, before: {} on {}", names.figure(&d.figure), names.place(&d.from)),
                    format!("rule-card-{name}-before"),
                );
                let after = picture(
                    game,
                    &d.after(),
                    Some(&d.figure),
                    &HashSet::from([d.to.clone()]),
                    format!("After: {} on {}", names.figure(&d.figure), names.place(&d.to)),
                    format!("rule-card-{name}-after"),
                );
                view! {
                    <div class="card-pictures" title="A step this rule allows">
                        {before}<span class="arrow" aria-hidden="true">"→"</span>{after}
                    </div>
                }
                .into_any()
            }
            None => {
                let (from, to) = pattern_places(game, &rule);
                let from: HashSet<String> = from.into_iter().collect();
                let to: HashSet<String> = to.into_iter().collect();
                let start = Setup::start();
                let before = picture(
                    game,
                    &start,
                    None,
                    &from,
                    "The places it may come from".into(),
                    format!("rule-card-{name}-before"),
                );
                let after = picture(
                    game,
                    &start,
                    None,
                    &to,
                    "The places it may go to".into(),
                    format!("rule-card-{name}-after"),
                );
                view! {
                    <div class="card-pictures" title="No step of this rule can be made now: where it may come from and go to">
                        {before}<span class="arrow" aria-hidden="true">"→"</span>{after}
                    </div>
                    <p class="card-note">"It allows no step now."</p>
                }
                .into_any()
            }
        };
        let lines = words
            .conditions
            .into_iter()
            .map(|c| view! { <li class="condition">{c}</li> })
            .chain(
                words
                    .effects
                    .into_iter()
                    .map(|e| view! { <li class="effect">{e}</li> }),
            )
            .collect_view();
        view! {
            <div class="rule-mini-card" data-testid=format!("rule-card-{name}")>
                {pictures}
                <p class="mini-sentence" data-testid=format!("rule-card-{name}-sentence")>{words.sentence}</p>
                <ul class="mini-lines" data-testid=format!("rule-card-{name}-lines")>{lines}</ul>
            </div>
        }
    })
}

/// The card of step rule `index` of the current game.
#[component]
pub fn StepRuleCard(index: usize) -> impl IntoView {
    let store = Store::get();
    let game = store.game_untracked();
    step_rule_card(&game, index)
}

//! The table in play: drag a figure (mouse, pen, finger) or tap it and tap
//! a place. While a figure is lifted its legal places light up; a refused
//! drop springs back and says why.

use super::chooser::Choosing;
use super::computer::now;
use super::{Held, PlayState};
use crate::ui::store::Tone;
use crate::ui::table::{Overlay, Phase, Pointer, Table};
use leptos::prelude::*;
use std::collections::HashSet;
use tablecraft_app::gesture::Input;
use tablecraft_app::playing::act::{check_drop, drop_figure};
use tablecraft_app::playing::choice;
use tablecraft_app::playing::cover::Screen;
use tablecraft_app::playing::gesture::{hit_at, moved, on, spring, Effect};
use tablecraft_app::table::geometry::Point;
use tablecraft_app::table::scene::{Backdrop, FigureView, Scene};
use tablecraft_app::wording::names::capitalise;
use tablecraft_app::wording::Names;

fn scene_of(state: PlayState) -> Memo<Scene> {
    let store = state.store;
    let advice = state.advice;
    // The game's places, laid out once: each move lays out only the
    // figures. Always new when worked out again (a new game).
    let backdrop = Memo::new_with_compare(move |_| store.with_game(Backdrop::of), |_, _| true);
    Memo::new(move |_| {
        // Under the cover, the table shows only what everyone sees.
        let viewer = match state.screen() {
            Screen::Table { viewer } => viewer,
            Screen::Cover { .. } => 0,
        };
        if let Some(pos) = super::history::shown_position(state) {
            return backdrop
                .with(|b| store.with_game(|g| Scene::play_on(b, g, &pos, &HashSet::new(), None, viewer)));
        }
        let held = state.held.get();
        let targets = held.as_ref().map(|h| h.targets.clone()).unwrap_or_default();
        store.session.with(|s| match s {
            Some(s) => backdrop.with(|b| {
                store.with_game(|g| {
                    let held = held.as_ref().map(|h| h.figure.as_str());
                    let mut scene = Scene::play_on(b, g, &s.position, &targets, held, viewer);
                    advice.mark(&s.position, &mut scene);
                    scene
                })
            }),
            None => Scene::default(),
        })
    })
}

/// Why the table does not take a figure now, if it does not.
pub(super) fn closed(state: PlayState) -> Option<String> {
    if super::history::looking_back(state) {
        return Some(
            "You are looking back at an earlier move. Press ⇥ to come back to the game, \
             or Continue from here."
                .into(),
        );
    }
    if state.busy.get_untracked() {
        return Some("Wait a moment: the computer is moving.".into());
    }
    if let Screen::Cover { next, .. } = state.screen_untracked() {
        return Some(format!(
            "Pass the tablet to Player {next}: they tap to see their cards."
        ));
    }
    state
        .with_position(|p| {
            tablecraft_app::playing::words::over_text(p)
                .map(|o| format!("The game is over ({o}). Press Play again for a new game."))
        })
        .flatten()
}

/// The places `figure` may go to now.
pub(super) fn targets_of(state: PlayState, figure: &str) -> HashSet<String> {
    state
        .with_position(|p| {
            let rules = p.rules();
            rules.figure_id(figure).map_or_else(HashSet::new, |f| {
                p.steps_of(f)
                    .iter()
                    .map(|s| rules.place_name(s.to).to_string())
                    .collect()
            })
        })
        .unwrap_or_default()
}

fn figure_view(scene: Memo<Scene>, figure: &str) -> Option<FigureView> {
    scene.with_untracked(|s| s.figures.iter().find(|f| f.name == figure).cloned())
}

fn ghost(scene: Memo<Scene>, figure: &str, offset: Point) -> Option<FigureView> {
    figure_view(scene, figure).map(|mut f| {
        f.rect = moved(f.rect, offset);
        f.marks = Default::default();
        f
    })
}

/// Animates a figure put back (a refused drop, a choice cancelled) to
/// where it lies, from `offset` away.
pub(super) fn spring_back_from(state: PlayState, view: FigureView, offset: Point, started: f64) {
    spring_back(state, view, offset, started);
}

/// Animates a refused figure back to where it lies.
fn spring_back(state: PlayState, view: FigureView, offset: Point, started: f64) {
    match spring(offset, now() - started) {
        Some(o) => {
            let mut g = view.clone();
            g.rect = moved(view.rect, o);
            if state
                .overlay
                .try_set(Overlay {
                    ghost: Some(g),
                    ..Overlay::default()
                })
                .is_none()
            {
                request_animation_frame(move || spring_back(state, view, offset, started));
            }
        }
        None => {
            state.overlay.try_set(Overlay::default());
        }
    }
}

pub(super) fn apply(state: PlayState, scene: Memo<Scene>, effect: Effect) {
    let store = state.store;
    match effect {
        Effect::Nothing => {}
        Effect::Lift(figure) => {
            let targets = targets_of(state, &figure);
            state.held.set(Some(Held { figure, targets }));
        }
        Effect::Follow { figure, offset } => {
            state.overlay.set(Overlay {
                ghost: ghost(scene, &figure, offset),
                ..Overlay::default()
            });
        }
        Effect::PutDown { figure, offset } => {
            state.held.set(None);
            match (offset, figure_view(scene, &figure)) {
                (Some(o), Some(view)) => spring_back(state, view, o, now()),
                _ => state.overlay.set(Overlay::default()),
            }
        }
        Effect::Drop {
            figure,
            place,
            dragged,
            offset,
        } => {
            let lies_on = figure_view(scene, &figure).map(|f| f.place);
            if place.is_some() && place == lies_on {
                // Dropped where it lies: simply put it down.
                return apply(
                    state,
                    scene,
                    Effect::PutDown {
                        figure,
                        offset: dragged.then_some(offset),
                    },
                );
            }
            if let Some(to) = place.as_deref() {
                let outcomes = state
                    .with_position(|p| choice::outcomes(p, &figure, to))
                    .unwrap_or_default();
                if !outcomes.is_empty() {
                    // The figure stays where it was dropped while the child chooses.
                    state.held.set(None);
                    let view = figure_view(scene, &figure);
                    let what = state
                        .with_position(|p| Names::new(&p.rules().game).figure(&figure))
                        .unwrap_or_default();
                    state.choosing.set(Some(Choosing {
                        figure,
                        view,
                        outcomes,
                        at: state.screen.get_value(),
                        offset: dragged.then_some(offset),
                    }));
                    store.say(
                        format!("Which one? Choose what {what} becomes, or press Esc to put it back."),
                        Tone::Info,
                    );
                    return;
                }
            }
            let mut pos = match state.with_position(Clone::clone) {
                Some(p) => p,
                None => return,
            };
            let result = match place.as_deref() {
                Some(place) => drop_figure(&mut pos, &figure, place),
                None => check_drop(&pos, &figure, None).map(|_| String::new()),
            };
            match result {
                Ok(said) => {
                    state.put_down();
                    state.intro_closed.set(true);
                    state.update_position(|p| *p = pos);
                    store.say(said, Tone::Info);
                }
                Err(why) => {
                    store.say_with_detail(why.text, Tone::Problem, why.detail);
                    if dragged {
                        apply(
                            state,
                            scene,
                            Effect::PutDown {
                                figure,
                                offset: Some(offset),
                            },
                        );
                    }
                }
            }
        }
    }
}

fn pointer(state: PlayState, scene: Memo<Scene>, p: Pointer) {
    state.screen.set_value(Some(p.screen));
    if state.choosing.with_untracked(Option::is_some) {
        // A press on the table while choosing puts the figure back.
        if p.phase == Phase::Down {
            super::chooser::cancel(state);
        }
        return;
    }
    if let Some(why) = closed(state) {
        if p.phase == Phase::Down {
            state.store.say(why, Tone::Problem);
        }
        if state.gesture.with_untracked(|g| g.thing().is_some()) {
            state.put_down();
        }
        return;
    }
    if p.phase == Phase::Move && state.gesture.with_untracked(|g| g.thing().is_none()) {
        return;
    }
    let input = Input::of(&p, || {
        state.held.with_untracked(|h| {
            scene.with_untracked(|s| {
                hit_at(s, p.at, &|name| {
                    h.as_ref().is_some_and(|h| h.targets.contains(name))
                })
            })
        })
    });
    let mut effect = Effect::Nothing;
    state.gesture.update(|g| effect = on(g, input));
    apply(state, scene, effect);
}

/// Esc: puts the lifted figure down, or the figure waiting for a choice back.
pub fn escape(state: PlayState) {
    if super::chooser::cancel(state) {
        return;
    }
    let Some(figure) = state.gesture.with_untracked(|g| g.thing().cloned()) else {
        return;
    };
    state.put_down();
    let what = state
        .with_position(|p| Names::new(&p.rules().game).figure(&figure))
        .unwrap_or(figure);
    state
        .store
        .say(format!("{} was put back.", capitalise(&what)), Tone::Info);
}

/// The table with its figures in play.
#[component]
pub fn PlayTable() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let scene = scene_of(state);
    let on_pointer = Callback::new(move |p: Pointer| pointer(state, scene, p));
    let on_key = Callback::new(move |c| super::keys::on_key(state, scene, c));
    let label = move || {
        state.store.with_game(|g| {
            format!(
                "The table of {}: drag a figure, or pick it up with Space",
                g.title
            )
        })
    };
    view! {
        <div class="play-table" data-testid="play-table">
            <Table scene=Signal::derive(move || scene.get()) on_pointer
                overlay=Signal::derive(move || state.overlay.get()) label=label() on_key fit=true/>
            <super::cover::Cover/>
        </div>
    }
}

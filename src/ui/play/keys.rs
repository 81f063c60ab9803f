//! Playing with the keyboard: Space picks up the figure the table's
//! keyboard attention is on (when it may go somewhere), Enter or Space puts
//! it on the chosen place, Esc puts it back. The same paths as a tap-tap.

use super::board::{apply, closed, escape, targets_of};
use super::{Held, PlayState};
use crate::ui::store::Tone;
use leptos::prelude::*;
use tablecraft_app::access::{why_stuck, Answer, Command, Item};
use tablecraft_app::playing::gesture::Effect;
use tablecraft_app::table::geometry::Point;
use tablecraft_app::table::scene::Scene;

/// What a key on the play table does.
pub fn on_key(state: PlayState, scene: Memo<Scene>, command: Command) -> Answer {
    let store = state.store;
    match command {
        Command::Pick(Item::Figure(figure)) => {
            if let Some(why) = closed(state) {
                store.say(why, Tone::Problem);
                return Answer::No;
            }
            let targets = targets_of(state, &figure);
            if targets.is_empty() {
                let why = state.with_position(|p| why_stuck(p, &figure)).unwrap_or_default();
                store.say(why, Tone::Problem);
                return Answer::No;
            }
            state.put_down();
            state.gesture.update(|g| g.hold(figure.clone()));
            state.held.set(Some(Held { figure, targets }));
            Answer::Targets
        }
        Command::Pick(_) => {
            store.say(
                "That is a place: pick up a figure with Space, then choose its place.",
                Tone::Info,
            );
            Answer::No
        }
        Command::Drop {
            held: Item::Figure(figure),
            place,
        } => {
            // Not by a pointer: a chooser goes in the middle.
            state.screen.set_value(None);
            apply(
                state,
                scene,
                Effect::Drop {
                    figure,
                    place: Some(place),
                    dragged: false,
                    offset: Point::default(),
                },
            );
            if state.held.with_untracked(Option::is_some) {
                Answer::No
            } else {
                Answer::Targets
            }
        }
        Command::Drop { .. } | Command::None => Answer::No,
        Command::Cancel(_) => {
            escape(state);
            Answer::No
        }
    }
}

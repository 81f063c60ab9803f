//! Designing with the keyboard on the table: Space or Enter on a figure
//! picks it up (and chooses it), the arrows go from place to place, Enter
//! puts it there; on anything else Space or Enter chooses it — or puts the
//! item chosen in the box there, as a tap does.

use super::canvas::handle_up;
use super::Designer;
use crate::ui::store::{Store, Tone};
use leptos::prelude::*;
use tablecraft_app::access::nav::rect_of;
use tablecraft_app::access::{Answer, Command, Item};
use tablecraft_app::editor::gesture::Decision;
use tablecraft_app::editor::{Edit, Selection};
use tablecraft_app::table::scene::Scene;

/// What a key on the design table does.
pub(super) fn on_key(store: Store, designer: Designer, scene: Memo<Scene>, command: Command) -> Answer {
    match command {
        Command::Pick(item) => {
            let at = scene
                .with_untracked(|s| rect_of(s, &item))
                .map(|r| r.centre())
                .unwrap_or_default();
            let placing = designer.chosen.with_untracked(Option::is_some);
            match item {
                Item::Figure(name) if !placing => {
                    store.selection.set(Selection::of([name]));
                    Answer::Anywhere
                }
                other => {
                    let decision = Decision::Tap {
                        element: Some(other.name().to_string()),
                        at,
                        add: false,
                    };
                    handle_up(store, designer, decision);
                    Answer::No
                }
            }
        }
        Command::Drop {
            held: Item::Figure(figure),
            place,
        } => {
            let origin = store.with_game(|g| {
                g.figures
                    .iter()
                    .find(|f| f.name == figure)
                    .map(|f| f.origin.clone())
            });
            if origin.as_deref() == Some(place.as_str()) {
                return Answer::Anywhere;
            }
            let edit = Edit::PutFigure {
                figure: figure.clone(),
                place: Some(place.clone()),
            };
            if store.edit(edit).is_some() {
                store.selection.set(Selection::of([figure.clone()]));
                store.say(format!("{figure} is now on {place}."), Tone::Info);
                Answer::Anywhere
            } else {
                Answer::No
            }
        }
        Command::Drop { .. } | Command::Cancel(_) | Command::None => Answer::No,
    }
}

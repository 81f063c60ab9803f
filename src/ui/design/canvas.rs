//! The table in design mode: taps select (or put the chosen box item
//! there), drags move things, a drag on the empty table selects with a
//! rectangle, and what is being dragged is shown as it would land.

use super::Designer;
use crate::ui::store::{Store, Tone};
use crate::ui::table::{Overlay, Phase, Pointer, Table};
use leptos::prelude::*;
use std::collections::HashSet;
use tablecraft_app::editor::edit::move_by;
use tablecraft_app::editor::gesture::{Decision, Preview};
use tablecraft_app::editor::problem_marks::marked;
use tablecraft_app::table::geometry::{Geometry, Point, Rect};
use tablecraft_app::table::scene::Scene;
use tablecraft_engine::model::EquipmentKind;

/// Puts the target mark on the place under `at` that a figure could go to.
fn mark_target(scene: &mut Scene, geometry: &Geometry, at: Point) {
    let Some(name) = geometry.place_at(at) else { return };
    if let Some(p) = scene.places.iter_mut().find(|p| p.name == name) {
        std::sync::Arc::make_mut(p).marks.target = true;
    }
}

pub(super) fn handle_up(store: Store, designer: Designer, decision: Decision) {
    match decision {
        Decision::Nothing => {}
        Decision::Tap { element, at, add } => {
            if let Some(item) = designer.chosen.get_untracked() {
                designer.chosen.set(None);
                let game = store.game_untracked();
                let other = designer.other_type.get_untracked();
                designer.add(store, item.drop_edit(at, &Geometry::new(&game), &other));
            } else {
                store.selection.update(|s| s.click(element.as_deref(), add));
            }
        }
        Decision::Rectangle { names, add } => {
            let count = names.len();
            store.selection.update(|s| s.rectangle(names, add));
            if count > 0 {
                let what = if count == 1 { "thing" } else { "things" };
                store.say(format!("{count} {what} in the rectangle selected."), Tone::Info);
            }
        }
        Decision::Edit { edit, select } => {
            if store.edit(edit).is_some() {
                store.selection.set(tablecraft_app::editor::Selection::of(select));
            }
        }
    }
}

/// The table of the designer, with a line of help under it.
#[component]
pub fn DesignTable(designer: Designer) -> impl IntoView {
    let store = Store::get();
    let scene = Memo::new(move |_| {
        let preview = designer.drag.with(|d| d.preview());
        let over = designer.box_drag.with(|b| {
            b.filter(|b| b.is_dragging() && b.item().is_figure())
                .and_then(|b| b.over())
        });
        let selected: HashSet<String> = store.selection.with(|s| s.names().iter().cloned().collect());
        store.with_game(|game| {
            let moved = match &preview {
                Preview::Move { names, dx, dy } => {
                    move_by(game, names, dx.round() as i32, dy.round() as i32).ok()
                }
                _ => None,
            };
            let game = moved.as_ref().unwrap_or(game);
            let problems = store.compiled.with(|c| {
                c.result
                    .as_ref()
                    .err()
                    .map(|p| marked(game, p))
                    .unwrap_or_default()
            });
            let mut scene = Scene::design(game, &selected, &problems);
            let target = match &preview {
                Preview::Figure { at, .. } => Some(*at),
                _ => over,
            };
            if let Some(at) = target {
                mark_target(&mut scene, &Geometry::new(game), at);
            }
            scene
        })
    });
    let overlay = Signal::derive(move || {
        let preview = designer.drag.with(|d| d.preview());
        match preview {
            Preview::Figure { name, at } => {
                let ghost = scene.with(|s| s.figures.iter().find(|f| f.name == name).cloned());
                Overlay {
                    ghost: ghost.map(|mut g| {
                        g.rect = Rect::new(
                            at.x - g.rect.width / 2.0,
                            at.y - g.rect.height / 2.0,
                            g.rect.width,
                            g.rect.height,
                        );
                        g
                    }),
                    ..Overlay::default()
                }
            }
            Preview::Dot { from, to, joins } => Overlay {
                pull: Some((from, to, joins)),
                ..Overlay::default()
            },
            Preview::Rubber(r) => Overlay {
                rubber: Some(r),
                ..Overlay::default()
            },
            _ => Overlay::default(),
        }
    });
    let on_pointer = Callback::new(move |p: Pointer| match p.phase {
        Phase::Down => {
            let game = store.game_untracked();
            let geometry = Geometry::new(&game);
            designer.drag.update(|d| d.down(&p, &geometry, &game));
        }
        Phase::Move => {
            if !designer.drag.with_untracked(|d| d.is_active()) {
                return;
            }
            let game = store.game_untracked();
            let selection = store.selection.get_untracked();
            let geometry = Geometry::new(&game);
            designer
                .drag
                .maybe_update(|d| d.moved(&p, &game, &selection, &geometry));
        }
        Phase::Up => {
            let game = store.game_untracked();
            let geometry = Geometry::new(&game);
            let mut decision = Decision::Nothing;
            designer.drag.update(|d| decision = d.up(&p, &geometry));
            handle_up(store, designer, decision);
        }
        Phase::Cancel => designer.drag.update(|d| d.cancel()),
    });
    let on_key = Callback::new(move |c| super::keys::on_key(store, designer, scene, c));
    let help = move || {
        if let Some(item) = designer.chosen.get() {
            return format!(
                "Now tap the table where the {} should go. (Esc: never mind)",
                item.label().trim_end_matches('…')
            );
        }
        if store.with_game(|g| g.equipment.is_empty() && g.triggers.is_empty()) {
            return "Drag things from the box onto the table — or tap one, then tap the table.".into();
        }
        let dots = store.selection.with(|s| {
            s.single().is_some_and(|n| {
                store.with_game(|g| {
                    g.equipment
                        .iter()
                        .any(|e| e.name == n && e.kind == EquipmentKind::Points)
                })
            })
        });
        if dots {
            return "Drag from a dot to another dot to join them, or to an empty spot to move it. Drag between the dots to move the whole board.".into();
        }
        "Tap to choose, drag to move. Drag on the empty table to choose several.".into()
    };
    view! {
        <div class="table-area design-table" class:placing=move || designer.chosen.with(Option::is_some)>
            <Table scene=scene on_pointer=on_pointer overlay=overlay
                label="The table: drag things here from the box" on_key/>
            <p class="design-help" data-testid="design-help">{help}</p>
        </div>
    }
}

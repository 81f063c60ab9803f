//! Triggers and the values they start with.

use super::Elements;
use crate::model::Game;
use crate::rules::{trigger_value, Element, TriggerId, TriggerInfo};

/// Every trigger as it starts.
pub fn lower(game: &Game, elements: &mut Elements) {
    for t in &game.triggers {
        let id = elements.triggers.len() as TriggerId;
        elements.name(&t.name, Element::Trigger(id));
        elements.triggers.push(TriggerInfo {
            name: t.name.clone(),
            start: trigger_value(&t.value),
            visible: t.visible,
        });
    }
}

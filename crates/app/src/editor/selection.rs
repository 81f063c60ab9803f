//! Which elements are selected in the designer.

use super::places::element;
use tablecraft_engine::model::Game;

/// A set of selected element names, in the order they were selected.
///
/// A plain click selects one element; a click with shift or ctrl held
/// toggles it; a rectangle selects everything inside (adding to the
/// selection when shift or ctrl is held).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    names: Vec<String>,
}

impl Selection {
    /// Nothing selected.
    pub fn new() -> Self {
        Self::default()
    }

    /// Exactly these names (duplicates dropped).
    pub fn of<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Self {
        let mut s = Self::new();
        for n in names {
            s.add(n.as_ref());
        }
        s
    }

    /// A click on an element, or on the empty table (`None`). Without
    /// `toggle` (shift/ctrl) the element alone becomes selected, and a click on
    /// the empty table clears; with it the element is added or removed.
    pub fn click(&mut self, name: Option<&str>, toggle: bool) {
        match (name, toggle) {
            (None, false) => self.clear(),
            (None, true) => {}
            (Some(n), false) => {
                self.names.clear();
                self.add(n);
            }
            (Some(n), true) => {
                if self.contains(n) {
                    self.remove(n);
                } else {
                    self.add(n);
                }
            }
        }
    }

    /// A rectangle drawn around `inside` (see `Geometry::elements_in`): they
    /// become the selection, or are added to it with `add`.
    pub fn rectangle<S: AsRef<str>>(&mut self, inside: impl IntoIterator<Item = S>, add: bool) {
        if !add {
            self.names.clear();
        }
        for n in inside {
            self.add(n.as_ref());
        }
    }

    /// Adds one name (nothing happens if it is already selected).
    pub fn add(&mut self, name: &str) {
        if !self.contains(name) {
            self.names.push(name.to_string());
        }
    }

    /// Removes one name.
    pub fn remove(&mut self, name: &str) {
        self.names.retain(|n| n != name);
    }

    /// Selects nothing.
    pub fn clear(&mut self) {
        self.names.clear();
    }

    /// Whether the name is selected.
    pub fn contains(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    /// Whether nothing is selected.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// How many elements are selected.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// The selected names, in selection order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The one selected element, when exactly one is selected (for the properties panel).
    pub fn single(&self) -> Option<&str> {
        match self.names.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }

    /// Follows a rename.
    pub fn rename(&mut self, old: &str, new: &str) {
        for n in &mut self.names {
            if n == old {
                *n = new.to_string();
            }
        }
    }

    /// Drops names that are no longer elements of `game` (after a delete, undo or redo).
    pub fn retain_existing(&mut self, game: &Game) {
        self.names.retain(|n| element(game, n).is_some());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::{Trigger, TriggerValue};

    #[test]
    fn click_selects_one_and_toggle_adds_or_removes() {
        let mut s = Selection::new();
        s.click(Some("a"), false);
        s.click(Some("b"), false);
        assert_eq!(s.names(), ["b"]);
        s.click(Some("a"), true);
        assert_eq!(s.names(), ["b", "a"]);
        s.click(Some("b"), true);
        assert_eq!(s.single(), Some("a"));
        s.click(None, true);
        assert_eq!(s.len(), 1);
        s.click(None, false);
        assert!(s.is_empty());
    }

    #[test]
    fn rectangle_replaces_or_adds() {
        let mut s = Selection::of(["x"]);
        s.rectangle(["a", "b", "a"], true);
        assert_eq!(s.names(), ["x", "a", "b"]);
        s.rectangle(["c"], false);
        assert_eq!(s.names(), ["c"]);
        s.rectangle(Vec::<String>::new(), false);
        assert!(s.is_empty());
    }

    #[test]
    fn follows_renames_and_deletions() {
        let mut game = Game::default();
        game.triggers.push(Trigger {
            name: "t2".into(),
            value: TriggerValue::YesNo(true),
            visible: false,
        });
        let mut s = Selection::of(["t", "gone"]);
        s.rename("t", "t2");
        s.retain_existing(&game);
        assert_eq!(s.names(), ["t2"]);
        assert!(s.contains("t2") && !s.contains("t"));
    }
}

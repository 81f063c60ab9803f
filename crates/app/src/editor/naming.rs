//! Names: checking a name a child typed, and proposing fresh ones.
//!
//! Figures are named by the first letter of their type and a number
//! (`match` → `m.1`, `m.2` …), squares `s.1` …, groups `group.1` …, a basket,
//! board or track first by its kind alone (`basket`, then `basket.2` …) and
//! triggers `counter`, `counter.2` …. A proposed name is always the first free
//! one and never collides with equipment, the squares of boards and tracks,
//! figures or triggers.

use super::error::EditError;
use super::places::{all_names, square_names};
use std::collections::BTreeSet;
use tablecraft_engine::model::{EquipmentKind, Game};

/// The longest name allowed, in characters.
pub const MAX_NAME_LEN: usize = 60;

/// Whether `name` may name an element (see [`check_name`]).
pub fn is_valid_name(name: &str) -> bool {
    check_name(name).is_ok()
}

/// Checks a name: not empty, at most [`MAX_NAME_LEN`] characters, no spaces,
/// quote marks or pattern signs (`* ? [ ]`), no dot at either end and no two
/// dots together. The error says what to change.
pub fn check_name(name: &str) -> Result<(), EditError> {
    let bad = |text: &str| Err(EditError::BadName(text.into()));
    if name.is_empty() {
        return bad("A name can't be empty. Try a short word like stone or s.1.");
    }
    if name.chars().count() > MAX_NAME_LEN {
        return bad("That name is too long. Use at most 60 letters.");
    }
    if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return bad("A name can't have spaces. Use a dot or a dash instead, like red-stone or s.1.");
    }
    if name.chars().any(|c| "'\"`‘’“”".contains(c)) {
        return bad("A name can't have quote marks.");
    }
    if name.chars().any(|c| "*?[]".contains(c)) {
        return bad("A name can't have * ? [ or ] in it: those are for rule patterns.");
    }
    if name.starts_with('.') || name.ends_with('.') || name.contains("..") {
        return bad("A name can't start or end with a dot, or have two dots together.");
    }
    Ok(())
}

/// Checks a figure type such as `match` or `stone`: the same rules as a name.
pub fn check_type(kind: &str) -> Result<(), EditError> {
    if kind.is_empty() {
        return Err(EditError::BadName(
            "A figure needs a type, like match or stone.".into(),
        ));
    }
    check_name(kind)
}

/// The names in use in a game, to propose fresh ones. Every proposed name is
/// reserved at once, so several proposals in a row never collide.
#[derive(Debug, Clone, Default)]
pub struct Names {
    taken: BTreeSet<String>,
}

impl Names {
    /// The names used in `game`: equipment, squares, figures and triggers.
    pub fn of(game: &Game) -> Self {
        Names {
            taken: all_names(game),
        }
    }

    /// Whether nothing has this name yet.
    pub fn is_free(&self, name: &str) -> bool {
        !self.taken.contains(name)
    }

    /// Whether equipment of `kind` may take `name`: the name and the names of
    /// all the squares it would make are free. A points board's points may
    /// be any names, so no name may begin with its name and a dot.
    pub fn is_free_for(&self, name: &str, kind: &EquipmentKind) -> bool {
        if *kind == EquipmentKind::Points {
            let prefix = format!("{name}.");
            let under = self.taken.range(prefix.clone()..).next();
            return self.is_free(name) && !under.is_some_and(|n| n.starts_with(&prefix));
        }
        self.is_free(name) && square_names(name, kind).iter().all(|s| self.is_free(s))
    }

    /// Marks a name as used.
    pub fn reserve(&mut self, name: &str) {
        self.taken.insert(name.to_string());
    }

    /// Marks the names of equipment of `kind` (with its squares) as used.
    pub fn reserve_equipment(&mut self, name: &str, kind: &EquipmentKind) {
        self.reserve(name);
        self.taken.extend(square_names(name, kind));
    }

    /// Forgets a name (after an element was renamed or deleted).
    pub fn release(&mut self, name: &str) {
        self.taken.remove(name);
    }

    /// A name for a new figure of type `kind`: its first letter and the first free number.
    pub fn figure(&mut self, kind: &str) -> String {
        let initial = kind
            .chars()
            .find(|c| c.is_alphanumeric())
            .map(|c| c.to_lowercase().collect::<String>())
            .unwrap_or_else(|| "f".into());
        self.numbered(&initial, &EquipmentKind::Square)
    }

    /// A name for new equipment of `kind`.
    pub fn equipment(&mut self, kind: &EquipmentKind) -> String {
        match kind {
            EquipmentKind::Square => self.numbered("s", kind),
            EquipmentKind::Group => self.numbered("group", kind),
            EquipmentKind::Points => self.plain_or_numbered("dots", kind),
            _ => self.plain_or_numbered(kind.type_name(), kind),
        }
    }

    /// A name for a new trigger: `counter`, then `counter.2` ….
    pub fn trigger(&mut self) -> String {
        self.plain_or_numbered("counter", &EquipmentKind::Square)
    }

    /// `base.1`, `base.2` …: the first free one, for an element of `kind`
    /// (pass [`EquipmentKind::Square`] for figures and triggers).
    pub fn numbered(&mut self, base: &str, kind: &EquipmentKind) -> String {
        self.first_free(base, 1, kind)
    }

    /// `base` if free, else `base.2`, `base.3` …, for an element of `kind`.
    pub fn plain_or_numbered(&mut self, base: &str, kind: &EquipmentKind) -> String {
        if self.is_free_for(base, kind) {
            self.reserve_equipment(base, kind);
            return base.to_string();
        }
        self.first_free(base, 2, kind)
    }

    /// A name for a copy of `original` (equipment of `kind`, or anything else
    /// with [`EquipmentKind::Square`]): `s.3` → the first free `s.N`,
    /// `basket` → `basket.2`.
    pub fn copy_of(&mut self, original: &str, kind: &EquipmentKind) -> String {
        match original.rsplit_once('.') {
            Some((base, n)) if !base.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                self.numbered(base, kind)
            }
            _ => self.plain_or_numbered(original, kind),
        }
    }

    fn first_free(&mut self, base: &str, from: u64, kind: &EquipmentKind) -> String {
        let base: String = base.chars().take(MAX_NAME_LEN - 8).collect();
        let mut n = from;
        loop {
            let name = format!("{base}.{n}");
            if self.is_free_for(&name, kind) {
                self.reserve_equipment(&name, kind);
                return name;
            }
            n += 1;
        }
    }
}

/// A fresh name for a figure of type `kind` in `game`.
pub fn figure_name(game: &Game, kind: &str) -> String {
    Names::of(game).figure(kind)
}

/// A fresh name for equipment of `kind` in `game`.
pub fn equipment_name(game: &Game, kind: &EquipmentKind) -> String {
    Names::of(game).equipment(kind)
}

/// A fresh name for a trigger in `game`.
pub fn trigger_name(game: &Game) -> String {
    Names::of(game).trigger()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::{Equipment, Figure};

    fn game_with(equipment: &[(&str, EquipmentKind)], figures: &[&str]) -> Game {
        let mut g = Game::default();
        for (name, kind) in equipment {
            g.equipment.push(Equipment {
                name: name.to_string(),
                kind: *kind,
                capacity: None,
                attributes: Default::default(),
                squares: Default::default(),
                points: Vec::new(),
                lines: Vec::new(),
                owner: None,
                shows: Default::default(),
                shuffled: false,
            });
        }
        for name in figures {
            g.figures.push(Figure {
                name: name.to_string(),
                kind: "match".into(),
                owner: None,
                colour: None,
                attributes: Default::default(),
                origin: String::new(),
                face: Default::default(),
            });
        }
        g
    }

    #[test]
    fn figures_get_their_type_initial_and_the_first_free_number() {
        let g = game_with(&[], &["m.1", "m.3"]);
        let mut names = Names::of(&g);
        assert_eq!(names.figure("match"), "m.2");
        assert_eq!(names.figure("match"), "m.4");
        assert_eq!(names.figure("Stone"), "s.1");
        assert_eq!(names.figure(""), "f.1");
        assert_eq!(names.figure("ünicorn"), "ü.1");
    }

    #[test]
    fn equipment_names_follow_its_kind() {
        let g = game_with(&[("basket", EquipmentKind::Basket)], &[]);
        let mut names = Names::of(&g);
        assert_eq!(names.equipment(&EquipmentKind::Square), "s.1");
        assert_eq!(names.equipment(&EquipmentKind::Square), "s.2");
        assert_eq!(names.equipment(&EquipmentKind::Group), "group.1");
        assert_eq!(names.numbered("heap", &EquipmentKind::Group), "heap.1");
        assert_eq!(names.equipment(&EquipmentKind::Basket), "basket.2");
        assert_eq!(
            names.equipment(&EquipmentKind::Board { rows: 3, columns: 3 }),
            "board"
        );
        assert_eq!(
            names.equipment(&EquipmentKind::Track {
                length: 8,
                ring: false
            }),
            "track"
        );
        assert_eq!(names.trigger(), "counter");
        assert_eq!(names.trigger(), "counter.2");
    }

    #[test]
    fn proposals_avoid_the_squares_of_boards_and_tracks() {
        // The track `s` makes squares s.1 … s.4, so a new square is s.5.
        let g = game_with(
            &[(
                "s",
                EquipmentKind::Track {
                    length: 4,
                    ring: false,
                },
            )],
            &[],
        );
        assert_eq!(equipment_name(&g, &EquipmentKind::Square), "s.5");
        // A board called `board.2` would make board.2.1.1; a square called
        // that blocks the name for a board but not for a basket.
        let g = game_with(
            &[
                ("board", EquipmentKind::Square),
                ("board.2.1.1", EquipmentKind::Square),
            ],
            &[],
        );
        let mut names = Names::of(&g);
        assert_eq!(
            names.equipment(&EquipmentKind::Board { rows: 1, columns: 1 }),
            "board.3"
        );
    }

    #[test]
    fn copies_continue_the_numbering() {
        let g = game_with(
            &[("s.3", EquipmentKind::Square), ("basket", EquipmentKind::Basket)],
            &[],
        );
        let mut names = Names::of(&g);
        assert_eq!(names.copy_of("s.3", &EquipmentKind::Square), "s.1");
        assert_eq!(names.copy_of("basket", &EquipmentKind::Basket), "basket.2");
        names.reserve("1");
        assert_eq!(names.copy_of("1", &EquipmentKind::Square), "1.2");
    }

    #[test]
    fn names_are_checked_with_a_helpful_message() {
        for good in ["m.1", "matchgroup", "red-stone", "s_1", "ö.2"] {
            assert!(is_valid_name(good), "{good}");
        }
        for (bad, word) in [
            ("", "empty"),
            ("a b", "spaces"),
            ("it's", "quote"),
            ("s.?", "patterns"),
            (".a", "dot"),
            ("a..b", "dot"),
            ("a.", "dot"),
        ] {
            let message = check_name(bad).unwrap_err().message();
            assert!(message.contains(word), "{bad}: {message}");
        }
        assert!(is_valid_name(&"x".repeat(60)));
        assert!(!is_valid_name(&"x".repeat(61)));
        assert!(check_type("").unwrap_err().message().contains("type"));
    }

    #[test]
    fn a_long_base_still_gives_a_valid_name() {
        let mut names = Names::default();
        let name = names.figure("match");
        assert!(is_valid_name(&name));
        let long = "x".repeat(60);
        let copy = names.copy_of(&long, &EquipmentKind::Basket);
        assert!(is_valid_name(&copy) || copy == long, "{copy}");
    }
}

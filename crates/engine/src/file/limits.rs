//! Limits that keep a huge or hostile file from freezing the page.
//!
//! A file over a limit is refused with a message; it never hangs or panics.

use crate::model::{EquipmentKind, Game, OwnerPattern, Pattern};
use crate::problem::{Location, Problem, Section};

/// The largest file read, in bytes (4 MiB).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;
/// How deeply elements (XML) or brackets (JSON) may nest.
pub const MAX_DEPTH: usize = 32;
/// The most elements an XML file may hold, and the most items (equipment,
/// squares, figures, attributes, rules, conditions, placements…) in a game.
pub const MAX_ELEMENTS: usize = 20_000;
/// The most attributes (and `=` signs in values) one XML tag may have.
pub const MAX_ATTRIBUTES: usize = 64;
/// The longest name of anything (equipment, figure, type, rule, attribute,
/// variable, pattern), in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest title, in characters.
pub const MAX_TITLE_CHARS: usize = 200;
/// The longest description, expression or move sequence, in characters.
pub const MAX_TEXT_CHARS: usize = 10_000;
/// The longest attribute value, colour or text trigger value, in characters.
pub const MAX_VALUE_CHARS: usize = 1_000;
/// The most rows and the most columns of a board.
pub const MAX_BOARD_SIDE: u16 = 50;
/// The most squares of a track.
pub const MAX_TRACK_LENGTH: u16 = 250;
/// The largest `x` and `y` of a point of a points board.
pub const MAX_POINT_XY: u16 = 1000;
/// The most points of a points board.
pub const MAX_POINTS: usize = 1000;
/// The most lines of a points board.
pub const MAX_LINES: usize = 1000;
/// The most points of one line.
pub const MAX_LINE_POINTS: usize = 50;
/// The largest capacity of a piece of equipment.
pub const MAX_CAPACITY: u32 = 10_000;
/// The largest size, and the largest distance from 0, in the layout.
pub const MAX_LAYOUT: u32 = 100_000;
/// The most players a game can have (1 is a puzzle).
pub const MAX_PLAYERS: u8 = 4;

/// Checks a game read from a file against the limits above and the ranges
/// of its numbers. Problems carry section, name and field but no line.
pub(crate) fn check(game: &Game) -> Vec<Problem> {
    let mut c = Checker::default();
    c.game(game);
    c.problems
}

/// A character no text of a game may hold: a control character other
/// than tab and new line (NUL among them).
pub(crate) fn is_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

#[derive(Default)]
struct Checker {
    problems: Vec<Problem>,
    items: usize,
}

impl Checker {
    fn report(&mut self, section: Section, name: &str, field: &str, message: String) {
        self.problems
            .push(Problem::new(Location::new(section, name, field), message));
    }

    fn length(&mut self, at: (Section, &str, &str), what: &str, text: &str, max: usize) {
        if let Some(c) = text.chars().find(|&c| is_control(c)) {
            self.report(
                at.0,
                at.1,
                at.2,
                format!(
                    "{what} holds an invisible control character (code {}); remove it",
                    c as u32
                ),
            );
        }
        let chars = text.chars().count();
        if chars > max {
            self.report(
                at.0,
                at.1,
                at.2,
                format!("{what} is {chars} letters long; it can be at most {max}"),
            );
        }
    }

    fn name(&mut self, at: (Section, &str, &str), text: &str) {
        self.length(at, "this name", text, MAX_NAME_CHARS);
    }

    fn pattern(&mut self, at: (Section, &str, &str), pattern: &Option<Pattern>) {
        if let Some(p) = pattern {
            self.length(at, "this pattern", &p.text, MAX_NAME_CHARS);
            for var in &p.vars {
                self.name(at, var);
            }
            self.items += p.vars.len();
        }
    }

    fn attributes<'a>(
        &mut self,
        at: (Section, &str),
        attributes: impl Iterator<Item = (&'a String, &'a String)>,
    ) {
        for (key, value) in attributes {
            self.items += 1;
            let field = format!("attribute {key}");
            self.name((at.0, at.1, &field), key);
            self.length((at.0, at.1, &field), "this value", value, MAX_VALUE_CHARS);
        }
    }

    fn range(&mut self, at: (Section, &str, &str), value: i64, low: i64, high: i64) {
        if value < low || value > high {
            self.report(
                at.0,
                at.1,
                at.2,
                format!("{} must be from {low} to {high}, not {value}", at.2),
            );
        }
    }

    fn game(&mut self, game: &Game) {
        let g = (Section::Game, "", "");
        self.length((g.0, g.1, "title"), "the title", &game.title, MAX_TITLE_CHARS);
        self.length(
            (g.0, g.1, "description"),
            "the description",
            &game.description,
            MAX_TEXT_CHARS,
        );
        self.range((g.0, g.1, "players"), game.players.into(), 1, MAX_PLAYERS.into());
        for d in &game.dice {
            self.items += 1;
            let s = Section::Equipment;
            self.name((s, &d.name, "name"), &d.name);
            let (low, high) = (*crate::model::DIE_FACES.start(), *crate::model::DIE_FACES.end());
            self.range((s, &d.name, "faces"), d.faces.into(), low.into(), high.into());
        }
        for e in &game.equipment {
            self.items += 1 + e.squares.len();
            let s = Section::Equipment;
            self.name((s, &e.name, "name"), &e.name);
            if let Some(capacity) = e.capacity {
                self.range((s, &e.name, "capacity"), capacity.into(), 0, MAX_CAPACITY.into());
            }
            match e.kind {
                EquipmentKind::Board { rows, columns } => {
                    let side = MAX_BOARD_SIDE.into();
                    self.range((s, &e.name, "rows"), rows.into(), 1, side);
                    self.range((s, &e.name, "columns"), columns.into(), 1, side);
                }
                EquipmentKind::Track { length, .. } => {
                    let max = MAX_TRACK_LENGTH.into();
                    self.range((s, &e.name, "length"), length.into(), 1, max);
                }
                _ => {}
            }
            self.items += e.points.len() + e.lines.len();
            for p in &e.points {
                let field = format!("point {}", p.name);
                self.name((s, &e.name, &field), &p.name);
                for v in [p.x, p.y].into_iter().flatten() {
                    self.range((s, &e.name, &field), v.into(), 0, MAX_POINT_XY.into());
                }
            }
            self.attributes((s, &e.name), e.attributes.iter());
            for (square, attributes) in &e.squares {
                self.name((s, square, "name"), square);
                self.attributes((s, square), attributes.iter());
            }
        }
        for f in &game.figures {
            self.items += 1;
            let s = Section::Figure;
            self.name((s, &f.name, "name"), &f.name);
            self.name((s, &f.name, "type"), &f.kind);
            self.name((s, &f.name, "origin"), &f.origin);
            if let Some(owner) = f.owner {
                self.range((s, &f.name, "owner"), owner.into(), 1, MAX_PLAYERS.into());
            }
            if let Some(colour) = &f.colour {
                self.length((s, &f.name, "colour"), "the colour", colour, MAX_VALUE_CHARS);
            }
            self.attributes((s, &f.name), f.attributes.iter());
        }
        for t in &game.triggers {
            self.items += 1;
            self.name((Section::Trigger, &t.name, "name"), &t.name);
            if let crate::model::TriggerValue::Text(text) = &t.value {
                let at = (Section::Trigger, t.name.as_str(), "value");
                self.length(at, "the value", text, MAX_VALUE_CHARS);
            }
        }
        for d in &game.definitions {
            self.items += 1 + d.of.len();
            let s = Section::Definition;
            self.name((s, &d.name, "name"), &d.name);
            for v in &d.of {
                self.name((s, &d.name, "of"), v);
            }
            self.length((s, &d.name, ""), "this definition", &d.body, MAX_TEXT_CHARS);
        }
        for r in &game.steps {
            self.items += 1 + r.when.len() + r.effects.len();
            let s = Section::Step;
            self.name((s, &r.name, "name"), &r.name);
            self.pattern((s, &r.name, "what"), &r.what.name);
            self.pattern((s, &r.name, "what"), &r.what.kind);
            self.pattern((s, &r.name, "what"), &r.what.origin);
            if let Some(OwnerPattern::Player(n)) = r.what.owner {
                self.range((s, &r.name, "what"), n.into(), 1, MAX_PLAYERS.into());
            }
            for (field, place) in [("from", &r.from), ("to", &r.to)] {
                self.pattern((s, &r.name, field), &place.name);
                self.pattern((s, &r.name, field), &place.kind);
            }
            self.expressions(s, &r.name, "when", &r.when);
            self.expressions(s, &r.name, "effect", &r.effects);
        }
        for m in &game.moves {
            self.items += 1;
            self.name((Section::Move, &m.name, "name"), &m.name);
            let at = (Section::Move, m.name.as_str(), "sequence");
            self.length(at, "the sequence", &m.sequence, MAX_TEXT_CHARS);
        }
        for g in &game.game_over {
            self.items += 1 + g.when.len();
            self.name((Section::GameOver, &g.name, "name"), &g.name);
            self.expressions(Section::GameOver, &g.name, "when", &g.when);
            let at = (Section::GameOver, g.name.as_str(), "winner");
            self.length(at, "the winner", &g.winner, MAX_TEXT_CHARS);
        }
        if let Some(h) = &game.settings.heuristic {
            let at = (Section::Settings, "", "heuristic");
            self.length(at, "the heuristic", h, MAX_TEXT_CHARS);
        }
        let l = &game.layout;
        let max = i64::from(MAX_LAYOUT);
        self.range((Section::Layout, "", "width"), l.width.into(), 0, max);
        self.range((Section::Layout, "", "height"), l.height.into(), 0, max);
        for (name, p) in &l.items {
            self.items += 1;
            let s = Section::Layout;
            self.name((s, name, "name"), name);
            self.range((s, name, "x"), p.x.into(), -max, max);
            self.range((s, name, "y"), p.y.into(), -max, max);
            self.range((s, name, "width"), p.width.into(), 0, max);
            self.range((s, name, "height"), p.height.into(), 0, max);
            if let Some(colour) = &p.colour {
                self.length((s, name, "colour"), "the colour", colour, MAX_VALUE_CHARS);
            }
            if let Some(label) = &p.label {
                self.name((s, name, "label"), label);
            }
        }
        for link in &l.links {
            self.items += 1;
            let name = format!("link {}", link.from);
            let s = Section::Layout;
            self.name((s, &name, "from"), &link.from);
            self.name((s, &name, "to"), &link.to);
        }
        for look in &l.looks {
            self.items += 1;
            let name = format!("look {}", look.attribute);
            let s = Section::Layout;
            self.name((s, &name, "attribute"), &look.attribute);
            self.length((s, &name, "value"), "the value", &look.value, MAX_VALUE_CHARS);
            if let Some(colour) = &look.colour {
                self.length((s, &name, "colour"), "the colour", colour, MAX_VALUE_CHARS);
            }
        }
        if self.items > MAX_ELEMENTS {
            let message = format!(
                "this game has {} things in it; a game can have at most {MAX_ELEMENTS}",
                self.items
            );
            self.report(Section::File, "", "", message);
        }
    }

    fn expressions(&mut self, section: Section, name: &str, what: &str, texts: &[String]) {
        for (i, text) in texts.iter().enumerate() {
            let field = format!("{what} {}", i + 1);
            let at = (section, name, field.as_str());
            self.length(at, "this expression", text, MAX_TEXT_CHARS);
        }
    }
}

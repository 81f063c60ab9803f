//! Figures and places as a child sees them: a figure by its type (and its
//! colour or owner where that tells it apart), a place by its kind and the
//! equipment it belongs to. Works for any game, whatever names the child
//! typed or the box proposed.

use crate::access::colour;
use crate::editor::places::{place, Place};
use tablecraft_engine::model::{Equipment, EquipmentKind, Figure, Game};

/// What a child calls a kind of equipment.
pub fn kind_word(kind: &EquipmentKind) -> &'static str {
    match kind {
        EquipmentKind::Square => "square",
        EquipmentKind::Group => "heap",
        EquipmentKind::Basket => "basket",
        EquipmentKind::Board { .. } => "board",
        EquipmentKind::Track { .. } => "track",
        EquipmentKind::Points => "board of dots",
    }
}

fn same_kind(a: &EquipmentKind, b: &EquipmentKind) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// `a stone`, `an arrow`.
pub fn article(word: &str) -> String {
    let vowel = word.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// The first letter in capitals.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "a", "a and b", "a, b and c" (`last` is "and" or "or").
pub fn join(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

/// A name a child typed as a word (`hero`, `crosses`, `red-home`): letters,
/// with dashes, underscores or spaces between; dashes and underscores read
/// as spaces. `None` for names such as `m.12`, `s.3` or `p1`.
pub fn word_of(name: &str) -> Option<String> {
    let ok = name.chars().count() >= 2
        && name.chars().all(|c| c.is_alphabetic() || "-_ ".contains(c))
        && name.chars().next().is_some_and(char::is_alphabetic)
        && name.chars().last().is_some_and(char::is_alphabetic);
    ok.then(|| name.replace(['-', '_'], " "))
}

/// A numbered name's word and the number it ends with after a dot or dash
/// (`heap.2` → heap, 2; `s.15` → s, 15), if the word is a word or a single
/// letter.
pub fn numbered(name: &str) -> Option<(&str, u32)> {
    let (stem, n) = name.rsplit_once(['.', '-', '_'])?;
    let n: u32 = n.parse().ok()?;
    (!stem.is_empty() && stem.chars().all(char::is_alphabetic)).then_some((stem, n))
}

/// A colour a child can name, from a colour name or a `#rgb` colour.
pub fn colour_word(colour: &str) -> Option<String> {
    let c = colour.trim().to_ascii_lowercase();
    if c.chars().all(|ch| ch.is_ascii_alphabetic()) && !c.is_empty() {
        return Some(c);
    }
    let [r, g, b] = colour::parse(&c)?;
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let light = (max + min) / 2.0;
    let chroma = max - min;
    if chroma < 0.15 {
        return Some(
            match light {
                l if l < 0.2 => "black",
                l if l > 0.85 => "white",
                _ => "grey",
            }
            .into(),
        );
    }
    let hue = if max == r {
        60.0 * ((g - b) / chroma).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / chroma + 2.0)
    } else {
        60.0 * ((r - g) / chroma + 4.0)
    };
    let word = match hue {
        h if !(15.0..345.0).contains(&h) => {
            if light > 0.7 {
                "pink"
            } else {
                "red"
            }
        }
        h if h < 45.0 => {
            if max < 0.6 {
                "brown"
            } else {
                "orange"
            }
        }
        h if h < 70.0 => "yellow",
        h if h < 160.0 => "green",
        h if h < 195.0 => "teal",
        h if h < 255.0 => "blue",
        h if h < 290.0 => "purple",
        _ => "pink",
    };
    Some(word.into())
}

/// Names the things of one game as a child sees them.
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    game: &'a Game,
}

impl<'a> Names<'a> {
    pub fn new(game: &'a Game) -> Self {
        Names { game }
    }

    pub fn game(&self) -> &'a Game {
        self.game
    }

    fn figure_of(&self, name: &str) -> Option<&'a Figure> {
        self.game.figures.iter().find(|f| f.name == name)
    }

    /// A piece of equipment: "the heap" when it is the only one of its
    /// kind, else by its number ("heap 2", "square 3") or the word the child
    /// named it with ("the crosses", "the start square").
    pub fn equipment(&self, eq: &Equipment) -> String {
        let kind = kind_word(&eq.kind);
        let alone = self
            .game
            .equipment
            .iter()
            .filter(|e| same_kind(&e.kind, &eq.kind))
            .count()
            <= 1;
        if alone {
            return format!("the {kind}");
        }
        if let Some((stem, n)) = numbered(&eq.name) {
            // A numbered place keeps the child's own word: "hand 2", "pile 1".
            // The names the editor gives ("group.1") are not a child's.
            let given = ["group", "square", "basket", "board", "track", "dots", "points"];
            return match word_of(stem).filter(|w| w.chars().count() >= 3 && !given.contains(&w.as_str())) {
                Some(w) => format!("{w} {n}"),
                None => format!("{kind} {n}"),
            };
        }
        match word_of(&eq.name) {
            Some(w) if w.contains(kind) => format!("the {w}"),
            Some(w) if kind == "square" => format!("the {w} square"),
            Some(w) => format!("the {w}"),
            None => format!("{kind} {}", eq.name),
        }
    }

    fn several_boards(&self) -> bool {
        self.game
            .equipment
            .iter()
            .filter(|e| matches!(e.kind, EquipmentKind::Board { .. }))
            .count()
            > 1
    }

    /// Where a square of a board is, without the square: "row 2, column 3"
    /// (and "of board 2" when there are several boards).
    fn cell(&self, of: &Equipment, row: u16, column: u16) -> String {
        let mut s = format!("row {row}, column {column}");
        if self.several_boards() {
            s.push_str(&format!(" of {}", self.equipment(of)));
        }
        s
    }

    /// A place: "the heap", "square 3", "the square at row 2, column 3",
    /// "square 4 of the track". An unknown name is kept as it is.
    pub fn place(&self, name: &str) -> String {
        match place(self.game, name) {
            Some(Place::Equipment(e)) => self.equipment(e),
            Some(Place::Square { of, row, column }) => match of.kind {
                EquipmentKind::Track { .. } => format!("square {column} of {}", self.equipment(of)),
                _ => format!("the square at {}", self.cell(of, row, column)),
            },
            Some(Place::Point { point, .. }) => format!("point {point}"),
            None => name.to_string(),
        }
    }

    /// Two places of one step, said together: "from square 1 to square 3 of
    /// the track", "from row 2, column 2 to row 3, column 3".
    pub fn from_to(&self, from: &str, to: &str) -> String {
        match (place(self.game, from), place(self.game, to)) {
            (
                Some(Place::Square {
                    of: a,
                    row: r1,
                    column: c1,
                }),
                Some(Place::Square {
                    of: b,
                    row: r2,
                    column: c2,
                }),
            ) if a.name == b.name => match a.kind {
                EquipmentKind::Track { .. } => {
                    format!("from square {c1} to square {c2} of {}", self.equipment(a))
                }
                _ => format!("from {} to {}", self.cell(a, r1, c1), self.cell(b, r2, c2)),
            },
            _ => format!("from {} to {}", self.place(from), self.place(to)),
        }
    }

    /// The figure's look in a word or two: "match", "red pawn" (the colour
    /// only where figures of its type and owner differ in colour).
    fn noun(&self, f: &Figure, kind: &str) -> String {
        let colour = f.colour.as_deref().and_then(colour_word);
        let tells_apart = self.game.figures.iter().any(|g| {
            g.kind == f.kind && g.owner == f.owner && g.colour.as_deref().and_then(colour_word) != colour
        });
        match colour {
            Some(c) if tells_apart => format!("{c} {kind}"),
            _ => kind.to_string(),
        }
    }

    /// A figure of type `kind` (its type now: a stone may have become a
    /// crown), for a sentence about `mover`'s move (0: nobody's), with
    /// `own` the word for the mover's own ("their", "your"): "the hero",
    /// "a match", "the ball", "their pawn", "Player 2's stone".
    pub fn figure_as(&self, name: &str, kind: &str, mover: u8, own: &str) -> String {
        let Some(f) = self.figure_of(name) else {
            return name.to_string();
        };
        if let Some(w) = word_of(&f.name).filter(|w| w != kind && !w.starts_with(kind)) {
            return format!("the {w}");
        }
        let noun = self.noun(f, kind);
        let owner = f.owner.unwrap_or(0);
        let shared = owner > 0
            && self
                .game
                .figures
                .iter()
                .any(|g| g.kind == f.kind && g.owner.unwrap_or(0) != owner);
        let colour = f.colour.as_deref().and_then(colour_word);
        let by_colour = noun != kind;
        let alike = self
            .game
            .figures
            .iter()
            .filter(|g| {
                g.kind == f.kind
                    && g.owner == f.owner
                    && (!by_colour || g.colour.as_deref().and_then(colour_word) == colour)
            })
            .count();
        match (shared, owner == mover, alike <= 1) {
            (true, true, true) => format!("{own} {noun}"),
            (true, false, true) => format!("Player {owner}'s {noun}"),
            (true, false, false) => format!("one of Player {owner}'s {}", plural_word(&noun)),
            (_, _, true) => format!("the {noun}"),
            _ => article(&noun),
        }
    }

    /// A figure by itself, of its starting type: "the hero", "a match".
    pub fn figure(&self, name: &str) -> String {
        let kind = self.figure_of(name).map_or("", |f| f.kind.as_str());
        self.figure_as(name, kind, 0, "their")
    }

    /// Any name in the game as a child says it: a place, a figure, else the
    /// name as it is.
    pub fn thing(&self, name: &str) -> String {
        if place(self.game, name).is_some() {
            self.place(name)
        } else if self.figure_of(name).is_some() {
            self.figure(name)
        } else {
            name.to_string()
        }
    }

    /// The one figure a picture shows, as a child points at it: "the hero"
    /// or "Player 2's stone" when that tells it apart, else "this match",
    /// "this stone of Player 2".
    pub fn this_figure(&self, name: &str) -> String {
        let said = self.figure(name);
        let Some(f) = self.figure_of(name) else {
            return said;
        };
        if !said.starts_with("a ") && !said.starts_with("an ") && !said.starts_with("one of ") {
            return said;
        }
        let noun = self.noun(f, &f.kind);
        let shared = self
            .game
            .figures
            .iter()
            .any(|g| g.kind == f.kind && g.owner != f.owner);
        match f.owner {
            Some(owner) if owner > 0 && shared => format!("this {noun} of Player {owner}"),
            _ => format!("this {noun}"),
        }
    }

    /// A text with every name of a figure or place in it said as a child
    /// says it: "only when matchgroup is empty" → "only when the heap is
    /// empty". Quoted text is left alone.
    pub fn translate(&self, text: &str) -> String {
        self.translate_shown(text, "")
    }

    /// [`Names::translate`], with the figure named `shown` (the one a
    /// picture shows) said as [`Names::this_figure`]: "m.1 may go from
    /// matchgroup to basket." → "this match may go from the heap to the
    /// basket."
    pub fn translate_shown(&self, text: &str, shown: &str) -> String {
        let mut out = String::new();
        let mut token = String::new();
        let mut quoted = false;
        let flush = |token: &mut String, out: &mut String| {
            if token.is_empty() {
                return;
            }
            // A sentence's full stop is not part of a name.
            let name = token.trim_end_matches('.');
            let tail = &token[name.len()..];
            let said = if !shown.is_empty() && name == shown {
                self.this_figure(name)
            } else if name == "group" && place(self.game, name).is_none() {
                // The rule language's word for the place type of a heap.
                kind_word(&EquipmentKind::Group).to_string()
            } else {
                self.thing(name)
            };
            // "of the board" stays so: its name said is "the board" too.
            let after_the = out.ends_with("the ") || out.ends_with("The ");
            out.push_str(said.strip_prefix("the ").filter(|_| after_the).unwrap_or(&said));
            out.push_str(tail);
            token.clear();
        };
        for c in text.chars() {
            if matches!(c, '"' | '“' | '”') {
                flush(&mut token, &mut out);
                quoted = match c {
                    '“' => true,
                    '”' => false,
                    _ => !quoted,
                };
                out.push(c);
            } else if !quoted && (c.is_alphanumeric() || "._-".contains(c)) {
                token.push(c);
            } else {
                flush(&mut token, &mut out);
                out.push(c);
            }
        }
        flush(&mut token, &mut out);
        out
    }
}

/// The plural of a noun's last word: "red pawn" → "red pawns".
pub fn plural_word(noun: &str) -> String {
    let many = crate::access::plural(2, noun);
    many.strip_prefix("2 ").unwrap_or(&many).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;
    use crate::wording::tests::race;

    #[test]
    fn places_by_their_kind_and_equipment() {
        let (nim, _) = open_example("nim12");
        let n = Names::new(&nim);
        assert_eq!(n.place("matchgroup"), "the heap");
        assert_eq!(n.place("basket"), "the basket");
        let (nim345, _) = open_example("nim345");
        assert_eq!(Names::new(&nim345).place("heap.2"), "heap 2");
        let (cards, _) = crate::testing::open_example("crazy-eights");
        assert_eq!(Names::new(&cards).place("hand.2"), "hand 2", "a child's own word");
        let (ball, _) = open_example("ball-puzzle");
        assert_eq!(Names::new(&ball).place("s.3"), "square 3");
        let (morris, _) = open_example("nine-mens-morris");
        assert_eq!(Names::new(&morris).place("board.d7"), "point d7");
        let (maze, _) = open_example("labyrinth");
        let n = Names::new(&maze);
        assert_eq!(n.place("maze.2.3"), "the square at row 2, column 3");
        assert_eq!(n.place("maze"), "the board");
        assert_eq!(
            n.from_to("maze.1.1", "maze.1.2"),
            "from row 1, column 1 to row 1, column 2"
        );
        let (ttt, _) = open_example("tic-tac-toe");
        assert_eq!(Names::new(&ttt).place("crosses"), "the crosses");
        let race = race();
        let n = Names::new(&race);
        assert_eq!(n.place("track.4"), "square 4 of the track");
        assert_eq!(n.place("group.1"), "the heap");
        assert_eq!(
            n.from_to("track.1", "track.3"),
            "from square 1 to square 3 of the track"
        );
        assert_eq!(n.place("nowhere"), "nowhere");
    }

    #[test]
    fn figures_by_their_type_owner_and_colour() {
        let (nim, _) = open_example("nim12");
        assert_eq!(Names::new(&nim).figure("m.12"), "a match");
        let (ball, _) = open_example("ball-puzzle");
        assert_eq!(Names::new(&ball).figure("b"), "the ball");
        let (maze, _) = open_example("labyrinth");
        assert_eq!(Names::new(&maze).figure("hero"), "the hero");
        let (dama, _) = open_example("dama-lite");
        let n = Names::new(&dama);
        assert_eq!(n.figure_as("w.1", "stone", 1, "their"), "a stone");
        assert_eq!(
            n.figure_as("k.1", "stone", 1, "their"),
            "one of Player 2's stones"
        );
        let race = race();
        let n = Names::new(&race);
        assert_eq!(n.figure_as("p.1", "pawn", 1, "their"), "their pawn");
        assert_eq!(n.figure_as("p.2", "pawn", 1, "their"), "Player 2's pawn");
        assert_eq!(n.figure("p.1"), "Player 1's pawn");
    }

    #[test]
    fn colours_children_can_name() {
        assert_eq!(colour_word("#d62828").as_deref(), Some("red"));
        assert_eq!(colour_word("#1d4ed8").as_deref(), Some("blue"));
        assert_eq!(colour_word("#2a9d8f").as_deref(), Some("teal"));
        assert_eq!(colour_word("#e0a030").as_deref(), Some("orange"));
        assert_eq!(colour_word("#f4f1e8").as_deref(), Some("white"));
        assert_eq!(colour_word("#2b2b33").as_deref(), Some("black"));
        assert_eq!(colour_word("White").as_deref(), Some("white"));
        assert_eq!(colour_word("#12"), None);
    }

    #[test]
    fn names_in_a_text_are_translated() {
        let (nim345, _) = open_example("nim345");
        let n = Names::new(&nim345);
        assert_eq!(
            n.translate("only when heap.1 is empty."),
            "only when heap 1 is empty."
        );
        assert_eq!(n.translate("“basket” stays"), "“basket” stays");
        let (nim12, _) = open_example("nim12");
        let n = Names::new(&nim12);
        assert_eq!(
            n.translate_shown("m.1 may go from matchgroup to basket.", "m.1"),
            "this match may go from the heap to the basket."
        );
        assert_eq!(n.translate_shown("only m.2", "m.1"), "only a match");
        assert_eq!(n.translate("any group"), "any heap");
        let (dama, _) = open_example("dama-lite");
        let n = Names::new(&dama);
        assert_eq!(n.translate("any square of the board"), "any square of the board");
        assert_eq!(n.translate("any square of board"), "any square of the board");
        assert_eq!(n.translate(""), "");
        assert_eq!(word_of("red-home").as_deref(), Some("red home"));
        assert_eq!(word_of("p1"), None);
        assert_eq!(word_of("m.12"), None);
    }
}

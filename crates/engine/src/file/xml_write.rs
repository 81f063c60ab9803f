//! Writes a game in the XML format (see `docs/file-format.md`).

use super::text::{escape_attr, escape_text};
use super::FORMAT_VERSION;
use crate::model::{
    set_at, Attributes, Die, Equipment, EquipmentKind, FigurePattern, Game, OwnerPattern, Pattern,
    PlacePattern, TriggerValue, WhenStuck,
};
use std::fmt::Write;

/// Builds the text of a file, two spaces per level of indentation.
struct Out {
    text: String,
    depth: usize,
}

impl Out {
    fn line(&mut self, content: &str) {
        for _ in 0..self.depth {
            self.text.push_str("  ");
        }
        self.text.push_str(content);
        self.text.push('\n');
    }

    fn open(&mut self, content: &str) {
        self.line(content);
        self.depth += 1;
    }

    fn close(&mut self, content: &str) {
        self.depth -= 1;
        self.line(content);
    }

    /// `<tag attrs>text</tag>` on one line.
    fn text_element(&mut self, tag: &str, attrs: &str, text: &str) {
        self.line(&format!("<{tag}{attrs}>{}</{tag}>", escape_text(text)));
    }
}

/// ` key="value"` with the value escaped.
fn attr(key: &str, value: &str) -> String {
    format!(" {key}=\"{}\"", escape_attr(value))
}

fn yes_no(value: bool) -> &'static str {
    if value {
        "yes"
    } else {
        "no"
    }
}

/// Writes a whole game; see [`super::write_xml`].
pub(crate) fn write(game: &Game) -> String {
    let mut out = Out {
        text: String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"),
        depth: 0,
    };
    out.open(&format!(
        "<game format=\"{FORMAT_VERSION}\" players=\"{}\">",
        game.players
    ));
    out.text_element("title", "", &game.title);
    out.text_element("description", "", &game.description);
    out.open("<rules>");
    equipment(&mut out, &game.equipment, &game.dice);
    figures(&mut out, game);
    triggers(&mut out, game);
    section(&mut out, "definitions", game.definitions.is_empty(), |out| {
        for d in &game.definitions {
            let of = if d.of.is_empty() {
                String::new()
            } else {
                attr("of", &d.of.join(" "))
            };
            out.text_element("define", &(attr("name", &d.name) + &of), &d.body);
        }
    });
    steps(&mut out, game);
    section(&mut out, "moves", game.moves.is_empty(), |out| {
        for m in &game.moves {
            out.text_element("move", &attr("name", &m.name), &m.sequence);
        }
    });
    section(&mut out, "game-over", game.game_over.is_empty(), |out| {
        for g in &game.game_over {
            let attrs = attr("name", &g.name) + &attr("winner", &g.winner);
            if g.when.is_empty() {
                out.line(&format!("<end{attrs}/>"));
            } else {
                out.open(&format!("<end{attrs}>"));
                for w in &g.when {
                    out.text_element("when", "", w);
                }
                out.close("</end>");
            }
        }
    });
    settings(&mut out, game);
    out.close("</rules>");
    layout(&mut out, game);
    out.close("</game>");
    out.text
}

/// `<tag>…</tag>`, or nothing when there is nothing to write.
fn section(out: &mut Out, tag: &str, empty: bool, body: impl FnOnce(&mut Out)) {
    if !empty {
        out.open(&format!("<{tag}>"));
        body(out);
        out.close(&format!("</{tag}>"));
    }
}

/// An element with `<attribute>` children, or empty when there are none.
fn with_attributes(out: &mut Out, tag: &str, attrs: &str, attributes: &Attributes, more: bool) {
    if attributes.is_empty() && !more {
        out.line(&format!("<{tag}{attrs}/>"));
        return;
    }
    out.open(&format!("<{tag}{attrs}>"));
    for (key, value) in attributes {
        out.line(&format!(
            "<attribute{}{}/>",
            attr("name", key),
            attr("value", value)
        ));
    }
}

fn equipment(out: &mut Out, list: &[Equipment], dice: &[Die]) {
    section(out, "equipment", list.is_empty() && dice.is_empty(), |out| {
        for d in dice {
            out.line(&format!("<die{} faces=\"{}\"/>", attr("name", &d.name), d.faces));
        }
        for e in list {
            let mut attrs = attr("name", &e.name);
            match e.kind {
                EquipmentKind::Board { rows, columns } => {
                    let _ = write!(attrs, " rows=\"{rows}\" columns=\"{columns}\"");
                }
                EquipmentKind::Track { length, ring } => {
                    let _ = write!(attrs, " length=\"{length}\" ring=\"{}\"", yes_no(ring));
                }
                _ => {}
            }
            if let Some(capacity) = e.capacity {
                let _ = write!(attrs, " capacity=\"{capacity}\"");
            }
            if let Some(owner) = e.owner {
                let _ = write!(attrs, " owner=\"{owner}\"");
            }
            if !e.shows.is_everyone() {
                attrs += &attr("shows", e.shows.word());
            }
            if e.shuffled {
                attrs += &attr("shuffled", "yes");
            }
            let tag = e.kind.type_name();
            let more = !e.squares.is_empty() || !e.points.is_empty() || !e.lines.is_empty();
            with_attributes(out, tag, &attrs, &e.attributes, more);
            if e.attributes.is_empty() && !more {
                continue;
            }
            for p in &e.points {
                let mut attrs = attr("name", &p.name);
                for (key, v) in [("x", p.x), ("y", p.y)] {
                    if let Some(v) = v {
                        let _ = write!(attrs, " {key}=\"{v}\"");
                    }
                }
                out.line(&format!("<point{attrs}/>"));
            }
            for line in &e.lines {
                out.line(&format!("<line>{}</line>", escape_text(&line.join(" "))));
            }
            for (square, attributes) in &e.squares {
                with_attributes(out, "square", &attr("name", square), attributes, false);
                if !attributes.is_empty() {
                    out.close("</square>");
                }
            }
            out.close(&format!("</{tag}>"));
        }
    });
}

fn figures(out: &mut Out, game: &Game) {
    section(out, "figures", game.figures.is_empty(), |out| {
        let mut i = 0;
        while i < game.figures.len() {
            let f = &game.figures[i];
            let set = set_at(&game.figures[i..]);
            let name = match set {
                None => f.name.as_str(),
                Some(_) => f.name.strip_suffix(".1").unwrap_or(&f.name),
            };
            i += set.as_ref().map_or(1, |s| s.length);
            let mut attrs = attr("name", name) + &attr("type", &f.kind);
            match &set {
                Some(s) if s.origins.len() > 1 => attrs += &attr("origins", &s.origins.join(" ")),
                _ => attrs += &attr("origin", &f.origin),
            }
            if let Some(owner) = f.owner {
                let _ = write!(attrs, " owner=\"{owner}\"");
            }
            if let Some(colour) = &f.colour {
                attrs += &attr("colour", colour);
            }
            if !f.face.is_up() {
                attrs += &attr("face", f.face.word());
            }
            match &set {
                Some(s) if s.origins.len() == 1 => {
                    let _ = write!(attrs, " count=\"{}\"", s.length);
                }
                Some(s) if s.each > 1 => {
                    let _ = write!(attrs, " count=\"{}\"", s.each);
                }
                _ => {}
            }
            with_attributes(out, "figure", &attrs, &f.attributes, false);
            if !f.attributes.is_empty() {
                out.close("</figure>");
            }
        }
    });
}

fn triggers(out: &mut Out, game: &Game) {
    section(out, "triggers", game.triggers.is_empty(), |out| {
        for t in &game.triggers {
            let (kind, value) = match &t.value {
                TriggerValue::Number(n) => ("number", n.to_string()),
                TriggerValue::YesNo(b) => ("yes-no", yes_no(*b).to_string()),
                TriggerValue::Text(s) => ("text", s.clone()),
            };
            out.line(&format!(
                "<trigger{} type=\"{kind}\"{} visible=\"{}\"/>",
                attr("name", &t.name),
                attr("value", &value),
                yes_no(t.visible)
            ));
        }
    });
}

fn pattern(key: &str, p: &Option<Pattern>) -> String {
    let Some(p) = p else {
        return String::new();
    };
    let mut s = attr(key, &p.text);
    if !p.vars.is_empty() {
        s += &attr(&format!("{key}-vars"), &p.vars.join(" "));
    }
    s
}

fn what_attrs(w: &FigurePattern) -> String {
    let mut s = pattern("name", &w.name) + &pattern("type", &w.kind) + &pattern("origin", &w.origin);
    match w.owner {
        Some(OwnerPattern::OnMove) => s += " owner=\"on-move\"",
        Some(OwnerPattern::Opponent) => s += " owner=\"opponent\"",
        Some(OwnerPattern::Player(n)) => {
            let _ = write!(s, " owner=\"{n}\"");
        }
        None => {}
    }
    s
}

fn place_attrs(p: &PlacePattern) -> String {
    pattern("name", &p.name) + &pattern("type", &p.kind)
}

fn steps(out: &mut Out, game: &Game) {
    section(out, "steps", game.steps.is_empty(), |out| {
        for r in &game.steps {
            let capture = if r.capture { " capture=\"yes\"" } else { "" };
            out.open(&format!("<step{}{capture}>", attr("name", &r.name)));
            out.line(&format!("<what{}/>", what_attrs(&r.what)));
            out.line(&format!("<from{}/>", place_attrs(&r.from)));
            out.line(&format!("<to{}/>", place_attrs(&r.to)));
            for w in &r.when {
                out.text_element("when", "", w);
            }
            for e in &r.effects {
                out.text_element("effect", "", e);
            }
            out.close("</step>");
        }
    });
}

fn settings(out: &mut Out, game: &Game) {
    let s = &game.settings;
    let stuck = match s.when_stuck {
        WhenStuck::Lose => "lose",
        WhenStuck::Win => "win",
        WhenStuck::Draw => "draw",
        WhenStuck::Pass => "pass",
    };
    let attrs = format!(" when-stuck=\"{stuck}\" pass=\"{}\"", yes_no(s.pass_allowed));
    match &s.heuristic {
        None => out.line(&format!("<settings{attrs}/>")),
        Some(h) => {
            out.open(&format!("<settings{attrs}>"));
            out.text_element("heuristic", "", h);
            out.close("</settings>");
        }
    }
}

fn layout(out: &mut Out, game: &Game) {
    let l = &game.layout;
    let attrs = format!(" width=\"{}\" height=\"{}\"", l.width, l.height);
    if l.items.is_empty() && l.looks.is_empty() && l.links.is_empty() {
        out.line(&format!("<layout{attrs}/>"));
        return;
    }
    out.open(&format!("<layout{attrs}>"));
    for (name, p) in &l.items {
        let mut line = format!(
            "<place{} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
            attr("name", name),
            p.x,
            p.y,
            p.width,
            p.height
        );
        if let Some(colour) = &p.colour {
            line += &attr("colour", colour);
        }
        if let Some(label) = &p.label {
            line += &attr("label", label);
        }
        line += "/>";
        out.line(&line);
    }
    for look in &l.looks {
        let mut line = format!(
            "<look{}{}",
            attr("attribute", &look.attribute),
            attr("value", &look.value)
        );
        if let Some(colour) = &look.colour {
            line += &attr("colour", colour);
        }
        if let Some(pattern) = look.pattern {
            line += &attr("pattern", pattern.word());
        }
        line += "/>";
        out.line(&line);
    }
    for link in &l.links {
        out.line(&format!(
            "<link{}{}{}/>",
            attr("from", &link.from),
            attr("to", &link.to),
            attr("look", link.look.word())
        ));
    }
    out.close("</layout>");
}

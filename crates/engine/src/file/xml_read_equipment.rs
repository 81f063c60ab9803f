//! Reads `<equipment>` and `<figures>`.

use super::limits::{
    MAX_BOARD_SIDE, MAX_CAPACITY, MAX_ELEMENTS, MAX_PLAYERS, MAX_POINT_XY, MAX_TRACK_LENGTH,
};
use super::xml_context::{Ctx, Node};
use super::xml_read::section;
use super::xml_tree::Element;
use crate::model::{
    Attributes, Die, Equipment, EquipmentKind, Face, Figure, Point, Shows, DIE_FACES, MAX_FIGURE_SET,
};
use crate::problem::Section;
use std::collections::BTreeMap;

const KINDS: &[&str] = &["square", "group", "basket", "board", "track", "points", "die"];

/// What every place may say besides its shape: who owns it, to whom it
/// shows its figures, whether they are shuffled at the start.
const HIDING: [&str; 3] = ["owner", "shows", "shuffled"];

/// The attributes a piece of equipment allows: its own and [`HIDING`].
fn allow(ctx: &mut Ctx, node: &Node, own: &[&str]) {
    let all: Vec<&str> = own.iter().chain(HIDING.iter()).copied().collect();
    ctx.allow_attributes(node, &all);
}

pub(crate) fn equipment(ctx: &mut Ctx, el: &Element, out: &mut Vec<Equipment>, dice: &mut Vec<Die>) {
    for child in section(ctx, el, Section::Equipment, KINDS) {
        let node = ctx.node(child, Section::Equipment, true);
        if child.name == "die" {
            ctx.allow_attributes(&node, &["name", "faces"]);
            ctx.children(&node, &[]);
            let (low, high) = (i64::from(*DIE_FACES.start()), i64::from(*DIE_FACES.end()));
            let faces = ctx.number(&node, "faces", low, high, 6).unwrap_or(6);
            dice.push(Die {
                name: node.name,
                faces,
            });
            continue;
        }
        ctx.map
            .add(Section::Equipment, &node.name, "type", ctx.pos(child.start), None);
        let kind = match child.name.as_str() {
            "points" => {
                allow(ctx, &node, &["name", "capacity"]);
                EquipmentKind::Points
            }
            "board" => {
                allow(ctx, &node, &["name", "rows", "columns", "capacity"]);
                let side = i64::from(MAX_BOARD_SIDE);
                let rows = size(ctx, &node, "rows", side, 3);
                let columns = size(ctx, &node, "columns", side, 3);
                EquipmentKind::Board { rows, columns }
            }
            "track" => {
                allow(ctx, &node, &["name", "length", "ring", "capacity"]);
                let length = size(ctx, &node, "length", MAX_TRACK_LENGTH.into(), 10);
                let ring = ctx.yes_no(&node, "ring").unwrap_or(false);
                EquipmentKind::Track { length, ring }
            }
            other => {
                allow(ctx, &node, &["name", "capacity"]);
                match other {
                    "square" => EquipmentKind::Square,
                    "group" => EquipmentKind::Group,
                    _ => EquipmentKind::Basket,
                }
            }
        };
        let capacity = ctx.number(&node, "capacity", 0, MAX_CAPACITY.into(), 1);
        let owner = ctx.number(&node, "owner", 1, MAX_PLAYERS.into(), 1);
        let shows = ctx.choice(&node, "shows", SHOWS).unwrap_or_default();
        let shuffled = ctx.yes_no(&node, "shuffled").unwrap_or(false);
        let has_squares = matches!(kind, EquipmentKind::Board { .. } | EquipmentKind::Track { .. });
        let allowed: &[&str] = if has_squares {
            &["attribute", "square"]
        } else if kind == EquipmentKind::Points {
            &["attribute", "point", "line"]
        } else {
            &["attribute"]
        };
        let mut attributes = Attributes::new();
        let mut squares = BTreeMap::new();
        let (mut points, mut lines) = (Vec::new(), Vec::new());
        for item in ctx.children(&node, allowed) {
            match item.name.as_str() {
                "attribute" => {
                    attribute(ctx, item, &node, &mut attributes);
                    continue;
                }
                "point" => {
                    points.push(point(ctx, item, &node));
                    continue;
                }
                "line" => {
                    lines.push(line(ctx, item, &node, lines.len() + 1));
                    continue;
                }
                _ => {}
            }
            let square = ctx.node(item, Section::Equipment, true);
            ctx.allow_attributes(&square, &["name"]);
            let mut own = Attributes::new();
            for a in ctx.children(&square, &["attribute"]) {
                attribute(ctx, a, &square, &mut own);
            }
            if squares.contains_key(&square.name) {
                let message = format!(
                    "square '{}' is described twice; put all its attributes in one <square>",
                    square.name
                );
                ctx.report(item.start, &square, "", message);
            }
            squares.insert(square.name, own);
        }
        out.push(Equipment {
            name: node.name,
            kind,
            capacity,
            attributes,
            squares,
            points,
            lines,
            owner,
            shows,
            shuffled,
        });
    }
}

/// The words of `shows="…"`.
const SHOWS: &[(&str, Shows)] = &[
    ("everyone", Shows::Everyone),
    ("owner", Shows::Owner),
    ("nobody", Shows::Nobody),
];

/// `<point name="a1" x="0" y="0"/>` of a points board.
fn point(ctx: &mut Ctx, el: &Element, board: &Node) -> Point {
    let node = Node {
        el,
        section: board.section,
        name: board.name.clone(),
    };
    ctx.allow_attributes(&node, &["name", "x", "y"]);
    ctx.children(&node, &[]);
    let name = ctx
        .required(&node, "name", "a name (like a1)")
        .unwrap_or_default();
    let field = format!("point {name}");
    ctx.map
        .add(board.section, &board.name, &field, ctx.pos(el.start), None);
    let max = i64::from(MAX_POINT_XY);
    Point {
        x: ctx.number(&node, "x", 0, max, 500),
        y: ctx.number(&node, "y", 0, max, 500),
        name,
    }
}

/// `<line>a1 d1 g1</line>`: the names of its points in order.
fn line(ctx: &mut Ctx, el: &Element, board: &Node, number: usize) -> Vec<String> {
    let node = Node {
        el,
        section: board.section,
        name: board.name.clone(),
    };
    let text = ctx.plain_text(&node, &format!("line {number}"));
    text.split_whitespace().map(str::to_string).collect()
}

/// A board's rows or columns or a track's length: required, at least 1.
fn size(ctx: &mut Ctx, node: &Node, key: &str, max: i64, example: i64) -> u16 {
    if !node.el.attributes.iter().any(|a| a.key == key) {
        let tag = &node.el.name;
        let message = format!("<{tag}> needs {key}=\"…\", a whole number like {example}");
        ctx.report(node.el.start, node, key, message);
        return 1;
    }
    ctx.number(node, key, 1, max, example).unwrap_or(1)
}

/// Reads `<attribute name=".." value=".."/>` into `into`.
fn attribute(ctx: &mut Ctx, el: &Element, owner: &Node, into: &mut Attributes) {
    let node = Node {
        el,
        section: owner.section,
        name: owner.name.clone(),
    };
    ctx.allow_attributes(&node, &["name", "value"]);
    ctx.children(&node, &[]);
    let key = ctx.required(&node, "name", "a name").unwrap_or_default();
    let field = format!("attribute {key}");
    ctx.map
        .add(owner.section, &owner.name, &field, ctx.pos(el.start), None);
    let value = match ctx.attr_as(&node, "value", "") {
        Some(v) => v,
        None => {
            let message = "<attribute> needs a value: add value=\"…\" (e.g. value=\"yes\")";
            ctx.report(el.start, &node, &field, message);
            String::new()
        }
    };
    if into.contains_key(&key) {
        let message = format!("the attribute '{key}' is given twice; keep one");
        ctx.report(el.start, &node, &field, message);
    }
    into.insert(key, value);
}

pub(crate) fn figures(ctx: &mut Ctx, el: &Element, out: &mut Vec<Figure>) {
    for child in section(ctx, el, Section::Figure, &["figure"]) {
        let node = ctx.node(child, Section::Figure, true);
        let allowed = [
            "name", "type", "origin", "origins", "owner", "colour", "count", "face",
        ];
        ctx.allow_attributes(&node, &allowed);
        // A set of figures: count="60" makes NAME.1 … NAME.60.
        let count: Option<usize> = ctx.number(&node, "count", 1, MAX_FIGURE_SET as i64, 20);
        let kind = ctx
            .required(&node, "type", "a type (like match)")
            .unwrap_or_default();
        let origins = origins(ctx, &node);
        let origin = match origins {
            Some(_) => String::new(),
            None => ctx
                .required(&node, "origin", "the place it starts on")
                .unwrap_or_default(),
        };
        let owner = ctx.number(&node, "owner", 1, MAX_PLAYERS.into(), 1);
        let colour = ctx.attr(&node, "colour");
        let faces = [("up", Face::Up), ("down", Face::Down)];
        let face = ctx.choice(&node, "face", &faces).unwrap_or_default();
        let mut attributes = Attributes::new();
        for a in ctx.children(&node, &["attribute"]) {
            attribute(ctx, a, &node, &mut attributes);
        }
        let figure = Figure {
            name: node.name.clone(),
            kind,
            owner,
            colour,
            attributes,
            origin,
            face,
        };
        // Where each figure of the tag starts, in order; None: one figure.
        let starts: Option<Vec<String>> = match (&origins, count) {
            (Some(list), n) => Some(
                list.iter()
                    .flat_map(|o| std::iter::repeat_n(o.clone(), n.unwrap_or(1)))
                    .collect(),
            ),
            (None, Some(n)) => Some(vec![figure.origin.clone(); n]),
            (None, None) => None,
        };
        match starts {
            Some(list) if out.len() + list.len() > MAX_ELEMENTS => {
                let message = format!(
                    "a game holds at most {MAX_ELEMENTS} figures; make count smaller or give fewer origins"
                );
                let field = if count.is_some() { "count" } else { "origin" };
                ctx.report_at(child, &node, field, message);
            }
            Some(list) => {
                for (i, origin) in list.into_iter().enumerate() {
                    let name = format!("{}.{}", figure.name, i + 1);
                    ctx.map.copy(Section::Figure, &figure.name, &name);
                    out.push(Figure {
                        name,
                        origin,
                        ..figure.clone()
                    });
                }
            }
            None => out.push(figure),
        }
    }
}

/// The places of `origins="…"` (a set of figures, one on each), if given;
/// recorded as the figures' `origin`. Reports it given with `origin`, empty,
/// or longer than a set may be.
fn origins(ctx: &mut Ctx, node: &Node) -> Option<Vec<String>> {
    let text = ctx.attr_as(node, "origins", "origin")?;
    let list: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let at = node.el.start;
    if node.el.attributes.iter().any(|a| a.key == "origin") {
        let message =
            "a figure has either origin=\"…\" (one place) or origins=\"…\" (several), not both: remove one";
        ctx.report(at, node, "origin", message);
    }
    if list.is_empty() {
        let message =
            "origins=\"…\" needs the places the figures start on, like origins=\"board.1.2 board.1.4\"";
        ctx.report(at, node, "origin", message);
        return Some(vec![String::new()]);
    }
    if list.len() > MAX_FIGURE_SET {
        let message = format!(
            "origins=\"…\" names {} places; a set of figures can start on at most {MAX_FIGURE_SET}",
            list.len()
        );
        ctx.report(at, node, "origin", message);
        return Some(list.into_iter().take(MAX_FIGURE_SET).collect());
    }
    Some(list)
}

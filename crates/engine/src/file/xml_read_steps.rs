//! Reads `<steps>`: step rules with their patterns, conditions and effects.

use super::limits::MAX_PLAYERS;
use super::xml_context::{Ctx, Node};
use super::xml_read::section;
use super::xml_tree::Element;
use crate::model::{FigurePattern, OwnerPattern, Pattern, PlacePattern, StepRule};
use crate::problem::Section;

pub(crate) fn steps(ctx: &mut Ctx, el: &Element, out: &mut Vec<StepRule>) {
    for child in section(ctx, el, Section::Step, &["step"]) {
        let node = ctx.node(child, Section::Step, true);
        ctx.allow_attributes(&node, &["name", "capture"]);
        let capture = ctx.yes_no(&node, "capture").unwrap_or(false);
        let mut rule = StepRule {
            name: node.name.clone(),
            what: FigurePattern::default(),
            from: PlacePattern::default(),
            to: PlacePattern::default(),
            when: Vec::new(),
            effects: Vec::new(),
            capture,
        };
        let children = ctx.children(&node, &["what", "from", "to", "when", "effect"]);
        for tag in ["what", "from", "to"] {
            ctx.only_once(&node, &children, tag);
        }
        for part in children {
            let sub = Node {
                el: part,
                section: Section::Step,
                name: node.name.clone(),
            };
            match part.name.as_str() {
                "what" => rule.what = what(ctx, &sub),
                "from" => rule.from = place(ctx, &sub),
                "to" => rule.to = place(ctx, &sub),
                "when" => {
                    let field = format!("when {}", rule.when.len() + 1);
                    rule.when.push(ctx.plain_text(&sub, &field));
                }
                _ => {
                    let field = format!("effect {}", rule.effects.len() + 1);
                    rule.effects.push(ctx.plain_text(&sub, &field));
                }
            }
        }
        out.push(rule);
    }
}

fn what(ctx: &mut Ctx, node: &Node) -> FigurePattern {
    ctx.map
        .add(Section::Step, &node.name, "what", ctx.pos(node.el.start), None);
    ctx.allow_attributes(
        node,
        &[
            "name",
            "name-vars",
            "type",
            "type-vars",
            "origin",
            "origin-vars",
            "owner",
        ],
    );
    ctx.children(node, &[]);
    let owner = ctx.attr_as(node, "owner", "").map(|text| match text.trim() {
        "on-move" => Some(OwnerPattern::OnMove),
        "opponent" => Some(OwnerPattern::Opponent),
        t => match t.parse::<u8>() {
            Ok(n) if (1..=MAX_PLAYERS).contains(&n) => Some(OwnerPattern::Player(n)),
            _ => {
                let message =
                    format!("owner must be on-move, opponent or a player number like 1, not '{text}'");
                ctx.report_at(node.el, node, "what", message);
                None
            }
        },
    });
    FigurePattern {
        name: pattern(ctx, node, "name", "what"),
        kind: pattern(ctx, node, "type", "what"),
        origin: pattern(ctx, node, "origin", "what"),
        owner: owner.flatten(),
    }
}

fn place(ctx: &mut Ctx, node: &Node) -> PlacePattern {
    let field = node.el.name.clone();
    ctx.map
        .add(Section::Step, &node.name, &field, ctx.pos(node.el.start), None);
    ctx.allow_attributes(node, &["name", "name-vars", "type", "type-vars"]);
    ctx.children(node, &[]);
    PlacePattern {
        name: pattern(ctx, node, "name", &field),
        kind: pattern(ctx, node, "type", &field),
    }
}

/// A pattern attribute (`name`, `type`, `origin`) with its `-vars` list.
fn pattern(ctx: &mut Ctx, node: &Node, key: &str, field: &str) -> Option<Pattern> {
    let vars_key = format!("{key}-vars");
    let text = ctx.attr_as(node, key, "");
    let vars = ctx.attr_as(node, &vars_key, "");
    match (text, vars) {
        (Some(text), vars) => Some(Pattern {
            text,
            vars: vars
                .map(|v| v.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default(),
        }),
        (None, Some(_)) => {
            let tag = &node.el.name;
            let message = format!("<{tag}> has {vars_key} but no {key} pattern to take them from");
            ctx.report_at(node.el, node, field, message);
            None
        }
        (None, None) => None,
    }
}

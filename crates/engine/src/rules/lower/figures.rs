//! Figure types and figures.

use super::Elements;
use crate::expr::{Effect, Expr, Special, Value};
use crate::model::{Figure, Game};
use crate::pattern::Matcher;
use crate::rules::compile::MAX_ELEMENTS;
use crate::rules::scope;
use crate::rules::{Element, FigureId, FigureInfo, TypeId};

/// Figure types are those of the figures, those named exactly in the
/// `what` of a step rule, and those a side effect changes a figure to by
/// name (`change figure to crown`: a crown that only appears by
/// promotion). A type goes by its name unless something else already does.
pub fn lower_types(game: &Game, elements: &mut Elements) {
    for f in &game.figures {
        if !f.kind.trim().is_empty() {
            elements.intern_type(&f.kind);
        }
    }
    for rule in &game.steps {
        if let Some(p) = &rule.what.kind {
            if Matcher::new(&p.text).is_exact() && !p.text.is_empty() {
                elements.intern_type(&p.text);
            }
        }
    }
    let words = crate::rules::words::read(game, None).0;
    for rule in &game.steps {
        let vars = scope::variables(rule);
        for text in &rule.effects {
            let Ok(effect) = words.parse_effect(text) else {
                continue;
            };
            effect.visit(&mut |e| {
                if let Effect::Change { kind, .. } = e {
                    if let Some(t) = literal_type(kind, &vars, elements) {
                        elements.intern_type(&t);
                    }
                }
            });
        }
    }
    for (i, t) in elements.types.iter().enumerate() {
        elements
            .names
            .entry(t.clone())
            .or_insert(Element::Type(i as TypeId));
    }
}

/// The type a `change` names literally: a text in quotes, or a plain word
/// that is not a rule variable, a special value or a place.
fn literal_type(kind: &Expr, vars: &[String], elements: &Elements) -> Option<String> {
    let t = match kind {
        Expr::Literal(Value::Text(t)) => t.clone(),
        Expr::Name(n)
            if !vars.contains(&n.text)
                && Special::from_name(&n.text).is_none()
                && !matches!(
                    elements.names.get(&n.text),
                    Some(Element::Place(_) | Element::Grid(_))
                ) =>
        {
            n.text.clone()
        }
        _ => return None,
    };
    (!t.trim().is_empty() && !t.contains(char::is_whitespace)).then_some(t)
}

/// Every figure as it starts, unless the game has too many.
pub fn lower(game: &Game, elements: &mut Elements) {
    if game.figures.len() > MAX_ELEMENTS {
        return;
    }
    for f in &game.figures {
        figure(f, elements);
    }
}

fn figure(f: &Figure, elements: &mut Elements) {
    let id = elements.figures.len() as FigureId;
    // A figure called like a type takes the name from the type.
    if matches!(elements.names.get(&f.name), Some(Element::Type(_))) {
        elements.names.remove(&f.name);
    }
    elements.name(&f.name, Element::Figure(id));
    let origin = match elements.names.get(&f.origin) {
        Some(Element::Place(p)) => *p,
        _ => 0,
    };
    let kind = elements.intern_type(&f.kind);
    elements.figures.push(FigureInfo {
        name: f.name.clone(),
        kind,
        owner: f.owner.unwrap_or(0),
        colour: f.colour.clone().unwrap_or_default(),
        attributes: f.attributes.clone(),
        origin,
        face: f.face,
    });
}

//! Sets of figures: one entry of a file that stands for several figures
//! named `NAME.1`, `NAME.2`, … — `count` of them on one origin, or one (or
//! `count`) on each of several `origins`. The model keeps figures one by
//! one; XML and JSON write figures that follow the pattern back as a set.
//!
//! In JSON a set is a figure with `count` and/or `origins` (a list):
//! `{"name": "seed", "kind": "seed", "origins": ["pit.1", "pit.2"], "count": 4}`.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Attributes, Face, Figure};
use crate::file::MAX_ELEMENTS;

/// The most figures one set makes on each of its origins, and the most
/// origins of one set.
pub const MAX_FIGURE_SET: usize = 1000;

/// A run of figures that one set stands for: how many figures, and on which
/// origins (each with `each` figures, in order).
pub struct Set<'a> {
    /// How many figures.
    pub length: usize,
    /// The places they start on, in order.
    pub origins: Vec<&'a str>,
    /// How many start on each origin.
    pub each: usize,
}

/// The set starting at `figures[0]`: `NAME.1`, `NAME.2`, … in order, alike in
/// everything but their origins, which come in groups of equal size (one
/// origin: `count`; several: `origins`, with `count` when a group has more
/// than one). None when the first is not `NAME.1` or no second follows.
pub fn set_at(figures: &[Figure]) -> Option<Set<'_>> {
    let base = figures.first()?.name.strip_suffix(".1")?;
    let f = &figures[0];
    let alike = |i: usize, g: &Figure| {
        g.name == format!("{base}.{}", i + 1)
            && (g.kind.as_str(), g.owner, &g.colour, &g.attributes, g.face)
                == (f.kind.as_str(), f.owner, &f.colour, &f.attributes, f.face)
    };
    let run: Vec<&str> = figures
        .iter()
        .take(MAX_FIGURE_SET * MAX_FIGURE_SET)
        .enumerate()
        .take_while(|(i, g)| alike(*i, g))
        .map(|(_, g)| g.origin.as_str())
        .collect();
    // Origins in groups of equal places: (place, how many in a row).
    let mut groups: Vec<(&str, usize)> = Vec::new();
    for origin in &run {
        match groups.last_mut() {
            Some((place, n)) if place == origin => *n += 1,
            _ => groups.push((origin, 1)),
        }
    }
    let each = groups.first()?.1.min(MAX_FIGURE_SET);
    let listable = |o: &str| !o.is_empty() && !o.contains(char::is_whitespace);
    let mut origins: Vec<&str> = Vec::new();
    if listable(groups[0].0) {
        origins = groups
            .iter()
            .take(MAX_FIGURE_SET)
            .take_while(|(place, n)| *n == each && listable(place))
            .map(|(place, _)| *place)
            .collect();
    }
    if origins.is_empty() {
        origins.push(groups[0].0);
    }
    let length = origins.len() * each;
    (length >= 2).then_some(Set {
        length,
        origins,
        each,
    })
}

/// A figure as JSON holds it: one figure, or a set.
#[derive(Serialize, Deserialize)]
struct Entry {
    name: String,
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    owner: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    colour: Option<String>,
    #[serde(default, skip_serializing_if = "Attributes::is_empty")]
    attributes: Attributes,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    origin: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    origins: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(default, skip_serializing_if = "Face::is_up")]
    face: Face,
}

/// Writes figures, those that follow the pattern as sets.
pub(crate) fn serialize<S: Serializer>(figures: &[Figure], s: S) -> Result<S::Ok, S::Error> {
    let mut entries = Vec::new();
    let mut i = 0;
    while i < figures.len() {
        let f = &figures[i];
        let set = set_at(&figures[i..]);
        let mut entry = Entry {
            name: f.name.clone(),
            kind: f.kind.clone(),
            owner: f.owner,
            colour: f.colour.clone(),
            attributes: f.attributes.clone(),
            origin: Some(f.origin.clone()),
            origins: None,
            count: None,
            face: f.face,
        };
        if let Some(set) = &set {
            entry.name = f.name.strip_suffix(".1").unwrap_or(&f.name).to_string();
            if set.origins.len() > 1 {
                entry.origin = None;
                entry.origins = Some(set.origins.iter().map(|o| o.to_string()).collect());
                entry.count = (set.each > 1).then_some(set.each as u64);
            } else {
                entry.count = Some(set.length as u64);
            }
        }
        i += set.as_ref().map_or(1, |s| s.length);
        entries.push(entry);
    }
    entries.serialize(s)
}

/// Reads figures, expanding sets, with the limits and messages of XML.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Figure>, D::Error> {
    let entries = Vec::<Entry>::deserialize(d)?;
    let mut out = Vec::new();
    for e in entries {
        let count = match e.count {
            Some(n) if !(1..=MAX_FIGURE_SET as u64).contains(&n) => {
                return Err(D::Error::custom(format!(
                    "count must be from 1 to {MAX_FIGURE_SET}, not {n}"
                )))
            }
            n => n.map(|n| n as usize),
        };
        let starts: Option<Vec<String>> = match (e.origin.clone(), e.origins.clone(), count) {
            (Some(_), Some(_), _) => return Err(D::Error::custom(
                "a figure has either \"origin\" (one place) or \"origins\" (several), not both: remove one",
            )),
            (None, Some(list), _) if list.is_empty() => {
                return Err(D::Error::custom(
                    "\"origins\" needs the places the figures start on, like [\"board.1.2\", \"board.1.4\"]",
                ))
            }
            (None, Some(list), _) if list.len() > MAX_FIGURE_SET => {
                return Err(D::Error::custom(format!(
                    "\"origins\" names {} places; a set of figures can start on at most {MAX_FIGURE_SET}",
                    list.len()
                )))
            }
            (None, Some(list), n) => Some(
                list.iter()
                    .flat_map(|o| std::iter::repeat_n(o.clone(), n.unwrap_or(1)))
                    .collect(),
            ),
            (Some(origin), None, Some(n)) => Some(vec![origin; n]),
            (Some(_), None, None) => None,
            (None, None, _) => return Err(D::Error::missing_field("origin")),
        };
        let figure = Figure {
            name: e.name,
            kind: e.kind,
            owner: e.owner,
            colour: e.colour,
            attributes: e.attributes,
            origin: e.origin.unwrap_or_default(),
            face: e.face,
        };
        match starts {
            Some(list) if out.len() + list.len() > MAX_ELEMENTS => {
                return Err(D::Error::custom(format!(
                    "a game holds at most {MAX_ELEMENTS} figures; make count smaller or give fewer origins"
                )))
            }
            Some(list) => {
                for (i, origin) in list.into_iter().enumerate() {
                    out.push(Figure {
                        name: format!("{}.{}", figure.name, i + 1),
                        origin,
                        ..figure.clone()
                    });
                }
            }
            None => out.push(figure),
        }
    }
    Ok(out)
}

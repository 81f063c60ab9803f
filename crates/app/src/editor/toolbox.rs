//! The box of the designer: every kind of equipment, figure and trigger a
//! child can drag onto the table, and the edit that dropping one makes.

use super::edit::Edit;
use super::naming::check_type;
use super::places::{count_on, element, is_grid, square_names, Element};
use super::selection::Selection;
use crate::table::geometry::{default_size, Geometry, Point, Rect, MARGIN, TRIGGER_SIZE};
use tablecraft_engine::model::{EquipmentKind, Game, TriggerValue};

/// The figure types with a picture of their own, in the order the box shows them.
pub const FIGURE_TYPES: [&str; 7] = ["match", "stone", "ball", "cross", "circle", "pawn", "crown"];

/// The rows and columns of a new board.
pub const NEW_BOARD: (u16, u16) = (3, 3);
/// The number of squares of a new track.
pub const NEW_TRACK: u16 = 8;

/// One thing in the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoxItem {
    Square,
    Group,
    Basket,
    Board,
    Track,
    /// A board of dots joined by lines.
    Dots,
    /// A figure of one of the [`FIGURE_TYPES`].
    Figure(&'static str),
    /// A figure of a type the child names.
    OtherFigure,
    /// A number trigger.
    Number,
    /// A yes/no trigger.
    YesNo,
    /// A text trigger.
    Text,
}

/// A group of things in the box, with its heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxSection {
    /// The heading, e.g. `Equipment`.
    pub title: &'static str,
    /// What it holds, in order.
    pub items: Vec<BoxItem>,
}

/// The box: equipment, figures, triggers.
pub fn sections() -> Vec<BoxSection> {
    let mut figures: Vec<BoxItem> = FIGURE_TYPES.iter().map(|t| BoxItem::Figure(t)).collect();
    figures.push(BoxItem::OtherFigure);
    vec![
        BoxSection {
            title: "Equipment",
            items: vec![
                BoxItem::Square,
                BoxItem::Group,
                BoxItem::Basket,
                BoxItem::Board,
                BoxItem::Track,
                BoxItem::Dots,
            ],
        },
        BoxSection {
            title: "Figures",
            items: figures,
        },
        BoxSection {
            title: "Triggers",
            items: vec![BoxItem::Number, BoxItem::YesNo, BoxItem::Text],
        },
    ]
}

impl BoxItem {
    /// The name shown under the picture.
    pub fn label(self) -> &'static str {
        match self {
            BoxItem::Square => "square",
            BoxItem::Group => "group",
            BoxItem::Basket => "basket",
            BoxItem::Board => "board",
            BoxItem::Track => "track",
            BoxItem::Dots => "dots",
            BoxItem::Figure(t) => t,
            BoxItem::OtherFigure => "other…",
            BoxItem::Number => "number",
            BoxItem::YesNo => "yes/no",
            BoxItem::Text => "text",
        }
    }

    /// A short id for `data-testid` (`box-square`, `box-match`, `box-other` …).
    pub fn id(self) -> String {
        let part = match self {
            BoxItem::OtherFigure => "other",
            BoxItem::YesNo => "yesno",
            other => other.label(),
        };
        format!("box-{part}")
    }

    /// What a screen reader says for the item.
    pub fn description(self) -> String {
        match self {
            BoxItem::Figure(t) => format!("{t} figure"),
            BoxItem::OtherFigure => "a figure of another type".into(),
            BoxItem::Number | BoxItem::YesNo | BoxItem::Text => format!("{} trigger", self.label()),
            BoxItem::Dots => "a board of dots joined by lines".into(),
            other => other.label().to_string(),
        }
    }

    /// Whether it is a figure, which must be dropped onto a place.
    pub fn is_figure(self) -> bool {
        matches!(self, BoxItem::Figure(_) | BoxItem::OtherFigure)
    }

    /// The equipment it makes, if it is equipment.
    pub fn equipment(self) -> Option<EquipmentKind> {
        Some(match self {
            BoxItem::Square => EquipmentKind::Square,
            BoxItem::Group => EquipmentKind::Group,
            BoxItem::Basket => EquipmentKind::Basket,
            BoxItem::Board => EquipmentKind::Board {
                rows: NEW_BOARD.0,
                columns: NEW_BOARD.1,
            },
            BoxItem::Track => EquipmentKind::Track {
                length: NEW_TRACK,
                ring: false,
            },
            BoxItem::Dots => EquipmentKind::Points,
            _ => return None,
        })
    }

    /// The starting value of the trigger it makes, if it is a trigger.
    pub fn trigger_value(self) -> Option<TriggerValue> {
        match self {
            BoxItem::Number => Some(TriggerValue::Number(0)),
            BoxItem::YesNo => Some(TriggerValue::YesNo(false)),
            BoxItem::Text => Some(TriggerValue::Text(String::new())),
            _ => None,
        }
    }

    /// The edit that dropping the item at `at` on the table makes. A figure
    /// goes onto the place under the point (`other_type` is the type the
    /// child wrote for *other…*); on the empty table it is refused with a
    /// hint, and so is an *other…* figure with no usable type.
    pub fn drop_edit(self, at: Point, geometry: &Geometry, other_type: &str) -> Result<Edit, String> {
        if let Some(kind) = self.equipment() {
            return Ok(Edit::AddEquipment { kind, at });
        }
        if let Some(value) = self.trigger_value() {
            return Ok(Edit::AddTrigger { value, at });
        }
        let kind = match self {
            BoxItem::Figure(t) => t.to_string(),
            _ => {
                let typed = other_type.trim();
                if typed.is_empty() {
                    return Err("Write a type for your figure under “other…” first, like coin.".into());
                }
                check_type(typed).map_err(|e| e.message().replace("A name", "A type"))?;
                typed.to_string()
            }
        };
        match geometry.place_at(at) {
            Some(place) => Ok(Edit::AddFigure {
                kind,
                place: Some(place),
            }),
            None => Err(format!(
                "A {kind} must lie on something: drop it onto a square, a group, a basket or a board."
            )),
        }
    }

    /// The size the item has on the table (figures: none).
    fn size(self) -> Option<(f64, f64)> {
        let (w, h) = match (self.equipment(), self.trigger_value()) {
            (Some(kind), _) => default_size(&kind),
            (None, Some(_)) => TRIGGER_SIZE,
            (None, None) => return None,
        };
        Some((f64::from(w), f64::from(h)))
    }

    /// The centre of the first free spot on the table where the item fits,
    /// scanning rows from the top left; below everything if there is none.
    pub fn free_spot(self, game: &Game) -> Point {
        let (w, h) = self.size().unwrap_or((60.0, 60.0));
        let geometry = Geometry::new(game);
        let taken: Vec<Rect> = geometry
            .places()
            .iter()
            .filter(|p| p.parent.is_none())
            .map(|p| p.rect)
            .chain(geometry.triggers().iter().map(|(_, r)| *r))
            .collect();
        let (width, height) = geometry.table_size();
        let gap = f64::from(MARGIN);
        let step = gap;
        let mut y = gap;
        while y + h + gap <= height {
            let mut x = gap;
            while x + w + gap <= width {
                let around = Rect::new(x - gap, y - gap, w + 2.0 * gap, h + 2.0 * gap);
                if !taken.iter().any(|r| r.overlaps(&around)) {
                    return Point::new(x + w / 2.0, y + h / 2.0);
                }
                x += step;
            }
            y += step;
        }
        let bottom = taken.iter().map(|r| r.y + r.height).fold(0.0, f64::max);
        Point::new(gap + w / 2.0, bottom + gap + h / 2.0)
    }

    /// The edit that choosing the item with the keyboard makes: equipment
    /// and triggers go to a free spot; a figure goes onto the selected place
    /// (the place of a selected figure, the first empty square of a selected
    /// board or track), or is refused with a hint.
    pub fn keyboard_edit(self, game: &Game, selection: &Selection, other_type: &str) -> Result<Edit, String> {
        if !self.is_figure() {
            return self.drop_edit(self.free_spot(game), &Geometry::new(game), other_type);
        }
        let hint =
            || "First choose a square, a group or a basket for the figure, then press the figure again.";
        let place = match selection.single().and_then(|n| element(game, n)) {
            Some(Element::Figure(f)) => f.origin.clone(),
            Some(Element::Equipment(e)) if is_grid(&e.kind) => square_names(&e.name, &e.kind)
                .into_iter()
                .find(|s| count_on(game, s) == 0)
                .ok_or_else(|| format!("Every square of {} is taken.", e.name))?,
            Some(Element::Equipment(e)) => e.name.clone(),
            _ => return Err(hint().into()),
        };
        let geometry = Geometry::new(game);
        let at = geometry
            .place_rect(&place)
            .ok_or_else(|| hint().to_string())?
            .centre();
        self.drop_edit(at, &geometry, other_type)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::Game;

    fn game_with_group() -> Game {
        let g = Game::default();
        let (g, _) = Edit::AddEquipment {
            kind: EquipmentKind::Group,
            at: Point::new(200.0, 200.0),
        }
        .apply(&g)
        .unwrap();
        g
    }

    #[test]
    fn the_box_holds_every_kind_once_with_distinct_ids() {
        let items: Vec<BoxItem> = sections().into_iter().flat_map(|s| s.items).collect();
        assert_eq!(items.len(), 6 + 8 + 3);
        let mut ids: Vec<String> = items.iter().map(|i| i.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), items.len());
        assert!(ids.contains(&"box-match".to_string()) && ids.contains(&"box-yesno".to_string()));
        assert_eq!(BoxItem::OtherFigure.label(), "other…");
        assert_eq!(BoxItem::Number.description(), "number trigger");
    }

    #[test]
    fn equipment_and_triggers_are_added_where_dropped() {
        let g = Game::default();
        let geo = Geometry::new(&g);
        let at = Point::new(300.0, 200.0);
        let edit = BoxItem::Board.drop_edit(at, &geo, "").unwrap();
        assert_eq!(
            edit,
            Edit::AddEquipment {
                kind: EquipmentKind::Board { rows: 3, columns: 3 },
                at
            }
        );
        let (g2, names) = edit.apply(&g).unwrap();
        assert_eq!(names, vec!["board".to_string()]);
        let rect = Geometry::new(&g2).place_rect("board").unwrap();
        assert!((rect.centre().x - 300.0).abs() < 1.0 && (rect.centre().y - 200.0).abs() < 1.0);
        let edit = BoxItem::YesNo.drop_edit(at, &geo, "").unwrap();
        assert!(matches!(
            edit,
            Edit::AddTrigger {
                value: TriggerValue::YesNo(false),
                ..
            }
        ));
    }

    #[test]
    fn figures_go_onto_the_place_under_the_point_or_are_refused() {
        let g = game_with_group();
        let geo = Geometry::new(&g);
        let edit = BoxItem::Figure("match")
            .drop_edit(Point::new(200.0, 200.0), &geo, "")
            .unwrap();
        let (g2, names) = edit.apply(&g).unwrap();
        assert_eq!(names, vec!["m.1".to_string()]);
        assert_eq!(g2.figures[0].origin, "group.1");
        let refused = BoxItem::Figure("stone").drop_edit(Point::new(900.0, 600.0), &geo, "");
        assert!(refused.unwrap_err().contains("drop it onto a square"));
    }

    #[test]
    fn the_keyboard_puts_things_on_free_spots_and_figures_on_the_selected_place() {
        let g = game_with_group();
        let at = BoxItem::Basket.free_spot(&g);
        let group = Geometry::new(&g).place_rect("group.1").unwrap();
        let (g2, _) = BoxItem::Basket
            .keyboard_edit(&g, &Selection::new(), "")
            .unwrap()
            .apply(&g)
            .unwrap();
        let basket = Geometry::new(&g2).place_rect("basket").unwrap();
        assert!(!basket.overlaps(&group), "{basket:?} on {group:?} at {at:?}");
        let none = BoxItem::Figure("ball").keyboard_edit(&g2, &Selection::new(), "");
        assert!(none.unwrap_err().starts_with("First choose"));
        let edit = BoxItem::Figure("ball")
            .keyboard_edit(&g2, &Selection::of(["basket"]), "")
            .unwrap();
        let (g3, names) = edit.apply(&g2).unwrap();
        assert_eq!(g3.figures[0].origin, "basket");
        let edit = BoxItem::Figure("ball")
            .keyboard_edit(&g3, &Selection::of(names), "")
            .unwrap();
        assert_eq!(
            edit,
            Edit::AddFigure {
                kind: "ball".into(),
                place: Some("basket".into())
            }
        );
        let (g4, _) = Edit::AddEquipment {
            kind: EquipmentKind::Track {
                length: 2,
                ring: false,
            },
            at: BoxItem::Track.free_spot(&g3),
        }
        .apply(&g3)
        .unwrap();
        let on_track = |g: &Game| BoxItem::Figure("pawn").keyboard_edit(g, &Selection::of(["track"]), "");
        let (g5, _) = on_track(&g4).unwrap().apply(&g4).unwrap();
        assert_eq!(g5.figures.last().unwrap().origin, "track.1");
        let (g6, _) = on_track(&g5).unwrap().apply(&g5).unwrap();
        assert_eq!(g6.figures.last().unwrap().origin, "track.2");
        assert!(on_track(&g6).unwrap_err().contains("taken"));
    }

    #[test]
    fn a_full_table_puts_new_things_below_everything() {
        let mut g = Game::default();
        for _ in 0..40 {
            let edit = BoxItem::Group.keyboard_edit(&g, &Selection::new(), "").unwrap();
            g = edit.apply(&g).unwrap().0;
        }
        let geo = Geometry::new(&g);
        let rects: Vec<_> = geo.places().iter().map(|p| p.rect).collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn other_figures_need_a_usable_type() {
        let g = game_with_group();
        let geo = Geometry::new(&g);
        let at = Point::new(200.0, 200.0);
        assert!(BoxItem::OtherFigure
            .drop_edit(at, &geo, "  ")
            .unwrap_err()
            .contains("Write a type"));
        assert!(BoxItem::OtherFigure
            .drop_edit(at, &geo, "two words")
            .unwrap_err()
            .starts_with("A type"));
        let edit = BoxItem::OtherFigure.drop_edit(at, &geo, " coin ").unwrap();
        assert_eq!(
            edit,
            Edit::AddFigure {
                kind: "coin".into(),
                place: Some("group.1".into())
            }
        );
    }
}

//! Default sizes of new things, and a layout for games that lack one.

use tablecraft_engine::model::{EquipmentKind, Game, Layout, Placement};

/// The side of a square, and of a board cell when the board is small.
pub const CELL: u32 = 60;
/// The size of a trigger's box on the table.
pub const TRIGGER_SIZE: (u32, u32) = (140, 50);
/// The size of an empty table.
pub const TABLE_SIZE: (u32, u32) = (960, 640);
/// The space kept around and between things placed automatically.
pub const MARGIN: u32 = 20;

/// The side of one cell of a new board or track with `side` cells across:
/// 60 for small boards, smaller for big ones, never below 24.
pub fn cell_side(side: u16) -> u32 {
    (480 / u32::from(side.max(1))).clamp(24, CELL)
}

/// The width and height of new equipment of `kind`.
pub fn default_size(kind: &EquipmentKind) -> (u32, u32) {
    match *kind {
        EquipmentKind::Square => (CELL, CELL),
        EquipmentKind::Group => (180, 120),
        EquipmentKind::Basket => (120, 120),
        EquipmentKind::Board { rows, columns } => {
            let cell = cell_side(rows.max(columns));
            (cell * u32::from(columns.max(1)), cell * u32::from(rows.max(1)))
        }
        EquipmentKind::Track { length, .. } => {
            (cell_side(length) * u32::from(length.max(1)), cell_side(length))
        }
        EquipmentKind::Points => (7 * CELL, 7 * CELL),
    }
}

/// The layout of `game` with a placement for every piece of equipment and
/// every trigger: existing placements are kept, missing ones are laid out in
/// rows below them, and the table grows to hold everything.
pub fn default_layout(game: &Game) -> Layout {
    let mut layout = game.layout.clone();
    let missing: Vec<(String, (u32, u32))> = game
        .equipment
        .iter()
        .map(|e| (e.name.clone(), default_size(&e.kind)))
        .chain(game.triggers.iter().map(|t| (t.name.clone(), TRIGGER_SIZE)))
        .filter(|(name, _)| !layout.items.contains_key(name))
        .collect();
    if missing.is_empty() {
        fit_table(&mut layout);
        return layout;
    }
    let wrap = i64::from(layout.width.max(TABLE_SIZE.0));
    let bottom = layout
        .items
        .values()
        .map(|p| i64::from(p.y) + i64::from(p.height))
        .max();
    let margin = i64::from(MARGIN);
    let (mut x, mut y) = (margin, bottom.map_or(margin, |b| b + margin));
    let mut row_height = 0i64;
    for (name, (w, h)) in missing {
        if x > margin && x + i64::from(w) + margin > wrap {
            (x, y) = (margin, y + row_height + margin);
            row_height = 0;
        }
        let placement = Placement {
            x: clamp_i32(x),
            y: clamp_i32(y),
            width: w,
            height: h,
            colour: None,
            label: None,
        };
        layout.items.insert(name, placement);
        x += i64::from(w) + margin;
        row_height = row_height.max(i64::from(h));
    }
    fit_table(&mut layout);
    layout
}

/// Grows the table (never shrinks it) so that every placement fits with a
/// margin; an empty table gets the default size.
pub fn fit_table(layout: &mut Layout) {
    let margin = i64::from(MARGIN);
    let right = layout
        .items
        .values()
        .map(|p| i64::from(p.x) + i64::from(p.width) + margin)
        .max()
        .unwrap_or(0);
    let bottom = layout
        .items
        .values()
        .map(|p| i64::from(p.y) + i64::from(p.height) + margin)
        .max()
        .unwrap_or(0);
    let to_u32 = |v: i64| v.clamp(0, i64::from(u32::MAX)) as u32;
    if layout.width == 0 {
        layout.width = TABLE_SIZE.0;
    }
    if layout.height == 0 {
        layout.height = TABLE_SIZE.1;
    }
    layout.width = layout.width.max(to_u32(right));
    layout.height = layout.height.max(to_u32(bottom));
}

pub(crate) fn clamp_i32(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::{Equipment, Trigger, TriggerValue};

    #[test]
    fn a_game_without_layout_gets_one_that_does_not_overlap() {
        let mut game = Game::default();
        for (i, kind) in [
            EquipmentKind::Group,
            EquipmentKind::Basket,
            EquipmentKind::Board { rows: 8, columns: 8 },
            EquipmentKind::Track {
                length: 15,
                ring: false,
            },
            EquipmentKind::Square,
        ]
        .into_iter()
        .enumerate()
        {
            game.equipment.push(Equipment {
                name: format!("e{i}"),
                kind,
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
        game.triggers.push(Trigger {
            name: "t".into(),
            value: TriggerValue::Number(0),
            visible: true,
        });
        game.layout.items.insert(
            "e4".into(),
            Placement {
                x: 0,
                y: 0,
                width: 60,
                height: 60,
                colour: None,
                label: None,
            },
        );
        let layout = default_layout(&game);
        assert_eq!(layout.items.len(), 6);
        assert_eq!(
            layout.items["e4"], game.layout.items["e4"],
            "existing placements are kept"
        );
        let rects: Vec<_> = layout.items.values().collect();
        for (i, a) in rects.iter().enumerate() {
            assert!(a.width > 0 && a.height > 0);
            assert!(a.x as u32 + a.width <= layout.width && a.y as u32 + a.height <= layout.height);
            for b in &rects[i + 1..] {
                let apart = a.x + a.width as i32 <= b.x
                    || b.x + b.width as i32 <= a.x
                    || a.y + a.height as i32 <= b.y
                    || b.y + b.height as i32 <= a.y;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn big_boards_get_smaller_cells() {
        assert_eq!(
            default_size(&EquipmentKind::Board { rows: 3, columns: 3 }),
            (180, 180)
        );
        assert_eq!(
            default_size(&EquipmentKind::Board {
                rows: 50,
                columns: 50
            }),
            (1200, 1200)
        );
        assert_eq!(
            default_size(&EquipmentKind::Board { rows: 0, columns: 0 }),
            (60, 60)
        );
        assert_eq!(
            default_size(&EquipmentKind::Track {
                length: 8,
                ring: true
            }),
            (480, 60)
        );
    }

    #[test]
    fn the_table_grows_to_hold_far_away_things() {
        let mut layout = Layout::default();
        layout.items.insert(
            "far".into(),
            Placement {
                x: i32::MAX,
                y: -5,
                width: u32::MAX,
                height: 1,
                colour: None,
                label: None,
            },
        );
        fit_table(&mut layout);
        assert_eq!(layout.width, u32::MAX);
        assert_eq!(layout.height, TABLE_SIZE.1);
    }
}

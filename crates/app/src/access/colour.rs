//! Contrast between colours (WCAG 2.2 relative luminance): text needs
//! 4.5:1, pieces and the edges of places 3:1 against what is around them.

/// A `#rgb` or `#rrggbb` colour as red, green and blue from 0 to 1.
pub fn parse(colour: &str) -> Option<[f64; 3]> {
    let hex = colour.trim().strip_prefix('#')?;
    let digits: Vec<u8> = match hex.len() {
        3 => hex
            .chars()
            .map(|c| c.to_digit(16).map(|d| (d * 17) as u8))
            .collect::<Option<_>>()?,
        6 => (0..3)
            .map(|i| u8::from_str_radix(hex.get(i * 2..i * 2 + 2)?, 16).ok())
            .collect::<Option<_>>()?,
        _ => return None,
    };
    Some([0, 1, 2].map(|i| f64::from(digits[i]) / 255.0))
}

/// The relative luminance of a colour.
pub fn luminance(rgb: [f64; 3]) -> f64 {
    let lin = |c: f64| {
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
}

/// The contrast ratio of two colours, from 1 to 21; `None` if either is
/// not a hex colour.
pub fn contrast(a: &str, b: &str) -> Option<f64> {
    let (la, lb) = (luminance(parse(a)?), luminance(parse(b)?));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    Some((hi + 0.05) / (lo + 0.05))
}

/// The ink to write on a fill: dark, or light on a dark fill, whichever
/// stands out more (a light fill or one that is not a colour gets dark).
pub fn ink_on(fill: &str) -> &'static str {
    const DARK: &str = "#1f2430";
    const LIGHT: &str = "#fffaf0";
    match (contrast(DARK, fill), contrast(LIGHT, fill)) {
        (Some(dark), Some(light)) if light > dark => LIGHT,
        _ => DARK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::scene::{figure_colour, player_colour};
    use crate::testing::repo_text;

    /// The value of `property` in the rule for `selector` in a style sheet.
    fn css(file: &str, selector: &str, property: &str) -> String {
        let text = repo_text(&format!("style/{file}"));
        let start = text
            .find(&format!("{selector} {{"))
            .or_else(|| text.find(&format!("{selector},")))
            .unwrap_or_else(|| panic!("{selector} not in {file}"));
        let block = &text[start..];
        let block = &block[block.find('{').unwrap() + 1..block.find('}').unwrap()];
        block
            .lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{property}:")))
            .map(|v| v.trim().trim_end_matches(';').to_string())
            .unwrap_or_else(|| panic!("{selector} has no {property}"))
    }

    #[test]
    fn players_have_four_different_colours_and_ink_that_reads_on_each() {
        let colours: Vec<&str> = (1..=4).map(player_colour).collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b);
            }
            // A player's number written on a disc of their colour.
            assert!(contrast(ink_on(a), a).unwrap() >= 4.5, "ink on {a}");
        }
        assert_eq!(ink_on("#f4f1e8"), "#1f2430");
        assert_eq!(ink_on("#2b2b33"), "#fffaf0");
        assert_eq!(ink_on("not a colour"), "#1f2430");
    }

    #[test]
    fn each_players_moves_in_the_log_are_headed_in_readable_colours() {
        let card = "#ffffff";
        for player in 2..=4 {
            let ink = css(
                "play.css",
                &format!(".log-move.player-{player} .log-heading"),
                "color",
            );
            assert!(contrast(&ink, card).unwrap() >= 4.5, "player {player}: {ink}");
        }
    }

    #[test]
    fn ratios() {
        assert!((contrast("#000", "#fff").unwrap() - 21.0).abs() < 1e-9);
        assert!((contrast("#777777", "#777").unwrap() - 1.0).abs() < 1e-9);
        assert_eq!(contrast("red", "#fff"), None);
        assert_eq!(contrast("#12", "#fff"), None);
        assert_eq!(contrast("#gggggg", "#fff"), None);
    }

    #[test]
    fn places_stand_out_from_the_table_and_targets_from_places() {
        let top = css("table.css", ".table-top", "fill");
        let edge = css("table.css", ".place rect", "stroke");
        let min = |a: &str, b: &str| contrast(a, b).unwrap();
        assert!(
            min(&edge, &top) >= 3.0,
            "place edges on the table: {}",
            min(&edge, &top)
        );
        let target_edge = css("table.css", ".place.target rect", "stroke");
        let target_fill = css("table.css", ".place.target rect", "fill");
        assert!(
            min(&target_edge, &top) >= 3.0,
            "target edge on the table: {}",
            min(&target_edge, &top)
        );
        assert!(min(&target_edge, &target_fill) >= 3.0);
        for place in [
            ".place.square rect,",
            ".place.basket rect",
            ".place.group rect",
            ".place.cell.dark rect",
        ] {
            let fill = css("table.css", place.trim_end_matches(','), "fill");
            // A place lit as a target differs from how it looks otherwise.
            assert!(
                min(&target_fill, &fill) >= 3.0 || min(&target_edge, &fill) >= 3.0,
                "{place}: {fill}"
            );
        }
    }

    #[test]
    fn every_players_pieces_stand_out_on_every_place_and_the_table() {
        let top = css("table.css", ".table-top", "fill");
        let mut fills = vec!["#f6e7c8", "#9c6b3c", "#e9d3a8", "#b07a3f", "#c99a5b"];
        fills.push(&top);
        // The outline the figures are drawn with (ui/figures.rs): light on
        // dark figures, dark otherwise.
        let outline = |c: &str| if c == "#2b2b33" { "#f4f1e8" } else { "#1f2430" };
        for owner in 1..=4 {
            let piece = figure_colour(None, owner);
            for &bg in &fills {
                let best = contrast(&piece, bg)
                    .unwrap()
                    .max(contrast(outline(&piece), bg).unwrap());
                assert!(best >= 3.0, "player {owner}'s piece on {bg}: {best}");
            }
        }
        // The marks that make players 2, 3 and 4 differ by shape too
        // (ui/figures.rs): a yellow diamond, a light triangle, a light square.
        assert!(contrast("#f1c40f", &figure_colour(None, 2)).unwrap() >= 3.0);
        for owner in [3, 4] {
            assert!(contrast("#fffaf0", &figure_colour(None, owner)).unwrap() >= 3.0);
        }
        // The keyboard's ring: blue inside white, on any colour one of them shows.
        let accent = "#1f4e9c";
        assert!(contrast(accent, "#ffffff").unwrap() >= 4.5);
        for bg in fills {
            assert!(
                contrast(accent, bg)
                    .unwrap()
                    .max(contrast("#ffffff", bg).unwrap())
                    >= 3.0
            );
        }
    }
}

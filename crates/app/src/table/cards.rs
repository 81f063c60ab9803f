//! How a card shows on the table: the corner a child reads ("7♥", "A♠",
//! "Q♦"), made from the figure's `value` and `suit` attributes.

use tablecraft_engine::model::Attributes;

/// The type of figure drawn as a playing card.
pub const CARD: &str = "card";

/// The corner of a card: its value (an ace, 1 or 14, is "A"; 11, 12 and 13
/// are "J", "Q" and "K") and its suit's symbol. `None` for a figure with
/// neither attribute (not a card).
pub fn corner(attributes: &Attributes) -> Option<String> {
    let value = attributes.get("value").map(|v| match v.trim() {
        "1" | "14" => "A".to_string(),
        "11" => "J".to_string(),
        "12" => "Q".to_string(),
        "13" => "K".to_string(),
        other => other.to_string(),
    });
    let suit = attributes.get("suit").map(|s| suit_symbol(s));
    match (value, suit) {
        (None, None) => None,
        (v, s) => Some(format!("{}{}", v.unwrap_or_default(), s.unwrap_or_default())),
    }
}

/// The symbol of a suit named in a child's words; another suit keeps its
/// first letter, in capitals.
fn suit_symbol(suit: &str) -> String {
    match suit.trim().to_lowercase().as_str() {
        "hearts" | "heart" => "♥".into(),
        "diamonds" | "diamond" => "♦".into(),
        "clubs" | "club" => "♣".into(),
        "spades" | "spade" => "♠".into(),
        other => other
            .chars()
            .next()
            .map(|c| c.to_uppercase().collect())
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(value: &str, suit: &str) -> Attributes {
        [("value", value), ("suit", suit)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_card_shows_its_value_and_suit_as_a_child_reads_them() {
        assert_eq!(corner(&card("7", "hearts")).as_deref(), Some("7♥"));
        assert_eq!(corner(&card("14", "spades")).as_deref(), Some("A♠"));
        assert_eq!(corner(&card("1", "clubs")).as_deref(), Some("A♣"));
        assert_eq!(corner(&card("12", "diamonds")).as_deref(), Some("Q♦"));
        assert_eq!(corner(&card("3", "stars")).as_deref(), Some("3S"));
        assert_eq!(corner(&Attributes::new()), None);
    }
}

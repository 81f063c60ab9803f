//! A step rule by what it does, for its card: "A match may go from the heap
//! to the basket.", "Your own pawn may go from any square of the track to
//! any square of the track.", with its conditions and side effects each in
//! words. The rule's own patterns (`group.1`, `track.?`) stay in the rule
//! form, for a designer.

use super::conditions::{condition, Sides};
use super::effects::effect;
use super::names::{article, capitalise, join, kind_word, word_of, Names};
use crate::editor::places::{place, Place};
use tablecraft_engine::learn::{pattern_places, rule_words};
use tablecraft_engine::model::{EquipmentKind, FigurePattern, OwnerPattern, PlacePattern, StepRule};
use tablecraft_engine::pattern::Matcher;

/// A step rule in the table's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleCard {
    /// "A match may go from the heap to the basket."
    pub sentence: String,
    /// One line per condition: "one square up, down, left or right".
    pub conditions: Vec<String>,
    /// One line per side effect: "then “moves” goes up by 1".
    pub effects: Vec<String>,
}

fn what_words(names: &Names, what: &FigurePattern) -> String {
    let game = names.game();
    let exact = |p: &Option<tablecraft_engine::model::Pattern>| {
        p.as_ref()
            .filter(|p| Matcher::new(&p.text).is_exact())
            .map(|p| p.text.clone())
    };
    let kind = exact(&what.kind).or_else(|| {
        // A pattern naming figures by name: their common type, if any.
        let m = Matcher::new(&what.name.as_ref()?.text);
        let mut kinds = game
            .figures
            .iter()
            .filter(|f| m.matches(&f.name))
            .map(|f| f.kind.clone());
        let first = kinds.next()?;
        kinds.all(|k| k == first).then_some(first)
    });
    if let Some(name) = exact(&what.name) {
        let f = game.figures.iter().find(|f| f.name == name);
        if let Some(w) = word_of(&name).filter(|w| f.is_none_or(|f| &f.kind != w)) {
            return format!("the {w}");
        }
    }
    let noun = kind.unwrap_or_else(|| "figure".into());
    let base = match &what.origin {
        Some(o) if Matcher::new(&o.text).is_exact() => {
            format!("{} that started on {}", article(&noun), names.place(&o.text))
        }
        _ => article(&noun),
    };
    match what.owner {
        None => base,
        Some(OwnerPattern::OnMove) => format!("your own {noun}"),
        // With three or four, `opponent` is the next player.
        Some(OwnerPattern::Opponent) if names.game().players > 2 => {
            format!("{} of the next player", article(&noun))
        }
        Some(OwnerPattern::Opponent) => format!("{} of the other player", article(&noun)),
        Some(OwnerPattern::Player(n)) => format!("{} of Player {n}", article(&noun)),
    }
}

/// The places a pattern covers, in words: "the basket", "any square of
/// the track", "any heap", "square 3 or square 8", "anywhere".
fn places_words(names: &Names, covered: &[String]) -> String {
    let game = names.game();
    let places: Vec<Place> = covered.iter().filter_map(|n| place(game, n)).collect();
    match places.as_slice() {
        [] => return "nowhere".into(),
        [_] => return names.place(&covered[0]),
        _ => {}
    }
    // Squares of one board or track.
    if let Some(Place::Square { of, .. }) = places.first() {
        if places
            .iter()
            .all(|p| matches!(p, Place::Square { of: o, .. } if o.name == of.name))
        {
            let all = match of.kind {
                EquipmentKind::Board { rows, columns } => usize::from(rows) * usize::from(columns),
                EquipmentKind::Track { length, .. } => usize::from(length),
                _ => 0,
            };
            let which = if places.len() == all { "any" } else { "a" };
            return format!("{which} square of {}", names.equipment(of));
        }
    }
    // Squares of boards, tracks and single squares together are squares.
    let kind_of = |p: &Place| match p {
        Place::Square { .. } => "square",
        Place::Point { .. } => "point",
        Place::Equipment(e) => kind_word(&e.kind),
    };
    let first = kind_of(&places[0]);
    if places.iter().all(|p| kind_of(p) == first) {
        let all_of_kind = game
            .equipment
            .iter()
            .filter(|e| kind_word(&e.kind) == first)
            .count();
        if first != "square" && places.len() == all_of_kind {
            return format!("any {first}");
        }
        if places.len() <= 3 {
            let each: Vec<String> = covered.iter().map(|n| names.place(n)).collect();
            return join(&each, "or");
        }
        return format!("any {first}");
    }
    "anywhere".into()
}

fn place_side(names: &Names, pattern: &PlacePattern, covered: &[String]) -> String {
    if covered.is_empty() && (pattern.name.is_some() || pattern.kind.is_some()) {
        // Nothing on the table fits: the pattern as written.
        return pattern
            .name
            .as_ref()
            .or(pattern.kind.as_ref())
            .map_or_else(|| "anywhere".into(), |p| format!("“{}”", p.text));
    }
    places_words(names, covered)
}

/// A step rule in the table's words, for any game.
pub fn rule_card(names: &Names, rule: &StepRule) -> RuleCard {
    let game = names.game();
    let (from, to) = pattern_places(game, rule);
    let sentence = if from.is_empty() && to.is_empty() && !game.equipment.is_empty() {
        // The game does not compile: the engine's words, with the table's names.
        names.translate(&rule_words(game, rule).sentence)
    } else {
        capitalise(&format!(
            "{} may go from {} to {}.",
            what_words(names, &rule.what),
            place_side(names, &rule.from, &from),
            place_side(names, &rule.to, &to)
        ))
    };
    let sides = Sides::of(names, rule);
    RuleCard {
        sentence,
        conditions: rule.when.iter().map(|c| condition(names, c, &sides)).collect(),
        effects: rule.effects.iter().map(|e| effect(names, e)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;
    use crate::wording::tests::race;
    use tablecraft_engine::Game;

    fn sentence(game: &str, rule: usize) -> String {
        let (g, _) = open_example(game);
        rule_card(&Names::new(&g), &g.steps[rule]).sentence
    }

    #[test]
    fn the_examples_rules_by_what_they_do() {
        assert_eq!(
            sentence("nim12", 0),
            "A match may go from the heap to the basket."
        );
        assert_eq!(
            sentence("nim345", 0),
            "A match may go from any heap to the basket."
        );
        assert_eq!(
            sentence("ball-puzzle", 0),
            "A figure may go from any square to any square."
        );
        assert_eq!(
            sentence("labyrinth", 0),
            "The hero may go from any square of the board to any square of the board."
        );
        assert_eq!(
            sentence("dama-lite", 0),
            "Your own stone may go from any square of the board to any square of the board."
        );
        assert_eq!(
            sentence("tic-tac-toe", 0),
            "Your own figure may go from any heap to any square of the board."
        );
        let (ball, _) = open_example("ball-puzzle");
        let card = rule_card(&Names::new(&ball), &ball.steps[1]);
        assert_eq!(card.sentence, "A figure may go from any square to square 1.");
        assert_eq!(card.conditions, ["only from square 3 or square 8"]);
    }

    #[test]
    fn a_childs_race_reads_without_engine_names() {
        let race = race();
        let card = rule_card(&Names::new(&race), &race.steps[0]);
        assert_eq!(
            card.sentence,
            "Your own pawn may go from any square of the track to any square of the track."
        );
        assert_eq!(card.conditions, ["one or two squares forward"]);
    }

    #[test]
    fn whose_figure_moves_is_told_for_three_or_four_players() {
        let mut race = race();
        race.steps[0].what.owner = Some(OwnerPattern::Opponent);
        let told = |g: &Game| rule_card(&Names::new(g), &g.steps[0]).sentence;
        assert!(told(&race).starts_with("A pawn of the other player may go"));
        race.players = 3;
        assert!(told(&race).starts_with("A pawn of the next player may go"));
        race.steps[0].what.owner = Some(OwnerPattern::Player(4));
        race.players = 4;
        assert!(told(&race).starts_with("A pawn of Player 4 may go"));
    }
}

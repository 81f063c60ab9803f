//! The table's words: what the page says about a game, in the words of
//! what a child sees on the table ("Player 2 took a match from the heap",
//! "a square of the track"), not the engine's names (`m.12`, `track.?`,
//! "approved by take"). For any game, including one a child just made,
//! whose names are whatever the child typed or the box proposed. The
//! engine's names stay where a designer looks for them: the rule form, and
//! the details the page shows on request.
//!
//! - [`names`]: a figure by its type, colour and owner; a place by its kind
//!   and its equipment; names in a text translated.
//! - [`step`]: a step as told ("took a match from the heap"), a hint's move
//!   as what to do.
//! - [`conditions`], [`effects`]: a rule's conditions and side effects;
//!   [`state`]: the state a game ends in; [`parts`]: the parts of them all.
//! - [`rule`]: a step rule by what it does, for its card.
//! - [`refusal`]: why a step is refused, and what to do instead.
//! - [`ending`]: why the game ended.

pub mod conditions;
pub mod effects;
pub mod ending;
pub mod names;
pub mod parts;
pub mod position_words;
pub mod refusal;
pub mod rule;
pub mod state;
pub mod step;

pub use ending::end_reason;
pub use names::Names;
pub use refusal::refusal;
pub use rule::{rule_card, RuleCard};
pub use step::StepWords;

#[cfg(test)]
pub(crate) mod tests {
    use tablecraft_engine::model::{
        Equipment, EquipmentKind, Figure, FigurePattern, GameOver, MoveRule, OwnerPattern, Pattern,
        PlacePattern, StepRule,
    };
    use tablecraft_engine::Game;

    /// A race a child made with the box's names: a track of 8 squares
    /// (`track.1` …), a pawn each (`p.1`, `p.2`) on the first square, a
    /// heap `group.1` of stones; a pawn goes 1 or 2 squares forward; first
    /// on the last square wins.
    pub(crate) fn race() -> Game {
        let mut track = Equipment::new(
            "track",
            EquipmentKind::Track {
                length: 8,
                ring: false,
            },
        );
        track.capacity = Some(2);
        let mut p1 = Figure::new("p.1", "pawn", "track.1");
        p1.owner = Some(1);
        p1.colour = Some("#d62828".into());
        let mut p2 = Figure::new("p.2", "pawn", "track.1");
        p2.owner = Some(2);
        p2.colour = Some("#1d4ed8".into());
        let pattern = |text: &str, vars: &[&str]| Pattern {
            text: text.into(),
            vars: vars.iter().map(|v| v.to_string()).collect(),
        };
        Game {
            title: "Race".into(),
            players: 2,
            equipment: vec![track, Equipment::new("group.1", EquipmentKind::Group)],
            figures: vec![p1, p2, Figure::new("s.1", "stone", "group.1")],
            steps: vec![StepRule {
                name: "step".into(),
                what: FigurePattern {
                    kind: Some(pattern("pawn", &[])),
                    owner: Some(OwnerPattern::OnMove),
                    ..FigurePattern::default()
                },
                from: PlacePattern {
                    name: Some(pattern("track.?", &["from"])),
                    ..PlacePattern::default()
                },
                to: PlacePattern {
                    name: Some(pattern("track.?", &["to"])),
                    ..PlacePattern::default()
                },
                when: vec!["to - from in [1, 2]".into()],
                effects: Vec::new(),
                capture: false,
            }],
            moves: vec![MoveRule {
                name: "turn".into(),
                sequence: "step".into(),
            }],
            game_over: vec![GameOver {
                name: "end.1".into(),
                when: vec!["not empty(track.8)".into()],
                winner: "opponent".into(),
            }],
            ..Game::default()
        }
    }
}

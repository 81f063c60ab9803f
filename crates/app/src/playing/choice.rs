//! One drag with several outcomes (a promotion to one of several types):
//! what each outcome is, in a child's words, and playing the one chosen.

use super::act::{check_drop, Refused};
use super::words::{after, played_sentence};
use crate::wording::names::{article, capitalise, word_of};
use crate::wording::Names;
use tablecraft_engine::{Position, Step};

/// One way a drag can end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub step: Step,
    /// The type the figure has afterwards (drawn in the chooser).
    pub kind: String,
    /// What a child reads: "A crown", or the rule's words when the figure
    /// stays as it is.
    pub words: String,
}

/// The outcomes of dropping `figure` on `place`: two or more when the
/// child must choose, else empty (the drop is played or refused as usual).
pub fn outcomes(pos: &Position, figure: &str, place: &str) -> Vec<Outcome> {
    let rules = pos.rules();
    let (Some(f), Some(p)) = (rules.figure_id(figure), rules.place_id(place)) else {
        return Vec::new();
    };
    let steps = pos.choices(f, p);
    if steps.len() < 2 {
        return Vec::new();
    }
    let names = Names::new(&rules.game);
    let before = rules.types[pos.state().kind_of(f) as usize].clone();
    let mut kinds = Vec::new();
    for &s in &steps {
        let mut probe = pos.clone();
        probe.apply(s);
        kinds.push(rules.types[probe.state().kind_of(f) as usize].clone());
    }
    steps
        .into_iter()
        .zip(kinds)
        .map(|(step, kind)| {
            let rule = &rules.steps[step.rule as usize].name;
            let words = if kind != before {
                let word = word_of(&kind).unwrap_or_else(|| kind.clone());
                capitalise(&article(&word))
            } else {
                let what = capitalise(&names.figure(figure));
                let how = word_of(rule).unwrap_or_else(|| rule.clone());
                format!("{what}: {how}")
            };
            Outcome { step, kind, words }
        })
        .collect()
}

/// Plays the outcome chosen and returns the sentence to say.
///
/// # Errors
/// Why it can no longer be played; nothing changes then.
pub fn play_outcome(pos: &mut Position, step: Step) -> Result<String, Refused> {
    let rules = std::sync::Arc::clone(pos.rules());
    check_drop(
        pos,
        rules.figure_name(step.figure),
        Some(rules.place_name(step.to)),
    )?;
    let before = pos.clone();
    pos.play_step(step).map_err(|r| Refused {
        text: r.message.clone(),
        detail: None,
    })?;
    Ok(after(pos, &played_sentence(&before, pos, &step, false)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::drop_figure;
    use std::sync::Arc;
    use tablecraft_engine::Status;

    /// A pawn that becomes a queen or a knight on the last square.
    fn promotion() -> Position {
        let text = include_str!("../../../../tests/fixtures/promotion.game.xml");
        let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
        Position::new(Arc::new(rules))
    }

    #[test]
    fn each_outcome_is_told_by_what_the_figure_becomes() {
        let pos = promotion();
        let found = outcomes(&pos, "pawn", "lane.1.3");
        let words: Vec<(&str, &str)> = found
            .iter()
            .map(|o| (o.kind.as_str(), o.words.as_str()))
            .collect();
        assert_eq!(words, [("queen", "A queen"), ("knight", "A knight")]);
        assert!(outcomes(&pos, "pawn", "lane.1.1").is_empty());
    }

    #[test]
    fn a_drop_with_several_outcomes_asks_and_the_chosen_one_is_played() {
        let mut pos = promotion();
        let refused = drop_figure(&mut pos, "pawn", "lane.1.3").unwrap_err();
        assert!(refused.text.contains("choose"), "{}", refused.text);
        assert_eq!(pos.history().len(), 0);
        let knight = outcomes(&pos, "pawn", "lane.1.3")[1].step;
        let said = play_outcome(&mut pos, knight).unwrap();
        assert!(said.starts_with("Player 1 "), "{said}");
        assert!(matches!(pos.status(), Status::Over { winner: 1, .. }));
    }
}

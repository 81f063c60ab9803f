//! The most specific rule that allows every example, narrowed until it
//! refuses every counter-example.

use super::allowed::Trial;
use super::lesson::StepLesson;
use super::levels::Levels;
use super::relations::{narrowing, relations, Condition};
use super::seen::Seen;
use super::setup::{compile, learning_game, Demo};
use super::{levels, name, LearnError, LearnErrorKind};
use crate::model::{Game, StepRule};

/// A rule proposed from examples and counter-examples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// The rule with its levels and conditions; it can be widened and
    /// narrowed further.
    pub lesson: StepLesson,
    /// How the counter-examples narrowed it, one sentence each, e.g.
    /// "To shut out counter-example 1, I added: but not from number 3."
    pub narrowed: Vec<String>,
}

impl Proposal {
    /// The proposed rule.
    pub fn rule(&self) -> StepRule {
        self.lesson.rule()
    }

    /// The proposed rule in one plain sentence.
    pub fn sentence(&self) -> String {
        self.lesson.sentence()
    }

    /// Its conditions, each with its text and its words.
    pub fn conditions(&self) -> Vec<&Condition> {
        self.lesson.active()
    }
}

fn describe(d: &Demo) -> String {
    format!("{} from {} to {}", d.figure, d.from, d.to)
}

/// Proposes the most specific rule that allows every example: each part
/// at the least level covering all of them (`s.2` and `s.5` → `s.?`), and
/// every relation between the numbers in the names and on a board that
/// holds in all examples, each read in the set-up it was shown in. Then
/// conditions are added until every counter-example is refused.
///
/// # Errors
/// No examples; a demonstration that is not possible; a counter-example
/// that is also an example; or no rule the app can learn allows every
/// example and refuses every counter-example (kind
/// [`LearnErrorKind::NoRule`]).
pub fn propose_rule(game: &Game, examples: &[Demo], counters: &[Demo]) -> Result<Proposal, LearnError> {
    propose_rule_keeping(game, examples, counters, None)
}

/// As [`propose_rule`], but each part starts at the level `keep` has (the
/// rule as taught so far, levels the child chose): another example widens
/// a part only as far as the examples need, and never narrows it.
///
/// # Errors
/// As [`propose_rule`].
pub fn propose_rule_keeping(
    game: &Game,
    examples: &[Demo],
    counters: &[Demo],
    keep: Option<Levels>,
) -> Result<Proposal, LearnError> {
    if examples.is_empty() {
        return Err(LearnError::new(
            LearnErrorKind::Nothing,
            "Show me at least one step first.",
        ));
    }
    let rules = compile(&learning_game(game, Vec::new()))?;
    let seen = examples
        .iter()
        .map(|d| Seen::new(&rules, d))
        .collect::<Result<Vec<_>, _>>()?;
    let against = counters
        .iter()
        .map(|d| Seen::new(&rules, d))
        .collect::<Result<Vec<_>, _>>()?;
    for (i, c) in against.iter().enumerate() {
        if let Some(j) = seen.iter().position(|s| s.same_step(c)) {
            return Err(LearnError::new(
                LearnErrorKind::NoRule,
                format!(
                    "Counter-example {} is the same step as example {}; a rule can't both allow and refuse it.",
                    i + 1,
                    j + 1
                ),
            ));
        }
    }
    let least = levels::least(&seen, rules.players);
    let conditions = relations(&seen, &least, rules.players);
    let start = keep.map_or(least, |k| levels::keeping(&seen, rules.players, &k));
    let mut lesson = StepLesson {
        name: name::suggest(game, &seen),
        conditions,
        seen,
        levels: start,
        floor: least,
    };
    check_examples(game, &lesson)?;
    let mut narrowed = Vec::new();
    loop {
        let trial = Trial::new(game, &lesson.rule())?;
        let mut open = Vec::new();
        for (i, c) in counters.iter().enumerate() {
            if trial.allows(c)?.is_ok() {
                open.push(i);
            }
        }
        let Some(&first) = open.first() else {
            break;
        };
        let open_seen: Vec<Seen> = open.iter().map(|&i| against[i].clone()).collect();
        let vars = levels::captured(&lesson.seen, &lesson.levels);
        let mut added = false;
        for (cond, shut) in narrowing(&lesson.seen, &open_seen, &lesson.levels, &vars) {
            let mut next = lesson.clone();
            next.conditions.push(cond.clone());
            if check_examples(game, &next).is_err() {
                continue;
            }
            let trial = Trial::new(game, &next.rule())?;
            let shut: Vec<usize> = shut.into_iter().map(|k| open[k]).collect();
            let really = shut
                .iter()
                .filter(|&&k| matches!(trial.allows(&counters[k]), Ok(Err(_))))
                .map(|k| (k + 1).to_string())
                .collect::<Vec<_>>();
            if really.is_empty() {
                continue;
            }
            let which = if really.len() == 1 {
                format!("counter-example {}", really[0])
            } else {
                format!(
                    "counter-examples {}",
                    super::relations::or_list(&really).replace(" or ", " and ")
                )
            };
            narrowed.push(format!("To shut out {which}, I added: {}.", cond.words));
            lesson = next;
            added = true;
            break;
        }
        if !added {
            return Err(LearnError::new(
                LearnErrorKind::NoRule,
                format!(
                    "I can't find a rule that allows all your examples but not counter-example {} ({}). \
                     Try other examples, or write a condition yourself.",
                    first + 1,
                    describe(&counters[first])
                ),
            ));
        }
    }
    Ok(Proposal { lesson, narrowed })
}

/// Every example must be allowed by the lesson's rule in its own set-up.
fn check_examples(game: &Game, lesson: &StepLesson) -> Result<(), LearnError> {
    let trial = Trial::new(game, &lesson.rule())?;
    for (i, s) in lesson.seen.iter().enumerate() {
        if let Err(why) = trial.allows(&s.demo)? {
            return Err(LearnError::new(
                LearnErrorKind::NoRule,
                format!("Example {} ({}) can't be made: {why}", i + 1, describe(&s.demo)),
            ));
        }
    }
    Ok(())
}

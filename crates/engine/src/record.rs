//! A game record: what was played, by names, so a game in progress can be
//! saved, resumed after a reload, shared and stepped through.

use super::position::{Action, Position, Roll, Step};
use super::rng::DEFAULT_SEED;
use super::rules::Rules;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One thing a player did, by the names of the figure and place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "do")]
pub enum Played {
    Step {
        figure: String,
        to: String,
        /// The step rule, when the drag had several outcomes and this one
        /// was chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    End,
    Pass,
    /// A roll: of one die (by its name), or of every die.
    Roll {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        die: Option<String>,
    },
}

/// Everything played from the start, in order. Moves that ended by
/// themselves are not listed: replaying the steps ends them again.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The seed the game's chance started from, so that a replay rolls
    /// the same numbers ([`DEFAULT_SEED`] when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub played: Vec<Played>,
}

impl Record {
    /// The record of a position's history.
    pub fn of(pos: &Position) -> Record {
        let rules = pos.rules();
        let played = pos
            .history()
            .iter()
            .filter_map(|e| match &e.action {
                Action::Step(s) => Some(Played::Step {
                    figure: rules.figure_name(s.figure).to_string(),
                    to: rules.place_name(s.to).to_string(),
                    rule: e
                        .chosen
                        .then(|| rules.steps.get(s.rule as usize).map(|r| r.name.clone()))
                        .flatten(),
                }),
                Action::EndMove { auto: false } => Some(Played::End),
                Action::EndMove { auto: true } => None,
                Action::Pass => Some(Played::Pass),
                Action::Roll { roll, .. } => Some(Played::Roll {
                    die: match roll {
                        Roll::Every => None,
                        Roll::Die(d) => rules.dice.get(*d as usize).map(|d| d.name.clone()),
                    },
                }),
            })
            .collect();
        let seed = (pos.seed() != DEFAULT_SEED).then_some(pos.seed());
        Record { seed, played }
    }

    /// Plays the record from the start. Stops at the first action that is
    /// no longer possible (the rules may have changed) and says which.
    ///
    /// # Errors
    /// The position reached so far, and a sentence about the action that failed.
    // The error carries the position reached so far, by design: it is as
    // large as the success.
    #[allow(clippy::result_large_err)]
    pub fn replay(&self, rules: Arc<Rules>) -> Result<Position, (Position, String)> {
        let mut pos = Position::with_seed(rules, self.seed.unwrap_or(DEFAULT_SEED));
        for (i, action) in self.played.iter().enumerate() {
            let result = match action {
                Played::Step { figure, to, rule } => {
                    let r = Arc::clone(pos.rules());
                    match (r.figure_id(figure), r.place_id(to), rule) {
                        (Some(f), Some(p), None) => pos.play(f, p).map(|_| ()).map_err(|e| e.message),
                        (Some(f), Some(p), Some(rule)) => match (r.step_id(rule), pos.state().place_of(f)) {
                            (Some(ri), Some(from)) => pos
                                .play_step(Step {
                                    figure: f,
                                    from,
                                    to: p,
                                    rule: ri,
                                })
                                .map(|_| ())
                                .map_err(|e| e.message),
                            _ => Err(format!("{figure} can't go to {to} by '{rule}'")),
                        },
                        _ => Err(format!("{figure} or {to} is no longer in the game")),
                    }
                }
                Played::End => pos.end_move().map_err(|e| e.message),
                Played::Pass => pos.pass().map_err(|e| e.message),
                Played::Roll { die } => {
                    let roll = match die {
                        None => Some(Roll::Every),
                        Some(name) => pos.rules().die_id(name).map(Roll::Die),
                    };
                    match roll {
                        Some(roll) => pos.roll(roll).map(|_| ()).map_err(|e| e.message),
                        None => Err(format!("there is no die called {}", die.as_deref().unwrap_or(""))),
                    }
                }
            };
            if let Err(why) = result {
                return Err((pos, format!("Action {} could not be played again: {why}", i + 1)));
            }
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open;

    fn nim() -> Arc<Rules> {
        let path = format!(
            "{}/public/games/nim12.game.xml",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
        );
        Arc::new(open(&std::fs::read_to_string(path).unwrap()).unwrap().1)
    }

    #[test]
    fn a_record_replays_to_the_same_position() {
        let rules = nim();
        let mut pos = Position::new(Arc::clone(&rules));
        let basket = rules.place_id("basket").unwrap();
        for i in 1..=5 {
            pos.play(rules.figure_id(&format!("m.{i}")).unwrap(), basket)
                .unwrap();
            if i == 2 {
                pos.end_move().unwrap();
            }
        }
        let record = Record::of(&pos);
        assert_eq!(record.played.len(), 6);
        let json = serde_json::to_string(&record).unwrap();
        let back: Record = serde_json::from_str(&json).unwrap();
        let again = back.replay(rules).unwrap();
        assert_eq!(again.state(), pos.state());
        assert_eq!(again.history().len(), pos.history().len());
    }

    #[test]
    fn a_record_that_no_longer_fits_stops_with_a_reason() {
        let record = Record {
            seed: None,
            played: vec![Played::Step {
                figure: "m.1".into(),
                to: "matchgroup".into(),
                rule: None,
            }],
        };
        let (pos, why) = record.replay(nim()).unwrap_err();
        assert!(pos.history().is_empty());
        assert!(why.contains("already there"), "{why}");
    }
}

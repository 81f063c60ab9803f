//! Making room: a place refused a figure because it is full, and the fix
//! is offered with the refusal ("Let every square of the track hold 2
//! figures?"), made in one tap.

use super::edit::{Edit, Property};
use super::error::EditError;
use super::places::{place, Place};
use tablecraft_engine::model::Game;

/// The capacity edit that lets `place` hold `needed` figures, and the
/// question that offers it; `None` when the place is not there, or holds
/// that many already, or can't be made to.
pub fn make_room(game: &Game, name: &str, needed: usize) -> Option<(String, Edit)> {
    let target = place(game, name)?;
    let needed = u32::try_from(needed).ok()?;
    if target.capacity().is_none_or(|c| c >= needed) || needed > super::edit::MAX_CAPACITY {
        return None;
    }
    let eq = target.equipment();
    let question = match target {
        Place::Square { .. } => format!("Let every square of {} hold {needed} figures?", the(&eq.name)),
        Place::Point { .. } => format!("Let every point of {} hold {needed} figures?", the(&eq.name)),
        Place::Equipment(_) => format!("Let {} hold {needed} figures?", eq.name),
    };
    let edit = Edit::Set {
        names: vec![eq.name.clone()],
        property: Property::Capacity(Some(needed)),
    };
    Some((question, edit))
}

/// `the track` for a plain word; a name with dots or numbers as it is.
fn the(name: &str) -> String {
    if !name.is_empty() && name.chars().all(|c| c.is_alphabetic() || c == '-' || c == '_') {
        format!("the {name}")
    } else {
        name.to_string()
    }
}

/// A fix offered with a refusal: make room, then the edit refused.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// What the button asks: "Let every square of the track hold 2 figures?"
    pub question: String,
    /// The capacity edit.
    pub fix: Edit,
    /// The edit that was refused, made again after the fix.
    pub retry: Edit,
}

impl Offer {
    /// The offer for an edit refused because a place is full.
    pub fn for_refusal(game: &Game, edit: &Edit, err: &EditError) -> Option<Offer> {
        let EditError::NoRoom { place, needed, .. } = err else {
            return None;
        };
        let (question, fix) = make_room(game, place, *needed)?;
        Some(Offer {
            question,
            fix,
            retry: edit.clone(),
        })
    }

    /// Makes room, then the edit: the new game, the names the edit made
    /// (to select them) and the undo label of both.
    ///
    /// # Errors
    /// When either edit is refused on the game as it is now.
    pub fn apply(&self, game: &Game) -> Result<(Game, Vec<String>, String), EditError> {
        let (roomy, _) = self.fix.apply(game)?;
        let (done, names) = self.retry.apply(&roomy)?;
        let label = format!("{} and {}", self.fix.label(), self.retry.label());
        Ok((done, names, label))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::geometry::Point;
    use tablecraft_engine::model::EquipmentKind;

    fn track_with_a_pawn() -> Game {
        let (g, _) = Edit::AddEquipment {
            kind: EquipmentKind::Track {
                length: 8,
                ring: false,
            },
            at: Point::new(300.0, 200.0),
        }
        .apply(&Game::default())
        .unwrap();
        let pawn = Edit::AddFigure {
            kind: "pawn".into(),
            place: Some("track.1".into()),
        };
        pawn.apply(&g).unwrap().0
    }

    #[test]
    fn a_second_pawn_on_the_start_square_is_refused_with_the_fix() {
        let game = track_with_a_pawn();
        let pawn = Edit::AddFigure {
            kind: "pawn".into(),
            place: Some("track.1".into()),
        };
        let err = pawn.apply(&game).unwrap_err();
        assert_eq!(err.message(), "There is no room on track.1: it holds 1 figure.");
        let offer = Offer::for_refusal(&game, &pawn, &err).unwrap();
        assert_eq!(offer.question, "Let every square of the track hold 2 figures?");
        let (next, names, label) = offer.apply(&game).unwrap();
        assert_eq!(names, ["p.2"]);
        assert_eq!(next.equipment[0].capacity, Some(2));
        assert_eq!(next.figures[1].origin, "track.1");
        assert!(label.contains(" and "), "{label}");
        // A copy of the pawn is refused the same way, with the same fix.
        let copy = Edit::Duplicate {
            names: vec!["p.1".into()],
            dx: 0,
            dy: 0,
        };
        let err = copy.apply(&game).unwrap_err();
        assert_eq!(err.message(), "There is no room on track.1 for a copy of p.1.");
        let offer = Offer::for_refusal(&game, &copy, &err).unwrap();
        assert_eq!(offer.apply(&game).unwrap().1.len(), 1);
    }

    #[test]
    fn other_refusals_and_places_that_hold_enough_offer_nothing() {
        let game = track_with_a_pawn();
        let nowhere = Edit::AddFigure {
            kind: "pawn".into(),
            place: None,
        };
        let err = nowhere.apply(&game).unwrap_err();
        assert_eq!(Offer::for_refusal(&game, &nowhere, &err), None);
        assert_eq!(make_room(&game, "track.2", 1), None, "it holds 1 already");
        assert_eq!(make_room(&game, "attic", 2), None);
        assert_eq!(make_room(&game, "track.2", 100_000), None);
        let (q, _) = make_room(&game, "track.3", 3).unwrap();
        assert_eq!(q, "Let every square of the track hold 3 figures?");
    }
}

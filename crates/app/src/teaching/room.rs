//! A full place while teaching: the figure put there is refused in words,
//! with the fix offered ("Let every square of the track hold 2
//! figures?"), which makes room and puts the figure there when taken.

use super::table::Grab;
use super::{Change, Event, Message, Outcome, Teach, Teaching};
use crate::editor::places::place;
use crate::editor::room::make_room;
use crate::editor::Edit;
use tablecraft_engine::learn::Setup;
use tablecraft_engine::model::Game;

/// The fix offered with a refusal: the capacity edit, then the drop again.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RoomOffer {
    fix: Edit,
    retry: Event,
}

impl Teaching {
    /// The table the next drop lands on, when it is a set-up of the game
    /// (not while a move is shown: there the game's own rules say).
    fn table_setup(&self) -> Option<&Setup> {
        match &self.teach {
            Teach::Idle => Some(&self.idle_setup),
            Teach::Step(s) => Some(s.setup()),
            Teach::End(e) => Some(e.setup()),
            Teach::Move(_) => None,
        }
    }

    /// `Some` refusal when `to` can't hold the figures put there besides
    /// those on it, with the fix offered if there is one.
    pub(super) fn no_room(&mut self, game: &Game, grab: &Grab, to: &str) -> Option<Outcome> {
        let setup = self.table_setup()?;
        let capacity = place(game, to)?.capacity()?;
        let staying = game
            .figures
            .iter()
            .filter(|f| !grab.figures.contains(&f.name))
            .filter(|f| setup.place_of(game, &f.name).as_deref() == Some(to))
            .count();
        let needed = staying + grab.figures.len();
        if needed <= capacity as usize {
            return None;
        }
        let holds = if capacity == 1 {
            "1 figure".to_string()
        } else {
            format!("{capacity} figures")
        };
        let mut out = Outcome::problem(format!("There is no room on {to}: it holds {holds}."));
        if let Some((question, fix)) = make_room(game, to, needed) {
            self.offer = Some(RoomOffer {
                fix,
                retry: Event::Dropped {
                    grab: grab.clone(),
                    to: to.to_string(),
                },
            });
            out.offer = Some(question);
        }
        self.hand.put_down();
        Some(out)
    }

    /// The fix taken: room made, and the figures put where they were refused.
    pub(super) fn accept(&mut self, game: &Game, offer: RoomOffer) -> Outcome {
        let roomy = match offer.fix.apply(game) {
            Ok((g, _)) => g,
            Err(e) => return Outcome::problem(e.message()),
        };
        let label = offer.fix.label();
        let mut out = self.on(offer.retry, &roomy);
        let change = match out.change.take() {
            Some(c) => Change {
                label: format!("{label} and {}", c.label),
                game: c.game,
            },
            None => Change { label, game: roomy },
        };
        out.change = Some(change);
        if out.message.is_none() {
            out.message = Some(Message::Info("There is room now.".into()));
        }
        out
    }
}

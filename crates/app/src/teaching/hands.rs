//! The child's hands on the teaching table: pointer events read by the one
//! gesture recogniser, and the table's key commands, both turned into
//! [`Event::Dropped`]. A drag shows a step; a tap picks a figure up and a
//! tap on a place puts it there; Space picks up, the arrows choose a place
//! and Enter puts it there. Setting up the end, a press on an empty part of
//! a place takes everything on it.

use super::table::{grab_figure, grab_place, hit, Grab};
use super::{Event, Outcome, Teach, Teaching};
use crate::access::{Answer, Command, Item};
use crate::gesture::{Input, Pointer, Recognised};
use tablecraft_engine::model::Game;

impl Teaching {
    /// A pointer event on the table.
    pub fn pointer(&mut self, p: &Pointer, game: &Game) -> Outcome {
        let whole_places = matches!(self.teach, Teach::End(_));
        let input = Input::of(p, || hit(&self.scene(game), p.at, whole_places, self.hand.held()));
        match self.hand.on(input) {
            Recognised::Tap { what, .. } => {
                self.hand.hold(what);
                self.hint = "Now tap the place where it goes.".into();
                Outcome::none()
            }
            Recognised::Dropped {
                what,
                place: Some(to),
                ..
            } if to != what.from => self.on(Event::Dropped { grab: what, to }, game),
            Recognised::Placed { what, place } => {
                self.hand.put_down();
                if place == what.from {
                    return Outcome::none();
                }
                self.on(
                    Event::Dropped {
                        grab: what,
                        to: place,
                    },
                    game,
                )
            }
            _ => Outcome::none(),
        }
    }

    /// A key command on the table: Space picks up a figure (setting up the
    /// end, Space on a place picks up everything on it), Enter puts it on
    /// the place chosen, as a drag would. While a move is shown only legal
    /// places are offered, and a refused step stays held.
    pub fn key(&mut self, command: Command, game: &Game) -> (Answer, Outcome) {
        let legal_only = matches!(self.teach, Teach::Move(_));
        let answer = if legal_only {
            Answer::Targets
        } else {
            Answer::Anywhere
        };
        match command {
            Command::Pick(item) => {
                let scene = self.scene(game);
                let grab = match &item {
                    Item::Figure(f) => grab_figure(&scene, f),
                    Item::Place(p) if matches!(self.teach, Teach::End(_)) => grab_place(&scene, p),
                    _ => None,
                };
                match grab {
                    Some(g) => {
                        self.hand.hold(g);
                        (answer, Outcome::none())
                    }
                    None => (
                        Answer::No,
                        Outcome::info("Pick up a figure with Space, then choose its place."),
                    ),
                }
            }
            Command::Drop { place, .. } => {
                let Some(grab) = self.hand.put_down() else {
                    return (Answer::No, Outcome::none());
                };
                if place == grab.from {
                    return (answer, Outcome::none());
                }
                let out = self.on(
                    Event::Dropped {
                        grab: grab.clone(),
                        to: place,
                    },
                    game,
                );
                if out.refused() && legal_only {
                    self.hand.hold(grab);
                    (Answer::No, out)
                } else {
                    (answer, out)
                }
            }
            Command::Cancel(_) | Command::None => {
                self.hand.put_down();
                (Answer::No, Outcome::none())
            }
        }
    }

    /// Esc: the figures pressed, dragged or picked up are put down.
    pub fn escape(&mut self) -> Option<Grab> {
        self.hand.put_down()
    }
}

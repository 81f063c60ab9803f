//! Every transition of teaching, driven as the page drives it: events in,
//! the outcome applied to the game as the page's undo history would.

use super::table::Grab;
use super::*;
use crate::access::{Answer, Command, Item};
use crate::editor::rule_edit::RuleKind;
use crate::gesture::{Phase, Pointer};
use crate::table::geometry::Point;
use tablecraft_engine::learn::{Part, Repeat, Winner};
use tablecraft_engine::model::MoveRule;
use tablecraft_engine::search::games;

/// The page around a [`Teaching`]: the game with its undo labels, what was
/// said, the rule open in the editor and the game being tried.
pub(super) struct Page {
    pub(super) t: Teaching,
    pub(super) game: Game,
    pub(super) undo: Vec<String>,
    pub(super) said: Vec<Message>,
    pub(super) selected: Option<RuleRef>,
    pub(super) playing: Option<Position>,
}

impl Page {
    pub(super) fn new(game: Game) -> Page {
        Page {
            t: Teaching::new(),
            game,
            undo: Vec::new(),
            said: Vec::new(),
            selected: None,
            playing: None,
        }
    }

    /// NIM12 with no rules yet.
    pub(super) fn nim() -> Page {
        let mut game = games::nim(12);
        game.steps.clear();
        game.moves.clear();
        game.game_over.clear();
        Page::new(game)
    }

    /// The ball puzzle with no rules yet.
    pub(super) fn ball() -> Page {
        let mut game = games::ball_puzzle();
        game.steps.clear();
        game.moves.clear();
        game.game_over.clear();
        Page::new(game)
    }

    /// A race as a child builds it in Design: a track of 8 squares, a pawn
    /// of each player on its first square (a second pawn there was refused,
    /// and the fix offered was taken: every square holds 2); no rules yet.
    pub(super) fn race() -> Page {
        use crate::editor::room::Offer;
        use crate::editor::Edit;
        let mut page = Page::race_apart();
        let back = Edit::PutFigure {
            figure: "p.2".into(),
            place: Some("track.1".into()),
        };
        let err = back.apply(&page.game).unwrap_err();
        let offer = Offer::for_refusal(&page.game, &back, &err).unwrap();
        page.game = offer.apply(&page.game).unwrap().0;
        page
    }

    /// The race with player 2's pawn on the second square, every square
    /// holding one figure.
    pub(super) fn race_apart() -> Page {
        use crate::editor::{Edit, Property};
        use crate::table::geometry::Point;
        use tablecraft_engine::model::EquipmentKind;
        let track = EquipmentKind::Track {
            length: 8,
            ring: false,
        };
        let edits = [
            Edit::AddEquipment {
                kind: track,
                at: Point::new(400.0, 200.0),
            },
            Edit::AddFigure {
                kind: "pawn".into(),
                place: Some("track.1".into()),
            },
            Edit::AddFigure {
                kind: "pawn".into(),
                place: Some("track.2".into()),
            },
            Edit::Set {
                names: vec!["p.1".into()],
                property: Property::Owner(Some(1)),
            },
            Edit::Set {
                names: vec!["p.2".into()],
                property: Property::Owner(Some(2)),
            },
        ];
        let game = edits.iter().fold(Game::default(), |g, e| e.apply(&g).unwrap().0);
        Page::new(game)
    }

    pub(super) fn apply(&mut self, out: Outcome) -> Outcome {
        if let Some(c) = &out.change {
            self.undo.push(c.label.clone());
            self.game = c.game.clone();
        }
        self.said.extend(out.message.clone());
        if out.select.is_some() {
            self.selected = out.select;
        }
        if let Some(p) = &out.play {
            self.playing = Some(p.clone());
        }
        out
    }

    pub(super) fn on(&mut self, event: Event) -> Outcome {
        let out = self.t.on(event, &self.game);
        self.apply(out)
    }

    /// `figure` put from where it lies on `to`.
    pub(super) fn put(&mut self, figure: &str, to: &str) -> Outcome {
        let from = self
            .t
            .scene(&self.game)
            .figures
            .iter()
            .find(|f| f.name == figure)
            .unwrap()
            .place
            .clone();
        let grab = Grab {
            figures: vec![figure.into()],
            from,
        };
        self.on(Event::Dropped { grab, to: to.into() })
    }

    pub(super) fn pointer(&mut self, phase: Phase, at: Point) -> Outcome {
        let p = Pointer {
            phase,
            id: 1,
            at,
            screen: at,
            add: false,
        };
        let out = self.t.pointer(&p, &self.game);
        self.apply(out)
    }

    /// A drag with the pointer from `from` to `to`, in several moves.
    pub(super) fn drag(&mut self, from: Point, to: Point) -> Outcome {
        self.pointer(Phase::Down, from);
        for i in 1..=4 {
            let f = f64::from(i) / 4.0;
            self.pointer(
                Phase::Move,
                Point::new(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f),
            );
        }
        self.pointer(Phase::Up, to)
    }

    pub(super) fn tap(&mut self, at: Point) -> Outcome {
        self.pointer(Phase::Down, at);
        self.pointer(Phase::Up, at)
    }

    pub(super) fn key(&mut self, command: Command) -> (Answer, Outcome) {
        let (answer, out) = self.t.key(command, &self.game);
        (answer, self.apply(out))
    }

    /// The centre of a figure or a place on the table drawn now.
    pub(super) fn centre(&self, name: &str) -> Point {
        let scene = self.t.scene(&self.game);
        let figure = scene.figures.iter().find(|f| f.name == name).map(|f| f.rect);
        figure
            .or_else(|| scene.places.iter().find(|p| p.name == name).map(|p| p.rect))
            .unwrap()
            .centre()
    }

    pub(super) fn step(&self) -> &StepTeach {
        match self.t.teach() {
            Teach::Step(s) => s,
            other => panic!("not recording a step: {}", other.name()),
        }
    }

    pub(super) fn moving(&self) -> &MoveTeach {
        match self.t.teach() {
            Teach::Move(m) => m,
            other => panic!("not recording a move: {}", other.name()),
        }
    }

    pub(super) fn end(&self) -> &EndTeach {
        match self.t.teach() {
            Teach::End(e) => e,
            other => panic!("not recording the end: {}", other.name()),
        }
    }

    pub(super) fn last_problem(&self) -> Option<&str> {
        match self.said.last() {
            Some(Message::Problem(p)) => Some(p),
            _ => None,
        }
    }
}

mod dice;
mod end;
mod hands;
mod morris;
mod moves;
mod race;
mod step;

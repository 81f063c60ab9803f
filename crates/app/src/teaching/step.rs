//! Recording a step: the first example makes a rule at once; widening or
//! narrowing a part changes it; more examples and counter-examples make
//! the app propose a rule, which the child uses (or not).

use super::table::Grab;
use super::{edit, Outcome, Teach, Teaching};
use crate::editor::rule_edit::{RuleEdit, RuleKind, RuleRef};
use crate::wording::names::{capitalise, Names};
use std::collections::HashSet;
use tablecraft_engine::learn::{propose_rule_keeping, record_step, Allowed, Demo, Part, Setup, StepLesson};
use tablecraft_engine::model::{Game, OwnerPattern};

/// A step rule being taught.
#[derive(Debug, Clone, PartialEq)]
pub struct StepTeach {
    /// The table now: where the next example is shown.
    setup: Setup,
    examples: Vec<Demo>,
    counters: Vec<Demo>,
    /// The rule as taught, in the game at `index`.
    lesson: StepLesson,
    index: usize,
    /// A rule proposed from several examples, waiting to be used.
    proposal: Option<StepLesson>,
    notes: Vec<String>,
    /// The next step shown must not be allowed.
    counter_armed: bool,
    /// The steps the rule shown allows on the table now.
    allowed: Vec<Allowed>,
    /// The levels the last example changed, shown so they can be taken back.
    changes: Vec<LevelChange>,
    /// How it was before the last example or counter-example.
    before: Option<Box<StepTeach>>,
}

/// A part of the rule an example set to another level: never silently, so
/// the card shows it, and Take back undoes the example and the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelChange {
    pub part: Part,
    /// The level before, in words: "only track.1".
    pub before: String,
    /// The level now: "any square of the track".
    pub after: String,
    /// The example that changed it, counting from 1.
    pub example: usize,
}

/// The levels a part of the rule can take, in words, most specific first,
/// and the one it is at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ladder {
    pub levels: Vec<String>,
    pub now: usize,
}

impl Ladder {
    /// Whether there is a wider level.
    pub fn can_widen(&self) -> bool {
        self.now + 1 < self.levels.len()
    }

    /// Whether there is a narrower level.
    pub fn can_narrow(&self) -> bool {
        self.now > 0
    }
}

/// The word for a part of a step rule: `what`, `from`, `to`.
pub fn part_name(part: Part) -> &'static str {
    match part {
        Part::What => "what",
        Part::From => "from",
        Part::To => "to",
    }
}

/// The levels a part of a lesson can take, most specific first, and the
/// index of the current one.
fn ladder(lesson: &StepLesson, part: Part) -> (Vec<StepLesson>, usize) {
    let mut low = lesson.clone();
    while low.specialise(part) {}
    let mut out = vec![low.clone()];
    while low.generalise(part) {
        out.push(low.clone());
    }
    let now = out
        .iter()
        .position(|l| l.levels().index(part) == lesson.levels().index(part))
        .unwrap_or(0);
    (out, now)
}

/// A level's label in words of this rule: "only m.1", "any match", "any
/// square of the track".
fn level_words(lesson: &StepLesson, part: Part) -> String {
    lesson.part_words(part)
}

/// Whose figures a rule moves, in words, after its `what`.
fn owner_words(owner: Option<OwnerPattern>) -> String {
    match owner {
        None => String::new(),
        Some(OwnerPattern::OnMove) => " of the player on move".into(),
        Some(OwnerPattern::Opponent) => " of the other player".into(),
        Some(OwnerPattern::Player(n)) => format!(" of player {n}"),
    }
}

/// The parts whose level (or, for `what`, whose owner) differs between two
/// lessons, as changes made by example `example`.
fn changes(old: &StepLesson, new: &StepLesson, example: usize) -> Vec<LevelChange> {
    [Part::What, Part::From, Part::To]
        .into_iter()
        .filter_map(|part| {
            let (a, b) = (old.levels(), new.levels());
            let owners = part == Part::What && a.owner != b.owner;
            if a.index(part) == b.index(part) && !owners {
                return None;
            }
            let words = |l: &StepLesson| {
                let own = if owners {
                    owner_words(l.levels().owner)
                } else {
                    String::new()
                };
                format!("{}{own}", l.part_words(part))
            };
            Some(LevelChange {
                part,
                before: words(old),
                after: words(new),
                example,
            })
        })
        .collect()
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

impl StepTeach {
    /// The table now.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The rule shown: the proposal, or else the rule as taught.
    pub fn shown(&self) -> &StepLesson {
        self.proposal.as_ref().unwrap_or(&self.lesson)
    }

    /// Whether the rule shown is a proposal, not yet in the game.
    pub fn pending(&self) -> bool {
        self.proposal.is_some()
    }

    /// The example shown last.
    pub fn last_example(&self) -> Option<&Demo> {
        self.examples.last()
    }

    /// The index of the rule in the game's step rules.
    pub fn index(&self) -> usize {
        self.index
    }

    /// What the app had to say about the examples (why it narrowed, or
    /// why it can't).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Whether the next step shown is a counter-example.
    pub fn counter_armed(&self) -> bool {
        self.counter_armed
    }

    /// The steps the rule shown allows on the table now.
    pub fn allowed(&self) -> &[Allowed] {
        &self.allowed
    }

    /// The levels the last example changed.
    pub fn changes(&self) -> &[LevelChange] {
        &self.changes
    }

    /// Whether an example can be taken back (every one but the first).
    pub fn can_take_back(&self) -> bool {
        self.before.is_some()
    }

    /// "2 examples, 1 counter-example · on the table now it allows 3 steps",
    /// or "… · it allows no other step on the table now" (right after a
    /// step was shown, the figure has moved: the table may hold no other).
    pub fn count_words(&self) -> String {
        let allowed = match self.allowed.len() {
            0 => "it allows no other step on the table now".to_string(),
            n => format!("on the table now it allows {}", plural(n, "step")),
        };
        format!(
            "{}, {} · {allowed}",
            plural(self.examples.len(), "example"),
            plural(self.counters.len(), "counter-example"),
        )
    }

    /// The figures and places the rule shown allows a step of or to.
    pub fn marks(&self) -> HashSet<String> {
        self.allowed
            .iter()
            .flat_map(|a| [a.figure.clone(), a.to.clone()])
            .collect()
    }

    /// The levels of `part` of the rule shown, in a child's words.
    pub fn ladder(&self, game: &Game, part: Part) -> Ladder {
        let (levels, now) = ladder(self.shown(), part);
        Ladder {
            levels: levels
                .iter()
                .map(|l| self.say(game, &level_words(l, part)))
                .collect(),
            now,
        }
    }

    /// The rule shown in one sentence of a child's words: "This match may
    /// go from the heap to the basket."
    pub fn sentence(&self, game: &Game) -> String {
        capitalise(&self.say(game, &self.shown().sentence()))
    }

    /// A text about the examples with the names of the game's figures and
    /// places said as a child says them, the figure of the last example as
    /// "this match".
    pub fn say(&self, game: &Game, text: &str) -> String {
        let shown = self.last_example().map_or("", |d| d.figure.as_str());
        Names::new(game).translate_shown(text, shown)
    }

    /// `figure` put on `to` before the next example.
    pub(super) fn arrange(&mut self, game: &Game, figure: &str, to: &str) {
        self.setup = self.setup.clone().with(figure, to);
        self.allowed = self.shown().allowed(game, &self.setup).unwrap_or_default();
    }

    /// Die `die` shows `value` for the next example: the steps the rule
    /// allows now follow it.
    pub(super) fn show_die(&mut self, game: &Game, die: &str, value: u8) {
        self.setup = self.setup.clone().with_die(die, value);
        self.allowed = self.shown().allowed(game, &self.setup).unwrap_or_default();
    }

    /// Uses a lesson as the taught rule: replaces the rule in the game.
    fn use_lesson(&mut self, game: &Game, mut lesson: StepLesson) -> Outcome {
        if let Some(r) = game.steps.get(self.index) {
            lesson.name = r.name.clone();
        }
        match edit(game, RuleEdit::SetStep(self.index, lesson.rule())) {
            Ok(change) => {
                self.allowed = lesson.allowed(&change.game, &self.setup).unwrap_or_default();
                self.lesson = lesson;
                self.proposal = None;
                Outcome::changed(change)
            }
            Err(e) => Outcome::problem(e),
        }
    }
}

impl Teaching {
    /// The first example: a rule made from it at once, added to the game.
    pub(super) fn first_example(&mut self, game: &Game, grab: &Grab, to: &str) -> Outcome {
        let demo = Demo::new(self.idle_setup.clone(), grab.figure(), &grab.from, to);
        let lesson = match record_step(game, &demo) {
            Ok(l) => l,
            Err(e) => return Outcome::problem(e.message),
        };
        let index = game.steps.len();
        let change = match edit(game, RuleEdit::AddStep(lesson.rule())) {
            Ok(c) => c,
            Err(e) => return Outcome::problem(e),
        };
        let setup = demo.after();
        let allowed = lesson.allowed(&change.game, &setup).unwrap_or_default();
        self.teach = Teach::Step(Box::new(StepTeach {
            setup,
            examples: vec![demo],
            counters: Vec::new(),
            lesson,
            index,
            proposal: None,
            notes: Vec::new(),
            counter_armed: false,
            allowed,
            changes: Vec::new(),
            before: None,
        }));
        self.hint = "Try it somewhere else: show another example, or widen the rule below.".into();
        Outcome {
            select: Some(RuleRef::new(RuleKind::Step, index)),
            ..Outcome::changed(change)
        }
    }

    /// Another example (or counter-example): a rule proposed from them
    /// all, each part at the level taught so far or, when an example needs
    /// it, wider, which the card then shows.
    pub(super) fn example(&mut self, game: &Game, grab: &Grab, to: &str) -> Outcome {
        let Teach::Step(s) = &mut self.teach else {
            return Outcome::none();
        };
        let demo = Demo::new(s.setup.clone(), grab.figure(), &grab.from, to);
        let counter = std::mem::take(&mut s.counter_armed);
        let (mut examples, mut counters) = (s.examples.clone(), s.counters.clone());
        if counter {
            counters.push(demo.clone());
        } else {
            examples.push(demo.clone());
        }
        let old = s.shown().clone();
        match propose_rule_keeping(game, &examples, &counters, Some(old.levels())) {
            Ok(mut p) => {
                let previous = s.clone();
                p.lesson.name = s.lesson.name.clone();
                s.before = Some(previous);
                s.changes = changes(&old, &p.lesson, examples.len());
                s.notes = p.narrowed.clone();
                s.allowed = p.lesson.allowed(game, &s.setup).unwrap_or_default();
                s.proposal = Some(p.lesson);
                s.examples = examples;
                s.counters = counters;
                self.hint = if counter {
                    "I narrowed the rule so that step is not allowed.".into()
                } else {
                    s.setup = demo.after();
                    s.allowed = s.shown().allowed(game, &s.setup).unwrap_or_default();
                    if s.changes.is_empty() {
                        "Here is the rule I would make from your examples. Use it, or show more.".into()
                    } else {
                        "Your example changed the rule (see below). Use it, take the example back, or show more."
                            .into()
                    }
                };
                Outcome::none()
            }
            Err(e) => {
                s.notes = vec![e.message.clone()];
                Outcome::problem(e.message)
            }
        }
    }

    /// ↶ The last example (or counter-example) taken back: the rule, the
    /// table and the levels as they were before it. A rule already used in
    /// the game goes back too, as one undoable change.
    pub(super) fn take_back_example(&mut self, game: &Game) -> Outcome {
        let Teach::Step(s) = &mut self.teach else {
            return Outcome::none();
        };
        let Some(before) = s.before.take() else {
            return Outcome::none();
        };
        let n = s.examples.len() + s.counters.len();
        **s = *before;
        self.hint = format!("Example {n} taken back. Show another, or use the rule.");
        let rule = game.steps.get(s.index);
        let mut taught = s.lesson.clone();
        if let Some(r) = rule {
            taught.name = r.name.clone();
        }
        if rule.is_some_and(|r| *r != taught.rule()) {
            let proposal = s.proposal.take();
            let out = s.use_lesson(game, taught);
            s.proposal = proposal;
            s.allowed = s.shown().allowed(out.game(game), &s.setup).unwrap_or_default();
            return out;
        }
        Outcome::none()
    }

    pub(super) fn counter_example(&mut self) -> Outcome {
        if let Teach::Step(s) = &mut self.teach {
            s.counter_armed = true;
        }
        self.hint = "Show a step that should NOT be allowed: drag a figure there.".into();
        Outcome::none()
    }

    /// A part of the rule shown set to another level of its ladder, chosen
    /// from the level it is at now: applied to the game at once, unless the
    /// rule is a proposal still waiting to be used.
    pub(super) fn level(
        &mut self,
        game: &Game,
        part: Part,
        choose: impl Fn(usize) -> Option<usize>,
    ) -> Outcome {
        let Teach::Step(s) = &mut self.teach else {
            return Outcome::none();
        };
        let (levels, now) = ladder(s.shown(), part);
        let Some(lesson) = choose(now).and_then(|i| levels.get(i).cloned()) else {
            return Outcome::none();
        };
        // The child chose this level: it is no longer the example's change.
        s.changes.retain(|c| c.part != part);
        if s.pending() {
            s.allowed = lesson.allowed(game, &s.setup).unwrap_or_default();
            s.proposal = Some(lesson);
            Outcome::none()
        } else {
            s.use_lesson(game, lesson)
        }
    }

    /// The proposed rule is used (and, with `open`, opened in the rule editor).
    pub(super) fn use_proposal(&mut self, game: &Game, open: bool) -> Outcome {
        let Teach::Step(s) = &mut self.teach else {
            return Outcome::none();
        };
        let Some(p) = s.proposal.clone() else {
            return Outcome::none();
        };
        let out = s.use_lesson(game, p);
        Outcome {
            select: open.then(|| RuleRef::new(RuleKind::Step, s.index)),
            ..out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whose_figures_a_rule_moves_names_every_player() {
        assert_eq!(owner_words(None), "");
        assert_eq!(owner_words(Some(OwnerPattern::Player(1))), " of player 1");
        assert_eq!(owner_words(Some(OwnerPattern::Player(3))), " of player 3");
        assert_eq!(owner_words(Some(OwnerPattern::Player(4))), " of player 4");
    }
}

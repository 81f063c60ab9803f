//! Teaching by showing, on the table: record a step (and widen or narrow
//! it, show more examples and counter-examples), record a move, record the
//! end, and try the game.

use super::apply;
use super::memory::{try_in_play, Teaching};
use crate::ui::figures::FigureShape;
use crate::ui::store::{Store, Tone};
use crate::ui::table::{Overlay, Phase, Pointer, Table};
use leptos::prelude::*;
use std::collections::HashSet;
use tablecraft_app::editor::rule_edit::{fresh_name, names, RuleEdit, RuleKind, RuleRef};
use tablecraft_app::editor::teach::{
    figure_at, figures_on, place_at, played_steps, recording_position, scene_of, setup_of,
};
use tablecraft_app::editor::teach_defaults::{any_step_moves, likely_end};
use tablecraft_app::editor::Point;
use tablecraft_app::scene::{PlaceLook, Scene};
use tablecraft_engine::learn::{
    make_ending, propose_endings, propose_rule, record_move, record_step, Allowed, Demo, EndCandidate,
    MoveRecording, Part, Repeat, Setup, StepLesson, Winner,
};
use tablecraft_engine::{Game, Position};

/// A step rule being taught.
#[derive(Clone)]
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
    /// The next drag is a step that must not be allowed.
    counter_armed: bool,
    allowed: Vec<Allowed>,
}

/// A move being shown.
#[derive(Clone)]
pub struct MoveTeach {
    pos: Position,
    made: Option<(MoveRecording, usize, String)>,
}

/// The end being shown.
#[derive(Clone)]
pub struct EndTeach {
    setup: Setup,
    candidates: Vec<EndCandidate>,
    ticked: Vec<String>,
    winner: Winner,
    index: Option<usize>,
    sentence: String,
    /// The ticks are the app's proposal, not touched by the child yet.
    auto: bool,
}

/// What the table is for at the moment.
#[derive(Clone)]
pub enum Teach {
    /// Drag a figure to record a step.
    Idle,
    Step(Box<StepTeach>),
    Move(Box<MoveTeach>),
    End(Box<EndTeach>),
}

#[derive(Clone, Debug, PartialEq)]
struct Drag {
    figures: Vec<String>,
    from: String,
    pointer: i32,
    at: Point,
    /// Where the press started: a release near it is a tap.
    start: Point,
}

/// How far (in table units) a press may move and still be a tap.
const TAP_SLOP: f64 = 12.0;

fn say_problem(store: Store, text: impl Into<String>) {
    store.say(text, Tone::Problem);
}

fn targets_of(pos: &Position, figure: &str) -> HashSet<String> {
    let rules = pos.rules();
    rules.figure_id(figure).map_or_else(HashSet::new, |f| {
        pos.steps_of(f)
            .into_iter()
            .map(|s| rules.place_name(s.to).to_string())
            .collect()
    })
}

fn allowed_marks(allowed: &[Allowed]) -> HashSet<String> {
    allowed
        .iter()
        .flat_map(|a| [a.figure.clone(), a.to.clone()])
        .collect()
}

/// The scene of the table for the current teaching.
fn scene_for(game: &Game, teach: &Teach, idle: &Setup, held: Option<&str>) -> Scene {
    let sel: HashSet<String> = held.map(|h| HashSet::from([h.to_string()])).unwrap_or_default();
    match teach {
        Teach::Idle => scene_of(game, idle, &HashSet::new(), &sel),
        Teach::Step(s) => scene_of(game, &s.setup, &allowed_marks(&s.allowed), &sel),
        Teach::End(e) => scene_of(game, &e.setup, &HashSet::new(), &sel),
        Teach::Move(m) => {
            let targets = held.map(|h| targets_of(&m.pos, h)).unwrap_or_default();
            Scene::play(game, &m.pos, &targets, held)
        }
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

/// A level's label in words of this rule: "only m.1", "any match".
fn level_words(lesson: &StepLesson, part: Part) -> String {
    let rule = lesson.rule();
    let ex = lesson.examples();
    let first = ex.first();
    match part {
        Part::What => {
            let kind = rule.what.kind.as_ref().map(|p| p.text.clone());
            match (&rule.what.name, kind, &rule.what.origin) {
                (Some(n), _, _) => format!("only {}", n.text),
                (None, Some(k), Some(o)) => format!("a {k} from {}", o.text),
                (None, Some(k), None) => format!("any {k}"),
                _ => "any figure".into(),
            }
        }
        Part::From | Part::To => {
            let p = if part == Part::From { &rule.from } else { &rule.to };
            let shown = first.map_or(String::new(), |d| {
                if part == Part::From {
                    d.from.clone()
                } else {
                    d.to.clone()
                }
            });
            match (&p.name, &p.kind) {
                (Some(n), _) if n.vars.is_empty() && n.text == shown => format!("only {}", n.text),
                (Some(n), _) => format!("places like {}", n.text),
                (None, Some(k)) => format!("any {}", k.text),
                _ => "anywhere".into(),
            }
        }
    }
}

fn part_name(part: Part) -> &'static str {
    match part {
        Part::What => "what",
        Part::From => "from",
        Part::To => "to",
    }
}

/// A small picture: the places and one figure on one of them.
fn mini(game: &Game, setup: &Setup, figure: &str, label: String, testid: &'static str) -> impl IntoView {
    let scene = scene_of(game, setup, &HashSet::new(), &HashSet::from([figure.to_string()]));
    let places = scene
        .places
        .iter()
        .map(|p| {
            let class = match p.look {
                PlaceLook::Group => "mini-place group",
                PlaceLook::Basket => "mini-place basket",
                PlaceLook::Board | PlaceLook::Track => "mini-place board",
                PlaceLook::Cell { dark: true } => "mini-place cell dark",
                _ => "mini-place square",
            };
            let r = p.rect;
            view! { <rect class=class x=r.x y=r.y width=r.width height=r.height rx=6/> }
        })
        .collect_view();
    let fig = scene.figures.into_iter().find(|f| f.name == figure);
    view! {
        <svg class="mini" data-testid=testid role="img" aria-label=label
            viewBox=format!("0 0 {} {}", scene.width.max(1.0), scene.height.max(1.0))
            preserveAspectRatio="xMidYMid meet">
            {places}
            {fig.map(|f| view! { <FigureShape figure=f faded=false/> })}
        </svg>
    }
}

/// The table and everything to teach with.
#[component]
pub fn TeachPanel(teach: RwSignal<Teach>, selected: RwSignal<Option<RuleRef>>) -> impl IntoView {
    let store = Store::get();
    let drag = RwSignal::new(None::<Drag>);
    let teaching = Teaching::get();
    let hint = teaching.hint;
    // A figure lifted by a tap (or the keyboard): the next tap on a place puts it there.
    let lifted = RwSignal::new(None::<Drag>);
    let scene = Signal::derive(move || {
        let held = drag
            .with(|d| d.as_ref().and_then(|d| d.figures.first().cloned()))
            .or_else(|| lifted.with(|d| d.as_ref().and_then(|d| d.figures.first().cloned())));
        teaching
            .idle_setup
            .with(|idle| store.with_game(|g| teach.with(|t| scene_for(g, t, idle, held.as_deref()))))
    });
    let overlay = Signal::derive(move || {
        let Some(d) = drag.get() else {
            return Overlay::default();
        };
        let ghost = scene.with_untracked(|s| {
            s.figures
                .iter()
                .find(|f| Some(&f.name) == d.figures.first())
                .cloned()
        });
        Overlay {
            ghost: ghost.map(|mut g| {
                g.rect.x = d.at.x - g.rect.width / 2.0;
                g.rect.y = d.at.y - g.rect.height / 2.0;
                g
            }),
            rubber: None,
        }
    });

    let on_pointer = Callback::new(move |p: Pointer| match p.phase {
        Phase::Down => {
            let s = scene.get_untracked();
            let free = teach.with_untracked(|t| matches!(t, Teach::End(_)));
            if let Some(l) = lifted.get_untracked() {
                // The second tap of a tap-tap: a place puts the lifted figure there.
                lifted.set(None);
                match place_at(&s, p.at) {
                    Some(to) if to != l.from => {
                        dropped(store, teaching, selected, l, to);
                        return;
                    }
                    _ if figure_at(&s, p.at).as_ref() == l.figures.first() => return,
                    _ => {}
                }
            }
            if let Some(f) = figure_at(&s, p.at) {
                let from = s
                    .figures
                    .iter()
                    .find(|x| x.name == f)
                    .map(|x| x.place.clone())
                    .unwrap_or_default();
                drag.set(Some(Drag {
                    figures: vec![f],
                    from,
                    pointer: p.id,
                    at: p.at,
                    start: p.at,
                }));
            } else if free {
                // Setting up the end: grab everything on a place at once.
                if let Some(place) = place_at(&s, p.at) {
                    let figures = figures_on(&s, &place);
                    if !figures.is_empty() {
                        drag.set(Some(Drag {
                            figures,
                            from: place,
                            pointer: p.id,
                            at: p.at,
                            start: p.at,
                        }));
                    }
                }
            }
        }
        Phase::Move => drag.update(|d| {
            if let Some(d) = d.as_mut().filter(|d| d.pointer == p.id) {
                d.at = p.at;
            }
        }),
        Phase::Cancel => drag.set(None),
        Phase::Up => {
            let Some(d) = drag.get_untracked() else { return };
            drag.set(None);
            let to = scene.with_untracked(|s| place_at(s, p.at));
            let tap = (p.at.x - d.start.x).hypot(p.at.y - d.start.y) <= TAP_SLOP;
            match to {
                Some(to) if to != d.from => dropped(store, teaching, selected, d, to),
                _ if tap => {
                    hint.set("Now tap the place where it goes.".into());
                    lifted.set(Some(d));
                }
                _ => {}
            }
        }
    });

    let on_key = Callback::new(move |c| keys(store, teaching, selected, scene, lifted, c));
    // A figure lifted for another kind of teaching is put down.
    Effect::new(move |_| {
        teach.track();
        lifted.set(None);
    });

    let mode_name = move || match teach.get() {
        Teach::Idle => "idle",
        Teach::Step(_) => "step",
        Teach::Move(_) => "move",
        Teach::End(_) => "end",
    };

    let record_step_btn = move |_| {
        teach.set(Teach::Idle);
        teaching.idle_setup.set(Setup::start());
        teaching.arranging.set(false);
        hint.set("Drag a figure to where it may go.".into());
    };
    let record_move_btn = move |_| match recording_position(&store.game_untracked()) {
        Ok(pos) => {
            teach.set(Teach::Move(Box::new(MoveTeach { pos, made: None })));
            hint.set("Play the steps of one move, one after the other, then press Done.".into());
        }
        Err(e) => say_problem(store, e),
    };
    let record_end_btn = move |_| {
        let setup = match teach.get_untracked() {
            Teach::Move(m) => setup_of(&m.pos),
            _ => Setup::start(),
        };
        // A puzzle is won by its one player; in a game of two, most often
        // by the player on move (the other one has just made the last move).
        let winner = if store.game_untracked().players < 2 {
            Winner::Player(1)
        } else {
            Winner::OnMove
        };
        let mut e = EndTeach {
            setup,
            candidates: Vec::new(),
            ticked: Vec::new(),
            winner,
            index: None,
            sentence: String::new(),
            auto: true,
        };
        refresh_end(store, &mut e);
        teach.set(Teach::End(Box::new(e)));
        hint.set("Set the table up as it is when the game is over: drag figures, or drag from an empty part of a place to move everything on it.".into());
    };
    let try_btn = move |_| try_in_play(store, teaching);

    view! {
        <div class="teach-side" data-testid="teach" data-teach=mode_name>
            <h2 class="visually-hidden">"Teach by showing"</h2>
            <div class="teach-bar" role="toolbar" aria-label="Teach by showing">
                <button data-testid="record-step" class:active=move || matches!(teach.get(), Teach::Idle | Teach::Step(_))
                    on:click=record_step_btn>"☝ Record a step"</button>
                <button data-testid="record-move" class:active=move || matches!(teach.get(), Teach::Move(_))
                    on:click=record_move_btn>"⇉ Record a move"</button>
                <button data-testid="record-end" class:active=move || matches!(teach.get(), Teach::End(_))
                    on:click=record_end_btn>"⚑ Record the end"</button>
                <button data-testid="try-it" class="try" title="Play your game in Play mode; nothing is lost"
                    on:click=try_btn>"▶ Try it"</button>
            </div>
            <p class="teach-hint" data-testid="teach-hint">
                {move || {
                    let h = hint.get();
                    if h.is_empty() { "Drag a figure to show a step it may make.".to_string() } else { h }
                }}
            </p>
            <div class="teach-work">
                <div class="table-area">
                    <Table scene on_pointer overlay on_key
                        label="The table: drag figures to teach, or pick them up with Space"/>
                </div>
                <div class="teach-card-area">
                    {move || match teach.get() {
                        Teach::Idle => view! {
                            <p class="hint">"Drag a figure on the table: I will write the rule for that step."</p>
                            {arrange_button(teaching)}
                        }.into_any(),
                        Teach::Step(s) => step_card(store, teach, selected, hint, *s).into_any(),
                        Teach::Move(m) => move_card(store, teach, *m).into_any(),
                        Teach::End(e) => end_card(store, teach, *e).into_any(),
                    }}
                </div>
            </div>
        </div>
    }
}

/// Keys on the teaching table: Space picks up a figure (in Record the end,
/// Space on a place picks up everything on it), the arrows choose any
/// place (a legal one while showing a move or trying), Enter puts it there
/// as a drag would.
fn keys(
    store: Store,
    teaching: Teaching,
    selected: RwSignal<Option<RuleRef>>,
    scene: Signal<Scene>,
    lifted: RwSignal<Option<Drag>>,
    command: tablecraft_app::access::Command,
) -> tablecraft_app::access::Answer {
    use tablecraft_app::access::{Answer, Command, Item};
    let teach = teaching.teach;
    let legal_only = teach.with_untracked(|t| matches!(t, Teach::Move(_)));
    let answer = if legal_only {
        Answer::Targets
    } else {
        Answer::Anywhere
    };
    match command {
        Command::Pick(item) => {
            let s = scene.get_untracked();
            let (figures, from) = match &item {
                Item::Figure(f) => {
                    let from = s.figures.iter().find(|x| &x.name == f).map(|x| x.place.clone());
                    (vec![f.clone()], from)
                }
                Item::Place(p) if teach.with_untracked(|t| matches!(t, Teach::End(_))) => {
                    (figures_on(&s, p), Some(p.clone()))
                }
                _ => (Vec::new(), None),
            };
            let Some(from) = from.filter(|_| !figures.is_empty()) else {
                store.say("Pick up a figure with Space, then choose its place.", Tone::Info);
                return Answer::No;
            };
            let at = tablecraft_app::access::nav::rect_of(&s, &item)
                .map(|r| r.centre())
                .unwrap_or_default();
            lifted.set(Some(Drag {
                figures,
                from,
                pointer: -1,
                at,
                start: at,
            }));
            answer
        }
        Command::Drop { place, .. } => {
            let Some(d) = lifted.get_untracked() else {
                return Answer::No;
            };
            if place == d.from {
                lifted.set(None);
                return answer;
            }
            let before = store.notice.with_untracked(|n| n.as_ref().map(|n| n.serial));
            lifted.set(None);
            dropped(store, teaching, selected, d.clone(), place);
            let refused = store.notice.with_untracked(|n| {
                n.as_ref()
                    .is_some_and(|n| Some(n.serial) != before && n.tone == Tone::Problem)
            });
            if refused && legal_only {
                lifted.set(Some(d));
                Answer::No
            } else {
                answer
            }
        }
        Command::Cancel(_) | Command::None => {
            lifted.set(None);
            Answer::No
        }
    }
}

/// A figure (or everything on a place) was dropped on `to`.
fn dropped(store: Store, teaching: Teaching, selected: RwSignal<Option<RuleRef>>, d: Drag, to: String) {
    let (teach, hint) = (teaching.teach, teaching.hint);
    let game = store.game_untracked();
    let figure = d.figures.first().cloned().unwrap_or_default();
    if teaching.arranging.get_untracked() && matches!(teach.get_untracked(), Teach::Idle | Teach::Step(_)) {
        teaching.arranging.set(false);
        match teach.get_untracked() {
            Teach::Step(mut s) => {
                s.setup = s.setup.clone().with(&figure, &to);
                let lesson = s.proposal.clone().unwrap_or_else(|| s.lesson.clone());
                s.allowed = lesson.allowed(&game, &s.setup).unwrap_or_default();
                teach.set(Teach::Step(s));
            }
            _ => teaching.idle_setup.update(|x| *x = x.clone().with(&figure, &to)),
        }
        hint.set(format!("{figure} is on {to} now. Show a step from here."));
        return;
    }
    match teach.get_untracked() {
        Teach::Idle => {
            let demo = Demo::new(teaching.idle_setup.get_untracked(), &figure, &d.from, &to);
            match record_step(&game, &demo) {
                Ok(lesson) => {
                    let index = game.steps.len();
                    if apply(store, RuleEdit::AddStep(lesson.rule())) {
                        let setup = demo.after();
                        let allowed = lesson
                            .allowed(&store.game_untracked(), &setup)
                            .unwrap_or_default();
                        teach.set(Teach::Step(Box::new(StepTeach {
                            setup,
                            examples: vec![demo],
                            counters: Vec::new(),
                            lesson,
                            index,
                            proposal: None,
                            notes: Vec::new(),
                            counter_armed: false,
                            allowed,
                        })));
                        selected.set(Some(RuleRef::new(RuleKind::Step, index)));
                        hint.set(
                            "Try it somewhere else: show another example, or widen the rule below.".into(),
                        );
                    }
                }
                Err(e) => say_problem(store, e.message),
            }
        }
        Teach::Step(mut s) => {
            let demo = Demo::new(s.setup.clone(), &figure, &d.from, &to);
            let counter = s.counter_armed;
            s.counter_armed = false;
            let (examples, counters) = if counter {
                (
                    s.examples.clone(),
                    [s.counters.clone(), vec![demo.clone()]].concat(),
                )
            } else {
                (
                    [s.examples.clone(), vec![demo.clone()]].concat(),
                    s.counters.clone(),
                )
            };
            match propose_rule(&game, &examples, &counters) {
                Ok(mut p) => {
                    p.lesson.name = s.lesson.name.clone();
                    s.notes = p.narrowed.clone();
                    s.allowed = p.lesson.allowed(&game, &s.setup).unwrap_or_default();
                    s.proposal = Some(p.lesson);
                    s.examples = examples;
                    s.counters = counters;
                    if !counter {
                        s.setup = demo.after();
                        hint.set(
                            "Here is the rule I would make from your examples. Use it, or show more.".into(),
                        );
                    } else {
                        hint.set("I narrowed the rule so that step is not allowed.".into());
                    }
                }
                Err(e) => {
                    s.notes = vec![e.message.clone()];
                    say_problem(store, e.message);
                }
            }
            teach.set(Teach::Step(s));
        }
        Teach::Move(mut m) => {
            let rules = m.pos.rules().clone();
            let (Some(f), Some(p)) = (rules.figure_id(&figure), rules.place_id(&to)) else {
                return;
            };
            match m.pos.play(f, p) {
                Ok(_) => {
                    let n = played_steps(&m.pos).len();
                    hint.set(format!(
                        "{n} step{} shown. Go on, or press Done.",
                        if n == 1 { "" } else { "s" }
                    ));
                    m.made = None;
                    teach.set(Teach::Move(m));
                }
                Err(r) => say_problem(store, r.message),
            }
        }
        Teach::End(mut e) => {
            for f in &d.figures {
                e.setup = e.setup.clone().with(f, &to);
            }
            refresh_end(store, &mut e);
            if e.auto {
                propose_tick(store, &mut e);
            }
            teach.set(Teach::End(e));
        }
    }
}

/// Uses a lesson as the taught rule: replaces the rule in the game.
fn use_lesson(store: Store, s: &mut StepTeach, lesson: StepLesson) {
    let game = store.game_untracked();
    let mut lesson = lesson;
    if let Some(r) = game.steps.get(s.index) {
        lesson.name = r.name.clone();
    }
    if apply(store, RuleEdit::SetStep(s.index, lesson.rule())) {
        s.allowed = lesson
            .allowed(&store.game_untracked(), &s.setup)
            .unwrap_or_default();
        s.lesson = lesson;
        s.proposal = None;
    }
}

fn step_card(
    store: Store,
    teach: RwSignal<Teach>,
    selected: RwSignal<Option<RuleRef>>,
    hint: RwSignal<String>,
    s: StepTeach,
) -> impl IntoView {
    let game = store.game_untracked();
    let shown = s.proposal.clone().unwrap_or_else(|| s.lesson.clone());
    let pending = s.proposal.is_some();
    let first = s.examples.last().cloned();
    let pictures = first.map(|d| {
        let before = mini(&game, &d.setup, &d.figure, format!("Before: {} on {}", d.figure, d.from), "card-before");
        let after = mini(&game, &d.after(), &d.figure, format!("After: {} on {}", d.figure, d.to), "card-after");
        view! { <div class="card-pictures">{before}<span class="arrow" aria-hidden="true">"→"</span>{after}</div> }
    });
    let conditions: Vec<(String, String)> = shown
        .active()
        .iter()
        .map(|c| (c.text.clone(), c.words.clone()))
        .collect();
    let levels = [Part::What, Part::From, Part::To].into_iter().map(|part| {
        let (ladder, now) = ladder(&shown, part);
        let name = part_name(part);
        let steps = ladder.iter().enumerate().map(|(i, l)| {
            let words = level_words(l, part);
            let target = l.clone();
            let pick = move |_| {
                teach.update(|t| if let Teach::Step(s) = t {
                    set_level(store, s, target.clone(), pending);
                });
            };
            view! {
                <button class="level" class:current=i == now aria-pressed=(i == now).to_string()
                    data-testid=format!("level-{name}-{i}") on:click=pick>{words}</button>
            }
        }).collect_view();
        let wider = ladder.get(now + 1).cloned();
        let narrower = now.checked_sub(1).and_then(|i| ladder.get(i).cloned());
        let (w2, n2) = (wider.is_some(), narrower.is_some());
        view! {
            <div class="part-levels" data-testid=format!("levels-{name}")>
                <span class="part-name">{name}</span>
                <button class="narrow" data-testid=format!("specialise-{name}") disabled=!n2
                    aria-label=format!("Specialise {name}: narrower") on:click=move |_| {
                        if let Some(l) = narrower.clone() {
                            teach.update(|t| if let Teach::Step(s) = t { set_level(store, s, l, pending); });
                        }
                    }>"− Specialise"</button>
                <span class="ladder">{steps}</span>
                <button class="widen" data-testid=format!("generalise-{name}") disabled=!w2
                    aria-label=format!("Generalise {name}: wider") on:click=move |_| {
                        if let Some(l) = wider.clone() {
                            teach.update(|t| if let Teach::Step(s) = t { set_level(store, s, l, pending); });
                        }
                    }>"+ Generalise"</button>
            </div>
        }
    }).collect_view();
    let index = s.index;
    let proposal = s.proposal.clone();
    let n_ex = s.examples.len();
    let n_counter = s.counters.len();
    let allowed_n = s.allowed.len();
    view! {
        <article class="rule-card" data-testid="step-card" aria-label="The rule you showed">
            <h3>{if pending { "Proposed rule: " } else { "Step rule: " }}<span data-testid="card-name">{shown.name.clone()}</span></h3>
            {pictures}
            <p class="sentence" data-testid="card-sentence">{shown.sentence()}</p>
            <ul class="card-conditions" data-testid="card-conditions">
                {if conditions.is_empty() {
                    view! { <li class="none">"No conditions."</li> }.into_any()
                } else {
                    conditions.into_iter().map(|(text, words)| view! {
                        <li><span class="words">{words}</span>" "<code>{text}</code></li>
                    }).collect_view().into_any()
                }}
                <li class="none">"No side effects (write them in the rule if you need them)."</li>
            </ul>
            <p class="examples-count" data-testid="card-examples">
                {format!("{n_ex} example{}, {n_counter} counter-example{} · allows {allowed_n} step{} here",
                    if n_ex == 1 { "" } else { "s" }, if n_counter == 1 { "" } else { "s" }, if allowed_n == 1 { "" } else { "s" })}
            </p>
            {(!s.notes.is_empty()).then(|| view! {
                <ul class="card-notes" data-testid="card-notes">{s.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}</ul>
            })}
            <div class="levels">{levels}</div>
            <div class="card-actions">
                {proposal.map(|p| {
                    let p2 = p.clone();
                    view! {
                        <button class="primary" data-testid="accept-proposal" on:click=move |_| {
                            teach.update(|t| if let Teach::Step(s) = t { use_lesson(store, s, p.clone()); });
                        }>"✔ Use this rule"</button>
                        <button data-testid="edit-proposal" on:click=move |_| {
                            teach.update(|t| if let Teach::Step(s) = t { use_lesson(store, s, p2.clone()); });
                            selected.set(Some(RuleRef::new(RuleKind::Step, index)));
                        }>"✎ Edit it"</button>
                    }
                })}
                {arrange_button(Teaching::get())}
                <button data-testid="another-example" on:click=move |_| {
                    hint.set("Show another example: drag a figure to where it may go.".into());
                }>"+ Show another example"</button>
                <button data-testid="counter-example" class:active=s.counter_armed on:click=move |_| {
                    teach.update(|t| if let Teach::Step(s) = t { s.counter_armed = true; });
                    hint.set("Show a step that should NOT be allowed: drag a figure there.".into());
                }>"⊘ This should not be allowed"</button>
            </div>
        </article>
    }
}

/// Sets a lesson at another level: applied to the game at once, unless it
/// is a proposal still waiting to be used.
fn set_level(store: Store, s: &mut StepTeach, lesson: StepLesson, pending: bool) {
    let game = store.game_untracked();
    if pending {
        s.allowed = lesson.allowed(&game, &s.setup).unwrap_or_default();
        s.proposal = Some(lesson);
    } else {
        use_lesson(store, s, lesson);
    }
}

fn repeat_words(r: Repeat) -> String {
    match r {
        Repeat::Exactly(1) => "once".into(),
        Repeat::Exactly(n) => format!("exactly {n} times"),
        Repeat::UpTo(n) => format!("1 to {n} times"),
        Repeat::AnyNumber => "any number of times".into(),
    }
}

fn move_card(store: Store, teach: RwSignal<Teach>, m: MoveTeach) -> impl IntoView {
    let steps = played_steps(&m.pos);
    let done = move |_| {
        teach.update(|t| {
            let Teach::Move(m) = t else { return };
            let game = store.game_untracked();
            let steps = played_steps(&m.pos);
            match record_move(&game, &steps) {
                Ok(rec) => {
                    let name = MoveRecording::suggest_name(&game);
                    let index = game.moves.len();
                    if apply(store, RuleEdit::AddMove(rec.to_rule(&name))) {
                        m.made = Some((rec, index, name));
                    }
                }
                Err(e) => say_problem(store, e.message),
            }
        })
    };
    let take_back = move |_| {
        teach.update(|t| {
            if let Teach::Move(m) = t {
                m.pos.take_back();
                m.made = None;
            }
        })
    };
    let made = m.made.clone().map(|(rec, index, name)| {
        let rec_for_any = rec.clone();
        let parts = rec.parts.iter().enumerate().map(|(i, part)| {
            let label = part.steps.join(" then ");
            let choices = part.choices().into_iter().map(|c| {
                let current = c == part.repeat;
                let slug = match c { Repeat::Exactly(_) => "exactly", Repeat::UpTo(_) => "up-to", Repeat::AnyNumber => "any" };
                let name = name.clone();
                view! {
                    <button class="level" class:current=current aria-pressed=current.to_string()
                        data-testid=format!("repeat-{i}-{slug}") on:click=move |_| {
                            teach.update(|t| if let Teach::Move(m) = t {
                                if let Some((rec, idx, _)) = m.made.as_mut() {
                                    rec.set_repeat(i, c);
                                    let game = store.game_untracked();
                                    let n = game.moves.get(*idx).map_or(name.clone(), |r| r.name.clone());
                                    apply(store, RuleEdit::SetMove(*idx, rec.to_rule(&n)));
                                }
                            });
                        }>{repeat_words(c)}</button>
                }
            }).collect_view();
            view! { <div class="part-levels"><span class="part-name">{label}</span><span class="ladder">{choices}</span></div> }
        }).collect_view();
        let _ = index;
        let others = any_step_moves(&store.game_untracked(), &rec);
        let widen = (!others.is_empty()).then(|| {
            let names: Vec<String> = others.iter().map(|m| m.sequence.clone()).collect();
            let label = format!("+ Any one step: also {}", names.join(", "));
            view! {
                <button class="widen" data-testid="move-any-step"
                    title="A move is one step of any of your step rules"
                    on:click=move |_| {
                        let mut game = store.game_untracked();
                        let added = any_step_moves(&game, &rec_for_any);
                        if added.is_empty() { return; }
                        let words: Vec<String> = added.iter().map(|m| m.sequence.clone()).collect();
                        game.moves.extend(added);
                        store.history.update(|h| { h.apply(&format!("Add moves {}", words.join(", ")), game); });
                        store.say(format!("A move is now one step of any rule: {}.", words.join(", ")), Tone::Info);
                        teach.update(|_| {});
                    }>{label}</button>
            }
        });
        view! {
            <p class="sentence" data-testid="move-sentence">{rec.sentence()}</p>
            <p><code data-testid="move-code">{rec.sequence()}</code></p>
            <div class="levels">{parts}</div>
            {widen}
        }
    });
    view! {
        <article class="rule-card" data-testid="move-card" aria-label="The move you showed">
            <h3>"Record a move"</h3>
            <p data-testid="move-steps">{if steps.is_empty() { "No steps yet.".to_string() } else { format!("Steps: {}", steps.join(", ")) }}</p>
            <div class="card-actions">
                <button data-testid="take-back" disabled=steps.is_empty() on:click=take_back>"↶ Take back a step"</button>
                <button class="primary" data-testid="move-done" disabled=steps.is_empty() on:click=done>"✔ Done"</button>
            </div>
            {made}
        </article>
    }
}

/// Works out the candidates of the end again, keeping the ticks.
fn refresh_end(store: Store, e: &mut EndTeach) {
    match propose_endings(&store.game_untracked(), &e.setup) {
        Ok(c) => e.candidates = c,
        Err(err) => {
            e.candidates.clear();
            say_problem(store, err.message);
        }
    }
    let names: Vec<&str> = e.candidates.iter().map(|c| c.sentence.as_str()).collect();
    e.ticked.retain(|t| names.contains(&t.as_str()));
}

/// Ticks the likely reason the game is over (while the child has not
/// ticked anything themselves), and saves it; the card shows it ticked.
fn propose_tick(store: Store, e: &mut EndTeach) {
    let next: Vec<String> = likely_end(&e.candidates).into_iter().collect();
    if next != e.ticked {
        e.ticked = next;
        save_end(store, e);
    }
}

/// Makes (or changes) the game-over condition from the ticks.
fn save_end(store: Store, e: &mut EndTeach) {
    let ticked: Vec<EndCandidate> = e
        .candidates
        .iter()
        .filter(|c| e.ticked.contains(&c.sentence))
        .cloned()
        .collect();
    let mut game = store.game_untracked();
    let name = match e.index.and_then(|i| game.game_over.get(i)) {
        Some(g) => g.name.clone(),
        None => fresh_name(&names(&game, RuleKind::End), "end"),
    };
    let ending = match make_ending(&name, &ticked, e.winner, &e.setup) {
        Ok(x) => x,
        Err(err) => {
            e.sentence = err.message;
            // Nothing ticked any more: the condition made here goes.
            if let Some(i) = e
                .index
                .filter(|&i| i < game.game_over.len() && e.ticked.is_empty())
            {
                game.game_over.remove(i);
                e.index = None;
                store.history.update(|h| {
                    h.apply(&format!("Remove game-over condition {name}"), game);
                });
            }
            return;
        }
    };
    let label = match (e.index, &ending.game_over) {
        (Some(_), _) => format!("Change game-over condition {name}"),
        (None, Some(_)) => format!("Add game-over condition {name}"),
        (None, None) => "Change the settings".into(),
    };
    if let Some(g) = ending.game_over.clone() {
        match e.index.filter(|&i| i < game.game_over.len()) {
            Some(i) => game.game_over[i] = g,
            None => {
                e.index = Some(game.game_over.len());
                game.game_over.push(g);
            }
        }
    } else if let Some(i) = e.index.filter(|&i| i < game.game_over.len()) {
        game.game_over.remove(i);
        e.index = None;
    }
    if let Some(w) = ending.when_stuck {
        game.settings.when_stuck = w;
    }
    store.history.update(|h| {
        h.apply(&label, game);
    });
    e.sentence = ending.sentence;
}

fn end_card(store: Store, teach: RwSignal<Teach>, e: EndTeach) -> impl IntoView {
    let players = store.with_game(|g| g.players);
    let winners = if players < 2 {
        vec![
            (Winner::Player(1), "the player: solved!", "p1"),
            (Winner::Draw, "nobody: not solved", "draw"),
        ]
    } else {
        vec![
            (Winner::OnMove, "the player on move", "on-move"),
            (Winner::Opponent, "the other player", "other"),
            (Winner::Player(1), "player 1", "p1"),
            (Winner::Player(2), "player 2", "p2"),
            (Winner::Draw, "nobody (a draw)", "draw"),
        ]
    };
    let winner_buttons = winners.into_iter().map(|(w, label, slug)| {
        let current = w == e.winner;
        view! {
            <button class="level" class:current=current aria-pressed=current.to_string() data-testid=format!("winner-{slug}")
                on:click=move |_| teach.update(|t| if let Teach::End(e) = t {
                    e.winner = w;
                    if !e.ticked.is_empty() { save_end(store, e); }
                })>{label}</button>
        }
    }).collect_view();
    let candidates = e
        .candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let on = e.ticked.contains(&c.sentence);
            let sentence = c.sentence.clone();
            view! {
                <li>
                    <label class="check">
                        <input type="checkbox" checked=on data-testid=format!("end-candidate-{i}")
                            on:change=move |ev| {
                                let tick = event_target_checked(&ev);
                                let s = sentence.clone();
                                teach.update(|t| if let Teach::End(e) = t {
                                    e.auto = false;
                                    e.ticked.retain(|x| *x != s);
                                    if tick { e.ticked.push(s); }
                                    save_end(store, e);
                                });
                            }/>
                        " "{c.sentence.clone()}
                    </label>
                </li>
            }
        })
        .collect_view();
    view! {
        <article class="rule-card" data-testid="end-card" aria-label="The end of the game">
            <h3>"Record the end"</h3>
            <p>"Who won?"</p>
            <div class="ladder" role="group" aria-label="Who won">{winner_buttons}</div>
            <p>"What is true now? Tick why the game is over:"</p>
            {if e.candidates.is_empty() {
                view! { <p class="hint">"Nothing has changed from the start yet: move figures on the table."</p> }.into_any()
            } else {
                view! { <ul class="candidates" data-testid="end-candidates">{candidates}</ul> }.into_any()
            }}
            {(e.auto && !e.ticked.is_empty()).then(|| view! {
                <p class="hint" data-testid="end-proposed">"I ticked what most likely ends the game. Change the ticks if you meant something else."</p>
            })}
            <p class="sentence" data-testid="end-sentence">{e.sentence.clone()}</p>
        </article>
    }
}

/// "Put a figure somewhere first": the next drag only moves a figure, so a
/// step can be shown from another place (the ball on s.3, then back to s.1).
fn arrange_button(teaching: Teaching) -> impl IntoView {
    let on = move || teaching.arranging.get();
    view! {
        <button data-testid="arrange" class:active=on aria-pressed=move || on().to_string()
            title="The next drag only puts a figure somewhere; it is not a step of the rule"
            on:click=move |_| {
                teaching.arranging.update(|a| *a = !*a);
                if teaching.arranging.get_untracked() {
                    teaching.hint.set("Drag a figure to where the next step starts. That drag is not an example.".into());
                }
            }>"✋ Put a figure somewhere first"</button>
    }
}

//! The rule editor: the lists of step rules, moves, game-over conditions
//! and words (in order), the settings, and a form for the chosen rule.
//! Mistakes show under the field as one types; a field is saved, as one
//! undoable change, when one leaves it.

use super::apply;
use crate::ui::store::Store;
use leptos::prelude::*;
use tablecraft_app::editor::rule_edit::{
    condition_error, effect_error, field_problems, fresh_name, names, sequence_error, settings_problems,
    words_of, RuleEdit, RuleKind, RuleRef,
};
use tablecraft_engine::file::MAX_PLAYERS;
use tablecraft_engine::model::{
    Definition, FigurePattern, Game, GameOver, MoveRule, OwnerPattern, Pattern, PlacePattern, Settings,
    StepRule, WhenStuck,
};

type Check = Callback<String, Option<String>>;

fn no_check() -> Check {
    Callback::new(|_: String| None)
}

/// The compiled problems of one field of one rule.
fn problems_of(store: Store, kind: RuleKind, name: String, field: &'static str) -> Signal<Vec<String>> {
    Signal::derive(move || {
        store.compiled.with(|c| {
            c.result
                .as_ref()
                .err()
                .map(|p| field_problems(p, kind, &name, field))
                .unwrap_or_default()
        })
    })
}

/// One line of text with its mistakes under it.
#[component]
fn TextField(
    label: String,
    testid: String,
    value: String,
    #[prop(optional)] check: Option<Check>,
    #[prop(into, optional)] problems: Option<Signal<Vec<String>>>,
    on_commit: Callback<String>,
    #[prop(optional)] placeholder: &'static str,
) -> impl IntoView {
    let check = check.unwrap_or_else(no_check);
    let draft = RwSignal::new(value.clone());
    let typed = RwSignal::new(false);
    let local = Memo::new(move |_| check.run(draft.get()));
    let shown = move || match local.get() {
        Some(e) => vec![e],
        None if typed.get() => Vec::new(),
        None => problems.map(|p| p.get()).unwrap_or_default(),
    };
    let error_id = format!("{testid}-error");
    let committed = StoredValue::new(value.clone());
    view! {
        <label class="field">
            <span class="field-label">{label}</span>
            <input
                type="text"
                data-testid=testid.clone()
                value=value
                placeholder=placeholder
                spellcheck="false"
                autocomplete="off"
                class:has-problem=move || !shown().is_empty()
                aria-invalid=move || (!shown().is_empty()).to_string()
                aria-describedby=error_id.clone()
                on:input=move |ev| {
                    typed.set(true);
                    draft.set(event_target_value(&ev));
                }
                on:change=move |ev| {
                    let text = event_target_value(&ev);
                    if text != committed.get_value() {
                        committed.set_value(text.clone());
                        on_commit.run(text);
                    }
                }
            />
            <span class="field-problems" id=error_id data-testid=format!("{testid}-error") role="status"
                aria-live="polite">
                {move || shown().into_iter().map(|e| view! { <span class="field-problem">{e}</span> }).collect_view()}
            </span>
        </label>
    }
}

/// A list of lines (conditions or side effects): one field per line, a
/// button to remove each and one to add a line.
#[component]
fn LinesField(
    title: &'static str,
    testid: &'static str,
    lines: Vec<String>,
    check: Check,
    kind: RuleKind,
    name: String,
    field: &'static str,
    on_commit: Callback<Vec<String>>,
    add_label: &'static str,
) -> impl IntoView {
    let store = Store::get();
    let extra = RwSignal::new(false);
    let lines = StoredValue::new(lines);
    let rows = move || {
        let mut all = lines.get_value();
        if extra.get() || all.is_empty() {
            all.push(String::new());
        }
        let count = lines.with_value(Vec::len);
        all.into_iter()
            .enumerate()
            .map(|(i, text)| {
                let problems = {
                    let name = name.clone();
                    let line_field = format!("{field} {}", i + 1);
                    Signal::derive(move || {
                        store.compiled.with(|c| {
                            c.result
                                .as_ref()
                                .err()
                                .map(|p| field_problems(p, kind, &name, &line_field))
                                .unwrap_or_default()
                        })
                    })
                };
                let commit = Callback::new(move |text: String| {
                    let mut next = lines.get_value();
                    let text = text.trim().to_string();
                    match (i < next.len(), text.is_empty()) {
                        (true, true) => drop(next.remove(i)),
                        (true, false) => next[i] = text,
                        (false, true) => return,
                        (false, false) => next.push(text),
                    }
                    on_commit.run(next);
                });
                let remove = move |_| {
                    let mut next = lines.get_value();
                    if i < next.len() {
                        next.remove(i);
                        on_commit.run(next);
                    } else {
                        extra.set(false);
                    }
                };
                let n = i + 1;
                view! {
                    <div class="line-row">
                        <TextField label=format!("{n}.") testid=format!("{testid}-{n}") value=text check
                            problems on_commit=commit/>
                        {(i < count || extra.get()).then(|| view! {
                            <button class="remove-line" data-testid=format!("{testid}-{n}-remove")
                                aria-label=format!("Remove line {n}") title="Remove" on:click=remove>"✕"</button>
                        })}
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="lines">
            <legend>{title}</legend>
            {rows}
            <button class="add-line" data-testid=format!("{testid}-add") on:click=move |_| extra.set(true)>
                "+ "{add_label}
            </button>
        </fieldset>
    }
}

fn pattern_text(p: &Option<Pattern>) -> (String, String) {
    p.as_ref()
        .map(|p| (p.text.clone(), p.vars.join(", ")))
        .unwrap_or_default()
}

fn make_pattern(text: &str, vars: &str) -> Option<Pattern> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(Pattern {
        text: text.to_string(),
        vars: vars
            .split([',', ' '])
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(String::from)
            .collect(),
    })
}

/// Which part of a pattern a field sets.
#[derive(Clone, Copy)]
enum Slot {
    Text,
    Vars,
}

/// A pattern (text and variable names) of a step rule.
fn pattern_fields(
    label: &'static str,
    testid: &'static str,
    current: Option<Pattern>,
    problems: Signal<Vec<String>>,
    set: Callback<Option<Pattern>>,
) -> impl IntoView {
    let (text, vars) = pattern_text(&current);
    let now = StoredValue::new((text.clone(), vars.clone()));
    let update = move |slot: Slot| {
        Callback::new(move |value: String| {
            let (mut t, mut v) = now.get_value();
            match slot {
                Slot::Text => t = value,
                Slot::Vars => v = value,
            }
            now.set_value((t.clone(), v.clone()));
            set.run(make_pattern(&t, &v));
        })
    };
    view! {
        <div class="pattern">
            <TextField label=label.to_string() testid=testid.to_string() value=text problems
                on_commit=update(Slot::Text) placeholder="anything"/>
            <TextField label="variables".to_string() testid=format!("{testid}-vars") value=vars
                on_commit=update(Slot::Vars) placeholder="none"/>
        </div>
    }
}

fn owner_value(o: Option<OwnerPattern>) -> String {
    match o {
        None => "none".into(),
        Some(OwnerPattern::OnMove) => "onmove".into(),
        Some(OwnerPattern::Opponent) => "opponent".into(),
        Some(OwnerPattern::Player(p)) => p.to_string(),
    }
}

fn owner_of(v: &str) -> Option<OwnerPattern> {
    match v {
        "onmove" => Some(OwnerPattern::OnMove),
        "opponent" => Some(OwnerPattern::Opponent),
        _ => v
            .parse::<u8>()
            .ok()
            .filter(|p| (1..=MAX_PLAYERS).contains(p))
            .map(OwnerPattern::Player),
    }
}

/// Who a moving figure may belong to: anybody, the player on move, the
/// next player, or each player of the game by number.
fn owner_choices(players: u8) -> Vec<(String, String)> {
    let opponent = if players > 2 {
        "the next player"
    } else {
        "the opponent"
    };
    let mut out = vec![
        ("none".to_string(), "anybody".to_string()),
        ("onmove".into(), "the player on move".into()),
        ("opponent".into(), opponent.into()),
    ];
    out.extend((1..=players.clamp(2, MAX_PLAYERS)).map(|p| (p.to_string(), format!("player {p}"))));
    out
}

/// The form of a step rule.
fn step_form(store: Store, index: usize, rule: StepRule) -> impl IntoView {
    let name = rule.name.clone();
    let when_words = store.with_game(words_of);
    let effect_words = when_words.clone();
    let base = StoredValue::new(rule.clone());
    let save = move |f: Box<dyn Fn(&mut StepRule)>| {
        let mut r = base.get_value();
        f(&mut r);
        if r != base.get_value() {
            apply(store, RuleEdit::SetStep(index, r));
        }
    };
    let save = StoredValue::new_local(save);
    let set = move |f: fn(&mut StepRule, Option<Pattern>)| {
        Callback::new(move |p: Option<Pattern>| save.with_value(|s| s(Box::new(move |r| f(r, p.clone())))))
    };
    let what_p = problems_of(store, RuleKind::Step, name.clone(), "what");
    let from_p = problems_of(store, RuleKind::Step, name.clone(), "from");
    let to_p = problems_of(store, RuleKind::Step, name.clone(), "to");
    let name_p = problems_of(store, RuleKind::Step, name.clone(), "name");
    let FigurePattern {
        name: what_name,
        kind: what_kind,
        origin: what_origin,
        owner,
    } = rule.what.clone();
    let PlacePattern {
        name: from_name,
        kind: from_kind,
    } = rule.from.clone();
    let PlacePattern {
        name: to_name,
        kind: to_kind,
    } = rule.to.clone();
    view! {
        <div class="rule-form step-form" data-testid="step-form">
            <TextField label="Name".to_string() testid="rule-name".to_string() value=rule.name.clone()
                problems=name_p
                on_commit=Callback::new(move |t: String| save.with_value(|s| s(Box::new(move |r| r.name = t.trim().to_string()))))/>
            <fieldset class="part">
                <legend>"What moves"</legend>
                {pattern_fields("name", "what-name", what_name, what_p, set(|r, p| r.what.name = p))}
                {pattern_fields("type", "what-type", what_kind, what_p, set(|r, p| r.what.kind = p))}
                {pattern_fields("started on", "what-origin", what_origin, what_p, set(|r, p| r.what.origin = p))}
                <label class="field">
                    <span class="field-label">"belongs to"</span>
                    <select data-testid="what-owner" on:change=move |ev| {
                        let o = owner_of(&event_target_value(&ev));
                        save.with_value(|s| s(Box::new(move |r| r.what.owner = o)));
                    }>
                        {owner_choices(store.with_game(|g| g.players)).into_iter().map(|(v, l)| view! {
                            <option selected=owner_value(owner) == v value=v.clone()>{l}</option>
                        }).collect_view()}
                    </select>
                </label>
            </fieldset>
            <fieldset class="part">
                <legend>"From"</legend>
                {pattern_fields("name", "from-name", from_name, from_p, set(|r, p| r.from.name = p))}
                {pattern_fields("type", "from-type", from_kind, from_p, set(|r, p| r.from.kind = p))}
            </fieldset>
            <fieldset class="part">
                <legend>"To"</legend>
                {pattern_fields("name", "to-name", to_name, to_p, set(|r, p| r.to.name = p))}
                {pattern_fields("type", "to-type", to_kind, to_p, set(|r, p| r.to.kind = p))}
            </fieldset>
            <LinesField title="Only when (one condition per line)" testid="step-when" lines=rule.when.clone()
                check=Callback::new(move |t: String| condition_error(&t, &when_words)) kind=RuleKind::Step name=name.clone()
                field="when" add_label="Add a condition"
                on_commit=Callback::new(move |l: Vec<String>| save.with_value(|s| s(Box::new(move |r| r.when = l.clone()))))/>
            <LinesField title="Then also (side effects)" testid="step-effect" lines=rule.effects.clone()
                check=Callback::new(move |t: String| effect_error(&t, &effect_words)) kind=RuleKind::Step name=name.clone()
                field="effect" add_label="Add a side effect"
                on_commit=Callback::new(move |l: Vec<String>| save.with_value(|s| s(Box::new(move |r| r.effects = l.clone()))))/>
        </div>
    }
}

/// The form of a move rule.
fn move_form(store: Store, index: usize, rule: MoveRule) -> impl IntoView {
    let base = StoredValue::new(rule.clone());
    let steps = store.with_game(|g| names(g, RuleKind::Step));
    let seq_p = problems_of(store, RuleKind::Move, rule.name.clone(), "sequence");
    let save = move |name: Option<String>, seq: Option<String>| {
        let mut r = base.get_value();
        if let Some(n) = name {
            r.name = n.trim().to_string();
        }
        if let Some(s) = seq {
            r.sequence = s.trim().to_string();
        }
        apply(store, RuleEdit::SetMove(index, r));
    };
    view! {
        <div class="rule-form move-form" data-testid="move-form">
            <TextField label="Name".to_string() testid="rule-name".to_string() value=rule.name.clone()
                on_commit=Callback::new(move |t: String| save(Some(t), None))/>
            <TextField label="Steps of the move (e.g. take x1-3)".to_string() testid="move-sequence".to_string()
                value=rule.sequence.clone() problems=seq_p
                check=Callback::new(move |t: String| sequence_error(&t, &steps))
                on_commit=Callback::new(move |t: String| save(None, Some(t)))/>
            <p class="hint">"x3: exactly 3 times · x1-3: 1 to 3 times · x1-: any number of times · ( ) groups steps"</p>
        </div>
    }
}

/// The form of a game-over condition.
fn end_form(store: Store, index: usize, rule: GameOver) -> impl IntoView {
    let when_words = store.with_game(words_of);
    let winner_words = when_words.clone();
    let base = StoredValue::new(rule.clone());
    let winner_p = problems_of(store, RuleKind::End, rule.name.clone(), "winner");
    let save = move |f: Box<dyn Fn(&mut GameOver)>| {
        let mut r = base.get_value();
        f(&mut r);
        if r != base.get_value() {
            apply(store, RuleEdit::SetEnd(index, r));
        }
    };
    let save = StoredValue::new_local(save);
    view! {
        <div class="rule-form end-form" data-testid="end-form">
            <TextField label="Name".to_string() testid="rule-name".to_string() value=rule.name.clone()
                on_commit=Callback::new(move |t: String| save.with_value(|s| s(Box::new(move |r| r.name = t.trim().to_string()))))/>
            <LinesField title="The game is over when (all of these)" testid="end-when" lines=rule.when.clone()
                check=Callback::new(move |t: String| condition_error(&t, &when_words)) kind=RuleKind::End name=rule.name.clone()
                field="when" add_label="Add a condition"
                on_commit=Callback::new(move |l: Vec<String>| save.with_value(|s| s(Box::new(move |r| r.when = l.clone()))))/>
            <TextField label="Who wins (player, opponent, next, previous, a player's number, or 0 for a draw)".to_string()
                testid="end-winner".to_string() value=rule.winner.clone() problems=winner_p
                check=Callback::new(move |t: String| condition_error(&t, &winner_words))
                on_commit=Callback::new(move |t: String| save.with_value(|s| s(Box::new(move |r| r.winner = t.trim().to_string()))))/>
        </div>
    }
}

/// The form of a word: its name, the values it takes and what it stands for.
fn word_form(store: Store, index: usize, word: Definition) -> impl IntoView {
    let base = StoredValue::new(word.clone());
    let name_p = problems_of(store, RuleKind::Word, word.name.clone(), "name");
    let of_p = problems_of(store, RuleKind::Word, word.name.clone(), "of");
    let body_p = problems_of(store, RuleKind::Word, word.name.clone(), "");
    // A word may use the words above it, so its check reads those.
    let above = store.with_game(|g| {
        words_of(&Game {
            definitions: g.definitions.iter().take(index).cloned().collect(),
            ..Game::default()
        })
    });
    let save = move |f: Box<dyn Fn(&mut Definition)>| {
        let mut d = base.get_value();
        f(&mut d);
        if d != base.get_value() {
            apply(store, RuleEdit::SetWord(index, d));
        }
    };
    let save = StoredValue::new_local(save);
    view! {
        <div class="rule-form word-form" data-testid="word-form">
            <TextField label="Name".to_string() testid="rule-name".to_string() value=word.name.clone() problems=name_p
                on_commit=Callback::new(move |t: String| save.with_value(|s| s(Box::new(move |d| d.name = t.trim().to_string()))))/>
            <TextField label="The values it takes, with spaces between (e.g. s d)".to_string() testid="word-of".to_string()
                value=word.of.join(" ") problems=of_p placeholder="none"
                on_commit=Callback::new(move |t: String| save.with_value(|s| {
                    let of: Vec<String> = t.split_whitespace().map(String::from).collect();
                    s(Box::new(move |d| d.of = of.clone()))
                }))/>
            <TextField label="What it stands for".to_string() testid="word-body".to_string()
                value=word.body.clone() problems=body_p
                check=Callback::new(move |t: String| condition_error(&t, &above))
                on_commit=Callback::new(move |t: String| save.with_value(|s| s(Box::new(move |d| d.body = t.trim().to_string()))))/>
            <p class="hint">"Use it in any rule like a function, e.g. "<code>"run(from, up)"</code>". A word may use the words above it."</p>
        </div>
    }
}

/// The settings: when stuck, passing, the heuristic.
fn settings_form(store: Store, settings: Settings) -> impl IntoView {
    let words = store.with_game(words_of);
    let base = StoredValue::new(settings.clone());
    let problems = Signal::derive(move || {
        store.compiled.with(|c| {
            c.result
                .as_ref()
                .err()
                .map(|p| settings_problems(p))
                .unwrap_or_default()
        })
    });
    let save = move |f: Box<dyn Fn(&mut Settings)>| {
        let mut s = base.get_value();
        f(&mut s);
        apply(store, RuleEdit::SetSettings(s));
    };
    let save = StoredValue::new_local(save);
    let stuck = settings.when_stuck;
    view! {
        <div class="rule-form settings-form" data-testid="settings-form">
            <label class="field">
                <span class="field-label">"When the player on move can't move, they…"</span>
                <select data-testid="when-stuck" on:change=move |ev| {
                    let v = match event_target_value(&ev).as_str() {
                        "win" => WhenStuck::Win,
                        "draw" => WhenStuck::Draw,
                        "pass" => WhenStuck::Pass,
                        _ => WhenStuck::Lose,
                    };
                    save.with_value(|s| s(Box::new(move |x| x.when_stuck = v)));
                }>
                    {[(WhenStuck::Lose, "lose", "lose"), (WhenStuck::Win, "win", "win"),
                      (WhenStuck::Draw, "draw", "draw (nobody wins)"), (WhenStuck::Pass, "pass", "pass")]
                        .into_iter().map(|(w, v, l)| view! { <option value=v selected=stuck == w>{l}</option> })
                        .collect_view()}
                </select>
            </label>
            <label class="check">
                <input type="checkbox" data-testid="pass-allowed" checked=settings.pass_allowed
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        save.with_value(|s| s(Box::new(move |x| x.pass_allowed = on)));
                    }/>
                " A player may pass instead of moving"
            </label>
            <TextField label="How good a position is for the computer (heuristic)".to_string()
                testid="heuristic".to_string() value=settings.heuristic.clone().unwrap_or_default()
                problems check=Callback::new(move |t: String| condition_error(&t, &words)) placeholder="none"
                on_commit=Callback::new(move |t: String| {
                    let h = (!t.trim().is_empty()).then(|| t.trim().to_string());
                    save.with_value(|s| s(Box::new(move |x| x.heuristic = h.clone())))
                })/>
        </div>
    }
}

/// What the right-hand panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chosen {
    Rule(RuleRef),
    Settings,
}

fn list(
    store: Store,
    kind: RuleKind,
    title: &'static str,
    selected: RwSignal<Option<RuleRef>>,
) -> impl IntoView {
    let items = move || store.with_game(|g| names(g, kind));
    let slug = match kind {
        RuleKind::Step => "step",
        RuleKind::Move => "move",
        RuleKind::End => "end",
        RuleKind::Word => "word",
    };
    let add = move |_| {
        let game = store.game_untracked();
        let taken = names(&game, kind);
        let edit = match kind {
            RuleKind::Step => RuleEdit::AddStep(StepRule {
                name: fresh_name(&taken, "step"),
                what: FigurePattern::default(),
                from: PlacePattern::default(),
                to: PlacePattern::default(),
                when: Vec::new(),
                effects: Vec::new(),
                capture: false,
            }),
            RuleKind::Move => RuleEdit::AddMove(MoveRule {
                name: fresh_name(&taken, "move"),
                sequence: names(&game, RuleKind::Step).first().cloned().unwrap_or_default(),
            }),
            RuleKind::End => RuleEdit::AddEnd(GameOver {
                name: fresh_name(&taken, "end"),
                when: Vec::new(),
                winner: "player".into(),
            }),
            RuleKind::Word => RuleEdit::AddWord(Definition {
                name: fresh_name(&taken, "word"),
                of: Vec::new(),
                body: "0".into(),
            }),
        };
        if apply(store, edit) {
            selected.set(Some(RuleRef::new(kind, taken.len())));
        }
    };
    view! {
        <section class="rule-list" data-testid=format!("{slug}-list")>
            <h3>{title}</h3>
            <ol>
                {move || {
                    let all = items();
                    let n = all.len();
                    all.into_iter().enumerate().map(|(i, name)| {
                        let r = RuleRef::new(kind, i);
                        let chosen = move || selected.get() == Some(r);
                        let label = if name.is_empty() { "(no name)".to_string() } else { name.clone() };
                        view! {
                            <li class="rule-item" class:chosen=chosen>
                                <span class="order" aria-hidden="true">{i + 1}</span>
                                <button class="rule-open" data-testid=format!("rule-{slug}-{name}")
                                    aria-pressed=move || chosen().to_string()
                                    on:click=move |_| selected.set(Some(r))>{label.clone()}</button>
                                <button class="icon-button" data-testid=format!("rule-{slug}-{name}-up")
                                    aria-label=format!("Move {label} up") title="Earlier" disabled=i == 0
                                    on:click=move |_| if apply(store, RuleEdit::Up(r)) {
                                        selected.set(Some(RuleRef::new(kind, i - 1)))
                                    }>"▲"</button>
                                <button class="icon-button" data-testid=format!("rule-{slug}-{name}-down")
                                    aria-label=format!("Move {label} down") title="Later" disabled=i + 1 == n
                                    on:click=move |_| if apply(store, RuleEdit::Down(r)) {
                                        selected.set(Some(RuleRef::new(kind, i + 1)))
                                    }>"▼"</button>
                                <button class="icon-button delete" data-testid=format!("rule-{slug}-{name}-delete")
                                    aria-label=format!("Delete {label}") title="Delete"
                                    on:click=move |_| if apply(store, RuleEdit::Delete(r)) {
                                        selected.set(None)
                                    }>"✕"</button>
                                {(kind == RuleKind::Step).then(|| view! {
                                    <div class="rule-card-wrap" on:click=move |_| selected.set(Some(r))>
                                        <super::cards::StepRuleCard index=i/>
                                    </div>
                                })}
                            </li>
                        }
                    }).collect_view()
                }}
            </ol>
            <button class="add-rule" data-testid=format!("add-{slug}") on:click=add>
                "+ Add a "{kind.word()}
            </button>
        </section>
    }
}

/// The lists of rules and the form of the chosen one.
#[component]
pub fn RuleEditor(selected: RwSignal<Option<RuleRef>>) -> impl IntoView {
    let store = Store::get();
    let settings_open = RwSignal::new(false);
    let chosen = move || match (selected.get(), settings_open.get()) {
        (_, true) => Some(Chosen::Settings),
        (Some(r), false) => Some(Chosen::Rule(r)),
        (None, false) => None,
    };
    Effect::new(move |_| {
        if selected.get().is_some() {
            settings_open.set(false);
        }
    });
    let form = move || {
        // Built again after every change, so Undo shows the rule as it was.
        let _ = store.history.with(|h| h.revision());
        let game = store.game_untracked();
        match chosen() {
            None => view! {
                <p class="hint">"Choose a rule to change it, or teach one by showing it on the table."</p>
            }
            .into_any(),
            Some(Chosen::Settings) => settings_form(store, game.settings.clone()).into_any(),
            Some(Chosen::Rule(r)) => match r.kind {
                RuleKind::Step => match game.steps.get(r.index) {
                    Some(rule) => step_form(store, r.index, rule.clone()).into_any(),
                    None => ().into_any(),
                },
                RuleKind::Move => match game.moves.get(r.index) {
                    Some(rule) => move_form(store, r.index, rule.clone()).into_any(),
                    None => ().into_any(),
                },
                RuleKind::End => match game.game_over.get(r.index) {
                    Some(rule) => end_form(store, r.index, rule.clone()).into_any(),
                    None => ().into_any(),
                },
                RuleKind::Word => match game.definitions.get(r.index) {
                    Some(word) => word_form(store, r.index, word.clone()).into_any(),
                    None => ().into_any(),
                },
            },
        }
    };
    view! {
        <aside class="rule-editor panel" aria-label="Rules" data-testid="rule-editor">
            <h2 class="visually-hidden">"Rules"</h2>
            <div class="rule-lists">
                {list(store, RuleKind::Step, "Steps (checked in this order)", selected)}
                {list(store, RuleKind::Move, "Moves", selected)}
                {list(store, RuleKind::End, "Game over", selected)}
                {list(store, RuleKind::Word, "Words the rules use", selected)}
                <button class="settings-open" data-testid="open-settings" aria-pressed=move || settings_open.get().to_string()
                    on:click=move |_| { selected.set(None); settings_open.set(true); }>
                    "⚙ Settings: when stuck, passing, heuristic"
                </button>
            </div>
            <div class="rule-form-area">{form}</div>
        </aside>
    }
}

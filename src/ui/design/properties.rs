//! The properties panel: the game's title, description and players when
//! nothing is selected; the name, type, owner, colour, size, capacity,
//! attributes … of one selected element; Duplicate and Delete for any
//! selection. Every change is one undoable edit.

use super::fields::{Check, Choice, Field};
use super::pictures::{bin_icon, copy_icon};
use super::{delete_selection, duplicate_selection};
use crate::ui::store::{Store, Tone};
use leptos::prelude::*;
use tablecraft_app::editor::edit::rename;
use tablecraft_app::editor::edit::{DiceChange, MAX_DICE};
use tablecraft_app::editor::places::{element, is_grid, place, square_names, Element};
use tablecraft_app::editor::toolbox::FIGURE_TYPES;
use tablecraft_app::editor::{Edit, Property, Selection};
use tablecraft_app::table::geometry::default_layout;
use tablecraft_app::table::looks::{attribute_values, look_for};
use tablecraft_engine::file::MAX_PLAYERS;
use tablecraft_engine::model::DIE_FACES;
use tablecraft_engine::model::{Attributes, EquipmentKind, Game, LookPattern, TriggerValue};

/// What the panel shows; it is rebuilt only when this changes.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    Game,
    Equipment(String, EquipmentKind),
    Figure(String),
    Trigger(String, &'static str),
    Several(usize),
}

fn shown(game: &Game, selection: &Selection) -> Shown {
    if selection.len() > 1 {
        return Shown::Several(selection.len());
    }
    let Some(name) = selection.single() else {
        return Shown::Game;
    };
    match element(game, name) {
        Some(Element::Equipment(e)) => Shown::Equipment(name.to_string(), e.kind),
        Some(Element::Figure(_)) => Shown::Figure(name.to_string()),
        Some(Element::Trigger(t)) => Shown::Trigger(
            name.to_string(),
            match t.value {
                TriggerValue::Number(_) => "number",
                TriggerValue::YesNo(_) => "yes/no",
                TriggerValue::Text(_) => "text",
            },
        ),
        None => Shown::Game,
    }
}

/// Applies `edit`; true when it was made.
fn make(store: Store, edit: Edit) -> bool {
    store.edit(edit).is_some()
}

fn set(store: Store, name: &str, property: Property) {
    make(
        store,
        Edit::Set {
            names: vec![name.to_string()],
            property,
        },
    );
}

/// A whole number typed in a field, or a sentence saying what to type.
fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("Type a whole number for {what}."))
}

fn with_number<T: std::str::FromStr>(store: Store, text: &str, what: &str, f: impl FnOnce(T)) {
    match number(text, what) {
        Ok(n) => f(n),
        Err(e) => store.say(e, Tone::Problem),
    }
}

/// The name field: checked as it is typed, applied as one rename.
fn name_field(store: Store, name: String) -> impl IntoView {
    let value = Signal::stored(name.clone());
    let old = name.clone();
    let check = Callback::new(move |new: String| {
        let new = new.trim().to_string();
        store.with_game(|g| rename(g, &old, &new).err().map(|e| e.message()))
    });
    let old = name.clone();
    let apply = Callback::new(move |new: String| {
        let new = new.trim().to_string();
        if new != old
            && make(
                store,
                Edit::Rename {
                    old: old.clone(),
                    new: new.clone(),
                },
            )
        {
            store.selection.set(Selection::of([new.clone()]));
            store.say(format!("Renamed to {new}."), Tone::Info);
        }
    });
    view! { <Field label="Name" testid="prop-name" value=value apply=apply check=check/> }
}

/// The colour of a figure, or the fill of equipment or a trigger.
fn colour_field(store: Store, name: String, figure: bool) -> impl IntoView {
    let n = name.clone();
    let current = Signal::derive(move || {
        store.with_game(|g| {
            if figure {
                g.figures
                    .iter()
                    .find(|f| f.name == n)
                    .and_then(|f| f.colour.clone())
            } else {
                g.layout.items.get(&n).and_then(|p| p.colour.clone())
            }
        })
    });
    let hex = move || {
        current
            .get()
            .filter(|c| c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|c| c.is_ascii_hexdigit()))
            .unwrap_or_else(|| {
                if figure {
                    "#c0392b".into()
                } else {
                    "#f6e7c8".into()
                }
            })
    };
    let n1 = name.clone();
    let n2 = name;
    view! {
        <div class="field colour">
            <label for="field-prop-colour">"Colour"</label>
            <input id="field-prop-colour" type="color" data-testid="prop-colour" prop:value=hex
                on:change=move |ev| set(store, &n1, Property::Colour(Some(event_target_value(&ev))))/>
            <button class="small" data-testid="prop-colour-usual"
                disabled=move || current.with(Option::is_none)
                on:click=move |_| set(store, &n2, Property::Colour(None))>"Usual colour"</button>
        </div>
    }
}

/// The attributes of a figure or piece of equipment: change, remove, add.
fn attributes_field(store: Store, name: String) -> impl IntoView {
    let n = name.clone();
    let attributes = Memo::new(move |_| {
        store.with_game(|g| match element(g, &n) {
            Some(Element::Figure(f)) => f.attributes.clone(),
            Some(Element::Equipment(e)) => e.attributes.clone(),
            _ => Attributes::new(),
        })
    });
    let new_key = RwSignal::new(String::new());
    let new_value = RwSignal::new(String::new());
    let n_add = name.clone();
    let add = move || {
        let key = new_key.get_untracked().trim().to_string();
        let value = new_value.get_untracked().trim().to_string();
        if key.is_empty() || value.is_empty() {
            store.say(
                "Write a name and a value for the attribute, like wall and yes.",
                Tone::Problem,
            );
            return;
        }
        let edit = Edit::Set {
            names: vec![n_add.clone()],
            property: Property::Attribute {
                key,
                value: Some(value),
            },
        };
        if make(store, edit) {
            new_key.set(String::new());
            new_value.set(String::new());
        }
    };
    let rows = move || {
        let n = name.clone();
        attributes
            .get()
            .into_iter()
            .map(|(key, value)| {
                let (n1, n2, k1, k2) = (n.clone(), n.clone(), key.clone(), key.clone());
                let apply = Callback::new(move |v: String| {
                    set(
                        store,
                        &n1,
                        Property::Attribute {
                            key: k1.clone(),
                            value: Some(v.trim().to_string()).filter(|v| !v.is_empty()),
                        },
                    )
                });
                view! {
                    <li class="attribute">
                        <Field label=format!("{key} =") testid=format!("attr-{key}") value=value apply=apply/>
                        <button class="small remove" data-testid=format!("attr-{key}-remove")
                            aria-label=format!("Remove the attribute {key}")
                            on:click=move |_| set(store, &n2, Property::Attribute { key: k2.clone(), value: None })>
                            "✕"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="attributes">
            <legend>"Attributes"</legend>
            <ul>{rows}</ul>
            <div class="attribute-new">
                <input type="text" data-testid="attr-new-key" aria-label="New attribute name"
                    placeholder="name, e.g. wall" prop:value=move || new_key.get()
                    on:input=move |ev| new_key.set(event_target_value(&ev))/>
                <span aria-hidden="true">"="</span>
                <input type="text" data-testid="attr-new-value" aria-label="New attribute value"
                    placeholder="value, e.g. yes" prop:value=move || new_value.get()
                    on:input=move |ev| new_value.set(event_target_value(&ev))
                    on:keydown={
                        let add = add.clone();
                        move |ev| if ev.key() == "Enter" { add() }
                    }/>
                <button class="small" data-testid="attr-add" on:click=move |_| add()>"Add"</button>
            </div>
        </fieldset>
    }
}

/// Width and height on the table.
fn size_fields(store: Store, name: String) -> impl IntoView {
    let n = name.clone();
    let size = Memo::new(move |_| {
        store.with_game(|g| {
            default_layout(g)
                .items
                .get(&n)
                .map(|p| (p.width, p.height))
                .unwrap_or((60, 60))
        })
    });
    let resize = move |name: String, w: bool| {
        Callback::new(move |text: String| {
            with_number(store, &text, "the size", |v: u32| {
                let (width, height) = size.get_untracked();
                let (width, height) = if w { (v, height) } else { (width, v) };
                make(
                    store,
                    Edit::Resize {
                        name: name.clone(),
                        width,
                        height,
                    },
                );
            })
        })
    };
    view! {
        <div class="field-row">
            <Field label="Width" testid="prop-width" number=true
                value=Signal::derive(move || size.get().0.to_string()) apply=resize(name.clone(), true)/>
            <Field label="Height" testid="prop-height" number=true
                value=Signal::derive(move || size.get().1.to_string()) apply=resize(name, false)/>
        </div>
    }
}

/// "Create N figures of type T" on a group (or any place that holds many).
fn create_figures(store: Store, place: String) -> impl IntoView {
    let count = RwSignal::new("12".to_string());
    let kind = RwSignal::new("match".to_string());
    let create = move |_| {
        let Ok(n) = number::<u32>(&count.get_untracked(), "how many") else {
            store.say("Type how many figures to make, like 12.", Tone::Problem);
            return;
        };
        let kind = kind.get_untracked().trim().to_string();
        let edit = Edit::CreateFigures {
            place: place.clone(),
            kind: kind.clone(),
            count: n,
        };
        if make(store, edit) {
            store.say(format!("Made {n} × {kind} on {place}."), Tone::Info);
        }
    };
    view! {
        <fieldset class="create-figures">
            <legend>"Fill it with figures"</legend>
            <div class="field-row">
                <label class="field">
                    <span>"How many"</span>
                    <input type="number" min="1" max="200" inputmode="numeric" data-testid="create-count"
                        prop:value=move || count.get() on:input=move |ev| count.set(event_target_value(&ev))/>
                </label>
                <label class="field">
                    <span>"Type"</span>
                    <input type="text" list="figure-types" data-testid="create-type"
                        prop:value=move || kind.get() on:input=move |ev| kind.set(event_target_value(&ev))/>
                </label>
            </div>
            <button data-testid="create-figures" on:click=create>"Create figures"</button>
        </fieldset>
    }
}

fn equipment_fields(store: Store, name: String, kind: EquipmentKind) -> impl IntoView {
    let n = name.clone();
    let capacity = Signal::derive(move || {
        store.with_game(|g| {
            g.equipment
                .iter()
                .find(|e| e.name == n)
                .and_then(|e| e.capacity)
                .map(|c| c.to_string())
                .unwrap_or_default()
        })
    });
    let n = name.clone();
    let set_capacity = Callback::new(move |text: String| {
        if text.trim().is_empty() {
            set(store, &n, Property::Capacity(None));
        } else {
            with_number(store, &text, "the capacity", |c: u32| {
                set(store, &n, Property::Capacity(Some(c)))
            });
        }
    });
    let usual = match kind.default_capacity() {
        Some(1) => "usual: 1",
        Some(_) => "usual",
        None => "no limit",
    };
    let grid = match kind {
        EquipmentKind::Board { rows, columns } => {
            let (n1, n2) = (name.clone(), name.clone());
            let rows_now = Signal::derive(move || rows.to_string());
            let columns_now = Signal::derive(move || columns.to_string());
            let set_rows = Callback::new(move |t: String| {
                with_number(store, &t, "the rows", |r: u16| {
                    set(store, &n1, Property::BoardSize { rows: r, columns })
                })
            });
            let set_columns = Callback::new(move |t: String| {
                with_number(store, &t, "the columns", |c: u16| {
                    set(store, &n2, Property::BoardSize { rows, columns: c })
                })
            });
            view! {
                <div class="field-row">
                    <Field label="Rows" testid="board-rows" number=true value=rows_now apply=set_rows/>
                    <span class="times" aria-hidden="true">"×"</span>
                    <Field label="Columns" testid="board-columns" number=true value=columns_now apply=set_columns/>
                </div>
            }
            .into_any()
        }
        EquipmentKind::Track { length, ring } => {
            let (n1, n2) = (name.clone(), name.clone());
            let set_length = Callback::new(move |t: String| {
                with_number(store, &t, "the length", |l: u16| {
                    set(store, &n1, Property::TrackLength(l))
                })
            });
            view! {
                <Field label="Squares" testid="track-length" number=true
                    value=Signal::derive(move || length.to_string()) apply=set_length/>
                <Check label="A ring (the last square leads to the first)" testid="track-ring"
                    value=Signal::derive(move || ring) apply=Callback::new(move |r| set(store, &n2, Property::Ring(r)))/>
            }
            .into_any()
        }
        EquipmentKind::Points => view! { <super::dots::DotsFields board=name.clone()/> }.into_any(),
        _ => ().into_any(),
    };
    let fill = matches!(
        kind,
        EquipmentKind::Group | EquipmentKind::Basket | EquipmentKind::Square
    )
    .then(|| create_figures(store, name.clone()));
    view! {
        {grid}
        {fill}
        <Field label="Holds how many figures" testid="prop-capacity" number=true placeholder=usual
            value=capacity apply=set_capacity/>
        {colour_field(store, name.clone(), false)}
        {size_fields(store, name.clone())}
        {attributes_field(store, name.clone())}
        {looks_field(store, name)}
    }
}

/// How the attributes of a piece of equipment (and of its squares) look on
/// the table: a colour and a pattern for each value, saved in the layout.
fn looks_field(store: Store, name: String) -> impl IntoView {
    let values = Memo::new(move |_| store.with_game(|g| attribute_values(g, &name)));
    let patterns: Vec<(String, String)> = std::iter::once((String::new(), "no pattern".to_string()))
        .chain(
            LookPattern::ALL
                .iter()
                .map(|p| (p.word().to_string(), p.word().to_string())),
        )
        .collect();
    move || {
        let values = values.get();
        (!values.is_empty()).then(|| {
            let rows = values
                .into_iter()
                .map(|(key, value)| {
                    let current = {
                        let (k, v) = (key.clone(), value.clone());
                        Memo::new(move |_| store.with_game(|g| look_for(g, &k, &v)))
                    };
                    let change = {
                        let (k, v) = (key.clone(), value.clone());
                        move |colour: Option<String>, pattern: Option<LookPattern>| {
                            make(
                                store,
                                Edit::Look {
                                    attribute: k.clone(),
                                    value: v.clone(),
                                    colour,
                                    pattern,
                                },
                            );
                        }
                    };
                    let (c1, c2) = (change.clone(), change);
                    let testid = format!("look-{key}");
                    view! {
                        <li class="look-row">
                            <span class="look-name">{format!("{key} = {value}")}</span>
                            <input type="color" data-testid=format!("{testid}-colour")
                                aria-label=format!("The colour of {key} = {value}")
                                prop:value=move || current.with(|l| l.as_ref().and_then(|l| l.colour.clone()).unwrap_or_else(|| "#ffffff".into()))
                                on:change=move |ev| {
                                    let pattern = current.with_untracked(|l| l.as_ref().and_then(|l| l.pattern));
                                    c1(Some(event_target_value(&ev)), pattern)
                                }/>
                            <select data-testid=format!("{testid}-pattern")
                                aria-label=format!("The pattern of {key} = {value}")
                                on:change=move |ev| {
                                    let colour = current.with_untracked(|l| l.as_ref().and_then(|l| l.colour.clone()));
                                    c2(colour, LookPattern::from_word(&event_target_value(&ev)))
                                }>
                                {patterns.iter().map(|(word, label)| {
                                    let w = word.clone();
                                    view! {
                                        <option value=word.clone()
                                            selected=move || current.with(|l| l.as_ref().and_then(|l| l.pattern).map_or(String::new(), |p| p.word().to_string()) == w)>
                                            {label.clone()}
                                        </option>
                                    }
                                }).collect_view()}
                            </select>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <fieldset class="looks" data-testid="looks">
                    <legend>"How they look"</legend>
                    <p class="panel-hint">"Give an attribute a colour and a pattern, so everyone sees what it means."</p>
                    <ul>{rows}</ul>
                </fieldset>
            }
        })
    }
}

fn figure_fields(store: Store, name: String) -> impl IntoView {
    let n = name.clone();
    let figure = Memo::new(move |_| store.with_game(|g| g.figures.iter().find(|f| f.name == n).cloned()));
    let n = name.clone();
    let set_type = Callback::new(move |t: String| set(store, &n, Property::Type(t.trim().to_string())));
    let n = name.clone();
    let set_owner = Callback::new(move |o: String| set(store, &n, Property::Owner(o.parse().ok())));
    let n = name.clone();
    let put = Callback::new(move |p: String| {
        make(
            store,
            Edit::PutFigure {
                figure: n.clone(),
                place: Some(p),
            },
        );
    });
    let places: Vec<(String, String)> = store.with_game(|g| {
        g.equipment
            .iter()
            .flat_map(|e| {
                if is_grid(&e.kind) {
                    square_names(&e.name, &e.kind)
                } else {
                    vec![e.name.clone()]
                }
            })
            .filter(|p| place(g, p).is_some())
            .map(|p| (p.clone(), p))
            .collect()
    });
    let players = store.with_game(|g| g.players);
    let mut owners = vec![(String::new(), "nobody".to_string())];
    owners.extend((1..=players.max(1)).map(|p| (p.to_string(), format!("player {p}"))));
    view! {
        <Field label="Type" testid="prop-type"
            value=Signal::derive(move || figure.with(|f| f.as_ref().map(|f| f.kind.clone()).unwrap_or_default()))
            apply=set_type/>
        <Choice label="Belongs to" testid="prop-owner" options=owners
            value=Signal::derive(move || figure.with(|f| f.as_ref().and_then(|f| f.owner).map(|o| o.to_string()).unwrap_or_default()))
            apply=set_owner/>
        <Choice label="Lies on" testid="prop-place" options=places
            value=Signal::derive(move || figure.with(|f| f.as_ref().map(|f| f.origin.clone()).unwrap_or_default()))
            apply=put/>
        {colour_field(store, name.clone(), true)}
        {attributes_field(store, name)}
    }
}

fn trigger_fields(store: Store, name: String) -> impl IntoView {
    let n = name.clone();
    let trigger = Memo::new(move |_| store.with_game(|g| g.triggers.iter().find(|t| t.name == n).cloned()));
    let n = name.clone();
    let value = move || trigger.with(|t| t.as_ref().map(|t| t.value.clone()));
    let value_field = match value() {
        Some(TriggerValue::YesNo(_)) => view! {
            <Check label="Starts as yes" testid="prop-value"
                value=Signal::derive(move || matches!(value(), Some(TriggerValue::YesNo(true))))
                apply=Callback::new(move |v| set(store, &n, Property::Value(TriggerValue::YesNo(v))))/>
        }
        .into_any(),
        Some(TriggerValue::Number(_)) => view! {
            <Field label="Starts at" testid="prop-value" number=true
                value=Signal::derive(move || match value() { Some(TriggerValue::Number(v)) => v.to_string(), _ => String::new() })
                apply=Callback::new(move |t: String| with_number(store, &t, "the value", |v: i64| {
                    set(store, &n, Property::Value(TriggerValue::Number(v)))
                }))/>
        }
        .into_any(),
        _ => view! {
            <Field label="Starts as" testid="prop-value"
                value=Signal::derive(move || match value() { Some(TriggerValue::Text(v)) => v, _ => String::new() })
                apply=Callback::new(move |t: String| set(store, &n, Property::Value(TriggerValue::Text(t))))/>
        }
        .into_any(),
    };
    let n = name.clone();
    view! {
        {value_field}
        <Check label="Shown on the table" testid="prop-visible"
            value=Signal::derive(move || trigger.with(|t| t.as_ref().is_some_and(|t| t.visible)))
            apply=Callback::new(move |v| set(store, &n, Property::Visible(v)))/>
        {colour_field(store, name.clone(), false)}
        {size_fields(store, name)}
    }
}

/// The choices of the number of players: 1 (a puzzle) to 4.
fn player_counts() -> Vec<(String, String)> {
    (1..=MAX_PLAYERS)
        .map(|p| {
            (
                p.to_string(),
                if p == 1 {
                    "1 (a puzzle)".into()
                } else {
                    p.to_string()
                },
            )
        })
        .collect()
}

fn game_fields(store: Store) -> impl IntoView {
    let title = Signal::derive(move || store.with_game(|g| g.title.clone()));
    let players = Signal::derive(move || store.with_game(|g| g.players.to_string()));
    let description = move || store.with_game(|g| g.description.clone());
    view! {
        <h2>"The game"</h2>
        <p class="panel-hint">"Choose something on the table to see and change it here."</p>
        <Field label="Title" testid="game-title-input" value=title
            apply=Callback::new(move |t: String| { make(store, Edit::Title(t)); })/>
        <div class="field">
            <label for="field-game-description">"What the players read first"</label>
            <textarea id="field-game-description" data-testid="game-description" rows="4"
                prop:value=description
                on:change=move |ev| { make(store, Edit::Description(event_target_value(&ev))); }>
            </textarea>
        </div>
        <Choice label="Players" testid="game-players"
            options=player_counts()
            value=players
            apply=Callback::new(move |p: String| { make(store, Edit::Players(p.parse().unwrap_or(2))); })/>
        {dice_fields(store)}
    }
}

/// The game's dice: each with its number of faces (2 to 20) and a way to
/// take it away, and a button to add one.
fn dice_fields(store: Store) -> impl IntoView {
    let names = move || store.with_game(|g| g.dice.iter().map(|d| d.name.clone()).collect::<Vec<_>>());
    let faces: Vec<(String, String)> = DIE_FACES.map(|n| (n.to_string(), n.to_string())).collect();
    view! {
        <div class="dice-fields" data-testid="dice-fields">
            {move || names().into_iter().map(|name| {
                let (of, gone) = (name.clone(), name.clone());
                let value = Signal::derive(move || store.with_game(|g| {
                    g.dice.iter().find(|d| d.name == of).map(|d| d.faces.to_string()).unwrap_or_default()
                }));
                let label = if name == "die" { "Faces of the die".to_string() } else { format!("Faces of {name}") };
                let apply = Callback::new({
                    let name = name.clone();
                    move |f: String| {
                        if let Ok(faces) = f.parse() {
                            make(store, Edit::Dice(DiceChange::Faces { die: name.clone(), faces }));
                        }
                    }
                });
                view! {
                    <div class="die-field">
                        <Choice label=label testid=format!("die-faces-{name}") options=faces.clone() value apply/>
                        <button data-testid=format!("remove-die-{name}")
                            on:click=move |_| { make(store, Edit::Dice(DiceChange::Remove { die: gone.clone() })); }>
                            "Take the die away"
                        </button>
                    </div>
                }
            }).collect_view()}
            {move || (names().len() < MAX_DICE).then(|| view! {
                <button data-testid="add-die" on:click=move |_| { make(store, Edit::Dice(DiceChange::Add)); }>
                    <span aria-hidden="true">"⚄ "</span>"Add a die"
                </button>
            })}
        </div>
    }
}

fn selection_actions(store: Store) -> impl IntoView {
    view! {
        <div class="selection-actions">
            <button data-testid="duplicate" title="Duplicate: make a copy"
                on:click=move |_| duplicate_selection(store)>
                {copy_icon()}"Copy"
            </button>
            <button class="danger" data-testid="delete" on:click=move |_| delete_selection(store)>
                {bin_icon()}"Delete"
            </button>
        </div>
    }
}

/// The properties of the selection, or of the game.
#[component]
pub fn Properties() -> impl IntoView {
    let store = Store::get();
    let what = Memo::new(move |_| store.selection.with(|s| store.with_game(|g| shown(g, s))));
    view! {
        <datalist id="figure-types">
            {FIGURE_TYPES.iter().map(|t| view! { <option value=*t/> }).collect_view()}
        </datalist>
        <div class="properties" data-testid="properties">
            {move || match what.get() {
                Shown::Game => game_fields(store).into_any(),
                Shown::Several(n) => view! {
                    <h2>{format!("{n} things chosen")}</h2>
                    <p class="panel-hint">"Drag one of them to move them all together."</p>
                    {selection_actions(store)}
                }
                .into_any(),
                Shown::Equipment(name, kind) => view! {
                    <h2>{if kind == EquipmentKind::Points { "board of dots" } else { kind.type_name() }}</h2>
                    {name_field(store, name.clone())}
                    {selection_actions(store)}
                    {equipment_fields(store, name, kind)}
                }
                .into_any(),
                Shown::Figure(name) => view! {
                    <h2>"figure"</h2>
                    {name_field(store, name.clone())}
                    {selection_actions(store)}
                    {figure_fields(store, name)}
                }
                .into_any(),
                Shown::Trigger(name, kind) => view! {
                    <h2>{format!("{kind} trigger")}</h2>
                    {name_field(store, name.clone())}
                    {selection_actions(store)}
                    {trigger_fields(store, name)}
                }
                .into_any(),
            }}
        </div>
    }
}

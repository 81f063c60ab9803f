//! Form fields of the properties panel. A change is applied when the field
//! is left or Enter is pressed (one undoable edit); Esc puts the current
//! value back. A field can check what is typed as it is typed and say what
//! is wrong before anything is applied.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn input_of(ev: &impl AsRef<web_sys::Event>) -> Option<web_sys::HtmlInputElement> {
    ev.as_ref().target()?.dyn_into().ok()
}

/// A one-line text or number field.
#[component]
pub fn Field(
    /// The words beside the field.
    #[prop(into)]
    label: String,
    /// Its `data-testid` (also the base of its element id).
    #[prop(into)]
    testid: String,
    /// The value it shows.
    #[prop(into)]
    value: Signal<String>,
    /// Applies a new value.
    apply: Callback<String>,
    /// Says what is wrong with a value, if anything, as it is typed.
    #[prop(optional)]
    check: Option<Callback<String, Option<String>>>,
    /// `text` (the default) or `number`.
    #[prop(optional)]
    number: bool,
    /// Shown when the field is empty.
    #[prop(into, optional)]
    placeholder: String,
) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let id = format!("field-{testid}");
    let problem_id = format!("{id}-problem");
    let on_input = move |ev: leptos::ev::Event| {
        if let Some(check) = check {
            problem.set(check.run(event_target_value(&ev)));
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let wrong = check.and_then(|c| c.run(text.clone()));
        if wrong.is_none() {
            apply.run(text);
        }
        problem.set(wrong);
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "Enter" => {
            ev.prevent_default();
            if let Some(input) = input_of(&ev) {
                let _ = input.blur();
            }
        }
        "Escape" => {
            if let Some(input) = input_of(&ev) {
                input.set_value(&value.get_untracked());
            }
            problem.set(None);
        }
        _ => {}
    };
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <input id=id type=if number { "number" } else { "text" } data-testid=testid
                placeholder=placeholder
                inputmode=if number { "numeric" } else { "text" }
                aria-invalid=move || problem.with(Option::is_some).to_string()
                aria-describedby=problem_id.clone()
                prop:value=move || value.get()
                on:input=on_input on:change=on_change on:keydown=on_key/>
            <p class="field-problem" id=problem_id role="alert">{move || problem.get()}</p>
        </div>
    }
}

/// A choice from a list (owner, number of players, where a figure lies).
#[component]
pub fn Choice(
    /// The words beside the list.
    #[prop(into)]
    label: String,
    /// Its `data-testid`.
    #[prop(into)]
    testid: String,
    /// The choices: (value, what is shown).
    options: Vec<(String, String)>,
    /// The value chosen now.
    #[prop(into)]
    value: Signal<String>,
    /// Applies a new choice.
    apply: Callback<String>,
) -> impl IntoView {
    let id = format!("field-{testid}");
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select id=id data-testid=testid on:change=move |ev| apply.run(event_target_value(&ev))>
                {options.into_iter().map(|(v, text)| {
                    let current = v.clone();
                    view! {
                        <option value=v prop:selected=move || value.with(|c| *c == current)>{text}</option>
                    }
                }).collect_view()}
            </select>
        </div>
    }
}

/// A yes/no box.
#[component]
pub fn Check(
    /// The words beside the box.
    #[prop(into)]
    label: String,
    /// Its `data-testid`.
    #[prop(into)]
    testid: String,
    /// Whether it is ticked now.
    #[prop(into)]
    value: Signal<bool>,
    /// Applies a change.
    apply: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="field check">
            <input type="checkbox" data-testid=testid prop:checked=move || value.get()
                on:change=move |ev| apply.run(event_target_checked(&ev))/>
            <span>{label}</span>
        </label>
    }
}

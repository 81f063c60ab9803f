//! Asking before something that can't be taken back: a modal dialog with a
//! question, a button that does it and one that keeps things as they are
//! (Esc too). Any part of the page asks through the [`Confirm`] context.

use leptos::html;
use leptos::prelude::*;

/// What to ask, and what to do on yes.
#[derive(Clone)]
pub struct Question {
    pub title: &'static str,
    pub text: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub on_yes: Callback<()>,
}

/// The page's one question at a time.
#[derive(Clone, Copy)]
pub struct Confirm(RwSignal<Option<Question>>);

impl Confirm {
    /// Makes the context for the components below.
    pub fn provide() -> Confirm {
        let confirm = Confirm(RwSignal::new(None));
        provide_context(confirm);
        confirm
    }

    /// The page's confirm context.
    pub fn get() -> Confirm {
        expect_context::<Confirm>()
    }

    /// Shows the question; `on_yes` runs only if the answer is yes.
    pub fn ask(&self, question: Question) {
        self.0.set(Some(question));
    }
}

/// The dialog that asks.
#[component]
pub fn ConfirmDialog() -> impl IntoView {
    let Confirm(question) = Confirm::get();
    let dialog = NodeRef::<html::Dialog>::new();
    Effect::new(move |_| {
        let shown = question.with(Option::is_some);
        let Some(el) = dialog.get() else { return };
        if shown && !el.open() {
            let _ = el.show_modal();
        } else if !shown && el.open() {
            el.close();
        }
    });
    let yes = move |_| {
        let asked = question.get_untracked();
        question.set(None);
        if let Some(q) = asked {
            q.on_yes.run(());
        }
    };
    view! {
        <dialog class="confirm" node_ref=dialog data-testid="confirm" aria-labelledby="confirm-title"
            aria-describedby="confirm-text" on:close=move |_| question.set(None)>
            {move || question.get().map(|q| view! {
                <h2 id="confirm-title">{q.title}</h2>
                <p id="confirm-text">{q.text}</p>
                <div class="confirm-actions">
                    <button data-testid="confirm-no" autofocus on:click=move |_| question.set(None)>
                        {q.no}
                    </button>
                    <button class="danger" data-testid="confirm-yes" on:click=yes>{q.yes}</button>
                </div>
            })}
        </dialog>
    }
}

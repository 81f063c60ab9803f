//! Small line pictures for the file buttons and messages (drawn, so they
//! look the same on every device, with or without an emoji font).

use leptos::prelude::*;

/// The pictures this module draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    New,
    Examples,
    Open,
    Save,
    Warning,
    Drop,
    Tabs,
    Ok,
    Share,
}

fn paths(icon: Icon) -> &'static [&'static str] {
    match icon {
        Icon::New => &["M6 3h8l5 5v13H6z", "M14 3v5h5", "M12.5 11v7M9 14.5h7"],
        Icon::Examples => &[
            "M4 4h16v16H4z",
            "M8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01",
        ],
        Icon::Open => &["M3 7V5h6l2 2h9v3", "M3 7v12h15l3-9H6l-3 9"],
        Icon::Save => &["M12 3v12", "M7 10l5 5 5-5", "M4 17v3h16v-3"],
        Icon::Warning => &["M12 3l10 18H2z", "M12 10v5", "M12 18h.01"],
        Icon::Drop => &["M12 3v11", "M7 9l5 5 5-5", "M3 14v6h18v-6"],
        Icon::Tabs => &["M3 6h7l2 2h9v12H3z", "M3 10h18"],
        Icon::Ok => &["M5 12l5 5 9-10"],
        Icon::Share => &[
            "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2",
            "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2",
        ],
    }
}

/// An icon in the current text colour, hidden from screen readers (the
/// button or message beside it carries the words).
pub fn icon(which: Icon) -> impl IntoView {
    view! {
        <svg class="file-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"
            fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"
            stroke-linejoin="round">
            {paths(which).iter().map(|d| view! { <path d=*d/> }).collect_view()}
        </svg>
    }
}

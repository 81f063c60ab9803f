//! Pictures of the things in the box, drawn in a 60 × 60 square. Figures
//! are drawn by [`FigureShape`], as on the table.

use crate::ui::figures::FigureShape;
use leptos::prelude::*;
use tablecraft_app::editor::toolbox::BoxItem;
use tablecraft_app::table::geometry::Rect;
use tablecraft_app::table::scene::{figure_colour, FigureView, Marks};

const EDGE: &str = "#4a3012";

fn figure(kind: &str) -> AnyView {
    let view = FigureView {
        name: String::new(),
        kind: kind.to_string(),
        colour: figure_colour(None, 0),
        owner: 0,
        rect: Rect::new(4.0, 4.0, 52.0, 52.0),
        place: String::new(),
        marks: Marks::default(),
        corner: None,
        back: false,
        covered: false,
    };
    view! { <FigureShape figure=view faded=false picture=true/> }.into_any()
}

fn cells(n: u16, rows: u16) -> impl IntoView {
    let (x0, y0, side) = if rows > 1 {
        (8.0, 8.0, 44.0)
    } else {
        (2.0, 22.0, 56.0)
    };
    let w = side / f64::from(n);
    let h = if rows > 1 { side / f64::from(rows) } else { 16.0 };
    (0..rows)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .map(|(r, c)| {
            let fill = if (r + c) % 2 == 0 { "#9c6b3c" } else { "#f6e7c8" };
            view! {
                <rect x=x0 + f64::from(c) * w y=y0 + f64::from(r) * h width=w height=h fill=fill
                    stroke=EDGE stroke-width=1/>
            }
        })
        .collect_view()
}

/// Three rows of three dots joined in rows and columns.
fn dots() -> AnyView {
    let at = [10.0, 30.0, 50.0];
    let lines = at.iter().flat_map(|&v| {
        [(10.0, v, 50.0, v), (v, 10.0, v, 50.0)].map(|(x1, y1, x2, y2)| {
            view! { <line x1=x1 y1=y1 x2=x2 y2=y2 stroke=EDGE stroke-width=2/> }
        })
    });
    let dots = at.iter().flat_map(|&x| {
        at.map(|y| view! { <circle cx=x cy=y r=5 fill="#f6e7c8" stroke=EDGE stroke-width=2/> })
    });
    view! { <g>{lines.collect_view()}{dots.collect_view()}</g> }.into_any()
}

fn trigger(text: &'static str) -> AnyView {
    view! {
        <rect x=3 y=16 width=54 height=28 rx=8 fill="#fffaf0" stroke=EDGE stroke-width=2/>
        <text x=30 y=30 text-anchor="middle" dominant-baseline="central" font-size=16
            font-weight="700" fill="#1f2430">{text}</text>
    }
    .into_any()
}

/// The picture of one item of the box.
pub fn picture(item: BoxItem) -> AnyView {
    match item {
        BoxItem::Square => view! {
            <rect x=10 y=10 width=40 height=40 rx=5 fill="#f6e7c8" stroke=EDGE stroke-width=2.5/>
        }
        .into_any(),
        BoxItem::Group => view! {
            <rect x=4 y=12 width=52 height=36 rx=12 fill="#e9d3a8" stroke=EDGE stroke-width=2.5
                stroke-dasharray="6 4"/>
            <circle cx=20 cy=30 r=5 fill="#c0392b"/>
            <circle cx=32 cy=26 r=5 fill="#c0392b"/>
            <circle cx=40 cy=35 r=5 fill="#c0392b"/>
        }
        .into_any(),
        BoxItem::Basket => view! {
            <path d="M 8 22 L 52 22 L 46 52 L 14 52 Z" fill="#b07a3f" stroke=EDGE stroke-width=2.5/>
            <path d="M 18 22 Q 30 0 42 22" fill="none" stroke=EDGE stroke-width=3/>
            <path d="M 12 32 L 48 32 M 14 42 L 46 42" stroke=EDGE stroke-width=1.5/>
        }
        .into_any(),
        BoxItem::Board => cells(3, 3).into_any(),
        BoxItem::Track => cells(5, 1).into_any(),
        BoxItem::Dots => dots(),
        BoxItem::Figure(kind) => figure(kind),
        BoxItem::OtherFigure => figure("?"),
        BoxItem::Number => trigger("12"),
        BoxItem::YesNo => trigger("✓ ✗"),
        BoxItem::Text => trigger("abc"),
    }
}

/// A small picture of two sheets, for Duplicate.
pub fn copy_icon() -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
            <rect x=2 y=2 width=11 height=11 rx=2 fill="none" stroke="currentColor" stroke-width=2/>
            <rect x=7 y=7 width=11 height=11 rx=2 fill="#fffaf0" stroke="currentColor" stroke-width=2/>
        </svg>
    }
}

/// A small picture of a bin, for Delete.
pub fn bin_icon() -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M 3 5 L 17 5 M 8 5 L 8 2.5 L 12 2.5 L 12 5 M 5 5 L 6 18 L 14 18 L 15 5"
                fill="none" stroke="currentColor" stroke-width=2 stroke-linejoin="round"/>
            <path d="M 8.5 8 L 8.5 15 M 11.5 8 L 11.5 15" stroke="currentColor" stroke-width=1.5/>
        </svg>
    }
}

//! Pictures of figures: one shape per type, so a match looks like a match
//! and players' pieces differ by shape as well as colour.

use leptos::prelude::*;
use tablecraft_app::table::cards::CARD;
use tablecraft_app::table::scene::{FigureView, BACK};

/// The outline colour that keeps a figure visible on any fill.
fn outline(colour: &str) -> &'static str {
    let dark = ["#2b2b33", "black", "#000", "#000000", "#222", "#333"];
    if dark.contains(&colour.trim()) {
        "#f4f1e8"
    } else {
        "#1f2430"
    }
}

/// One figure, drawn inside its rectangle.
#[component]
pub fn FigureShape(
    /// The figure and where it is.
    figure: FigureView,
    /// Drawn faintly (while its ghost is being dragged).
    faded: bool,
    /// On the table: the `id` the keyboard's attention refers to, and the
    /// name a screen reader reads.
    #[prop(optional)]
    keyboard: Option<(String, String)>,
    /// A picture of the figure elsewhere (a player's token, a choice, a
    /// rule's card): it carries no name, so the table's figure is the only
    /// one a test or a script finds by its name.
    #[prop(optional)]
    picture: bool,
) -> impl IntoView {
    let r = figure.rect;
    let (cx, cy) = (r.x + r.width / 2.0, r.y + r.height / 2.0);
    let s = r.width.min(r.height);
    let fill = figure.colour.clone();
    let line = outline(&fill);
    let mut class = format!("figure kind-{} owner-{}", css_name(&figure.kind), figure.owner);
    for (on, name) in [
        (figure.marks.selected, " selected"),
        (figure.marks.target, " target"),
        (figure.marks.problem, " problem"),
        (figure.marks.hint, " hint"),
        (faded, " faded"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    let shape = match figure.kind.as_str() {
        "match" => {
            let w = s * 0.16;
            view! {
                <rect x=cx - w / 2.0 y=r.y + s * 0.12 width=w height=r.height * 0.8 rx=w / 2.0
                    fill="#e9c46a" stroke="#7a5c1e" stroke-width=1.5/>
                <circle cx=cx cy=r.y + s * 0.16 r=w * 0.75 fill="#c0392b" stroke="#6d1a12" stroke-width=1.5/>
            }
            .into_any()
        }
        "cross" => {
            let d = s * 0.32;
            let path = format!(
                "M {} {} L {} {} M {} {} L {} {}",
                cx - d,
                cy - d,
                cx + d,
                cy + d,
                cx + d,
                cy - d,
                cx - d,
                cy + d
            );
            view! {
                <path d=path.clone() stroke=line stroke-width=s * 0.22 stroke-linecap="round"/>
                <path d=path stroke=fill stroke-width=s * 0.13 stroke-linecap="round"/>
            }
            .into_any()
        }
        "circle" => view! {
            <circle cx=cx cy=cy r=s * 0.32 fill="none" stroke=line stroke-width=s * 0.2/>
            <circle cx=cx cy=cy r=s * 0.32 fill="none" stroke=fill stroke-width=s * 0.11/>
        }
        .into_any(),
        "crown" | "king" | "queen" => {
            let w = s * 0.34;
            let top = cy - s * 0.12;
            let crown = format!(
                "M {} {} L {} {} L {} {} L {} {} L {} {} L {} {} Z",
                cx - w,
                cy + w * 0.5,
                cx - w,
                top - w * 0.3,
                cx - w * 0.4,
                top,
                cx,
                top - w * 0.55,
                cx + w * 0.4,
                top,
                cx + w,
                top - w * 0.3
            );
            let crown = format!(
                "{crown} M {} {} L {} {}",
                cx + w,
                top - w * 0.3,
                cx + w,
                cy + w * 0.5
            );
            view! {
                <circle cx=cx cy=cy r=s * 0.44 fill=fill.clone() stroke=line stroke-width=2/>
                <path d=crown fill="#f1c40f" stroke="#7a5c1e" stroke-width=1.5/>
            }
            .into_any()
        }
        "pawn" => {
            let path = format!(
                "M {} {} L {} {} Q {} {} {} {} Z",
                cx - s * 0.3,
                r.y + s * 0.9,
                cx + s * 0.3,
                r.y + s * 0.9,
                cx,
                r.y + s * 0.2,
                cx - s * 0.3,
                r.y + s * 0.9
            );
            view! {
                <path d=path fill=fill.clone() stroke=line stroke-width=2/>
                <circle cx=cx cy=r.y + s * 0.3 r=s * 0.16 fill=fill stroke=line stroke-width=2/>
            }
            .into_any()
        }
        "key" => {
            // A ring to hold it by, a shaft and two teeth.
            let p = |dx: f64, dy: f64| format!("{} {}", cx + s * dx, cy + s * dy);
            let shaft = format!(
                "M {} L {} L {} L {} L {} L {} L {} L {} L {} L {} Z",
                p(-0.06, -0.07),
                p(0.4, -0.07),
                p(0.4, 0.2),
                p(0.32, 0.2),
                p(0.32, 0.07),
                p(0.25, 0.07),
                p(0.25, 0.17),
                p(0.17, 0.17),
                p(0.17, 0.07),
                p(-0.06, 0.07)
            );
            view! {
                <path d=shaft fill=fill.clone() stroke=line stroke-width=1.5 stroke-linejoin="round"/>
                <circle cx=cx - s * 0.2 cy=cy r=s * 0.2 fill=fill stroke=line stroke-width=2/>
                <circle cx=cx - s * 0.2 cy=cy r=s * 0.075 fill="#fdfaf0" stroke=line stroke-width=1.5/>
            }
            .into_any()
        }
        "ball" => view! {
            <circle cx=cx cy=cy r=s * 0.4 fill=fill stroke=line stroke-width=2/>
            <circle cx=cx - s * 0.12 cy=cy - s * 0.12 r=s * 0.1 fill="#ffffff" opacity=0.7/>
        }
        .into_any(),
        "stone" => view! {
            <circle cx=cx cy=cy r=s * 0.42 fill=fill stroke=line stroke-width=2/>
            <circle cx=cx cy=cy r=s * 0.26 fill="none" stroke=line stroke-width=1.5 opacity=0.6/>
        }
        .into_any(),
        // A playing card, upright in its cell: its corner ("7♥") and its
        // suit big in the middle, in the card's colour.
        CARD => {
            let (w, h) = (s * 0.7, s * 0.94);
            let (x, y) = (cx - w / 2.0, cy - h / 2.0);
            let corner = figure.corner.clone().unwrap_or_default();
            let suit: String = corner
                .chars()
                .last()
                .filter(|c| !c.is_ascii())
                .map(String::from)
                .unwrap_or_default();
            view! {
                <rect x=x y=y width=w height=h rx=s * 0.08 fill="#fffdf7" stroke="#1f2430" stroke-width=1.5/>
                <text x=x + s * 0.05 y=y + s * 0.05 dominant-baseline="hanging" fill=fill.clone()
                    font-size=s * 0.24 font-weight=700>{corner}</text>
                <text x=cx y=cy + s * 0.12 text-anchor="middle" dominant-baseline="central" fill=fill
                    font-size=s * 0.42>{suit}</text>
            }
            .into_any()
        }
        // A card nobody may see from here: its back.
        BACK => {
            let (w, h) = (s * 0.7, s * 0.94);
            let (x, y) = (cx - w / 2.0, cy - h / 2.0);
            let inset = s * 0.07;
            view! {
                <rect x=x y=y width=w height=h rx=s * 0.08 fill=fill stroke="#1f2430" stroke-width=1.5/>
                <rect x=x + inset y=y + inset width=w - 2.0 * inset height=h - 2.0 * inset rx=s * 0.05
                    fill="none" stroke="#f4f1e8" stroke-width=1.5 stroke-dasharray="3 2"/>
            }
            .into_any()
        }
        // The flat round pieces of Reversi, Connect Four, draughts, Awele.
        "disc" | "counter" | "coin" | "checker" | "man" | "piece" | "token" | "seed" => view! {
            <circle cx=cx cy=cy r=s * 0.43 fill=fill.clone() stroke=line stroke-width=2/>
            <circle cx=cx cy=cy r=s * 0.34 fill=fill stroke=line stroke-width=1 opacity=0.45/>
        }
        .into_any(),
        "fox" | "wolf" => {
            let at = |x: f64, y: f64| format!("{} {}", cx + x * s, cy + y * s);
            let head = format!(
                "M {} L {} L {} L {} L {} L {} L {} Z",
                at(-0.38, -0.4),
                at(-0.16, -0.2),
                at(0.16, -0.2),
                at(0.38, -0.4),
                at(0.38, 0.02),
                at(0.0, 0.4),
                at(-0.38, 0.02)
            );
            let muzzle = format!("M {} L {} L {} Z", at(-0.2, 0.1), at(0.0, 0.4), at(0.2, 0.1));
            let fur = if figure.kind == "wolf" {
                "#8d8d99"
            } else {
                "#e67e22"
            };
            view! {
                <path d=head fill=fur stroke=line stroke-width=2 stroke-linejoin="round"/>
                <path d=muzzle fill="#fdf6ec" stroke=line stroke-width=1/>
                <circle cx=cx - s * 0.14 cy=cy - s * 0.04 r=s * 0.05 fill="#1f2430"/>
                <circle cx=cx + s * 0.14 cy=cy - s * 0.04 r=s * 0.05 fill="#1f2430"/>
                <circle cx=cx cy=cy + s * 0.36 r=s * 0.055 fill="#1f2430"/>
            }
            .into_any()
        }
        "goose" | "duck" | "hen" => {
            let at = |x: f64, y: f64| format!("{} {}", cx + x * s, cy + y * s);
            let neck = format!("M {} Q {} {}", at(-0.08, 0.1), at(-0.26, -0.02), at(-0.18, -0.28));
            let beak = format!(
                "M {} L {} L {} Z",
                at(-0.27, -0.34),
                at(-0.44, -0.27),
                at(-0.26, -0.23)
            );
            view! {
                <ellipse cx=cx + s * 0.06 cy=cy + s * 0.16 rx=s * 0.33 ry=s * 0.21 fill="#fbfbf6" stroke=line stroke-width=2/>
                <path d=neck.clone() fill="none" stroke=line stroke-width=s * 0.17 stroke-linecap="round"/>
                <path d=neck fill="none" stroke="#fbfbf6" stroke-width=s * 0.11 stroke-linecap="round"/>
                <circle cx=cx - s * 0.19 cy=cy - s * 0.3 r=s * 0.1 fill="#fbfbf6" stroke=line stroke-width=2/>
                <path d=beak fill="#f39c12" stroke=line stroke-width=1 stroke-linejoin="round"/>
                <circle cx=cx - s * 0.2 cy=cy - s * 0.32 r=s * 0.025 fill="#1f2430"/>
                <path d=format!("M {} L {}", at(0.02, 0.12), at(0.26, 0.12)) stroke=line stroke-width=1.5 opacity=0.5/>
            }
            .into_any()
        }
        other => {
            let letter: String = other.chars().next().unwrap_or('?').to_uppercase().collect();
            view! {
                <rect x=cx - s * 0.4 y=cy - s * 0.4 width=s * 0.8 height=s * 0.8 rx=s * 0.15
                    fill=fill stroke=line stroke-width=2/>
                <text x=cx y=cy text-anchor="middle" dominant-baseline="central" fill=line
                    font-size=s * 0.45>{letter}</text>
            }
            .into_any()
        }
    };
    // Players 2, 3 and 4 carry a small mark, so they differ by shape too.
    let mark = owner_mark(figure.owner, cx, r.y + r.height, s);
    let name = (!picture).then(|| figure.name.clone());
    // A back says nothing of what it is, not even in its tooltip.
    let tip = if figure.back {
        "a card, face down".to_string()
    } else {
        figure.name.clone()
    };
    let testid = name.as_ref().map(|n| format!("figure-{n}"));
    let place = (!picture).then(|| figure.place.clone());
    let tooltip = name.as_ref().map(|_| view! { <title>{tip}</title> });
    let (id, aria) = keyboard.unzip();
    let role = id.is_some().then_some("button");
    view! {
        <g class=class data-figure=name data-place-of=place data-testid=testid
            id=id role=role aria-label=aria>
            <rect class="hit" x=r.x y=r.y width=r.width height=r.height fill="transparent"/>
            {shape}
            {mark}
            {tooltip}
        </g>
    }
}

/// The mark of player 2 (a yellow diamond), 3 (a light triangle) or 4 (a
/// light square) at the foot of a figure `s` wide whose bottom is at
/// `bottom`; none for player 1 and figures of nobody.
pub fn owner_mark(owner: u8, cx: f64, bottom: f64, s: f64) -> Option<impl IntoView> {
    let d = s * 0.1;
    let top = bottom - 3.0 * d;
    let path = match owner {
        2 => format!("M {cx} {top} l {d} {d} l -{d} {d} l -{d} -{d} Z"),
        3 => format!("M {cx} {top} l {d} {} l -{} 0 Z", 2.0 * d, 2.0 * d),
        4 => {
            let h = d * 0.85;
            format!(
                "M {} {} h {} v {} h -{} Z",
                cx - h,
                top + d - h,
                2.0 * h,
                2.0 * h,
                2.0 * h
            )
        }
        _ => return None,
    };
    let fill = if owner == 2 { "#f1c40f" } else { "#fffaf0" };
    Some(view! {
        <path class=format!("owner-mark mark-{owner}") d=path fill=fill stroke="#1f2430" stroke-width=1/>
    })
}

/// A type name usable in a CSS class.
fn css_name(kind: &str) -> String {
    kind.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

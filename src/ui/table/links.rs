//! Drawing the pictures between two places (a ladder, a snake, an arrow)
//! that the app's [`LinkView`] works out, and the small words in the
//! corners of places (a square's number).

use leptos::prelude::*;
use tablecraft_app::table::geometry::Point;
use tablecraft_app::table::links::LinkView;
use tablecraft_app::table::scene::PlaceView;
use tablecraft_engine::model::LinkLook;

/// One link, drawn under the figures; taps go through it to the places.
pub fn link_view(l: &LinkView) -> impl IntoView {
    let testid = format!("link-{}-{}", l.from_place, l.to_place);
    let look = l.look.word();
    let class = format!("link {look}");
    let width = l.size;
    let picture = match l.look {
        LinkLook::Ladder => {
            let ladder = l.ladder();
            // Each piece of wood is drawn twice, dark and wide under light and
            // narrow, so that it shows on dark and light squares alike.
            let wood = |&(a, b): &(Point, Point), w: f64| {
                view! {
                    <line class="ladder-edge" x1=a.x y1=a.y x2=b.x y2=b.y stroke-width=w + width * 0.05/>
                    <line class="ladder-wood" x1=a.x y1=a.y x2=b.x y2=b.y stroke-width=w/>
                }
            };
            view! {
                {ladder.rungs.iter().map(|r| wood(r, width * 0.06)).collect_view()}
                {ladder.rails.iter().map(|r| wood(r, width * 0.08)).collect_view()}
            }
            .into_any()
        }
        LinkLook::Snake => {
            let s = l.snake();
            let dash = format!("{:.1} {:.1}", width * 0.12, width * 0.12);
            let eye = width * 0.045;
            view! {
                <path class="snake-body" d=s.body fill=s.colour stroke=s.dark stroke-width=width * 0.025/>
                <path class="snake-stripes" d=s.stripes stroke=s.dark stroke-width=width * 0.06
                    stroke-dasharray=dash fill="none"/>
                <circle class="snake-head" cx=s.head.x cy=s.head.y r=s.head_radius fill=s.colour
                    stroke=s.dark stroke-width=width * 0.025/>
                {s.eyes.iter().map(|e| view! {
                    <circle class="snake-eye" cx=e.x cy=e.y r=eye/>
                }).collect_view()}
            }
            .into_any()
        }
        LinkLook::Arrow => {
            let a = l.arrow();
            let (p, q) = a.line;
            view! {
                <line class="arrow-line" x1=p.x y1=p.y x2=q.x y2=q.y stroke-width=width * 0.08/>
                <path class="arrow-point" d=a.point/>
            }
            .into_any()
        }
    };
    view! {
        <g class=class data-testid=testid data-look=look aria-hidden="true">{picture}</g>
    }
}

/// The small word in a place's top left corner (a square's number), over
/// the links so it stays readable, under the figures.
pub fn corner_label(p: &PlaceView) -> Option<impl IntoView> {
    let text = p.label.clone()?;
    let r = p.rect;
    let size = (r.width.min(r.height) * 0.28).clamp(6.0, 22.0);
    let testid = format!("label-{}", p.name);
    Some(view! {
        <text class="corner-label" data-testid=testid x=r.x + size * 0.25 y=r.y + size * 0.95
            font-size=size aria-hidden="true">{text}</text>
    })
}

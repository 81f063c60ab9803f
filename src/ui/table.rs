//! The table: an SVG drawing of a [`Scene`], and the pointer events on it
//! in table coordinates. What a press or a drag means is up to the mode.

use super::figures::FigureShape;
use leptos::prelude::*;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use tablecraft_app::access::{self, Answer, Command, Cursor, Item, Key};
pub use tablecraft_app::gesture::{Phase, Pointer};
use tablecraft_app::table::frame::{frame, labelled};
use tablecraft_app::table::geometry::{Point, Rect};
use tablecraft_app::table::looks::pattern_path;
use tablecraft_app::table::scene::{
    same_place, AttributeLook, FigureView, PlaceLook, PlaceView, Scene, TriggerView,
};
use tablecraft_engine::model::LookPattern;
use wasm_bindgen::JsCast;

mod links;

/// A place or figure as drawn, with what a screen reader says of it: the
/// key by which the table keeps the drawing of each one that has not
/// changed, so that a move redraws the few places and figures it changes,
/// not every square of the board. The lists hold each in an `Arc`, so that
/// the key is the item itself: no copy of every square's drawing and words
/// is made for its key at each move.
#[derive(Clone)]
struct Drawn<T> {
    view: T,
    aria: String,
}

impl<T: Drawing> PartialEq for Drawn<T> {
    fn eq(&self, other: &Self) -> bool {
        self.view.same(&other.view) && self.aria == other.aria
    }
}

/// Equal drawings are the same drawing. A coordinate that is not a number
/// would make a drawing unequal to itself: it is then only drawn again each
/// time, as before.
impl<T: Drawing> Eq for Drawn<T> {}

/// By the name alone, which equal drawings share; the rest is compared.
impl<T: Drawing> Hash for Drawn<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.view.name().hash(state);
    }
}

/// What a drawing is of, and whether two are drawn alike.
trait Drawing {
    fn name(&self) -> &str;
    fn same(&self, other: &Self) -> bool;
}

/// A place: the scenes of a game in play share each place whose marks have
/// not changed, so most are known to be alike without reading their words.
impl Drawing for Arc<PlaceView> {
    fn name(&self) -> &str {
        &self.name
    }
    fn same(&self, other: &Self) -> bool {
        same_place(self, other)
    }
}

/// A figure, and whether it is drawn faintly (held).
impl Drawing for (FigureView, bool) {
    fn name(&self) -> &str {
        &self.0.name
    }
    fn same(&self, other: &Self) -> bool {
        self == other
    }
}

/// What is drawn above the table while dragging.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overlay {
    /// The held figure, drawn where the pointer is.
    pub ghost: Option<FigureView>,
    /// A selection rectangle.
    pub rubber: Option<Rect>,
    /// A dot of a board of dots pulled from the first point to the second;
    /// yes when dropping it now joins it to the dot there.
    pub pull: Option<(Point, Point, bool)>,
}

/// The `data-testid` of the table's SVG element.
pub const TABLE_ID: &str = "table";

/// Converts a point on the screen to table coordinates, using the table's
/// SVG element (drawn with `xMidYMid meet`). `None` when there is no table
/// or the point is outside the part of it shown.
pub fn client_to_table(client_x: f64, client_y: f64) -> Option<Point> {
    let document = web_sys::window()?.document()?;
    let svg = document
        .query_selector(&format!("[data-testid='{TABLE_ID}']"))
        .ok()??;
    let p = to_table(&svg, client_x, client_y)?;
    view_box(&svg)?.contains(p).then_some(p)
}

/// The part of the table the SVG element shows (its `viewBox`).
fn view_box(svg: &web_sys::Element) -> Option<Rect> {
    let vb = svg.get_attribute("viewBox")?;
    let parts: Vec<f64> = vb.split_whitespace().filter_map(|s| s.parse().ok()).collect();
    (parts.len() == 4 && parts[2] > 0.0 && parts[3] > 0.0)
        .then(|| Rect::new(parts[0], parts[1], parts[2], parts[3]))
}

fn to_table(svg: &web_sys::Element, client_x: f64, client_y: f64) -> Option<Point> {
    let shown = view_box(svg)?;
    let r = svg.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    let scale = (r.width() / shown.width).min(r.height() / shown.height);
    let left = r.left() + (r.width() - shown.width * scale) / 2.0;
    let top = r.top() + (r.height() - shown.height * scale) / 2.0;
    Some(Point::new(
        shown.x + (client_x - left) / scale,
        shown.y + (client_y - top) / scale,
    ))
}

fn marks_class(base: &str, m: &tablecraft_app::table::scene::Marks) -> String {
    let mut c = base.to_string();
    for (on, name) in [
        (m.selected, " selected"),
        (m.target, " target"),
        (m.problem, " problem"),
        (m.winning, " winning"),
        (m.hint, " hint"),
    ] {
        if on {
            c.push_str(name);
        }
    }
    c
}

fn place_view(p: &PlaceView, aria: String) -> impl IntoView {
    let r = p.rect;
    let id = Item::Place(p.name.clone()).dom_id();
    let (class, rx) = match p.look {
        PlaceLook::Square => ("place square", 6.0),
        PlaceLook::Group => ("place group", 18.0),
        PlaceLook::Basket => ("place basket", 10.0),
        PlaceLook::Board => ("place board", 4.0),
        PlaceLook::Track => ("place track", 4.0),
        PlaceLook::Cell { dark: true } => ("place cell dark", 0.0),
        PlaceLook::Cell { dark: false } => ("place cell light", 0.0),
        PlaceLook::Points => ("place points", 12.0),
        PlaceLook::Point => ("place point", 0.0),
    };
    let mut class = marks_class(class, &p.marks);
    if let Some(look) = &p.attribute_look {
        class.push_str(&format!(" has-look look-{}", css_word(&look.attribute)));
    }
    let label = labelled(p.look).then(|| p.called.clone());
    let name = p.name.clone();
    let testid = format!("place-{name}");
    let tooltip = name.clone();
    view! {
        <g class=class data-place=name data-testid=testid id=id role="button" aria-label=aria>
            <rect x=r.x y=r.y width=r.width height=r.height rx=rx>
                <title>{tooltip}</title>
            </rect>
            {(p.look == PlaceLook::Point).then(|| view! {
                <circle cx=r.x + r.width / 2.0 cy=r.y + r.height / 2.0 r=r.width.min(r.height) * 0.2/>
            })}
            {p.attribute_look.as_ref().map(|look| attribute_look_view(r, look))}
            {label.map(|l| view! {
                <text class="place-label" x=r.x + 8.0 y=r.y - 6.0 aria-hidden="true">{l}</text>
            })}
        </g>
    }
}

/// A word safe in a class name: `wall`, `hot-lava`.
fn css_word(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// What a place's attribute means, drawn over it: its fill and pattern
/// (a wall dark with bricks, a goal with a star). The place's own outline
/// and marks stay visible around it.
fn attribute_look_view(r: Rect, look: &AttributeLook) -> impl IntoView {
    let inset = (r.width.min(r.height) * 0.06).min(4.0);
    let inner = Rect::new(
        r.x + inset,
        r.y + inset,
        r.width - 2.0 * inset,
        r.height - 2.0 * inset,
    );
    let lines = if look.light_lines {
        "look-lines light"
    } else {
        "look-lines dark"
    };
    // The fill is given inline: the place's own style sheet rules (a light
    // cell, a target) must not paint over what the attribute means.
    let fill = look.colour.clone().map(|c| {
        let style = format!("fill: {c}; stroke: none");
        view! {
            <rect class="look-fill" data-testid="look-fill" x=inner.x y=inner.y width=inner.width
                height=inner.height fill=c style=style/>
        }
    });
    let pattern = look.pattern.map(|p| match p {
        LookPattern::Star => view! {
            <text class="look-star" x=r.x + r.width / 2.0 y=r.y + r.height / 2.0
                font-size=r.width.min(r.height) * 0.55
                text-anchor="middle" dominant-baseline="central">"★"</text>
        }
        .into_any(),
        other => view! {
            <path class=lines data-pattern=other.word() d=pattern_path(inner, other)/>
        }
        .into_any(),
    });
    view! {
        <g class="attribute-look" data-testid="attribute-look" data-attribute=look.attribute.clone()
            aria-hidden="true">
            {fill}
            {pattern}
        </g>
    }
}

fn trigger_view(t: TriggerView, aria: String) -> impl IntoView {
    let r = t.rect;
    let id = Item::Trigger(t.name.clone()).dom_id();
    let class = marks_class(if t.visible { "trigger" } else { "trigger hidden" }, &t.marks);
    let testid = format!("trigger-{}", t.name);
    view! {
        <g class=class data-trigger=t.name data-testid=testid id=id role="button" aria-label=aria>
            <rect x=r.x y=r.y width=r.width height=r.height rx=10.0/>
            <text x=r.x + r.width / 2.0 y=r.y + r.height / 2.0 text-anchor="middle"
                dominant-baseline="central">{t.text}</text>
        </g>
    }
}

/// The `id` of the table's description in words (for `aria-describedby`).
pub const DESCRIPTION_ID: &str = "table-description";

/// What the mode does with a key on the table: a [`Command::Pick`] answers
/// whether the item is now held (and where it may go); a
/// [`Command::Drop`] answers [`Answer::No`] when refused (it stays held);
/// the answer to [`Command::Cancel`] is not used.
pub type KeyHandler = Callback<Command, Answer>;

/// A key pressed on the focused table: moves the keyboard's attention, or
/// asks the mode to pick up, drop or put back. Whether it was used.
fn table_key(
    scene: Signal<Scene>,
    cursor: RwSignal<Cursor>,
    handler: KeyHandler,
    ev: &web_sys::KeyboardEvent,
) -> bool {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return false;
    }
    let Some(key) = Key::of(&ev.key()) else {
        return false;
    };
    let s = scene.get_untracked();
    let mut c = cursor.get_untracked();
    let was_holding = {
        c.sync(&s);
        c.holding.is_some()
    };
    match c.on(&s, key) {
        Command::None => {
            if key == Key::Escape {
                cursor.set(c);
                return false;
            }
        }
        Command::Pick(item) => {
            let answer = handler.run(Command::Pick(item.clone()));
            let s = scene.get_untracked();
            c.picked(&s, item, answer);
            if let Some(h) = &c.holding {
                super::store::Store::get().say(access::lifted_sentence(&s, h), super::store::Tone::Info);
            }
        }
        drop @ Command::Drop { .. } => {
            let answer = handler.run(drop);
            c.dropped(answer != Answer::No);
        }
        cancel @ Command::Cancel(_) => {
            handler.run(cancel);
        }
    }
    cursor.set(c);
    key != Key::Escape || was_holding
}

/// The table.
#[component]
pub fn Table(
    /// What to draw.
    #[prop(into)]
    scene: Signal<Scene>,
    /// Called with every press, move and release on the table.
    on_pointer: Callback<Pointer>,
    /// The held figure or a selection rectangle, drawn on top.
    #[prop(into, optional)]
    overlay: Option<Signal<Overlay>>,
    /// The table's accessible name.
    #[prop(into)]
    label: String,
    /// Makes the table usable with the keyboard: what picking up, dropping
    /// and putting back mean in this mode.
    #[prop(optional)]
    on_key: Option<KeyHandler>,
    /// Shows only the part of the table things are on, as large as the
    /// screen allows (playing and teaching); otherwise the whole table.
    #[prop(optional)]
    fit: bool,
) -> impl IntoView {
    let cursor = RwSignal::new(Cursor::default());
    // The keyboard's attention is drawn while the table has the focus from
    // the keyboard (not after a tap).
    let ring = RwSignal::new(false);
    // Whether the table has the focus: only then is the item the keyboard is
    // on worked out (finding the first one reads every place in order, which
    // on a board of thousands of squares is long to do at each move).
    let focused = RwSignal::new(false);
    let send = move |phase: Phase, ev: &web_sys::PointerEvent| {
        let Some(target) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        if phase == Phase::Down {
            ring.set(false);
            let _ = target.set_pointer_capture(ev.pointer_id());
        }
        let Some(at) = to_table(&target, f64::from(ev.client_x()), f64::from(ev.client_y())) else {
            return;
        };
        let add = ev.shift_key() || ev.ctrl_key() || ev.meta_key();
        on_pointer.run(Pointer {
            phase,
            id: ev.pointer_id(),
            at,
            screen: Point::new(f64::from(ev.client_x()), f64::from(ev.client_y())),
            add,
        });
    };
    let shown = Memo::new(move |_| {
        scene.with(|s| {
            if fit {
                frame(s)
            } else {
                Rect::new(0.0, 0.0, s.width.max(1.0), s.height.max(1.0))
            }
        })
    });
    let view_box = move || shown.with(|r| format!("{} {} {} {}", r.x, r.y, r.width, r.height));
    let overlay = overlay.unwrap_or_else(|| Signal::derive(Overlay::default));
    let keyboard = on_key.is_some();
    let active = Memo::new(move |_| {
        if !focused.get() {
            return None;
        }
        let c = cursor.get();
        scene.with(|s| {
            let mut c = c;
            c.sync(s);
            let item = c.current(s)?;
            let rect = access::nav::rect_of(s, &item)?;
            // While held, the figure is shown on the place it would go to.
            let ghost = c.holding.as_ref().and_then(|h| match &h.item {
                Item::Figure(f) if Some(item.name()) != Some(h.from.as_str()) => {
                    s.figures.iter().find(|v| &v.name == f).map(|v| {
                        let mut g = v.clone();
                        let centre = rect.centre();
                        g.rect = Rect::new(
                            centre.x - v.rect.width / 2.0,
                            centre.y - v.rect.height / 2.0,
                            v.rect.width,
                            v.rect.height,
                        );
                        g.marks = Default::default();
                        g
                    })
                }
                _ => None,
            });
            Some((item, rect, ghost))
        })
    });
    let description = move || scene.with(access::describe);
    // The places, points apart from the rest, each with its words; a place
    // whose drawing has not changed keeps it (see `Drawn`).
    let places = move |points: bool| {
        scene.with(|s| {
            s.places
                .iter()
                .filter(|p| (p.look == PlaceLook::Point) == points)
                .map(|p| {
                    Arc::new(Drawn {
                        view: Arc::clone(p),
                        aria: access::place_label(s, p),
                    })
                })
                .collect::<Vec<_>>()
        })
    };
    let lines = Memo::new(move |_| scene.with(|s| s.lines.clone()));
    let links = Memo::new(move |_| scene.with(|s| s.links.clone()));
    let labelled_places = Memo::new(move |_| {
        scene.with(|s| {
            s.places
                .iter()
                .filter(|p| p.label.is_some())
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let figures = move || {
        scene.with(|s| {
            s.figures
                .iter()
                .filter(|f| !f.covered)
                .map(|f| {
                    let held = overlay.with(|o| o.ghost.as_ref().is_some_and(|g| g.name == f.name));
                    Arc::new(Drawn {
                        aria: access::label(s, &Item::Figure(f.name.clone())),
                        view: (f.clone(), held),
                    })
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <svg
            class="table"
            class:keyboard=keyboard
            data-testid=TABLE_ID
            role="application"
            aria-label=label
            aria-describedby=DESCRIPTION_ID
            aria-activedescendant=move || {
                keyboard.then(|| active.with(|a| a.as_ref().map(|(i, _, _)| i.dom_id()))).flatten()
            }
            tabindex=keyboard.then_some("0")
            viewBox=view_box
            preserveAspectRatio="xMidYMid meet"
            on:pointerdown=move |ev| {
                ev.prevent_default();
                send(Phase::Down, &ev)
            }
            on:pointermove=move |ev| send(Phase::Move, &ev)
            on:pointerup=move |ev| send(Phase::Up, &ev)
            on:pointercancel=move |ev| send(Phase::Cancel, &ev)
            on:focus=move |ev: web_sys::FocusEvent| {
                let from_keys = ev
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| el.matches(":focus-visible").unwrap_or(false));
                ring.set(from_keys);
                focused.set(true);
            }
            on:blur=move |_| {
                ring.set(false);
                focused.set(false);
            }
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if let Some(handler) = on_key {
                    if table_key(scene, cursor, handler, &ev) {
                        ring.set(true);
                        ev.prevent_default();
                        ev.stop_propagation();
                    }
                }
            }
        >
            <rect class="table-top" x=move || shown.with(|r| r.x) y=move || shown.with(|r| r.y)
                width=move || shown.with(|r| r.width) height=move || shown.with(|r| r.height) rx=18/>
            // The lines of a points board go over the board, under its points.
            <For each=move || places(false) key=|d| d.clone() let:d>
                {place_view(&d.view, d.aria.clone())}
            </For>
            {move || lines.with(|l| l.iter().map(|(a, b)| view! {
                <line class="point-line" x1=a.x y1=a.y x2=b.x y2=b.y aria-hidden="true"/>
            }).collect_view())}
            <For each=move || places(true) key=|d| d.clone() let:d>
                {place_view(&d.view, d.aria.clone())}
            </For>
            <g class="links" aria-hidden="true">
                {move || links.with(|l| l.iter().map(links::link_view).collect_view())}
            </g>
            {move || labelled_places.with(|l| l.iter().filter_map(|p| links::corner_label(p)).collect_view())}
            {move || scene.with(|s| s.triggers.iter().cloned().map(|t| {
                let aria = access::label(s, &Item::Trigger(t.name.clone()));
                trigger_view(t, aria)
            }).collect_view())}
            <For each=figures key=|d| d.clone() let:d>
                {
                    let (figure, held) = d.view.clone();
                    let id = Item::Figure(figure.name.clone()).dom_id();
                    view! { <FigureShape figure faded=held keyboard=(id, d.aria.clone())/> }
                }
            </For>
            {move || overlay.with(|o| o.pull.map(|(a, b, joins)| view! {
                <g class="pull" class:joins=joins aria-hidden="true">
                    <line x1=a.x y1=a.y x2=b.x y2=b.y/>
                    <circle cx=b.x cy=b.y r=10/>
                </g>
            }))}
            {move || overlay.with(|o| o.rubber.map(|r| view! {
                <rect class="rubber" x=r.x y=r.y width=r.width height=r.height/>
            }))}
            {move || overlay.with(|o| o.ghost.clone().map(|g| view! {
                <g class="ghost"><FigureShape figure=g faded=false/></g>
            }))}
            {move || (keyboard && ring.get()).then(|| active.get()).flatten().map(|(_, r, ghost)| {
                let (x, y, w, h) = (r.x - 5.0, r.y - 5.0, r.width + 10.0, r.height + 10.0);
                view! {
                    {ghost.map(|g| view! { <g class="ghost key-ghost" aria-hidden="true"><FigureShape figure=g faded=false/></g> })}
                    <g class="focus-ring" data-testid="focus-ring" aria-hidden="true">
                        <rect class="focus-ring-outer" x=x y=y width=w height=h rx=8/>
                        <rect class="focus-ring-inner" x=x y=y width=w height=h rx=8/>
                    </g>
                }
            })}
        </svg>
        <p class="visually-hidden" id=DESCRIPTION_ID data-testid="table-description">{description}</p>
    }
}

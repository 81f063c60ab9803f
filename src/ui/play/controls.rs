//! Whose turn it is, the description card, the game-over banner, the
//! buttons (End move, Pass, Take back, Start again) and who plays each side.

use super::computer;
use super::PlayState;
use crate::ui::figures::{owner_mark, FigureShape};
use crate::ui::store::{Mode, Player, Tone};
use leptos::prelude::*;
use tablecraft_app::access::colour::ink_on;
use tablecraft_app::playing::act::{end_move, pass, take_back};
use tablecraft_app::playing::dice::roll_words;
use tablecraft_app::playing::words::{
    after, is_puzzle, over_detail, over_reason, over_text, player_name, turn_text,
};
use tablecraft_app::table::geometry::Rect;
use tablecraft_app::table::scene::{figure_colour, FigureView, Marks};
use tablecraft_engine::file::MAX_PLAYERS;
use tablecraft_engine::search::Strength;
use tablecraft_engine::{Position, Status};

/// A picture of a player, `px` wide. Big (40 px or more): one of their
/// figures, or a disc in their colour with their number and mark. Small,
/// beside the player's name: a disc in the colour of their figures with
/// their mark, and no words.
pub(super) fn player_token(pos: &Position, player: u8, px: u32) -> impl IntoView {
    let rules = pos.rules();
    let theirs = rules.figures.iter().find(|f| f.owner == player);
    let big = px >= 40;
    let figure = theirs.filter(|_| big).map(|f| FigureView {
        name: f.name.clone(),
        kind: rules.types.get(f.kind as usize).cloned().unwrap_or_default(),
        colour: figure_colour(Some(&f.colour), f.owner),
        owner: f.owner,
        rect: Rect::new(2.0, 2.0, 44.0, 44.0),
        place: String::new(),
        marks: Marks::default(),
        corner: None,
        back: false,
        covered: false,
    });
    let disc = figure.is_none().then(|| {
        let fill = figure_colour(theirs.map(|f| f.colour.as_str()), player);
        let ink = ink_on(&fill);
        let number = big.then(|| {
            view! {
                <text x=24 y=22 text-anchor="middle" dominant-baseline="central" fill=ink
                    font-size=20 font-weight=700>{player.to_string()}</text>
            }
        });
        view! {
            <circle cx=24 cy=24 r=20 fill=fill stroke="#1f2430" stroke-width=3/>
            {number}
            {owner_mark(player, 24.0, 46.0, 44.0)}
        }
    });
    view! {
        <svg class="player-token" viewBox="0 0 48 48" width=px height=px aria-hidden="true">
            {figure.map(|f| view! { <FigureShape figure=f faded=false picture=true/> })}
            {disc}
        </svg>
    }
}

/// "Player 1 to move", big, with the player's colour or figure.
#[component]
pub fn TurnBanner() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let info = move || {
        store.session.with(|s| {
            s.as_ref().map(|s| {
                let p = &s.position;
                let player = p.to_move();
                let computer = matches!(
                    s.players.get(usize::from(player.max(1)) - 1),
                    Some(Player::Computer(_))
                );
                let roll = roll_words(p).filter(|_| !computer);
                (
                    p.status() == &Status::Playing,
                    player,
                    turn_text(p),
                    computer,
                    roll,
                )
            })
        })
    };
    move || {
        let (playing, player, text, computer, roll) = info()?;
        if !playing {
            return None;
        }
        let token = store
            .session
            .with_untracked(|s| s.as_ref().map(|s| player_token(&s.position, player, 48)));
        let extra = computer.then(|| {
            view! {
                <span class="turn-extra">
                    {move || if state.busy.get() { " — the computer is thinking…" } else { " (computer)" }}
                </span>
            }
        });
        Some(view! {
            <div class=format!("turn player-{player}") data-testid="turn" data-player=player>
                {token}
                <span class="turn-text">{text}</span>
                {extra}
                {roll.map(|r| view! { <span class="turn-roll" data-testid="roll-due">{r}</span> })}
                <super::dice::RollButton/>
            </div>
        })
    }
}

/// The game's description, before the first move.
#[component]
pub fn Intro() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let show = move || {
        !state.intro_closed.get()
            && store
                .session
                .with(|s| s.as_ref().is_some_and(|s| s.position.history().is_empty()))
    };
    move || {
        show().then(|| {
            let (title, description) = store.with_game(|g| (g.title.clone(), g.description.clone()));
            let description = if description.trim().is_empty() {
                "Drag a figure to where it may go: the places light up.".to_string()
            } else {
                description
            };
            view! {
                <div class="intro panel" data-testid="intro" role="note">
                    <div class="intro-text">
                        <h2>{title}</h2>
                        <p>{description}</p>
                    </div>
                    <div class="intro-actions">
                        <button class="intro-start" data-testid="intro-start"
                            on:click=move |_| {
                                state.intro_closed.set(true);
                                // On a phone the description is read under
                                // the table: back up to the table to play.
                                if let Some(w) = web_sys::window() {
                                    w.scroll_to_with_x_and_y(0.0, 0.0);
                                }
                            }>"Let's play!"</button>
                        <button class="intro-design" data-testid="intro-design"
                            title="Look at how this game is made: its table and its rules"
                            on:click=move |_| store.mode.set(Mode::Design)>
                            <span aria-hidden="true">"✏ "</span>"See how it's made"
                        </button>
                    </div>
                </div>
            }
        })
    }
}

/// The end: the winner or a draw, and Play again.
#[component]
pub fn GameOver() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let over = move || {
        store.session.with(|s| {
            s.as_ref().and_then(|s| {
                let text = over_text(&s.position)?;
                let winner = match s.position.status() {
                    Status::Over { winner, .. } => *winner,
                    Status::Playing => 0,
                };
                let token = (winner > 0 && !is_puzzle(s.position.rules()))
                    .then(|| player_token(&s.position, winner, 40));
                Some((
                    text,
                    over_reason(&s.position),
                    over_detail(&s.position),
                    winner,
                    token,
                ))
            })
        })
    };
    move || {
        over().map(|(text, reason, detail, winner, token)| {
            view! {
                <div class=format!("game-over panel winner-{winner}") data-testid="game-over" role="status">
                    <span class="game-over-icon" aria-hidden="true">{if winner == 0 { "=" } else { "★" }}</span>
                    {token}
                    <div class="game-over-text">
                        <strong data-testid="game-over-text">{text}</strong>
                        {(!reason.is_empty()).then(|| view! {
                            <span class="reason" data-testid="game-over-reason"
                                title=format!("Game over: {detail}")>{reason}</span>
                        })}
                    </div>
                    <button class="play-again" data-testid="play-again" on:click=move |_| state.new_game()>
                        <span aria-hidden="true">"↻ "</span>"Play again"
                    </button>
                </div>
            }
        })
    }
}

/// Runs `f` on the position and says what it answers.
fn act(state: PlayState, f: impl FnOnce(&mut Position) -> Result<String, String>) {
    state.put_down();
    match state.update_position(f) {
        Some(Ok(said)) => state.store.say(said, Tone::Info),
        Some(Err(why)) => state.store.say(why, Tone::Problem),
        None => {}
    }
}

fn take_back_action(state: PlayState, whole_move: bool) {
    computer::cancel(state.store, state.advice);
    state.busy.set(false);
    // Read who plays before the position is changed (not while it is).
    let computers: Vec<bool> = (1..=MAX_PLAYERS)
        .map(|p| matches!(state.player(p), Player::Computer(_)))
        .collect();
    let computer_plays = |p: u8| p >= 1 && computers.get(usize::from(p) - 1).copied().unwrap_or(false);
    act(state, |pos| {
        if take_back(pos, whole_move, &computer_plays) {
            Ok(after(
                pos,
                if whole_move {
                    "Took back a move"
                } else {
                    "Took back a step"
                },
            ))
        } else {
            Err("There is nothing to take back.".into())
        }
    });
}

/// End move, Pass, Take back, Start again.
#[component]
pub fn Controls() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let read =
        move |f: fn(&Position) -> bool| store.session.with(|s| s.as_ref().is_some_and(|s| f(&s.position)));
    let person_on_move = move || {
        !state.busy.get()
            && store.session.with(|s| {
                s.as_ref().is_some_and(|s| {
                    matches!(
                        s.players.get(usize::from(s.position.to_move().max(1)) - 1),
                        Some(Player::Person)
                    )
                })
            })
    };
    let can_end = move || person_on_move() && read(Position::can_end_move);
    let pass_allowed = move || read(|p| p.rules().settings.pass_allowed);
    let can_pass = move || person_on_move() && read(Position::can_pass);
    let has_history = move || read(|p| !p.history().is_empty());
    view! {
        <div class="panel play-controls" data-testid="controls">
            <h2 class="visually-hidden">"Controls"</h2>
            <div class="control-row">
                {move || can_end().then(|| view! {
                    <button class="end-move primary" data-testid="end-move"
                        on:click=move |_| act(state, end_move)>
                        <span aria-hidden="true">"✓ "</span>"End move"
                    </button>
                })}
                {move || pass_allowed().then(|| view! {
                    <button data-testid="pass" disabled=move || !can_pass()
                        on:click=move |_| act(state, pass)>
                        <span aria-hidden="true">"⇥ "</span>"Pass"
                    </button>
                })}
            </div>
            <div class="control-row">
                <button data-testid="take-back" disabled=move || !has_history()
                    title="Take back the last step"
                    on:click=move |_| take_back_action(state, false)>
                    <span aria-hidden="true">"↶ "</span>"Take back"
                </button>
                <button data-testid="take-back-move" disabled=move || !has_history()
                    title="Take back the whole move"
                    on:click=move |_| take_back_action(state, true)>
                    <span aria-hidden="true">"⇤ "</span>"Take back move"
                </button>
                <button data-testid="new-game" disabled=move || !has_history()
                    title="Start this game again from the beginning"
                    on:click=move |_| state.start_again()>
                    <span aria-hidden="true">"↻ "</span>"Start again"
                </button>
            </div>
        </div>
    }
}

fn player_value(p: Player) -> &'static str {
    match p {
        Player::Person => "person",
        Player::Computer(Strength::Beginner) => "beginner",
        Player::Computer(Strength::Good) => "good",
        Player::Computer(Strength::Master) => "master",
    }
}

fn player_of(value: &str) -> Player {
    match value {
        "beginner" => Player::Computer(Strength::Beginner),
        "good" => Player::Computer(Strength::Good),
        "master" => Player::Computer(Strength::Master),
        _ => Player::Person,
    }
}

/// Who plays each player: a person or the computer at a strength.
#[component]
pub fn Players() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let count = move || {
        store.session.with(|s| {
            s.as_ref()
                .map_or(2, |s| s.position.rules().players.clamp(1, MAX_PLAYERS))
        })
    };
    let chooser = move |player: u8| {
        let index = usize::from(player) - 1;
        let value = move || {
            store.session.with(|s| {
                player_value(
                    s.as_ref()
                        .and_then(|s| s.players.get(index).copied())
                        .unwrap_or(Player::Person),
                )
            })
        };
        let id = format!("player-{player}-select");
        let label = if count() == 1 {
            "Player".to_string()
        } else {
            player_name(player)
        };
        let token = (count() > 1)
            .then(|| {
                store
                    .session
                    .with_untracked(|s| s.as_ref().map(|s| player_token(&s.position, player, 28)))
            })
            .flatten();
        view! {
            <div class=format!("player-choice player-{player}")>
                <label for=id.clone()>{token}{label}</label>
                <select id=id.clone() data-testid=id prop:value=value
                    on:change=move |ev| {
                        let chosen = player_of(&event_target_value(&ev));
                        computer::cancel(state.store, state.advice);
                        state.busy.set(false);
                        store.session.update(|s| {
                            if let Some(s) = s {
                                if let Some(slot) = s.players.get_mut(index) {
                                    *slot = chosen;
                                }
                            }
                        });
                        let who = match chosen {
                            Player::Person => "a person".to_string(),
                            Player::Computer(s) => format!("the computer ({s:?})"),
                        };
                        store.say(format!("{} is played by {who}.", player_name(player)), Tone::Info);
                    }>
                    <option value="person">"Person"</option>
                    <option value="beginner">"Computer: Beginner"</option>
                    <option value="good">"Computer: Good"</option>
                    <option value="master">"Computer: Master"</option>
                </select>
            </div>
        }
    };
    view! {
        <div class="panel play-players" data-testid="players">
            <h2>"Who plays"</h2>
            {move || (1..=count()).map(chooser).collect_view()}
        </div>
    }
}

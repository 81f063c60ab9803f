//! Patience (`public/games/patience.game.xml`): the deal, the rules of the
//! piles and the homes checked on tables laid out by hand, and whole games
//! played through, every table on the way checked against the rules.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::{self, Limits, Options, Strength};
use tablecraft_engine::Status;

const CARDS: usize = 32;
const PILES: usize = 5;

fn text() -> String {
    let path = format!(
        "{}/../../public/games/patience.game.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap()
}

fn open(text: &str, seed: u64) -> Position {
    let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

fn load(seed: u64) -> Position {
    open(&text(), seed)
}

/// The game with the cards laid out by hand, already dealt: each
/// `(place, cards)` from the bottom up, face up unless the place is a
/// `hidden.N`; every other card stays in the deck.
fn laid_out(places: &[(&str, &[&str])]) -> Position {
    let text = text().replace(
        r#"<trigger name="dealt" type="yes-no" value="no" visible="no"/>"#,
        r#"<trigger name="dealt" type="yes-no" value="yes" visible="no"/>"#,
    );
    let start = text.find("    <figures>\n").unwrap() + "    <figures>\n".len();
    let end = text.find("    </figures>").unwrap();
    let mut kept = Vec::new();
    let mut chosen = Vec::new();
    for figure in text[start..end].split_inclusive("</figure>\n") {
        let name = figure.split('"').nth(1).unwrap();
        match places.iter().find(|(_, cards)| cards.contains(&name)) {
            Some((place, _)) => {
                let face = if place.starts_with("hidden.") {
                    "down"
                } else {
                    "up"
                };
                let figure = figure
                    .replace(r#"origin="deck""#, &format!(r#"origin="{place}""#))
                    .replace(r#"face="down""#, &format!(r#"face="{face}""#));
                chosen.push((name.to_string(), figure));
            }
            None => kept.push(figure.to_string()),
        }
    }
    // The figures that start on a place lie in the file's order: put them
    // last, in the order asked for.
    for (_, cards) in places {
        for card in *cards {
            let (_, figure) = chosen.iter().find(|(n, _)| n == card).unwrap();
            kept.push(figure.clone());
        }
    }
    let text = format!("{}{}{}", &text[..start], kept.concat(), &text[end..]);
    let pos = open(&text, 1);
    for (place, cards) in places {
        assert_eq!(names(&pos, place), *cards, "laid out as asked");
    }
    pos
}

fn on(pos: &Position, place: &str) -> Vec<u16> {
    let p = pos.rules().place_id(place).unwrap();
    pos.state().on(p).to_vec()
}

fn names(pos: &Position, place: &str) -> Vec<String> {
    on(pos, place)
        .into_iter()
        .map(|f| pos.rules().figure_name(f).to_string())
        .collect()
}

fn attr(pos: &Position, f: u16, key: &str) -> String {
    pos.rules().figures[f as usize].attributes[key].clone()
}

fn rank(pos: &Position, f: u16) -> i64 {
    attr(pos, f, "value").parse().unwrap()
}

fn card(pos: &Position, name: &str) -> u16 {
    pos.rules().figure_id(name).unwrap()
}

fn place(pos: &Position, name: &str) -> u16 {
    pos.rules().place_id(name).unwrap()
}

fn legal(pos: &Position, figure: &str, to: &str) -> bool {
    pos.check(card(pos, figure), place(pos, to)).is_ok()
}

/// Plays one step as a move of its own.
fn play(pos: &mut Position, figure: u16, to: u16) {
    pos.play(figure, to).unwrap_or_else(|r| panic!("{}", r.message));
    if pos.status() == &Status::Playing && !pos.state().made().is_empty() {
        pos.end_move().unwrap_or_else(|r| panic!("{}", r.message));
    }
}

/// Plays a card by name onto a place by name.
fn move_card(pos: &mut Position, figure: &str, to: &str) {
    let (f, t) = (card(pos, figure), place(pos, to));
    play(pos, f, t);
}

fn home_count(pos: &Position) -> usize {
    (1..=4).map(|h| on(pos, &format!("home.{h}")).len()).sum()
}

/// Everything that must hold on every table of a game: no card made or
/// lost; the hidden cards lie face down; a pile is a run down in
/// alternating colours, face up, with hidden cards only under a pile that
/// has cards; a home is one suit from the ace up; the deck is face down and
/// the discard pile face up.
fn check_table(pos: &Position) {
    let all = ["deck", "discard"]
        .iter()
        .map(|p| p.to_string())
        .chain((1..=4).map(|h| format!("home.{h}")))
        .chain((1..=PILES).flat_map(|n| [format!("hidden.{n}"), format!("pile.{n}")]));
    assert_eq!(
        all.map(|p| on(pos, &p).len()).sum::<usize>(),
        CARDS,
        "no card made or lost"
    );
    for n in 1..=PILES {
        let hidden = on(pos, &format!("hidden.{n}"));
        let pile = on(pos, &format!("pile.{n}"));
        assert!(hidden.iter().all(|&c| pos.is_face_down(c)));
        assert!(pile.iter().all(|&c| !pos.is_face_down(c)));
        assert!(
            hidden.is_empty() || !pile.is_empty(),
            "pile {n}: a hidden card turns up"
        );
        for w in pile.windows(2) {
            assert_eq!(rank(pos, w[0]), rank(pos, w[1]) + 1, "pile {n} goes down");
            assert_ne!(attr(pos, w[0], "colour"), attr(pos, w[1], "colour"));
        }
    }
    for h in 1..=4 {
        let home = on(pos, &format!("home.{h}"));
        for (i, &c) in home.iter().enumerate() {
            assert_eq!(rank(pos, c), i as i64 + 1, "home {h} from the ace up");
            assert_eq!(attr(pos, c, "suit"), attr(pos, home[0], "suit"));
        }
    }
    assert!(on(pos, "deck").iter().all(|&c| pos.is_face_down(c)));
    assert!(on(pos, "discard").iter().all(|&c| !pos.is_face_down(c)));
}

/// Checks the end: won with every card home, lost with no move left.
fn check_end(pos: &mut Position) -> u8 {
    let Status::Over { winner, .. } = pos.status().clone() else {
        panic!("the game goes on");
    };
    if winner == 1 {
        assert_eq!(home_count(pos), CARDS, "a win has every card home");
    } else {
        assert_eq!(winner, 0, "one player: won or lost");
        assert!(home_count(pos) < CARDS);
        assert!(pos.legal_steps().is_empty(), "lost only when no move is left");
    }
    winner
}

#[test]
fn the_deal_lays_out_five_piles_with_only_their_top_cards_face_up() {
    let mut pos = load(7);
    assert_eq!(on(&pos, "deck").len(), CARDS);
    // Before the deal the only step is the top card of the deck to pile 1.
    let steps = pos.legal_steps();
    assert_eq!(steps.len(), 1);
    let top = *on(&pos, "deck").last().unwrap();
    assert_eq!((steps[0].figure, steps[0].to), (top, place(&pos, "pile.1")));
    let to = place(&pos, "pile.1");
    play(&mut pos, top, to);
    for n in 1..=PILES {
        let hidden = on(&pos, &format!("hidden.{n}"));
        let pile = on(&pos, &format!("pile.{n}"));
        assert_eq!((hidden.len(), pile.len()), (n - 1, 1), "pile {n}");
        assert!(hidden.iter().all(|&c| pos.is_face_down(c) && !pos.sees(1, c)));
        assert!(!pos.is_face_down(pile[0]) && pos.sees(1, pile[0]));
    }
    assert_eq!(on(&pos, "pile.1"), vec![top]);
    assert_eq!(on(&pos, "deck").len(), CARDS - 15);
    check_table(&pos);
    // The deck is drawn from onto the discard pile, face up.
    let next = *on(&pos, "deck").last().unwrap();
    assert!(legal(&pos, pos.rules().figure_name(next), "discard"));
    assert!(
        !legal(&pos, pos.rules().figure_name(next), "pile.1"),
        "dealt once"
    );
    let to = place(&pos, "discard");
    play(&mut pos, next, to);
    assert!(!pos.is_face_down(next));
    assert_eq!(on(&pos, "deck").len(), CARDS - 16);
}

#[test]
fn a_pile_is_built_down_in_alternating_colours_and_a_home_from_the_ace() {
    let mut pos = laid_out(&[
        ("hidden.1", &["diamonds.3"]),
        ("pile.1", &["clubs.7", "hearts.6"]),
        ("pile.3", &["hearts.8"]),
        ("hidden.4", &["clubs.2"]),
        ("pile.4", &["spades.8"]),
        ("pile.5", &["diamonds.6"]),
        ("discard", &["hearts.7", "hearts.1"]),
    ]);
    check_table(&pos);
    // A black 7 on a red 8, not on a black 8; not alone on an empty pile.
    assert!(legal(&pos, "clubs.7", "pile.3"));
    assert!(!legal(&pos, "clubs.7", "pile.4"), "same colour");
    assert!(!legal(&pos, "clubs.7", "pile.2"), "an empty pile takes only an 8");
    // The face-up cards move together: not the 6 off the 7 alone.
    assert!(!legal(&pos, "hearts.6", "pile.2"));
    assert!(!legal(&pos, "diamonds.6", "pile.1"), "only onto the top card");
    // An 8 onto an empty pile, when that turns up a card under it.
    assert!(legal(&pos, "spades.8", "pile.2"));
    assert!(!legal(&pos, "hearts.8", "pile.2"), "nothing would turn up");
    // A home takes the ace first.
    assert!(!legal(&pos, "diamonds.6", "home.1"));
    assert!(
        !legal(&pos, "hearts.7", "home.1"),
        "the top of the discard pile only"
    );
    assert!(legal(&pos, "hearts.1", "home.1"));
    let refusal = pos
        .check(card(&pos, "clubs.7"), place(&pos, "pile.4"))
        .unwrap_err();
    assert!(!refusal.message.is_empty());

    // The 7 goes with the 6 on it; the 3 under them turns up.
    move_card(&mut pos, "clubs.7", "pile.3");
    assert_eq!(names(&pos, "pile.3"), ["hearts.8", "clubs.7", "hearts.6"]);
    assert_eq!(names(&pos, "pile.1"), ["diamonds.3"]);
    assert!(on(&pos, "hidden.1").is_empty());
    assert!(!pos.is_face_down(card(&pos, "diamonds.3")));
    // The 8 to the empty pile turns up the 2 under it.
    move_card(&mut pos, "spades.8", "pile.2");
    assert_eq!(names(&pos, "pile.4"), ["clubs.2"]);
    assert!(!pos.is_face_down(card(&pos, "clubs.2")));
    move_card(&mut pos, "hearts.1", "home.1");
    assert_eq!(names(&pos, "home.1"), ["hearts.1"]);
    // The red 7 from the discard pile onto the black 8; a red 6 not on it.
    assert!(legal(&pos, "hearts.7", "pile.2"));
    move_card(&mut pos, "hearts.7", "pile.2");
    assert!(!legal(&pos, "diamonds.6", "pile.2"), "same colour");
    // A 2 goes home only on the ace of its suit.
    assert!(!legal(&pos, "clubs.2", "home.1"));
    check_table(&pos);
}

/// Every card home but the 8 of spades, on pile 1.
fn one_card_from_home() -> Vec<(String, Vec<String>)> {
    let mut places: Vec<(String, Vec<String>)> = ["hearts", "diamonds", "clubs", "spades"]
        .iter()
        .enumerate()
        .map(|(i, suit)| {
            let top = if *suit == "spades" { 7 } else { 8 };
            let cards = (1..=top).map(|v| format!("{suit}.{v}")).collect();
            (format!("home.{}", i + 1), cards)
        })
        .collect();
    places.push(("pile.1".into(), vec!["spades.8".into()]));
    places
}

fn laid_out_owned(places: &[(String, Vec<String>)]) -> Position {
    let cards: Vec<Vec<&str>> = places
        .iter()
        .map(|(_, c)| c.iter().map(String::as_str).collect())
        .collect();
    let borrowed: Vec<(&str, &[&str])> = places
        .iter()
        .zip(&cards)
        .map(|((p, _), c)| (p.as_str(), c.as_slice()))
        .collect();
    laid_out(&borrowed)
}

#[test]
fn every_card_home_is_a_win() {
    let mut pos = laid_out_owned(&one_card_from_home());
    assert_eq!(pos.status(), &Status::Playing);
    // The deck is empty: the last card is the only move.
    assert!(on(&pos, "deck").is_empty());
    move_card(&mut pos, "spades.8", "home.4");
    assert_eq!(check_end(&mut pos), 1);
}

#[test]
fn no_move_left_is_a_loss() {
    // The 7 of spades lies on the 6 it needs, and the 8 has nowhere to go.
    let mut places = one_card_from_home();
    places[3].1.truncate(5);
    places[4] = ("pile.2".into(), vec!["spades.8".into()]);
    places.push(("hidden.1".into(), vec!["spades.6".into()]));
    places.push(("pile.1".into(), vec!["spades.7".into()]));
    let mut pos = laid_out_owned(&places);
    assert_eq!(check_end(&mut pos), 0);
}

/// A child's way to play: a card home when one can go, else a move between
/// the piles, else a card from the discard pile, else a card drawn.
fn simple_choice(pos: &Position) -> (u16, u16) {
    let steps = pos.legal_steps();
    let rule = |s: &tablecraft_engine::position::Step| pos.rules().steps[s.rule as usize].name.clone();
    for wanted in ["home", "home-from-discard", "build", "lay", "deal", "draw"] {
        if let Some(s) = steps.iter().find(|s| rule(s) == wanted) {
            return (s.figure, s.to);
        }
    }
    panic!("a step of no rule: {steps:?}");
}

fn play_through(seed: u64, computer: bool) -> u8 {
    let mut pos = load(seed);
    let options = Options {
        strength: Strength::Beginner,
        seed,
        ..Options::default()
    };
    // Every move takes a card from the deck, the discard pile or a pile
    // nearer home, so a game is short.
    for _ in 0..400 {
        if pos.status() != &Status::Playing {
            return check_end(&mut pos);
        }
        if computer {
            let choice = search::choose(&pos, &options, &mut |_| {});
            let mv = choice.mv.expect("a move");
            for s in &mv.steps {
                play(&mut pos, s.figure, s.to);
            }
        } else {
            let (f, to) = simple_choice(&pos);
            play(&mut pos, f, to);
        }
        check_table(&pos);
    }
    panic!("seed {seed}: the game did not end");
}

#[test]
fn whole_games_end_won_or_lost_by_the_rules() {
    let results: Vec<u8> = (1..=40).map(|seed| play_through(seed, false)).collect();
    let won = results.iter().filter(|&&w| w == 1).count();
    assert!(won > 0, "some games are won: {results:?}");
    assert!(won < results.len(), "some are lost: {results:?}");
}

#[test]
fn the_computer_plays_whole_games() {
    for seed in 1..=3 {
        play_through(seed, true);
    }
}

#[test]
fn the_computer_thinking_hard_finds_a_move_without_peeking() {
    let mut pos = load(5);
    let (top, pile) = (*on(&pos, "deck").last().unwrap(), place(&pos, "pile.1"));
    play(&mut pos, top, pile);
    let options = Options {
        strength: Strength::Good,
        limits: Limits {
            time_ms: None,
            nodes: Some(60),
            depth: None,
        },
        seed: 5,
        ..Options::default()
    };
    let choice = search::choose(&pos, &options, &mut |_| {});
    let mv = choice.mv.expect("a move");
    for s in &mv.steps {
        assert!(pos.check(s.figure, s.to).is_ok());
    }
    assert_eq!(choice.outcome, search::Outcome::Hidden);
    let hint = search::hint(&pos, &options);
    assert!(
        hint.text
            .starts_with("Nobody can know in advance: it depends on the cards"),
        "{}",
        hint.text
    );
}

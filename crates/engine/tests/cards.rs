//! Cards: decks shuffled at the start and by a side effect, `below`,
//! dealing, figures face up and down, hands only their owner sees; files,
//! fairness of a shuffle, and no panic on hostile side effects.

use std::sync::Arc;
use tablecraft_engine::file::{read_json, read_xml, write_json, write_xml};
use tablecraft_engine::model::{Face, Shows};
use tablecraft_engine::position::Position;
use tablecraft_engine::state::Status;

/// Two players, a deck of `cards` cards numbered 1.. (face down, on a
/// deck nobody sees, `shuffled` as given), two hands, a discard pile.
/// The one step plays a card from your hand to the discard pile, with
/// `effect` after it.
fn table(cards: u32, shuffled: &str, effect: &str) -> String {
    let figures: String = (1..=cards)
        .map(|n| {
            format!(
                r#"<figure name="card.{n}" type="card" origin="deck" face="down"><attribute name="value" value="{n}"/></figure>"#
            )
        })
        .collect();
    format!(
        r#"<game format="2" players="2"><title>Cards</title><rules>
        <equipment>
          <group name="deck" shows="nobody" shuffled="{shuffled}"/>
          <group name="hand.1" owner="1" shows="owner"/>
          <group name="hand.2" owner="2" shows="owner"/>
          <group name="pile"/>
        </equipment>
        <figures>{figures}</figures>
        <steps><step name="play"><what type="card"/><from name="hand.?"/><to name="pile"/>
          <when>owner(from) = player</when>{effect}</step></steps>
        </rules></game>"#
    )
}

fn open(text: &str, seed: u64) -> Position {
    let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

/// The names of the figures on a place, bottom first.
fn on(pos: &Position, place: &str) -> Vec<String> {
    let rules = pos.rules();
    let p = rules.place_id(place).unwrap();
    pos.state()
        .on(p)
        .iter()
        .map(|&f| rules.figure_name(f).to_string())
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Runs a side effect through a one-card game: card.1 starts in hand.1
/// and is played to the pile, then `effect` runs.
fn after(effect: &str, cards: u32) -> Result<Position, String> {
    after_seeded(effect, cards, 1)
}

fn after_seeded(effect: &str, cards: u32, seed: u64) -> Result<Position, String> {
    let text = table(cards, "no", &format!("<effect>{effect}</effect>")).replace(
        r#"name="card.1" type="card" origin="deck""#,
        r#"name="card.1" type="card" origin="hand.1""#,
    );
    let mut pos = open(&text, seed);
    let f = pos.rules().figure_id("card.1").unwrap();
    let to = pos.rules().place_id("pile").unwrap();
    pos.play(f, to).map_err(|r| r.message)?;
    let warnings: Vec<String> = pos.history().iter().flat_map(|e| e.warnings.clone()).collect();
    match warnings.is_empty() {
        true => Ok(pos),
        false => Err(warnings.join("; ")),
    }
}

#[test]
fn cards_are_read_written_and_checked() {
    let text = table(3, "yes", "");
    let (game, _) = read_xml(&text).unwrap();
    let deck = &game.equipment[0];
    assert_eq!(
        (deck.shows, deck.shuffled, deck.owner),
        (Shows::Nobody, true, None)
    );
    let hand = &game.equipment[2];
    assert_eq!((hand.shows, hand.owner), (Shows::Owner, Some(2)));
    assert!(game.figures.iter().all(|f| f.face == Face::Down));
    assert_eq!(read_xml(&write_xml(&game)).unwrap().0, game);
    assert_eq!(read_json(&write_json(&game)).unwrap().0, game);
    assert!(
        write_json(&game).contains(r#""shows": "nobody""#),
        "{}",
        write_json(&game)
    );
    // Bad values are named with their line and column.
    for (from, to, message) in [
        (
            r#"shows="nobody""#,
            r#"shows="friends""#,
            "shows must be one of everyone, owner, nobody, not 'friends'",
        ),
        (
            r#"face="down""#,
            r#"face="sideways""#,
            "face must be one of up, down, not 'sideways'",
        ),
        (
            r#"owner="2" shows"#,
            r#"owner="7" shows"#,
            "owner must be from 1 to 4, not 7",
        ),
        (
            r#"shuffled="yes""#,
            r#"shuffled="maybe""#,
            "shuffled must be yes or no, not 'maybe'",
        ),
    ] {
        let bad = text.replacen(from, to, 1);
        let problems = read_xml(&bad).unwrap_err();
        let p = problems
            .iter()
            .find(|p| p.message == message)
            .unwrap_or_else(|| panic!("{message}: {problems:#?}"));
        let at = bad.find(to).unwrap();
        let line = bad[..at].matches('\n').count() + 1;
        assert_eq!(p.location.line, Some(line as u32), "{p:?}");
        assert!(p.location.column.is_some(), "{p:?}");
    }
}

#[test]
fn a_shuffled_deck_is_shuffled_from_the_seed() {
    let text = table(20, "yes", "");
    let a = open(&text, 5);
    let unshuffled: Vec<String> = (1..=20).map(|n| format!("card.{n}")).collect();
    assert_ne!(on(&a, "deck"), unshuffled);
    assert_eq!(sorted(on(&a, "deck")), sorted(unshuffled.clone()));
    assert_eq!(on(&open(&text, 5), "deck"), on(&a, "deck"));
    assert_ne!(on(&open(&text, 6), "deck"), on(&a, "deck"));
    assert_eq!(a.state().hash(), a.state().full_hash(a.rules()));
    // Not shuffled: in the order of the file.
    assert_eq!(on(&open(&table(20, "no", ""), 5), "deck"), unshuffled);
}

/// Pearson's chi-square of `counts` against the uniform distribution.
fn chi_square(counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let expected = f64::from(total) / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum()
}

#[test]
fn a_shuffle_is_fair() {
    // Four cards: each of the 24 orders as likely. Critical value at
    // p = 0.001 with 23 degrees of freedom: 49.73.
    let (_, rules) = tablecraft_engine::open(&table(4, "yes", "")).unwrap();
    let rules = Arc::new(rules);
    let mut counts = std::collections::HashMap::<Vec<u16>, u32>::new();
    for seed in 0..12_000u64 {
        let pos = Position::with_seed(Arc::clone(&rules), seed.wrapping_mul(0x9E37_79B9));
        let deck = pos.rules().place_id("deck").unwrap();
        *counts.entry(pos.state().on(deck).to_vec()).or_default() += 1;
    }
    assert_eq!(counts.len(), 24);
    let counts: Vec<u32> = counts.into_values().collect();
    let x2 = chi_square(&counts);
    assert!(x2 < 49.73, "chi-square {x2} {counts:?}");
    // And a shuffle by a side effect: the four cards left in the deck.
    let mut counts = std::collections::HashMap::<Vec<String>, u32>::new();
    for seed in 0..6_000u64 {
        let pos = after_seeded("shuffle deck", 5, seed.wrapping_mul(0x2545_F491)).unwrap();
        *counts.entry(on(&pos, "deck")).or_default() += 1;
    }
    assert_eq!(counts.len(), 24);
    let counts: Vec<u32> = counts.into_values().collect();
    let x2 = chi_square(&counts);
    assert!(x2 < 49.73, "chi-square {x2} {counts:?}");
}

#[test]
fn a_side_effect_shuffles_deals_and_turns() {
    // Shuffle: the same cards, in another order, from the game's chance.
    let pos = after("shuffle deck", 12).unwrap();
    let before: Vec<String> = (2..=12).map(|n| format!("card.{n}")).collect();
    assert_eq!(sorted(on(&pos, "deck")), sorted(before.clone()));
    assert_ne!(on(&pos, "deck"), before);
    assert_eq!(pos.state().hash(), pos.state().full_hash(pos.rules()));
    // Deal: one at a time from the top, round the list.
    let pos = after("deal 2 from deck to [hand.1, hand.2]", 12).unwrap();
    assert_eq!(on(&pos, "hand.1"), ["card.12", "card.10"]);
    assert_eq!(on(&pos, "hand.2"), ["card.11", "card.9"]);
    assert_eq!(on(&pos, "deck").len(), 7);
    // Dealing more than the deck holds stops when it runs out.
    let pos = after("deal 10 from deck to [hand.1, hand.2]", 4).unwrap();
    assert_eq!(on(&pos, "hand.1"), ["card.4", "card.2"]);
    assert_eq!(on(&pos, "hand.2"), ["card.3"]);
    assert!(on(&pos, "deck").is_empty());
    // Turn over, up and down; the face is in the hash.
    let pos = after("turn top(deck)", 3).unwrap();
    let top = pos.rules().figure_id("card.3").unwrap();
    assert!(!pos.is_face_down(top));
    assert_eq!(pos.state().hash(), pos.state().full_hash(pos.rules()));
    let down = after("turn top(deck) down", 3).unwrap();
    assert!(down.is_face_down(top));
    assert_ne!(down.state().hash(), pos.state().hash());
    let up = after("(turn card.3 up; turn card.2)", 3).unwrap();
    assert!(!up.is_face_down(top));
    assert!(!up.is_face_down(up.rules().figure_id("card.2").unwrap()));
    // Taking back puts everything back.
    let text = table(
        6,
        "no",
        "<effect>(deal 1 from deck to [hand.2]; shuffle deck; turn top(deck))</effect>",
    )
    .replace(
        r#"name="card.1" type="card" origin="deck""#,
        r#"name="card.1" type="card" origin="hand.1""#,
    );
    let mut pos = open(&text, 1);
    let (hash, deck) = (pos.state().hash(), on(&pos, "deck"));
    let f = pos.rules().figure_id("card.1").unwrap();
    pos.play(f, pos.rules().place_id("pile").unwrap()).unwrap();
    assert_ne!(on(&pos, "deck")[..4], deck[..4]);
    assert!(pos.take_back());
    assert_eq!(pos.state().hash(), hash);
    assert_eq!(on(&pos, "deck"), deck);
    assert!((0..6).all(|f| pos.is_face_down(f)));
}

#[test]
fn below_is_the_figure_under_the_top() {
    let text = table(3, "no", "").replace(
        "</steps>",
        r#"</steps><game-over><end name="under" winner="1"><when>below(deck) = "card.2" and below(hand.1) = ""</when></end></game-over>"#,
    );
    let pos = open(&text, 1);
    assert!(
        matches!(pos.status(), Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
}

#[test]
fn a_player_sees_face_up_figures_on_places_that_show_them() {
    let pos = after("deal 1 from deck to [hand.1, hand.2]", 5).unwrap();
    let rules = pos.rules();
    let id = |n: &str| rules.figure_id(n).unwrap();
    // Dealt cards are still face down: nobody sees them.
    assert!(!pos.sees(1, id("card.5")));
    let pos = after(
        "(deal 1 from deck to [hand.1, hand.2]; turn card.5 up; turn card.4 up; turn card.1)",
        5,
    )
    .unwrap();
    assert!(pos.sees(1, id("card.5")), "my own card, face up in my hand");
    assert!(!pos.sees(2, id("card.5")), "another's hand");
    assert!(pos.sees(2, id("card.4")));
    assert!(!pos.sees(1, id("card.3")), "the deck shows nobody");
    assert!(
        pos.sees(1, id("card.1")) && pos.sees(2, id("card.1")),
        "the pile shows everyone"
    );
    assert!(!pos.sees(1, 999), "a figure that is not there");
    assert_eq!(pos.hidden_from(1), [id("card.2"), id("card.3"), id("card.4")]);
}

#[test]
fn hostile_side_effects_are_refused_in_words() {
    for (effect, words) in [
        (r#"shuffle "nowhere""#, "there is nothing called 'nowhere'"),
        ("shuffle card.2", "'card.2' is not a place"),
        (r#"turn "card.99""#, "there is nothing called 'card.99'"),
        ("turn deck", "'deck' is not a figure"),
        (
            r#"deal 1 from deck to [hand.1, "nowhere"]"#,
            "there is nothing called 'nowhere'",
        ),
        ("deal -1 from deck to [hand.1]", "deal needs how many each gets"),
        (
            "deal \"many\" from deck to hand.1",
            "deal needs how many each gets",
        ),
        ("deal 1 from card.2 to hand.1", "'card.2' is not a place"),
    ] {
        let refused = after(effect, 3).expect_err(effect);
        assert!(refused.contains(words), "{effect}: {refused}");
    }
    // Shuffling an empty place or dealing from one does nothing.
    for effect in [
        "shuffle hand.2",
        "deal 3 from hand.2 to [hand.1]",
        "deal 1000000000000 from deck to [deck, hand.2]",
    ] {
        after(effect, 3).unwrap_or_else(|e| panic!("{effect}: {e}"));
    }
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A shuffle keeps the same figures on the place, and the
        /// incremental hash equals one worked out afresh.
        #[test]
        fn a_shuffle_keeps_the_same_figures_on_the_place(cards in 2u32..30, seed in any::<u64>()) {
            let pos = after_seeded("shuffle deck", cards, seed).unwrap();
            let expected: Vec<String> = (2..=cards).map(|n| format!("card.{n}")).collect();
            prop_assert_eq!(sorted(on(&pos, "deck")), sorted(expected));
            prop_assert_eq!(pos.state().hash(), pos.state().full_hash(pos.rules()));
        }

        /// Dealing moves figures, never makes or loses one: the deck and
        /// the hands together hold what the deck held.
        #[test]
        fn a_deal_keeps_every_figure(cards in 2u32..30, n in 0i64..20) {
            let pos = after(&format!("deal {n} from deck to [hand.1, hand.2]"), cards).unwrap();
            let mut all = on(&pos, "deck");
            all.extend(on(&pos, "hand.1"));
            all.extend(on(&pos, "hand.2"));
            let expected: Vec<String> = (2..=cards).map(|k| format!("card.{k}")).collect();
            prop_assert_eq!(sorted(all), sorted(expected));
            let (one, two) = (on(&pos, "hand.1").len() as i64, on(&pos, "hand.2").len() as i64);
            prop_assert!(one == two || one == two + 1);
            prop_assert!(one <= n);
        }
    }
}

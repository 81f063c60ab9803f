//! The computer never reads what its player cannot see: two tables that
//! look the same to it, with different cards hidden in the other hand and
//! the deck, get the same decision with the same seed.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::{self, Limits, Options, Outcome, Strength};

/// Crazy Eights-like table for two, dealt by the file: `mine` in hand.1,
/// `theirs` in hand.2, `top` on the pile, the rest in the deck. Cards are
/// named SUIT.VALUE and listed in one fixed order, so every table has the
/// same figures; only where they start differs.
fn table(mine: &[&str], theirs: &[&str], top: &str) -> Position {
    table_with(mine, theirs, top, "", "(play | draw)")
}

/// [`table`] with more equipment (`box`) and another move rule.
fn table_with(mine: &[&str], theirs: &[&str], top: &str, more: &str, turn: &str) -> Position {
    let all = [
        "h.1", "h.2", "h.3", "h.8", "s.1", "s.2", "s.3", "s.5", "c.4", "c.6", "d.7", "d.9",
    ];
    let origin = |c: &str| {
        if mine.contains(&c) {
            "hand.1"
        } else if theirs.contains(&c) {
            "hand.2"
        } else if c == top {
            "pile"
        } else {
            "deck"
        }
    };
    let figures: String = all
        .iter()
        .map(|c| {
            let (suit, value) = c.split_once('.').unwrap();
            format!(
                r#"<figure name="{c}" type="card" origin="{}"><attribute name="suit" value="{suit}"/><attribute name="value" value="{value}"/></figure>"#,
                origin(c)
            )
        })
        .collect();
    let text = format!(
        r#"<game format="2" players="2"><title>Eights</title><rules>
        <equipment><group name="deck" shows="nobody"/>
          <group name="hand.1" owner="1" shows="owner"/><group name="hand.2" owner="2" shows="owner"/>
          <group name="pile"/>{more}</equipment>
        <figures>{figures}</figures>
        <steps>
          <step name="play"><what type="card"/><from name="hand.?"/><to name="pile"/>
            <when>owner(from) = player</when>
            <when>attribute(figure, value) = 8 or attribute(figure, suit) = attribute(top(to), suit) or attribute(figure, value) = attribute(top(to), value)</when></step>
          <step name="draw"><what type="card"/><from name="deck"/><to name="hand.?"/>
            <when>figure = top(from) and owner(to) = player and not can(play)</when></step>
        </steps>
        <moves><move name="turn">{turn}</move></moves>
        <game-over><end name="out" winner="previous"><when>empty(hand.1) or empty(hand.2)</when></end></game-over>
        <settings when-stuck="pass" pass="no"/>
        </rules></game>"#
    );
    let (_, rules) = tablecraft_engine::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), 1)
}

fn decide(pos: &Position, seed: u64) -> String {
    let options = Options {
        strength: Strength::Master,
        limits: Limits {
            time_ms: None,
            nodes: Some(800),
            depth: None,
        },
        seed,
        ..Options::default()
    };
    let choice = search::choose(pos, &options, &mut |_| {});
    assert_eq!(choice.outcome, Outcome::Hidden);
    choice.mv.expect("a move").describe(pos.rules())
}

#[test]
fn the_same_view_with_other_hidden_cards_gets_the_same_decision() {
    let mine = ["h.2", "s.3", "c.4", "h.8"];
    // Two deals that look the same to player 1: the other hand and the
    // deck hold different cards.
    let a = table(&mine, &["s.1", "s.2", "s.5"], "h.3");
    let b = table(&mine, &["c.6", "d.7", "d.9"], "h.3");
    let rules = a.rules();
    let hidden_a = a.hidden_from(1);
    let hidden_b = b.hidden_from(1);
    assert_eq!(hidden_a.len(), hidden_b.len());
    assert_ne!(
        a.state().on(rules.place_id("hand.2").unwrap()),
        b.state().on(rules.place_id("hand.2").unwrap())
    );
    let mut decisions = Vec::new();
    for seed in 0..5 {
        let (x, y) = (decide(&a, seed), decide(&b, seed));
        assert_eq!(x, y, "seed {seed}");
        decisions.push(x);
    }
    // The decisions are real choices among the playable cards.
    assert!(
        decisions.iter().all(|d| !d.contains("c.4")),
        "c.4 does not fit h.3: {decisions:?}"
    );
}

#[test]
fn with_a_die_to_roll_the_computer_rolls_without_working_out_a_chance_from_hidden_cards() {
    // A roll comes first in every turn. What the position is worth to the
    // roller depends on the hidden cards, so nothing is worked out from
    // them: the answer is "roll", and "it depends on the cards".
    let mine = ["h.2", "s.3", "c.4", "h.8"];
    let die = r#"<die name="die"/>"#;
    for theirs in [["s.1", "s.2", "s.5"], ["c.6", "d.7", "d.9"]] {
        let pos = table_with(&mine, &theirs, "h.3", die, "roll (play | draw)");
        assert!(pos.roll_due());
        let options = Options {
            limits: Limits {
                time_ms: None,
                nodes: Some(800),
                depth: None,
            },
            ..Options::default()
        };
        let choice = search::choose(&pos, &options, &mut |_| {});
        assert_eq!(choice.outcome, Outcome::Hidden, "{theirs:?}");
        assert!(choice.mv.is_none(), "roll first");
    }
}

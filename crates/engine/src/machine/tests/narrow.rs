//! Where a figure's step may go, worked out for the figure before its
//! targets are asked ([`super::super::narrow`]).

use super::super::steps::Targets;
use super::*;

/// Nine Men's Morris on more points than the machine's board holds: its
/// points are kept as piles, and their targets asked one by one.
fn morris() -> String {
    kept_as_piles(&examples::text("nine-mens-morris.game.xml"))
}

const MAY_GO: &str = r#"<define name="may_go" of="a b">type(a) = "group" or (type(a) = "point" and empty("hand." + player) and (b in neighbours(a) or on_board(player) = 3))</define>"#;

/// Nine Men's Morris with `may_go` defined as `body` instead, and
/// `definitions` added before it.
fn morris_going(body: &str, definitions: &str) -> String {
    let text = morris();
    assert!(text.contains(MAY_GO), "Nine Men's Morris's may_go as it was");
    text.replacen(
        MAY_GO,
        &format!(r#"{definitions}<define name="may_go" of="a b">{body}</define>"#),
        1,
    )
}

/// The filters of rule `name`'s target conditions, each with the number of
/// its condition; none where its targets are the board's squares.
fn filters(text: &str, name: &str) -> Vec<String> {
    let (_, rules) = crate::open(text).unwrap();
    let m = rules.machine().unwrap();
    let i = rules.steps.iter().position(|r| r.name == name).unwrap();
    match &m.steps.iter().find(|r| r.index == i).unwrap().targets {
        Targets::Piles(_, narrow, _) => narrow.iter().map(|(c, f)| format!("{c}: {f:?}")).collect(),
        Targets::Board(_) => Vec::new(),
    }
}

/// `may_go` lets a man go to its neighbours, or anywhere while its player
/// has three: the parts that read no target are asked of the man alone,
/// `b in neighbours(a)` gives the points it names; `closes_mill` reads
/// the target all through and has no filter; `take`'s condition reads no
/// target at all.
#[test]
fn morris_s_conditions_are_read_as_filters_over_the_points() {
    let text = morris();
    for rule in ["put", "close"] {
        assert_eq!(
            filters(&text, rule),
            ["0: Or(Holds, And(Holds, Or(Among, Holds)))"],
            "{rule}"
        );
    }
    assert_eq!(filters(&text, "take"), ["0: Holds"]);
}

/// `may_go` written other ways, with a filter of each form (an `if`, a
/// place named as it stands, `any … where`, a definition whose value is
/// worked out, a part that divides by zero) and with none (under a `not`):
/// each lists what the general engine lists, at every position of random
/// games.
#[test]
fn conditions_read_as_filters_list_as_the_general_engine_lists() {
    const NEAR: &str = r#"<define name="near" of="a b n">b in neighbours(a) or n = 3</define>"#;
    let ways = [
        (
            r#"if type(a) = "group" then true else (type(a) = "point" and empty("hand." + player) and (b in neighbours(a) or on_board(player) = 3))"#,
            "",
            "0: If(Holds, And(Holds, Or(Among, Holds)))",
        ),
        (
            r#"type(a) = "group" or (type(a) = "point" and empty("hand." + player) and (b = "board.d7" or b in neighbours(a) or on_board(player) = 3))"#,
            "",
            "0: Or(Holds, And(Holds, Or(Or(At, Among), Holds)))",
        ),
        (
            r#"type(a) = "group" or (type(a) = "point" and empty("hand." + player) and ((any n in neighbours(a) where n = b) or on_board(player) = 3))"#,
            "",
            "0: Or(Holds, And(Holds, Or(Among, Holds)))",
        ),
        (
            r#"type(a) = "group" or (type(a) = "point" and empty("hand." + player) and near(a, b, on_board(player)))"#,
            NEAR,
            "0: Or(Holds, And(Holds, Bind(Or(Among, Holds))))",
        ),
        (
            r#"type(a) = "group" or (12 / (on_board(player) - 3) != 5 and empty("hand." + player) and (b in neighbours(a) or on_board(player) = 3))"#,
            "",
            "0: Or(Holds, And(Holds, Or(Among, Holds)))",
        ),
    ];
    for (body, definitions, filter) in ways {
        let text = morris_going(body, definitions);
        assert_eq!(filters(&text, "put"), [filter], "{body}");
        let tally = lockstep(&text, 4, body);
        assert!(tally.answered > 0, "{body}: {tally:?}");
    }
    let unread = r#"type(a) = "group" or not (type(a) = "group" or not empty("hand." + player) or not (b in neighbours(a) or on_board(player) = 3))"#;
    let text = morris_going(unread, "");
    assert!(filters(&text, "put").is_empty());
    let tally = lockstep(&text, 4, unread);
    assert!(tally.answered > 0, "{tally:?}");
}

/// Nine Men's Morris's rules on a board of 88 points on three long lines,
/// more targets than one word of bits holds, a man also going to the last
/// point from anywhere: each position lists what the general engine lists.
#[test]
fn targets_past_one_word_of_bits_list_as_the_general_engine_lists() {
    let text = morris_going(
        r#"type(a) = "group" or (type(a) = "point" and empty("hand." + player) and (b = "board.p88" or b in neighbours(a) or on_board(player) = 3))"#,
        "",
    );
    let start = text.find("<points").unwrap();
    let end = text.find("</points>").unwrap();
    let line = |from: usize| {
        (from..from + 30)
            .map(|i| format!("p{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let board = format!(
        r#"<points name="board"><line>{}</line><line>{}</line><line>{}</line>"#,
        line(1),
        line(30),
        line(59)
    );
    let long = format!("{}{}{}", &text[..start], board, &text[end..]);
    let (_, rules) = crate::open(&long).unwrap();
    assert!(rules.machine().unwrap().piles.len() > 64);
    assert_eq!(
        filters(&long, "put"),
        ["0: Or(Holds, And(Holds, Or(Or(At, Among), Holds)))"]
    );
    let tally = lockstep(&long, 4, "long lines");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// A points board whose points hold two men is not the machine's board,
/// whose squares hold one figure: the game still plays on the machine,
/// its points kept as piles, and lists what the general engine lists.
#[test]
fn points_that_hold_two_figures_are_kept_as_piles() {
    let text = examples::text("nine-mens-morris.game.xml").replacen(
        r#"<points name="board">"#,
        r#"<points name="board" capacity="2">"#,
        1,
    );
    assert!(
        !filters(&text, "put").is_empty(),
        "asked one by one, with filters"
    );
    let tally = lockstep(&text, 4, "two men a point");
    assert!(tally.answered > 0, "{tally:?}");
}

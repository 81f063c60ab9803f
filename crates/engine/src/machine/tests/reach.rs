//! Games the machine plays that need more than placing and moving: a
//! count of repetitions carried on from the general engine, moves that
//! can be started and not finished, only the top figure of a pile going,
//! and conditions and effects that read what a name pattern caught.

use super::*;

/// Breakthrough with a sideways step to an empty square, so that the
/// pawns go back and forth, and a draw when a position comes again.
fn shuffling_breakthrough() -> String {
    let text = examples::text("breakthrough.game.xml");
    let text = text.replacen(
        r#"<step name="capture""#,
        r#"<step name="aside">
        <what owner="on-move"/>
        <from type="square"/>
        <to type="square"/>
        <when>row(to) = row(from) and abs(column(to) - column(from)) = 1 and empty(to)</when>
      </step>
      <step name="capture""#,
        1,
    );
    let text = text.replacen(
        r#"<move name="capture">"#,
        r#"<move name="aside">aside</move>
      <move name="capture">"#,
        1,
    );
    text.replacen(
        "</game-over>",
        r#"<end name="same-again" winner="0"><when>repetitions >= 2</when></end></game-over>"#,
        1,
    )
}

#[test]
fn repetitions_are_counted_on_the_machine_as_the_general_engine_counts_them() {
    let text = shuffling_breakthrough();
    let (_, rules) = crate::open(&text).unwrap();
    assert!(!rules.alike_of.is_empty(), "the rules count repetitions");
    // Every situation after every action is compared, the keys of the
    // moves so far with them, and every game over.
    let tally = lockstep(&text, 12, "breakthrough with repetitions");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
    // Random games that shuffle sideways come round again: some end so.
    let rules = Arc::new(rules);
    let m = rules.machine().unwrap();
    let (mut draws, mut rng, mut scratch) = (0, Rng::new(3), super::super::Scratch::default());
    let mut budget = crate::search::Budget::new(
        crate::search::clock::native_now,
        crate::search::clock::Limits::none(),
        None,
    );
    for _ in 0..40 {
        let pos = Position::new(rules.clone());
        match m.playout(&pos, &mut rng, &mut scratch, &mut budget, 1000) {
            super::super::Ended::Winner(Some(0)) => draws += 1,
            super::super::Ended::Winner(_) => {}
            super::super::Ended::Handed => panic!("handed over"),
        }
    }
    assert!(draws > 0, "no game came round again in 40");
}

/// Breakthrough where a pawn may also charge forward onto an empty square
/// and must then strike: take an opponent's pawn next to where it landed.
/// With none there, the charge is no move; a player whose only steps are
/// such charges cannot move, and loses.
fn charging_breakthrough() -> String {
    let text = examples::text("breakthrough.game.xml");
    let text = text.replacen(
        r#"<board name="board" rows="6" columns="6"/>"#,
        r#"<board name="board" rows="6" columns="6"/><basket name="taken"/>"#,
        1,
    );
    let text = text.replacen(
        r#"<step name="capture""#,
        r#"<step name="charge">
        <what owner="on-move"/>
        <from type="square"/>
        <to type="square"/>
        <when>abs(row(to) - row(from)) = 1 and column(to) = column(from)</when>
        <when>row(to) - row(from) = (if player = 1 then 1 else -1) and empty(to)</when>
      </step>
      <step name="strike">
        <what owner="opponent"/>
        <from type="square"/>
        <to name="taken"/>
        <when>abs(row(from) - row(last_to)) &lt;= 1 and abs(column(from) - column(last_to)) &lt;= 1</when>
      </step>
      <step name="capture""#,
        1,
    );
    text.replacen(
        r#"<move name="capture">"#,
        r#"<move name="charge">charge strike</move>
      <move name="capture">"#,
        1,
    )
}

#[test]
fn charges_that_must_strike_play_as_the_general_engine_plays() {
    let text = charging_breakthrough();
    let (_, rules) = crate::open(&text).unwrap();
    assert!(!crate::position::stuck_means_no_step(&rules));
    let tally = lockstep(&text, 16, "breakthrough with charges");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// Stones put in the first column, or dropped further right where they
/// must strike: take the opponent's stone just left of where they
/// landed. A player may have a drop but no stone to strike: no move.
/// Player 2 starts with stones on `o`.
fn drop_and_strike(o: &str) -> String {
    format!(
        r#"<game format="2" players="2"><title>t</title><rules>
        <equipment><board name="b" rows="2" columns="3"/><group name="pool"/><basket name="taken"/></equipment>
        <figures>
          <figure name="x" type="stone" origin="pool" owner="1" count="2"/>
          <figure name="o" type="stone" origins="{o}" owner="2"/>
          <figure name="p" type="stone" origin="pool" owner="2" count="2"/>
        </figures>
        <steps>
          <step name="put"><what owner="on-move"/><from name="pool"/><to type="square"/>
            <when>column(to) = 1</when></step>
          <step name="drop"><what owner="on-move"/><from name="pool"/><to type="square"/>
            <when>column(to) &gt; 1</when></step>
          <step name="strike"><what owner="opponent"/><from type="square"/><to name="taken"/>
            <when>row(from) = row(last_to) and column(from) = column(last_to) - 1</when></step>
        </steps>
        <moves><move name="put">put</move><move name="drop">drop strike</move></moves>
        <settings when-stuck="lose" pass="no"/></rules></game>"#
    )
}

#[test]
fn a_move_that_cannot_be_finished_is_no_move_on_the_machine() {
    for o in ["b.1.1", "b.1.1 b.2.2", "b.1.3 b.2.3"] {
        let text = drop_and_strike(o);
        let (_, rules) = crate::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
        assert!(!crate::position::stuck_means_no_step(&rules));
        let tally = lockstep(&text, 24, o);
        assert!(tally.answered > 0 && tally.gave_up == 0, "{o}: {tally:?}");
    }
}

/// Player 1 fills the first column: player 2 can still drop a stone, but
/// has nothing to strike after any drop, so cannot move, and loses, on
/// the machine as on the general engine.
#[test]
fn a_player_with_steps_but_no_whole_move_loses_on_the_machine() {
    let text = drop_and_strike("b.1.1 b.2.2");
    let (_, rules) = crate::open(&text).unwrap();
    let rules = Arc::new(rules);
    let m = rules.machine().unwrap();
    let mut pos = Position::new(rules.clone());
    let mut s = Situation::default();
    assert!(s.load(m, &pos));
    assert_eq!(m.has_move(&rules, &s), Some(true));
    let put = pos
        .legal_steps()
        .into_iter()
        .find(|st| rules.place_name(st.to) == "b.2.1")
        .expect("a put on b.2.1");
    let kind = m.kind_of(&pos, put.figure).unwrap();
    let action = Action::Step {
        rule: put.rule,
        from: put.from,
        kind,
        to: put.to,
    };
    assert_eq!(m.apply(&rules, &mut s, action), Some(true));
    pos.apply(put);
    assert!(
        matches!(pos.status(), Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
    assert_eq!(s.winner(), Some(1));
    // Player 2 had a step: a drop, which no strike could follow.
    let mut before = s.clone();
    before.over = None;
    assert_eq!(m.has_step(&rules, &before), Some(true));
    assert_eq!(m.has_move(&rules, &before), Some(false));
}

/// Four pits of two seeds, each player owning two: a player takes the top
/// seed of one of their pits to the next pit round (`m = n mod 4 + 1`,
/// caught from the pits' names), and wins when the other player's pits
/// are both empty; a position come three times is a draw.
fn seeds() -> String {
    r#"<game format="2" players="2"><title>pits</title><rules>
      <equipment><group name="pit.1"/><group name="pit.2"/><group name="pit.3"/><group name="pit.4"/></equipment>
      <figures><figure name="seed" type="seed" origins="pit.1 pit.2 pit.3 pit.4" count="2"/></figures>
      <steps><step name="pass">
        <what type="seed"/>
        <from name="pit.?" name-vars="n"/>
        <to name="pit.?" name-vars="m"/>
        <when>m = n mod 4 + 1</when>
        <when>(n - 1) / 2 + 1 = player and figure = top(from)</when>
      </step></steps>
      <moves><move name="pass">pass</move></moves>
      <game-over>
        <end name="bare" winner="player"><when>empty(if player = 1 then pit.3 else pit.1) and empty(if player = 1 then pit.4 else pit.2)</when></end>
        <end name="same-again" winner="0"><when>repetitions >= 3</when></end>
      </game-over>
      <settings when-stuck="lose" pass="no"/>
    </rules></game>"#
        .to_string()
}

#[test]
fn the_top_seed_of_a_pit_named_by_number_goes_on_the_machine() {
    let text = seeds();
    let (_, rules) = crate::open(&text).unwrap();
    assert!(rules.steps[0].top_only && rules.reads_order && !rules.alike_of.is_empty());
    let tally = lockstep(&text, 24, "seeds passed round");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// The effect reads what the pattern caught: the seed passed on sends one
/// more seed of the pit it came from `n` pits on.
#[test]
fn an_effect_reads_what_a_name_pattern_caught() {
    let text = seeds().replacen(
        "</step></steps>",
        r#"<effect>if not empty(from) then move top(from) to "pit." + ((n + 1) mod 4 + 1)</effect></step></steps>"#,
        1,
    );
    let (_, rules) = crate::open(&text).unwrap();
    match rules.machine() {
        Some(_) => {
            let tally = lockstep(&text, 24, "seeds passed on twice");
            assert!(tally.answered > 0, "{tally:?}");
        }
        None => panic!("{:?}", rules.why_no_machine()),
    }
}

/// Breakthrough with a sideways step allowed on a condition of `extra`.
fn aside_when(extra: &str) -> String {
    shuffling_breakthrough().replacen(
        "row(to) = row(from) and abs(column(to) - column(from)) = 1 and empty(to)",
        &format!("row(to) = row(from) and abs(column(to) - column(from)) = 1 and empty(to) and ({extra})"),
        1,
    )
}

/// A part of a condition that reads nothing of the step (a count of the
/// board) is worked out once a listing (`super::super::once`): the steps
/// are those the general engine lists, each player's count their own.
#[test]
fn a_count_of_the_board_in_a_step_s_condition_is_the_general_engine_s() {
    let fewer = "(how many s in squares(board) where owner(s) = player) \
                 &lt;= (how many s in squares(board) where owner(s) = opponent)";
    let tally = lockstep(&aside_when(fewer), 12, "aside while no more pawns");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}

/// Such a part behind an `or` is asked only where the `or` reaches it: a
/// count divided by zero for player 1 on the third row gives up there and
/// nowhere else.
#[test]
fn a_part_worked_out_once_is_asked_only_where_the_condition_reaches_it() {
    let divided =
        "row(from) != 3 or (how many s in squares(board) where owner(s) = player) / (player - 1) > 0";
    let tally = lockstep(&aside_when(divided), 12, "divided by zero on the third row");
    assert!(tally.answered > 0 && tally.gave_up > 0, "{tally:?}");
}

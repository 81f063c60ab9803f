//! Games of three and four: turns, `next` and `previous`, winners by
//! number, owners 1–4, being stuck, and the files that hold them.

use std::sync::Arc;
use tablecraft_engine::file::{read_json, read_xml, write_json, write_xml};
use tablecraft_engine::position::Position;
use tablecraft_engine::state::Status;

/// `n` players take one or two matches from a heap of `matches`; who takes
/// the last wins. Each player's mark `mark.P` (owned by P) lies on `marks`,
/// and the trigger `seen` keeps `next * 10 + previous` of the last mover.
fn heap(players: u8, matches: u32, stuck: &str) -> String {
    let marks: String = (1..=players)
        .map(|p| format!(r#"<figure name="mark.{p}" type="mark" origin="marks" owner="{p}"/>"#))
        .collect();
    format!(
        r#"<game format="2" players="{players}"><title>Heap</title><rules>
        <equipment><group name="heap"/><basket name="basket"/><group name="marks"/></equipment>
        <figures><figure name="m" type="match" origin="heap" count="{matches}"/>{marks}</figures>
        <triggers><trigger name="seen" type="number" value="0"/></triggers>
        <steps><step name="take"><what type="match"/><from name="heap"/><to name="basket"/>
          <effect>set seen to next * 10 + previous</effect></step></steps>
        <moves><move name="turn">take x1-2</move></moves>
        <game-over><end name="last" winner="previous"><when>empty(heap)</when></end></game-over>
        <settings when-stuck="{stuck}"/>
        </rules></game>"#
    )
}

fn open(text: &str) -> Position {
    let (_, rules) = tablecraft_engine::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

fn take(pos: &mut Position, n: usize) {
    for _ in 0..n {
        let step = pos.legal_steps()[0];
        pos.play(step.figure, step.to)
            .unwrap_or_else(|r| panic!("{}", r.message));
    }
    if pos.can_end_move() {
        pos.end_move().unwrap();
    }
}

fn seen(pos: &Position) -> i64 {
    let t = pos
        .rules()
        .triggers
        .iter()
        .position(|t| t.name == "seen")
        .unwrap();
    pos.state().trigger(t as u16).and_then(|v| v.as_number()).unwrap()
}

#[test]
fn turns_go_round_every_player_and_next_and_previous_follow() {
    for players in 2..=4u8 {
        let mut pos = open(&heap(players, 40, "lose"));
        for turn in 0..(2 * players as usize) {
            let me = (turn % players as usize) as u8 + 1;
            assert_eq!(pos.to_move(), me, "{players} players, turn {turn}");
            take(&mut pos, 1);
            let next = if me == players { 1 } else { me + 1 };
            let previous = if me == 1 { players } else { me - 1 };
            assert_eq!(seen(&pos), i64::from(next) * 10 + i64::from(previous));
        }
    }
}

#[test]
fn the_winner_is_the_number_of_the_player_who_took_the_last_match() {
    let mut pos = open(&heap(3, 5, "lose"));
    take(&mut pos, 2); // 1
    take(&mut pos, 2); // 2
    take(&mut pos, 1); // 3 takes the last
    assert!(
        matches!(pos.status(), Status::Over { winner: 3, .. }),
        "{:?}",
        pos.status()
    );
}

#[test]
fn owners_3_and_4_are_read_and_kept() {
    let pos = open(&heap(4, 3, "lose"));
    for p in 1..=4u8 {
        let f = pos.rules().figure_id(&format!("mark.{p}")).unwrap();
        assert_eq!(pos.state().owner_of(f), p);
    }
}

/// A heap no-one can take from, where the game is over only by being stuck.
fn stuck_at_start(players: u8, stuck: &str) -> Status {
    let text = heap(players, 1, stuck).replace(r#"<from name="heap"/>"#, r#"<from name="basket"/>"#);
    open(&text).status().clone()
}

#[test]
fn a_stuck_player_loses_to_the_player_who_moved_last() {
    // Player 1 is stuck at the start: the one "before" is the last player.
    assert!(matches!(
        stuck_at_start(3, "lose"),
        Status::Over { winner: 3, .. }
    ));
    assert!(matches!(
        stuck_at_start(2, "lose"),
        Status::Over { winner: 2, .. }
    ));
    assert!(matches!(stuck_at_start(4, "win"), Status::Over { winner: 1, .. }));
    assert!(matches!(
        stuck_at_start(4, "draw"),
        Status::Over { winner: 0, .. }
    ));
    assert!(matches!(
        stuck_at_start(3, "pass"),
        Status::Over { winner: 0, .. }
    ));
}

#[test]
fn when_stuck_pass_goes_to_the_next_player_who_can_move() {
    // Only player 3 owns a figure that can move: with `pass` players 1 and
    // 2 are skipped.
    let text = r#"<game format="2" players="4"><title>Pass</title><rules>
        <equipment><group name="heap"/><basket name="basket"/></equipment>
        <figures><figure name="m" type="match" origin="heap" owner="3" count="3"/></figures>
        <steps><step name="take"><what type="match" owner="on-move"/><from name="heap"/><to name="basket"/></step></steps>
        <moves><move name="turn">take</move></moves>
        <game-over><end name="last" winner="previous"><when>empty(heap)</when></end></game-over>
        <settings when-stuck="pass"/>
        </rules></game>"#;
    let mut pos = open(text);
    assert_eq!(pos.to_move(), 3);
    take(&mut pos, 1);
    assert_eq!(pos.to_move(), 3, "4, 1 and 2 cannot move");
    take(&mut pos, 1);
    take(&mut pos, 1);
    assert!(matches!(pos.status(), Status::Over { winner: 3, .. }));
}

#[test]
fn files_of_three_and_four_keep_their_players_and_five_is_refused() {
    for players in [3u8, 4] {
        let (game, _) = read_xml(&heap(players, 4, "lose")).unwrap();
        assert_eq!(game.players, players);
        let (again, _) = read_xml(&write_xml(&game)).unwrap();
        assert_eq!(again, game);
        let (json, _) = read_json(&write_json(&game)).unwrap();
        assert_eq!(json, game);
    }
    for bad in ["0", "5"] {
        let text = heap(2, 4, "lose").replace(r#"players="2""#, &format!(r#"players="{bad}""#));
        let problems = read_xml(&text).unwrap_err();
        assert!(
            problems.iter().any(|p| p
                .message
                .contains(&format!("players must be from 1 to 4, not {bad}"))),
            "{problems:#?}"
        );
    }
    let owner5 = heap(4, 4, "lose").replace(r#"owner="4""#, r#"owner="5""#);
    assert!(read_xml(&owner5).is_err());
}

//! Small games built in code, for the search's tests and benchmarks
//! (the same games as the example files, without needing a file reader).

use crate::model::*;

fn eq(name: &str, kind: EquipmentKind) -> Equipment {
    Equipment::new(name, kind)
}

fn fig(name: &str, kind: &str, origin: &str, owner: Option<u8>) -> Figure {
    Figure {
        owner,
        ..Figure::new(name, kind, origin)
    }
}

fn step(name: &str, what: FigurePattern, from: PlacePattern, to: PlacePattern, when: &[&str]) -> StepRule {
    StepRule {
        name: name.into(),
        what,
        from,
        to,
        when: when.iter().map(|w| w.to_string()).collect(),
        effects: vec![],
        capture: false,
    }
}

fn end(name: &str, when: &str, winner: &str) -> GameOver {
    GameOver {
        name: name.into(),
        when: vec![when.into()],
        winner: winner.into(),
    }
}

/// Misère NIM with `n` matches: take 1–3; whoever takes the last loses.
pub fn nim(n: usize) -> Game {
    Game {
        title: format!("NIM{n}"),
        players: 2,
        equipment: vec![
            eq("matchgroup", EquipmentKind::Group),
            eq("basket", EquipmentKind::Basket),
        ],
        figures: (1..=n)
            .map(|i| fig(&format!("m.{i}"), "match", "matchgroup", None))
            .collect(),
        steps: vec![step(
            "take",
            FigurePattern {
                kind: Some(Pattern::exact("match")),
                ..Default::default()
            },
            PlacePattern::named("matchgroup"),
            PlacePattern::named("basket"),
            &[],
        )],
        moves: vec![MoveRule {
            name: "turn".into(),
            sequence: "take x1-3".into(),
        }],
        game_over: vec![end("last-match", "empty(matchgroup)", "player")],
        ..Game::default()
    }
}

/// Normal-play Nim on heaps of the given sizes: take any number from one
/// heap; whoever takes the last match wins.
pub fn nim_heaps(heaps: &[usize]) -> Game {
    let mut equipment: Vec<Equipment> = (1..=heaps.len())
        .map(|h| eq(&format!("heap.{h}"), EquipmentKind::Group))
        .collect();
    equipment.push(eq("basket", EquipmentKind::Basket));
    let letters = "abcdefgh";
    let mut figures = Vec::new();
    for (h, &size) in heaps.iter().enumerate() {
        let letter = &letters[h..h + 1];
        for i in 1..=size {
            figures.push(fig(
                &format!("{letter}.{i}"),
                "match",
                &format!("heap.{}", h + 1),
                None,
            ));
        }
    }
    let all_empty: Vec<String> = (1..=heaps.len()).map(|h| format!("empty(heap.{h})")).collect();
    Game {
        title: "Nim".into(),
        players: 2,
        equipment,
        figures,
        steps: vec![step(
            "take",
            FigurePattern {
                kind: Some(Pattern::exact("match")),
                ..Default::default()
            },
            PlacePattern {
                name: Some(Pattern::with_vars("heap.?", &["h"])),
                kind: None,
            },
            PlacePattern::named("basket"),
            &["last_from = \"\" or from = last_from"],
        )],
        moves: vec![MoveRule {
            name: "turn".into(),
            sequence: "take x1-".into(),
        }],
        game_over: vec![end("last-match", &all_empty.join(" and "), "opponent")],
        ..Game::default()
    }
}

/// The seed's ball puzzle: the shortest solution has 12 moves.
pub fn ball_puzzle() -> Game {
    let from = PlacePattern {
        name: Some(Pattern::with_vars("s.?", &["from"])),
        kind: None,
    };
    let to = PlacePattern {
        name: Some(Pattern::with_vars("s.?", &["to"])),
        kind: None,
    };
    let any = FigurePattern::default;
    Game {
        title: "The ball puzzle".into(),
        players: 1,
        equipment: (1..=15)
            .map(|i| eq(&format!("s.{i}"), EquipmentKind::Square))
            .collect(),
        figures: vec![fig("b", "ball", "s.1", None)],
        steps: vec![
            step(
                "normal-step",
                any(),
                from.clone(),
                to.clone(),
                &["to = from + 1", "not (from in [3, 8])"],
            ),
            step(
                "go-back",
                any(),
                PlacePattern {
                    name: Some(Pattern::with_vars("*", &["from-square"])),
                    kind: None,
                },
                PlacePattern::named("s.1"),
                &["from-square in [s.3, s.8]"],
            ),
            step(
                "go-forward",
                any(),
                from,
                to,
                &["from in [2, 7]", "to - from = 2"],
            ),
        ],
        game_over: vec![end("finish", "at(b, s.15)", "1")],
        ..Game::default()
    }
}

/// Tic-Tac-Toe: crosses and circles placed from their supplies.
pub fn tic_tac_toe() -> Game {
    in_a_row("Tic-Tac-Toe", 3, 3)
}

/// Three in a row on a 4×4 board: a cross on a corner wins, from any of the
/// four corners alike.
pub fn three_in_a_row_4x4() -> Game {
    in_a_row("Three in a row on 4×4", 4, 3)
}

/// Crosses and circles placed on a `size`×`size` grid from their supplies;
/// `k` in a row wins, a full grid draws.
fn in_a_row(title: &str, size: usize, k: usize) -> Game {
    let squares = size * size;
    let mut figures: Vec<Figure> = (1..=squares.div_ceil(2))
        .map(|i| fig(&format!("x.{i}"), "cross", "crosses", Some(1)))
        .collect();
    figures.extend((1..=squares / 2).map(|i| fig(&format!("o.{i}"), "circle", "circles", Some(2))));
    Game {
        title: title.into(),
        players: 2,
        equipment: vec![
            eq("circles", EquipmentKind::Group),
            eq("crosses", EquipmentKind::Group),
            eq(
                "grid",
                EquipmentKind::Board {
                    rows: size as u16,
                    columns: size as u16,
                },
            ),
        ],
        figures,
        steps: vec![step(
            "place",
            FigurePattern {
                owner: Some(OwnerPattern::OnMove),
                ..Default::default()
            },
            PlacePattern::typed("group"),
            PlacePattern::typed("square"),
            &[],
        )],
        moves: vec![MoveRule {
            name: "turn".into(),
            sequence: "place".into(),
        }],
        game_over: vec![
            end("in-a-row", &format!("in_a_row(grid, {k}, opponent)"), "opponent"),
            end("full-board", "empty(crosses) and empty(circles)", "0"),
        ],
        ..Game::default()
    }
}

/// Draughts on a 6×6 board with multi-jumps and crowns; a draw after 120 steps.
pub fn dama_lite() -> Game {
    let mut figures = Vec::new();
    for (i, sq) in ["1.1", "1.3", "1.5", "2.2", "2.4", "2.6"].iter().enumerate() {
        figures.push(fig(
            &format!("w.{}", i + 1),
            "stone",
            &format!("board.{sq}"),
            Some(1),
        ));
    }
    for (i, sq) in ["5.1", "5.3", "5.5", "6.2", "6.4", "6.6"].iter().enumerate() {
        figures.push(fig(
            &format!("k.{}", i + 1),
            "stone",
            &format!("board.{sq}"),
            Some(2),
        ));
    }
    let mine = |kind: &str| FigurePattern {
        kind: Some(Pattern::exact(kind)),
        owner: Some(OwnerPattern::OnMove),
        ..Default::default()
    };
    let with = |mut s: StepRule, effects: &[&str]| {
        s.effects = effects.iter().map(|e| e.to_string()).collect();
        s
    };
    let crown = "if row(to) = (if player = 1 then 6 else 1) then change figure to crown";
    let count = "set moves to value(moves) + 1";
    let capture = "move first(contains(between(from, to))) to captured";
    let jump_when = [
        "last_figure = \"\" or figure = last_figure",
        "count(contains(between(from, to))) = 1",
        "owner(first(contains(between(from, to)))) = opponent",
    ];
    let sq = || PlacePattern::typed("square");
    let mut jump = vec![
        "abs(column(to) - column(from)) = 2",
        "row(to) - row(from) = (if player = 1 then 2 else -2)",
    ];
    jump.extend(jump_when);
    let mut crown_jump = vec![
        "abs(row(to) - row(from)) = 2",
        "abs(column(to) - column(from)) = 2",
    ];
    crown_jump.extend(jump_when);
    Game {
        title: "Dama-lite".into(),
        players: 2,
        equipment: vec![
            eq("board", EquipmentKind::Board { rows: 6, columns: 6 }),
            eq("captured", EquipmentKind::Basket),
        ],
        figures,
        triggers: vec![Trigger {
            name: "moves".into(),
            value: TriggerValue::Number(0),
            visible: true,
        }],
        steps: vec![
            with(
                step(
                    "step",
                    mine("stone"),
                    sq(),
                    sq(),
                    &[
                        "abs(column(to) - column(from)) = 1",
                        "row(to) - row(from) = (if player = 1 then 1 else -1)",
                    ],
                ),
                &[crown, count],
            ),
            with(
                step("jump", mine("stone"), sq(), sq(), &jump),
                &[capture, crown, count],
            ),
            with(
                step(
                    "slide",
                    mine("crown"),
                    sq(),
                    sq(),
                    &[
                        "abs(row(to) - row(from)) = 1",
                        "abs(column(to) - column(from)) = 1",
                    ],
                ),
                &[count],
            ),
            with(
                step("crown-jump", mine("crown"), sq(), sq(), &crown_jump),
                &[capture, count],
            ),
        ],
        moves: [
            "move:step",
            "capture:jump x1-",
            "crown-move:slide",
            "crown-capture:crown-jump x1-",
        ]
        .iter()
        .map(|m| {
            let (name, seq) = m.split_once(':').unwrap_or((m, m));
            MoveRule {
                name: name.into(),
                sequence: seq.into(),
            }
        })
        .collect(),
        game_over: vec![end("too-long", "value(moves) >= 120", "0")],
        ..Game::default()
    }
}

/// A puzzle whose one move takes exactly `k` of `n` figures that all
/// differ (each of its own type) into the basket: listing its whole moves
/// visits about 2ⁿ positions, a test of the search's time budget.
pub fn distinct_take(n: usize, k: usize) -> Game {
    let mut g = nim(n);
    g.title = format!("Take {k} of {n}");
    g.players = 1;
    for (i, f) in g.figures.iter_mut().enumerate() {
        f.kind = format!("kind{i}");
    }
    g.steps[0].what = FigurePattern::default();
    g.moves[0].sequence = format!("take x{k}");
    g.game_over = vec![end("all-taken", "empty(matchgroup)", "1")];
    g
}

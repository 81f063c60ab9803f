//! Speed figures: legal-step generation, apply/undo, random playouts and
//! the computer player's search.

use std::hint::black_box;
use std::time::{Duration, Instant};
use tablecraft_engine::search;
use tablecraft_engine::{Position, Rules, Status};

/// A small deterministic generator for repeatable playouts.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One random game to the end (or `limit` steps); returns the steps made.
fn playout(pos: &mut Position, rng: &mut XorShift, limit: usize) -> usize {
    let mut undos = Vec::new();
    let mut n = 0;
    while n < limit && pos.status() == &Status::Playing {
        let steps = pos.legal_steps();
        if steps.is_empty() {
            break;
        }
        let end = pos.can_end_move() && rng.below(2) == 0;
        if end {
            undos.push(pos.apply_end_move());
        } else {
            undos.push(pos.apply(steps[rng.below(steps.len())]));
            n += 1;
        }
    }
    while let Some(u) = undos.pop() {
        pos.revert(u);
    }
    n
}

fn rate(count: u64, took: Duration) -> String {
    let per_sec = count as f64 / took.as_secs_f64().max(1e-9);
    if per_sec >= 1e6 {
        format!("{:.2} M/s", per_sec / 1e6)
    } else if per_sec >= 1e4 {
        format!("{:.1} k/s", per_sec / 1e3)
    } else {
        format!("{per_sec:.0} /s")
    }
}

pub fn run(rules: &std::sync::Arc<Rules>) {
    let budget = Duration::from_secs(1);
    let mut pos = Position::new(rules.clone());
    println!("{}", rules.game.title);

    let (mut calls, mut found) = (0u64, 0u64);
    let t = Instant::now();
    while t.elapsed() < budget {
        found += black_box(pos.legal_steps()).len() as u64;
        calls += 1;
    }
    let took = t.elapsed();
    println!(
        "legal-step generation (start): {} positions, {} steps",
        rate(calls, took),
        rate(found, took)
    );

    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let (mut games, mut steps) = (0u64, 0u64);
    let t = Instant::now();
    while t.elapsed() < budget {
        steps += playout(&mut pos, &mut rng, 1000) as u64;
        games += 1;
    }
    let took = t.elapsed();
    println!(
        "random playouts: {} games, {} steps (generate + apply + undo)",
        rate(games, took),
        rate(steps, took)
    );

    // The computer player's figures: its own playouts (as Monte-Carlo uses
    // them) and positions searched per second by alpha-beta for one second.
    let mut rng = search::rng::Rng::new(1);
    let mut buf = Vec::new();
    let mut unlimited = search::Budget::new(search::native_now, search::Limits::none(), None);
    let mut games = 0u64;
    let t = Instant::now();
    while t.elapsed() < budget {
        black_box(search::mcts::playout(
            &mut pos,
            &mut rng,
            &mut buf,
            &mut unlimited,
        ));
        games += 1;
    }
    println!(
        "search playouts (to the end, Monte-Carlo's): {} games",
        rate(games, t.elapsed())
    );
    let limits = search::Limits::millis(budget.as_secs_f64() * 1000.0);
    let c = search::solve(&pos, limits, &mut |_| {});
    println!(
        "search: {} positions in {:.0} ms, {} positions, depth {} ({:?}, {:?})",
        c.nodes,
        c.elapsed_ms,
        rate(c.nodes, Duration::from_secs_f64(c.elapsed_ms.max(1e-3) / 1000.0)),
        c.depth,
        c.method,
        c.outcome
    );

    let first = pos.legal_steps();
    if let Some(&step) = first.first() {
        let mut pairs = 0u64;
        let t = Instant::now();
        while t.elapsed() < budget {
            for _ in 0..1000 {
                let u = pos.apply(step);
                pos.revert(u);
            }
            pairs += 1000;
        }
        println!("apply + undo of one step: {}", rate(pairs, t.elapsed()));
    }
}

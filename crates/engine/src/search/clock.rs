//! Time for the search, in milliseconds, from a source that works both
//! natively and in WebAssembly (where `std::time::Instant` panics).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A millisecond clock: any monotonic source, e.g. `performance.now()` in
/// the page, or [`native_now`] natively.
pub type Now = fn() -> f64;

/// Milliseconds since the first call, from `std::time::Instant`.
/// Not for `wasm32-unknown-unknown`: there it always answers 0.
pub fn native_now() -> f64 {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        0.0
    }
}

/// How much a search may spend; `None` is no limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Milliseconds of thinking.
    pub time_ms: Option<f64>,
    /// Positions searched (nodes), or playouts for Monte-Carlo.
    pub nodes: Option<u64>,
    /// Whole moves deep.
    pub depth: Option<u32>,
}

impl Limits {
    /// A time budget only.
    pub fn millis(ms: f64) -> Limits {
        Limits {
            time_ms: Some(ms),
            nodes: None,
            depth: None,
        }
    }

    /// No limit at all: search until solved (careful with big games).
    pub fn none() -> Limits {
        Limits {
            time_ms: None,
            nodes: None,
            depth: None,
        }
    }
}

impl Default for Limits {
    /// One second.
    fn default() -> Self {
        Limits::millis(1000.0)
    }
}

/// Counts positions and tells when to stop: out of time, out of nodes, or
/// told to stop from outside.
pub struct Budget {
    now: Now,
    start: f64,
    limits: Limits,
    stop: Option<Arc<AtomicBool>>,
    /// Positions searched so far.
    pub nodes: u64,
    /// Calls of [`poll`](Budget::poll) since the start.
    polls: u32,
    stopped: bool,
}

impl Budget {
    /// Starts the clock.
    pub fn new(now: Now, limits: Limits, stop: Option<Arc<AtomicBool>>) -> Budget {
        Budget {
            now,
            start: now(),
            limits,
            stop,
            nodes: 0,
            polls: 0,
            stopped: false,
        }
    }

    /// Milliseconds since the start.
    pub fn elapsed(&self) -> f64 {
        (self.now)() - self.start
    }

    /// The clock this budget reads.
    pub fn now_fn(&self) -> Now {
        self.now
    }

    /// The stop flag this budget reads, if any.
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.stop.clone()
    }

    /// The limits this budget was made with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Counts one position; true when the search must stop. The clock and
    /// the stop flag are read every 16 positions.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 15 == 0 {
            self.check();
        }
        self.stopped
    }

    /// Like [`check`](Budget::check) but reading the clock and the stop
    /// flag only every 16 calls: for asking inside work whose single turn
    /// is cheap (listing the steps of one figure, one step of a move), where
    /// reading the clock each time costs more than the turn.
    #[inline]
    pub fn poll(&mut self) -> bool {
        self.polls = self.polls.wrapping_add(1);
        if self.polls & 15 == 0 {
            self.check();
        }
        self.stopped
    }

    /// Reads the clock, the node count and the stop flag now.
    pub fn check(&mut self) -> bool {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self.limits.time_ms.is_some_and(|t| self.elapsed() >= t)
            || self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the search has been told (or has run out) to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The fraction of the time or node budget used, 0 when unlimited.
    pub fn used(&self) -> f64 {
        let t = self.limits.time_ms.map_or(0.0, |t| self.elapsed() / t.max(1e-9));
        let n = self
            .limits
            .nodes
            .map_or(0.0, |n| self.nodes as f64 / n.max(1) as f64);
        t.max(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_budget_and_stop_flag() {
        let mut b = Budget::new(
            native_now,
            Limits {
                nodes: Some(1000),
                ..Limits::none()
            },
            None,
        );
        let mut n = 0;
        while !b.tick() {
            n += 1;
        }
        assert!((999..=1016).contains(&n), "{n}");
        let flag = Arc::new(AtomicBool::new(false));
        let mut b = Budget::new(native_now, Limits::none(), Some(flag.clone()));
        assert!(!b.check());
        flag.store(true, Ordering::Relaxed);
        assert!(b.check());
    }

    #[test]
    fn poll_reads_the_stop_flag_within_16_calls() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut b = Budget::new(native_now, Limits::none(), Some(flag.clone()));
        for _ in 0..40 {
            assert!(!b.poll());
        }
        flag.store(true, Ordering::Relaxed);
        let calls = (1..=16).find(|_| b.poll());
        assert!(calls.is_some(), "poll never saw the stop flag");
        assert!(b.stopped());
        assert_eq!(b.nodes, 0, "poll does not count positions");
    }

    #[test]
    fn native_clock_moves_forward() {
        let a = native_now();
        std::thread::sleep(std::time::Duration::from_millis(3));
        assert!(native_now() - a >= 2.0);
    }
}

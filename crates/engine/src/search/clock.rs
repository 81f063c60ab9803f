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
    /// [`pace`](Budget::pace): calls since the clock was last read, how
    /// many calls go between readings now, and when it was last read.
    paced: u32,
    stride: u32,
    read: f64,
    stopped: bool,
}

/// [`Budget::pace`] reads the clock less often while the steps between
/// two readings took less than this many milliseconds in all.
const PACE_MS: f64 = 0.25;

/// [`Budget::pace`] reads the clock at least once every this many calls.
const MAX_STRIDE: u32 = 16;

impl Budget {
    /// Starts the clock.
    pub fn new(now: Now, limits: Limits, stop: Option<Arc<AtomicBool>>) -> Budget {
        let start = now();
        Budget {
            now,
            start,
            limits,
            stop,
            nodes: 0,
            polls: 0,
            paced: 0,
            stride: 1,
            read: start,
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

    /// Like [`check`](Budget::check), for asking at every step of a random
    /// playout, whose steps may be quicker than reading the clock (in the
    /// page, a call into JavaScript): while the steps between two readings
    /// took less than [`PACE_MS`] in all, the next reading comes after
    /// twice as many (at most [`MAX_STRIDE`]); after slower ones, at the
    /// next step again. Without a time limit it is `check`.
    #[inline]
    pub fn pace(&mut self) -> bool {
        let Some(limit) = self.limits.time_ms else {
            return self.check();
        };
        self.paced += 1;
        if self.paced < self.stride {
            return self.stopped;
        }
        self.paced = 0;
        let now = (self.now)();
        self.stride = match now - self.read < PACE_MS {
            true => (self.stride * 2).min(MAX_STRIDE),
            false => 1,
        };
        self.read = now;
        self.stop_if(now - self.start >= limit)
    }

    /// Reads the clock, the node count and the stop flag now.
    pub fn check(&mut self) -> bool {
        let late = self.limits.time_ms.is_some_and(|t| self.elapsed() >= t);
        self.stop_if(late)
    }

    /// Stops when `late`, out of nodes or told to; whether stopped.
    fn stop_if(&mut self, late: bool) -> bool {
        if late
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
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

    thread_local! {
        /// A clock the test moves on, and how many times it was read.
        static TIME: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
        static READS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    fn test_clock() -> f64 {
        READS.with(|r| r.set(r.get() + 1));
        TIME.with(|t| t.get())
    }

    fn reads() -> u32 {
        READS.with(|r| r.get())
    }

    /// A step of a playout that took `ms`, then `pace`.
    fn step(b: &mut Budget, ms: f64) -> bool {
        TIME.with(|t| t.set(t.get() + ms));
        b.pace()
    }

    #[test]
    fn pace_reads_the_clock_at_every_slow_step_and_seldom_between_quick_ones() {
        let mut b = Budget::new(test_clock, Limits::millis(100.0), None);
        let before = reads();
        for _ in 0..1600 {
            assert!(!step(&mut b, 0.001));
        }
        let quick = reads() - before;
        assert!(
            quick <= 1600 / MAX_STRIDE + 8,
            "{quick} readings for 1600 quick steps"
        );
        // Slow steps: the clock is read within a stride, then at each.
        let before = reads();
        let unread = (0..MAX_STRIDE).take_while(|_| !step(&mut b, 0.5) && reads() == before);
        assert!(unread.count() < MAX_STRIDE as usize);
        for _ in 0..5 {
            let before = reads();
            assert!(!step(&mut b, 0.5));
            assert_eq!(reads(), before + 1, "read at a slow step");
        }
        // And the first past the limit stops.
        while !step(&mut b, 0.5) {}
        assert!((100.0..100.5).contains(&b.elapsed()), "{}", b.elapsed());
    }

    #[test]
    fn pace_without_a_time_limit_reads_the_stop_flag_at_once() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut b = Budget::new(native_now, Limits::none(), Some(flag.clone()));
        assert!(!b.pace());
        flag.store(true, Ordering::Relaxed);
        assert!(b.pace());
    }

    #[test]
    fn native_clock_moves_forward() {
        let a = native_now();
        std::thread::sleep(std::time::Duration::from_millis(3));
        assert!(native_now() - a >= 2.0);
    }
}

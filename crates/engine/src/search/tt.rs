//! The transposition table: what was learned about a position, keyed by
//! its Zobrist hash (figures on equipment, triggers, the player on move and
//! the move in progress).

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this.
    Lower,
    /// At most this.
    Upper,
}

/// One stored result.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub hash: u64,
    /// Score from the view of the player on move, mate scores relative to
    /// this position.
    pub score: i32,
    /// Whole moves searched below this position.
    pub depth: u16,
    pub bound: Bound,
    /// Whether no position below was scored by the heuristic or cut off by
    /// depth: the score is the game's value.
    pub proven: bool,
    /// The index of the best move in the move list, `u16::MAX` if none.
    pub best: u16,
}

/// A fixed-size table, always replacing (deeper results replace shallower).
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `entries` slots (rounded up to a power of two).
    pub fn new(entries: usize) -> Table {
        let size = entries.max(16).next_power_of_two();
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    /// The entry for `hash`, if stored.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<Entry> {
        self.slots[hash as usize & self.mask].filter(|e| e.hash == hash)
    }

    /// Stores an entry, keeping a deeper or proven one for the same
    /// position unless the new one is proven too.
    pub fn put(&mut self, e: Entry) {
        let slot = &mut self.slots[e.hash as usize & self.mask];
        if let Some(old) = slot {
            if old.hash == e.hash && old.proven && old.bound == Bound::Exact && !e.proven {
                return;
            }
        }
        *slot = Some(e);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}

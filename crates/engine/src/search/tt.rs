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

/// Slots for each entry, at least, while the table may grow.
pub const SPARE: usize = 16;

/// The slots a table starts with: a small search never needs more, and
/// allocating (and clearing) a big table would cost it more than searching.
pub const FIRST_SLOTS: usize = 1 << 10;

/// A table that grows as positions are stored, up to its size, always
/// replacing (deeper results replace shallower). It doubles while more than
/// one slot in [`SPARE`] is in use, so that a new position seldom pushes out
/// an old one.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
    /// Slots holding an entry.
    used: usize,
    /// The most slots it may grow to.
    max: usize,
}

impl Table {
    /// A table of about `entries` slots at most (rounded up to a power of
    /// two), starting with [`FIRST_SLOTS`].
    pub fn new(entries: usize) -> Table {
        let max = entries.max(16).next_power_of_two();
        let size = max.min(FIRST_SLOTS);
        Table {
            slots: vec![None; size],
            mask: size - 1,
            used: 0,
            max,
        }
    }

    /// The slots it has now.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The entry for `hash`, if stored.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<Entry> {
        self.slots[hash as usize & self.mask].filter(|e| e.hash == hash)
    }

    /// Stores an entry, keeping a deeper or proven one for the same
    /// position unless the new one is proven too.
    pub fn put(&mut self, e: Entry) {
        if self.used * SPARE > self.slots.len() && self.slots.len() < self.max {
            self.grow();
        }
        let slot = &mut self.slots[e.hash as usize & self.mask];
        match slot {
            Some(old) if old.hash == e.hash && old.proven && old.bound == Bound::Exact && !e.proven => return,
            Some(_) => {}
            None => self.used += 1,
        }
        *slot = Some(e);
    }

    /// Twice the slots, every entry kept: the entries of different slots
    /// go to different slots of the bigger table.
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![None; size]);
        self.mask = size - 1;
        for e in old.into_iter().flatten() {
            self.slots[e.hash as usize & self.mask] = Some(e);
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(hash: u64, depth: u16) -> Entry {
        Entry {
            hash,
            score: i32::from(depth),
            depth,
            bound: Bound::Exact,
            proven: false,
            best: 0,
        }
    }

    #[test]
    fn a_table_starts_small_and_grows_to_its_size_keeping_what_it_holds() {
        let mut t = Table::new(1 << 18);
        assert_eq!(t.slots(), FIRST_SLOTS);
        // Hashes spread over the slots, as Zobrist keys are.
        let hash = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..5000 {
            t.put(entry(hash(i), 1));
        }
        assert!(t.slots() >= 5000 * SPARE && t.slots() <= 1 << 18, "{}", t.slots());
        let kept = (0..5000).filter(|&i| t.get(hash(i)).is_some()).count();
        assert!(kept > 4500, "{kept} of 5000 kept");
        // A small table never grows past its size.
        let mut small = Table::new(100);
        for i in 0..5000 {
            small.put(entry(hash(i), 1));
        }
        assert_eq!(small.slots(), 128);
        assert!(small.get(hash(4999)).is_some(), "the latest replaces");
        small.clear();
        assert!(small.get(hash(4999)).is_none());
    }
}

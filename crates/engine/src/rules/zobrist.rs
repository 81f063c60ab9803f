//! Zobrist keys: a random number for each fact of a position, so that a
//! position's hash is the XOR of the keys of its facts and changes cheaply.

use crate::expr::Value;

/// Positions by their hash. A hash is XOR of random keys, already spread
/// evenly, so it is used as it is rather than hashed again.
pub type PositionSet = nohash_hasher::IntSet<u64>;
/// Something kept for each position, by its hash (see [`PositionSet`]).
pub type PositionMap<V> = nohash_hasher::IntMap<u64, V>;

/// A small, fast, deterministic generator (SplitMix64).
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The keys of one game.
#[derive(Debug, Clone, Default)]
pub struct Zobrist {
    places: usize,
    types: usize,
    /// figure × (place + 1): the last column is "removed".
    at: Vec<u64>,
    /// figure × type.
    kind: Vec<u64>,
}

impl Zobrist {
    /// Keys for `figures` figures, `places` places and `types` types.
    pub fn new(figures: usize, places: usize, types: usize) -> Self {
        let mut seed = 0x7AB1_ECAF_7000_0001u64;
        let mut next = || {
            seed = splitmix(seed);
            seed
        };
        let at = (0..figures * (places + 1)).map(|_| next()).collect();
        let kind = (0..figures * types).map(|_| next()).collect();
        Zobrist {
            places,
            types,
            at,
            kind,
        }
    }

    /// The key of figure `f` lying on place `p` (`None`: removed).
    #[inline]
    pub fn at(&self, f: u16, p: Option<u16>) -> u64 {
        let column = p.map_or(self.places, |p| p as usize);
        self.at
            .get(f as usize * (self.places + 1) + column)
            .copied()
            .unwrap_or(0)
    }

    /// The key of figure `f` having type `t`.
    #[inline]
    pub fn kind(&self, f: u16, t: u16) -> u64 {
        self.kind
            .get(f as usize * self.types + t as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The key of trigger `t` having value `v`.
    pub fn trigger(t: u16, v: &Value) -> u64 {
        splitmix(value_hash(v) ^ ((t as u64) << 48) ^ 0x5151)
    }

    /// The key of figure `f` being number `index` (from 0, the bottom) on
    /// place `p`, for games that read the order on a place.
    #[inline]
    pub fn order(f: u16, p: u16, index: usize) -> u64 {
        splitmix(0x0D0E_0000_0000_0000 ^ ((f as u64) << 32) ^ ((p as u64) << 16) ^ index as u64)
    }

    /// The key of figure `f` belonging to `owner` (other than its first owner).
    #[inline]
    pub fn owner(f: u16, owner: u8) -> u64 {
        splitmix(0x0E0E_0000_0000_0000 ^ ((f as u64) << 8) ^ owner as u64)
    }

    /// The key of a figure of class `class` (figures the rules can't tell
    /// apart) lying on `place` (`u16::MAX`: removed) with `kind` and
    /// `owner`, for `repetitions`; these keys are added up, not XORed, so
    /// that two alike figures on one place don't cancel out.
    #[inline]
    pub fn alike(class: u32, place: u16, kind: u16, owner: u8) -> u64 {
        splitmix(
            0xA11C_E000_0000_0000
                ^ (class as u64) << 40
                ^ (place as u64) << 24
                ^ (kind as u64) << 8
                ^ owner as u64,
        )
    }

    /// The key of a figure of class `class` being number `index` on `place`,
    /// for `repetitions` in games that read the order on a place.
    #[inline]
    pub fn alike_order(class: u32, place: u16, index: usize) -> u64 {
        splitmix(0x0DE5_0000_0000_0000 ^ (class as u64) << 36 ^ (place as u64) << 20 ^ index as u64)
    }

    /// The key of figure `f` lying face down.
    #[inline]
    pub fn face(f: u16) -> u64 {
        splitmix(0xFACE_D000_0000_0000 ^ f as u64)
    }

    /// The key of the player on move.
    pub fn player(p: u8) -> u64 {
        splitmix(0xC0FF_EE00 + p as u64)
    }

    /// The key of the move in progress.
    pub fn progress(state: u16, last: Option<(u16, u16)>) -> u64 {
        if state == 0 {
            return 0;
        }
        let last = last.map_or(0, |(f, p)| ((f as u64) << 16) | p as u64 | 1 << 40);
        splitmix(0xAB00_0000 ^ state as u64 ^ last << 17)
    }
}

fn value_hash(v: &Value) -> u64 {
    match v {
        Value::Number(n) => splitmix(*n as u64),
        Value::Bool(b) => splitmix(2 + *b as u64) ^ 0xB00,
        Value::Text(t) => t.bytes().fold(0xCBF2_9CE4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
        }),
        Value::List(items) => items.iter().fold(0x1157, |h, i| splitmix(h ^ value_hash(i))),
    }
}

//! The game's own generator of chance: every roll of a die comes from it.
//!
//! It is part of the state of a game (not of the position's hash: two
//! tables alike are the same position whatever comes next), seeded when
//! the game starts, kept in the game record as that seed, and put back by
//! Take back, so a replay shows the same rolls and rolling again after a
//! take-back gives the same number.

/// A small seeded generator (splitmix64): 64 bits of state, every seed
/// good, the same numbers on every machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chance(u64);

/// The seed of a game started without one.
pub const DEFAULT_SEED: u64 = 0x7AB1_EC2A_F7D1_CE00;

impl Chance {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Chance {
        Chance(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from 1 to `faces`, each as likely (1 when `faces` is 0):
    /// draws that would favour the low faces are thrown away.
    pub fn face(&mut self, faces: u8) -> u8 {
        let n = u64::from(faces.max(1));
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as u8 + 1;
            }
        }
    }
}

impl Chance {
    /// A number from 0 to `n - 1`, every one as likely (0 when `n` is 0);
    /// biased draws are thrown away, as for [`Chance::face`].
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// `items` in a new order, every order as likely (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_keeps_every_item_and_the_same_seed_the_same_order() {
        let order = |seed| {
            let mut items: Vec<u16> = (0..52).collect();
            Chance::new(seed).shuffle(&mut items);
            items
        };
        let mut sorted = order(3);
        assert_ne!(sorted, (0..52).collect::<Vec<_>>());
        sorted.sort();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        assert_eq!(order(3), order(3));
        assert_ne!(order(3), order(4));
        assert_eq!(Chance::new(1).below(0), 0);
        assert_eq!(Chance::new(1).below(1), 0);
    }

    #[test]
    fn the_same_seed_gives_the_same_faces_and_another_seed_others() {
        let faces = |seed| {
            let mut c = Chance::new(seed);
            (0..32).map(|_| c.face(6)).collect::<Vec<_>>()
        };
        assert_eq!(faces(7), faces(7));
        assert_ne!(faces(7), faces(8));
        assert!(faces(7).iter().all(|f| (1..=6).contains(f)));
    }
}

//! Kinds of figure: all the rules can tell of a figure on a place.
//!
//! Two figures of one class of interchangeable figures
//! ([`Rules::class_of`]: same colour, attributes, origin, matched alike by
//! every pattern, never named in an expression) with the same type and
//! owner are the same to every rule, and the general engine lists the
//! steps of only one of them ([`crate::Position::generate_distinct`]). The
//! machine keeps such figures as one kind, a small number, and a place's
//! figures as how many of each kind lie there.

use crate::rules::{FigureId, Rules, TypeId};

/// The most kinds a machine tells apart: one byte each on a square.
pub const MAX_KINDS: usize = 255;

/// What makes a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    pub class: u32,
    pub kind: TypeId,
    pub owner: u8,
}

/// No kind: a slot of [`Kinds::index`] no figure can be of.
const NONE: u8 = u8::MAX;

/// Every kind a game's figures can be of.
#[derive(Debug, Clone, Default)]
pub struct Kinds {
    all: Vec<Kind>,
    /// Per (class, type, owner), its kind or [`NONE`], for finding a kind
    /// with one look.
    index: Vec<u8>,
    types: usize,
    owners: usize,
}

impl Kinds {
    /// The kinds of `rules`' figures as they start, and as the effects
    /// can make them: of the types `types` (besides their own), and of
    /// any owner when some effect changes owners (`owners`). `None` when
    /// there are more than [`MAX_KINDS`].
    pub fn of(rules: &Rules, types: &[TypeId], owners: bool) -> Option<Kinds> {
        let classes = rules.class_of.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let mut kinds = Kinds {
            types: rules.types.len().max(1),
            owners: usize::from(rules.players) + 1,
            ..Kinds::default()
        };
        let cells = classes.checked_mul(kinds.types)?.checked_mul(kinds.owners)?;
        // A table past this size is not worth its memory: no machine.
        if cells > 1 << 20 {
            return None;
        }
        kinds.index = vec![NONE; cells];
        for (f, info) in rules.figures.iter().enumerate() {
            let class = *rules.class_of.get(f)?;
            let mut kinds_of = vec![info.kind];
            kinds_of.extend(types.iter().copied().filter(|&t| t != info.kind));
            let owners_of: Vec<u8> = if owners {
                (0..=rules.players).collect()
            } else {
                vec![info.owner]
            };
            for &kind in &kinds_of {
                for &owner in &owners_of {
                    kinds.add(Kind { class, kind, owner })?;
                }
            }
        }
        Some(kinds)
    }

    fn add(&mut self, k: Kind) -> Option<()> {
        let slot = self.slot(k.class, k.kind, k.owner)?;
        if self.index[slot] != NONE {
            return Some(());
        }
        if self.all.len() >= MAX_KINDS {
            return None;
        }
        self.index[slot] = self.all.len() as u8;
        self.all.push(k);
        Some(())
    }

    /// Where (class, type, owner) is in [`Kinds::index`].
    #[inline]
    fn slot(&self, class: u32, kind: TypeId, owner: u8) -> Option<usize> {
        let (kind, owner) = (usize::from(kind), usize::from(owner));
        if kind >= self.types || owner >= self.owners {
            return None;
        }
        let slot = (class as usize * self.types + kind) * self.owners + owner;
        (slot < self.index.len()).then_some(slot)
    }

    /// How many kinds there are.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// What kind `k` is.
    #[inline]
    pub fn get(&self, k: u8) -> Kind {
        self.all[k as usize]
    }

    /// The kind of figures of `class` of type `kind` owned by `owner`.
    #[inline]
    pub fn find(&self, class: u32, kind: TypeId, owner: u8) -> Option<u8> {
        let k = self.index[self.slot(class, kind, owner)?];
        (k != NONE).then_some(k)
    }

    /// Kind `k` with another type.
    pub fn with_type(&self, k: u8, kind: TypeId) -> Option<u8> {
        let Kind { class, owner, .. } = self.get(k);
        self.find(class, kind, owner)
    }

    /// Kind `k` with another owner.
    pub fn with_owner(&self, k: u8, owner: u8) -> Option<u8> {
        let Kind { class, kind, .. } = self.get(k);
        self.find(class, kind, owner)
    }

    /// The kind figure `f` of `rules` is of now, its type and owner given.
    pub fn of_figure(&self, rules: &Rules, f: FigureId, kind: TypeId, owner: u8) -> Option<u8> {
        self.find(*rules.class_of.get(f as usize)?, kind, owner)
    }
}

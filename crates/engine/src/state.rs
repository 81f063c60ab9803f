//! The changing part of a game: where each figure lies, figure types,
//! trigger values, whose move it is and how far the move has got.
//!
//! Every change goes through a method that records how to undo it, and
//! keeps the Zobrist hash and the index of figures by place up to date.
//!
//! The hash holds what makes two tables different positions: the game's
//! [`Chance`] is kept and undone but not hashed, and the order of the
//! figures on a place counts only where the rules can read it
//! (`Rules::reads_order`). `repetitions` compares a key in which
//! figures the rules can't tell apart are the same (`Rules::alike_of`).

use fixedbitset::FixedBitSet;

use super::automaton::{MoveAutomaton, Progress};
use super::expr::Value;
use super::model::Face;
use super::rng::{Chance, DEFAULT_SEED};
use super::rules::dice::{self, DieId};
use super::rules::{FigureId, PlaceId, RuleId, Rules, TriggerId, TypeId, Zobrist};

/// Where a figure is when it has been removed into the box.
pub const REMOVED: PlaceId = PlaceId::MAX;

/// A step already made in the current move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Made {
    pub rule: RuleId,
    pub figure: FigureId,
    pub from: PlaceId,
    pub to: PlaceId,
}

/// The steps of a move that ended, kept to undo its end. A move of one
/// step, the most usual, keeps it without a list of its own, so that
/// ending a move allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MadeBefore {
    /// No step (a pass) or one.
    One(Option<Made>),
    Many(Vec<Made>),
}

/// How the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Playing,
    /// The game is over; `winner` 0 is a draw (in a puzzle: not solved).
    Over {
        winner: u8,
        /// The game-over condition that ended it, or why it ended (shared
        /// with the rules, so that a search ending many games copies none).
        reason: std::sync::Arc<str>,
        /// The places of the winning line, when the game has one.
        line: Vec<PlaceId>,
    },
}

/// One undoable change.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Change {
    /// A figure left `from` where it was at `index` in the list.
    Moved {
        figure: FigureId,
        from: PlaceId,
        index: usize,
    },
    Kind {
        figure: FigureId,
        old: TypeId,
    },
    Owner {
        figure: FigureId,
        old: u8,
    },
    Trigger {
        trigger: TriggerId,
        old: Value,
    },
    Made,
    Progress {
        old: Progress,
    },
    Turn {
        old: u8,
        old_made: MadeBefore,
        old_progress: Progress,
    },
    Status {
        old: Status,
    },
    /// A die showed `old`.
    Die {
        die: DieId,
        old: u8,
    },
    /// The game's generator of chance before a roll.
    Chance {
        old: Chance,
    },
    /// A figure lay face down (`true`) or up.
    Face {
        figure: FigureId,
        old: bool,
    },
    /// The figures on a place lay in this order (before a shuffle).
    Order {
        place: PlaceId,
        old: Vec<FigureId>,
    },
}

/// What lies on a board of at most 64 squares, a bit a square (see
/// [`crate::rules::bitboard`]): kept as figures come, go and change hands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct BoardBits {
    /// The squares with a figure on.
    pub filled: u64,
    /// The squares with more than one figure on (a side effect can put a
    /// figure on a square that has no room).
    pub stacked: u64,
    /// Per player 1 to 4, the squares whose `owner` is that player: the
    /// square's own owner, or else its top figure's.
    pub owned: [u64; 4],
}

impl BoardBits {
    /// The squares whose `owner` is `player` (0: nobody's) among `all`.
    #[inline]
    pub fn owned_by(&self, player: i32, all: u64) -> u64 {
        match player {
            1..=4 => self.owned[player as usize - 1],
            0 => all & !(self.owned[0] | self.owned[1] | self.owned[2] | self.owned[3]),
            _ => 0,
        }
    }
}

/// A position of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    place_of: Vec<PlaceId>,
    kind_of: Vec<TypeId>,
    owner_of: Vec<u8>,
    /// Per figure, whether it lies face down (in the hash).
    down: Vec<bool>,
    on: Vec<Vec<FigureId>>,
    /// The places with a figure on: listing steps looks at no other.
    occupied: FixedBitSet,
    /// The places whose figures are not all alike (of one class of
    /// interchangeable figures, `Rules::class_of`, one type and one owner):
    /// on any other, one figure stands for all when steps are listed.
    mixed: FixedBitSet,
    /// Per owner (0 for none), the places with a figure of theirs on: a
    /// step of the player on move's figures looks at no other. Kept only
    /// where a step rule moves only such figures (`keeps_owners`).
    owned: Vec<FixedBitSet>,
    keeps_owners: bool,
    /// Per board of [`Rules::bitboards`], what lies on it.
    boards: Vec<BoardBits>,
    triggers: Vec<Value>,
    /// What each die shows (1 to its faces).
    dice: Vec<u8>,
    /// Where the game's chance has got: the next rolls. Not in the hash.
    chance: Chance,
    to_move: u8,
    progress: Progress,
    made: Vec<Made>,
    status: Status,
    hash: u64,
    /// Whether the order of the figures on a place is part of the hash.
    ordered: bool,
    /// The hash at the start of every move so far, the start of the game
    /// first, for `repetitions`.
    seen: Vec<u64>,
    /// Where the rules count repetitions, the figures' part of the key
    /// they compare ([`seen_key`](Self::seen_key)), kept as the figures
    /// change as the hash is: one number per figure on the table, of its
    /// class of alike figures, place, type and owner, added up…
    alike_figures: u64,
    /// …and, where the order on a place counts, one per figure and height
    /// on its place, of its class.
    alike_order: u64,
}

impl State {
    /// The starting position of a game.
    pub fn start(rules: &Rules) -> State {
        let mut s = State {
            place_of: rules.figures.iter().map(|f| f.origin).collect(),
            kind_of: rules.figures.iter().map(|f| f.kind).collect(),
            owner_of: rules.figures.iter().map(|f| f.owner).collect(),
            down: rules.figures.iter().map(|f| f.face == Face::Down).collect(),
            on: vec![Vec::new(); rules.places.len()],
            occupied: FixedBitSet::with_capacity(rules.places.len()),
            mixed: FixedBitSet::with_capacity(rules.places.len()),
            owned: Vec::new(),
            keeps_owners: rules.moves_own_figures_somewhere(),
            boards: vec![BoardBits::default(); rules.bitboards.boards.len()],
            triggers: rules.triggers.iter().map(|t| t.start.clone()).collect(),
            dice: vec![1; rules.dice.len()],
            chance: Chance::new(DEFAULT_SEED),
            to_move: 1,
            progress: MoveAutomaton::START,
            made: Vec::new(),
            status: Status::Playing,
            hash: 0,
            ordered: rules.reads_order,
            seen: Vec::new(),
            alike_figures: 0,
            alike_order: 0,
        };
        for (f, &p) in s.place_of.iter().enumerate() {
            if let Some(list) = s.on.get_mut(p as usize) {
                list.push(f as FigureId);
            }
        }
        s.index_places(rules);
        s.hash = s.full_hash(rules);
        (s.alike_figures, s.alike_order) = s.full_alike(rules);
        s.seen.push(s.seen_key(rules));
        s
    }

    /// What `repetitions` compares: the hash, or, when the game counts
    /// repetitions, a key in which figures the rules can't tell apart
    /// (`Rules::alike_of`) are the same: two tables that differ only in
    /// which of two alike seeds lies in a pit are the same table.
    fn seen_key(&self, rules: &Rules) -> u64 {
        if rules.alike_of.is_empty() {
            return self.hash;
        }
        let mut h = self.alike_figures
            ^ self.alike_order
            ^ Zobrist::player(self.to_move)
            ^ Zobrist::progress(self.progress, self.last());
        for (t, v) in self.triggers.iter().enumerate() {
            h ^= Zobrist::trigger(t as TriggerId, v);
        }
        h ^ self.dice_key() ^ self.face_key()
    }

    /// The figures' parts of [`seen_key`](Self::seen_key) worked out from
    /// scratch: (`alike_figures`, `alike_order`).
    fn full_alike(&self, rules: &Rules) -> (u64, u64) {
        if rules.alike_of.is_empty() {
            return (0, 0);
        }
        // A sum of one key per figure: the same for any figures of a class
        // swapped (a sum keeps two alike figures on one place apart from none).
        // Figures taken off the table are not part of it.
        let figures = (0..self.place_of.len() as FigureId)
            .fold(0u64, |sum, f| sum.wrapping_add(self.alike_key(rules, f)));
        let mut order = 0;
        if self.ordered {
            for (p, on) in self.on.iter().enumerate() {
                for (i, &f) in on.iter().enumerate() {
                    order ^= Zobrist::alike_order(alike_class(rules, f), p as PlaceId, i);
                }
            }
        }
        (figures, order)
    }

    /// Figure `f`'s part of `alike_figures`: 0 off the table.
    fn alike_key(&self, rules: &Rules, f: FigureId) -> u64 {
        let i = f as usize;
        match self.place_of.get(i) {
            Some(&p) if p != REMOVED => {
                Zobrist::alike(alike_class(rules, f), p, self.kind_of[i], self.owner_of[i])
            }
            _ => 0,
        }
    }

    /// Takes figure `f`'s part out of `alike_figures` (`out`) or puts it
    /// back, around a change of its place, type or owner.
    fn alike_figure(&mut self, rules: &Rules, f: FigureId, out: bool) {
        if rules.alike_of.is_empty() {
            return;
        }
        let key = self.alike_key(rules, f);
        self.alike_figures = match out {
            true => self.alike_figures.wrapping_sub(key),
            false => self.alike_figures.wrapping_add(key),
        };
    }

    /// Toggles figure `f`'s part of `alike_order` at height `i` of `p`.
    fn alike_height(&mut self, rules: &Rules, f: FigureId, p: PlaceId, i: usize) {
        if !rules.alike_of.is_empty() {
            self.alike_order ^= Zobrist::alike_order(alike_class(rules, f), p, i);
        }
    }

    /// Whether the kept parts of the key `repetitions` compares are those
    /// worked out from scratch.
    #[cfg(test)]
    pub(crate) fn alike_is_kept(&self, rules: &Rules) -> bool {
        (self.alike_figures, self.alike_order) == self.full_alike(rules)
    }

    /// The keys [`repetitions`](Self::repetitions) compares, one for the
    /// start of every move so far.
    pub(crate) fn seen(&self) -> &[u64] {
        &self.seen
    }

    /// How many times the present position has been there at the start of
    /// a move in this game, counting now (1 the first time). In the middle
    /// of a move: how many times the position at its start was.
    pub fn repetitions(&self) -> usize {
        let now = self.seen.last().copied().unwrap_or(self.hash);
        self.seen.iter().filter(|&&h| h == now).count()
    }

    /// This state at the start of a move of `player`, for asking what
    /// that player could do (its hash is not kept).
    pub(crate) fn at_start_for(&self, player: u8) -> State {
        let mut state = self.clone();
        state.start_for(player);
        state
    }

    /// Puts this state at the start of a move of `player`: what
    /// [`at_start_for`](Self::at_start_for) changes of a copy.
    fn start_for(&mut self, player: u8) {
        self.to_move = player;
        self.progress = MoveAutomaton::START;
        self.made.clear();
        self.status = Status::Playing;
    }

    /// Makes this state `from`'s [`at_start_for`](Self::at_start_for)
    /// `player`, in the memory it already has: a game over that asks
    /// `can(place, opponent)` after every move copies the state each time,
    /// and the list of figures on every place would otherwise be allocated
    /// again each time.
    pub(crate) fn become_start_for(&mut self, from: &State, player: u8) {
        self.copy_from(from);
        self.start_for(player);
    }

    /// Whether this state is already its own
    /// [`at_start_for`](Self::at_start_for) `player`.
    pub(crate) fn is_start_for(&self, player: u8) -> bool {
        self.to_move == player
            && self.progress == MoveAutomaton::START
            && self.made.is_empty()
            && self.status == Status::Playing
    }

    /// The hash recomputed from scratch; equals [`State::hash`].
    pub fn full_hash(&self, rules: &Rules) -> u64 {
        let z = &rules.zobrist;
        let mut h = Zobrist::player(self.to_move) ^ Zobrist::progress(self.progress, self.last());
        for (f, &p) in self.place_of.iter().enumerate() {
            h ^= z.at(f as FigureId, (p != REMOVED).then_some(p));
            h ^= z.kind(f as FigureId, self.kind_of[f]);
            if self.owner_of[f] != rules.figures[f].owner {
                h ^= Zobrist::owner(f as FigureId, self.owner_of[f]);
            }
        }
        for (t, v) in self.triggers.iter().enumerate() {
            h ^= Zobrist::trigger(t as TriggerId, v);
        }
        h ^= self.dice_key() ^ self.face_key();
        if self.ordered {
            for p in 0..self.on.len() {
                h ^= self.order_key(p as PlaceId);
            }
        }
        h
    }

    /// The part of the hash that says in which order the figures lie on `p`.
    fn order_key(&self, p: PlaceId) -> u64 {
        self.on(p)
            .iter()
            .enumerate()
            .fold(0, |h, (i, &f)| h ^ Zobrist::order(f, p, i))
    }

    /// Toggles the order key of the place `p` in the hash (once before a
    /// change of its whole order and once after).
    fn toggle_order(&mut self, rules: &Rules, p: PlaceId) {
        if self.ordered {
            self.hash ^= self.order_key(p);
            for i in 0..self.on(p).len() {
                let f = self.on[p as usize][i];
                self.alike_height(rules, f, p, i);
            }
        }
    }

    /// The hash of the position, including the move in progress.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The place a figure lies on, `None` when removed.
    pub fn place_of(&self, f: FigureId) -> Option<PlaceId> {
        self.place_of.get(f as usize).copied().filter(|&p| p != REMOVED)
    }

    /// The type of a figure now.
    pub fn kind_of(&self, f: FigureId) -> TypeId {
        self.kind_of.get(f as usize).copied().unwrap_or(0)
    }

    /// The owner of a figure now (0: nobody); it starts as the game says
    /// and changes by `change owner of`.
    pub fn owner_of(&self, f: FigureId) -> u8 {
        self.owner_of.get(f as usize).copied().unwrap_or(0)
    }

    /// Where each figure is and who owns it, figure by figure
    /// ([`REMOVED`] for a figure off the table).
    pub(crate) fn places_and_owners(&self) -> impl Iterator<Item = (PlaceId, u8)> + '_ {
        self.place_of.iter().copied().zip(self.owner_of.iter().copied())
    }

    /// The figures on a place, in the order they arrived.
    pub fn on(&self, p: PlaceId) -> &[FigureId] {
        self.on.get(p as usize).map_or(&[], |v| v.as_slice())
    }

    /// The places among `places` with at least one figure on (of `owner`,
    /// when given), in order. Word by word: `FixedBitSet::intersection`
    /// would look each place of one set up in the other, and a Tic-Tac-Toe
    /// board's filled squares would each be looked at to find its two piles.
    pub(crate) fn filled_among<'a>(
        &'a self,
        places: &'a FixedBitSet,
        owner: Option<u8>,
    ) -> impl Iterator<Item = PlaceId> + 'a {
        let width = usize::BITS as usize;
        let filled = owner.and_then(|o| self.owned_by(o)).unwrap_or(&self.occupied);
        filled
            .as_slice()
            .iter()
            .zip(places.as_slice())
            .enumerate()
            .flat_map(move |(w, (&a, &b))| {
                let mut bits = a & b;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let i = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        (w * width + i) as PlaceId
                    })
                })
            })
    }

    /// The places with a figure of `owner` on, where the state keeps them
    /// (a step rule moves only the mover's figures); `None` where it does
    /// not.
    pub(crate) fn owned_by(&self, owner: u8) -> Option<&FixedBitSet> {
        static NONE: FixedBitSet = FixedBitSet::new();
        self.keeps_owners
            .then(|| self.owned.get(owner as usize).unwrap_or(&NONE))
    }

    /// What lies on board `b` of [`Rules::bitboards`].
    #[inline]
    pub fn board_bits(&self, b: usize) -> BoardBits {
        self.boards.get(b).copied().unwrap_or_default()
    }

    /// Marks afresh in the board bits what lies on `p`, after a change
    /// there (nothing when `p` is on no such board).
    #[inline]
    fn touch(&mut self, rules: &Rules, p: PlaceId) {
        let Some((b, i)) = rules.bitboards.at(p) else {
            return;
        };
        let (Some(bits), Some(on)) = (self.boards.get_mut(b), self.on.get(p as usize)) else {
            return;
        };
        let bit = 1u64 << i;
        let owner = match rules.places.get(p as usize).map_or(0, |place| place.owner) {
            0 => on.last().map_or(0, |&f| self.owner_of[f as usize]),
            own => own,
        };
        if on.is_empty() {
            bits.filled &= !bit;
        } else {
            bits.filled |= bit;
        }
        if on.len() > 1 {
            bits.stacked |= bit;
        } else {
            bits.stacked &= !bit;
        }
        for (o, set) in bits.owned.iter_mut().enumerate() {
            if usize::from(owner) == o + 1 {
                *set |= bit;
            } else {
                *set &= !bit;
            }
        }
    }

    /// The value of a trigger.
    pub fn trigger(&self, t: TriggerId) -> Option<&Value> {
        self.triggers.get(t as usize)
    }

    /// What die `d` shows now (0 if there is no such die).
    pub fn die(&self, d: DieId) -> u8 {
        self.dice.get(d as usize).copied().unwrap_or(0)
    }

    /// What every die shows, in the order of the game's dice.
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    /// The game's generator of chance as it stands: the rolls to come.
    pub fn chance(&self) -> Chance {
        self.chance
    }

    /// Whether figure `f` lies face down now.
    pub fn is_down(&self, f: FigureId) -> bool {
        self.down.get(f as usize).copied().unwrap_or(false)
    }

    /// The part of the hash that says which figures lie face down.
    fn face_key(&self) -> u64 {
        self.down
            .iter()
            .enumerate()
            .filter(|(_, &d)| d)
            .fold(0, |h, (f, _)| h ^ Zobrist::face(f as FigureId))
    }

    /// Figure `f` now lies face down (`down`) or up.
    pub(crate) fn set_down(&mut self, f: FigureId, down: bool, undo: &mut Vec<Change>) {
        let Some(slot) = self.down.get_mut(f as usize) else {
            return;
        };
        let old = std::mem::replace(slot, down);
        if old != down {
            self.hash ^= Zobrist::face(f);
        }
        undo.push(Change::Face { figure: f, old });
    }

    /// The figures on `p` now lie in `order` (the same figures, shuffled).
    pub(crate) fn reorder(
        &mut self,
        rules: &Rules,
        p: PlaceId,
        order: Vec<FigureId>,
        undo: &mut Vec<Change>,
    ) {
        if self.on.get(p as usize).is_none() {
            return;
        }
        self.toggle_order(rules, p);
        let old = std::mem::replace(&mut self.on[p as usize], order);
        self.toggle_order(rules, p);
        self.touch(rules, p);
        undo.push(Change::Order { place: p, old });
    }

    /// Puts `figures[i]` where `slots[i]` lies, for every `i` (the same
    /// figures in another arrangement: the computer's guess at what it
    /// cannot see). Each slot keeps which way up it lies. The hash is
    /// worked out afresh; nothing is recorded for undo.
    pub(crate) fn redeal(&mut self, rules: &Rules, slots: &[FigureId], figures: &[FigureId]) {
        let at: Vec<(PlaceId, usize, bool)> = slots
            .iter()
            .map(|&f| {
                let p = self.place_of[f as usize];
                let i = self.on(p).iter().position(|&x| x == f).unwrap_or(0);
                (p, i, self.is_down(f))
            })
            .collect();
        for (&(p, i, down), &g) in at.iter().zip(figures) {
            if let Some(slot) = self.on.get_mut(p as usize).and_then(|l| l.get_mut(i)) {
                *slot = g;
            }
            self.place_of[g as usize] = p;
            self.down[g as usize] = down;
        }
        self.index_places(rules);
        self.hash = self.full_hash(rules);
        (self.alike_figures, self.alike_order) = self.full_alike(rules);
    }

    /// The part of the hash that says what the dice show.
    fn dice_key(&self) -> u64 {
        self.dice
            .iter()
            .enumerate()
            .fold(0, |h, (d, &v)| h ^ dice::key(d as DieId, v))
    }

    /// Starts the game's chance from `seed` (at the start of a game), and
    /// shuffles the figures on the places that start shuffled, in the
    /// order of [`Rules::shuffled`], from it.
    pub(crate) fn seed(&mut self, rules: &Rules, seed: u64) {
        self.chance = Chance::new(seed);
        for &p in &rules.shuffled {
            self.shuffle(rules, p, &mut Vec::new());
        }
        self.seen = vec![self.seen_key(rules)];
    }

    /// Shuffles the figures on `p` with the game's chance (every order as
    /// likely); nothing happens on an empty place.
    pub(crate) fn shuffle(&mut self, rules: &Rules, p: PlaceId, undo: &mut Vec<Change>) {
        let mut order = self.on(p).to_vec();
        if order.len() < 2 {
            return;
        }
        let mut chance = self.chance;
        chance.shuffle(&mut order);
        self.set_chance(chance, undo);
        self.reorder(rules, p, order, undo);
    }

    /// Die `d` now shows `value`.
    pub(crate) fn set_die(&mut self, d: DieId, value: u8, undo: &mut Vec<Change>) {
        let Some(slot) = self.dice.get_mut(d as usize) else {
            return;
        };
        let old = std::mem::replace(slot, value);
        self.hash ^= dice::key(d, old) ^ dice::key(d, value);
        undo.push(Change::Die { die: d, old });
    }

    /// The game's chance is now `chance` (after drawing from it).
    pub(crate) fn set_chance(&mut self, chance: Chance, undo: &mut Vec<Change>) {
        let old = std::mem::replace(&mut self.chance, chance);
        undo.push(Change::Chance { old });
    }

    /// The player on move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// How far the current move has got.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// The steps made so far in the current move.
    pub fn made(&self) -> &[Made] {
        &self.made
    }

    /// The last step of the current move.
    pub fn last(&self) -> Option<(FigureId, PlaceId)> {
        self.made.last().map(|m| (m.figure, m.to))
    }

    /// How the game stands.
    pub fn status(&self) -> &Status {
        &self.status
    }

    pub(crate) fn move_figure(&mut self, rules: &Rules, f: FigureId, to: PlaceId, undo: &mut Vec<Change>) {
        let Some(&from) = self.place_of.get(f as usize) else {
            return;
        };
        let index = self.detach(rules, f, from);
        self.attach(rules, f, from, to);
        undo.push(Change::Moved {
            figure: f,
            from,
            index,
        });
    }

    /// Takes `f` off `from`, keeping the order part of the hash: the keys
    /// of `f` and of the figures above it, which each come down one. Taking
    /// the top figure (a card from a deck) costs one key, not the place's.
    fn detach(&mut self, rules: &Rules, f: FigureId, from: PlaceId) -> usize {
        let Some(list) = self.on.get_mut(from as usize) else {
            return 0;
        };
        let Some(i) = list.iter().position(|&x| x == f) else {
            return 0;
        };
        if self.ordered {
            self.hash ^= Zobrist::order(f, from, i);
            for (j, &g) in list.iter().enumerate().skip(i + 1) {
                self.hash ^= Zobrist::order(g, from, j) ^ Zobrist::order(g, from, j - 1);
            }
            if !rules.alike_of.is_empty() {
                let class = |g: FigureId| alike_class(rules, g);
                let mut key = Zobrist::alike_order(class(f), from, i);
                for (j, &g) in list.iter().enumerate().skip(i + 1) {
                    key ^=
                        Zobrist::alike_order(class(g), from, j) ^ Zobrist::alike_order(class(g), from, j - 1);
                }
                self.alike_order ^= key;
            }
        }
        list.remove(i);
        if list.is_empty() {
            self.occupied.remove(from as usize);
        }
        self.touch(rules, from);
        if self.mixed.contains(from as usize) {
            self.sort_out(rules, from);
        }
        if self.keeps_owners {
            self.recount_owner(from, self.owner_of[f as usize]);
        }
        i
    }

    /// Puts `f` on `p` at `index` (at most the top), keeping the order part
    /// of the hash: the figures above it each go up one.
    fn insert(&mut self, rules: &Rules, f: FigureId, p: PlaceId, index: usize) {
        let Some(list) = self.on.get_mut(p as usize) else {
            return;
        };
        let index = index.min(list.len());
        if self.ordered {
            for (j, &g) in list.iter().enumerate().skip(index) {
                self.hash ^= Zobrist::order(g, p, j) ^ Zobrist::order(g, p, j + 1);
            }
            self.hash ^= Zobrist::order(f, p, index);
            if !rules.alike_of.is_empty() {
                let class = |g: FigureId| alike_class(rules, g);
                let mut key = Zobrist::alike_order(class(f), p, index);
                for (j, &g) in list.iter().enumerate().skip(index) {
                    key ^= Zobrist::alike_order(class(g), p, j) ^ Zobrist::alike_order(class(g), p, j + 1);
                }
                self.alike_order ^= key;
            }
        }
        list.insert(index, f);
        // Another figure on the place, to compare the new one with.
        let other = list.get(usize::from(index == 0)).copied();
        self.occupied.insert(p as usize);
        self.touch(rules, p);
        if let Some(g) = other {
            if !self.alike(rules, f, g) {
                self.mixed.insert(p as usize);
            }
        }
        if self.keeps_owners {
            self.mark_owner(p, self.owner_of[f as usize], true);
        }
    }

    /// Whether the figures on `p` are all alike: of one class of
    /// interchangeable figures, one type and one owner (true of an empty
    /// place).
    pub(crate) fn uniform(&self, p: PlaceId) -> bool {
        !self.mixed.contains(p as usize)
    }

    fn alike(&self, rules: &Rules, f: FigureId, g: FigureId) -> bool {
        let class = |f: FigureId| rules.class_of.get(f as usize).copied().unwrap_or(u32::MAX);
        class(f) == class(g)
            && self.kind_of[f as usize] == self.kind_of[g as usize]
            && self.owner_of[f as usize] == self.owner_of[g as usize]
    }

    /// Works out afresh whether the figures on `p` are all alike.
    fn sort_out(&mut self, rules: &Rules, p: PlaceId) {
        let Some(list) = self.on.get(p as usize) else {
            return;
        };
        let mixed = list.len() > 1 && list.windows(2).any(|w| !self.alike(rules, w[0], w[1]));
        if mixed != self.mixed.contains(p as usize) {
            self.mixed.set(p as usize, mixed);
        }
    }

    /// Works out afresh which places have a figure on, of which owner, and
    /// whether their figures are all alike.
    fn index_places(&mut self, rules: &Rules) {
        self.occupied.clear();
        self.mixed.clear();
        self.owned.iter_mut().for_each(FixedBitSet::clear);
        for p in 0..self.on.len() {
            for i in 0..self.on[p].len() {
                let f = self.on[p][i];
                self.occupied.insert(p);
                if self.keeps_owners {
                    self.mark_owner(p as PlaceId, self.owner_of[f as usize], true);
                }
            }
            self.sort_out(rules, p as PlaceId);
            self.touch(rules, p as PlaceId);
        }
    }

    /// Marks whether `p` has a figure of `owner` on.
    /// Only where the owners' places are kept (`keeps_owners`).
    fn mark_owner(&mut self, p: PlaceId, owner: u8, on: bool) {
        let o = owner as usize;
        if self.owned.len() <= o {
            if !on {
                return;
            }
            self.owned
                .resize(o + 1, FixedBitSet::with_capacity(self.on.len()));
        }
        self.owned[o].set(p as usize, on);
    }

    /// Marks whether `p` still has a figure of `owner` on, after one of
    /// theirs left it or changed hands (where the owners' places are kept).
    fn recount_owner(&mut self, p: PlaceId, owner: u8) {
        let on = self.on(p).iter().any(|&g| self.owner_of[g as usize] == owner);
        self.mark_owner(p, owner, on);
    }

    /// `f` now has another owner than `old`: the place it is on marked
    /// again for both (where the owners' places are kept).
    fn owner_changed(&mut self, f: FigureId, old: u8) {
        let p = self.place_of[f as usize];
        if (p as usize) < self.on.len() {
            self.mark_owner(p, self.owner_of[f as usize], true);
            self.recount_owner(p, old);
        }
    }

    fn attach(&mut self, rules: &Rules, f: FigureId, from: PlaceId, to: PlaceId) {
        let z = &rules.zobrist;
        self.hash ^= z.at(f, (from != REMOVED).then_some(from)) ^ z.at(f, (to != REMOVED).then_some(to));
        self.alike_figure(rules, f, true);
        self.place_of[f as usize] = to;
        self.alike_figure(rules, f, false);
        self.insert(rules, f, to, usize::MAX);
    }

    pub(crate) fn set_kind(&mut self, rules: &Rules, f: FigureId, kind: TypeId, undo: &mut Vec<Change>) {
        let Some(old) = self.kind_of.get(f as usize).copied() else {
            return;
        };
        self.hash ^= rules.zobrist.kind(f, old) ^ rules.zobrist.kind(f, kind);
        self.alike_figure(rules, f, true);
        self.kind_of[f as usize] = kind;
        self.alike_figure(rules, f, false);
        self.sort_out(rules, self.place_of[f as usize]);
        undo.push(Change::Kind { figure: f, old });
    }

    pub(crate) fn set_owner(&mut self, rules: &Rules, f: FigureId, owner: u8, undo: &mut Vec<Change>) {
        let Some(old) = self.owner_of.get(f as usize).copied() else {
            return;
        };
        self.hash ^= owner_key(rules, f, old) ^ owner_key(rules, f, owner);
        self.alike_figure(rules, f, true);
        self.owner_of[f as usize] = owner;
        self.alike_figure(rules, f, false);
        if self.keeps_owners {
            self.owner_changed(f, old);
        }
        self.sort_out(rules, self.place_of[f as usize]);
        self.touch(rules, self.place_of[f as usize]);
        undo.push(Change::Owner { figure: f, old });
    }

    pub(crate) fn set_trigger(&mut self, t: TriggerId, value: Value, undo: &mut Vec<Change>) {
        let Some(slot) = self.triggers.get_mut(t as usize) else {
            return;
        };
        let old = std::mem::replace(slot, value);
        self.hash ^= Zobrist::trigger(t, &old) ^ Zobrist::trigger(t, slot);
        undo.push(Change::Trigger { trigger: t, old });
    }

    pub(crate) fn push_made(&mut self, made: Made, progress: Progress, undo: &mut Vec<Change>) {
        self.hash ^= Zobrist::progress(self.progress, self.last());
        undo.push(Change::Progress { old: self.progress });
        self.made.push(made);
        undo.push(Change::Made);
        self.progress = progress;
        self.hash ^= Zobrist::progress(self.progress, self.last());
    }

    /// The move goes on to `progress` without a step (a roll).
    pub(crate) fn advance(&mut self, progress: Progress, undo: &mut Vec<Change>) {
        self.hash ^= Zobrist::progress(self.progress, self.last());
        undo.push(Change::Progress { old: self.progress });
        self.progress = progress;
        self.hash ^= Zobrist::progress(self.progress, self.last());
    }

    /// Ends the move: the turn passes to `next`.
    pub(crate) fn pass_turn(&mut self, rules: &Rules, next: u8, undo: &mut Vec<Change>) {
        self.hash ^= Zobrist::progress(self.progress, self.last())
            ^ Zobrist::player(self.to_move)
            ^ Zobrist::player(next);
        undo.push(Change::Turn {
            old: self.to_move,
            old_made: match self.made.len() {
                0 | 1 => MadeBefore::One(self.made.pop()),
                _ => MadeBefore::Many(std::mem::take(&mut self.made)),
            },
            old_progress: self.progress,
        });
        self.to_move = next;
        self.progress = MoveAutomaton::START;
        let key = self.seen_key(rules);
        self.seen.push(key);
    }

    pub(crate) fn set_status(&mut self, status: Status, undo: &mut Vec<Change>) {
        let old = std::mem::replace(&mut self.status, status);
        undo.push(Change::Status { old });
    }

    /// Makes this state the same as `saved`, keeping its own memory: a
    /// random playout comes back from its end in one copy, rather than
    /// undoing its steps one by one.
    pub(crate) fn copy_from(&mut self, saved: &State) {
        // Every field is named, so that a new one cannot be left out.
        let State {
            place_of,
            kind_of,
            owner_of,
            down,
            on,
            occupied,
            mixed,
            owned,
            keeps_owners,
            boards,
            triggers,
            dice,
            chance,
            to_move,
            progress,
            made,
            status,
            hash,
            ordered,
            seen,
            alike_figures,
            alike_order,
        } = saved;
        self.place_of.clone_from(place_of);
        self.kind_of.clone_from(kind_of);
        self.owner_of.clone_from(owner_of);
        self.down.clone_from(down);
        if self.on.len() == on.len() {
            // Most places hold what they held: each is compared before it
            // is copied.
            for (now, saved) in self.on.iter_mut().zip(on) {
                if now != saved {
                    now.clear();
                    now.extend_from_slice(saved);
                }
            }
        } else {
            self.on.clone_from(on);
        }
        self.occupied.clone_from(occupied);
        self.mixed.clone_from(mixed);
        self.owned.clone_from(owned);
        self.keeps_owners = *keeps_owners;
        self.boards.clone_from(boards);
        self.triggers.clone_from(triggers);
        self.dice.clone_from(dice);
        self.chance = *chance;
        self.to_move = *to_move;
        self.progress = *progress;
        self.made.clone_from(made);
        self.status.clone_from(status);
        self.hash = *hash;
        self.ordered = *ordered;
        self.seen.clone_from(seen);
        self.alike_figures = *alike_figures;
        self.alike_order = *alike_order;
    }

    /// Undoes the changes after the first `mark`, newest first, taking
    /// them off `changes` (which keeps its memory).
    pub(crate) fn undo(&mut self, rules: &Rules, changes: &mut Vec<Change>, mark: usize) {
        while changes.len() > mark {
            let Some(change) = changes.pop() else {
                break;
            };
            match change {
                Change::Moved { figure, from, index } => {
                    let Some(&now) = self.place_of.get(figure as usize) else {
                        continue;
                    };
                    self.detach(rules, figure, now);
                    let z = &rules.zobrist;
                    self.hash ^= z.at(figure, (now != REMOVED).then_some(now))
                        ^ z.at(figure, (from != REMOVED).then_some(from));
                    self.alike_figure(rules, figure, true);
                    self.place_of[figure as usize] = from;
                    self.alike_figure(rules, figure, false);
                    self.insert(rules, figure, from, index);
                }
                Change::Kind { figure, old } => {
                    let now = self.kind_of[figure as usize];
                    self.hash ^= rules.zobrist.kind(figure, now) ^ rules.zobrist.kind(figure, old);
                    self.alike_figure(rules, figure, true);
                    self.kind_of[figure as usize] = old;
                    self.alike_figure(rules, figure, false);
                    self.sort_out(rules, self.place_of[figure as usize]);
                }
                Change::Owner { figure, old } => {
                    let now = self.owner_of[figure as usize];
                    self.hash ^= owner_key(rules, figure, now) ^ owner_key(rules, figure, old);
                    self.alike_figure(rules, figure, true);
                    self.owner_of[figure as usize] = old;
                    self.alike_figure(rules, figure, false);
                    if self.keeps_owners {
                        self.owner_changed(figure, now);
                    }
                    self.sort_out(rules, self.place_of[figure as usize]);
                    self.touch(rules, self.place_of[figure as usize]);
                }
                Change::Trigger { trigger, old } => {
                    let now = std::mem::replace(&mut self.triggers[trigger as usize], old);
                    self.hash ^= Zobrist::trigger(trigger, &now)
                        ^ Zobrist::trigger(trigger, &self.triggers[trigger as usize]);
                }
                Change::Made => {
                    self.hash ^= Zobrist::progress(self.progress, self.last());
                    self.made.pop();
                    self.hash ^= Zobrist::progress(self.progress, self.last());
                }
                Change::Progress { old } => {
                    self.hash ^= Zobrist::progress(self.progress, self.last());
                    self.progress = old;
                    self.hash ^= Zobrist::progress(self.progress, self.last());
                }
                Change::Turn {
                    old,
                    old_made,
                    old_progress,
                } => {
                    self.seen.pop();
                    self.hash ^= Zobrist::player(self.to_move) ^ Zobrist::player(old);
                    self.to_move = old;
                    match old_made {
                        MadeBefore::One(made) => {
                            self.made.clear();
                            self.made.extend(made);
                        }
                        MadeBefore::Many(made) => self.made = made,
                    }
                    self.progress = old_progress;
                    self.hash ^= Zobrist::progress(self.progress, self.last());
                }
                Change::Status { old } => self.status = old,
                Change::Die { die, old } => {
                    if let Some(slot) = self.dice.get_mut(die as usize) {
                        self.hash ^= dice::key(die, *slot) ^ dice::key(die, old);
                        *slot = old;
                    }
                }
                Change::Chance { old } => self.chance = old,
                Change::Face { figure, old } => {
                    if let Some(slot) = self.down.get_mut(figure as usize) {
                        if *slot != old {
                            self.hash ^= Zobrist::face(figure);
                        }
                        *slot = old;
                    }
                }
                Change::Order { place, old } => {
                    self.toggle_order(rules, place);
                    self.on[place as usize] = old;
                    self.toggle_order(rules, place);
                    self.touch(rules, place);
                }
            }
        }
    }
}

/// The hash key of a figure's owner: none while it has its first owner.
/// The class of alike figures figure `f` is of (`Rules::alike_of`).
fn alike_class(rules: &Rules, f: FigureId) -> u32 {
    rules.alike_of.get(f as usize).copied().unwrap_or(u32::MAX)
}

fn owner_key(rules: &Rules, f: FigureId, owner: u8) -> u64 {
    if rules.figures.get(f as usize).is_some_and(|i| i.owner == owner) {
        0
    } else {
        Zobrist::owner(f, owner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board bits worked out afresh from where every figure lies.
    fn boards_afresh(state: &State, rules: &Rules) -> Vec<BoardBits> {
        let mut fresh = state.clone();
        fresh.boards.iter_mut().for_each(|b| *b = BoardBits::default());
        fresh.index_places(rules);
        fresh.boards
    }

    /// The board bits stay what looking at every square gives, along
    /// random games of every example (steps, effects, whole moves, rolls)
    /// and as every move is taken back; and on a board where an effect
    /// piles a second figure on a square.
    #[test]
    fn the_board_bits_follow_every_change() {
        use crate::position::{examples, Position};
        use crate::search::rng::Rng;
        use std::sync::Arc;
        let piling = examples::stones_game(
            3,
            3,
            6,
            r#"<steps><step name="s"><what owner="on-move"/><from name="pool"/><to type="square"/>
                <effect>if column(to) = 2 then move top(neighbour(to, left)) from neighbour(to, left) to to</effect>
                <effect>if row(to) = 3 then change owner of figure to 0</effect></step></steps>
              <moves><move name="turn">s</move></moves>"#,
        );
        let mut texts: Vec<String> = examples::files().iter().map(|f| examples::text(f)).collect();
        texts.push(piling);
        let mut stacked = false;
        for text in texts {
            let rules = Arc::new(crate::open(&text).unwrap().1);
            for seed in 0..3 {
                let mut pos = Position::with_seed(rules.clone(), seed);
                let mut rng = Rng::new(seed);
                let mut played = 0;
                for _ in 0..120 {
                    assert_eq!(pos.state().boards, boards_afresh(pos.state(), &rules));
                    stacked |= pos.state().boards.iter().any(|b| b.stacked != 0);
                    if pos.status() != &Status::Playing {
                        break;
                    }
                    if let Some(&roll) = pos.rolls().first() {
                        if pos.roll(roll).is_ok() {
                            continue;
                        }
                    }
                    let steps = pos.legal_steps();
                    if steps.is_empty() {
                        if pos.end_move().is_err() && pos.pass().is_err() {
                            break;
                        }
                        continue;
                    }
                    let step = steps[rng.below(steps.len())];
                    pos.play_step(step).unwrap();
                    played += 1;
                }
                for _ in 0..played {
                    pos.take_back();
                    assert_eq!(pos.state().boards, boards_afresh(pos.state(), &rules));
                }
            }
        }
        assert!(stacked, "an effect piled two figures on a square");
    }

    /// A place knows whether its figures are all alike as figures come,
    /// go, change hands and change type, and as each is undone.
    #[test]
    fn a_place_knows_whether_its_figures_are_all_alike() {
        let text = r#"<game format="2" players="2"><title>t</title><rules>
            <equipment><board name="b" rows="2" columns="2"/><group name="pool"/></equipment>
            <figures>
              <figure name="x" type="stone" origin="pool" owner="1" count="3"/>
              <figure name="k" type="crown" origin="b.1.1" owner="1"/>
            </figures>
            <steps><step name="s"><from name="pool"/><to type="square"/></step></steps>
            <moves><move name="turn">s</move></moves></rules></game>"#;
        let rules = crate::open(text).unwrap().1;
        let mut state = State::start(&rules);
        let (pool, square) = (rules.figures[0].origin, rules.figures[3].origin);
        let crown = rules.figures[3].kind;
        let mut undo = Vec::new();
        assert!(state.uniform(pool) && state.uniform(square));
        let mut check = |state: &mut State, change: &dyn Fn(&mut State, &mut Vec<Change>)| {
            let mark = undo.len();
            change(state, &mut undo);
            assert!(!state.uniform(pool));
            state.undo(&rules, &mut undo, mark);
            assert!(state.uniform(pool));
        };
        check(&mut state, &|s, u| s.set_owner(&rules, 1, 2, u));
        check(&mut state, &|s, u| s.set_kind(&rules, 2, crown, u));
        check(&mut state, &|s, u| s.move_figure(&rules, 3, pool, u));
        // The odd one out leaves: the rest are alike again.
        state.move_figure(&rules, 3, pool, &mut undo);
        state.move_figure(&rules, 3, square, &mut undo);
        assert!(state.uniform(pool));
        state.set_owner(&rules, 0, 2, &mut undo);
        state.move_figure(&rules, 0, square, &mut undo);
        assert!(state.uniform(pool) && !state.uniform(square));
    }
}

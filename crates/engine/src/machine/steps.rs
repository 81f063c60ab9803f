//! The legal steps of a situation, listed exactly: of each figure kind on
//! a place (one for all alike there, as the general engine lists them),
//! each rule that applies, the targets its conditions allow, a target
//! given with the first rule that allows it. A rule whose targets are
//! squares of the board has them as bits, every condition asked of all of
//! them at once by its set program.

use super::ahead::Ahead;
use super::effect::Compiled;
use super::handover::{Handover, Kept};
use super::narrow::{Narrow, Through};
use super::once::Known;
use super::shared::{Answers, Found, SetAnswers, SharedSet};
use super::situation::{Made, Situation};
use super::value::{Eval, Expr, SetOf, Starts, Sx};
use super::Machine;
use crate::automaton::Progress;
use crate::model::OwnerPattern;
use crate::rules::bitboard::nth_square;
use crate::rules::tree::{no_slots, truth, Text, Val};
use crate::rules::{PlaceId, Rules};

/// A step rule compiled for the machine.
#[derive(Debug, Clone)]
pub(super) struct StepRule {
    /// Its index in [`Rules::steps`].
    pub index: usize,
    pub owner: Option<OwnerPattern>,
    /// The cells `from` matches.
    pub from_cells: u64,
    /// The piles `from` matches.
    pub piles: Vec<usize>,
    /// Per player on move (from 1), the kinds of figure it may move (those
    /// `what` matches, of the owner it asks for), as bits.
    pub kinds: Vec<[u64; 4]>,
    pub targets: Targets,
    /// The rule's targets, where no condition of it is answered ahead
    /// (then the same from everywhere).
    pub to: Option<u64>,
    /// Its targets from each square, where a condition is answered ahead
    /// and the table is small enough.
    pub ahead: Option<Ahead>,
    /// Capture by landing (on the board only).
    pub capture: bool,
    /// Whether only the top figure of a place may go (`figure = top(from)`,
    /// taken out of its conditions): of a pile, listed where its figures
    /// are all alike, and the machine gives up where they are not.
    pub top_only: bool,
    /// Its conditions that read nothing of the step (on the board only):
    /// asked once a listing, at the first figure it may move.
    pub gates: Vec<Gate>,
    pub effects: Vec<Compiled>,
    /// Which results of its target conditions its effects read again.
    pub handover: Option<Handover>,
    /// Where its steps may start, over the whole board, from its target
    /// conditions (by their place in [`Targets::Board`]) that have such a
    /// form: a figure elsewhere has no step and is passed by.
    pub starts: Vec<(usize, Starts)>,
    /// Its target conditions on the board with no form as sets (Breakthrough's
    /// `row(to) - row(from) = (if player = 1 then 1 else -1)`): asked of
    /// each square the sets allow, one after another.
    pub each: Vec<Expr>,
    /// For each of `each` (or of the conditions of [`Targets::Piles`]), the
    /// number of the condition where other rules ask it too, and whether
    /// this one asks the opposite ([`super::shared`]).
    pub shared: Vec<Option<(u16, bool)>>,
    /// For each set program of [`Targets::Board`], where other rules ask
    /// it too, its own program whose answer they share.
    pub shared_sets: Vec<Option<SharedSet>>,
}

/// A condition of a step rule that reads nothing of the step.
#[derive(Debug, Clone)]
pub(super) enum Gate {
    /// `can(R)` and `not can(R)` joined by `and`, each with whether it
    /// must hold (checkers' `not can(jump) and not can(crown)`): asked of
    /// the listing in turn, with no evaluation set up for them.
    Cans(Vec<(usize, bool)>),
    /// Conditions of other forms, one after another: asked in one
    /// evaluation.
    Exprs(Vec<Expr>),
}

/// Whether every one of `conditions` holds in `e`, asked in turn up to
/// the first that does not; `None` to give up where one is not yes or no.
pub(super) fn all_hold<'a>(conditions: &'a [Expr], e: &mut Eval<'a, '_>) -> Option<bool> {
    all_hold_but(conditions, 0, e)
}

/// [`all_hold`], but for the conditions by number in `answered` (as bits),
/// known to hold.
pub(super) fn all_hold_but<'a>(conditions: &'a [Expr], answered: u64, e: &mut Eval<'a, '_>) -> Option<bool> {
    for (n, c) in conditions.iter().enumerate() {
        if n < 64 && answered & (1 << n) != 0 {
            continue;
        }
        if !c.value(e)?.as_bool()? {
            return Some(false);
        }
    }
    Some(true)
}

impl Gate {
    /// Onto `gates`, the condition compiled as `expr`, whose parts are
    /// `sx`: beside the conditions of other forms just before it, if any.
    pub(super) fn push(gates: &mut Vec<Gate>, expr: Expr, sx: &Sx) {
        let mut cans = Vec::new();
        match (cans_of(sx, &mut cans), gates.last_mut()) {
            (Some(()), _) => gates.push(Gate::Cans(cans)),
            (None, Some(Gate::Exprs(exprs))) => exprs.push(expr),
            (None, _) => gates.push(Gate::Exprs(vec![expr])),
        }
    }
}

/// Into `out`, the `can(R)` and `not can(R)` that `x` joins by `and`, in
/// the order it asks them; `None` where it is of another form.
fn cans_of(x: &Sx, out: &mut Vec<(usize, bool)>) -> Option<()> {
    match x {
        Sx::And(a, b) => {
            cans_of(a, out)?;
            cans_of(b, out)
        }
        &Sx::Can(rule, None) => {
            out.push((rule, true));
            Some(())
        }
        Sx::Not(x) => match **x {
            Sx::Can(rule, None) => {
                out.push((rule, false));
                Some(())
            }
            _ => None,
        },
        _ => None,
    }
}

/// Where a rule's steps go, and how their conditions are asked.
#[derive(Debug, Clone)]
pub(super) enum Targets {
    /// Squares of the board: each condition asked during play is a set
    /// program of the targets, with its texts.
    Board(Vec<(SetOf, Vec<Text>)>),
    /// Other places: each condition asked of each target that the
    /// filters of the conditions let through ([`super::narrow`]), each
    /// filter with the number of its condition; and, where the targets can
    /// be found from the filters' bits, the number of the target on each
    /// pile ([`Tried`]).
    Piles(Vec<Expr>, Vec<(usize, Narrow)>, Option<Box<[u32]>>),
}

/// The targets of a rule off the board tried for a figure: those its
/// conditions answered ahead left ([`crate::rules::Candidates`]), or, where
/// none are answered ahead and its filters let only some through, those of the
/// filters' bits, in the same order; each as its number in the rule's
/// targets.
enum Tried<'a> {
    All(crate::rules::Candidates<'a>),
    Bits {
        bits: &'a [u64],
        word: usize,
        /// The bits of `word` not gone through yet.
        left: u64,
        by_pile: &'a [u32],
    },
}

impl Iterator for Tried<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            Tried::All(candidates) => candidates.next(),
            Tried::Bits {
                bits,
                word,
                left,
                by_pile,
            } => loop {
                while *left == 0 {
                    *word += 1;
                    *left = *bits.get(*word)?;
                }
                let pile = *word * 64 + left.trailing_zeros() as usize;
                *left &= *left - 1;
                match by_pile.get(pile) {
                    Some(&j) if j != u32::MAX => return Some(j as usize),
                    Some(_) => {}
                    None => return None,
                }
            },
        }
    }
}

/// One source of steps: a figure kind on a place, with a rule, and its
/// targets (as bits of the board, or the piles listed from `first`); each
/// step given `times` (for the top, bottom and a middle figure of a pile,
/// where the rules read the order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Source {
    pub rule: u16,
    pub from: PlaceId,
    pub kind: u8,
    pub bits: u64,
    pub first: u32,
    pub piles: u32,
    pub times: u32,
    /// How many steps it gives, each of its targets `times`: counted once,
    /// as it is read at every step drawn.
    pub count: u32,
}

impl Source {
    /// Rule `rule`'s steps of a figure of kind `kind` on `from` to the
    /// squares `bits` and `piles` piles listed from `first`, each given
    /// `times`.
    pub fn new(
        rule: u16,
        (from, kind): (PlaceId, u8),
        bits: u64,
        (first, piles): (u32, u32),
        times: u32,
    ) -> Source {
        Source {
            rule,
            from,
            kind,
            bits,
            first,
            piles,
            times,
            count: (bits.count_ones() + piles) * times,
        }
    }
}

/// The legal steps of a situation, kept from one listing to the next.
#[derive(Debug, Default, Clone)]
pub struct Listing {
    pub(super) sources: Vec<Source>,
    /// The pile targets of the sources.
    pub(super) piles: Vec<PlaceId>,
    pub(super) total: u32,
    /// What `can` found on the way.
    memo: Memo,
    /// The targets on the board earlier rules gave each figure (by where it
    /// is and its kind), and the piles.
    given: Vec<(PlaceId, u8, u64)>,
    /// The figures (by where they are and their kind) earlier rules gave
    /// piles, and those piles: in `given_pile_bits`, a row of words a
    /// figure, one bit a pile.
    given_piles: Vec<(PlaceId, u8)>,
    given_pile_bits: Vec<u64>,
    /// The results of target conditions that a step's effects read again.
    pub(super) kept: Kept,
    /// Whether a target several rules allow is listed once for each of
    /// them (their results may differ), as a search lists its choices;
    /// else once, with the first, as a random playout draws its steps.
    pub(super) every_rule: bool,
}

impl Listing {
    /// No step listed yet.
    fn clear(&mut self) {
        self.sources.clear();
        self.piles.clear();
        self.total = 0;
        self.memo.clear();
    }

    /// The board targets earlier rules gave the figure of kind `k` on
    /// `from`.
    fn given(&mut self, from: PlaceId, k: u8) -> &mut u64 {
        let i = match self.given.iter().position(|&(p, kind, _)| p == from && kind == k) {
            Some(i) => i,
            None => {
                self.given.push((from, k, 0));
                self.given.len() - 1
            }
        };
        &mut self.given[i].2
    }

    /// Where the row of piles earlier rules gave the figure of kind `k` on
    /// `from` starts in `given_pile_bits`, `words` words a row.
    fn given_piles_row(&mut self, from: PlaceId, k: u8, words: usize) -> usize {
        match self.given_piles.iter().position(|&f| f == (from, k)) {
            Some(i) => i * words,
            None => {
                self.given_piles.push((from, k));
                self.given_pile_bits.resize(self.given_piles.len() * words, 0);
                (self.given_piles.len() - 1) * words
            }
        }
    }
}

/// What `can` found out while a situation's steps are listed in one turn:
/// its answers by rule and player, and the rules it found have no step now
/// (the listing then leaves them out rather than ask each figure again).
#[derive(Debug, Default, Clone)]
pub(super) struct Memo {
    cans: Vec<(usize, Option<u8>, bool)>,
    /// Rules (by place in [`Machine::steps`]) with no step in this turn, as
    /// bits.
    none: u64,
    /// The parts of conditions worked out once a listing ([`super::once`]).
    known: Known,
    /// The answers of target conditions several rules ask
    /// ([`super::shared`]).
    answers: Answers,
    /// The same for set programs.
    set_answers: SetAnswers,
}

impl Memo {
    fn clear(&mut self) {
        self.cans.clear();
        self.none = 0;
        self.known.clear();
        self.answers.clear();
        self.set_answers.clear();
    }
}

/// Whose turn a listing is for, and how far the move has got: the
/// situation's own, or the start of a move of another player (`can(rule,
/// player)`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Turn {
    pub player: u8,
    pub progress: Progress,
    /// Whether the move's steps so far are the situation's (else none).
    pub own: bool,
}

impl Turn {
    pub fn of(s: &Situation) -> Turn {
        Turn {
            player: s.to_move,
            progress: s.progress,
            own: true,
        }
    }
}

/// How far a listing goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Until {
    /// Every step.
    All,
    /// The first step found (of one rule, or any).
    First(Option<usize>),
}

/// Deeper than this, `can` inside `can` is an error (as in the general
/// engine), which the machine leaves to it.
const MAX_CAN_DEPTH: u32 = 4;

/// The targets the conditions of step rule `index` answered ahead allow,
/// from the rules' own table: asked where the machine keeps no table of
/// them, or the first time its table is asked; out of line, so that the
/// usual path stays short.
#[cold]
#[inline(never)]
fn candidates(rules: &Rules, index: usize, from: PlaceId, player: u8, kind: crate::rules::TypeId) -> u64 {
    rules.steps[index].candidate_bits(rules, from, player, kind)
}

impl Machine {
    /// The squares of the board a step of `rule` may land on in `s`: any,
    /// where it captures by landing, else the empty ones.
    pub(super) fn room(&self, rule: &StepRule, s: &Situation) -> u64 {
        if rule.capture {
            self.board.all
        } else {
            !s.bits.filled
        }
    }

    /// Lists every legal step of `s` into `out`; `None` to give up.
    pub(super) fn list(&self, rules: &Rules, s: &Situation, out: &mut Listing) -> Option<()> {
        match self.placing.get(usize::from(s.progress)) {
            Some(&Some(r)) => {
                out.clear();
                self.list_placing(rules, s, usize::from(r), out)
            }
            _ => self.list_generally(rules, s, out),
        }
    }

    /// [`list`](Self::list) rule by rule and figure by figure, as any turn
    /// can be listed.
    pub(super) fn list_generally(&self, rules: &Rules, s: &Situation, out: &mut Listing) -> Option<()> {
        out.clear();
        let mut memo = std::mem::take(&mut out.memo);
        let found = self.steps_of(rules, s, Turn::of(s), Until::All, Some(out), &mut memo, 0);
        out.memo = memo;
        found.map(|_| ())
    }

    /// Whether `s` has a legal step; `None` to give up.
    pub(super) fn has_step(&self, rules: &Rules, s: &Situation) -> Option<bool> {
        self.steps_of(
            rules,
            s,
            Turn::of(s),
            Until::First(None),
            None,
            &mut Memo::default(),
            0,
        )
    }

    /// Lists the steps of `s` in `turn`, each into `out` when given, until
    /// `until` says to stop; whether one was found. `memo` keeps what
    /// `can` found on the way, `depth` deep. Rule by rule: of
    /// each, the figures it may move, on the board's squares as bits, on
    /// the piles by kind.
    #[allow(clippy::too_many_arguments)]
    fn steps_of(
        &self,
        rules: &Rules,
        s: &Situation,
        turn: Turn,
        until: Until,
        mut out: Option<&mut Listing>,
        memo: &mut Memo,
        depth: u32,
    ) -> Option<bool> {
        if depth >= MAX_CAN_DEPTH {
            return None;
        }
        if turn.own && s.over.is_some() {
            return Some(false);
        }
        let player = usize::from(turn.player.max(1)) - 1;
        // A target is given with the first rule that allows it, where
        // every step is listed and two rules may move the same figure.
        let dedupe = until == Until::All && self.overlap && !out.as_ref().is_some_and(|l| l.every_rule);
        if let Some(list) = out.as_deref_mut().filter(|_| dedupe) {
            list.given.clear();
            list.given_piles.clear();
            list.given_pile_bits.clear();
        }
        let mut found = false;
        let mut allowed = self.allowed.get(usize::from(turn.progress)).copied().unwrap_or(0);
        if let Until::First(Some(only)) = until {
            allowed &= 1u64.checked_shl(only as u32).unwrap_or(0);
        }
        while allowed != 0 {
            let r = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            // `can` asked on the way found no step of it.
            if memo.none & (1 << r) != 0 {
                continue;
            }
            let rule = &self.steps[r];
            let kinds = &rule.kinds[player];
            let owned = match rule.owner {
                Some(OwnerPattern::OnMove) => s.bits.owned_by(i32::from(turn.player), self.board.all),
                Some(OwnerPattern::Opponent) => s
                    .bits
                    .owned_by(i32::from(rules.other(turn.player)), self.board.all),
                Some(OwnerPattern::Player(n)) => s.bits.owned_by(i32::from(n), self.board.all),
                None => s.bits.filled,
            };
            let mut cells = rule.from_cells & owned & s.bits.filled;
            if !rule.starts.is_empty() && cells != 0 {
                cells &= self.starts(rules, s, turn, r, cells, memo, depth);
            }
            // Whether the conditions that read nothing of the step hold
            // (asked at the first figure, where the rule has any).
            let mut gate = rule.gates.is_empty().then_some(true);
            while cells != 0 {
                let bit = cells.trailing_zeros();
                cells &= cells - 1;
                let k = s.cell(bit)?;
                if kinds[usize::from(k) / 64] & (1 << (k % 64)) == 0 {
                    continue;
                }
                let from = self.board.place(bit);
                let open = match gate {
                    Some(open) => open,
                    None => *gate.insert(self.gates_hold(rules, s, turn, (from, k), memo, depth, r)?),
                };
                if !open {
                    break;
                }
                // A figure with no square to go to is passed by: `targets`
                // would ask nothing of it.
                let reach = self.reach(rules, r, s, turn.player, (from, k), Some(bit));
                if reach == Some(0) {
                    continue;
                }
                if self.targets(
                    rules,
                    s,
                    turn,
                    until,
                    (r, reach),
                    from,
                    k,
                    1,
                    dedupe,
                    out.as_deref_mut(),
                    memo,
                    depth,
                )? {
                    found = true;
                    if until != Until::All {
                        return Some(true);
                    }
                }
            }
            for &i in &rule.piles {
                if s.totals[i] == 0 || gate == Some(false) {
                    continue;
                }
                let from = self.piles[i].0;
                let present = &s.present[i];
                for w in 0..self.kind_words {
                    let mut here = present[w] & kinds[w];
                    while here != 0 {
                        let k = (w * 64) as u8 + here.trailing_zeros() as u8;
                        here &= here - 1;
                        // Where the order is read, alike figures are listed
                        // apart by where they lie, which is known when they
                        // are all alike.
                        let alike = s.count(self, i, k) == s.totals[i];
                        let times = match (rule.top_only, self.reads_order) {
                            (true, _) if alike => 1,
                            (true, _) => return None,
                            (false, false) => 1,
                            (false, true) if alike => u32::from(s.totals[i]).min(3),
                            (false, true) => return None,
                        };
                        let open = match gate {
                            Some(open) => open,
                            None => {
                                *gate.insert(self.gates_hold(rules, s, turn, (from, k), memo, depth, r)?)
                            }
                        };
                        if !open {
                            break;
                        }
                        let reach = self.reach(rules, r, s, turn.player, (from, k), None);
                        if reach == Some(0) {
                            continue;
                        }
                        if self.targets(
                            rules,
                            s,
                            turn,
                            until,
                            (r, reach),
                            from,
                            k,
                            times,
                            dedupe,
                            out.as_deref_mut(),
                            memo,
                            depth,
                        )? {
                            found = true;
                            if until != Until::All {
                                return Some(true);
                            }
                        }
                    }
                }
            }
        }
        Some(found)
    }

    /// The squares of `cells` a step of rule `r` may start from, worked out
    /// for all of them at once ([`StepRule::starts`]); all of them where
    /// that cannot be told.
    #[allow(clippy::too_many_arguments)]
    fn starts(
        &self,
        rules: &Rules,
        s: &Situation,
        turn: Turn,
        r: usize,
        cells: u64,
        memo: &mut Memo,
        depth: u32,
    ) -> u64 {
        let rule = &self.steps[r];
        let Targets::Board(sets) = &rule.targets else {
            return cells;
        };
        // The parts it works out read nothing of the step: any figure asks
        // them alike.
        let bit = cells.trailing_zeros();
        let Some(k) = s.cell(bit) else {
            return cells;
        };
        let mut found = cells;
        let _ = self.ask(
            rules,
            s,
            turn,
            (self.board.place(bit), k),
            memo,
            depth,
            &mut |e| {
                for (j, starts) in &rule.starts {
                    let (set, texts) = sets.get(*j)?;
                    e.texts = texts;
                    found &= e.run_starts(set, starts).unwrap_or(u64::MAX);
                }
                Some(())
            },
        );
        found
    }

    /// The squares of the board a step of rule `r` of a figure of kind `k`
    /// on `from` may go to before any condition asked during play is
    /// asked: those its conditions answered ahead allow, with room, other
    /// than `from`. `None` where the rule's targets are not on the board.
    /// `here` is the square `from` is, where it is one (the caller knows).
    #[inline]
    fn reach(
        &self,
        rules: &Rules,
        r: usize,
        s: &Situation,
        player: u8,
        (from, k): (PlaceId, u8),
        here: Option<u32>,
    ) -> Option<u64> {
        let rule = &self.steps[r];
        let Targets::Board(_) = rule.targets else {
            return None;
        };
        let fixed = match (rule.to, &rule.ahead, here) {
            (Some(to), ..) => to,
            (None, Some(ahead), Some(bit)) => {
                let kind = self.kinds.get(k).kind;
                ahead.get(player, kind, bit, || {
                    candidates(rules, rule.index, from, player, kind)
                })
            }
            _ => candidates(rules, rule.index, from, player, self.kinds.get(k).kind),
        };
        Some(fixed & self.room(rule, s) & !here.map_or(0, |b| 1u64 << b))
    }

    /// The steps of rule `r` of a figure of kind `k` on `from` (each given
    /// `times`), into `out` when given, leaving out what an earlier rule
    /// gave the same figure (`dedupe`); whether one was found. `reach` is
    /// what [`reach`](Self::reach) gives for it.
    #[allow(clippy::too_many_arguments)]
    fn targets(
        &self,
        rules: &Rules,
        s: &Situation,
        turn: Turn,
        until: Until,
        (r, reach): (usize, Option<u64>),
        from: PlaceId,
        k: u8,
        times: u32,
        dedupe: bool,
        out: Option<&mut Listing>,
        memo: &mut Memo,
        depth: u32,
    ) -> Option<bool> {
        let rule = &self.steps[r];
        let general = &rules.steps[rule.index];
        let kind = self.kinds.get(k).kind;
        match &rule.targets {
            Targets::Board(sets) => {
                let mut bits = reach?;
                // The results the step's effects read again, where it is
                // made from this listing.
                let mut keeping = rule
                    .handover
                    .as_ref()
                    .filter(|_| out.is_some())
                    .map(|h| (h, Kept::room(), false));
                // Sets that ask nothing but the board need no evaluation.
                for (j, (set, _)) in sets.iter().enumerate().filter(|(_, (set, _))| set.bare()) {
                    if bits == 0 {
                        break;
                    }
                    bits &= match keeping.as_mut().filter(|(h, ..)| h.set == j) {
                        Some((h, kept, kept_now)) => {
                            *kept_now = true;
                            set.run_bare(self, rules, s, turn.player, Some(&h.keep), kept)
                        }
                        None => set.run_bare(self, rules, s, turn.player, None, &mut []),
                    }?
                    .yes;
                }
                if bits != 0 && !rule.each.is_empty() {
                    bits = self.each_holds(rules, s, turn, rule, (from, k), bits, memo, depth)?;
                }
                if bits != 0 && sets.iter().any(|(set, _)| !set.bare()) {
                    let mut answers = std::mem::take(&mut memo.set_answers);
                    let all = self.board.all;
                    self.ask(rules, s, turn, (from, k), memo, depth, &mut |e| {
                        for (j, (set, texts)) in sets.iter().enumerate().filter(|(_, (set, _))| !set.bare()) {
                            e.texts = texts;
                            let shared = rule.shared_sets.get(j).and_then(Option::as_ref);
                            bits &= match (keeping.as_mut().filter(|(h, ..)| h.set == j), shared) {
                                (Some((h, kept, kept_now)), _) => {
                                    *kept_now = true;
                                    e.run_keeping(set, &h.keep, kept)
                                }
                                (None, Some(shared)) => shared.run(e, &mut answers, (from, k), turn, all),
                                (None, None) => e.run(set),
                            }?
                            .yes;
                            if bits == 0 {
                                break;
                            }
                        }
                        Some(())
                    })?;
                    memo.set_answers = answers;
                }
                let Some(list) = out else {
                    return Some(bits != 0);
                };
                if let Some((_, kept, true)) = keeping {
                    list.kept.keep(r as u16, turn.player, s.bits, kept);
                }
                if dedupe {
                    let earlier = list.given(from, k);
                    let legal = bits & !*earlier;
                    *earlier |= bits;
                    bits = legal;
                }
                if bits == 0 {
                    return Some(false);
                }
                let source = Source::new(r as u16, (from, k), bits, (0, 0), times);
                list.total += source.count;
                list.sources.push(source);
                Some(true)
            }
            Targets::Piles(when, narrow, by_pile) => {
                let mut out = out;
                let first = out.as_deref().map_or(0, |list| list.piles.len());
                let mut count = 0u32;
                let words = self.piles.len().div_ceil(64);
                let earlier = match out.as_deref_mut() {
                    Some(list) if dedupe => Some(list.given_piles_row(from, k, words)),
                    _ => None,
                };
                let given = |out: &Option<&mut Listing>, i: usize| match (earlier, out) {
                    (Some(row), Some(list)) => list.given_pile_bits[row + i / 64] & (1 << (i % 64)) != 0,
                    _ => false,
                };
                let mut found = Found::load(&rule.shared, &memo.answers, (from, k), turn);
                // One evaluation set up for all the figure's targets.
                self.ask(rules, s, turn, (from, k), memo, depth, &mut |e| {
                    // Where the figure may go, by the filters of the
                    // conditions; a condition its filter answers exactly
                    // is not asked again of the targets.
                    let (mut through, mut answered) = (Through::Every, 0u64);
                    for (c, filter) in narrow {
                        let texts = std::mem::replace(&mut e.texts, when.get(*c)?.texts());
                        // A condition that reads no target: every target
                        // or none, with no bits to work out.
                        if let Narrow::Holds(op) = filter {
                            let holds = op.get(e).and_then(truth);
                            e.texts = texts;
                            match holds {
                                Some(false) => return Some(()),
                                Some(true) if *c < 64 => answered |= 1 << c,
                                _ => {}
                            }
                            continue;
                        }
                        let (these, exact) = filter.through(e, words);
                        e.texts = texts;
                        through = match through {
                            Through::Every => these,
                            before => before.and(these),
                        };
                        if through.is_none() {
                            return Some(());
                        }
                        if exact && *c < 64 {
                            answered |= 1 << c;
                        }
                    }
                    let tried = match (&through, by_pile) {
                        (Through::Only(bits), Some(by_pile)) => Tried::Bits {
                            bits,
                            word: 0,
                            left: bits.first().copied().unwrap_or(0),
                            by_pile,
                        },
                        _ => Tried::All(general.candidates(rules, from, turn.player, kind)),
                    };
                    for j in tried {
                        let &(to, _) = general.to.get(j)?;
                        let i = self.pile(to)?;
                        if to == from
                            || u32::from(s.totals[i]) >= self.piles[i].1
                            || !through.has(i)
                            || given(&out, i)
                        {
                            continue;
                        }
                        e.slots[2] = Val::place(to);
                        if !when.is_empty() && !found.all_hold(when, &rule.shared, answered, i, e)? {
                            continue;
                        }
                        count += 1;
                        match out.as_deref_mut() {
                            Some(list) => list.piles.push(to),
                            None if until != Until::All => break,
                            None => {}
                        }
                    }
                    Some(())
                })?;
                found.store(&rule.shared, &mut memo.answers, (from, k), turn);
                let Some(list) = out else {
                    return Some(count > 0);
                };
                if let Some(row) = earlier {
                    for n in first..list.piles.len() {
                        let i = self.pile(list.piles[n])?;
                        list.given_pile_bits[row + i / 64] |= 1 << (i % 64);
                    }
                }
                if count == 0 {
                    return Some(false);
                }
                let source = Source::new(r as u16, (from, k), 0, (first as u32, count), times);
                list.total += source.count;
                list.sources.push(source);
                Some(true)
            }
        }
    }

    /// The squares of `bits` where every one of `rule`'s conditions with
    /// no form as sets holds, for a figure of kind `k` on `from`; `None` to
    /// give up.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn each_holds(
        &self,
        rules: &Rules,
        s: &Situation,
        turn: Turn,
        rule: &StepRule,
        figure: (PlaceId, u8),
        bits: u64,
        memo: &mut Memo,
        depth: u32,
    ) -> Option<u64> {
        let mut kept = 0;
        let mut found = Found::load(&rule.shared, &memo.answers, figure, turn);
        self.ask(rules, s, turn, figure, memo, depth, &mut |e| {
            let mut left = bits;
            while left != 0 {
                let bit = left.trailing_zeros();
                left &= left - 1;
                e.slots[2] = Val::place(self.board.place(bit));
                if found.all_hold(&rule.each, &rule.shared, 0, bit as usize, e)? {
                    kept |= 1 << bit;
                }
            }
            Some(())
        })?;
        found.store(&rule.shared, &mut memo.answers, figure, turn);
        Some(kept)
    }

    /// Whether rule `r`'s conditions that read nothing of the step hold,
    /// asked as for a figure of kind `k` on `from` (which they do not read);
    /// `None` to give up where one is not yes or no.
    #[allow(clippy::too_many_arguments)]
    fn gates_hold(
        &self,
        rules: &Rules,
        s: &Situation,
        turn: Turn,
        figure: (PlaceId, u8),
        memo: &mut Memo,
        depth: u32,
        r: usize,
    ) -> Option<bool> {
        for gate in &self.steps[r].gates {
            let holds = match gate {
                Gate::Cans(cans) => {
                    let mut all = true;
                    for &(ri, holds) in cans {
                        if self.can(rules, s, turn, ri, None, memo, depth)? != holds {
                            all = false;
                            break;
                        }
                    }
                    all
                }
                Gate::Exprs(exprs) => {
                    let mut holds = true;
                    self.ask(rules, s, turn, figure, memo, depth, &mut |e| {
                        holds = all_hold(exprs, e)?;
                        Some(())
                    })?;
                    holds
                }
            };
            if !holds {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Runs `f` with an evaluation of a rule's conditions for a figure of
    /// kind `k` on `from` (in slots `figure` and `from`) in `turn`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn ask<'a>(
        &'a self,
        rules: &'a Rules,
        s: &'a Situation,
        turn: Turn,
        (from, k): (PlaceId, u8),
        memo: &mut Memo,
        depth: u32,
        f: &mut dyn FnMut(&mut Eval<'a, '_>) -> Option<()>,
    ) -> Option<()> {
        // Held apart from `memo` while `can` may use it: what a `can` asked
        // inside finds again is worked out again.
        let mut known = std::mem::take(&mut memo.known);
        let mut can = |ri: usize, player: Option<u8>| self.can(rules, s, turn, ri, player, memo, depth);
        let mut slots = no_slots();
        let mut e = Eval {
            m: self,
            rules,
            s,
            texts: &[],
            slots: &mut slots,
            moved: (from, k),
            made: if turn.own { &s.made } else { &[] as &[Made] },
            player: turn.player,
            can: &mut can,
            known: &mut known,
        };
        e.slots[0] = Val::MOVED;
        e.slots[1] = Val::place(from);
        let answer = f(&mut e);
        memo.known = known;
        answer
    }

    /// `can(rule)` asked now, of the situation as it is.
    pub(super) fn can_now(
        &self,
        rules: &Rules,
        s: &Situation,
        ri: usize,
        player: Option<u8>,
        memo: &mut Memo,
    ) -> Option<bool> {
        self.can(rules, s, Turn::of(s), ri, player, memo, 0)
    }

    /// `can(rule)`: whether a step of rule `ri` can be made now (`player`
    /// `None`) or by `player` at the start of a move; each asked once a
    /// listing. Asked now, it is a listing in the same turn, which shares
    /// `memo`: a rule found to have no step is not listed again.
    #[allow(clippy::too_many_arguments)]
    fn can(
        &self,
        rules: &Rules,
        s: &Situation,
        turn: Turn,
        ri: usize,
        player: Option<u8>,
        memo: &mut Memo,
        depth: u32,
    ) -> Option<bool> {
        if let Some(&(_, _, b)) = memo.cans.iter().find(|&&(r, p, _)| r == ri && p == player) {
            return Some(b);
        }
        let r = self.steps.iter().position(|rule| rule.index == ri)?;
        // For a player: at the start of a move of theirs, the game going on.
        let asked = match player {
            None => turn,
            Some(p) => Turn {
                player: p,
                progress: crate::automaton::MoveAutomaton::START,
                own: false,
            },
        };
        let until = Until::First(Some(r));
        let b = match player {
            None => self.steps_of(rules, s, asked, until, None, memo, depth + 1)?,
            Some(_) => self.steps_of(rules, s, asked, until, None, &mut Memo::default(), depth + 1)?,
        };
        if player.is_none() && !b {
            memo.none |= 1 << r;
        }
        memo.cans.push((ri, player, b));
        Some(b)
    }

    /// The `n`th step of a listing (`n` below its total): rule, from, kind
    /// and to.
    pub(super) fn nth(&self, list: &Listing, n: u32) -> Option<(u16, PlaceId, u8, PlaceId)> {
        let mut n = n;
        for source in &list.sources {
            if n >= source.count {
                n -= source.count;
                continue;
            }
            // The same step, once for each figure it stands for (a division
            // only where it stands for several: it is slow, and most stand for
            // one).
            let n = match source.times {
                1 => n,
                times => n % (source.count / times),
            };
            // Its squares come first (counted only where it has piles too).
            let to = if source.piles == 0 || n < source.bits.count_ones() {
                self.board.place(nth_square(source.bits, n))
            } else {
                *list
                    .piles
                    .get((source.first + n - source.bits.count_ones()) as usize)?
            };
            return Some((source.rule, source.from, source.kind, to));
        }
        None
    }
}

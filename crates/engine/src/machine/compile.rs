//! A game's rules compiled for the machine, or why they are not.

use super::ahead::Ahead;
use super::effect::{self, Compiled};
use super::ends::{Direct, Tables};
use super::handover::Handover;
use super::kinds::Kinds;
use super::narrow::Narrow;
use super::placing;
use super::shared::{self, SharedSet};
use super::steps::{Gate, StepRule, Targets};
use super::value::{Caught, Expr, Sx};
use super::{End, Holds, Machine, Where};
use crate::automaton::Progress;
use crate::expr::{self, Value};
use crate::model::OwnerPattern;
use crate::rules::tree;
use crate::rules::{names_are_unique, Rules};

/// The machine of `rules`, or what the game needs that it does not do.
pub(super) fn machine(rules: &Rules) -> Result<Machine, String> {
    if !rules.dice.is_empty() {
        return Err("the game has dice".into());
    }
    if rules.hidden {
        return Err("some figures are hidden".into());
    }
    if !rules.shuffled.is_empty() {
        return Err("some places start shuffled".into());
    }
    if rules.settings.pass_allowed {
        return Err("a player may pass".into());
    }
    if !names_are_unique(rules) {
        return Err("two elements share a name".into());
    }
    // Place numbers up to `LOST` name places; those past it, the box and
    // a figure the machine has lost track of.
    if rules.places.len() >= usize::from(super::value::LOST) {
        return Err("the game has too many places".into());
    }
    let b = board(rules)?;
    let board = match b {
        Some(b) => rules.bitboards.boards[b].clone(),
        None => empty_board(),
    };
    let mut places = Vec::with_capacity(rules.places.len());
    let mut piles = Vec::new();
    for p in 0..rules.places.len() as u16 {
        match board.bit(p).filter(|_| b.is_some()) {
            Some(bit) => places.push(Where::Cell(bit.trailing_zeros())),
            None => {
                places.push(Where::Pile(piles.len()));
                piles.push((p, rules.room.get(p as usize).copied().unwrap_or(u32::MAX)));
            }
        }
    }
    let (types, owners) = effect::changes(rules).ok_or("an effect names a type only when it runs")?;
    let kinds = Kinds::of(rules, &types, owners).ok_or("there are too many kinds of figure")?;
    let triggers = rules
        .triggers
        .iter()
        .map(|t| match &t.start {
            Value::Number(n) if i32::try_from(*n).is_ok() => Ok(Holds::Number),
            Value::Bool(_) => Ok(Holds::YesNo),
            _ => Err(format!("the trigger '{}' holds text or a big number", t.name)),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rules.steps.len() > 64 {
        return Err("the game has more than 64 step rules".into());
    }
    let allowed = (0..rules.moves.states() as u16)
        .map(|state| {
            (0..rules.steps.len())
                .filter(|&r| rules.moves.next(state, r).is_some())
                .fold(0u64, |bits, r| bits | 1 << r)
        })
        .collect();
    let mut m = Machine {
        b,
        board,
        places,
        piles,
        allowed,
        placing: Vec::new(),
        placed: Vec::new(),
        kind_words: kinds.len().div_ceil(64),
        kinds,
        steps: Vec::new(),
        ends: Vec::new(),
        direct_ends: Some(Vec::new()),
        ends_bind: false,
        triggers,
        overlap: false,
        players: rules.players,
        when_stuck: rules.settings.when_stuck,
        pass_allowed: rules.settings.pass_allowed,
        ends_need_stuck: rules.ends_need_stuck,
        reads_order: rules.reads_order,
        moves: rules.moves.clone(),
        repeats: None,
        stuck_now: !crate::position::stuck_means_no_step(rules),
    };
    m.repeats = super::repeats::Repeats::of(rules, &m.kinds)?;
    let (mut keys, mut set_keys, mut set_trees) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..rules.steps.len() {
        let (rule, each_keys, sets) =
            step_rule(&m, rules, i).map_err(|e| format!("step '{}': {e}", rules.steps[i].name))?;
        m.steps.push(rule);
        keys.push(each_keys);
        let (these, trees): (Vec<_>, Vec<_>) = sets.into_iter().unzip();
        set_keys.push(these);
        set_trees.push(trees);
    }
    for (rule, shared) in m.steps.iter_mut().zip(shared::number(&keys)) {
        rule.shared = shared;
    }
    let numbers = shared::number(&set_keys);
    for (i, (numbers, trees)) in numbers.into_iter().zip(set_trees).enumerate() {
        let shared_sets = numbers
            .into_iter()
            .zip(trees)
            .map(|(number, t)| shared_set(&m, rules, i, number?, t))
            .collect();
        m.steps[i].shared_sets = shared_sets;
    }
    m.placing = m
        .allowed
        .iter()
        .map(|&next| match next.count_ones() {
            1 => Some(next.trailing_zeros() as u16)
                .filter(|&r| placing::fits(&m.steps[r as usize], m.reads_order)),
            _ => None,
        })
        .collect();
    m.placed = m
        .placing
        .iter()
        .enumerate()
        .map(|(progress, &r)| {
            r.filter(|&r| placing::ends_move(&m.steps[usize::from(r)], &m.moves, progress as Progress))
        })
        .collect();
    m.overlap = m.steps.iter().enumerate().any(|(i, a)| {
        m.steps[i + 1..].iter().any(|b| {
            let kinds = a
                .kinds
                .iter()
                .zip(&b.kinds)
                .any(|(x, y)| x.iter().zip(y).any(|(x, y)| x & y != 0));
            let from = a.from_cells & b.from_cells != 0 || a.piles.iter().any(|p| b.piles.contains(p));
            kinds && from
        })
    });
    let mut tables = Tables::default();
    for end in &rules.ends {
        let mut binds = false;
        let mut compiled = |e: &expr::Expr| -> Result<(Expr, Sx), String> {
            let t = tree::tree(e, rules, 0, false).ok_or("a part has no compiled form")?;
            binds |= binds_names(&t.node);
            Expr::compile_with_parts(&t.node, t.texts, rules, (b, &m.places), &[])
        };
        let when = end.when.iter().map(&mut compiled).collect::<Result<Vec<_>, _>>();
        let winner = compiled(&end.winner);
        m.ends_bind |= binds;
        match (when, winner) {
            (Ok(when), Ok(winner)) => {
                let direct = Direct::of(when.iter().map(|(_, x)| x), &winner.1, &mut tables);
                m.direct_ends = m.direct_ends.take().zip(direct).map(|(mut all, d)| {
                    all.push(d);
                    all
                });
                m.ends.push(End {
                    when: when.into_iter().map(|(x, _)| x).collect(),
                    winner: winner.0,
                });
            }
            (Err(e), _) | (_, Err(e)) => return Err(format!("game over '{}': {e}", end.name)),
        }
    }
    Ok(m)
}

/// The board whose squares are cells: the one every rule with targets on a
/// board has them on, else the first board whose squares hold one figure
/// each (for game overs over its squares), if any.
fn board(rules: &Rules) -> Result<Option<usize>, String> {
    let mut b = None;
    let fits = |b: usize| {
        let board = &rules.bitboards.boards[b];
        board.single && !board.owned_squares
    };
    // A points board whose points hold more than one figure is kept as
    // piles, as any place but the board's squares.
    let stacked = |rb: &&crate::rules::RuleBoard| rules.bitboards.boards[rb.b].is_points() && !fits(rb.b);
    for rule in &rules.steps {
        if let Some(rb) = rule.board.as_ref().filter(|rb| !stacked(rb)) {
            match b {
                None => b = Some(rb.b),
                Some(x) if x != rb.b => return Err("the rules play on two boards".into()),
                Some(_) => {}
            }
        }
    }
    match b {
        Some(b) if fits(b) => Ok(Some(b)),
        Some(_) => Err("the board's squares hold more than one figure, or have owners".into()),
        None => Ok((0..rules.bitboards.boards.len()).find(|&b| fits(b))),
    }
}

/// A board of no squares, for a machine with none.
fn empty_board() -> crate::rules::bitboard::BitBoard {
    crate::rules::bitboard::BitBoard::none()
}

/// A set program of step rule `i`'s that other rules ask too, numbered
/// `number` and whether this rule asks its opposite: the condition `t`
/// with the `not` around it taken off, where it fails worked out too; none
/// where that has no program.
fn shared_set(
    m: &Machine,
    rules: &Rules,
    i: usize,
    (number, not): (u16, bool),
    t: tree::Tree,
) -> Option<SharedSet> {
    let node = match (not, t.node) {
        (true, tree::Node::Not(inner)) => *inner,
        (false, node) => node,
        (true, _) => return None,
    };
    let program = tree::step_targets(&node, rules, &t.texts, m.b?, true)?;
    let (set, _) = Expr::set(
        program,
        t.texts,
        rules,
        (m.b, &m.places),
        &caught(&rules.steps[i]),
    )
    .ok()?;
    Some(SharedSet { number, not, set })
}

/// What makes a set program of a rule's the same as another rule's
/// ([`shared`]), with the condition it is of.
type SetKey = (shared::Keyed, tree::Tree);

/// Step rule `i` of `rules` for machine `m`; what makes each of its
/// conditions asked of each target ([`StepRule::each`], or those of
/// [`Targets::Piles`]) the same as another rule's ([`shared`]); and the
/// same for its set programs ([`Targets::Board`]).
#[allow(clippy::type_complexity)]
fn step_rule(
    m: &Machine,
    rules: &Rules,
    i: usize,
) -> Result<(StepRule, Vec<shared::Keyed>, Vec<SetKey>), String> {
    let rule = &rules.steps[i];
    let caught = caught(rule);
    let condition = |when| {
        let mut t = tree::condition(when, rules, rule).ok_or("a condition has no compiled form")?;
        if rule.top_only {
            t.node = top_taken(t.node);
        }
        Ok::<_, String>(t)
    };
    // A condition asked of each target: what makes it the same as
    // another rule's (its targets piles or squares), and it compiled, with
    // its parts.
    let per_target = |t: tree::Tree, piles: bool| {
        let key = shared::key(&t.node, &t.texts, piles);
        let (expr, sx) = Expr::compile_per_target(&t.node, t.texts, rules, (m.b, &m.places), &caught)?;
        Ok::<_, String>((key, expr, sx))
    };
    if !rule.same.is_empty() {
        return Err("two of its patterns must catch the same".into());
    }
    let mut from_cells = 0u64;
    let mut from_piles = vec![false; m.piles.len()];
    for (p, matched) in rule.from.iter().enumerate() {
        if matched.is_none() {
            continue;
        }
        match m.places.get(p) {
            Some(&Where::Cell(bit)) => from_cells |= 1 << bit,
            Some(&Where::Pile(k)) => from_piles[k] = true,
            None => {}
        }
    }
    let piles = (0..from_piles.len()).filter(|&i| from_piles[i]).collect();
    let kinds =
        (1..=rules.players.max(1))
            .map(|player| {
                let mut bits = [0u64; 4];
                for k in 0..m.kinds.len() as u8 {
                    let kind = m.kinds.get(k);
                    let what =
                        rule.what_static.iter().enumerate().any(|(f, matched)| {
                            matched.is_some() && rules.class_of.get(f) == Some(&kind.class)
                        }) && rule
                            .what_kind
                            .get(kind.kind as usize)
                            .is_some_and(Option::is_some);
                    let owner = rule.owner.is_none_or(|o| {
                        kind.owner
                            == match o {
                                OwnerPattern::OnMove => player,
                                OwnerPattern::Opponent => rules.other(player),
                                OwnerPattern::Player(n) => n,
                            }
                    });
                    if what && owner {
                        bits[usize::from(k) / 64] |= 1 << (k % 64);
                    }
                }
                bits
            })
            .collect();
    let on_board = rule.board.as_ref().filter(|rb| Some(rb.b) == m.b);
    let mut gates = Vec::new();
    let mut each = Vec::new();
    let mut each_keys = Vec::new();
    let mut set_keys = Vec::new();
    let targets = match on_board {
        Some(_) => {
            let b = m.b.ok_or("no board")?;
            let mut sets = Vec::new();
            // The targets always pass the conditions answered ahead
            // ([`StepRule::ahead`]): only what is left is asked here.
            for when in rule.prefilter.left_to_ask(&rule.when) {
                let t = condition(when)?;
                if reads_no_step(&t.node) {
                    let (expr, sx) =
                        Expr::compile_with_parts(&t.node, t.texts, rules, (m.b, &m.places), &caught)?;
                    Gate::push(&mut gates, expr, &sx);
                    continue;
                }
                match tree::step_targets(&t.node, rules, &t.texts, b, false) {
                    Some(program) => {
                        let (set, texts) =
                            Expr::set(program, t.texts.clone(), rules, (m.b, &m.places), &caught)?;
                        // One that asks nothing is worked out from the
                        // board alone, for every figure at once: not shared.
                        let key = match set.bare() {
                            true => None,
                            false => shared::key(&t.node, &t.texts, false),
                        };
                        sets.push((set, texts));
                        set_keys.push((key, t));
                    }
                    None => {
                        let (key, expr, _) = per_target(t, false)?;
                        each_keys.push(key);
                        each.push(expr);
                    }
                }
            }
            Targets::Board(sets)
        }
        None => {
            if rule.to.iter().any(|(p, _)| m.cell(*p).is_some()) {
                return Err("its targets are squares of the board and other places".into());
            }
            if rule.capture {
                return Err("it captures by landing off the board".into());
            }
            let (mut when, mut narrow) = (Vec::new(), Vec::new());
            for &c in &rule.prefilter.dynamic {
                let (key, expr, sx) = per_target(condition(&rule.when[c])?, true)?;
                each_keys.push(key);
                let filter = Narrow::of(&sx);
                if !filter.is_every() {
                    narrow.push((when.len(), filter));
                }
                when.push(expr);
            }
            // The rule's targets by pile, where the filters' bits can be
            // gone through instead of every target: in the order of their
            // piles (so listed in the same order), none answered ahead.
            let by_pile = (!narrow.is_empty() && !rule.prefilter.answers_ahead())
                .then(|| targets_by_pile(m, &rule.to))
                .flatten();
            Targets::Piles(when, narrow, by_pile)
        }
    };
    let effects = rule
        .effects
        .iter()
        .map(|e| Compiled::compile(e, rules, rule.vars.len(), (m.b, &m.places), &caught))
        .collect::<Result<Vec<_>, _>>()?;
    let starts = match &targets {
        Targets::Board(sets) => sets
            .iter()
            .enumerate()
            .filter_map(|(j, (set, _))| Some((j, set.starts(rule.capture)?)))
            .collect(),
        Targets::Piles(..) => Vec::new(),
    };
    let handover = match &targets {
        Targets::Board(sets) => Handover::find(sets.iter().map(|(set, _)| set), &effects),
        Targets::Piles(..) => None,
    };
    let compiled = StepRule {
        index: i,
        owner: rule.owner,
        from_cells,
        piles,
        kinds,
        targets,
        to: rule
            .board
            .as_ref()
            .filter(|_| !rule.prefilter.answers_ahead())
            .map(|rb| rb.to),
        ahead: on_board
            .filter(|_| rule.prefilter.answers_ahead())
            .and_then(|_| Ahead::new(usize::from(rules.players), rules.types.len())),
        capture: rule.capture,
        top_only: rule.top_only,
        gates,
        effects,
        handover,
        starts,
        each,
        shared: Vec::new(),
        shared_sets: Vec::new(),
    };
    Ok((compiled, each_keys, set_keys))
}

/// For each pile of `m`, the number of the target in `to` on it (none:
/// `u32::MAX`), where the targets are piles in the order of their piles.
fn targets_by_pile(m: &Machine, to: &[(crate::rules::PlaceId, Vec<Value>)]) -> Option<Box<[u32]>> {
    let mut by_pile = vec![u32::MAX; m.piles.len()];
    let mut last = None;
    for (j, (place, _)) in to.iter().enumerate() {
        let i = m.pile(*place)?;
        if last.is_some_and(|last| last >= i) {
            return None;
        }
        last = Some(i);
        *by_pile.get_mut(i)? = u32::try_from(j).ok()?;
    }
    Some(by_pile.into())
}

/// Per variable of step rule `rule`, what its patterns for `from` and `to`
/// caught of each place: its last variables, `from`'s then `to`'s.
fn caught(rule: &crate::rules::StepRuleC) -> Vec<Option<Caught>> {
    let of_from = rule.from.iter().flatten().next().map_or(0, Vec::len);
    let of_to = rule.to.first().map_or(0, |(_, c)| c.len());
    let places = rule.from.len();
    let number = |v: &Value| match v {
        Value::Number(n) => i32::try_from(*n).ok().map(tree::Val::num),
        _ => None,
    };
    let mut caught = vec![None; rule.vars.len()];
    let Some(first) = rule.vars.len().checked_sub(of_from + of_to) else {
        return caught;
    };
    for j in 0..of_from {
        let of = rule
            .from
            .iter()
            .map(|c| c.as_ref().and_then(|c| number(c.get(j)?)))
            .collect();
        caught[first + j] = Some(Caught { slot: 1, of });
    }
    for j in 0..of_to {
        let mut of = vec![None; places];
        for (p, c) in &rule.to {
            if let Some(slot) = of.get_mut(usize::from(*p)) {
                *slot = c.get(j).and_then(number);
            }
        }
        caught[first + of_from + j] = Some(Caught {
            slot: 2,
            of: of.into(),
        });
    }
    caught
}

/// A condition of a rule that moves only the top figure of a place, with
/// its `figure = top(from)` taken as holding: the machine lists only the
/// top figure of a pile ([`StepRule::top_only`]).
fn top_taken(n: tree::Node) -> tree::Node {
    use tree::Node;
    let asks_top = |a: &Node, b: &Node| {
        matches!(a, Node::Slot(0))
            && matches!(b, Node::Call(expr::Function::World(expr::WorldFn::Top), args)
                if matches!(args[..], [Node::Slot(1)]))
    };
    match n {
        Node::Binary(expr::BinOp::Eq, a, b) if asks_top(&a, &b) || asks_top(&b, &a) => {
            Node::Value(tree::Val::bool(true))
        }
        Node::And(a, b) => Node::And(Box::new(top_taken(*a)), Box::new(top_taken(*b))),
        n => n,
    }
}

/// Whether a step rule's condition reads nothing of the step: not the
/// figure, where it is or where it goes (slots 0 to 2), nor the rule's
/// variables, nor anything the general evaluator answers. Checkers' `not
/// can(jump) and not can(crown)` is such a condition.
pub(super) fn reads_no_step(n: &tree::Node) -> bool {
    let mut reads = false;
    tree::walk(n, &mut |p| {
        reads |= matches!(
            p,
            tree::Node::Slot(0..=2) | tree::Node::Capture(_) | tree::Node::General(_)
        )
    });
    !reads
}

/// Whether an expression binds a name or reads one: a quantifier's item,
/// a definition's values, a value kept while a part is worked out, or a
/// rule's variable.
fn binds_names(n: &tree::Node) -> bool {
    let mut binds = false;
    tree::walk(n, &mut |p| {
        binds |= matches!(
            p,
            tree::Node::Slot(_)
                | tree::Node::Quantifier { .. }
                | tree::Node::Apply { .. }
                | tree::Node::Let { .. }
        )
    });
    binds
}

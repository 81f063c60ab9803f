//! Turning a [`Game`] definition into [`Rules`], finding every problem.

use super::*;
use crate::expr::{parse_effect, parse_expr, ParseError, Scope};
use crate::model::{EquipmentKind, FigurePattern, Pattern, PlacePattern};
use crate::problem::{Location, Problem, Section};
use crate::sequence::{self, Seq};
use std::collections::HashSet;

/// The largest board or track side.
pub const MAX_GRID_SIDE: u16 = 50;
/// The most places, figures or rules a game may have.
pub const MAX_ELEMENTS: usize = 10_000;

/// The names the engine gives every step rule before the captures.
pub const RULE_VARS: [&str; 3] = ["figure", "from", "to"];

struct Compiler<'g> {
    game: &'g Game,
    problems: Vec<Problem>,
    places: Vec<Place>,
    grids: Vec<Grid>,
    figures: Vec<FigureInfo>,
    types: Vec<String>,
    triggers: Vec<TriggerInfo>,
    names: NameMap,
}

impl Rules {
    /// Checks a game and compiles it.
    ///
    /// # Errors
    /// Every problem found, each with its place and a plain message.
    pub fn compile(game: &Game) -> Result<Rules, Vec<Problem>> {
        let mut c = Compiler {
            game,
            problems: Vec::new(),
            places: Vec::new(),
            grids: Vec::new(),
            figures: Vec::new(),
            types: Vec::new(),
            triggers: Vec::new(),
            names: NameMap::default(),
        };
        if !(1..=2).contains(&game.players) {
            c.problem(
                Section::Game,
                "",
                "players",
                "a game has 1 player (a puzzle) or 2 players",
            );
        }
        c.equipment();
        c.collect_types();
        c.figures();
        c.triggers();
        let steps = c.steps();
        let (moves, move_names) = c.moves();
        let ends = c.ends();
        let heuristic = game
            .settings
            .heuristic
            .as_ref()
            .and_then(|h| c.expr(h, &[], Location::new(Section::Settings, "", "heuristic")));
        let moves = match moves {
            Some(moves) if c.problems.is_empty() => moves,
            _ => {
                c.problems.sort();
                c.problems.dedup();
                return Err(c.problems);
            }
        };
        let zobrist = Zobrist::new(c.figures.len(), c.places.len(), c.types.len());
        let place_texts = c.places.iter().map(|p| Value::from(p.name.as_str())).collect();
        let figure_texts = c.figures.iter().map(|f| Value::from(f.name.as_str())).collect();
        let mut rules = Rules {
            game: game.clone(),
            players: game.players,
            places: c.places,
            grids: c.grids,
            figures: c.figures,
            types: c.types,
            triggers: c.triggers,
            steps,
            moves,
            move_names,
            ends,
            heuristic,
            settings: game.settings.clone(),
            names: c.names,
            place_texts,
            figure_texts,
            zobrist,
        };
        for i in 0..rules.steps.len() {
            rules.steps[i].prefilter = Prefilter::build(&rules, i);
        }
        Ok(rules)
    }
}

impl Compiler<'_> {
    fn problem(&mut self, section: Section, name: &str, field: &str, message: impl Into<String>) {
        self.problems
            .push(Problem::new(Location::new(section, name, field), message));
    }

    fn add_name(&mut self, name: &str, element: Element, section: Section) {
        if name.trim().is_empty() {
            self.problem(section, name, "name", "every element needs a name");
        } else if name.chars().any(|c| c.is_whitespace() || c == '"') {
            self.problem(
                section,
                name,
                "name",
                "a name can't have spaces or quotes in it; try a dot or a dash instead",
            );
        } else if self.names.contains_key(name) {
            self.problem(
                section,
                name,
                "name",
                format!("two things are called '{name}'; give each its own name"),
            );
        } else {
            self.names.insert(name.to_string(), element);
        }
    }

    fn add_place(&mut self, place: Place) -> Option<PlaceId> {
        if self.places.len() >= MAX_ELEMENTS {
            return None;
        }
        let id = self.places.len() as PlaceId;
        let name = place.name.clone();
        self.places.push(place);
        self.add_name(&name, Element::Place(id), Section::Equipment);
        Some(id)
    }

    fn equipment(&mut self) {
        for eq in &self.game.equipment {
            let capacity = eq.capacity.or(eq.kind.default_capacity());
            match eq.kind {
                EquipmentKind::Square | EquipmentKind::Group | EquipmentKind::Basket => {
                    let place = Place {
                        name: eq.name.clone(),
                        kind: eq.kind.type_name(),
                        capacity,
                        attributes: eq.attributes.clone(),
                        grid: None,
                    };
                    if self.add_place(place).is_none() {
                        self.problem(Section::Equipment, &eq.name, "", "the game has too many places");
                        return;
                    }
                }
                EquipmentKind::Board { rows, columns } => {
                    self.grid(eq, rows, columns, false, false, capacity)
                }
                EquipmentKind::Track { length, ring } => self.grid(eq, 1, length, ring, true, capacity),
            }
        }
    }

    fn grid(
        &mut self,
        eq: &crate::model::Equipment,
        rows: u16,
        columns: u16,
        ring: bool,
        is_track: bool,
        capacity: Option<u32>,
    ) {
        let side_ok = |n: u16| (1..=MAX_GRID_SIDE).contains(&n);
        if !side_ok(rows) || !side_ok(columns) {
            let what = if is_track {
                "a track's length"
            } else {
                "a board's rows and columns"
            };
            self.problem(
                Section::Equipment,
                &eq.name,
                "size",
                format!("{what} must be between 1 and {MAX_GRID_SIDE}"),
            );
            return;
        }
        if self.places.len() + rows as usize * columns as usize > MAX_ELEMENTS {
            self.problem(
                Section::Equipment,
                &eq.name,
                "size",
                "the game has too many places",
            );
            return;
        }
        let id = self.grids.len() as u16;
        self.add_name(&eq.name, Element::Grid(id), Section::Equipment);
        let first = self.places.len() as PlaceId;
        for row in 1..=rows {
            for column in 1..=columns {
                let name = if is_track {
                    format!("{}.{column}", eq.name)
                } else {
                    format!("{}.{row}.{column}", eq.name)
                };
                let mut attributes = eq.attributes.clone();
                if let Some(own) = eq.squares.get(&name) {
                    attributes.extend(own.iter().map(|(k, v)| (k.clone(), v.clone())));
                }
                self.add_place(Place {
                    name,
                    kind: "square",
                    capacity,
                    attributes,
                    grid: Some(GridSpot {
                        grid: id,
                        row,
                        column,
                    }),
                });
            }
        }
        for square in eq.squares.keys() {
            if !matches!(self.names.get(square), Some(Element::Place(p)) if *p >= first) {
                self.problem(
                    Section::Equipment,
                    &eq.name,
                    "squares",
                    format!("'{square}' is not one of the squares of {}", eq.name),
                );
            }
        }
        self.grids.push(Grid {
            name: eq.name.clone(),
            rows,
            columns,
            ring,
            is_track,
            first,
        });
    }

    fn intern_type(&mut self, kind: &str) -> TypeId {
        match self.types.iter().position(|t| t == kind) {
            Some(i) => i as TypeId,
            None => {
                self.types.push(kind.to_string());
                (self.types.len() - 1) as TypeId
            }
        }
    }

    /// Figure types are those of the figures and those named exactly in the
    /// `what` of a step rule (a crown that only appears by promotion).
    fn collect_types(&mut self) {
        for f in &self.game.figures {
            if !f.kind.trim().is_empty() {
                self.intern_type(&f.kind);
            }
        }
        for rule in &self.game.steps {
            if let Some(p) = &rule.what.kind {
                if Matcher::new(&p.text).is_exact() && !p.text.is_empty() {
                    self.intern_type(&p.text);
                }
            }
        }
        for (i, t) in self.types.clone().iter().enumerate() {
            self.names.entry(t.clone()).or_insert(Element::Type(i as TypeId));
        }
    }

    fn figures(&mut self) {
        if self.game.figures.len() > MAX_ELEMENTS {
            self.problem(
                Section::Game,
                "",
                "figures",
                format!("a game can have at most {MAX_ELEMENTS} figures"),
            );
            return;
        }
        let mut count: HashMap<PlaceId, u32> = HashMap::new();
        for f in &self.game.figures {
            let id = self.figures.len() as FigureId;
            if matches!(self.names.get(&f.name), Some(Element::Type(_))) {
                self.names.remove(&f.name);
            }
            self.add_name(&f.name, Element::Figure(id), Section::Figure);
            if f.kind.trim().is_empty() {
                self.problem(
                    Section::Figure,
                    &f.name,
                    "type",
                    "every figure needs a type, like match or stone",
                );
            }
            if let Some(owner) = f.owner {
                if owner == 0 || owner > self.game.players.max(1) {
                    self.problem(
                        Section::Figure,
                        &f.name,
                        "owner",
                        format!("the owner must be a player: 1 to {}", self.game.players.max(1)),
                    );
                }
            }
            let origin = match self.names.get(&f.origin) {
                Some(Element::Place(p)) => *p,
                Some(Element::Grid(_)) => {
                    self.problem(
                        Section::Figure,
                        &f.name,
                        "origin",
                        format!(
                            "{} starts on the board '{}'; put it on one of its squares, like {}.1.1",
                            f.name, f.origin, f.origin
                        ),
                    );
                    0
                }
                _ => {
                    self.problem(
                        Section::Figure,
                        &f.name,
                        "origin",
                        format!("{} starts on '{}', but there is no such place", f.name, f.origin),
                    );
                    0
                }
            };
            *count.entry(origin).or_default() += 1;
            let kind = self.intern_type(&f.kind);
            self.figures.push(FigureInfo {
                name: f.name.clone(),
                kind,
                owner: f.owner.unwrap_or(0),
                colour: f.colour.clone().unwrap_or_default(),
                attributes: f.attributes.clone(),
                origin,
            });
        }
        for (place, n) in count {
            let Some(p) = self.places.get(place as usize) else {
                continue;
            };
            if let Some(cap) = p.capacity {
                if n > cap {
                    let name = p.name.clone();
                    self.problem(
                        Section::Equipment,
                        &name,
                        "capacity",
                        format!("{name} holds {cap}, but {n} figures start on it"),
                    );
                }
            }
        }
    }

    fn triggers(&mut self) {
        for t in &self.game.triggers {
            let id = self.triggers.len() as TriggerId;
            self.add_name(&t.name, Element::Trigger(id), Section::Trigger);
            self.triggers.push(TriggerInfo {
                name: t.name.clone(),
                start: trigger_value(&t.value),
                visible: t.visible,
            });
        }
    }

    fn expr(&mut self, src: &str, vars: &[String], at: Location) -> Option<Expr> {
        let result = parse_expr(src).and_then(|mut e| {
            let names = self.names.clone();
            let is_element = move |n: &str| names.contains_key(n);
            let scope = Scope {
                vars,
                is_element: &is_element,
            };
            let errors = e.resolve(&scope);
            match errors.into_iter().next() {
                Some(err) => Err(err),
                None => Ok(e),
            }
        });
        self.keep(result, at)
    }

    fn keep<T>(&mut self, result: Result<T, ParseError>, at: Location) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(e) => {
                let mut at = at;
                at.column = Some(e.column);
                self.problems.push(Problem::new(at, e.message));
                None
            }
        }
    }

    fn pattern_vars(
        &mut self,
        rule: &str,
        field: &str,
        p: &Option<Pattern>,
        vars: &mut Vec<String>,
    ) -> Option<Matcher> {
        let p = p.as_ref()?;
        let m = Matcher::new(&p.text);
        if !p.vars.is_empty() && p.vars.len() != m.wildcards() {
            self.problem(
                Section::Step,
                rule,
                field,
                format!(
                    "'{}' has {} wildcard(s) but {} variable name(s); give one name for each * or ?",
                    p.text,
                    m.wildcards(),
                    p.vars.len()
                ),
            );
        }
        if !p.vars.is_empty() {
            vars.extend(p.vars.iter().cloned());
        }
        Some(m)
    }

    fn steps(&mut self) -> Vec<StepRuleC> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for rule in &self.game.steps {
            if rule.name.trim().is_empty() {
                self.problem(Section::Step, &rule.name, "name", "every step rule needs a name");
            } else if !seen.insert(rule.name.clone()) {
                self.problem(
                    Section::Step,
                    &rule.name,
                    "name",
                    format!("two step rules are called '{}'", rule.name),
                );
            }
            if let Some(c) = self.step(rule) {
                out.push(c);
            }
        }
        out
    }

    fn step(&mut self, rule: &crate::model::StepRule) -> Option<StepRuleC> {
        let name = rule.name.as_str();
        let FigurePattern {
            name: what_name,
            kind: what_kind,
            origin: what_origin,
            owner,
        } = &rule.what;
        let PlacePattern {
            name: from_name,
            kind: from_kind,
        } = &rule.from;
        let PlacePattern {
            name: to_name,
            kind: to_kind,
        } = &rule.to;
        let mut vars: Vec<String> = RULE_VARS.iter().map(|s| s.to_string()).collect();
        let m_name = self.pattern_vars(name, "what", what_name, &mut vars);
        let m_origin = self.pattern_vars(name, "what", what_origin, &mut vars);
        let m_kind = self.pattern_vars(name, "what", what_kind, &mut vars);
        let figure_slots = vars.len();
        let m_from_name = self.pattern_vars(name, "from", from_name, &mut vars);
        let m_from_kind = self.pattern_vars(name, "from", from_kind, &mut vars);
        let m_to_name = self.pattern_vars(name, "to", to_name, &mut vars);
        let m_to_kind = self.pattern_vars(name, "to", to_kind, &mut vars);
        let bound = |p: &Option<Pattern>| p.as_ref().is_some_and(|p| !p.vars.is_empty());
        let keep = |b: bool, caps: Option<Vec<Value>>| caps.map(|c| if b { c } else { Vec::new() });

        let what_static = self
            .figures
            .iter()
            .map(|f| {
                let a = keep(bound(what_name), table_entry(m_name.as_ref(), &f.name))?;
                let origin = self.places.get(f.origin as usize).map_or("", |p| p.name.as_str());
                let b = keep(bound(what_origin), table_entry(m_origin.as_ref(), origin))?;
                Some([a, b].concat())
            })
            .collect();
        let what_kind_table = self
            .types
            .iter()
            .map(|t| keep(bound(what_kind), table_entry(m_kind.as_ref(), t)))
            .collect();
        let place_entry = |p: &Place, n: &Option<Matcher>, nb: bool, k: &Option<Matcher>, kb: bool| {
            let a = keep(nb, table_entry(n.as_ref(), &p.name))?;
            let b = keep(kb, table_entry(k.as_ref(), p.kind))?;
            Some([a, b].concat())
        };
        let from: MatchTable = self
            .places
            .iter()
            .map(|p| place_entry(p, &m_from_name, bound(from_name), &m_from_kind, bound(from_kind)))
            .collect();
        let to: Vec<(PlaceId, Vec<Value>)> = self
            .places
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                Some((
                    i as PlaceId,
                    place_entry(p, &m_to_name, bound(to_name), &m_to_kind, bound(to_kind))?,
                ))
            })
            .collect();

        for (field, m, exact) in [("from", &m_from_name, from_name), ("to", &m_to_name, to_name)] {
            if let (Some(m), Some(p)) = (m, exact) {
                if m.is_exact() && !matches!(self.names.get(&p.text), Some(Element::Place(_))) {
                    self.problem(
                        Section::Step,
                        name,
                        field,
                        format!("there is no place called '{}'", p.text),
                    );
                }
            }
        }
        for (field, m, p) in [("from", &m_from_kind, from_kind), ("to", &m_to_kind, to_kind)] {
            if let (Some(m), Some(p)) = (m, p) {
                if m.is_exact() && !["square", "group", "basket"].contains(&p.text.as_str()) {
                    self.problem(
                        Section::Step,
                        name,
                        field,
                        format!("'{}' is not a kind of place; use square, group or basket", p.text),
                    );
                }
            }
        }
        if let (Some(m), Some(p)) = (&m_name, what_name) {
            if m.is_exact() && !matches!(self.names.get(&p.text), Some(Element::Figure(_))) {
                self.problem(
                    Section::Step,
                    name,
                    "what",
                    format!("there is no figure called '{}'", p.text),
                );
            }
        }
        if let Some(OwnerPattern::Player(n)) = owner {
            if *n == 0 || *n > self.game.players {
                self.problem(
                    Section::Step,
                    name,
                    "what",
                    format!("player {n} is not in this game"),
                );
            }
        }

        let mut same = Vec::new();
        for i in RULE_VARS.len()..vars.len() {
            if let Some(j) = (RULE_VARS.len()..i).find(|&j| vars[j] == vars[i]) {
                same.push((i, j));
            }
        }
        let mut when = Vec::new();
        for (i, src) in rule.when.iter().enumerate() {
            if let Some(e) = self.expr(
                src,
                &vars,
                Location::new(Section::Step, name, format!("when {}", i + 1)),
            ) {
                when.push(e);
            }
        }
        let mut effects = Vec::new();
        for (i, src) in rule.effects.iter().enumerate() {
            let at = Location::new(Section::Step, name, format!("effect {}", i + 1));
            let names = self.names.clone();
            let result = parse_effect(src).and_then(|mut e| {
                let is_element = move |n: &str| names.contains_key(n);
                let errors = e.resolve(&Scope {
                    vars: &vars,
                    is_element: &is_element,
                });
                errors.into_iter().next().map_or(Ok(e), Err)
            });
            if let Some(e) = self.keep(result, at) {
                effects.push(e);
            }
        }
        Some(StepRuleC {
            name: name.to_string(),
            what_static,
            what_kind: what_kind_table,
            owner: *owner,
            from,
            to,
            vars,
            same,
            prefilter: Prefilter::pending(when.len(), figure_slots),
            when,
            when_text: rule.when.clone(),
            effects,
        })
    }

    fn moves(&mut self) -> (Option<MoveAutomaton>, Vec<String>) {
        let step_names: Vec<String> = self.game.steps.iter().map(|s| s.name.clone()).collect();
        let lookup = |n: &str| step_names.iter().position(|s| s == n);
        let mut seqs = Vec::new();
        let mut names = Vec::new();
        if self.game.moves.is_empty() {
            // No move rules: every move is one step of any rule.
            seqs = (0..step_names.len()).map(Seq::Step).collect();
            names = step_names.clone();
        }
        for m in &self.game.moves {
            match sequence::parse(&m.sequence, &lookup) {
                Ok(seq) => {
                    seqs.push(seq);
                    names.push(m.name.clone());
                }
                Err(e) => {
                    let mut at = Location::new(Section::Move, &m.name, "sequence");
                    at.column = Some(e.column);
                    self.problems.push(Problem::new(at, e.message));
                }
            }
        }
        match MoveAutomaton::new(&seqs, step_names.len()) {
            Ok(a) => (Some(a), names),
            Err(message) => {
                self.problem(Section::Move, "", "sequence", message);
                (None, names)
            }
        }
    }

    fn ends(&mut self) -> Vec<EndC> {
        let mut out = Vec::new();
        for end in &self.game.game_over {
            let mut when = Vec::new();
            for (i, src) in end.when.iter().enumerate() {
                if let Some(e) = self.expr(
                    src,
                    &[],
                    Location::new(Section::GameOver, &end.name, format!("when {}", i + 1)),
                ) {
                    when.push(e);
                }
            }
            let winner = self.expr(
                &end.winner,
                &[],
                Location::new(Section::GameOver, &end.name, "winner"),
            );
            if let Some(winner) = winner {
                out.push(EndC {
                    name: end.name.clone(),
                    when,
                    winner,
                });
            }
        }
        out
    }
}

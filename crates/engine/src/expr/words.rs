//! Definitions ("words"): named expressions with values to fill in, used
//! like functions (`run(s, d)`).
//!
//! A use is written out in full where it stands (inlined) when parsing: the
//! tree holds an [`Expr::Apply`] with a copy of the definition's body. Its
//! values are worked out once, and inside the body only the definition's own
//! names, special values and game elements can be seen, never the names of
//! the rule it is used in. A definition can only use the definitions above
//! it, so no definition leads to itself, and the size of everything written
//! out is bounded ([`MAX_INLINED`]).

use super::ast::Expr;
use super::effect::Effect;
use super::error::ParseError;
use super::parser::Parser;
use super::resolve::Scope;

/// The most values a definition can take.
pub const MAX_PARAMS: usize = 4;

/// The most parts (numbers, names, operators, calls) that the definitions
/// used in one expression may add when written out in full.
pub const MAX_INLINED: usize = 5_000;

/// One definition, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    /// What it is called, e.g. `run`.
    pub name: String,
    /// The names of the values it takes, e.g. `s` and `d`.
    pub params: Vec<String>,
    /// What it stands for, with the definitions it uses written out;
    /// names not resolved.
    pub(crate) body: Expr,
    /// How many parts the body has.
    pub(crate) size: usize,
    /// How high the body's tree is.
    pub(crate) height: u32,
}

/// The definitions of a game, in order, and what parsing needs to know
/// about the names that can't be used.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Words {
    list: Vec<Word>,
    /// Names defined with a mistake: using one says so.
    broken: Vec<String>,
    /// While a definition is being read: its name, then the names below it.
    later: Vec<String>,
}

impl Words {
    /// No definitions (as a constant).
    pub(crate) const EMPTY: Words = Words {
        list: Vec::new(),
        broken: Vec::new(),
        later: Vec::new(),
    };

    /// No definitions.
    pub fn new() -> Words {
        Words::default()
    }

    /// The definition called `name`.
    pub fn get(&self, name: &str) -> Option<&Word> {
        self.list.iter().find(|w| w.name == name)
    }

    /// Every definition, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Word> {
        self.list.iter()
    }

    /// Whether nothing is defined.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Reads the definition `name` taking `params`, standing for `src`,
    /// which may use the definitions already added. Its names must be
    /// known to the definition: its values, special values, or elements
    /// (`is_element`). `later` are the names of the definitions that come
    /// after it (for a plain message when one is used too early).
    ///
    /// # Errors
    /// The first mistake in `src`, with its column; nothing is added then
    /// (using `name` afterwards says that its definition has a mistake).
    pub fn define(
        &mut self,
        name: &str,
        params: &[String],
        src: &str,
        is_element: &dyn Fn(&str) -> bool,
        later: &[String],
    ) -> Result<(), ParseError> {
        self.later = std::iter::once(name.to_string())
            .chain(later.iter().cloned())
            .collect();
        let read = self.read_body(params, src, is_element);
        self.later.clear();
        match read {
            Ok((body, height)) => {
                let size = size(&body);
                self.list.push(Word {
                    name: name.to_string(),
                    params: params.to_vec(),
                    body,
                    size,
                    height,
                });
                Ok(())
            }
            Err(e) => {
                self.broken(name);
                Err(e)
            }
        }
    }

    fn read_body(
        &self,
        params: &[String],
        src: &str,
        is_element: &dyn Fn(&str) -> bool,
    ) -> Result<(Expr, u32), ParseError> {
        let mut p = Parser::with_words(src, self)?;
        let (body, height) = p.expr_outer()?;
        p.expect_end("an operator like + or =")?;
        if size(&body) > MAX_INLINED {
            return Err(too_long(1));
        }
        let mut check = body.clone();
        let scope = Scope {
            vars: params,
            is_element,
        };
        match check.resolve(&scope).into_iter().next() {
            Some(e) => Err(e),
            None => Ok((body, height)),
        }
    }

    /// Marks `name` as defined with a mistake.
    pub fn broken(&mut self, name: &str) {
        if !self.broken.iter().any(|b| b == name) {
            self.broken.push(name.to_string());
        }
    }

    /// Why `name(...)` can't be used, if it is a definition that can't be.
    pub(crate) fn unusable(&self, name: &str) -> Option<String> {
        if self.later.first().is_some_and(|n| n == name) {
            return Some(format!(
                "'{name}' can't use itself; say it with the definitions above it"
            ));
        }
        if self.later.iter().any(|n| n == name) {
            return Some(format!(
                "'{name}' is defined further down; a definition can only use the ones above it"
            ));
        }
        self.broken
            .iter()
            .any(|b| b == name)
            .then(|| format!("the definition of '{name}' has a mistake; mend it first"))
    }

    /// Parses an expression that may use these definitions.
    pub fn parse_expr(&self, src: &str) -> Result<Expr, ParseError> {
        let mut p = Parser::with_words(src, self)?;
        let (e, _) = p.expr_outer()?;
        p.expect_end("an operator like + or =")?;
        Ok(e)
    }

    /// Parses a side effect that may use these definitions.
    pub fn parse_effect(&self, src: &str) -> Result<Effect, ParseError> {
        let mut p = Parser::with_words(src, self)?;
        let e = Effect::parse(&mut p)?;
        p.expect_end("the end")?;
        Ok(e)
    }
}

/// How many parts an expression has, definitions written out.
pub(crate) fn size(e: &Expr) -> usize {
    let mut n = 0usize;
    e.any_part(&mut |_| {
        n += 1;
        false
    });
    n
}

/// The mistake of an expression that is too long with its definitions
/// written out.
pub(crate) fn too_long(column: u32) -> ParseError {
    ParseError::new(
        column,
        format!(
            "this uses definitions that together are too long when written out (more than {MAX_INLINED} parts); use fewer of them here, or make them shorter"
        ),
    )
}

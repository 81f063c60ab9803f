//! Turns tokens into an [`Expr`] or an [`Effect`], with plain-English errors.
//!
//! Every nesting step is counted, so deep input gives an error, never a
//! stack overflow; every tree built is at most [`MAX_DEPTH`] levels high.

use super::ast::{BinOp, Expr, Function, Name, Quantity, Resolved};
use super::effect::Effect;
use super::error::ParseError;
use super::lexer::{lex, Sym, Tok, Token};
use super::value::Value;
use super::words::{too_long, Word, Words, MAX_INLINED};
use super::{MAX_DEPTH, MAX_LEN};

type R<T> = Result<T, ParseError>;

/// Words with a meaning of their own in expressions; never names.
pub(crate) const KEYWORDS: [&str; 12] = [
    "if", "then", "else", "or", "and", "not", "in", "mod", "yes", "no", "true", "false",
];

/// Whether `w` is a keyword.
pub(crate) fn is_keyword(w: &str) -> bool {
    KEYWORDS.contains(&w)
}

pub(crate) struct Parser<'w> {
    toks: Vec<Token>,
    pos: usize,
    depth: u32,
    /// The definitions the text may use.
    words: &'w Words,
    /// How many parts the definitions used so far add, written out.
    inlined: usize,
}

/// No definitions, for text read on its own.
static NO_WORDS: Words = Words::EMPTY;

fn too_deep(column: u32) -> ParseError {
    ParseError::new(
        column,
        format!("this is nested too deeply (more than {MAX_DEPTH} levels); split it into simpler parts"),
    )
}

impl Parser<'static> {
    /// Lexes `src`, checking its length; no definitions can be used.
    pub fn new(src: &str) -> R<Parser<'static>> {
        Parser::with_words(src, &NO_WORDS)
    }
}

impl<'w> Parser<'w> {
    /// Lexes `src`, checking its length; `words` can be used in it.
    pub fn with_words(src: &str, words: &'w Words) -> R<Parser<'w>> {
        if src.chars().count() > MAX_LEN {
            return Err(ParseError::new(
                1,
                format!("this is too long: at most {MAX_LEN} letters and signs"),
            ));
        }
        Ok(Parser {
            toks: lex(src)?,
            pos: 0,
            depth: 0,
            words,
            inlined: 0,
        })
    }

    fn peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, ahead: usize) -> &Token {
        &self.toks[(self.pos + ahead).min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn at_sym(&self, s: Sym) -> bool {
        self.peek().tok == Tok::Sym(s)
    }

    /// Whether the next token is the word `w`.
    pub fn at_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Word(x) if x == w)
    }

    /// The error "expected WHAT after PREVIOUS, but found NEXT".
    pub fn expected(&self, what: &str) -> ParseError {
        let next = self.peek();
        let found = match next.tok {
            Tok::End => "the text ends here".to_string(),
            _ => format!("found {}", next.describe()),
        };
        let message = if self.pos == 0 {
            if next.tok == Tok::End {
                format!("expected {what}, but there is nothing here")
            } else {
                format!("expected {what} at the start, but {found}")
            }
        } else {
            let prev = &self.toks[self.pos - 1];
            format!("expected {what} after {}, but {found}", prev.describe())
        };
        ParseError::new(next.column, message)
    }

    /// The word `ahead` tokens on, if it is a word.
    pub fn word_at(&self, ahead: usize) -> Option<&str> {
        match &self.peek_at(ahead).tok {
            Tok::Word(w) => Some(w.as_str()),
            _ => None,
        }
    }

    /// Whether the next token is the sign `s`.
    pub fn at_sym_pub(&self, s: Sym) -> bool {
        self.at_sym(s)
    }

    /// Consumes the next token.
    pub fn bump_pub(&mut self) -> Token {
        self.bump()
    }

    /// A new name (not a keyword), as for `for each NAME`.
    pub fn new_name(&mut self, what: &str) -> R<Name> {
        match &self.peek().tok {
            Tok::Word(w) if !is_keyword(w) => {
                let t = self.bump();
                Ok(Name {
                    text: t.src,
                    column: t.column,
                    resolved: Resolved::Unresolved,
                })
            }
            _ => Err(self.expected(what)),
        }
    }

    /// Consumes the word `w`, or fails with "expected 'w' ...".
    pub fn expect_word(&mut self, w: &str, what: &str) -> R<()> {
        if self.at_word(w) {
            self.bump();
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// Fails unless all the text has been read.
    pub fn expect_end(&self, what: &str) -> R<()> {
        if self.peek().tok == Tok::End {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// One level deeper; an error beyond [`MAX_DEPTH`].
    pub fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(too_deep(self.peek().column))
        } else {
            Ok(())
        }
    }

    /// One level back up.
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// A whole expression, `if` form included. Returns it and its height.
    pub fn expr(&mut self) -> R<(Expr, u32)> {
        self.enter()?;
        let r = self.expr_here();
        self.leave();
        r
    }

    /// A whole expression at the current depth (for the outermost one).
    pub(crate) fn expr_outer(&mut self) -> R<(Expr, u32)> {
        self.expr_here()
    }

    fn expr_here(&mut self) -> R<(Expr, u32)> {
        if self.at_word("if") {
            self.if_expr()
        } else {
            self.or_expr()
        }
    }

    fn if_expr(&mut self) -> R<(Expr, u32)> {
        let column = self.bump().column;
        let (condition, h1) = self.expr()?;
        self.expect_word("then", "'then'")?;
        let (then, h2) = self.expr()?;
        if !self.at_word("else") {
            let mut e = self.expected("'else'");
            e.message.push_str("; an 'if' needs both 'then' and 'else'");
            return Err(e);
        }
        self.bump();
        let (otherwise, h3) = self.expr()?;
        let h = height(column, &[h1, h2, h3])?;
        Ok((
            Expr::If {
                condition: Box::new(condition),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            h,
        ))
    }

    fn binary(
        &mut self,
        next: fn(&mut Self) -> R<(Expr, u32)>,
        op_here: fn(&Self) -> Option<BinOp>,
    ) -> R<(Expr, u32)> {
        let (mut left, mut hl) = next(self)?;
        while let Some(op) = op_here(self) {
            let column = self.bump().column;
            let what = "a value";
            let (right, hr) = self.operand(next, what)?;
            hl = height(column, &[hl, hr])?;
            left = Expr::Binary {
                op,
                left: Box::new(left),
                right: Box::new(right),
            };
        }
        Ok((left, hl))
    }

    /// The right side of an operator, with a message naming the operator if
    /// it is missing.
    fn operand(&mut self, next: fn(&mut Self) -> R<(Expr, u32)>, what: &str) -> R<(Expr, u32)> {
        if self.starts_value() {
            next(self)
        } else {
            Err(self.expected(what))
        }
    }

    /// Whether the next token can start a value.
    fn starts_value(&self) -> bool {
        match &self.peek().tok {
            Tok::Number(_) | Tok::Text(_) => true,
            Tok::Word(w) => {
                !is_keyword(w) || matches!(w.as_str(), "yes" | "no" | "true" | "false" | "not" | "if")
            }
            Tok::Sym(s) => matches!(s, Sym::Minus | Sym::LParen | Sym::LBracket),
            Tok::End => false,
        }
    }

    fn or_expr(&mut self) -> R<(Expr, u32)> {
        self.binary(Self::and_expr, |p| p.at_word("or").then_some(BinOp::Or))
    }

    fn and_expr(&mut self) -> R<(Expr, u32)> {
        self.binary(Self::not_expr, |p| p.at_word("and").then_some(BinOp::And))
    }

    fn not_expr(&mut self) -> R<(Expr, u32)> {
        if !self.at_word("not") {
            return self.cmp_expr();
        }
        self.enter()?;
        let column = self.bump().column;
        let (x, h) = self.operand(Self::not_expr, "a value")?;
        self.leave();
        Ok((Expr::Not(Box::new(x)), height(column, &[h])?))
    }

    fn cmp_op(&self) -> Option<(BinOp, usize)> {
        match &self.peek().tok {
            Tok::Sym(Sym::Eq) => Some((BinOp::Eq, 1)),
            Tok::Sym(Sym::Ne) => Some((BinOp::Ne, 1)),
            Tok::Sym(Sym::Lt) => Some((BinOp::Lt, 1)),
            Tok::Sym(Sym::Le) => Some((BinOp::Le, 1)),
            Tok::Sym(Sym::Gt) => Some((BinOp::Gt, 1)),
            Tok::Sym(Sym::Ge) => Some((BinOp::Ge, 1)),
            Tok::Word(w) if w == "in" => Some((BinOp::In, 1)),
            Tok::Word(w) if w == "not" && matches!(&self.peek_at(1).tok, Tok::Word(x) if x == "in") => {
                Some((BinOp::NotIn, 2))
            }
            _ => None,
        }
    }

    fn cmp_expr(&mut self) -> R<(Expr, u32)> {
        let (left, hl) = self.add_expr()?;
        let Some((op, len)) = self.cmp_op() else {
            return Ok((left, hl));
        };
        let column = self.bump().column;
        if len == 2 {
            self.bump();
        }
        let what = "a value";
        let (right, hr) = self.operand(Self::add_expr, what)?;
        if let Some((second, _)) = self.cmp_op() {
            return Err(ParseError::new(
                self.peek().column,
                format!(
                    "two comparisons in a row ('{}' and then '{}') can't be read; join them with 'and', like a < b and b < c",
                    op.symbol(),
                    second.symbol()
                ),
            ));
        }
        let h = height(column, &[hl, hr])?;
        Ok((
            Expr::Binary {
                op,
                left: Box::new(left),
                right: Box::new(right),
            },
            h,
        ))
    }

    fn add_expr(&mut self) -> R<(Expr, u32)> {
        self.binary(Self::mul_expr, |p| match p.peek().tok {
            Tok::Sym(Sym::Plus) => Some(BinOp::Add),
            Tok::Sym(Sym::Minus) => Some(BinOp::Sub),
            _ => None,
        })
    }

    fn mul_expr(&mut self) -> R<(Expr, u32)> {
        self.binary(Self::unary, |p| match &p.peek().tok {
            Tok::Sym(Sym::Star) => Some(BinOp::Mul),
            Tok::Sym(Sym::Slash) => Some(BinOp::Div),
            Tok::Word(w) if w == "mod" => Some(BinOp::Mod),
            _ => None,
        })
    }

    fn unary(&mut self) -> R<(Expr, u32)> {
        if !self.at_sym(Sym::Minus) {
            return self.atom();
        }
        self.enter()?;
        let column = self.bump().column;
        let (x, h) = self.operand(Self::unary, "a value")?;
        self.leave();
        Ok((Expr::Neg(Box::new(x)), height(column, &[h])?))
    }

    fn atom(&mut self) -> R<(Expr, u32)> {
        let t = self.peek().clone();
        match t.tok {
            Tok::Number(n) => {
                self.bump();
                Ok((Expr::Literal(Value::Number(n)), 1))
            }
            Tok::Text(s) => {
                self.bump();
                Ok((Expr::Literal(Value::Text(s)), 1))
            }
            Tok::Sym(Sym::LParen) => {
                self.bump();
                let r = self.expr()?;
                if !self.at_sym(Sym::RParen) {
                    let mut e = self.expected("')'");
                    e.message
                        .push_str(&format!("; the '(' at column {} needs a ')'", t.column));
                    return Err(e);
                }
                self.bump();
                Ok(r)
            }
            Tok::Sym(Sym::LBracket) => {
                self.bump();
                let (items, h) = self.items(Sym::RBracket, "]", t.column)?;
                Ok((Expr::List(items), height(t.column, &[h])?))
            }
            Tok::Word(w) => match w.as_str() {
                "yes" | "true" => {
                    self.bump();
                    Ok((Expr::Literal(Value::Bool(true)), 1))
                }
                "no" | "false" => {
                    self.bump();
                    Ok((Expr::Literal(Value::Bool(false)), 1))
                }
                "not" | "if" => {
                    let mut e = self.expected("a value");
                    e.message
                        .push_str(&format!("; put brackets around it: ({w} ...)"));
                    Err(e)
                }
                _ if is_keyword(&w) => Err(self.expected("a value")),
                _ if self.quantity().is_some() => self.quantifier(),
                _ => {
                    self.bump();
                    let word = self.words.get(&w);
                    if self.at_sym(Sym::LParen) {
                        match word {
                            Some(word) => {
                                let open = self.bump().column;
                                let (args, h) = self.items(Sym::RParen, ")", open)?;
                                self.apply(word, t.column, args, h)
                            }
                            None => self.call(w, t.column),
                        }
                    } else if let Some(word) = word.filter(|w| w.params.is_empty()) {
                        self.apply(word, t.column, Vec::new(), 0)
                    } else {
                        Ok((
                            Expr::Name(Name {
                                text: w,
                                column: t.column,
                                resolved: Resolved::Unresolved,
                            }),
                            1,
                        ))
                    }
                }
            },
            _ => Err(self.expected("a value")),
        }
    }

    /// The quantifier that starts here, and how many words it has: `any s
    /// in`, `how many s in`... (`any` alone is still a name).
    fn quantity(&self) -> Option<(Quantity, usize)> {
        let word = |k: usize| match &self.peek_at(k).tok {
            Tok::Word(w) => Some(w.as_str()),
            _ => None,
        };
        let (kind, len) = match word(0)? {
            "any" => (Quantity::Any, 1),
            "every" => (Quantity::Every, 1),
            "all" => (Quantity::All, 1),
            "first" => (Quantity::First, 1),
            "sum" => (Quantity::Sum, 1),
            "how" if word(1) == Some("many") => (Quantity::HowMany, 2),
            _ => return None,
        };
        let name = word(len)?;
        (!is_keyword(name) && word(len + 1) == Some("in")).then_some((kind, len))
    }

    /// `any NAME in LIST where CONDITION` and the like; like `if`, the
    /// condition reaches to the end.
    fn quantifier(&mut self) -> R<(Expr, u32)> {
        let Some((kind, len)) = self.quantity() else {
            return Err(self.expected("a value"));
        };
        self.enter()?;
        let column = self.peek().column;
        for _ in 0..len {
            self.bump();
        }
        let t = self.bump();
        let name = Name {
            text: t.src.clone(),
            column: t.column,
            resolved: Resolved::Unresolved,
        };
        self.bump(); // in
        if !self.starts_value() {
            return Err(self.expected("a list"));
        }
        let (list, h1) = self.or_expr()?;
        let until = if kind == Quantity::Sum {
            if !self.at_word("of") {
                let mut e = self.expected("'of'");
                e.message
                    .push_str(&format!("; write it like sum {} in LIST of NUMBER", name.text));
                return Err(e);
            }
            false
        } else if self.at_word("where") {
            false
        } else if self.at_word("until") {
            true
        } else {
            let mut e = self.expected("'where' or 'until'");
            e.message.push_str(&format!(
                "; write it like {} {} in LIST where CONDITION",
                kind.words(),
                name.text
            ));
            return Err(e);
        };
        if until && matches!(kind, Quantity::Any | Quantity::Every | Quantity::First) {
            let mut e = self.expected("'where'");
            e.message.push_str("; 'until' goes with 'all' or 'how many'");
            return Err(e);
        }
        self.bump();
        if !self.starts_value() {
            let what = if kind == Quantity::Sum {
                "a number"
            } else {
                "a condition"
            };
            return Err(self.expected(what));
        }
        let (condition, h2) = self.expr()?;
        self.leave();
        let h = height(column, &[h1, h2])?;
        Ok((
            Expr::Quantifier {
                kind,
                name,
                list: Box::new(list),
                until,
                condition: Box::new(condition),
            },
            h,
        ))
    }

    /// Comma-separated expressions up to `close`; the opening sign has been
    /// read. Returns them and their greatest height.
    fn items(&mut self, close: Sym, close_text: &str, open_column: u32) -> R<(Vec<Expr>, u32)> {
        let mut items = Vec::new();
        let mut h = 0;
        if self.at_sym(close) {
            self.bump();
            return Ok((items, h));
        }
        loop {
            if !self.starts_value() {
                return Err(self.expected("a value"));
            }
            let (e, he) = self.expr()?;
            items.push(e);
            h = h.max(he);
            if self.at_sym(Sym::Comma) {
                self.bump();
            } else if self.at_sym(close) {
                self.bump();
                return Ok((items, h));
            } else {
                let mut e = self.expected(&format!("',' or '{close_text}'"));
                e.message.push_str(&format!(
                    "; the '{}' at column {open_column} needs a '{close_text}'",
                    if close == Sym::RParen { "(" } else { "[" }
                ));
                return Err(e);
            }
        }
    }

    /// A definition used here, with the values given to it.
    fn apply(&mut self, word: &Word, column: u32, args: Vec<Expr>, h: u32) -> R<(Expr, u32)> {
        if args.len() != word.params.len() {
            let n = word.params.len();
            let wants = match n {
                0 => "no values; write it without brackets".to_string(),
                1 => format!("1 value in the brackets: {}", word.params[0]),
                _ => format!("{n} values in the brackets: {}", word.params.join(", ")),
            };
            return Err(ParseError::new(column, format!("{} takes {wants}", word.name)));
        }
        self.inlined = self.inlined.saturating_add(word.size);
        if self.inlined > MAX_INLINED {
            return Err(too_long(column));
        }
        let h = height(column, &[h, word.height])?;
        let name = Name {
            text: word.name.clone(),
            column,
            resolved: Resolved::Unresolved,
        };
        Ok((
            Expr::Apply {
                word: name,
                params: word.params.iter().map(Name::new).collect(),
                args,
                body: Box::new(word.body.clone()),
            },
            h,
        ))
    }

    fn call(&mut self, name: String, column: u32) -> R<(Expr, u32)> {
        let Some(function) = Function::from_name(&name) else {
            let message = self
                .words
                .unusable(&name)
                .unwrap_or_else(|| format!("there is no function called '{name}'"));
            return Err(ParseError::new(column, message));
        };
        let open = self.bump().column;
        let (args, h) = self.items(Sym::RParen, ")", open)?;
        if !function.accepts(args.len()) {
            return Err(ParseError::new(column, function.arity_message()));
        }
        Ok((Expr::Call { function, args }, height(column, &[h])?))
    }
}

/// The height of a node over children of heights `hs`; an error beyond
/// [`MAX_DEPTH`].
fn height(column: u32, hs: &[u32]) -> R<u32> {
    let h = 1 + hs.iter().copied().max().unwrap_or(0);
    if h > MAX_DEPTH {
        Err(too_deep(column))
    } else {
        Ok(h)
    }
}

/// Parses a whole expression.
pub(crate) fn parse_expr(src: &str) -> R<Expr> {
    let mut p = Parser::new(src)?;
    let (e, _) = p.expr_here()?;
    p.expect_end("an operator like + or =")?;
    Ok(e)
}

/// Parses a whole side-effect statement.
pub(crate) fn parse_effect(src: &str) -> R<Effect> {
    let mut p = Parser::new(src)?;
    let e = Effect::parse(&mut p)?;
    p.expect_end("the end")?;
    Ok(e)
}

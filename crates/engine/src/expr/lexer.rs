//! Splits source text into tokens, keeping each token's column.

use super::error::ParseError;

/// The signs of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sym {
    Plus,
    Minus,
    Star,
    Slash,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Semicolon,
}

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Number(i64),
    Text(String),
    /// A name or a keyword.
    Word(String),
    Sym(Sym),
    End,
}

/// A token and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub tok: Tok,
    /// 1-based column in characters.
    pub column: u32,
    /// The token as written, for messages.
    pub src: String,
}

impl Token {
    /// How the token is named in a message: `'+'`, `'abc'`, `the text "abc"`.
    pub fn describe(&self) -> String {
        match &self.tok {
            Tok::End => "the end".to_string(),
            Tok::Text(_) => format!("the text {}", shorten(&self.src)),
            _ => format!("'{}'", shorten(&self.src)),
        }
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() <= 30 {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(30).collect();
        out.push('…');
        out
    }
}

fn is_name_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Splits `src` into tokens; the last is always [`Tok::End`].
pub(crate) fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let col = |i: usize| u32::try_from(i + 1).unwrap_or(u32::MAX);
    let text_of = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let tok = if c.is_ascii_digit() {
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits = text_of(start, i);
            match digits.parse::<i64>() {
                Ok(n) => Tok::Number(n),
                Err(_) => {
                    return Err(ParseError::new(
                        col(start),
                        format!("the number {digits} is too big"),
                    ))
                }
            }
        } else if is_name_start(c) {
            i += 1;
            loop {
                match chars.get(i) {
                    Some(&d) if is_name_char(d) => i += 1,
                    Some('.') if chars.get(i + 1).is_some_and(|d| d.is_alphanumeric()) => i += 1,
                    Some('-')
                        if chars[i - 1].is_alphabetic()
                            && chars.get(i + 1).is_some_and(|d| d.is_alphabetic()) =>
                    {
                        i += 1
                    }
                    _ => break,
                }
            }
            Tok::Word(text_of(start, i))
        } else if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c {
                i += 1;
            }
            if i >= chars.len() {
                return Err(ParseError::new(
                    col(start),
                    format!("this text has no closing {c}: put {c} at its end"),
                ));
            }
            i += 1;
            Tok::Text(text_of(start + 1, i - 1))
        } else {
            let next = chars.get(i + 1).copied();
            let (sym, len) = match (c, next) {
                ('<', Some('=')) => (Sym::Le, 2),
                ('<', Some('>')) => (Sym::Ne, 2),
                ('>', Some('=')) => (Sym::Ge, 2),
                ('!', Some('=')) => (Sym::Ne, 2),
                ('=', Some('=')) => (Sym::Eq, 2),
                ('<', _) => (Sym::Lt, 1),
                ('>', _) => (Sym::Gt, 1),
                ('=', _) => (Sym::Eq, 1),
                ('+', _) => (Sym::Plus, 1),
                ('-', _) => (Sym::Minus, 1),
                ('*', _) => (Sym::Star, 1),
                ('/', _) => (Sym::Slash, 1),
                ('(', _) => (Sym::LParen, 1),
                (')', _) => (Sym::RParen, 1),
                ('[', _) => (Sym::LBracket, 1),
                (']', _) => (Sym::RBracket, 1),
                (',', _) => (Sym::Comma, 1),
                (';', _) => (Sym::Semicolon, 1),
                ('!', _) => {
                    return Err(ParseError::new(
                        col(start),
                        "'!' must be followed by '=': write != for 'is not equal to'",
                    ))
                }
                _ => {
                    return Err(ParseError::new(
                        col(start),
                        format!("I don't understand the sign '{c}' here"),
                    ))
                }
            };
            i += len;
            Tok::Sym(sym)
        };
        tokens.push(Token {
            tok,
            column: col(start),
            src: text_of(start, i),
        });
    }
    tokens.push(Token {
        tok: Tok::End,
        column: col(chars.len()),
        src: String::new(),
    });
    Ok(tokens)
}

//! The syntax of GGF: games `(;` ... `;)`, properties `NAME[value]`, escapes in values. Knows
//! nothing of Othello; `read.rs` and `properties.rs` give the properties their meaning.

use super::GgfErrorKind;

/// One property as written, with the place of its name (characters counted from 1).
#[derive(Debug)]
pub struct RawProperty {
    pub name: String,
    pub value: String,
    pub position: usize,
}

/// The properties of one game, in file order.
#[derive(Debug)]
pub struct RawGame {
    pub properties: Vec<RawProperty>,
}

/// Reads games one after the other from a text.
pub struct Lexer {
    chars: Vec<char>,
    /// Index of the next character to read.
    at: usize,
}

impl Lexer {
    pub fn new(text: &str) -> Lexer {
        Lexer {
            chars: text.chars().collect(),
            at: 0,
        }
    }

    /// The next game, or `None` when only whitespace is left.
    pub fn next_game(&mut self) -> Result<Option<RawGame>, GgfErrorKind> {
        self.skip_whitespace();
        if self.at >= self.chars.len() {
            return Ok(None);
        }
        let start = self.at + 1;
        self.expect('(', "( to start a game")?;
        self.skip_whitespace();
        if self.at >= self.chars.len() {
            return Err(GgfErrorKind::Truncated { start });
        }
        self.expect(';', "; after ( to start a game")?;
        let mut properties = Vec::new();
        loop {
            self.skip_whitespace();
            let Some(&c) = self.chars.get(self.at) else {
                return Err(GgfErrorKind::Truncated { start });
            };
            if c == ';' {
                self.at += 1;
                self.skip_whitespace();
                if self.at >= self.chars.len() {
                    return Err(GgfErrorKind::Truncated { start });
                }
                self.expect(')', ") after ; to end the game")?;
                return Ok(Some(RawGame { properties }));
            }
            if c == ')' {
                // `(;...)` without the closing `;`: tolerated, the end is unambiguous.
                self.at += 1;
                return Ok(Some(RawGame { properties }));
            }
            properties.push(self.property(start)?);
        }
    }

    fn property(&mut self, start: usize) -> Result<RawProperty, GgfErrorKind> {
        let position = self.at + 1;
        let mut name = String::new();
        while let Some(&c) = self.chars.get(self.at).filter(|c| c.is_ascii_uppercase()) {
            name.push(c);
            self.at += 1;
        }
        if name.is_empty() {
            return Err(self.unexpected("a property name in capitals (like PB[...]) or ;)"));
        }
        self.skip_whitespace();
        if self.at >= self.chars.len() {
            return Err(GgfErrorKind::Truncated { start });
        }
        self.expect('[', "[ after the property name")?;
        let mut value = String::new();
        loop {
            match self.chars.get(self.at) {
                None => {
                    return Err(GgfErrorKind::UnclosedValue {
                        property: name,
                        position,
                    });
                }
                Some(']') => {
                    self.at += 1;
                    return Ok(RawProperty {
                        name,
                        value,
                        position,
                    });
                }
                Some('\\') if self.chars.get(self.at + 1).is_some() => {
                    value.push(self.chars[self.at + 1]);
                    self.at += 2;
                }
                Some(&c) => {
                    value.push(c);
                    self.at += 1;
                }
            }
        }
    }

    fn skip_whitespace(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    /// Takes `wanted`, or says what was found instead (the caller has checked there is a
    /// character).
    fn expect(&mut self, wanted: char, expected: &'static str) -> Result<(), GgfErrorKind> {
        if self.chars.get(self.at) == Some(&wanted) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn unexpected(&self, expected: &'static str) -> GgfErrorKind {
        GgfErrorKind::Unexpected {
            position: self.at + 1,
            found: self.chars.get(self.at).copied().unwrap_or(' '),
            expected,
        }
    }
}

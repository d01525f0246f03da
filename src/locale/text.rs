//! [`Text`]: a sentence for the player named by its translation key, with its arguments, so the
//! features below the UI say what happened without knowing the player's language.

use reversi_engine::{Color, Square};

/// A message of the translation files and the values of its variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub(super) key: &'static str,
    pub(super) args: Vec<(&'static str, Arg)>,
}

/// The value of a variable: words that are shown as they are (a file name, a square, the detail
/// of a system error), a number (plural forms choose by it), or another message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Plain(String),
    Number(i64),
    Text(Text),
}

impl Text {
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// The message with one more variable set.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        self.args.push((name, value.into()));
        self
    }
}

impl From<Text> for Arg {
    fn from(text: Text) -> Arg {
        Arg::Text(text)
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Plain(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Plain(text.to_string())
    }
}

impl From<&std::path::Path> for Arg {
    fn from(path: &std::path::Path) -> Arg {
        Arg::Plain(path.display().to_string())
    }
}

impl From<Square> for Arg {
    fn from(square: Square) -> Arg {
        Arg::Plain(square.to_string())
    }
}

/// A colour is passed as `black` or `white` for the translation to select on: each language
/// then writes the colour in the form its sentence needs (Russian declines it).
impl From<Color> for Arg {
    fn from(color: Color) -> Arg {
        Arg::Plain(
            match color {
                Color::Black => "black",
                Color::White => "white",
            }
            .to_string(),
        )
    }
}

impl From<u8> for Arg {
    fn from(number: u8) -> Arg {
        Arg::Number(i64::from(number))
    }
}

impl From<u16> for Arg {
    fn from(number: u16) -> Arg {
        Arg::Number(i64::from(number))
    }
}

impl From<i64> for Arg {
    fn from(number: i64) -> Arg {
        Arg::Number(number)
    }
}

impl From<i32> for Arg {
    fn from(number: i32) -> Arg {
        Arg::Number(i64::from(number))
    }
}

impl From<u32> for Arg {
    fn from(number: u32) -> Arg {
        Arg::Number(i64::from(number))
    }
}

impl From<usize> for Arg {
    fn from(number: usize) -> Arg {
        Arg::Number(i64::try_from(number).unwrap_or(i64::MAX))
    }
}

impl From<u64> for Arg {
    fn from(number: u64) -> Arg {
        Arg::Number(i64::try_from(number).unwrap_or(i64::MAX))
    }
}

//! Who plays each colour: a human at this computer, or the engine at a level.

use std::fmt;
use std::str::FromStr;

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_engine::search::Level;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum PlayerKind {
    Human,
    Computer(Level),
}

impl PlayerKind {
    pub fn is_human(self) -> bool {
        self == PlayerKind::Human
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("Human"),
            PlayerKind::Computer(level) => {
                let seconds = level.time_limit().as_secs_f32();
                write!(f, "Computer ({level}, {seconds} s a move)")
            }
        }
    }
}

impl FromStr for PlayerKind {
    type Err = String;

    /// `human`, or a level name such as `beginner` or `expert`.
    fn from_str(text: &str) -> Result<PlayerKind, String> {
        if text.eq_ignore_ascii_case("human") {
            return Ok(PlayerKind::Human);
        }
        text.parse::<Level>().map(PlayerKind::Computer).map_err(|_| {
            format!("'{text}' is not a player: use human, beginner, intermediate, advanced or expert")
        })
    }
}

/// The players of the current game; changing them takes effect at once.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Players {
    pub black: PlayerKind,
    pub white: PlayerKind,
}

impl Default for Players {
    /// The classic setting: the player is Black, the computer White at Intermediate.
    fn default() -> Players {
        Players {
            black: PlayerKind::Human,
            white: PlayerKind::Computer(Level::Intermediate),
        }
    }
}

impl Players {
    pub fn of(&self, color: Color) -> PlayerKind {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    pub fn set(&mut self, color: Color, kind: PlayerKind) {
        match color {
            Color::Black => self.black = kind,
            Color::White => self.white = kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_computer_player_shows_its_time_limit() {
        let expert = PlayerKind::Computer(Level::Expert).to_string();
        assert_eq!(expert, "Computer (Expert, 8 s a move)");
        let numeric: PlayerKind = "30".parse().expect("a numeric level");
        assert_eq!(numeric.to_string(), "Computer (Level 30, 30 s a move)");
        let beginner = PlayerKind::Computer(Level::Beginner).to_string();
        assert_eq!(beginner, "Computer (Beginner, 0.3 s a move)");
    }
}

//! Who plays each colour: a human at this computer, the engine at a level, the engine as a
//! sparring partner that errs like a person, or a friend playing from another computer over
//! the internet.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_engine::search::{Level, Sparring};
use serde::{Deserialize, Serialize};

use crate::locale::Text;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum PlayerKind {
    Human,
    Computer(Level),
    /// The engine as a sparring partner: every move scored, the choice erring like a person's.
    Sparring(Sparring),
    /// A friend at another computer: their moves come from their program over the internet.
    Online,
}

impl PlayerKind {
    pub fn is_human(self) -> bool {
        self == PlayerKind::Human
    }

    /// The most the computer may think about one move: the player's choice, else its level's.
    /// Every level has a limit, so the window never waits without end.
    pub fn time_limit(self, chosen: ComputerTime) -> Option<Duration> {
        match self {
            PlayerKind::Human | PlayerKind::Online => None,
            PlayerKind::Computer(level) => Some(chosen.0.unwrap_or(level.time_limit())),
            PlayerKind::Sparring(_) => Some(chosen.0.unwrap_or(SPARRING_TIME)),
        }
    }

    /// How long the computer may think, in words ("at most 8 s a move").
    pub fn time_limit_text(self, chosen: ComputerTime) -> Option<Text> {
        self.time_limit(chosen).map(|limit| {
            Text::new("player-time-limit").with("seconds", limit.as_secs_f32().to_string())
        })
    }

    /// The player as the side panel names them: "Human", "Computer (Expert)".
    pub fn name(self) -> Text {
        match self {
            PlayerKind::Human => Text::new("player-human"),
            PlayerKind::Computer(level) => {
                Text::new("player-computer").with("level", level_name(level))
            }
            PlayerKind::Sparring(sparring) => Text::new("player-sparring")
                .with("setting", sparring_name(sparring))
                .with("rating", sparring.approximate_rating()),
            PlayerKind::Online => Text::new("player-online"),
        }
    }

    /// Whether the engine plays this side (at a level or as a sparring partner).
    pub fn is_computer(self) -> bool {
        matches!(self, PlayerKind::Computer(_) | PlayerKind::Sparring(_))
    }

    /// The player with the computer's time limit, as the Options list them.
    pub fn with_time_limit(self, chosen: ComputerTime) -> Text {
        match self.time_limit_text(chosen) {
            Some(limit) => Text::new("player-with-limit")
                .with("player", self.name())
                .with("limit", limit),
            None => self.name(),
        }
    }
}

/// A sparring partner's setting in the player's language.
pub fn sparring_name(sparring: Sparring) -> Text {
    Text::new(match sparring {
        Sparring::Club => "sparring-club",
        Sparring::StrongClub => "sparring-strong-club",
        Sparring::Master => "sparring-master",
    })
}

/// A level's name in the player's language.
pub fn level_name(level: Level) -> Text {
    match level {
        Level::Beginner => Text::new("level-beginner"),
        Level::Intermediate => Text::new("level-intermediate"),
        Level::Advanced => Text::new("level-advanced"),
        Level::Expert => Text::new("level-expert"),
        Level::Custom(number) => Text::new("level-numbered").with("number", u32::from(number)),
    }
}

/// The most a sparring partner thinks about a move, whatever its setting: its searches are
/// short, and this bounds them on a slow machine (the moves scored so far then decide).
const SPARRING_TIME: Duration = Duration::from_secs(10);

/// The names of the people at this computer (Options): the player's own, and a second player's
/// for a game between two people here.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerNames {
    pub yours: String,
    pub second: Option<String>,
}

impl PlayerNames {
    /// The name of the person playing `color`, when a person here plays it: the player's own,
    /// and with two people here, Black is the player and White the second player.
    pub fn of(&self, players: Players, color: Color) -> Option<&str> {
        if !players.of(color).is_human() {
            return None;
        }
        let both = players.black.is_human() && players.white.is_human();
        match (both, color) {
            (true, Color::White) => self.second.as_deref(),
            _ => Some(self.yours.as_str()),
        }
    }

    /// How `color`'s player is named in a record: the person's name, else the player's kind
    /// ("Computer (Expert)"), in English as files are read everywhere.
    pub fn in_record(&self, players: Players, color: Color) -> String {
        self.of(players, color)
            .map_or_else(|| players.of(color).to_string(), str::to_string)
    }
}

/// The time a move that the player gives every computer player (Options), instead of the limit
/// of its level; `None`: each level's own.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ComputerTime(pub Option<Duration>);

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("Human"),
            PlayerKind::Computer(level) => write!(f, "Computer ({level})"),
            PlayerKind::Sparring(sparring) => write!(f, "Sparring partner ({sparring})"),
            PlayerKind::Online => f.write_str("Friend online"),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = String;

    /// `human`, a level name such as `beginner` or `expert`, a level's number, 1 to 60, or a
    /// sparring partner: `club`, `strong-club` or `master`.
    fn from_str(text: &str) -> Result<PlayerKind, String> {
        if text.eq_ignore_ascii_case("human") {
            return Ok(PlayerKind::Human);
        }
        if let Ok(sparring) = text.parse::<Sparring>() {
            return Ok(PlayerKind::Sparring(sparring));
        }
        text.parse::<Level>()
            .map(PlayerKind::Computer)
            .map_err(|_| {
                format!(
                    "'{text}' is not a player: use human, beginner, intermediate, advanced, expert, \
                 a level from 1 to 60, or club, strong-club or master (a sparring partner)"
                )
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

    /// The players with a friend online replaced by the human here: a friend plays only in
    /// their online game, never in a new game, a file or the defaults.
    pub fn without_friend(self) -> Players {
        let here = |kind| match kind {
            PlayerKind::Online => PlayerKind::Human,
            kind => kind,
        };
        Players {
            black: here(self.black),
            white: here(self.white),
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
    fn a_person_here_is_named_and_a_second_one_plays_white() {
        let names = PlayerNames {
            yours: "Alice".into(),
            second: Some("Boris".into()),
        };
        let against_computer = Players::default();
        assert_eq!(names.of(against_computer, Color::Black), Some("Alice"));
        assert_eq!(
            names.in_record(against_computer, Color::White),
            "Computer (Intermediate)"
        );
        let hot_seat = Players {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        };
        assert_eq!(names.of(hot_seat, Color::White), Some("Boris"));
        let computer_black = Players {
            black: PlayerKind::Computer(Level::Expert),
            white: PlayerKind::Human,
        };
        assert_eq!(names.of(computer_black, Color::White), Some("Alice"));
        let unnamed = PlayerNames {
            second: None,
            ..names
        };
        assert_eq!(unnamed.in_record(hot_seat, Color::White), "Human");
    }

    use crate::locale::{Language, Locale};

    #[test]
    fn every_computer_player_shows_its_time_limit() {
        let own = ComputerTime::default();
        let english = Locale::new(Language::English);
        let words = |text: Option<Text>| text.map(|text| english.render(&text));
        let expert = PlayerKind::Computer(Level::Expert).with_time_limit(own);
        assert_eq!(
            english.render(&expert),
            "Computer (Expert), at most 8 s a move"
        );
        let russian = Locale::new(Language::Russian).render(&expert);
        assert_eq!(russian, "Компьютер (эксперт), не больше 8 с на ход");
        let numeric: PlayerKind = "30".parse().expect("a numeric level");
        assert_eq!(
            words(numeric.time_limit_text(own)).as_deref(),
            Some("at most 30 s a move")
        );
        let beginner = PlayerKind::Computer(Level::Beginner).time_limit_text(own);
        assert_eq!(words(beginner).as_deref(), Some("at most 0.3 s a move"));
        assert_eq!(
            english.render(&PlayerKind::Human.with_time_limit(own)),
            "Human"
        );
    }

    #[test]
    fn the_player_s_time_limit_replaces_the_level_s() {
        let five = ComputerTime(Some(Duration::from_secs(5)));
        let numeric: PlayerKind = "30".parse().expect("a numeric level");
        assert_eq!(numeric.time_limit(five), Some(Duration::from_secs(5)));
        let english = Locale::new(Language::English);
        assert_eq!(
            numeric
                .time_limit_text(five)
                .map(|text| english.render(&text))
                .as_deref(),
            Some("at most 5 s a move")
        );
        assert_eq!(PlayerKind::Human.time_limit(five), None);
    }
}

/// A side whose moves the study features play from their own script (the opening trainer's
/// book side, a puzzle's opponent): the computer player leaves it alone, and a click on its turn
/// is refused as on the computer's. `None` in an ordinary game.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScriptedSide(pub Option<Color>);

//! GGF, the Generic Game Format of game servers and NBoard, in Save game and Open game: a file
//! named `.ggf` is written in it, a file that starts with `(;` is read as it, and a file of many
//! games offers a list to choose from.

use std::path::PathBuf;

use bevy::prelude::*;
use reversi_engine::format::{GgfGame, GgfResult, read_ggf_games};
use reversi_engine::{Color, Game, Rules};

use crate::game::{Match, PlayerNames};
use crate::locale::{Arg, Text, ggf_error};

/// A GGF file with several games, waiting for the player to choose one (the Open dialog's list).
#[derive(Resource, Default)]
pub struct GameList(pub Option<GgfFile>);

/// The games of one GGF file.
pub struct GgfFile {
    pub path: PathBuf,
    pub games: Vec<GgfGame>,
}

/// Whether `text` is GGF rather than a saved game of this program: GGF games start with `(;`.
pub(super) fn is_ggf(text: &str) -> bool {
    text.trim_start().starts_with("(;")
}

/// Every game of a GGF file, or what is wrong and where.
pub(super) fn read_games(path: &std::path::Path, text: &str) -> Result<Vec<GgfGame>, Text> {
    read_ggf_games(text).map_err(|error| {
        Text::new("notice-not-ggf")
            .with("path", path)
            .with("error", ggf_error(&error))
    })
}

/// The game of a record, scored as the player's rules say (GGF results use empty squares to the
/// winner; the board and the moves are what count).
pub(super) fn game_of(record: &GgfGame, rules: Rules) -> Game {
    let mut game = record.game.clone();
    game.set_scoring(rules.scoring);
    game
}

/// One line of the game list: number, players, result and date when the file has them.
pub fn describe(number: usize, record: &GgfGame) -> Text {
    let name = |name: &Option<String>, color: Color| match name {
        Some(name) => Arg::from(name.as_str()),
        None => Arg::from(Text::new("color-name").with("color", color)),
    };
    let mut details = String::new();
    if let Some(GgfResult::Score { black_margin, .. }) = record.result {
        details.push_str(&format!(", {black_margin:+}"));
    }
    if let Some(date) = &record.date {
        details.push_str(&format!(", {date}"));
    }
    Text::new("ggf-game-line")
        .with("number", number)
        .with("black", name(&record.black, Color::Black))
        .with("white", name(&record.white, Color::White))
        .with("moves", record.game.history().len())
        .with("details", details)
}

/// The game in GGF: the players (named in English, whatever the player's language, since the file
/// is for other programs too), the place and the date.
/// Games of variants the format cannot hold (eight-star, the 1876 rules) are refused.
pub(super) fn ggf_text(state: &Match, names: &PlayerNames, date: &str) -> Result<String, Text> {
    let variant = state.game.rules().variant;
    if !GgfGame::holds(&variant) {
        return Err(Text::new("notice-ggf-cannot-hold").with("variant", variant.to_string()));
    }
    let mut record = GgfGame::from_game(&state.game);
    record.black = Some(names.in_record(state.players, Color::Black));
    record.white = Some(names.in_record(state.players, Color::White));
    record.place = Some("Reversi 3D".to_string());
    record.date = Some(date.to_string());
    Ok(record.to_ggf())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> PlayerNames {
        PlayerNames {
            yours: "Alice".to_string(),
            second: None,
        }
    }
    use crate::game::{PlayerKind, Players};
    use crate::locale::{Language, Locale};
    use reversi_engine::Move;
    use reversi_engine::format::parse_game_text;
    use reversi_engine::format::parse_ggf;

    #[test]
    fn a_game_written_in_ggf_reads_back_with_its_moves_and_players() {
        let game = parse_game_text("f5d6c3d3c4", Rules::default()).expect("legal");
        let players = Players {
            black: PlayerKind::Human,
            white: PlayerKind::Computer(reversi_engine::search::Level::Expert),
        };
        let text = ggf_text(
            &Match::new(game.clone(), players),
            &names(),
            "2026-11-23 15:00:00",
        )
        .expect("GGF holds standard Othello");
        assert!(is_ggf(&text), "{text}");
        let record = parse_ggf(&text).expect("our own GGF reads back");
        assert_eq!(record.game.moves(), game.moves());
        assert_eq!(record.black.as_deref(), Some("Alice"));
        assert_eq!(record.white.as_deref(), Some("Computer (Expert)"));
        let line = Locale::new(Language::English).render(&describe(1, &record));
        assert!(line.starts_with("1. Alice – Computer (Expert)"), "{line}");
        assert!(line.contains("5 moves"), "{line}");
        assert_eq!(
            game_of(&record, Rules::default()).moves().first(),
            Some(&Move::Play("f5".parse().expect("a square")))
        );
    }

    #[test]
    fn grand_othello_is_written_in_ggf_and_the_1876_rules_are_refused() {
        let players = Players {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        };
        let grand = Rules {
            variant: reversi_engine::variant::Variant::othello(10),
            ..Rules::default()
        };
        let game = parse_game_text("e4 f4", grand).expect("legal");
        let text = ggf_text(&Match::new(game, players), &names(), "2026").expect("GGF holds 10x10");
        let record = parse_ggf(&text).expect("our own GGF reads back");
        assert_eq!(record.game.rules().variant.size, 10);
        let old = Rules {
            variant: reversi_engine::variant::Variant::REVERSI_1876,
            ..Rules::default()
        };
        let refused = ggf_text(
            &Match::new(reversi_engine::Game::new(old), players),
            &names(),
            "2026",
        );
        assert_eq!(
            refused,
            Err(Text::new("notice-ggf-cannot-hold").with("variant", old.variant.to_string()))
        );
    }

    #[test]
    fn a_saved_game_of_this_program_is_not_taken_for_ggf() {
        assert!(!is_ggf("(format: 1, date: \"2026\")"));
        assert!(is_ggf("\n  (;GM[Othello]PC[NBoard];)"));
    }
}

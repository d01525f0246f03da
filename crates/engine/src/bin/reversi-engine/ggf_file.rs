//! `--ggf FILE [--game N]`: the games of a GGF file for `show`, `best` and `analyze`.

use std::path::Path;

use reversi_engine::format::{GgfGame, read_ggf_games};

use crate::Failure;
use crate::input_file::{FileKind, read_text};
use crate::options::parse_number;

/// The games of the GGF file at `path`, or a message naming the file and what is wrong.
pub fn read_games(path: &Path) -> Result<Vec<GgfGame>, Failure> {
    let text = read_text(path, FileKind::Ggf)?;
    read_ggf_games(&text).map_err(|error| Failure::Usage(format!("{}: {error}", path.display())))
}

/// Game `number` (from 1) of the file; the only game when no number is given.
pub fn pick(
    path: &Path,
    mut games: Vec<GgfGame>,
    number: Option<usize>,
) -> Result<GgfGame, Failure> {
    let count = games.len();
    match number {
        Some(number @ 1..) if number <= count => Ok(games.swap_remove(number - 1)),
        Some(number) => Err(Failure::Usage(format!(
            "--game {number}: {} holds games 1 to {count}",
            path.display()
        ))),
        None if count == 1 => Ok(games.remove(0)),
        None => Err(Failure::Usage(format!(
            "{} holds {count} games: choose one with --game N (show --ggf lists them)",
            path.display()
        ))),
    }
}

/// `--game N`: a game number from 1.
pub fn parse_game_number(text: &str) -> Result<usize, Failure> {
    match parse_number::<usize>(text) {
        Ok(number @ 1..) => Ok(number),
        _ => Err(Failure::Usage(format!(
            "--game '{text}' is not a game number (1, 2, ...)"
        ))),
    }
}

/// One line about a game for a list: number, players, result, length, date and place.
pub fn summary(number: usize, record: &GgfGame) -> String {
    let name = |name: &Option<String>| name.clone().unwrap_or_else(|| "?".to_string());
    let mut line = format!(
        "{number:>4}  {} - {}  {}  {} moves",
        name(&record.black),
        name(&record.white),
        record
            .result
            .map_or_else(|| "?".to_string(), |result| result.to_string()),
        record.game.history().len()
    );
    for detail in [&record.date, &record.place].into_iter().flatten() {
        line.push_str("  ");
        line.push_str(detail);
    }
    line
}

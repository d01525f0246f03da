//! Games in and out: Save game / Open game as RON files (or GGF, see [`super::ggf`]), transcript
//! files, and transcripts or positions through the clipboard. A bad file or paste is reported and leaves the
//! current game untouched.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use reversi_engine::format::{GgfGame, parse_game_text};
use reversi_engine::{Color, Game, Rules};
use serde::{Deserialize, Serialize};

use super::ggf::{self, GameList, GgfFile, ggf_text};
use super::recent::{self, RecentFiles};
use crate::game::{Clock, GameCommand, Match, NextGame, Notice, PlayerNames, Players};
use crate::jobs::Job;
use crate::locale::{Language, Locale, Text, format_error};
use crate::persistence::{self, ConfigDir, GamesDir, ReadError};
use crate::schedule::GameSystems;

/// The largest saved game the game opens: a game with its whole undo history is a few kilobytes.
const MAX_SAVED_GAME_BYTES: u64 = 4 << 20;

/// The largest GGF file: a server's archive of some hundred thousand games.
const MAX_GGF_BYTES: u64 = 64 << 20;

/// The largest transcript file: a game of the largest board with comments is a few kilobytes.
const MAX_TRANSCRIPT_BYTES: usize = 64 << 10;

/// Version of the saved-game format, so later versions can read old files.
const FORMAT_VERSION: u32 = 1;

/// A saved game: everything needed to reopen it exactly, undo history included.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub format: u32,
    /// When it was saved, `YYYY-MM-DD HH:MM:SS` UTC.
    pub date: String,
    pub players: Players,
    /// Moves (with the redo tail and the cursor), start position, rules and any resignation.
    pub game: Game,
    pub clock: Clock,
    /// Black's and White's names: a person's, else the player's kind (read by people and by
    /// other programs; opening a game does not change the Options' names).
    #[serde(default)]
    pub names: [String; 2],
    /// The result in words, for people reading the file; ignored when opening.
    pub result: Option<String>,
}

impl SavedGame {
    pub fn of(state: &Match, clock: &Clock, names: &PlayerNames) -> SavedGame {
        SavedGame {
            format: FORMAT_VERSION,
            date: utc_now(),
            players: state.players,
            game: state.game.clone(),
            clock: *clock,
            names: [Color::Black, Color::White].map(|color| names.in_record(state.players, color)),
            // For a person reading the file, in English as the file's other words are.
            result: state
                .game
                .result()
                .map(|_| Locale::new(Language::English).render(&state.describe())),
        }
    }
}

/// What the player asked for in the file menus and dialogs.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameTransfer {
    /// Save the game; an existing file is replaced only when the player has confirmed it.
    Save {
        path: PathBuf,
        replace: bool,
    },
    Open(PathBuf),
    /// Open game `index` (from 0) of the GGF file in the [`GameList`].
    OpenFromList(usize),
    /// Text from the clipboard: a transcript or a board string.
    Paste(String),
}

/// What an opened file held.
pub enum OpenedFile {
    /// Boxed: a saved game is far larger than the list of a GGF file.
    Saved(Box<SavedGame>),
    /// The games of a GGF file, in file order (at least one).
    Ggf(Vec<GgfGame>),
    /// A transcript (`f5d6c3...`) or a board string, read with the next game's rules.
    Transcript(Box<Game>),
}

/// A file being read in the background, so that a slow disk or a large file never stalls the
/// window. Opening another file drops this one's answer.
#[derive(Resource, Default)]
pub struct OpeningGame(Option<Job<(PathBuf, Result<OpenedFile, Text>)>>);

impl OpeningGame {
    pub fn is_reading(&self) -> bool {
        self.0.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameTransfer>()
        .init_resource::<OpeningGame>()
        .init_resource::<GameList>()
        .add_systems(
            Update,
            (transfer_games, finish_opening)
                .chain()
                .in_set(GameSystems::Input),
        );
}

/// A fresh file name for Save game and Save picture, in the saved-games folder.
pub fn suggested_save_path(dir: &GamesDir, extension: &str) -> PathBuf {
    let name = format!("reversi-{}.{extension}", utc_now().replace([' ', ':'], "-"));
    dir.0
        .as_ref()
        .map_or_else(|| PathBuf::from(&name), |games| games.join(&name))
}

#[allow(clippy::too_many_arguments)]
fn transfer_games(
    mut requests: MessageReader<GameTransfer>,
    state: Res<Match>,
    mut clock: ResMut<Clock>,
    next_game: Res<NextGame>,
    mut notice: ResMut<Notice>,
    mut opening: ResMut<OpeningGame>,
    mut list: ResMut<GameList>,
    mut recent: ResMut<RecentFiles>,
    dir: Res<ConfigDir>,
    names: Res<PlayerNames>,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        match request {
            GameTransfer::Save { path, replace } => {
                if !replace && path.exists() {
                    notice.set(Text::new("notice-file-exists").with("path", path.as_path()));
                    continue;
                }
                let text = if is_ggf_name(path) {
                    ggf_text(&state, &names, &utc_now())
                } else {
                    ron::ser::to_string_pretty(
                        &SavedGame::of(&state, &clock, &names),
                        ron::ser::PrettyConfig::default(),
                    )
                    .map_err(|e| Text::new("error-detail").with("detail", e.to_string()))
                };
                match text.and_then(|t| persistence::write_atomically(path, t.as_bytes())) {
                    Ok(()) => {
                        notice.set(Text::new("notice-saved").with("path", path.as_path()));
                        recent::remember(&mut recent, &dir, &mut notice, path);
                    }
                    Err(error) => notice.set(Text::new("notice-not-saved").with("error", error)),
                }
            }
            GameTransfer::Open(path) => {
                let path = path.clone();
                notice.set(Text::new("notice-opening").with("path", path.as_path()));
                list.0 = None;
                let rules = next_game.rules;
                // The window, waiting for input, draws the game as soon as it is read.
                opening.0 = Some(Job::run(move || {
                    let opened = read_game_file(&path, rules);
                    (path, opened)
                }));
            }
            GameTransfer::OpenFromList(index) => {
                let Some(file) = list.0.take() else {
                    continue;
                };
                match file.games.get(*index) {
                    Some(record) => {
                        *clock = Clock::start(next_game.clock);
                        let game = ggf::game_of(record, next_game.rules);
                        commands.write(GameCommand::Load(Box::new(game), None));
                        notice.set(
                            Text::new("notice-opened-game")
                                .with("number", index + 1)
                                .with("path", file.path.as_path()),
                        );
                    }
                    None => {
                        notice.set(
                            Text::new("notice-no-such-game")
                                .with("number", index + 1)
                                .with("path", file.path.as_path()),
                        );
                    }
                }
            }
            GameTransfer::Paste(text) => match parse_game_text(text.trim(), state.game.rules()) {
                Ok(game) => {
                    // A pasted game starts with full time, as a new game does.
                    *clock = Clock::start(next_game.clock);
                    commands.write(GameCommand::Load(Box::new(game), None));
                    notice.set(Text::new("notice-pasted"));
                }
                Err(error) => {
                    notice
                        .set(Text::new("notice-paste-failed").with("error", format_error(&error)));
                }
            },
        }
    }
}

/// Loads the game that [`OpeningGame`] has read, offers the list of a GGF file of many games,
/// or says why the file could not be read. A file that opened goes first in the recent files.
#[allow(clippy::too_many_arguments)]
fn finish_opening(
    mut opening: ResMut<OpeningGame>,
    mut clock: ResMut<Clock>,
    next_game: Res<NextGame>,
    mut list: ResMut<GameList>,
    mut notice: ResMut<Notice>,
    mut recent: ResMut<RecentFiles>,
    dir: Res<ConfigDir>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(job) = opening.0.as_mut() else {
        return;
    };
    let Some((path, read)) = job.poll() else {
        return;
    };
    opening.0 = None;
    match read {
        Ok(OpenedFile::Saved(saved)) => {
            *clock = saved.clock;
            commands.write(GameCommand::Load(Box::new(saved.game), Some(saved.players)));
            notice.set(Text::new("notice-opened").with("path", path.as_path()));
        }
        Ok(OpenedFile::Ggf(games)) if games.len() == 1 => {
            // A GGF game has no clock of this program's: it starts with full time.
            *clock = Clock::start(next_game.clock);
            let game = ggf::game_of(&games[0], next_game.rules);
            commands.write(GameCommand::Load(Box::new(game), None));
            notice.set(Text::new("notice-opened").with("path", path.as_path()));
        }
        Ok(OpenedFile::Ggf(games)) => {
            notice.set(
                Text::new("notice-ggf-holds-games")
                    .with("path", path.as_path())
                    .with("count", games.len()),
            );
            list.0 = Some(GgfFile {
                path: path.clone(),
                games,
            });
        }
        Ok(OpenedFile::Transcript(game)) => {
            // A transcript has no clock: it starts with full time, as a pasted one does.
            *clock = Clock::start(next_game.clock);
            commands.write(GameCommand::Load(game, None));
            notice.set(Text::new("notice-opened").with("path", path.as_path()));
        }
        Err(error) => {
            notice.set(error);
            return;
        }
    }
    recent::remember(&mut recent, &dir, &mut notice, &path);
}

/// Whether Save game writes GGF: the name ends in `.ggf`.
fn is_ggf_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("ggf"))
}

/// Saved games (`.ron`) and GGF files in the saved-games folder, newest name first.
pub fn saved_games(dir: &GamesDir) -> Vec<std::path::PathBuf> {
    let Some(dir) = dir.0.as_ref() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "ron" || ext.eq_ignore_ascii_case("ggf"))
        })
        .collect();
    files.sort();
    files.reverse();
    files
}

/// Reads a saved game, a GGF file or a transcript (played with `rules`), saying what is wrong
/// with a file that is none of them.
pub fn read_game_file(path: &Path, rules: Rules) -> Result<OpenedFile, Text> {
    let text =
        persistence::read_text(path, MAX_GGF_BYTES).map_err(|error| open_error(path, error))?;
    if ggf::is_ggf(&text) {
        return ggf::read_games(path, &text).map(OpenedFile::Ggf);
    }
    // A saved game is a RON structure, which opens with a parenthesis; a transcript never does.
    if text.trim_start().starts_with('(') {
        return parse_saved_game(&text)
            .map(|saved| OpenedFile::Saved(Box::new(saved)))
            .map_err(|error| open_error(path, error));
    }
    if text.len() > MAX_TRANSCRIPT_BYTES {
        return Err(open_error(path, ReadError::TooLarge(text.len() as u64)));
    }
    parse_game_text(text.trim(), rules)
        .map(|game| OpenedFile::Transcript(Box::new(game)))
        .map_err(|error| {
            Text::new("notice-not-a-game")
                .with("path", path)
                .with("detail", format_error(&error))
        })
}

/// Reads a saved game (the autosave is one), refusing anything else.
pub fn read_saved_game(path: &Path) -> Result<SavedGame, ReadError> {
    persistence::read_text(path, MAX_SAVED_GAME_BYTES).and_then(|text| parse_saved_game(&text))
}

/// A saved game from its text, every value checked: the game's variant, start, moves and
/// ending (by the engine's record), the players' levels, the clock, the format version.
fn parse_saved_game(text: &str) -> Result<SavedGame, ReadError> {
    if text.len() as u64 > MAX_SAVED_GAME_BYTES {
        return Err(ReadError::TooLarge(text.len() as u64));
    }
    let mut saved: SavedGame =
        ron::from_str(text).map_err(|error| ReadError::Parse(error.to_string()))?;
    if saved.format > FORMAT_VERSION {
        return Err(ReadError::NewerFormat {
            found: saved.format,
            read: FORMAT_VERSION,
        });
    }
    saved.clock = saved.clock.sanitized();
    Ok(saved)
}

/// Why Open game could not open `path`, for the player.
fn open_error(path: &Path, error: ReadError) -> Text {
    match error {
        ReadError::Parse(detail) => Text::new("notice-not-a-game")
            .with("path", path)
            .with("detail", detail),
        error => Text::new("notice-cannot-open")
            .with("path", path)
            .with("error", error.text()),
    }
}

/// The current time as `YYYY-MM-DD HH:MM:SS` (UTC), without a date library.
/// The time now in UTC, as files and puzzles write it: `2026-11-25 23:40:12`.
pub fn utc_now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}

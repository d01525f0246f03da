//! The online game's files: `online.ron` in the configuration folder (the game, the keys and the
//! invitation, written after every change, so the game resumes when the program starts again),
//! and the finished game in the player's games folder as GGF, with both players' names.

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_engine::format::GgfGame;
use reversi_online::session::OnlineGame;

use super::board::ShownGame;
use super::session::{OnlineSession, SavedSession};
use super::{Online, OnlinePreferences};
use crate::game::{Clock, GameCommand, Match, Notice};
use crate::locale::Text;
use crate::persistence::{self, ConfigDir, Fallback, GamesDir, MAX_CONFIG_FILE_BYTES};

pub const ONLINE_FILE: &str = "online.ron";

/// Resumes the online game saved by the last run, if there is one; a file that cannot be used
/// follows the policy for every file, and the player is told.
pub(super) fn resume_saved_game(
    dir: Res<ConfigDir>,
    preferences: Res<OnlinePreferences>,
    mut online: ResMut<Online>,
    state: Res<Match>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(saved) =
        read_saved::<SavedSession>(&dir, ONLINE_FILE, MAX_CONFIG_FILE_BYTES, &mut notice)
    else {
        return;
    };
    match OnlineSession::restore(saved, &preferences.relay, Instant::now()) {
        Ok(mut session) => {
            *clock = Clock::start(None);
            commands.write(session.board_command(state.generation));
            let name = session.game().seats().their_name.clone();
            session
                .board_link()
                .say_when_shown(Text::new("online-resuming").with("name", name));
            online.0 = Some(session);
        }
        Err(problem) => notice.add(problem),
    }
}

/// What the last run saved in `file` of the configuration folder, if anything; a file that
/// cannot be used follows the policy for every file, and the player is told.
pub(super) fn read_saved<T: serde::de::DeserializeOwned>(
    dir: &ConfigDir,
    file: &str,
    limit: u64,
    notice: &mut Notice,
) -> Option<T> {
    let path = dir.file(file).ok()?;
    match persistence::read_ron(&path, limit) {
        Ok(saved) => Some(saved),
        Err(error) => {
            if let Some(unusable) = error.unusable() {
                notice.add(persistence::put_aside_or_keep(
                    &path,
                    unusable,
                    Fallback::NoUnfinishedGame,
                ));
            }
            None
        }
    }
}

/// Writes `online.ron` when the game, the offers or the line's keys changed since the last
/// write (the clocks' every millisecond is not a change); `None` when nothing was written.
pub(super) fn save_if_changed(
    dir: &ConfigDir,
    saved: &SavedSession,
    last: &mut String,
) -> Option<Result<(), Text>> {
    let mut without_clock = saved.clone();
    without_clock.game.clock = None;
    let fingerprint = ron::to_string(&without_clock).unwrap_or_default();
    if fingerprint == *last {
        return None;
    }
    *last = fingerprint;
    Some(
        dir.file(ONLINE_FILE)
            .and_then(|path| persistence::save(&path, saved)),
    )
}

/// Forgets the saved online game (left by the player).
pub(super) fn forget(dir: &ConfigDir) {
    if let Ok(path) = dir.file(ONLINE_FILE) {
        let _ = std::fs::remove_file(path);
    }
}

/// Writes the finished game to the games folder as GGF, named by its players and its date.
pub(super) fn keep_finished_game(games: &GamesDir, game: &OnlineGame) -> Result<PathBuf, Text> {
    let folder = games
        .0
        .clone()
        .ok_or_else(|| Text::new("error-no-config-dir"))?;
    let seats = game.seats();
    let (black, white) = match seats.me {
        Color::Black => (&seats.my_name, &seats.their_name),
        Color::White => (&seats.their_name, &seats.my_name),
    };
    let mut record = GgfGame::from_game(game.game());
    record.black = Some(black.clone());
    record.white = Some(white.clone());
    record.place = Some("Reversi 3D online".to_string());
    let date = persistence::utc_now();
    record.date = Some(date.clone());
    let file_name = format!(
        "{} {} - {}.ggf",
        date_for_file(&date),
        safe_file_name(black),
        safe_file_name(white)
    );
    let path = folder.join(file_name);
    std::fs::create_dir_all(&folder).map_err(|error| {
        Text::new("error-cannot-write")
            .with("path", folder.as_path())
            .with("detail", error.to_string())
    })?;
    persistence::write_atomically(&path, record.to_ggf().as_bytes())?;
    Ok(path)
}

/// A date for a file's name: no colons, which Windows refuses.
pub(super) fn date_for_file(date: &str) -> String {
    date.replace(':', "-")
}

/// A name as a part of a file's name: the characters no system allows become spaces.
pub(super) fn safe_file_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    let trimmed = cleaned.trim().trim_matches('.');
    if trimmed.is_empty() {
        "player".to_string()
    } else {
        trimmed.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_parts_of_file_names_every_system_accepts() {
        assert_eq!(safe_file_name("Алиса"), "Алиса");
        assert_eq!(safe_file_name("a/b:c*"), "a b c");
        assert_eq!(safe_file_name(".."), "player");
        assert_eq!(date_for_file("2026-11-28 07:51:00"), "2026-11-28 07-51-00");
    }
}

//! The championship's files: `championship.ron` in the configuration folder (the program's key,
//! the roster, every signed report and its games, written after every change, so the
//! championship resumes when the program starts again), and the table with every game that
//! counts, saved as GGF in the player's games folder.

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;
use reversi_online::championship::{ChampionshipPlayer, GameId, SavedChampionshipPlayer};
use serde::{Deserialize, Serialize};

use super::{ChampionshipSession, OnlineChampionship};
use crate::game::{Clock, GameCommand, Match, Notice, Players};
use crate::locale::Text;
use crate::online::OnlinePreferences;
use crate::online::board::{self, ShownGame};
use crate::online::saved::{date_for_file, read_saved, safe_file_name};
use crate::persistence::{self, ConfigDir, GamesDir};

pub const CHAMPIONSHIP_FILE: &str = "championship.ron";

/// A championship's save holds every report of up to 56 games: room for all, and a bound on
/// what a damaged file makes the program read.
const MAX_CHAMPIONSHIP_BYTES: u64 = 8 << 20;

/// What `championship.ron` holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedChampionship {
    format: u32,
    player: SavedChampionshipPlayer,
    /// The invitation: as made, on the host; as pasted, on a guest.
    invitation: Option<String>,
    port: u16,
    /// This program's games already written to the games folder.
    kept: Vec<GameId>,
    players_before: Players,
}

fn saved(session: &ChampionshipSession, now: Instant) -> SavedChampionship {
    SavedChampionship {
        format: 1,
        player: session.player.saved(now),
        invitation: session.invitation.clone(),
        port: session.port,
        kept: session.kept.iter().copied().collect(),
        players_before: session.players_before,
    }
}

/// Takes up the championship saved by the last run, if there is one; a file that cannot be used
/// follows the policy for every file, and the player is told.
pub(in crate::online) fn resume_saved_championship(
    dir: Res<ConfigDir>,
    preferences: Res<OnlinePreferences>,
    mut championship: ResMut<OnlineChampionship>,
    state: Res<Match>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(saved) = read_saved::<SavedChampionship>(
        &dir,
        CHAMPIONSHIP_FILE,
        MAX_CHAMPIONSHIP_BYTES,
        &mut notice,
    ) else {
        return;
    };
    let player = ChampionshipPlayer::restore(saved.player, Instant::now());
    match ChampionshipSession::resumed(
        player,
        saved.invitation,
        saved.port,
        &preferences.relay,
        saved.players_before,
    ) {
        Ok(mut session) => {
            session.kept = saved.kept.into_iter().collect();
            let title = session.player.terms().title.clone();
            let resuming = Text::new("championship-resuming").with("title", title);
            match board::show(&mut session, state.generation) {
                Some(command) => {
                    *clock = Clock::start(None);
                    commands.write(command);
                    session.board_link().say_when_shown(resuming);
                }
                None => notice.add(resuming),
            }
            championship.0 = Some(session);
        }
        Err(problem) => notice.add(problem),
    }
}

/// Writes `championship.ron` when anything but the clocks changed since the last write; `None`
/// when nothing was written.
pub(super) fn save_if_changed(
    dir: &ConfigDir,
    session: &ChampionshipSession,
    now: Instant,
    last: &mut String,
) -> Option<Result<(), Text>> {
    let saved = saved(session, now);
    // The clocks' every millisecond is not a change: the fingerprint is taken without them.
    let mut without_clocks = saved.clone();
    without_clocks.player = without_clocks.player.without_clocks();
    let fingerprint = ron::to_string(&without_clocks).unwrap_or_default();
    if fingerprint == *last {
        return None;
    }
    *last = fingerprint;
    Some(
        dir.file(CHAMPIONSHIP_FILE)
            .and_then(|path| persistence::save(&path, &saved)),
    )
}

/// Forgets the saved championship (left by the player).
pub(in crate::online) fn forget(dir: &ConfigDir) {
    if let Ok(path) = dir.file(CHAMPIONSHIP_FILE) {
        let _ = std::fs::remove_file(path);
    }
}

/// Writes the table and every game that counts to the games folder as one GGF file, named by
/// the championship's title and the date.
pub(in crate::online) fn save_table_and_games(
    games: &GamesDir,
    session: &ChampionshipSession,
) -> Result<PathBuf, Text> {
    let championship = session
        .player
        .championship()
        .ok_or_else(|| Text::new("championship-not-begun"))?;
    let folder = games
        .0
        .clone()
        .ok_or_else(|| Text::new("error-no-config-dir"))?;
    let date = date_for_file(&persistence::utc_now());
    let title = safe_file_name(&championship.terms().title);
    let path = folder.join(format!("{date} {title}.ggf"));
    std::fs::create_dir_all(&folder).map_err(|error| {
        Text::new("error-cannot-write")
            .with("path", folder.as_path())
            .with("detail", error.to_string())
    })?;
    persistence::write_atomically(&path, championship.to_ggf().as_bytes())?;
    Ok(path)
}

//! Win-loss-draw records from two points of view, Black vs White and Computer vs User, kept in
//! `statistics.ron` and updated once at the end of every game with the players of that moment.

use bevy::prelude::*;
use reversi_engine::{Color, GameResult};
use serde::{Deserialize, Serialize};

use crate::game::{GameEnded, Notice, Players};
use crate::locale::Text;
use crate::persistence::lock::FileLock;
use crate::persistence::{self, ConfigDir, ReadError};

pub const STATISTICS_FILE: &str = "statistics.ron";

/// Games between two sides: wins of each, draws, and the discs each scored in total.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    pub first_wins: u32,
    pub second_wins: u32,
    pub draws: u32,
    pub first_discs: u64,
    pub second_discs: u64,
}

impl Record {
    pub fn games(&self) -> u32 {
        self.first_wins
            .saturating_add(self.second_wins)
            .saturating_add(self.draws)
    }

    /// Counts one game; a counter at its maximum (a hand-edited file) stays there.
    fn add(&mut self, first: u16, second: u16) {
        let counter = match first.cmp(&second) {
            std::cmp::Ordering::Greater => &mut self.first_wins,
            std::cmp::Ordering::Less => &mut self.second_wins,
            std::cmp::Ordering::Equal => &mut self.draws,
        };
        *counter = counter.saturating_add(1);
        self.first_discs = self.first_discs.saturating_add(u64::from(first));
        self.second_discs = self.second_discs.saturating_add(u64::from(second));
    }
}

#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Statistics {
    /// First = Black, second = White: every finished game.
    pub black_vs_white: Record,
    /// First = the computer, second = the user: games between one human and the computer.
    pub computer_vs_user: Record,
}

impl Statistics {
    /// Counts one finished game, as played by `players`.
    pub fn record(&mut self, result: &GameResult, players: Players) {
        self.black_vs_white.add(result.black, result.white);
        let discs_of = |color: Color| match color {
            Color::Black => result.black,
            Color::White => result.white,
        };
        let human = [Color::Black, Color::White]
            .into_iter()
            .filter(|c| players.of(*c).is_human())
            .collect::<Vec<_>>();
        if let [user] = human.as_slice() {
            self.computer_vs_user
                .add(discs_of(user.opponent()), discs_of(*user));
        }
    }
}

/// Loads the statistics at start-up unless the app was given some.
pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Statistics>() {
        let path = app
            .world()
            .resource::<ConfigDir>()
            .file(STATISTICS_FILE)
            .ok();
        let loaded = path.map(|path| persistence::load_or_default::<Statistics>(&path));
        let (statistics, notice) =
            loaded.map_or((Statistics::default(), None), |l| (l.value, l.notice));
        if let Some(notice) = notice {
            app.world_mut().resource_mut::<Notice>().add(notice);
        }
        app.insert_resource(statistics);
    }
    app.add_systems(
        Update,
        record_finished_games.in_set(crate::schedule::GameSystems::View),
    );
}

fn record_finished_games(
    mut ended: MessageReader<GameEnded>,
    mut statistics: ResMut<Statistics>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    for game in ended.read() {
        match add_to_file(&dir, &game.result, game.players) {
            Ok(on_disk) => *statistics = on_disk,
            Err(error) => {
                statistics.record(&game.result, game.players);
                notice.set(Text::new("notice-statistics-not-saved").with("error", error));
            }
        }
    }
}

/// Counts one game in the statistics file. Another copy of the game may have counted games since
/// this one started, so the file is read, added to and written back under its lock: neither copy
/// writes over the other's games. Returns the statistics now in the file.
fn add_to_file(dir: &ConfigDir, result: &GameResult, players: Players) -> Result<Statistics, Text> {
    let path = dir.file(STATISTICS_FILE)?;
    let _lock = FileLock::acquire(&path)?;
    let mut statistics = match persistence::read_ron(&path, persistence::MAX_CONFIG_FILE_BYTES) {
        Ok(statistics) => statistics,
        Err(ReadError::Missing) => Statistics::default(),
        Err(error) => {
            return Err(Text::new("error-cannot-read")
                .with("path", path.as_path())
                .with("error", error.text()));
        }
    };
    statistics.record(result, players);
    persistence::save(&path, &statistics)?;
    Ok(statistics)
}

pub fn save_statistics(dir: &ConfigDir, statistics: &Statistics) -> Result<(), Text> {
    let path = dir.file(STATISTICS_FILE)?;
    let _lock = FileLock::acquire(&path)?;
    persistence::save(&path, statistics)
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::EndReason;

    #[test]
    fn two_copies_finishing_games_at_once_lose_none_of_them() {
        let dir = std::env::temp_dir().join(format!("reversi-stats-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let dir = ConfigDir(Some(dir));
        let result = GameResult {
            black: 40,
            white: 24,
            reason: EndReason::NoMoves,
        };
        let copies: Vec<_> = (0..2)
            .map(|_| {
                let dir = dir.clone();
                std::thread::spawn(move || {
                    for _ in 0..40 {
                        add_to_file(&dir, &result, Players::default()).unwrap();
                    }
                })
            })
            .collect();
        for copy in copies {
            copy.join().unwrap();
        }
        let path = dir.file(STATISTICS_FILE).unwrap();
        let on_disk: Statistics =
            persistence::read_ron(&path, persistence::MAX_CONFIG_FILE_BYTES).unwrap();
        assert_eq!(on_disk.black_vs_white.games(), 80);
        assert_eq!(on_disk.computer_vs_user.games(), 80);
    }
}

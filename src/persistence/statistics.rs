//! Win-loss-draw records from two points of view, Black vs White and Computer vs User, kept in
//! `statistics.ron` and updated once at the end of every game with the players of that moment.

use bevy::prelude::*;
use reversi_engine::{Color, GameResult};
use serde::{Deserialize, Serialize};

use crate::game::{GameEnded, Notice, Players};
use crate::persistence::{self, ConfigDir};

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
    fn add(&mut self, first: u8, second: u8) {
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
            app.world_mut().resource_mut::<Notice>().add(&notice);
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
        // Another copy of the game may have counted games since this one started: add this
        // game to the file as it is now, so neither copy writes over the other's games.
        if let Some(on_disk) = read_current(&dir) {
            *statistics = on_disk;
        }
        statistics.record(&game.result, game.players);
        if let Err(error) = save_statistics(&dir, &statistics) {
            notice.0 = format!("Statistics not saved: {error}");
        }
    }
}

/// The statistics file as it is now, if it can be read.
fn read_current(dir: &ConfigDir) -> Option<Statistics> {
    let path = dir.file(STATISTICS_FILE).ok()?;
    persistence::read_ron(&path, persistence::MAX_CONFIG_FILE_BYTES).ok()
}

pub fn save_statistics(dir: &ConfigDir, statistics: &Statistics) -> Result<(), String> {
    persistence::save(&dir.file(STATISTICS_FILE)?, statistics)
}

//! Win-loss-draw records from three points of view, Black vs White, Computer vs User and Friends
//! online vs User, for each variant, kept in `statistics.ron` and updated once at the end of every game with the players
//! of that moment.

use std::collections::BTreeMap;

use bevy::prelude::*;
use reversi_engine::variant::Variant;
use reversi_engine::{Color, GameResult};
use serde::{Deserialize, Serialize};

use crate::game::{GameEnded, Notice, PlayerKind, Players};
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

/// The two records of one variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Records {
    /// First = Black, second = White: every finished game.
    pub black_vs_white: Record,
    /// First = the computer, second = the user: games between one human and the computer.
    pub computer_vs_user: Record,
    /// First = the friend, second = the user: games played online.
    pub friend_vs_user: Record,
}

impl Records {
    /// Counts one finished game, as played by `players`.
    fn add(&mut self, result: &GameResult, players: Players) {
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
            let opponent = match players.of(user.opponent()) {
                PlayerKind::Online => &mut self.friend_vs_user,
                _ => &mut self.computer_vs_user,
            };
            opponent.add(discs_of(user.opponent()), discs_of(*user));
        }
    }
}

/// The records of every variant played.
#[derive(Resource, Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Statistics {
    /// Standard Othello's records (8x8, the diagonal start, either side first), in the fields of
    /// the files written before the variants, so that their counts carry on.
    pub black_vs_white: Record,
    pub computer_vs_user: Record,
    pub friend_vs_user: Record,
    /// Every other variant's records, under its name (`othello-10`, `reversi-1876`, ...).
    pub variants: BTreeMap<String, Records>,
}

impl Statistics {
    /// The records of `variant`'s games.
    pub fn of(&self, variant: &Variant) -> Records {
        match variant_key(variant) {
            None => Records {
                black_vs_white: self.black_vs_white,
                computer_vs_user: self.computer_vs_user,
                friend_vs_user: self.friend_vs_user,
            },
            Some(key) => self.variants.get(&key).copied().unwrap_or_default(),
        }
    }

    /// Forgets every game of `variant`; the other variants keep theirs.
    pub fn clear(&mut self, variant: &Variant) {
        match variant_key(variant) {
            None => {
                self.black_vs_white = Record::default();
                self.computer_vs_user = Record::default();
                self.friend_vs_user = Record::default();
            }
            Some(key) => {
                self.variants.remove(&key);
            }
        }
    }

    /// Counts one finished game of `variant`, as played by `players`.
    pub fn record(&mut self, result: &GameResult, players: Players, variant: &Variant) {
        let mut records = self.of(variant);
        records.add(result, players);
        match variant_key(variant) {
            None => {
                self.black_vs_white = records.black_vs_white;
                self.computer_vs_user = records.computer_vs_user;
                self.friend_vs_user = records.friend_vs_user;
            }
            Some(key) => {
                self.variants.insert(key, records);
            }
        }
    }
}

/// The name a variant's records are kept under; none for standard Othello's, whoever moves first.
fn variant_key(variant: &Variant) -> Option<String> {
    (!variant.same_rules_as(&Variant::OTHELLO)).then(|| variant.to_string())
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
    app.add_message::<ResetStatistics>().add_systems(
        Update,
        (record_finished_games, reset_statistics).in_set(crate::schedule::GameSystems::View),
    );
}

/// Clears the records of one variant (the player confirmed it in the Statistics window).
#[derive(Message, Clone, Debug)]
pub struct ResetStatistics(pub Variant);

fn reset_statistics(
    mut resets: MessageReader<ResetStatistics>,
    mut statistics: ResMut<Statistics>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    for ResetStatistics(variant) in resets.read() {
        match change_file(&dir, |statistics| statistics.clear(variant)) {
            Ok(on_disk) => *statistics = on_disk,
            Err(error) => {
                statistics.clear(variant);
                notice.set(Text::new("notice-statistics-reset-not-saved").with("error", error));
            }
        }
    }
}

fn record_finished_games(
    mut ended: MessageReader<GameEnded>,
    mut statistics: ResMut<Statistics>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    for game in ended.read() {
        match change_file(&dir, |statistics| {
            statistics.record(&game.result, game.players, &game.variant)
        }) {
            Ok(on_disk) => *statistics = on_disk,
            Err(error) => {
                statistics.record(&game.result, game.players, &game.variant);
                notice.set(Text::new("notice-statistics-not-saved").with("error", error));
            }
        }
    }
}

/// Changes the statistics file (counts a game, clears a variant). Another copy of the game may
/// have counted games since this one started, so the file is read, changed and written back
/// under its lock: neither copy writes over the other's games. Returns the statistics now in the
/// file.
fn change_file(dir: &ConfigDir, change: impl FnOnce(&mut Statistics)) -> Result<Statistics, Text> {
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
    change(&mut statistics);
    persistence::save(&path, &statistics)?;
    Ok(statistics)
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::EndReason;
    use reversi_engine::variant::Goal;

    #[test]
    fn two_copies_finishing_games_at_once_lose_none_of_them() {
        let dir = std::env::temp_dir().join(format!("reversi-stats-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let dir = ConfigDir(Some(dir));
        let game = GameEnded {
            result: GameResult {
                black: 40,
                white: 24,
                reason: EndReason::NoMoves,
                goal: Goal::MostDiscs,
            },
            players: Players::default(),
            variant: Variant::OTHELLO,
        };
        let copies: Vec<_> = (0..2)
            .map(|_| {
                let dir = dir.clone();
                std::thread::spawn(move || {
                    for _ in 0..40 {
                        change_file(&dir, |statistics| {
                            statistics.record(&game.result, game.players, &game.variant)
                        })
                        .unwrap();
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

    #[test]
    fn each_variant_keeps_its_own_records_and_old_files_keep_theirs() {
        let old: Statistics =
            ron::from_str("(black_vs_white: (first_wins: 3), computer_vs_user: (second_wins: 2))")
                .expect("a file from before the variants");
        assert_eq!(old.of(&Variant::OTHELLO).black_vs_white.first_wins, 3);
        let mut statistics = old;
        let result = GameResult {
            black: 20,
            white: 16,
            reason: EndReason::NoMoves,
            goal: Goal::MostDiscs,
        };
        statistics.record(&result, Players::default(), &Variant::othello(6));
        statistics.record(&result, Players::default(), &Variant::othello(6));
        assert_eq!(
            statistics
                .of(&Variant::othello(6))
                .black_vs_white
                .first_wins,
            2
        );
        assert_eq!(
            statistics.of(&Variant::othello(10)).black_vs_white.games(),
            0
        );
        assert_eq!(statistics.of(&Variant::OTHELLO).black_vs_white.games(), 3);
        let white_first = Variant {
            first_to_move: Color::White,
            ..Variant::OTHELLO
        };
        statistics.record(&result, Players::default(), &white_first);
        assert_eq!(statistics.of(&Variant::OTHELLO).black_vs_white.games(), 4);
        let text = ron::to_string(&statistics).expect("written");
        assert_eq!(
            ron::from_str::<Statistics>(&text).expect("read back"),
            statistics
        );
    }
}

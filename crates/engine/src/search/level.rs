//! Playing levels as data: each is a set of search limits, never a separate code path.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::limits::{DEFAULT_HASH_MB, SearchLimits, available_threads};

/// A playing level. Read from a file only when it is one the engine offers (a numeric level
/// 1-60), so a settings file or a saved game cannot bring "level 0" or "level 255".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "LevelRecord")]
pub enum Level {
    /// Shallow and forgiving in the midgame (picks among moves within a few discs of the best),
    /// but solves the last 12 squares perfectly.
    Beginner,
    Intermediate,
    Advanced,
    /// As strong as the machine allows in 8 seconds a move.
    Expert,
    /// A numeric level for power users: midgame depth N (1..=60), exact solving from N + 8
    /// empties, and N seconds a move at most (never more than `CUSTOM_TIME_CAP`).
    Custom(u8),
}

/// A level as a file spells it, before its number is checked.
#[derive(Deserialize)]
enum LevelRecord {
    Beginner,
    Intermediate,
    Advanced,
    Expert,
    Custom(u8),
}

impl TryFrom<LevelRecord> for Level {
    type Error = ParseLevelError;

    fn try_from(record: LevelRecord) -> Result<Level, ParseLevelError> {
        Ok(match record {
            LevelRecord::Beginner => Level::Beginner,
            LevelRecord::Intermediate => Level::Intermediate,
            LevelRecord::Advanced => Level::Advanced,
            LevelRecord::Expert => Level::Expert,
            LevelRecord::Custom(n @ 1..=60) => Level::Custom(n),
            LevelRecord::Custom(n) => return Err(ParseLevelError(format!("level {n}"))),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a level: expected beginner, intermediate, advanced, expert or a number 1-60")]
pub struct ParseLevelError(pub String);

/// The longest a numeric level thinks about one move: a player always sees the computer move.
pub const CUSTOM_TIME_CAP: Duration = Duration::from_secs(30);

/// Most empties where Expert solves probably (see `SearchLimits::probable_empties`). Against
/// Expert without them, from 20 positions of 30 empties played out with colours swapped, it
/// scored 75 discs more (40 games); at 30 empties its first pass (73 %) takes 0.8-2.3 s on
/// FFO #57 and #58, one thread.
const PROBABLE_EMPTIES: u32 = 30;

/// Expert's deepest midgame search: as deep as ProbCut's statistics go, so that in practice its
/// time, spent where the position is unsettled (see `Searcher::best_move`), decides. Capped at
/// 16 plies it used a fraction of its time: once the search became faster, 16 plies took 0.6 s
/// on average on one thread (midgame-40 bench).
const EXPERT_DEPTH: u32 = crate::eval::probcut::MAX_DEPTH;

impl Level {
    /// The four named levels, weakest first.
    pub const ALL: [Level; 4] = [
        Level::Beginner,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
    ];

    /// The most time the level takes for one move: 0.3, 1, 3 and 8 seconds for the named
    /// levels, N seconds for level N up to `CUSTOM_TIME_CAP`.
    pub fn time_limit(self) -> Duration {
        match self {
            Level::Beginner => Duration::from_millis(300),
            Level::Intermediate => Duration::from_secs(1),
            Level::Advanced => Duration::from_secs(3),
            Level::Expert => Duration::from_secs(8),
            Level::Custom(n) => Duration::from_secs(u64::from(n.clamp(1, 60))).min(CUSTOM_TIME_CAP),
        }
    }

    pub fn limits(self) -> SearchLimits {
        // Each level beats the one below and Expert keeps within its time: measured with
        // `reversi-engine selfplay --games 40 --seed 1` whenever the weights or the search change
        // (the figures are in crates/engine/TUNING.md). Expert searches as deep as its time
        // planning allows and solves probably from 30 empties.
        let (depth, solve_empties, wld_empties, probable_empties, max_loss) = match self {
            Level::Beginner => (2, 12, 12, 0, 4),
            Level::Intermediate => (6, 16, 16, 0, 2),
            Level::Advanced => (10, 20, 20, 0, 1),
            Level::Expert => (EXPERT_DEPTH, 22, 24, PROBABLE_EMPTIES, 0),
            Level::Custom(n) => {
                let n = u32::from(n.clamp(1, 60));
                (n, (n + 8).min(60), (n + 10).min(60), 0, 0)
            }
        };
        // The strongest levels use every core; the weaker ones stay on one thread, so that
        // their seeded choices repeat exactly and they play as calibrated on any machine.
        let threads = match self {
            Level::Expert | Level::Custom(_) => available_threads(),
            _ => 1,
        };
        SearchLimits {
            depth,
            solve_empties,
            wld_empties,
            probable_empties,
            time: Some(self.time_limit()),
            max_loss,
            seed: 0,
            hash_mb: DEFAULT_HASH_MB,
            threads,
            selective: true,
        }
    }
}

/// The limits a search has when none are given are Expert's.
impl Default for SearchLimits {
    fn default() -> SearchLimits {
        Level::Expert.limits()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Beginner => f.write_str("Beginner"),
            Level::Intermediate => f.write_str("Intermediate"),
            Level::Advanced => f.write_str("Advanced"),
            Level::Expert => f.write_str("Expert"),
            Level::Custom(n) => write!(f, "Level {n}"),
        }
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Accepts the names in any case, a number 1-60, or "level N".
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let lower = s.trim().to_ascii_lowercase();
        let named = match lower.as_str() {
            "beginner" => Some(Level::Beginner),
            "intermediate" => Some(Level::Intermediate),
            "advanced" => Some(Level::Advanced),
            "expert" => Some(Level::Expert),
            _ => None,
        };
        if let Some(level) = named {
            return Ok(level);
        }
        let digits = lower.strip_prefix("level").unwrap_or(&lower).trim();
        match digits.parse::<u8>() {
            Ok(n @ 1..=60) => Ok(Level::Custom(n)),
            _ => Err(ParseLevelError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_parse_and_round_trip() {
        for level in Level::ALL.into_iter().chain([Level::Custom(7)]) {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("expert".parse::<Level>(), Ok(Level::Expert));
        assert_eq!("7".parse::<Level>(), Ok(Level::Custom(7)));
        assert!("0".parse::<Level>().is_err());
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn a_file_brings_only_the_levels_offered() {
        assert_eq!(ron::from_str::<Level>("Custom(60)"), Ok(Level::Custom(60)));
        assert_eq!(ron::from_str::<Level>("Expert"), Ok(Level::Expert));
        for bad in ["Custom(0)", "Custom(61)", "Custom(255)"] {
            let error = ron::from_str::<Level>(bad).unwrap_err();
            assert!(error.to_string().contains("not a level"), "{bad}: {error}");
        }
    }

    #[test]
    fn every_level_has_a_time_limit_a_player_can_see() {
        for level in Level::ALL.into_iter().chain((1..=60).map(Level::Custom)) {
            assert_eq!(level.limits().time, Some(level.time_limit()), "{level}");
            assert!(level.time_limit() <= CUSTOM_TIME_CAP, "{level}");
        }
        assert_eq!(Level::Custom(5).time_limit(), Duration::from_secs(5));
        assert!(Level::Custom(5).time_limit() < Level::Custom(6).time_limit());
        assert_eq!(Level::Custom(60).time_limit(), CUSTOM_TIME_CAP);
    }

    #[test]
    fn stronger_levels_search_deeper_in_more_time() {
        for pair in Level::ALL.windows(2) {
            let (weak, strong) = (pair[0].limits(), pair[1].limits());
            assert!(weak.depth < strong.depth);
            assert!(weak.solve_empties < strong.solve_empties);
            assert!(weak.time < strong.time);
            assert!(weak.max_loss >= strong.max_loss);
        }
    }
}

//! What the commands share about their arguments: the hidden parts' shape, the quick self-play
//! that reaches positions to label or solve, weights files and test counts.

use std::path::Path;

use reversi_engine::eval::PatternEval;
use reversi_engine::eval::weights::{HIDDEN_NARROW, HIDDEN_WIDTHS};
use reversi_trainer::generate::PlayConfig;
use reversi_trainer::hidden::{HiddenConfig, MIN_READS, NARROW_ERROR_CLIP};
use reversi_trainer::run::GivenWeights;
use reversi_trainer::testset::TEST_EMPTIES;

use crate::Failure;

/// The shape of the hidden parts a fit makes (the narrow fit of run11-run15 without these).
#[derive(clap::Args)]
pub struct HiddenShapeArgs {
    /// Units of each hidden part fitted: 14, or 56 where millions of positions pay for the
    /// width (crates/trainer/RUNS.md, "Phase 9 at scale").
    #[arg(long, default_value_t = HIDDEN_NARROW)]
    hidden_width: usize,
    /// Keep the mean of snapshots of the hidden part taken from this pass on (counted from 0)
    /// instead of the last pass's.
    #[arg(long)]
    hidden_average_from: Option<u32>,
    /// Each position's error in the hidden part's fit is clipped to this many discs.
    #[arg(long, default_value_t = NARROW_ERROR_CLIP)]
    hidden_error_clip: f32,
    /// An entry read by fewer of a phase's positions keeps a vector of zeros: a higher count
    /// makes a smaller file.
    #[arg(long, default_value_t = MIN_READS)]
    hidden_min_reads: u32,
}

impl HiddenShapeArgs {
    /// The hidden parts' fit with these options, or why they are refused.
    pub fn config(
        &self,
        epochs: u32,
        learning_rate: f32,
        seed: u64,
    ) -> Result<HiddenConfig, Failure> {
        if !HIDDEN_WIDTHS.contains(&self.hidden_width) {
            return Err(Failure::Usage(format!(
                "--hidden-width {}: the engine reads hidden parts {HIDDEN_WIDTHS:?} wide",
                self.hidden_width
            )));
        }
        if self.hidden_error_clip.is_nan() || self.hidden_error_clip <= 0.0 {
            return Err(Failure::Usage(
                "--hidden-error-clip must be above 0".to_string(),
            ));
        }
        if let Some(from) = self.hidden_average_from.filter(|&from| from >= epochs) {
            return Err(Failure::Usage(format!(
                "--hidden-average-from {from}: the passes are counted from 0, {epochs} in all"
            )));
        }
        Ok(HiddenConfig {
            width: self.hidden_width,
            average_from: self.hidden_average_from,
            error_clip: self.hidden_error_clip,
            min_reads: self.hidden_min_reads,
            ..HiddenConfig::narrow(epochs, learning_rate, seed)
        })
    }
}

/// Quick self-play (shallow, noisy, nothing solved) that only has to reach positions worth
/// labelling or solving: the new games and branches of a refit, the games of a test set.
#[derive(clap::Args)]
pub struct QuickPlayArgs {
    /// Midgame search depth of the players.
    #[arg(long, default_value_t = 2)]
    pub depth: u32,
    /// Their moves are drawn among those within this many discs of the best.
    #[arg(long, default_value_t = 3)]
    pub noise: u32,
    /// Random plies at the start of each game: 2 up to this.
    #[arg(long, default_value_t = 10)]
    random_plies: usize,
}

impl QuickPlayArgs {
    pub fn config(&self) -> PlayConfig {
        PlayConfig {
            depth: self.depth,
            noise: self.noise,
            random_plies: self.random_plies,
            exact_empties: 0,
        }
    }
}

/// The weights file at `path` (`pattern`: the shipped one), tables and hidden part, as the
/// trainer fits them, and what identifies it.
pub fn read_weights(path: &Path) -> Result<GivenWeights, Failure> {
    Ok(reversi_trainer::run::read_weights(path, None)?)
}

/// The test set every run since run6 is measured on (crates/trainer/RUNS.md), in the repository
/// so that a fresh clone measures weights as the runs were measured.
pub const COMMON_TEST_SET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testset");

/// The pattern evaluation of `name`: `pattern` for the shipped weights, else a weights file.
pub fn load(name: &str) -> Result<PatternEval, Failure> {
    if name == "pattern" {
        return Ok(PatternEval::shipped()?);
    }
    Ok(PatternEval::new(read_weights(Path::new(name))?.weights))
}

/// One count per test depth: a single count serves all of them, missing counts are 0.
pub fn test_counts(counts: &[usize]) -> [usize; TEST_EMPTIES.len()] {
    let mut out = [0; TEST_EMPTIES.len()];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = match counts {
            [one] => *one,
            _ => counts.get(i).copied().unwrap_or(0),
        };
    }
    out
}

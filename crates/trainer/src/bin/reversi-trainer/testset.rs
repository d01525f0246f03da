//! `reversi-trainer testset`: a test set of exactly solved positions.

use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::eval::PatternEval;
use reversi_trainer::report::compare;
use reversi_trainer::testset::{TestSetConfig, build};

use crate::Failure;
use crate::options::{COMMON_TEST_SET, QuickPlayArgs, load, read_weights, test_counts};

#[derive(clap::Args)]
pub struct TestSetArgs {
    /// Directory of the solved positions: the common test set without one, which the same
    /// command as its settings.txt's, with larger counts, extends.
    #[arg(long, default_value = COMMON_TEST_SET)]
    dir: PathBuf,
    /// Seed of the games: another than any training run's.
    #[arg(long, default_value_t = 1001)]
    seed: u64,
    #[arg(long, default_value_t = 400)]
    games: u64,
    #[command(flatten)]
    play: QuickPlayArgs,
    /// Weights file of the players (the shipped weights without one).
    #[arg(long)]
    players: Option<PathBuf>,
    /// Positions solved at 20, 24, 28 and 32 empties (a count each, missing ones 0).
    #[arg(long, value_delimiter = ',', default_values_t = [400, 200, 20, 0])]
    positions: Vec<usize>,
}

fn progress_bar(empties: u32, length: usize) -> ProgressBar {
    let bar = ProgressBar::new(length as u64).with_message("solving test positions exactly");
    if let Ok(style) = ProgressStyle::with_template(
        "{prefix} {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar.set_prefix(format!("{empties} empties"));
    bar
}

pub fn run(args: TestSetArgs) -> Result<String, Failure> {
    let (players, players_description) = match &args.players {
        Some(path) => {
            let given = read_weights(path)?;
            (PatternEval::new(given.weights), given.description)
        }
        None => (load("pattern")?, "the shipped weights".to_string()),
    };
    let config = TestSetConfig {
        dir: &args.dir,
        seed: args.seed,
        games: args.games,
        // The games only need to reach the test positions.
        play: args.play.config(),
        counts: test_counts(&args.positions),
        players_description: &players_description,
    };
    let shipped = load("pattern")?;
    let solved = build(&config, &players, &shipped, progress_bar)?;
    Ok(compare(&solved, &[("pattern".to_string(), shipped)]))
}

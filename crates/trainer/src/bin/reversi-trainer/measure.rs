//! `reversi-trainer measure`: weights files side by side on a solved test set.

use std::path::PathBuf;

use reversi_trainer::report::compare;
use reversi_trainer::testset::read_solved;

use crate::Failure;
use crate::options::{COMMON_TEST_SET, load};

#[derive(clap::Args)]
pub struct MeasureArgs {
    /// Directory of a solved test set (the common one kept in the repository without one).
    #[arg(long, default_value = COMMON_TEST_SET)]
    tests: PathBuf,
    /// Weights files (pattern for the shipped ones), in the order of the columns.
    #[arg(long, required = true)]
    weights: Vec<String>,
}

pub fn run(args: MeasureArgs) -> Result<String, Failure> {
    let solved = read_solved(&args.tests)?;
    let learned = args
        .weights
        .iter()
        .map(|name| Ok((name.clone(), load(name)?)))
        .collect::<Result<Vec<_>, Failure>>()?;
    Ok(compare(&solved, &learned))
}

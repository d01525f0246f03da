//! `reversi-trainer refit`: one phase of given weights fitted again.

use std::path::PathBuf;

use reversi_trainer::fit::{FitConfig, Optimizer};
use reversi_trainer::label::Labels;
use reversi_trainer::refit::{BranchConfig, NewGames, RefitConfig, refit};

use crate::Failure;
use crate::options::{HiddenShapeArgs, QuickPlayArgs};

#[derive(clap::Args)]
pub struct RefitArgs {
    /// The weights whose phase is refitted (pattern: the shipped ones).
    #[arg(long)]
    weights: PathBuf,
    /// The phase refitted (0 is the opening's; 9 of 15 holds 21-24 empty squares).
    #[arg(long)]
    phase: usize,
    /// Directory of the branched positions, labels, checkpoints and settings (kept out of the
    /// repository).
    #[arg(long)]
    dir: PathBuf,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
    /// Games files (a run's games.bin, or packed games such as crates/trainer/games/run15-1.pack),
    /// one in ten of each held out; may be given several times.
    #[arg(long)]
    games_from: Vec<PathBuf>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// New games to play with the given weights (one in ten held out), their positions of the
    /// phase fitted with the given games'.
    #[arg(long, default_value_t = 0)]
    new_games: u64,
    /// Seed of the new games: another than the given games' run's, or they are its very games.
    #[arg(long)]
    new_games_seed: Option<u64>,
    /// Seeds of the positions branched from the phase's own: each plays on from every one of
    /// them once (none without).
    #[arg(long, value_delimiter = ',')]
    branch_seeds: Vec<u64>,
    /// How the given weights play the new games and the branches.
    #[command(flatten)]
    play: QuickPlayArgs,
    /// Depth of the searches that label the positions.
    #[arg(long, default_value_t = 4)]
    label_depth: u32,
    /// Positions with at most this many empty squares are labelled exactly.
    #[arg(long, default_value_t = 16)]
    exact_empties: u32,
    /// Epochs of the tables' fit (SGD).
    #[arg(long, default_value_t = 20)]
    epochs: u32,
    #[arg(long, default_value_t = 0.3)]
    learning_rate: f32,
    #[arg(long, default_value_t = 0.01)]
    l2: f32,
    /// SGD passes of the hidden part.
    #[arg(long, default_value_t = 16)]
    hidden_epochs: u32,
    #[arg(long, default_value_t = 0.01)]
    hidden_learning_rate: f32,
    #[command(flatten)]
    hidden_shape: HiddenShapeArgs,
}

pub fn run(args: RefitArgs) -> Result<String, Failure> {
    let config = RefitConfig {
        dir: args.dir,
        out: args.out,
        weights: args.weights,
        phase: args.phase,
        games_from: args.games_from,
        new_games: match (args.new_games, args.new_games_seed) {
            (0, _) => None,
            (_, None) => {
                return Err(Failure::Usage(
                    "--new-games needs --new-games-seed".to_string(),
                ));
            }
            (count, Some(seed)) => Some(NewGames {
                count,
                seed,
                // The labels' searches solve what is near the end.
                play: args.play.config(),
            }),
        },
        branch: (!args.branch_seeds.is_empty()).then_some(BranchConfig {
            seeds: args.branch_seeds,
            depth: args.play.depth,
            noise: args.play.noise,
        }),
        labels: Labels::Search {
            depth: args.label_depth.max(1),
            exact_empties: args.exact_empties,
            deeper: None,
        },
        fit: FitConfig {
            phases: 0,
            epochs: args.epochs,
            optimizer: Optimizer::Sgd {
                learning_rate: args.learning_rate,
                l2: args.l2,
            },
            window: 0,
        },
        hidden: args.hidden_shape.config(
            args.hidden_epochs,
            args.hidden_learning_rate,
            args.seed,
        )?,
        seed: args.seed,
    };
    Ok(refit(&config)?)
}

//! `reversi-trainer run --dir DIR --out FILE ...` (or the same without `run`): a training run,
//! the pipeline from self-play to weights.

use std::path::{Path, PathBuf};

use reversi_engine::eval::probcut::ProbCut;
use reversi_trainer::fit::{FitConfig, Optimizer};
use reversi_trainer::generate::PlayConfig;
use reversi_trainer::label::{DeeperLabels, Labels};
use reversi_trainer::run::{GivenProbCut, RunConfig, run as run_pipeline};
use reversi_trainer::testset::TEST_EMPTIES;

use crate::Failure;
use crate::options::{HiddenShapeArgs, test_counts};

#[derive(clap::Args)]
pub struct RunArgs {
    /// Run directory: games, fit checkpoint, settings and report (kept out of the repository).
    #[arg(long)]
    dir: PathBuf,
    /// Where to write the weights file.
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Self-play games to generate (one in ten is held out).
    #[arg(long, default_value_t = 3000)]
    games: u64,
    /// Midgame search depth of the self-play players.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Midgame moves are drawn among those within this many discs of the best.
    #[arg(long, default_value_t = 3)]
    noise: u32,
    /// Random plies at the start of each game: 2 up to this.
    #[arg(long, default_value_t = 10)]
    random_plies: usize,
    /// Positions with at most this many empty squares are solved exactly.
    #[arg(long, default_value_t = 16)]
    exact_empties: u32,
    /// Game phases, each with its own weights.
    #[arg(long, default_value_t = 15)]
    phases: usize,
    /// Positions not solved are labelled by a search this deep on the phases already fitted
    /// (at least 60 / phases plies); 0 labels them with their game's result instead.
    #[arg(long, default_value_t = 4)]
    label_depth: u32,
    /// Positions not solved with at most --deep-label-empties empty squares are labelled by a
    /// search this deep instead (0: none): near the end a deeper search gives labels nearer the
    /// exact scores, where the evaluation's error is measured (crates/trainer/RUNS.md).
    #[arg(long, default_value_t = 0)]
    deep_label_depth: u32,
    /// The most empty squares of a position labelled by --deep-label-depth.
    #[arg(long, default_value_t = 28)]
    deep_label_empties: u32,
    /// Multi-ProbCut statistics (a probcut.txt, e.g. crates/engine/weights/probcut.txt) that
    /// make the --deep-label-depth searches selective: 8 selective plies come nearer the exact
    /// scores than 6 full-width ones for about twice their time, though a fit on such labels
    /// has not erred less for it (crates/trainer/RUNS.md, "Phase 9 against the exact scores").
    #[arg(long)]
    deep_label_probcut: Option<PathBuf>,
    /// Held-out positions solved exactly for the report at 20, 24, 28 and 32 empties (a count
    /// each, missing ones 0, or one for all): the deeper solves take seconds to many minutes each.
    #[arg(long, value_delimiter = ',', default_values_t = [100, 40, 10, 0])]
    test_positions: Vec<usize>,
    /// Epochs of each phase's fit (SGD), or iterations (conjugate gradients).
    #[arg(long, default_value_t = 20)]
    epochs: u32,
    /// How each phase is fitted: sgd, or cg (ridge regression by conjugate gradients).
    #[arg(long, default_value = "sgd")]
    optimizer: String,
    /// SGD's first step size.
    #[arg(long, default_value_t = 0.3)]
    learning_rate: f32,
    /// SGD's L2 penalty.
    #[arg(long, default_value_t = 0.01)]
    l2: f32,
    /// The ridge regression's penalty on the squared weights, in squared errors of a position.
    #[arg(long, default_value_t = 1.0)]
    ridge: f32,
    /// Each phase is also fitted on the positions up to this many empty squares beyond its own
    /// range (those before it that are not solved only with --start-from: they are labelled by
    /// searches on the weights it gives).
    #[arg(long, default_value_t = 0)]
    window: u32,
    /// Weights file the fit starts from (e.g. the shipped weights, or another run's) instead
    /// of zeros; later generations start from the generation before.
    #[arg(long)]
    start_from: Option<PathBuf>,
    /// Weights file the first generation's games are played with, instead of the hand-written
    /// evaluation.
    #[arg(long)]
    players: Option<PathBuf>,
    /// Games file of an earlier run (its DIR/games.bin, or the same packed by `pack`) to fit
    /// together with this run's own games, its held-out games kept out; may be given several
    /// times (first generation only).
    #[arg(long)]
    games_from: Vec<PathBuf>,
    /// Generations of the whole run: the first plays its games with the hand-written
    /// evaluation, each later one with the weights of the one before (in DIR/gen-1,
    /// DIR/gen-2...; one generation runs in DIR itself).
    #[arg(long, default_value_t = 1)]
    generations: u32,
    /// A run of seconds on little data, to check the pipeline: few games, shallow players,
    /// small solves, at most 4 epochs, no test positions (overrides those options).
    #[arg(long)]
    quick: bool,
    /// Fit each phase's hidden part (see `reversi-trainer hidden`) in this many SGD passes
    /// right after its tables, so the searches labelling the phases before it use it (0: no
    /// hidden part).
    #[arg(long, default_value_t = 0)]
    hidden_epochs: u32,
    /// The hidden part's first SGD step size.
    #[arg(long, default_value_t = 0.01)]
    hidden_learning_rate: f32,
    #[command(flatten)]
    hidden_shape: HiddenShapeArgs,
    /// Stop once this many phases, the last ones, are fitted, writing the weights so far (the
    /// other phases keep the tables the fit started from, without a hidden part): the phases
    /// near the end can be measured before the rest is fitted. The same command without it
    /// goes on.
    #[arg(long)]
    stop_after: Option<usize>,
}

/// The ProbCut statistics file at `path`, and what identifies it in a run's settings.
fn read_probcut(path: &Path) -> Result<GivenProbCut, Failure> {
    let bytes = std::fs::read(path).map_err(|error| Failure::file(path, error))?;
    let not_statistics = |reason: String| Failure::NotA {
        path: path.to_path_buf(),
        kind: "ProbCut statistics file",
        reason,
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| not_statistics("not text".into()))?;
    let statistics = ProbCut::parse(text).map_err(|error| not_statistics(error.to_string()))?;
    let checksum = reversi_engine::data_file::fnv1a(&bytes);
    Ok(GivenProbCut {
        statistics,
        description: format!("{} (checksum {checksum:08x})", path.display()),
    })
}

/// The run these options ask for, or why they are refused.
fn config(args: RunArgs) -> Result<RunConfig, Failure> {
    let optimizer = match args.optimizer.as_str() {
        "sgd" => Optimizer::Sgd {
            learning_rate: args.learning_rate,
            l2: args.l2,
        },
        "cg" => Optimizer::ConjugateGradient { ridge: args.ridge },
        other => return Err(Failure::Usage(format!("--optimizer {other}: sgd or cg"))),
    };
    let deep_label_probcut = match (&args.deep_label_probcut, args.deep_label_depth) {
        (None, _) => None,
        (Some(_), 0) => {
            return Err(Failure::Usage(
                "--deep-label-probcut needs --deep-label-depth".to_string(),
            ));
        }
        (Some(path), _) => Some(read_probcut(path)?),
    };
    let hidden =
        args.hidden_shape
            .config(args.hidden_epochs, args.hidden_learning_rate, args.seed)?;
    let mut config = RunConfig {
        dir: args.dir,
        out: args.out,
        seed: args.seed,
        games: args.games,
        play: PlayConfig {
            depth: args.depth,
            noise: args.noise,
            random_plies: args.random_plies,
            exact_empties: args.exact_empties,
        },
        fit: FitConfig {
            phases: args.phases.clamp(1, 60),
            epochs: args.epochs,
            optimizer,
            window: args.window,
        },
        labels: Labels::GameResult,
        test_positions: test_counts(&args.test_positions),
        generations: args.generations.max(1),
        start_from: args.start_from,
        players: args.players,
        games_from: args.games_from,
        hidden: (args.hidden_epochs > 0).then_some(hidden),
        stop_after_phases: args.stop_after,
        deep_label_probcut,
    };
    if args.quick {
        config.games = 60;
        config.play.depth = 1;
        config.play.exact_empties = 10;
        config.fit.epochs = config.fit.epochs.min(4);
        config.test_positions = [0; TEST_EMPTIES.len()];
    }
    if args.label_depth > 0 {
        config.labels = Labels::Search {
            depth: args.label_depth,
            exact_empties: config.play.exact_empties,
            deeper: (args.deep_label_depth > 0).then_some(DeeperLabels {
                depth: args.deep_label_depth,
                max_empties: args.deep_label_empties,
            }),
        };
    }
    Ok(config)
}

/// Runs (or resumes) the run: its held-out report, and how to go on when it stopped early.
pub fn run(args: RunArgs) -> Result<String, Failure> {
    let config = config(args)?;
    let report = run_pipeline(&config)?;
    let stopped = match config.stop_after_phases {
        Some(fitted) if fitted < config.fit.phases => format!(
            "stopped once the last {fitted} phases were fitted ({} holds them); the same \
             command without --stop-after fits the rest\n",
            config.out.display()
        ),
        _ => String::new(),
    };
    Ok(format!("{report}{stopped}"))
}

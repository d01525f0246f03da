//! `reversi-trainer`: regenerates the pattern evaluation's weights from nothing. The same
//! arguments give the same weights; a stopped run is resumed by running the same command again.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::eval::PatternEval;
use reversi_engine::eval::probcut::ProbCut;
use reversi_engine::eval::weights::{HIDDEN_NARROW, HIDDEN_WIDTHS};
use reversi_trainer::fit::{FitConfig, Optimizer};
use reversi_trainer::generate::PlayConfig;
use reversi_trainer::hidden::{HiddenConfig, fit_hidden};
use reversi_trainer::label::{DeeperLabels, Labels};
use reversi_trainer::probcut::{END_MIN, ProbCutConfig, run_probcut};
use reversi_trainer::refit::{BranchConfig, NewGames, RefitConfig, refit as run_refit};
use reversi_trainer::report::compare;
use reversi_trainer::run::{GivenProbCut, GivenWeights, RunConfig, run};
use reversi_trainer::testset::{TEST_EMPTIES, TestSetConfig, build, read_solved};

#[derive(Parser)]
#[command(
    name = "reversi-trainer",
    version,
    about,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Run directory: games, fit checkpoint, settings and report (kept out of the repository).
    #[arg(long, required = true)]
    dir: Option<PathBuf>,
    /// Where to write the weights file.
    #[arg(long, required = true)]
    out: Option<PathBuf>,
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

#[derive(Subcommand)]
enum Command {
    /// Fit the Multi-ProbCut statistics of the shipped evaluation (weights/probcut.txt), or of
    /// given weights.
    Probcut(ProbCutArgs),
    /// Solve a test set of its own, from games no run trains on (resumable, like a run).
    Testset(TestSetArgs),
    /// Measure weights files on a solved test set, side by side.
    Measure(MeasureArgs),
    /// Fits a hidden part on top of a run's weights, from the labels the run kept in its
    /// directory (see `hidden.rs`): `reversi-trainer hidden --dir RUN --weights RUN.bin --out
    /// FILE`. Each phase is checkpointed in the directory; the same command resumes.
    Hidden(HiddenArgs),
    /// Packs a run's games file as moves (see `packed.rs`), about a quarter of its size, for
    /// `--games-from`: a training set small enough to keep in the repository.
    Pack(PackArgs),
    /// Writes a run's checkpoints from the weights `--stop-after` wrote, so that the run goes on
    /// where it stopped on a machine that has nothing of it but that file (8 MB, small enough
    /// for the repository, where the checkpoints are not): then run the same command.
    Restore(RestoreArgs),
    /// Refits one phase of given weights (e.g. the shipped ones) on the phase's positions in
    /// given games and on positions branched from them, labelled by searches on the given
    /// weights; the other phases keep theirs (see `refit.rs`). Resumes like a run.
    Refit(RefitArgs),
    /// Makes the engine's list of XOT openings (crates/engine/data/xot.txt): every distinct
    /// position 8 moves from the start, searched to a fixed depth, kept when near even.
    Xot(reversi_trainer::xot::XotArgs),
}

/// The shape of the hidden parts a fit makes (the narrow fit of run11-run15 without these).
#[derive(clap::Args)]
struct HiddenShapeArgs {
    /// Units of each hidden part fitted: 14, or 56 where millions of positions pay for the
    /// width (crates/trainer/RUNS.md, "Phase 9 at scale").
    #[arg(long, default_value_t = HIDDEN_NARROW)]
    hidden_width: usize,
    /// Keep the mean of snapshots of the hidden part taken from this pass on (counted from 0)
    /// instead of the last pass's.
    #[arg(long)]
    hidden_average_from: Option<u32>,
    /// Each position's error in the hidden part's fit is clipped to this many discs.
    #[arg(long, default_value_t = 30.0)]
    hidden_error_clip: f32,
}

impl HiddenShapeArgs {
    /// The hidden parts' fit with these options, or why they are refused.
    fn config(&self, epochs: u32, learning_rate: f32, seed: u64) -> Result<HiddenConfig, String> {
        if !HIDDEN_WIDTHS.contains(&self.hidden_width) {
            return Err(format!(
                "--hidden-width {}: the engine reads hidden parts {HIDDEN_WIDTHS:?} wide",
                self.hidden_width
            ));
        }
        if self.hidden_error_clip.is_nan() || self.hidden_error_clip <= 0.0 {
            return Err("--hidden-error-clip must be above 0".to_string());
        }
        if let Some(from) = self.hidden_average_from.filter(|&from| from >= epochs) {
            return Err(format!(
                "--hidden-average-from {from}: the passes are counted from 0, {epochs} in all"
            ));
        }
        Ok(HiddenConfig {
            width: self.hidden_width,
            average_from: self.hidden_average_from,
            error_clip: self.hidden_error_clip,
            ..HiddenConfig::narrow(epochs, learning_rate, seed)
        })
    }
}

/// Quick self-play (shallow, noisy, nothing solved) that only has to reach positions worth
/// labelling or solving: the new games and branches of a refit, the games of a test set.
#[derive(clap::Args)]
struct QuickPlayArgs {
    /// Midgame search depth of the players.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Their moves are drawn among those within this many discs of the best.
    #[arg(long, default_value_t = 3)]
    noise: u32,
    /// Random plies at the start of each game: 2 up to this.
    #[arg(long, default_value_t = 10)]
    random_plies: usize,
}

impl QuickPlayArgs {
    fn config(&self) -> PlayConfig {
        PlayConfig {
            depth: self.depth,
            noise: self.noise,
            random_plies: self.random_plies,
            exact_empties: 0,
        }
    }
}

#[derive(clap::Args)]
struct RefitArgs {
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

fn refit(args: RefitArgs) -> Result<String, String> {
    let config = RefitConfig {
        dir: args.dir,
        out: args.out,
        weights: args.weights,
        phase: args.phase,
        games_from: args.games_from,
        new_games: match (args.new_games, args.new_games_seed) {
            (0, _) => None,
            (_, None) => return Err("--new-games needs --new-games-seed".to_string()),
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
    run_refit(&config).map_err(|error| error.to_string())
}

#[derive(clap::Args)]
struct RestoreArgs {
    /// The weights a run wrote when it stopped after some phases.
    #[arg(long)]
    weights: PathBuf,
    /// How many phases, the last ones, it had fitted (its --stop-after).
    #[arg(long)]
    phases_done: u32,
    /// The run's directory, new or without a checkpoint.
    #[arg(long)]
    dir: PathBuf,
    /// The run's --seed, --hidden-epochs (0: a run without hidden parts),
    /// --hidden-learning-rate and the hidden parts' shape: its hidden parts' checkpoints are
    /// checked against them.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 16)]
    hidden_epochs: u32,
    #[arg(long, default_value_t = 0.01)]
    hidden_learning_rate: f32,
    #[command(flatten)]
    hidden_shape: HiddenShapeArgs,
}

/// The weights file at `path` (`pattern`: the shipped one), tables and hidden part, as the
/// trainer fits them, and what identifies it.
fn read_weights(path: &Path) -> Result<GivenWeights, String> {
    reversi_trainer::run::read_weights(path, None).map_err(|error| error.to_string())
}

fn restore(args: RestoreArgs) -> Result<String, String> {
    let name = args.weights.display().to_string();
    let weights = read_weights(&args.weights)?.weights;
    if args.phases_done as usize > weights.phases {
        return Err(format!("{name} has {} phases", weights.phases));
    }
    let checkpoint = args.dir.join("fit.ckpt");
    if checkpoint.exists() {
        return Err(format!(
            "{} exists: the run has a checkpoint",
            checkpoint.display()
        ));
    }
    let config =
        args.hidden_shape
            .config(args.hidden_epochs, args.hidden_learning_rate, args.seed)?;
    let dir = args.dir.display().to_string();
    std::fs::create_dir_all(&args.dir).map_err(|error| format!("{dir}: {error}"))?;
    if args.hidden_epochs > 0 {
        reversi_trainer::hidden::restore_checkpoints(
            &weights,
            args.phases_done as usize,
            &args.dir,
            &config,
        )
        .map_err(|error| format!("{name}: {error}"))?;
    }
    reversi_trainer::fit::save_checkpoint(
        &checkpoint,
        &reversi_trainer::fit::Model::from_weights(&weights),
        args.phases_done,
    )
    .map_err(|error| format!("{dir}: {error}"))?;
    Ok(format!(
        "wrote the checkpoints of {} phases into {dir}: the run's own command goes on from there\n",
        args.phases_done
    ))
}

#[derive(clap::Args)]
struct PackArgs {
    /// A run's games file (its DIR/games.bin).
    #[arg(long)]
    games: PathBuf,
    /// Where to write the packed games; split into OUT-1, OUT-2... (before the extension) when
    /// there are more than --games-per-file.
    #[arg(long)]
    out: PathBuf,
    /// Games in each file at most: files small enough for the repository (100,000 games are
    /// about 7 MB). A multiple of ten keeps the same games held out as in one file.
    #[arg(long, default_value_t = 100_000)]
    games_per_file: usize,
}

fn pack(args: PackArgs) -> Result<String, String> {
    let name = args.games.display().to_string();
    let bytes = std::fs::read(&args.games).map_err(|error| format!("{name}: {error}"))?;
    if reversi_trainer::packed::is_packed(&bytes) {
        return Err(format!("{name} is packed already"));
    }
    let games = reversi_trainer::dataset::decode_games(&bytes);
    if games.is_empty() {
        return Err(format!("{name}: no whole game in it"));
    }
    let per_file = args.games_per_file.max(1);
    let chunks: Vec<_> = games.chunks(per_file).collect();
    let mut written = String::new();
    for (index, chunk) in chunks.iter().enumerate() {
        let path = match chunks.len() {
            1 => args.out.clone(),
            _ => numbered(&args.out, index + 1),
        };
        let packed = reversi_trainer::packed::pack(chunk)
            .map_err(|error| format!("{name}, from game {}: {error}", index * per_file))?;
        let out = path.display().to_string();
        std::fs::write(&path, &packed).map_err(|error| format!("{out}: {error}"))?;
        let positions: usize = chunk.iter().map(Vec::len).sum();
        written.push_str(&format!(
            "wrote {out}: {} games, {positions} positions, {} bytes (checksum {:08x})\n",
            chunk.len(),
            packed.len(),
            reversi_engine::data_file::fnv1a(&packed)
        ));
    }
    Ok(written)
}

/// `path` with `-number` before its extension: run15.pack, 2 gives run15-2.pack.
fn numbered(path: &std::path::Path, number: usize) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{number}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

#[derive(clap::Args)]
struct HiddenArgs {
    /// The run's directory, with its labels-P.bin for every phase.
    #[arg(long)]
    dir: PathBuf,
    /// The run's weights (the tables the hidden part is fitted on top of).
    #[arg(long)]
    weights: PathBuf,
    /// Where to write the weights with their hidden part.
    #[arg(long)]
    out: PathBuf,
    /// SGD passes over each phase's positions.
    #[arg(long, default_value_t = 8)]
    epochs: u32,
    /// SGD's first step size.
    #[arg(long, default_value_t = 0.01)]
    learning_rate: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    hidden_shape: HiddenShapeArgs,
}

fn hidden(args: HiddenArgs) -> Result<String, String> {
    let weights = read_weights(&args.weights)?.weights;
    let config = args
        .hidden_shape
        .config(args.epochs, args.learning_rate, args.seed)?;
    let fitted = fit_hidden(&weights, &args.dir, &config).map_err(|error| error.to_string())?;
    let out = args.out.display().to_string();
    std::fs::write(&args.out, fitted.to_bytes()).map_err(|error| format!("{out}: {error}"))?;
    Ok(format!("wrote {out}\n"))
}

/// The test set every run since run6 is measured on (crates/trainer/RUNS.md), in the repository
/// so that a fresh clone measures weights as the runs were measured.
const COMMON_TEST_SET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testset");

#[derive(clap::Args)]
struct TestSetArgs {
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

#[derive(clap::Args)]
struct MeasureArgs {
    /// Directory of a solved test set (the common one kept in the repository without one).
    #[arg(long, default_value = COMMON_TEST_SET)]
    tests: PathBuf,
    /// Weights files (pattern for the shipped ones), in the order of the columns.
    #[arg(long, required = true)]
    weights: Vec<String>,
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

/// The ProbCut statistics file at `path`, and what identifies it in a run's settings.
fn read_probcut(path: &Path) -> Result<GivenProbCut, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|error| format!("{name}: {error}"))?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| format!("{name} is not a ProbCut statistics file: not text"))?;
    let statistics = ProbCut::parse(text)
        .map_err(|error| format!("{name} is not a ProbCut statistics file: {error}"))?;
    let checksum = reversi_engine::data_file::fnv1a(&bytes);
    Ok(GivenProbCut {
        statistics,
        description: format!("{name} (checksum {checksum:08x})"),
    })
}

/// The pattern evaluation of `name`: `pattern` for the shipped weights, else a weights file.
fn load(name: &str) -> Result<PatternEval, String> {
    if name == "pattern" {
        return PatternEval::shipped().map_err(|error| format!("shipped weights: {error}"));
    }
    Ok(PatternEval::new(read_weights(Path::new(name))?.weights))
}

fn testset(args: TestSetArgs) -> Result<String, String> {
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
    let solved = build(&config, &players, &shipped, progress_bar).map_err(|e| e.to_string())?;
    Ok(compare(&solved, &[("pattern".to_string(), shipped)]))
}

fn measure(args: MeasureArgs) -> Result<String, String> {
    let solved = read_solved(&args.tests).map_err(|error| error.to_string())?;
    let learned = args
        .weights
        .iter()
        .map(|name| Ok((name.clone(), load(name)?)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(compare(&solved, &learned))
}

/// Prints what a command made, or its error, and gives the exit status.
fn finish(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("reversi-trainer: {error}");
            ExitCode::FAILURE
        }
    }
}

#[derive(clap::Args)]
struct ProbCutArgs {
    /// Run directory: the searched positions and the settings (kept out of the repository).
    #[arg(long)]
    dir: PathBuf,
    /// Where to write the statistics file.
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Positions per range of empties for the midgame fits.
    #[arg(long, default_value_t = 60)]
    positions: usize,
    /// Deepest midgame search fitted (its full-width searches take most of the time).
    #[arg(long, default_value_t = 10)]
    max_depth: u32,
    /// Positions per count of empties for the endgame fits (each is solved exactly).
    #[arg(long, default_value_t = 40)]
    end_positions: usize,
    /// Most empties with an endgame fit (from 14); the solves grow about threefold a square.
    #[arg(long, default_value_t = 24)]
    end_max: u32,
    /// Weights file to fit the statistics for (the shipped weights without one), so new weights
    /// are measured with their own statistics before they are shipped.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// A run of seconds on little data, to check the pipeline: few positions, shallow searches
    /// (overrides those options).
    #[arg(long)]
    quick: bool,
}

fn probcut(args: ProbCutArgs) -> ExitCode {
    let mut config = ProbCutConfig {
        dir: args.dir,
        out: args.out,
        seed: args.seed,
        positions: args.positions,
        max_depth: args.max_depth.clamp(3, 30),
        end_positions: args.end_positions,
        end_max: args.end_max.clamp(END_MIN, 60),
        weights: args.weights,
    };
    if args.quick {
        config.positions = 4;
        config.max_depth = 4;
        config.end_positions = 4;
        config.end_max = END_MIN + 1;
    }
    finish(run_probcut(&config).map_err(|error| error.to_string()))
}

/// One count per test depth: a single count serves all of them, missing counts are 0.
fn test_counts(counts: &[usize]) -> [usize; TEST_EMPTIES.len()] {
    let mut out = [0; TEST_EMPTIES.len()];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = match counts {
            [one] => *one,
            _ => counts.get(i).copied().unwrap_or(0),
        };
    }
    out
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (dir, out) = match (args.command, args.dir, args.out) {
        (Some(Command::Probcut(probcut_args)), _, _) => return probcut(probcut_args),
        (Some(Command::Testset(testset_args)), _, _) => return finish(testset(testset_args)),
        (Some(Command::Measure(measure_args)), _, _) => return finish(measure(measure_args)),
        (Some(Command::Hidden(hidden_args)), _, _) => return finish(hidden(hidden_args)),
        (Some(Command::Pack(pack_args)), _, _) => return finish(pack(pack_args)),
        (Some(Command::Restore(restore_args)), _, _) => return finish(restore(restore_args)),
        (Some(Command::Refit(refit_args)), _, _) => return finish(refit(refit_args)),
        (Some(Command::Xot(xot_args)), _, _) => {
            return finish(reversi_trainer::xot::command(xot_args));
        }
        (None, Some(dir), Some(out)) => (dir, out),
        // clap requires both without a subcommand.
        _ => return ExitCode::FAILURE,
    };
    let optimizer = match args.optimizer.as_str() {
        "sgd" => Optimizer::Sgd {
            learning_rate: args.learning_rate,
            l2: args.l2,
        },
        "cg" => Optimizer::ConjugateGradient { ridge: args.ridge },
        other => {
            eprintln!("reversi-trainer: --optimizer {other}: sgd or cg");
            return ExitCode::FAILURE;
        }
    };
    let deep_label_probcut = match (&args.deep_label_probcut, args.deep_label_depth) {
        (None, _) => None,
        (Some(_), 0) => {
            eprintln!("reversi-trainer: --deep-label-probcut needs --deep-label-depth");
            return ExitCode::FAILURE;
        }
        (Some(path), _) => match read_probcut(path) {
            Ok(given) => Some(given),
            Err(message) => {
                eprintln!("reversi-trainer: {message}");
                return ExitCode::FAILURE;
            }
        },
    };
    let hidden =
        match args
            .hidden_shape
            .config(args.hidden_epochs, args.hidden_learning_rate, args.seed)
        {
            Ok(hidden) => (args.hidden_epochs > 0).then_some(hidden),
            Err(message) => {
                eprintln!("reversi-trainer: {message}");
                return ExitCode::FAILURE;
            }
        };
    let mut config = RunConfig {
        dir,
        out,
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
        hidden,
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
    let stopped = match config.stop_after_phases {
        Some(fitted) if fitted < config.fit.phases => format!(
            "stopped once the last {fitted} phases were fitted ({} holds them); the same \
             command without --stop-after fits the rest\n",
            config.out.display()
        ),
        _ => String::new(),
    };
    finish(
        run(&config)
            .map(|report| format!("{report}{stopped}"))
            .map_err(|error| error.to_string()),
    )
}

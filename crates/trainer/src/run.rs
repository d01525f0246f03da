//! One training run, stage by stage, in its own directory: generate and label games, fit the
//! phases from the end of the game backwards (each labelled by searches on the phases fitted
//! before it), write the weights, solve held-out test positions exactly and measure the weights
//! on them. A run of several generations does this once per generation, each in a directory of
//! its own, the games of each played with the weights of the one before. Every stage starts
//! from what the directory already holds, so a stopped run resumes where it was (the fit after
//! its last whole phase); the settings are recorded there so a resumed run cannot mix data of
//! different settings. A run may also start its fit from given weights (the shipped ones, or
//! another run's) instead of zeros, and play its games with given weights, so that each run
//! adds to the last.

use std::fs;
use std::io;
use std::num::NonZero;
use std::path::{Path, PathBuf};
use std::thread;

use reversi_engine::data_file::fnv1a;
use reversi_engine::eval::pattern::layout;
use reversi_engine::eval::probcut::ProbCut;
use reversi_engine::eval::weights::Weights;
use reversi_engine::eval::{Evaluation, HandEval, PatternEval};

use crate::backward_fit::BackwardFit;
use crate::dataset::{GameWriter, Sample, complete_length, decode_games, read_games};
use crate::files::record_settings;
use crate::fit::{FitConfig, Model};
use crate::generate::{PlayConfig, play_game};
use crate::hidden::HiddenConfig;
use crate::in_turn::map_in_turn;
use crate::label::Labels;
use crate::packed::{is_packed, unpack};
use crate::progress::bar;
use crate::report::{Report, measure};
use crate::testset::{TEST_EMPTIES, candidates, solve_all};

/// Everything a run depends on.
#[derive(Clone, Debug, PartialEq)]
pub struct RunConfig {
    /// Where the games, the checkpoint and the report go.
    pub dir: PathBuf,
    /// Where the weights file goes.
    pub out: PathBuf,
    pub seed: u64,
    pub games: u64,
    pub play: PlayConfig,
    pub fit: FitConfig,
    pub labels: Labels,
    /// Held-out positions solved exactly for the report at each of `TEST_EMPTIES`.
    pub test_positions: [usize; TEST_EMPTIES.len()],
    /// Generation 1 plays its games with the hand-written evaluation, each later one with the
    /// weights of the generation before, so that its positions are those better play reaches.
    pub generations: u32,
    /// Weights file the first generation's fit starts from (zeros without one); each later
    /// generation's fit then starts from the weights of the one before.
    pub start_from: Option<PathBuf>,
    /// Weights file the first generation plays its games with (the hand-written evaluation
    /// without one).
    pub players: Option<PathBuf>,
    /// Games files of earlier runs the first generation fits together with its own games (each
    /// file keeps its own held-out games out of the fit).
    pub games_from: Vec<PathBuf>,
    /// Each phase also gets a hidden part, fitted right after its tables (none without).
    pub hidden: Option<HiddenConfig>,
    /// Stop once this many phases (the last ones, nearest the end) are fitted, and write the
    /// weights so far: the phases not fitted yet keep the tables the fit started from, without
    /// a hidden part. The same command without it goes on from there. Not a setting: it
    /// changes when the run stops, not the weights it makes.
    pub stop_after_phases: Option<usize>,
    /// Multi-ProbCut statistics that make the deeper label searches selective (full width
    /// without one).
    pub deep_label_probcut: Option<GivenProbCut>,
}

/// A ProbCut statistics file given to a run, and what identifies it in the settings.
#[derive(Clone, Debug, PartialEq)]
pub struct GivenProbCut {
    pub statistics: ProbCut,
    pub description: String,
}

/// A weights file given to a run: its evaluation, and what identifies it in the settings.
pub struct GivenWeights {
    pub weights: Weights,
    pub description: String,
}

/// The weights file at `path` (`pattern`: the shipped weights), refused unless it has `phases`
/// phases when that is given.
pub fn read_weights(path: &Path, phases: Option<usize>) -> io::Result<GivenWeights> {
    let bytes = if path == Path::new(SHIPPED_WEIGHTS) {
        PatternEval::shipped_file()
    } else {
        fs::read(path)
            .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))?
    };
    let weights = Weights::from_bytes(&bytes, layout().table_sizes())
        .map_err(|error| io::Error::other(format!("{}: {error}", path.display())))?;
    if let Some(phases) = phases.filter(|&phases| phases != weights.phases) {
        return Err(io::Error::other(format!(
            "{} has {} phases, the run {phases}",
            path.display(),
            weights.phases
        )));
    }
    Ok(GivenWeights {
        weights,
        description: format!("{} (checksum {:08x})", path.display(), fnv1a(&bytes)),
    })
}

/// What names the shipped weights where a weights file is asked for.
pub const SHIPPED_WEIGHTS: &str = "pattern";

/// One game in this many is held out for validation.
const HOLD_OUT_EVERY: u64 = 10;

/// Games played at a time on every core before they are written: a stop loses at most these.
const GAME_BLOCK: u64 = 1024;

/// Runs (or resumes) every generation and returns the last one's held-out report. One
/// generation runs in `dir` itself; several in `dir/gen-1`, `dir/gen-2`..., each writing its
/// weights beside its games and the last also to `out`.
pub fn run(config: &RunConfig) -> io::Result<Report> {
    let generations = config.generations.max(1);
    let mut players = Evaluation::Hand(HandEval);
    let mut start = None;
    let mut given = String::new();
    if let Some(path) = &config.players {
        let file = read_weights(path, Some(config.fit.phases))?;
        players = Evaluation::Pattern(PatternEval::new(file.weights));
        given.push_str(&format!("players: {}\n", file.description));
    }
    if let Some(path) = &config.start_from {
        let file = read_weights(path, Some(config.fit.phases))?;
        start = Some(Model::from_weights(&file.weights));
        given.push_str(&format!("fit starts from: {}\n", file.description));
    }
    let mut earlier = Vec::new();
    for path in &config.games_from {
        let (games, description) = read_earlier_games(path)?;
        earlier.push(games);
        given.push_str(&format!("games from: {description}\n"));
    }
    let mut report = None;
    for generation in 1..=generations {
        let (dir, out) = if generations == 1 {
            (config.dir.clone(), config.out.clone())
        } else {
            let dir = config.dir.join(format!("gen-{generation}"));
            let out = if generation == generations {
                config.out.clone()
            } else {
                dir.join("weights.bin")
            };
            (dir, out)
        };
        let settings = if generation == 1 {
            given.clone()
        } else {
            "players: the weights of the generation before\n".to_string()
        };
        let earlier = if generation == 1 { &earlier[..] } else { &[] };
        let (generation_report, model, finished) = run_generation(
            config,
            &dir,
            &out,
            &players,
            start.as_ref(),
            earlier,
            &settings,
        )?;
        report = Some(generation_report);
        if !finished {
            break;
        }
        let learned = PatternEval::new(model.to_weights());
        if start.is_some() {
            start = Some(model);
        }
        players = Evaluation::Pattern(learned);
    }
    report.ok_or_else(|| io::Error::other("no generation was run"))
}

/// The games of an earlier run's games file, and what identifies it in the settings. Unlike a
/// run's own file it must exist: a mistyped path would silently fit less.
pub(crate) fn read_earlier_games(path: &Path) -> io::Result<(Vec<Vec<Sample>>, String)> {
    let bytes = fs::read(path)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))?;
    let games = if is_packed(&bytes) {
        unpack(&bytes).map_err(|error| io::Error::other(format!("{}: {error}", path.display())))?
    } else {
        decode_games(&bytes)
    };
    if games.is_empty() {
        return Err(io::Error::other(format!(
            "{}: no whole game in it",
            path.display()
        )));
    }
    let description = format!(
        "{} ({} games, checksum {:08x})",
        path.display(),
        games.len(),
        fnv1a(&bytes)
    );
    Ok((games, description))
}

/// The positions of `games` to train on, and the games held out of the fit: one in
/// `HOLD_OUT_EVERY` by its index in its own file, so an earlier run's held-out games stay out.
pub(crate) fn split_held_out(
    games: &[Vec<Sample>],
    train: &mut Vec<Sample>,
    held_out: &mut Vec<Vec<Sample>>,
) {
    for (index, game) in games.iter().enumerate() {
        if index as u64 % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out.push(game.clone());
        } else {
            train.extend_from_slice(game);
        }
    }
}

/// The first `count` games of the games file at `path`, those it lacks played first by
/// `players` (seeded `seed`) and appended to it: a stopped run plays only the rest.
pub(crate) fn play_games(
    path: &Path,
    count: u64,
    play: &PlayConfig,
    players: &Evaluation,
    seed: u64,
) -> io::Result<Vec<Vec<Sample>>> {
    let mut games = read_games(path)?;
    if (games.len() as u64) < count {
        let mut writer = GameWriter::open(path, complete_length(&games))?;
        let bar = bar(count, "playing and solving games");
        bar.set_position(games.len() as u64);
        // Blocks played on every core and written in order: a game depends only on its index.
        let threads = thread::available_parallelism().map_or(1, NonZero::get);
        while (games.len() as u64) < count {
            let first = games.len() as u64;
            let block_size = (count - first).min(GAME_BLOCK);
            let block = map_in_turn(block_size as usize, threads, |offset| {
                play_game(play, players, seed, first + offset as u64)
            });
            for game in block {
                writer.write_game(&game)?;
                games.push(game);
            }
            bar.set_position(games.len() as u64);
        }
        bar.finish();
    }
    games.truncate(count as usize);
    Ok(games)
}

/// One generation in `dir`: games played by `players`, fitted with the `earlier` runs' games,
/// the fit started from `start` (zeros without it), weights written to `out`; returns the report,
/// the fitted model and whether every phase is fitted (not when the run stopped after some).
/// `given` says where the players, the start and the earlier games came from, for the recorded
/// settings.
fn run_generation(
    config: &RunConfig,
    dir: &Path,
    out: &Path,
    players: &Evaluation,
    start: Option<&Model>,
    earlier: &[Vec<Vec<Sample>>],
    given: &str,
) -> io::Result<(Report, Model, bool)> {
    fs::create_dir_all(dir)?;
    check_settings(config, dir, given)?;

    let games = play_games(
        &dir.join("games.bin"),
        config.games,
        &config.play,
        players,
        config.seed,
    )?;
    let (mut train, mut held_out_games) = (Vec::new(), Vec::new());
    split_held_out(&games, &mut train, &mut held_out_games);
    for games in earlier {
        split_held_out(games, &mut train, &mut held_out_games);
    }
    let held_out: Vec<Sample> = held_out_games.iter().flatten().copied().collect();

    let backward = BackwardFit {
        fit: &config.fit,
        labels: config.labels,
        hidden: config.hidden.as_ref(),
        probcut: config
            .deep_label_probcut
            .as_ref()
            .map(|given| &given.statistics),
        stop_after: config.stop_after_phases,
        seed: config.seed,
        dir,
        train: &train,
        start,
    };
    let (model, weights, finished) = backward.fit_phases()?;
    let bytes = weights.to_bytes();
    let learned = PatternEval::from_bytes(&bytes).map_err(io::Error::other)?;
    fs::write(out, &bytes)?;

    // Last: the weights are written before the longest solves start. A run stopped before its
    // last phases reports on its held-out games only.
    let mut solved = Vec::new();
    let tests = TEST_EMPTIES.into_iter().zip(config.test_positions);
    for (empties, count) in tests.filter(|_| finished) {
        let test = candidates(&held_out_games, empties, count);
        let bar = bar(test.len() as u64, "solving test positions exactly");
        bar.set_prefix(format!("{empties} empties"));
        let path = dir.join(format!("exact-{empties}.bin"));
        solved.extend(solve_all(&path, &test, &learned, &bar)?);
        bar.finish();
    }
    let report = measure(&held_out, &solved, &learned);
    fs::write(dir.join("report.txt"), report.to_string())?;
    Ok((report, model, finished))
}

/// Records the settings in a new run directory, or refuses to resume one made with others. The
/// number of test positions is not among them: it changes the report, not the weights. `given`
/// names the weights the games are played with and the fit starts from, when not the defaults
/// (a later generation's follow from the settings of the generations before it, each in its own
/// directory).
fn check_settings(config: &RunConfig, dir: &Path, given: &str) -> io::Result<()> {
    let mut settings = format!(
        "seed {}\ngames {}\n{:?}\n{:?}\n{:?}\n{given}",
        config.seed, config.games, config.play, config.fit, config.labels
    );
    // Runs without a hidden part keep the settings they were recorded with.
    if let Some(hidden) = &config.hidden {
        settings.push_str(&format!("\n{}", hidden.describe()));
    }
    if let Some(probcut) = &config.deep_label_probcut {
        settings.push_str(&format!(
            "\ndeeper labels selective with: {}",
            probcut.description
        ));
    }
    record_settings(dir, "settings.txt", &settings)
}

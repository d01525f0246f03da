//! Refitting one phase of given weights (the shipped ones, or a run's) on more positions than a
//! run gives it: the phase's positions in the games given and in new games played by the given
//! weights, and the positions branched from them
//! (each played on by the given weights under another seed, down to one ply past the phase, the
//! neighbour a run's window would take), all labelled by searches on the given weights. The
//! phase's tables are fitted again from the given ones, then its hidden part, as wide as asked;
//! every other phase keeps its tables and hidden part. Branched positions are like the games'
//! and cost a fraction of a game's, and with millions of them a wider hidden part pays
//! (`RUNS.md`, "Phase 9 at scale"). What each stage makes is kept in the refit's directory (the
//! new games as they are played, each seed's branches, the labels as they come, the tables' fit
//! after each epoch, the hidden part), so a stopped refit resumes where it was, and its settings
//! are recorded there.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::num::NonZero;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::thread;

use reversi_engine::eval::pattern::phase;
use reversi_engine::eval::{Evaluation, PatternEval};
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::Searcher;
use reversi_engine::{Position, Square};

use crate::dataset::{Sample, empties_range, read_samples, write_samples};
use crate::files::{record_settings, remove_if_present};
use crate::fit::{FitConfig, Model, fit, load_checkpoint, save_checkpoint};
use crate::generate::{PlayConfig, noisy_move};
use crate::hidden::{HiddenConfig, fit_or_resume, set_phase_hidden};
use crate::in_turn::map_in_turn;
use crate::label::{Labels, relabel_keeping};
use crate::progress::bar;
use crate::report::mean_error;
use crate::run::{play_games, read_earlier_games, read_weights, split_held_out};

/// Everything a refit depends on.
#[derive(Clone, Debug, PartialEq)]
pub struct RefitConfig {
    /// Where the branched positions, the labels, the checkpoints and the settings go.
    pub dir: PathBuf,
    /// Where the weights file goes.
    pub out: PathBuf,
    /// The weights refitted: the other phases keep theirs, the labels are searched on them.
    pub weights: PathBuf,
    /// The phase refitted.
    pub phase: usize,
    /// Games files (a run's games.bin or packed games), their held-out games kept out.
    pub games_from: Vec<PathBuf>,
    /// Games played for the refit by the given weights (kept as games.bin in `dir`), one in ten
    /// held out alike, or none.
    pub new_games: Option<NewGames>,
    /// Positions branched from the phase's own, or none.
    pub branch: Option<BranchConfig>,
    pub labels: Labels,
    /// The tables' fit (its phases those of the weights, its window unused: the branched
    /// positions are the neighbours).
    pub fit: FitConfig,
    pub hidden: HiddenConfig,
    pub seed: u64,
}

/// Games played for a refit: `count` games seeded `seed`, played as `play` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGames {
    pub count: u64,
    pub seed: u64,
    pub play: PlayConfig,
}

/// How positions are branched from the games': each position is played on once for every seed
/// by the given weights as a self-play game's midgame is, searching `depth` plies, every move
/// drawn among those within `noise` discs of the best.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchConfig {
    pub seeds: Vec<u64>,
    pub depth: u32,
    pub noise: u32,
}

/// Transposition table of each branching searcher, in MiB.
const HASH_MB: usize = 8;

/// Refits (or resumes refitting) the phase and writes the weights; returns what it measured:
/// the mean error on the held-out games' positions of the phase against their labels, with the
/// given weights and with the new ones.
pub fn refit(config: &RefitConfig) -> io::Result<String> {
    let given = read_weights(&config.weights, None)?;
    let phases = given.weights.phases;
    if config.phase >= phases {
        return Err(io::Error::other(format!(
            "phase {} of weights with {phases} phases",
            config.phase
        )));
    }
    let fit_config = FitConfig {
        phases,
        window: 0,
        ..config.fit.clone()
    };
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    let mut settings = format!(
        "refit of phase {} of {}\nseed {}\n{:?}\n{:?}\n{:?}\n{}\n",
        config.phase,
        given.description,
        config.seed,
        config.branch,
        config.labels,
        fit_config,
        config.hidden.describe()
    );
    for path in &config.games_from {
        let (games, description) = read_earlier_games(path)?;
        split_held_out(&games, &mut train, &mut held_out);
        settings.push_str(&format!("games from: {description}\n"));
    }
    if let Some(new_games) = &config.new_games {
        settings.push_str(&format!("new games: {new_games:?}\n"));
    }
    fs::create_dir_all(&config.dir)?;
    record_settings(&config.dir, "settings.txt", &settings)?;
    let eval = PatternEval::new(given.weights.clone());
    if let Some(new_games) = &config.new_games {
        let players = Evaluation::Pattern(eval.clone());
        let games_path = config.dir.join("games.bin");
        let games = play_games(
            &games_path,
            new_games.count,
            &new_games.play,
            &players,
            new_games.seed,
        )?;
        split_held_out(&games, &mut train, &mut held_out);
    }

    let in_phase = |s: &Sample| phase(s.position.empty_count(), phases) == config.phase;
    let own: Vec<Sample> = train.iter().filter(|s| in_phase(s)).copied().collect();
    let held: Vec<Sample> = held_out
        .iter()
        .flatten()
        .filter(|s| in_phase(s))
        .copied()
        .collect();
    if own.is_empty() {
        return Err(io::Error::other(format!(
            "no game given reaches phase {}",
            config.phase
        )));
    }
    let mut positions = own.clone();
    if let Some(branch) = &config.branch {
        let games = train.iter().chain(held_out.iter().flatten());
        positions.extend(branched(&config.dir, &own, games, &eval, branch)?);
    }
    let checkpoint = config.dir.join("fit.ckpt");
    let labelled = labelled_or_resume(&config.dir, "labels", &positions, config, &eval)?;
    if labelled.made_now {
        // A tables' fit kept from before was fitted on other labels.
        remove_if_present(&checkpoint)?;
    }
    let labelled = labelled.samples;
    let held = labelled_or_resume(&config.dir, "held-out", &held, config, &eval)?.samples;

    let model = fitted_tables(
        &checkpoint,
        Model::from_weights(&given.weights),
        &labelled,
        &fit_config,
        config,
    )?;
    let mut refitted = model.to_weights();
    refitted.hidden = given.weights.hidden.clone();
    let (part, _) = fit_or_resume(
        &refitted,
        config.phase,
        &labelled,
        &config.dir,
        &config.hidden,
    )?;
    set_phase_hidden(&mut refitted, config.phase, &part);
    fs::write(&config.out, refitted.to_bytes())?;
    let held_out_error = match held.len() {
        0 => "no held-out games reach the phase".to_string(),
        count => format!(
            "mean error on the {count} held-out positions against their labels: {:.3} given, \
             {:.3} refitted",
            mean_error(&held, &eval),
            mean_error(&held, &PatternEval::new(refitted.clone()))
        ),
    };
    Ok(format!(
        "phase {}: {} positions ({} branched)\n{held_out_error}\nwrote {}\n",
        config.phase,
        labelled.len(),
        labelled.len() - own.len(),
        config.out.display()
    ))
}

/// The tables' fit of the phase on `labelled`, from `start`, checkpointed after each epoch in
/// `checkpoint` and resumed from it.
fn fitted_tables(
    checkpoint: &Path,
    start: Model,
    labelled: &[Sample],
    fit_config: &FitConfig,
    config: &RefitConfig,
) -> io::Result<Model> {
    let (mut model, epochs_done) = load_checkpoint(checkpoint, start.phases).unwrap_or((start, 0));
    if epochs_done < fit_config.epochs {
        let fit_bar = bar(
            u64::from(fit_config.epochs) * labelled.len() as u64,
            "fitting the tables (epochs x positions)",
        );
        fit_bar.set_prefix(format!("phase {}", config.phase));
        fit(
            &mut model,
            config.phase,
            labelled,
            fit_config,
            config.seed ^ config.phase as u64,
            epochs_done,
            &fit_bar,
            |model, done| save_checkpoint(checkpoint, model, done),
        )?;
        fit_bar.finish();
        save_checkpoint(checkpoint, &model, fit_config.epochs)?;
    }
    Ok(model)
}

/// The positions branched from `own` with every seed of `branch`, none of them a position of
/// `games` (held-out games' too: a held-out position among the fitted ones would flatter the
/// held-out error) or branched before.
fn branched<'a>(
    dir: &Path,
    own: &[Sample],
    games: impl Iterator<Item = &'a Sample>,
    eval: &PatternEval,
    branch: &BranchConfig,
) -> io::Result<Vec<Sample>> {
    // Only the games' positions of the empties the branches reach matter: from the phase's most
    // to one below its fewest.
    let (fewest, most) = empties_range(own);
    let last = fewest.saturating_sub(1);
    let mut seen: HashSet<Position> = games
        .filter(|s| (last..=most).contains(&s.position.empty_count()))
        .map(|s| s.position)
        .collect();
    let mut all = Vec::new();
    for &seed in &branch.seeds {
        all.extend(branched_or_resume(
            dir, own, last, &mut seen, eval, branch, seed,
        )?);
    }
    Ok(all)
}

/// Labelled positions, and whether they were labelled now rather than kept from before.
struct Labelled {
    samples: Vec<Sample>,
    made_now: bool,
}

/// `positions` labelled (kept as `name`.bin in `dir` once whole, `name`.partial while under way).
fn labelled_or_resume(
    dir: &Path,
    name: &str,
    positions: &[Sample],
    config: &RefitConfig,
    eval: &PatternEval,
) -> io::Result<Labelled> {
    let path = dir.join(format!("{name}.bin"));
    let kept = read_samples(&path)?;
    let same = |(kept, position): (&Sample, &Sample)| kept.position == position.position;
    if kept.len() == positions.len() && kept.iter().zip(positions).all(same) {
        return Ok(Labelled {
            samples: kept,
            made_now: false,
        });
    }
    let label_bar = bar(positions.len() as u64, "labelling");
    label_bar.set_prefix(name.to_string());
    let partial = dir.join(format!("{name}.partial"));
    let labelled = relabel_keeping(positions, config.labels, eval, &label_bar, &partial)?;
    label_bar.finish();
    write_samples(&path, &labelled)?;
    fs::remove_file(partial)?;
    Ok(Labelled {
        samples: labelled,
        made_now: true,
    })
}

/// The positions branched from `own` with `seed` down to `last` empty squares (kept as
/// branched-SEED.bin in `dir`): none of them in `seen`, to which they are added.
fn branched_or_resume(
    dir: &Path,
    own: &[Sample],
    last: u32,
    seen: &mut HashSet<Position>,
    eval: &PatternEval,
    branch: &BranchConfig,
    seed: u64,
) -> io::Result<Vec<Sample>> {
    let path = dir.join(format!("branched-{seed}.bin"));
    if path.is_file() {
        let branched = read_samples(&path)?;
        seen.extend(branched.iter().map(|s| s.position));
        return Ok(branched);
    }
    let threads = thread::available_parallelism().map_or(1, NonZero::get);
    let branch_bar = bar(own.len() as u64, "branching");
    branch_bar.set_prefix(format!("seed {seed}"));
    let grown = map_in_turn(own.len(), threads, |i| {
        let seed = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let line = play_on(eval, own[i].position, branch, seed, last);
        branch_bar.inc(1);
        line
    });
    branch_bar.finish();
    let branched: Vec<Sample> = grown
        .into_iter()
        .flatten()
        .filter(|&position| seen.insert(position))
        .map(|position| Sample {
            position,
            label: 0,
            exact: false,
        })
        .collect();
    write_samples(&path, &branched)?;
    Ok(branched)
}

/// The positions after each move of `start` played on by `eval` while it has more than `last`
/// empty squares (the last one has `last`), until a side must pass.
fn play_on(
    eval: &PatternEval,
    start: Position,
    branch: &BranchConfig,
    seed: u64,
    last: u32,
) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut searcher = Searcher::with_evaluator(HASH_MB, eval.clone());
    let stop = AtomicBool::new(false);
    let mut position = start;
    let mut line = Vec::new();
    while position.empty_count() > last {
        let moves = position.legal_moves();
        let Some(first) = Square::iter_bits(moves).next() else {
            break;
        };
        let best = noisy_move(
            &mut searcher,
            position,
            branch.depth,
            branch.noise,
            &mut rng,
            &stop,
        );
        position = position.play(best.unwrap_or(first)).unwrap_or(position);
        if position.legal_moves() == 0 {
            break;
        }
        line.push(position);
    }
    line
}

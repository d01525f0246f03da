//! One training run, stage by stage, in its own directory: generate and label games, fit the
//! phases from the end of the game backwards (each labelled by searches on the phases fitted
//! before it), write the weights, solve held-out test positions exactly and measure the weights
//! on them. A run of several generations does this once per generation, each in a directory of
//! its own, the games of each played with the weights of the one before. Every stage starts
//! from what the directory already holds, so a stopped run resumes where it was (the fit after
//! its last whole phase); the settings are recorded there so a resumed run cannot mix data of
//! different settings.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::eval::pattern::phase;
use reversi_engine::eval::{Evaluation, HandEval, PatternEval};

use crate::dataset::{GameWriter, Sample, complete_length, read_games};
use crate::files::record_settings;
use crate::fit::{FitConfig, Model, fit, load_checkpoint, save_checkpoint};
use crate::generate::{PlayConfig, play_game};
use crate::label::{Labels, relabel};
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
}

/// One game in this many is held out for validation.
const HOLD_OUT_EVERY: u64 = 10;

/// Runs (or resumes) every generation and returns the last one's held-out report. One
/// generation runs in `dir` itself; several in `dir/gen-1`, `dir/gen-2`..., each writing its
/// weights beside its games and the last also to `out`.
pub fn run(config: &RunConfig) -> io::Result<Report> {
    let generations = config.generations.max(1);
    let mut players = Evaluation::Hand(HandEval);
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
        let (generation_report, learned) = run_generation(config, &dir, &out, &players)?;
        report = Some(generation_report);
        players = Evaluation::Pattern(learned);
    }
    report.ok_or_else(|| io::Error::other("no generation was run"))
}

/// One generation in `dir`: games played by `players`, weights written to `out`; returns the
/// report and the learned evaluation.
fn run_generation(
    config: &RunConfig,
    dir: &Path,
    out: &Path,
    players: &Evaluation,
) -> io::Result<(Report, PatternEval)> {
    fs::create_dir_all(dir)?;
    let learned_players = matches!(players, Evaluation::Pattern(_));
    check_settings(config, dir, learned_players)?;

    let games_path = dir.join("games.bin");
    let mut games = read_games(&games_path)?;
    if (games.len() as u64) < config.games {
        let mut writer = GameWriter::open(&games_path, complete_length(&games))?;
        let bar = bar(config.games, "playing and solving games");
        bar.set_position(games.len() as u64);
        for index in games.len() as u64..config.games {
            let game = play_game(&config.play, players, config.seed, index);
            writer.write_game(&game)?;
            games.push(game);
            bar.inc(1);
        }
        bar.finish();
    }
    let (mut train, mut held_out_games) = (Vec::new(), Vec::new());
    for (index, game) in games.iter().take(config.games as usize).enumerate() {
        if index as u64 % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out_games.push(game.clone());
        } else {
            train.extend_from_slice(game);
        }
    }
    let held_out: Vec<Sample> = held_out_games.iter().flatten().copied().collect();

    let model = fit_phases(config, dir, &train)?;
    let bytes = model.to_weights().to_bytes();
    let learned = PatternEval::from_bytes(&bytes).map_err(io::Error::other)?;
    fs::write(out, &bytes)?;

    // Last: the weights are written before the longest solves start.
    let mut solved = Vec::new();
    for (empties, count) in TEST_EMPTIES.into_iter().zip(config.test_positions) {
        let test = candidates(&held_out_games, empties, count);
        let bar = bar(test.len() as u64, "solving test positions exactly");
        bar.set_prefix(format!("{empties} empties"));
        let path = dir.join(format!("exact-{empties}.bin"));
        solved.extend(solve_all(&path, &test, &learned, &bar)?);
        bar.finish();
    }
    let report = measure(&held_out, &solved, &learned);
    fs::write(dir.join("report.txt"), report.to_string())?;
    Ok((report, learned))
}

/// Fits the phases from the last (the endgame, exactly labelled) to the first, each on its own
/// positions labelled with the weights of the phases after it, checkpointing after each phase.
fn fit_phases(config: &RunConfig, dir: &Path, train: &[Sample]) -> io::Result<Model> {
    let phases = config.fit.phases;
    let checkpoint = dir.join("fit.ckpt");
    let (mut model, mut done) =
        load_checkpoint(&checkpoint, phases).unwrap_or((Model::zeros(phases), 0));
    while (done as usize) < phases {
        let current = phases - 1 - done as usize;
        let positions: Vec<Sample> = train
            .iter()
            .filter(|s| phase(s.position.empty_count(), phases) == current)
            .copied()
            .collect();
        let eval = PatternEval::new(model.to_weights());
        let label_bar = bar(positions.len() as u64, "labelling");
        label_bar.set_prefix(format!("phase {current}"));
        let labelled = relabel(&positions, config.labels, &eval, &label_bar);
        label_bar.finish();
        let fit_bar = bar(
            u64::from(config.fit.epochs) * labelled.len() as u64,
            "fitting (epochs x positions)",
        );
        fit_bar.set_prefix(format!("phase {current}"));
        fit(
            &mut model,
            &labelled,
            &config.fit,
            config.seed ^ current as u64,
            0,
            &fit_bar,
            |_, _| Ok(()),
        )?;
        fit_bar.finish();
        done += 1;
        save_checkpoint(&checkpoint, &model, done)?;
    }
    Ok(model)
}

/// Records the settings in a new run directory, or refuses to resume one made with others. The
/// number of test positions is not among them: it changes the report, not the weights. A
/// generation played by learned weights says so (those weights follow from the settings of the
/// generations before it, each in its own directory).
fn check_settings(config: &RunConfig, dir: &Path, learned_players: bool) -> io::Result<()> {
    let mut settings = format!(
        "seed {}\ngames {}\n{:?}\n{:?}\n{:?}\n",
        config.seed, config.games, config.play, config.fit, config.labels
    );
    if learned_players {
        settings.push_str("players: the weights of the generation before\n");
    }
    record_settings(dir, "settings.txt", &settings)
}

fn bar(length: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(length).with_message(message);
    if let Ok(style) = ProgressStyle::with_template(
        "{prefix} {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}

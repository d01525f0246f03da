//! One training run, stage by stage, in its own directory: generate and label games, fit, write
//! the weights, measure them. Every stage starts from what the directory already holds, so a
//! stopped run resumes where it was; the settings are recorded there so a resumed run cannot mix
//! data of different settings.

use std::fs;
use std::io;
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::eval::PatternEval;

use crate::dataset::{GameWriter, Sample, complete_length, read_games};
use crate::fit::{FitConfig, Model, fit, load_checkpoint, save_checkpoint};
use crate::generate::{PlayConfig, play_game};
use crate::report::{Report, measure};

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
}

/// One game in this many is held out for validation.
const HOLD_OUT_EVERY: u64 = 10;

/// Runs (or resumes) every stage and returns the held-out report.
pub fn run(config: &RunConfig) -> io::Result<Report> {
    fs::create_dir_all(&config.dir)?;
    check_settings(config)?;

    let games_path = config.dir.join("games.bin");
    let mut games = read_games(&games_path)?;
    if (games.len() as u64) < config.games {
        let mut writer = GameWriter::open(&games_path, complete_length(&games))?;
        let bar = bar(config.games, "playing and solving games");
        bar.set_position(games.len() as u64);
        for index in games.len() as u64..config.games {
            let game = play_game(&config.play, config.seed, index);
            writer.write_game(&game)?;
            games.push(game);
            bar.inc(1);
        }
        bar.finish();
    }
    let (mut train, mut held_out): (Vec<Sample>, Vec<Sample>) = (Vec::new(), Vec::new());
    for (index, game) in games.iter().take(config.games as usize).enumerate() {
        if index as u64 % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out.extend_from_slice(game);
        } else {
            train.extend_from_slice(game);
        }
    }

    let checkpoint = config.dir.join("fit.ckpt");
    let (mut model, done) = load_checkpoint(&checkpoint, config.fit.phases)
        .unwrap_or((Model::zeros(config.fit.phases), 0));
    if done < config.fit.epochs {
        let bar = bar(
            u64::from(config.fit.epochs) * train.len() as u64,
            "fitting (epochs x positions)",
        );
        bar.set_position(u64::from(done) * train.len() as u64);
        fit(
            &mut model,
            &train,
            &config.fit,
            config.seed,
            done,
            &bar,
            |model, epochs| save_checkpoint(&checkpoint, model, epochs),
        )?;
        bar.finish();
    }

    let bytes = model.to_weights().to_bytes();
    let learned = PatternEval::from_bytes(&bytes).map_err(io::Error::other)?;
    fs::write(&config.out, &bytes)?;
    let report = measure(&held_out, &learned);
    fs::write(config.dir.join("report.txt"), report.to_string())?;
    Ok(report)
}

/// Records the settings in a new run directory, or refuses to resume one made with others.
fn check_settings(config: &RunConfig) -> io::Result<()> {
    let settings = format!(
        "seed {}\ngames {}\n{:?}\n{:?}\n",
        config.seed, config.games, config.play, config.fit
    );
    let path = config.dir.join("settings.txt");
    match fs::read_to_string(&path) {
        Ok(recorded) if recorded == settings => Ok(()),
        Ok(recorded) => Err(io::Error::other(format!(
            "{} was made with other settings:\n{recorded}use another --dir",
            config.dir.display()
        ))),
        Err(error) if error.kind() == io::ErrorKind::NotFound => fs::write(&path, settings),
        Err(error) => Err(error),
    }
}

fn bar(length: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(length).with_message(message);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

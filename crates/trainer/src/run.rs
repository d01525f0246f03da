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

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::data_file::fnv1a;
use reversi_engine::eval::pattern::{self, layout};
use reversi_engine::eval::probcut::ProbCut;
use reversi_engine::eval::weights::Weights;
use reversi_engine::eval::{Evaluation, HandEval, PatternEval};

use crate::dataset::{
    GameWriter, Sample, complete_length, decode_games, empties_range, read_games, read_samples,
    write_samples,
};
use crate::files::record_settings;
use crate::fit::{FitConfig, Model, fit, load_checkpoint, save_checkpoint};
use crate::generate::{PlayConfig, play_game};
use crate::hidden::{HiddenConfig, HiddenPhase, fit_or_resume, resume_hidden, with_hidden};
use crate::in_turn::map_in_turn;
use crate::label::{Labels, relabel, relabel_keeping};
use crate::packed::{is_packed, unpack};
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

/// The fit of one generation's phases from the last (the endgame, exactly labelled) to the first,
/// each on its own positions labelled with the weights of the phases after it (and on the
/// positions within the fit's window of empties around it), starting from `start` or zeros and
/// checkpointing after each phase. Each phase's labels are kept beside the checkpoint, so a
/// resumed fit has its neighbours' labels without searching them again.
pub(crate) struct BackwardFit<'a> {
    pub fit: &'a FitConfig,
    pub labels: Labels,
    /// Each phase's hidden part, fitted right after its tables (none without).
    pub hidden: Option<&'a HiddenConfig>,
    /// Makes the deeper label searches selective (full width without).
    pub probcut: Option<&'a ProbCut>,
    /// Stop once this many phases, the last ones, are fitted (all without).
    pub stop_after: Option<usize>,
    pub seed: u64,
    pub dir: &'a Path,
    pub train: &'a [Sample],
    pub start: Option<&'a Model>,
}

/// How far a backward fit has come: the model, how many phases (the last ones) are fitted, their
/// hidden parts, and their labelled positions, among which the phases before them find their
/// neighbours.
struct Fitted {
    model: Model,
    done: u32,
    hidden_parts: Vec<Option<HiddenPhase>>,
    labelled_later: Vec<Sample>,
}

impl BackwardFit<'_> {
    /// Fits (or resumes fitting) the phases; returns the model, its weights, with their hidden
    /// parts when the run fits them, and whether every phase is fitted.
    pub(crate) fn fit_phases(&self) -> io::Result<(Model, Weights, bool)> {
        let phases = self.fit.phases;
        let (mut fitted, labels_missing) = self.resume()?;
        let some_fitted = fitted.done > 0 && (fitted.done as usize) < phases;
        if labels_missing && self.fit.window > 0 && some_fitted {
            self.label_the_neighbours_again(&mut fitted);
        }
        let stop_at = self.stop_after.unwrap_or(phases).min(phases);
        while (fitted.done as usize) < stop_at {
            self.fit_next_phase(&mut fitted)?;
        }
        let weights = self.weights_of(&fitted.model, &fitted.hidden_parts);
        Ok((fitted.model, weights, fitted.done as usize == phases))
    }

    /// The checkpoint's model (else `start`, else zeros) with the labels and hidden parts of the
    /// phases it has fitted, and whether some of their labels are missing.
    fn resume(&self) -> io::Result<(Fitted, bool)> {
        let phases = self.fit.phases;
        let (model, done) = load_checkpoint(&self.checkpoint(), phases).unwrap_or_else(|| {
            let start = self.start.cloned();
            (start.unwrap_or_else(|| Model::zeros(phases)), 0)
        });
        let mut fitted = Fitted {
            model,
            done,
            hidden_parts: vec![None; phases],
            labelled_later: Vec::new(),
        };
        let mut labels_missing = false;
        for later in phases - done as usize..phases {
            let path = self.labels_path(later);
            // A run resumed from its checkpoints alone (on another machine, its labels too large
            // to carry) reads each hidden part back from its own checkpoint.
            if !path.exists() {
                labels_missing = true;
                fitted.hidden_parts[later] = self.hidden.and_then(|hidden| {
                    resume_hidden(&fitted.model.to_weights(), later, self.dir, hidden)
                });
                continue;
            }
            let labelled = read_samples(&path)?;
            fitted.hidden_parts[later] = self.hidden_part(&fitted.model, later, &labelled)?;
            fitted.labelled_later.extend(labelled);
        }
        Ok((fitted, labels_missing))
    }

    /// The next phase's fit takes the positions of the phase after it within the window: when
    /// their labels are missing they are searched again, with the weights that labelled them
    /// first (the phase's own tables as the fit started, without its hidden part), and get the
    /// very same labels.
    fn label_the_neighbours_again(&self, fitted: &mut Fitted) {
        let later = self.fit.phases - fitted.done as usize;
        let positions = self.positions_of(later);
        let most = positions.iter().map(|s| s.position.empty_count()).max();
        let near: Vec<Sample> = positions
            .iter()
            .filter(|s| most.is_some_and(|most| s.position.empty_count() + self.fit.window > most))
            .copied()
            .collect();
        let mut as_labelled = fitted.model.clone();
        let per_phase = layout().per_phase();
        let own = later * per_phase..(later + 1) * per_phase;
        match self.start {
            Some(start) => as_labelled.values[own.clone()].copy_from_slice(&start.values[own]),
            None => as_labelled.values[own].fill(0.0),
        }
        let mut parts = fitted.hidden_parts.clone();
        parts[later] = None;
        let eval = self.label_eval(self.weights_of(&as_labelled, &parts));
        let near_bar = bar(near.len() as u64, "labelling the neighbours again");
        near_bar.set_prefix(format!("phase {later}"));
        let labelled = relabel(&near, self.labels, &eval, &near_bar);
        near_bar.finish();
        fitted.labelled_later.extend(labelled);
    }

    /// Labels the phase before those fitted and its neighbours, fits its tables and its hidden
    /// part, keeps its labels and checkpoints the model.
    fn fit_next_phase(&self, fitted: &mut Fitted) -> io::Result<()> {
        let current = self.fit.phases - 1 - fitted.done as usize;
        let positions = self.positions_of(current);
        let eval = self.label_eval(self.weights_of(&fitted.model, &fitted.hidden_parts));
        let labelled = self.label_keeping(&positions, current, "labels", "labelling", &eval)?;
        let (fewest, most) = empties_range(&positions);
        let before = self.label_keeping(
            &self.neighbours_before(most),
            current,
            "before",
            "labelling the neighbours before",
            &eval,
        )?;
        let window = self.fit.window;
        let neighbours = fitted
            .labelled_later
            .iter()
            .filter(|s| s.position.empty_count() + window >= fewest)
            .chain(&before);
        let samples: Vec<Sample> = labelled.iter().chain(neighbours).copied().collect();
        self.fit_tables(&mut fitted.model, current, &samples)?;
        fitted.hidden_parts[current] = self.hidden_part(&fitted.model, current, &labelled)?;
        write_samples(&self.labels_path(current), &labelled)?;
        for name in ["labels", "before"] {
            fs::remove_file(self.partial(name, current))?;
        }
        fitted.labelled_later.extend(labelled);
        fitted.done += 1;
        save_checkpoint(&self.checkpoint(), &fitted.model, fitted.done)
    }

    /// The positions just before a phase whose most empty squares are `most`, within the window.
    /// The neighbours nearer the end are labelled already. Those before it are labelled like the
    /// phase's own positions, by searches on the weights fitted so far: their leaves fall in this
    /// phase, whose weights are still the ones the fit started from. From zeros those would judge
    /// every leaf even, so then only the exactly solved ones are taken.
    fn neighbours_before(&self, most: u32) -> Vec<Sample> {
        self.train
            .iter()
            .filter(|s| {
                let empties = s.position.empty_count();
                empties > most
                    && empties <= most + self.fit.window
                    && (s.exact || self.start.is_some())
            })
            .copied()
            .collect()
    }

    /// `positions` labelled by searches on `eval`, the labels kept in a partial file named
    /// `name` as they come so that a stopped run searches only the rest.
    fn label_keeping(
        &self,
        positions: &[Sample],
        phase: usize,
        name: &str,
        message: &'static str,
        eval: &PatternEval,
    ) -> io::Result<Vec<Sample>> {
        let label_bar = bar(positions.len() as u64, message);
        label_bar.set_prefix(format!("phase {phase}"));
        let partial = self.partial(name, phase);
        let labelled = relabel_keeping(positions, self.labels, eval, &label_bar, &partial)?;
        label_bar.finish();
        Ok(labelled)
    }

    /// Fits the tables of `phase` on `samples`.
    fn fit_tables(&self, model: &mut Model, phase: usize, samples: &[Sample]) -> io::Result<()> {
        let fit_bar = bar(
            u64::from(self.fit.epochs) * samples.len() as u64,
            "fitting (epochs x positions)",
        );
        fit_bar.set_prefix(format!("phase {phase}"));
        let seed = self.seed ^ phase as u64;
        fit(
            model,
            phase,
            samples,
            self.fit,
            seed,
            0,
            &fit_bar,
            |_, _| Ok(()),
        )?;
        fit_bar.finish();
        Ok(())
    }

    /// A phase's hidden part on its fitted tables (read back from its checkpoint when the phase
    /// was done before a resume); none without, or where no game reached the phase.
    fn hidden_part(
        &self,
        model: &Model,
        phase: usize,
        labelled: &[Sample],
    ) -> io::Result<Option<HiddenPhase>> {
        match self.hidden {
            Some(hidden) if !labelled.is_empty() => {
                let weights = model.to_weights();
                let (part, _) = fit_or_resume(&weights, phase, labelled, self.dir, hidden)?;
                Ok(Some(part))
            }
            _ => Ok(None),
        }
    }

    fn weights_of(&self, model: &Model, parts: &[Option<HiddenPhase>]) -> Weights {
        match self.hidden {
            Some(_) => with_hidden(&model.to_weights(), parts),
            None => model.to_weights(),
        }
    }

    /// The evaluation labels are searched with; the deeper searches cut by its ProbCut
    /// statistics when the run has some.
    fn label_eval(&self, weights: Weights) -> PatternEval {
        let eval = PatternEval::new(weights);
        match self.probcut {
            Some(statistics) => eval.with_probcut(statistics.clone()),
            None => eval,
        }
    }

    /// The positions the run trains on in `phase`.
    fn positions_of(&self, phase: usize) -> Vec<Sample> {
        let phases = self.fit.phases;
        self.train
            .iter()
            .filter(|s| pattern::phase(s.position.empty_count(), phases) == phase)
            .copied()
            .collect()
    }

    fn checkpoint(&self) -> PathBuf {
        self.dir.join("fit.ckpt")
    }

    fn labels_path(&self, phase: usize) -> PathBuf {
        self.dir.join(format!("labels-{phase}.bin"))
    }

    fn partial(&self, name: &str, phase: usize) -> PathBuf {
        self.dir.join(format!("{name}-{phase}.partial"))
    }
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

pub(crate) fn bar(length: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(length).with_message(message);
    if let Ok(style) = ProgressStyle::with_template(
        "{prefix} {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}

//! Fitting the Multi-ProbCut statistics the engine ships (`weights/probcut.txt`): positions from
//! seeded self-play, each searched full width with the shipped evaluation (or given weights, to
//! fit new weights' statistics before they are shipped) to every depth up to
//! a maximum; per range of empties and depth, a least-squares line deep ≈ a·shallow + b and the
//! standard deviation of its error. The endgame's fits are made the same way from positions of
//! each count of empties near the end, solved exactly: the exact score against a shallow
//! search's.
//!
//! The searches are appended to `DIR/probcut-samples.txt` and `DIR/probcut-end-samples.txt`,
//! one position a line, so a stopped run resumes where it was; the settings are recorded beside
//! them and a resume with others refused.

use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::Position;
use reversi_engine::data_file::fnv1a;
use reversi_engine::eval::probcut::{HEADER, MAX_DEPTH, ProbCut};
use reversi_engine::eval::{HandEval, PatternEval};
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::Searcher;

use crate::files::{read_if_present, record_settings};
use crate::generate::{PlayConfig, play_game};

/// Ranges of empties that share midgame fits.
const BUCKETS: [(u32, u32); 10] = [
    (10, 14),
    (15, 19),
    (20, 24),
    (25, 29),
    (30, 34),
    (35, 39),
    (40, 44),
    (45, 49),
    (50, 54),
    (55, 60),
];

/// Least depth worth a ProbCut test (shallower, the test costs as much as the search).
const MIN_DEPTH: u32 = 3;

/// Fewest empties with an endgame fit: below, a solve costs little more than the test.
pub const END_MIN: u32 = 14;

/// Deepest shallow search of the endgame samples.
const END_SHALLOW_MAX: u32 = 8;

/// Transposition table of the searches, in MiB.
const HASH_MB: usize = 16;

/// The shallow search paired with a midgame search `depth` plies deep: about half as deep and
/// of the same parity (an evaluation after the same side's move predicts best).
pub fn shallow_depth(depth: u32) -> u32 {
    let half = (depth / 2).max(1);
    if (depth - half) % 2 == 1 && half > 1 {
        half - 1
    } else {
        half
    }
}

/// The shallow search paired with an exact solve of `empties` empties: about a quarter as
/// deep and, as for the midgame, of the same parity.
pub fn end_shallow_depth(empties: u32) -> u32 {
    let quarter = (empties / 4).clamp(1, END_SHALLOW_MAX);
    if (empties - quarter).is_multiple_of(2) {
        quarter
    } else if quarter > 2 {
        quarter - 1
    } else {
        quarter + 1
    }
}

/// Everything a fit depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbCutConfig {
    /// Where the samples and settings go.
    pub dir: PathBuf,
    /// Where the statistics file goes.
    pub out: PathBuf,
    pub seed: u64,
    /// Positions per range of empties for the midgame fits.
    pub positions: usize,
    /// Deepest midgame search fitted.
    pub max_depth: u32,
    /// Positions per count of empties for the endgame fits.
    pub end_positions: usize,
    /// Most empties with an endgame fit (each of its positions is solved exactly).
    pub end_max: u32,
    /// Weights file whose statistics these are (the shipped weights without one).
    pub weights: Option<PathBuf>,
}

impl ProbCutConfig {
    /// The command line that makes these statistics, written into the file.
    fn command(&self) -> String {
        let weights = self
            .weights
            .as_ref()
            .map(|path| format!(" --weights {}", path.display()))
            .unwrap_or_default();
        format!(
            "reversi-trainer probcut --seed {} --positions {} --max-depth {} --end-positions {} \
             --end-max {}{weights}",
            self.seed, self.positions, self.max_depth, self.end_positions, self.end_max
        )
    }
}

/// One position to search, with its scores wanted at depths 0..=`depth` and, when `to_end`,
/// its exact score after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Task {
    position: Position,
    depth: u32,
    to_end: bool,
}

/// How the games the positions come from are played.
const PLAY: PlayConfig = PlayConfig {
    depth: 2,
    noise: 3,
    random_plies: 10,
    exact_empties: 0,
};

/// The positions of a game, less those where the side to move must pass.
fn game_positions(seed: u64, game: u64) -> Vec<Position> {
    play_game(&PLAY, &HandEval, seed, game)
        .iter()
        .map(|s| s.position)
        .filter(|p| p.legal_moves() != 0)
        .collect()
}

/// The seeded midgame positions: from each self-play game, one random position per range of
/// empties, until every range has its count.
fn tasks(config: &ProbCutConfig) -> Vec<Task> {
    let mut rng = SplitMix64::new(config.seed ^ 0x5052_4F42_4355_5421);
    let mut mid: Vec<Vec<Task>> = vec![Vec::new(); BUCKETS.len()];
    let mut game = 0;
    while mid.iter().any(|m| m.len() < config.positions) {
        let positions = game_positions(config.seed, game);
        game += 1;
        for (bucket, &(low, high)) in mid.iter_mut().zip(&BUCKETS) {
            let inside: Vec<&Position> = positions
                .iter()
                .filter(|p| (low..=high).contains(&p.empty_count()))
                .collect();
            if bucket.len() < config.positions && !inside.is_empty() {
                bucket.push(Task {
                    position: *inside[rng.below(inside.len())],
                    depth: config.max_depth.min(low - 1),
                    to_end: false,
                });
            }
        }
    }
    mid.into_iter().flatten().collect()
}

/// The seeded endgame positions: from each self-play game (others than the midgame's), its
/// position at each count of empties from `END_MIN` to `end_max`, until every count has its
/// number.
fn end_tasks(config: &ProbCutConfig) -> Vec<Task> {
    let counts = END_MIN..=config.end_max;
    let mut end: Vec<Vec<Task>> = vec![Vec::new(); counts.clone().count()];
    // Far from the midgame's game numbers, so that those positions stay what they were.
    let mut game = 1 << 32;
    while end.iter().any(|e| e.len() < config.end_positions) {
        let positions = game_positions(config.seed, game);
        game += 1;
        for (tasks, empties) in end.iter_mut().zip(counts.clone()) {
            let found = positions.iter().find(|p| p.empty_count() == empties);
            if let Some(&position) = found
                && tasks.len() < config.end_positions
            {
                tasks.push(Task {
                    position,
                    depth: END_SHALLOW_MAX.min(empties - 1),
                    to_end: true,
                });
            }
        }
    }
    end.into_iter().flatten().collect()
}

/// One searched position: its empties and its scores at depths 0, 1, ...
struct Sample {
    empties: u32,
    scores: Vec<i32>,
}

fn parse_sample(line: &str) -> io::Result<Sample> {
    let bad = || io::Error::other(format!("bad sample line: {line}"));
    let mut words = line.split_whitespace();
    let empties = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let scores = words
        .map(|w| w.parse::<i32>().map_err(|_| bad()))
        .collect::<io::Result<Vec<i32>>>()?;
    Ok(Sample { empties, scores })
}

/// The scores of one task, as a line of the samples file: `empties scores...` (the exact score
/// last for an endgame task).
fn search(searcher: &mut Searcher<PatternEval>, task: Task) -> String {
    let mut depths: Vec<u32> = (0..=task.depth).collect();
    if task.to_end {
        depths.push(task.position.empty_count());
    }
    searcher.clear();
    let scores = searcher.depth_scores(task.position, &depths);
    let mut line = task.position.empty_count().to_string();
    for score in scores {
        let _ = write!(line, " {score}");
    }
    line
}

/// Least-squares line of `deep` on `shallow` and the standard deviation of its error; `None`
/// with too few samples or no usable slope.
pub fn fit_line(pairs: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n = pairs.len() as f64;
    if pairs.len() < 3 {
        return None;
    }
    let mean_x = pairs.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = pairs.iter().map(|p| p.1).sum::<f64>() / n;
    let var_x = pairs.iter().map(|p| (p.0 - mean_x).powi(2)).sum::<f64>();
    let cov = pairs
        .iter()
        .map(|p| (p.0 - mean_x) * (p.1 - mean_y))
        .sum::<f64>();
    if var_x <= 0.0 {
        return None;
    }
    let a = cov / var_x;
    let b = mean_y - a * mean_x;
    let residual = pairs
        .iter()
        .map(|p| (p.1 - a * p.0 - b).powi(2))
        .sum::<f64>();
    let sigma = (residual / (n - 2.0)).sqrt().max(1.0);
    (a > 0.05).then_some((a, b, sigma))
}

/// The statistics file of the samples: one line per fit.
fn statistics(config: &ProbCutConfig, samples: &[Sample], end_samples: &[Sample]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Multi-ProbCut statistics of the pattern evaluation, made by\n# {}\n\
         # empties_min empties_max depth shallow a b sigma (b, sigma in evaluation units)\n{HEADER}",
        config.command()
    );
    for &(low, high) in &BUCKETS {
        let rows: Vec<&Sample> = samples
            .iter()
            .filter(|s| (low..=high).contains(&s.empties))
            .collect();
        for depth in MIN_DEPTH..=config.max_depth.min(low - 1).min(MAX_DEPTH) {
            let shallow = shallow_depth(depth);
            let pairs: Vec<(f64, f64)> = rows
                .iter()
                .filter_map(|s| {
                    let at = |d: u32| s.scores.get(d as usize).map(|&v| f64::from(v));
                    Some((at(shallow)?, at(depth)?))
                })
                .collect();
            if let Some((a, b, sigma)) = fit_line(&pairs) {
                let _ = writeln!(
                    text,
                    "{low} {high} {depth} {shallow} {a:.4} {b:.1} {sigma:.1}"
                );
            }
        }
    }
    for empties in END_MIN..=config.end_max {
        let shallow = end_shallow_depth(empties);
        let pairs: Vec<(f64, f64)> = end_samples
            .iter()
            .filter(|s| s.empties == empties)
            .filter_map(|s| {
                let exact = *s.scores.last()?;
                let guess = *s.scores.get(shallow as usize)?;
                Some((f64::from(guess), f64::from(exact)))
            })
            .collect();
        if let Some((a, b, sigma)) = fit_line(&pairs) {
            let _ = writeln!(
                text,
                "{empties} {empties} end {shallow} {a:.4} {b:.1} {sigma:.1}"
            );
        }
    }
    text
}

/// Runs (or resumes) the searches, fits them and writes the statistics; returns the file's text.
pub fn run_probcut(config: &ProbCutConfig) -> io::Result<String> {
    fs::create_dir_all(&config.dir)?;
    let (eval, settings_of_weights) = match &config.weights {
        Some(path) => {
            let bytes = fs::read(path).map_err(|error| {
                io::Error::new(error.kind(), format!("{}: {error}", path.display()))
            })?;
            let eval = PatternEval::from_bytes(&bytes)
                .map_err(|error| io::Error::other(format!("{}: {error}", path.display())))?;
            // The path alone would let a resume search other weights of the same name.
            (eval, format!("weights checksum {:08x}\n", fnv1a(&bytes)))
        }
        None => (
            PatternEval::shipped().map_err(io::Error::other)?,
            String::new(),
        ),
    };
    let settings = format!("{}\n{settings_of_weights}", config.command());
    record_settings(&config.dir, "probcut-settings.txt", &settings)?;

    let mut searcher = Searcher::with_evaluator(HASH_MB, eval);
    let samples = searched_samples(
        &mut searcher,
        &tasks(config),
        &config.dir.join("probcut-samples.txt"),
        "searching shallow and deep",
    )?;
    let end_samples = searched_samples(
        &mut searcher,
        &end_tasks(config),
        &config.dir.join("probcut-end-samples.txt"),
        "solving near the end",
    )?;
    let text = statistics(config, &samples, &end_samples);
    ProbCut::parse(&text).map_err(io::Error::other)?;
    fs::write(&config.out, &text)?;
    Ok(text)
}

/// The samples of `tasks`: those already in the file at `path`, then the rest searched and
/// appended one by one.
fn searched_samples(
    searcher: &mut Searcher<PatternEval>,
    tasks: &[Task],
    path: &Path,
    message: &'static str,
) -> io::Result<Vec<Sample>> {
    let existing = String::from_utf8(read_if_present(path)?)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?;
    // Only whole lines count: a run stopped mid-write loses its last position, nothing more.
    let mut lines: Vec<String> = existing
        .split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .map(|l| l.trim_end().to_string())
        .collect();
    lines.truncate(tasks.len());
    let mut kept = lines.join("\n");
    if !kept.is_empty() {
        kept.push('\n');
    }
    fs::write(path, kept)?;

    let mut file = OpenOptions::new().append(true).open(path)?;
    let bar = ProgressBar::new(tasks.len() as u64).with_message(message);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}")
    {
        bar.set_style(style);
    }
    bar.set_position(lines.len() as u64);
    for &task in &tasks[lines.len()..] {
        let line = search(searcher, task);
        writeln!(file, "{line}")?;
        lines.push(line);
        bar.inc(1);
    }
    bar.finish();
    lines.iter().map(|line| parse_sample(line)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depths_are_about_half_and_of_the_same_parity() {
        let pairs: Vec<(u32, u32)> = (3..=10).map(|d| (d, shallow_depth(d))).collect();
        assert_eq!(
            pairs,
            [
                (3, 1),
                (4, 2),
                (5, 1),
                (6, 2),
                (7, 3),
                (8, 4),
                (9, 3),
                (10, 4)
            ]
        );
    }

    #[test]
    fn endgame_shallow_depths_are_about_a_quarter_and_of_the_same_parity() {
        let pairs: Vec<(u32, u32)> = [14, 15, 17, 20, 21, 25, 30]
            .iter()
            .map(|&e| (e, end_shallow_depth(e)))
            .collect();
        assert_eq!(
            pairs,
            [
                (14, 2),
                (15, 3),
                (17, 3),
                (20, 4),
                (21, 5),
                (25, 5),
                (30, 6)
            ]
        );
    }

    #[test]
    fn a_line_is_fitted_with_its_error() {
        let pairs: Vec<(f64, f64)> = (0..10)
            .map(|i| {
                let x = f64::from(i) * 100.0;
                let noise = if i % 2 == 0 { 10.0 } else { -10.0 };
                (x, 0.9 * x + 50.0 + noise)
            })
            .collect();
        let (a, b, sigma) = fit_line(&pairs).unwrap();
        assert!((a - 0.9).abs() < 0.01, "{a}");
        assert!((b - 50.0).abs() < 10.0, "{b}");
        assert!((sigma - 10.0).abs() < 2.0, "{sigma}");
        assert_eq!(fit_line(&pairs[..2]), None);
    }
}

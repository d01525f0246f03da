//! `reversi-engine match --games N --depth D --eval-a E --eval-b E`: two evaluations searching to
//! the same fixed depth (or for the same time a move), colours alternating, from seeded random
//! openings; the measure of an evaluation, or of the selective search, against another with
//! everything else equal.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use reversi_engine::arena::Player;
use reversi_engine::search::SearchLimits;

use crate::Failure;
use crate::options::{MAX_EXACT_EMPTIES, check_hash, parse_eval, parse_number, with_probcut};
use crate::selfplay::play_games;

#[derive(Args)]
pub struct MatchArgs {
    /// Number of games (pairs of games share an opening, colours swapped).
    #[arg(long, default_value_t = 100, value_parser = parse_number::<usize>)]
    games: usize,
    /// Midgame search depth of both players, in plies (1-60).
    #[arg(long, default_value_t = 4, value_parser = parse_number::<u32>)]
    depth: u32,
    /// Both players solve exactly at or below this many empty squares (0-36).
    #[arg(long, default_value_t = 0, value_parser = parse_number::<u32>)]
    exact_empties: u32,
    /// Player A's evaluation: pattern (learned), hand (hand-written) or weights:FILE.
    #[arg(long, default_value = "pattern")]
    eval_a: String,
    /// Player B's evaluation.
    #[arg(long, default_value = "hand")]
    eval_b: String,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1, value_parser = parse_number::<u64>)]
    seed: u64,
    /// Transposition table size in MiB for each player.
    #[arg(long, default_value_t = 16, value_parser = parse_number::<usize>)]
    hash_mb: usize,
    /// Both players think exactly this many milliseconds a move (1 to 86400000, a day), as deep
    /// as that allows (the last iteration completed decides; the levels' time planning, which
    /// may stop early, is not used), instead of searching to --depth.
    #[arg(long, value_parser = parse_number::<u64>)]
    move_time_ms: Option<u64>,
    /// Player A searches full width (no Multi-ProbCut).
    #[arg(long)]
    full_width_a: bool,
    /// Player B searches full width.
    #[arg(long)]
    full_width_b: bool,
    /// ProbCut statistics fitted for player A's weights (`reversi-trainer probcut --weights`):
    /// without them a weights:FILE searches full width.
    #[arg(long)]
    probcut_a: Option<PathBuf>,
    /// ProbCut statistics fitted for player B's weights.
    #[arg(long)]
    probcut_b: Option<PathBuf>,
}

pub fn run(args: MatchArgs, out: &mut impl Write) -> Result<(), Failure> {
    check_hash(args.hash_mb, 2)?;
    check_limits(&args)?;
    let mut limits = SearchLimits {
        solve_empties: args.exact_empties,
        wld_empties: args.exact_empties,
        ..SearchLimits::depth(args.depth)
    }
    .with_hash_mb(args.hash_mb);
    // A fixed thinking time searches as deep as it allows: iterative deepening is stopped.
    let think_time = args.move_time_ms.map(Duration::from_millis);
    if think_time.is_some() {
        limits.depth = MAX_DEPTH;
    }
    let player = |eval: &str, full_width: bool, probcut: Option<&Path>, flag: &str| {
        Ok::<_, Failure>(Player {
            limits: limits.clone().with_selective(!full_width),
            eval: with_probcut(parse_eval(eval)?, probcut, flag)?,
            think_time,
        })
    };
    let a = player(
        &args.eval_a,
        args.full_width_a,
        args.probcut_a.as_deref(),
        "--probcut-a",
    )?;
    let b = player(
        &args.eval_b,
        args.full_width_b,
        args.probcut_b.as_deref(),
        "--probcut-b",
    )?;
    let summary = play_games(
        out,
        (&a, &b),
        (&args.eval_a, &args.eval_b),
        args.games,
        args.seed,
    )?;
    writeln!(
        out,
        "match games={} {} a={} b={} a_wins={} b_wins={} draws={} a_points={:.1}% a_disc_diff={:+}",
        summary.games,
        match args.move_time_ms {
            Some(ms) => format!("move_time_ms={ms}"),
            None => format!("depth={}", args.depth),
        },
        args.eval_a,
        args.eval_b,
        summary.a_wins,
        summary.b_wins,
        summary.draws,
        summary.a_score() * 100.0,
        summary.a_disc_diff
    )?;
    Ok(())
}

/// The deepest fixed depth: the whole game.
const MAX_DEPTH: u32 = 60;

/// The longest time a move: a day, in milliseconds.
const LONGEST_MOVE_MS: u64 = 24 * 60 * 60 * 1000;

/// Refuses the numbers a match could not finish with: no games, a depth beyond the game, more
/// empty squares solved than a solve can take on, a move time of zero or beyond a day.
fn check_limits(args: &MatchArgs) -> Result<(), Failure> {
    let problem = if args.games == 0 {
        "--games must be at least 1".to_string()
    } else if !(1..=MAX_DEPTH).contains(&args.depth) {
        format!("--depth {} is out of range (1..={MAX_DEPTH})", args.depth)
    } else if args.exact_empties > MAX_EXACT_EMPTIES {
        format!(
            "--exact-empties {} is out of range (0..={MAX_EXACT_EMPTIES}): a solve of more empty squares would not end",
            args.exact_empties
        )
    } else if let Some(ms) = args
        .move_time_ms
        .filter(|ms| !(1..=LONGEST_MOVE_MS).contains(ms))
    {
        format!("--move-time-ms {ms} is out of range (1..={LONGEST_MOVE_MS}, a day)")
    } else {
        return Ok(());
    };
    Err(Failure::Usage(problem))
}

//! `reversi-engine selfplay --games N --a L --b L [--seed S] [--eval-a E] [--eval-b E]`: a match
//! between two levels, colours alternating, from seeded random openings, with thinking times
//! per level.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use reversi_engine::arena::{
    MatchGame, MatchSummary, Player, play_game_between, play_variant_game,
};
use reversi_engine::eval::Evaluation;
use reversi_engine::search::{DEFAULT_HASH_MB, Level};
use reversi_engine::variant::Variant;

use crate::Failure;
use crate::options::{DEFAULT_EVAL, check_hash, parse_eval, parse_level, parse_number};
use crate::variant::take_variant;

#[derive(Args)]
pub struct SelfplayArgs {
    /// Number of games (pairs of games share an opening, colours swapped).
    #[arg(long, value_parser = parse_number::<usize>)]
    games: usize,
    /// Player A's level.
    #[arg(long)]
    a: String,
    /// Player B's level.
    #[arg(long)]
    b: String,
    /// Seed of the openings and of the weaker levels' choices.
    #[arg(long, default_value_t = 1, value_parser = parse_number::<u64>)]
    seed: u64,
    /// Transposition table size in MiB for each player.
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = parse_number::<usize>)]
    hash_mb: usize,
    /// Player A's evaluation: pattern (learned), hand (hand-written) or weights:FILE.
    #[arg(long, default_value = DEFAULT_EVAL)]
    eval_a: String,
    /// Player B's evaluation.
    #[arg(long, default_value = DEFAULT_EVAL)]
    eval_b: String,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876; reverse- before any of them (reverse-othello) makes the fewest discs win.
    #[arg(long, default_value = "othello")]
    variant: String,
}

/// One game's line: number, A's colour, winner, disc differential, moves.
fn game_line(game: &MatchGame) -> String {
    game_line_with(game, "")
}

/// One game's line with `extra` (` key=value` pairs) before its moves; the sparring match
/// adds the partner's book moves and blunders.
pub(crate) fn game_line_with(game: &MatchGame, extra: &str) -> String {
    let transcript: String = game
        .moves
        .iter()
        .map(|m| m.map_or("--".to_string(), |s| s.to_string()))
        .collect();
    let result = match game.a_disc_diff.signum() {
        1 => "a",
        -1 => "b",
        _ => "draw",
    };
    format!(
        "game {} a={} winner={result} a_disc_diff={:+}{extra} moves={transcript}",
        game.index + 1,
        if game.a_is_black { "black" } else { "white" },
        game.a_disc_diff
    )
}

/// Median, mean and maximum thinking time of a player's moves.
pub(crate) fn time_summary(name: &str, times: &mut [Duration]) -> String {
    if times.is_empty() {
        return format!("{name}: no moves");
    }
    times.sort();
    let median = times[times.len() / 2].as_secs_f64();
    let max = times[times.len() - 1].as_secs_f64();
    let mean = times.iter().map(|t| t.as_secs_f64()).sum::<f64>() / times.len() as f64;
    format!(
        "{name}: moves={} median={median:.3}s mean={mean:.3}s max={max:.3}s",
        times.len()
    )
}

/// Plays `games` games between `a` and `b` (named `names` in the output), printing one line per
/// game and then each player's thinking times; returns the score.
pub fn play_games(
    out: &mut impl Write,
    (a, b): (&Player<Evaluation>, &Player<Evaluation>),
    names: (&str, &str),
    games: usize,
    seed: u64,
) -> Result<MatchSummary, Failure> {
    let mut summary = MatchSummary::default();
    let (mut a_times, mut b_times) = (Vec::new(), Vec::new());
    for index in 0..games {
        let game = play_game_between(a, b, seed, index);
        summary.add(&game);
        writeln!(out, "{}", game_line(&game))?;
        a_times.extend_from_slice(&game.a_times);
        b_times.extend_from_slice(&game.b_times);
    }
    let (name_a, name_b) = names;
    writeln!(
        out,
        "{}",
        time_summary(&format!("time a={name_a}"), &mut a_times)
    )?;
    writeln!(
        out,
        "{}",
        time_summary(&format!("time b={name_b}"), &mut b_times)
    )?;
    Ok(summary)
}

pub fn run(args: SelfplayArgs, out: &mut impl Write) -> Result<(), Failure> {
    let a = parse_level(&args.a)?;
    let b = parse_level(&args.b)?;
    // Each player has a table.
    check_hash(args.hash_mb, 2)?;
    if args.games == 0 {
        return Err(Failure::Usage("--games must be at least 1".to_string()));
    }
    let variant = take_variant(&mut Vec::new(), &args.variant)?;
    // The standard match plays from Othello's start with Black first; the rest is the variants'.
    if variant != Variant::OTHELLO {
        return play_variant_games(variant, (a, b), args.games, args.seed, out);
    }
    let player_a = Player {
        limits: a.limits().with_hash_mb(args.hash_mb),
        eval: parse_eval(&args.eval_a)?,
        think_time: None,
    };
    let player_b = Player {
        limits: b.limits().with_hash_mb(args.hash_mb),
        eval: parse_eval(&args.eval_b)?,
        think_time: None,
    };
    let summary = play_games(
        out,
        (&player_a, &player_b),
        (&a.to_string(), &b.to_string()),
        args.games,
        args.seed,
    )?;
    writeln!(
        out,
        "selfplay games={} a_wins={} b_wins={} draws={} a_disc_diff={:+}",
        summary.games, summary.a_wins, summary.b_wins, summary.draws, summary.a_disc_diff
    )?;
    Ok(())
}

/// `selfplay --variant V`: `games` games between two levels on another variant, searched by the
/// variants' engine.
fn play_variant_games(
    variant: Variant,
    (a, b): (Level, Level),
    games: usize,
    seed: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut summary = MatchSummary::default();
    let (mut a_times, mut b_times) = (Vec::<Duration>::new(), Vec::new());
    for index in 0..games {
        let game = play_variant_game(variant, (&a.limits(), &b.limits()), seed, index);
        summary.add(&game);
        writeln!(out, "{}", game_line(&game))?;
        a_times.extend_from_slice(&game.a_times);
        b_times.extend_from_slice(&game.b_times);
    }
    writeln!(
        out,
        "{}",
        time_summary(&format!("time a={a}"), &mut a_times)
    )?;
    writeln!(
        out,
        "{}",
        time_summary(&format!("time b={b}"), &mut b_times)
    )?;
    writeln!(
        out,
        "selfplay variant={variant} games={} a_wins={} b_wins={} draws={} a_disc_diff={:+}",
        summary.games, summary.a_wins, summary.b_wins, summary.draws, summary.a_disc_diff
    )?;
    Ok(())
}

//! The engine of this checkout ("new") against the engine of an earlier commit ("base"), built
//! side by side into one program by `scripts/versus.sh`: each with its own shipped evaluation,
//! ProbCut statistics and search. Either each move is thought for exactly the same time (the
//! search is stopped then; the levels' time planning is not used), or each side plays a level
//! with that level's own limits and time planning, on one thread (two matches can share two
//! cores). The openings and colours are those of `reversi-engine match`: pairs of games share a
//! seeded random opening, colours swapped.
//!
//! Usage: versus GAMES MOVE_TIME_MS|LEVEL SEED HASH_MB

use std::process::ExitCode;
use std::time::Duration;

use reversi_engine::arena::opening;
use reversi_engine::search::{Level, SearchLimits, Searcher, stopped_after};
use reversi_engine::{Position, Square};

/// How each side thinks about a move: its engine's limits, and the time after which the search
/// is stopped (none when the limits stop it).
struct Pace {
    new: SearchLimits,
    base: reversi_engine_base::search::SearchLimits,
    time: Option<Duration>,
    /// As the summary line names it.
    words: String,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((games, pace, seed, hash_mb)) = parse_args(&args) else {
        eprintln!(
            "usage: versus GAMES MOVE_TIME_MS|LEVEL SEED HASH_MB (whole numbers; LEVEL a name \
             such as expert)"
        );
        return ExitCode::from(2);
    };
    let (mut new_wins, mut base_wins, mut draws, mut new_discs) = (0, 0, 0, 0);
    let mut times = [Vec::new(), Vec::new()];
    for index in 0..games as usize {
        let game = match play_game(index, &pace, seed, hash_mb as usize, &mut times) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("versus: {message}");
                return ExitCode::FAILURE;
            }
        };
        match game.new_disc_diff.signum() {
            1 => new_wins += 1,
            -1 => base_wins += 1,
            _ => draws += 1,
        }
        new_discs += game.new_disc_diff;
        println!(
            "game {} new={} new_disc_diff={:+} moves={}",
            index + 1,
            if game.new_is_black { "black" } else { "white" },
            game.new_disc_diff,
            game.moves
        );
    }
    for (name, times) in ["new", "base"].into_iter().zip(&mut times) {
        times.sort();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        let longest = times.last().copied().unwrap_or_default();
        println!(
            "time {name}: moves={} median={:.3}s max={:.3}s",
            times.len(),
            median.as_secs_f64(),
            longest.as_secs_f64()
        );
    }
    let points = (f64::from(new_wins) + f64::from(draws) / 2.0) / games.max(1) as f64;
    println!(
        "versus games={games} {} seed={seed} new_wins={new_wins} \
         base_wins={base_wins} draws={draws} new_points={:.1}% new_disc_diff={new_discs:+}",
        pace.words,
        points * 100.0
    );
    ExitCode::SUCCESS
}

/// GAMES, the pace (MOVE_TIME_MS or LEVEL), SEED and HASH_MB, or `None` when they do not read
/// so.
fn parse_args(args: &[String]) -> Option<(u64, Pace, u64, u64)> {
    let [games, think, seed, hash_mb] = args else {
        return None;
    };
    let pace = match think.parse::<u64>() {
        // Full depth: only the time stops either search.
        Ok(ms) => Pace {
            new: SearchLimits::depth(60),
            base: reversi_engine_base::search::SearchLimits::depth(60),
            time: Some(Duration::from_millis(ms)),
            words: format!("move_time_ms={ms}"),
        },
        // Each engine's own limits for the level, which stop its search by themselves.
        Err(_) => {
            let level: Level = think.parse().ok()?;
            let base_level: reversi_engine_base::search::Level = think.parse().ok()?;
            Pace {
                new: SearchLimits {
                    threads: 1,
                    ..level.limits()
                },
                base: reversi_engine_base::search::SearchLimits {
                    threads: 1,
                    ..base_level.limits()
                },
                time: None,
                words: format!("level={level}"),
            }
        }
    };
    let number = |word: &String| word.parse::<u64>().ok();
    Some((number(games)?, pace, number(seed)?, number(hash_mb)?))
}

struct Game {
    new_is_black: bool,
    new_disc_diff: i32,
    moves: String,
}

/// Game `index`: the new engine has black in even games, as player A of `reversi-engine match`.
fn play_game(
    index: usize,
    pace: &Pace,
    seed: u64,
    hash_mb: usize,
    times: &mut [Vec<Duration>; 2],
) -> Result<Game, String> {
    let new_is_black = index.is_multiple_of(2);
    let mut new = Searcher::learned(hash_mb).map_err(|e| format!("new weights: {e}"))?;
    let mut base = reversi_engine_base::search::Searcher::learned(hash_mb)
        .map_err(|e| format!("base weights: {e}"))?;
    let mut position = Position::start();
    let mut moves = String::new();
    let mut plies = 0;
    for square in opening(seed, index / 2) {
        position = position.play(square).ok_or("an illegal opening move")?;
        moves += &square.to_string();
        plies += 1;
    }
    loop {
        if position.legal_moves() == 0 {
            if position.pass().legal_moves() == 0 {
                break;
            }
            position = position.pass();
            plies += 1;
            continue;
        }
        let black_to_move = plies % 2 == 0;
        let new_to_move = black_to_move == new_is_black;
        let (best, elapsed) = if new_to_move {
            let result = stopped_after(pace.time, |stop| new.best_move(position, &pace.new, stop));
            (result.best, result.elapsed)
        } else {
            let board = reversi_engine_base::Position::new(position.player, position.opponent);
            let result = stopped_after(pace.time, |stop| base.best_move(board, &pace.base, stop));
            let best = result
                .best
                .and_then(|s| Square::from_index(s.index() as u8));
            (best, result.elapsed)
        };
        times[usize::from(!new_to_move)].push(elapsed);
        let square = best
            .filter(|s| position.legal_moves() & s.bit() != 0)
            .ok_or_else(|| format!("game {}: no legal move from a search", index + 1))?;
        position = position.play(square).ok_or("an illegal move")?;
        moves += &square.to_string();
        plies += 1;
    }
    // `position` is seen from the side to move after the last ply.
    let mover_diff = position.final_score();
    let black_diff = if plies % 2 == 0 {
        mover_diff
    } else {
        -mover_diff
    };
    Ok(Game {
        new_is_black,
        new_disc_diff: if new_is_black {
            black_diff
        } else {
            -black_diff
        },
        moves,
    })
}

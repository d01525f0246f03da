//! `reversi-engine sparring --setting S --level L --games N [--seed S]`: a sparring partner (A)
//! against a fixed level (B), colours alternating, from seeded random openings: its score, and
//! how it erred by phase (the measure behind `Sparring::approximate_rating`, see
//! crates/engine/SPARRING.md).

use std::io::Write;

use clap::Args;
use reversi_engine::arena::{MatchGame, MatchSummary, Player, SparringPlayer, play_sparring_game};
use reversi_engine::book::Book;
use reversi_engine::search::{DEFAULT_HASH_MB, Sparring, SparringChoice, SparringPhase};
use reversi_engine::{Position, Square};

use crate::Failure;
use crate::options::{DEFAULT_EVAL, check_hash, parse_eval, parse_level, parse_number};
use crate::selfplay::{game_line_with, time_summary};

#[derive(Args)]
pub struct SparringArgs {
    /// The sparring setting (player A): club, strong-club or master.
    #[arg(long)]
    setting: String,
    /// The level it plays (player B): beginner, intermediate, advanced, expert or 1-60.
    #[arg(long)]
    level: String,
    /// Number of games (pairs of games share an opening, colours swapped).
    #[arg(long, default_value_t = 100, value_parser = parse_number::<usize>)]
    games: usize,
    /// Seed of the openings and of both players' choices.
    #[arg(long, default_value_t = 1, value_parser = parse_number::<u64>)]
    seed: u64,
    /// Transposition table size in MiB for the level's player.
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = parse_number::<usize>)]
    hash_mb: usize,
    /// Both players' evaluation: pattern (learned), hand (hand-written) or weights:FILE.
    #[arg(long, default_value = DEFAULT_EVAL)]
    eval: String,
}

/// The partner's choices of one phase: how many, their summed loss, the blunders among them.
#[derive(Default)]
struct PhaseTally {
    moves: usize,
    loss: i64,
    blunders: usize,
}

/// The partner's choices of a match, by phase, and its forced moves.
#[derive(Default)]
struct Tally {
    phases: [PhaseTally; 3],
    forced: usize,
}

impl Tally {
    fn add(&mut self, choice: &SparringChoice) {
        if choice.forced {
            self.forced += 1;
            return;
        }
        let phase = &mut self.phases[phase_index(choice.phase)];
        phase.moves += 1;
        phase.loss += i64::from(choice.loss);
        phase.blunders += usize::from(choice.blunder);
    }
}

fn phase_index(phase: SparringPhase) -> usize {
    match phase {
        SparringPhase::Book => 0,
        SparringPhase::Midgame => 1,
        SparringPhase::Endgame => 2,
    }
}

const PHASE_NAMES: [&str; 3] = ["book", "midgame", "endgame"];

pub fn run(args: SparringArgs, out: &mut impl Write) -> Result<(), Failure> {
    let sparring: Sparring = args
        .setting
        .parse()
        .map_err(|error| Failure::Usage(format!("{error}")))?;
    let level = parse_level(&args.level)?;
    // The partner's table and the level's.
    check_hash(args.hash_mb, 2)?;
    if args.games == 0 {
        return Err(Failure::Usage("--games must be at least 1".to_string()));
    }
    let eval = parse_eval(&args.eval)?;
    let opponent = Player {
        limits: level.limits().with_hash_mb(args.hash_mb),
        eval: eval.clone(),
        think_time: None,
    };
    // The shipped book, as in the game.
    let book = |position: Position| -> Vec<(Square, i32)> {
        let moves = Book::shipped()
            .lookup_position(position)
            .unwrap_or_default();
        moves.iter().map(|m| (m.square, m.score)).collect()
    };
    let partner = SparringPlayer {
        sparring,
        eval: eval.clone(),
        book: &book,
    };
    let mut summary = MatchSummary::default();
    let mut tally = Tally::default();
    let (mut a_times, mut b_times) = (Vec::new(), Vec::new());
    for index in 0..args.games {
        let mut game_tally = Tally::default();
        let game = play_sparring_game(&partner, &opponent, args.seed, index, |c| {
            game_tally.add(c);
            tally.add(c);
        });
        summary.add(&game);
        writeln!(out, "{}", game_line(&game, &game_tally))?;
        a_times.extend_from_slice(&game.a_times);
        b_times.extend_from_slice(&game.b_times);
    }
    writeln!(
        out,
        "{}",
        time_summary(&format!("time a={sparring}"), &mut a_times)
    )?;
    writeln!(
        out,
        "{}",
        time_summary(&format!("time b={level}"), &mut b_times)
    )?;
    for (name, phase) in PHASE_NAMES.iter().zip(&tally.phases) {
        writeln!(
            out,
            "phase {name}: moves={} mean_loss={:.2} blunders={}",
            phase.moves,
            phase.loss as f64 / phase.moves.max(1) as f64,
            phase.blunders
        )?;
    }
    writeln!(
        out,
        "sparring games={} setting={sparring} level={level} a_wins={} b_wins={} draws={} a_points={:.1}% a_disc_diff={:+} forced={}",
        summary.games,
        summary.a_wins,
        summary.b_wins,
        summary.draws,
        summary.a_score() * 100.0,
        summary.a_disc_diff,
        tally.forced
    )?;
    Ok(())
}

/// One game's line: number, A's colour, winner, disc differential, the partner's book moves and
/// blunders, moves.
fn game_line(game: &MatchGame, tally: &Tally) -> String {
    let blunders: usize = tally.phases.iter().map(|p| p.blunders).sum();
    let extra = format!(" book={} blunders={blunders}", tally.phases[0].moves);
    game_line_with(game, &extra)
}

//! `reversi-engine database show DIR [--moves TEXT] [--games N]`: the moves played from a
//! position in a WTHOR folder's games, with how they ended for the mover, then the first games
//! that reached it.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use reversi_engine::Rules;
use reversi_engine::format::write_transcript;

use super::read_database;
use crate::Failure;
use crate::options::{parse_number, read_game};

#[derive(Args)]
pub struct ShowArgs {
    /// The folder of the WTHOR files.
    #[arg(value_name = "DIR")]
    folder: PathBuf,
    /// The position: a move transcript from the standard start ("f5d6c3"), a board string /
    /// OBF line or a GGF game; the start when not given.
    #[arg(
        long,
        value_name = "TEXT",
        allow_hyphen_values = true,
        default_value = ""
    )]
    moves: String,
    /// How many of the games that reached the position to list.
    #[arg(long, default_value_t = 10, value_parser = parse_number::<usize>)]
    games: usize,
}

pub fn run(args: ShowArgs, out: &mut impl Write) -> Result<(), Failure> {
    let game = read_game(&[args.moves], Rules::default())?;
    let Some(board) = game.standard_board() else {
        return Err(Failure::Usage(format!(
            "the WTHOR database holds standard 8x8 Othello games, not {}",
            game.rules().variant
        )));
    };
    let started = Instant::now();
    let database = read_database(&args.folder)?;
    writeln!(
        out,
        "database games={} damaged={} loaded_ms={}",
        database.len(),
        database.damaged_games(),
        started.elapsed().as_millis()
    )?;
    for each in database.moves(&board) {
        writeln!(
            out,
            "move={} games={} average={:+.1} wins={:.1}%",
            each.square,
            each.games,
            each.average_difference(),
            100.0 * each.win_share()
        )?;
    }
    let page = database.games(&board, 0, args.games);
    writeln!(out, "reached={}", page.total)?;
    for game in page.games {
        let moves = database.game_moves(game.id).unwrap_or_default();
        writeln!(
            out,
            "{} {}-{} {} - {} ({}) {}",
            game.year,
            game.black_discs,
            64 - u32::from(game.black_discs),
            game.black,
            game.white,
            game.tournament,
            write_transcript(&moves)
        )?;
    }
    Ok(())
}

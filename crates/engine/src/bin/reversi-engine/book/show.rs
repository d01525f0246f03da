//! `reversi-engine book show TEXT [--book FILE]`: the book moves of a position.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use reversi_engine::Rules;

use super::book_or_shipped;
use crate::Failure;
use crate::options::{read_game, reject_unknown_options, take_option};

#[derive(Args)]
pub struct ShowArgs {
    /// A move transcript from the standard start ("f5d6c3"), a board string / OBF line
    /// ("<64 of X, O, -> <X|O>") or a GGF game. Several arguments are joined with spaces.
    #[arg(
        required = true,
        value_name = "TRANSCRIPT, BOARD STRING OR GGF",
        allow_hyphen_values = true
    )]
    text: Vec<String>,
    /// The book file to read instead of the one shipped in the engine.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
}

pub fn run(mut args: ShowArgs, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(path) = take_option(&mut args.text, "book")? {
        args.book = Some(path.into());
    }
    reject_unknown_options(&args.text)?;
    let game = read_game(&args.text, Rules::default())?;
    let Some(board) = game.standard_board() else {
        return Err(Failure::Usage(format!(
            "the book holds standard 8x8 Othello positions, not {}",
            game.rules().variant
        )));
    };
    let position = board.position();
    let book = book_or_shipped(args.book.as_deref())?;
    match book.lookup_position(position) {
        Some(moves) => {
            writeln!(out, "in book: {} moves, best first", moves.len())?;
            for book_move in moves {
                writeln!(
                    out,
                    "book move={} score={:+} depth={}",
                    book_move.square, book_move.score, book_move.depth
                )?;
            }
        }
        None => writeln!(out, "not in book ({} positions)", book.len())?,
    }
    Ok(())
}

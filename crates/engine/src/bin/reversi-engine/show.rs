//! `reversi-engine show TEXT`: the board of a game or position, with what a player needs to know.

use std::io::Write;

use clap::Args;
use reversi_engine::format::diagram;
use reversi_engine::{Color, Rules, Scoring, Square, parse_game_text};

use crate::Failure;
use crate::options::{reject_unknown_options, take_flag};

#[derive(Args)]
pub struct ShowArgs {
    /// A move transcript from the standard start ("f5d6c3", "1. f5 2. d6") or a board string /
    /// OBF line ("<64 of X, O, -> <X|O>"). Several arguments are joined with spaces; the options
    /// below may come before or after it.
    #[arg(
        required = true,
        value_name = "TRANSCRIPT OR BOARD STRING",
        allow_hyphen_values = true
    )]
    text: Vec<String>,
    /// White moves first from the standard start (the classic "First move" option).
    #[arg(long)]
    white_first: bool,
    /// Score a finished game by the federation rule (empty squares go to the winner).
    #[arg(long)]
    empties_to_winner: bool,
}

pub fn run(mut args: ShowArgs, out: &mut impl Write) -> Result<(), Failure> {
    // The text may start with `-` (an empty a1), so clap passes options written after it as part
    // of the text: pick them out here.
    args.white_first |= take_flag(&mut args.text, "white-first");
    args.empties_to_winner |= take_flag(&mut args.text, "empties-to-winner");
    reject_unknown_options(&args.text)?;
    let rules = Rules {
        first_to_move: if args.white_first {
            Color::White
        } else {
            Color::Black
        },
        scoring: if args.empties_to_winner {
            Scoring::EmptiesToWinner
        } else {
            Scoring::DiscCount
        },
    };
    let text = args.text.join(" ");
    let game = parse_game_text(&text, rules).map_err(|error| Failure::Usage(error.to_string()))?;
    let board = game.board();
    write!(out, "{}", diagram(&board))?;
    if !game.moves().is_empty() {
        writeln!(
            out,
            "moves:       {} ({} plies)",
            game.transcript(),
            game.moves().len()
        )?;
    }
    writeln!(
        out,
        "discs:       Black (X) {}, White (O) {}, empty {}",
        board.count(Color::Black),
        board.count(Color::White),
        64 - board.count(Color::Black) - board.count(Color::White)
    )?;
    match game.result() {
        Some(result) => writeln!(out, "result:      {result}")?,
        None => {
            let to_move = board.to_move;
            writeln!(out, "to move:     {to_move} ({})", to_move.symbol())?;
            let legal: Vec<String> = Square::iter_bits(board.legal_moves())
                .map(|square| square.to_string())
                .collect();
            if legal.is_empty() {
                writeln!(out, "legal moves: none, {to_move} must pass")?;
            } else {
                writeln!(out, "legal moves: {} (+ on the board)", legal.join(" "))?;
            }
        }
    }
    writeln!(out, "board:       {}", board.to_board_string())?;
    Ok(())
}

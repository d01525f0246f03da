use clap::Args;
use reversi_engine::format::diagram;
use reversi_engine::{Color, Rules, Scoring, Square, parse_game_text};

use crate::UsageError;

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

pub fn run(mut args: ShowArgs) -> Result<(), UsageError> {
    // The text may start with `-` (an empty a1), so clap passes options written after it as part
    // of the text: pick them out here.
    args.text.retain(|word| match word.as_str() {
        "--white-first" => {
            args.white_first = true;
            false
        }
        "--empties-to-winner" => {
            args.empties_to_winner = true;
            false
        }
        _ => true,
    });
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
    let game = parse_game_text(&text, rules).map_err(|error| UsageError(error.to_string()))?;
    let board = game.board();
    print!("{}", diagram(&board));
    if !game.moves().is_empty() {
        println!(
            "moves:       {} ({} plies)",
            game.transcript(),
            game.moves().len()
        );
    }
    println!(
        "discs:       Black (X) {}, White (O) {}, empty {}",
        board.count(Color::Black),
        board.count(Color::White),
        64 - board.count(Color::Black) - board.count(Color::White)
    );
    match game.result() {
        Some(result) => println!("result:      {result}"),
        None => {
            let to_move = board.to_move;
            println!("to move:     {to_move} ({})", to_move.symbol());
            let legal: Vec<String> = Square::iter_bits(board.legal_moves())
                .map(|square| square.to_string())
                .collect();
            if legal.is_empty() {
                println!("legal moves: none, {to_move} must pass");
            } else {
                println!("legal moves: {} (+ on the board)", legal.join(" "));
            }
        }
    }
    println!("board:       {}", board.to_board_string());
    Ok(())
}

//! `reversi-engine show TEXT` or `show --ggf FILE [--game N]`: the board of a game or position,
//! with what a player needs to know; a GGF file of many games is listed.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use reversi_engine::format::{GgfGame, parse_game_text};
use reversi_engine::openings::opening_of;
use reversi_engine::variant::{Scoring, Variant, variant_board_string, variant_diagram};
use reversi_engine::{Color, Game, Rules};

use crate::Failure;
use crate::ggf_file::{parse_game_number, pick, read_games, summary};
use crate::options::{reject_unknown_options, take_flag, take_option};
use crate::variant::take_variant;

#[derive(Args)]
pub struct ShowArgs {
    /// A move transcript from the standard start ("f5d6c3", "1. f5 2. d6"), a board string /
    /// OBF line ("<64 of X, O, -> <X|O>") or a GGF game ("(;GM[Othello]...;)"). Several
    /// arguments are joined with spaces; the options below may come before or after it.
    #[arg(
        required_unless_present = "ggf",
        value_name = "TRANSCRIPT, BOARD STRING OR GGF",
        allow_hyphen_values = true
    )]
    text: Vec<String>,
    /// Read the game from a GGF file instead: its players, date, result and final position. A
    /// file of many games is listed unless --game picks one.
    #[arg(long, value_name = "FILE")]
    ggf: Option<PathBuf>,
    /// Which game of the GGF file, counted from 1.
    #[arg(long, value_name = "N")]
    game: Option<String>,
    /// White moves first from the standard start (the classic "First move" option).
    #[arg(long)]
    white_first: bool,
    /// Score a finished game by the federation rule (empty squares go to the winner).
    #[arg(long)]
    empties_to_winner: bool,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876; reverse- before any of them (reverse-othello) makes the fewest discs win.
    #[arg(long, default_value = "othello")]
    variant: String,
}

pub fn run(mut args: ShowArgs, out: &mut impl Write) -> Result<(), Failure> {
    // The text may start with `-` (an empty a1), so clap passes options written after it as part
    // of the text: pick them out here.
    args.white_first |= take_flag(&mut args.text, "white-first");
    args.empties_to_winner |= take_flag(&mut args.text, "empties-to-winner");
    if let Some(path) = take_option(&mut args.text, "ggf")? {
        args.ggf = Some(path.into());
    }
    if let Some(number) = take_option(&mut args.text, "game")? {
        args.game = Some(number);
    }
    let variant = take_variant(&mut args.text, &args.variant)?;
    reject_unknown_options(&args.text)?;
    let number = args.game.as_deref().map(parse_game_number).transpose()?;
    let rules = Rules {
        variant: if args.white_first {
            variant.with_first_to_move(Color::White)
        } else {
            variant
        },
        scoring: if args.empties_to_winner {
            Scoring::EmptiesToWinner
        } else {
            Scoring::DiscCount
        },
    };
    if args.ggf.is_some() && variant != Variant::OTHELLO {
        return Err(Failure::Usage(
            "a GGF file names its own board: --variant is for a game text".to_string(),
        ));
    }
    let game = match (&args.ggf, args.text.is_empty()) {
        (Some(path), true) => match from_file(path, number, out)? {
            Some(game) => game,
            None => return Ok(()),
        },
        (Some(_), false) => {
            return Err(Failure::Usage(
                "give a game text or --ggf FILE, not both".to_string(),
            ));
        }
        (None, _) if number.is_some() => {
            return Err(Failure::Usage(
                "--game picks a game of a --ggf file".to_string(),
            ));
        }
        (None, _) => parse_game_text(&args.text.join(" "), rules)
            .map_err(|error| Failure::Usage(error.to_string()))?,
    };
    show_game(&game, out)
}

/// The game of a GGF file with what the file says about it, or the list of its games when it
/// holds many and none is picked (then `None`).
fn from_file(
    path: &Path,
    number: Option<usize>,
    out: &mut impl Write,
) -> Result<Option<Game>, Failure> {
    let games = read_games(path)?;
    if number.is_none() && games.len() > 1 {
        writeln!(out, "{} games in {}:", games.len(), path.display())?;
        for (index, record) in games.iter().enumerate() {
            writeln!(out, "{}", summary(index + 1, record))?;
        }
        writeln!(out, "show one with --game N")?;
        return Ok(None);
    }
    let record = pick(path, games, number)?;
    show_record(&record, out)?;
    Ok(Some(record.game))
}

/// The players, ratings, date, place, clocks and result a GGF file gives.
fn show_record(record: &GgfGame, out: &mut impl Write) -> Result<(), Failure> {
    for (label, name, rating) in [
        ("black", &record.black, &record.black_rating),
        ("white", &record.white, &record.white_rating),
    ] {
        if let Some(name) = name {
            match rating {
                Some(rating) => writeln!(out, "{label}:       {name} ({rating})")?,
                None => writeln!(out, "{label}:       {name}")?,
            }
        }
    }
    for (label, value) in [
        ("date:        ", &record.date),
        ("place:       ", &record.place),
        ("clock:       ", &record.time),
    ] {
        if let Some(value) = value {
            writeln!(out, "{label}{value}")?;
        }
    }
    if let Some(result) = record.result {
        writeln!(out, "file result: {result} (Black's margin)")?;
    }
    Ok(())
}

/// The board at the end of `game` with the side to move, legal moves, discs and result.
fn show_game(game: &Game, out: &mut impl Write) -> Result<(), Failure> {
    let board = game.board();
    let variant = board.variant();
    if variant != Variant::OTHELLO {
        writeln!(out, "variant:     {variant}")?;
    }
    write!(out, "{}", variant_diagram(&board))?;
    if !game.moves().is_empty() {
        writeln!(
            out,
            "moves:       {} ({} plies)",
            game.transcript(),
            game.moves().len()
        )?;
    }
    if let Some(name) = opening_of(game) {
        writeln!(out, "opening:     {name}")?;
    }
    writeln!(
        out,
        "discs:       Black (X) {}, White (O) {}, empty {}",
        board.count(Color::Black),
        board.count(Color::White),
        board.empties().count()
    )?;
    if let (Some(black), Some(white)) = (
        board.discs_left(Color::Black),
        board.discs_left(Color::White),
    ) {
        writeln!(out, "discs left:  Black {black}, White {white}")?;
    }
    match game.result() {
        Some(result) => writeln!(out, "result:      {result}")?,
        None => {
            let to_move = board.to_move();
            writeln!(out, "to move:     {to_move} ({})", to_move.symbol())?;
            let legal: Vec<String> = board
                .legal_moves()
                .squares()
                .map(|square| square.to_string())
                .collect();
            if legal.is_empty() {
                writeln!(out, "legal moves: none, {to_move} must pass")?;
            } else {
                writeln!(out, "legal moves: {} (+ on the board)", legal.join(" "))?;
            }
        }
    }
    writeln!(out, "board:       {}", variant_board_string(&board))?;
    Ok(())
}

//! `reversi-engine database write DIR (--from FILE | --random N) [--seed S] [--year Y]`: a WTHOR
//! folder of the games of a file (a transcript a line, optionally followed by `| black | white |
//! tournament`) or of random games, for tests and for measuring a large database.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use reversi_engine::board::Board;
use reversi_engine::database::{WthorGame, WthorKind, write_games, write_names};
use reversi_engine::format::excerpt;
use reversi_engine::rng::SplitMix64;
use reversi_engine::{Game, Move, Rules, Square};

use crate::Failure;
use crate::input_file::{FileKind, read_text};
use crate::options::parse_number;

#[derive(Args)]
pub struct WriteArgs {
    /// The folder to write (made if missing); its WTHOR files must not exist yet.
    #[arg(value_name = "DIR")]
    folder: PathBuf,
    /// The games: a transcript a line, then optionally `| black | white | tournament`.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "random",
        required_unless_present = "random"
    )]
    from: Option<PathBuf>,
    /// This many games of random legal moves to the end instead.
    #[arg(long, value_name = "N", value_parser = parse_number::<usize>)]
    random: Option<usize>,
    /// The seed of the random games.
    #[arg(long, default_value_t = 1, value_parser = parse_number::<u64>)]
    seed: u64,
    /// The year of the games, which names the game file.
    #[arg(long, default_value_t = 2000, value_parser = parse_number::<u16>)]
    year: u16,
}

/// Names given once each, in the order they first appear.
#[derive(Default)]
struct Names(Vec<String>);

impl Names {
    fn number(&mut self, name: &str) -> Result<u16, Failure> {
        let at = match self.0.iter().position(|known| known == name) {
            Some(at) => at,
            None => {
                self.0.push(name.to_string());
                self.0.len() - 1
            }
        };
        u16::try_from(at).map_err(|_| {
            Failure::Usage(format!("more than {} names: WTHOR numbers fewer", u16::MAX))
        })
    }

    fn as_strs(&self) -> Vec<&str> {
        self.0.iter().map(String::as_str).collect()
    }
}

pub fn run(args: WriteArgs, out: &mut impl Write) -> Result<(), Failure> {
    let mut players = Names::default();
    let mut tournaments = Names::default();
    let games = match (&args.from, args.random) {
        (Some(path), _) => games_of_file(path, &mut players, &mut tournaments)?,
        (None, count) => {
            players.number("Random")?;
            tournaments.number("Random games")?;
            random_games(count.unwrap_or_default(), args.seed)
        }
    };
    let files = [
        (
            format!("WTH_{}.wtb", args.year),
            write_games(args.year, &games),
        ),
        (
            "WTHOR.JOU".to_string(),
            write_names(args.year, &players.as_strs(), WthorKind::Players),
        ),
        (
            "WTHOR.TRN".to_string(),
            write_names(args.year, &tournaments.as_strs(), WthorKind::Tournaments),
        ),
    ];
    write_folder(&args.folder, &files)?;
    writeln!(
        out,
        "wrote {} games to {}",
        games.len(),
        args.folder.display()
    )?;
    Ok(())
}

fn write_folder(folder: &Path, files: &[(String, Vec<u8>)]) -> Result<(), Failure> {
    let cannot = |path: &Path, error: std::io::Error| {
        Failure::Cannot(format!("cannot write {}: {error}", path.display()))
    };
    // Every file is checked before any is written, so a refusal leaves no half-made folder.
    if let Some((name, _)) = files.iter().find(|(name, _)| folder.join(name).exists()) {
        return Err(Failure::Usage(format!(
            "{} already exists: not overwritten",
            folder.join(name).display()
        )));
    }
    fs::create_dir_all(folder).map_err(|error| cannot(folder, error))?;
    for (name, bytes) in files {
        let path = folder.join(name);
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| file.write_all(bytes))
            .map_err(|error| cannot(&path, error))?;
    }
    Ok(())
}

/// The games of a file of transcripts, their names numbered in `players` and `tournaments`.
fn games_of_file(
    path: &Path,
    players: &mut Names,
    tournaments: &mut Names,
) -> Result<Vec<WthorGame>, Failure> {
    let text = read_text(path, FileKind::Transcripts)?;
    let mut games = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let wrong = |what: String| {
            Failure::Usage(format!("{} line {}: {what}", path.display(), number + 1))
        };
        let mut fields = line.split('|').map(str::trim);
        let transcript = fields.next().unwrap_or_default();
        let mut name = |names: &mut Names| names.number(fields.next().unwrap_or("?"));
        let (black, white, tournament) = (name(players)?, name(players)?, name(tournaments)?);
        let moves = Game::from_transcript(transcript, Rules::default())
            .map_err(|error| wrong(error.to_string()))?
            .moves()
            .iter()
            .filter_map(|mv| match mv {
                Move::Play(square) => Some(*square),
                Move::Pass => None,
            })
            .collect::<Vec<Square>>();
        let Some(mut game) = WthorGame::from_moves(&moves) else {
            return Err(wrong(format!(
                "'{}' is not a game of the standard board",
                excerpt(transcript)
            )));
        };
        (game.black, game.white, game.tournament) = (black, white, tournament);
        games.push(game);
    }
    Ok(games)
}

/// `count` games of moves drawn at random among the legal ones, each to its end.
fn random_games(count: usize, seed: u64) -> Vec<WthorGame> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .filter_map(|_| {
            let mut board = Board::default();
            let mut moves = Vec::with_capacity(60);
            while !board.is_game_over() {
                if board.must_pass() {
                    board = board.pass().ok()?;
                }
                let legal = board.legal_moves();
                let pick = rng.below(legal.count_ones() as usize);
                let square = Square::iter_bits(legal).nth(pick)?;
                board = board.play(square).ok()?;
                moves.push(square);
            }
            WthorGame::from_moves(&moves)
        })
        .collect()
}

//! `reversi-engine best TEXT --level L`: the move a level plays, with its score and line; in the
//! opening book a book move (`book=true`), chosen within the level's tolerated loss.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use reversi_engine::book::Book;
use reversi_engine::eval::Evaluation;
use reversi_engine::search::{AnySearcher, Level, SearchLimits, SearchResult};
use reversi_engine::variant::{Variant, VariantBoard};
use reversi_engine::{Game, Rules};

use crate::Failure;
use crate::ggf_file::{parse_game_number, pick, read_games};
use crate::options::{
    EngineArgs, parse_level, parse_number, parse_option_number, read_game, reject_unknown_options,
    take_flag, take_option,
};
use crate::variant::take_variant;

/// The position, level and table size that `best` and `analyze` share.
#[derive(Args)]
pub struct SearchArgs {
    /// A move transcript from the standard start ("f5d6c3"), a board string / OBF line
    /// ("<64 of X, O, -> <X|O>") or a GGF game ("(;GM[Othello]...;)"). Several arguments are
    /// joined with spaces.
    #[arg(
        required_unless_present = "ggf",
        value_name = "TRANSCRIPT, BOARD STRING OR GGF",
        allow_hyphen_values = true
    )]
    pub text: Vec<String>,
    /// Search the final position of a game of a GGF file instead of a text.
    #[arg(long, value_name = "FILE")]
    ggf: Option<PathBuf>,
    /// Which game of the GGF file, counted from 1 (needed when it holds many).
    #[arg(long, value_name = "N")]
    game: Option<String>,
    /// beginner, intermediate, advanced, expert, or a number 1-60: how deep to look.
    #[arg(long, default_value = "expert")]
    level: String,
    /// Search to the level's depth however long it takes (for analysis; levels have a time
    /// limit otherwise).
    #[arg(long)]
    no_time_limit: bool,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876; reverse- before any of them (reverse-othello) makes the fewest discs win. Its transcripts start from its own start position ("" is the start).
    #[arg(long, default_value = "othello")]
    variant: String,
    #[command(flatten)]
    engine: EngineArgs,
}

/// What a search command works on.
pub struct SearchSetup {
    /// The position of any variant; the searcher hands those with standard Othello's rules to
    /// the fast engine.
    pub board: VariantBoard,
    pub level: Level,
    pub limits: SearchLimits,
    pub searcher: AnySearcher<Evaluation>,
    /// The shipped book, unless `--no-book`.
    pub book: Option<&'static Book>,
}

impl SearchArgs {
    /// The position, level, limits and searcher, with options written after the text picked
    /// out of it (a command takes its own options out first).
    pub fn resolve(&mut self) -> Result<SearchSetup, Failure> {
        if let Some(level) = take_option(&mut self.text, "level")? {
            self.level = level;
        }
        if let Some(hash) = take_option(&mut self.text, "hash-mb")? {
            self.engine.hash_mb = parse_option_number("hash-mb", &hash)?;
        }
        self.no_time_limit |= take_flag(&mut self.text, "no-time-limit");
        self.engine.no_book |= take_flag(&mut self.text, "no-book");
        if let Some(threads) = take_option(&mut self.text, "threads")? {
            self.engine.threads = Some(threads);
        }
        if let Some(eval) = take_option(&mut self.text, "eval")? {
            self.engine.eval = eval;
        }
        if let Some(path) = take_option(&mut self.text, "ggf")? {
            self.ggf = Some(path.into());
        }
        if let Some(number) = take_option(&mut self.text, "game")? {
            self.game = Some(number);
        }
        let variant = take_variant(&mut self.text, &self.variant)?;
        reject_unknown_options(&self.text)?;
        let level = parse_level(&self.level)?;
        let board = self.game(variant)?.board();
        let mut limits = level.limits();
        if self.no_time_limit {
            limits.time = None;
        }
        limits.threads = self.engine.threads(limits.threads)?;
        Ok(SearchSetup {
            board,
            level,
            limits,
            searcher: AnySearcher::new(self.engine.searcher()?),
            book: self.engine.book(),
        })
    }
}

impl SearchArgs {
    /// The game searched: the text's game on `variant`, or the picked game of the GGF file (a
    /// file names its own board).
    fn game(&self, variant: Variant) -> Result<Game, Failure> {
        let number = self.game.as_deref().map(parse_game_number).transpose()?;
        match (&self.ggf, self.text.is_empty()) {
            (Some(_), _) if variant != Variant::OTHELLO => Err(Failure::Usage(
                "a GGF file names its own board: --variant is for a game text".to_string(),
            )),
            (Some(path), true) => Ok(pick(path, read_games(path)?, number)?.game),
            (Some(_), false) => Err(Failure::Usage(
                "give a game text or --ggf FILE, not both".to_string(),
            )),
            (None, _) if number.is_some() => Err(Failure::Usage(
                "--game picks a game of a --ggf file".to_string(),
            )),
            (None, _) => read_game(
                &self.text,
                Rules {
                    variant,
                    ..Rules::default()
                },
            ),
        }
    }
}

#[derive(Args)]
pub struct BestArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Seed for the weaker levels' choice among near-best moves.
    #[arg(long, default_value_t = 0, value_parser = parse_number::<u64>)]
    seed: u64,
}

pub fn run(mut args: BestArgs, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(seed) = take_option(&mut args.search.text, "seed")? {
        args.seed = parse_option_number("seed", &seed)?;
    }
    let SearchSetup {
        board,
        level,
        limits,
        mut searcher,
        book,
    } = args.search.resolve()?;
    let limits = limits.with_seed(args.seed);
    let stop = AtomicBool::new(false);
    let standard = board.to_standard().map(|standard| standard.position());
    // A position of another variant says which; standard Othello's line is as it always was.
    let named = match standard {
        Some(_) => String::new(),
        None => format!(" variant={}", board.variant()),
    };
    writeln!(
        out,
        "level={level}{named} empties={} legal_moves={}",
        board.empties().count(),
        board.legal_moves().count()
    )?;
    // In the book a level plays at once, any move within its tolerated loss (seeded).
    if let Some(book_move) = standard.and_then(|position| {
        book.and_then(|book| book.choose_position(position, limits.max_loss, args.seed))
    }) {
        writeln!(
            out,
            "best move={0} score={1:+} exact=false depth={2} nodes=0 seconds=0.000 pv={0} book=true",
            book_move.square, book_move.score, book_move.depth
        )?;
        return Ok(());
    }
    let result = searcher.best_move(&board, &limits, &stop);
    write_result(&result, out)
}

/// The `best` line of a search's result.
fn write_result(result: &SearchResult, out: &mut impl Write) -> Result<(), Failure> {
    let best = result.best.map_or("pass".to_string(), |s| s.to_string());
    let pv: String = result.pv.iter().map(|s| s.to_string()).collect();
    writeln!(
        out,
        "best move={best} score={:+} exact={} depth={} nodes={} seconds={:.3} pv={pv} book=false",
        result.score,
        result.exact,
        result.depth,
        result.nodes,
        result.elapsed.as_secs_f64()
    )?;
    Ok(())
}

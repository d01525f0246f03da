//! `reversi-engine best TEXT --level L`: the move a level plays, with its score and line.

use std::sync::atomic::AtomicBool;

use clap::Args;
use reversi_engine::search::DEFAULT_HASH_MB;
use reversi_engine::{Level, Position, Rules, Searcher, parse_game_text};

use crate::UsageError;

/// The position, level and table size that `best` and `analyze` share.
#[derive(Args)]
pub struct SearchArgs {
    /// A move transcript from the standard start ("f5d6c3") or a board string / OBF line
    /// ("<64 of X, O, -> <X|O>"). Several arguments are joined with spaces.
    #[arg(
        required = true,
        value_name = "TRANSCRIPT OR BOARD STRING",
        allow_hyphen_values = true
    )]
    pub text: Vec<String>,
    /// beginner, intermediate, advanced, expert, or a number 1-60: how deep to look.
    #[arg(long, default_value = "expert")]
    level: String,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    hash_mb: usize,
}

impl SearchArgs {
    /// The position, level and table size, with options written after the text picked out of it.
    pub fn resolve(&mut self) -> Result<(Position, Level, usize), UsageError> {
        if let Some(level) = take_option(&mut self.text, "level")? {
            self.level = level;
        }
        if let Some(hash) = take_option(&mut self.text, "hash-mb")? {
            self.hash_mb = hash
                .parse()
                .map_err(|_| UsageError(format!("--hash-mb '{hash}' is not a number")))?;
        }
        let level = parse_level(&self.level)?;
        check_hash(self.hash_mb)?;
        Ok((read_position(&self.text)?, level, self.hash_mb))
    }
}

#[derive(Args)]
pub struct BestArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Seed for the weaker levels' choice among near-best moves.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// The text may start with `-` (an empty a1), so clap passes options written after it as part
/// of the text: pick `--name value` and `--name=value` out of it here.
fn take_option(words: &mut Vec<String>, name: &str) -> Result<Option<String>, UsageError> {
    let flag = format!("--{name}");
    let prefix = format!("--{name}=");
    let mut found = None;
    let mut i = 0;
    while i < words.len() {
        if words[i] == flag {
            if i + 1 >= words.len() {
                return Err(UsageError(format!("{flag} needs a value")));
            }
            found = Some(words.remove(i + 1));
            words.remove(i);
        } else if let Some(value) = words[i].strip_prefix(&prefix) {
            found = Some(value.to_string());
            words.remove(i);
        } else {
            i += 1;
        }
    }
    Ok(found)
}

pub fn parse_level(text: &str) -> Result<Level, UsageError> {
    text.parse::<Level>()
        .map_err(|error| UsageError(error.to_string()))
}

pub fn check_hash(hash_mb: usize) -> Result<(), UsageError> {
    if hash_mb == 0 || hash_mb > 65536 {
        return Err(UsageError(format!(
            "--hash-mb {hash_mb} is out of range (1..=65536)"
        )));
    }
    Ok(())
}

/// The position (side to move's view) a transcript or board string leads to.
fn read_position(words: &[String]) -> Result<Position, UsageError> {
    let text = words.join(" ");
    let game =
        parse_game_text(&text, Rules::default()).map_err(|error| UsageError(error.to_string()))?;
    Ok(game.board().position())
}

pub fn run(mut args: BestArgs) -> Result<(), UsageError> {
    if let Some(seed) = take_option(&mut args.search.text, "seed")? {
        args.seed = seed
            .parse()
            .map_err(|_| UsageError(format!("--seed '{seed}' is not a number")))?;
    }
    let (position, level, hash_mb) = args.search.resolve()?;
    let limits = level.limits().with_seed(args.seed);
    let mut searcher = Searcher::new(hash_mb);
    let stop = AtomicBool::new(false);
    println!(
        "level={} empties={} legal_moves={}",
        level,
        position.empty_count(),
        position.legal_moves().count_ones()
    );
    let result = searcher.best_move(position, &limits, &stop);
    let best = result.best.map_or("pass".to_string(), |s| s.to_string());
    let pv: String = result.pv.iter().map(|s| s.to_string()).collect();
    println!(
        "best move={best} score={:+} exact={} depth={} nodes={} seconds={:.3} pv={pv}",
        result.score,
        result.exact,
        result.depth,
        result.nodes,
        result.elapsed.as_secs_f64()
    );
    Ok(())
}

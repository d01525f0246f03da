//! What the commands share about their arguments: options picked out of a text that may start
//! with `-`, unknown options refused, levels, evaluations, and table sizes checked against the
//! memory there is.

use std::path::Path;
use std::str::FromStr;

use clap::Args;
use reversi_engine::book::Book;
use reversi_engine::eval::probcut::ProbCut;
use reversi_engine::eval::{EvalKind, Evaluation, PatternEval, UnknownEval};
use reversi_engine::format::{excerpt, parse_game_text};
use reversi_engine::search::{DEFAULT_HASH_MB, Level, ParseLevelError, Searcher};
use reversi_engine::{Game, Rules};

use crate::Failure;
use crate::input_file::{FileKind, read_bytes, read_text};

/// The largest table the commands accept, in MiB.
pub const MAX_HASH_MB: usize = 65536;

/// A board string may start with `-` (an empty a1), so clap passes options written after the
/// text as part of it: pick `--name value` and `--name=value` out of the words here.
pub fn take_option(words: &mut Vec<String>, name: &str) -> Result<Option<String>, Failure> {
    let flag = format!("--{name}");
    let prefix = format!("--{name}=");
    let mut found = None;
    let mut i = 0;
    while i < words.len() {
        if words[i] == flag {
            if i + 1 >= words.len() {
                return Err(Failure::Usage(format!("{flag} needs a value")));
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

/// Picks the switch `--name` out of the words; true when it was there.
pub fn take_flag(words: &mut Vec<String>, name: &str) -> bool {
    let flag = format!("--{name}");
    let before = words.len();
    words.retain(|word| *word != flag);
    words.len() != before
}

/// Refuses a word left in the text that is written like an option (`--bogus`, `--bogus=1`, `-b`)
/// once the known ones are picked out. A transcript's pass (`--`, `--f5`) and a board string
/// (`---...`) are not written like options.
pub fn reject_unknown_options(words: &[String]) -> Result<(), Failure> {
    for word in words {
        let name = word.split('=').next().unwrap_or("");
        let long = name.strip_prefix("--").is_some_and(|rest| {
            rest.len() >= 2
                && rest.starts_with(|c: char| c.is_ascii_alphabetic())
                && rest.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
        });
        let short = name.len() == 2
            && name.starts_with('-')
            && name.ends_with(|c: char| c.is_ascii_alphabetic());
        if long || short {
            return Err(Failure::Usage(format!(
                "unknown option '{name}' (see --help)"
            )));
        }
    }
    Ok(())
}

/// A whole number written on the command line: plain digits only. Rust's own parsing also takes
/// `+3`, which a user may have meant as something else; a sign, a space or a point is refused.
/// The error is clap's kind of message, which the options add their name to.
pub fn parse_number<T: FromStr>(text: &str) -> Result<T, String> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!(
            "'{}' is not a whole number (digits only)",
            excerpt(text)
        ));
    }
    text.parse()
        .map_err(|_| format!("'{}' is out of range", excerpt(text)))
}

/// `--name VALUE` as a whole number (see [`parse_number`]), for the options picked out of a
/// text.
pub fn parse_option_number<T: FromStr>(name: &str, text: &str) -> Result<T, Failure> {
    parse_number(text).map_err(|message| Failure::Usage(format!("--{name}: {message}")))
}

/// The most empty squares an exact solve takes on (`solve`, `match --exact-empties`): a solve
/// costs several times more with each empty square, and the 32 of 6x6 Othello's start already
/// take four minutes; beyond this a solve would not end in any useful time.
pub const MAX_EXACT_EMPTIES: u32 = 36;

/// Refuses a position with more empty squares than a solve can take on, naming its line; a
/// finished game (a wipe-out leaves many empty squares) is scored at once.
pub fn check_solvable(file: &str, line: usize, empties: u32, over: bool) -> Result<(), Failure> {
    if empties > MAX_EXACT_EMPTIES && !over {
        return Err(Failure::Usage(format!(
            "{file}:{line}: {empties} empty squares: a solve takes at most {MAX_EXACT_EMPTIES} (more would not end)"
        )));
    }
    Ok(())
}

/// The most threads the commands accept.
pub const MAX_THREADS: usize = 256;

/// `--threads N`: how many threads search (1 is the deterministic search).
pub fn parse_threads(text: &str) -> Result<usize, Failure> {
    match parse_number::<usize>(text) {
        Ok(threads @ 1..=MAX_THREADS) => Ok(threads),
        _ => Err(Failure::Usage(format!(
            "--threads '{text}' is not a number of threads (1..={MAX_THREADS})"
        ))),
    }
}

/// A level's name (`expert`, any case) or number in plain digits (`+5` and ` 5` are refused, see
/// [`parse_number`]).
pub fn parse_level(text: &str) -> Result<Level, Failure> {
    let name = text.bytes().all(|byte| byte.is_ascii_alphabetic());
    let number = text.bytes().all(|byte| byte.is_ascii_digit());
    let level = if !text.is_empty() && (name || number) {
        text.parse::<Level>()
    } else {
        Err(ParseLevelError(excerpt(text).into_owned()))
    };
    level.map_err(|error| Failure::Usage(error.to_string()))
}

/// The game a transcript, board string or pasted GGF game gives under `rules` (a transcript
/// starts from the variant's start; "" is the start itself).
pub fn read_game(words: &[String], rules: Rules) -> Result<Game, Failure> {
    let text = words.join(" ");
    parse_game_text(&text, rules).map_err(|error| Failure::Usage(error.to_string()))
}

/// Checks that `tables` tables of `hash_mb` MiB are allowed and fit in the memory the system says
/// is available: a table larger than that would be honoured at first and swap or be killed as it
/// fills.
pub fn check_hash(hash_mb: usize, tables: usize) -> Result<(), Failure> {
    if hash_mb == 0 || hash_mb > MAX_HASH_MB {
        return Err(Failure::Usage(format!(
            "--hash-mb {hash_mb} is out of range (1..={MAX_HASH_MB})"
        )));
    }
    if let Some(available) = available_mib()
        && hash_mb.saturating_mul(tables) > available
    {
        let what = if tables == 1 {
            format!("--hash-mb {hash_mb}")
        } else {
            format!("{tables} tables of --hash-mb {hash_mb}")
        };
        return Err(Failure::Cannot(format!(
            "{what} needs more memory than the {available} MiB available: give a smaller --hash-mb"
        )));
    }
    Ok(())
}

/// The evaluation the search commands use unless `--eval` says otherwise.
pub const DEFAULT_EVAL: &str = "pattern";

/// Prefix of an `--eval` naming a weights file instead of an evaluation.
const WEIGHTS_PREFIX: &str = "weights:";

/// The evaluation named by `--eval`: `hand`, `pattern`, or `weights:FILE`, the pattern
/// evaluation with a weights file made by `reversi-trainer` (to measure new weights against the
/// shipped ones before shipping them; searches with it are full width unless given the ProbCut
/// statistics fitted for it, `with_probcut`, since the shipped ones belong to the shipped
/// weights).
pub fn parse_eval(text: &str) -> Result<Evaluation, Failure> {
    if let Some(path) = text.strip_prefix(WEIGHTS_PREFIX) {
        return load_weights(Path::new(path));
    }
    let kind: EvalKind = text.parse().map_err(|error: UnknownEval| {
        Failure::Usage(format!("--eval: {error}, or weights:FILE"))
    })?;
    kind.load()
        .map_err(|error| Failure::Cannot(format!("the {kind} evaluation cannot be used: {error}")))
}

fn load_weights(path: &Path) -> Result<Evaluation, Failure> {
    // Weights that cannot be read are an evaluation that cannot be used, as damaged ones are.
    let bytes =
        read_bytes(path, FileKind::Weights).map_err(|error| Failure::Cannot(error.to_string()))?;
    PatternEval::from_bytes(&bytes)
        .map(Evaluation::Pattern)
        .map_err(|error| {
            Failure::Cannot(format!(
                "{} is not a weights file of this engine: {error}",
                path.display()
            ))
        })
}

/// `eval` with the ProbCut statistics of the file at `path` (made by `reversi-trainer probcut
/// --weights`), or unchanged without one. `flag` names the option for messages.
pub fn with_probcut(
    eval: Evaluation,
    path: Option<&Path>,
    flag: &str,
) -> Result<Evaluation, Failure> {
    let Some(path) = path else {
        return Ok(eval);
    };
    let Evaluation::Pattern(pattern) = eval else {
        return Err(Failure::Usage(format!(
            "{flag}: ProbCut statistics go with the pattern evaluation (pattern or weights:FILE)"
        )));
    };
    let text =
        read_text(path, FileKind::Weights).map_err(|error| Failure::Cannot(error.to_string()))?;
    let probcut = ProbCut::parse(&text).map_err(|error| {
        Failure::Cannot(format!(
            "{} is not a ProbCut statistics file: {error}",
            path.display()
        ))
    })?;
    Ok(Evaluation::Pattern(pattern.with_probcut(probcut)))
}

/// A searcher with `eval` and a table of `hash_mb` MiB, or a message saying why there is none.
pub fn new_searcher(hash_mb: usize, eval: Evaluation) -> Result<Searcher<Evaluation>, Failure> {
    check_hash(hash_mb, 1)?;
    Searcher::try_with_evaluator(hash_mb, eval)
        .map_err(|error| Failure::Cannot(format!("{error}: give a smaller --hash-mb")))
}

/// The memory the system can give without swapping, where it says (Linux `MemAvailable`). Elsewhere
/// the table's allocation is the check: Windows commits what it grants, so a table it cannot hold
/// is refused with the same advice (`new_searcher`).
fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// The options of every command that searches with a table, an evaluation and the book.
#[derive(Args)]
pub struct EngineArgs {
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = parse_number::<usize>)]
    pub hash_mb: usize,
    /// Threads searching together (default: the level's for best and analyze, every core for
    /// nboard); 1 repeats exactly.
    #[arg(long)]
    pub threads: Option<String>,
    /// The evaluation: pattern (learned, shipped weights), hand (hand-written) or weights:FILE
    /// (the learned evaluation with a weights file made by reversi-trainer).
    #[arg(long, default_value = DEFAULT_EVAL)]
    pub eval: String,
    /// Search even where the opening book knows the position (nboard's `go` and `hint` answer
    /// from the book otherwise, with `book` lines).
    #[arg(long)]
    pub no_book: bool,
}

impl EngineArgs {
    /// `--threads`, or `default` when not given.
    pub fn threads(&self, default: usize) -> Result<usize, Failure> {
        self.threads.as_deref().map_or(Ok(default), parse_threads)
    }

    /// A searcher with the table and evaluation asked for.
    pub fn searcher(&self) -> Result<Searcher<Evaluation>, Failure> {
        new_searcher(self.hash_mb, parse_eval(&self.eval)?)
    }

    /// The shipped book, unless `--no-book`.
    pub fn book(&self) -> Option<&'static Book> {
        (!self.no_book).then(Book::shipped)
    }
}

//! GGF, the Generic Game Format of the GGS game server, NBoard and most Othello databases:
//! `(;GM[Othello]PB[..]PW[..]RE[+4.00]TY[8]BO[8 <64 squares> *]B[f5//1.2]W[d6]...;)`.
//!
//! A game is `(;` properties `;)`; a property is a name of capital letters and a value in `[]`
//! (`\]` and `\\` escape inside it). The properties kept are the ones a study program needs:
//! place `PC`, date `DT`, players `PB`/`PW`, ratings `RB`/`RW`, clocks `TI`/`TB`/`TW`, type `TY`,
//! komi `KM`, result `RE`, start position `BO`, moves `B`/`W` with an optional evaluation and time
//! after `/`, passes (`PA`, `pass`) and comments `C` (on the game before the first move, else on
//! the move before). Any other property is kept as it is and written back. Files with many games
//! are games one after the other. Square boards of an even size from 4 to 16 are read; synchro
//! games are refused.

mod clock;
mod lexer;
mod write;

use std::fmt;

use thiserror::Error;

use crate::color::Color;
use crate::game::{EndReason, Game, GameResult, Move};
use crate::square::Square;
use crate::variant::{Bits, Goal, Scoring, Shape, Supply, Variant, VariantBoard};

use super::excerpt;
use super::transcript::IllegalMoveReason;
use crate::board::without_byte_order_mark;
pub use clock::{LONGEST_CLOCK, bounded_seconds, parse_clock};
use lexer::{Lexer, RawGame, RawProperty};

/// One game of a GGF text: the record (start position and moves) and what the file says about
/// it. Text properties are kept as written (ratings such as `1837.5`, clocks such as
/// `15:00//02:00`); the ones a program computes with are typed.
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// The start position (`BO`) and the moves; passes are explicit entries. Scored by the
    /// federation rule (empty squares to the winner), as GGF results are.
    pub game: Game,
    /// One entry per entry of `game.history()`: evaluation, time and comment of that move.
    pub notes: Vec<MoveNote>,
    /// `PC`: where the game was played (a server, a tournament, `NBoard`).
    pub place: Option<String>,
    /// `DT`: the date, as written (GGS writes `2004.09.18_05:54:38.MDT` or seconds since 1970).
    pub date: Option<String>,
    pub black: Option<String>,
    pub white: Option<String>,
    pub black_rating: Option<String>,
    pub white_rating: Option<String>,
    /// `TI`: both players' clock, e.g. `15:00` or `05:00/00:00/02:00` (time/increment/extension).
    pub time: Option<String>,
    pub black_time: Option<String>,
    pub white_time: Option<String>,
    /// `TY`: the game type, `8` by default; letters after the size are kept (`8r` random start,
    /// `8k` komi, `8a` anti).
    pub game_type: String,
    /// `KM`: komi, as written.
    pub komi: Option<String>,
    /// `RE`: the result; `None` when the file has no `RE`.
    pub result: Option<GgfResult>,
    /// `C` before the first move.
    pub comment: Option<String>,
    /// Properties this reader does not interpret, in file order: written back unchanged.
    pub extra: Vec<(String, String)>,
}

/// What the file says about one move besides the square.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveNote {
    /// The player's evaluation in discs, from the mover's view (`B[f5/1.50]`).
    pub eval: Option<f64>,
    /// Seconds the move took (`B[f5//3.2]`), from zero to [`LONGEST_CLOCK`] whatever the file
    /// says.
    pub time: Option<f64>,
    /// `C[...]` written after the move.
    pub comment: Option<String>,
}

/// `RE`: the result, as a disc margin for Black.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GgfResult {
    /// `RE[?]`: the game is unfinished or its result unknown.
    Unknown,
    /// `RE[+4.00]`, `RE[-64:r]`: Black's disc margin and how the game ended.
    Score { black_margin: f64, ending: Ending },
}

/// How a game with a result ended (the flag after `:` in `RE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played out (no flag).
    Played,
    /// `:r`: the loser resigned.
    Resigned,
    /// `:t`: the loser ran out of time.
    Timeout,
    /// `:s`: the players agreed on the score.
    Agreed,
}

impl fmt::Display for GgfResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfResult::Unknown => f.write_str("?"),
            GgfResult::Score {
                black_margin,
                ending,
            } => {
                // Two decimals as GGS writes them, unless that would lose digits.
                let two = format!("{black_margin:+.2}");
                if two.parse::<f64>() == Ok(*black_margin) {
                    f.write_str(&two)?;
                } else {
                    write!(f, "{black_margin:+}")?;
                }
                match ending {
                    Ending::Played => Ok(()),
                    Ending::Resigned => f.write_str(":r"),
                    Ending::Timeout => f.write_str(":t"),
                    Ending::Agreed => f.write_str(":s"),
                }
            }
        }
    }
}

/// Why a GGF text cannot be read: the game (counted from 1 in the text) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("GGF game {game}: {kind}")]
pub struct GgfError {
    pub game: usize,
    pub kind: GgfErrorKind,
}

/// What is wrong in a GGF game. Characters are counted from 1 over the whole text, moves from 1
/// as written in the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfErrorKind {
    #[error("the text holds no game: a GGF game starts with (;")]
    NoGame,
    #[error("the text holds {count} games where one was expected")]
    ManyGames { count: usize },
    #[error("character {position} ('{found}'): expected {expected}")]
    Unexpected {
        position: usize,
        found: char,
        expected: &'static str,
    },
    #[error("the game starting at character {start} is cut short: it has no closing ;)")]
    Truncated { start: usize },
    #[error("property {} at character {position} has no closing ]", excerpt(.property))]
    UnclosedValue { property: String, position: usize },
    #[error("GM[{}] is not an Othello game", excerpt(.found))]
    NotOthello { found: String },
    #[error(
        "the board is {size}x{size} ({property}): only square boards of an even size from 4 to 16 can be read"
    )]
    BoardSize { size: u32, property: &'static str },
    #[error(
        "TY[{}] is a synchro game (two games at once), which cannot be read",
        excerpt(.found)
    )]
    Synchro { found: String },
    #[error(
        "{}[{}] at character {position}: {reason}",
        excerpt(.property),
        excerpt(.value)
    )]
    BadValue {
        property: String,
        value: String,
        position: usize,
        reason: String,
    },
    #[error("move {number} at character {position} ({}): {reason}", excerpt(.text))]
    BadMove {
        number: usize,
        position: usize,
        text: String,
        reason: String,
    },
    #[error("move {number} at character {position} ({mv}): {reason}")]
    IllegalMove {
        number: usize,
        position: usize,
        mv: Move,
        reason: IllegalMoveReason,
    },
}

/// Reads a text holding exactly one GGF game (what NBoard sends, or a file of one game).
pub fn parse_ggf(text: &str) -> Result<GgfGame, GgfError> {
    let mut games = read_ggf_games(text)?;
    match games.len() {
        0 => Err(GgfError {
            game: 1,
            kind: GgfErrorKind::NoGame,
        }),
        1 => Ok(games.remove(0)),
        count => Err(GgfError {
            game: 2,
            kind: GgfErrorKind::ManyGames { count },
        }),
    }
}

/// Reads every game of a GGF text (a file of many games, one after the other; whitespace
/// between them). The first error ends the reading, naming its game.
pub fn read_ggf_games(text: &str) -> Result<Vec<GgfGame>, GgfError> {
    let mut lexer = Lexer::new(without_byte_order_mark(text));
    let mut games = Vec::new();
    loop {
        let number = games.len() + 1;
        let at = |kind| GgfError { game: number, kind };
        match lexer.next_game().map_err(at)? {
            Some(raw) => games.push(build(raw).map_err(at)?),
            None if games.is_empty() => return Err(at(GgfErrorKind::NoGame)),
            None => return Ok(games),
        }
    }
}

pub use write::write_ggf;

impl GgfGame {
    /// Whether GGF can record a game of `variant`: Othello's rules on a square board of an even
    /// size from 4 to 16 (its `BO` gives any start), where the most or (`TY[8a]`, the servers'
    /// anti game) the fewest discs win. Eight-star's board, a fixed disc supply and
    /// placing next to one's own discs have no place in the format.
    pub fn holds(variant: &Variant) -> bool {
        variant.shape == Shape::Square
            && variant.supply == Supply::Shared
            && !variant.adjacent_placement
    }

    /// A record of `game` (its whole history, the redo tail included) with no other properties:
    /// what saving a game played here writes.
    pub fn from_game(game: &Game) -> GgfGame {
        // Rebuilt as a GGF reader builds it (its start's side first, the federation rule), so
        // that writing and reading back give the same record.
        let mut record = empty_game(game.start_board());
        for (index, &mv) in game.history().iter().enumerate() {
            if record.play(mv).is_err() {
                break;
            }
            if let Some(comment) = game.comment(index) {
                let _ = record.set_comment(index, comment);
            }
        }
        let margin_against = |loser| if loser == Color::White { 64.0 } else { -64.0 };
        let forfeit = game.result().and_then(|result| match result.reason {
            EndReason::Resigned(loser) => Some((margin_against(loser), Ending::Resigned)),
            EndReason::OutOfTime(loser) => Some((margin_against(loser), Ending::Timeout)),
            EndReason::DrawAgreed => Some((0.0, Ending::Agreed)),
            EndReason::NoMoves => None,
        });
        if let Some((black_margin, ending)) = forfeit {
            end_by_forfeit(&mut record, black_margin, ending);
        }
        let game = record;
        let variant = game.start_board().variant();
        let anti = match variant.goal {
            Goal::MostDiscs => "",
            Goal::FewestDiscs => ANTI,
        };
        let notes = (0..game.history().len())
            .map(|index| MoveNote {
                comment: game.comment(index).map(str::to_string),
                ..MoveNote::default()
            })
            .collect();
        GgfGame {
            notes,
            result: game.result().map(|result| GgfResult::Score {
                black_margin: black_margin(&result),
                ending: forfeit.map_or(Ending::Played, |(_, ending)| ending),
            }),
            game,
            place: None,
            date: None,
            black: None,
            white: None,
            black_rating: None,
            white_rating: None,
            time: None,
            black_time: None,
            white_time: None,
            game_type: format!("{}{anti}", variant.size),
            komi: None,
            comment: None,
            extra: Vec::new(),
        }
    }

    /// The GGF text of this game.
    pub fn to_ggf(&self) -> String {
        write_ggf(self)
    }
}

/// A property value that failed to read.
fn bad(property: &RawProperty, reason: impl Into<String>) -> GgfErrorKind {
    GgfErrorKind::BadValue {
        property: property.name.clone(),
        value: property.value.clone(),
        position: property.position,
        reason: reason.into(),
    }
}

/// Interprets the properties of one game and replays its moves.
fn build(raw: RawGame) -> Result<GgfGame, GgfErrorKind> {
    let mut record = GgfGame::from_game(&Game::default());
    record.result = None;
    let mut start = None;
    let mut type_given = None;
    let mut moves = Vec::new();
    for property in raw.properties {
        let value = || Some(property.value.clone());
        match property.name.as_str() {
            "GM" if !property.value.trim().eq_ignore_ascii_case("othello") => {
                return Err(GgfErrorKind::NotOthello {
                    found: property.value,
                });
            }
            "GM" => {}
            "PC" => record.place = value(),
            "DT" => record.date = value(),
            "PB" => record.black = value(),
            "PW" => record.white = value(),
            "RB" => record.black_rating = value(),
            "RW" => record.white_rating = value(),
            "TI" => record.time = value(),
            "TB" => record.black_time = value(),
            "TW" => record.white_time = value(),
            "KM" => record.komi = value(),
            "TY" => type_given = Some(property),
            "RE" => record.result = Some(parse_result(&property)?),
            "BO" => start = Some(property),
            "B" | "W" => moves.push((property, Vec::new())),
            "C" => match moves.last_mut() {
                Some((_, comments)) => comments.push(property.value),
                None => record.comment = Some(property.value),
            },
            _ => record.extra.push((property.name, property.value)),
        }
    }
    let mut size = 8;
    if let Some(property) = type_given {
        size = check_type(&property)?;
        record.game_type = property.value.trim().to_string();
    }
    // After TY, so that a board of a size that cannot be played is refused for its type first.
    let start = match start {
        Some(property) => parse_start(&property)?,
        None => VariantBoard::start(Variant::othello(size)),
    };
    let start = match is_anti(&record.game_type) {
        true => start.with_goal(Goal::FewestDiscs),
        false => start,
    };
    let size = start.variant().size;
    record.game = empty_game(start);
    record.notes.clear();
    for (index, (property, comments)) in moves.into_iter().enumerate() {
        let number = index + 1;
        let (mv, mut note) = parse_move(number, &property, size)?;
        note.comment = (!comments.is_empty()).then(|| comments.join("\n"));
        play(&mut record, number, &property, mv, note)?;
    }
    if let Some(GgfResult::Score {
        black_margin,
        ending,
    }) = record.result
    {
        end_by_forfeit(&mut record.game, black_margin, ending);
    }
    Ok(record)
}

/// The letter of `TY` after the size for a game where the fewest discs win.
const ANTI: &str = "a";

/// Whether a game type (`8a`, `10ar`) is an anti game: a letter after the size says so.
fn is_anti(game_type: &str) -> bool {
    game_type
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .to_ascii_lowercase()
        .contains(ANTI)
}

/// `RE`'s margin: positive when black won, by the winner's margin in discs.
fn black_margin(result: &GameResult) -> f64 {
    let black_over_white = f64::from(result.black) - f64::from(result.white);
    match result.goal {
        Goal::MostDiscs => black_over_white,
        Goal::FewestDiscs => -black_over_white,
    }
}

/// A game from `start` as GGF records it: its side to move first, scored by the federation rule.
fn empty_game(start: VariantBoard) -> Game {
    Game::from_board(start, Scoring::EmptiesToWinner)
}

/// Records a resignation or time loss that `RE` gives for a game whose moves did not finish it;
/// the loser is the side the margin is against.
fn end_by_forfeit(game: &mut Game, black_margin: f64, ending: Ending) {
    let loser = if black_margin > 0.0 {
        Some(Color::White)
    } else if black_margin < 0.0 {
        Some(Color::Black)
    } else {
        None
    };
    // Refused only when the game is already over: then the moves say how it ended.
    let _ = match (ending, loser) {
        (Ending::Resigned, Some(loser)) => game.resign(loser),
        (Ending::Timeout, Some(loser)) => game.lose_on_time(loser),
        (Ending::Agreed, None) => game.agree_draw(),
        _ => Ok(()),
    };
}

/// Plays one move of the file, first inferring a pass when the other colour is written and the
/// side to move has no legal move (files differ on whether they write passes).
fn play(
    record: &mut GgfGame,
    number: usize,
    property: &RawProperty,
    mv: Move,
    note: MoveNote,
) -> Result<(), GgfErrorKind> {
    let color = if property.name == "B" {
        Color::Black
    } else {
        Color::White
    };
    let illegal = |reason| GgfErrorKind::IllegalMove {
        number,
        position: property.position,
        mv,
        reason,
    };
    let board = record.game.board();
    if record.game.is_over() {
        return Err(illegal(IllegalMoveReason::GameOver));
    }
    if color != board.to_move() {
        if !board.must_pass() {
            return Err(GgfErrorKind::BadMove {
                number,
                position: property.position,
                text: format!("{}[{}]", property.name, property.value),
                reason: format!("{} is to move", board.to_move()),
            });
        }
        record
            .game
            .play(Move::Pass)
            .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
        record.notes.push(MoveNote::default());
    }
    let board = record.game.board();
    match mv {
        Move::Pass => {
            if let Some(legal) = board.legal_moves().first() {
                return Err(illegal(IllegalMoveReason::PassNotAllowed { legal }));
            }
        }
        Move::Play(square) => {
            if board.disc_at(square).is_some() {
                return Err(illegal(IllegalMoveReason::Occupied));
            }
            if let Err(error) = board.play(square) {
                return Err(illegal(IllegalMoveReason::from(error)));
            }
        }
    }
    record
        .game
        .play(mv)
        .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
    if let Some(comment) = &note.comment {
        let last = record.game.history().len() - 1;
        record
            .game
            .set_comment(last, comment)
            .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
    }
    record.notes.push(note);
    Ok(())
}

/// `B[f5]`, `B[f5/1.5]`, `B[f5//2.1]`, `B[f5/1.5/2.1]`, `W[PA]`, `W[pass]`, on a board of `size`
/// x `size` squares.
fn parse_move(
    number: usize,
    property: &RawProperty,
    size: u8,
) -> Result<(Move, MoveNote), GgfErrorKind> {
    let bad_move = |reason: String| GgfErrorKind::BadMove {
        number,
        position: property.position,
        text: format!("{}[{}]", property.name, property.value),
        reason,
    };
    let mut parts = property.value.split('/');
    let written = parts.next().unwrap_or("").trim();
    let mv = if written.eq_ignore_ascii_case("pa") || written.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        let on_board = |square: &Square| square.column() < size && square.row() < size;
        match written.parse::<Square>().ok().filter(on_board) {
            Some(square) => Move::Play(square),
            None => {
                let last =
                    Square::from_coords(size - 1, size - 1).expect("GGF boards are 4x4 to 16x16");
                return Err(bad_move(format!(
                    "'{}' is not a move: expected a square a1 to {last} or PA",
                    excerpt(written)
                )));
            }
        }
    };
    let mut number_part = |what: &str| -> Result<Option<f64>, GgfErrorKind> {
        match parts.next().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => match text.parse::<f64>() {
                Ok(value) if value.is_finite() => Ok(Some(value)),
                _ => Err(bad_move(format!(
                    "the {what} '{}' is not a number",
                    excerpt(text)
                ))),
            },
        }
    };
    let eval = number_part("evaluation")?;
    let time = number_part("time")?
        .and_then(bounded_seconds)
        .map(|time| time.as_secs_f64());
    if parts.next().is_some() {
        return Err(bad_move(
            "too many '/': expected move/evaluation/time".to_string(),
        ));
    }
    Ok((
        mv,
        MoveNote {
            eval,
            time,
            comment: None,
        },
    ))
}

/// `TY[8]`, `TY[8r]`, `TY[10]`: the board's size, even from 4 to 16; `s` (synchro) is refused.
fn check_type(property: &RawProperty) -> Result<u8, GgfErrorKind> {
    let value = property.value.trim();
    if value.starts_with(['s', 'S']) {
        return Err(GgfErrorKind::Synchro {
            found: value.to_string(),
        });
    }
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<u32>() {
        Ok(size) => board_size(size, "TY"),
        Err(_) => Err(bad(
            property,
            "expected the board size first, like TY[8] or TY[8r]",
        )),
    }
}

/// `BO[8 <64 of *, O, -> <* or O>]`: the size, the squares row by row from a1 (whitespace
/// anywhere between them), and the side to move.
fn parse_start(property: &RawProperty) -> Result<VariantBoard, GgfErrorKind> {
    let value = property.value.trim_start();
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    let size = match digits.parse::<u32>() {
        Ok(size) => board_size(size, "BO")?,
        Err(_) => {
            return Err(bad(
                property,
                "expected the board size first, like BO[8 ...]",
            ));
        }
    };
    let marks: Vec<char> = value[digits.len()..]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let squares = usize::from(size) * usize::from(size);
    if marks.len() != squares + 1 {
        return Err(bad(
            property,
            format!(
                "expected {squares} squares and the side to move, found {} characters",
                marks.len()
            ),
        ));
    }
    let (mut black, mut white) = (Bits::EMPTY, Bits::EMPTY);
    for (index, &mark) in marks[..squares].iter().enumerate() {
        let square = Square::from_coords(
            (index % usize::from(size)) as u8,
            (index / usize::from(size)) as u8,
        )
        .expect("the size is at most 16");
        match mark {
            '*' | 'X' | 'x' => black.insert(square),
            'O' | 'o' => white.insert(square),
            '-' | '.' => {}
            found => {
                return Err(bad(
                    property,
                    format!("square {} is '{found}': expected *, O or -", index + 1),
                ));
            }
        }
    }
    let to_move = match marks[squares] {
        '*' | 'X' | 'x' => Color::Black,
        'O' | 'o' => Color::White,
        found => {
            return Err(bad(
                property,
                format!("the side to move is '{found}': expected * or O"),
            ));
        }
    };
    let variant = Variant {
        first_to_move: to_move,
        ..Variant::othello(size)
    };
    VariantBoard::from_discs(variant, black, white, to_move)
        .ok_or_else(|| bad(property, "the board is not a position of the game"))
}

/// The size of a square board that GGF names, if it can be played here: even, 4 to 16.
fn board_size(size: u32, property: &'static str) -> Result<u8, GgfErrorKind> {
    match u8::try_from(size) {
        Ok(size) if Variant::othello(size).validated().is_ok() => Ok(size),
        _ => Err(GgfErrorKind::BoardSize { size, property }),
    }
}

/// `RE[?]`, `RE[+4.00]`, `RE[-64.00:r]`, `RE[0:s]`.
fn parse_result(property: &RawProperty) -> Result<GgfResult, GgfErrorKind> {
    let value = property.value.trim();
    if value == "?" || value.is_empty() {
        return Ok(GgfResult::Unknown);
    }
    let (score, flag) = value.split_once(':').unwrap_or((value, ""));
    let ending = match flag.trim() {
        "" => Ending::Played,
        "r" => Ending::Resigned,
        "t" => Ending::Timeout,
        "s" => Ending::Agreed,
        other => {
            return Err(bad(
                property,
                format!(
                    "unknown ending ':{}': expected :r, :t or :s",
                    excerpt(other)
                ),
            ));
        }
    };
    match score.trim().parse::<f64>() {
        Ok(black_margin) if black_margin.is_finite() && black_margin.abs() <= 64.0 => {
            Ok(GgfResult::Score {
                black_margin,
                ending,
            })
        }
        _ => Err(bad(
            property,
            "expected Black's disc margin (-64 to +64) or ?",
        )),
    }
}

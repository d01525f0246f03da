//! The record of one GGF game, what its properties say of it, and the record of a game played
//! here.

use std::fmt;

use crate::color::Color;
use crate::game::{EndReason, Game, GameResult};
use crate::variant::{Goal, Scoring, Shape, Supply, Variant, VariantBoard};

#[cfg(doc)]
use super::LONGEST_CLOCK;
use super::write_ggf;

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

/// The letter of `TY` after the size for a game where the fewest discs win.
const ANTI: &str = "a";

/// Whether a game type (`8a`, `10ar`) is an anti game: a letter after the size says so.
pub(super) fn is_anti(game_type: &str) -> bool {
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
pub(super) fn empty_game(start: VariantBoard) -> Game {
    Game::from_board(start, Scoring::EmptiesToWinner)
}

/// Records a resignation or time loss that `RE` gives for a game whose moves did not finish it;
/// the loser is the side the margin is against.
pub(super) fn end_by_forfeit(game: &mut Game, black_margin: f64, ending: Ending) {
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

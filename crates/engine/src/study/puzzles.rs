//! Endgame puzzles: a position, its best move and score. The engine brings the FFO endgame test
//! suite #40-#59 (`data/ffo-40-59.obf` and `.answers`, exact answers); the game adds the positions
//! of the player's own games where a move lost 4 discs or more (from its game review). An answer
//! is checked by the exact solver up to [`EXACT_EMPTIES`] empty squares, beyond by a fixed-depth
//! search.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, parse_board_string};
use crate::eval::PatternEval;
use crate::search::{SearchLimits, SearchResult, Searcher};
use crate::square::Square;

const FFO_POSITIONS: &str = include_str!("../../data/ffo-40-59.obf");
const FFO_ANSWERS: &str = include_str!("../../data/ffo-40-59.answers");

/// A move of the player's own game becomes a puzzle when it lost at least this many discs.
pub const MIN_LOSS: i32 = 4;

/// `check` solves exactly at or below this many empty squares: about a second at 22 (FFO #41 and
/// #42) on a shared 2-core machine, several at 24.
pub const EXACT_EMPTIES: u32 = 22;

/// Plies `check` searches from the puzzle's position beyond `EXACT_EMPTIES`, one thread, the
/// table cleared first: the same answer on every run, in 0.1 to 2.5 seconds on FFO #43-#59.
pub const SEARCH_DEPTH: u32 = 16;

/// A searched answer within this many discs of the searched best is correct: the estimates of
/// two moves searched alike differ by that much without either being better.
pub const SEARCH_TOLERANCE: i32 = 1;

/// Plies of the opponent's best line shown after a wrong answer.
const REFUTATION_PLIES: usize = 6;

/// Where a puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A position of the player's game: the game's description (players, date) as the game
    /// words it, and the number of the move that lost discs there.
    OwnGame { game: String, move_number: u32 },
    /// A position of the FFO endgame test suite, by its number.
    Ffo(u32),
}

/// A position to find the best move in: what the game saves of each puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PuzzleRecord", into = "PuzzleRecord")]
pub struct Puzzle {
    /// The position, with the side to move (who solves the puzzle).
    pub board: Board,
    /// The best moves known (for the FFO suite, all of them; for a game's position, the review's
    /// best move).
    pub best: Vec<Square>,
    /// The best moves' score in discs for the side to move.
    pub score: i32,
    /// `score` is the exact final disc difference (else a search's estimate).
    pub exact: bool,
    pub source: Source,
}

/// A puzzle as a file spells it: the board as a board string.
#[derive(Serialize, Deserialize)]
struct PuzzleRecord {
    board: String,
    best: Vec<Square>,
    score: i32,
    exact: bool,
    source: Source,
}

/// Why a saved puzzle is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    #[error("the board: {0}")]
    Board(String),
    #[error("the side to move has no move")]
    NoMove,
    #[error("a best move is missing or cannot be played")]
    BadBest,
    #[error("the score {0} is not a disc difference")]
    BadScore(i32),
}

impl TryFrom<PuzzleRecord> for Puzzle {
    type Error = PuzzleError;

    fn try_from(record: PuzzleRecord) -> Result<Puzzle, PuzzleError> {
        let board =
            parse_board_string(&record.board).map_err(|e| PuzzleError::Board(e.to_string()))?;
        Puzzle::new(
            board,
            record.best,
            record.score,
            record.exact,
            record.source,
        )
    }
}

impl From<Puzzle> for PuzzleRecord {
    fn from(puzzle: Puzzle) -> PuzzleRecord {
        PuzzleRecord {
            board: puzzle.board.to_board_string(),
            best: puzzle.best,
            score: puzzle.score,
            exact: puzzle.exact,
            source: puzzle.source,
        }
    }
}

/// A move of the player's game that lost discs, as the game's review found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The position the move was played in.
    pub board: Board,
    /// The move's number as players count them.
    pub move_number: u32,
    /// Scores in discs for the mover: of the move played and of the best move.
    pub played_score: i32,
    pub best: Square,
    pub best_score: i32,
    /// Both scores are exact.
    pub exact: bool,
}

/// The outcome of checking an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The answer scores as well as the best: exactly as well when the scores are exact, within
    /// [`SEARCH_TOLERANCE`] when searched.
    pub correct: bool,
    /// Discs for the side to move after the answer. A wrong answer to a puzzle whose best moves
    /// are all known exactly, searched beyond `EXACT_EMPTIES`, is capped one disc below the best.
    pub score_of_answer: i32,
    pub best_score: i32,
    /// Both scores are exact: known from the puzzle, or solved within `EXACT_EMPTIES`.
    pub exact: bool,
    /// The best moves: the puzzle's, or those that scored best in the check.
    pub best: Vec<Square>,
    /// After a wrong answer, the opponent's best line against it (a few plies, passes left out);
    /// empty after a correct one.
    pub refutation: Vec<Square>,
}

/// Why an answer was not checked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    #[error("{0} cannot be played here")]
    IllegalAnswer(Square),
    #[error("the check was stopped")]
    Stopped,
}

impl Puzzle {
    /// A puzzle, if it is one: the side to move has a move, the best moves are legal, the score
    /// is a disc difference.
    pub fn new(
        board: Board,
        best: Vec<Square>,
        score: i32,
        exact: bool,
        source: Source,
    ) -> Result<Puzzle, PuzzleError> {
        if board.legal_moves() == 0 {
            return Err(PuzzleError::NoMove);
        }
        if best.is_empty() || !best.iter().all(|&square| board.is_legal(square)) {
            return Err(PuzzleError::BadBest);
        }
        if !(-64..=64).contains(&score) {
            return Err(PuzzleError::BadScore(score));
        }
        Ok(Puzzle {
            board,
            best,
            score,
            exact,
            source,
        })
    }

    /// Empty squares: the measure of a puzzle's difficulty (more to read ahead).
    pub fn empties(&self) -> u32 {
        self.board.position().empty_count()
    }

    /// The name of the puzzle's repetition card (`repetition::Card::key`): its position, so the
    /// same position met twice is one card.
    pub fn key(&self) -> String {
        format!("puzzle:{}", self.board.to_board_string())
    }

    /// Checks `answer`. Takes up to seconds (see the design document's measures): run it off the
    /// main thread; setting `stop` ends it with `CheckError::Stopped`. `searcher`'s table is
    /// cleared first, so equal puzzles and answers check alike.
    pub fn check(
        &self,
        answer: Square,
        searcher: &mut Searcher<PatternEval>,
        stop: &AtomicBool,
    ) -> Result<Checked, CheckError> {
        if !self.board.is_legal(answer) {
            return Err(CheckError::IllegalAnswer(answer));
        }
        if self.exact && self.best.contains(&answer) {
            return Ok(Checked {
                correct: true,
                score_of_answer: self.score,
                best_score: self.score,
                exact: true,
                best: self.best.clone(),
                refutation: Vec::new(),
            });
        }
        searcher.clear();
        let solve = self.empties() <= EXACT_EMPTIES;
        let limits = if solve {
            SearchLimits::exact()
        } else {
            SearchLimits::depth(SEARCH_DEPTH - 1)
        };
        let mut score_after = |square: Square| -> Result<SearchResult, CheckError> {
            let after = self
                .board
                .play(square)
                .map_err(|_| CheckError::IllegalAnswer(square))?;
            let result = searcher.best_move(after.position(), &limits, stop);
            if stop.load(Ordering::Relaxed) {
                return Err(CheckError::Stopped);
            }
            Ok(result)
        };
        let answered = score_after(answer)?;
        let score_of_answer = -answered.score;
        let (correct, score_of_answer, best_score, best) = if self.exact && solve {
            let mut best = self.best.clone();
            // A best move the puzzle did not list (a game's review names only one).
            if score_of_answer >= self.score {
                best.push(answer);
            }
            (
                score_of_answer >= self.score,
                score_of_answer,
                self.score,
                best,
            )
        } else if self.exact {
            // The known best moves are all the best ones; the estimate is only shown.
            let capped = score_of_answer.min(self.score - 1);
            (false, capped, self.score, self.best.clone())
        } else {
            let mut scored = vec![(answer, score_of_answer)];
            for &square in self.best.iter().filter(|&&square| square != answer) {
                scored.push((square, -score_after(square)?.score));
            }
            let best_score = scored
                .iter()
                .map(|&(_, score)| score)
                .max()
                .unwrap_or(score_of_answer);
            let best = scored
                .iter()
                .filter(|&&(_, score)| score == best_score)
                .map(|&(square, _)| square)
                .collect();
            let tolerance = if solve { 0 } else { SEARCH_TOLERANCE };
            let correct = score_of_answer >= best_score - tolerance;
            (correct, score_of_answer, best_score, best)
        };
        let refutation = if correct {
            Vec::new()
        } else {
            answered.pv.into_iter().take(REFUTATION_PLIES).collect()
        };
        Ok(Checked {
            correct,
            score_of_answer,
            best_score,
            exact: solve,
            best,
            refutation,
        })
    }
}

/// The FFO endgame suite #40-#59, easiest first: by empty squares, then by number. The
/// answers' node counts depend on the program that solved them, so they do not order it.
pub fn built_in() -> Vec<Puzzle> {
    let answers = FFO_ANSWERS
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'));
    let mut puzzles: Vec<Puzzle> = FFO_POSITIONS
        .lines()
        .zip(answers)
        .filter_map(|(position, answer)| {
            let board = parse_board_string(position).ok()?;
            let fields: Vec<&str> = answer.split_whitespace().collect();
            let number = fields.first()?.parse().ok()?;
            let score = fields.get(3)?.parse().ok()?;
            let best = fields
                .get(4)?
                .split(',')
                .map(str::parse)
                .collect::<Result<Vec<Square>, _>>()
                .ok()?;
            Puzzle::new(board, best, score, true, Source::Ffo(number)).ok()
        })
        .collect();
    puzzles.sort_by_key(|puzzle| {
        let number = match puzzle.source {
            Source::Ffo(number) => number,
            Source::OwnGame { .. } => 0,
        };
        (puzzle.empties(), number)
    });
    puzzles
}

/// The puzzles of a finished game, `game` describing it (players, date): one for each position
/// where a move lost at least [`MIN_LOSS`] discs, leaving out positions already among `known`
/// and repeated ones.
pub fn from_game_mistakes(game: &str, mistakes: &[Mistake], known: &[Puzzle]) -> Vec<Puzzle> {
    let mut seen: HashSet<Board> = known.iter().map(|puzzle| puzzle.board).collect();
    mistakes
        .iter()
        .filter(|mistake| mistake.best_score - mistake.played_score >= MIN_LOSS)
        .filter_map(|mistake| {
            let source = Source::OwnGame {
                game: game.to_string(),
                move_number: mistake.move_number,
            };
            Puzzle::new(
                mistake.board,
                vec![mistake.best],
                mistake.best_score,
                mistake.exact,
                source,
            )
            .ok()
        })
        .filter(|puzzle| seen.insert(puzzle.board))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn ffo(number: u32) -> Puzzle {
        built_in()
            .into_iter()
            .find(|puzzle| puzzle.source == Source::Ffo(number))
            .unwrap()
    }

    fn searcher() -> Searcher<PatternEval> {
        Searcher::learned(16).unwrap()
    }

    #[test]
    fn the_ffo_suite_is_built_in_easiest_first() {
        let puzzles = built_in();
        assert_eq!(puzzles.len(), 20);
        assert_eq!(puzzles[0].source, Source::Ffo(40));
        assert_eq!((puzzles[0].empties(), puzzles[0].score), (20, 38));
        assert_eq!(puzzles[0].best, [sq("a2")]);
        assert_eq!(puzzles[19].source, Source::Ffo(59));
        assert_eq!(puzzles[19].best.len(), 3);
        assert!(puzzles.windows(2).all(|w| w[0].empties() <= w[1].empties()));
        assert!(puzzles.iter().all(|puzzle| puzzle.exact));
    }

    #[test]
    fn ffo_40_s_answer_is_right_and_a_wrong_move_is_refuted() {
        let puzzle = ffo(40);
        let stop = AtomicBool::new(false);
        let mut searcher = searcher();
        let right = puzzle.check(sq("a2"), &mut searcher, &stop).unwrap();
        assert!(right.correct);
        assert_eq!((right.score_of_answer, right.best_score), (38, 38));
        assert!(right.refutation.is_empty());

        let wrong = puzzle.check(sq("b1"), &mut searcher, &stop).unwrap();
        assert!(!wrong.correct);
        assert!(wrong.exact);
        assert!(wrong.score_of_answer < 38, "{wrong:?}");
        assert_eq!(wrong.best, [sq("a2")]);
        let after = puzzle.board.play(sq("b1")).unwrap();
        assert!(after.is_legal(wrong.refutation[0]), "{wrong:?}");
        assert!(wrong.refutation.len() > 1);
    }

    #[test]
    fn a_wrong_answer_far_from_the_end_is_searched_and_scored_below_the_known_best() {
        let puzzle = ffo(59);
        assert!(puzzle.empties() > EXACT_EMPTIES);
        let stop = AtomicBool::new(false);
        let checked = puzzle.check(sq("b3"), &mut searcher(), &stop).unwrap();
        assert!(!checked.correct);
        assert!(!checked.exact);
        assert!(checked.score_of_answer < 64);
        assert_eq!(checked.best_score, 64);
        assert!(!checked.refutation.is_empty());
    }

    #[test]
    fn an_illegal_answer_or_a_stopped_check_gives_no_verdict() {
        let puzzle = ffo(40);
        let mut searcher = searcher();
        let stop = AtomicBool::new(false);
        assert_eq!(
            puzzle.check(sq("a1"), &mut searcher, &stop),
            Err(CheckError::IllegalAnswer(sq("a1")))
        );
        let stopped = AtomicBool::new(true);
        assert_eq!(
            puzzle.check(sq("b1"), &mut searcher, &stopped),
            Err(CheckError::Stopped)
        );
    }

    fn mistake(board: Board, move_number: u32, played_score: i32, best: &str) -> Mistake {
        Mistake {
            board,
            move_number,
            played_score,
            best: sq(best),
            best_score: 30,
            exact: false,
        }
    }

    #[test]
    fn a_game_s_costly_mistakes_become_puzzles_once_each() {
        let ffo_40 = ffo(40).board;
        let ffo_41 = ffo(41).board;
        let start = Board::default();
        let mistakes = [
            mistake(ffo_40, 40, 20, "a2"),
            mistake(ffo_41, 38, 28, "h4"),
            mistake(ffo_40, 42, 10, "a2"),
            mistake(start, 1, 20, "f5"),
        ];
        let known = [ffo(40)];
        let puzzles = from_game_mistakes("Ann - Bob, 2026-11-25", &mistakes, &[]);
        assert_eq!(
            puzzles.len(),
            2,
            "a loss of 2 discs and a repeat are left out"
        );
        assert_eq!(
            puzzles[0].source,
            Source::OwnGame {
                game: "Ann - Bob, 2026-11-25".to_string(),
                move_number: 40
            }
        );
        assert_eq!(puzzles[1].board, start);
        let fresh = from_game_mistakes("Ann - Bob", &mistakes, &known);
        assert_eq!(fresh.len(), 1, "a position already a puzzle is left out");
        assert_eq!(fresh[0].board, start);
    }

    #[test]
    fn an_estimated_puzzle_near_the_end_is_checked_exactly() {
        let puzzle = Puzzle::new(
            ffo(40).board,
            vec![sq("a2")],
            30,
            false,
            Source::OwnGame {
                game: "Ann - Bob".to_string(),
                move_number: 40,
            },
        )
        .unwrap();
        let stop = AtomicBool::new(false);
        let checked = puzzle.check(sq("a2"), &mut searcher(), &stop).unwrap();
        assert!(checked.correct);
        assert!(checked.exact);
        assert_eq!(checked.best_score, 38);
    }

    #[test]
    fn a_saved_puzzle_reads_back_and_a_damaged_one_is_refused() {
        let puzzle = ffo(43);
        let text = ron::to_string(&puzzle).unwrap();
        assert_eq!(ron::from_str::<Puzzle>(&text).unwrap(), puzzle);

        let illegal_best = text.replace("best:[\"g3\"", "best:[\"a1\"");
        assert_ne!(illegal_best, text);
        assert!(ron::from_str::<Puzzle>(&illegal_best).is_err());
        let short_board = text.replace(&puzzle.board.to_board_string(), "XO- X");
        assert_ne!(short_board, text);
        assert!(ron::from_str::<Puzzle>(&short_board).is_err());
        let score = text.replace("score:-12", "score:-90");
        assert_ne!(score, text);
        assert!(ron::from_str::<Puzzle>(&score).is_err());
    }
}

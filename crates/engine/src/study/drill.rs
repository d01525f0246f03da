//! The opening trainer: the player practises a named opening (or any line of the book) with one
//! colour, the computer answers with the other, and every move of the player's is judged against
//! the opening book.
//!
//! The drill keeps no state of its own but its [`DrillChoice`]: the game keeps the moves (its
//! `Game`) and asks, at each position, for the computer's move or a verdict on the player's. Every
//! score comes from the shipped book, which scores every legal move of each of its positions (a
//! 12-ply search, backed up over the book), so judging is instant and the same on every machine;
//! the drill ends where the book does.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Board;
use crate::book::Book;
use crate::color::Color;
use crate::game::Move;
use crate::openings::{Opening, Symmetry, openings};
use crate::square::Square;

/// A move within this many discs of the book's best is accepted off the named line (or in an
/// "any book line" drill): the book's scores come from 12-ply searches, and a disc is within
/// their noise.
pub const TOLERANCE: i32 = 1;

/// The computer's moves off the named line are drawn among the book moves within this many discs
/// of the best, so that drills differ from session to session and stay sound.
const COMPUTER_MAX_LOSS: u32 = 1;

/// Plies the drill goes on past a named line, on book moves.
const PLIES_AFTER_NAMED_LINE: usize = 4;

/// Plies of an "any book line" drill.
const ANY_LINE_PLIES: usize = 12;

/// Plies of the line to remember a verdict shows.
const LINE_PLIES: usize = 6;

/// The symmetries that leave the start position unchanged: a named line (given from f5) is
/// played in any of these orientations (from f5, e6, c4 or d3).
const START_SYMMETRIES: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Transpose,
    Symmetry::HalfTurn,
    Symmetry::AntiTranspose,
];

/// What the player practises.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Line {
    /// A named opening of `openings()`, by its name (or one of the names it lists, any case).
    Named(String),
    /// Whatever line the book and the computer's choices lead to.
    AnyBook,
}

/// A drill as the player sets it up: what the game saves to offer it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrillChoice {
    pub line: Line,
    /// The colour the player plays; the computer plays the other one.
    pub player: Color,
    /// Varies the computer's choices between sessions (a new one each session); equal seeds
    /// give equal drills.
    pub seed: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DrillError {
    #[error("no named opening is called '{0}'")]
    UnknownOpening(String),
    #[error("{0} cannot be played in the drill's position")]
    IllegalMove(Move),
    #[error("the position is not in the opening book")]
    OutOfBook,
}

/// The judgement of one of the player's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The move is the named line's move (while the game follows the line), or elsewhere scores
    /// within [`TOLERANCE`] of the book's best.
    pub accepted: bool,
    /// Discs the move loses against the book's best move (0 or more).
    pub cost: i32,
    /// Book scores, in discs for the player, of the move played and of the best move.
    pub played_score: i32,
    pub best_score: i32,
    /// The book moves that score `best_score`.
    pub best: Vec<Square>,
    /// The named line's move in this position, while the game follows the line.
    pub named: Option<Square>,
    /// The line to remember from this position (starting with the move the player should have
    /// played): the named line while it lasts, then the book's best moves; a few plies.
    pub line: Vec<Square>,
}

/// An opening drill, made from the player's choice.
#[derive(Clone, Debug)]
pub struct Drill {
    choice: DrillChoice,
    opening: Option<&'static Opening<'static>>,
    book: &'static Book,
}

/// The position a list of moves reaches from the standard start, and the moves as squares.
struct Reached {
    board: Board,
    squares: Vec<Square>,
}

impl Drill {
    /// The drill of `choice`, with the shipped book; an error when it names no opening.
    pub fn new(choice: DrillChoice) -> Result<Drill, DrillError> {
        let opening = match &choice.line {
            Line::AnyBook => None,
            Line::Named(name) => {
                Some(find_opening(name).ok_or_else(|| DrillError::UnknownOpening(name.clone()))?)
            }
        };
        Ok(Drill {
            choice,
            opening,
            book: Book::shipped(),
        })
    }

    pub fn choice(&self) -> &DrillChoice {
        &self.choice
    }

    /// The name of the repetition card (`repetition::Card::key`) of this drill: the opening's
    /// full name (or "any") and the player's colour, e.g. `opening:Tiger:Black`.
    pub fn key(&self) -> String {
        let line = self.opening.map_or("any", |opening| opening.name);
        format!("opening:{line}:{}", self.choice.player)
    }

    /// Plies from the start to the end of the drill: the named line and a few book moves past
    /// it, or 12 for any book line. The drill may end earlier, where the book does.
    pub fn length(&self) -> usize {
        self.opening.map_or(ANY_LINE_PLIES, |opening| {
            opening.moves.len() + PLIES_AFTER_NAMED_LINE
        })
    }

    /// Whether the drill is over after `moves` (from the standard start, Black first): its length
    /// is reached, the position is not in the book, or a move could not be played.
    pub fn is_complete(&self, moves: &[Move]) -> bool {
        match reach(moves) {
            Ok(reached) => {
                reached.squares.len() >= self.length() || self.book.lookup(&reached.board).is_none()
            }
            Err(_) => true,
        }
    }

    /// Whether the player is to move after `moves`.
    pub fn is_players_turn(&self, moves: &[Move]) -> bool {
        reach(moves).is_ok_and(|reached| reached.board.to_move == self.choice.player)
    }

    /// The computer's move after `moves`: the named line's move while the game follows it, then
    /// a book move near the best (drawn by the seed). `None` when the drill is complete or the
    /// player is to move.
    pub fn computer_move(&self, moves: &[Move]) -> Option<Square> {
        if self.is_complete(moves) || self.is_players_turn(moves) {
            return None;
        }
        let reached = reach(moves).ok()?;
        if let Some(named) = self.named_move(&reached.squares, reached.squares.first().copied()) {
            return Some(named);
        }
        let seed = self.choice.seed ^ reached.squares.len() as u64;
        self.book
            .choose(&reached.board, COMPUTER_MAX_LOSS, seed)
            .map(|book_move| book_move.square)
    }

    /// The verdict on the player's move `played` after `moves`. After a rejected move the game
    /// can take it back and show the line to remember; a drill whose every move was accepted is a
    /// success for its repetition card.
    pub fn judge(&self, moves: &[Move], played: Square) -> Result<Verdict, DrillError> {
        let reached = reach(moves)?;
        if !reached.board.is_legal(played) {
            return Err(DrillError::IllegalMove(Move::Play(played)));
        }
        let book_moves = self
            .book
            .lookup(&reached.board)
            .ok_or(DrillError::OutOfBook)?;
        let best_score = book_moves.first().ok_or(DrillError::OutOfBook)?.score;
        let played_score = book_moves
            .iter()
            .find(|book_move| book_move.square == played)
            .ok_or(DrillError::OutOfBook)?
            .score;
        let best: Vec<Square> = book_moves
            .iter()
            .filter(|book_move| book_move.score == best_score)
            .map(|book_move| book_move.square)
            .collect();
        let cost = (best_score - played_score).max(0);
        // Before the first move, the move played sets the named line's orientation.
        let first = reached.squares.first().copied().or(Some(played));
        let named = self.named_move(&reached.squares, first);
        let accepted = match named {
            Some(named) => played == named,
            None => cost <= TOLERANCE,
        };
        Ok(Verdict {
            accepted,
            cost,
            played_score,
            best_score,
            best,
            named,
            line: self.line_from(reached, first),
        })
    }

    /// The named line in the orientation of the game's first move `first` (any of f5, e6, c4,
    /// d3 plays the same opening), if the drill follows one; before any move, the orientation the
    /// seed picks.
    fn oriented_line(&self, first: Option<Square>) -> Option<Vec<Square>> {
        let opening = self.opening?;
        let line_first = *opening.moves.first()?;
        let symmetry = match first {
            Some(first) => *START_SYMMETRIES
                .iter()
                .find(|symmetry| symmetry.apply(line_first) == first)?,
            None => START_SYMMETRIES[(self.choice.seed % 4) as usize],
        };
        Some(
            opening
                .moves
                .iter()
                .map(|&square| symmetry.apply(square))
                .collect(),
        )
    }

    /// The named line's next move when `squares` follow the line (oriented by `first`) and it
    /// goes on.
    fn named_move(&self, squares: &[Square], first: Option<Square>) -> Option<Square> {
        let line = self.oriented_line(first)?;
        line.starts_with(squares)
            .then(|| line.get(squares.len()).copied())
            .flatten()
    }

    /// The line to remember from `reached`: the named line's moves while it follows it, then the
    /// book's best moves, up to `LINE_PLIES` plies.
    fn line_from(&self, mut reached: Reached, first: Option<Square>) -> Vec<Square> {
        let mut line = Vec::new();
        while line.len() < LINE_PLIES {
            let next = match self.named_move(&reached.squares, first) {
                Some(named) => named,
                None => match self
                    .book
                    .lookup(&reached.board)
                    .and_then(|m| m.first().copied())
                {
                    Some(best) => best.square,
                    None => break,
                },
            };
            let Ok(board) = reached.board.play(next) else {
                break;
            };
            line.push(next);
            reached.board = board;
            reached.squares.push(next);
        }
        line
    }
}

/// The opening called `name`: its full name or one of the names it lists, in any case.
fn find_opening(name: &str) -> Option<&'static Opening<'static>> {
    let name = name.trim();
    openings().iter().find(|opening| {
        opening.name.eq_ignore_ascii_case(name)
            || opening
                .name
                .split(" / ")
                .any(|alternative| alternative.trim().eq_ignore_ascii_case(name))
    })
}

/// Replays `moves` from the standard start. A pass ends a book line (no opening passes), so it
/// counts as a move that cannot be played in a drill.
fn reach(moves: &[Move]) -> Result<Reached, DrillError> {
    let mut board = Board::start(Color::Black);
    let mut squares = Vec::with_capacity(moves.len());
    for &mv in moves {
        let Move::Play(square) = mv else {
            return Err(DrillError::IllegalMove(mv));
        };
        board = board
            .play(square)
            .map_err(|_| DrillError::IllegalMove(mv))?;
        squares.push(square);
    }
    Ok(Reached { board, squares })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn moves(names: &str) -> Vec<Move> {
        names
            .split_whitespace()
            .map(|name| Move::Play(sq(name)))
            .collect()
    }

    fn tiger(player: Color, seed: u64) -> Drill {
        Drill::new(DrillChoice {
            line: Line::Named("tiger".to_string()),
            player,
            seed,
        })
        .unwrap()
    }

    #[test]
    fn the_tiger_s_moves_are_accepted_for_black_and_the_computer_plays_white_s() {
        let drill = tiger(Color::Black, 7);
        assert_eq!(drill.key(), "opening:Tiger:Black");
        assert_eq!(drill.length(), 5 + PLIES_AFTER_NAMED_LINE);
        let mut game = Vec::new();
        for (players, computers) in [("f5", Some("d6")), ("c3", Some("d3")), ("c4", None)] {
            assert!(drill.is_players_turn(&game));
            assert_eq!(drill.computer_move(&game), None);
            let verdict = drill.judge(&game, sq(players)).unwrap();
            assert!(verdict.accepted, "{players}: {verdict:?}");
            assert_eq!(verdict.named, Some(sq(players)));
            assert_eq!(verdict.line[0], sq(players));
            game.push(Move::Play(sq(players)));
            if let Some(answer) = computers {
                assert_eq!(drill.computer_move(&game), Some(sq(answer)));
                game.push(Move::Play(sq(answer)));
            }
        }
        // The first move scores as well as any other: every first move is the same opening.
        let first = drill.judge(&[], sq("f5")).unwrap();
        assert_eq!(first.cost, 0);
        assert_eq!(first.best.len(), 4);
        // Past the named line the computer plays on from the book.
        assert!(drill.computer_move(&game).is_some());
    }

    #[test]
    fn a_move_off_the_line_is_rejected_with_its_cost_and_the_line_to_remember() {
        let drill = tiger(Color::Black, 0);
        let game = moves("f5 d6");
        let book = Book::shipped()
            .lookup(&reach(&game).unwrap().board)
            .unwrap();
        let worst = book.last().unwrap();
        let verdict = drill.judge(&game, worst.square).unwrap();
        assert!(!verdict.accepted);
        assert!(verdict.cost > TOLERANCE, "{verdict:?}");
        assert_eq!(verdict.cost, verdict.best_score - verdict.played_score);
        assert!(verdict.best.contains(&book[0].square));
        assert_eq!(verdict.named, Some(sq("c3")));
        assert_eq!(verdict.line[..3], [sq("c3"), sq("d3"), sq("c4")]);
        assert_eq!(verdict.line.len(), LINE_PLIES);
    }

    #[test]
    fn the_named_line_is_played_in_the_orientation_of_the_first_move() {
        // The player starts with c4, the half turn of f5: the computer answers e3 (d6 turned).
        let drill = tiger(Color::Black, 0);
        assert_eq!(drill.computer_move(&moves("c4")), Some(sq("e3")));
        assert!(drill.judge(&moves("c4 e3"), sq("f6")).unwrap().accepted);
        let legal = reach(&moves("c4 e3")).unwrap().board.legal_moves();
        let other = Square::iter_bits(legal)
            .find(|&square| square != sq("f6"))
            .unwrap();
        assert!(!drill.judge(&moves("c4 e3"), other).unwrap().accepted);

        // Training White, the computer opens in the orientation the seed picks.
        let firsts: Vec<Square> = (0..4)
            .map(|seed| tiger(Color::White, seed).computer_move(&[]).unwrap())
            .collect();
        assert_eq!(firsts, [sq("f5"), sq("e6"), sq("c4"), sq("d3")]);
        let drill = tiger(Color::White, 0);
        assert_eq!(drill.computer_move(&moves("f5 d6")), Some(sq("c3")));
        assert_eq!(drill.computer_move(&moves("f5 d6 c3 d3")), Some(sq("c4")));
    }

    #[test]
    fn a_line_ends_where_the_drill_s_length_or_the_book_ends() {
        for seed in 0..3 {
            let drill = Drill::new(DrillChoice {
                line: Line::AnyBook,
                player: Color::White,
                seed,
            })
            .unwrap();
            assert_eq!(drill.key(), "opening:any:White");
            let mut game = Vec::new();
            while !drill.is_complete(&game) {
                // The player plays the book's best move; every legal move has a verdict.
                let next = drill.computer_move(&game).unwrap_or_else(|| {
                    let board = reach(&game).unwrap().board;
                    for square in Square::iter_bits(board.legal_moves()) {
                        assert!(drill.judge(&game, square).is_ok(), "{game:?} {square}");
                    }
                    Book::shipped().lookup(&board).unwrap()[0].square
                });
                game.push(Move::Play(next));
            }
            assert!(game.len() <= drill.length());
            assert!(game.len() >= 8, "the book reaches past 8 plies: {game:?}");
            assert_eq!(drill.computer_move(&game), None);
        }
    }

    #[test]
    fn openings_are_found_by_any_of_their_names_and_an_unknown_one_is_refused() {
        let choice = |name: &str| DrillChoice {
            line: Line::Named(name.to_string()),
            player: Color::White,
            seed: 0,
        };
        let peasant = Drill::new(choice(" PEASANT ")).unwrap();
        assert_eq!(peasant.key(), "opening:Snake / Peasant:White");
        assert_eq!(
            Drill::new(choice("Dragon")).unwrap_err(),
            DrillError::UnknownOpening("Dragon".to_string())
        );
        let text = ron::to_string(&choice("Tiger")).unwrap();
        assert_eq!(
            ron::from_str::<DrillChoice>(&text).unwrap(),
            choice("Tiger")
        );
    }

    #[test]
    fn moves_that_cannot_be_played_are_refused_not_judged() {
        let drill = tiger(Color::Black, 0);
        assert_eq!(
            drill.judge(&[], sq("a1")),
            Err(DrillError::IllegalMove(Move::Play(sq("a1"))))
        );
        assert!(drill.judge(&[Move::Pass], sq("f5")).is_err());
        assert!(drill.is_complete(&moves("a1")));
    }
}

//! A position of any variant: the discs, the side to move and the discs each side has left.

use crate::board::{Board, MoveError};
use crate::color::Color;
use crate::square::Square;

use super::bits::{Bits, DIRECTIONS};
use super::rules::{Goal, Scoring, Start, Supply, Variant};

/// A position of `variant`: black's and white's discs, the colour to move, and (with a fixed
/// supply) the discs each side has left to place.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VariantBoard {
    variant: Variant,
    /// The board's squares, kept so that no move has to work out the shape again.
    squares: Bits,
    black: Bits,
    white: Bits,
    to_move: Color,
    /// Discs left to place, black's then white's; unused with a shared supply.
    left: [u8; 2],
}

/// Why the centre of a position is not one its variant's start can lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CentreError {
    /// A centre square is empty, in a game that starts with the centre filled.
    Empty,
    /// A disc lies outside the centre while an empty-centre start still has centre squares to
    /// fill (the first four discs go there).
    OutsideFirst,
    /// The centre discs are not those placed one of each colour in turn, `first` first.
    Order { first: Color },
    /// While the centre is being filled the players take turns: it is `turn`'s.
    Turn { turn: Color },
}

/// The discs of one side as the search sees them: the side to move's and the other's.
struct Sides {
    player: Bits,
    opponent: Bits,
}

impl VariantBoard {
    /// The variant's start position.
    pub fn start(variant: Variant) -> VariantBoard {
        let (black, white) = variant.start_discs();
        let supply = match variant.supply {
            Supply::Shared => 0,
            Supply::Fixed(discs) => discs,
        };
        VariantBoard {
            variant,
            squares: variant.squares(),
            black,
            white,
            to_move: variant.first_to_move,
            left: [supply; 2],
        }
    }

    /// A position given by its discs. With a fixed supply the discs on the board beyond the
    /// start's were placed in turn, the side that moved first placing the odd one: the supplies left are worked out
    /// that way. `None` when a disc lies off the board, a square has both colours, or a side
    /// has placed more discs than its supply.
    pub fn from_discs(
        variant: Variant,
        black: Bits,
        white: Bits,
        to_move: Color,
    ) -> Option<VariantBoard> {
        let squares = variant.squares();
        if !(black & white).is_empty() || !((black | white) & !squares).is_empty() {
            return None;
        }
        let mut board = VariantBoard {
            black,
            white,
            to_move,
            ..VariantBoard::start(variant)
        };
        if let Supply::Fixed(supply) = variant.supply {
            // The start's discs come with the board, not out of the supplies.
            let (start_black, start_white) = variant.start_discs();
            let placed = (black | white)
                .count()
                .saturating_sub((start_black | start_white).count());
            let first = variant.first_to_move;
            let by_first = placed.div_ceil(2);
            let by_second = placed / 2;
            let left = |placed: u32| u8::try_from(u32::from(supply).checked_sub(placed)?).ok();
            board.left[index(first)] = left(by_first)?;
            board.left[index(first.opponent())] = left(by_second)?;
        }
        Some(board)
    }

    /// The same position on the fast 8x8 board, when the variant's rules are standard Othello's
    /// from here on (see [`Variant::is_standard_8x8`]).
    pub fn to_standard(&self) -> Option<Board> {
        if !self.variant.is_standard_8x8() {
            return None;
        }
        let to_u64 = |bits: Bits| bits.squares().fold(0u64, |all, square| all | square.bit());
        Some(Board {
            black: to_u64(self.black),
            white: to_u64(self.white),
            to_move: self.to_move,
        })
    }

    /// A standard 8x8 board as a position of standard Othello with the board's side to move
    /// first; a square claimed by both colours goes to black, so the position is consistent.
    pub fn standard(board: &Board) -> VariantBoard {
        let bits = |discs: u64| Square::iter_bits(discs).collect::<Bits>();
        let variant = Variant::OTHELLO.with_first_to_move(board.to_move);
        VariantBoard {
            black: bits(board.black),
            white: bits(board.white & !board.black),
            to_move: board.to_move,
            ..VariantBoard::start(variant)
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The same discs under rules where `goal` decides who wins (a GGF game's type says it
    /// after the board).
    pub fn with_goal(self, goal: Goal) -> VariantBoard {
        VariantBoard {
            variant: self.variant.with_goal(goal),
            ..self
        }
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The board's squares.
    pub fn squares(&self) -> Bits {
        self.squares
    }

    pub fn discs(&self, color: Color) -> Bits {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    pub fn count(&self, color: Color) -> u32 {
        self.discs(color).count()
    }

    pub fn empties(&self) -> Bits {
        self.squares & !(self.black | self.white)
    }

    pub fn disc_at(&self, square: Square) -> Option<Color> {
        if self.black.contains(square) {
            Some(Color::Black)
        } else if self.white.contains(square) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The discs `color` has left to place, with a fixed supply.
    pub fn discs_left(&self, color: Color) -> Option<u8> {
        match self.variant.supply {
            Supply::Shared => None,
            Supply::Fixed(_) => Some(self.left[index(color)]),
        }
    }

    /// While an empty-centre start still has centre squares to fill: the first moves place a
    /// disc on one of them, flipping nothing.
    pub fn is_placing_centre(&self) -> bool {
        if self.variant.start != Start::EmptyCentre {
            return false;
        }
        let centre = self.variant.centre_squares();
        let discs = self.black | self.white;
        !(centre & !discs).is_empty() && (discs & !centre).is_empty()
    }

    /// Whether the centre is one the variant's start can lead to: filled from the start, or
    /// filled first, one disc of each colour in turn from the side that moves first, with the
    /// side to move whose turn it is while it is being filled.
    pub fn centre_error(&self) -> Option<CentreError> {
        let centre = self.variant.centre_squares();
        let discs = self.black | self.white;
        let centre_full = (centre & !discs).is_empty();
        if self.variant.start != Start::EmptyCentre {
            return (!centre_full).then_some(CentreError::Empty);
        }
        if centre_full {
            return None;
        }
        if !(discs & !centre).is_empty() {
            return Some(CentreError::OutsideFirst);
        }
        // The side that moves first places the first and third discs, the other the second.
        let first = self.variant.first_to_move;
        let placed = discs.count();
        if self.count(first) != placed.div_ceil(2) || self.count(first.opponent()) != placed / 2 {
            return Some(CentreError::Order { first });
        }
        let turn = if placed.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        };
        (self.to_move != turn).then_some(CentreError::Turn { turn })
    }

    fn sides(&self) -> Sides {
        match self.to_move {
            Color::Black => Sides {
                player: self.black,
                opponent: self.white,
            },
            Color::White => Sides {
                player: self.white,
                opponent: self.black,
            },
        }
    }

    /// The squares where the side to move may place a disc.
    pub fn legal_moves(&self) -> Bits {
        if self.discs_left(self.to_move) == Some(0) {
            return Bits::EMPTY;
        }
        let empties = self.empties();
        if self.is_placing_centre() {
            return self.variant.centre_squares() & empties;
        }
        let Sides { player, opponent } = self.sides();
        // A line between a disc of the player and an empty square holds at most size - 2 of
        // the opponent's discs.
        let longest_run = usize::from(self.variant.size) - 2;
        let mut moves = Bits::EMPTY;
        for direction in DIRECTIONS {
            let mut run = player.step(direction) & opponent;
            for _ in 1..longest_run {
                let longer = run | (run.step(direction) & opponent);
                if longer == run {
                    break;
                }
                run = longer;
            }
            moves |= run.step(direction) & empties;
        }
        if self.variant.adjacent_placement {
            moves |= player.neighbours() & empties;
        }
        moves
    }

    pub fn is_legal(&self, square: Square) -> bool {
        self.legal_moves().contains(square)
    }

    /// The discs a disc of the side to move on `square` would outflank (none while the centre
    /// is being filled).
    pub fn outflanked(&self, square: Square) -> Bits {
        if self.is_placing_centre() {
            return Bits::EMPTY;
        }
        let Sides { player, opponent } = self.sides();
        let mut flipped = Bits::EMPTY;
        for (dx, dy) in DIRECTIONS {
            let mut line = Bits::EMPTY;
            let (mut column, mut row) = (square.column() as i8, square.row() as i8);
            loop {
                column += dx;
                row += dy;
                let Some(next) = u8::try_from(column)
                    .ok()
                    .zip(u8::try_from(row).ok())
                    .and_then(|(column, row)| Square::from_coords(column, row))
                else {
                    break;
                };
                if opponent.contains(next) {
                    line.insert(next);
                } else {
                    if player.contains(next) {
                        flipped |= line;
                    }
                    break;
                }
            }
        }
        flipped
    }

    /// The discs a disc of the side to move on `square` flips, or why it cannot go there.
    pub fn flips(&self, square: Square) -> Result<Bits, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        if !self.squares.contains(square) {
            return Err(MoveError::OffBoard(square));
        }
        if self.disc_at(square).is_some() {
            return Err(MoveError::Occupied(square));
        }
        if self.discs_left(self.to_move) == Some(0) {
            return Err(MoveError::NoDiscsLeft);
        }
        if self.legal_moves().contains(square) {
            return Ok(self.outflanked(square));
        }
        Err(if self.is_placing_centre() {
            MoveError::NotCentre(square)
        } else if self.variant.adjacent_placement {
            MoveError::FlipsNothingAlone(square)
        } else {
            MoveError::FlipsNothing(square)
        })
    }

    /// The board after the side to move places a disc on `square`; the other colour is then
    /// to move.
    pub fn play(&self, square: Square) -> Result<VariantBoard, MoveError> {
        let flipped = self.flips(square)?;
        Ok(self.play_unchecked(square, flipped))
    }

    /// The board after a legal move on `square` that outflanks `flipped`.
    pub fn play_unchecked(&self, square: Square, flipped: Bits) -> VariantBoard {
        let placed = Bits::single(square) | flipped;
        let mut next = *self;
        match self.to_move {
            Color::Black => {
                next.black = self.black | placed;
                next.white = self.white & !flipped;
            }
            Color::White => {
                next.white = self.white | placed;
                next.black = self.black & !flipped;
            }
        }
        if let Supply::Fixed(_) = self.variant.supply {
            next.left[index(self.to_move)] -= 1;
        }
        next.to_move = self.to_move.opponent();
        next
    }

    /// The board after the side to move passes, allowed only when it has no legal move and the
    /// game is not over.
    pub fn pass(&self) -> Result<VariantBoard, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        if !self.legal_moves().is_empty() {
            return Err(MoveError::PassNotAllowed);
        }
        Ok(self.passed())
    }

    /// The same discs with the other side to move (whether or not it may pass).
    pub fn passed(&self) -> VariantBoard {
        VariantBoard {
            to_move: self.to_move.opponent(),
            ..*self
        }
    }

    /// The side to move has no legal move but the other side has.
    pub fn must_pass(&self) -> bool {
        self.legal_moves().is_empty() && !self.is_game_over()
    }

    /// Neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.legal_moves().is_empty() && self.passed().legal_moves().is_empty()
    }

    /// Black's and white's score on a finished board under `scoring`. In Reverse Othello the
    /// empty squares go to the loser, the side with more discs, so that they widen the margin
    /// as they do in Othello.
    pub fn score(&self, scoring: Scoring) -> (u32, u32) {
        let (black, white) = (self.count(Color::Black), self.count(Color::White));
        let empties = self.empties().count();
        match scoring {
            Scoring::DiscCount => (black, white),
            Scoring::EmptiesToWinner => match black.cmp(&white) {
                std::cmp::Ordering::Greater => (black + empties, white),
                std::cmp::Ordering::Less => (black, white + empties),
                std::cmp::Ordering::Equal => (black + empties / 2, white + empties / 2),
            },
        }
    }

    /// The side to move's discs minus the other side's.
    pub fn disc_difference(&self) -> i32 {
        let Sides { player, opponent } = self.sides();
        player.count() as i32 - opponent.count() as i32
    }
}

/// The side to move's final score in discs: the disc difference, empty squares to the winner;
/// in Reverse Othello its opposite, so that the search maximises it under either goal.
pub fn final_score(board: &VariantBoard) -> i32 {
    let score =
        crate::position::final_score(board.disc_difference(), board.empties().count() as i32);
    match board.variant.goal {
        Goal::MostDiscs => score,
        Goal::FewestDiscs => -score,
    }
}

fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn othello_10_starts_with_four_moves_for_black() {
        let board = VariantBoard::start(Variant::othello(10));
        let moves: Vec<String> = board
            .legal_moves()
            .squares()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(moves, ["e4", "d5", "g6", "f7"]);
        let next = board.play(square("e4")).unwrap();
        assert_eq!(next.count(Color::Black), 4);
        assert_eq!(next.to_move(), Color::White);
    }

    #[test]
    fn the_standard_game_matches_the_fast_board() {
        let variant = Variant::OTHELLO;
        let mut general = VariantBoard::start(variant);
        let mut fast = Board::start(Color::Black);
        for name in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"] {
            assert_eq!(general.to_standard(), Some(fast));
            general = general.play(square(name)).unwrap();
            fast = fast.play(square(name)).unwrap();
        }
        assert_eq!(general.to_standard(), Some(fast));
        assert_eq!(VariantBoard::standard(&fast), general);
    }

    #[test]
    fn reversi_1876_fills_the_centre_first_then_places_next_to_own_discs() {
        let mut board = VariantBoard::start(Variant::REVERSI_1876);
        assert_eq!(board.to_move(), Color::White);
        assert_eq!(board.legal_moves().count(), 4);
        assert_eq!(
            board.play(square("a1")),
            Err(MoveError::NotCentre(square("a1")))
        );
        for name in ["d4", "e4", "d5", "e5"] {
            assert!(board.outflanked(square(name)).is_empty());
            board = board.play(square(name)).unwrap();
        }
        // White d4 and d5, black e4 and e5: black's row, side by side.
        assert_eq!(board.to_move(), Color::White);
        assert_eq!(board.discs_left(Color::White), Some(28));
        // c3 touches white's d4 and flips nothing: allowed under the old rules.
        assert!(board.outflanked(square("c3")).is_empty());
        let placed = board.play(square("c3")).unwrap();
        assert_eq!(placed.count(Color::White), 3);
        // f4 outflanks nothing and touches no white disc.
        assert_eq!(
            board.play(square("g4")),
            Err(MoveError::FlipsNothingAlone(square("g4")))
        );
        // f4 flips e4 (white d4 ... f4).
        assert_eq!(board.play(square("f4")).unwrap().count(Color::White), 4);
    }

    #[test]
    fn a_fixed_supply_runs_out_and_the_player_passes() {
        let variant = Variant {
            supply: Supply::Fixed(8),
            ..Variant::othello(4)
        };
        let mut board = VariantBoard::start(variant);
        assert_eq!(board.discs_left(Color::Black), Some(8));
        let mut moves = 0;
        while !board.is_game_over() {
            board = match board.legal_moves().first() {
                Some(square) => board.play(square).unwrap(),
                None => board.pass().unwrap(),
            };
            moves += 1;
            assert!(moves < 40);
        }
        let placed =
            16 - board.discs_left(Color::Black).unwrap() - board.discs_left(Color::White).unwrap();
        let start = VariantBoard::start(variant);
        let (black, white) = variant.start_discs();
        let same = VariantBoard::from_discs(variant, black, white, Color::Black).unwrap();
        assert_eq!(
            same.discs_left(Color::White),
            start.discs_left(Color::White)
        );
        assert_eq!(
            u32::from(placed) + 4,
            (board.discs(Color::Black) | board.discs(Color::White)).count()
        );
    }

    /// The 1876 rules give 30 discs each for 64 squares: once both supplies are used up the
    /// game ends with squares still empty.
    #[test]
    fn the_1876_supply_of_30_leaves_squares_empty_at_the_end() {
        let mut board = VariantBoard::start(Variant::REVERSI_1876);
        assert_eq!(board.discs_left(Color::White), Some(30));
        while !board.is_game_over() {
            board = match board.legal_moves().first() {
                Some(square) => board.play(square).unwrap(),
                None => board.pass().unwrap(),
            };
        }
        let filled = (board.discs(Color::Black) | board.discs(Color::White)).count();
        let left =
            board.discs_left(Color::Black).unwrap() + board.discs_left(Color::White).unwrap();
        assert_eq!(filled + u32::from(left), 60);
        assert!(board.empties().count() >= 4);
    }

    #[test]
    fn eight_star_corners_stop_lines_at_the_missing_squares() {
        let star = Variant::EIGHT_STAR;
        // White on b2, black on c3: a black disc cannot go to a1, which is not on the board.
        let board = VariantBoard::from_discs(
            star,
            Bits::single(square("c3")),
            Bits::single(square("b2")),
            Color::Black,
        )
        .unwrap();
        assert_eq!(
            board.play(square("a1")),
            Err(MoveError::OffBoard(square("a1")))
        );
        assert!(
            VariantBoard::from_discs(star, Bits::single(square("a1")), Bits::EMPTY, Color::Black)
                .is_none()
        );
    }
}

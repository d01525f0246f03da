//! The rules of a variant, each one a separate option: the board's size and shape, the start,
//! who moves first, the disc supply, and placing next to one's own disc. The named presets
//! (`othello`, `othello-10`, `reversi-8`, `eight-star`, `reversi-1876`, ...) are combinations.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::color::Color;
use crate::square::{MAX_BOARD_SIZE, Square};

use super::bits::Bits;

/// The outline of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Shape {
    /// Every square of the N x N grid.
    Square,
    /// The grid without three squares at each corner (a1, b1 and a2 and their mirror images):
    /// Eight-star Othello's board, whose eight corners cannot be outflanked.
    EightStar,
}

/// The discs on the board before the first move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Start {
    /// Othello's start: white on the upper-left and lower-right centre squares, black on the
    /// other two.
    Diagonal,
    /// The same colours side by side: black on the two upper centre squares, white below.
    SideBySide,
    /// An empty board: the first four moves place a disc each on the empty centre squares,
    /// flipping nothing (the 1876 Reversi rules).
    EmptyCentre,
}

/// Where the discs come from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Supply {
    /// One pool for both players; a player may use the other's discs (Othello).
    Shared,
    /// This many discs each, no borrowing: a player with none left passes (1876 Reversi: 32).
    Fixed(u8),
}

/// How a finished game is scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Scoring {
    /// The discs on the board, empty squares counted for nobody (the classic game).
    #[default]
    DiscCount,
    /// The Othello federation rule: empty squares go to the winner (29-34 with one empty square
    /// is 29-35); a draw with empty squares splits them evenly.
    EmptiesToWinner,
}

/// Who wins a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Goal {
    /// The most discs win (Othello).
    #[default]
    MostDiscs,
    /// The fewest discs win (Reverse Othello, the "anti" game of the servers).
    FewestDiscs,
}

impl Goal {
    fn is_most_discs(&self) -> bool {
        *self == Goal::MostDiscs
    }
}

/// The rules of a game on any board up to 16x16. Read from a file only through
/// [`Variant::validated`], so a saved game, the settings or the statistics can never bring a
/// board the rest of the engine does not handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "VariantFields")]
pub struct Variant {
    /// Columns and rows: even, 4 to 16.
    pub size: u8,
    pub shape: Shape,
    pub start: Start,
    pub first_to_move: Color,
    pub supply: Supply,
    /// A disc may also be placed, flipping nothing, on an empty square next to one of the
    /// player's own discs (any of the eight directions).
    pub adjacent_placement: bool,
    /// Who wins; written only for Reverse Othello, so files from before it read unchanged.
    #[serde(default, skip_serializing_if = "Goal::is_most_discs")]
    pub goal: Goal,
}

/// A variant as a file spells it, before it is checked: the same fields as [`Variant`].
#[derive(Deserialize)]
struct VariantFields {
    size: u8,
    shape: Shape,
    start: Start,
    first_to_move: Color,
    supply: Supply,
    adjacent_placement: bool,
    #[serde(default)]
    goal: Goal,
}

impl TryFrom<VariantFields> for Variant {
    type Error = VariantError;

    fn try_from(fields: VariantFields) -> Result<Variant, VariantError> {
        Variant {
            size: fields.size,
            shape: fields.shape,
            start: fields.start,
            first_to_move: fields.first_to_move,
            supply: fields.supply,
            adjacent_placement: fields.adjacent_placement,
            goal: fields.goal,
        }
        .validated()
    }
}

/// Why a variant cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    #[error(
        "'{0}' is not a variant: expected othello, othello-N or reversi-N (N even, 4 to 16), eight-star or reversi-1876, each with reverse- before it for the fewest discs to win"
    )]
    UnknownName(String),
    #[error("a board of {0}x{0} is not offered: the size must be even, from 4 to 16")]
    BadSize(u8),
    #[error("the eight-star board needs at least 8x8 squares, not {0}x{0}")]
    StarTooSmall(u8),
    #[error("a supply of {supply} discs each is fewer than the {least} each the start needs")]
    SupplyTooSmall { supply: u8, least: u8 },
}

impl Variant {
    /// Today's 8x8 Othello.
    pub const OTHELLO: Variant = Variant::othello(8);

    /// Othello on an N x N board (`othello-10` is Grand Othello).
    pub const fn othello(size: u8) -> Variant {
        Variant {
            size,
            shape: Shape::Square,
            start: Start::Diagonal,
            first_to_move: Color::Black,
            supply: Supply::Shared,
            adjacent_placement: false,
            goal: Goal::MostDiscs,
        }
    }

    /// Reverse Othello on an N x N board: Othello's moves, the fewest discs win.
    pub const fn reverse(size: u8) -> Variant {
        Variant::othello(size).with_goal(Goal::FewestDiscs)
    }

    /// Othello's rules from a side-by-side start on an N x N board.
    pub const fn reversi(size: u8) -> Variant {
        Variant {
            start: Start::SideBySide,
            ..Variant::othello(size)
        }
    }

    /// Eight-star Othello: 10x10 without three squares at each corner.
    pub const EIGHT_STAR: Variant = Variant {
        shape: Shape::EightStar,
        ..Variant::othello(10)
    };

    /// The 1876 Reversi rules: an empty start, white first, 30 discs each without borrowing (so
    /// a game can end with empty squares), non-flipping placement next to one's own disc.
    pub const REVERSI_1876: Variant = Variant {
        size: 8,
        shape: Shape::Square,
        start: Start::EmptyCentre,
        first_to_move: Color::White,
        supply: Supply::Fixed(30),
        adjacent_placement: true,
        goal: Goal::MostDiscs,
    };

    /// The variant checked: a board size that is offered, a shape that fits it, and a supply
    /// that covers the start.
    pub fn validated(self) -> Result<Variant, VariantError> {
        if !self.size.is_multiple_of(2) || !(4..=MAX_BOARD_SIZE).contains(&self.size) {
            return Err(VariantError::BadSize(self.size));
        }
        if self.shape == Shape::EightStar && self.size < 8 {
            return Err(VariantError::StarTooSmall(self.size));
        }
        if let Supply::Fixed(supply) = self.supply {
            let least = Variant::LEAST_SUPPLY;
            if supply < least {
                return Err(VariantError::SupplyTooSmall { supply, least });
            }
        }
        Ok(self)
    }

    /// The fewest discs a fixed supply may hold: the start's two discs a side (an empty centre
    /// is filled by two placements each). A supply need not fill the board: a player with none
    /// left passes, so a game may end with empty squares.
    pub const LEAST_SUPPLY: u8 = 2;

    /// The same rules with `color` moving first.
    pub const fn with_first_to_move(self, color: Color) -> Variant {
        Variant {
            first_to_move: color,
            ..self
        }
    }

    /// Whether these are `other`'s rules, whoever moves first.
    pub fn same_rules_as(&self, other: &Variant) -> bool {
        self.with_first_to_move(other.first_to_move) == *other
    }

    /// The same board and moves with `goal` deciding who wins.
    pub const fn with_goal(self, goal: Goal) -> Variant {
        Variant { goal, ..self }
    }

    /// Whether this is the standard 8x8 game whose every position the fast 64-bit engine
    /// plays: Othello's rules on the full 8x8 board (either start, either first player).
    pub fn is_standard_8x8(&self) -> bool {
        self.size == 8
            && self.shape == Shape::Square
            && self.supply == Supply::Shared
            && !self.adjacent_placement
            && self.goal == Goal::MostDiscs
    }

    /// Whether `square` is on the board.
    pub fn has_square(&self, square: Square) -> bool {
        let (column, row) = (square.column(), square.row());
        if column >= self.size || row >= self.size {
            return false;
        }
        match self.shape {
            Shape::Square => true,
            Shape::EightStar => {
                // Distance to the nearest vertical and horizontal edge: a1, b1 and a2 and their
                // mirror images are the squares with both distances small.
                let from_side = column.min(self.size - 1 - column);
                let from_top = row.min(self.size - 1 - row);
                from_side + from_top >= 2
            }
        }
    }

    /// The squares of the board.
    pub fn squares(&self) -> Bits {
        (0..self.size)
            .flat_map(|row| {
                (0..self.size).filter_map(move |column| Square::from_coords(column, row))
            })
            .filter(|&square| self.has_square(square))
            .collect()
    }

    /// The four centre squares, upper-left, upper-right, lower-left, lower-right.
    pub fn centre(&self) -> [Square; 4] {
        let low = self.size / 2 - 1;
        let high = self.size / 2;
        [(low, low), (high, low), (low, high), (high, high)]
            .map(|(column, row)| Square::from_coords(column, row).expect("size is at most 16"))
    }

    /// The four centre squares as a set.
    pub fn centre_squares(&self) -> Bits {
        self.centre().into_iter().collect()
    }

    /// Black's and white's discs before the first move.
    pub fn start_discs(&self) -> (Bits, Bits) {
        let [upper_left, upper_right, lower_left, lower_right] = self.centre();
        let pair = |a, b| Bits::single(a) | Bits::single(b);
        match self.start {
            Start::Diagonal => (pair(upper_right, lower_left), pair(upper_left, lower_right)),
            Start::SideBySide => (pair(upper_left, upper_right), pair(lower_left, lower_right)),
            Start::EmptyCentre => (Bits::EMPTY, Bits::EMPTY),
        }
    }

    /// The preset's name when the variant is one (`othello`, `othello-10`, `reversi-6`,
    /// `eight-star`, `reversi-1876`), with `reverse-` before it when the fewest discs win
    /// (`reverse-othello`).
    pub fn preset_name(&self) -> Option<String> {
        if self.goal == Goal::FewestDiscs {
            let name = self.with_goal(Goal::MostDiscs).preset_name()?;
            return Some(format!("{REVERSE_PREFIX}{name}"));
        }
        if *self == Variant::OTHELLO {
            Some("othello".into())
        } else if *self == Variant::EIGHT_STAR {
            Some("eight-star".into())
        } else if *self == Variant::REVERSI_1876 {
            Some("reversi-1876".into())
        } else if *self == Variant::othello(self.size) {
            Some(format!("othello-{}", self.size))
        } else if *self == Variant::reversi(self.size) {
            Some(format!("reversi-{}", self.size))
        } else {
            None
        }
    }

    /// The last square's name, for messages: `h8`, `j10`, `p16`.
    pub fn last_square(&self) -> Square {
        Square::from_coords(self.size - 1, self.size - 1).expect("size is at most 16")
    }
}

/// What a name puts before a preset's name for its Reverse Othello (`reverse-othello-6`).
const REVERSE_PREFIX: &str = "reverse-";

impl Default for Variant {
    fn default() -> Variant {
        Variant::OTHELLO
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(text: &str) -> Result<Variant, VariantError> {
        let name = text.trim().to_ascii_lowercase();
        let unknown = || VariantError::UnknownName(text.to_string());
        if let Some(board_and_moves) = name.strip_prefix(REVERSE_PREFIX) {
            let variant: Variant = board_and_moves.parse().map_err(|_| unknown())?;
            if variant.goal != Goal::MostDiscs {
                return Err(unknown());
            }
            return Ok(variant.with_goal(Goal::FewestDiscs));
        }
        let variant = match name.as_str() {
            "othello" => Variant::OTHELLO,
            "eight-star" => Variant::EIGHT_STAR,
            "reversi-1876" => Variant::REVERSI_1876,
            _ => {
                let (family, size) = name.split_once('-').ok_or_else(unknown)?;
                let size = size.parse::<u8>().map_err(|_| unknown())?;
                match family {
                    "othello" => Variant::othello(size),
                    "reversi" => Variant::reversi(size),
                    _ => return Err(unknown()),
                }
            }
        };
        variant.validated()
    }
}

/// The preset's name, or the options spelt out for a combination that is not a preset.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.preset_name() {
            return f.write_str(&name);
        }
        let shape = match self.shape {
            Shape::Square => "",
            Shape::EightStar => " eight-star",
        };
        let start = match self.start {
            Start::Diagonal => "diagonal start",
            Start::SideBySide => "side-by-side start",
            Start::EmptyCentre => "empty centre",
        };
        write!(
            f,
            "{n}x{n}{shape}, {start}, {} first",
            self.first_to_move,
            n = self.size
        )?;
        if let Supply::Fixed(discs) = self.supply {
            write!(f, ", {discs} discs each")?;
        }
        if self.adjacent_placement {
            f.write_str(", placing next to own discs")?;
        }
        if self.goal == Goal::FewestDiscs {
            f.write_str(", the fewest discs win")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_keep_their_names() {
        for name in [
            "othello",
            "othello-4",
            "othello-10",
            "othello-16",
            "reversi-8",
            "reversi-12",
            "eight-star",
            "reversi-1876",
            "reverse-othello",
            "reverse-othello-6",
            "reverse-eight-star",
        ] {
            let variant: Variant = name.parse().unwrap();
            assert_eq!(variant.to_string(), name);
        }
        assert_eq!("othello-8".parse::<Variant>().unwrap(), Variant::OTHELLO);
        assert_eq!(
            "Othello-8".parse::<Variant>().unwrap().to_string(),
            "othello"
        );
    }

    #[test]
    fn reverse_othello_is_othello_where_the_fewest_discs_win() {
        let reverse: Variant = "reverse-othello".parse().unwrap();
        assert_eq!(reverse, Variant::reverse(8));
        assert_eq!(reverse.goal, Goal::FewestDiscs);
        assert!(!reverse.is_standard_8x8());
        assert!(!reverse.same_rules_as(&Variant::OTHELLO));
        let custom = Variant::reversi(8)
            .with_first_to_move(Color::White)
            .with_goal(Goal::FewestDiscs);
        assert_eq!(
            custom.to_string(),
            "8x8, side-by-side start, White first, the fewest discs win"
        );
    }

    /// Files written before Reverse Othello have no goal: they read as the most discs winning,
    /// and Othello is still written without one.
    #[test]
    fn the_goal_is_written_only_for_reverse_othello() {
        let old = "(size:8,shape:Square,start:Diagonal,first_to_move:Black,supply:Shared,adjacent_placement:false)";
        assert_eq!(ron::from_str::<Variant>(old).unwrap(), Variant::OTHELLO);
        assert_eq!(ron::to_string(&Variant::OTHELLO).unwrap(), old);
        let reverse = ron::to_string(&Variant::reverse(6)).unwrap();
        assert!(reverse.contains("goal:FewestDiscs"), "{reverse}");
        assert_eq!(
            ron::from_str::<Variant>(&reverse).unwrap(),
            Variant::reverse(6)
        );
    }

    #[test]
    fn bad_names_and_sizes_are_refused_with_the_reason() {
        for bad in [
            "reverse-reverse-othello",
            "reverse-",
            "othello-7",
            "othello-18",
            "othello-2",
            "reversi-",
            "go",
            "othello-x",
        ] {
            assert!(bad.parse::<Variant>().is_err(), "{bad}");
        }
        assert_eq!(
            "othello-9".parse::<Variant>(),
            Err(VariantError::BadSize(9))
        );
    }

    #[test]
    fn eight_star_has_88_squares_and_no_a1_b1_a2() {
        let star = Variant::EIGHT_STAR;
        assert_eq!(star.squares().count(), 88);
        for missing in [
            "a1", "b1", "a2", "j1", "i1", "j2", "a10", "a9", "b10", "j10", "i10", "j9",
        ] {
            assert!(!star.has_square(missing.parse().unwrap()), "{missing}");
        }
        for present in ["c1", "a3", "b2", "h1", "j3", "e5"] {
            assert!(star.has_square(present.parse().unwrap()), "{present}");
        }
    }

    #[test]
    fn starts_put_the_colours_where_the_rules_say() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let (black, white) = Variant::othello(10).start_discs();
        assert!(black.contains(square("f5")) && black.contains(square("e6")));
        assert!(white.contains(square("e5")) && white.contains(square("f6")));
        let (black, white) = Variant::reversi(6).start_discs();
        assert!(black.contains(square("c3")) && black.contains(square("d3")));
        assert!(white.contains(square("c4")) && white.contains(square("d4")));
        assert_eq!(
            Variant::REVERSI_1876.start_discs(),
            (Bits::EMPTY, Bits::EMPTY)
        );
    }

    #[test]
    fn a_combination_that_is_no_preset_is_spelt_out() {
        let variant = Variant {
            supply: Supply::Fixed(50),
            ..Variant::othello(10)
        };
        assert_eq!(
            variant.to_string(),
            "10x10, diagonal start, Black first, 50 discs each"
        );
        let too_few = Variant {
            supply: Supply::Fixed(1),
            ..Variant::othello(10)
        };
        assert!(too_few.validated().is_err());
        let few = Variant {
            supply: Supply::Fixed(2),
            ..Variant::othello(10)
        };
        assert_eq!(few.validated(), Ok(few));
    }

    #[test]
    fn a_file_cannot_bring_a_board_the_engine_does_not_play() {
        let spelt = |size: u8, supply: &str| {
            format!(
                "(size: {size}, shape: Square, start: Diagonal, first_to_move: Black, \
                 supply: {supply}, adjacent_placement: false)"
            )
        };
        assert_eq!(
            ron::from_str::<Variant>(&spelt(10, "Shared")),
            Ok(Variant::othello(10))
        );
        for size in [0, 1, 3, 18, 34, 200, 255] {
            let error = ron::from_str::<Variant>(&spelt(size, "Shared")).unwrap_err();
            assert!(
                error
                    .to_string()
                    .contains("the size must be even, from 4 to 16"),
                "{size}: {error}"
            );
        }
        let error = ron::from_str::<Variant>(&spelt(8, "Fixed(1)")).unwrap_err();
        assert!(error.to_string().contains("the start needs"), "{error}");
    }
}

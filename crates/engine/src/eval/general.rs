//! A general evaluation for every board: corners, the squares that give them away, mobility,
//! frontier and supply, all worked out from the board's shape. The learned evaluation is for
//! 8x8 only; this one plays the other boards, on the 256-bit board and on the one-word board
//! alike (the same sums over either kind of set of squares).

use std::ops::{BitAnd, BitOr, Not};

use super::{DISC, EachAlone, Evaluator, neighbours};
use crate::variant::{Bits, DIRECTIONS, Goal, SmallBoard, Variant, VariantBoard};

/// Score units per disc: the evaluation works in hundredths of a disc, as every evaluation.
const UNIT: i32 = DISC;

/// What each feature is worth, in hundredths of a disc, under one goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Weights {
    anchor: i32,
    /// A disc diagonally next to an empty anchor (an X-square), which hands the anchor over.
    x_square: i32,
    /// A disc beside an empty anchor on the edge (a C-square), less dangerous.
    c_square: i32,
    mobility: i32,
    frontier: i32,
    /// A disc more than the other side, when the board is full (less before).
    disc_late: i32,
    supply: i32,
}

/// When the most discs win, an anchor is a disc that can never be lost.
const MOST_DISCS: Weights = Weights {
    anchor: 8 * UNIT,
    x_square: -3 * UNIT,
    c_square: -UNIT,
    mobility: 60,
    frontier: -25,
    disc_late: 40,
    supply: 30,
};

/// When the fewest discs win, an anchor is a disc that can never be given back, so the side
/// that owns it is worse off, and handing one over is a gain. Mobility and a short frontier
/// still decide who chooses and who is forced, and placing a disc adds to one's own count.
const FEWEST_DISCS: Weights = Weights {
    anchor: -8 * UNIT,
    x_square: 2 * UNIT,
    c_square: UNIT / 2,
    mobility: 60,
    frontier: -25,
    disc_late: -40,
    supply: -30,
};

/// A set of squares as the evaluation counts it: the 256-bit board's or the one word's.
trait SquareSet: Copy + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> {
    fn count(self) -> i32;

    /// Every square's neighbours in the eight directions.
    fn neighbours(self) -> Self;
}

impl SquareSet for Bits {
    #[inline]
    fn count(self) -> i32 {
        Bits::count(self) as i32
    }

    #[inline]
    fn neighbours(self) -> Bits {
        Bits::neighbours(self)
    }
}

impl SquareSet for u64 {
    #[inline(always)]
    fn count(self) -> i32 {
        self.count_ones() as i32
    }

    #[inline(always)]
    fn neighbours(self) -> u64 {
        neighbours(self)
    }
}

/// The squares of a board the evaluation weighs apart, worked out once per variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Landmarks<S> {
    /// Squares that can never be outflanked: every line through them ends there.
    anchors: S,
    /// Squares diagonally next to an anchor.
    x_squares: S,
    /// Squares beside an anchor in a row or column.
    c_squares: S,
}

/// The general evaluation of one variant's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeneralEval {
    weights: Weights,
    landmarks: Landmarks<Bits>,
    /// The same squares on the one-word board, for the variants it holds.
    word: Landmarks<u64>,
}

impl GeneralEval {
    /// The evaluation of `variant`'s positions.
    pub fn of(variant: Variant) -> GeneralEval {
        let landmarks = Landmarks::of(variant);
        let word = |bits: Bits| {
            bits.squares()
                .filter(|square| square.is_on_8x8())
                .fold(0u64, |all, square| all | square.bit())
        };
        let weights = match variant.goal {
            Goal::MostDiscs => MOST_DISCS,
            Goal::FewestDiscs => FEWEST_DISCS,
        };
        GeneralEval {
            weights,
            landmarks,
            word: Landmarks {
                anchors: word(landmarks.anchors),
                x_squares: word(landmarks.x_squares),
                c_squares: word(landmarks.c_squares),
            },
        }
    }
}

impl Landmarks<Bits> {
    fn of(variant: Variant) -> Landmarks<Bits> {
        let squares = variant.squares();
        // A square is an anchor when, in each of the four lines through it, one of its two
        // neighbours is missing.
        let pairs = [DIRECTIONS[0], DIRECTIONS[2], DIRECTIONS[4], DIRECTIONS[6]];
        let anchors = squares
            .squares()
            .filter(|&square| {
                let here = Bits::single(square);
                pairs.iter().all(|&(dx, dy)| {
                    (here.step((dx, dy)) & squares).is_empty()
                        || (here.step((-dx, -dy)) & squares).is_empty()
                })
            })
            .collect::<Bits>();
        let diagonal = [DIRECTIONS[4], DIRECTIONS[5], DIRECTIONS[6], DIRECTIONS[7]]
            .iter()
            .fold(Bits::EMPTY, |all, &d| all | anchors.step(d));
        let beside = DIRECTIONS[..4]
            .iter()
            .fold(Bits::EMPTY, |all, &d| all | anchors.step(d));
        Landmarks {
            anchors,
            x_squares: diagonal & squares & !anchors,
            c_squares: beside & squares & !anchors & !diagonal,
        }
    }
}

/// What the evaluation reads of a position, in the board's own sets of squares.
struct Inputs<S> {
    mine: S,
    theirs: S,
    empties: S,
    /// Squares of the board.
    squares: i32,
    my_moves: i32,
    their_moves: i32,
    /// The side to move's discs left minus the other side's, with a fixed supply.
    supply: i32,
}

impl Evaluator<VariantBoard> for GeneralEval {
    type Node<'a> = EachAlone<'a, GeneralEval, VariantBoard>;

    fn node(&self, board: VariantBoard) -> Self::Node<'_> {
        EachAlone::new(self, board)
    }

    fn evaluate(&self, board: &VariantBoard) -> i32 {
        let me = board.to_move();
        let them = me.opponent();
        let supply = match (board.discs_left(me), board.discs_left(them)) {
            (Some(mine), Some(theirs)) => i32::from(mine) - i32::from(theirs),
            _ => 0,
        };
        evaluate(
            &self.weights,
            &self.landmarks,
            Inputs {
                mine: board.discs(me),
                theirs: board.discs(them),
                empties: board.empties(),
                squares: board.squares().count() as i32,
                my_moves: board.legal_moves().count() as i32,
                their_moves: board.passed().legal_moves().count() as i32,
                supply,
            },
        )
    }
}

impl Evaluator<SmallBoard> for GeneralEval {
    type Node<'a> = EachAlone<'a, GeneralEval, SmallBoard>;

    fn node(&self, board: SmallBoard) -> Self::Node<'_> {
        EachAlone::new(self, board)
    }

    fn evaluate(&self, board: &SmallBoard) -> i32 {
        evaluate(
            &self.weights,
            &self.word,
            Inputs {
                mine: board.player,
                theirs: board.opponent,
                empties: board.empties(),
                squares: board.squares().count_ones() as i32,
                my_moves: board.legal_moves().count_ones() as i32,
                their_moves: board.pass().legal_moves().count_ones() as i32,
                supply: 0,
            },
        )
    }
}

/// The position's value for the side to move, in hundredths of a disc.
fn evaluate<S: SquareSet>(weights: &Weights, shape: &Landmarks<S>, inputs: Inputs<S>) -> i32 {
    let Inputs {
        mine,
        theirs,
        empties,
        squares,
        my_moves,
        their_moves,
        supply,
    } = inputs;

    let anchors = (mine & shape.anchors).count() - (theirs & shape.anchors).count();
    // Only the squares next to an anchor that is still empty are a danger.
    let open_anchors = shape.anchors & empties;
    let open_x = shape.x_squares & open_anchors.neighbours();
    let open_c = shape.c_squares & open_anchors.neighbours();
    let danger = |discs: S| {
        (discs & open_x).count() * weights.x_square + (discs & open_c).count() * weights.c_square
    };

    let around_empties = empties.neighbours();
    let frontier = |discs: S| (discs & around_empties).count();

    let filled = squares - empties.count();
    // Discs count for little early and for more as the board fills.
    let discs = (mine.count() - theirs.count()) * weights.disc_late * filled / squares;

    anchors * weights.anchor + danger(mine) - danger(theirs)
        + (my_moves - their_moves) * weights.mobility
        + (frontier(mine) - frontier(theirs)) * weights.frontier
        + discs
        + supply * weights.supply
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::rng::SplitMix64;
    use crate::square::Square;

    fn names(bits: Bits) -> Vec<String> {
        bits.squares().map(|s| s.to_string()).collect()
    }

    #[test]
    fn anchors_are_the_corners_of_the_shape() {
        assert_eq!(
            names(Landmarks::of(Variant::othello(6)).anchors),
            ["a1", "f1", "a6", "f6"]
        );
        let star = Landmarks::of(Variant::EIGHT_STAR);
        assert_eq!(
            names(star.anchors),
            ["c1", "h1", "a3", "j3", "a8", "j8", "c10", "h10"]
        );
        assert!(star.x_squares.contains("b2".parse::<Square>().unwrap()));
    }

    #[test]
    fn owning_a_corner_is_worth_more_than_a_few_discs() {
        let variant = Variant::othello(6);
        let eval = GeneralEval::of(variant);
        let corner = crate::variant::parse_variant_board(
            variant,
            "X----- ------ --OX-- --XO-- ------ ------ O",
        )
        .unwrap();
        let no_corner = crate::variant::parse_variant_board(
            variant,
            "------ -X---- --OX-- --XO-- ------ ------ O",
        )
        .unwrap();
        assert_eq!(corner.to_move(), Color::White);
        assert!(eval.evaluate(&corner) < eval.evaluate(&no_corner) - 5 * UNIT);
    }

    /// A position of a variant the one-word board holds scores the same on either board.
    #[test]
    fn both_boards_score_alike() {
        let mut rng = SplitMix64::new(4);
        for variant in [
            Variant::othello(6),
            Variant::reversi(8),
            Variant::othello(4),
        ] {
            let eval = GeneralEval::of(variant);
            let mut board = VariantBoard::start(variant);
            while !board.is_game_over() {
                if let Some(small) = SmallBoard::of(&board) {
                    assert_eq!(eval.evaluate(&small), eval.evaluate(&board), "{variant}");
                }
                let moves: Vec<_> = board.legal_moves().squares().collect();
                board = match moves.len() {
                    0 => board.passed(),
                    count => board.play(moves[rng.below(count)]).unwrap(),
                };
            }
        }
    }
}

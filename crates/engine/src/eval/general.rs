//! A general evaluation for every board: corners, the squares that give them away, mobility,
//! frontier and supply, all worked out from the board's shape. The learned evaluation is for
//! 8x8 only; this one plays the other boards.

use crate::square::Square;
use crate::variant::{Bits, DIRECTIONS, Variant, VariantBoard};

/// Score units per disc: the evaluation works in hundredths of a disc.
pub const UNIT: i32 = 100;

const ANCHOR: i32 = 8 * UNIT;
/// A disc diagonally next to an empty anchor (an X-square) hands the anchor over.
const X_SQUARE: i32 = -3 * UNIT;
/// A disc beside an empty anchor on the edge (a C-square), less dangerous.
const C_SQUARE: i32 = -UNIT;
const MOBILITY: i32 = 60;
const FRONTIER: i32 = -25;
const DISC_LATE: i32 = 40;
const SUPPLY: i32 = 30;

/// What the evaluation knows about a board's shape, worked out once per variant.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Squares that can never be outflanked: every line through them ends there.
    anchors: Bits,
    /// Squares diagonally next to an anchor.
    x_squares: Bits,
    /// Squares beside an anchor in a row or column.
    c_squares: Bits,
}

impl Shape {
    /// Whether `square` can never be outflanked.
    pub fn is_anchor(&self, square: Square) -> bool {
        self.anchors.contains(square)
    }

    pub fn of(variant: Variant) -> Shape {
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
        Shape {
            anchors,
            x_squares: diagonal & squares & !anchors,
            c_squares: beside & squares & !anchors & !diagonal,
        }
    }
}

/// The position's value for the side to move, in hundredths of a disc.
pub fn evaluate(board: &VariantBoard, shape: &Shape) -> i32 {
    let me = board.to_move();
    let them = me.opponent();
    let mine = board.discs(me);
    let theirs = board.discs(them);
    let empties = board.empties();

    let anchors = (mine & shape.anchors).count() as i32 - (theirs & shape.anchors).count() as i32;
    // Only the squares next to an anchor that is still empty are a danger.
    let open_anchors = shape.anchors & empties;
    let open_x = shape.x_squares & open_anchors.neighbours();
    let open_c = shape.c_squares & open_anchors.neighbours();
    let danger = |discs: Bits| {
        (discs & open_x).count() as i32 * X_SQUARE + (discs & open_c).count() as i32 * C_SQUARE
    };

    let my_moves = board.legal_moves().count() as i32;
    let their_moves = board.passed().legal_moves().count() as i32;
    let frontier = |discs: Bits| (discs & empties.neighbours()).count() as i32;

    let squares = board.squares().count() as i32;
    let filled = squares - empties.count() as i32;
    // Discs count for little early and for more as the board fills.
    let discs = (mine.count() as i32 - theirs.count() as i32) * DISC_LATE * filled / squares;

    let supply = match (board.discs_left(me), board.discs_left(them)) {
        (Some(mine), Some(theirs)) => (i32::from(mine) - i32::from(theirs)) * SUPPLY,
        _ => 0,
    };

    anchors * ANCHOR + danger(mine) - danger(theirs)
        + (my_moves - their_moves) * MOBILITY
        + (frontier(mine) - frontier(theirs)) * FRONTIER
        + discs
        + supply
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;

    fn names(bits: Bits) -> Vec<String> {
        bits.squares().map(|s| s.to_string()).collect()
    }

    #[test]
    fn anchors_are_the_corners_of_the_shape() {
        assert_eq!(
            names(Shape::of(Variant::othello(6)).anchors),
            ["a1", "f1", "a6", "f6"]
        );
        let star = Shape::of(Variant::EIGHT_STAR);
        assert_eq!(
            names(star.anchors),
            ["c1", "h1", "a3", "j3", "a8", "j8", "c10", "h10"]
        );
        assert!(star.x_squares.contains("b2".parse::<Square>().unwrap()));
    }

    #[test]
    fn owning_a_corner_is_worth_more_than_a_few_discs() {
        let variant = Variant::othello(6);
        let shape = Shape::of(variant);
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
        assert!(evaluate(&corner, &shape) < evaluate(&no_corner, &shape) - 5 * UNIT);
    }
}

//! A position's canonical form: the least of its eight images under the board's symmetries, so
//! that the book stores one entry for all of them.

use crate::openings::Symmetry;
use crate::position::Position;

/// How the book orders and finds positions: (player, opponent) of the canonical image.
pub type Key = (u64, u64);

/// The canonical image of `position` and the symmetry that maps `position` onto it.
pub fn canonical(position: Position) -> (Position, Symmetry) {
    Symmetry::ALL
        .into_iter()
        .map(|symmetry| (image(position, symmetry), symmetry))
        .min_by_key(|(image, _)| key(image))
        .unwrap_or((position, Symmetry::Identity))
}

pub fn key(position: &Position) -> Key {
    (position.player, position.opponent)
}

pub fn image(position: Position, symmetry: Symmetry) -> Position {
    Position::new(
        symmetry.apply_bits(position.player),
        symmetry.apply_bits(position.opponent),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_image_has_the_same_canonical_form() {
        let position = Position::start()
            .play("f5".parse().unwrap())
            .and_then(|p| p.play("f6".parse().unwrap()))
            .unwrap();
        let (canonical_form, symmetry) = canonical(position);
        assert_eq!(image(position, symmetry), canonical_form);
        for each in Symmetry::ALL {
            assert_eq!(canonical(image(position, each)).0, canonical_form);
        }
    }
}

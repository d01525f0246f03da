//! Where things are on the board, in one place: the number of squares along a side, the size of a
//! square, the frame around the playing area, the centre of every square, the star points and the
//! places of the coordinates. Everything else derives from these, so a board of another size
//! changes only [`BOARD_SIZE`].

use bevy::prelude::*;
use reversi_engine::Square;

/// Squares along each side of the board.
pub const BOARD_SIZE: u8 = 8;

/// Height of the playing surface.
pub const BOARD_TOP: f32 = 0.0;

pub(super) const SQUARE_SIZE: f32 = 1.0;
/// The gap between squares, where the dark base shows as a grid line.
pub(super) const GRID_LINE: f32 = 0.05;
pub(super) const FRAME_WIDTH: f32 = 0.75;
/// How far the frame rises above the playing surface.
pub(super) const FRAME_HEIGHT: f32 = 0.18;
pub(super) const BASE_THICKNESS: f32 = 0.3;

/// The side of the playing area (the squares without the frame).
pub(super) const PLAYING_AREA: f32 = BOARD_SIZE as f32 * SQUARE_SIZE;

/// Half the width of the board including its frame: what the camera must keep in view.
pub const BOARD_HALF_EXTENT: f32 = PLAYING_AREA / 2.0 + FRAME_WIDTH;

/// The distance from a square's centre to the middle of the board, in squares, along one axis.
fn from_middle(index: u8) -> f32 {
    f32::from(index) - (f32::from(BOARD_SIZE) - 1.0) / 2.0
}

/// The centre of `square` at height `y`: column a on the left (-x), row 1 at the far side (-z).
pub fn square_center(square: Square, y: f32) -> Vec3 {
    Vec3::new(
        from_middle(square.column()) * SQUARE_SIZE,
        y,
        from_middle(square.row()) * SQUARE_SIZE,
    )
}

/// The star points, on the grid corners a quarter of the board in from each side (on 8x8, where
/// c3/d4, e3/f4, c5/d6 and e5/f6 meet), at height `y`.
pub(super) fn star_points(y: f32) -> [Vec3; 4] {
    let offset = f32::from(BOARD_SIZE / 4) * SQUARE_SIZE;
    [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
        .map(|(x, z)| Vec3::new(x * offset, y, z * offset))
}

/// The coordinates painted on the frame: column letters on the far and near rails, row numbers on
/// the left and right ones, each beside its column or row, just above the middle of the rail.
pub fn coordinate_labels() -> impl Iterator<Item = (String, Vec3)> {
    let rail = PLAYING_AREA / 2.0 + FRAME_WIDTH / 2.0;
    let height = BOARD_TOP + FRAME_HEIGHT + 0.02;
    (0..BOARD_SIZE).flat_map(move |i| {
        let column = char::from(b'a' + i).to_string();
        let row = (i + 1).to_string();
        let along = from_middle(i) * SQUARE_SIZE;
        [
            (column.clone(), Vec3::new(along, height, -rail)),
            (column, Vec3::new(along, height, rail)),
            (row.clone(), Vec3::new(-rail, height, along)),
            (row, Vec3::new(rail, height, along)),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_centred_and_the_labels_sit_on_the_frame() {
        let a1 = square_center(Square::from_coords(0, 0).unwrap(), 0.0);
        let h8 = square_center(Square::from_coords(7, 7).unwrap(), 0.0);
        assert_eq!(a1, Vec3::new(-3.5, 0.0, -3.5));
        assert_eq!(a1 + h8, Vec3::ZERO);
        let labels: Vec<(String, Vec3)> = coordinate_labels().collect();
        assert_eq!(labels.len(), 4 * usize::from(BOARD_SIZE));
        for (text, at) in &labels {
            let edge = at.x.abs().max(at.z.abs());
            assert!(
                edge > PLAYING_AREA / 2.0 && edge < BOARD_HALF_EXTENT,
                "{text} is not on the frame: {at}"
            );
        }
        assert_eq!(star_points(0.0)[0], Vec3::new(-2.0, 0.0, -2.0));
    }
}

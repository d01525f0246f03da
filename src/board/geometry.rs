//! Where things are on the board: the size of a square, the frame around the playing area, and
//! the centre of every square in the 3D scene.

use bevy::prelude::*;
use reversi_engine::Square;

/// Height of the playing surface.
pub const BOARD_TOP: f32 = 0.0;

pub(super) const SQUARE_SIZE: f32 = 1.0;

pub(super) const GRID_LINE: f32 = 0.05;

pub(super) const FRAME_WIDTH: f32 = 0.75;

pub(super) const FRAME_HEIGHT: f32 = 0.18;

pub(super) const BASE_THICKNESS: f32 = 0.3;

/// The centre of `square` at height `y`: column a on the left (-x), row 1 at the far side (-z).
pub fn square_center(square: Square, y: f32) -> Vec3 {
    Vec3::new(
        (f32::from(square.column()) - 3.5) * SQUARE_SIZE,
        y,
        (f32::from(square.row()) - 3.5) * SQUARE_SIZE,
    )
}

/// Half the width of the board including its frame: what the camera must keep in view.
pub const BOARD_HALF_EXTENT: f32 = 4.0 * SQUARE_SIZE + FRAME_WIDTH;

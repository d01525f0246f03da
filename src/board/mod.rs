//! The board: its geometry (one place for every position on it), the scene built from it (dark
//! base showing through as grid lines between green squares, star points, a raised wooden frame,
//! a table), the marks that follow the game (valid moves, last move, hover, move preview), and the
//! pointer on the squares, which becomes a move request.

mod build;
mod geometry;
mod marks;
mod picking;

pub use geometry::{BOARD_HALF_EXTENT, BOARD_TOP, coordinate_labels, square_center};

use bevy::prelude::*;
use reversi_engine::Square;

/// One of the 64 playing squares.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tile(pub Square);

/// Colours of the board, valid-move markers and highlights (changeable in Options).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardColors {
    pub board: bevy::color::Color,
    pub valid_move: bevy::color::Color,
    pub active_square: bevy::color::Color,
    pub last_move: bevy::color::Color,
}

impl Default for BoardColors {
    fn default() -> BoardColors {
        BoardColors {
            board: bevy::color::Color::srgb(0.0, 0.40, 0.17),
            valid_move: bevy::color::Color::srgba(0.95, 0.85, 0.25, 0.75),
            active_square: bevy::color::Color::srgb(0.18, 0.62, 0.30),
            last_move: bevy::color::Color::srgb(1.0, 0.35, 0.15),
        }
    }
}

/// Whether legal squares get markers (on by default, as in the classic game).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowValidMoves(pub bool);

impl Default for ShowValidMoves {
    fn default() -> ShowValidMoves {
        ShowValidMoves(true)
    }
}

/// Whether hovering a legal square previews the move: the disc that would be placed and a mark
/// on every disc that would flip.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PreviewMoves(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardColors>()
        .init_resource::<ShowValidMoves>()
        .init_resource::<picking::HoveredSquare>()
        .init_resource::<PreviewMoves>()
        .add_plugins((build::plugin, marks::plugin));
}

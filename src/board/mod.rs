//! The board: its geometry (one place for every position on it), the scene built from it (dark
//! base showing through as grid lines between green squares, star points, a raised wooden frame,
//! a table), the marks that follow the game (valid moves, last move, hover, move preview), the
//! line shown as translucent discs, and the pointer on the squares, which becomes a move request.

mod build;
mod geometry;
mod ghosts;
mod marks;
mod picking;

pub use geometry::{BOARD_TOP, BoardGeometry, TABLE_TOP};
pub use ghosts::MAX_GHOSTS;
pub use marks::ValidMoveMarker;

use bevy::prelude::*;
use reversi_engine::Square;

use crate::schedule::GameSystems;

/// One of the playing squares.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tile(pub Square);

/// Colours of the board, valid-move markers and highlights (the theme's, changeable in Options).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardColors {
    pub board: bevy::color::Color,
    pub valid_move: bevy::color::Color,
    pub active_square: bevy::color::Color,
    pub last_move: bevy::color::Color,
}

/// Colours of the rest of the board: the grid lines and star points, the frame (tinting its wood
/// grain) and the table. Set by the theme.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SceneColors {
    pub grid: bevy::color::Color,
    pub frame: bevy::color::Color,
    pub table: bevy::color::Color,
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
    app.init_resource::<ShowValidMoves>()
        .init_resource::<picking::HoveredSquare>()
        .init_resource::<PreviewMoves>()
        .init_resource::<BoardGeometry>()
        .add_systems(
            Update,
            geometry::follow_the_game
                .after(GameSystems::Apply)
                .before(GameSystems::View),
        )
        .add_plugins((build::plugin, marks::plugin, ghosts::plugin));
}

//! The pointer on the board: which square it is over, and a press on a square as a move request.
//! The observers are attached to each square when the board is built.
//!
//! A move is played when the button goes down, not on Bevy's `Click`: a click needs the square
//! hovered in the frame before the release, so a move and a click arriving in the same frame (a
//! tap on a touch screen, a click through a remote desktop, a fast player on a slow machine)
//! would be lost. A press is matched against the hover of its own frame, which already includes
//! the pointer's move.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use reversi_engine::{Move, Square};

use super::Tile;
use crate::game::{MoveOrigin, MoveRequested};

/// The square under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct HoveredSquare(pub(super) Option<Square>);

pub(super) fn hover_tile(
    over: On<PointerOver>,
    tiles: Query<&Tile>,
    mut hovered: ResMut<HoveredSquare>,
) {
    if let Ok(tile) = tiles.get(over.event_target()) {
        hovered.0 = Some(tile.0);
    }
}

pub(super) fn leave_tile(
    out: On<PointerOut>,
    tiles: Query<&Tile>,
    mut hovered: ResMut<HoveredSquare>,
) {
    if let Ok(tile) = tiles.get(out.event_target())
        && hovered.0 == Some(tile.0)
    {
        hovered.0 = None;
    }
}

pub(super) fn press_tile(
    press: On<PointerPress>,
    tiles: Query<&Tile>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(tile) = tiles.get(press.event_target()) {
        moves.write(MoveRequested {
            mv: Move::Play(tile.0),
            origin: MoveOrigin::Human,
        });
    }
}

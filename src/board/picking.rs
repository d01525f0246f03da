//! The pointer on the board: which square it is over, and a click on a square as a move request.
//! The observers are attached to each square when the board is built.

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use reversi_engine::{Move, Square};

use super::Tile;
use crate::game::{MoveOrigin, MoveRequested};

/// The square under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct HoveredSquare(pub(super) Option<Square>);

pub(super) fn hover_tile(
    over: On<Pointer<Over>>,
    tiles: Query<&Tile>,
    mut hovered: ResMut<HoveredSquare>,
) {
    if let Ok(tile) = tiles.get(over.event_target()) {
        hovered.0 = Some(tile.0);
    }
}

pub(super) fn leave_tile(
    out: On<Pointer<Out>>,
    tiles: Query<&Tile>,
    mut hovered: ResMut<HoveredSquare>,
) {
    if let Ok(tile) = tiles.get(out.event_target())
        && hovered.0 == Some(tile.0)
    {
        hovered.0 = None;
    }
}

pub(super) fn click_tile(
    click: On<Pointer<Click>>,
    tiles: Query<&Tile>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(tile) = tiles.get(click.event_target()) {
        moves.write(MoveRequested {
            mv: Move::Play(tile.0),
            origin: MoveOrigin::Human,
        });
    }
}

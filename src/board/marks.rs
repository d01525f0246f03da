//! Marks on the board that follow the game: the valid-move markers, the ring on the last move,
//! the hovered square's highlight and the move preview (a translucent disc and a mark on every
//! disc it would flip).

use bevy::prelude::*;
use reversi_engine::{Color, Move, Square};

use super::build::TileMaterials;
use super::geometry::{BOARD_TOP, square_center};
use super::picking::HoveredSquare;
use super::{PreviewMoves, ShowValidMoves, Tile};
use crate::game::{Animating, Match};

/// Marks a square where the side to move may play.
#[derive(Component)]
pub(super) struct ValidMoveMarker(pub(super) Square);

/// The ring around the last disc played.
#[derive(Component)]
pub(super) struct LastMoveRing;

/// The translucent disc of a previewed move.
#[derive(Component)]
pub(super) struct PreviewDisc;

/// Marks a disc a previewed move would flip (a pool, placed as needed).
#[derive(Component)]
pub(super) struct FlipMark;

/// No move flips more discs than this (at most 6 + 6 + 6 + 1 in practice).
pub(super) const FLIP_MARKS: usize = 24;

type FlipMarkParts = (&'static mut Transform, &'static mut Visibility);

#[derive(Resource)]
pub(super) struct PreviewMaterials {
    pub(super) black: Handle<StandardMaterial>,
    pub(super) white: Handle<StandardMaterial>,
}

/// Shows the previewed move under the pointer, or hides the preview.
pub(super) fn preview_move(
    preview: Res<PreviewMoves>,
    hovered: Res<HoveredSquare>,
    state: Res<Match>,
    animating: Res<Animating>,
    preview_materials: Option<Res<PreviewMaterials>>,
    mut ghost: Query<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<PreviewDisc>,
    >,
    mut marks: Query<FlipMarkParts, (With<FlipMark>, Without<PreviewDisc>)>,
) {
    let Some(preview_materials) = preview_materials else {
        return;
    };
    let playable = playable_squares(&state, animating.0);
    let shown = hovered
        .0
        .filter(|square| preview.0 && playable & square.bit() != 0);
    let board = state.board();
    let flipped = shown
        .and_then(|square| board.flips(square).ok())
        .unwrap_or(0);
    if let Ok((mut transform, mut visibility, mut material)) = ghost.single_mut() {
        match shown {
            Some(square) => {
                transform.translation = square_center(square, BOARD_TOP + 0.06);
                let wanted = match board.to_move {
                    Color::Black => &preview_materials.black,
                    Color::White => &preview_materials.white,
                };
                if material.0 != *wanted {
                    material.0 = wanted.clone();
                }
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
    let mut targets = Square::iter_bits(flipped);
    for (mut transform, mut visibility) in &mut marks {
        match targets.next() {
            Some(square) => {
                transform.translation = square_center(square, BOARD_TOP + 0.13);
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

/// Squares where a human may play now.
pub fn playable_squares(state: &Match, animating: bool) -> u64 {
    if animating || !state.human_to_move() {
        return 0;
    }
    state.board().legal_moves()
}

pub(super) fn highlight_hovered_tile(
    hovered: Res<HoveredSquare>,
    state: Res<Match>,
    animating: Res<Animating>,
    tile_materials: Option<Res<TileMaterials>>,
    mut tiles: Query<(&Tile, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let Some(tile_materials) = tile_materials else {
        return;
    };
    let playable = playable_squares(&state, animating.0);
    let active = hovered.0.filter(|square| playable & square.bit() != 0);
    for (tile, mut material) in &mut tiles {
        let wanted = if Some(tile.0) == active {
            &tile_materials.active
        } else {
            &tile_materials.normal
        };
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
}

pub(super) fn show_valid_moves(
    state: Res<Match>,
    animating: Res<Animating>,
    show: Res<ShowValidMoves>,
    mut markers: Query<(&ValidMoveMarker, &mut Visibility)>,
) {
    let playable = if show.0 {
        playable_squares(&state, animating.0)
    } else {
        0
    };
    for (marker, mut visibility) in &mut markers {
        let wanted = if playable & marker.0.bit() != 0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        visibility.set_if_neq(wanted);
    }
}

pub(super) fn show_last_move(
    state: Res<Match>,
    mut ring: Query<(&mut Transform, &mut Visibility), With<LastMoveRing>>,
) {
    let Ok((mut transform, mut visibility)) = ring.single_mut() else {
        return;
    };
    let last = state.game.moves().iter().rev().find_map(|mv| match mv {
        Move::Play(square) => Some(*square),
        Move::Pass => None,
    });
    match last {
        Some(square) => {
            transform.translation = square_center(square, BOARD_TOP + 0.01);
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

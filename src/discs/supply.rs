//! With a fixed disc supply (the 1876 rules) each player's discs still to be placed stand beside
//! the board in stacks, Black's on the left and White's on the right, shrinking as they play.

use bevy::prelude::*;
use reversi_engine::Color;

use super::{DiscAssets, HALF_THICKNESS, disc_parts, rest_rotation};
use crate::board::{BoardGeometry, TABLE_TOP};
use crate::game::Match;

/// A disc of a player's supply.
#[derive(Component)]
pub struct SupplyDisc(pub Color);

/// Discs in one stack; the next ones start a new stack beside it.
const PER_STACK: u32 = 8;
/// From one stack to the next, along the board's side.
const STACK_SPACING: f32 = 0.95;
/// From the frame's outer edge to the stacks.
const MARGIN: f32 = 0.75;

/// The stacks are rebuilt whenever the game or the board changes.
pub(super) fn show_supply(
    mut commands: Commands,
    state: Res<Match>,
    geometry: Res<BoardGeometry>,
    assets: Option<Res<DiscAssets>>,
    shown: Query<Entity, With<SupplyDisc>>,
) {
    if !state.is_changed() && !geometry.is_changed() {
        return;
    }
    let Some(assets) = assets else {
        return;
    };
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    let board = state.board();
    for color in [Color::Black, Color::White] {
        let Some(left) = board.discs_left(color) else {
            continue;
        };
        let side = match color {
            Color::Black => -1.0,
            Color::White => 1.0,
        };
        let x = side * (geometry.half_extent() + MARGIN);
        let first_z = -geometry.half_extent() + MARGIN;
        for index in 0..u32::from(left) {
            let (stack, level) = (index / PER_STACK, index % PER_STACK);
            let at = Vec3::new(
                x,
                TABLE_TOP + HALF_THICKNESS * (2 * level + 1) as f32,
                first_z + stack as f32 * STACK_SPACING,
            );
            commands.spawn((
                SupplyDisc(color),
                Transform::from_translation(at).with_rotation(rest_rotation(color)),
                Visibility::default(),
                Pickable::IGNORE,
                disc_parts(&assets),
            ));
        }
    }
}

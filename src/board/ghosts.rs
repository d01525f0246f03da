//! The line shown on the board ([`ShownLine`]: the best line, or a review's better move) as
//! translucent discs of the colour that plays each move; the ui writes their numbers over them.

use bevy::prelude::*;
use reversi_engine::Color;

use super::geometry::{BOARD_TOP, BoardGeometry};
use crate::ai::ShownLine;
use crate::game::{Animating, Match};
use crate::schedule::GameSystems;

/// A line longer than this is cut: further moves are guesses and would cover the board.
pub const MAX_GHOSTS: usize = 12;

#[derive(Component)]
struct Ghost;

#[derive(Resource)]
struct GhostMaterials {
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_ghosts)
        .add_systems(Update, place_ghosts.in_set(GameSystems::View));
}

fn spawn_ghosts(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let translucent = |color: bevy::color::Color| StandardMaterial {
        base_color: color,
        alpha_mode: AlphaMode::Blend,
        ..default()
    };
    let ghost_materials = GhostMaterials {
        black: materials.add(translucent(bevy::color::Color::srgba(
            0.02, 0.02, 0.02, 0.5,
        ))),
        white: materials.add(translucent(bevy::color::Color::srgba(
            0.96, 0.96, 0.93, 0.55,
        ))),
    };
    let mesh = meshes.add(Cylinder::new(0.4, 0.08).mesh().resolution(40));
    for _ in 0..MAX_GHOSTS {
        commands.spawn((
            Ghost,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(ghost_materials.black.clone()),
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
    commands.insert_resource(ghost_materials);
}

/// One ghost per move of the line, over its square, while the board is still.
fn place_ghosts(
    geometry: Res<BoardGeometry>,
    state: Res<Match>,
    shown: Res<ShownLine>,
    animating: Res<Animating>,
    ghost_materials: Option<Res<GhostMaterials>>,
    mut ghosts: Query<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<Ghost>,
    >,
) {
    let Some(ghost_materials) = ghost_materials else {
        return;
    };
    let line = if animating.0 {
        &[][..]
    } else {
        shown.for_state(&state)
    };
    let mut moves = line.iter().take(MAX_GHOSTS);
    for (mut transform, mut visibility, mut material) in &mut ghosts {
        match moves.next() {
            Some(&(square, color)) => {
                transform.translation = geometry.square_center(square, BOARD_TOP + 0.05);
                let wanted = match color {
                    Color::Black => &ghost_materials.black,
                    Color::White => &ghost_materials.white,
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
}

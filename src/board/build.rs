//! Building the board scene once at start-up: the dark base, the squares, the star points, the
//! wooden frame and the table; and repainting the squares when Options change the colours.

use bevy::prelude::*;
use reversi_engine::Square;

use super::geometry::{
    BASE_THICKNESS, BOARD_TOP, FRAME_HEIGHT, FRAME_WIDTH, GRID_LINE, PLAYING_AREA, SQUARE_SIZE,
    square_center, star_points,
};
use super::picking;
use super::{BoardColors, Tile};
use crate::schedule::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, build_board)
        .add_systems(Update, apply_tile_colors.in_set(GameSystems::View));
}

/// The squares' materials: as they are, and lit up under the pointer.
#[derive(Resource)]
pub(super) struct TileMaterials {
    pub(super) normal: Handle<StandardMaterial>,
    pub(super) active: Handle<StandardMaterial>,
}

fn build_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    colors: Res<BoardColors>,
) {
    let wood = materials.add(StandardMaterial {
        base_color: bevy::color::Color::srgb(0.30, 0.15, 0.06),
        perceptual_roughness: 0.45,
        ..default()
    });
    let grid = materials.add(StandardMaterial {
        base_color: bevy::color::Color::srgb(0.02, 0.06, 0.03),
        perceptual_roughness: 0.9,
        ..default()
    });
    let table = materials.add(StandardMaterial {
        base_color: bevy::color::Color::srgb(0.16, 0.12, 0.10),
        perceptual_roughness: 0.9,
        ..default()
    });
    let tile_materials = TileMaterials {
        normal: materials.add(tile_material(colors.board)),
        active: materials.add(tile_material(colors.active_square)),
    };

    let playing_area = PLAYING_AREA;
    // The base under the squares: the gaps between squares show it as dark grid lines.
    commands.spawn((
        Name::new("Board base"),
        Mesh3d(meshes.add(Cuboid::new(playing_area, BASE_THICKNESS, playing_area))),
        MeshMaterial3d(grid.clone()),
        Transform::from_xyz(0.0, BOARD_TOP - BASE_THICKNESS / 2.0 - 0.01, 0.0),
        Pickable::IGNORE,
    ));
    let tile_mesh = meshes.add(Cuboid::new(
        SQUARE_SIZE - GRID_LINE,
        0.02,
        SQUARE_SIZE - GRID_LINE,
    ));
    for square in Square::all() {
        commands
            .spawn((
                Name::new(format!("Square {square}")),
                Tile(square),
                Mesh3d(tile_mesh.clone()),
                MeshMaterial3d(tile_materials.normal.clone()),
                Transform::from_translation(square_center(square, BOARD_TOP - 0.01)),
            ))
            .observe(picking::hover_tile)
            .observe(picking::leave_tile)
            .observe(picking::click_tile);
    }
    let dot = meshes.add(Cylinder::new(0.07, 0.03).mesh().resolution(24));
    for point in star_points(BOARD_TOP + 0.005) {
        commands.spawn((
            Mesh3d(dot.clone()),
            MeshMaterial3d(grid.clone()),
            Transform::from_translation(point),
            Pickable::IGNORE,
        ));
    }
    // The raised frame: four wooden rails around the playing area.
    let outer = playing_area + 2.0 * FRAME_WIDTH;
    let long_rail = meshes.add(Cuboid::new(
        outer,
        FRAME_HEIGHT + BASE_THICKNESS,
        FRAME_WIDTH,
    ));
    let short_rail = meshes.add(Cuboid::new(
        FRAME_WIDTH,
        FRAME_HEIGHT + BASE_THICKNESS,
        playing_area,
    ));
    let rail_y = BOARD_TOP + FRAME_HEIGHT - (FRAME_HEIGHT + BASE_THICKNESS) / 2.0;
    let offset = (playing_area + FRAME_WIDTH) / 2.0;
    for (mesh, x, z) in [
        (long_rail.clone(), 0.0, -offset),
        (long_rail, 0.0, offset),
        (short_rail.clone(), -offset, 0.0),
        (short_rail, offset, 0.0),
    ] {
        commands.spawn((
            Mesh3d(mesh),
            MeshMaterial3d(wood.clone()),
            Transform::from_xyz(x, rail_y, z),
            Pickable::IGNORE,
        ));
    }
    commands.spawn((
        Name::new("Table"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(80.0, 80.0))),
        MeshMaterial3d(table),
        Transform::from_xyz(0.0, BOARD_TOP - BASE_THICKNESS - 0.01, 0.0),
        Pickable::IGNORE,
    ));

    commands.insert_resource(tile_materials);
}

fn tile_material(color: bevy::color::Color) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.85,
        ..default()
    }
}

/// Options can change the colours at any time.
fn apply_tile_colors(
    colors: Res<BoardColors>,
    tile_materials: Option<Res<TileMaterials>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(tile_materials) = tile_materials else {
        return;
    };
    if !colors.is_changed() {
        return;
    }
    if let Some(mut normal) = materials.get_mut(&tile_materials.normal) {
        normal.base_color = colors.board;
    }
    if let Some(mut active) = materials.get_mut(&tile_materials.active) {
        active.base_color = colors.active_square;
    }
}

//! Building the board scene once at start-up: the dark base, the 64 squares, the four dots, the
//! wooden frame and the table, and the pools of markers that the marks move around; and
//! repainting them when Options change the colours.

use bevy::prelude::*;
use reversi_engine::Square;

use super::geometry::{
    BASE_THICKNESS, BOARD_TOP, FRAME_HEIGHT, FRAME_WIDTH, GRID_LINE, SQUARE_SIZE, square_center,
};
use super::marks::{
    FLIP_MARKS, FlipMark, LastMoveRing, PreviewDisc, PreviewMaterials, ValidMoveMarker,
};
use super::picking;
use super::{BoardColors, Tile};

#[derive(Resource)]
pub(super) struct TileMaterials {
    pub(super) normal: Handle<StandardMaterial>,
    pub(super) active: Handle<StandardMaterial>,
    pub(super) marker: Handle<StandardMaterial>,
    pub(super) ring: Handle<StandardMaterial>,
}

pub(super) fn build_board(
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
        marker: materials.add(StandardMaterial {
            base_color: colors.valid_move,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
        ring: materials.add(StandardMaterial {
            base_color: colors.last_move,
            emissive: colors.last_move.to_linear() * 2.0,
            ..default()
        }),
    };

    let playing_area = 8.0 * SQUARE_SIZE;
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
    // The four dots at the corners of the central 4x4 (between c3/d4, e3/f4, c5/d6, e5/f6).
    let dot = meshes.add(Cylinder::new(0.07, 0.03).mesh().resolution(24));
    for (x, z) in [(-2.0, -2.0), (2.0, -2.0), (-2.0, 2.0), (2.0, 2.0)] {
        commands.spawn((
            Mesh3d(dot.clone()),
            MeshMaterial3d(grid.clone()),
            Transform::from_xyz(x * SQUARE_SIZE, BOARD_TOP + 0.005, z * SQUARE_SIZE),
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

    let marker_mesh = meshes.add(Cylinder::new(0.11, 0.01).mesh().resolution(24));
    for square in Square::all() {
        commands.spawn((
            ValidMoveMarker(square),
            Mesh3d(marker_mesh.clone()),
            MeshMaterial3d(tile_materials.marker.clone()),
            Transform::from_translation(square_center(square, BOARD_TOP + 0.01)),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
    commands.spawn((
        LastMoveRing,
        Mesh3d(meshes.add(Torus::new(0.44, 0.48))),
        MeshMaterial3d(tile_materials.ring.clone()),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    let preview_material = |color: bevy::color::Color| StandardMaterial {
        base_color: color,
        alpha_mode: AlphaMode::Blend,
        ..default()
    };
    commands.insert_resource(PreviewMaterials {
        black: materials.add(preview_material(bevy::color::Color::srgba(
            0.02, 0.02, 0.02, 0.55,
        ))),
        white: materials.add(preview_material(bevy::color::Color::srgba(
            0.95, 0.95, 0.92, 0.6,
        ))),
    });
    commands.spawn((
        PreviewDisc,
        Mesh3d(meshes.add(Cylinder::new(0.42, 0.1).mesh().resolution(40))),
        MeshMaterial3d(materials.add(preview_material(bevy::color::Color::srgba(
            0.0, 0.0, 0.0, 0.5,
        )))),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    let mark_mesh = meshes.add(Torus::new(0.14, 0.2));
    for _ in 0..FLIP_MARKS {
        commands.spawn((
            FlipMark,
            Mesh3d(mark_mesh.clone()),
            MeshMaterial3d(tile_materials.ring.clone()),
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
    commands.insert_resource(tile_materials);
}

pub(super) fn tile_material(color: bevy::color::Color) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.85,
        ..default()
    }
}

/// Options can change the colours at any time.
pub(super) fn apply_colors(
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
    if let Some(mut marker) = materials.get_mut(&tile_materials.marker) {
        marker.base_color = colors.valid_move;
    }
    if let Some(mut ring) = materials.get_mut(&tile_materials.ring) {
        ring.base_color = colors.last_move;
        ring.emissive = colors.last_move.to_linear() * 2.0;
    }
}

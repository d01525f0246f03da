//! The board as a real Othello board: dark base showing through as grid lines between 64 green
//! squares, the four dots of the central 4x4, a raised wooden frame, and a table under it all.
//! The squares carry the pointer observers and show hover, valid-move and last-move marks.

use bevy::prelude::*;
use reversi_engine::{Color, Move, Square};

use crate::input;
use crate::schedule::GameSystems;
use crate::game::{Animating, Match};

/// Height of the playing surface.
pub const BOARD_TOP: f32 = 0.0;
const SQUARE_SIZE: f32 = 1.0;
const GRID_LINE: f32 = 0.05;
const FRAME_WIDTH: f32 = 0.75;
const FRAME_HEIGHT: f32 = 0.18;
const BASE_THICKNESS: f32 = 0.3;

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

/// One of the 64 playing squares.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tile(pub Square);

/// Marks a square where the side to move may play.
#[derive(Component)]
struct ValidMoveMarker(Square);

/// The ring around the last disc played.
#[derive(Component)]
struct LastMoveRing;

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

/// The translucent disc of a previewed move.
#[derive(Component)]
struct PreviewDisc;

/// Marks a disc a previewed move would flip (a pool, placed as needed).
#[derive(Component)]
struct FlipMark;

/// No move flips more discs than this (at most 6 + 6 + 6 + 1 in practice).
const FLIP_MARKS: usize = 24;

/// The square under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredSquare(pub Option<Square>);

#[derive(Resource)]
struct TileMaterials {
    normal: Handle<StandardMaterial>,
    active: Handle<StandardMaterial>,
    marker: Handle<StandardMaterial>,
    ring: Handle<StandardMaterial>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardColors>()
        .init_resource::<ShowValidMoves>()
        .init_resource::<HoveredSquare>()
        .init_resource::<PreviewMoves>()
        .add_systems(Startup, build_board)
        .add_systems(
            Update,
            (
                apply_colors,
                highlight_hovered_tile,
                show_valid_moves,
                show_last_move,
                preview_move,
            )
                .in_set(GameSystems::View),
        );
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
            .observe(input::hover_tile)
            .observe(input::leave_tile)
            .observe(input::click_tile);
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

type FlipMarkParts = (&'static mut Transform, &'static mut Visibility);

#[derive(Resource)]
struct PreviewMaterials {
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

/// Shows the previewed move under the pointer, or hides the preview.
fn preview_move(
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

fn tile_material(color: bevy::color::Color) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.85,
        ..default()
    }
}

/// Options can change the colours at any time.
fn apply_colors(
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

/// Squares where a human may play now.
pub fn playable_squares(state: &Match, animating: bool) -> u64 {
    if animating || !state.human_to_move() {
        return 0;
    }
    state.board().legal_moves()
}

fn highlight_hovered_tile(
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

fn show_valid_moves(
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

fn show_last_move(
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

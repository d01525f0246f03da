//! Building the board scene for the game's board (again whenever a game of another size or outline
//! starts): the dark base, the squares, the star points, the wooden frame (filling the squares a
//! board does not have) and the table; and repainting when Options change the colours.

use bevy::prelude::*;

use super::geometry::{
    BASE_THICKNESS, BOARD_TOP, BoardGeometry, FRAME_HEIGHT, FRAME_WIDTH, GRID_LINE, SQUARE_SIZE,
    TABLE_TOP,
};
use super::picking;
use super::{BoardColors, SceneColors, Tile};
use crate::schedule::GameSystems;

const WOOD_TEXTURE: &str = "textures/wood.png";
const FELT_TEXTURE: &str = "textures/felt.png";

pub(super) fn plugin(app: &mut App) {
    crate::assets::embed(
        app,
        WOOD_TEXTURE,
        include_bytes!("../../assets/textures/wood.png"),
    );
    crate::assets::embed(
        app,
        FELT_TEXTURE,
        include_bytes!("../../assets/textures/felt.png"),
    );
    app.add_systems(Startup, make_materials).add_systems(
        Update,
        (
            build_board.run_if(resource_changed::<BoardGeometry>),
            apply_tile_colors,
            apply_scene_colors,
        )
            .in_set(GameSystems::View),
    );
}

/// Every entity of the board scene, taken down when the board is rebuilt.
#[derive(Component)]
struct BoardScene;

/// The grid, frame and table materials, recoloured when the theme changes.
#[derive(Resource)]
struct SceneMaterials {
    grid: Handle<StandardMaterial>,
    frame: Handle<StandardMaterial>,
    table: Handle<StandardMaterial>,
}

/// The grey wood grain and felt that the colours tint; none in apps without images (headless).
struct Textures {
    wood: Option<Handle<Image>>,
    felt: Option<Handle<Image>>,
}

impl Textures {
    fn load(server: Option<&AssetServer>, images: bool) -> Textures {
        let load = |file: &str| {
            server
                .filter(|_| images)
                .map(|server| server.load(crate::assets::path(file)))
        };
        Textures {
            wood: load(WOOD_TEXTURE),
            felt: load(FELT_TEXTURE),
        }
    }
}

/// The squares' materials: as they are, and lit up under the pointer.
#[derive(Resource)]
pub(super) struct TileMaterials {
    pub(super) normal: Handle<StandardMaterial>,
    pub(super) active: Handle<StandardMaterial>,
}

/// The materials, made once: the board is rebuilt with the same ones.
fn make_materials(
    mut commands: Commands,
    mut materials: ResMut<Assets<StandardMaterial>>,
    server: Option<Res<AssetServer>>,
    images: Option<Res<Assets<Image>>>,
    colors: Res<BoardColors>,
    scene: Res<SceneColors>,
) {
    let textures = Textures::load(server.as_deref(), images.is_some());
    // Varnished wood: its grain from the texture, a soft sheen from the varnish.
    let wood = materials.add(StandardMaterial {
        base_color: scene.frame,
        base_color_texture: textures.wood.clone(),
        perceptual_roughness: 0.38,
        reflectance: 0.45,
        ..default()
    });
    let grid = materials.add(StandardMaterial {
        base_color: scene.grid,
        perceptual_roughness: 0.9,
        ..default()
    });
    let table = materials.add(StandardMaterial {
        base_color: scene.table,
        base_color_texture: textures.wood.clone(),
        perceptual_roughness: 0.7,
        ..default()
    });
    commands.insert_resource(TileMaterials {
        normal: materials.add(tile_material(colors.board, &textures)),
        active: materials.add(tile_material(colors.active_square, &textures)),
    });
    commands.insert_resource(SceneMaterials {
        grid,
        frame: wood,
        table,
    });
}

fn build_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    geometry: Res<BoardGeometry>,
    scene_materials: Res<SceneMaterials>,
    tile_materials: Res<TileMaterials>,
    old: Query<Entity, With<BoardScene>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let SceneMaterials { grid, frame, table } = &*scene_materials;
    let playing_area = geometry.playing_area();
    // The base under the squares: the gaps between squares show it as dark grid lines.
    commands.spawn((
        BoardScene,
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
    for square in geometry.squares() {
        commands
            .spawn((
                BoardScene,
                Name::new(format!("Square {square}")),
                Tile(square),
                Mesh3d(tile_mesh.clone()),
                MeshMaterial3d(tile_materials.normal.clone()),
                Transform::from_translation(geometry.square_center(square, BOARD_TOP - 0.01)),
            ))
            .observe(picking::hover_tile)
            .observe(picking::leave_tile)
            .observe(picking::press_tile);
    }
    let dot = meshes.add(Cylinder::new(0.07, 0.03).mesh().resolution(24));
    for point in geometry.star_points(BOARD_TOP + 0.005) {
        commands.spawn((
            BoardScene,
            Mesh3d(dot.clone()),
            MeshMaterial3d(grid.clone()),
            Transform::from_translation(point),
            Pickable::IGNORE,
        ));
    }
    // The raised frame: four wooden rails around the playing area, the grain running along each.
    let outer = playing_area + 2.0 * FRAME_WIDTH;
    let long_rail = meshes.add(Cuboid::new(
        outer,
        FRAME_HEIGHT + BASE_THICKNESS,
        FRAME_WIDTH,
    ));
    let short_rail = meshes.add(Cuboid::new(
        playing_area,
        FRAME_HEIGHT + BASE_THICKNESS,
        FRAME_WIDTH,
    ));
    let rail_y = BOARD_TOP + FRAME_HEIGHT - (FRAME_HEIGHT + BASE_THICKNESS) / 2.0;
    let offset = (playing_area + FRAME_WIDTH) / 2.0;
    let across = Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
    for (mesh, x, z, rotation) in [
        (long_rail.clone(), 0.0, -offset, Quat::IDENTITY),
        (long_rail, 0.0, offset, Quat::IDENTITY),
        (short_rail.clone(), -offset, 0.0, across),
        (short_rail, offset, 0.0, across),
    ] {
        commands.spawn((
            BoardScene,
            Mesh3d(mesh),
            MeshMaterial3d(frame.clone()),
            Transform::from_xyz(x, rail_y, z).with_rotation(rotation),
            Pickable::IGNORE,
        ));
    }
    // The squares a board does not have (eight-star's corners) are wood, level with the frame.
    let filler = meshes.add(Cuboid::new(
        SQUARE_SIZE,
        FRAME_HEIGHT + BASE_THICKNESS,
        SQUARE_SIZE,
    ));
    for square in geometry.missing_squares() {
        let at = geometry.square_center(square, rail_y);
        commands.spawn((
            BoardScene,
            Mesh3d(filler.clone()),
            MeshMaterial3d(frame.clone()),
            Transform::from_translation(at),
            Pickable::IGNORE,
        ));
    }
    commands.spawn((
        BoardScene,
        Name::new("Table"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(80.0, 80.0))),
        MeshMaterial3d(table.clone()),
        Transform::from_xyz(0.0, TABLE_TOP, 0.0),
        Pickable::IGNORE,
    ));
}

/// Felt: matte, its fibres from the texture.
fn tile_material(color: bevy::color::Color, textures: &Textures) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        base_color_texture: textures.felt.clone(),
        perceptual_roughness: 0.92,
        reflectance: 0.2,
        ..default()
    }
}

/// A new theme recolours the grid, the frame and the table.
fn apply_scene_colors(
    scene: Res<SceneColors>,
    scene_materials: Option<Res<SceneMaterials>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(handles) = scene_materials else {
        return;
    };
    if !scene.is_changed() {
        return;
    }
    for (handle, color) in [
        (&handles.grid, scene.grid),
        (&handles.frame, scene.frame),
        (&handles.table, scene.table),
    ] {
        if let Some(mut material) = materials.get_mut(handle) {
            material.base_color = color;
        }
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

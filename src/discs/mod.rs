//! Disc entities: one per disc on the board, its colour shown by its orientation (white face up
//! or black face up), so a flip is a real half-turn. After every change the discs are reconciled
//! with the engine's board: forward moves animate, jumps snap, and nothing is ever left over.

mod flip;
mod shape;
mod supply;

pub use supply::SupplyDisc;

use std::f32::consts::PI;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_tweening::TweenAnim;
use reversi_engine::variant::{Bits, VariantBoard};
use reversi_engine::{Color, Square};

use crate::board::{BOARD_TOP, BoardGeometry};
use crate::game::{Animating, BoardChanged, Match};
use crate::schedule::GameSystems;

pub const DISC_RADIUS: f32 = 0.42;
const HALF_THICKNESS: f32 = 0.05;
/// The dark core between the two faces: a thin line around the rim.
const CORE_THICKNESS: f32 = 0.01;
/// How far the faces' edges are rounded.
const BEVEL: f32 = 0.022;
/// Height of a resting disc's centre.
const REST_HEIGHT: f32 = BOARD_TOP + HALF_THICKNESS;
/// A disc on the board. `color` is the face that is up once any animation has finished.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Disc {
    pub square: Square,
    pub color: Color,
}

/// How fast animations play (1 = normal) and whether they play at all.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnimationSettings {
    pub enabled: bool,
    pub speed: f32,
}

impl Default for AnimationSettings {
    fn default() -> AnimationSettings {
        AnimationSettings {
            enabled: true,
            speed: 1.0,
        }
    }
}

#[derive(Resource)]
struct DiscAssets {
    face: Handle<Mesh>,
    core: Handle<Mesh>,
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
    core_material: Handle<StandardMaterial>,
}

/// The disc entity on each square, indexed by the square's grid index (boards up to 16x16).
#[derive(Resource)]
struct DiscIndex([Option<Entity>; GRID_SQUARES]);

/// Squares of the 16x16 grid every board fits in.
const GRID_SQUARES: usize = 256;

impl Default for DiscIndex {
    fn default() -> DiscIndex {
        DiscIndex([None; GRID_SQUARES])
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<DiscIndex>()
        .init_resource::<AnimationSettings>()
        .add_systems(Startup, load_disc_assets)
        .add_systems(
            Update,
            (
                place_discs_on_new_board.run_if(resource_changed::<BoardGeometry>),
                track_animations,
                show_changes,
                supply::show_supply,
            )
                .chain()
                .in_set(GameSystems::View),
        );
}

fn load_disc_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // Moulded plastic: a slight sheen on both faces, the core matte.
    commands.insert_resource(DiscAssets {
        face: meshes.add(shape::face_mesh(
            DISC_RADIUS,
            HALF_THICKNESS - CORE_THICKNESS / 2.0,
            BEVEL,
        )),
        core: meshes.add(
            Cylinder::new(DISC_RADIUS - 0.008, CORE_THICKNESS)
                .mesh()
                .resolution(48),
        ),
        black: materials.add(StandardMaterial {
            base_color: bevy::color::Color::srgb(0.03, 0.03, 0.035),
            perceptual_roughness: 0.3,
            reflectance: 0.55,
            ..default()
        }),
        white: materials.add(StandardMaterial {
            base_color: bevy::color::Color::srgb(0.93, 0.92, 0.88),
            perceptual_roughness: 0.35,
            reflectance: 0.5,
            ..default()
        }),
        core_material: materials.add(StandardMaterial {
            base_color: bevy::color::Color::srgb(0.10, 0.09, 0.08),
            perceptual_roughness: 0.9,
            ..default()
        }),
    });
}

/// The disc entities and what is needed to make or change them.
#[derive(SystemParam)]
struct DiscEntities<'w, 's> {
    commands: Commands<'w, 's>,
    assets: Res<'w, DiscAssets>,
    geometry: Res<'w, BoardGeometry>,
    index: ResMut<'w, DiscIndex>,
    discs: Query<'w, 's, (Entity, &'static Disc, &'static mut Transform)>,
}

impl DiscEntities<'_, '_> {
    fn spawn(&mut self, square: Square, color: Color, transform: Transform) -> Entity {
        let entity = self
            .commands
            .spawn((
                Name::new(format!("Disc {square}")),
                Disc { square, color },
                transform,
                Visibility::default(),
                Pickable::IGNORE,
                disc_parts(&self.assets),
            ))
            .id();
        self.index.0[square.grid_index()] = Some(entity);
        entity
    }

    /// Brings the disc entities to exactly `board`, without animation: discs missing are created,
    /// discs on empty squares removed, discs of the wrong colour turned, running animations ended.
    fn reconcile(&mut self, board: VariantBoard) {
        let mut kept = [None; GRID_SQUARES];
        for (entity, disc, mut transform) in &mut self.discs {
            let square = disc.square;
            let wanted = board.disc_at(square);
            if wanted.is_none() || kept[square.grid_index()].is_some() {
                self.commands.entity(entity).despawn();
                continue;
            }
            let color = wanted.unwrap_or(disc.color);
            self.commands
                .entity(entity)
                .remove::<TweenAnim>()
                .insert(Disc { square, color });
            *transform = rest_transform(&self.geometry, square, color);
            kept[square.grid_index()] = Some(entity);
        }
        self.index.0 = kept;
        for square in board.squares().squares() {
            if let (Some(color), None) = (board.disc_at(square), kept[square.grid_index()]) {
                let at = rest_transform(&self.geometry, square, color);
                self.spawn(square, color, at);
            }
        }
    }

    /// Whether the discs on screen are the position the move was played in: the played square
    /// empty and a disc on every flipped square. If not (an interrupted animation, say), the view
    /// reconciles instead of animating.
    fn show_position_before(&self, square: Square, flipped: Bits) -> bool {
        self.index.0[square.grid_index()].is_none()
            && flipped
                .squares()
                .all(|s| self.index.0[s.grid_index()].is_some_and(|e| self.discs.contains(e)))
    }
}

/// The discs of the first position, and again on a board of another size or outline: every
/// square's place has moved.
fn place_discs_on_new_board(state: Res<Match>, mut discs: DiscEntities) {
    discs.reconcile(state.board());
}

/// A disc's two faces and the dark core between them.
fn disc_parts(assets: &DiscAssets) -> impl Bundle {
    children![
        (
            Mesh3d(assets.face.clone()),
            MeshMaterial3d(assets.white.clone()),
            Transform::from_xyz(0.0, CORE_THICKNESS / 2.0, 0.0),
            Pickable::IGNORE,
        ),
        (
            Mesh3d(assets.core.clone()),
            MeshMaterial3d(assets.core_material.clone()),
            Pickable::IGNORE,
        ),
        (
            Mesh3d(assets.face.clone()),
            MeshMaterial3d(assets.black.clone()),
            Transform::from_xyz(0.0, -CORE_THICKNESS / 2.0, 0.0)
                .with_rotation(Quat::from_rotation_x(PI)),
            Pickable::IGNORE,
        ),
    ]
}

fn rest_rotation(color: Color) -> Quat {
    match color {
        Color::White => Quat::IDENTITY,
        Color::Black => Quat::from_rotation_x(PI),
    }
}

fn rest_transform(geometry: &BoardGeometry, square: Square, color: Color) -> Transform {
    Transform::from_translation(geometry.square_center(square, REST_HEIGHT))
        .with_rotation(rest_rotation(color))
}

/// Keeps [`Animating`] true while any disc is still moving.
fn track_animations(anims: Query<(), With<TweenAnim>>, mut animating: ResMut<Animating>) {
    animating.set_if_neq(Animating(!anims.is_empty()));
}

/// A single forward move animates; anything else (undo, redo, load, new game, several changes in
/// one frame) snaps the discs to the board.
fn show_changes(
    mut changes: MessageReader<BoardChanged>,
    state: Res<Match>,
    settings: Res<AnimationSettings>,
    mut discs: DiscEntities,
    mut animating: ResMut<Animating>,
) {
    let changes: Vec<BoardChanged> = changes.read().copied().collect();
    match changes.as_slice() {
        [] | [BoardChanged::Passed { .. }] => {}
        [
            BoardChanged::Played {
                square,
                color,
                flipped,
            },
        ] if settings.enabled
            && settings.speed > 0.0
            && discs.show_position_before(*square, *flipped) =>
        {
            discs.animate_move(*square, *color, *flipped, settings.speed);
            animating.0 = true;
        }
        _ => discs.reconcile(state.board()),
    }
}

//! Disc entities: one per disc on the board, its colour shown by its orientation (white face up
//! or black face up), so a flip is a real half-turn. After every change the discs are reconciled
//! with the engine's board: forward moves animate, jumps snap, and nothing is ever left over.

use std::f32::consts::PI;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_tweening::lens::TransformPositionLens;
use bevy_tweening::{Delay, Lens, Tween, TweenAnim};
use reversi_engine::{Board, Color, Square};

use crate::board::{BOARD_TOP, square_center};
use crate::schedule::GameSystems;
use crate::game::{Animating, BoardChanged, Match};

pub const DISC_RADIUS: f32 = 0.42;
const HALF_THICKNESS: f32 = 0.05;
/// Height of a resting disc's centre.
const REST_HEIGHT: f32 = BOARD_TOP + HALF_THICKNESS;
const DROP_HEIGHT: f32 = 2.2;
const DROP_TIME: Duration = Duration::from_millis(380);
const FLIP_TIME: Duration = Duration::from_millis(420);
const FLIP_LIFT: f32 = 0.45;
/// Delay between rings of flipped discs, counted outward from the played square.
const FLIP_STAGGER: Duration = Duration::from_millis(90);

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
    half: Handle<Mesh>,
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

/// The disc entity on each square, indexed by square.
#[derive(Resource)]
struct DiscIndex([Option<Entity>; 64]);

impl Default for DiscIndex {
    fn default() -> DiscIndex {
        DiscIndex([None; 64])
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<DiscIndex>()
        .init_resource::<AnimationSettings>()
        .add_systems(Startup, load_disc_assets)
        .add_systems(
            Update,
            (track_animations, show_changes)
                .chain()
                .in_set(GameSystems::View),
        )
        .add_systems(PostStartup, place_initial_discs);
}

fn load_disc_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(DiscAssets {
        half: meshes.add(
            Cylinder::new(DISC_RADIUS, HALF_THICKNESS)
                .mesh()
                .resolution(48),
        ),
        black: materials.add(StandardMaterial {
            base_color: bevy::color::Color::srgb(0.03, 0.03, 0.035),
            perceptual_roughness: 0.35,
            reflectance: 0.5,
            ..default()
        }),
        white: materials.add(StandardMaterial {
            base_color: bevy::color::Color::srgb(0.93, 0.92, 0.88),
            perceptual_roughness: 0.4,
            ..default()
        }),
    });
}

/// The disc entities and what is needed to make or change them.
#[derive(SystemParam)]
struct DiscEntities<'w, 's> {
    commands: Commands<'w, 's>,
    assets: Res<'w, DiscAssets>,
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
                children![
                    (
                        Mesh3d(self.assets.half.clone()),
                        MeshMaterial3d(self.assets.white.clone()),
                        Transform::from_xyz(0.0, HALF_THICKNESS / 2.0, 0.0),
                        Pickable::IGNORE,
                    ),
                    (
                        Mesh3d(self.assets.half.clone()),
                        MeshMaterial3d(self.assets.black.clone()),
                        Transform::from_xyz(0.0, -HALF_THICKNESS / 2.0, 0.0),
                        Pickable::IGNORE,
                    ),
                ],
            ))
            .id();
        self.index.0[square.index()] = Some(entity);
        entity
    }

    /// Brings the disc entities to exactly `board`, without animation: discs missing are created,
    /// discs on empty squares removed, discs of the wrong colour turned, running animations ended.
    fn reconcile(&mut self, board: Board) {
        let mut kept = [None; 64];
        for (entity, disc, mut transform) in &mut self.discs {
            let square = disc.square;
            let wanted = board.disc_at(square);
            if wanted.is_none() || kept[square.index()].is_some() {
                self.commands.entity(entity).despawn();
                continue;
            }
            let color = wanted.unwrap_or(disc.color);
            self.commands
                .entity(entity)
                .remove::<TweenAnim>()
                .insert(Disc { square, color });
            *transform = rest_transform(square, color);
            kept[square.index()] = Some(entity);
        }
        self.index.0 = kept;
        for square in Square::all() {
            if let (Some(color), None) = (board.disc_at(square), kept[square.index()]) {
                self.spawn(square, color, rest_transform(square, color));
            }
        }
    }

    /// Whether the discs on screen are the position the move was played in: the played square
    /// empty and a disc on every flipped square. If not (an interrupted animation, say), the view
    /// reconciles instead of animating.
    fn show_position_before(&self, square: Square, flipped: u64) -> bool {
        self.index.0[square.index()].is_none()
            && Square::iter_bits(flipped)
                .all(|s| self.index.0[s.index()].is_some_and(|e| self.discs.contains(e)))
    }

    /// Drops the new disc onto its square and turns the outflanked ones over, in rings outward.
    fn animate_move(&mut self, square: Square, color: Color, flipped: u64, speed: f32) {
        let start = square_center(square, REST_HEIGHT + DROP_HEIGHT);
        let entity = self.spawn(
            square,
            color,
            Transform::from_translation(start).with_rotation(rest_rotation(color)),
        );
        let drop = Tween::new(
            EaseFunction::BounceOut,
            scaled(DROP_TIME, speed),
            TransformPositionLens {
                start,
                end: square_center(square, REST_HEIGHT),
            },
        );
        self.commands.entity(entity).insert(TweenAnim::new(drop));
        for flipped_square in Square::iter_bits(flipped) {
            let Some(disc) = self.index.0[flipped_square.index()] else {
                continue;
            };
            let Ok((_, _, transform)) = self.discs.get(disc) else {
                continue;
            };
            let delay = scaled(
                DROP_TIME / 2 + FLIP_STAGGER * ring(square, flipped_square),
                speed,
            );
            let flip = Tween::new(
                EaseFunction::QuadraticInOut,
                scaled(FLIP_TIME, speed),
                FlipLens::away_from(square, flipped_square, transform.rotation),
            );
            self.commands.entity(disc).insert((
                Disc {
                    square: flipped_square,
                    color,
                },
                TweenAnim::new(Delay::new(delay).then(flip)),
            ));
        }
    }
}

fn place_initial_discs(state: Res<Match>, mut discs: DiscEntities) {
    discs.reconcile(state.board());
}

fn rest_rotation(color: Color) -> Quat {
    match color {
        Color::White => Quat::IDENTITY,
        Color::Black => Quat::from_rotation_x(PI),
    }
}

fn rest_transform(square: Square, color: Color) -> Transform {
    Transform::from_translation(square_center(square, REST_HEIGHT))
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

fn scaled(duration: Duration, speed: f32) -> Duration {
    duration.div_f32(speed.max(0.05))
}

/// Chebyshev distance between two squares: the ring of the outward wave a flipped disc is in.
fn ring(from: Square, to: Square) -> u32 {
    let dc = from.column().abs_diff(to.column());
    let dr = from.row().abs_diff(to.row());
    u32::from(dc.max(dr))
}

/// Lifts a disc, turns it over about a horizontal axis facing away from the played square, and
/// sets it down again.
struct FlipLens {
    rest: Vec3,
    start: Quat,
    axis: Vec3,
}

impl FlipLens {
    fn away_from(played: Square, square: Square, start: Quat) -> FlipLens {
        let rest = square_center(square, REST_HEIGHT);
        let direction = (rest - square_center(played, REST_HEIGHT)).normalize_or(Vec3::X);
        FlipLens {
            rest,
            start,
            axis: Vec3::Y.cross(direction).normalize_or(Vec3::Z),
        }
    }
}

impl Lens<Transform> for FlipLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        target.translation = self.rest + Vec3::Y * FLIP_LIFT * (PI * ratio).sin();
        target.rotation = Quat::from_axis_angle(self.axis, PI * ratio) * self.start;
    }
}

//! The camera: a tilted 3D view of the board that the player can turn (right-drag), zoom (wheel,
//! clamped) and reset (R, Home or the button). The board always fits the part of the
//! window the panels leave free, whatever the window's shape.

use std::f32::consts::PI;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use crate::app_actions::ResetView;
use crate::board::BoardGeometry;
use crate::input::PointerOverPanel;
use crate::schedule::GameSystems;

const DEFAULT_YAW: f32 = 0.0;
/// Elevation above the table, in radians: high enough to read the board, low enough to look 3D.
const DEFAULT_PITCH: f32 = 0.95;
const MIN_PITCH: f32 = 0.35;
const MAX_PITCH: f32 = 1.52;
const MIN_ZOOM: f32 = 0.55;
const MAX_ZOOM: f32 = 1.8;
const FIELD_OF_VIEW: f32 = PI / 5.0;

/// Where the camera looks from; the distance follows from the viewport so the board fits.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraView {
    pub yaw: f32,
    pub pitch: f32,
    /// 1 = the whole board just fits; smaller is closer.
    pub zoom: f32,
}

impl Default for CameraView {
    fn default() -> CameraView {
        CameraView {
            yaw: DEFAULT_YAW,
            pitch: DEFAULT_PITCH,
            zoom: 1.0,
        }
    }
}

/// Space taken by the egui panels at each edge of the window, in logical pixels.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PanelInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

#[derive(Component)]
pub struct BoardCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraView>()
        .init_resource::<PanelInsets>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(Update, orbit_and_zoom.in_set(GameSystems::Input))
        .add_systems(
            Update,
            (fit_viewport, place_camera)
                .chain()
                .in_set(GameSystems::View),
        );
}

fn spawn_cameras(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    commands.spawn((
        Name::new("Board camera"),
        BoardCamera,
        Camera3d::default(),
        Msaa::Sample4,
        Projection::Perspective(PerspectiveProjection {
            fov: FIELD_OF_VIEW,
            ..default()
        }),
        Transform::default(),
    ));
    // The panels get a camera of their own covering the whole window: attached to the board
    // camera, egui would shrink with the viewport the panels leave it.
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        Name::new("Panel camera"),
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(bevy::color::Color::NONE),
            ..default()
        },
    ));
}

/// Right-drag turns the view around the board; the wheel zooms; [`ResetView`] (R, Home or the
/// button) puts it back.
fn orbit_and_zoom(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    over_panel: Res<PointerOverPanel>,
    mut resets: MessageReader<ResetView>,
    mut view: ResMut<CameraView>,
) {
    if resets.read().count() > 0 {
        *view = CameraView::default();
        return;
    }
    if over_panel.0 {
        return;
    }
    if buttons.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO {
        view.yaw -= motion.delta.x * 0.006;
        view.pitch = (view.pitch + motion.delta.y * 0.004).clamp(MIN_PITCH, MAX_PITCH);
    }
    if scroll.delta.y != 0.0 {
        let step = if scroll.unit == bevy::input::mouse::MouseScrollUnit::Line {
            0.1
        } else {
            0.002
        };
        view.zoom = (view.zoom * (1.0 - scroll.delta.y * step)).clamp(MIN_ZOOM, MAX_ZOOM);
    }
}

/// The 3D view fills the window minus the panels.
fn fit_viewport(
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<BoardCamera>>,
) {
    let scale = window.scale_factor();
    let (width, height) = (window.physical_width(), window.physical_height());
    let left = (insets.left * scale) as u32;
    let top = (insets.top * scale) as u32;
    let right = (insets.right * scale) as u32;
    let bottom = (insets.bottom * scale) as u32;
    if width <= left + right + 16 || height <= top + bottom + 16 {
        return;
    }
    let viewport = Viewport {
        physical_position: UVec2::new(left, top),
        physical_size: UVec2::new(width - left - right, height - top - bottom),
        ..default()
    };
    let unchanged = camera.viewport.as_ref().is_some_and(|current| {
        current.physical_position == viewport.physical_position
            && current.physical_size == viewport.physical_size
    });
    if !unchanged {
        camera.viewport = Some(viewport);
    }
}

/// Places the camera far enough that the board's bounding sphere fits both the vertical and the
/// horizontal field of view of the current viewport.
fn place_camera(
    view: Res<CameraView>,
    geometry: Res<BoardGeometry>,
    mut camera: Single<(&Camera, &mut Transform), With<BoardCamera>>,
) {
    let (camera, ref mut transform) = *camera;
    let aspect = camera
        .logical_viewport_size()
        .map(|size| size.x / size.y.max(1.0))
        .unwrap_or(16.0 / 9.0);
    let half_vertical = FIELD_OF_VIEW / 2.0;
    let half_horizontal = (half_vertical.tan() * aspect).atan();
    let radius = geometry.half_extent() * 1.12;
    let distance = radius / half_vertical.min(half_horizontal).sin() * view.zoom;
    let offset = Vec3::new(
        distance * view.pitch.cos() * view.yaw.sin(),
        distance * view.pitch.sin(),
        distance * view.pitch.cos() * view.yaw.cos(),
    );
    let wanted = Transform::from_translation(offset).looking_at(Vec3::new(0.0, -0.4, 0.0), Vec3::Y);
    if **transform != wanted {
        **transform = wanted;
    }
}

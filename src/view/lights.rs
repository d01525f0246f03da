//! The light over the table: a warm lamp that makes a pool of light around the board and casts
//! the discs' shadows, a cool fill and a little ambient light, each as strong as the theme's
//! [`Room`] says, and the room's background.

use bevy::prelude::*;

use crate::schedule::GameSystems;
use crate::theme::Room;

const LAMP_INTENSITY: f32 = 9_000_000.0;
const FILL_ILLUMINANCE: f32 = 1_200.0;
const AMBIENT_BRIGHTNESS: f32 = 120.0;

#[derive(Component)]
struct Lamp;

#[derive(Component)]
struct Fill;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_lights).add_systems(
        Update,
        light_the_room
            .run_if(resource_changed::<Room>)
            .in_set(GameSystems::View),
    );
}

fn light_the_room(
    room: Res<Room>,
    mut background: ResMut<ClearColor>,
    mut ambient: ResMut<GlobalAmbientLight>,
    mut lamps: Query<&mut SpotLight, With<Lamp>>,
    mut fills: Query<&mut DirectionalLight, With<Fill>>,
) {
    background.0 = room.background;
    ambient.brightness = AMBIENT_BRIGHTNESS * room.ambient;
    for mut lamp in &mut lamps {
        lamp.intensity = LAMP_INTENSITY * room.lamp;
    }
    for mut fill in &mut fills {
        fill.illuminance = FILL_ILLUMINANCE * room.fill;
    }
}

fn spawn_lights(mut commands: Commands) {
    // A warm lamp over the table makes a pool of light around the board and casts the discs'
    // shadows; a dim cool fill keeps the far side readable.
    commands.spawn((
        Name::new("Lamp"),
        Lamp,
        SpotLight {
            intensity: LAMP_INTENSITY,
            range: 60.0,
            radius: 0.5,
            outer_angle: 0.62,
            inner_angle: 0.35,
            shadow_maps_enabled: true,
            color: bevy::color::Color::srgb(1.0, 0.94, 0.84),
            ..default()
        },
        Transform::from_xyz(-4.0, 13.0, 5.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Name::new("Fill"),
        Fill,
        DirectionalLight {
            illuminance: FILL_ILLUMINANCE,
            shadow_maps_enabled: false,
            color: bevy::color::Color::srgb(0.8, 0.87, 1.0),
            ..default()
        },
        Transform::from_xyz(5.0, 8.0, -6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: AMBIENT_BRIGHTNESS,
        ..default()
    });
}

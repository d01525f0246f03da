//! The light over the table: a warm lamp that makes a pool of light around the board and casts
//! the discs' shadows, a cool fill and a little ambient light.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_lights);
}

fn spawn_lights(mut commands: Commands) {
    // A warm lamp over the table makes a pool of light around the board and casts the discs'
    // shadows; a dim cool fill keeps the far side readable.
    commands.spawn((
        Name::new("Lamp"),
        SpotLight {
            intensity: 9_000_000.0,
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
        DirectionalLight {
            illuminance: 1_200.0,
            shadow_maps_enabled: false,
            color: bevy::color::Color::srgb(0.8, 0.87, 1.0),
            ..default()
        },
        Transform::from_xyz(5.0, 8.0, -6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 120.0,
        ..default()
    });
}

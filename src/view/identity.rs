//! Who the window is to the desktop: the application id (the Wayland app id and the X11 class,
//! which docks and launchers match against the installed `.desktop` file of the same name) and
//! the icon drawn by `assets/icon/generate.py`.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The reverse-DNS name of the game, as the `.desktop` file, the AppStream metadata and the
/// macOS bundle name it.
pub const APP_ID: &str = "org.reversi3d.Reversi3D";

/// The window's icon: large enough for a high-resolution dock, small enough to cost nothing.
const ICON_PNG: &[u8] = include_bytes!("../../assets/icon/icon-128.png");

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_window_icon.run_if(icon_missing));
}

#[derive(Resource)]
struct IconSet;

fn icon_missing(set: Option<Res<IconSet>>) -> bool {
    set.is_none()
}

/// Bevy has no icon setting: the icon is set on winit's window, from the main thread, once the
/// window exists.
fn set_window_icon(
    window: Option<Single<Entity, With<PrimaryWindow>>>,
    mut commands: Commands,
    _main_thread: NonSendMarker,
) {
    let Some(window) = window else { return };
    let Some(icon) = window_icon() else {
        // The icon is built into the binary; a picture that does not decode is a build defect,
        // and the game is no less playable without it.
        warn!("the window icon could not be decoded");
        commands.insert_resource(IconSet);
        return;
    };
    let set = WINIT_WINDOWS.with_borrow(|windows| {
        windows.get_window(*window).map(|winit_window| {
            winit_window.set_window_icon(Some(icon));
        })
    });
    if set.is_some() {
        commands.insert_resource(IconSet);
    }
}

fn window_icon() -> Option<winit::window::Icon> {
    let image = image::load_from_memory_with_format(ICON_PNG, image::ImageFormat::Png).ok()?;
    let rgba = image.into_rgba8();
    let (width, height) = rgba.dimensions();
    winit::window::Icon::from_rgba(rgba.into_raw(), width, height).ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_icon_decodes() {
        assert!(super::window_icon().is_some());
    }
}

//! `--screenshot <PNG>`: wait until the scene is really drawn (every render pipeline compiled, no
//! disc moving, a few more frames for good measure), save the window as a PNG and exit.
//! Software renderers take many seconds to compile shaders, so a fixed frame count would not do.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::PipelinesReady;
use crate::ai::Hints;
use crate::game::Animating;

/// Frames drawn after everything is ready before the picture is taken.
const SETTLE_FRAMES: u32 = 20;
/// Give up if the scene is not ready by then (a broken GPU driver, say).
const TIMEOUT: Duration = Duration::from_secs(180);

#[derive(Resource)]
struct ScreenshotRequest {
    path: PathBuf,
    ready_frames: u32,
    requested: bool,
}

pub struct ScreenshotPlugin {
    pub path: PathBuf,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ScreenshotRequest {
            path: self.path.clone(),
            ready_frames: 0,
            requested: false,
        })
        .add_systems(Last, take_when_ready);
    }
}

fn take_when_ready(
    mut commands: Commands,
    mut request: ResMut<ScreenshotRequest>,
    ready: Res<PipelinesReady>,
    animating: Res<Animating>,
    hints: Res<Hints>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
) {
    if request.requested {
        return;
    }
    if time.elapsed() > TIMEOUT {
        error!(
            "the scene was not ready after {} s: no screenshot taken",
            TIMEOUT.as_secs()
        );
        exit.write(AppExit::error());
        return;
    }
    request.ready_frames = if ready.0 && !animating.0 && !hints.is_thinking() {
        request.ready_frames + 1
    } else {
        0
    };
    if request.ready_frames < SETTLE_FRAMES {
        return;
    }
    request.requested = true;
    let path = request.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| match save_png(
            &captured.image,
            &path,
        ) {
            Ok(()) => {
                info!("screenshot saved to {}", path.display());
                exit.write(AppExit::Success);
            }
            Err(message) => {
                error!(
                    "cannot save the screenshot to {}: {message}",
                    path.display()
                );
                exit.write(AppExit::error());
            }
        },
    );
}

fn save_png(image: &Image, path: &std::path::Path) -> Result<(), String> {
    let picture = image
        .clone()
        .try_into_dynamic()
        .map_err(|error| error.to_string())?;
    picture
        .to_rgb8()
        .save_with_format(
            path,
            bevy::image::ImageFormat::Png
                .as_image_crate_format()
                .ok_or("no PNG support")?,
        )
        .map_err(|error| error.to_string())
}

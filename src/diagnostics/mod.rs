//! What the game is doing, for players and developers: the log file; whether every render
//! pipeline has been compiled (software renderers take many seconds), the report of frame times
//! (`--frame-report`), and the screenshot taken once the scene is drawn (`--screenshot`).

mod frame_report;
mod log_file;
mod screenshot;

pub use frame_report::FrameReportPlugin;
pub use log_file::{LOG_FILE, log_path, log_plugin};
pub use screenshot::ScreenshotPlugin;

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};

/// Whether the render world has compiled every pipeline it was asked for.
#[derive(Resource, Default)]
pub struct PipelinesReady(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<PipelinesReady>();
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, report_pipelines);
    }
}

/// Ready once the scene's pipelines exist and none is still compiling (an empty cache at start-up
/// is not a drawn scene).
fn report_pipelines(mut main_world: ResMut<MainWorld>, pipelines: Res<PipelineCache>) {
    if let Some(mut ready) = main_world.get_resource_mut::<PipelinesReady>() {
        ready.0 = pipelines.pipelines().next().is_some()
            && pipelines.waiting_pipelines().next().is_none();
    }
}

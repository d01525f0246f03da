//! What the renderer is doing, for `--screenshot` and `--frame-report`: whether every render
//! pipeline has been compiled (software renderers take many seconds), and frame-time statistics
//! that show whether the computer's thinking ever stalls the window.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};

use crate::ai::computer::ComputerPlayer;

/// Whether the render world has compiled every pipeline it was asked for.
#[derive(Resource, Default)]
pub struct PipelinesReady(pub bool);

pub struct PipelinesReadyPlugin;

impl Plugin for PipelinesReadyPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PipelinesReady>();
        if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
            render_app.add_systems(ExtractSchedule, report_pipelines);
        }
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

/// `--frame-report SECONDS`: runs that long, then prints one line of frame statistics and exits.
pub struct FrameReportPlugin {
    pub launched: Instant,
    pub run_for: Duration,
}

#[derive(Resource)]
struct FrameLog {
    launched: Instant,
    run_for: Duration,
    first_drawn: Option<Duration>,
    frames: Vec<Duration>,
    thinking: Vec<Duration>,
}

impl Plugin for FrameReportPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(FrameLog {
            launched: self.launched,
            run_for: self.run_for,
            first_drawn: None,
            frames: Vec::new(),
            thinking: Vec::new(),
        })
        .add_systems(Last, log_frame);
    }
}

fn log_frame(
    time: Res<Time<Real>>,
    ready: Res<PipelinesReady>,
    computer: Res<ComputerPlayer>,
    mut log: ResMut<FrameLog>,
    mut exit: MessageWriter<AppExit>,
) {
    let since_launch = log.launched.elapsed();
    if log.first_drawn.is_none() {
        if ready.0 {
            log.first_drawn = Some(since_launch);
        }
        return;
    }
    log.frames.push(time.delta());
    if computer.is_thinking() {
        log.thinking.push(time.delta());
    }
    if since_launch >= log.run_for {
        println!("{}", report(&log));
        exit.write(AppExit::Success);
    }
}

fn report(log: &FrameLog) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = |frames: &[Duration]| {
        let mut sorted = frames.to_vec();
        sorted.sort();
        sorted.get(sorted.len() / 2).copied().unwrap_or_default()
    };
    let longest = |frames: &[Duration]| frames.iter().max().copied().unwrap_or_default();
    format!(
        "frames first_drawn_s={:.2} frames={} median_ms={:.1} longest_ms={:.1} thinking_frames={} thinking_median_ms={:.1} thinking_longest_ms={:.1} rss_mb={}",
        log.first_drawn.unwrap_or_default().as_secs_f64(),
        log.frames.len(),
        ms(median(&log.frames)),
        ms(longest(&log.frames)),
        log.thinking.len(),
        ms(median(&log.thinking)),
        ms(longest(&log.thinking)),
        resident_megabytes().map_or("unknown".to_string(), |mb| mb.to_string()),
    )
}

/// Resident memory of this process (Linux), from /proc.
fn resident_megabytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024)
}

//! `--frame-report`: frame-time statistics that show whether the computer's thinking ever stalls
//! the window, with the time to the first drawn frame, the wakes other threads asked for and the
//! resident memory.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};

use super::PipelinesReady;
use crate::ai::ComputerPlayer;

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
        .add_systems(Startup, wake_up_at_the_end(self.launched + self.run_for))
        .add_systems(Last, log_frame);
    }
}

/// A window with nothing to draw sleeps until an input comes: a thread wakes it when the time is
/// up, so that the report is printed even when no frame is drawn at all.
fn wake_up_at_the_end(end: Instant) -> impl Fn(Option<Res<EventLoopProxyWrapper>>) {
    move |proxy: Option<Res<EventLoopProxyWrapper>>| {
        let Some(proxy) = proxy else { return };
        let proxy = EventLoopProxy::clone(&proxy);
        std::thread::spawn(move || {
            std::thread::sleep(end.saturating_duration_since(Instant::now()));
            // Until the app has exited and the loop is gone.
            while proxy.send_event(WinitUserEvent::WakeUp).is_ok() {
                std::thread::sleep(Duration::from_millis(250));
            }
        });
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
        "frames first_drawn_s={:.2} frames={} median_ms={:.1} longest_ms={:.1} thinking_frames={} thinking_median_ms={:.1} thinking_longest_ms={:.1} wakes={} rss_mb={}",
        log.first_drawn.unwrap_or_default().as_secs_f64(),
        log.frames.len(),
        ms(median(&log.frames)),
        ms(longest(&log.frames)),
        log.thinking.len(),
        ms(median(&log.thinking)),
        ms(longest(&log.thinking)),
        crate::wake::wakes_asked(),
        resident_megabytes().map_or("unknown".to_string(), |mb| mb.to_string()),
    )
}

/// Resident memory of this process (the working set on Windows), as the system counts it.
fn resident_megabytes() -> Option<u64> {
    let stats = memory_stats::memory_stats()?;
    Some(stats.physical_mem as u64 / (1024 * 1024))
}

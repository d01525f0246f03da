//! Frames only when something shown changes, so that frames never compete with the computer's
//! search and a game waiting for the player costs no CPU. Each frame picks Bevy's update mode for
//! what comes next:
//! - continuous while something moves (discs, a pass being announced) or shaders compile;
//! - two frames a second while the engine works for the player, for its progress in the side
//!   panel (its answer itself wakes the window at once, see [`crate::wake`]), and for the
//!   evaluation graph's points as they come;
//! - a frame when an answer held for the computer's pace is due;
//! - while a clock runs (the game's, or an online game's), a frame when its shown second
//!   changes;
//! - otherwise a frame only on input.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::ai::{EngineWork, EvaluationGraph};
use crate::diagnostics::PipelinesReady;
use crate::game::Clock;
use crate::game::{Animating, Match, PassAnnouncement};
use crate::online::OnlineClocks;

/// How often the engine's progress is redrawn while it works: often enough to read as live,
/// rare enough to leave the search the cores.
const PROGRESS_FRAME: Duration = Duration::from_millis(500);

/// The longest a waiting window sleeps without input (Bevy's desktop default).
const IDLE_WAIT: Duration = Duration::from_secs(5);

/// Present when the window must draw all the time, whatever it shows (`--screenshot` awaits a
/// picture even though nothing moves).
#[derive(Resource)]
pub struct AlwaysDraw;

pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings::desktop_app())
        .add_systems(Last, choose_update_mode);
}

fn choose_update_mode(
    animating: Res<Animating>,
    engine: EngineWork,
    graph: Res<EvaluationGraph>,
    pass: Res<PassAnnouncement>,
    clock: Res<Clock>,
    state: Res<Match>,
    online: OnlineClocks,
    pipelines: Option<Res<PipelinesReady>>,
    always: Option<Res<AlwaysDraw>>,
    mut settings: ResMut<WinitSettings>,
) {
    // Shaders compile in the background: the scene is not drawn until they are ready.
    let compiling = pipelines.is_some_and(|ready| !ready.0);
    let moving = animating.0 || pass.is_showing() || compiling || always.is_some();
    let mut wait = IDLE_WAIT;
    if engine.is_thinking() || graph.is_thinking() {
        wait = wait.min(PROGRESS_FRAME);
    }
    // An answer held for the computer's pace is played the frame after it is due.
    if let Some(due) = engine.answer_due_in() {
        wait = wait.min(due + Duration::from_millis(10));
    }
    let running_clock = state
        .side_to_move()
        .filter(|_| clock.settings.is_some() && !state.suspended)
        .map(|color| clock.remaining(color))
        .filter(|remaining| !remaining.is_zero());
    if let Some(remaining) = running_clock {
        wait = wait.min(until_next_second(remaining));
    }
    // Without a clock, each side's time spent is shown in whole minutes, counting up.
    let counting_up = state
        .side_to_move()
        .filter(|_| clock.settings.is_none() && !state.suspended && !state.is_online())
        .map(|color| clock.used(color));
    if let Some(used) = counting_up {
        wait = wait.min(until_next_minute_up(used));
    }
    if let Some(remaining) = online.running(std::time::Instant::now()) {
        wait = wait.min(until_next_second(remaining));
    }
    let focused = if moving {
        UpdateMode::Continuous
    } else {
        UpdateMode::reactive(wait)
    };
    // An unfocused window that waits sleeps longer, as the desktop default has it.
    let unfocused = match focused {
        UpdateMode::Reactive { .. } if wait == IDLE_WAIT => {
            WinitSettings::desktop_app().unfocused_mode
        }
        mode => mode,
    };
    if settings.focused_mode != focused || settings.unfocused_mode != unfocused {
        settings.focused_mode = focused;
        settings.unfocused_mode = unfocused;
    }
}

/// How long until a time counting up in whole minutes shows its next minute.
fn until_next_minute_up(used: Duration) -> Duration {
    let into_minute = Duration::from_millis((used.as_millis() % 60_000) as u64);
    Duration::from_secs(60) - into_minute + Duration::from_millis(10)
}

/// The time until a clock showing `remaining` shows the next second down, and a little more, so
/// the frame lands after the change.
fn until_next_second(remaining: Duration) -> Duration {
    let into_second = remaining.subsec_nanos();
    Duration::from_nanos(u64::from(into_second)) + Duration::from_millis(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_clock_wakes_just_after_its_shown_second_changes() {
        assert_eq!(
            until_next_second(Duration::from_millis(4_250)),
            Duration::from_millis(260)
        );
        assert_eq!(
            until_next_second(Duration::from_secs(3)),
            Duration::from_millis(10)
        );
    }
}

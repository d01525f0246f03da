//! Frames only when something changes: Bevy's reactive update mode keeps an idle game near zero
//! CPU, and this asks for continuous frames while discs move, the computer thinks or a pass is
//! being announced,
//! or hints are being worked out, or a clock is running.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::WinitSettings;

use crate::ai::ComputerPlayer;
use crate::ai::Hints;
use crate::game::Clock;
use crate::game::{Animating, Match, PassAnnouncement};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings::desktop_app())
        .add_systems(Last, keep_drawing_while_busy);
}

fn keep_drawing_while_busy(
    animating: Res<Animating>,
    computer: Res<ComputerPlayer>,
    pass: Res<PassAnnouncement>,
    clock: Res<Clock>,
    hints: Res<Hints>,
    state: Res<Match>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let clock_running = clock.settings.is_some() && !state.game.is_over() && !state.suspended;
    let busy = animating.0 || computer.is_thinking() || pass.is_showing() || hints.is_thinking();
    if busy || clock_running {
        redraw.write(RequestRedraw);
    }
}

//! Frames only when something changes: Bevy's reactive update mode keeps an idle game near zero
//! CPU, and this asks for continuous frames while shaders compile, discs move, the computer
//! thinks, a pass is being announced, hints, the evaluation graph, the best line or a review are
//! being worked out, or a clock is running.
//!
//! bevy_egui 0.42 hands egui a "modifier keys changed" event every frame, changed or not, and
//! egui answers any event by asking for the next frame: left alone, the window would draw
//! forever. Those events are dropped here unless the modifiers really changed.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::ai::{EngineWork, EvaluationGraph};
use crate::diagnostics::PipelinesReady;
use crate::game::Clock;
use crate::game::{Animating, Match, PassAnnouncement};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings::desktop_app())
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Last, keep_drawing_while_busy);
}

/// Keeps only the modifier events that change something, so an idle egui asks for no frame.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(modifiers) => {
                last.replace(*modifiers) != Some(*modifiers)
            }
            _ => true,
        });
    }
}

fn keep_drawing_while_busy(
    animating: Res<Animating>,
    engine: EngineWork,
    graph: Res<EvaluationGraph>,
    pass: Res<PassAnnouncement>,
    clock: Res<Clock>,
    state: Res<Match>,
    pipelines: Option<Res<PipelinesReady>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let clock_running = clock.settings.is_some() && !state.game.is_over() && !state.suspended;
    // Shaders compile in the background: the scene is not drawn until they are ready.
    let compiling = pipelines.is_some_and(|ready| !ready.0);
    let busy = animating.0
        || engine.is_thinking()
        || graph.is_thinking()
        || pass.is_showing()
        || compiling;
    if busy || clock_running {
        redraw.write(RequestRedraw);
    }
}

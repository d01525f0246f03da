//! The player's hand on the engine: *Move now* makes the computer play the best move it has
//! found so far; *Stop* halts every search of the position on the board (the computer's, which
//! also suspends play until *Resume play*, the hints, the best line, the evaluation graph, a
//! review and *Analyse until I stop*). What a stopped search had found stays: the hints and the best line keep the deepest
//! results they completed. Nothing starts again on the same position; any change of it (a move,
//! undo, *Resume play*) lifts the stop.

use bevy::prelude::*;

use super::analysis::Analysis;
use super::best_line::BestLine;
use super::computer::ComputerPlayer;
use super::graph::EvaluationGraph;
use super::hints::Hints;
use super::review::Review;
use crate::game::{GameCommand, Match};
use crate::schedule::GameSystems;

/// What the player asks of the engine's work.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineControl {
    /// The computer plays the best move found so far.
    MoveNow,
    /// Every search of this position stops.
    Stop,
}

/// The generation of the position whose searches the player stopped: none starts for it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Halted(Option<u64>);

impl Halted {
    /// Whether searches of the position of `generation` were stopped.
    pub fn stopped(&self, generation: u64) -> bool {
        self.0 == Some(generation)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EngineControl>()
        .init_resource::<Halted>()
        .add_systems(Update, take_control.in_set(GameSystems::Input));
}

#[allow(clippy::too_many_arguments)]
fn take_control(
    mut requests: MessageReader<EngineControl>,
    state: Res<Match>,
    mut halted: ResMut<Halted>,
    mut computer: ResMut<ComputerPlayer>,
    hints: Res<Hints>,
    best_line: Res<BestLine>,
    mut graph: ResMut<EvaluationGraph>,
    mut review: ResMut<Review>,
    mut analysis: ResMut<Analysis>,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        match request {
            EngineControl::MoveNow => computer.move_now(),
            EngineControl::Stop => {
                halted.0 = Some(state.generation);
                computer.stop(state.generation);
                hints.stop();
                best_line.stop();
                graph.stop();
                review.stop();
                analysis.stop();
                // The computer's turn waits for *Resume play*, its clock stopped.
                commands.write(GameCommand::Suspend);
            }
        }
    }
}

//! Who may use the engine's cores, decided in one place: the computer's move first, then what
//! the player sees (the hints, the best line, *Analyse until I stop*, a review), then the
//! evaluation graph. Once a frame, between the computer's start and the others', [`arbitrate`]
//! notes what runs; each search asks [`MaySearch`] before it starts, and the graph drops its
//! search while anything above it runs.

use bevy::prelude::*;

use super::EngineWork;
use super::control::Halted;
use crate::schedule::GameSystems;

/// What ran on the engine when this frame's searches were arbitrated.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineTurn {
    /// The computer's move is being searched.
    computer: bool,
    /// A search the player sees runs: the hints, the best line, the analysis or a review.
    player_view: bool,
}

/// Whether a search may start now: the game's rules on the engine's help, the player's *Stop*,
/// and the searches of a higher priority that run.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MaySearch<'w> {
    help: Res<'w, super::EngineHelp>,
    halted: Res<'w, Halted>,
    turn: Res<'w, EngineTurn>,
}

impl MaySearch<'_> {
    /// Whether the game allows the engine's help at all.
    pub fn help_allowed(&self) -> bool {
        self.help.allowed
    }

    /// Whether a search the player sees (hints, best line, analysis) of the position of
    /// `generation` may start: the computer's move goes first.
    pub fn may_start(&self, generation: u64) -> bool {
        self.help.allowed && !self.halted.stopped(generation) && !self.turn.computer
    }

    /// Whether the evaluation graph may search the position of `generation`: only while nothing
    /// above it runs.
    pub fn may_start_in_background(&self, generation: u64) -> bool {
        self.may_start(generation) && !self.turn.player_view
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineTurn>()
        .add_systems(Update, arbitrate.in_set(GameSystems::Apply));
}

/// After the computer has started its search (input) and before the others start theirs
/// (view).
fn arbitrate(engine: EngineWork, mut turn: ResMut<EngineTurn>) {
    turn.set_if_neq(EngineTurn {
        computer: engine.computer_is_thinking(),
        player_view: engine.player_view_is_thinking(),
    });
}

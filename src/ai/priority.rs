//! Who may use the engine's cores, decided in one place: the computer's move first, then what
//! the player sees (the hints, the best line, *Analyse until I stop*), then the work the player
//! waits for without watching it (a review, a puzzle's check, the quiet review of a finished
//! game) and the evaluation graph. Once a frame, between the computer's start and the others',
//! [`arbitrate`] notes what runs; each search asks [`MaySearch`] before it starts. A review or a
//! check asked for meanwhile waits, and starts when the engine is free (it is long, and runs to
//! its end once started); the graph, whose search is short and starts again cheaply, also gives
//! way to a running review, and drops its search while anything above it runs.

use bevy::prelude::*;

use super::EngineWork;
use super::control::Halted;
use crate::schedule::GameSystems;

/// What ran on the engine when this frame's searches were arbitrated.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineTurn {
    /// The computer's move is being searched.
    computer: bool,
    /// A search the player sees runs: the hints, the best line or the analysis.
    player_view: bool,
    /// A review of the game runs.
    review: bool,
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

    /// Whether work the player waits for without watching it (a review, a puzzle's check) may
    /// start: only while neither the computer's move nor a search the player sees runs.
    pub fn may_start_below_view(&self) -> bool {
        !self.turn.computer && !self.turn.player_view
    }

    /// Whether the evaluation graph may search the position of `generation`: only while nothing
    /// above it runs, nor a review.
    pub fn may_start_in_background(&self, generation: u64) -> bool {
        self.may_start(generation) && self.may_start_below_view() && !self.turn.review
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
        review: engine.review_is_thinking(),
    });
}

//! The forced pass: a side without a legal move passes by itself, human or computer, once the
//! announcement has been shown long enough to read. A friend's program online passes for its
//! own side, and its pass arrives as its moves do.

use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::Move;

use super::{Animating, Match, MoveOrigin, MoveRequested};
use crate::schedule::GameSystems;

/// How long a forced pass is announced before play continues.
pub const PASS_PAUSE: Duration = Duration::from_millis(1500);

/// The forced pass being announced: since when, for the position of which generation.
#[derive(Resource, Default)]
pub struct PassAnnouncement(Option<(u64, Duration)>);

impl PassAnnouncement {
    pub fn is_showing(&self) -> bool {
        self.0.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PassAnnouncement>()
        .add_systems(Update, play_forced_pass.in_set(GameSystems::Input))
        .add_systems(Update, forget_stale_announcement.in_set(GameSystems::View));
}

fn play_forced_pass(
    state: Res<Match>,
    animating: Res<Animating>,
    time: Res<Time>,
    mut announcement: ResMut<PassAnnouncement>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if animating.0
        || state.editing
        || state.game.is_over()
        || !state.board().must_pass()
        || state.friend_to_move()
    {
        return;
    }
    let now = time.elapsed();
    let generation = state.generation;
    let (_, since) = *announcement.0.get_or_insert((generation, now));
    if now >= since + PASS_PAUSE {
        announcement.0 = None;
        moves.write(MoveRequested {
            mv: Move::Pass,
            origin: MoveOrigin::ForcedPass { generation },
        });
    }
}

/// An announcement for a position that has gone (undo, new game, ...) ends at once.
fn forget_stale_announcement(state: Res<Match>, mut announcement: ResMut<PassAnnouncement>) {
    if announcement
        .0
        .is_some_and(|(generation, _)| generation != state.generation)
    {
        announcement.0 = None;
    }
}

//! The game clock: minutes per player plus an increment per move. The side to move's time runs
//! while it is thinking (not while discs move, a pass is announced or play is suspended); the
//! player whose time runs out loses.

use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::Color;
use serde::{Deserialize, Serialize};

use super::{Animating, BoardChanged, GameCommand, Match, NextGame, PassAnnouncement};
use crate::schedule::GameSystems;

/// A chess-style clock: minutes per player and seconds added after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockSettings {
    pub minutes: u32,
    pub increment_seconds: u32,
}

/// Both players' remaining time, when the game is played with a clock.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Clock {
    pub settings: Option<ClockSettings>,
    pub black: Duration,
    pub white: Duration,
}

impl Clock {
    pub fn start(settings: Option<ClockSettings>) -> Clock {
        let full = settings.map_or(Duration::ZERO, |s| {
            Duration::from_secs(u64::from(s.minutes) * 60)
        });
        Clock {
            settings,
            black: full,
            white: full,
        }
    }

    pub fn remaining(&self, color: Color) -> Duration {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    fn remaining_mut(&mut self, color: Color) -> &mut Duration {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

/// `m:ss`, or `h:mm:ss` for long games.
pub fn format_time(time: Duration) -> String {
    let seconds = time.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Clock>().add_systems(
        Update,
        (restart_on_new_game, add_increment, run_clock)
            .chain()
            .in_set(GameSystems::View),
    );
}

fn restart_on_new_game(
    mut commands: MessageReader<GameCommand>,
    next_game: Res<NextGame>,
    mut clock: ResMut<Clock>,
) {
    if commands
        .read()
        .any(|command| matches!(command, GameCommand::NewGame))
    {
        *clock = Clock::start(next_game.clock);
    }
}

fn add_increment(mut changes: MessageReader<BoardChanged>, mut clock: ResMut<Clock>) {
    for change in changes.read() {
        if let (Some(settings), BoardChanged::Played { color, .. }) = (clock.settings, change) {
            *clock.remaining_mut(*color) +=
                Duration::from_secs(u64::from(settings.increment_seconds));
        }
    }
}

/// Real time, not the game's virtual time: virtual time clamps long frames, and an idle window
/// draws a frame only now and then.
fn run_clock(
    time: Res<Time<Real>>,
    state: Res<Match>,
    animating: Res<Animating>,
    pass: Res<PassAnnouncement>,
    mut clock: ResMut<Clock>,
    mut commands: MessageWriter<GameCommand>,
) {
    if clock.settings.is_none() || animating.0 || state.suspended || pass.is_showing() {
        return;
    }
    let Some(color) = state.side_to_move() else {
        return;
    };
    if state.board().must_pass() {
        return;
    }
    let remaining = clock.remaining_mut(color);
    if remaining.is_zero() {
        return;
    }
    *remaining = remaining.saturating_sub(time.delta());
    if remaining.is_zero() {
        commands.write(GameCommand::LoseOnTime(color));
    }
}

//! The game clock: minutes per player plus an increment per move. The side to move's time runs
//! while it is thinking (not while discs move, a pass is announced or play is suspended); a side
//! to move whose clock shows 0:00 loses, however it got there (its time ran out, a time loss was
//! undone, a saved game was opened with no time left).

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

/// The longest game the Options offer, and the largest increment.
const MAX_MINUTES: u32 = 180;
const MAX_INCREMENT_SECONDS: u32 = 600;
/// No clock can show more than this, whatever a file says: a day.
const MAX_REMAINING: Duration = Duration::from_secs(24 * 3600);

impl ClockSettings {
    /// Brought into the range the Options offer, whatever a file says.
    pub fn sanitized(self) -> ClockSettings {
        ClockSettings {
            minutes: self.minutes.clamp(1, MAX_MINUTES),
            increment_seconds: self.increment_seconds.min(MAX_INCREMENT_SECONDS),
        }
    }
}

/// Both players' remaining time, when the game is played with a clock; and the time each side
/// has spent thinking, with a clock or without.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Clock {
    pub settings: Option<ClockSettings>,
    pub black: Duration,
    pub white: Duration,
    /// Black's and White's time spent thinking in this game (a game saved before it was kept
    /// reads as none spent).
    #[serde(default)]
    pub used: [Duration; 2],
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
            used: [Duration::ZERO; 2],
        }
    }

    /// Valid settings and at most [`MAX_REMAINING`] on each side, whatever a file says; no time
    /// at all without settings.
    pub fn sanitized(self) -> Clock {
        let settings = self.settings.map(ClockSettings::sanitized);
        let cap = if settings.is_some() {
            MAX_REMAINING
        } else {
            Duration::ZERO
        };
        Clock {
            settings,
            black: self.black.min(cap),
            white: self.white.min(cap),
            used: self.used.map(|used| used.min(MAX_REMAINING)),
        }
    }

    /// The time `color` has spent thinking in this game.
    pub fn used(&self, color: Color) -> Duration {
        self.used[color_index(color)]
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

fn color_index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
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
        .any(|command| matches!(command, GameCommand::NewGame | GameCommand::NewGameFrom(_)))
    {
        *clock = Clock::start(next_game.clock);
    }
}

fn add_increment(mut changes: MessageReader<BoardChanged>, mut clock: ResMut<Clock>) {
    for change in changes.read() {
        if let (Some(settings), BoardChanged::Played { color, .. }) = (clock.settings, change) {
            let remaining = clock.remaining_mut(*color);
            *remaining = remaining
                .saturating_add(Duration::from_secs(u64::from(settings.increment_seconds)))
                .min(MAX_REMAINING);
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
    let Some(color) = state.side_to_move() else {
        return;
    };
    if clock.settings.is_some() && clock.remaining(color).is_zero() {
        commands.write(GameCommand::LoseOnTime(color));
        return;
    }
    if animating.0 || state.suspended || pass.is_showing() || state.board().must_pass() {
        return;
    }
    let used = &mut clock.used[color_index(color)];
    *used = used.saturating_add(time.delta()).min(MAX_REMAINING);
    if clock.settings.is_none() {
        return;
    }
    let remaining = clock.remaining_mut(color);
    *remaining = remaining.saturating_sub(time.delta());
    if remaining.is_zero() {
        commands.write(GameCommand::LoseOnTime(color));
    }
}

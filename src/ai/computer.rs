//! The computer player: searches on a copy of the position in the async compute pool, so the
//! window never waits for it, and answers through the same `MoveRequested` message as a click.
//! Forced passes are played from here too, after a pause that lets the player read the notice.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use reversi_engine::search::{SearchLimits, SearchResult, Searcher};
use reversi_engine::{Move, Position};

use crate::game::players::PlayerKind;
use crate::game::{Animating, Match, MoveOrigin, MoveRequested};
use crate::schedule::GameSystems;

/// Transposition table size for the computer player.
const HASH_MB: usize = 32;

/// How long a forced pass is announced before play continues.
pub const PASS_PAUSE: Duration = Duration::from_millis(1500);

/// The shortest time between positions in computer-vs-computer play, so a game can be watched.
const MIN_MOVE_TIME: Duration = Duration::from_millis(450);

/// A search running in the background for the position of `generation`.
struct Thinking {
    generation: u64,
    stop: Arc<AtomicBool>,
    task: Task<SearchResult>,
    started: Duration,
    answer: Option<SearchResult>,
}

#[derive(Resource)]
pub struct ComputerPlayer {
    thinking: Option<Thinking>,
    pass_since: Option<(u64, Duration)>,
    /// Varies the weaker levels' choice among near-best moves from one session to the next.
    session_seed: u64,
}

impl Default for ComputerPlayer {
    fn default() -> ComputerPlayer {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        ComputerPlayer {
            thinking: None,
            pass_since: None,
            session_seed: now.as_nanos() as u64,
        }
    }
}

impl ComputerPlayer {
    /// Whether a search is under way (the "thinking" indicator).
    pub fn is_thinking(&self) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|thinking| thinking.answer.is_none())
    }

    /// Whether a forced pass is being announced.
    pub fn is_announcing_pass(&self) -> bool {
        self.pass_since.is_some()
    }

    fn cancel(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            // Dropping a task does not stop CPU-bound work: the flag does, within milliseconds.
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for ComputerPlayer {
    fn drop(&mut self) {
        self.cancel();
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .add_systems(
            Update,
            (start_search, collect_answer, play_forced_pass)
                .chain()
                .in_set(GameSystems::Input),
        )
        // Right after the state changed, so a search for an old position stops this frame.
        .add_systems(Update, drop_stale_search.in_set(GameSystems::View));
}

/// A search whose position changed (new game, undo, player change, ...) is stopped and forgotten.
fn drop_stale_search(state: Res<Match>, mut computer: ResMut<ComputerPlayer>) {
    let stale = computer
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.generation != state.generation);
    if stale {
        computer.cancel();
    }
    if computer
        .pass_since
        .is_some_and(|(generation, _)| generation != state.generation)
    {
        computer.pass_since = None;
    }
}

fn start_search(
    state: Res<Match>,
    animating: Res<Animating>,
    time: Res<Time>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if computer.thinking.is_some() || animating.0 || state.suspended {
        return;
    }
    let Some(color) = state.side_to_move() else {
        return;
    };
    let PlayerKind::Computer(level) = state.players.of(color) else {
        return;
    };
    let position = state.board().position();
    if position.legal_moves() == 0 {
        return;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let seed = computer.session_seed ^ state.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let task = spawn_search(position, level.limits().with_seed(seed), stop.clone());
    computer.thinking = Some(Thinking {
        generation: state.generation,
        stop,
        task,
        started: time.elapsed(),
        answer: None,
    });
}

fn spawn_search(
    position: Position,
    limits: SearchLimits,
    stop: Arc<AtomicBool>,
) -> Task<SearchResult> {
    AsyncComputeTaskPool::get().spawn(async move {
        let mut searcher = Searcher::new(HASH_MB);
        searcher.best_move(position, &limits, &stop)
    })
}

fn collect_answer(
    time: Res<Time>,
    mut computer: ResMut<ComputerPlayer>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let Some(thinking) = computer.thinking.as_mut() else {
        return;
    };
    if thinking.answer.is_none() {
        thinking.answer = check_ready(&mut thinking.task);
    }
    let Some(answer) = thinking.answer.as_ref() else {
        return;
    };
    if time.elapsed() < thinking.started + MIN_MOVE_TIME {
        return;
    }
    let mv = answer.best.map_or(Move::Pass, Move::Play);
    let generation = thinking.generation;
    computer.thinking = None;
    moves.write(MoveRequested {
        mv,
        origin: MoveOrigin::Computer { generation },
    });
}

/// A side without a legal move passes by itself, for humans too, once the notice has been shown.
fn play_forced_pass(
    state: Res<Match>,
    animating: Res<Animating>,
    time: Res<Time>,
    mut computer: ResMut<ComputerPlayer>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if animating.0 || state.game.is_over() || !state.board().must_pass() {
        return;
    }
    let now = time.elapsed();
    let generation = state.generation;
    let (_, since) = *computer.pass_since.get_or_insert((generation, now));
    if now >= since + PASS_PAUSE {
        computer.pass_since = None;
        moves.write(MoveRequested {
            mv: Move::Pass,
            origin: MoveOrigin::ForcedPass { generation },
        });
    }
}

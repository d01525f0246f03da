//! The computer player: searches on a copy of the position in the background, so the window never
//! waits for it, and answers through the same `MoveRequested` message as a click.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::Move;
use reversi_engine::Square;
use reversi_engine::book::Book;
use reversi_engine::search::{Progress, ProgressSlot};
use reversi_engine::variant::VariantBoard;

use super::task::BackgroundSearch;
use crate::game::{Animating, ComputerTime, Match, MoveOrigin, MoveRequested, PlayerKind};
use crate::schedule::GameSystems;

/// Transposition table size for the computer player.
const HASH_MB: usize = 32;

/// The shortest time between positions in computer-vs-computer play, so a game can be watched.
const MIN_MOVE_TIME: Duration = Duration::from_millis(450);

/// A search under way, and its answer once it has come, held until the move may be shown.
struct Thinking {
    search: BackgroundSearch<Move>,
    started: Duration,
    answer: Option<Move>,
    /// What the search has found so far, for the side panel.
    progress: Arc<ProgressSlot>,
}

#[derive(Resource)]
pub struct ComputerPlayer {
    thinking: Option<Thinking>,
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

    /// The live search while the computer thinks: depth, score, nodes and the line so far.
    pub fn progress(&self) -> Option<Progress> {
        self.thinking
            .as_ref()
            .filter(|thinking| thinking.answer.is_none())
            .and_then(|thinking| thinking.progress.latest())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .add_systems(
            Update,
            (start_search, collect_answer)
                .chain()
                .in_set(GameSystems::Input),
        )
        // Right after the state changed, so a search for an old position stops this frame.
        .add_systems(Update, drop_stale_search.in_set(GameSystems::View));
}

/// A search whose position changed (new game, undo, player change, ...) is stopped and forgotten.
fn drop_stale_search(state: Res<Match>, mut computer: ResMut<ComputerPlayer>) {
    if computer
        .thinking
        .as_ref()
        .is_some_and(|thinking| thinking.search.generation() != state.generation)
    {
        computer.thinking = None;
    }
}

fn start_search(
    state: Res<Match>,
    animating: Res<Animating>,
    time: Res<Time>,
    chosen_time: Res<ComputerTime>,
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
    let board = state.board();
    if board.legal_moves().is_empty() {
        return;
    }
    let seed = computer.session_seed ^ state.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // Expert uses every core (the level says so); the others one, so that their choices repeat.
    let mut limits = level.limits().with_seed(seed);
    limits.time = PlayerKind::Computer(level).time_limit(*chosen_time);
    let progress = Arc::new(ProgressSlot::default());
    let report_to = progress.clone();
    let search = BackgroundSearch::start(state.generation, move |stop| {
        // In the opening book every level answers at once, with its own variety (a weaker
        // level picks among book moves within its tolerated loss).
        let from_book = || {
            let standard = board.to_standard()?;
            Book::shipped()
                .choose_for_level(&standard, level, seed)
                .map(|chosen| chosen.square)
        };
        let best = only_move(&board).or_else(from_book).or_else(|| {
            let mut searcher = super::searcher(HASH_MB);
            searcher.fast().report_progress_to(report_to);
            searcher.best_move(&board, &limits, stop).best
        });
        best.map_or(Move::Pass, Move::Play)
    });
    computer.thinking = Some(Thinking {
        search,
        started: time.elapsed(),
        answer: None,
        progress,
    });
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
        thinking.answer = thinking.search.poll();
    }
    let Some(mv) = thinking.answer else {
        return;
    };
    if time.elapsed() < thinking.started + MIN_MOVE_TIME {
        return;
    }
    let generation = thinking.search.generation();
    computer.thinking = None;
    moves.write(MoveRequested {
        mv,
        origin: MoveOrigin::Computer { generation },
    });
}

/// A forced move needs no search: the computer plays it without spending its thinking time (the
/// engine would search it anyway, to report its score).
fn only_move(board: &VariantBoard) -> Option<Square> {
    let moves = board.legal_moves();
    (moves.count() == 1).then(|| moves.first())?
}

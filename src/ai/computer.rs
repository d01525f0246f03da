//! The computer player: searches on a copy of the position in the background, so the window never
//! waits for it, and answers through the same `MoveRequested` message as a click. Where the player
//! allows it, it also thinks on the player's time (pondering): while the player considers a move,
//! it searches the player's position, and its answer then starts from a table that already holds
//! the positions after each of the player's moves.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::Move;
use reversi_engine::Square;
use reversi_engine::book::Book;
use reversi_engine::eval::Evaluation;
use reversi_engine::search::AnySearcher;
use reversi_engine::search::{Progress, ProgressSlot, Sparring};
use reversi_engine::variant::VariantBoard;

use crate::game::{
    Animating, ComputerTime, Match, MoveOrigin, MoveRequested, PlayerKind, ScriptedSide,
};
use crate::jobs::Job;
use crate::schedule::GameSystems;

/// Transposition table size for the computer player.
const HASH_MB: usize = 32;

/// The shortest time from the position the computer answers to its answer (Options: the
/// computer's pace), so that a person can follow an instant book move and a game between
/// computers can be watched; counted from the start of the search, which begins while the last
/// move's discs turn.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerPace(pub Duration);

impl Default for ComputerPace {
    fn default() -> ComputerPace {
        ComputerPace(Duration::from_secs(1))
    }
}

/// A search under way, and its answer once it has come, held until the move may be shown.
struct Thinking {
    search: Job<Move>,
    /// The generation of the state the answer is for.
    generation: u64,
    started: Duration,
    answer: Option<Move>,
    /// What the search has found so far, for the side panel.
    progress: Arc<ProgressSlot>,
    /// The player asked for the move now: it is played as soon as it comes, whatever the pace.
    hurried: bool,
}

/// Whether the computer may think on the player's time (Options).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pondering(pub bool);

/// The computer's engine, kept between its searches so that a pondering search's table serves the
/// answer that follows; made when first needed.
type Engine = Arc<Mutex<Option<AnySearcher<Evaluation>>>>;

#[derive(Resource)]
pub struct ComputerPlayer {
    thinking: Option<Thinking>,
    /// The search of the player's position while the player thinks, until it is done.
    pondering: Option<Job<()>>,
    /// The generation of the state last pondered: a finished pondering is not started again.
    pondered_generation: Option<u64>,
    /// A pondering search has filled the engine's table since the computer last moved.
    pondered: bool,
    engine: Engine,
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
            pondering: None,
            pondered_generation: None,
            pondered: false,
            engine: Engine::default(),
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

    /// How long an answer that has come waits for the computer's pace before it is played, at
    /// `now` (the game's elapsed time); `None` when no answer waits. The window asks for a
    /// frame then, so the move shows on time with nothing else moving.
    pub fn answer_due_in(&self, now: Duration, pace: &ComputerPace) -> Option<Duration> {
        let thinking = self.thinking.as_ref().filter(|t| t.answer.is_some())?;
        Some(match thinking.hurried {
            true => Duration::ZERO,
            false => (thinking.started + pace.0).saturating_sub(now),
        })
    }

    /// The live search while the computer thinks: depth, score, nodes and the line so far.
    pub fn progress(&self) -> Option<Progress> {
        self.thinking
            .as_ref()
            .filter(|thinking| thinking.answer.is_none())
            .and_then(|thinking| thinking.progress.latest())
    }

    /// Whether the computer is thinking on the player's time (until its search is done).
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// The best move found so far is played at once.
    pub(super) fn move_now(&mut self) {
        if let Some(thinking) = self.thinking.as_mut() {
            thinking.search.stop();
            thinking.hurried = true;
        }
    }

    /// The search and the pondering of the position of `generation` stop, and its answer is
    /// forgotten.
    pub(super) fn stop(&mut self, generation: u64) {
        self.thinking = None;
        self.pondering = None;
        self.pondered_generation = Some(generation);
    }
}

/// Runs `work` with the computer's engine, waiting for a pondering search that was just told to
/// stop to let go of it (it does within milliseconds). `fresh` starts from an empty table, as
/// every search did before pondering: the levels' choices then never depend on earlier searches.
fn with_engine<R>(
    engine: &Engine,
    fresh: bool,
    work: impl FnOnce(&mut AnySearcher<Evaluation>) -> R,
) -> R {
    // A search that panicked cannot leave the table in a state worse than stale entries.
    let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
    if fresh {
        *engine = None;
    }
    work(engine.get_or_insert_with(|| super::searcher(HASH_MB)))
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .add_systems(
            Update,
            (start_search, collect_answer, ponder)
                .chain()
                .in_set(GameSystems::Input),
        )
        .init_resource::<Pondering>()
        .init_resource::<ComputerPace>()
        // Right after the state changed, so a search for an old position stops this frame.
        .add_systems(Update, drop_stale_search.in_set(GameSystems::View));
}

/// A search whose position changed (new game, undo, player change, the player's move, ...) is
/// stopped and forgotten; so is pondering when the player no longer allows it.
fn drop_stale_search(
    state: Res<Match>,
    allowed: Res<Pondering>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if computer
        .thinking
        .as_ref()
        .is_some_and(|thinking| !thinking.search.is_for(state.generation))
    {
        computer.thinking = None;
    }
    if computer
        .pondering
        .as_ref()
        .is_some_and(|ponder| !allowed.0 || !ponder.is_for(state.generation))
    {
        computer.pondering = None;
    }
}

/// While a human considers a move against the computer, the computer searches the human's
/// position to its own level's depth, without a time limit, until the human moves or the search
/// is done.
fn ponder(
    state: Res<Match>,
    animating: Res<Animating>,
    allowed: Res<Pondering>,
    scripted: Res<ScriptedSide>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if let Some(search) = computer.pondering.as_mut()
        && search.poll().is_some()
    {
        computer.pondering = None;
    }
    let pondered = computer.pondered_generation == Some(state.generation);
    let busy = computer.pondering.is_some() || computer.thinking.is_some() || animating.0;
    if !allowed.0 || pondered || busy {
        return;
    }
    let Some(color) = state.side_to_move() else {
        return;
    };
    let PlayerKind::Computer(level) = state.players.of(color.opponent()) else {
        return;
    };
    let board = state.board();
    let scripted = scripted.0 == Some(color.opponent());
    if state.suspended
        || scripted
        || !state.players.of(color).is_human()
        || board.legal_moves().is_empty()
    {
        return;
    }
    let mut limits = level.limits();
    limits.time = None;
    limits.max_loss = 0;
    let engine = computer.engine.clone();
    // The first pondering since the computer moved starts from an empty table, as its search
    // would have.
    let fresh = !computer.pondered;
    computer.pondered = true;
    computer.pondered_generation = Some(state.generation);
    computer.pondering = Some(Job::start(state.generation, move |stop| {
        with_engine(&engine, fresh, |searcher| {
            // Nobody watches this search: its line would be a hint the player did not ask for.
            searcher.report_progress_to(Arc::new(ProgressSlot::default()));
            searcher.best_move(&board, &limits, stop);
        });
    }));
}

/// Starts the computer's search as soon as it is its turn, while the player's discs are still
/// turning: its answer waits for them to settle (the move path defers it), but no longer starts
/// after them.
fn start_search(
    state: Res<Match>,
    time: Res<Time>,
    chosen_time: Res<ComputerTime>,
    scripted: Res<ScriptedSide>,
    options: Res<super::EngineOptions>,
    halted: Res<super::Halted>,
    mut computer: ResMut<ComputerPlayer>,
) {
    if computer.thinking.is_some() || state.suspended || halted.stopped(state.generation) {
        return;
    }
    let Some(color) = state.side_to_move() else {
        return;
    };
    if scripted.0 == Some(color) {
        return;
    }
    let player = state.players.of(color);
    let board = state.board();
    if !player.is_computer() || board.legal_moves().is_empty() {
        return;
    }
    let seed = computer.session_seed ^ state.generation.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let time_limit = player.time_limit(*chosen_time);
    let progress = Arc::new(ProgressSlot::default());
    let report_to = progress.clone();
    let engine = computer.engine.clone();
    // Without pondering every search starts from an empty table.
    let fresh = !std::mem::take(&mut computer.pondered);
    let book = options.book;
    let search = Job::start(state.generation, move |stop| {
        let best = match player {
            PlayerKind::Sparring(sparring) => {
                sparring_move(sparring, &board, book, seed, time_limit, &engine, stop)
            }
            PlayerKind::Computer(level) => {
                // In the opening book every level answers at once, with its own variety (a
                // weaker level picks among book moves within its tolerated loss), unless the
                // player turned the book off.
                let from_book = || {
                    let standard = board.to_standard().filter(|_| book)?;
                    Book::shipped()
                        .choose_for_level(&standard, level, seed)
                        .map(|chosen| chosen.square)
                };
                // Expert uses every core (the level says so); the others one, so that their
                // choices repeat.
                let mut limits = level.limits().with_seed(seed);
                limits.time = time_limit;
                only_move(&board).or_else(from_book).or_else(|| {
                    with_engine(&engine, fresh, |searcher| {
                        searcher.report_progress_to(report_to);
                        searcher.best_move(&board, &limits, stop).best
                    })
                })
            }
            PlayerKind::Human | PlayerKind::Online => None,
        };
        best.map_or(Move::Pass, Move::Play)
    });
    computer.thinking = Some(Thinking {
        search,
        generation: state.generation,
        started: time.elapsed(),
        answer: None,
        progress,
        hurried: false,
    });
}

fn collect_answer(
    time: Res<Time>,
    pace: Res<ComputerPace>,
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
    if !thinking.hurried && time.elapsed() < thinking.started + pace.0 {
        return;
    }
    let generation = thinking.generation;
    computer.thinking = None;
    moves.write(MoveRequested {
        mv,
        origin: MoveOrigin::Computer { generation },
    });
}

/// The sparring partner's move: from the openings it knows (the book, unless the player turned
/// it off), else its scored choice, erring like a person's. Its table starts empty every time,
/// so that its choices depend on the position and the seed alone.
fn sparring_move(
    sparring: Sparring,
    board: &VariantBoard,
    book: bool,
    seed: u64,
    time_limit: Option<Duration>,
    engine: &Engine,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<Square> {
    let from_book = || {
        let moves = super::book_scores(board).filter(|_| book)?;
        let moves = moves
            .into_iter()
            .map(|scored| (scored.square, scored.score));
        sparring
            .choose_book_move(board, moves, seed)
            .map(|chosen| chosen.square)
    };
    let mut limits = sparring.limits();
    limits.time = time_limit;
    from_book().or_else(|| {
        with_engine(engine, true, |searcher| {
            sparring
                .choose_with(searcher, board, &limits, seed, stop)
                .map(|chosen| chosen.square)
        })
    })
}

/// A forced move needs no search: the computer plays it without spending its thinking time (the
/// engine would search it anyway, to report its score).
fn only_move(board: &VariantBoard) -> Option<Square> {
    let moves = board.legal_moves();
    (moves.count() == 1).then(|| moves.first())?
}

//! Game review: the engine goes through every disc move of the record, scores all the moves of
//! its position (from the opening book where it has the position, exactly near the end), and
//! lists the mistakes (discs lost against the best move) with the better move and its line. It
//! runs in the background with a progress count and can be cancelled; choosing a mistake goes to
//! its position and shows the better line.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::eval::Evaluation;
use reversi_engine::search::AnySearcher;
use reversi_engine::search::SearchLimits;
use reversi_engine::variant::VariantBoard;
use reversi_engine::{Color, Game, Move, Square};

use super::best_line::{LineOnBoard, ShownLine, with_colors};
use super::{EngineOptions, ScoreKind};
use crate::game::{GameCommand, Match};
use crate::jobs::Job;
use crate::schedule::GameSystems;

/// Plies of the midgame searches, the empties from which a position is solved exactly (a few
/// seconds at most on this kind of machine), and a bound on one position's time.
const REVIEW_DEPTH: u32 = 10;
const REVIEW_SOLVE_EMPTIES: u32 = 18;
const REVIEW_TIME: Duration = Duration::from_secs(6);
/// Smaller differences between estimates are the search's noise, not mistakes; an exact loss of
/// a single disc is a mistake.
const ESTIMATE_THRESHOLD: i32 = 3;
/// A mistake that loses this many discs or more is a blunder.
pub const BLUNDER_LOSS: i32 = 8;

/// A move that lost discs against the best one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// Moves of the record before it: going there shows the position it was played in.
    pub index: usize,
    /// Its number as Reversi counts moves (passes not counted).
    pub number: usize,
    pub color: Color,
    pub played: Square,
    /// Scores for the mover: of the move played and of the best move.
    pub played_score: i32,
    pub best: Square,
    pub best_score: i32,
    /// Where both scores come from (estimated when either is).
    pub kind: ScoreKind,
    /// The better move and the line that follows it.
    pub line: Vec<(Square, Color)>,
}

impl Mistake {
    pub fn loss(&self) -> i32 {
        self.best_score - self.played_score
    }

    pub fn is_blunder(&self) -> bool {
        self.loss() >= BLUNDER_LOSS
    }
}

/// How one player played, by the review: every disc move scored against the best.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerReview {
    /// Disc moves reviewed.
    pub moves: u32,
    /// Discs lost against the best moves, over all of them.
    pub lost: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

impl PlayerReview {
    /// The average disc loss a move.
    pub fn average_loss(&self) -> f32 {
        self.lost as f32 / self.moves.max(1) as f32
    }

    fn count(&mut self, loss: i32, mistake: Option<&Mistake>) {
        self.moves += 1;
        self.lost += loss.max(0).unsigned_abs();
        match mistake {
            Some(mistake) if mistake.is_blunder() => self.blunders += 1,
            Some(_) => self.mistakes += 1,
            None => {}
        }
    }
}

/// What a review found: the mistakes in the order of the game, and each player's account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    pub mistakes: Vec<Mistake>,
    pub black: PlayerReview,
    pub white: PlayerReview,
}

/// The review of the game: running (with its progress), finished, or none.
#[derive(Resource, Default)]
pub struct Review {
    /// What the finished review found.
    findings: Option<Findings>,
    /// The record reviewed, so a review of an older record is not shown as this one's.
    reviewed: Option<Vec<Move>>,
    running: Option<Running>,
    /// A chosen mistake whose position is on its way to the board: its line is shown once the
    /// board is there.
    pending: Option<(usize, Vec<(Square, Color)>)>,
}

struct Running {
    work: ReviewWork,
    done: Arc<AtomicUsize>,
    total: usize,
    record: Vec<Move>,
}

/// A review waits for the engine to be free (`ai/priority.rs`), then searches to its end.
enum ReviewWork {
    Waiting {
        game: Box<Game>,
        generation: u64,
        options: EngineOptions,
    },
    Searching(Job<Findings>),
}

impl Review {
    /// A review under way ends, with nothing found.
    pub(super) fn stop(&mut self) {
        self.running = None;
    }

    /// `(positions reviewed, positions to review)` while the review runs.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.running
            .as_ref()
            .map(|running| (running.done.load(Ordering::Relaxed), running.total))
    }

    /// The review searches (it has started: see [`Review::is_waiting`]).
    pub fn is_thinking(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| matches!(running.work, ReviewWork::Searching(_)))
    }

    /// The review was asked for and waits for the computer's move or a search the player
    /// sees to end.
    pub fn is_waiting(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| matches!(running.work, ReviewWork::Waiting { .. }))
    }

    /// The finished review's mistakes, in the order of the game.
    pub fn mistakes(&self) -> Option<&[Mistake]> {
        self.findings
            .as_ref()
            .map(|findings| findings.mistakes.as_slice())
    }

    /// How each player played, Black then White, by the finished review.
    pub fn players(&self) -> Option<(PlayerReview, PlayerReview)> {
        self.findings
            .as_ref()
            .map(|findings| (findings.black, findings.white))
    }

    /// Whether the finished review is of this game's record.
    pub fn is_of(&self, state: &Match) -> bool {
        self.reviewed.as_deref() == Some(state.game.history())
    }
}

/// What the player asks of the review.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    Start,
    /// Go to the position of this mistake (by its place in the list) and show the better line.
    Show(usize),
    /// Stop a running review, or close the results.
    Close,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .add_message::<ReviewRequest>()
        .add_systems(Update, handle_requests.in_set(GameSystems::Input))
        .add_systems(
            Update,
            (start_waiting_review, collect_review, show_pending_line).in_set(GameSystems::View),
        );
}

fn handle_requests(
    mut requests: MessageReader<ReviewRequest>,
    state: Res<Match>,
    options: Res<EngineOptions>,
    mut review: ResMut<Review>,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        match request {
            ReviewRequest::Start => start(&mut review, &state, *options),
            ReviewRequest::Close => {
                review.running = None;
                review.findings = None;
                review.reviewed = None;
            }
            ReviewRequest::Show(place) => {
                let chosen = review
                    .mistakes()
                    .and_then(|mistakes| mistakes.get(*place))
                    .map(|mistake| (mistake.index, mistake.line.clone()));
                if let Some((index, line)) = chosen {
                    commands.write(GameCommand::GoTo(index));
                    review.pending = Some((index, line));
                }
            }
        }
    }
}

/// Reviews `game` in the background without showing anything, on one thread so that the next
/// game's computer keeps its cores: the study features make puzzles of a finished game's costly
/// moves this way.
pub fn review_quietly(game: Game, generation: u64) -> Job<Findings> {
    let options = EngineOptions {
        analysis_threads: 1,
        ..EngineOptions::default()
    };
    Job::start(generation, move |stop| {
        find_mistakes(&game, options, &AtomicUsize::new(0), stop)
    })
}

fn start(review: &mut Review, state: &Match, options: EngineOptions) {
    let game = state.game.clone();
    let record = game.history().to_vec();
    let done = Arc::new(AtomicUsize::new(0));
    let total = record
        .iter()
        .filter(|mv| matches!(mv, Move::Play(_)))
        .count();
    review.findings = None;
    review.reviewed = None;
    review.running = Some(Running {
        work: ReviewWork::Waiting {
            game: Box::new(game),
            generation: state.generation,
            options,
        },
        done,
        total,
        record,
    });
}

/// A review asked for starts once the computer's move and the searches the player sees leave
/// the engine to it.
fn start_waiting_review(may: super::MaySearch, mut review: ResMut<Review>) {
    let Some(running) = review.running.as_mut() else {
        return;
    };
    let ReviewWork::Waiting {
        game,
        generation,
        options,
    } = &running.work
    else {
        return;
    };
    if !may.may_start_below_view() {
        return;
    }
    let (game, options, counter) = (game.as_ref().clone(), *options, running.done.clone());
    running.work = ReviewWork::Searching(Job::start(*generation, move |stop| {
        find_mistakes(&game, options, &counter, stop)
    }));
}

fn collect_review(mut review: ResMut<Review>) {
    let Some(running) = review.running.as_mut() else {
        return;
    };
    let ReviewWork::Searching(search) = &mut running.work else {
        return;
    };
    let Some(findings) = search.poll() else {
        return;
    };
    let record = std::mem::take(&mut running.record);
    review.running = None;
    review.findings = Some(findings);
    review.reviewed = Some(record);
}

/// Once the chosen mistake's position is on the board, its better line is shown there.
fn show_pending_line(state: Res<Match>, mut review: ResMut<Review>, mut shown: ResMut<ShownLine>) {
    let Some((index, _)) = &review.pending else {
        return;
    };
    if state.game.cursor() != *index {
        return;
    }
    if let Some((_, moves)) = review.pending.take() {
        shown.0 = Some(LineOnBoard {
            generation: state.generation,
            moves,
        });
    }
}

/// Scores every disc move of the record against the best move of its position, and counts each
/// player's losses. Stops early (with what it has) when `stop` is set; the caller drops a
/// cancelled review's answer.
fn find_mistakes(
    game: &Game,
    options: EngineOptions,
    done: &AtomicUsize,
    stop: &std::sync::atomic::AtomicBool,
) -> Findings {
    let mut searcher = super::searcher(options.table_mb());
    let mut limits = SearchLimits::depth(REVIEW_DEPTH)
        .with_time(REVIEW_TIME)
        .with_hash_mb(options.table_mb())
        .with_threads(options.threads());
    limits.solve_empties = REVIEW_SOLVE_EMPTIES;
    let mut findings = Findings::default();
    for (index, (mv, &board)) in game.history().iter().zip(&game.boards()).enumerate() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (Move::Play(played), Some(number)) = (*mv, game.move_number(index)) else {
            continue;
        };
        let (scores, from_book) = match super::book_scores(&board) {
            Some(book) => (book, true),
            None => (searcher.analyze(&board, &limits, stop), false),
        };
        done.fetch_add(1, Ordering::Relaxed);
        let best = scores.first().copied();
        let played_score = scores.iter().find(|score| score.square == played).copied();
        if let (Some(best), Some(played_score)) = (best, played_score) {
            let loss = best.score - played_score.score;
            let kind = if from_book {
                ScoreKind::Book
            } else {
                ScoreKind::of_search(best.exact && played_score.exact)
            };
            let mistake = (loss >= ESTIMATE_THRESHOLD || (kind == ScoreKind::Exact && loss >= 1))
                .then(|| Mistake {
                    index,
                    number,
                    color: board.to_move(),
                    played,
                    played_score: played_score.score,
                    best: best.square,
                    best_score: best.score,
                    kind,
                    line: better_line(&mut searcher, board, best.square, &limits, stop),
                });
            let player = match board.to_move() {
                Color::Black => &mut findings.black,
                Color::White => &mut findings.white,
            };
            player.count(loss, mistake.as_ref());
            findings.mistakes.extend(mistake);
        }
    }
    findings
}

/// The better move and the line the engine expects after it.
fn better_line(
    searcher: &mut AnySearcher<Evaluation>,
    board: VariantBoard,
    best: Square,
    limits: &SearchLimits,
    stop: &std::sync::atomic::AtomicBool,
) -> Vec<(Square, Color)> {
    let mut line = vec![best];
    if let Ok(after) = board.play(best) {
        let searched = after
            .pass()
            .ok()
            .filter(|_| after.must_pass())
            .unwrap_or(after);
        line.extend(searcher.best_move(&searched, limits, stop).pv);
    }
    with_colors(board, &line)
}

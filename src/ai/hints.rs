//! Hints: a score for every legal move of the human to move, from the opening book while the
//! position is in it, else from the engine's analysis in the background (exact when the position
//! is solved). Shown on the squares while enabled.

use bevy::prelude::*;
use reversi_engine::book::Book;
use reversi_engine::search::{Level, MoveScore, available_threads};

use super::task::BackgroundSearch;
use crate::game::{Animating, Match};
use crate::schedule::GameSystems;

/// How deeply hints look: strong enough to be worth reading, quick enough to wait for.
const HINT_LEVEL: Level = Level::Advanced;
const HINT_HASH_MB: usize = 32;

#[derive(Resource, Default)]
pub struct Hints {
    pub enabled: bool,
    /// The scores for the position of `generation`, best first.
    scores: Option<(u64, Scores)>,
    running: Option<BackgroundSearch<Scores>>,
}

/// Every legal move's score, and whether they come from the opening book.
#[derive(Clone, Debug, Default)]
struct Scores {
    moves: Vec<MoveScore>,
    from_book: bool,
}

impl Hints {
    /// The scores for the current position, if they are ready.
    pub fn scores(&self, state: &Match) -> Option<&[MoveScore]> {
        self.current(state).map(|scores| scores.moves.as_slice())
    }

    /// Whether the current scores are the opening book's.
    pub fn from_book(&self, state: &Match) -> bool {
        self.current(state).is_some_and(|scores| scores.from_book)
    }

    fn current(&self, state: &Match) -> Option<&Scores> {
        match &self.scores {
            Some((generation, scores)) if *generation == state.generation => Some(scores),
            _ => None,
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hints>()
        .add_systems(Update, analyse_for_hints.in_set(GameSystems::View));
}

fn analyse_for_hints(state: Res<Match>, animating: Res<Animating>, mut hints: ResMut<Hints>) {
    let wanted = hints.enabled && state.human_to_move() && state.board().legal_moves() != 0;
    let generation = state.generation;
    if hints
        .running
        .as_ref()
        .is_some_and(|search| !wanted || search.generation() != generation)
    {
        hints.running = None;
    }
    if let Some(search) = hints.running.as_mut()
        && let Some(scores) = search.poll()
    {
        let for_generation = search.generation();
        hints.running = None;
        hints.scores = Some((for_generation, scores));
    }
    if !wanted || animating.0 || hints.running.is_some() || hints.scores(&state).is_some() {
        return;
    }
    let board = state.board();
    hints.running = Some(BackgroundSearch::start(generation, move |stop| {
        if let Some(book) = Book::shipped().lookup(&board) {
            let moves = book
                .iter()
                .map(|book_move| MoveScore {
                    square: book_move.square,
                    score: book_move.score,
                    exact: false,
                })
                .collect();
            return Scores {
                moves,
                from_book: true,
            };
        }
        let limits = HINT_LEVEL.limits().with_threads(available_threads());
        Scores {
            moves: super::searcher(HINT_HASH_MB).analyze(board.position(), &limits, stop),
            from_book: false,
        }
    }));
}

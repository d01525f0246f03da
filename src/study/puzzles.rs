//! A puzzle on the board: the player's move is the answer, checked in the background (exactly
//! near the end, by a deep search before), and the result counted on the puzzle's card; and the
//! puzzles made of the player's games, one for each position where a move lost 4 discs or more:
//! after every finished standard game with a human player (reviewed quietly, on one thread), and
//! from every review the player asks for.

use bevy::prelude::*;
use reversi_engine::search::Searcher;
use reversi_engine::study::puzzles::{CheckError, Mistake, Puzzle, from_game_mistakes};
use reversi_engine::variant::{Variant, parse_variant_board};
use reversi_engine::{Color, Game, Move};

use super::record::{StudyRecord, save, today};
use super::session::{PuzzleCheck, Session, Studying, outcome_of, session_players};
use crate::ai::{
    Findings, MaySearch, Mistake as ReviewedMistake, Review, ScoreKind, review_quietly,
};
use crate::game::{GameEnded, Match, Notice, Players};
use crate::jobs::Job;
use crate::locale::Text;
use crate::persistence::{ConfigDir, utc_now};

/// Table memory of a puzzle's check.
const CHECK_HASH_MB: usize = 64;

/// The puzzle's game: its position with the solver to move, the other side scripted so that
/// nobody answers the player's move.
pub(super) fn start_game(puzzle: &Puzzle) -> Option<(Game, Players, Color)> {
    let board = parse_variant_board(Variant::OTHELLO, &puzzle.board.to_board_string()).ok()?;
    let (players, script) = session_players(board.to_move());
    Some((Game::from_board(board, Default::default()), players, script))
}

/// Checks the player's answer when it is played, and counts the result when it comes.
pub(super) fn steer_puzzle(
    mut studying: ResMut<Studying>,
    mut record: ResMut<StudyRecord>,
    state: Res<Match>,
    may: MaySearch,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    if studying.own_load {
        return;
    }
    let Some(Session::Puzzle(session)) = studying.session.as_mut() else {
        return;
    };
    match &mut session.check {
        PuzzleCheck::Waiting => {
            if session.retrying {
                session.retrying = !state.game.moves().is_empty();
                return;
            }
            let Some(Move::Play(answer)) = state.game.moves().first().copied() else {
                return;
            };
            session.check = PuzzleCheck::Checking {
                answer,
                search: None,
            };
        }
        PuzzleCheck::Checking {
            answer,
            search: search @ None,
        } => {
            // The check starts once the engine is free of the computer and what the player sees.
            if may.may_start_below_view() {
                let (puzzle, answer) = (session.puzzle.clone(), *answer);
                *search = Some(Job::start(state.generation, move |stop| {
                    let mut searcher =
                        Searcher::learned(CHECK_HASH_MB).map_err(|_| CheckError::Stopped)?;
                    puzzle.check(answer, &mut searcher, stop)
                }));
            }
        }
        PuzzleCheck::Checking {
            answer,
            search: Some(search),
        } => {
            let Some(result) = search.poll() else {
                return;
            };
            let answer = *answer;
            match result {
                Ok(checked) => {
                    record.review(session.puzzle.key(), outcome_of(&checked), today());
                    save(&record, &dir, &mut notice);
                    session.check = PuzzleCheck::Checked { answer, checked };
                }
                Err(error) => {
                    notice.set(
                        Text::new("notice-puzzle-not-checked").with("error", error.to_string()),
                    );
                    session.check = PuzzleCheck::Waiting;
                }
            }
        }
        PuzzleCheck::Checked { .. } => {}
    }
}

/// A finished game's quiet review, whose costly moves become puzzles: the game and its
/// generation, and the review once the engine was free for it.
#[derive(Resource, Default)]
pub(super) struct AfterGameReview(Option<(Game, u64, Option<Job<Findings>>)>);

/// After every finished standard game with a human player, reviews it quietly and makes puzzles
/// of the positions where a move lost 4 discs or more.
pub(super) fn review_finished_games(
    mut ended: MessageReader<GameEnded>,
    state: Res<Match>,
    may: MaySearch,
    mut after: ResMut<AfterGameReview>,
    mut record: ResMut<StudyRecord>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    for game in ended.read() {
        let human = game.players.black.is_human() || game.players.white.is_human();
        if human && state.game.is_over() && state.game.standard_board().is_some() {
            after.0 = Some((state.game.clone(), state.generation, None));
        }
    }
    let Some((game, generation, search)) = after.0.as_mut() else {
        return;
    };
    // It waits, as a review the player asks for does, for the computer and what the player sees.
    let search = match search {
        Some(search) => search,
        None if may.may_start_below_view() => {
            search.insert(review_quietly(game.clone(), *generation))
        }
        None => return,
    };
    let Some(findings) = search.poll() else {
        return;
    };
    let game = game.clone();
    after.0 = None;
    add_puzzles(&game, &findings.mistakes, &mut record, &dir, &mut notice);
}

/// Turns a finished review of the game on the board into puzzles: every position of a standard
/// game where a move lost 4 discs or more, unless it is a puzzle already.
pub(super) fn puzzles_from_reviews(
    review: Res<Review>,
    state: Res<Match>,
    mut harvested: Local<Option<Vec<Move>>>,
    mut record: ResMut<StudyRecord>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    let Some(found) = review.mistakes() else {
        return;
    };
    // Each record's review once: the review stays on show for many frames.
    if !review.is_of(&state) || harvested.as_deref() == Some(state.game.history()) {
        return;
    }
    *harvested = Some(state.game.history().to_vec());
    add_puzzles(&state.game, found, &mut record, &dir, &mut notice);
}

/// Adds the puzzles of `game`'s reviewed mistakes that are new, and says how many.
fn add_puzzles(
    game: &Game,
    found: &[ReviewedMistake],
    record: &mut StudyRecord,
    dir: &ConfigDir,
    notice: &mut Notice,
) {
    let boards = game.boards();
    let mistakes: Vec<Mistake> = found
        .iter()
        .filter_map(|mistake| {
            Some(Mistake {
                board: boards.get(mistake.index)?.to_standard()?,
                move_number: u32::try_from(mistake.number).ok()?,
                played_score: mistake.played_score,
                best: mistake.best,
                best_score: mistake.best_score,
                exact: mistake.kind == ScoreKind::Exact,
            })
        })
        .collect();
    let new = from_game_mistakes(&utc_now(), &mistakes, &record.puzzles);
    if new.is_empty() {
        return;
    }
    let count = new.len();
    record.puzzles.extend(new);
    notice.add(Text::new("notice-puzzles-added").with("count", count));
    save(record, dir, notice);
}

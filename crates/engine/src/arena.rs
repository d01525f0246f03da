//! Matches between two players (limits and evaluation each), or a sparring partner and a player:
//! seeded, varied openings, colours alternating, every move timed. Used by `reversi-engine
//! selfplay`, `match` and `sparring`, and the level tests.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::board::Board;
use crate::color::Color;
use crate::position::Position;
use crate::square::Square;
use crate::variant::{Variant, VariantBoard, final_score};

use crate::eval::{Evaluator, HandEval};
use crate::rng::SplitMix64;
use crate::search::{
    AnySearcher, DEFAULT_HASH_MB, SearchLimits, Searcher, Sparring, SparringChoice,
    VariantSearcher, stopped_after,
};

/// Random plies played from the start before the players take over.
pub const OPENING_PLIES: usize = 6;

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// Game number, from 0.
    pub index: usize,
    /// Player A had black (moved first).
    pub a_is_black: bool,
    /// Every move from the start, openings included; `None` is a pass.
    pub moves: Vec<Option<Square>>,
    /// Final disc differential for player A, empty squares going to the winner.
    pub a_disc_diff: i32,
    /// Thinking time of each of A's and B's moves (forced passes excluded).
    pub a_times: Vec<Duration>,
    pub b_times: Vec<Duration>,
}

/// Totals of a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchSummary {
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    pub a_disc_diff: i32,
}

/// The opening of game pair `pair`: `OPENING_PLIES` random legal moves from the start.
pub fn opening(seed: u64, pair: usize) -> Vec<Square> {
    let mut rng = SplitMix64::new(seed ^ (pair as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    let mut position = Position::start();
    let mut moves = Vec::new();
    while moves.len() < OPENING_PLIES {
        let legal: Vec<Square> = Square::iter_bits(position.legal_moves()).collect();
        if legal.is_empty() {
            break;
        }
        let square = legal[rng.below(legal.len())];
        position = position.play(square).unwrap_or(position);
        moves.push(square);
    }
    moves
}

/// One side of a match: how deep or long it searches, and with which evaluation.
#[derive(Clone, Debug)]
pub struct Player<E: Evaluator> {
    pub limits: SearchLimits,
    pub eval: E,
    /// Each move is searched for exactly this long (stopped then, the last completed iteration
    /// deciding) instead of by the limits' own time planning, which may stop deepening early:
    /// equal thinking time for both sides, whatever their searches plan.
    pub think_time: Option<Duration>,
}

impl Player<HandEval> {
    /// A player with the hand-written evaluation.
    pub fn hand(limits: SearchLimits) -> Player<HandEval> {
        Player {
            limits,
            eval: HandEval,
            think_time: None,
        }
    }
}

/// Game `index` of a match between two players with the hand-written evaluation.
pub fn play_game(a: &SearchLimits, b: &SearchLimits, seed: u64, index: usize) -> MatchGame {
    play_game_between(
        &Player::hand(a.clone()),
        &Player::hand(b.clone()),
        seed,
        index,
    )
}

/// Plays game `index` of a match: pairs of games share an opening, A takes black in even
/// games and white in odd ones. Each player gets a fresh table of `limits.hash_mb`.
pub fn play_game_between<A: Evaluator + Clone, B: Evaluator + Clone>(
    a: &Player<A>,
    b: &Player<B>,
    seed: u64,
    index: usize,
) -> MatchGame {
    let mut searcher_a = Searcher::with_evaluator(a.limits.hash_mb, a.eval.clone());
    let mut searcher_b = Searcher::with_evaluator(b.limits.hash_mb, b.eval.clone());
    let limits = seeded_limits((&a.limits, &b.limits), seed, index);
    play_out(seed, index, |side, position| {
        let think_time = [a.think_time, b.think_time][side];
        let result = stopped_after(think_time, |stop| {
            if side == 0 {
                searcher_a.best_move(position, &limits[0], stop)
            } else {
                searcher_b.best_move(position, &limits[1], stop)
            }
        });
        (result.best, result.elapsed)
    })
}

/// A sparring partner as a match's player A: its setting, its evaluation, and the book moves of
/// a position (a square and its score for the side to move; none out of the book), which the
/// caller looks up (the book is not below the arena).
pub struct SparringPlayer<'a, E> {
    pub sparring: Sparring,
    pub eval: E,
    pub book: &'a dyn Fn(Position) -> Vec<(Square, i32)>,
}

/// Game `index` of a match between a sparring partner (A, playing from the book in the openings
/// it knows) and player B, as `play_game_between` plays it; `each` sees every choice of the
/// partner.
pub fn play_sparring_game<A: Evaluator + Clone, B: Evaluator + Clone>(
    a: &SparringPlayer<'_, A>,
    b: &Player<B>,
    seed: u64,
    index: usize,
    mut each: impl FnMut(&SparringChoice),
) -> MatchGame {
    let sparring = a.sparring;
    let mut searcher_a =
        AnySearcher::new(Searcher::with_evaluator(DEFAULT_HASH_MB, a.eval.clone()));
    let mut searcher_b = Searcher::with_evaluator(b.limits.hash_mb, b.eval.clone());
    let limits_b = b.limits.clone().with_seed(game_seed(seed, index) ^ 2);
    let (seed_a, limits_a) = (game_seed(seed, index) ^ 1, sparring.limits());
    play_out(seed, index, |side, position| {
        if side == 1 {
            let result = stopped_after(b.think_time, |stop| {
                searcher_b.best_move(position, &limits_b, stop)
            });
            return (result.best, result.elapsed);
        }
        let start = Instant::now();
        let board = VariantBoard::standard(&Board::from_position(position, Color::Black));
        let choice = sparring
            .choose_book_move(&board, (a.book)(position), seed_a)
            .or_else(|| {
                let stop = AtomicBool::new(false);
                sparring.choose_with(&mut searcher_a, &board, &limits_a, seed_a, &stop)
            });
        if let Some(choice) = &choice {
            each(choice);
        }
        (choice.map(|c| c.square), start.elapsed())
    })
}

/// Plays game `index` from its opening to the end, `choose` answering for A (side 0) or B
/// (side 1) with a move and its thinking time; A has black in even games.
fn play_out(
    seed: u64,
    index: usize,
    mut choose: impl FnMut(usize, Position) -> (Option<Square>, Duration),
) -> MatchGame {
    let a_is_black = index.is_multiple_of(2);
    let opening = opening(seed, index / 2);
    let mut position = Position::start();
    let mut moves: Vec<Option<Square>> = Vec::new();
    for &square in &opening {
        position = position.play(square).unwrap_or(position);
        moves.push(Some(square));
    }
    let mut times = [Vec::new(), Vec::new()];
    // Black moves on even plies.
    loop {
        let black_to_move = moves.len().is_multiple_of(2);
        let side = usize::from(black_to_move != a_is_black);
        if position.legal_moves() == 0 {
            if position.pass().legal_moves() == 0 {
                break;
            }
            position = position.pass();
            moves.push(None);
            continue;
        }
        let (best, elapsed) = choose(side, position);
        times[side].push(elapsed);
        let square = best
            .filter(|s| position.legal_moves() & s.bit() != 0)
            .unwrap_or_else(|| {
                Square::iter_bits(position.legal_moves())
                    .next()
                    .expect("a legal move")
            });
        position = position.play(square).unwrap_or(position);
        moves.push(Some(square));
    }
    // `position` is seen from the side to move after the last ply.
    let mover_diff = position.final_score();
    let black_diff = if moves.len().is_multiple_of(2) {
        mover_diff
    } else {
        -mover_diff
    };
    MatchGame::finished(index, a_is_black, black_diff, moves, times)
}

/// A's and B's limits for game `index` of a match, each with its own seed for the weaker
/// levels' choices.
fn seeded_limits(
    (a, b): (&SearchLimits, &SearchLimits),
    seed: u64,
    index: usize,
) -> [SearchLimits; 2] {
    let game_seed = game_seed(seed, index);
    [
        a.clone().with_seed(game_seed ^ 1),
        b.clone().with_seed(game_seed ^ 2),
    ]
}

/// The seed of game `index` of a match: A's choices draw with it `^ 1`, B's `^ 2`.
fn game_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_add(index as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl MatchGame {
    /// A finished game whose final disc differential for Black is `black_diff`.
    fn finished(
        index: usize,
        a_is_black: bool,
        black_diff: i32,
        moves: Vec<Option<Square>>,
        [a_times, b_times]: [Vec<Duration>; 2],
    ) -> MatchGame {
        MatchGame {
            index,
            a_is_black,
            a_disc_diff: if a_is_black { black_diff } else { -black_diff },
            moves,
            a_times,
            b_times,
        }
    }
}

impl MatchSummary {
    /// A's share of the points (a win 1, a draw 1/2), from 0 to 1.
    pub fn a_score(&self) -> f64 {
        (self.a_wins as f64 + self.draws as f64 / 2.0) / self.games.max(1) as f64
    }

    pub fn add(&mut self, game: &MatchGame) {
        self.games += 1;
        self.a_disc_diff += game.a_disc_diff;
        match game.a_disc_diff.signum() {
            1 => self.a_wins += 1,
            -1 => self.b_wins += 1,
            _ => self.draws += 1,
        }
    }
}

/// Plays `games` games between two players with the hand-written evaluation, calling `each`
/// after every one.
pub fn play_match(
    a: &SearchLimits,
    b: &SearchLimits,
    games: usize,
    seed: u64,
    each: impl FnMut(&MatchGame),
) -> MatchSummary {
    play_match_between(
        &Player::hand(a.clone()),
        &Player::hand(b.clone()),
        games,
        seed,
        each,
    )
}

/// Plays `games` games, calling `each` after every one.
pub fn play_match_between<A: Evaluator + Clone, B: Evaluator + Clone>(
    a: &Player<A>,
    b: &Player<B>,
    games: usize,
    seed: u64,
    mut each: impl FnMut(&MatchGame),
) -> MatchSummary {
    let mut summary = MatchSummary::default();
    for index in 0..games {
        let game = play_game_between(a, b, seed, index);
        summary.add(&game);
        each(&game);
    }
    summary
}

/// Game `index` of a match on `variant` between two levels' limits, searched by the variants'
/// engine: `OPENING_PLIES` seeded random moves first (on an empty-centre start, the centre
/// placements among them), then A and B in turn; A has black in even games.
pub fn play_variant_game(
    variant: Variant,
    (a, b): (&SearchLimits, &SearchLimits),
    seed: u64,
    index: usize,
) -> MatchGame {
    let a_is_black = index.is_multiple_of(2);
    let mut rng = SplitMix64::new(seed ^ ((index / 2) as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    let mut board = VariantBoard::start(variant);
    let mut moves: Vec<Option<Square>> = Vec::new();
    let mut searchers = [VariantSearcher::new(), VariantSearcher::new()];
    let limits = seeded_limits((a, b), seed, index);
    let mut times = [Vec::new(), Vec::new()];
    while !board.is_game_over() {
        let legal: Vec<Square> = board.legal_moves().squares().collect();
        if legal.is_empty() {
            board = board.pass().unwrap_or(board);
            moves.push(None);
            continue;
        }
        let square = if moves.len() < OPENING_PLIES {
            legal[rng.below(legal.len())]
        } else {
            let side = usize::from((board.to_move() == Color::Black) != a_is_black);
            let result = searchers[side].best_move(&board, &limits[side], &AtomicBool::new(false));
            times[side].push(result.elapsed);
            result
                .best
                .filter(|square| legal.contains(square))
                .unwrap_or(legal[0])
        };
        board = board.play(square).unwrap_or(board);
        moves.push(Some(square));
    }
    let black_diff = match board.to_move() {
        Color::Black => final_score(&board),
        Color::White => -final_score(&board),
    };
    MatchGame::finished(index, a_is_black, black_diff, moves, times)
}

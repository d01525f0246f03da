//! The move to play: iterative deepening paced by the time, the weaker levels' choice among
//! near-best moves, and the solves that follow when the end of the game is near.

use std::time::Duration;

use crate::square::Square;

use super::board::{Moves, SearchBoard};
use super::certainty::Certainty;
use super::clock::{Clock, Pace};
use super::context::Context;
use super::endgame::NearEnd;
use super::expected_line::principal_variation;
use super::limits::SearchLimits;
use super::near_best::choose_near_best;
use super::progress::{Progress, ProgressSlot};
use super::root::{Mode, RootMove, RootOutcome, self_root_moves};
use super::score::round_to_discs;
use crate::eval::{DISC, Evaluator};

/// The outcome of `best_move`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move (it must pass).
    pub best: Option<Square>,
    /// Disc differential for the side to move: exact when `exact`, else an estimate (for a
    /// win/loss/draw solve, at least +1 for a win, at most -1 for a loss, 0 for a draw).
    pub score: i32,
    /// The game was solved to the end and `score` is the exact final differential.
    pub exact: bool,
    /// Solved to the end probably (not `exact`): `score` and `best` are very likely the exact
    /// ones, with this certainty.
    pub probable: Option<Certainty>,
    /// Plies searched (for an exact solve, the number of empty squares).
    pub depth: u32,
    /// The expected line, starting with `best`.
    pub pv: Vec<Square>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// A per-position seed so that a level's choices differ between positions but repeat exactly.
fn position_seed<B: SearchBoard>(seed: u64, position: &B) -> u64 {
    let [first, second] = position.key();
    seed ^ first.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ second.rotate_left(17).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

/// What `search_best` sets out to do in a position with moves, decided before it searches.
struct Plan {
    /// Solve to the end exactly after the midgame search.
    solving: bool,
    /// Solve only whether the game is won, lost or drawn.
    wld: bool,
    /// Solve probably, at rising certainty, before any other solve.
    probable: bool,
    /// How far below the best a weaker level's move may score (evaluation units); 0 plays the
    /// best.
    margin: i32,
    /// The deepest midgame iteration.
    depth_cap: u32,
}

impl Plan {
    fn new(empties: u32, limits: &SearchLimits, probcut: bool) -> Plan {
        let solving = empties <= limits.solve_empties;
        let wld = !solving && empties <= limits.wld_empties;
        // Probable solves are for positions beyond the exact solves: before one they cost more
        // than they save (FFO #40-#49: 1.80 G nodes with the four passes first, 1.19 G without).
        // Before a win/loss/draw solve they order its moves, so that of the winning moves it
        // keeps the one that probably wins by most.
        let probable = !solving && probcut && empties <= limits.probable_empties;
        let endgame = solving || wld || probable;
        let margin = if endgame {
            0
        } else {
            limits.max_loss as i32 * DISC
        };
        // Before a solve, a short midgame search orders the root and fills the table: up to 10
        // plies and 12 empties from the end full width, 12 plies and 10 empties with ProbCut,
        // which makes them cheap (FFO #40-#49, learned evaluation: 1.56 G -> 1.51 G nodes).
        let (most, spared) = if probcut { (12, 10) } else { (10, 12) };
        let depth_cap = if endgame {
            limits
                .depth
                .min(empties.saturating_sub(spared))
                .clamp(1, most)
        } else {
            limits.depth.max(1)
        };
        Plan {
            solving,
            wld,
            probable,
            margin,
            depth_cap,
        }
    }

    /// A solve of some kind follows the midgame search.
    fn endgame(&self) -> bool {
        self.solving || self.wld || self.probable
    }
}

/// One thread's search for the move to play (see `Searcher::best_move`): what its steps share.
struct BestSearch<'s, 'c, B, E> {
    ctx: &'s mut Context<'c, B, E>,
    position: B,
    limits: &'s SearchLimits,
    clock: &'s Clock,
    /// Where completed iterations and solves are reported, if anyone watches.
    progress: Option<&'s ProgressSlot>,
}

/// One thread's answer for `Searcher::best_move`: iterative deepening, the move it chooses, and
/// the solves that follow when the end of the game is near.
pub(super) fn search_best<B: NearEnd, E: Evaluator<B>>(
    ctx: &mut Context<'_, B, E>,
    position: B,
    limits: &SearchLimits,
    clock: &Clock,
    progress: Option<&ProgressSlot>,
) -> SearchResult {
    let mut search = BestSearch {
        ctx,
        position,
        limits,
        clock,
        progress,
    };
    // A forced move or pass is searched like any other position: its score is asked for.
    let moves = self_root_moves(position);
    if moves.is_empty() {
        return search.pass();
    }
    let plan = Plan::new(position.empty_count(), limits, search.ctx.probcut.is_some());
    let (moves, depth) = search.deepen(moves, &plan);
    let choice = search.choose(&moves, plan.margin);
    if search.ctx.aborted || !plan.endgame() {
        return search.midgame_result(choice, depth);
    }
    search.solve_endgame(moves, &plan, choice, depth)
}

impl<B: NearEnd, E: Evaluator<B>> BestSearch<'_, '_, B, E> {
    /// Tells the watcher, if any, of a completed iteration or solve whose best move is `best`;
    /// `solved`: how surely it reached the end of the game, if it did.
    fn report(&self, best: Square, score: i32, solved: Option<Certainty>, depth: u32) {
        if let Some(slot) = self.progress {
            slot.report(Progress {
                depth,
                score,
                exact: solved == Some(Certainty::EXACT),
                probable: solved.filter(|&certainty| certainty != Certainty::EXACT),
                nodes: self.ctx.nodes,
                pv: principal_variation(self.ctx.table, self.position, best, depth),
            });
        }
    }

    /// The answer; `best_move` fills in its line. `solved` as for `report`.
    fn finish(
        &self,
        best: Option<Square>,
        score: i32,
        solved: Option<Certainty>,
        depth: u32,
    ) -> SearchResult {
        SearchResult {
            best,
            score,
            exact: solved == Some(Certainty::EXACT),
            probable: solved.filter(|&certainty| certainty != Certainty::EXACT),
            depth,
            pv: Vec::new(),
            nodes: self.ctx.nodes,
            elapsed: self.clock.start.elapsed(),
        }
    }

    /// The side to move has no move: the game is over, or the pass scores as the opponent's
    /// best reply.
    fn pass(&mut self) -> SearchResult {
        let passed = self.position.pass();
        if passed.legal_moves().is_empty() {
            return self.finish(None, self.position.final_score(), Some(Certainty::EXACT), 0);
        }
        // The opponent's best reply scores the pass, not a weaker level's random choice.
        let best_reply = SearchLimits {
            max_loss: 0,
            ..self.limits.clone()
        };
        let reply = search_best(self.ctx, passed, &best_reply, self.clock, None);
        let solved = if reply.exact {
            Some(Certainty::EXACT)
        } else {
            reply.probable
        };
        self.finish(None, -reply.score, solved, reply.depth)
    }

    /// Iterative deepening of `moves` up to `plan.depth_cap` plies while the time planned lasts
    /// (see `Pace`; the helpers of a parallel search go on until the calling thread stops): the
    /// moves as the last completed iteration ordered them, and its depth (0 when not one was
    /// completed).
    fn deepen(&mut self, mut moves: Vec<RootMove<B>>, plan: &Plan) -> (Vec<RootMove<B>>, u32) {
        let empties = self.position.empty_count();
        let mut completed = None;
        let mut previous_score = 0;
        let first = 1 + self.ctx.depth_offset();
        let mut pace = self
            .limits
            .time
            .filter(|_| self.ctx.helper == 0)
            .map(|time| Pace::new(self.clock.start, time));
        for depth in first..=plan.depth_cap {
            if depth > first && pace.as_ref().is_some_and(|pace| !pace.next_fits()) {
                break;
            }
            let before = moves.clone();
            let outcome = self.iterate(&mut moves, &before, depth, previous_score, plan.margin);
            if self.ctx.aborted {
                // A later move that beat the first at this depth is a real improvement.
                if outcome.first_done && moves[0].square != before[0].square && plan.margin == 0 {
                    completed = Some((put_first(before, moves[0]), depth));
                }
                break;
            }
            previous_score = outcome.score;
            if let Some(pace) = &mut pace {
                pace.completed(moves[0].square, outcome.score);
            }
            completed = Some((moves.clone(), depth));
            self.report(moves[0].square, round_to_discs(moves[0].score), None, depth);
            if depth >= empties {
                break;
            }
        }
        // Stopped before one ply was searched: still answer with a legal move.
        completed.unwrap_or((moves, 0))
    }

    /// One iteration of `depth` plies over `moves`, which were ordered as `before`. Playing the
    /// best (`margin` 0), it looks first within an aspiration window around the previous
    /// iteration's score; a weaker level needs every move within its margin scored, so it
    /// searches the full window.
    fn iterate(
        &mut self,
        moves: &mut [RootMove<B>],
        before: &[RootMove<B>],
        depth: u32,
        previous_score: i32,
        margin: i32,
    ) -> RootOutcome {
        let mode = Mode::Midgame(depth);
        let (full_alpha, full_beta) = (-B::MID_INFINITY, B::MID_INFINITY);
        if margin != 0 || depth < 3 {
            return self
                .ctx
                .search_root(mode, moves, full_alpha, full_beta, margin);
        }
        let delta = 4 * DISC;
        let (alpha, beta) = (previous_score - delta, previous_score + delta);
        let outcome = self.ctx.search_root(mode, moves, alpha, beta, 0);
        if self.ctx.aborted || (alpha < outcome.score && outcome.score < beta) {
            return outcome;
        }
        // Outside the window the score is only a bound: search again with the full window.
        moves.copy_from_slice(before);
        self.ctx.search_root(mode, moves, full_alpha, full_beta, 0)
    }

    /// The move to play from the midgame search's `moves` (best first): the best, or for a
    /// weaker level one drawn among those within `margin` of it.
    fn choose(&self, moves: &[RootMove<B>], margin: i32) -> RootMove<B> {
        let best = moves[0];
        if margin <= 0 {
            return best;
        }
        // A move whose search failed low has only a bound, unless it ties the best.
        let seed = position_seed(self.limits.seed, &self.position);
        *choose_near_best(moves, margin, seed, |m| {
            (m.exact || m.score >= best.score).then_some(m.score)
        })
        .unwrap_or(&best)
    }

    /// The answer of the midgame search alone: `choice`, searched `depth` plies.
    fn midgame_result(&self, choice: RootMove<B>, depth: u32) -> SearchResult {
        self.finish(
            Some(choice.square),
            round_to_discs(choice.score),
            None,
            depth,
        )
    }

    /// The solves after the midgame search chose `choice` at `depth` and ordered `moves`:
    /// probable solves when planned, then the exact or win/loss/draw solve. Stopped part-way,
    /// the last probable solve finished answers, else the midgame search.
    fn solve_endgame(
        &mut self,
        mut moves: Vec<RootMove<B>>,
        plan: &Plan,
        choice: RootMove<B>,
        depth: u32,
    ) -> SearchResult {
        let empties = self.position.empty_count();
        let probably = if plan.probable {
            self.solve_probably(&mut moves)
        } else {
            None
        };
        let fallback = |search: &Self| match probably {
            Some((best, score, certainty)) => {
                search.finish(Some(best), score, Some(certainty), empties)
            }
            None => search.midgame_result(choice, depth),
        };
        if self.ctx.aborted || !(plan.solving || plan.wld) {
            return fallback(self);
        }

        let (alpha, beta) = if plan.solving {
            (-B::SOLVE_INFINITY, B::SOLVE_INFINITY)
        } else {
            (-1, 1)
        };
        let outcome = self
            .ctx
            .search_root(Mode::Solve, &mut moves, alpha, beta, 0);
        if self.ctx.aborted {
            return fallback(self);
        }
        let best = moves[outcome.best];
        if plan.solving {
            let exact = Some(Certainty::EXACT);
            self.report(best.square, outcome.score, exact, empties);
            return self.finish(Some(best.square), outcome.score, exact, empties);
        }
        // Win/loss/draw: the sign is solved; the size is the probable solve's when it chose the
        // same move (it was searched first), else the midgame estimate's.
        let estimate = match probably {
            Some((square, score, _)) if square == best.square => score,
            _ => round_to_discs(choice.score),
        };
        let score = match outcome.score.signum() {
            1 => estimate.max(1),
            -1 => estimate.min(-1),
            _ => 0,
        };
        self.finish(Some(best.square), score, None, empties)
    }

    /// Probable solves of the root `moves` at rising certainty (see `Certainty`) while the time
    /// lasts, each reported; the last one finished as (its move, its score, its certainty). The
    /// moves end ordered by it.
    fn solve_probably(&mut self, moves: &mut [RootMove<B>]) -> Option<(Square, i32, Certainty)> {
        let empties = self.position.empty_count();
        let mut probably = None;
        for certainty in Certainty::PROBABLE {
            self.ctx.certainty = certainty;
            let outcome =
                self.ctx
                    .search_root(Mode::Solve, moves, -B::SOLVE_INFINITY, B::SOLVE_INFINITY, 0);
            if self.ctx.aborted {
                break;
            }
            let best = moves[outcome.best].square;
            self.report(best, outcome.score, Some(certainty), empties);
            probably = Some((best, outcome.score, certainty));
            if self.clock.past_soft() {
                break;
            }
        }
        self.ctx.certainty = Certainty::EXACT;
        probably
    }
}

/// `moves` with `better`, one of them, first and scored as `better`; the others keep their order.
fn put_first<B: SearchBoard>(mut moves: Vec<RootMove<B>>, better: RootMove<B>) -> Vec<RootMove<B>> {
    if let Some(at) = moves.iter().position(|m| m.square == better.square) {
        moves[..=at].rotate_right(1);
        moves[0].score = better.score;
    }
    moves
}

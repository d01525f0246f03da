//! One searcher for a position of any variant. It is the same search on every board: standard
//! 8x8 Othello's positions are searched on the 64-bit `Position` with the evaluation given, the
//! other square Othello boards up to 8x8 on the one-word board and every other position on the
//! 256-bit board, both with the general evaluation.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::eval::Evaluator;
use crate::eval::general::GeneralEval;
use crate::square::Square;
use crate::variant::{SmallBoard, Variant, VariantBoard};

use super::analysis::MoveScore;
use super::best_move::SearchResult;
use super::endgame::NearEnd;
use super::limits::{DEFAULT_HASH_MB, SearchLimits};
use super::progress::ProgressSlot;
use super::searcher::Searcher;

/// The 8x8 searcher it is given, and the variants' searcher.
pub struct AnySearcher<E: Evaluator> {
    fast: Searcher<E>,
    variants: VariantSearcher,
}

impl<E: Evaluator> AnySearcher<E> {
    /// Searches standard 8x8 positions with `fast`, the variants with tables of its size.
    pub fn new(fast: Searcher<E>) -> AnySearcher<E> {
        let hash_mb = fast.hash_mb();
        AnySearcher {
            fast,
            variants: VariantSearcher::with_hash_mb(hash_mb),
        }
    }

    /// Every search reports each finished iteration of `best_move` and `analyze` to `slot`.
    pub fn report_progress_to(&mut self, slot: Arc<ProgressSlot>) {
        self.fast.report_progress_to(slot.clone());
        self.variants.report_progress_to(slot);
    }

    /// The move to play on `board` under `limits` (see [`Searcher::best_move`]).
    pub fn best_move(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> SearchResult {
        match board.to_standard() {
            Some(standard) => self.fast.best_move(standard.position(), limits, stop),
            None => self.variants.best_move(board, limits, stop),
        }
    }

    /// The expected line starting with `first` after the last search of `board` (see
    /// [`Searcher::expected_line`]).
    pub fn expected_line(&self, board: &VariantBoard, first: Square, depth: u32) -> Vec<Square> {
        match board.to_standard() {
            Some(standard) => self.fast.expected_line(standard.position(), first, depth),
            None => self.variants.expected_line(board, first, depth),
        }
    }

    /// Every legal move of `board` with its score, best first (see [`Searcher::analyze`]).
    pub fn analyze(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Vec<MoveScore> {
        match board.to_standard() {
            Some(standard) => self.fast.analyze(standard.position(), limits, stop),
            None => self.variants.analyze(board, limits, stop),
        }
    }
}

/// The search of a variant on one board, made for the variant it last searched: its table
/// holds that variant's positions only, and the evaluation knows that variant's landmarks.
struct OnBoard<B> {
    variant: Variant,
    searcher: Searcher<GeneralEval, B>,
}

/// Searches positions of every variant other than standard 8x8 Othello; reuse it across the
/// moves of a game. Its tables are made the first time a board needs one.
pub struct VariantSearcher {
    hash_mb: usize,
    small: Option<OnBoard<SmallBoard>>,
    general: Option<OnBoard<VariantBoard>>,
    progress: Option<Arc<ProgressSlot>>,
    /// Nodes of the last search.
    nodes: u64,
}

impl Default for VariantSearcher {
    fn default() -> VariantSearcher {
        VariantSearcher::new()
    }
}

impl VariantSearcher {
    /// A searcher with tables of the default size.
    pub fn new() -> VariantSearcher {
        VariantSearcher::with_hash_mb(DEFAULT_HASH_MB)
    }

    /// A searcher with tables of `hash_mb` MiB.
    pub fn with_hash_mb(hash_mb: usize) -> VariantSearcher {
        VariantSearcher {
            hash_mb,
            small: None,
            general: None,
            progress: None,
            nodes: 0,
        }
    }

    /// `best_move` and `analyze` report each finished iteration to `slot`.
    pub fn report_progress_to(&mut self, slot: Arc<ProgressSlot>) {
        if let Some(small) = &mut self.small {
            small.searcher.report_progress_to(slot.clone());
        }
        if let Some(general) = &mut self.general {
            general.searcher.report_progress_to(slot.clone());
        }
        self.progress = Some(slot);
    }

    /// The move to play on `board` under `limits` (see [`Searcher::best_move`]).
    pub fn best_move(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> SearchResult {
        let result = match SmallBoard::of(board) {
            Some(small) => self.small(board.variant()).best_move(small, limits, stop),
            None => self
                .general(board.variant())
                .best_move(*board, limits, stop),
        };
        self.nodes = result.nodes;
        result
    }

    /// Every legal move of `board` with its score, best first (see [`Searcher::analyze`]).
    pub fn analyze(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Vec<MoveScore> {
        match SmallBoard::of(board) {
            Some(small) => self.small(board.variant()).analyze(small, limits, stop),
            None => self.general(board.variant()).analyze(*board, limits, stop),
        }
    }

    /// The expected line starting with `first` after the last search of `board` (see
    /// [`Searcher::expected_line`]); `first` alone when no search of its variant was made.
    pub fn expected_line(&self, board: &VariantBoard, first: Square, depth: u32) -> Vec<Square> {
        let variant = board.variant();
        let line = match SmallBoard::of(board) {
            Some(small) => self
                .small
                .as_ref()
                .filter(|made| made.variant == variant)
                .map(|made| made.searcher.expected_line(small, first, depth)),
            None => self
                .general
                .as_ref()
                .filter(|made| made.variant == variant)
                .map(|made| made.searcher.expected_line(*board, first, depth)),
        };
        line.unwrap_or_else(|| vec![first])
    }

    /// The exact final disc difference for the side to move, with best play; no time limit.
    pub fn solve(&mut self, board: &VariantBoard) -> i32 {
        let limits = SearchLimits {
            solve_empties: board.empties().count(),
            ..SearchLimits::exact()
        };
        self.best_move(board, &limits, &AtomicBool::new(false))
            .score
    }

    /// Nodes visited by the last `best_move` or `solve`.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn small(&mut self, variant: Variant) -> &mut Searcher<GeneralEval, SmallBoard> {
        let (hash_mb, progress) = (self.hash_mb, &self.progress);
        &mut on_board(&mut self.small, variant, hash_mb, progress).searcher
    }

    fn general(&mut self, variant: Variant) -> &mut Searcher<GeneralEval, VariantBoard> {
        let (hash_mb, progress) = (self.hash_mb, &self.progress);
        &mut on_board(&mut self.general, variant, hash_mb, progress).searcher
    }
}

/// The search on board `B` of `slot`, made anew when `variant` is not the one it was made for.
fn on_board<'a, B: NearEnd>(
    slot: &'a mut Option<OnBoard<B>>,
    variant: Variant,
    hash_mb: usize,
    progress: &Option<Arc<ProgressSlot>>,
) -> &'a mut OnBoard<B>
where
    GeneralEval: Evaluator<B>,
{
    if slot.as_ref().is_none_or(|made| made.variant != variant) {
        let mut searcher = Searcher::with_evaluator(hash_mb, GeneralEval::of(variant));
        if let Some(progress) = progress {
            searcher.report_progress_to(progress.clone());
        }
        *slot = Some(OnBoard { variant, searcher });
    }
    slot.as_mut().expect("made above")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_position_goes_to_the_board_of_its_rules() {
        let mut searcher = AnySearcher::new(Searcher::new(1));
        let stop = AtomicBool::new(false);
        let limits = SearchLimits::depth(3);
        let standard = VariantBoard::start(Variant::OTHELLO);
        let result = searcher.best_move(&standard, &limits, &stop);
        assert!(standard.is_legal(result.best.unwrap()));
        assert!(
            searcher.variants.small.is_none() && searcher.variants.general.is_none(),
            "no variants' table for 8x8 Othello"
        );
        let grand = VariantBoard::start(Variant::othello(10));
        let result = searcher.best_move(&grand, &limits, &stop);
        assert!(grand.is_legal(result.best.unwrap()));
        assert_eq!(searcher.analyze(&grand, &limits, &stop).len(), 4);
        assert!(searcher.variants.general.is_some());
        let small = VariantBoard::start(Variant::othello(6));
        let result = searcher.best_move(&small, &limits, &stop);
        assert!(small.is_legal(result.best.unwrap()));
        assert!(searcher.variants.small.is_some());
    }

    /// An analysis on a variant's board shows each move's expected line, not the move alone.
    #[test]
    fn the_expected_line_of_a_variant_follows_its_table() {
        let mut searcher = AnySearcher::new(Searcher::new(1));
        let stop = AtomicBool::new(false);
        for variant in [
            Variant::othello(6),
            Variant::othello(10),
            Variant::reverse(8),
        ] {
            let board = VariantBoard::start(variant);
            let scores = searcher.analyze(&board, &SearchLimits::depth(6), &stop);
            let best = scores[0].square;
            let line = searcher.expected_line(&board, best, 6);
            assert!(line.len() >= 4, "{variant}: {line:?}");
            let mut position = board;
            for &square in &line {
                if position.must_pass() {
                    position = position.passed();
                }
                position = position
                    .play(square)
                    .expect("every move of the line is legal");
            }
        }
    }
}

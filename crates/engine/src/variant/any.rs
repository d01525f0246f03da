//! One searcher for a position of any variant: standard 8x8 Othello's go to the fast 64-bit
//! engine, every other position to the variants' engine.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::eval::Evaluator;
use crate::search::{MoveScore, ProgressSlot, SearchLimits, SearchResult, Searcher};

use super::board::VariantBoard;
use super::search::VariantSearcher;

/// The fast engine it is given, and the variants' engine made the first time a variant needs it
/// (its table is large).
pub struct AnySearcher<E: Evaluator> {
    fast: Searcher<E>,
    general: Option<VariantSearcher>,
    /// Where both engines report their progress, kept for the variants' engine made later.
    progress: Option<Arc<ProgressSlot>>,
}

impl<E: Evaluator> AnySearcher<E> {
    pub fn new(fast: Searcher<E>) -> AnySearcher<E> {
        AnySearcher {
            fast,
            general: None,
            progress: None,
        }
    }

    /// Both engines report each finished iteration of `best_move` and `analyze` to `slot`.
    pub fn report_progress_to(&mut self, slot: Arc<ProgressSlot>) {
        self.fast.report_progress_to(slot.clone());
        if let Some(general) = &mut self.general {
            general.report_progress_to(slot.clone());
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
        match board.to_standard() {
            Some(standard) => self.fast.best_move(standard.position(), limits, stop),
            None => self.general().best_move(board, limits, Some(stop)),
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
            None => self.general().analyze(board, limits, Some(stop)),
        }
    }

    fn general(&mut self) -> &mut VariantSearcher {
        let progress = &self.progress;
        self.general.get_or_insert_with(|| {
            let mut general = VariantSearcher::new();
            if let Some(slot) = progress {
                general.report_progress_to(slot.clone());
            }
            general
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn each_position_goes_to_the_engine_of_its_rules() {
        let mut searcher = AnySearcher::new(Searcher::new(1));
        let stop = AtomicBool::new(false);
        let limits = SearchLimits::depth(3);
        let standard = VariantBoard::start(Variant::OTHELLO);
        let result = searcher.best_move(&standard, &limits, &stop);
        assert!(standard.is_legal(result.best.unwrap()));
        assert!(
            searcher.general.is_none(),
            "no variants' table for 8x8 Othello"
        );
        let grand = VariantBoard::start(Variant::othello(10));
        let result = searcher.best_move(&grand, &limits, &stop);
        assert!(grand.is_legal(result.best.unwrap()));
        assert_eq!(searcher.analyze(&grand, &limits, &stop).len(), 4);
    }
}

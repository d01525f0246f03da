//! How sure a solve's score is. An exact solve searches every move to the end of the game; a
//! probable one also cuts the null-window nodes whose shallow search predicts the exact score to
//! lie outside the window (endgame ProbCut, with the fits of `ProbCut::endgame`), at a
//! confidence of `t` standard deviations of the fitted error. Strong engines approach an exact
//! solve this way: a probable solve costs a fraction of the exact one and its answer is usually
//! the same, so when time is short the last one finished is the move to play.

/// From least sure to exact; ordered, so that a table entry at least as sure as a search may
/// answer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Certainty(u8);

/// The cuts' confidence of each probable certainty, in standard deviations.
const CONFIDENCE_T: [f32; 4] = [1.1, 1.5, 2.0, 2.6];

impl Certainty {
    /// The probable certainties, least sure (cheapest) first.
    pub const PROBABLE: [Certainty; 4] = [Certainty(0), Certainty(1), Certainty(2), Certainty(3)];
    /// No cut: the score is the game's exact result.
    pub const EXACT: Certainty = Certainty(4);

    /// The cuts' confidence in standard deviations; `None` for an exact solve.
    pub fn t(self) -> Option<f32> {
        CONFIDENCE_T.get(usize::from(self.0)).copied()
    }

    /// The chance, in percent, that one cut's prediction is right on either side (the way
    /// Othello programs show a probable solve: "+4 @ 95 %").
    pub fn percent(self) -> u32 {
        [73, 87, 95, 99, 100][usize::from(self.0)]
    }

    /// Three bits for the transposition table.
    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    pub(crate) fn from_bits(bits: u8) -> Certainty {
        Certainty(bits.min(Certainty::EXACT.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certainty_rises_to_exact() {
        let mut all = Certainty::PROBABLE.to_vec();
        all.push(Certainty::EXACT);
        assert!(all.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(
            all.windows(2)
                .all(|pair| pair[0].percent() < pair[1].percent())
        );
        assert_eq!(Certainty::EXACT.t(), None);
        assert!(Certainty::PROBABLE.iter().all(|c| c.t().is_some()));
        for certainty in all {
            assert_eq!(Certainty::from_bits(certainty.bits()), certainty);
        }
    }
}

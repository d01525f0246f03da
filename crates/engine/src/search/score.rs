//! Score units and bounds shared by the midgame search and the solver: the midgame scores in
//! evaluation units (`DISC` per disc), the solver in discs, and the conversions between them.

use crate::position::Position;

use crate::eval::DISC;

/// Score of a finished game (nobody can move) for `player`: empties go to the winner.
#[inline(always)]
pub(crate) fn final_score(player: u64, opponent: u64) -> i32 {
    Position::new(player, opponent).final_score()
}

/// A midgame score in whole discs, rounded half away from zero.
pub(crate) fn round_to_discs(score: i32) -> i32 {
    if score >= 0 {
        (score + DISC / 2) / DISC
    } else {
        -((-score + DISC / 2) / DISC)
    }
}

/// The disc window that covers the midgame window `(alpha, beta)`: a solve inside it decides
/// every comparison the midgame search makes.
pub(crate) fn disc_window(alpha: i32, beta: i32) -> (i32, i32) {
    (alpha.div_euclid(DISC), -(-beta).div_euclid(DISC))
}

/// A node's best move so far and its score, as a fail-soft search keeps them while it searches
/// the node's moves.
#[derive(Clone, Copy)]
pub(crate) struct Best {
    pub(crate) score: i32,
    pub(crate) square: Option<u8>,
}

impl Best {
    /// Before any move: below every score within `infinity`.
    #[inline(always)]
    pub(crate) fn none(infinity: i32) -> Best {
        Best {
            score: -infinity,
            square: None,
        }
    }

    /// Takes in the move to `square`, which scored `score`; true when the best reaches `beta`,
    /// which ends the node.
    #[inline(always)]
    pub(crate) fn offer(&mut self, score: i32, square: u8, beta: i32) -> bool {
        if score > self.score {
            self.score = score;
            self.square = Some(square);
        }
        self.score >= beta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn midgame_scores_round_to_the_nearest_disc() {
        assert_eq!(round_to_discs(149), 1);
        assert_eq!(round_to_discs(150), 2);
        assert_eq!(round_to_discs(-150), -2);
        assert_eq!(round_to_discs(-49), 0);
    }

    #[test]
    fn the_disc_window_covers_the_midgame_window() {
        assert_eq!(disc_window(-150, 150), (-2, 2));
        assert_eq!(disc_window(-200, 300), (-2, 3));
        assert_eq!(disc_window(-65 * DISC, 65 * DISC), (-65, 65));
    }
}

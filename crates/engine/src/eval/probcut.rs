//! Multi-ProbCut statistics (Buro): a deep search's score is predicted from a shallow one as
//! `deep ≈ a·shallow + b` with an error of standard deviation `sigma`, one fit per range of
//! empty squares and per depth. A node whose shallow search lands far enough outside the window
//! (`t` standard deviations) is cut without its deep search.
//!
//! The endgame has fits of its own: the exact final score (times `DISC`) predicted from a
//! shallow search, one per count of empties. With them a probable solve cuts the solver's
//! null-window nodes the same way (see `Certainty`).
//!
//! The statistics are fitted by `reversi-trainer probcut` with the shipped evaluation and
//! shipped in `weights/probcut.txt`: one line per fit, `empties_min empties_max depth shallow a
//! b sigma` (`b` and `sigma` in evaluation units), the depth below the fewest empties, or `end`
//! for the endgame's fits.

use std::sync::OnceLock;

use thiserror::Error;

/// Deepest midgame search a fit may describe.
pub const MAX_DEPTH: u32 = 30;

/// The first line of a statistics file (the format's version).
pub const HEADER: &str = "probcut 2";

/// One fit: the depth of the shallow search and how its score predicts the deep one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    pub shallow: u32,
    pub a: f32,
    pub b: f32,
    pub sigma: f32,
}

impl Cut {
    /// The shallow score at or above which the deep score is at least `beta` with confidence
    /// `t` (standard deviations).
    #[inline]
    pub fn high(&self, beta: i32, t: f32) -> i32 {
        ((beta as f32 + t * self.sigma - self.b) / self.a).ceil() as i32
    }

    /// The shallow score at or below which the deep score is at most `alpha` with confidence
    /// `t`.
    #[inline]
    pub fn low(&self, alpha: i32, t: f32) -> i32 {
        ((alpha as f32 - t * self.sigma - self.b) / self.a).floor() as i32
    }
}

/// Every fit, looked up by empties and depth.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbCut {
    /// `[empties][depth]`: a midgame search of `depth < empties`.
    midgame: Vec<[Option<Cut>; MAX_DEPTH as usize + 1]>,
    /// `[empties]`: the exact score.
    endgame: Vec<Option<Cut>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProbCutError {
    #[error("not a ProbCut statistics file (expected '{HEADER}' first)")]
    Header,
    #[error(
        "line {0}: expected 'empties_min empties_max depth shallow a b sigma' in range (depth: \
         a number or 'end')"
    )]
    Line(usize),
}

static SHIPPED: OnceLock<Result<ProbCut, ProbCutError>> = OnceLock::new();

impl ProbCut {
    /// The statistics shipped in the engine, or why they were refused (a test makes sure they
    /// are read; a search without them is full-width).
    pub fn shipped() -> Result<&'static ProbCut, &'static ProbCutError> {
        SHIPPED
            .get_or_init(|| ProbCut::parse(include_str!("../../weights/probcut.txt")))
            .as_ref()
    }

    /// Reads a statistics file, refusing one whose lines are not valid fits.
    pub fn parse(text: &str) -> Result<ProbCut, ProbCutError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(n, line)| (n + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
        if lines.next().map(|(_, line)| line) != Some(HEADER) {
            return Err(ProbCutError::Header);
        }
        let mut probcut = ProbCut {
            midgame: vec![[None; MAX_DEPTH as usize + 1]; 61],
            endgame: vec![None; 61],
        };
        for (number, line) in lines {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let bad = || ProbCutError::Line(number);
            if fields.len() != 7 {
                return Err(bad());
            }
            let int = |i: usize| fields[i].parse::<u32>().map_err(|_| bad());
            let float = |i: usize| {
                fields[i]
                    .parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(bad)
            };
            let (low, high, shallow) = (int(0)?, int(1)?, int(3)?);
            // An endgame fit predicts a search to the end of the game.
            let end = fields[2] == "end";
            let depth = if end { low } else { int(2)? };
            let cut = Cut {
                shallow,
                a: float(4)?,
                b: float(5)?,
                sigma: float(6)?,
            };
            let valid = (1..=high).contains(&low)
                && high <= 60
                && shallow < depth
                && (end || (depth < low && depth <= MAX_DEPTH))
                && cut.a > 0.0
                && cut.sigma > 0.0;
            if !valid {
                return Err(bad());
            }
            let range = low as usize..=high as usize;
            if end {
                probcut.endgame[range].fill(Some(cut));
            } else {
                for slot in &mut probcut.midgame[range] {
                    slot[depth as usize] = Some(cut);
                }
            }
        }
        for (empties, row) in probcut.midgame.iter_mut().enumerate() {
            extend_deeper(row, empties as u32);
        }
        Ok(probcut)
    }

    /// The fit for a midgame search `depth` plies deep with `empties` empty squares.
    #[inline]
    pub fn midgame(&self, empties: u32, depth: u32) -> Option<&Cut> {
        self.midgame
            .get(empties as usize)
            .and_then(|row| row.get(depth as usize))
            .and_then(Option::as_ref)
    }

    /// The fit predicting the exact score of a position with `empties` empty squares.
    #[inline]
    pub fn endgame(&self, empties: u32) -> Option<&Cut> {
        self.endgame.get(empties as usize).and_then(Option::as_ref)
    }
}

/// Gives the depths beyond the deepest fit of a row of `empties` the fit two plies shallower,
/// with a shallow search two plies deeper: the gap between the two searches stays the fitted one,
/// and its error is taken to stay the same (deeper searches disagree less, if anything). Without
/// it the nodes deeper than the fits (Expert's first 6 plies of 16) were searched full width.
fn extend_deeper(row: &mut [Option<Cut>], empties: u32) {
    for depth in 2..row.len() {
        if row[depth].is_some() || depth as u32 >= empties {
            continue;
        }
        if let Some(cut) = row[depth - 2] {
            row[depth] = Some(Cut {
                shallow: cut.shallow + 2,
                ..cut
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_statistics_are_read() {
        let probcut = ProbCut::shipped().expect("shipped probcut.txt");
        assert!(probcut.midgame(40, 6).is_some());
        // Searches reaching the end of the game are exact: no midgame fit, an endgame one.
        assert!(probcut.midgame(12, 12).is_none());
        assert!(probcut.endgame(20).is_some());
    }

    #[test]
    fn depths_beyond_the_fits_keep_the_gap_of_the_deepest_fit_of_their_parity() {
        let probcut = ProbCut::parse("probcut 2\n20 24 8 4 1.0 0.0 300\n").unwrap();
        let deeper = probcut.midgame(20, 12).unwrap();
        assert_eq!((deeper.shallow, deeper.sigma), (8, 300.0));
        assert!(probcut.midgame(20, 11).is_none());
        // A search as deep as the empties is a solve.
        assert!(probcut.midgame(20, 20).is_none());
        assert_eq!(probcut.midgame(24, 22).map(|cut| cut.shallow), Some(18));
    }

    #[test]
    fn a_cut_needs_the_shallow_score_beyond_the_window_by_t_sigma() {
        let cut = Cut {
            shallow: 2,
            a: 1.0,
            b: 0.0,
            sigma: 100.0,
        };
        assert_eq!(cut.high(0, 1.5), 150);
        assert_eq!(cut.low(0, 1.5), -150);
    }

    #[test]
    fn malformed_files_are_refused() {
        assert_eq!(ProbCut::parse("nothing"), Err(ProbCutError::Header));
        let bad = [
            "probcut 2\n10 14 3 1 1.0 0.0\n",
            "probcut 2\n10 14 3 3 1.0 0.0 100\n",
            "probcut 2\n10 14 3 1 -1.0 0.0 100\n",
            "probcut 2\n10 14 3 1 1.0 0.0 NaN\n",
            "probcut 2\n10 70 3 1 1.0 0.0 100\n",
            "probcut 2\n10 14 12 4 1.0 0.0 100\n",
            "probcut 2\n10 14 late 4 1.0 0.0 100\n",
            "probcut 2\n10 14 end 10 1.0 0.0 100\n",
        ];
        for text in bad {
            assert_eq!(ProbCut::parse(text), Err(ProbCutError::Line(2)), "{text}");
        }
        let good =
            ProbCut::parse("# comment\nprobcut 2\n10 14 3 1 1.0 0.0 100\n16 16 end 4 1 0 300\n")
                .unwrap();
        assert!(good.midgame(12, 3).is_some());
        assert!(good.midgame(15, 3).is_none());
        assert_eq!(good.endgame(16).map(|cut| cut.shallow), Some(4));
        assert!(good.endgame(15).is_none());
    }
}

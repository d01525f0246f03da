//! How good the weights are: the mean absolute error, in discs, on the held-out games, by number
//! of empty squares, for a trivial guess (0), the hand-written evaluation and the learned one.

use std::fmt;

use reversi_engine::eval::{DISC, Evaluator, HandEval, PatternEval};

use crate::dataset::Sample;

/// Empty squares per row of the report.
const BUCKET: u32 = 4;

/// One row: positions with `empties` (inclusive range) empty squares.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub empties: (u32, u32),
    pub positions: usize,
    /// The share of the labels that are exact solves (the rest are game results).
    pub exact_share: f64,
    pub zero: f64,
    pub hand: f64,
    pub learned: f64,
}

/// The rows, from the end of the game to the opening, and the totals.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub rows: Vec<Row>,
    pub total: Row,
}

pub fn measure(samples: &[Sample], learned: &PatternEval) -> Report {
    let buckets = 60 / BUCKET as usize;
    let mut sums = vec![[0.0f64; 5]; buckets];
    let mut total = [0.0f64; 5];
    for sample in samples {
        let bucket = ((sample.position.empty_count().clamp(1, 60) - 1) / BUCKET) as usize;
        let label = f64::from(sample.label);
        let error = |score: i32| (f64::from(score) / f64::from(DISC) - label).abs();
        let values = [
            1.0,
            f64::from(u8::from(sample.exact)),
            label.abs(),
            error(HandEval.evaluate(&sample.position)),
            error(learned.evaluate(&sample.position)),
        ];
        for (sum, value) in sums[bucket].iter_mut().zip(values) {
            *sum += value;
        }
        for (sum, value) in total.iter_mut().zip(values) {
            *sum += value;
        }
    }
    let row = |empties, sums: &[f64; 5]| {
        let n = sums[0].max(1.0);
        Row {
            empties,
            positions: sums[0] as usize,
            exact_share: sums[1] / n,
            zero: sums[2] / n,
            hand: sums[3] / n,
            learned: sums[4] / n,
        }
    };
    Report {
        rows: sums
            .iter()
            .enumerate()
            .filter(|(_, sums)| sums[0] > 0.0)
            .map(|(b, sums)| row((b as u32 * BUCKET + 1, (b as u32 + 1) * BUCKET), sums))
            .collect(),
        total: row((1, 60), &total),
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "held-out mean absolute error, discs\nempties  positions  exact   zero   hand  learned"
        )?;
        for row in self.rows.iter().chain([&self.total]) {
            writeln!(
                f,
                "{:>2}-{:<2}   {:>9}  {:>4.0}%  {:>5.2}  {:>5.2}  {:>7.2}",
                row.empties.0,
                row.empties.1,
                row.positions,
                row.exact_share * 100.0,
                row.zero,
                row.hand,
                row.learned
            )?;
        }
        Ok(())
    }
}

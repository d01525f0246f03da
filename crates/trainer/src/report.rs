//! How good the weights are: the mean absolute error, in discs, against exact scores of held-out
//! positions, for a trivial guess (0), the hand-written evaluation (its score read as discs) and
//! the learned one. The rows are the held-out games' solved endgame positions by number of empty
//! squares, then the positions solved for the report at `TEST_EMPTIES`, then all of them.

use std::fmt;

use reversi_engine::eval::{DISC, Evaluator, HandEval, PatternEval};

use crate::dataset::Sample;

/// Empty squares per row of the endgame rows.
const BUCKET: u32 = 4;

/// One row: the errors over some exactly labelled positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub empties: String,
    pub positions: usize,
    pub zero: f64,
    pub hand: f64,
    pub learned: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub rows: Vec<Row>,
}

/// The report on `held_out` (its exactly labelled positions) and `solved` (the test positions).
pub fn measure(held_out: &[Sample], solved: &[Sample], learned: &PatternEval) -> Report {
    let endgame: Vec<&Sample> = held_out.iter().filter(|s| s.exact).collect();
    let mut rows = Vec::new();
    let last = endgame
        .iter()
        .map(|s| s.position.empty_count())
        .max()
        .unwrap_or(0);
    for low in (1..=last).step_by(BUCKET as usize) {
        let high = low + BUCKET - 1;
        let bucket: Vec<&Sample> = endgame
            .iter()
            .copied()
            .filter(|s| (low..=high).contains(&s.position.empty_count()))
            .collect();
        rows.push(row(format!("{low}-{high}"), &bucket, learned));
    }
    for (count, at) in by_empties(solved) {
        rows.push(row(count.to_string(), &at, learned));
    }
    let all: Vec<&Sample> = endgame.iter().copied().chain(solved).collect();
    rows.push(row("all".to_string(), &all, learned));
    rows.retain(|row| row.positions > 0);
    Report { rows }
}

/// The positions grouped by their empty squares, fewest first.
fn by_empties(samples: &[Sample]) -> Vec<(u32, Vec<&Sample>)> {
    let mut empties: Vec<u32> = samples.iter().map(|s| s.position.empty_count()).collect();
    empties.sort_unstable();
    empties.dedup();
    empties
        .into_iter()
        .map(|count| {
            let at = samples
                .iter()
                .filter(|s| s.position.empty_count() == count)
                .collect();
            (count, at)
        })
        .collect()
}

/// The mean distance of `learned` from the labels of `samples`, in discs (0 without any).
pub fn mean_error(samples: &[Sample], learned: &PatternEval) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| error_in_discs(learned.evaluate(&s.position), s))
        .sum();
    total / samples.len().max(1) as f64
}

/// How far `score` (in evaluation units) is from `sample`'s label, in discs.
fn error_in_discs(score: i32, sample: &Sample) -> f64 {
    (f64::from(score) / f64::from(DISC) - f64::from(sample.label)).abs()
}

fn row(empties: String, samples: &[&Sample], learned: &PatternEval) -> Row {
    let n = samples.len().max(1) as f64;
    let mean = |error: &dyn Fn(&Sample) -> f64| samples.iter().map(|s| error(s)).sum::<f64>() / n;
    Row {
        empties,
        positions: samples.len(),
        zero: mean(&|s| f64::from(s.label).abs()),
        hand: mean(&|s| error_in_discs(HandEval.evaluate(&s.position), s)),
        learned: mean(&|s| error_in_discs(learned.evaluate(&s.position), s)),
    }
}

/// The error of several weights files on the same solved positions, a row per number of empty
/// squares (zero, hand-written, then each weights file), and the paired difference of the last
/// file's absolute error minus the first's with its standard error: what tells two fits apart.
pub fn compare(solved: &[Sample], learned: &[(String, PatternEval)]) -> String {
    let mut out = String::from("mean absolute error against exact scores, discs\n");
    for (i, (name, _)) in learned.iter().enumerate() {
        out.push_str(&format!("w{}: {name}\n", i + 1));
    }
    out.push_str("empties  positions   zero   hand");
    for i in 1..=learned.len() {
        out.push_str(&format!("  {:>6}", format!("w{i}")));
    }
    if learned.len() > 1 {
        out.push_str(&format!("  w{}-w1 (s.e.)", learned.len()));
    }
    out.push('\n');
    for (count, at) in by_empties(solved) {
        let n = at.len() as f64;
        let errors = |eval: &dyn Fn(&Sample) -> i32| -> Vec<f64> {
            at.iter().map(|s| error_in_discs(eval(s), s)).collect()
        };
        let mean = |values: &[f64]| values.iter().sum::<f64>() / n;
        let zero = errors(&|_| 0);
        let hand = errors(&|s| HandEval.evaluate(&s.position));
        out.push_str(&format!(
            "{count:<7}  {:>9}  {:>5.2}  {:>5.2}",
            at.len(),
            mean(&zero),
            mean(&hand)
        ));
        let each: Vec<Vec<f64>> = learned
            .iter()
            .map(|(_, eval)| errors(&|s| eval.evaluate(&s.position)))
            .collect();
        for values in &each {
            out.push_str(&format!("  {:>6.2}", mean(values)));
        }
        if let [first, .., last] = each.as_slice() {
            let differences: Vec<f64> = last.iter().zip(first).map(|(b, a)| b - a).collect();
            let average = mean(&differences);
            let variance = differences
                .iter()
                .map(|d| (d - average).powi(2))
                .sum::<f64>()
                / (n - 1.0).max(1.0);
            out.push_str(&format!("  {average:+.2} ({:.2})", (variance / n).sqrt()));
        }
        out.push('\n');
    }
    out
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "held-out mean absolute error against exact scores, discs\nempties  positions   zero   hand  learned"
        )?;
        for row in &self.rows {
            writeln!(
                f,
                "{:<7}  {:>9}  {:>5.2}  {:>5.2}  {:>7.2}",
                row.empties, row.positions, row.zero, row.hand, row.learned
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Position;
    use reversi_engine::eval::pattern::layout;
    use reversi_engine::eval::weights::Weights;

    #[test]
    fn rows_average_the_errors_of_their_positions() {
        let zero_eval = PatternEval::new(Weights::zeros(1, layout().table_sizes()));
        let at = |empties: u32, label: i8| {
            // The side to move owns the first 64 - empties squares.
            let player = u64::MAX >> empties;
            Sample {
                position: Position::new(player, 0),
                label,
                exact: true,
            }
        };
        let held_out = [at(2, 4), at(3, -6), at(6, 10)];
        let solved = [at(20, 8), at(20, -2), at(24, 3)];
        let report = measure(&held_out, &solved, &zero_eval);
        let names: Vec<&str> = report.rows.iter().map(|r| r.empties.as_str()).collect();
        assert_eq!(names, ["1-4", "5-8", "20", "24", "all"]);
        let zero: Vec<f64> = report.rows.iter().map(|r| r.zero).collect();
        assert_eq!(zero, [5.0, 10.0, 5.0, 3.0, 33.0 / 6.0]);
        // The all-zero weights guess 0 everywhere.
        assert!(report.rows.iter().all(|r| r.learned == r.zero));

        let table = compare(
            &solved,
            &[
                ("zeros".to_string(), zero_eval.clone()),
                ("zeros again".to_string(), zero_eval),
            ],
        );
        let rows: Vec<Vec<String>> = table
            .lines()
            .skip(4)
            .map(|line| line.split_whitespace().map(str::to_string).collect())
            .collect();
        let expected = |empties: &str, count: &str, zero: &str, samples: &[Sample]| {
            [empties, count, zero]
                .map(str::to_string)
                .into_iter()
                .chain([format!("{:.2}", hand_error(samples))])
                .chain([zero, zero, "+0.00", "(0.00)"].map(str::to_string))
                .collect::<Vec<String>>()
        };
        assert_eq!(
            rows,
            [
                expected("20", "2", "5.00", &solved[..2]),
                expected("24", "1", "3.00", &solved[2..]),
            ]
        );
    }

    fn hand_error(samples: &[Sample]) -> f64 {
        samples
            .iter()
            .map(|s| {
                (f64::from(HandEval.evaluate(&s.position)) / f64::from(DISC) - f64::from(s.label))
                    .abs()
            })
            .sum::<f64>()
            / samples.len() as f64
    }
}

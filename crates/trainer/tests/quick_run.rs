//! The quick mode of the pipeline end to end, so it cannot rot: the command makes a weights
//! file the engine loads, the learned evaluation beats guessing 0 on held-out games, and running
//! the command again resumes instead of starting over.

use std::process::Command;

use reversi_engine::eval::PatternEval;

#[test]
fn a_quick_run_makes_weights_that_load_and_beat_a_trivial_guess()
-> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("weights.bin");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
            .args(["--quick", "--seed", "5", "--dir"])
            .arg(dir.path().join("run"))
            .arg("--out")
            .arg(&out)
            .output()
    };
    let first = run()?;
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let bytes = std::fs::read(&out)?;
    assert!(PatternEval::from_bytes(&bytes).is_ok());

    let report = std::fs::read_to_string(dir.path().join("run/report.txt"))?;
    let total = report.lines().last().ok_or("empty report")?;
    let columns: Vec<f64> = total
        .split_whitespace()
        .skip(2)
        .map(|c| c.parse())
        .collect::<Result<_, _>>()?;
    let (zero, learned) = (columns[0], columns[2]);
    assert!(learned < zero, "learned {learned} vs zero {zero}\n{report}");

    // Everything is done: a second run only rewrites the same weights.
    let second = run()?;
    assert!(second.status.success());
    assert_eq!(std::fs::read(&out)?, bytes);
    assert_eq!(second.stdout, first.stdout);
    Ok(())
}

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

#[test]
fn a_second_generation_plays_its_games_with_the_first_ones_weights()
-> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let run_dir = dir.path().join("run");
    let out = dir.path().join("weights.bin");
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
        .args(["--quick", "--seed", "5", "--generations", "2", "--dir"])
        .arg(&run_dir)
        .arg("--out")
        .arg(&out)
        .output()?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let first = std::fs::read(run_dir.join("gen-1/weights.bin"))?;
    let last = std::fs::read(&out)?;
    assert!(PatternEval::from_bytes(&first).is_ok());
    assert!(PatternEval::from_bytes(&last).is_ok());
    // Same seed, same openings, other players: other games, other weights.
    let games = |generation: &str| std::fs::read(run_dir.join(generation).join("games.bin"));
    assert_ne!(games("gen-1")?, games("gen-2")?);
    assert_ne!(first, last);
    Ok(())
}

//! The XOT list end to end: the shipped openings still score within the window when searched
//! again as the trainer searched them, and the quick mode of `reversi-trainer xot` writes a list
//! the engine reads.

use std::process::Command;

use reversi_engine::openings::xot::{self, DEPTH, WINDOW};
use reversi_trainer::xot::{score, searcher};

#[test]
fn a_sample_of_the_shipped_openings_scores_within_the_window_at_the_list_depth()
-> Result<(), Box<dyn std::error::Error>> {
    let openings = xot::openings();
    assert!(!openings.is_empty());
    let mut searcher = searcher()?;
    // Six openings spread over the list, the first and the last among them.
    let last = openings.len() - 1;
    for index in [0, last / 5, 2 * last / 5, 3 * last / 5, 4 * last / 5, last] {
        let opening = &openings[index];
        let found = score(&mut searcher, opening.position(), DEPTH);
        assert!(
            found.abs() <= WINDOW,
            "{} scores {found} at depth {DEPTH}",
            opening.transcript()
        );
    }
    Ok(())
}

#[test]
fn a_quick_xot_run_writes_a_list_the_engine_reads() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("xot.txt");
    let run = Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
        .args(["xot", "--quick", "--window", "2", "--out"])
        .arg(&out)
        .output()?;
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report = String::from_utf8_lossy(&run.stdout);
    assert!(report.contains("390216 sequences"), "{report}");
    let text = std::fs::read_to_string(&out)?;
    assert!(text.starts_with("# XOT openings"), "{text}");
    assert!(
        text.contains("--depth 4 --window 2 --sample 200`"),
        "{text}"
    );
    let openings = xot::parse(&text)?;
    // Of 200 positions searched 4 plies deep some, not all, are within 2 discs of even.
    assert!((1..200).contains(&openings.len()), "{}", openings.len());
    for opening in &openings {
        assert!(opening.transcript().starts_with("f5"));
    }
    Ok(())
}

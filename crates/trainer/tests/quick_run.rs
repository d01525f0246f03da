//! The quick mode of the pipeline end to end, so it cannot rot: the command makes a weights
//! file the engine loads, the learned evaluation beats guessing 0 on held-out games, and running
//! the command again resumes instead of starting over.

use std::process::Command;

use reversi_engine::eval::PatternEval;
use reversi_engine::eval::pattern::layout;
use reversi_engine::eval::weights::Weights;

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

/// Runs the quick pipeline with `extra` arguments into `dir/name`, returning the weights and the
/// report.
fn quick(
    dir: &std::path::Path,
    name: &str,
    extra: &[&std::ffi::OsStr],
) -> Result<(Vec<u8>, String), Box<dyn std::error::Error>> {
    let out = dir.join(format!("{name}.bin"));
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
        .args(["--quick", "--seed", "7", "--dir"])
        .arg(dir.join(name))
        .arg("--out")
        .arg(&out)
        .args(extra)
        .output()?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into());
    }
    let report = std::fs::read_to_string(dir.join(name).join("report.txt"))?;
    Ok((std::fs::read(&out)?, report))
}

#[test]
fn a_run_continues_from_the_weights_it_is_given() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let (first, _) = quick(dir.path(), "first", &[])?;
    let start = dir.path().join("first.bin");
    let from = |name: &str, epochs: &str| {
        quick(
            dir.path(),
            name,
            &[
                "--start-from".as_ref(),
                start.as_os_str(),
                "--epochs".as_ref(),
                epochs.as_ref(),
            ],
        )
    };

    // No epoch at all: the weights are the ones given, not zeros, and the report measures them.
    let (unchanged, report) = from("unchanged", "0")?;
    assert_eq!(unchanged, first);
    let (zeros, zero_report) = quick(dir.path(), "zeros", &["--epochs".as_ref(), "0".as_ref()])?;
    assert_ne!(zeros, first);
    let learned = |report: &str| -> Result<f64, Box<dyn std::error::Error>> {
        let total = report.lines().last().ok_or("empty report")?;
        let columns: Vec<f64> = total
            .split_whitespace()
            .skip(2)
            .map(|c| c.parse())
            .collect::<Result<_, _>>()?;
        Ok(columns[2] - columns[0])
    };
    // From zeros the learned column is the zero guess; from the given weights it is better.
    assert_eq!(learned(&zero_report)?, 0.0);
    assert!(learned(&report)? < 0.0, "{report}");

    // With epochs, the fit goes on from the given weights: not the weights a fit from zeros
    // makes on the same games.
    let (continued, _) = from("continued", "4")?;
    let (again, _) = quick(dir.path(), "again", &[])?;
    assert_eq!(again, first);
    assert_ne!(continued, first);

    // A resumed run must continue from the same weights.
    let other = dir.path().join("other.bin");
    std::fs::write(&other, &continued)?;
    let refused = quick(
        dir.path(),
        "continued",
        &[
            "--start-from".as_ref(),
            other.as_os_str(),
            "--epochs".as_ref(),
            "4".as_ref(),
        ],
    );
    assert!(refused.is_err());
    Ok(())
}

#[test]
fn a_run_plays_its_games_with_the_players_it_is_given() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    quick(dir.path(), "hand", &[])?;
    let players = dir.path().join("hand.bin");
    quick(
        dir.path(),
        "learned",
        &["--players".as_ref(), players.as_os_str()],
    )?;
    let games = |name: &str| std::fs::read(dir.path().join(name).join("games.bin"));
    assert_ne!(games("hand")?, games("learned")?);
    Ok(())
}

#[test]
fn a_window_fits_each_phase_on_its_neighbours_too() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let (alone, _) = quick(dir.path(), "alone", &[])?;
    let (window, _) = quick(dir.path(), "window", &["--window".as_ref(), "4".as_ref()])?;
    assert_ne!(alone, window);

    // Continued from given weights, the positions before each phase are labelled and fitted too:
    // the weights differ from a continued fit without the window, and from a window on zeros.
    let start = dir.path().join("alone.bin");
    let continued = |name: &str, window: &str| {
        quick(
            dir.path(),
            name,
            &[
                "--start-from".as_ref(),
                start.as_os_str(),
                "--window".as_ref(),
                window.as_ref(),
            ],
        )
    };
    let (without, _) = continued("continued", "0")?;
    let (with, _) = continued("continued-window", "4")?;
    assert_ne!(with, without);
    assert_ne!(with, window);
    Ok(())
}

#[test]
fn a_run_fits_the_games_of_earlier_runs_with_its_own() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let (alone, _) = quick(dir.path(), "alone", &[])?;
    let earlier = dir.path().join("alone").join("games.bin");
    let with_earlier = |name: &str| {
        quick(
            dir.path(),
            name,
            &["--games-from".as_ref(), earlier.as_os_str()],
        )
    };
    // The same games twice over weigh differently in the fit: other weights.
    let (twice, _) = with_earlier("twice")?;
    assert_ne!(twice, alone);
    // The run's own games are those of the run without earlier ones.
    let games = |name: &str| std::fs::read(dir.path().join(name).join("games.bin"));
    assert_eq!(games("twice")?, games("alone")?);

    // The same games packed (a quarter of the bytes), in three files of 20 games, fit to the
    // very same weights.
    let packed = dir.path().join("packed.bin");
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
        .args(["pack", "--games-per-file", "20", "--games"])
        .arg(&earlier)
        .arg("--out")
        .arg(&packed)
        .output()?;
    assert!(output.status.success(), "{output:?}");
    let parts = ["packed-1.bin", "packed-2.bin", "packed-3.bin"].map(|name| dir.path().join(name));
    let packed_bytes: u64 = parts
        .iter()
        .map(|part| std::fs::metadata(part).map(|m| m.len()))
        .sum::<std::io::Result<u64>>()?;
    assert!(packed_bytes * 3 < std::fs::metadata(&earlier)?.len());
    let from_parts: Vec<&std::ffi::OsStr> = parts
        .iter()
        .flat_map(|part| ["--games-from".as_ref(), part.as_os_str()])
        .collect();
    let (from_packed, _) = quick(dir.path(), "packed", &from_parts)?;
    assert_eq!(from_packed, twice);

    // A missing file is refused with its name, before anything is played.
    let missing = dir.path().join("nowhere.bin");
    let refused = quick(
        dir.path(),
        "missing",
        &["--games-from".as_ref(), missing.as_os_str()],
    );
    let error = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(error.contains("nowhere.bin"), "{error}");
    assert!(!dir.path().join("missing").join("games.bin").exists());

    // A resumed run must fit the same earlier games: the file changed (its first game only) is
    // refused.
    let bytes = std::fs::read(&earlier)?;
    let first_game = 1 + usize::from(bytes[0]) * 18;
    std::fs::write(&earlier, &bytes[..first_game])?;
    let changed = with_earlier("twice").err().map(|e| e.to_string());
    assert!(
        changed
            .as_deref()
            .is_some_and(|e| e.contains("other settings")),
        "{changed:?}"
    );
    Ok(())
}

#[test]
fn a_run_stopped_after_some_phases_goes_on_from_its_checkpoints_alone()
-> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let settings = ["--window", "2", "--hidden-epochs", "2"].map(std::ffi::OsStr::new);
    let stopping: Vec<_> = settings
        .iter()
        .copied()
        .chain(["--stop-after".as_ref(), "6".as_ref()])
        .collect();
    let (whole, _) = quick(dir.path(), "whole", &settings)?;
    let (stopped, _) = quick(dir.path(), "stopped", &stopping)?;
    assert_ne!(stopped, whole);
    assert!(has_hidden_part(&stopped));

    // Another machine gets the run's directory without the phases' labels (too large to
    // carry): the neighbours the next phase needs are searched again, to the same labels.
    let moved = dir.path().join("moved");
    std::fs::create_dir(&moved)?;
    for entry in std::fs::read_dir(dir.path().join("stopped"))? {
        let entry = entry?;
        if !entry.file_name().to_string_lossy().starts_with("labels-") {
            std::fs::copy(entry.path(), moved.join(entry.file_name()))?;
        }
    }
    assert_eq!(quick(dir.path(), "moved", &settings)?.0, whole);

    // Or it gets only the weights the stopped run wrote, and restores the checkpoints from them.
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
        .args([
            "restore",
            "--phases-done",
            "6",
            "--seed",
            "7",
            "--hidden-epochs",
            "2",
        ])
        .arg("--weights")
        .arg(dir.path().join("stopped.bin"))
        .arg("--dir")
        .arg(dir.path().join("restored"))
        .output()?;
    assert!(output.status.success(), "{output:?}");
    assert_eq!(quick(dir.path(), "restored", &settings)?.0, whole);
    assert_eq!(quick(dir.path(), "stopped", &settings)?.0, whole);
    Ok(())
}

/// Whether a weights file reads as this engine's, with a hidden part.
fn has_hidden_part(bytes: &[u8]) -> bool {
    Weights::from_bytes(bytes, layout().table_sizes()).is_ok_and(|w| w.hidden.is_some())
}

#[test]
fn a_hidden_part_is_fitted_with_a_run_or_after_it() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let (tables, _) = quick(dir.path(), "tables", &[])?;
    let with_run = &["--hidden-epochs".as_ref(), "2".as_ref()];
    let (hidden, _) = quick(dir.path(), "hidden", with_run)?;
    assert!(!has_hidden_part(&tables));
    assert!(has_hidden_part(&hidden));
    assert!(PatternEval::from_bytes(&hidden).is_ok());
    // Resumed from its checkpoints, the run writes the same weights.
    assert_eq!(quick(dir.path(), "hidden", with_run)?.0, hidden);

    // After a run: on the labels it kept, over the weights it made.
    let after_with = |run: &str, out: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
            .args(["hidden", "--epochs", "2", "--dir"])
            .arg(dir.path().join(run))
            .arg("--weights")
            .arg(dir.path().join("tables.bin"))
            .arg("--out")
            .arg(dir.path().join(out))
            .args(extra)
            .output()
    };
    let after = |run: &str, out: &str| after_with(run, out, &[]);
    let output = after("tables", "after.bin")?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let fitted = std::fs::read(dir.path().join("after.bin"))?;
    assert!(has_hidden_part(&fitted));
    assert!(PatternEval::from_bytes(&fitted).is_ok());
    assert!(after("tables", "again.bin")?.status.success());
    assert_eq!(std::fs::read(dir.path().join("again.bin"))?, fitted);

    // Entries read by fewer positions than --hidden-min-reads keep vectors of zeros, which
    // the file holds in a few bytes: every entry read at least once gets a vector with 1, none
    // with more reads than the run has positions.
    let mut sizes = [0; 3];
    for (size, reads) in sizes.iter_mut().zip(["1", "16", "100000000"]) {
        let out = format!("min-reads-{reads}.bin");
        let output = after_with("tables", &out, &["--hidden-min-reads", reads])?;
        assert!(output.status.success(), "{output:?}");
        *size = std::fs::read(dir.path().join(out))?.len();
    }
    let [every, default, none] = sizes;
    assert_eq!(default, fitted.len());
    assert!(
        every > default && default > none,
        "{every} {default} {none}"
    );

    // A directory without a run's labels is refused with a message naming what is missing.
    std::fs::create_dir(dir.path().join("empty"))?;
    let refused = after("empty", "never.bin")?;
    assert!(!refused.status.success());
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("labels-") && message.contains("missing"),
        "{message}"
    );
    assert!(!dir.path().join("never.bin").exists());
    Ok(())
}

#[test]
fn deeper_labels_take_probcut_statistics_and_a_bad_file_is_refused()
-> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let statistics = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/weights/probcut.txt");
    let selective = [
        "--deep-label-depth".as_ref(),
        "6".as_ref(),
        "--deep-label-probcut".as_ref(),
        std::ffi::OsStr::new(statistics),
    ];
    quick(dir.path(), "selective", &selective)?;
    let settings = std::fs::read_to_string(dir.path().join("selective").join("settings.txt"))?;
    assert!(
        settings.contains("deeper labels selective with:"),
        "{settings}"
    );
    assert!(settings.contains("probcut.txt (checksum"), "{settings}");

    let not_statistics = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    // What a run refused to start says (nothing when it ran).
    let refusal = |name: &str, extra: &[&std::ffi::OsStr]| {
        quick(dir.path(), name, extra)
            .err()
            .map(|error| error.to_string())
            .unwrap_or_default()
    };
    let message = refusal(
        "refused",
        &[
            "--deep-label-depth".as_ref(),
            "6".as_ref(),
            "--deep-label-probcut".as_ref(),
            std::ffi::OsStr::new(not_statistics),
        ],
    );
    assert!(
        message.contains("Cargo.toml is not a ProbCut statistics file"),
        "{message}"
    );
    assert!(!dir.path().join("refused").exists());

    let message = refusal(
        "without-depth",
        &[
            "--deep-label-probcut".as_ref(),
            std::ffi::OsStr::new(statistics),
        ],
    );
    assert!(message.contains("needs --deep-label-depth"), "{message}");
    Ok(())
}

#[test]
fn a_refit_widens_one_phase_on_branched_positions_and_keeps_the_others()
-> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let with_hidden = &["--hidden-epochs".as_ref(), "2".as_ref()];
    let (given_bytes, _) = quick(dir.path(), "given", with_hidden)?;
    let given_path = dir.path().join("given.bin");
    let games = dir.path().join("given").join("games.bin");
    let out = dir.path().join("refitted.bin");
    let refit = |width: &str, phase: &str| {
        Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
            .args(["refit", "--phase", phase, "--branch-seeds", "3,4"])
            .args([
                "--label-depth",
                "1",
                "--epochs",
                "2",
                "--hidden-epochs",
                "2",
            ])
            .args(["--hidden-average-from", "1", "--hidden-width", width])
            .arg("--weights")
            .arg(&given_path)
            .arg("--games-from")
            .arg(&games)
            .arg("--dir")
            .arg(dir.path().join("refit"))
            .arg("--out")
            .arg(&out)
            .output()
    };
    let first = refit("56", "9")?;
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let report = String::from_utf8_lossy(&first.stdout).to_string();
    assert!(report.contains("branched"), "{report}");
    // "phase 9: N positions (B branched), ..."
    let branched: usize = report
        .split('(')
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .ok_or("no count of branched positions")?
        .parse()?;
    assert!(branched > 0, "{report}");

    let bytes = std::fs::read(&out)?;
    assert!(PatternEval::from_bytes(&bytes).is_ok());
    let tables = layout().table_sizes();
    let (given, refitted) = (
        Weights::from_bytes(&given_bytes, tables)?,
        Weights::from_bytes(&bytes, tables)?,
    );
    let (Some(given_parts), Some(refitted_parts)) = (&given.hidden, &refitted.hidden) else {
        return Err("a hidden part is missing".into());
    };
    let per_phase = layout().per_phase();
    for phase in 0..given.phases {
        let entries = phase * per_phase..(phase + 1) * per_phase;
        let same_tables = given.values[entries.clone()] == refitted.values[entries];
        let same_part = given_parts[phase] == refitted_parts[phase];
        assert_eq!(same_tables && same_part, phase != 9, "phase {phase}");
    }
    assert_eq!(refitted_parts[9].width, 56);

    // Everything is kept: the same command again writes the same weights.
    let again = refit("56", "9")?;
    assert!(again.status.success());
    assert_eq!(std::fs::read(&out)?, bytes);
    assert_eq!(again.stdout, first.stdout);

    // A width the engine cannot read, or a phase the weights do not have, is refused.
    for (width, phase, expected) in [("20", "9", "--hidden-width 20"), ("56", "15", "phase 15")] {
        let refused = refit(width, phase)?;
        let error = String::from_utf8_lossy(&refused.stderr);
        assert!(
            !refused.status.success() && error.contains(expected),
            "{error}"
        );
    }

    // Games of its own, played by the given weights, instead of given ones: their seed is
    // asked for, since the given weights' run may have played the very same games.
    let new_games = |seed: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
            .args([
                "refit",
                "--phase",
                "9",
                "--new-games",
                "20",
                "--label-depth",
                "1",
            ])
            .args(["--epochs", "1", "--hidden-epochs", "1"])
            .args(seed)
            .arg("--weights")
            .arg(&given_path)
            .arg("--dir")
            .arg(dir.path().join("new-games"))
            .arg("--out")
            .arg(dir.path().join("new-games.bin"))
            .output()
    };
    let unseeded = new_games(&[])?;
    let error = String::from_utf8_lossy(&unseeded.stderr);
    assert!(error.contains("--new-games-seed"), "{error}");
    let played = new_games(&["--new-games-seed", "9"])?;
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let report = String::from_utf8_lossy(&played.stdout);
    assert!(report.contains("positions (0 branched)"), "{report}");
    let games = std::fs::read(dir.path().join("new-games").join("games.bin"))?;
    assert!(!games.is_empty());
    Ok(())
}

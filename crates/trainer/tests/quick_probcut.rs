//! The quick mode of the ProbCut fit end to end, so it cannot rot: the command writes a
//! statistics file the engine reads, with midgame fits for every range of empties and endgame
//! fits, and running it again resumes instead of searching again.

use std::process::Command;

use reversi_engine::eval::probcut::ProbCut;

#[test]
fn a_quick_probcut_fit_writes_statistics_the_engine_reads() -> Result<(), Box<dyn std::error::Error>>
{
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("probcut.txt");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
            .args(["probcut", "--quick", "--seed", "3", "--dir"])
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
    let text = std::fs::read_to_string(&out)?;
    let probcut = ProbCut::parse(&text)?;
    let cut = probcut.midgame(40, 4).ok_or("no midgame fit")?;
    assert!(cut.shallow < 4 && cut.sigma > 0.0, "{cut:?}");
    assert!(probcut.midgame(58, 3).is_some(), "{text}");
    // The endgame's fits, from exact solves: the quick mode fits 14 and 15 empties.
    let end = probcut.endgame(15).ok_or("no endgame fit")?;
    assert!(end.shallow < 15 && end.sigma > 0.0, "{end:?}");
    assert!(probcut.endgame(16).is_none(), "{text}");

    let second = run()?;
    assert!(second.status.success());
    assert_eq!(std::fs::read_to_string(&out)?, text);

    // Other settings in the same directory are refused rather than mixed in.
    let other = Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
        .args(["probcut", "--quick", "--seed", "4", "--dir"])
        .arg(dir.path().join("run"))
        .arg("--out")
        .arg(&out)
        .output()?;
    assert!(!other.status.success());

    // Weights given as a file are fitted alike: the shipped ones give the same fits (only the
    // command line in the header differs), a missing file is refused with its name.
    let shipped_path = dir.path().join("shipped.bin");
    std::fs::write(
        &shipped_path,
        reversi_engine::eval::PatternEval::shipped_file(),
    )?;
    let shipped = shipped_path
        .to_str()
        .ok_or("a temporary path that is not UTF-8")?;
    let given = |weights: &str, name: &str| {
        Command::new(env!("CARGO_BIN_EXE_reversi-trainer"))
            .args([
                "probcut",
                "--quick",
                "--seed",
                "3",
                "--weights",
                weights,
                "--dir",
            ])
            .arg(dir.path().join(name))
            .arg("--out")
            .arg(dir.path().join(format!("{name}.txt")))
            .output()
    };
    let output = given(shipped, "given")?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let fits = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !line.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    let given_text = std::fs::read_to_string(dir.path().join("given.txt"))?;
    assert_eq!(fits(&given_text), fits(&text));
    assert!(given_text.contains("--weights"), "{given_text}");
    let missing = given("/nonexistent/w.bin", "missing")?;
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/w.bin"));
    Ok(())
}

//! Running the `reversi-engine` command from a test, with a bound: a command that has not ended
//! within its patience is killed, and the test fails saying so instead of hanging.

use std::ffi::OsStr;
use std::fmt::Debug;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Far longer than any command of the tests takes; one still running then has hung.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Runs the engine with `args` and no input; its output once it has ended.
pub fn run_engine<A: AsRef<OsStr> + Debug>(args: &[A]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still runs after {PATIENCE:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

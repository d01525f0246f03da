//! `reversi-engine nboard` driven as NBoard drives it, for the tests that talk to it: a line,
//! then the replies, through pipes.

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// Long enough for any reply of these shallow searches on a loaded machine; a hang fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// A session with these options added to `nboard`'s (`--no-book` to search in the book).
    pub fn start_with(options: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
            .args(["nboard", "--threads", "1", "--hash-mb", "16"])
            .args(options)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                if sender.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut engine = Engine {
            child,
            stdin,
            lines,
        };
        engine.send("nboard 2");
        assert_eq!(engine.until("set myname"), ["set myname Reversi3D"]);
        engine
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// A line that need not be UTF-8.
    pub fn send_bytes(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    pub fn next(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answers in time")
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let last = line.starts_with(prefix);
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    /// `ping n`, and the lines before `pong n`.
    pub fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut lines = self.until(&format!("pong {n}"));
        assert_eq!(lines.pop(), Some(format!("pong {n}")));
        lines
    }

    /// Closes the input: the engine ends quietly, with success and no error message.
    pub fn finish(mut self) {
        drop(self.stdin.take());
        let (sender, done) = mpsc::channel();
        let mut child = self.child;
        thread::spawn(move || {
            let status = child.wait().unwrap();
            let mut stderr = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut stderr)
                .unwrap();
            let _ = sender.send((status.success(), stderr));
        });
        let (success, stderr) = done
            .recv_timeout(PATIENCE)
            .expect("the engine ends at the end of its input");
        assert!(success, "{stderr}");
        assert!(!stderr.contains("reversi-engine:"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

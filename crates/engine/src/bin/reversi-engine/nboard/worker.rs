//! The search thread: it owns the searcher, runs one job at a time and writes its replies itself,
//! so that the main thread keeps reading commands and can stop it (`ping`, a new position).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use reversi_engine::book::{Book, BookMove};
use reversi_engine::eval::Evaluation;
use reversi_engine::{Position, SearchLimits, SearchResult, Searcher};

use super::say;

/// A search the GUI asked for.
pub enum Job {
    /// `go`: the move to play, answered `=== move/eval/time`.
    Go {
        position: Position,
        limits: SearchLimits,
    },
    /// `hint N`: the `count` best moves at each of the limits in turn (deepening), as `search`
    /// lines.
    Hint {
        position: Position,
        count: usize,
        deepening: Vec<SearchLimits>,
    },
    /// `analyze`: an `analysis <moves made> <eval>` line for each position, in the order given.
    Analyze {
        positions: Vec<(usize, Position)>,
        limits: SearchLimits,
    },
}

/// The handle the main thread keeps on the search thread.
pub struct Worker {
    jobs: Sender<Job>,
    done: Receiver<()>,
    stop: Arc<AtomicBool>,
    busy: bool,
}

impl Worker {
    /// The search thread, answering from `book` where it knows the position.
    pub fn spawn(mut searcher: Searcher<Evaluation>, book: Option<&'static Book>) -> Worker {
        let (jobs, job_queue) = mpsc::channel::<Job>();
        let (finished, done) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        thread::spawn(move || {
            for job in job_queue {
                // A reply that cannot be written ends the job; the main thread finds standard
                // output closed on its own next line.
                let _ = run(&mut searcher, book, job, &flag);
                if finished.send(()).is_err() {
                    break;
                }
            }
        });
        Worker {
            jobs,
            done,
            stop,
            busy: false,
        }
    }

    /// Starts `job`; the caller has made sure no other job runs.
    pub fn start(&mut self, job: Job) {
        self.busy = self.jobs.send(job).is_ok();
    }

    /// Stops the running job, if any, and waits until its last reply is written.
    pub fn stop_and_wait(&mut self) {
        if self.busy {
            self.stop.store(true, Ordering::Relaxed);
            // An error means the thread is gone: nothing runs any more either way.
            let _ = self.done.recv();
            self.busy = false;
        }
        self.stop.store(false, Ordering::Relaxed);
    }
}

fn run(
    searcher: &mut Searcher<Evaluation>,
    book: Option<&'static Book>,
    job: Job,
    stop: &AtomicBool,
) -> io::Result<()> {
    match job {
        Job::Go { position, limits } => {
            say("status thinking")?;
            if position.legal_moves() == 0 {
                return say("=== PA");
            }
            // The book's best move (the first of equals), at once.
            if let Some(book_move) = book.and_then(|book| book.choose_position(position, 0, 0)) {
                say(&book_line(&book_move))?;
                return say(&format!(
                    "=== {}/{:.2}/0.00",
                    book_move.square,
                    f64::from(book_move.score)
                ));
            }
            let result = searcher.best_move(position, &limits, stop);
            say(&format!(
                "nodestats {} {:.2}",
                result.nodes,
                result.elapsed.as_secs_f64()
            ))?;
            say(&search_line(&result))?;
            let best = result
                .best
                .map_or("PA".to_string(), |square| square.to_string());
            say(&format!(
                "=== {best}/{:.2}/{:.2}",
                f64::from(result.score),
                result.elapsed.as_secs_f64()
            ))
        }
        Job::Hint {
            position,
            count,
            deepening,
        } => {
            say("status analysing")?;
            match book.and_then(|book| book.lookup_position(position)) {
                Some(moves) => {
                    for book_move in moves.iter().take(count) {
                        say(&book_line(book_move))?;
                    }
                }
                None => hint(searcher, position, count, &deepening, stop)?,
            }
            say("status")
        }
        Job::Analyze { positions, limits } => {
            say("status analysing the game")?;
            for (moves_made, position) in positions {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let eval = evaluate(searcher, position, &limits, stop);
                say(&format!("analysis {moves_made} {:.2}", f64::from(eval)))?;
            }
            say("status")
        }
    }
}

/// `search` lines for the best `count` moves after each step of the deepening, until every score
/// is exact or the search is stopped; a side that must pass gets the line `PA`.
fn hint(
    searcher: &mut Searcher<Evaluation>,
    position: Position,
    count: usize,
    deepening: &[SearchLimits],
    stop: &AtomicBool,
) -> io::Result<()> {
    if position.legal_moves() == 0 {
        let Some(limits) = deepening.last() else {
            return Ok(());
        };
        let reply = searcher.best_move(position.pass(), limits, stop);
        let depth = if reply.exact {
            "100%".to_string()
        } else {
            reply.depth.to_string()
        };
        return say(&format!(
            "search PA {:.2} 0 {depth}",
            -f64::from(reply.score)
        ));
    }
    for limits in deepening {
        let scores = searcher.analyze(position, limits, stop);
        if stop.load(Ordering::Relaxed) {
            break;
        }
        for score in scores.iter().take(count) {
            let depth = if score.exact {
                "100%".to_string()
            } else {
                limits.depth.to_string()
            };
            say(&format!(
                "search {} {:.2} 0 {depth}",
                score.square,
                f64::from(score.score)
            ))?;
        }
        if scores.iter().all(|score| score.exact) {
            break;
        }
    }
    Ok(())
}

/// The score of `position` for its side to move: the final score of a finished game, minus the
/// opponent's score when it must pass, else the search's.
fn evaluate(
    searcher: &mut Searcher<Evaluation>,
    position: Position,
    limits: &SearchLimits,
    stop: &AtomicBool,
) -> i32 {
    if position.is_game_over() {
        position.final_score()
    } else if position.legal_moves() == 0 {
        -searcher.best_move(position.pass(), limits, stop).score
    } else {
        searcher.best_move(position, limits, stop).score
    }
}

/// `book <move> <eval> 0 <depth>`: a move of the opening book, its value and the depth behind it
/// (the protocol's third number counts games, which this book, built by searching, has none of).
fn book_line(book_move: &BookMove) -> String {
    format!(
        "book {} {:.2} 0 {}",
        book_move.square,
        f64::from(book_move.score),
        book_move.depth
    )
}

/// `search <pv> <eval> 0 <depth>`: the line and score a search found; depth `100%` when solved.
fn search_line(result: &SearchResult) -> String {
    let pv: String = result.pv.iter().map(|square| square.to_string()).collect();
    let depth = if result.exact {
        "100%".to_string()
    } else {
        result.depth.to_string()
    };
    format!("search {pv} {:.2} 0 {depth}", f64::from(result.score))
}

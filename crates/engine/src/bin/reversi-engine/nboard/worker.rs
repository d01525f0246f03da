//! The search thread: it owns the searcher, runs one job at a time and writes its replies itself,
//! so that the main thread keeps reading commands and can stop it (`ping`, a new position).

use std::fs;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use reversi_engine::Position;
use reversi_engine::book::{Book, BookMove};
use reversi_engine::eval::Evaluation;
use reversi_engine::search::{SearchLimits, SearchResult, Searcher};

use super::say;
use crate::input_file::{FileKind, read_bytes};

/// A search the GUI asked for.
pub enum Job {
    /// `go`: the move to play, answered `=== move/eval/time`.
    Go {
        position: Position,
        limits: SearchLimits,
        /// What a draw in the book is worth to the side to move (`set contempt`).
        draw_value: f64,
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
    /// `learn`: the game's positions added to the book of learned games, searched `depth`
    /// plies; answered `learned`. It runs to the end even when a command comes meanwhile (the
    /// command waits), so that no game is half learned.
    Learn { positions: Vec<Position>, depth: u8 },
}

/// The book of learned games and the file it lives in.
pub struct Learned {
    path: PathBuf,
    book: Book,
}

impl Learned {
    /// The book of `path`, or a new one when the file does not exist yet; a file that is not a
    /// book, not a regular file (a FIFO would never answer) or too large is refused (and left
    /// alone).
    pub fn open(path: PathBuf) -> Result<Learned, String> {
        let book = match read_bytes(&path, FileKind::Book) {
            Ok(bytes) => Book::from_bytes(&bytes).map_err(|error| {
                format!("{} is not a book of learned games: {error}", path.display())
            })?,
            Err(error) if error.is_missing() => Book::for_learning(),
            Err(error) => return Err(error.to_string()),
        };
        Ok(Learned { path, book })
    }

    /// Writes the book through a temporary file renamed over the old one, so that a crash
    /// never leaves half a book.
    fn save(&self) -> io::Result<()> {
        let mut temporary = self.path.clone().into_os_string();
        temporary.push(".tmp");
        fs::write(&temporary, self.book.to_bytes())?;
        fs::rename(&temporary, &self.path)
    }
}

/// The handle the main thread keeps on the search thread.
pub struct Worker {
    jobs: Sender<Job>,
    done: Receiver<()>,
    stop: Arc<AtomicBool>,
    busy: bool,
}

impl Worker {
    /// The search thread, answering from `book`, then from the `learned` games, where they know
    /// the position.
    pub fn spawn(
        mut searcher: Searcher<Evaluation>,
        book: Option<&'static Book>,
        mut learned: Option<Learned>,
    ) -> Worker {
        let (jobs, job_queue) = mpsc::channel::<Job>();
        let (finished, done) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        thread::spawn(move || {
            for job in job_queue {
                // A reply that cannot be written ends the job; the main thread finds standard
                // output closed on its own next line.
                let books = Books {
                    shipped: book,
                    learned: learned.as_mut(),
                };
                let _ = run(&mut searcher, books, job, &flag);
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

/// The books the answers come from.
struct Books<'a> {
    shipped: Option<&'static Book>,
    learned: Option<&'a mut Learned>,
}

impl Books<'_> {
    /// The book moves of `position`, best first: the shipped book's, else the learned games'.
    fn lookup(&self, position: Position) -> Option<Vec<BookMove>> {
        self.shipped
            .and_then(|book| book.lookup_position(position))
            .or_else(|| {
                let learned = self.learned.as_ref()?;
                learned.book.lookup_position(position)
            })
    }
}

fn run(
    searcher: &mut Searcher<Evaluation>,
    books: Books,
    job: Job,
    stop: &AtomicBool,
) -> io::Result<()> {
    match job {
        Job::Go {
            position,
            limits,
            draw_value,
        } => {
            say("status thinking")?;
            if position.legal_moves() == 0 {
                return say("=== PA");
            }
            // The book's best move at once, a draw valued as the contempt says.
            if let Some(book_move) = books
                .lookup(position)
                .and_then(|moves| best_with_contempt(&moves, draw_value))
            {
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
            match books.lookup(position) {
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
        Job::Learn { positions, depth } => {
            let Some(learned) = books.learned else {
                say("status no game is learned without --learn-file FILE")?;
                return say("learned");
            };
            say("status learning the game")?;
            let added = learned
                .book
                .learn(&positions, books.shipped, depth, searcher);
            match learned.save() {
                Ok(()) => say(&format!(
                    "status learned {added} new positions ({} in {})",
                    learned.book.len(),
                    learned.path.display()
                ))?,
                Err(error) => say(&format!(
                    "status error: cannot write {}: {error}",
                    learned.path.display()
                ))?,
            }
            say("learned")
        }
    }
}

/// The best of the book's `moves` (best first) once a draw is worth `draw_value` discs: the first
/// of equals, as without contempt.
fn best_with_contempt(moves: &[BookMove], draw_value: f64) -> Option<BookMove> {
    let value = |m: &BookMove| {
        if m.score == 0 {
            draw_value
        } else {
            f64::from(m.score)
        }
    };
    moves
        .iter()
        .copied()
        .reduce(|best, m| if value(&m) > value(&best) { m } else { best })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn book_move(name: &str, score: i32) -> BookMove {
        BookMove {
            square: name.parse().unwrap(),
            score,
            depth: 12,
        }
    }

    #[test]
    fn contempt_decides_between_a_book_draw_and_a_small_win_or_loss() {
        let draw_or_loss = [book_move("d3", 0), book_move("c4", -1)];
        let square = |draw_value| {
            best_with_contempt(&draw_or_loss, draw_value)
                .unwrap()
                .square
        };
        assert_eq!(square(0.0), "d3".parse().unwrap(), "no contempt: the draw");
        assert_eq!(
            square(-2.0),
            "c4".parse().unwrap(),
            "a draw worth less than losing by one"
        );
        let win_or_draw = [book_move("e6", 1), book_move("f4", 0)];
        assert_eq!(
            best_with_contempt(&win_or_draw, 1.5).unwrap().square,
            "f4".parse().unwrap(),
            "a draw valued above winning by one"
        );
        assert_eq!(best_with_contempt(&[], 0.0), None);
    }
}

//! Growing a book: from the start position and the named openings, search every legal move of
//! the most likely position not yet in the book, then follow the moves within a window of the
//! best, until the book holds the positions asked for.
//!
//! "Most likely" is a cost: 8 a ply, 4 a disc lost against the best move, and a seeded jitter of
//! up to 7 that breaks ties and makes books of other seeds branch differently, much as
//! self-play with near-best moves would. The positions are taken cheapest first (Dijkstra's
//! order); the named openings' positions cost one a ply, so they are in the book first, however
//! much their moves lose.
//!
//! The order depends only on the positions already in the book, and every search starts from an
//! empty table, so a build continued from a partial book (`Builder::new` with `resume`) goes on
//! exactly as if it had never stopped.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashSet};
use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::canonical::{Key, canonical, key};
use super::{Book, BuildInfo, Node, StoredMove};
use crate::eval::Evaluator;
use crate::openings::openings;
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::search::{MoveScore, SearchLimits, Searcher};
use crate::square::Square;

const PLY_COST: u64 = 8;
const DISC_COST: u64 = 4;
const JITTER: usize = 8;

/// What to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Plies searched for every position, 1 to 60.
    pub depth: u8,
    /// Follow the moves within this many discs of the best, at most 64.
    pub window: u8,
    pub seed: u64,
    /// Stop once the book holds this many positions.
    pub positions: usize,
}

/// Why a build cannot start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BuildError {
    #[error("the depth must be 1 to 60, not {0}")]
    BadDepth(u8),
    #[error("the window must be at most 64 discs, not {0}")]
    BadWindow(u8),
    #[error(
        "the book to continue was built with depth {} window {} seed {}: continue it with the same settings",
        found.depth, found.window, found.seed
    )]
    Mismatch { found: BuildInfo },
}

/// A book being built, one position at a time.
pub struct Builder {
    settings: BuildSettings,
    nodes: BTreeMap<Key, Node>,
    /// Positions to search next: (cost, canonical key), cheapest first.
    frontier: BinaryHeap<Reverse<(u64, Key)>>,
    /// Positions taken from the frontier: searched, or found in the book being continued.
    expanded: HashSet<Key>,
}

impl Builder {
    /// A build with `settings`, continuing `resume` (a partial book of the same settings) when
    /// given.
    pub fn new(settings: BuildSettings, resume: Option<&Book>) -> Result<Builder, BuildError> {
        if !(1..=60).contains(&settings.depth) {
            return Err(BuildError::BadDepth(settings.depth));
        }
        if settings.window > 64 {
            return Err(BuildError::BadWindow(settings.window));
        }
        let info = info_of(&settings);
        let nodes = match resume {
            Some(book) if book.info != info => {
                return Err(BuildError::Mismatch { found: book.info });
            }
            Some(book) => book.nodes.clone(),
            None => BTreeMap::new(),
        };
        let mut builder = Builder {
            settings,
            nodes,
            frontier: BinaryHeap::new(),
            expanded: HashSet::new(),
        };
        builder.push(Position::start(), 0);
        for opening in openings() {
            let mut position = Position::start();
            for (ply, &square) in opening.moves.iter().enumerate() {
                let Some(next) = position.play(square) else {
                    break;
                };
                position = next;
                builder.push(position, ply as u64 + 1);
            }
        }
        Ok(builder)
    }

    /// Positions in the book so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Searches the next position and adds it to the book; false when the book is complete
    /// (the positions asked for, or nothing left within the window).
    pub fn step<E: Evaluator>(&mut self, searcher: &mut Searcher<E>) -> bool {
        let Some((cost, position)) = self.next_to_search() else {
            return false;
        };
        // A fresh table for every position: the same search whether or not the build stopped.
        searcher.clear();
        let limits = SearchLimits::depth(u32::from(self.settings.depth));
        let scores = searcher.analyze(position, &limits, &AtomicBool::new(false));
        self.add(cost, position, &scores);
        true
    }

    /// The book as the file stores it, for a checkpoint or the result.
    pub fn to_bytes(&self) -> Vec<u8> {
        super::format::to_bytes(&info_of(&self.settings), &self.nodes)
    }

    /// The book built, with its values over the whole book.
    pub fn into_book(self) -> Book {
        Book::with_nodes(info_of(&self.settings), self.nodes)
    }

    /// The cheapest position of the frontier not in the book yet, with its cost; positions of
    /// the book being continued are taken in the same order and followed without a search.
    fn next_to_search(&mut self) -> Option<(u64, Position)> {
        while self.nodes.len() < self.settings.positions {
            let Reverse((cost, taken)) = self.frontier.pop()?;
            if !self.expanded.insert(taken) {
                continue;
            }
            let position = Position::new(taken.0, taken.1);
            match self.nodes.get(&taken) {
                Some(node) => {
                    let moves = node.moves.clone();
                    self.follow(cost, position, &moves);
                }
                // A side that must pass has no moves to store; the game goes on without it.
                None if position.legal_moves() == 0 => {}
                None => return Some((cost, position)),
            }
        }
        None
    }

    fn add(&mut self, cost: u64, position: Position, scores: &[MoveScore]) {
        let moves: Vec<StoredMove> = scores
            .iter()
            .map(|m| StoredMove::new(m.square.index() as u8, m.score.clamp(-64, 64) as i8))
            .collect();
        if moves.is_empty() {
            return;
        }
        self.follow(cost, position, &moves);
        self.nodes.insert(
            key(&position),
            Node {
                depth: self.settings.depth,
                moves,
            },
        );
    }

    /// Puts the positions after the moves within the window of the best on the frontier.
    fn follow(&mut self, cost: u64, position: Position, moves: &[StoredMove]) {
        let Some(best) = moves.iter().map(|m| i32::from(m.score)).max() else {
            return;
        };
        for stored in moves {
            let loss = (best - i32::from(stored.score)) as u64;
            if loss > u64::from(self.settings.window) {
                continue;
            }
            let child = Square::from_index(stored.square).and_then(|square| position.play(square));
            if let Some(child) = child {
                self.push(child, cost + PLY_COST + loss * DISC_COST);
            }
        }
    }

    fn push(&mut self, position: Position, cost: u64) {
        let taken = key(&canonical(position).0);
        if self.expanded.contains(&taken) {
            return;
        }
        let mix = taken.0.rotate_left(13) ^ taken.1.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let jitter = SplitMix64::new(self.settings.seed ^ mix).below(JITTER) as u64;
        self.frontier.push(Reverse((cost + jitter, taken)));
    }
}

fn info_of(settings: &BuildSettings) -> BuildInfo {
    BuildInfo {
        depth: settings.depth,
        window: settings.window,
        seed: settings.seed,
    }
}

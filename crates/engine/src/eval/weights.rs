//! The weights file of the pattern evaluation: what it holds, how it is written, and the checks
//! that refuse a file that is not exactly what the evaluation expects.
//!
//! Layout, little-endian: magic `RVPW`, format version (u16), phase count (u16), table count
//! (u16), each table's size (u32), the widths of the phases' hidden parts (a count, u16: 0
//! without a hidden part, else the phase count, then each phase's width, u16, one of
//! `HIDDEN_WIDTHS`), the table entries, then (with a hidden part) each phase's biases (i32), then
//! each phase's output weights (i32), then an FNV-1a 32-bit checksum of every byte before it.
//! The entries come phase after phase, table after table: each one's weight in evaluation
//! units, then with a hidden part its vector (its phase's width of values), whose values are
//! 8-bit. Each of these values is coded in one byte when it can be, as most are small and many
//! zero (configurations no training position ever touched): a byte of ±127 other than 0 is the
//! value itself, the byte -128 is followed by the value as i16, and the byte 0 by the length
//! (LEB128) of the run of zeros it starts. That keeps a file small: run12's tables with a hidden
//! part of 14 units take 8.15 MB, 75 MB as plain i16 values.
//!
//! Version 3 files (every phase's hidden part 14 wide: one width, u16, 0 without one) and
//! version 1 files (the linear tables only, every value an i16, a run of zeros as `i16::MIN` and
//! its length as u16) still read, as earlier runs wrote them; version 2 was never shipped. The
//! first version 3 files had a hidden part 7 wide of 16-bit values (run11, run12-e16): their
//! width refuses them.

mod compact;
mod content;
mod error;
mod read;
mod write;

#[cfg(test)]
mod tests;

pub use content::{HiddenPart, Weights};
pub use error::WeightsError;
pub use read::{WeightsSink, read_weights};

const MAGIC: &[u8; 4] = b"RVPW";

/// The format version this engine writes.
pub const VERSION: u16 = 4;

/// The format version before: every phase's hidden part `HIDDEN_NARROW` wide.
pub const UNIFORM_VERSION: u16 = 3;

/// The first format version, which still reads: the linear tables only, every value an i16.
pub const OLD_VERSION: u16 = 1;

/// The widths a phase's hidden part may have.
pub const HIDDEN_WIDTHS: [usize; 2] = [HIDDEN_NARROW, HIDDEN_WIDE];
/// 14 units: a table's 16-bit weight and its vector of 8-bit values are 16 bytes side by side in
/// the evaluation, one aligned read.
pub const HIDDEN_NARROW: usize = 14;
/// 56 units: 64 bytes, a cache line, for the phases with enough positions to fit them (they cost
/// part of the search's speed where they are read; `crates/trainer/RUNS.md`, "Phase 9 at scale").
pub const HIDDEN_WIDE: usize = 56;

/// The fixed point of the hidden part's vectors, biases and output weights: each an integer in
/// `1 / HIDDEN_UNIT` of its value; a vector's values within ±127 of it.
pub const HIDDEN_UNIT: i32 = 512;

/// The most a hidden part's bias or output weight may be, in either sign (the shipped ones stay
/// within 3,000 and 260,000). Within it the evaluation's sum cannot overflow: a unit's input is
/// under 2^23, its product with an output weight under 2^45, 56 of them under 2^51.
pub const HIDDEN_LIMIT: i32 = 1 << 22;

/// In a version 1 file, starts a run of zeros.
const OLD_ZERO_RUN: i16 = i16::MIN;

/// Most phases a file may have: one per number of empty squares.
pub const MAX_PHASES: usize = 60;

//! Learning with the engine: spaced repetition of what a player practises, the opening trainer
//! and endgame puzzles. Pure logic for the game to drive: no clock (the caller says what day it
//! is) and no files (the game saves the serde shapes).

pub mod drill;
pub mod puzzles;
pub mod repetition;

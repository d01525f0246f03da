//! The training pipeline of the pattern evaluation, as a library so its tests can drive it: the
//! `reversi-trainer` binary is a thin command line over `run`.

pub mod backward_fit;
pub mod dataset;
pub mod files;
pub mod fit;
pub mod generate;
pub mod hidden;
pub mod in_turn;
pub mod label;
pub mod packed;
pub mod probcut;
pub mod progress;
pub mod refit;
pub mod report;
pub mod run;
pub mod testset;
pub mod xot;

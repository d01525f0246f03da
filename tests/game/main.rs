//! The game's integration tests, headless: the real plugins on `MinimalPlugins` (no window, no
//! GPU), one module per feature, in one test binary so that Bevy is linked once. The rendered
//! window is tested apart, in `render_smoke.rs`, by running the real binary.

mod common;

mod championship;
mod clock;
mod computer;
mod database;
mod engine_control;
mod files;
mod floors;
mod fuzz;
mod help_pages;
mod learning;
mod online;
mod options;
mod play;
mod soak;
mod starts;
mod study;

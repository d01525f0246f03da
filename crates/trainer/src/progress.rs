//! The progress bar of a long step of the pipeline.

use indicatif::{ProgressBar, ProgressStyle};

pub(crate) fn bar(length: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(length).with_message(message);
    if let Ok(style) = ProgressStyle::with_template(
        "{prefix} {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}

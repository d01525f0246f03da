//! The real game in a real window draws the board: `reversi --screenshot` under a virtual X
//! server with Mesa's software Vulkan, then the picture is checked. A black or empty frame fails.
//!
//! On Linux this needs `xvfb-run` and `mesa-vulkan-drivers` (scripts/test.sh installs them); on
//! macOS and Windows the window opens on the desktop.

use std::path::Path;
use std::process::Command;

use image::{Rgb, RgbImage};

/// Runs the game in a real window (a virtual X server on Linux) with `arguments`; its output.
fn run_game(arguments: &[&std::ffi::OsStr]) -> String {
    let game = env!("CARGO_BIN_EXE_reversi");
    let mut command = if cfg!(target_os = "linux") {
        let mut xvfb = Command::new("xvfb-run");
        xvfb.args(["-a", "-s", "-screen 0 1280x760x24", game]);
        xvfb
    } else {
        Command::new(game)
    };
    let config = std::env::temp_dir().join(format!("reversi-window-{}", std::process::id()));
    command.args(arguments).env("REVERSI_CONFIG_DIR", &config);
    let output = command.output().unwrap_or_else(|error| {
        panic!("cannot start the game ({error}); on Linux install xvfb and mesa-vulkan-drivers (scripts/test.sh does)")
    });
    assert!(
        output.status.success(),
        "reversi {arguments:?} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn take_screenshot(path: &Path) {
    run_game(&["--screenshot".as_ref(), path.as_os_str()]);
}

/// A game waiting for the player draws nothing: left at the start position (human to move, no
/// clock), the window draws its first frames while the shaders compile and then sleeps. A window
/// that redraws continuously shows about one frame a second here, so 40 seconds tell them apart.
#[test]
fn a_window_waiting_for_the_player_draws_almost_nothing() {
    let report = run_game(&["--frame-report".as_ref(), "40".as_ref()]);
    let line = report
        .lines()
        .find(|line| line.starts_with("frames "))
        .unwrap_or_else(|| panic!("no frame report in {report:?}"));
    let field = |name: &str| -> f64 {
        line.split_whitespace()
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
            .and_then(|value| value.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {line}"))
    };
    let idle_seconds = 40.0 - field("first_drawn_s");
    assert!(
        idle_seconds > 10.0,
        "the scene took too long to draw: {line}"
    );
    assert!(
        field("frames") <= 4.0,
        "{} frames drawn in {idle_seconds:.0} s of waiting: {line}",
        field("frames")
    );
}

fn is_board_green(Rgb([r, g, b]): Rgb<u8>) -> bool {
    g > 60 && u16::from(g) > u16::from(r) * 3 / 2 && u16::from(g) > u16::from(b) * 5 / 4
}

fn luminance(Rgb([r, g, b]): Rgb<u8>) -> u32 {
    (u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b)) / 10
}

/// The corners of the green playing surface as seen in perspective: top-left, top-right,
/// bottom-right, bottom-left (the extremes of x + y and x - y over the green pixels).
fn green_corners(picture: &RgbImage) -> [(f32, f32); 4] {
    let mut corners = [(0.0, 0.0); 4];
    let mut best = [f32::MAX, f32::MIN, f32::MIN, f32::MAX];
    let mut count = 0u64;
    for (x, y, pixel) in picture.enumerate_pixels() {
        if !is_board_green(*pixel) {
            continue;
        }
        count += 1;
        let (x, y) = (x as f32, y as f32);
        let keys = [x + y, x - y, x + y, x - y];
        for (i, key) in keys.into_iter().enumerate() {
            let better = if i == 0 || i == 3 {
                key < best[i]
            } else {
                key > best[i]
            };
            if better {
                best[i] = key;
                corners[i] = (x, y);
            }
        }
    }
    let area = u64::from(picture.width()) * u64::from(picture.height());
    assert!(
        count * 8 > area,
        "the green board covers only {count} of {area} pixels"
    );
    corners
}

/// Where the diagonals of a quadrilateral cross: the projection of the board's centre.
fn diagonals_crossing([tl, tr, br, bl]: [(f32, f32); 4]) -> (f32, f32) {
    let (d1x, d1y) = (br.0 - tl.0, br.1 - tl.1);
    let (d2x, d2y) = (bl.0 - tr.0, bl.1 - tr.1);
    let denominator = d1x * d2y - d1y * d2x;
    let t = ((tr.0 - tl.0) * d2y - (tr.1 - tl.1) * d2x) / denominator;
    (tl.0 + t * d1x, tl.1 + t * d1y)
}

/// The average luminance of a small patch around a point.
fn patch(picture: &RgbImage, x: f32, y: f32) -> u32 {
    let mut sum = 0;
    for dy in -2..=2 {
        for dx in -2..=2 {
            sum += luminance(*picture.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32));
        }
    }
    sum / 25
}

#[test]
fn the_window_shows_the_board_and_the_four_starting_discs() {
    let path = std::env::temp_dir().join(format!("reversi-smoke-{}.png", std::process::id()));
    take_screenshot(&path);
    let picture = image::open(&path)
        .expect("the screenshot is a PNG")
        .to_rgb8();
    let _ = std::fs::remove_file(&path);

    let corners = green_corners(&picture);
    let (cx, cy) = diagonals_crossing(corners);
    let [tl, tr, br, bl] = corners;
    assert!(
        cx > picture.width() as f32 * 0.2 && cx < picture.width() as f32 * 0.7,
        "the board should be left of the side panel, centred in the view: centre at x = {cx}"
    );
    // Half a square from the centre in each diagonal direction: the four central discs.
    let dx = ((tr.0 - tl.0) + (br.0 - bl.0)) / 2.0 / 16.0;
    let dy = ((bl.1 - tl.1) + (br.1 - tr.1)) / 2.0 / 16.0;
    let d4 = patch(&picture, cx - dx, cy - dy);
    let e4 = patch(&picture, cx + dx, cy - dy);
    let d5 = patch(&picture, cx - dx, cy + dy);
    let e5 = patch(&picture, cx + dx, cy + dy);
    assert!(
        d4 > 140 && e5 > 140,
        "white discs on d4 and e5 should be light: {d4}, {e5}"
    );
    assert!(
        d5 < 70 && e4 < 70,
        "black discs on d5 and e4 should be dark: {d5}, {e4}"
    );
    // Squares away from the centre (b2 and g7) are empty: green.
    for (x, y) in [
        (cx - 5.0 * dx, cy - 5.0 * dy),
        (cx + 5.0 * dx, cy + 5.0 * dy),
    ] {
        let pixel = *picture.get_pixel(x as u32, y as u32);
        assert!(
            is_board_green(pixel),
            "an empty square should be green, found {pixel:?}"
        );
    }
}

/// Numbers on the command line that the game cannot honour are refused before any window opens,
/// with the range in the message (a huge `--frame-report` once overflowed the clock and panicked).
#[test]
fn numbers_out_of_range_on_the_command_line_are_refused() {
    let game = env!("CARGO_BIN_EXE_reversi");
    for seconds in ["18446744073709551615", "86401", "0", "-5", "+3", "1e3", ""] {
        let output = Command::new(game)
            .arg(format!("--frame-report={seconds}"))
            .output()
            .expect("the game starts");
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{seconds}: {message}");
        assert!(message.contains("--frame-report"), "{seconds}: {message}");
        assert!(!message.contains("panicked"), "{seconds}: {message}");
    }
}

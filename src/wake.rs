//! Waking the window from other threads. A game waiting for the player draws no frames (Bevy's
//! reactive mode), so work that finishes on another thread (a search, the file chooser) wakes the
//! event loop: otherwise its answer would wait for the next input or the idle timeout.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};

/// The event loop's proxy, once the window's loop exists: there is one loop per process.
/// Headless runs (the tests) have none, and waking is then nothing to do.
static EVENT_LOOP: OnceLock<Mutex<EventLoopProxy<WinitUserEvent>>> = OnceLock::new();

/// How many wakes were asked for since the process started, with a window's loop or without:
/// the frame report prints it beside the frames, and a test counts the wake of a file's reading.
static WAKES_ASKED: AtomicU64 = AtomicU64::new(0);

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, keep_event_loop);
}

fn keep_event_loop(proxy: Option<Res<EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let _ = EVENT_LOOP.set(Mutex::new(EventLoopProxy::clone(&proxy)));
    }
}

/// Runs a frame soon, from any thread. A loop that has already closed is not an error: the game
/// is exiting.
pub fn wake_window() {
    WAKES_ASKED.fetch_add(1, Ordering::Relaxed);
    if let Some(proxy) = EVENT_LOOP.get()
        && let Ok(proxy) = proxy.lock()
    {
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    }
}

/// How many wakes were asked for since the process started.
pub fn wakes_asked() -> u64 {
    WAKES_ASKED.load(Ordering::Relaxed)
}

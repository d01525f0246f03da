//! The game's hold on a link: the thread it runs on, and the channels of commands and events.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::sync::mpsc as async_mpsc;

use crate::wire::Message;

use super::command::Command;
use super::endpoint::run;
use super::events::Events;
use super::{Identity, LinkEvent, LinkSettings, Role};

/// A running link. Dropping it closes the line and ends its thread.
pub struct Link {
    commands: async_mpsc::UnboundedSender<Command>,
    /// Behind a lock only so a link can sit in a shared resource; one reader takes from it.
    events: Mutex<mpsc::Receiver<LinkEvent>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// Called on the link's thread after each event, to wake the game's window.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

impl Link {
    pub fn start(identity: Identity, role: Role, settings: LinkSettings, wake: Wake) -> Link {
        let (command_sender, command_receiver) = async_mpsc::unbounded_channel();
        let (event_sender, event_receiver) = mpsc::channel();
        let (stop_sender, stop_receiver) = tokio::sync::oneshot::channel();
        let events = Events {
            sender: event_sender,
            wake,
        };
        let thread = std::thread::Builder::new()
            .name("reversi-online-link".to_string())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        events.send(LinkEvent::Failed(error.to_string()));
                        return;
                    }
                };
                runtime.block_on(async move {
                    tokio::select! {
                        () = run(identity, role, settings, command_receiver, &events) => {}
                        _ = stop_receiver => {}
                    }
                });
            })
            .ok();
        Link {
            commands: command_sender,
            events: Mutex::new(event_receiver),
            stop: Some(stop_sender),
            thread,
        }
    }

    /// Sends a message to every program connected (a game's one peer). While the line is down
    /// it is dropped: the game's record goes out again when the line comes back.
    pub fn send(&self, message: Message) {
        let _ = self.commands.send(Command::Send { to: None, message });
    }

    /// Sends a message to one program, if it is connected.
    pub fn send_to(&self, peer: [u8; 32], message: Message) {
        let _ = self.commands.send(Command::Send {
            to: Some(peer),
            message,
        });
    }

    /// Closes the current connection, as a lost line would.
    pub fn drop_line(&self) {
        let _ = self.commands.send(Command::DropLine);
    }

    /// The next event, if one is waiting.
    pub fn try_event(&self) -> Option<LinkEvent> {
        self.events.lock().ok()?.try_recv().ok()
    }

    /// The next event within `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<LinkEvent> {
        self.events.lock().ok()?.recv_timeout(timeout).ok()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

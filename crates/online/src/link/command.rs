//! What the program asks of its line's thread: the one word the handle and the thread share.

use crate::wire::Message;

pub(super) enum Command {
    /// To one program, or to every program connected.
    Send {
        to: Option<[u8; 32]>,
        message: Message,
    },
    /// Closes the connections as a dropped line would (and the guest dials again).
    DropLine,
}

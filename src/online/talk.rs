//! What the player is shown of the other side of an online game: its chat and the notices of
//! what was refused or went wrong, the latest few of each; the same for a friend's game and a
//! championship's.

use crate::locale::Text;

/// The chat lines kept on screen.
const CHAT_LINES: usize = 50;
/// The notices kept on screen.
const NOTICES: usize = 8;

/// A line of the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub mine: bool,
    pub text: String,
}

/// What the player is shown of the other side: the chat of the game, and the notices of what
/// was refused or went wrong, the latest few of each.
#[derive(Default)]
pub struct Talk {
    pub chat: Vec<ChatLine>,
    pub notices: Vec<Text>,
}

impl Talk {
    pub(super) fn add_chat(&mut self, mine: bool, text: String) {
        self.chat.push(ChatLine { mine, text });
        let excess = self.chat.len().saturating_sub(CHAT_LINES);
        self.chat.drain(..excess);
    }

    pub(super) fn add_notice(&mut self, notice: Text) {
        self.notices.push(notice);
        let excess = self.notices.len().saturating_sub(NOTICES);
        self.notices.drain(..excess);
    }
}

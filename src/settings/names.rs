//! The players' names asked at the first game: once, in a small window over the board, with the
//! account's name offered; what is answered goes into the settings (and Options can change it).

use bevy::prelude::*;

use super::{ConfigDir, Settings, save};
use crate::game::Notice;
use crate::locale::Text;
use crate::schedule::GameSystems;

/// The question of the players' names, while it is open: what the player has typed so far.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct NamesQuestion(pub Option<NamesDraft>);

/// The names as typed: the player's own, and a second player's for games between two people
/// here (empty: none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamesDraft {
    pub yours: String,
    pub second: String,
}

impl NamesQuestion {
    /// Asked when these settings never had their answer, unless the window is only being
    /// captured (a screenshot or a frame report): that is no player's first game.
    pub fn at_start(settings: &Settings, captured: bool) -> NamesQuestion {
        let ask = !settings.names_asked && !captured;
        NamesQuestion(ask.then(|| NamesDraft {
            yours: settings.player_name.clone(),
            second: settings.second_player_name.clone(),
        }))
    }
}

/// The player's answer: these names, or none given (asked again never; Options has them).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NamesAnswer {
    Names(NamesDraft),
    Skip,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NamesQuestion>()
        .add_message::<NamesAnswer>()
        .add_systems(Update, answer.in_set(GameSystems::Apply));
}

fn answer(
    mut answers: MessageReader<NamesAnswer>,
    mut question: ResMut<NamesQuestion>,
    mut settings: ResMut<Settings>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    for answer in answers.read() {
        question.0 = None;
        let mut answered = Settings {
            names_asked: true,
            ..settings.clone()
        };
        if let NamesAnswer::Names(names) = answer {
            answered.player_name = names.yours.clone();
            answered.second_player_name = names.second.clone();
        }
        let answered = answered.sanitized();
        if let Err(error) = save(&dir, &answered) {
            notice.set(Text::new("notice-options-not-saved").with("error", error));
        }
        *settings = answered;
    }
}

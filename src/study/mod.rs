//! Learning with the game: the opening trainer (the player finds the book's moves of a named
//! opening, or of any book line, against the book's replies) and puzzles (find the best move:
//! the FFO endgame problems built in, and the positions of the player's reviewed games where a
//! move lost 4 discs or more). What the player practised is kept in `study.ron`: a
//! spaced-repetition card per opening and colour and per puzzle (a line or puzzle got wrong
//! comes back sooner), the puzzles made from the player's games, and the drills set up.
//!
//! A session takes over the game on the board: the side the study plays is a `ScriptedSide`,
//! which the computer player leaves alone, and the players before the session come back when
//! the player starts a new game.

mod drill;
mod puzzles;

use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_engine::search::Level;
use reversi_engine::study::drill::{Drill, DrillChoice, Verdict};
use reversi_engine::study::puzzles::{Checked, Puzzle, built_in};
use reversi_engine::study::repetition::{Card, Day, Outcome, due};
use serde::{Deserialize, Serialize};

use crate::game::{GameCommand, Notice, PlayerKind, Players, ScriptedSide};
use crate::locale::Text;
use crate::persistence::{self, ConfigDir};
use crate::schedule::GameSystems;

pub use puzzles::PuzzleCheck;

/// The player's practice, beside the settings.
pub const STUDY_FILE: &str = "study.ron";

/// What the player has practised, kept across restarts.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StudyRecord {
    /// One card per opening drill (opening and colour) and per puzzle tried.
    pub cards: Vec<Card>,
    /// Every drill set up, the last first: the trainer offers them again.
    pub drills: Vec<DrillChoice>,
    /// The puzzles made from the player's games (the built-in ones come with the engine).
    pub puzzles: Vec<Puzzle>,
}

impl StudyRecord {
    /// The card kept under `key`.
    pub fn card(&self, key: &str) -> Option<&Card> {
        self.cards.iter().find(|card| card.key == key)
    }

    /// Counts one try of `key`: a success moves its card on, a failure brings it back soon.
    fn review(&mut self, key: String, outcome: Outcome, today: Day) {
        let index = match self.cards.iter().position(|card| card.key == key) {
            Some(index) => index,
            None => {
                self.cards.push(Card::new(key, today));
                self.cards.len() - 1
            }
        };
        self.cards[index].review(outcome, today);
    }

    /// The drills set up before whose card is due today, most overdue first.
    pub fn due_drills(&self) -> Vec<DrillChoice> {
        let today = today();
        due(&self.cards, today)
            .into_iter()
            .filter_map(|card| {
                self.drills.iter().find(|choice| {
                    Drill::new((*choice).clone()).is_ok_and(|drill| drill.key() == card.key)
                })
            })
            .cloned()
            .collect()
    }

    /// The next puzzle to try: the one most overdue, else the first never tried (the built-in
    /// ones easiest first, then the player's own), else none.
    pub fn next_puzzle(&self, built_in: &[Puzzle]) -> Option<Puzzle> {
        let all = || built_in.iter().chain(&self.puzzles);
        let overdue = due(&self.cards, today())
            .into_iter()
            .find_map(|card| all().find(|puzzle| puzzle.key() == card.key));
        overdue
            .or_else(|| all().find(|puzzle| self.card(&puzzle.key()).is_none()))
            .cloned()
    }

    /// Puts `choice` first among the drills, once.
    fn remember_drill(&mut self, choice: &DrillChoice) {
        self.drills
            .retain(|known| known.line != choice.line || known.player != choice.player);
        self.drills.insert(0, choice.clone());
    }
}

/// The FFO endgame problems built into the engine, easiest first, read once.
#[derive(Resource)]
pub struct BuiltInPuzzles(pub Vec<Puzzle>);

/// Today, as the repetition cards count days.
pub fn today() -> Day {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() / 86_400)
}

/// The study session on the board, if any.
#[derive(Resource, Default)]
pub struct Studying {
    session: Option<Session>,
    /// Who played before the session, to play again after it.
    players_before: Option<Players>,
    /// The session loaded its own game this frame: that load does not end it.
    own_load: bool,
    /// A session ended: these players play again.
    restore_players: Option<Players>,
}

enum Session {
    Drill(DrillSession),
    Puzzle(PuzzleSession),
}

/// An opening drill under way.
pub struct DrillSession {
    pub drill: Drill,
    /// The player's moves so far that were not the book's.
    pub mistakes: u32,
    /// The judgement of the player's last move.
    pub last: Option<Verdict>,
    /// After a move that was not the book's, the drill waits for the player to try again or go
    /// on.
    pub waiting: bool,
    /// The drill reached its end (its card is counted).
    pub finished: bool,
    /// The moves already judged: a line taken back or switched for a side line is judged again
    /// from where the two part.
    judged: Vec<reversi_engine::Move>,
    /// Try again was asked with this many moves on the board: the drill waits until the move
    /// is taken back.
    taking_back: Option<usize>,
    /// The generation of the game state the book's last reply was sent for.
    replied_to: Option<u64>,
}

/// A puzzle on the board.
pub struct PuzzleSession {
    pub puzzle: Puzzle,
    pub check: PuzzleCheck,
    /// Try again was asked: the answer is being taken back.
    retrying: bool,
}

impl Studying {
    pub fn drill(&self) -> Option<&DrillSession> {
        match &self.session {
            Some(Session::Drill(drill)) => Some(drill),
            _ => None,
        }
    }

    pub fn puzzle(&self) -> Option<&PuzzleSession> {
        match &self.session {
            Some(Session::Puzzle(puzzle)) => Some(puzzle),
            _ => None,
        }
    }
}

/// What the player asks of the study features.
#[derive(Message, Clone, Debug)]
pub enum StudyCommand {
    StartDrill(DrillChoice),
    /// After a move that was not the book's: take it back and try again.
    TryAgain,
    /// After a move that was not the book's: go on from it.
    GoOn,
    StartPuzzle(Box<Puzzle>),
    /// Take back a puzzle's answer to try another.
    RetryPuzzle,
    Stop,
}

pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<StudyRecord>() {
        let path = app.world().resource::<ConfigDir>().file(STUDY_FILE).ok();
        let loaded = path.map(|path| persistence::load_or_default::<StudyRecord>(&path));
        let (record, notice) =
            loaded.map_or((StudyRecord::default(), None), |l| (l.value, l.notice));
        if let Some(notice) = notice {
            app.world_mut().resource_mut::<Notice>().add(notice);
        }
        app.insert_resource(record);
    }
    app.insert_resource(BuiltInPuzzles(built_in()))
        .init_resource::<Studying>()
        .add_message::<StudyCommand>()
        .add_systems(
            Update,
            (
                leave_for_other_games,
                start_and_stop,
                drill::steer_drill,
                puzzles::steer_puzzle,
            )
                .chain()
                .in_set(GameSystems::View),
        )
        .init_resource::<puzzles::AfterGameReview>()
        .add_systems(
            Update,
            (
                puzzles::puzzles_from_reviews,
                puzzles::review_finished_games,
            )
                .in_set(GameSystems::View),
        );
}

/// The players of a session: the player on `player`'s side, the study on the other (shown as a
/// computer that the scripted side keeps from searching), and that scripted side.
fn session_players(player: Color) -> (Players, Color) {
    let mut players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let script = player.opponent();
    players.set(script, PlayerKind::Computer(Level::Beginner));
    (players, script)
}

/// Writes the record; one that cannot be written is said, and kept for the next try.
fn save(record: &StudyRecord, dir: &ConfigDir, notice: &mut Notice) {
    if let Err(error) = dir
        .file(STUDY_FILE)
        .and_then(|path| persistence::save(&path, record))
    {
        notice.add(Text::new("notice-study-not-saved").with("error", error));
    }
}

/// Ends the session when the player starts a new game (the players from before the session play
/// again) or loads another game.
fn leave_for_other_games(
    mut game_commands: MessageReader<GameCommand>,
    mut studying: ResMut<Studying>,
    mut scripted: ResMut<ScriptedSide>,
) {
    let own_load = std::mem::take(&mut studying.own_load);
    for command in game_commands.read() {
        let restore = match command {
            GameCommand::NewGame | GameCommand::NewGameFrom(_) => true,
            GameCommand::Load(_, players) if !own_load => players.is_none(),
            _ => continue,
        };
        if studying.session.is_some() {
            end_session(&mut studying, &mut scripted, restore);
        }
    }
}

/// Starts and stops sessions on the player's request, and gives the players from before a
/// session back when it ended.
fn start_and_stop(
    mut requests: MessageReader<StudyCommand>,
    mut studying: ResMut<Studying>,
    mut scripted: ResMut<ScriptedSide>,
    mut record: ResMut<StudyRecord>,
    state: Res<crate::game::Match>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        match request {
            StudyCommand::StartDrill(choice) => match Drill::new(choice.clone()) {
                Ok(drill) => {
                    record.remember_drill(choice);
                    save(&record, &dir, &mut notice);
                    let session = Session::Drill(DrillSession {
                        drill,
                        mistakes: 0,
                        last: None,
                        waiting: false,
                        finished: false,
                        judged: Vec::new(),
                        taking_back: None,
                        replied_to: None,
                    });
                    begin(
                        &mut studying,
                        &mut scripted,
                        &mut commands,
                        &state,
                        session,
                        drill::start_game(choice.player),
                    );
                }
                Err(error) => {
                    notice.set(Text::new("notice-drill-refused").with("error", error.to_string()))
                }
            },
            StudyCommand::StartPuzzle(puzzle) => {
                let Some(start) = puzzles::start_game(puzzle) else {
                    notice.set(Text::new("notice-puzzle-refused"));
                    continue;
                };
                let session = Session::Puzzle(PuzzleSession {
                    puzzle: (**puzzle).clone(),
                    check: PuzzleCheck::Waiting,
                    retrying: false,
                });
                begin(
                    &mut studying,
                    &mut scripted,
                    &mut commands,
                    &state,
                    session,
                    start,
                );
            }
            StudyCommand::TryAgain | StudyCommand::GoOn => {
                if let Some(Session::Drill(drill)) = studying.session.as_mut()
                    && drill.waiting
                {
                    drill.waiting = false;
                    if matches!(request, StudyCommand::TryAgain) {
                        drill.taking_back = Some(state.game.moves().len());
                        commands.write(GameCommand::Undo);
                    }
                }
            }
            StudyCommand::RetryPuzzle => {
                if let Some(Session::Puzzle(session)) = studying.session.as_mut()
                    && matches!(session.check, PuzzleCheck::Checked { .. })
                {
                    session.check = PuzzleCheck::Waiting;
                    session.retrying = true;
                    commands.write(GameCommand::UndoAll);
                }
            }
            StudyCommand::Stop => {
                if studying.session.is_some() {
                    end_session(&mut studying, &mut scripted, true);
                }
            }
        }
    }
    if let Some(players) = studying.restore_players.take() {
        commands.write(GameCommand::SetPlayers(players));
    }
}

/// Puts a session's game on the board, with its players and scripted side.
fn begin(
    studying: &mut Studying,
    scripted: &mut ScriptedSide,
    commands: &mut MessageWriter<GameCommand>,
    state: &crate::game::Match,
    session: Session,
    (game, players, script): (reversi_engine::Game, Players, reversi_engine::Color),
) {
    if studying.session.is_none() {
        studying.players_before = Some(state.players);
    }
    studying.session = Some(session);
    studying.own_load = true;
    scripted.0 = Some(script);
    commands.write(GameCommand::Load(Box::new(game), Some(players)));
}

/// Ends the session; the players from before it play again when `restore` says so.
fn end_session(studying: &mut Studying, scripted: &mut ScriptedSide, restore: bool) {
    studying.session = None;
    scripted.0 = None;
    let before = studying.players_before.take();
    if restore {
        studying.restore_players = before;
    }
}

/// A checked answer and what it means for the card.
fn outcome_of(checked: &Checked) -> Outcome {
    if checked.correct {
        Outcome::Success
    } else {
        Outcome::Failure
    }
}

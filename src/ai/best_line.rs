//! The best line: on request, the engine's principal variation from the position on the board,
//! searched in the background at the strength chosen for the hints, for the board to show as
//! numbered translucent discs ([`ShownLine`]).

use bevy::prelude::*;
use reversi_engine::variant::VariantBoard;
use reversi_engine::{Color, Square};

use super::hints::{HintStrength, Hints};
use crate::game::{Animating, Match, ScriptedSide};
use crate::jobs::Job;
use crate::schedule::GameSystems;

/// A line of moves to draw on the board from the position of one generation of the game:
/// each move's square and the colour that plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineOnBoard {
    pub generation: u64,
    pub moves: Vec<(Square, Color)>,
}

/// The line the board shows, if any (the best line, or a game review's better move).
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct ShownLine(pub Option<LineOnBoard>);

impl ShownLine {
    /// The moves to draw for the position on the board; none for another position.
    pub fn for_state(&self, state: &Match) -> &[(Square, Color)] {
        match &self.0 {
            Some(line) if line.generation == state.generation => &line.moves,
            _ => &[],
        }
    }
}

/// Show the engine's best line on the board, or hide it (a key or the Move menu).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleBestLine;

/// Whether the player asked for the best line (a key or the Move menu), and its search.
#[derive(Resource, Default)]
pub struct BestLine {
    pub shown: bool,
    running: Option<Job<Vec<(Square, Color)>>>,
}

impl BestLine {
    /// The search stops and answers with the line of the deepest search it completed.
    pub(super) fn stop(&self) {
        if let Some(search) = &self.running {
            search.stop();
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToggleBestLine>()
        .init_resource::<BestLine>()
        .init_resource::<ShownLine>()
        .add_systems(Update, toggle_best_line.in_set(GameSystems::Input))
        .add_systems(Update, find_best_line.in_set(GameSystems::View));
}

fn toggle_best_line(mut requests: MessageReader<ToggleBestLine>, mut best: ResMut<BestLine>) {
    for _ in requests.read() {
        best.shown = !best.shown;
    }
}

fn find_best_line(
    state: Res<Match>,
    animating: Res<Animating>,
    hints: Res<Hints>,
    options: Res<super::EngineOptions>,
    scripted: Res<ScriptedSide>,
    may: super::MaySearch,
    mut best: ResMut<BestLine>,
    mut shown: ResMut<ShownLine>,
    mut was_shown: Local<bool>,
    mut strength_used: Local<Option<HintStrength>>,
) {
    let generation = state.generation;
    // Another strength chosen: the line of the old one goes, and its search stops.
    if strength_used.is_some_and(|used| used != hints.strength) && *was_shown {
        best.running = None;
        shown.0 = None;
    }
    *strength_used = Some(hints.strength);
    if !best.shown || !may.help_allowed() {
        best.running = None;
        // Turned off: the line goes (a line shown for another reason stays).
        if std::mem::take(&mut *was_shown) {
            shown.0 = None;
        }
        return;
    }
    *was_shown = true;
    if best
        .running
        .as_ref()
        .is_some_and(|search| !search.is_for(generation))
    {
        best.running = None;
    }
    if let Some(search) = best.running.as_mut()
        && let Some(moves) = search.poll()
    {
        best.running = None;
        shown.0 = Some(LineOnBoard { generation, moves });
    }
    let have_line = shown
        .0
        .as_ref()
        .is_some_and(|line| line.generation == generation);
    // A study session (a drill, a puzzle) asks the player for the line this would show.
    let studying = scripted.0.is_some();
    let busy = have_line || best.running.is_some() || animating.0;
    if busy || state.game.is_over() || studying || !may.may_start(generation) {
        return;
    }
    let board = state.board();
    // The line is the best one at that strength: no level's variety among near-best moves.
    let mut limits = hints.strength.limits().with_threads(options.threads());
    limits.max_loss = 0;
    let table_mb = options.table_mb();
    best.running = Some(Job::start(generation, move |stop| {
        let searched = board
            .pass()
            .ok()
            .filter(|_| board.must_pass())
            .unwrap_or(board);
        let result = super::searcher(table_mb).best_move(&searched, &limits, stop);
        with_colors(board, &result.pv)
    }));
}

/// Who plays each move of a line from `board`, passes stepped over; the line ends at the first
/// move that is not legal for either side.
pub fn with_colors(board: VariantBoard, line: &[Square]) -> Vec<(Square, Color)> {
    let mut board = board;
    let mut moves = Vec::with_capacity(line.len());
    for &square in line {
        let played = board.play(square).map(|next| (board.to_move(), next));
        let after_pass = || {
            let passed = board.pass().ok()?;
            let next = passed.play(square).ok()?;
            Some((passed.to_move(), next))
        };
        let Some((color, next)) = played.ok().or_else(after_pass) else {
            break;
        };
        moves.push((square, color));
        board = next;
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Rules;
    use reversi_engine::format::parse_game_text;

    #[test]
    fn a_line_alternates_colours_and_stops_at_an_illegal_move() {
        let square = |name: &str| name.parse::<Square>().expect("a square");
        let start = reversi_engine::Game::new(Rules::default()).board();
        let line = with_colors(
            start,
            &[square("f5"), square("d6"), square("a1"), square("c3")],
        );
        assert_eq!(
            line,
            vec![(square("f5"), Color::Black), (square("d6"), Color::White)]
        );
        let game = parse_game_text("f5d6", Rules::default()).expect("legal");
        let line = with_colors(game.board(), &[square("c3")]);
        assert_eq!(line, vec![(square("c3"), Color::Black)]);
    }
}

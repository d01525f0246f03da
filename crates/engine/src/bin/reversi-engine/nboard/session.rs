//! What the engine knows between commands: the game (with the times the GUI recorded) and the
//! depth; and the search limits they give.

use std::time::Duration;

use reversi_engine::format::{GgfGame, MoveNote, bounded_seconds, parse_clock};
use reversi_engine::search::{Level, SearchLimits};
use reversi_engine::{Color, Game, Move, Position};

/// The state of an NBoard session.
pub struct Session {
    /// The current game: the position searched is the one at its end.
    pub record: GgfGame,
    /// The midgame depth from `set depth`.
    pub depth: u8,
    /// Threads a search uses.
    pub threads: usize,
    /// `set contempt`: what a book draw is worth to Black, in centi-discs (to White, the
    /// opposite).
    pub contempt: f64,
    /// A problem found at start (a damaged file of learned games), said once the GUI has
    /// introduced itself with `nboard`.
    pub problem: Option<String>,
}

/// The depth searched before the GUI sends `set depth`.
const DEFAULT_DEPTH: u8 = 12;

impl Session {
    pub fn new(threads: usize) -> Session {
        Session {
            record: GgfGame::from_game(&Game::default()),
            depth: DEFAULT_DEPTH,
            threads,
            contempt: 0.0,
            problem: None,
        }
    }

    /// Plays `mv` at the end of the game; a move of the other side while the side to move has
    /// none is read as that side passing first. The game is unchanged when the move is illegal.
    /// The position at the end of the game, seen from the side to move.
    pub fn position(&self) -> Position {
        standard_position(&self.record.game)
    }

    pub fn play(&mut self, mv: Move, note: MoveNote) -> Result<(), String> {
        let mut game = self.record.game.clone();
        game.redo_all();
        let mut notes = self.record.notes.clone();
        notes.truncate(game.history().len());
        if mv != Move::Pass && game.board().must_pass() {
            game.play(Move::Pass).map_err(|error| error.to_string())?;
            notes.push(MoveNote::default());
        }
        game.play(mv)
            .map_err(|error| format!("'move {mv}': {error}"))?;
        notes.push(note);
        self.record.game = game;
        self.record.notes = notes;
        Ok(())
    }

    /// What a draw in the book is worth to the side to move, in discs.
    pub fn draw_value(&self) -> f64 {
        let for_black = self.contempt / 100.0;
        match self.record.game.board().to_move() {
            Color::Black => for_black,
            Color::White => -for_black,
        }
    }

    /// The limits for a depth: the engine's numeric level of that depth (exact solve from depth
    /// + 8 empties, win/loss/draw from depth + 10), with no time limit of its own.
    pub fn limits_for(&self, depth: u8) -> SearchLimits {
        let mut limits = Level::Custom(depth).limits().with_threads(self.threads);
        limits.time = None;
        limits
    }

    /// The limits for `go`: the set depth, and a share of the side to move's clock when the game
    /// has one.
    pub fn move_limits(&self) -> SearchLimits {
        let mut limits = self.limits_for(self.depth);
        limits.time = self.time_for_move();
        limits
    }

    /// The side to move's remaining clock (`TB`/`TW`, else `TI`, less the times of its moves)
    /// spread over the moves it still has to play, with a margin. Clocks and move times come
    /// bounded from the GGF reader, so this never overflows whatever the GUI sent.
    fn time_for_move(&self) -> Option<Duration> {
        let board = self.record.game.board();
        let to_move = board.to_move();
        let clock = match to_move {
            Color::Black => self.record.black_time.as_ref(),
            Color::White => self.record.white_time.as_ref(),
        }
        .or(self.record.time.as_ref())?;
        let total = parse_clock(clock)?;
        let mut color = self.record.game.start_board().to_move();
        let mut used = Duration::ZERO;
        for note in
            &self.record.notes[..self.record.game.moves().len().min(self.record.notes.len())]
        {
            if color == to_move {
                let spent = note.time.and_then(bounded_seconds).unwrap_or_default();
                used = used.saturating_add(spent);
            }
            color = color.opponent();
        }
        let left = total.saturating_sub(used);
        let moves_left = board.empties().count().div_ceil(2).max(1);
        Some((left / (moves_left + 2)).max(SHORTEST_MOVE_TIME))
    }
}

/// The least time `go` takes, however little is left on the clock.
const SHORTEST_MOVE_TIME: Duration = Duration::from_millis(10);

/// The position of a session's game, which is always standard Othello (`set game` refuses the
/// other variants, and moves keep the variant).
pub fn standard_position(game: &Game) -> Position {
    game.standard_board()
        .map_or_else(Position::start, |board| board.position())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_of_the_side_without_moves_is_a_pass_first() {
        let mut session = Session::new(1);
        // White has no move after these 57 moves; Black has e1.
        let game = Game::from_transcript(
            "c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2c8h6h4g4h3b8f8e6g3b2f1b4h7g1a4g8h8b5a1e8d8d7a8c2h1b1h2a3c1b7a2d2a6",
            Default::default(),
        )
        .unwrap();
        session.record = GgfGame::from_game(&game);
        assert!(
            session
                .play("a1".parse().unwrap(), MoveNote::default())
                .is_err()
        );
        assert_eq!(session.record.game.history().len(), 57, "unchanged");
        session
            .play("e1".parse().unwrap(), MoveNote::default())
            .unwrap();
        assert_eq!(session.record.game.history()[57], Move::Pass);
        assert_eq!(session.record.notes.len(), 59);
    }
}

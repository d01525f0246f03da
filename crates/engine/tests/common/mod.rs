//! Helpers shared by the engine's integration tests.

use reversi_engine::{Game, Move, Rules, Square};

/// Plays a game from the start, choosing each move from `choices` (a pass when forced), until
/// the choices run out or the game ends.
pub fn random_game(choices: &[u8], rules: Rules) -> Game {
    let mut game = Game::new(rules);
    for &choice in choices {
        if game.is_over() {
            break;
        }
        let moves: Vec<Square> = game.board().legal_moves().squares().collect();
        let mv = if moves.is_empty() {
            Move::Pass
        } else {
            Move::Play(moves[usize::from(choice) % moves.len()])
        };
        game.play(mv).unwrap();
    }
    game
}

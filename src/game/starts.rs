//! The starts players use beside the variant's own: XOT (an 8-move opening drawn from the
//! engine's list of near-even ones, `reversi_engine::openings::xot`), a random start of a chosen
//! number of discs, and a handicap of corner discs given to the weaker side.

use reversi_engine::openings::xot;
use reversi_engine::rng::SplitMix64;
use reversi_engine::variant::{Bits, Variant, VariantBoard};
use reversi_engine::{Color, Game, Move, Rules, Square};

use crate::locale::Text;

/// How a new game begins, when not at the variant's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStart {
    /// A near-even 8-move opening drawn from the XOT list (8x8 Othello, Black first).
    Xot,
    /// Random legal moves from the start until this many discs are on the board.
    RandomDiscs(u8),
    /// This many corner discs (1 to 4: a1, h8, h1, a8 on 8x8) of `color` added to the start.
    Handicap { color: Color, corners: u8 },
}

/// The random starts offered: discs on the board.
pub const RANDOM_DISCS: [u8; 4] = [8, 12, 16, 20];

/// The game `start` makes under `rules`, its random choices drawn from `seed`.
pub fn game_from(start: GameStart, rules: Rules, seed: u64) -> Result<Game, Text> {
    match start {
        GameStart::Xot => xot(rules, seed),
        GameStart::RandomDiscs(discs) => Ok(random_start(rules, discs, seed)),
        GameStart::Handicap { color, corners } => handicap(rules, color, corners),
    }
}

/// An opening of the XOT list played from the start (the record keeps its moves), under the
/// scoring chosen; the list is of 8x8 Othello with Black first.
fn xot(rules: Rules, seed: u64) -> Result<Game, Text> {
    let mut game = Game::new(rules);
    if rules.variant != Variant::OTHELLO {
        return Err(Text::new("notice-xot-othello-only"));
    }
    let opening = xot::choose(&mut SplitMix64::new(seed))
        .ok_or_else(|| Text::new("notice-xot-othello-only"))?;
    for square in opening.moves {
        game.play(Move::Play(square))
            .map_err(|_| Text::new("notice-xot-othello-only"))?;
    }
    Ok(game)
}

/// Random legal moves (the record keeps them) until `discs` discs lie on the board, or the
/// game could go no further.
fn random_start(rules: Rules, discs: u8, seed: u64) -> Game {
    let mut game = Game::new(rules);
    let mut state = seed;
    while discs_on(&game.board()) < u32::from(discs) && !game.is_over() {
        let board = game.board();
        let mv = if board.must_pass() {
            Move::Pass
        } else {
            let moves: Vec<Square> = board.legal_moves().squares().collect();
            state = next(state);
            Move::Play(moves[(state % moves.len() as u64) as usize])
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

fn discs_on(board: &VariantBoard) -> u32 {
    board.count(Color::Black) + board.count(Color::White)
}

/// SplitMix64's step: enough to vary a start.
fn next(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The variant's start with `corners` corner discs of `color`: the corners in the order a1,
/// the opposite one, then the other two.
fn handicap(rules: Rules, color: Color, corners: u8) -> Result<Game, Text> {
    let variant = rules.variant;
    let last = variant.size.saturating_sub(1);
    let order = [(0, 0), (last, last), (last, 0), (0, last)];
    let given: Vec<Square> = order
        .iter()
        .take(usize::from(corners.clamp(1, 4)))
        .filter_map(|&(column, row)| Square::from_coords(column, row))
        .filter(|square| variant.squares().contains(*square))
        .collect();
    if given.len() != usize::from(corners.clamp(1, 4)) {
        return Err(Text::new("notice-no-corners"));
    }
    let start = VariantBoard::start(variant);
    let extra: Bits = given.into_iter().collect();
    let (mut black, mut white) = (start.discs(Color::Black), start.discs(Color::White));
    match color {
        Color::Black => black |= extra,
        Color::White => white |= extra,
    }
    let board = VariantBoard::from_discs(variant, black, white, start.to_move())
        .ok_or_else(|| Text::new("notice-no-corners"))?;
    Ok(Game::from_board(board, rules.scoring))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_start_has_the_discs_asked_and_differs_by_seed() {
        let one = random_start(Rules::default(), 12, 1);
        let two = random_start(Rules::default(), 12, 2);
        assert_eq!(discs_on(&one.board()), 12);
        assert_eq!(one.moves().len(), 8);
        assert_ne!(one.moves(), two.moves());
    }

    #[test]
    fn an_xot_start_is_eight_moves_of_the_list_and_refuses_other_boards() {
        let game = xot(Rules::default(), 3).unwrap();
        assert_eq!(game.moves().len(), 8);
        assert_eq!(game.board().to_move(), Color::Black);
        let ten = Rules {
            variant: Variant::othello(10),
            ..Rules::default()
        };
        assert!(xot(ten, 3).is_err());
    }

    #[test]
    fn a_handicap_gives_the_corners_to_one_side() {
        let game = handicap(Rules::default(), Color::White, 2).unwrap();
        let board = game.board();
        assert_eq!(board.count(Color::White), 4);
        assert_eq!(board.count(Color::Black), 2);
        for corner in ["a1", "h8"] {
            let square: Square = corner.parse().unwrap();
            assert_eq!(board.disc_at(square), Some(Color::White));
        }
        assert!(game.moves().is_empty());
    }
}

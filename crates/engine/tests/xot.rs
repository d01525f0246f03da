//! The XOT openings shipped with the engine: each one 8 legal moves from the standard start,
//! no two the same position on any symmetry of the board, a list of a few thousand made as its
//! header says, and a seed that draws one of them. (That a sample still scores within the window
//! at the list's depth is checked in the trainer, which made the list: crates/trainer/tests/xot.rs.)

use std::collections::HashSet;

use reversi_engine::openings::Symmetry;
use reversi_engine::openings::xot::{self, DEPTH, MOVES, WINDOW};
use reversi_engine::rng::SplitMix64;
use reversi_engine::{Color, Move, Position, Square};

const SHIPPED: &str = include_str!("../data/xot.txt");

#[test]
fn the_shipped_list_reads_and_holds_a_few_thousand_openings_in_a_small_file() {
    let parsed = xot::parse(SHIPPED).expect("the shipped list reads");
    assert_eq!(parsed.as_slice(), xot::openings());
    assert_eq!(xot::count(), parsed.len());
    assert!(
        (2_000..=10_000).contains(&xot::count()),
        "{} openings",
        xot::count()
    );
    assert!(SHIPPED.len() < 1 << 20, "{} bytes", SHIPPED.len());
    // The header names the depth and window the engine says the list was made with, and a run
    // over every position, not a sample.
    let header = SHIPPED.lines().next().unwrap_or_default();
    assert!(
        header.contains(&format!("--depth {DEPTH} --window {WINDOW}`")),
        "{header}"
    );
}

#[test]
fn every_opening_replays_legally_to_eight_moves_and_twelve_discs() {
    for opening in xot::openings() {
        let game = opening.game();
        assert_eq!(game.moves().len(), MOVES, "{}", opening.transcript());
        assert!(game.moves().iter().all(|mv| matches!(mv, Move::Play(_))));
        assert_eq!(game.to_move(), Color::Black);
        let board = game.standard_board().expect("a standard game");
        assert_eq!(
            board.count(Color::Black) + board.count(Color::White),
            12,
            "{}",
            opening.transcript()
        );
        assert!(!game.is_over());
        // The same moves on the bare position, square by square.
        let mut position = Position::start();
        for &square in &opening.moves {
            assert_ne!(position.legal_moves() & square.bit(), 0);
            position = position.play(square).expect("a legal move");
        }
        assert_eq!(position, opening.position());
        assert_eq!((position.player | position.opponent).count_ones(), 12);
    }
}

#[test]
fn no_two_openings_are_the_same_position_on_any_symmetry() {
    let mut seen = HashSet::new();
    for opening in xot::openings() {
        // Each image of the opening's moves is a legal sequence too only for the start's four
        // symmetries, so the images are taken of the discs, square by square.
        let position = opening.position();
        let image = |bits: u64, symmetry: Symmetry| -> u64 {
            (0..64u8)
                .filter(|index| bits >> index & 1 == 1)
                .filter_map(Square::from_index)
                .map(|square| symmetry.apply(square).bit())
                .fold(0, |all, bit| all | bit)
        };
        let least = Symmetry::ALL
            .into_iter()
            .map(|symmetry| {
                (
                    image(position.player, symmetry),
                    image(position.opponent, symmetry),
                )
            })
            .min();
        assert!(
            seen.insert(least),
            "{} is listed twice",
            opening.transcript()
        );
    }
}

#[test]
fn two_seeds_draw_two_openings_and_one_seed_the_same() {
    let first = xot::pick(1);
    let second = xot::pick(2);
    assert_eq!(first.moves().len(), MOVES);
    assert_ne!(first.moves(), second.moves());
    assert_eq!(xot::pick(1).moves(), first.moves());
    // Many draws from one generator spread over the list.
    let mut rng = SplitMix64::new(7);
    let drawn: HashSet<_> = (0..50)
        .filter_map(|_| xot::choose(&mut rng))
        .map(|opening| opening.moves)
        .collect();
    assert!(drawn.len() > 40, "{} different openings", drawn.len());
}

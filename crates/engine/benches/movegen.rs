//! Move generation, flips and perft speed: `cargo bench -p reversi-engine --bench movegen`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_engine::board::Board;
use reversi_engine::perft::{perft, perft_portable};
use reversi_engine::{Color, Game, Move, Position, Square, bitboard};

/// Positions from a few pseudo-random games, so every phase of the game is measured.
fn sample_positions() -> Vec<Position> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut positions = Vec::new();
    for _ in 0..50 {
        let mut game = Game::default();
        while !game.is_over() {
            let position = game.standard_board().expect("a standard game").position();
            positions.push(position);
            let moves: Vec<Square> = Square::iter_bits(position.legal_moves()).collect();
            let mv = if moves.is_empty() {
                Move::Pass
            } else {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                Move::Play(moves[(state % moves.len() as u64) as usize])
            };
            game.play(mv).expect("a legal move");
        }
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let positions = sample_positions();
    let moves: Vec<(Position, usize)> = positions
        .iter()
        .flat_map(|position| {
            Square::iter_bits(position.legal_moves()).map(move |square| (*position, square.index()))
        })
        .collect();

    c.bench_function("legal_moves (per position, portable)", |b| {
        let mut index = 0;
        b.iter(|| {
            index = (index + 1) % positions.len();
            let position = black_box(positions[index]);
            bitboard::legal_moves_portable(position.player, position.opponent)
        })
    });
    c.bench_function("legal_moves (per position, as dispatched)", |b| {
        let mut index = 0;
        b.iter(|| {
            index = (index + 1) % positions.len();
            let position = black_box(positions[index]);
            bitboard::legal_moves(position.player, position.opponent)
        })
    });
    c.bench_function("flips (per move, portable)", |b| {
        let mut index = 0;
        b.iter(|| {
            index = (index + 1) % moves.len();
            let (position, square) = black_box(moves[index]);
            bitboard::flips_portable(position.player, position.opponent, square)
        })
    });
    c.bench_function("flips (per move, as dispatched)", |b| {
        let mut index = 0;
        b.iter(|| {
            index = (index + 1) % moves.len();
            let (position, square) = black_box(moves[index]);
            bitboard::flips(position.player, position.opponent, square)
        })
    });
    #[cfg(target_arch = "x86_64")]
    if reversi_engine::cpu::isa().has_v3() {
        c.bench_function("flips (per move, bmi2)", |b| {
            let mut index = 0;
            b.iter(|| {
                index = (index + 1) % moves.len();
                let (position, square) = black_box(moves[index]);
                // SAFETY: x86-64-v3 includes BMI2.
                unsafe { bitboard::flips_bmi2(position.player, position.opponent, square) }
            })
        });
    }

    let start = Board::start(Color::Black).position();
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    group.bench_function("perft(7)", |b| b.iter(|| perft(black_box(start), 7)));
    group.bench_function("perft(7) portable", |b| {
        b.iter(|| perft_portable(black_box(start), 7))
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);

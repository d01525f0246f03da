//! The sparring partner: seeded choices that repeat, errors ordered by setting and concentrated
//! among the best moves, rare blunders, legal moves only, the book in the openings it knows.

use std::sync::atomic::AtomicBool;

use reversi_engine::Square;
use reversi_engine::book::Book;
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::{
    AnySearcher, Level, MoveScore, SearchLimits, Searcher, Sparring, SparringChoice, SparringPhase,
};
use reversi_engine::variant::{Variant, VariantBoard};

/// The board after `plies` seeded random moves from the start of `variant` (passes when
/// forced), or earlier if the game ends.
fn random_board(variant: Variant, seed: u64, plies: usize) -> VariantBoard {
    let mut rng = SplitMix64::new(seed);
    let mut board = VariantBoard::start(variant);
    for _ in 0..plies {
        if board.is_game_over() {
            break;
        }
        let legal: Vec<Square> = board.legal_moves().squares().collect();
        board = if legal.is_empty() {
            board.pass().unwrap()
        } else {
            board.play(legal[rng.below(legal.len())]).unwrap()
        };
    }
    board
}

/// Midgame positions (20 to 40 plies in) where the side to move has at least two moves.
fn midgame_boards(count: usize) -> Vec<VariantBoard> {
    (0..)
        .map(|seed| random_board(Variant::OTHELLO, seed, 20 + (seed as usize * 7) % 21))
        .filter(|board| board.legal_moves().count() >= 2 && !board.is_game_over())
        .take(count)
        .collect()
}

/// Shallow analysis limits, so that the tests run in a few seconds.
fn shallow() -> SearchLimits {
    SearchLimits {
        solve_empties: 8,
        ..SearchLimits::depth(3)
    }
}

fn searcher() -> AnySearcher<reversi_engine::eval::HandEval> {
    AnySearcher::new(Searcher::new(4))
}

fn choose(sparring: Sparring, board: &VariantBoard, seed: u64) -> Option<SparringChoice> {
    let stop = AtomicBool::new(false);
    sparring.choose_with(&mut searcher(), board, &shallow(), seed, &stop)
}

#[test]
fn equal_seeds_give_equal_moves_and_seeds_vary_them() {
    let boards = midgame_boards(4);
    for sparring in Sparring::ALL {
        let mut seen = Vec::new();
        for board in &boards {
            for seed in 0..8 {
                // Each time with a fresh table.
                let first = choose(sparring, board, seed).unwrap();
                assert_eq!(
                    Some(first),
                    choose(sparring, board, seed),
                    "{sparring} {seed}"
                );
                seen.push(first.square);
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert!(
            seen.len() > boards.len(),
            "{sparring} never varies: {seen:?}"
        );
    }
    // The setting's own analysis too.
    let stop = AtomicBool::new(false);
    let first = Sparring::Club.choose(&mut searcher(), &boards[0], 5, &stop);
    let again = Sparring::Club.choose(&mut searcher(), &boards[0], 5, &stop);
    assert!(first.is_some_and(|square| boards[0].is_legal(square)));
    assert_eq!(first, again);
}

/// The chance-weighted loss of a setting's choice among `scored` in the midgame.
fn expected_loss(sparring: Sparring, scored: &[MoveScore]) -> f64 {
    let best = scored[0].score;
    let chances = sparring
        .model()
        .probabilities(scored, |m| m.score, SparringPhase::Midgame, 40);
    scored
        .iter()
        .zip(&chances)
        .map(|(m, chance)| f64::from(best - m.score) * chance)
        .sum()
}

#[test]
fn the_average_loss_is_ordered_by_setting_and_within_the_levels_bounds() {
    let stop = AtomicBool::new(false);
    let mut engine = searcher();
    let positions: Vec<Vec<MoveScore>> = midgame_boards(40)
        .iter()
        .map(|board| engine.analyze(board, &shallow(), &stop))
        .collect();
    let mean = |loss: &dyn Fn(&[MoveScore]) -> f64| {
        positions.iter().map(|p| loss(p)).sum::<f64>() / positions.len() as f64
    };
    let losses: Vec<f64> = Sparring::ALL
        .iter()
        .map(|&sparring| mean(&|p| expected_loss(sparring, p)))
        .collect();
    let random = mean(&|p| {
        let best = p[0].score;
        p.iter().map(|m| f64::from(best - m.score)).sum::<f64>() / p.len() as f64
    });
    // Expert plays the best move (a loss of 0); Beginner tolerates up to its `max_loss` a move.
    let beginner = f64::from(Level::Beginner.limits().max_loss);
    assert!(
        0.0 < losses[2] && losses[2] < losses[1] && losses[1] < losses[0],
        "Master, Strong club, Club: {losses:?}"
    );
    assert!(losses[0] < beginner, "Club {losses:?} beyond {beginner}");
    assert!(losses[0] < random / 2.0, "Club {losses:?}, random {random}");
    // The draws follow the chances: Club's losses drawn over many seeds match its expectation.
    let drawn: Vec<i32> = positions
        .iter()
        .flat_map(|p| {
            (0..50).map(move |seed| {
                let mut rng = SplitMix64::new(seed);
                let model = Sparring::Club.model();
                let (index, _) = model
                    .pick(p, |m| m.score, SparringPhase::Midgame, 40, &mut rng)
                    .unwrap();
                p[0].score - p[index].score
            })
        })
        .collect();
    let drawn_mean = f64::from(drawn.iter().sum::<i32>()) / drawn.len() as f64;
    assert!(
        (drawn_mean - losses[0]).abs() < 0.25 * losses[0],
        "drawn {drawn_mean}, expected {}",
        losses[0]
    );
}

#[test]
fn errors_stay_among_the_best_moves_and_fade_at_the_end() {
    // Eight moves: three near the best, five clearly losing.
    let scores = [6, 5, 3, 0, -4, -8, -12, -20];
    for sparring in Sparring::ALL {
        let model = sparring.model();
        for seed in 0..300 {
            let mut rng = SplitMix64::new(seed);
            let (index, blunder) = model
                .pick(&scores, |&s| s, SparringPhase::Midgame, 40, &mut rng)
                .unwrap();
            let loss = scores[0] - scores[index];
            if blunder {
                assert!(loss >= model.blunder_loss, "{sparring}: blunder {loss}");
            } else {
                assert!(index < model.considered, "{sparring}: move {index}");
            }
        }
        // With two empties left the best move is almost sure; in the book there is no blunder.
        let end = model.probabilities(&scores, |&s| s, SparringPhase::Endgame, 2);
        assert!(end[0] > 0.95, "{sparring}: {end:?}");
        let book = model.probabilities(&scores, |&s| s, SparringPhase::Book, 50);
        assert_eq!(book[5..].iter().sum::<f64>(), 0.0, "{sparring}: {book:?}");
    }
}

#[test]
fn blunders_happen_but_rarely() {
    let scores = [2, 1, 0, -10, -14, -18];
    let mut counts = Vec::new();
    for sparring in Sparring::ALL {
        let model = sparring.model();
        let blunders = (0..600)
            .filter(|&seed| {
                let mut rng = SplitMix64::new(seed);
                let picked = model.pick(&scores, |&s| s, SparringPhase::Midgame, 40, &mut rng);
                picked.unwrap().1
            })
            .count();
        // Within about three standard deviations of the setting's rate.
        let expected = model.blunder_rate * 600.0;
        let spread = 3.0 * (expected * (1.0 - model.blunder_rate)).sqrt() + 1.0;
        assert!(
            (blunders as f64 - expected).abs() <= spread,
            "{sparring}: {blunders} blunders in 600, expected {expected}"
        );
        counts.push(blunders);
    }
    assert!(
        counts[0] > counts[2],
        "Club blunders more than Master: {counts:?}"
    );
    assert!(counts[0] > 0, "Club never blunders");
    // On real positions too, blunders happen, but rarely: Club's rate is 3 %.
    let choices: Vec<SparringChoice> = midgame_boards(300)
        .iter()
        .enumerate()
        .filter_map(|(seed, board)| choose(Sparring::Club, board, seed as u64))
        .collect();
    let real = choices.iter().filter(|c| c.blunder).count();
    assert!(
        real > 0 && real <= choices.len() / 10,
        "{real} blunders in {}",
        choices.len()
    );
}

#[test]
fn only_legal_moves_the_only_move_and_no_move_when_passing() {
    let boards: Vec<VariantBoard> = (0..4000)
        .map(|seed| random_board(Variant::OTHELLO, seed, 20 + (seed as usize % 40)))
        .filter(|board| !board.is_game_over())
        .collect();
    let with = |count: u32| boards.iter().find(|b| b.legal_moves().count() == count);
    let forced = with(1).expect("a position with a single move");
    let passing = with(0).expect("a position where the side to move must pass");
    for sparring in Sparring::ALL {
        let choice = choose(sparring, forced, 9).unwrap();
        assert_eq!(Some(choice.square), forced.legal_moves().first());
        assert!(choice.forced && choice.loss == 0);
        assert_eq!(
            choose(sparring, passing, 9),
            None,
            "{sparring} moves where it must pass"
        );
        for (seed, board) in boards.iter().step_by(200).enumerate() {
            let choice = choose(sparring, board, seed as u64);
            match choice {
                Some(choice) => assert!(board.is_legal(choice.square), "{sparring}"),
                None => assert!(board.legal_moves().is_empty()),
            }
        }
    }
    // A board of another variant is searched by the variants' engine.
    let small = random_board(Variant::othello(6), 3, 6);
    let choice = choose(Sparring::Club, &small, 3).unwrap();
    assert!(small.is_legal(choice.square));
}

#[test]
fn the_book_serves_the_openings_each_setting_knows() {
    let book = Book::shipped();
    let mut board = VariantBoard::start(Variant::OTHELLO);
    for ply in 0..12u32 {
        let standard = board.to_standard().unwrap();
        let moves = book
            .lookup(&standard)
            .expect("the main line is in the book");
        let offered = || moves.iter().map(|m| (m.square, m.score));
        for sparring in Sparring::ALL {
            let choice = sparring.choose_book_move(&board, offered(), u64::from(ply));
            if ply < sparring.model().book_plies {
                let choice = choice.expect("a book move");
                assert!(board.is_legal(choice.square));
                assert_eq!(choice.phase, SparringPhase::Book);
            } else {
                assert_eq!(choice, None, "{sparring} knows ply {ply}");
            }
        }
        // Along the book's best line.
        board = board.play(moves[0].square).unwrap();
    }
}

#[test]
fn the_command_line_plays_a_setting_against_a_level() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
            .args(args)
            .output()
            .unwrap()
    };
    let args = [
        "sparring",
        "--setting",
        "club",
        "--level",
        "1",
        "--games",
        "2",
    ];
    let output = run(&args);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 2);
    assert!(text.contains("phase midgame: moves="), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("sparring games=2 setting=club level=Level 1 "),
        "{last}"
    );
    // The same seed plays the same games (the thinking times aside).
    let games = |text: &str| {
        let lines = text.lines().filter(|l| !l.starts_with("time "));
        lines.map(str::to_string).collect::<Vec<_>>()
    };
    let again = String::from_utf8(run(&args).stdout).unwrap();
    assert_eq!(games(&again), games(&text));
    let wrong = run(&["sparring", "--setting", "grandmaster", "--level", "1"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("not a sparring setting"));
}

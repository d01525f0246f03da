//! Every variant against a deliberately simple reference written here: an array of squares, each
//! move found by walking the eight directions square by square, games searched by plain
//! minimax. Perft from the start and from random positions whose discs reach the edges, and
//! exact endgame scores of random positions, must agree. In Reverse Othello the reference
//! counts the fewest discs as the win by itself.

use reversi_engine::rng::SplitMix64;
use reversi_engine::search::VariantSearcher;
use reversi_engine::variant::{Goal, Start, Supply, Variant, VariantBoard, variant_perft};
use reversi_engine::{Color, Square};

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The reference: a grid of cells, the colour to move and the discs each side has left.
#[derive(Clone)]
struct Reference {
    size: i32,
    /// `None` off the board (eight-star's cut corners).
    on_board: Vec<bool>,
    cells: Vec<Option<Color>>,
    to_move: Color,
    /// Discs left to place, by colour; `None` with a shared supply.
    left: [Option<u32>; 2],
    empty_centre_start: bool,
    adjacent_placement: bool,
    fewest_discs_win: bool,
}

fn side(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Reference {
    /// The same position as `board`, read square by square.
    fn of(board: &VariantBoard) -> Reference {
        let variant = board.variant();
        let size = i32::from(variant.size);
        let mut on_board = Vec::new();
        let mut cells = Vec::new();
        for row in 0..variant.size {
            for column in 0..variant.size {
                let square = Square::from_coords(column, row).unwrap();
                on_board.push(variant.has_square(square));
                cells.push(board.disc_at(square));
            }
        }
        Reference {
            size,
            on_board,
            cells,
            to_move: board.to_move(),
            left: [
                board.discs_left(Color::Black).map(u32::from),
                board.discs_left(Color::White).map(u32::from),
            ],
            empty_centre_start: variant.start == Start::EmptyCentre,
            adjacent_placement: variant.adjacent_placement,
            fewest_discs_win: variant.goal == Goal::FewestDiscs,
        }
    }

    fn cell(&self, column: i32, row: i32) -> Option<Option<Color>> {
        let inside = (0..self.size).contains(&column) && (0..self.size).contains(&row);
        let index = (row * self.size + column) as usize;
        (inside && self.on_board[index]).then(|| self.cells[index])
    }

    fn is_centre(&self, column: i32, row: i32) -> bool {
        let half = self.size / 2;
        (half - 1..=half).contains(&column) && (half - 1..=half).contains(&row)
    }

    /// While the first discs still go on the empty centre squares.
    fn placing_centre(&self) -> bool {
        if !self.empty_centre_start {
            return false;
        }
        let mut centre_empty = false;
        for row in 0..self.size {
            for column in 0..self.size {
                let disc = self.cell(column, row).flatten();
                if self.is_centre(column, row) {
                    centre_empty |= disc.is_none();
                } else if disc.is_some() {
                    return false;
                }
            }
        }
        centre_empty
    }

    /// The cells a disc of the side to move at (column, row) flips.
    fn flips(&self, column: i32, row: i32) -> Vec<(i32, i32)> {
        let me = self.to_move;
        let mut flipped = Vec::new();
        for (dx, dy) in DIRECTIONS {
            let mut line = Vec::new();
            let (mut x, mut y) = (column + dx, row + dy);
            while self.cell(x, y) == Some(Some(me.opponent())) {
                line.push((x, y));
                x += dx;
                y += dy;
            }
            if self.cell(x, y) == Some(Some(me)) {
                flipped.extend(line);
            }
        }
        flipped
    }

    fn touches_own(&self, column: i32, row: i32) -> bool {
        DIRECTIONS
            .iter()
            .any(|(dx, dy)| self.cell(column + dx, row + dy) == Some(Some(self.to_move)))
    }

    /// The legal moves as (column, row), in reading order.
    fn moves(&self) -> Vec<(i32, i32)> {
        if self.left[side(self.to_move)] == Some(0) {
            return Vec::new();
        }
        let centre_only = self.placing_centre();
        let mut moves = Vec::new();
        for row in 0..self.size {
            for column in 0..self.size {
                if self.cell(column, row) != Some(None) {
                    continue;
                }
                let legal = if centre_only {
                    self.is_centre(column, row)
                } else {
                    !self.flips(column, row).is_empty()
                        || (self.adjacent_placement && self.touches_own(column, row))
                };
                if legal {
                    moves.push((column, row));
                }
            }
        }
        moves
    }

    fn play(&self, (column, row): (i32, i32)) -> Reference {
        let mut next = self.clone();
        let flipped = if self.placing_centre() {
            Vec::new()
        } else {
            self.flips(column, row)
        };
        for (x, y) in flipped.into_iter().chain([(column, row)]) {
            next.cells[(y * self.size + x) as usize] = Some(self.to_move);
        }
        if let Some(left) = &mut next.left[side(self.to_move)] {
            *left -= 1;
        }
        next.to_move = self.to_move.opponent();
        next
    }

    fn passed(&self) -> Reference {
        Reference {
            to_move: self.to_move.opponent(),
            ..self.clone()
        }
    }

    fn perft(&self, depth: u32, passed: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            return if passed {
                1
            } else {
                self.passed().perft(depth - 1, true)
            };
        }
        moves
            .iter()
            .map(|&m| self.play(m).perft(depth - 1, false))
            .sum()
    }

    /// The side to move's final disc difference with best play, empties to the side with more
    /// discs; in Reverse Othello the margin by which the side with fewer discs wins.
    fn minimax(&self) -> i32 {
        let moves = self.moves();
        if moves.is_empty() {
            let passed = self.passed();
            if passed.moves().is_empty() {
                let count = |color| self.cells.iter().filter(|&&c| c == Some(color)).count() as i32;
                let difference = count(self.to_move) - count(self.to_move.opponent());
                let empties = self
                    .cells
                    .iter()
                    .zip(&self.on_board)
                    .filter(|&(cell, &on)| on && cell.is_none())
                    .count() as i32;
                let margin = difference + difference.signum() * empties;
                return if self.fewest_discs_win {
                    -margin
                } else {
                    margin
                };
            }
            return -passed.minimax();
        }
        moves
            .iter()
            .map(|&m| -self.play(m).minimax())
            .max()
            .unwrap()
    }
}

/// Every preset, and combinations that mix the options on other boards.
fn variants() -> Vec<Variant> {
    let mut all: Vec<Variant> = [
        "othello",
        "othello-4",
        "othello-6",
        "othello-10",
        "othello-16",
        "reversi-4",
        "reversi-8",
        "reversi-10",
        "eight-star",
        "reversi-1876",
        "reverse-othello",
        "reverse-othello-4",
        "reverse-othello-6",
        "reverse-eight-star",
    ]
    .iter()
    .map(|name| name.parse().unwrap())
    .collect();
    all.push(Variant {
        supply: Supply::Fixed(10),
        adjacent_placement: true,
        first_to_move: Color::White,
        ..Variant::othello(4)
    });
    all.push(Variant {
        start: Start::EmptyCentre,
        supply: Supply::Fixed(18),
        ..Variant::othello(6)
    });
    all.push(Variant {
        adjacent_placement: true,
        ..Variant::EIGHT_STAR
    });
    all
}

/// A position reached by random moves from the start until `empties` squares are left (or the
/// game ends).
fn random_position(variant: Variant, empties: u32, rng: &mut SplitMix64) -> VariantBoard {
    let mut board = VariantBoard::start(variant);
    while board.empties().count() > empties && !board.is_game_over() {
        let moves: Vec<Square> = board.legal_moves().squares().collect();
        board = if moves.is_empty() {
            board.pass().unwrap()
        } else {
            board.play(moves[rng.below(moves.len())]).unwrap()
        };
    }
    board
}

#[test]
fn perft_from_the_start_matches_the_reference_on_every_variant() {
    for variant in variants() {
        let start = VariantBoard::start(variant);
        // Deep enough to reach the edges of the small boards; the large ones are covered by the
        // random positions below.
        let depth = match variant.size {
            4 => 7,
            6 => 6,
            _ => 4,
        };
        assert_eq!(
            variant_perft(&start, depth),
            Reference::of(&start).perft(depth, false),
            "{variant} depth {depth}"
        );
    }
}

#[test]
fn perft_from_random_positions_reaching_the_edges_matches_the_reference() {
    let mut rng = SplitMix64::new(11);
    for variant in variants() {
        let squares = variant.squares().count();
        for _ in 0..4 {
            // Half the board filled: the discs have spread to the edges and corners.
            let board = random_position(variant, squares / 2, &mut rng);
            assert_eq!(
                variant_perft(&board, 3),
                Reference::of(&board).perft(3, false),
                "{variant}: {}",
                reversi_engine::variant::variant_board_string(&board)
            );
        }
    }
}

#[test]
fn exact_endgame_scores_match_plain_minimax_on_every_variant() {
    let mut rng = SplitMix64::new(5);
    let mut searcher = VariantSearcher::new();
    for variant in variants() {
        for _ in 0..6 {
            let board = random_position(variant, 8, &mut rng);
            assert_eq!(
                searcher.solve(&board),
                Reference::of(&board).minimax(),
                "{variant}: {}",
                reversi_engine::variant::variant_board_string(&board)
            );
        }
    }
}

#[test]
fn the_levels_play_every_variant_to_the_end_with_legal_moves() {
    use reversi_engine::arena::play_variant_game;
    use reversi_engine::search::SearchLimits;
    for variant in variants() {
        let limits = SearchLimits::depth(2);
        let game = play_variant_game(variant, (&limits, &limits), 3, 0);
        // Replaying the game's moves checks each one and that the game ended.
        let mut board = VariantBoard::start(variant);
        for mv in &game.moves {
            board = match mv {
                Some(square) => board.play(*square).unwrap(),
                None => board.pass().unwrap(),
            };
        }
        assert!(board.is_game_over(), "{variant}");
    }
}

#[test]
fn four_by_four_othello_solved_from_the_start_agrees_with_minimax() {
    let start = VariantBoard::start(Variant::othello(4));
    assert_eq!(
        VariantSearcher::new().solve(&start),
        Reference::of(&start).minimax()
    );
}

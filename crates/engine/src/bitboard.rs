//! Move generation and flips on bitboards, the hot core of perft and search.
//!
//! A bitboard has bit `row * 8 + column` set for each square it holds (a1 = bit 0, h8 = bit 63).

/// Opponent discs that can lie between two discs on a horizontal or diagonal line: a line that
/// wraps from column h to column a must not be followed, so the edge columns are masked out.
const NOT_EDGE_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Squares reachable from `player` by stepping `shift` bits up over an unbroken run of `line`
/// discs (a Kogge-Stone fill; runs of up to six discs, the most a board holds).
#[inline(always)]
fn fill_up(player: u64, line: u64, shift: u32) -> u64 {
    let mut run = line & (player << shift);
    run |= line & (run << shift);
    let pairs = line & (line << shift);
    run |= pairs & (run << (2 * shift));
    run |= pairs & (run << (2 * shift));
    run << shift
}

/// `fill_up` mirrored: stepping `shift` bits down.
#[inline(always)]
fn fill_down(player: u64, line: u64, shift: u32) -> u64 {
    let mut run = line & (player >> shift);
    run |= line & (run >> shift);
    let pairs = line & (line >> shift);
    run |= pairs & (run >> (2 * shift));
    run |= pairs & (run >> (2 * shift));
    run >> shift
}

/// Empty squares where `player` may play: each outflanks at least one `opponent` disc.
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & NOT_EDGE_COLUMNS;
    let moves = fill_up(player, inner, 1)
        | fill_down(player, inner, 1)
        | fill_up(player, opponent, 8)
        | fill_down(player, opponent, 8)
        | fill_up(player, inner, 7)
        | fill_down(player, inner, 7)
        | fill_up(player, inner, 9)
        | fill_down(player, inner, 9);
    moves & !(player | opponent)
}

/// For each square, the rays towards higher bit indices (east, south-west, south, south-east)
/// and towards lower ones (west, north-east, north, north-west), nearest square first.
const RAYS_UP: [[u64; 4]; 64] = rays([(1, 0), (-1, 1), (0, 1), (1, 1)]);
const RAYS_DOWN: [[u64; 4]; 64] = rays([(-1, 0), (1, -1), (0, -1), (-1, -1)]);

const fn rays(directions: [(i32, i32); 4]) -> [[u64; 4]; 64] {
    let mut table = [[0u64; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = directions[d];
            let mut column = (square % 8) as i32 + dc;
            let mut row = (square / 8) as i32 + dr;
            while column >= 0 && column < 8 && row >= 0 && row < 8 {
                table[square][d] |= 1u64 << (row * 8 + column);
                column += dc;
                row += dr;
            }
            d += 1;
        }
        square += 1;
    }
    table
}

/// The opponent discs that playing on `square` (bit index) would flip; 0 if it flips none.
/// The square itself is not checked for being empty.
#[inline]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    let mut flipped = 0;
    for ray in RAYS_UP[square] {
        // The nearest square along the ray that is not the opponent's ends the run.
        let stops = ray & !opponent;
        let nearest = stops & stops.wrapping_neg();
        if nearest & player != 0 {
            flipped |= ray & (nearest - 1);
        }
    }
    for ray in RAYS_DOWN[square] {
        let stops = ray & !opponent;
        if stops != 0 {
            let nearest = 1u64 << (63 - stops.leading_zeros());
            if nearest & player != 0 {
                flipped |= ray & !((nearest << 1) - 1);
            }
        }
    }
    flipped
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_BLACK: u64 = (1 << 28) | (1 << 35); // e4, d5
    const START_WHITE: u64 = (1 << 27) | (1 << 36); // d4, e5

    #[test]
    fn black_has_four_opening_moves() {
        let moves = legal_moves(START_BLACK, START_WHITE);
        // d3, c4, f5, e6
        let expected = (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44);
        assert_eq!(moves, expected);
    }

    #[test]
    fn f5_flips_e5() {
        assert_eq!(flips(START_BLACK, START_WHITE, 37), 1 << 36);
    }

    #[test]
    fn an_unbracketed_line_flips_nothing() {
        // a1 empty, b1..g1 white, h1 empty: black on a1 flips nothing.
        let white = 0b0111_1110;
        assert_eq!(flips(0, white, 0), 0);
        assert_eq!(flips(1 << 7, white, 0), white);
    }
}

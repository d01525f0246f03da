//! The table: each player's games, wins, draws and losses, points and disc difference, from the
//! games that count (agreed by both players, or settled). Points are counted in half points, so
//! they stay integers: a win is 2, a draw 1, a loss 0.
//!
//! Order: points; between players level on points, the points they took from each other (the
//! games among exactly the tied players); then disc difference; then roster order, the host
//! first. A resignation or a time loss counts as the engine scores it, every square to the winner
//! (64-0), so giving up a lost game never saves discs.

use std::cmp::Reverse;

use reversi_engine::{Color, GameResult};

use super::schedule::{Pairing, PlayerId};

/// What one game gave one player: their points and discs, in the order the table weighs them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Outcome {
    /// In half points.
    pub points: u16,
    pub disc_difference: i32,
}

impl Outcome {
    pub const WIN: u16 = 2;
    pub const DRAW: u16 = 1;

    /// What `result` gives the player of `color`.
    pub fn of(result: &GameResult, color: Color) -> Outcome {
        let points = match result.winner() {
            Some(winner) if winner == color => Outcome::WIN,
            Some(_) => 0,
            None => Outcome::DRAW,
        };
        Outcome {
            points,
            disc_difference: i32::from(result.score(color))
                - i32::from(result.score(color.opponent())),
        }
    }
}

/// One line of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Row {
    pub player: PlayerId,
    pub played: u8,
    pub wins: u8,
    pub draws: u8,
    pub losses: u8,
    /// In half points: a win is 2, a draw 1.
    pub points: u16,
    pub disc_difference: i32,
}

impl Row {
    fn new(player: PlayerId) -> Row {
        Row {
            player,
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points: 0,
            disc_difference: 0,
        }
    }

    fn add(&mut self, outcome: Outcome) {
        self.played += 1;
        match outcome.points {
            Outcome::WIN => self.wins += 1,
            Outcome::DRAW => self.draws += 1,
            _ => self.losses += 1,
        }
        self.points += outcome.points;
        self.disc_difference += outcome.disc_difference;
    }
}

/// The table of `players` players after the `counted` games, best first.
pub fn standings(players: u8, counted: &[(Pairing, GameResult)]) -> Vec<Row> {
    let mut rows: Vec<Row> = (0..players).map(|id| Row::new(PlayerId(id))).collect();
    for (pairing, result) in counted {
        for color in [Color::Black, Color::White] {
            if let Some(row) = rows.get_mut(pairing.player(color).index()) {
                row.add(Outcome::of(result, color));
            }
        }
    }
    rows.sort_by_key(|row| Reverse(row.points));
    for tied in rows.chunk_by_mut(|one, other| one.points == other.points) {
        let group: Vec<PlayerId> = tied.iter().map(|row| row.player).collect();
        tied.sort_by_cached_key(|row| {
            (
                Reverse(head_to_head(row.player, &group, counted)),
                Reverse(row.disc_difference),
                row.player,
            )
        });
    }
    rows
}

/// The points `player` took in the counted games against the others of `group`.
fn head_to_head(player: PlayerId, group: &[PlayerId], counted: &[(Pairing, GameResult)]) -> u16 {
    counted
        .iter()
        .filter(|(pairing, _)| group.contains(&pairing.black) && group.contains(&pairing.white))
        .filter_map(|(pairing, result)| Some(Outcome::of(result, pairing.color_of(player)?).points))
        .sum()
}

#[cfg(test)]
mod tests {
    use reversi_engine::EndReason;
    use reversi_engine::variant::Goal;

    use super::*;
    use crate::championship::schedule::GameId;

    /// A played-out game between `black` and `white` with this score.
    fn game(black: u8, white: u8, score: (u16, u16)) -> (Pairing, GameResult) {
        (
            Pairing {
                game: GameId(0),
                round: 1,
                black: PlayerId(black),
                white: PlayerId(white),
            },
            GameResult {
                black: score.0,
                white: score.1,
                reason: EndReason::NoMoves,
                goal: Goal::MostDiscs,
            },
        )
    }

    fn order(rows: &[Row]) -> Vec<u8> {
        rows.iter().map(|row| row.player.0).collect()
    }

    #[test]
    fn a_row_counts_wins_draws_losses_points_and_discs() {
        let rows = standings(
            3,
            &[
                game(0, 1, (40, 24)),
                game(1, 0, (32, 32)),
                game(2, 0, (10, 54)),
            ],
        );
        assert_eq!(
            rows[0],
            Row {
                player: PlayerId(0),
                played: 3,
                wins: 2,
                draws: 1,
                losses: 0,
                points: 5,
                disc_difference: 16 + 44,
            }
        );
        assert_eq!(order(&rows), [0, 1, 2]);
        assert_eq!((rows[1].points, rows[1].disc_difference), (1, -16));
        assert_eq!((rows[2].played, rows[2].losses), (1, 1));
    }

    #[test]
    fn a_tie_on_points_goes_to_head_to_head_then_discs_then_roster_order() {
        // 1 beat 0, but 0 won its other games by more: head-to-head comes first.
        let rows = standings(
            3,
            &[
                game(1, 0, (33, 31)),
                game(0, 2, (60, 4)),
                game(2, 1, (63, 1)),
            ],
        );
        assert_eq!(
            rows.iter().map(|row| row.points).collect::<Vec<_>>(),
            [2, 2, 2]
        );
        // Three-way tie: each took 2 points from the others, so discs decide: 0 (+54), 2 (+6),
        // 1 (-60).
        assert_eq!(order(&rows), [0, 2, 1]);
        let two_way = standings(3, &[game(1, 0, (33, 31)), game(0, 2, (60, 4))]);
        assert_eq!(order(&two_way), [1, 0, 2]);
        // Level in everything: roster order.
        let level = standings(2, &[game(1, 0, (32, 32))]);
        assert_eq!(order(&level), [0, 1]);
    }
}

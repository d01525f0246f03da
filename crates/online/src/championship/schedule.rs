//! Who plays whom, and with which colour: a double round robin. Every pair of players meets
//! twice, each player taking Black once; the rounds come from the circle method, so nobody is
//! paired twice in a round (with an odd number of players, one sits out each round). The
//! schedule is computed, never sent: every participant's program derives the same one from the
//! roster's size, so a peer has nothing to forge in it.

use std::fmt;

use reversi_engine::Color;
use serde::{Deserialize, Serialize};

use crate::invitation::ChampionshipTerms;

/// A player of a championship: their place in the roster, the host first (0).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Shown counted from 1, the host being player 1.
impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", u16::from(self.0) + 1)
    }
}

/// A game of a championship: its place in the schedule.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct GameId(pub u16);

impl GameId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Shown counted from 1.
impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", u32::from(self.0) + 1)
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Pairing {
    pub game: GameId,
    /// Counted from 1.
    pub round: u8,
    pub black: PlayerId,
    pub white: PlayerId,
}

impl Pairing {
    /// The colour `player` has in this game, if they play in it.
    pub fn color_of(&self, player: PlayerId) -> Option<Color> {
        if player == self.black {
            Some(Color::Black)
        } else if player == self.white {
            Some(Color::White)
        } else {
            None
        }
    }

    pub fn player(&self, color: Color) -> PlayerId {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    pub fn plays(&self, player: PlayerId) -> bool {
        self.color_of(player).is_some()
    }
}

/// The games of a championship of `players` players, in the order they are meant to be played:
/// round by round, game ids counting up from 0. The second half repeats the first half's rounds
/// with the colours swapped. A count outside 2 to [`ChampionshipTerms::MAX_PLAYERS`] has no
/// schedule (an empty one): the invitation and the roster refuse such counts before.
pub fn double_round_robin(players: u8) -> Vec<Pairing> {
    if !(2..=ChampionshipTerms::MAX_PLAYERS).contains(&players) {
        return Vec::new();
    }
    // The circle method: seat everyone (and, for an odd count, an empty seat whose partner sits
    // out) around a table, pair the seats across it, and turn everyone but the first seat one
    // place each round.
    let seats = players + players % 2;
    let bye = players;
    let mut circle: Vec<u8> = (0..seats).collect();
    let mut first_half = Vec::new();
    for round in 0..seats - 1 {
        for across in 0..seats / 2 {
            let (one, other) = (
                circle[usize::from(across)],
                circle[usize::from(seats - 1 - across)],
            );
            if one == bye || other == bye {
                continue;
            }
            // Alternating with the round and the place at the table spreads the colours within
            // each half; the second half evens them out exactly.
            let (black, white) = if (round + across) % 2 == 0 {
                (one, other)
            } else {
                (other, one)
            };
            first_half.push((round + 1, PlayerId(black), PlayerId(white)));
        }
        circle[1..].rotate_right(1);
    }
    let second_half = first_half
        .iter()
        .map(|&(round, black, white)| (round + seats - 1, white, black));
    first_half
        .iter()
        .copied()
        .chain(second_half)
        .zip(0..)
        .map(|((round, black, white), game)| Pairing {
            game: GameId(game),
            round,
            black,
            white,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_pair_meets_twice_with_the_colours_swapped_and_nobody_plays_twice_in_a_round() {
        for players in 2..=ChampionshipTerms::MAX_PLAYERS {
            let schedule = double_round_robin(players);
            let n = usize::from(players);
            assert_eq!(schedule.len(), n * (n - 1), "{players} players");
            let ordered: HashSet<(PlayerId, PlayerId)> = schedule
                .iter()
                .map(|pairing| (pairing.black, pairing.white))
                .collect();
            assert_eq!(
                ordered.len(),
                schedule.len(),
                "{players}: a pairing repeats"
            );
            for pairing in &schedule {
                assert_ne!(pairing.black, pairing.white);
                assert!(pairing.black.0 < players && pairing.white.0 < players);
                assert!(ordered.contains(&(pairing.white, pairing.black)));
            }
            let rounds = if players % 2 == 0 {
                2 * (players - 1)
            } else {
                2 * players
            };
            for round in 1..=rounds {
                let seated: Vec<PlayerId> = schedule
                    .iter()
                    .filter(|pairing| pairing.round == round)
                    .flat_map(|pairing| [pairing.black, pairing.white])
                    .collect();
                let distinct: HashSet<&PlayerId> = seated.iter().collect();
                assert_eq!(distinct.len(), seated.len(), "{players}: round {round}");
                // Everybody plays each round but the one sitting out.
                assert_eq!(seated.len(), n - n % 2, "{players}: round {round}");
            }
            assert!(schedule.iter().all(|pairing| pairing.round <= rounds));
            assert!(
                schedule.windows(2).all(|two| two[0].round <= two[1].round),
                "{players}: the games go round by round"
            );
            let ids: Vec<u16> = schedule.iter().map(|pairing| pairing.game.0).collect();
            assert_eq!(ids, (0..schedule.len() as u16).collect::<Vec<_>>());
            for player in 0..players {
                let blacks = schedule
                    .iter()
                    .filter(|pairing| pairing.black == PlayerId(player))
                    .count();
                assert_eq!(blacks, n - 1, "{players}: player {player} takes Black");
            }
        }
    }

    #[test]
    fn the_schedule_is_the_same_on_every_program_and_none_for_impossible_counts() {
        assert_eq!(double_round_robin(6), double_round_robin(6));
        assert!(double_round_robin(0).is_empty());
        assert!(double_round_robin(1).is_empty());
        assert!(double_round_robin(9).is_empty());
        let two = double_round_robin(2);
        assert_eq!(
            two.iter()
                .map(|pairing| (pairing.round, pairing.black.0, pairing.white.0))
                .collect::<Vec<_>>(),
            [(1, 0, 1), (2, 1, 0)]
        );
    }
}

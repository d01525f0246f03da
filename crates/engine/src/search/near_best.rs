//! The weaker levels' choice: a move drawn among those scoring within a tolerated loss of the
//! best, the same one for equal seeds. The search's root and the opening book both choose so.

use crate::rng::SplitMix64;

/// One of `moves` (best first) whose score is known and at most `max_loss` below the first
/// one's, drawn by `seed`; the first move when it is the only one so near. `score` gives a
/// move's score, `None` when only a bound of it is known. `None` when there is no move.
pub fn choose_near_best<T>(
    moves: &[T],
    max_loss: i32,
    seed: u64,
    score: impl Fn(&T) -> Option<i32>,
) -> Option<&T> {
    let first = moves.first()?;
    let Some(best) = score(first) else {
        return Some(first);
    };
    let near: Vec<&T> = moves
        .iter()
        .filter(|m| score(m).is_some_and(|score| score >= best - max_loss))
        .collect();
    if near.len() <= 1 {
        return Some(first);
    }
    Some(near[SplitMix64::new(seed).below(near.len())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_known_scores_near_the_best_are_chosen_and_seeds_repeat() {
        let moves = [(10, true), (9, false), (8, true), (7, true), (3, true)];
        let score = |m: &(i32, bool)| m.1.then_some(m.0);
        let mut seen = Vec::new();
        for seed in 0..64 {
            let chosen = choose_near_best(&moves, 3, seed, score).unwrap().0;
            assert_eq!(choose_near_best(&moves, 3, seed, score).unwrap().0, chosen);
            seen.push(chosen);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, [7, 8, 10]);
        assert_eq!(choose_near_best(&moves, 0, 5, score).unwrap().0, 10);
        assert_eq!(choose_near_best::<(i32, bool)>(&[], 3, 5, score), None);
    }
}

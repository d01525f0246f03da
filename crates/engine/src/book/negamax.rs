//! Book values: a move whose position is in the book is worth what that position's best move is
//! worth, from the other side (negamax over the book), which is a search one ply deeper than the
//! move's own; a move leaving the book keeps the score its search gave.

use std::collections::{BTreeMap, HashMap};

use super::Node;
use super::canonical::{Key, canonical, key};
use crate::position::Position;
use crate::square::Square;

/// Sets every move's value and value depth from the positions below it in `nodes`.
pub fn propagate(nodes: &mut BTreeMap<Key, Node>) {
    let mut best = HashMap::new();
    let keys: Vec<Key> = nodes.keys().copied().collect();
    for key in keys {
        value_of(key, nodes, &mut best);
    }
}

/// The best (value, depth) of the position `key`, computing its moves' values first; `None`
/// when the position is not in the book. Games only add discs, so the recursion ends (at most
/// 60 plies deep).
fn value_of(
    key_of_node: Key,
    nodes: &mut BTreeMap<Key, Node>,
    best: &mut HashMap<Key, (i8, u8)>,
) -> Option<(i8, u8)> {
    if let Some(&known) = best.get(&key_of_node) {
        return Some(known);
    }
    let node = nodes.get(&key_of_node)?;
    let depth = node.depth;
    let moves: Vec<(u8, i8)> = node.moves.iter().map(|m| (m.square, m.score)).collect();
    let position = Position::new(key_of_node.0, key_of_node.1);
    let values: Vec<(i8, u8)> = moves
        .into_iter()
        .map(|(square, score)| {
            let child = Square::from_index(square).and_then(|square| position.play(square));
            child
                .and_then(|child| value_of(key(&canonical(child).0), nodes, best))
                .map_or((score, depth), |(value, below)| {
                    (-value, below.saturating_add(1))
                })
        })
        .collect();
    let node = nodes.get_mut(&key_of_node)?;
    for (stored, &(value, value_depth)) in node.moves.iter_mut().zip(&values) {
        stored.value = value;
        stored.value_depth = value_depth;
    }
    let top = values.into_iter().max_by_key(|&(value, _)| value)?;
    best.insert(key_of_node, top);
    Some(top)
}

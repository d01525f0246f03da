//! The positions the threads of a parallel search are in the middle of, so that a thread can put
//! off a move another one is already searching (simplified ABDADA).

use std::sync::atomic::{AtomicU64, Ordering};

use super::tt::hash;

/// Slots in the table of positions being searched: far more than two threads have in flight at
/// the depths that use it, so collisions are rare (and only cost ordering, not correctness).
const BUSY_SLOTS: usize = 1 << 12;

/// The positions some thread is searching at this moment, by hash.
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    pub fn new() -> Busy {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key as usize) & (BUSY_SLOTS - 1)]
    }

    /// A key that is never 0, the mark of a free slot.
    #[inline]
    fn slot_key(key: &[u64; 2]) -> u64 {
        hash(key) | 1
    }

    #[inline]
    pub fn contains(&self, position: &[u64; 2]) -> bool {
        let key = Busy::slot_key(position);
        self.slot(key).load(Ordering::Relaxed) == key
    }

    #[inline]
    pub fn enter(&self, position: &[u64; 2]) {
        let key = Busy::slot_key(position);
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Frees the slot unless another position has taken it since.
    #[inline]
    pub fn leave(&self, position: &[u64; 2]) {
        let key = Busy::slot_key(position);
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

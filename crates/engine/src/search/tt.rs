//! The transposition table: a fixed number of buckets allocated once (zeroed, so the operating
//! system hands pages over lazily), never grown. The allocation may fail: the caller is told.
//!
//! An entry keeps the position's two-word key (`SearchBoard::key`: the whole position on a board
//! of one word, so no hash collisions to reason about there; a 128-bit fingerprint on the larger
//! boards), bounds on its score, its best move and how it was searched: to a depth with the
//! evaluation (scores in evaluation units), or solved to the end (scores in discs, valid at any
//! depth) exactly or probably.
//!
//! The threads of a parallel search share one table without locks. An entry is three atomic
//! words written one by one, `[key[0] ^ data, key[1] ^ data, data]`: a reader that sees words
//! from two different writes gets a key that matches none it looks for (unless 64 bits agree by
//! chance), so a torn entry reads as a miss, never as another position's bounds.

use std::alloc::{self, Layout};
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use super::certainty::Certainty;

/// Entries per bucket: a probe looks at this many neighbours.
const BUCKET: usize = 4;

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub lower: i32,
    pub upper: i32,
    /// Index of the best move found, if any (`SearchBoard::index`).
    pub best: Option<u8>,
    /// Depth searched; for solved entries the number of empty squares.
    pub depth: u32,
    /// Solved to the end of the game, and how surely: the scores are disc bounds from the
    /// endgame solver. `None`: searched `depth` plies with the evaluation.
    pub solved: Option<Certainty>,
}

/// What the table says of a node before it is searched.
pub(super) enum TableVerdict {
    /// The stored bounds settle the node's score.
    Settled(i32),
    /// The node is to be searched in the window narrowed by the stored bounds, with the stored
    /// best move, if any, first.
    Search {
        alpha: i32,
        beta: i32,
        table_move: Option<u8>,
    },
}

pub struct Table {
    /// `[key[0] ^ data, key[1] ^ data, data]` per entry; an all-zero entry is empty (its key is
    /// the position with no discs, which no search meets, or a fingerprint of zero).
    entries: Box<[Entry]>,
    buckets: usize,
    generation: u8,
}

/// The data bit that says an entry has a best move (every `u8` is a square of some board).
const HAS_MOVE: u64 = 1 << 60;

type Entry = [AtomicU64; 3];

/// One entry as read: its key's two words and its data.
#[inline]
fn load(entry: &Entry) -> (u64, u64, u64) {
    let data = entry[2].load(Ordering::Relaxed);
    let first = entry[0].load(Ordering::Relaxed) ^ data;
    let second = entry[1].load(Ordering::Relaxed) ^ data;
    (first, second, data)
}

#[inline]
fn save(entry: &Entry, key: &[u64; 2], data: u64) {
    entry[0].store(key[0] ^ data, Ordering::Relaxed);
    entry[1].store(key[1] ^ data, Ordering::Relaxed);
    entry[2].store(data, Ordering::Relaxed);
}

fn pack(
    lower: i32,
    upper: i32,
    best: Option<u8>,
    depth: u32,
    solved: Option<Certainty>,
    generation: u8,
) -> u64 {
    let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let solved = solved.map_or(0, |certainty| 1 | (u64::from(certainty.bits()) << 1));
    let best = best.map_or(0, |index| HAS_MOVE | u64::from(index) << 32);
    clamp(lower)
        | (clamp(upper) << 16)
        | best
        | (u64::from(depth.min(255) as u8) << 40)
        | (u64::from(generation) << 48)
        | (solved << 56)
}

fn unpack(data: u64) -> Probe {
    Probe {
        lower: i32::from(data as u16 as i16),
        upper: i32::from((data >> 16) as u16 as i16),
        best: (data & HAS_MOVE != 0).then_some((data >> 32) as u8),
        depth: ((data >> 40) & 0xFF) as u32,
        solved: ((data >> 56) & 1 != 0).then(|| Certainty::from_bits(((data >> 57) & 0b111) as u8)),
    }
}

fn generation_of(data: u64) -> u8 {
    ((data >> 48) & 0xFF) as u8
}

#[inline]
pub(crate) fn hash(key: &[u64; 2]) -> u64 {
    let mut h = key[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ key[1].rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^ (h >> 29)
}

/// Asks the processor to bring the cache line of `address` closer (x86-64 and aarch64; elsewhere
/// nothing). A prefetch only hints the cache: it reads no data and cannot fault.
#[inline(always)]
fn prefetch_line(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: see above; SSE, which the instruction needs, is part of every x86-64.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch(address.cast::<i8>(), _MM_HINT_T0);
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: see above.
    unsafe {
        std::arch::asm!("prfm pldl1keep, [{0}]", in(reg) address, options(nostack, readonly, preserves_flags));
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = address;
}

/// The memory for a table could not be had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("cannot allocate a {megabytes} MiB transposition table: not enough memory")]
pub struct TableAllocError {
    pub megabytes: usize,
}

impl Table {
    /// A table using at most `megabytes` MiB (at least one bucket), or an error when the memory
    /// cannot be had.
    pub fn try_new(megabytes: usize) -> Result<Table, TableAllocError> {
        let error = TableAllocError { megabytes };
        let bytes = megabytes.checked_mul(1 << 20).ok_or(error)?;
        let buckets = (bytes / (BUCKET * 24)).max(1);
        let layout = Layout::array::<Entry>(buckets * BUCKET).map_err(|_| error)?;
        // SAFETY: the layout is not zero-sized (at least one bucket).
        let memory = unsafe { alloc::alloc_zeroed(layout) };
        if memory.is_null() {
            return Err(error);
        }
        let slice = std::ptr::slice_from_raw_parts_mut(memory.cast::<Entry>(), buckets * BUCKET);
        // SAFETY: `memory` comes from the global allocator with the layout of exactly this
        // slice, and all-zero bits are valid `AtomicU64` values (it has the in-memory
        // representation of `u64`). A zeroed allocation leaves the
        // pages untouched until used, so even a large table is quick to build.
        let entries = unsafe { Box::from_raw(slice) };
        Ok(Table {
            entries,
            buckets,
            generation: 1,
        })
    }

    /// A table of at most `megabytes` MiB, or of the largest power-of-two fraction of it that
    /// the memory allows (use `try_new` to be told instead).
    pub fn new(megabytes: usize) -> Table {
        let mut megabytes = megabytes;
        loop {
            match Table::try_new(megabytes) {
                Ok(table) => return table,
                Err(_) if megabytes > 0 => megabytes /= 2,
                Err(_) => alloc::handle_alloc_error(Layout::new::<[Entry; BUCKET]>()),
            }
        }
    }

    /// Bytes held by the entries.
    pub fn size_bytes(&self) -> usize {
        self.entries.len() * 24
    }

    /// Marks later stores as newer, so older entries are replaced first. Called per search.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    pub fn clear(&mut self) {
        for word in self.entries.iter_mut().flatten() {
            *word.get_mut() = 0;
        }
    }

    #[inline]
    fn bucket(&self, key: &[u64; 2]) -> usize {
        (((hash(key) as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET
    }

    /// Starts fetching the bucket of `key` into the cache, for a probe soon after: the
    /// table is much larger than the caches, and a probe otherwise waits for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: &[u64; 2]) {
        let start = self.bucket(key);
        let bucket = &self.entries[start..start + BUCKET];
        // A bucket may straddle two cache lines: its first and last bytes are fetched.
        let first = bucket.as_ptr().cast::<u8>();
        let last = bucket[BUCKET - 1].as_ptr().cast::<u8>().wrapping_add(16);
        for address in [first, last] {
            prefetch_line(address);
        }
    }

    #[inline]
    pub fn probe(&self, key: &[u64; 2]) -> Option<Probe> {
        let start = self.bucket(key);
        self.entries[start..start + BUCKET]
            .iter()
            .find_map(|entry| {
                let (first, second, data) = load(entry);
                (first == key[0] && second == key[1]).then(|| unpack(data))
            })
    }

    /// Records a search result: `lower..=upper` bounds the score. Threads storing into the same
    /// bucket at once may lose one of the results, never mix them.
    #[inline]
    pub fn store(
        &self,
        key: &[u64; 2],
        lower: i32,
        upper: i32,
        best: Option<u8>,
        depth: u32,
        solved: Option<Certainty>,
    ) {
        let start = self.bucket(key);
        let generation = self.generation;
        let bucket = &self.entries[start..start + BUCKET];
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, entry) in bucket.iter().enumerate() {
            let (first, second, data) = load(entry);
            if first == key[0] && second == key[1] {
                // The same position: keep its old best move if this search found none.
                let old = unpack(data);
                let best = best.or(old.best);
                // A shallower, unsolved or less sure result must not replace a solved, deeper or
                // surer one (`None` orders before any certainty).
                let data = if (old.solved, old.depth) > (solved, depth) {
                    pack(
                        old.lower, old.upper, best, old.depth, old.solved, generation,
                    )
                } else {
                    pack(lower, upper, best, depth, solved, generation)
                };
                save(entry, key, data);
                return;
            }
            // Otherwise replace the least valuable: empty, then from an older search, then
            // shallowest.
            let worth = if first | second == 0 {
                i32::MIN
            } else {
                let age = i32::from(generation.wrapping_sub(generation_of(data)));
                unpack(data).depth as i32 - 64 * age
            };
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        save(
            &bucket[victim],
            key,
            pack(lower, upper, best, depth, solved, generation),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_bounds() {
        let table = Table::new(1);
        let key = [0x0000_0008_1000_0000, 0x0000_0010_0800_0000];
        assert_eq!(table.probe(&key), None);
        table.store(&key, -3, 12, Some(19), 5, None);
        let probe = table.probe(&key).unwrap();
        assert_eq!((probe.lower, probe.upper, probe.best), (-3, 12, Some(19)));
        assert_eq!((probe.depth, probe.solved), (5, None));
        let probable = Some(Certainty::PROBABLE[2]);
        table.store(&key, 2, 2, Some(20), 60, probable);
        let probe = table.probe(&key).unwrap();
        assert_eq!((probe.lower, probe.upper, probe.best), (2, 2, Some(20)));
        assert_eq!(probe.solved, probable);
        table.store(&key, 4, 4, None, 60, Some(Certainty::EXACT));
        let probe = table.probe(&key).unwrap();
        assert_eq!((probe.lower, probe.upper, probe.best), (4, 4, Some(20)));
        assert_eq!(probe.solved, Some(Certainty::EXACT));
        // A less sure solve does not replace an exact one.
        table.store(&key, -6, -6, Some(21), 60, probable);
        let probe = table.probe(&key).unwrap();
        assert_eq!((probe.lower, probe.upper), (4, 4));
        assert_eq!(probe.solved, Some(Certainty::EXACT));
    }

    #[test]
    fn a_table_too_large_for_memory_is_refused() {
        assert_eq!(
            Table::try_new(usize::MAX).err(),
            Some(TableAllocError {
                megabytes: usize::MAX
            })
        );
        // A pebibyte: a valid size beyond any machine's memory. `black_box` keeps the
        // optimiser from eliding an allocation that is never used.
        let huge = 1 << 30;
        assert_eq!(
            Table::try_new(huge).map(std::hint::black_box).err(),
            Some(TableAllocError { megabytes: huge })
        );
        let fallback = std::hint::black_box(Table::new(huge));
        assert!(fallback.size_bytes() < huge << 20);
    }

    #[test]
    fn memory_is_bounded() {
        let table = Table::new(1);
        assert!(table.size_bytes() <= 1 << 20);
        let mut x = 1u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            table.store(&[x & !(x >> 1), x >> 1 & !x], 0, 0, None, 1, None);
        }
        assert!(table.size_bytes() <= 1 << 20);
    }

    /// Another thread's store into the same entry can be seen half done: whichever words of it
    /// are visible, the entry reads as a miss, never as one position with the other's bounds.
    #[test]
    fn a_half_written_entry_reads_as_a_miss() {
        let a = [0x0000_0008_1000_0000, 0x0000_0010_0800_0000];
        let b = [0x0000_0018_1000_0000, 0x0000_0000_0800_0000];
        let b_data = pack(-7, 9, Some(3), 4, None, 1);
        let b_words = [b[0] ^ b_data, b[1] ^ b_data, b_data];
        // The words of `b`'s store already visible: its first one or two, or its data alone.
        for visible in [
            [true, false, false],
            [true, true, false],
            [false, false, true],
        ] {
            let table = Table::try_new(0).unwrap();
            table.store(&a, 5, 5, Some(19), 6, None);
            let entry = table
                .entries
                .iter()
                .find(|entry| load(entry).0 == a[0])
                .unwrap();
            for ((word, value), shown) in entry.iter().zip(b_words).zip(visible) {
                if shown {
                    word.store(value, Ordering::Relaxed);
                }
            }
            assert_eq!(table.probe(&a), None, "{visible:?}");
            assert_eq!(table.probe(&b), None, "{visible:?}");
        }
    }
}

//! The weights file of the pattern evaluation: what it holds, how it is written, and the checks
//! that refuse a file that is not exactly what the evaluation expects.
//!
//! Layout, little-endian: magic `RVPW`, format version (u16), phase count (u16), table count
//! (u16), each table's size (u32), the width of the hidden part (u16: 0 without one, else
//! `HIDDEN`), the table entries, then (with a hidden part) each phase's biases (i32) and output
//! weights (i32), then an FNV-1a 32-bit checksum of every byte before it. The entries come phase
//! after phase, table after table: each one's weight in evaluation units, then with a hidden
//! part its vector, whose values are 8-bit. Each of these values is coded in one byte when it
//! can be, as most are small and many zero (configurations no training position ever touched):
//! a byte of ±127 other than 0 is the value itself, the byte -128 is followed by the value as
//! i16, and the byte 0 by the length (LEB128) of the run of zeros it starts. That keeps a file
//! small: run12's tables with a hidden part of 14 units take 8.15 MB, 75 MB as plain i16 values.
//!
//! Version 1 files (the linear tables only, every value an i16, a run of zeros as `i16::MIN` and
//! its length as u16) still read, as earlier runs wrote them; version 2 was never shipped. The
//! first version 3 files had a hidden part 7 wide of 16-bit values (run11, run12-e16):
//! their width refuses them.

use std::iter;

use thiserror::Error;

use crate::data_file::{Reader, Sealed, Truncated, seal};

const MAGIC: &[u8; 4] = b"RVPW";

/// The format version this engine writes.
pub const VERSION: u16 = 3;

/// The first format version, which still reads: the linear tables only, every value an i16.
pub const OLD_VERSION: u16 = 1;

/// Units of the hidden part: its width (14, so that a table's 16-bit weight and its vector of
/// 8-bit values are 16 bytes side by side in the evaluation, one aligned read), and the fixed
/// point of its vectors, biases and output weights (each an integer in `1 / HIDDEN_UNIT` of its
/// value; a vector's values within ±127 of it).
pub const HIDDEN: usize = 14;
pub const HIDDEN_UNIT: i32 = 512;

/// In a version 1 file, starts a run of zeros.
const OLD_ZERO_RUN: i16 = i16::MIN;

/// The bytes of the coding that are not a value: the value follows as i16, or a run of zeros'
/// length follows (LEB128, at most `MAX_LENGTH_BYTES` bytes).
const WIDE: i8 = i8::MIN;
const ZEROS: i8 = 0;
const MAX_LENGTH_BYTES: u32 = 5;

/// Most phases a file may have: one per number of empty squares.
pub const MAX_PHASES: usize = 60;

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WeightsError {
    #[error("not a weights file (bad magic)")]
    BadMagic,
    #[error(
        "weights format version {found}, this engine reads versions {OLD_VERSION} and {VERSION}"
    )]
    BadVersion { found: u16 },
    #[error("a hidden part {found} wide, this engine's is {HIDDEN} (or none)")]
    BadHidden { found: usize },
    #[error("{found} phases, expected 1..={MAX_PHASES}")]
    BadPhases { found: usize },
    #[error("table sizes {found:?} do not match this engine's patterns {expected:?}")]
    BadTables { found: Vec<u32>, expected: Vec<u32> },
    #[error("the file ends early")]
    Truncated,
    #[error("{0} bytes after the checksum")]
    TrailingBytes(usize),
    #[error("checksum {found:#010x}, the content sums to {computed:#010x}")]
    BadChecksum { found: u32, computed: u32 },
    #[error("a run of zeros is empty or overflows the weight tables")]
    BadRun,
    #[error("a value of the hidden part's vectors is beyond 8 bits")]
    WideHiddenValue,
}

/// Weights for every phase, `phases * sum(table_sizes)` values, phase-major, and optionally a
/// hidden part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub phases: usize,
    pub table_sizes: Vec<u32>,
    pub values: Vec<i16>,
    pub hidden: Option<Hidden>,
}

/// The part of the evaluation that sees patterns together: every table entry also holds a
/// vector of `HIDDEN` values, and a phase adds `sum over k of output[k] * max(0, bias[k] + the
/// sum of its features' vectors[k])` to the tables' sum. All in `1 / HIDDEN_UNIT`, the output
/// weights in evaluation units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hidden {
    /// One vector per weight, in the weights' order.
    pub vectors: Vec<[i8; HIDDEN]>,
    /// `HIDDEN` per phase.
    pub bias: Vec<i32>,
    /// `HIDDEN` per phase.
    pub output: Vec<i32>,
}

impl Hidden {
    /// An all-zero hidden part for `weights` values over `phases` phases.
    pub fn zeros(weights: usize, phases: usize) -> Hidden {
        Hidden {
            vectors: vec![[0; HIDDEN]; weights],
            bias: vec![0; phases * HIDDEN],
            output: vec![0; phases * HIDDEN],
        }
    }
}

impl Weights {
    /// All-zero weights of this shape.
    pub fn zeros(phases: usize, table_sizes: &[u32]) -> Weights {
        let per_phase: usize = table_sizes.iter().map(|&s| s as usize).sum();
        Weights {
            phases,
            table_sizes: table_sizes.to_vec(),
            values: vec![0; phases * per_phase],
            hidden: None,
        }
    }

    /// The file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.phases as u16).to_le_bytes());
        out.extend_from_slice(&(self.table_sizes.len() as u16).to_le_bytes());
        for size in &self.table_sizes {
            out.extend_from_slice(&size.to_le_bytes());
        }
        match &self.hidden {
            None => {
                out.extend_from_slice(&0u16.to_le_bytes());
                write_compact(&mut out, self.values.iter().copied());
            }
            Some(hidden) => {
                out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
                let entries = self.values.iter().zip(&hidden.vectors);
                write_compact(
                    &mut out,
                    entries.flat_map(|(&weight, vector)| {
                        iter::once(weight).chain(vector.iter().map(|&v| i16::from(v)))
                    }),
                );
                for value in hidden.bias.iter().chain(&hidden.output) {
                    out.extend_from_slice(&value.to_le_bytes());
                }
            }
        }
        seal(&mut out);
        out
    }

    /// Reads a file, refusing one whose version, shape (against `expected_tables`) or checksum
    /// is not right.
    pub fn from_bytes(bytes: &[u8], expected_tables: &[u32]) -> Result<Weights, WeightsError> {
        let sealed = Sealed::open(bytes)?;
        let mut reader = sealed.reader();
        if reader.take(4)? != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let version = reader.u16()?;
        if version != OLD_VERSION && version != VERSION {
            return Err(WeightsError::BadVersion { found: version });
        }
        let phases = reader.u16()? as usize;
        if phases == 0 || phases > MAX_PHASES {
            return Err(WeightsError::BadPhases { found: phases });
        }
        let tables = reader.u16()? as usize;
        let mut table_sizes = Vec::with_capacity(tables.min(expected_tables.len() + 1));
        for _ in 0..tables {
            table_sizes.push(reader.u32()?);
            if table_sizes.len() > expected_tables.len() {
                break;
            }
        }
        if table_sizes != expected_tables {
            return Err(WeightsError::BadTables {
                found: table_sizes,
                expected: expected_tables.to_vec(),
            });
        }
        sealed
            .verify()
            .map_err(|(found, computed)| WeightsError::BadChecksum { found, computed })?;
        let mut weights = Weights::zeros(phases, expected_tables);
        if version == OLD_VERSION {
            read_old_runs(&mut reader, &mut weights.values)?;
        } else {
            weights.hidden = read_entries(&mut reader, &mut weights.values, phases)?;
        }
        match reader.left() {
            0 => Ok(weights),
            left => Err(WeightsError::TrailingBytes(left)),
        }
    }
}

/// Reads the entries of a version 3 file into `values` (all zeros before), and its hidden part
/// if it has one.
fn read_entries(
    reader: &mut Reader,
    values: &mut [i16],
    phases: usize,
) -> Result<Option<Hidden>, WeightsError> {
    match reader.u16()? as usize {
        0 => {
            read_compact(reader, values.len(), |i, value| values[i] = value)?;
            Ok(None)
        }
        HIDDEN => {
            let mut hidden = Hidden::zeros(values.len(), phases);
            let stride = 1 + HIDDEN;
            let mut wide = false;
            read_compact(reader, values.len() * stride, |i, value| match i % stride {
                0 => values[i / stride] = value,
                lane => match i8::try_from(value) {
                    Ok(value) => hidden.vectors[i / stride][lane - 1] = value,
                    Err(_) => wide = true,
                },
            })?;
            if wide {
                return Err(WeightsError::WideHiddenValue);
            }
            for value in hidden.bias.iter_mut().chain(hidden.output.iter_mut()) {
                *value = reader.u32()? as i32;
            }
            Ok(Some(hidden))
        }
        found => Err(WeightsError::BadHidden { found }),
    }
}

/// Writes `values` in the one-byte coding (see the module's doc).
fn write_compact(out: &mut Vec<u8>, values: impl Iterator<Item = i16>) {
    let mut zeros = 0u64;
    for value in values {
        if value == 0 {
            zeros += 1;
            continue;
        }
        write_zeros(out, zeros);
        zeros = 0;
        match i8::try_from(value) {
            Ok(small) if small != WIDE => out.push(small as u8),
            _ => {
                out.push(WIDE as u8);
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
    write_zeros(out, zeros);
}

/// Writes a run of `count` zeros, if there is one.
fn write_zeros(out: &mut Vec<u8>, mut count: u64) {
    if count == 0 {
        return;
    }
    out.push(ZEROS as u8);
    while count >= 0x80 {
        out.push((count & 0x7f) as u8 | 0x80);
        count >>= 7;
    }
    out.push(count as u8);
}

/// Reads `len` values that `write_compact` wrote, handing each non-zero one to `put` with its
/// index.
fn read_compact(
    reader: &mut Reader,
    len: usize,
    mut put: impl FnMut(usize, i16),
) -> Result<(), WeightsError> {
    let mut i = 0;
    while i < len {
        match reader.u8()? as i8 {
            ZEROS => {
                let run = read_length(reader)?;
                if run == 0 || run > len - i {
                    return Err(WeightsError::BadRun);
                }
                i += run;
            }
            WIDE => {
                put(i, reader.i16()?);
                i += 1;
            }
            small => {
                put(i, small.into());
                i += 1;
            }
        }
    }
    Ok(())
}

/// Reads a LEB128 length.
fn read_length(reader: &mut Reader) -> Result<usize, WeightsError> {
    let mut length = 0usize;
    for byte_index in 0..MAX_LENGTH_BYTES {
        let byte = reader.u8()?;
        length |= usize::from(byte & 0x7f) << (7 * byte_index);
        if byte & 0x80 == 0 {
            return Ok(length);
        }
    }
    Err(WeightsError::BadRun)
}

/// Reads the values of a version 1 file into `values` (all zeros before).
fn read_old_runs(reader: &mut Reader, values: &mut [i16]) -> Result<(), WeightsError> {
    let mut i = 0;
    while i < values.len() {
        let value = reader.i16()?;
        if value == OLD_ZERO_RUN {
            let run = reader.u16()? as usize;
            if run == 0 || i + run > values.len() {
                return Err(WeightsError::BadRun);
            }
            i += run;
        } else {
            values[i] = value;
            i += 1;
        }
    }
    Ok(())
}

impl From<Truncated> for WeightsError {
    fn from(_: Truncated) -> WeightsError {
        WeightsError::Truncated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_file::fnv1a;

    const TABLES: [u32; 3] = [9, 27, 2];

    fn sample() -> Weights {
        let mut weights = Weights::zeros(2, &TABLES);
        for (i, value) in weights.values.iter_mut().enumerate() {
            // Runs of zeros between a few weights, both signs, the extremes.
            if i % 7 == 0 {
                *value = (i as i16 - 40) * 300;
            }
        }
        weights.values[3] = i16::MAX;
        weights.values[4] = -i16::MAX;
        weights
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let weights = sample();
        let bytes = weights.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes, &TABLES), Ok(weights));
        let zeros = Weights::zeros(1, &[70_000]);
        assert_eq!(Weights::from_bytes(&zeros.to_bytes(), &[70_000]), Ok(zeros));
    }

    #[test]
    fn a_file_with_a_hidden_part_reads_back_as_written() {
        let mut weights = sample();
        let mut hidden = Hidden::zeros(weights.values.len(), weights.phases);
        hidden.vectors[0][5] = -7;
        hidden.vectors[3][2] = i8::MAX;
        hidden.vectors[4][HIDDEN - 1] = i8::MIN;
        hidden.bias[1] = -2_000_000;
        hidden.output[HIDDEN] = 123_456;
        weights.hidden = Some(hidden);
        let bytes = weights.to_bytes();
        assert_eq!(bytes[4..6], VERSION.to_le_bytes());
        assert_eq!(Weights::from_bytes(&bytes, &TABLES), Ok(weights));
        for n in 0..bytes.len() {
            assert!(Weights::from_bytes(&bytes[..n], &TABLES).is_err());
        }
    }

    #[test]
    fn a_hidden_part_of_another_width_is_refused() {
        let mut bytes = Weights::zeros(1, &[2]).to_bytes();
        let width_at = 4 + 2 + 2 + 2 + 4;
        assert_eq!(bytes[width_at..width_at + 2], [0, 0]);
        bytes[width_at] = HIDDEN as u8 + 1;
        assert_eq!(
            Weights::from_bytes(&resum(bytes), &[2]),
            Err(WeightsError::BadHidden { found: HIDDEN + 1 })
        );
    }

    #[test]
    fn a_hidden_value_beyond_8_bits_is_refused() {
        let mut weights = Weights::zeros(1, &[1]);
        weights.values[0] = 5;
        let mut hidden = Hidden::zeros(1, 1);
        hidden.vectors[0][0] = 100;
        weights.hidden = Some(hidden);
        let mut bytes = weights.to_bytes();
        // After the width: the weight's byte, then the vector's first value.
        let value_at = 4 + 2 + 2 + 2 + 4 + 2 + 1;
        assert_eq!(bytes[value_at - 1..=value_at], [5, 100]);
        bytes.splice(value_at..=value_at, [WIDE as u8, 200, 0]);
        assert_eq!(
            Weights::from_bytes(&resum(bytes), &[1]),
            Err(WeightsError::WideHiddenValue)
        );
    }

    #[test]
    fn zero_runs_keep_the_file_small() {
        let bytes = Weights::zeros(10, &[59_049; 4]).to_bytes();
        assert!(bytes.len() < 200, "{} bytes", bytes.len());
    }

    #[test]
    fn every_value_reads_back_small_wide_or_in_a_long_run_of_zeros() {
        let mut weights = Weights::zeros(1, &[200_000]);
        let extremes = [i16::MIN, -129, -128, -127, -1, 1, 127, 128, i16::MAX];
        weights.values[..extremes.len()].copy_from_slice(&extremes);
        weights.values[300] = 5;
        weights.values[20_000] = -5;
        let bytes = weights.to_bytes();
        assert!(bytes.len() < 60, "{} bytes", bytes.len());
        assert_eq!(Weights::from_bytes(&bytes, &[200_000]), Ok(weights));
    }

    #[test]
    fn a_bad_version_shape_or_checksum_is_refused() {
        let bytes = sample().to_bytes();

        let mut version = bytes.clone();
        version[4] = 9;
        assert_eq!(
            Weights::from_bytes(&resum(version), &TABLES),
            Err(WeightsError::BadVersion { found: 9 })
        );

        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(
            Weights::from_bytes(&magic, &TABLES),
            Err(WeightsError::BadMagic)
        );

        assert!(matches!(
            Weights::from_bytes(&bytes, &[9, 27, 3]),
            Err(WeightsError::BadTables { .. })
        ));
        assert!(matches!(
            Weights::from_bytes(&bytes, &[9, 27]),
            Err(WeightsError::BadTables { .. })
        ));

        let mut phases = bytes.clone();
        phases[6] = 0;
        assert_eq!(
            Weights::from_bytes(&resum(phases), &TABLES),
            Err(WeightsError::BadPhases { found: 0 })
        );

        let mut damaged = bytes.clone();
        let middle = damaged.len() / 2;
        damaged[middle] ^= 0x40;
        assert!(matches!(
            Weights::from_bytes(&damaged, &TABLES),
            Err(WeightsError::BadChecksum { .. })
        ));

        let cut = resum(bytes[..bytes.len() - 6].to_vec());
        assert_eq!(
            Weights::from_bytes(&cut, &TABLES),
            Err(WeightsError::Truncated)
        );

        let mut longer = bytes[..bytes.len() - 4].to_vec();
        longer.extend_from_slice(&[1, 0, 0, 0, 0, 0]);
        assert_eq!(
            Weights::from_bytes(&resum(longer), &TABLES),
            Err(WeightsError::TrailingBytes(2))
        );

        for n in 0..bytes.len() {
            assert!(Weights::from_bytes(&bytes[..n], &TABLES).is_err());
        }
    }

    /// A version 1 file of one table of `size` values: `body`, i16 after i16.
    fn version_1_file(size: u32, body: &[i16]) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&OLD_VERSION.to_le_bytes());
        bytes.extend_from_slice(&1u16.to_le_bytes());
        bytes.extend_from_slice(&1u16.to_le_bytes());
        bytes.extend_from_slice(&size.to_le_bytes());
        for value in body {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        seal(&mut bytes);
        bytes
    }

    #[test]
    fn a_version_1_file_still_reads() {
        let bytes = version_1_file(5, &[7, OLD_ZERO_RUN, 3, -300]);
        let read = Weights::from_bytes(&bytes, &[5]).map(|w| (w.values, w.hidden));
        assert_eq!(read, Ok((vec![7, 0, 0, 0, -300], None)));
    }

    #[test]
    fn a_run_past_the_end_is_refused() {
        let old = version_1_file(2, &[OLD_ZERO_RUN, 3]);
        assert_eq!(Weights::from_bytes(&old, &[2]), Err(WeightsError::BadRun));

        let mut bytes = Weights::zeros(1, &[2]).to_bytes();
        let run_at = bytes.len() - 4 - 1;
        assert_eq!(bytes[run_at - 1..run_at + 1], [ZEROS as u8, 2]);
        for bad in [3, 0] {
            bytes[run_at] = bad;
            assert_eq!(
                Weights::from_bytes(&resum(bytes.clone()), &[2]),
                Err(WeightsError::BadRun)
            );
        }
        // A length that never ends within its bytes.
        bytes.truncate(run_at);
        bytes.extend_from_slice(&[0xff; 9]);
        assert_eq!(
            Weights::from_bytes(&resum(bytes), &[2]),
            Err(WeightsError::BadRun)
        );
    }

    /// `bytes` with its checksum made right again.
    fn resum(mut bytes: Vec<u8>) -> Vec<u8> {
        let n = bytes.len() - 4;
        let sum = fnv1a(&bytes[..n]);
        bytes[n..].copy_from_slice(&sum.to_le_bytes());
        bytes
    }
}

//! The weights file of the pattern evaluation: what it holds, how it is written, and the checks
//! that refuse a file that is not exactly what the evaluation expects.
//!
//! Layout, little-endian: magic `RVPW`, format version (u16), phase count (u16), table count
//! (u16), each table's size (u32), the widths of the phases' hidden parts (a count, u16: 0
//! without a hidden part, else the phase count, then each phase's width, u16, one of
//! `HIDDEN_WIDTHS`), the table entries, then (with a hidden part) each phase's biases (i32), then
//! each phase's output weights (i32), then an FNV-1a 32-bit checksum of every byte before it.
//! The entries come phase after phase, table after table: each one's weight in evaluation
//! units, then with a hidden part its vector (its phase's width of values), whose values are
//! 8-bit. Each of these values is coded in one byte when it can be, as most are small and many
//! zero (configurations no training position ever touched): a byte of ±127 other than 0 is the
//! value itself, the byte -128 is followed by the value as i16, and the byte 0 by the length
//! (LEB128) of the run of zeros it starts. That keeps a file small: run12's tables with a hidden
//! part of 14 units take 8.15 MB, 75 MB as plain i16 values.
//!
//! Version 3 files (every phase's hidden part 14 wide: one width, u16, 0 without one) and
//! version 1 files (the linear tables only, every value an i16, a run of zeros as `i16::MIN` and
//! its length as u16) still read, as earlier runs wrote them; version 2 was never shipped. The
//! first version 3 files had a hidden part 7 wide of 16-bit values (run11, run12-e16): their
//! width refuses them.

use std::iter;

use thiserror::Error;

use crate::data_file::{Reader, Sealed, Truncated, seal};

const MAGIC: &[u8; 4] = b"RVPW";

/// The format version this engine writes.
pub const VERSION: u16 = 4;

/// The format version before: every phase's hidden part `HIDDEN_NARROW` wide.
pub const UNIFORM_VERSION: u16 = 3;

/// The first format version, which still reads: the linear tables only, every value an i16.
pub const OLD_VERSION: u16 = 1;

/// The widths a phase's hidden part may have.
pub const HIDDEN_WIDTHS: [usize; 2] = [HIDDEN_NARROW, HIDDEN_WIDE];
/// 14 units: a table's 16-bit weight and its vector of 8-bit values are 16 bytes side by side in
/// the evaluation, one aligned read.
pub const HIDDEN_NARROW: usize = 14;
/// 56 units: 64 bytes, a cache line, for the phases with enough positions to fit them (they cost
/// part of the search's speed where they are read; `crates/trainer/RUNS.md`, "Phase 9 at scale").
pub const HIDDEN_WIDE: usize = 56;

/// The fixed point of the hidden part's vectors, biases and output weights: each an integer in
/// `1 / HIDDEN_UNIT` of its value; a vector's values within ±127 of it.
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
        "weights format version {found}, this engine reads versions {OLD_VERSION}, {UNIFORM_VERSION} and {VERSION}"
    )]
    BadVersion { found: u16 },
    #[error("a hidden part {found} wide, this engine's are {HIDDEN_WIDTHS:?} (or none)")]
    BadHidden { found: usize },
    #[error("hidden parts for {found} phases, the file has {phases}")]
    BadHiddenPhases { found: usize, phases: usize },
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
/// hidden part for each phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub phases: usize,
    pub table_sizes: Vec<u32>,
    pub values: Vec<i16>,
    /// One per phase, when the weights have a hidden part.
    pub hidden: Option<Vec<HiddenPart>>,
}

/// The part of a phase's evaluation that sees patterns together: every table entry of the phase
/// also holds a vector of `width` values, and the phase adds `sum over k of output[k] *
/// max(0, bias[k] + the sum of its features' vectors[k])` to the tables' sum. All in
/// `1 / HIDDEN_UNIT`, the output weights in evaluation units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenPart {
    /// One of `HIDDEN_WIDTHS`.
    pub width: usize,
    /// `width` values per entry of the phase, in the entries' order.
    pub vectors: Vec<i8>,
    /// `width` values.
    pub bias: Vec<i32>,
    /// `width` values.
    pub output: Vec<i32>,
}

impl HiddenPart {
    /// An all-zero hidden part `width` wide for a phase of `entries` table entries.
    pub fn zeros(width: usize, entries: usize) -> HiddenPart {
        HiddenPart {
            width,
            vectors: vec![0; entries * width],
            bias: vec![0; width],
            output: vec![0; width],
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

    /// The table entries of one phase.
    pub fn per_phase(&self) -> usize {
        self.table_sizes.iter().map(|&s| s as usize).sum()
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
            Some(parts) => {
                out.extend_from_slice(&(parts.len() as u16).to_le_bytes());
                for part in parts {
                    out.extend_from_slice(&(part.width as u16).to_le_bytes());
                }
                let per_phase = self.per_phase();
                let entries =
                    self.values
                        .chunks(per_phase.max(1))
                        .zip(parts)
                        .flat_map(|(weights, part)| {
                            weights
                                .iter()
                                .zip(part.vectors.chunks(part.width.max(1)))
                                .flat_map(|(&weight, vector)| {
                                    iter::once(weight).chain(vector.iter().map(|&v| i16::from(v)))
                                })
                        });
                write_compact(&mut out, entries);
                let biases = parts.iter().flat_map(|part| &part.bias);
                let outputs = parts.iter().flat_map(|part| &part.output);
                for value in biases.chain(outputs) {
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
        if ![OLD_VERSION, UNIFORM_VERSION, VERSION].contains(&version) {
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
            let widths = read_widths(&mut reader, version, phases)?;
            weights.hidden = read_entries(&mut reader, &mut weights.values, &widths)?;
        }
        match reader.left() {
            0 => Ok(weights),
            left => Err(WeightsError::TrailingBytes(left)),
        }
    }
}

/// The widths of the phases' hidden parts in a version 3 or 4 file (none without one).
fn read_widths(
    reader: &mut Reader,
    version: u16,
    phases: usize,
) -> Result<Vec<usize>, WeightsError> {
    let widths = if version == UNIFORM_VERSION {
        match reader.u16()? as usize {
            0 => Vec::new(),
            HIDDEN_NARROW => vec![HIDDEN_NARROW; phases],
            found => return Err(WeightsError::BadHidden { found }),
        }
    } else {
        let count = reader.u16()? as usize;
        if count != 0 && count != phases {
            return Err(WeightsError::BadHiddenPhases {
                found: count,
                phases,
            });
        }
        (0..count)
            .map(|_| reader.u16().map(usize::from))
            .collect::<Result<_, _>>()?
    };
    match widths.iter().find(|width| !HIDDEN_WIDTHS.contains(width)) {
        Some(&found) => Err(WeightsError::BadHidden { found }),
        None => Ok(widths),
    }
}

/// Reads the entries of a version 3 or 4 file into `values` (all zeros before), and the hidden
/// parts of the phases, `widths` wide, if it has them.
fn read_entries(
    reader: &mut Reader,
    values: &mut [i16],
    widths: &[usize],
) -> Result<Option<Vec<HiddenPart>>, WeightsError> {
    if widths.is_empty() {
        read_compact(reader, values.len(), |i, value| values[i] = value)?;
        return Ok(None);
    }
    let per_phase = values.len() / widths.len();
    let mut parts: Vec<HiddenPart> = widths
        .iter()
        .map(|&width| HiddenPart::zeros(width, per_phase))
        .collect();
    // Where each phase's entries start among the values read, and where the last one ends.
    let mut starts = vec![0];
    for width in widths {
        starts.push(starts[starts.len() - 1] + per_phase * (1 + width));
    }
    let total = starts[widths.len()];
    let mut phase = 0;
    let mut wide = false;
    read_compact(reader, total, |i, value| {
        while starts[phase + 1] <= i {
            phase += 1;
        }
        let stride = 1 + widths[phase];
        let (entry, lane) = ((i - starts[phase]) / stride, (i - starts[phase]) % stride);
        if lane == 0 {
            values[phase * per_phase + entry] = value;
        } else {
            match i8::try_from(value) {
                Ok(value) => parts[phase].vectors[entry * widths[phase] + lane - 1] = value,
                Err(_) => wide = true,
            }
        }
    })?;
    if wide {
        return Err(WeightsError::WideHiddenValue);
    }
    for part in &mut parts {
        for value in &mut part.bias {
            *value = reader.u32()? as i32;
        }
    }
    for part in &mut parts {
        for value in &mut part.output {
            *value = reader.u32()? as i32;
        }
    }
    Ok(Some(parts))
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

    /// `sample()` with a hidden part 14 wide in phase 0 and 56 wide in phase 1.
    fn sample_with_hidden() -> Weights {
        let mut weights = sample();
        let entries = weights.per_phase();
        let mut narrow = HiddenPart::zeros(HIDDEN_NARROW, entries);
        narrow.vectors[5] = -7;
        narrow.vectors[3 * HIDDEN_NARROW + 2] = i8::MAX;
        narrow.vectors[4 * HIDDEN_NARROW + HIDDEN_NARROW - 1] = i8::MIN;
        narrow.bias[1] = -2_000_000;
        narrow.output[HIDDEN_NARROW - 1] = 123_456;
        let mut wide = HiddenPart::zeros(HIDDEN_WIDE, entries);
        wide.vectors[HIDDEN_WIDE - 1] = 9;
        wide.vectors[(entries - 1) * HIDDEN_WIDE + 40] = -100;
        wide.bias[HIDDEN_WIDE - 1] = 77;
        wide.output[30] = -5_000;
        weights.hidden = Some(vec![narrow, wide]);
        weights
    }

    #[test]
    fn a_file_with_hidden_parts_of_both_widths_reads_back_as_written() {
        let weights = sample_with_hidden();
        let bytes = weights.to_bytes();
        assert_eq!(bytes[4..6], VERSION.to_le_bytes());
        assert_eq!(Weights::from_bytes(&bytes, &TABLES), Ok(weights));
        for n in 0..bytes.len() {
            assert!(Weights::from_bytes(&bytes[..n], &TABLES).is_err());
        }
    }

    #[test]
    fn a_version_3_file_still_reads() {
        // Version 3 held one width for every phase where version 4 holds a count and a width
        // per phase; the rest is the same.
        let mut weights = sample_with_hidden();
        let entries = weights.per_phase();
        let mut narrow = HiddenPart::zeros(HIDDEN_NARROW, entries);
        narrow.vectors[HIDDEN_NARROW + 3] = 11;
        narrow.output[0] = 42;
        if let Some(parts) = &mut weights.hidden {
            parts[1] = narrow;
        }
        let mut bytes = weights.to_bytes();
        let widths_at = 4 + 2 + 2 + 2 + 4 * TABLES.len();
        bytes[4..6].copy_from_slice(&UNIFORM_VERSION.to_le_bytes());
        bytes.splice(
            widths_at..widths_at + 6,
            (HIDDEN_NARROW as u16).to_le_bytes(),
        );
        assert_eq!(
            Weights::from_bytes(&resum(bytes.clone()), &TABLES),
            Ok(weights)
        );
        // Version 3 had one width, 14: a file saying 56 is not one it wrote.
        bytes[widths_at..widths_at + 2].copy_from_slice(&(HIDDEN_WIDE as u16).to_le_bytes());
        assert_eq!(
            Weights::from_bytes(&resum(bytes), &TABLES),
            Err(WeightsError::BadHidden { found: HIDDEN_WIDE })
        );
    }

    #[test]
    fn a_hidden_part_of_another_width_is_refused() {
        let mut weights = Weights::zeros(1, &[2]);
        weights.hidden = Some(vec![HiddenPart::zeros(HIDDEN_NARROW, 2)]);
        let mut bytes = weights.to_bytes();
        let width_at = 4 + 2 + 2 + 2 + 4 + 2;
        assert_eq!(bytes[width_at..width_at + 2], [HIDDEN_NARROW as u8, 0]);
        bytes[width_at] = HIDDEN_NARROW as u8 + 1;
        assert_eq!(
            Weights::from_bytes(&resum(bytes.clone()), &[2]),
            Err(WeightsError::BadHidden {
                found: HIDDEN_NARROW + 1
            })
        );
        bytes[width_at - 2] = 2;
        assert_eq!(
            Weights::from_bytes(&resum(bytes), &[2]),
            Err(WeightsError::BadHiddenPhases {
                found: 2,
                phases: 1
            })
        );
    }

    #[test]
    fn a_hidden_value_beyond_8_bits_is_refused() {
        let mut weights = Weights::zeros(1, &[1]);
        weights.values[0] = 5;
        let mut hidden = HiddenPart::zeros(HIDDEN_NARROW, 1);
        hidden.vectors[0] = 100;
        weights.hidden = Some(vec![hidden]);
        let mut bytes = weights.to_bytes();
        // After the count and the width: the weight's byte, then the vector's first value.
        let value_at = 4 + 2 + 2 + 2 + 4 + 2 + 2 + 1;
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

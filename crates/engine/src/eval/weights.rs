//! The weights file of the pattern evaluation: what it holds, how it is written, and the checks
//! that refuse a file that is not exactly what the evaluation expects.
//!
//! Layout, little-endian: magic `RVPW`, format version (u16), phase count (u16), table count
//! (u16), each table's size (u32), the weights, then (version 2 only) the hidden part, then an
//! FNV-1a 32-bit checksum of every byte before it. Weights are i16 in evaluation units, phase
//! after phase, table after table; a run of zeros (weights no training position ever touched) is
//! written as the marker `i16::MIN` followed by the run length (u16), which keeps the shipped
//! file small. The hidden part is its width (u16, `HIDDEN`), every table entry's vector (i16,
//! run-length coded the same way, in the weights' order), then each phase's biases (i32) and
//! output weights (i32).

use thiserror::Error;

use crate::data_file::{Reader, Sealed, Truncated, seal};

const MAGIC: &[u8; 4] = b"RVPW";

/// The format version of a file with the linear tables only.
pub const LINEAR_VERSION: u16 = 1;

/// The format version of a file with a hidden part as well.
pub const HIDDEN_VERSION: u16 = 2;

/// Units of the hidden part: its width (7, so that a table's weight and its vector are 16 bytes
/// side by side in the evaluation), and the fixed point of its vectors, biases and output
/// weights (each an integer in `1 / HIDDEN_UNIT` of its value).
pub const HIDDEN: usize = 7;
pub const HIDDEN_UNIT: i32 = 1024;

/// Starts a run of zeros; never a weight, as weights are kept within `±i16::MAX`.
const ZERO_RUN: i16 = i16::MIN;

/// Most phases a file may have: one per number of empty squares.
pub const MAX_PHASES: usize = 60;

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WeightsError {
    #[error("not a weights file (bad magic)")]
    BadMagic,
    #[error(
        "weights format version {found}, this engine reads versions {LINEAR_VERSION} and {HIDDEN_VERSION}"
    )]
    BadVersion { found: u16 },
    #[error("a hidden part {found} wide, this engine's is {HIDDEN}")]
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
    #[error("a run of zeros overflows the weight tables")]
    BadRun,
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
    pub vectors: Vec<[i16; HIDDEN]>,
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

    /// The file bytes. `i16::MIN` weights are written as `-i16::MAX`: the marker must stay free.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        let version = match self.hidden {
            None => LINEAR_VERSION,
            Some(_) => HIDDEN_VERSION,
        };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.phases as u16).to_le_bytes());
        out.extend_from_slice(&(self.table_sizes.len() as u16).to_le_bytes());
        for size in &self.table_sizes {
            out.extend_from_slice(&size.to_le_bytes());
        }
        write_runs(&mut out, &self.values);
        if let Some(hidden) = &self.hidden {
            out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
            write_runs(&mut out, hidden.vectors.as_flattened());
            for value in hidden.bias.iter().chain(&hidden.output) {
                out.extend_from_slice(&value.to_le_bytes());
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
        if version != LINEAR_VERSION && version != HIDDEN_VERSION {
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
        read_runs(&mut reader, &mut weights.values)?;
        if version == HIDDEN_VERSION {
            let width = reader.u16()? as usize;
            if width != HIDDEN {
                return Err(WeightsError::BadHidden { found: width });
            }
            let mut hidden = Hidden::zeros(weights.values.len(), phases);
            read_runs(&mut reader, hidden.vectors.as_flattened_mut())?;
            for value in hidden.bias.iter_mut().chain(hidden.output.iter_mut()) {
                *value = reader.u32()? as i32;
            }
            weights.hidden = Some(hidden);
        }
        match reader.left() {
            0 => Ok(weights),
            left => Err(WeightsError::TrailingBytes(left)),
        }
    }
}

/// Writes `values`, each run of zeros as the marker and its length.
fn write_runs(out: &mut Vec<u8>, values: &[i16]) {
    let mut i = 0;
    while i < values.len() {
        if values[i] == 0 {
            let run = values[i..]
                .iter()
                .take(u16::MAX as usize)
                .take_while(|&&v| v == 0)
                .count();
            out.extend_from_slice(&ZERO_RUN.to_le_bytes());
            out.extend_from_slice(&(run as u16).to_le_bytes());
            i += run;
        } else {
            out.extend_from_slice(&values[i].max(-i16::MAX).to_le_bytes());
            i += 1;
        }
    }
}

/// Reads what `write_runs` wrote into `values` (all zeros before).
fn read_runs(reader: &mut Reader, values: &mut [i16]) -> Result<(), WeightsError> {
    let mut i = 0;
    while i < values.len() {
        let value = reader.i16()?;
        if value == ZERO_RUN {
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
        hidden.vectors[3][2] = i16::MAX;
        hidden.bias[1] = -2_000_000;
        hidden.output[HIDDEN] = 123_456;
        weights.hidden = Some(hidden);
        let bytes = weights.to_bytes();
        assert_eq!(bytes[4..6], HIDDEN_VERSION.to_le_bytes());
        assert_eq!(Weights::from_bytes(&bytes, &TABLES), Ok(weights));
        for n in 0..bytes.len() {
            assert!(Weights::from_bytes(&bytes[..n], &TABLES).is_err());
        }
    }

    #[test]
    fn a_hidden_part_of_another_width_is_refused() {
        let mut bytes = Weights::zeros(1, &[2]).to_bytes();
        bytes.truncate(bytes.len() - 4);
        bytes[4..6].copy_from_slice(&HIDDEN_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u16 + 1).to_le_bytes());
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(
            Weights::from_bytes(&bytes, &[2]),
            Err(WeightsError::BadHidden { found: HIDDEN + 1 })
        );
    }

    #[test]
    fn zero_runs_keep_the_file_small() {
        let bytes = Weights::zeros(10, &[59_049; 4]).to_bytes();
        assert!(bytes.len() < 200, "{} bytes", bytes.len());
    }

    #[test]
    fn the_marker_value_is_never_written_as_a_weight() {
        let mut weights = Weights::zeros(1, &[2]);
        weights.values[0] = i16::MIN;
        let read = Weights::from_bytes(&weights.to_bytes(), &[2]);
        assert_eq!(read.map(|w| w.values), Ok(vec![-i16::MAX, 0]));
    }

    #[test]
    fn a_bad_version_shape_or_checksum_is_refused() {
        let bytes = sample().to_bytes();
        let resum = |mut b: Vec<u8>| {
            let n = b.len() - 4;
            let sum = fnv1a(&b[..n]);
            b[n..].copy_from_slice(&sum.to_le_bytes());
            b
        };

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

    #[test]
    fn a_run_past_the_end_is_refused() {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&LINEAR_VERSION.to_le_bytes());
        bytes.extend_from_slice(&1u16.to_le_bytes());
        bytes.extend_from_slice(&1u16.to_le_bytes());
        bytes.extend_from_slice(&2u32.to_le_bytes());
        bytes.extend_from_slice(&ZERO_RUN.to_le_bytes());
        bytes.extend_from_slice(&3u16.to_le_bytes());
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(Weights::from_bytes(&bytes, &[2]), Err(WeightsError::BadRun));
    }
}

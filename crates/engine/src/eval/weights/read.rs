//! Reading a weights file, and the checks that refuse one that is not exactly what the
//! evaluation expects.

use crate::data_file::{Reader, Sealed};

use super::compact::read_compact;
use super::{
    HIDDEN_LIMIT, HIDDEN_NARROW, HIDDEN_WIDTHS, HiddenPart, MAGIC, MAX_PHASES, OLD_VERSION,
    OLD_ZERO_RUN, UNIFORM_VERSION, VERSION, Weights, WeightsError,
};

impl Weights {
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
    let within = |value: &i32| value.unsigned_abs() <= HIDDEN_LIMIT.unsigned_abs();
    if !parts
        .iter()
        .all(|part| part.bias.iter().chain(&part.output).all(within))
    {
        return Err(WeightsError::HiddenOutOfRange);
    }
    Ok(Some(parts))
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

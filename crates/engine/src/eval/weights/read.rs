//! Reading a weights file, and the checks that refuse one that is not exactly what the
//! evaluation expects. The contents go to a `WeightsSink` as they are read: `Weights` keeps them
//! as the file has them, and the evaluation lays them out as it reads them, without a second
//! copy of the tables (which cost a start with three wide phases a fifth of its time).

use crate::data_file::{Reader, Sealed};

use super::compact::read_compact;
use super::{
    HIDDEN_LIMIT, HIDDEN_NARROW, HIDDEN_WIDTHS, HiddenPart, MAGIC, MAX_PHASES, OLD_VERSION,
    OLD_ZERO_RUN, UNIFORM_VERSION, VERSION, Weights, WeightsError,
};

/// Where `read_weights` puts a file's contents. Every value starts at zero and only the others
/// are handed over; `shape` comes first, the hidden parts' biases and output weights last.
pub trait WeightsSink {
    /// The file has `phases` phases of `per_phase` entries each, and a hidden part `widths[p]`
    /// wide in phase `p`, or none when `widths` is empty.
    fn shape(&mut self, phases: usize, per_phase: usize, widths: &[usize]);
    /// Entry `entry` of phase `phase` weighs `value`.
    fn weight(&mut self, phase: usize, entry: usize, value: i16);
    /// Value `lane` of that entry's vector is `value`.
    fn vector(&mut self, phase: usize, entry: usize, lane: usize, value: i8);
    /// Phase `phase`'s biases and output weights, each within `HIDDEN_LIMIT`.
    fn hidden(&mut self, phase: usize, bias: &[i32], output: &[i32]);
}

impl Weights {
    /// Reads a file, refusing one whose version, shape (against `expected_tables`) or checksum
    /// is not right.
    pub fn from_bytes(bytes: &[u8], expected_tables: &[u32]) -> Result<Weights, WeightsError> {
        let mut weights = Weights::zeros(0, expected_tables);
        read_weights(bytes, expected_tables, &mut weights)?;
        Ok(weights)
    }
}

impl WeightsSink for Weights {
    fn shape(&mut self, phases: usize, per_phase: usize, widths: &[usize]) {
        *self = Weights::zeros(phases, &self.table_sizes);
        if !widths.is_empty() {
            let parts = widths
                .iter()
                .map(|&width| HiddenPart::zeros(width, per_phase));
            self.hidden = Some(parts.collect());
        }
    }

    fn weight(&mut self, phase: usize, entry: usize, value: i16) {
        let per_phase = self.values.len() / self.phases;
        self.values[phase * per_phase + entry] = value;
    }

    fn vector(&mut self, phase: usize, entry: usize, lane: usize, value: i8) {
        if let Some(part) = self.hidden.as_mut().and_then(|parts| parts.get_mut(phase)) {
            part.vectors[entry * part.width + lane] = value;
        }
    }

    fn hidden(&mut self, phase: usize, bias: &[i32], output: &[i32]) {
        if let Some(part) = self.hidden.as_mut().and_then(|parts| parts.get_mut(phase)) {
            part.bias = bias.to_vec();
            part.output = output.to_vec();
        }
    }
}

/// Reads a file into `sink`, refusing one whose version, shape (against `expected_tables`) or
/// checksum is not right; on an error, what `sink` was given is not to be used.
pub fn read_weights(
    bytes: &[u8],
    expected_tables: &[u32],
    sink: &mut impl WeightsSink,
) -> Result<(), WeightsError> {
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
    let per_phase: usize = expected_tables.iter().map(|&size| size as usize).sum();
    if version == OLD_VERSION {
        sink.shape(phases, per_phase, &[]);
        read_old_runs(&mut reader, phases, per_phase, sink)?;
    } else {
        let widths = read_widths(&mut reader, version, phases)?;
        sink.shape(phases, per_phase, &widths);
        read_entries(&mut reader, phases, per_phase, &widths, sink)?;
    }
    match reader.left() {
        0 => Ok(()),
        left => Err(WeightsError::TrailingBytes(left)),
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

/// Reads the entries of a version 3 or 4 file, `phases` of `per_phase` entries, with hidden parts
/// `widths` wide if it has them, into `sink`.
fn read_entries(
    reader: &mut Reader,
    phases: usize,
    per_phase: usize,
    widths: &[usize],
    sink: &mut impl WeightsSink,
) -> Result<(), WeightsError> {
    // Without a hidden part an entry is its weight alone: a width of 0 in every phase.
    let strides = if widths.is_empty() {
        vec![0; phases]
    } else {
        widths.to_vec()
    };
    let mut place = Place::new(per_phase, &strides);
    let mut wide = false;
    read_compact(reader, place.total(), |i, value| {
        place.move_to(i);
        if place.lane == 0 {
            sink.weight(place.phase, place.entry, value);
        } else {
            match i8::try_from(value) {
                Ok(value) => sink.vector(place.phase, place.entry, place.lane - 1, value),
                Err(_) => wide = true,
            }
        }
    })?;
    if wide {
        return Err(WeightsError::WideHiddenValue);
    }
    if widths.is_empty() {
        return Ok(());
    }
    let mut read_lanes = |count: usize| -> Result<Vec<i32>, WeightsError> {
        (0..count).map(|_| Ok(reader.u32()? as i32)).collect()
    };
    let biases = widths
        .iter()
        .map(|&width| read_lanes(width))
        .collect::<Result<Vec<_>, _>>()?;
    let outputs = widths
        .iter()
        .map(|&width| read_lanes(width))
        .collect::<Result<Vec<_>, _>>()?;
    let within = |value: &i32| value.unsigned_abs() <= HIDDEN_LIMIT.unsigned_abs();
    if !biases.iter().chain(&outputs).flatten().all(within) {
        return Err(WeightsError::HiddenOutOfRange);
    }
    for (phase, (bias, output)) in biases.iter().zip(&outputs).enumerate() {
        sink.hidden(phase, bias, output);
    }
    Ok(())
}

/// Where a value of the entries belongs: its phase, its entry, and its lane (0 for the weight,
/// `k + 1` for the vector's value `k`). Values mostly come one after the other, so the place
/// moves on by one, without the divisions that would otherwise cost each value.
struct Place<'a> {
    per_phase: usize,
    widths: &'a [usize],
    /// The index among all the values of the place below.
    index: usize,
    phase: usize,
    entry: usize,
    lane: usize,
}

impl<'a> Place<'a> {
    fn new(per_phase: usize, widths: &'a [usize]) -> Place<'a> {
        Place {
            per_phase,
            widths,
            index: 0,
            phase: 0,
            entry: 0,
            lane: 0,
        }
    }

    /// Moves to value `index`, at or after the current one (`read_compact` goes forwards).
    #[inline(always)]
    fn move_to(&mut self, index: usize) {
        if index == self.index + 1 {
            self.index = index;
            self.lane += 1;
            if self.lane > self.widths[self.phase] {
                self.lane = 0;
                self.entry += 1;
                if self.entry == self.per_phase {
                    self.entry = 0;
                    self.phase += 1;
                }
            }
        } else if index != self.index {
            self.seek(index);
        }
    }

    /// The values of every phase's entries together.
    fn total(&self) -> usize {
        self.widths
            .iter()
            .map(|&width| self.phase_values(width))
            .sum()
    }

    /// The values of a phase whose vectors are `width` wide.
    fn phase_values(&self, width: usize) -> usize {
        self.per_phase * (1 + width)
    }

    fn seek(&mut self, index: usize) {
        let mut start = 0;
        for (phase, &width) in self.widths.iter().enumerate() {
            let end = start + self.phase_values(width);
            if index < end {
                self.phase = phase;
                self.entry = (index - start) / (1 + width);
                self.lane = (index - start) % (1 + width);
                break;
            }
            start = end;
        }
        self.index = index;
    }
}

/// Reads the values of a version 1 file, `phases` of `per_phase` entries, into `sink`.
fn read_old_runs(
    reader: &mut Reader,
    phases: usize,
    per_phase: usize,
    sink: &mut impl WeightsSink,
) -> Result<(), WeightsError> {
    let mut i = 0;
    while i < phases * per_phase {
        let value = reader.i16()?;
        if value == OLD_ZERO_RUN {
            let run = reader.u16()? as usize;
            if run == 0 || i + run > phases * per_phase {
                return Err(WeightsError::BadRun);
            }
            i += run;
        } else {
            sink.weight(i / per_phase, i % per_phase, value);
            i += 1;
        }
    }
    Ok(())
}

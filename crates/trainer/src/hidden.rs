//! Fitting the hidden part of the evaluation (`reversi_engine::eval::weights::HiddenPart`) on top
//! of a run's fitted tables: every table entry gets a vector of `width` values, and a phase's
//! output adds `sum over k of output[k] * max(0, bias[k] + the sum of the features' vectors)`.
//! The tables alone add the patterns' values independently; the hidden units see them together
//! (a corner's value given the edge beside it, a pattern's given the mobility), which is what
//! the linear fit cannot follow (`RUNS.md`, "What limits the evaluation's error").
//!
//! Each phase is fitted by SGD on its labelled positions, its tables held fixed, and checkpointed
//! in the run's directory (`hidden-P.bin`, with a checksum of the tables and settings it was
//! fitted on). A run with `--hidden-epochs` fits each phase's part right after its tables, so
//! the searches labelling the phases before it use it; `reversi-trainer hidden` fits the parts
//! of a finished run on the labels it kept (`labels-P.bin`), two phases at a time.

use std::fs;
use std::io;
use std::path::Path;

use reversi_engine::data_file::fnv1a;
use reversi_engine::eval::DISC;
use reversi_engine::eval::pattern::{features, layout};
use reversi_engine::eval::weights::{
    HIDDEN_LIMIT, HIDDEN_NARROW, HIDDEN_UNIT, HIDDEN_WIDTHS, HiddenPart, Weights,
};
use reversi_engine::rng::SplitMix64;

use crate::dataset::{Sample, read_samples};
use crate::in_turn::map_in_turn;

/// How each phase's hidden part is fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HiddenConfig {
    /// SGD passes over the phase's positions.
    pub epochs: u32,
    pub learning_rate: f32,
    pub seed: u64,
    /// Units: one of `HIDDEN_WIDTHS`.
    pub width: usize,
    /// The part kept is the mean of snapshots taken every `SNAPSHOT_EVERY` positions (once a pass
    /// in a phase of fewer) from this pass on (counted from 0), not the last pass's: the mean of
    /// where SGD wanders generalises better (RUNS.md, "Phase 9 at scale"). None keeps the last.
    pub average_from: Option<u32>,
    /// Each position's error is clipped to this many discs, so a few wild labels do not throw
    /// the units off.
    pub error_clip: f32,
    /// An entry read by fewer of the phase's positions keeps a vector of zeros: fitted on so few
    /// labels it would learn their noise, and the zeros keep the file small (a run of zeros is a
    /// few bytes, a vector of 56 values some 56).
    pub min_reads: u32,
}

impl HiddenConfig {
    /// The fit of run11-run15: 14 units, the last pass kept, errors clipped at 30 discs.
    pub fn narrow(epochs: u32, learning_rate: f32, seed: u64) -> HiddenConfig {
        HiddenConfig {
            epochs,
            learning_rate,
            seed,
            width: HIDDEN_NARROW,
            average_from: None,
            error_clip: NARROW_ERROR_CLIP,
            min_reads: MIN_READS,
        }
    }

    /// What a run records in its settings: runs of the narrow fit keep the words they were
    /// recorded with, the other options are named only when given.
    pub fn describe(&self) -> String {
        let mut words = format!(
            "HiddenConfig {{ epochs: {:?}, learning_rate: {:?}, seed: {:?} }}",
            self.epochs, self.learning_rate, self.seed
        );
        for (option, value) in self.options_beyond_narrow() {
            words.push_str(&format!(", {option} {value}"));
        }
        words
    }

    /// The options that differ from the narrow fit's, each with its value.
    fn options_beyond_narrow(&self) -> Vec<(&'static str, f32)> {
        let narrow = HiddenConfig::narrow(self.epochs, self.learning_rate, self.seed);
        let mut options = Vec::new();
        if self.width != narrow.width {
            options.push(("width", self.width as f32));
        }
        if let Some(from) = self.average_from {
            options.push(("averaged from pass", from as f32));
        }
        if self.error_clip != narrow.error_clip {
            options.push(("error clip", self.error_clip));
        }
        if self.min_reads != narrow.min_reads {
            options.push(("min reads", self.min_reads as f32));
        }
        options
    }
}

/// The first vectors are drawn within this of zero, so the units start different.
const INITIAL_SPREAD: f32 = 0.05;
/// The units' first bias: just above zero, so each starts active and learns.
const INITIAL_BIAS: f32 = 0.1;
/// L2 penalty on the vectors a sample touches.
const L2: f32 = 1e-4;
/// The error clip of the narrow fit (the command line's default).
pub const NARROW_ERROR_CLIP: f32 = 30.0;
/// Positions between two snapshots of the averaged part.
const SNAPSHOT_EVERY: usize = 20_000;
/// The narrow fit's `min_reads` (the command line's default). It costs nothing measurable and
/// keeps the file within the 8 MiB a tracked file may have (run12's tables with 14 units:
/// 13.3 MB with every entry read once, 8.15 MB from 16 reads; RUNS.md).
pub const MIN_READS: u32 = 16;
/// A vector's values stay within what the file's 8 bits hold, so the fit is what is evaluated.
const VECTOR_LIMIT: f32 = i8::MAX as f32 / HIDDEN_UNIT as f32;

/// One phase's hidden part in discs during the fit, and the constant the tables are missing.
#[derive(Clone)]
struct PhaseFit {
    width: usize,
    vectors: Vec<f32>,
    bias: Vec<f32>,
    output: Vec<f32>,
    offset: f32,
}

/// One phase's hidden part in the file's units, and the constant to add to its parity entries.
#[derive(Clone, Debug, PartialEq)]
pub struct HiddenPhase {
    part: HiddenPart,
    offset: i16,
}

/// `weights` with a hidden part fitted on the labels a run kept in `dir` (`labels-P.bin`), two
/// phases at a time, each checkpointed in `dir`. Prints each phase's mean error on its own
/// positions before and after.
pub fn fit_hidden(weights: &Weights, dir: &Path, config: &HiddenConfig) -> io::Result<Weights> {
    let fit_one = |phase: usize| -> io::Result<Option<HiddenPhase>> {
        let labels = dir.join(format!("labels-{phase}.bin"));
        if !labels.is_file() {
            return Err(io::Error::other(format!(
                "{}: missing (the run in {} has not fitted phase {phase})",
                labels.display(),
                dir.display()
            )));
        }
        let samples = read_samples(&labels)?;
        // A phase no game reached keeps a hidden part of zeros.
        if samples.is_empty() {
            return Ok(None);
        }
        let (part, errors) = fit_or_resume(weights, phase, &samples, dir, config)?;
        if let Some((before, after)) = errors {
            println!(
                "phase {phase}: {} positions, mean error {before:.3} with the tables alone, {after:.3} with the hidden part",
                samples.len()
            );
        }
        Ok(Some(part))
    };
    // Two phases at a time: each holds its positions' features, half a gigabyte.
    let parts = map_in_turn(weights.phases, 2, fit_one)
        .into_iter()
        .collect::<io::Result<Vec<_>>>()?;
    Ok(with_hidden(weights, &parts))
}

/// `weights` with the phases' hidden parts (all zeros, 14 wide, where a phase has none yet);
/// each part's constant goes to both entries of its phase's parity table, exactly one of which
/// every position reads.
pub fn with_hidden(weights: &Weights, parts: &[Option<HiddenPhase>]) -> Weights {
    let mut out = weights.clone();
    let per_phase = layout().per_phase();
    out.hidden = Some(vec![
        HiddenPart::zeros(HIDDEN_NARROW, per_phase);
        out.phases
    ]);
    for (phase, part) in parts.iter().enumerate() {
        if let Some(part) = part {
            set_phase_hidden(&mut out, phase, part);
        }
    }
    out
}

/// Replaces phase `phase`'s hidden part of `weights` by `part` (the other phases keep theirs,
/// zeros 14 wide if they have none) and adds its constant to the phase's parity entries.
pub fn set_phase_hidden(weights: &mut Weights, phase: usize, part: &HiddenPhase) {
    let per_phase = layout().per_phase();
    let sizes = layout().table_sizes();
    let parity: usize = sizes[..sizes.len() - 1].iter().map(|&s| s as usize).sum();
    let phases = weights.phases;
    let hidden = weights
        .hidden
        .get_or_insert_with(|| vec![HiddenPart::zeros(HIDDEN_NARROW, per_phase); phases]);
    hidden[phase] = part.part.clone();
    let start = phase * per_phase;
    for entry in &mut weights.values[start + parity..start + parity + 2] {
        *entry = entry.saturating_add(part.offset).clamp(-i16::MAX, i16::MAX);
    }
}

/// Phase `phase`'s hidden part on top of `weights`' tables, fitted on `samples`, or read back
/// from its checkpoint in `dir` when that was made from the same tables and settings; with the
/// mean error on `samples` before and after when it was fitted now.
pub fn fit_or_resume(
    weights: &Weights,
    phase: usize,
    samples: &[Sample],
    dir: &Path,
    config: &HiddenConfig,
) -> io::Result<(HiddenPhase, Option<(f32, f32)>)> {
    if let Some(part) = resume_hidden(weights, phase, dir, config) {
        return Ok((part, None));
    }
    let per_phase = layout().per_phase();
    let tables = &weights.values[phase * per_phase..(phase + 1) * per_phase];
    let settings = settings_checksum(tables, config);
    let checkpoint = dir.join(format!("hidden-{phase}.bin"));
    let tables: Vec<f32> = tables.iter().map(|&w| f32::from(w) / DISC as f32).collect();
    let (part, before, after) = fit_phase(&tables, samples, config, phase);
    let part = quantize(&part);
    write_checkpoint(&checkpoint, settings, &part)?;
    Ok((part, Some((before, after))))
}

/// Phase `phase`'s hidden part read back from its checkpoint in `dir`, if one was fitted there
/// on `weights`' tables with these settings.
pub fn resume_hidden(
    weights: &Weights,
    phase: usize,
    dir: &Path,
    config: &HiddenConfig,
) -> Option<HiddenPhase> {
    let per_phase = layout().per_phase();
    let tables = &weights.values[phase * per_phase..(phase + 1) * per_phase];
    read_checkpoint(
        &dir.join(format!("hidden-{phase}.bin")),
        settings_checksum(tables, config),
        config.width,
    )
}

/// Writes into `dir` the checkpoints of the hidden parts of `weights`' last `phases_done`
/// phases, as a run fitting them with `config` would have: a run then reads them back instead of
/// fitting them. Each part's constant stays in its phase's parity entries, where the weights
/// file holds it, so the tables it is checked against are those of `weights`.
pub fn restore_checkpoints(
    weights: &Weights,
    phases_done: usize,
    dir: &Path,
    config: &HiddenConfig,
) -> io::Result<()> {
    let Some(hidden) = &weights.hidden else {
        return Err(io::Error::other("the weights have no hidden part"));
    };
    let per_phase = layout().per_phase();
    let first = weights.phases.saturating_sub(phases_done);
    for (phase, part) in hidden.iter().enumerate().skip(first) {
        let part = HiddenPhase {
            part: part.clone(),
            offset: 0,
        };
        if part.part.width != config.width {
            return Err(io::Error::other(format!(
                "phase {phase}'s hidden part is {} wide, the run's {}",
                part.part.width, config.width
            )));
        }
        let tables = &weights.values[phase * per_phase..(phase + 1) * per_phase];
        let settings = settings_checksum(tables, config);
        write_checkpoint(&dir.join(format!("hidden-{phase}.bin")), settings, &part)?;
    }
    Ok(())
}

/// SGD of one phase's hidden part over `samples`, the tables (in discs) fixed; returns it with
/// the mean error before and after.
fn fit_phase(
    tables: &[f32],
    samples: &[Sample],
    config: &HiddenConfig,
    phase: usize,
) -> (PhaseFit, f32, f32) {
    let width = config.width;
    let count = layout().feature_count();
    let mut rows = vec![0u32; samples.len() * count];
    for (row, sample) in rows.chunks_exact_mut(count).zip(samples) {
        features(&sample.position, row);
    }
    let linear: Vec<f32> = rows
        .chunks_exact(count)
        .map(|row| row.iter().map(|&f| tables[f as usize]).sum())
        .collect();
    let mut rng = SplitMix64::new(config.seed ^ (phase as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let spread = |rng: &mut SplitMix64| (rng.below(2001) as f32 / 1000.0 - 1.0) * INITIAL_SPREAD;
    let mut fit = PhaseFit {
        width,
        vectors: (0..tables.len() * width)
            .map(|_| spread(&mut rng))
            .collect(),
        bias: vec![INITIAL_BIAS; width],
        output: vec![0.0; width],
        offset: 0.0,
    };
    let mut reads = vec![0u32; tables.len()];
    for &f in &rows {
        reads[f as usize] += 1;
    }
    let fitted: Vec<bool> = reads.iter().map(|&r| r >= config.min_reads).collect();
    // Entries read too seldom (and those no position reads) start at zero and stay there.
    for (entry, _) in fitted.iter().enumerate().filter(|(_, f)| !**f) {
        fit.vectors[entry * width..(entry + 1) * width].fill(0.0);
    }
    let mut units = vec![0f32; width];
    let before = samples
        .iter()
        .zip(&linear)
        .map(|(s, l)| (l - f32::from(s.label)).abs())
        .sum::<f32>()
        / samples.len() as f32;
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut average: Option<(PhaseFit, u32)> = None;
    // A phase of fewer positions is snapshotted once a pass, at its end.
    let snapshot_every = SNAPSHOT_EVERY.min(samples.len()).max(1);
    for epoch in 0..config.epochs {
        let rate = config.learning_rate * (1.0 - 0.9 * epoch as f32 / config.epochs as f32);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let averaging = config.average_from.is_some_and(|from| epoch >= from);
        for (step, &i) in order.iter().enumerate() {
            let row = &rows[i * count..(i + 1) * count];
            let predicted = linear[i] + fit.predict(row, &mut units);
            let error = (predicted - f32::from(samples[i].label))
                .clamp(-config.error_clip, config.error_clip);
            fit.step(row, &units, error, rate, count as f32, &fitted);
            if averaging && step % snapshot_every == snapshot_every - 1 {
                match &mut average {
                    None => average = Some((fit.clone(), 1)),
                    Some((mean, snapshots)) => {
                        *snapshots += 1;
                        mean.move_towards(&fit, 1.0 / *snapshots as f32);
                    }
                }
            }
        }
    }
    let fit = average.map_or(fit, |(mean, _)| mean);
    let after = samples
        .iter()
        .zip(rows.chunks_exact(count))
        .zip(&linear)
        .map(|((s, row), l)| (l + fit.predict(row, &mut units) - f32::from(s.label)).abs())
        .sum::<f32>()
        / samples.len() as f32;
    (fit, before, after)
}

impl PhaseFit {
    /// The hidden part's output in discs; `units` gets the units' values after the ReLU.
    fn predict(&self, row: &[u32], units: &mut [f32]) -> f32 {
        let width = self.width;
        units.copy_from_slice(&self.bias);
        for &f in row {
            let vector = &self.vectors[f as usize * width..(f as usize + 1) * width];
            for (unit, v) in units.iter_mut().zip(vector) {
                *unit += v;
            }
        }
        let mut out = self.offset;
        for (unit, w) in units.iter_mut().zip(&self.output) {
            *unit = unit.max(0.0);
            out += w * *unit;
        }
        out
    }

    /// One SGD step on a sample of `error` discs whose units were `units`. The vectors and the
    /// output weights step by `rate / features`: each sample moves many of them at once.
    fn step(
        &mut self,
        row: &[u32],
        units: &[f32],
        error: f32,
        rate: f32,
        features: f32,
        fitted: &[bool],
    ) {
        let width = self.width;
        self.offset -= rate * error;
        for (k, &unit) in units.iter().enumerate() {
            if unit > 0.0 {
                let gradient = rate * error * self.output[k];
                self.bias[k] -= gradient;
                let gradient = gradient / features;
                for &f in row {
                    if !fitted[f as usize] {
                        continue;
                    }
                    let v = &mut self.vectors[f as usize * width + k];
                    *v = (*v - gradient - rate * L2 * *v).clamp(-VECTOR_LIMIT, VECTOR_LIMIT);
                }
            }
            self.output[k] -= rate * error * unit / features;
        }
    }

    /// Moves every parameter the share `weight` of the way to `other`'s: with `1 / n` for the
    /// n-th snapshot, the running mean of the snapshots.
    fn move_towards(&mut self, other: &PhaseFit, weight: f32) {
        let pairs = self
            .vectors
            .iter_mut()
            .zip(&other.vectors)
            .chain(self.bias.iter_mut().zip(&other.bias))
            .chain(self.output.iter_mut().zip(&other.output))
            .chain(std::iter::once((&mut self.offset, &other.offset)));
        for (mine, theirs) in pairs {
            *mine += (theirs - *mine) * weight;
        }
    }
}

/// The file's fixed point (`HiddenPart`): vectors and biases in `1 / HIDDEN_UNIT` of a unit, the
/// output in evaluation units times `HIDDEN_UNIT`, the offset in evaluation units.
fn quantize(fit: &PhaseFit) -> HiddenPhase {
    let unit = HIDDEN_UNIT as f32;
    HiddenPhase {
        part: HiddenPart {
            width: fit.width,
            vectors: fit
                .vectors
                .iter()
                .map(|v| {
                    (v * unit)
                        .round()
                        .clamp(-f32::from(i8::MAX), f32::from(i8::MAX)) as i8
                })
                .collect(),
            bias: fit.bias.iter().map(|b| within_limit(b * unit)).collect(),
            output: fit
                .output
                .iter()
                .map(|w| within_limit(w * DISC as f32 * unit))
                .collect(),
        },
        offset: (fit.offset * DISC as f32)
            .round()
            .clamp(-f32::from(i16::MAX), f32::from(i16::MAX)) as i16,
    }
}

/// A bias or output weight in the file's fixed point, within what the engine reads.
fn within_limit(value: f32) -> i32 {
    let limit = HIDDEN_LIMIT as f32;
    value.round().clamp(-limit, limit) as i32
}

/// The tables and settings a checkpoint was made with (the options beyond the narrow fit's only
/// when given, so the narrow fit's checkpoints keep their checksums).
fn settings_checksum(tables: &[i16], config: &HiddenConfig) -> u32 {
    let mut bytes: Vec<u8> = tables.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.extend_from_slice(&config.epochs.to_le_bytes());
    bytes.extend_from_slice(&config.learning_rate.to_le_bytes());
    bytes.extend_from_slice(&config.seed.to_le_bytes());
    bytes.extend_from_slice(&config.min_reads.to_le_bytes());
    for (option, value) in config.options_beyond_narrow() {
        bytes.extend_from_slice(option.as_bytes());
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    fnv1a(&bytes)
}

/// Checkpoint bytes: the settings' checksum, the offset, the vectors, biases and outputs, then
/// the checksum of all of it.
fn write_checkpoint(path: &Path, settings: u32, phase: &HiddenPhase) -> io::Result<()> {
    let mut bytes = settings.to_le_bytes().to_vec();
    bytes.extend_from_slice(&phase.offset.to_le_bytes());
    bytes.extend(phase.part.vectors.iter().map(|&v| v as u8));
    for v in phase.part.bias.iter().chain(&phase.part.output) {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let partial = path.with_extension("partial");
    fs::write(&partial, &bytes)?;
    fs::rename(&partial, path)
}

/// A checkpoint of a part `width` wide made with these settings, or none (missing, damaged or
/// other settings).
fn read_checkpoint(path: &Path, settings: u32, width: usize) -> Option<HiddenPhase> {
    let bytes = fs::read(path).ok()?;
    let vectors = layout().per_phase() * width;
    if !HIDDEN_WIDTHS.contains(&width) || bytes.len() != 4 + 2 + vectors + 8 * width + 4 {
        return None;
    }
    let (content, sum) = bytes.split_at(bytes.len() - 4);
    if fnv1a(content).to_le_bytes() != sum || content[..4] != settings.to_le_bytes() {
        return None;
    }
    let i16_at = |at: usize| i16::from_le_bytes([content[at], content[at + 1]]);
    let i32_at = |at: usize| i32::from_le_bytes(content[at..at + 4].try_into().unwrap_or([0; 4]));
    let after_vectors = 6 + vectors;
    Some(HiddenPhase {
        offset: i16_at(4),
        part: HiddenPart {
            width,
            vectors: content[6..after_vectors].iter().map(|&v| v as i8).collect(),
            bias: (0..width).map(|k| i32_at(after_vectors + 4 * k)).collect(),
            output: (0..width)
                .map(|k| i32_at(after_vectors + 4 * (width + k)))
                .collect(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::eval::weights::HIDDEN_WIDE;

    #[test]
    fn a_narrow_fit_keeps_the_settings_earlier_runs_recorded_and_other_options_are_named() {
        // As run15's settings.txt has it: a run recorded before the options existed resumes.
        let narrow = HiddenConfig::narrow(16, 0.01, 15);
        assert_eq!(
            narrow.describe(),
            "HiddenConfig { epochs: 16, learning_rate: 0.01, seed: 15 }"
        );
        let wide = HiddenConfig {
            width: HIDDEN_WIDE,
            average_from: Some(8),
            error_clip: 8.0,
            ..narrow
        };
        assert_eq!(
            wide.describe(),
            "HiddenConfig { epochs: 16, learning_rate: 0.01, seed: 15 }, width 56, \
             averaged from pass 8, error clip 8"
        );
        let tables = [1i16, -2, 3];
        assert_ne!(
            settings_checksum(&tables, &narrow),
            settings_checksum(&tables, &wide)
        );
    }
}

//! Fitting the hidden part of the evaluation (`reversi_engine::eval::weights::Hidden`) on top of
//! a run's fitted tables: every table entry gets a vector of `HIDDEN` values, and a phase's
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
use reversi_engine::eval::weights::{HIDDEN, HIDDEN_UNIT, Hidden, Weights};
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
}

/// The first vectors are drawn within this of zero, so the units start different.
const INITIAL_SPREAD: f32 = 0.05;
/// The units' first bias: just above zero, so each starts active and learns.
const INITIAL_BIAS: f32 = 0.1;
/// L2 penalty on the vectors a sample touches.
const L2: f32 = 1e-4;
/// Errors are clipped to this many discs, so a few wild labels do not throw the units off.
const ERROR_CLIP: f32 = 30.0;
/// An entry read by fewer of a phase's positions keeps a vector of zeros: fitted on so few
/// labels it would learn their noise. It costs nothing measurable and keeps the file within the
/// 8 MiB a tracked file may have (run12's tables with 14 units: 13.3 MB with every entry read
/// once, 8.15 MB from 16 reads; RUNS.md).
const MIN_READS: u32 = 16;
/// A vector's values stay within what the file's 8 bits hold, so the fit is what is evaluated.
const VECTOR_LIMIT: f32 = i8::MAX as f32 / HIDDEN_UNIT as f32;

/// One phase's hidden part in discs during the fit, and the constant the tables are missing.
struct PhaseFit {
    vectors: Vec<f32>,
    bias: [f32; HIDDEN],
    output: [f32; HIDDEN],
    offset: f32,
}

/// One phase's hidden part in the file's units, and the constant to add to its parity entries.
#[derive(Clone, Debug, PartialEq)]
pub struct HiddenPhase {
    vectors: Vec<i8>,
    bias: Vec<i32>,
    output: Vec<i32>,
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

/// `weights` with the phases' hidden parts (all zeros where a phase has none yet); each part's
/// constant goes to both entries of its phase's parity table, exactly one of which every
/// position reads.
pub fn with_hidden(weights: &Weights, parts: &[Option<HiddenPhase>]) -> Weights {
    let mut out = weights.clone();
    let per_phase = layout().per_phase();
    let mut hidden = Hidden::zeros(out.values.len(), out.phases);
    let sizes = layout().table_sizes();
    let parity: usize = sizes[..sizes.len() - 1].iter().map(|&s| s as usize).sum();
    for (phase, part) in parts.iter().enumerate() {
        let Some(part) = part else { continue };
        let start = phase * per_phase;
        hidden.vectors[start..start + per_phase]
            .as_flattened_mut()
            .copy_from_slice(&part.vectors);
        hidden.bias[phase * HIDDEN..(phase + 1) * HIDDEN].copy_from_slice(&part.bias);
        hidden.output[phase * HIDDEN..(phase + 1) * HIDDEN].copy_from_slice(&part.output);
        for entry in &mut out.values[start + parity..start + parity + 2] {
            *entry = entry.saturating_add(part.offset).clamp(-i16::MAX, i16::MAX);
        }
    }
    out.hidden = Some(hidden);
    out
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
    for phase in weights.phases.saturating_sub(phases_done)..weights.phases {
        let entries = phase * per_phase..(phase + 1) * per_phase;
        let units = phase * HIDDEN..(phase + 1) * HIDDEN;
        let part = HiddenPhase {
            vectors: hidden.vectors[entries.clone()].as_flattened().to_vec(),
            bias: hidden.bias[units.clone()].to_vec(),
            output: hidden.output[units].to_vec(),
            offset: 0,
        };
        let settings = settings_checksum(&weights.values[entries], config);
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
        vectors: (0..tables.len() * HIDDEN)
            .map(|_| spread(&mut rng))
            .collect(),
        bias: [INITIAL_BIAS; HIDDEN],
        output: [0.0; HIDDEN],
        offset: 0.0,
    };
    let mut reads = vec![0u32; tables.len()];
    for &f in &rows {
        reads[f as usize] += 1;
    }
    let fitted: Vec<bool> = reads.iter().map(|&r| r >= MIN_READS).collect();
    // Entries read too seldom (and those no position reads) start at zero and stay there.
    for (entry, _) in fitted.iter().enumerate().filter(|(_, f)| !**f) {
        fit.vectors[entry * HIDDEN..(entry + 1) * HIDDEN].fill(0.0);
    }
    let mean_error = |fit: &PhaseFit| {
        let mut units = [0f32; HIDDEN];
        samples
            .iter()
            .zip(rows.chunks_exact(count))
            .zip(&linear)
            .map(|((s, row), l)| (l + fit.predict(row, &mut units) - f32::from(s.label)).abs())
            .sum::<f32>()
            / samples.len() as f32
    };
    let before = samples
        .iter()
        .zip(&linear)
        .map(|(s, l)| (l - f32::from(s.label)).abs())
        .sum::<f32>()
        / samples.len() as f32;
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut units = [0f32; HIDDEN];
    for epoch in 0..config.epochs {
        let rate = config.learning_rate * (1.0 - 0.9 * epoch as f32 / config.epochs as f32);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for &i in &order {
            let row = &rows[i * count..(i + 1) * count];
            let predicted = linear[i] + fit.predict(row, &mut units);
            let error = (predicted - f32::from(samples[i].label)).clamp(-ERROR_CLIP, ERROR_CLIP);
            fit.step(row, &units, error, rate, count as f32, &fitted);
        }
    }
    let after = mean_error(&fit);
    (fit, before, after)
}

impl PhaseFit {
    /// The hidden part's output in discs; `units` gets the units' values after the ReLU.
    fn predict(&self, row: &[u32], units: &mut [f32; HIDDEN]) -> f32 {
        *units = self.bias;
        for &f in row {
            let vector = &self.vectors[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
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
        units: &[f32; HIDDEN],
        error: f32,
        rate: f32,
        features: f32,
        fitted: &[bool],
    ) {
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
                    let v = &mut self.vectors[f as usize * HIDDEN + k];
                    *v = (*v - gradient - rate * L2 * *v).clamp(-VECTOR_LIMIT, VECTOR_LIMIT);
                }
            }
            self.output[k] -= rate * error * unit / features;
        }
    }
}

/// The file's fixed point (`Hidden`): vectors and biases in `1 / HIDDEN_UNIT` of a unit, the
/// output in evaluation units times `HIDDEN_UNIT`, the offset in evaluation units.
fn quantize(fit: &PhaseFit) -> HiddenPhase {
    let unit = HIDDEN_UNIT as f32;
    HiddenPhase {
        vectors: fit
            .vectors
            .iter()
            .map(|v| {
                (v * unit)
                    .round()
                    .clamp(-f32::from(i8::MAX), f32::from(i8::MAX)) as i8
            })
            .collect(),
        bias: fit.bias.iter().map(|b| (b * unit).round() as i32).collect(),
        output: fit
            .output
            .iter()
            .map(|w| (w * DISC as f32 * unit).round() as i32)
            .collect(),
        offset: (fit.offset * DISC as f32)
            .round()
            .clamp(-f32::from(i16::MAX), f32::from(i16::MAX)) as i16,
    }
}

/// The tables and settings a checkpoint was made with.
fn settings_checksum(tables: &[i16], config: &HiddenConfig) -> u32 {
    let mut bytes: Vec<u8> = tables.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.extend_from_slice(&config.epochs.to_le_bytes());
    bytes.extend_from_slice(&config.learning_rate.to_le_bytes());
    bytes.extend_from_slice(&config.seed.to_le_bytes());
    bytes.extend_from_slice(&MIN_READS.to_le_bytes());
    fnv1a(&bytes)
}

/// Checkpoint bytes: the settings' checksum, the offset, the vectors, biases and outputs, then
/// the checksum of all of it.
fn write_checkpoint(path: &Path, settings: u32, part: &HiddenPhase) -> io::Result<()> {
    let mut bytes = settings.to_le_bytes().to_vec();
    bytes.extend_from_slice(&part.offset.to_le_bytes());
    bytes.extend(part.vectors.iter().map(|&v| v as u8));
    for v in part.bias.iter().chain(&part.output) {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let partial = path.with_extension("partial");
    fs::write(&partial, &bytes)?;
    fs::rename(&partial, path)
}

/// A checkpoint made with these settings, or none (missing, damaged or other settings).
fn read_checkpoint(path: &Path, settings: u32) -> Option<HiddenPhase> {
    let bytes = fs::read(path).ok()?;
    let vectors = layout().per_phase() * HIDDEN;
    if bytes.len() != 4 + 2 + vectors + 8 * HIDDEN + 4 {
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
        vectors: content[6..after_vectors].iter().map(|&v| v as i8).collect(),
        bias: (0..HIDDEN).map(|k| i32_at(after_vectors + 4 * k)).collect(),
        output: (0..HIDDEN)
            .map(|k| i32_at(after_vectors + 4 * (HIDDEN + k)))
            .collect(),
    })
}

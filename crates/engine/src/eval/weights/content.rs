//! What a weights file holds: the tables' values of every phase and their hidden parts.

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
}

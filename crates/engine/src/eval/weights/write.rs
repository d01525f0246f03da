//! Writing a weights file.

use std::iter;

use crate::data_file::seal;

use super::compact::write_compact;
use super::{MAGIC, VERSION, Weights};

impl Weights {
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
}

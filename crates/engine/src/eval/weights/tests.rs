use super::compact::{WIDE, ZEROS};
use super::*;
use crate::data_file::{fnv1a, seal};

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
fn a_hidden_bias_or_output_beyond_the_limit_is_refused() {
    for (bias, output) in [(HIDDEN_LIMIT + 1, 0), (0, -HIDDEN_LIMIT - 1), (i32::MIN, 0)] {
        let mut weights = sample_with_hidden();
        if let Some(parts) = &mut weights.hidden {
            parts[1].bias[3] = bias;
            parts[1].output[3] = output;
        }
        assert_eq!(
            Weights::from_bytes(&weights.to_bytes(), &TABLES),
            Err(WeightsError::HiddenOutOfRange),
            "bias {bias}, output {output}"
        );
    }
    let mut at_the_limit = sample_with_hidden();
    if let Some(parts) = &mut at_the_limit.hidden {
        parts[1].bias[3] = -HIDDEN_LIMIT;
        parts[1].output[3] = HIDDEN_LIMIT;
    }
    let read = Weights::from_bytes(&at_the_limit.to_bytes(), &TABLES);
    assert_eq!(read, Ok(at_the_limit));
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

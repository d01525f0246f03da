//! The one-byte coding of the entries' values (see the module's doc), both ways.

use crate::data_file::Reader;

use super::WeightsError;

/// The bytes of the coding that are not a value: the value follows as i16, or a run of zeros'
/// length follows (LEB128, at most `MAX_LENGTH_BYTES` bytes).
pub(super) const WIDE: i8 = i8::MIN;
pub(super) const ZEROS: i8 = 0;
const MAX_LENGTH_BYTES: u32 = 5;

/// Writes `values` in the one-byte coding (see the module's doc).
pub(super) fn write_compact(out: &mut Vec<u8>, values: impl Iterator<Item = i16>) {
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
pub(super) fn read_compact(
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

//! The engine's binary data files (the evaluation weights, the opening book): a magic and a
//! format version first, the content, and an FNV-1a checksum of everything before it at the end.
//! What they share: the checksum, sealing and unsealing, and a reader that never reads past the
//! content.

/// FNV-1a, 32 bits: enough to catch a damaged or truncated file.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    let mut hash = 0x811C_9DC5u32;
    for &byte in bytes {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

/// The file ends before what had to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Truncated;

/// Appends the checksum of `out` to it: the finished file.
pub(crate) fn seal(out: &mut Vec<u8>) {
    let checksum = fnv1a(out);
    out.extend_from_slice(&checksum.to_le_bytes());
}

/// A file split into its content and the checksum stored after it.
pub(crate) struct Sealed<'a> {
    pub content: &'a [u8],
    stored: u32,
}

impl<'a> Sealed<'a> {
    pub fn open(bytes: &'a [u8]) -> Result<Sealed<'a>, Truncated> {
        let at = bytes.len().checked_sub(4).ok_or(Truncated)?;
        let (content, sum) = bytes.split_at(at);
        Ok(Sealed {
            content,
            stored: u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]),
        })
    }

    /// `Err((stored, computed))` when the content does not sum to the stored checksum.
    pub fn verify(&self) -> Result<(), (u32, u32)> {
        let computed = fnv1a(self.content);
        if computed == self.stored {
            Ok(())
        } else {
            Err((self.stored, computed))
        }
    }

    /// A reader over the content, from its start.
    pub fn reader(&self) -> Reader<'a> {
        Reader {
            bytes: self.content,
            at: 0,
        }
    }
}

/// Reads little-endian values from the content, refusing to read past its end.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], Truncated> {
        let end = self.at.checked_add(n).ok_or(Truncated)?;
        let slice = self.bytes.get(self.at..end).ok_or(Truncated)?;
        self.at = end;
        Ok(slice)
    }

    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], Truncated> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N)?);
        Ok(array)
    }

    pub fn u8(&mut self) -> Result<u8, Truncated> {
        Ok(self.take(1)?[0])
    }

    pub fn u16(&mut self) -> Result<u16, Truncated> {
        self.array().map(u16::from_le_bytes)
    }

    pub fn i16(&mut self) -> Result<i16, Truncated> {
        self.array().map(i16::from_le_bytes)
    }

    pub fn u32(&mut self) -> Result<u32, Truncated> {
        self.array().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Result<u64, Truncated> {
        self.array().map(u64::from_le_bytes)
    }

    /// Bytes of the content not read yet.
    pub fn left(&self) -> usize {
        self.bytes.len() - self.at
    }
}

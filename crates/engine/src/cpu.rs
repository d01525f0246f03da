//! Which instruction set the hot loops run with on this CPU: detected once, cached, and asked by
//! move generation, flips, perft, the evaluation and the endgame solver alike.
//!
//! Every fast copy has a portable twin that gives the same answers; the tests compare them.

use std::sync::atomic::{AtomicU8, Ordering};

/// The instruction sets the engine has copies of its hot loops for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// The build's baseline instructions only.
    Portable,
    /// x86-64-v3 (POPCNT, BMI1, BMI2, LZCNT, AVX2) on a CPU where `pext`/`pdep` are microcoded
    /// and far slower than the portable flips (AMD before Zen 3, family 0x19).
    #[cfg(target_arch = "x86_64")]
    V3SlowPext,
    /// x86-64-v3 with `pext`/`pdep` in a few cycles.
    #[cfg(target_arch = "x86_64")]
    V3,
}

impl Isa {
    /// The CPU has x86-64-v3: the `popcnt,bmi1,bmi2,lzcnt,avx2` copies may run.
    #[inline(always)]
    pub fn has_v3(self) -> bool {
        self != Isa::Portable
    }

    /// The CPU has x86-64-v3 and fast `pext`/`pdep`: the BMI2 flips are worth running.
    #[inline(always)]
    pub fn has_fast_pext(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            self == Isa::V3
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
#[cfg(target_arch = "x86_64")]
const V3_SLOW_PEXT: u8 = 2;
#[cfg(target_arch = "x86_64")]
const V3: u8 = 3;

/// The one cache of the detection: a relaxed load on every call after the first.
static DETECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

/// This CPU's instruction set (detected on the first call).
#[inline(always)]
pub fn isa() -> Isa {
    match DETECTED.load(Ordering::Relaxed) {
        PORTABLE => Isa::Portable,
        #[cfg(target_arch = "x86_64")]
        V3_SLOW_PEXT => Isa::V3SlowPext,
        #[cfg(target_arch = "x86_64")]
        V3 => Isa::V3,
        _ => detect_and_cache(),
    }
}

#[cold]
fn detect_and_cache() -> Isa {
    let isa = detect();
    let code = match isa {
        Isa::Portable => PORTABLE,
        #[cfg(target_arch = "x86_64")]
        Isa::V3SlowPext => V3_SLOW_PEXT,
        #[cfg(target_arch = "x86_64")]
        Isa::V3 => V3,
    };
    DETECTED.store(code, Ordering::Relaxed);
    isa
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Isa {
    let v3 = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("avx2");
    if !v3 {
        Isa::Portable
    } else if pext_is_slow() {
        Isa::V3SlowPext
    } else {
        Isa::V3
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Isa {
    Isa::Portable
}

/// AMD runs `pext`/`pdep` in microcode before Zen 3 (family 0x19).
#[cfg(target_arch = "x86_64")]
fn pext_is_slow() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let is_amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    if !is_amd {
        return false;
    }
    let signature = __cpuid(1).eax;
    let family = ((signature >> 8) & 0xF) + ((signature >> 20) & 0xFF);
    family < 0x19
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cached_answer_is_the_detected_one() {
        assert_eq!(isa(), detect());
        assert_eq!(isa(), detect());
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn v3_is_only_claimed_when_the_cpu_has_every_feature() {
        if isa().has_v3() {
            assert!(std::is_x86_feature_detected!("avx2"));
            assert!(std::is_x86_feature_detected!("bmi2"));
            assert!(std::is_x86_feature_detected!("lzcnt"));
        }
        assert!(!Isa::Portable.has_v3() && !Isa::Portable.has_fast_pext());
        assert!(Isa::V3SlowPext.has_v3() && !Isa::V3SlowPext.has_fast_pext());
        assert!(Isa::V3.has_v3() && Isa::V3.has_fast_pext());
    }
}

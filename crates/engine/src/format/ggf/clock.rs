//! Clocks and move times, as GGF files and the NBoard GUI give them (`TI[15:00]`,
//! `B[f5//2.1]`, `move f5/0.5/2.1`). Every one becomes a duration here, bounded, so that no
//! reader of a file or of the GUI can be handed a time that overflows what is computed from it.

use std::time::Duration;

/// The longest clock or move time read: a day. A longer one (`TI[1e21]`, an infinite one) is
/// read as a day: no game is played at such a clock, and a day still fits every sum and
/// deadline computed from it.
pub const LONGEST_CLOCK: Duration = Duration::from_secs(24 * 60 * 60);

/// `seconds` as a duration from zero to [`LONGEST_CLOCK`]: a negative time is none spent, a
/// longer or infinite one is the longest; NaN is no time at all (`None`).
pub fn bounded_seconds(seconds: f64) -> Option<Duration> {
    if seconds.is_nan() {
        None
    } else if seconds <= 0.0 {
        // Minus zero included, which a conversion would refuse.
        Some(Duration::ZERO)
    } else {
        Some(Duration::from_secs_f64(
            seconds.min(LONGEST_CLOCK.as_secs_f64()),
        ))
    }
}

/// The main time of a GGF clock: `15:00`, `1:05:00`, `90` (seconds, minutes:seconds or
/// hours:minutes:seconds); what follows a `/` (increment, extension) is not counted. `None` when
/// it is not written as numbers.
pub fn parse_clock(text: &str) -> Option<Duration> {
    let main = text.split('/').next()?.trim();
    let mut seconds = 0.0;
    for part in main.split(':') {
        let value: f64 = part.trim().parse().ok()?;
        seconds = seconds * 60.0 + value;
    }
    bounded_seconds(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_minutes_and_hours() {
        assert_eq!(parse_clock("15:00"), Some(Duration::from_secs(900)));
        assert_eq!(
            parse_clock("1:05:00//02:00"),
            Some(Duration::from_secs(3900))
        );
        assert_eq!(parse_clock("90"), Some(Duration::from_secs(90)));
        assert_eq!(parse_clock("1.5"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_clock("soon"), None);
        assert_eq!(parse_clock(""), None);
    }

    #[test]
    fn huge_negative_and_infinite_clocks_are_bounded() {
        for huge in [
            "1e21",
            "1e308:00",
            "99999999999999999999:00",
            "5:1e308",
            "inf",
            "1e308:1e308:1e308",
        ] {
            assert_eq!(parse_clock(huge), Some(LONGEST_CLOCK), "{huge}");
        }
        assert_eq!(parse_clock("-5:00"), Some(Duration::ZERO));
        assert_eq!(parse_clock("-inf"), Some(Duration::ZERO));
        assert_eq!(parse_clock("NaN"), None);
        assert_eq!(parse_clock("inf:-inf"), None, "infinity less infinity");
        assert_eq!(bounded_seconds(f64::MAX), Some(LONGEST_CLOCK));
        assert_eq!(bounded_seconds(-0.0), Some(Duration::ZERO));
    }
}

//! FILETIME: 100-nanosecond intervals since 1601-01-01 UTC, the time of every SMB2
//! timestamp. The one conversion to and from the Unix clock for the whole workspace.

/// 1601-01-01 to 1970-01-01, in FILETIME units.
pub const UNIX_EPOCH: u64 = 116_444_736_000_000_000;

/// FILETIME units in a second.
pub const PER_SECOND: u64 = 10_000_000;

/// The FILETIME of a Unix time (seconds and nanoseconds; before 1601 is 0).
pub fn from_unix(sec: i64, nsec: u32) -> u64 {
    let t =
        i128::from(sec) * i128::from(PER_SECOND) + i128::from(nsec / 100) + i128::from(UNIX_EPOCH);
    t.clamp(0, i128::from(u64::MAX)) as u64
}

/// Nanoseconds since the Unix epoch of a FILETIME (negative before 1970).
pub fn to_unix_ns(ft: u64) -> i128 {
    (i128::from(ft) - i128::from(UNIX_EPOCH)) * 100
}

/// The FILETIME of a system time.
pub fn of(t: std::time::SystemTime) -> u64 {
    match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => from_unix(d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            to_filetime_before(d)
        }
    }
}

fn to_filetime_before(d: std::time::Duration) -> u64 {
    let back =
        i128::from(d.as_secs()) * i128::from(PER_SECOND) + i128::from(d.subsec_nanos() / 100);
    (i128::from(UNIX_EPOCH) - back).max(0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_known_points() {
        assert_eq!(from_unix(0, 0), UNIX_EPOCH);
        assert_eq!(from_unix(-11_644_473_600, 0), 0);
        assert_eq!(from_unix(-20_000_000_000, 0), 0);
        // 2000-01-01T00:00:00Z
        assert_eq!(from_unix(946_684_800, 0), 125_911_584_000_000_000);
        let ft = from_unix(1_700_000_000, 123_456_700);
        assert_eq!(to_unix_ns(ft), 1_700_000_000_123_456_700);
        assert_eq!(of(std::time::UNIX_EPOCH), UNIX_EPOCH);
        let before = std::time::UNIX_EPOCH - std::time::Duration::from_secs(1);
        assert_eq!(of(before), UNIX_EPOCH - PER_SECOND);
        assert!(of(std::time::SystemTime::now()) > from_unix(1_700_000_000, 0));
    }
}

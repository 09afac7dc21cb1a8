//! Where a queued job stands under the scheduling rule (pro first, but a free job after every
//! `burst` pro starts while free jobs wait). The Redis board runs the same arithmetic in Lua
//! (`lua/snapshot.lua` for a position, `lua/claim.lua` for the next start); the behaviour tests
//! hold both to it.

use std::time::Duration;

use super::{Place, Tier};

/// The line as the rule sees it.
#[derive(Debug, Clone, Copy)]
pub struct Line {
    pub queued_pro: u64,
    pub queued_free: u64,
    /// Pro jobs started in a row while free ones waited.
    pub streak: u64,
    pub burst: u64,
}

/// Jobs that start before the one at `rank` (0-based) in its tier's line.
pub fn ahead(line: Line, tier: Tier, rank: u64) -> u64 {
    let burst = line.burst.max(1);
    match tier {
        Tier::Pro => rank + line.queued_free.min((line.streak + rank) / burst),
        Tier::Free => {
            rank + line
                .queued_pro
                .min(((rank + 1) * burst).saturating_sub(line.streak))
        }
    }
}

/// The place of a job with `ahead` jobs before it, when a run takes `average` and `workers`
/// run at once.
pub fn place(ahead: u64, average: Duration, workers: u64) -> Place {
    let eta_ms = u128::from(ahead) * average.as_millis() / u128::from(workers.max(1));
    Place {
        position: u32::try_from(ahead + 1).unwrap_or(u32::MAX),
        eta: Duration::from_millis(u64::try_from(eta_ms).unwrap_or(u64::MAX)),
    }
}

/// Whether the next start goes to a pro job, and the streak after it.
pub fn next_is_pro(line: Line) -> Option<(bool, u64)> {
    match (line.queued_pro, line.queued_free) {
        (0, 0) => None,
        (_, 0) => Some((true, 0)),
        (0, _) => Some((false, 0)),
        _ if line.streak < line.burst.max(1) => Some((true, line.streak + 1)),
        _ => Some((false, 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Starts the whole line by the rule and returns the order.
    fn order(pro: u64, free: u64, burst: u64) -> String {
        let mut line = Line {
            queued_pro: pro,
            queued_free: free,
            streak: 0,
            burst,
        };
        let (mut p, mut f, mut out) = (0, 0, Vec::new());
        while let Some((is_pro, streak)) = next_is_pro(line) {
            line.streak = streak;
            if is_pro {
                out.push(format!("P{p}"));
                p += 1;
                line.queued_pro -= 1;
            } else {
                out.push(format!("F{f}"));
                f += 1;
                line.queued_free -= 1;
            }
        }
        out.join(" ")
    }

    #[test]
    fn four_of_five_starts_go_to_pro_while_both_wait() {
        assert_eq!(order(8, 3, 4), "P0 P1 P2 P3 F0 P4 P5 P6 P7 F1 F2");
    }

    #[test]
    fn positions_match_the_order_the_rule_starts_jobs_in() {
        for (pro, free, streak) in [(8, 3, 0), (2, 5, 3), (0, 4, 0), (6, 0, 2), (9, 9, 4)] {
            let line = Line {
                queued_pro: pro,
                queued_free: free,
                streak,
                burst: 4,
            };
            let mut sim = line;
            let (mut p, mut f, mut started) = (0, 0, 0);
            while let Some((is_pro, next_streak)) = next_is_pro(sim) {
                sim.streak = next_streak;
                let (tier, rank) = if is_pro {
                    sim.queued_pro -= 1;
                    p += 1;
                    (Tier::Pro, p - 1)
                } else {
                    sim.queued_free -= 1;
                    f += 1;
                    (Tier::Free, f - 1)
                };
                assert_eq!(
                    ahead(line, tier, rank),
                    started,
                    "{tier:?} #{rank} in {line:?}"
                );
                started += 1;
            }
        }
    }

    #[test]
    fn the_wait_shrinks_with_more_workers() {
        let one = place(4, Duration::from_secs(2), 1);
        let four = place(4, Duration::from_secs(2), 4);
        assert_eq!((one.position, one.eta), (5, Duration::from_secs(8)));
        assert_eq!((four.position, four.eta), (5, Duration::from_secs(2)));
    }
}

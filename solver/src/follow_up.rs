//! The budget of the queries that look for more failures after the first.
//!
//! Consumes the time the query that found a procedure's first failure took
//! and the configured per-query limit. Guarantees: the later queries of
//! [`crate::VcSession::find_failures`] (each one the previous with the
//! failures found so far assumed) share at most [`FollowUp::total`] of
//! time, and none runs past the configured limit. Why: the verdict is
//! settled by the first failure; the later queries only add reports, and
//! on a racy kernel the last of them is the proof of every remaining check
//! — as hard as verifying the race-free twin (parboil_lbm_racy: 5.8 s for
//! the first race, over 30 s for the last query). An exhausted follow-up
//! budget ends the search with the failures found so far and the other
//! checks reported undecided; it never turns into a proof.

use std::time::Duration;

/// Follow-up queries may take this many times the first failing query.
pub const FACTOR: u32 = 2;
/// ... and at least this much in total.
pub const MIN_TOTAL: Duration = Duration::from_secs(2);

/// What is left of the follow-up budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowUp {
    pub total: Duration,
    pub spent: Duration,
    configured: Option<Duration>,
}

impl FollowUp {
    /// The budget after a first failure found in `first` under the
    /// per-query limit `configured` (`None`: no limit, and then no
    /// follow-up budget either: the user asked for complete answers).
    pub fn after(first: Duration, configured: Option<Duration>) -> Option<FollowUp> {
        let configured = configured?;
        Some(FollowUp {
            total: (first * FACTOR).max(MIN_TOTAL),
            spent: Duration::ZERO,
            configured: Some(configured),
        })
    }

    /// The limit of the next query, or `None` when the budget is spent.
    pub fn next_limit(&self) -> Option<Duration> {
        let left = self.total.saturating_sub(self.spent);
        if left.is_zero() {
            return None;
        }
        Some(match self.configured {
            Some(c) => left.min(c),
            None => left,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_twice_the_first_query_at_least_two_seconds() {
        let f = FollowUp::after(Duration::from_secs(5), Some(Duration::from_secs(30))).unwrap();
        assert_eq!(f.next_limit(), Some(Duration::from_secs(10)));
        let f = FollowUp::after(Duration::from_millis(10), Some(Duration::from_secs(30))).unwrap();
        assert_eq!(f.next_limit(), Some(MIN_TOTAL));
    }

    #[test]
    fn no_query_exceeds_the_configured_limit_and_a_spent_budget_stops() {
        let mut f =
            FollowUp::after(Duration::from_secs(50), Some(Duration::from_secs(30))).unwrap();
        assert_eq!(f.next_limit(), Some(Duration::from_secs(30)));
        f.spent = Duration::from_secs(100);
        assert_eq!(f.next_limit(), None);
    }

    #[test]
    fn no_limit_means_no_follow_up_budget() {
        assert_eq!(FollowUp::after(Duration::from_secs(5), None), None);
    }
}

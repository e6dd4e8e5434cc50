//! When a campaign's events can have happened: from a day before it went
//! out (the service's clock and the app's may differ by hours) to a day
//! after now. A time outside that (`0001-01-01 00:00:00` from a broken
//! service) is dropped and counted, never charted: a chart whose axis ran
//! from the year 1 would be drawn over millions of hours.

use crate::views::service_moment;
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// Before any campaign the service sent: the floor when a campaign says
/// nothing of when it went out (an automation's letter sends all along).
fn earliest() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2000, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default()
}

/// The span a campaign's events fall in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plausible {
    from: NaiveDateTime,
    to: NaiveDateTime,
}

impl Plausible {
    pub(crate) fn of(campaign: &api::campaigns::Campaign) -> Self {
        Self::since(campaign.delivery_time.as_deref())
    }

    /// The span of a campaign that went out at `sent` (the service's time), if it says.
    pub(crate) fn since(sent: Option<&str>) -> Self {
        let sent = sent.and_then(service_moment);
        let from = sent.and_then(|t| t.checked_sub_signed(Duration::days(1))).unwrap_or_else(earliest).max(earliest());
        Plausible { from, to: chrono::Local::now().naive_local() + Duration::days(1) }
    }

    /// The moment of a service time inside the span; `None` for one outside it or unreadable.
    pub(crate) fn moment(&self, stamp: &str) -> Option<NaiveDateTime> {
        service_moment(stamp).filter(|t| (self.from..=self.to).contains(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_one_and_next_year_are_not_when_a_campaign_was_read() {
        let span = Plausible::since(Some("2026-03-02 10:00:00"));
        assert!(span.moment("0001-01-01 00:00:00").is_none());
        assert!(span.moment("2026-03-01 09:00:00").is_none(), "more than a day before it went out");
        assert!(span.moment("2026-03-01 11:00:00").is_some(), "clocks differ by hours");
        assert!(span.moment("2026-03-02 12:00:00").is_some());
        let next_year = (chrono::Local::now() + Duration::days(400)).format("%Y-%m-%d %H:%M:%S").to_string();
        assert!(span.moment(&next_year).is_none());
        assert!(Plausible::since(None).moment("0001-01-01 00:00:00").is_none(), "no time said: still a floor");
    }
}

//! Counting a campaign's events without reading them twice. Events reach
//! the service's statistics a few seconds after they happen and are never
//! changed after, so what is counted up to a moment well before the newest
//! event is final: it is kept, in the session and on disk per account, and
//! the next count (the dashboard opened again, refreshed while the campaign
//! is sending, or opened after a restart) reads only the events from that
//! moment on.

use super::event_walk::{each_event, MOST_EVENTS, PAGE};
use super::pace::Pace;
use crate::error::Result;
use crate::plausible::Plausible;
use crate::session::Session;
use crate::views::service_moment;
use api::reports::{Event, EventQuery};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// From the day a campaign went out to the end of tomorrow: every event it
/// can have (the events report reads only today unless told otherwise).
pub(crate) fn campaign_span(campaign: &api::campaigns::Campaign) -> (String, String) {
    let from = campaign.delivery_time.as_deref().and_then(|t| t.get(..10)).unwrap_or("2000-01-01");
    let tomorrow = chrono::Local::now().naive_local() + chrono::Duration::days(1);
    (format!("{from} 00:00:00"), tomorrow.format("%Y-%m-%d 23:59:59").to_string())
}

/// How late an event may reach the statistics, by default: the service
/// says "a few seconds"; events this long before the newest one read are
/// taken as final.
pub const REPORT_LAG: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// A count that events are added to one at a time: what it needs of an
/// event (a small fact, kept while the event may not be final), then the
/// adding of it.
pub(crate) trait Fold: Clone + Default {
    type Fact;
    fn fact(event: &Event) -> Self::Fact;
    fn add(&mut self, fact: &Self::Fact);
}

/// What is counted of one type of a campaign's events: every event before
/// `until` (the service's time, `YYYY-MM-DD HH:MM:SS`).
#[derive(Clone, Default, Serialize, Deserialize)]
pub(crate) struct Settled<T> {
    until: Option<String>,
    counted: T,
}

impl<T: Fold> Settled<T> {
    /// The moment before which every event is counted, if any is.
    pub(crate) fn until(&self) -> Option<&str> {
        self.until.as_deref()
    }

    /// What is counted.
    pub(crate) fn counted(&self) -> &T {
        &self.counted
    }

    /// Every event there will be, counted (`total`, read up to `until`):
    /// for a campaign whose figures can no longer change.
    pub(crate) fn whole(total: T, until: String) -> Self {
        Settled { until: Some(until), counted: total }
    }

    /// Reads the campaign's events of type `kind` that came since the last
    /// count, keeps what is now final, and returns the count of them all.
    /// A read that breaks off (a dropped connection, a server error) keeps
    /// what it read that is final, so the next one reads on from there.
    /// `on_read` hears how many events this read has taken in, as it goes.
    /// In the background (`pace` given) the pages are asked one at a time,
    /// each in its turn.
    pub(crate) async fn bring_up_to_date(
        &mut self,
        session: &Session,
        campaign: &api::campaigns::Campaign,
        kind: &str,
        pace: Option<&Pace>,
        on_read: impl Fn(u64),
    ) -> Result<T> {
        let (first, to) = campaign_span(campaign);
        let from = self.until.clone().unwrap_or(first);
        // Work in the background says so: the client's budget lets the user's requests first.
        let client = match pace {
            Some(_) => session.client().background(),
            None => session.client().clone(),
        };
        let mut next = Window::after(self.clone(), session.report_lag(), Plausible::of(campaign));
        let mut taken = 0;
        let read = each_event(
            &client,
            *campaign.id,
            EventQuery { from: Some(from), to: Some(to), event_type: Some(kind.into()), ..EventQuery::default() },
            MOST_EVENTS,
            pace,
            |event| {
                next.push(event);
                taken += 1;
                if taken % PAGE == 0 {
                    on_read(taken);
                }
            },
        )
        .await;
        on_read(taken);
        // Events come in time order: every one before the final moment has been read.
        let (settled, now) = next.finish();
        *self = settled;
        read.map(|()| now)
    }
}

/// Events being read in time order: those more than the report lag before
/// the newest go into the settled count as the newest moves on; the rest wait.
/// An event dated outside the campaign's span is dropped: one dated in the
/// future would make every event before it look final.
struct Window<T: Fold> {
    settled: Settled<T>,
    span: Plausible,
    /// The events not yet final: their times and facts.
    recent: VecDeque<(String, T::Fact)>,
    lag: chrono::Duration,
    /// The newest event's time, and the moment the lag before it.
    newest: String,
    final_before: Option<String>,
}

impl<T: Fold> Window<T> {
    fn after(settled: Settled<T>, lag: std::time::Duration, span: Plausible) -> Self {
        let lag = chrono::Duration::from_std(lag).unwrap_or(chrono::Duration::MAX);
        Window { settled, span, recent: VecDeque::new(), lag, newest: String::new(), final_before: None }
    }

    fn push(&mut self, event: Event) {
        if self.span.moment(&event.event_time).is_none() {
            return;
        }
        if event.event_time.as_str() > self.newest.as_str() {
            self.newest = event.event_time.to_string();
            self.final_before = service_moment(&self.newest)
                .and_then(|t| t.checked_sub_signed(self.lag))
                .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string());
            self.settle();
        }
        let fact = T::fact(&event);
        self.recent.push_back((event.event_time.0, fact));
    }

    /// Moves the events before the final moment into the settled count.
    fn settle(&mut self) {
        let Some(before) = self.final_before.as_deref() else { return };
        if self.settled.until.as_deref().is_some_and(|until| until >= before) {
            return;
        }
        while self.recent.front().is_some_and(|(time, _)| time.as_str() < before) {
            if let Some((_, fact)) = self.recent.pop_front() {
                self.settled.counted.add(&fact);
            }
        }
        self.settled.until = Some(before.to_string());
    }

    /// What is now final, and the count of every event read.
    fn finish(mut self) -> (Settled<T>, T) {
        self.settle();
        let mut now = self.settled.counted.clone();
        self.recent.iter().for_each(|(_, fact)| now.add(fact));
        (self.settled, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The opens' times, in the order they were counted.
    #[derive(Clone, Default, Debug, PartialEq)]
    struct Times(Vec<String>);

    impl Fold for Times {
        type Fact = String;
        fn fact(event: &Event) -> String {
            event.event_time.to_string()
        }
        fn add(&mut self, time: &String) {
            self.0.push(time.clone());
        }
    }

    fn at(time: &str) -> Event {
        serde_json::from_value(serde_json::json!({
            "event_time": time, "event_type": "OPENED", "email": "a@b.example", "member_id": 1,
        }))
        .unwrap()
    }

    fn read(settled: Settled<Times>, times: &[&str]) -> (Settled<Times>, Times) {
        let mut window = Window::after(settled, REPORT_LAG, Plausible::since(Some("2026-03-02 09:00:00")));
        times.iter().for_each(|t| window.push(at(t)));
        window.finish()
    }

    #[test]
    fn an_event_dated_in_the_year_one_or_far_ahead_is_dropped_and_moves_nothing() {
        let (settled, now) =
            read(Settled::default(), &["0001-01-01 00:00:00", "2026-03-02 10:00:00", "9999-01-01 00:00:00"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 09:50:00"), "final before the plausible newest only");
        assert_eq!(now.0, ["2026-03-02 10:00:00"]);
    }

    #[test]
    fn events_ten_minutes_before_the_newest_are_kept_and_the_rest_counted_but_not_kept() {
        let (settled, now) =
            read(Settled::default(), &["2026-03-02 10:00:00", "2026-03-02 10:05:59", "2026-03-02 10:20:30"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:10:30"));
        assert_eq!(settled.counted.0, ["2026-03-02 10:00:00", "2026-03-02 10:05:59"]);
        assert_eq!(now.0.len(), 3, "the last one is counted too, only not kept");
    }

    #[test]
    fn the_next_read_adds_to_what_was_kept_and_never_counts_an_event_twice() {
        let (settled, _) = read(Settled::default(), &["2026-03-02 10:00:00", "2026-03-02 10:20:30"]);
        // The next read starts at `until`: the open at 10:20:30 comes again.
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:10:30"));
        let (settled, now) = read(settled, &["2026-03-02 10:20:30", "2026-03-02 10:25:00"]);
        assert_eq!(now.0, ["2026-03-02 10:00:00", "2026-03-02 10:20:30", "2026-03-02 10:25:00"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:15:00"));
        let (settled, now) = read(settled, &["2026-03-02 10:20:30", "2026-03-02 10:25:00", "2026-03-03 08:00:00"]);
        assert_eq!(settled.counted.0, ["2026-03-02 10:00:00", "2026-03-02 10:20:30", "2026-03-02 10:25:00"]);
        assert_eq!(now.0.len(), 4);
    }

    #[test]
    fn an_event_at_the_final_moment_itself_waits_for_the_next_read_which_starts_there() {
        let (settled, now) =
            read(Settled::default(), &["2026-03-02 10:09:59", "2026-03-02 10:10:00", "2026-03-02 10:20:00"]);
        assert_eq!(settled.until.as_deref(), Some("2026-03-02 10:10:00"));
        assert_eq!(settled.counted.0, ["2026-03-02 10:09:59"]);
        assert_eq!(now.0.len(), 3);
    }

    #[test]
    fn nothing_new_keeps_what_was_kept() {
        let (settled, _) = read(Settled::default(), &["2026-03-02 10:00:00", "2026-03-02 10:20:30"]);
        let (again, now) = read(settled.clone(), &["2026-03-02 10:20:30"]);
        assert_eq!(again.until, settled.until, "the moment never goes back");
        assert_eq!(again.counted, settled.counted);
        assert_eq!(now.0.len(), 2);
    }
}

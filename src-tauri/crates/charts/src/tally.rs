//! Counting before drawing: activity over time (hourly for the first two
//! days, daily after) and a breakdown's largest entries. The same code counts
//! the service's hourly rows in the app and raw events in the benchmark.

use crate::{Bar, Series, TimeAxis};
use chrono::{NaiveDateTime, Timelike};
use std::collections::{BTreeMap, HashMap};

/// Hours drawn one by one; later activity is summed per day.
pub const HOURLY_FOR: usize = 48;

/// Days drawn at most after the first two: a year of days is already more
/// than a chart's width can tell apart, and the points drawn (and the memory
/// they take) must not grow with however far apart the service dates its
/// activity. Later days are left out.
pub const MOST_DAYS: usize = 366;

/// Opens and clicks counted per hour, in any order. Only hours with
/// activity are held, so two moments years apart take two entries, not the
/// hours between them.
#[derive(Debug, Clone, Default)]
pub struct Activity {
    /// Per hour since the epoch of the naive clock.
    hours: BTreeMap<i64, (f64, f64)>,
}

fn hour_of(at: NaiveDateTime) -> i64 {
    at.and_utc().timestamp().div_euclid(3600)
}

impl Activity {
    /// Adds opens and clicks at a moment (its hour is what counts).
    pub fn add(&mut self, at: NaiveDateTime, opens: f64, clicks: f64) {
        let slot = self.hours.entry(hour_of(at)).or_default();
        slot.0 += opens;
        slot.1 += clicks;
    }

    /// How many hours with activity are held.
    pub fn buckets(&self) -> usize {
        self.hours.len()
    }

    /// The time axis and one series per count: an hour per point for the
    /// first two days after the first activity (labelled `HH:00`, quiet
    /// hours included up to the last activity), then a day per point
    /// (labelled by `day_month`, see [`crate::day_month`]), days without
    /// activity left out, at most [`MOST_DAYS`] of them.
    pub fn drawn(&self, opens: &str, clicks: &str, day_month: &str) -> (TimeAxis, [Series; 2]) {
        let mut labels = Vec::new();
        let (mut o, mut c) = (Vec::new(), Vec::new());
        let (Some(&first), Some(&last)) = (self.hours.keys().next(), self.hours.keys().next_back()) else {
            return (
                TimeAxis { labels },
                [Series { name: opens.into(), values: o }, Series { name: clicks.into(), values: c }],
            );
        };
        let hourly_end = first.saturating_add(HOURLY_FOR as i64);
        for hour in first..hourly_end.min(last.saturating_add(1)) {
            let Some(at) = chrono::DateTime::from_timestamp(hour.saturating_mul(3600), 0) else { continue };
            let (opened, clicked) = self.hours.get(&hour).copied().unwrap_or_default();
            labels.push(format!("{:02}:00", at.naive_utc().hour()));
            o.push(opened);
            c.push(clicked);
        }
        let mut last_day = None;
        let mut days = 0;
        for (hour, (opened, clicked)) in self.hours.range(hourly_end..) {
            let Some(at) = chrono::DateTime::from_timestamp(hour.saturating_mul(3600), 0) else { continue };
            if *opened == 0.0 && *clicked == 0.0 {
                continue;
            }
            let day = at.naive_utc().date();
            if last_day != Some(day) {
                if days == MOST_DAYS {
                    break;
                }
                days += 1;
                last_day = Some(day);
                labels.push(crate::day_month(day_month, day));
                o.push(0.0);
                c.push(0.0);
            }
            *o.last_mut().unwrap_or(&mut 0.0) += opened;
            *c.last_mut().unwrap_or(&mut 0.0) += clicked;
        }
        (
            TimeAxis { labels },
            [Series { name: opens.to_string(), values: o }, Series { name: clicks.to_string(), values: c }],
        )
    }
}

/// A breakdown's `n` largest entries as bars, largest first (ties by label).
pub fn top<S: Into<String>>(counts: impl IntoIterator<Item = (S, f64)>, n: usize) -> Vec<Bar> {
    let mut bars: Vec<Bar> = counts.into_iter().map(|(label, value)| Bar { label: label.into(), value }).collect();
    bars.sort_by(|a, b| b.value.total_cmp(&a.value).then_with(|| a.label.cmp(&b.label)));
    bars.truncate(n);
    bars
}

/// Counts per key, for breakdowns built from single events.
pub fn count<K: std::hash::Hash + Eq>(keys: impl IntoIterator<Item = K>) -> HashMap<K, f64> {
    let mut counts = HashMap::new();
    for key in keys {
        *counts.entry(key).or_insert(0.0) += 1.0;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn activity_is_hourly_for_two_days_then_daily() {
        let mut activity = Activity::default();
        for h in 0..48 {
            activity.add(at(&format!("2026-03-{:02} {:02}:10:00", 1 + h / 24, h % 24)), 2.0, 1.0);
        }
        activity.add(at("2026-03-03 17:00:00"), 3.0, 0.0);
        activity.add(at("2026-03-03 09:59:59"), 5.0, 1.0);
        activity.add(at("2026-03-05 10:00:00"), 1.0, 0.0);
        let (axis, [opens, clicks]) = activity.drawn("opens", "clicks", "DD.MM");
        assert_eq!(axis.labels.len(), 48 + 2);
        assert_eq!(axis.labels[0], "00:00");
        assert_eq!(&axis.labels[48..], ["03.03", "05.03"]);
        let (us, _) = activity.drawn("opens", "clicks", "MM/DD");
        assert_eq!(&us.labels[48..], ["03/03", "03/05"], "the reader's order of day and month");
        assert_eq!(opens.values[48], 8.0, "a day sums its hours");
        assert_eq!(clicks.values[48], 1.0);
        assert_eq!(opens.values.iter().sum::<f64>(), 48.0 * 2.0 + 9.0, "nothing lost");
    }

    #[test]
    fn activity_counts_out_of_order_and_keeps_quiet_hours_of_the_first_two_days() {
        let mut activity = Activity::default();
        activity.add(at("2026-03-01 12:00:00"), 1.0, 0.0);
        activity.add(at("2026-03-01 09:30:00"), 1.0, 1.0);
        let (axis, [opens, _]) = activity.drawn("o", "c", "DD.MM");
        assert_eq!(axis.labels, ["09:00", "10:00", "11:00", "12:00"]);
        assert_eq!(opens.values, [1.0, 0.0, 0.0, 1.0]);
        let (empty, [none, _]) = Activity::default().drawn("o", "c", "DD.MM");
        assert!(empty.labels.is_empty() && none.values.is_empty());
    }

    #[test]
    fn moments_centuries_apart_hold_two_hours_and_draw_a_bounded_chart() {
        let mut activity = Activity::default();
        activity.add(at("0001-01-01 00:00:00"), 1.0, 0.0);
        activity.add(at("2026-03-01 09:30:00"), 1.0, 0.0);
        assert_eq!(activity.buckets(), 2, "not the millions of hours between them");
        let (axis, [opens, _]) = activity.drawn("o", "c", "DD.MM");
        assert_eq!(axis.labels.len(), HOURLY_FOR + 1);
        assert_eq!(opens.values.iter().sum::<f64>(), 2.0);
        let mut years = Activity::default();
        for day in 0..3 * 365 {
            years.add(at("2024-01-01 00:00:00") + chrono::Duration::days(day), 1.0, 0.0);
        }
        let (axis, _) = years.drawn("o", "c", "DD.MM");
        assert_eq!(axis.labels.len(), HOURLY_FOR + MOST_DAYS, "two days of hours, then at most a year of days");
    }

    #[test]
    fn top_keeps_the_largest_first() {
        let bars = top([("b", 2.0), ("a", 5.0), ("c", 2.0), ("d", 1.0)], 3);
        let labels: Vec<&str> = bars.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["a", "b", "c"]);
        assert_eq!(count(["x", "y", "x"])["x"], 2.0);
    }
}

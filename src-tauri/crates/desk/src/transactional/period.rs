//! A period's counts beside the period of the same length before it: the
//! two read at once (two requests), drawn as bars by `charts` in the
//! reader's theme and words, as the reports draw the campaigns'.

use super::{Action, MessageStats};
use crate::chart_view::{drawn, ChartTheme, ChartView};
use crate::error::{failed, Result};
use crate::session::Session;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// How wide the chart is drawn.
const WIDTH: u32 = 640;

/// The words the chart draws, in the reader's language.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PeriodWords {
    pub sent: String,
    pub delivered: String,
    pub opened: String,
    pub clicked: String,
    pub bounced: String,
    pub complained: String,
    /// The period chosen ("Last 30 days").
    pub current: String,
    /// The one before it ("The 30 days before").
    pub previous: String,
}

/// The counts of the last `days` days and of the days before them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MessagePeriod {
    pub days: u32,
    pub current: MessageStats,
    pub previous: MessageStats,
    pub chart: ChartView,
}

/// The first and last day of the `days` days ending `ends` (included).
fn span(ends: NaiveDate, days: u32) -> (NaiveDate, NaiveDate) {
    (ends - chrono::Duration::days(i64::from(days.max(1)) - 1), ends)
}

/// Messages per outcome sent from `start` to `end`, both days included.
async fn counts(session: &Session, start: NaiveDate, end: NaiveDate) -> Result<MessageStats> {
    let (start, end) = (start.format("%Y-%m-%d").to_string(), end.format("%Y-%m-%d").to_string());
    let s = api::transactional::stats(session.client(), Some(&start), Some(&end))
        .await
        .map_err(failed(Action::LoadMessageStats))?;
    Ok(MessageStats {
        sent: *s.sent,
        delivered: *s.delivered,
        opened: *s.opened,
        clicked: *s.clicks,
        bounced: *s.bounced,
        complained: *s.complained,
        unsubscribed: *s.unsubscribed,
    })
}

/// The last `days` days (today included) beside the `days` before them.
pub async fn period(session: &Session, days: u32, theme: ChartTheme, words: &PeriodWords) -> Result<MessagePeriod> {
    let days = days.max(1);
    let (start, end) = span(chrono::Local::now().date_naive(), days);
    let (before_start, before_end) = span(start - chrono::Duration::days(1), days);
    let (current, previous) = tokio::try_join!(counts(session, start, end), counts(session, before_start, before_end))?;
    let chart = chart(&current, &previous, theme, words)?;
    Ok(MessagePeriod { days, current, previous, chart })
}

fn chart(current: &MessageStats, previous: &MessageStats, theme: ChartTheme, words: &PeriodWords) -> Result<ChartView> {
    let values =
        |s: &MessageStats| [s.sent, s.delivered, s.opened, s.clicked, s.bounced, s.complained].map(|n| n as f64);
    let groups = [&words.sent, &words.delivered, &words.opened, &words.clicked, &words.bounced, &words.complained]
        .map(String::clone);
    let series = [
        charts::Series { name: words.current.clone(), values: values(current).to_vec() },
        charts::Series { name: words.previous.clone(), values: values(previous).to_vec() },
    ];
    drawn(charts::grouped_bars(&groups, &series, WIDTH, theme.into(), charts::grouped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_ends_today_and_the_one_before_ends_the_day_before_it_starts() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let (start, end) = span(today, 7);
        assert_eq!((start, end), (NaiveDate::from_ymd_opt(2026, 2, 23).unwrap(), today));
        let (before_start, before_end) = span(start - chrono::Duration::days(1), 7);
        assert_eq!(before_end, NaiveDate::from_ymd_opt(2026, 2, 22).unwrap());
        assert_eq!(before_start, NaiveDate::from_ymd_opt(2026, 2, 16).unwrap());
        assert_eq!(span(today, 0), (today, today), "a day at least");
    }

    #[test]
    fn the_chart_has_a_bar_per_outcome_and_period_with_its_count() {
        let stats = |n: i64| MessageStats {
            sent: n,
            delivered: n - 1,
            opened: n / 2,
            clicked: 1,
            bounced: 1,
            complained: 0,
            unsubscribed: 0,
        };
        let words = PeriodWords {
            sent: "Sent".into(),
            delivered: "Delivered".into(),
            opened: "Opened".into(),
            clicked: "Clicked".into(),
            bounced: "Bounced".into(),
            complained: "Complained".into(),
            current: "Last 7 days".into(),
            previous: "The 7 days before".into(),
        };
        let chart = chart(&stats(40), &stats(12), ChartTheme::Light, &words).unwrap();
        let sent = chart.marks.iter().find(|m| m.label == "Sent").expect("a mark for Sent");
        let values: Vec<(String, f64)> = sent.values.iter().map(|v| (v.series.clone(), v.value)).collect();
        assert_eq!(values, [("Last 7 days".to_string(), 40.0), ("The 7 days before".to_string(), 12.0)]);
        assert_eq!(chart.legend.len(), 2);
        assert!(chart.svg.contains("Complained"));
    }
}

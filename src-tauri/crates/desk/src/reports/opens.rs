//! What only the opens one by one tell: who opened (a person or a machine),
//! on what device, and in a light or dark mail client.
//!
//! Mail privacy proxies (Apple Mail's Privacy Protection) fetch every image
//! of a message seconds after delivery, from the proxies' own addresses,
//! whether anyone reads it or not. Counted as opens they inflate the open
//! rate, so the dashboard counts them apart: a recipient whose every open
//! came from a proxy opened "by machine" only. Devices and reading modes are
//! counted over people's opens.

use super::counting::count;
use super::tally::{Categories, Openers};
use super::views::{drawn, funnel, ChartTheme, ChartView, ChartWords, Counts, Rates, NARROW, TOP, WIDE};
use crate::error::Result;
use crate::session::Session;
use crate::work::Progress;
use charts::Bar;
use serde::Serialize;

/// The dashboard's figures with opens by machines left out, and people's
/// opens by device and by reading mode.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OpenDetails {
    pub openers: Openers,
    /// The counts with only recipients opened by people counted as opened.
    pub counts: Counts,
    pub rates: Rates,
    pub funnel: ChartView,
    /// People's opens per device (mobile, desktop, tablet).
    pub devices: ChartView,
    /// People's opens in a light or a dark mail client.
    pub modes: ChartView,
    /// People's opens per browser (web mail read in a browser), most first.
    pub browsers: ChartView,
    /// Bounces per category: hard, soft, blocked, spam.
    pub bounce_categories: ChartView,
}

/// Reads the opens and bounces of a campaign that came since they were last
/// counted and counts who opened and how (the dashboard's figures without
/// opens by machines, people's opens by device and by reading mode) and
/// bounces by category. `on_read` hears how many opens have been read so
/// far (a big campaign counted for the first time takes seconds). Right
/// after the campaign's dashboard it takes the campaign and its summary
/// from it; a campaign whose figures are settled and counted whole asks
/// for nothing more.
pub async fn open_details(
    session: &Session,
    campaign_id: i64,
    theme: ChartTheme,
    words: &ChartWords,
    on_read: impl Fn(Progress),
) -> Result<OpenDetails> {
    let reports = session.reports();
    let _reading = reports.background.screen_reads();
    let (campaign, summary) = super::reading::for_details(session, campaign_id).await?;
    let (mut tally, Categories(categories)) = count(session, &campaign, on_read).await?;
    let theme = theme.into();
    let bars = |labels: &[&String], values: &[f64]| -> Vec<Bar> {
        labels
            .iter()
            .zip(values)
            .filter(|(_, n)| **n > 0.0)
            .map(|(label, n)| Bar { label: label.to_string(), value: *n })
            .collect()
    };
    let devices = bars(&[&words.mobile, &words.desktop, &words.tablet, &words.other_device], &tally.devices);
    let modes = bars(&[&words.light_mode, &words.dark_mode], &tally.modes);
    let categories = bars(
        &[&words.bounce_hard, &words.bounce_soft, &words.bounce_blocked, &words.bounce_spam, &words.other_device],
        &categories,
    );
    let browsers = charts::tally::top(std::mem::take(&mut tally.browsers), TOP);
    let openers = tally.counted();
    let counts = Counts { opened: openers.by_people, ..Counts::from(&summary) };
    Ok(OpenDetails {
        openers,
        counts,
        rates: counts.into(),
        funnel: funnel(&counts, words, theme)?,
        devices: drawn(charts::bars(&devices, NARROW, theme))?,
        modes: drawn(charts::bars(&modes, NARROW, theme))?,
        browsers: drawn(charts::bars(&browsers, NARROW, theme))?,
        bounce_categories: drawn(charts::bars(&categories, WIDE, theme))?,
    })
}

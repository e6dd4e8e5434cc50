//! What only the opens one by one tell: who opened (a person or a machine),
//! on what device, and in a light or dark mail client.
//!
//! Mail privacy proxies (Apple Mail's Privacy Protection) fetch every image
//! of a message seconds after delivery, from the proxies' own addresses,
//! whether anyone reads it or not. Counted as opens they inflate the open
//! rate, so the dashboard counts them apart: a recipient whose every open
//! came from a proxy opened "by machine" only. Devices and reading modes are
//! counted over people's opens.

use super::settled::{Fold, Settled};
use super::{drawn, funnel, ChartTheme, ChartView, ChartWords, Counts, Rates, NARROW};
use crate::desk::Session;
use crate::error::{failed, Action, Result};
use crate::work::Progress;
use api::campaigns::Campaign;
use api::reports::Event;
use charts::Bar;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// Recipients who opened, split by who opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Openers {
    /// Recipients with at least one open by a person.
    pub by_people: i64,
    /// Recipients whose every open came from a privacy proxy.
    pub by_machines_only: i64,
    /// Opens (not recipients) that came from a privacy proxy.
    pub machine_opens: i64,
}

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

/// Whether an open came from a mail privacy proxy: Apple's network
/// (17.0.0.0/8) with the bare user agent its proxy sends.
pub fn is_machine(ip: &str, user_agent: &str) -> bool {
    let apple = ip.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.octets()[0] == 17);
    apple && user_agent.trim() == "Mozilla/5.0"
}

/// Whether an event came from a mail privacy proxy.
pub(crate) fn opened_by_machine(event: &Event) -> bool {
    is_machine(event.ip.0.as_deref().unwrap_or_default(), event.user_agent.0.as_deref().unwrap_or_default())
}

/// Counts a campaign's opens by who opened, and people's by device and mode.
#[derive(Default, Clone, Serialize, Deserialize)]
struct Tally {
    people: HashSet<i64>,
    machines: HashSet<i64>,
    machine_opens: i64,
    /// Mobile, desktop, tablet, other.
    devices: [f64; 4],
    /// Light, dark.
    modes: [f64; 2],
    browsers: HashMap<String, f64>,
}

/// What the tally needs of one open.
struct OpenFact {
    member: i64,
    by_machine: bool,
    /// Mobile, desktop, tablet, other.
    device: usize,
    dark: bool,
    browser: Option<Box<str>>,
}

impl Fold for Tally {
    type Fact = OpenFact;

    fn fact(open: &Event) -> OpenFact {
        let device = match open.device.0.as_deref().map(str::trim) {
            Some("mobile") => 0,
            Some("desktop") => 1,
            Some("tablet") => 2,
            _ => 3,
        };
        let dark = match open.extra.get("dark_mode") {
            Some(serde_json::Value::Number(n)) => n.as_i64() == Some(1),
            Some(serde_json::Value::String(s)) => s.trim() == "1",
            _ => false,
        };
        let browser = open.extra.get("browser").and_then(|b| b.as_str()).map(str::trim).filter(|b| !b.is_empty());
        OpenFact {
            member: *open.member_id,
            by_machine: opened_by_machine(open),
            device,
            dark,
            browser: browser.map(Box::from),
        }
    }

    fn add(&mut self, open: &OpenFact) {
        if open.by_machine {
            self.machine_opens += 1;
            self.machines.insert(open.member);
            return;
        }
        self.people.insert(open.member);
        self.devices[open.device] += 1.0;
        self.modes[usize::from(open.dark)] += 1.0;
        if let Some(browser) = &open.browser {
            *self.browsers.entry(browser.to_string()).or_default() += 1.0;
        }
    }
}

impl Tally {
    fn counted(&self) -> Openers {
        Openers {
            by_people: self.people.len() as i64,
            by_machines_only: self.machines.difference(&self.people).count() as i64,
            machine_opens: self.machine_opens,
        }
    }
}

/// Bounces per category: hard, soft, blocked, spam, other.
#[derive(Default, Clone, Serialize, Deserialize)]
struct Categories([f64; 5]);

impl Fold for Categories {
    /// Hard, soft, blocked, spam, other.
    type Fact = usize;

    fn fact(bounce: &Event) -> usize {
        match bounce.bounce_category.0.as_deref().map(str::trim) {
            Some("hrd") => 0,
            Some("sft") => 1,
            Some("blk") => 2,
            Some("spm") => 3,
            _ => 4,
        }
    }

    fn add(&mut self, category: &usize) {
        self.0[*category] += 1.0;
    }
}

/// What is kept counted of a campaign's opens and bounces.
#[derive(Default, Serialize, Deserialize)]
pub(crate) struct Counted {
    opens: Settled<Tally>,
    bounces: Settled<Categories>,
}

impl Counted {
    /// The moments before which each is final: when they move, there is more to keep.
    fn until(&self) -> [Option<String>; 2] {
        [self.opens.until(), self.bounces.until()].map(|until| until.map(str::to_owned))
    }
}

/// Reads the opens and bounces of a campaign that came since they were last
/// counted, keeps what is final, and returns the count of them all.
/// `on_read` hears how many opens have been read so far.
async fn count(session: &Session, campaign: &Campaign, on_read: impl Fn(Progress)) -> Result<(Tally, Categories)> {
    let mut counted = session.counted.lock(*campaign.id, campaign.delivery_time.as_deref().unwrap_or_default()).await;
    let before = counted.until();
    let Counted { opens, bounces } = &mut *counted;
    let (tally, categories) = tokio::join!(
        opens.bring_up_to_date(session, campaign, "OPENED", |done| on_read(Progress { done, total: None })),
        bounces.bring_up_to_date(session, campaign, "BOUNCED", |_| ()),
    );
    if counted.until() != before {
        counted.keep().await;
    }
    Ok((tally?, categories?))
}

/// Counts the opens and bounces of the campaigns that went out last, one
/// at a time, once the account's first screen is up: their dashboards then
/// open complete, where a big campaign's opens would take seconds to read.
/// What was counted before (on disk) is brought up to date, which reads
/// little. Errors are left for the dashboard to show when it is opened.
pub(crate) async fn count_ahead(session: Session) {
    tokio::time::sleep(COUNT_AHEAD_AFTER).await;
    let Ok(sent) = super::sent_campaigns(session.client()).await else { return };
    for campaign in sent.iter().take(COUNTED_AHEAD) {
        let _ = count(&session, campaign, |_| ()).await;
    }
}

/// How long after an account opens its campaigns are counted ahead.
const COUNT_AHEAD_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

/// How many of the campaigns that went out last are counted ahead.
const COUNTED_AHEAD: usize = 5;

/// Reads the opens and bounces of a campaign that came since they were last
/// counted and counts who opened and how (the dashboard's figures without
/// opens by machines, people's opens by device and by reading mode) and
/// bounces by category. `on_read` hears how many opens have been read so
/// far (a big campaign counted for the first time takes seconds).
pub async fn open_details(
    session: &Session,
    campaign_id: i64,
    theme: ChartTheme,
    words: &ChartWords,
    on_read: impl Fn(Progress),
) -> Result<OpenDetails> {
    let client = session.client();
    let (campaign, summary) =
        tokio::join!(api::campaigns::get(client, campaign_id), api::reports::summary(client, campaign_id));
    let campaign = campaign.map_err(failed(Action::LoadReport))?;
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
    let browsers = charts::tally::top(std::mem::take(&mut tally.browsers), super::TOP);
    let openers = tally.counted();
    let counts = Counts { opened: openers.by_people, ..Counts::from(&summary.map_err(failed(Action::LoadReport))?) };
    Ok(OpenDetails {
        openers,
        counts,
        rates: counts.into(),
        funnel: funnel(&counts, words, theme)?,
        devices: drawn(charts::bars(&devices, NARROW, theme))?,
        modes: drawn(charts::bars(&modes, NARROW, theme))?,
        browsers: drawn(charts::bars(&browsers, NARROW, theme))?,
        bounce_categories: drawn(charts::bars(&categories, super::WIDE, theme))?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_proxy_from_apples_network_with_its_bare_agent_is_a_machine() {
        assert!(is_machine("17.58.3.9", "Mozilla/5.0"));
        assert!(
            !is_machine("17.58.3.9", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile"),
            "a person on Apple's own network"
        );
        assert!(!is_machine("95.165.10.4", "Mozilla/5.0"));
        assert!(!is_machine("", ""));
    }

    #[test]
    fn a_recipient_opened_by_machine_only_when_no_person_opened() {
        let open = |member: i64, ip: &str, agent: &str| -> Event {
            serde_json::from_value(serde_json::json!({
                "event_time": "2026-03-02 10:00:00", "event_type": "OPENED", "email": "a@b.example",
                "member_id": member, "ip": ip, "user_agent": agent,
            }))
            .unwrap()
        };
        let mut tally = Tally::default();
        tally.add(&Tally::fact(&open(1, "17.58.0.1", "Mozilla/5.0")));
        tally.add(&Tally::fact(&open(1, "95.165.10.4", "Mozilla/5.0 (ios) safari")));
        tally.add(&Tally::fact(&open(2, "17.58.0.2", "Mozilla/5.0")));
        tally.add(&Tally::fact(&open(3, "85.26.30.12", "Mozilla/5.0 (win) edge")));
        assert_eq!(tally.devices, [0.0, 0.0, 0.0, 2.0], "people's opens only, no device said");
        assert_eq!(tally.modes, [2.0, 0.0]);
        assert_eq!(tally.counted(), Openers { by_people: 2, by_machines_only: 1, machine_opens: 2 });
    }
}

#[cfg(test)]
mod device_tests {
    use super::*;

    #[test]
    fn peoples_opens_are_counted_by_device_and_reading_mode() {
        let open = |device: &str, dark: serde_json::Value| -> Event {
            serde_json::from_value(serde_json::json!({
                "event_time": "2026-03-02 10:00:00", "event_type": "OPENED", "email": "a@b.example",
                "member_id": 1, "ip": "95.165.10.4", "user_agent": "Mozilla/5.0 (ios) safari",
                "device": device, "dark_mode": dark, "browser": "safari",
            }))
            .unwrap()
        };
        let mut tally = Tally::default();
        tally.add(&Tally::fact(&open("mobile", serde_json::json!(1))));
        tally.add(&Tally::fact(&open("mobile", serde_json::json!("0"))));
        tally.add(&Tally::fact(&open("tablet", serde_json::json!("1"))));
        tally.add(&Tally::fact(&open("desktop", serde_json::json!(0))));
        assert_eq!(tally.devices, [2.0, 1.0, 1.0, 0.0]);
        assert_eq!(tally.browsers.get("safari"), Some(&4.0), "the browser the agent named");
        assert_eq!(tally.modes, [2.0, 2.0]);
    }
}

//! Opens by machines. Mail privacy proxies (Apple Mail's Privacy
//! Protection) fetch every image of a message seconds after delivery, from
//! the proxies' own addresses, whether anyone reads it or not. Counted as
//! opens they inflate the open rate, so the dashboard counts them apart: a
//! recipient whose every open came from a proxy opened "by machine" only.

use super::{funnel, ChartTheme, ChartView, ChartWords, Counts, Rates};
use crate::desk::Session;
use crate::error::{failed, Action, Result};
use api::reports::{Event, EventQuery};
use serde::Serialize;
use std::collections::HashSet;

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

/// The dashboard's figures with opens by machines left out.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MachineOpens {
    pub openers: Openers,
    /// The counts with only recipients opened by people counted as opened.
    pub counts: Counts,
    pub rates: Rates,
    pub funnel: ChartView,
}

/// Whether an open came from a mail privacy proxy: Apple's network
/// (17.0.0.0/8) with the bare user agent its proxy sends.
pub fn is_machine(ip: &str, user_agent: &str) -> bool {
    let apple = ip.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.octets()[0] == 17);
    apple && user_agent.trim() == "Mozilla/5.0"
}

/// Counts a campaign's opens by who opened.
#[derive(Default)]
struct Tally {
    people: HashSet<i64>,
    machines: HashSet<i64>,
    machine_opens: i64,
}

impl Tally {
    fn add(&mut self, open: &Event) {
        let member = *open.member_id;
        if is_machine(open.ip.0.as_deref().unwrap_or_default(), open.user_agent.0.as_deref().unwrap_or_default()) {
            self.machine_opens += 1;
            self.machines.insert(member);
        } else {
            self.people.insert(member);
        }
    }

    fn counted(self) -> Openers {
        Openers {
            by_people: self.people.len() as i64,
            by_machines_only: self.machines.difference(&self.people).count() as i64,
            machine_opens: self.machine_opens,
        }
    }
}

/// Opens read per request, and requests in flight at once.
const PAGE: u64 = 1000;
const IN_FLIGHT: u64 = 4;

/// Reads every open of a campaign since it went out, counts who opened,
/// and gives the dashboard's figures without opens by machines.
pub async fn machine_opens(
    session: &Session,
    campaign_id: i64,
    theme: ChartTheme,
    words: &ChartWords,
) -> Result<MachineOpens> {
    let client = session.client();
    let (campaign, summary) =
        tokio::join!(api::campaigns::get(client, campaign_id), api::reports::summary(client, campaign_id));
    let campaign = campaign.map_err(failed(Action::LoadReport))?;
    let openers = openers(client, &campaign, campaign_id).await?;
    let counts = Counts { opened: openers.by_people, ..Counts::from(&summary.map_err(failed(Action::LoadReport))?) };
    Ok(MachineOpens { openers, counts, rates: counts.into(), funnel: funnel(&counts, words, theme.into())? })
}

async fn openers(client: &api::Client, campaign: &api::campaigns::Campaign, campaign_id: i64) -> Result<Openers> {
    let (from, to) = super::rows::campaign_span(campaign);
    let query =
        EventQuery { from: Some(from), to: Some(to), event_type: Some("OPENED".into()), ..EventQuery::default() };
    let mut tally = Tally::default();
    let mut start = 0;
    loop {
        let pages = (0..IN_FLIGHT).map(|n| {
            let query = &query;
            async move {
                let pager = api::reports::events(client, campaign_id, query)?;
                pager.starting_at(start + n * PAGE).page_size(PAGE).next_page().await
            }
        });
        let mut more = true;
        for page in futures_util::future::join_all(pages).await {
            match page.map_err(failed(Action::LoadReport))? {
                Some(page) => {
                    page.items.iter().for_each(|open| tally.add(open));
                    more = page.has_more;
                }
                None => more = false,
            }
        }
        if !more {
            return Ok(tally.counted());
        }
        start += IN_FLIGHT * PAGE;
    }
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
        tally.add(&open(1, "17.58.0.1", "Mozilla/5.0"));
        tally.add(&open(1, "95.165.10.4", "Mozilla/5.0 (ios) safari"));
        tally.add(&open(2, "17.58.0.2", "Mozilla/5.0"));
        tally.add(&open(3, "85.26.30.12", "Mozilla/5.0 (win) edge"));
        assert_eq!(tally.counted(), Openers { by_people: 2, by_machines_only: 1, machine_opens: 2 });
    }
}

//! The counts made of a campaign's events one at a time: its opens by who
//! opened (a person or a machine), people's opens by device, reading mode
//! and browser, and its bounces by category.

use super::settled::Fold;
use api::reports::Event;
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
pub(crate) struct Tally {
    people: HashSet<i64>,
    machines: HashSet<i64>,
    machine_opens: i64,
    /// Mobile, desktop, tablet, other.
    pub(super) devices: [f64; 4],
    /// Light, dark.
    pub(super) modes: [f64; 2],
    pub(super) browsers: HashMap<String, f64>,
}

/// What the tally needs of one open.
pub(crate) struct OpenFact {
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
    pub(super) fn counted(&self) -> Openers {
        Openers {
            by_people: self.people.len() as i64,
            by_machines_only: self.machines.difference(&self.people).count() as i64,
            machine_opens: self.machine_opens,
        }
    }
}

/// Bounces per category: hard, soft, blocked, spam, other.
#[derive(Default, Clone, Serialize, Deserialize)]
pub(crate) struct Categories(pub(super) [f64; 5]);

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

//! What happens to each message once it is sent, decided from the seed so a
//! run is repeatable: delivery or a bounce (SMTP code, category, reason), an
//! open after a realistic delay, clicks on the message's links, the odd
//! unsubscribe or complaint, with the reader's city, mail client, system and
//! device. Times are compressed by the clock speed. Bounces, unsubscribes and
//! complaints change the subscriber's state when their time comes.

use crate::fault::Result;
use crate::store::{setting, stamp};
use chrono::{Duration, NaiveDateTime};
use rusqlite::{params, Connection};

const CITIES: [(&str, &str); 10] = [
    ("Moscow", "95.165.10.4"),
    ("Saint Petersburg", "178.66.20.8"),
    ("Kazan", "85.26.30.12"),
    ("Novosibirsk", "92.125.40.16"),
    ("Yekaterinburg", "31.173.50.20"),
    ("Berlin", "89.246.60.24"),
    ("Riga", "83.99.70.28"),
    ("Almaty", "2.134.80.32"),
    ("Tbilisi", "31.146.90.36"),
    ("Helsinki", "85.76.100.40"),
];
/// (web service or client, browser, OS, device)
const CLIENTS: [(&str, &str, &str, &str); 8] = [
    ("gmail", "chrome", "android", "mobile"),
    ("apple_mail", "safari", "ios", "mobile"),
    ("outlook", "edge", "win", "desktop"),
    ("yandex", "yandex", "win", "desktop"),
    ("mailru", "chrome", "android", "mobile"),
    ("thunderbird", "firefox", "linux", "desktop"),
    ("apple_mail", "safari", "mac", "desktop"),
    ("gmail", "chrome", "ios", "tablet"),
];
const BOUNCES: [(&str, i64, &str); 5] = [
    ("hrd", 550, "5.1.1 The email account that you tried to reach does not exist"),
    ("hrd", 553, "5.1.3 Invalid recipient address"),
    ("sft", 452, "4.2.2 Mailbox full"),
    ("blk", 554, "5.7.1 Message rejected due to local policy"),
    ("spm", 550, "5.7.350 Message blocked as spam"),
];

pub use super::sent::Sent;

/// Who an event comes from: nobody (sending, bounces), the reader, or a
/// mail privacy proxy that fetched the images on delivery.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    Nobody,
    Reader,
    Proxy,
}

/// What a privacy proxy calls itself: nothing more than this.
pub const PROXY_AGENT: &str = "Mozilla/5.0";

/// `now` plus `seconds` of simulated time, compressed by the clock speed.
pub fn after(conn: &Connection, seconds: i64) -> Result<String> {
    let millis = (seconds as f64 * 1000.0 / clock_speed(conn)?) as i64;
    Ok(stamp(chrono::Local::now().naive_local() + Duration::milliseconds(millis)))
}

/// `at` plus `seconds` of simulated time.
pub fn after_time(conn: &Connection, at: NaiveDateTime, seconds: i64) -> Result<String> {
    Ok(stamp(at + Duration::milliseconds((seconds as f64 * 1000.0 / clock_speed(conn)?) as i64)))
}

pub fn clock_speed(conn: &Connection) -> Result<f64> {
    Ok(setting(conn, "clock_speed")?.and_then(|v| v.parse().ok()).filter(|s: &f64| *s > 0.0).unwrap_or(1.0))
}

/// What decides the fates of messages: the run's seed and clock speed,
/// read once for a whole batch of messages.
pub struct Fates {
    seed: u64,
    speed: f64,
}

impl Fates {
    pub fn of(conn: &Connection) -> Result<Fates> {
        Ok(Fates { seed: setting(conn, "seed")?.and_then(|v| v.parse().ok()).unwrap_or(1), speed: clock_speed(conn)? })
    }
}

/// Records a sent message and what will come of it.
pub fn deliver(conn: &Connection, fates: &Fates, message: &Sent, sent_at: NaiveDateTime) -> Result<()> {
    let speed = fates.speed;
    let mut rng = fastrand::Rng::with_seed(
        fates.seed
            ^ (message.campaign_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (message.member_id as u64).rotate_left(17)
            ^ message.transaction_id.map_or(0, |t| (t as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)),
    );
    let later = |rng: &mut fastrand::Rng, from: NaiveDateTime, typical_minutes: f64| {
        // A heavy-tailed delay: most soon, some after days.
        let minutes = typical_minutes * (-(1.0 - rng.f64()).ln()).powf(1.6);
        from + Duration::milliseconds((minutes * 60_000.0 / speed) as i64)
    };
    let domain = message.email.rsplit('@').next().unwrap_or_default().to_lowercase();
    let (city, ip) = CITIES[rng.usize(..CITIES.len())];
    let (service, browser, os, device) = CLIENTS[rng.usize(..CLIENTS.len())];
    let dark = i64::from(rng.u8(..10) < 3);
    let mut insert = conn.prepare_cached(
        "INSERT INTO events (campaign_id, member_id, list_id, email, domain, event_type, event_time, bounce_category,
            bounce_code, bounce_reason, url, ip, region, os, browser, webservice, device, user_agent, language, dark_mode,
            transaction_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, 'ru', ?19, ?20)",
    )?;
    // A mail privacy proxy's fetch: its own address, no reader's details.
    let proxy_ip = format!("17.58.{}.{}", rng.u8(..64), rng.u8(1..255));
    let mut event = |kind: &str, at: NaiveDateTime, bounce: Option<(&str, i64, &str)>, url: Option<&str>, by: By| {
        let (category, code, reason) = bounce.map_or((None, None, None), |(c, n, r)| (Some(c), Some(n), Some(r)));
        let reader = by == By::Reader;
        let who = |v: &'static str| reader.then_some(v);
        let (ip, agent) = match by {
            By::Nobody => (None, None),
            By::Reader => (Some(ip.to_string()), Some(format!("Mozilla/5.0 ({os}) {browser}"))),
            By::Proxy => (Some(proxy_ip.clone()), Some(PROXY_AGENT.to_string())),
        };
        insert.execute(params![
            message.campaign_id,
            message.member_id,
            message.list_id,
            message.email,
            domain,
            kind,
            stamp(at),
            category,
            code,
            reason,
            url,
            ip,
            // A proxy's address is placed near its reader.
            (by != By::Nobody).then_some(city),
            who(os),
            who(browser),
            (by != By::Nobody).then_some(service),
            who(device),
            agent,
            reader.then_some(dark),
            message.transaction_id,
        ])
    };
    event("SENT", sent_at, None, None, By::Nobody)?;
    if rng.u16(..1000) < 25 {
        let bounce = BOUNCES[rng.usize(..BOUNCES.len())];
        event("BOUNCED", later(&mut rng, sent_at, 0.5), Some(bounce), None, By::Nobody)?;
        return Ok(());
    }
    // Auto-replies and late failure notices answer delivery, read or not.
    if message.member_id > 0 && rng.u16(..1000) < 60 {
        let answered = later(&mut rng, sent_at, 0.2);
        super::replies::reply(conn, message, answered, super::replies::Cause::Delivered, &mut rng, speed)?;
    }
    if service == "apple_mail" && rng.u16(..1000) < 750 {
        let seconds = rng.i64(5..60);
        let fetched = sent_at + Duration::milliseconds((seconds as f64 * 1000.0 / speed) as i64);
        event("OPENED", fetched, None, None, By::Proxy)?;
    }
    if rng.u16(..1000) < 380 {
        let opened = later(&mut rng, sent_at, 90.0);
        event("OPENED", opened, None, None, By::Reader)?;
        if !message.links.is_empty() && rng.u16(..1000) < 260 {
            let clicks = 1 + rng.usize(..2);
            for _ in 0..clicks {
                let url = &message.links[rng.usize(..message.links.len())];
                event("CLICKED", later(&mut rng, opened, 2.0), None, Some(url), By::Reader)?;
            }
        }
        if message.member_id > 0 && rng.u16(..1000) < 30 {
            drop(insert);
            let replied = later(&mut rng, opened, 45.0);
            return super::replies::reply(conn, message, replied, super::replies::Cause::Read, &mut rng, speed);
        }
        if rng.u16(..1000) < 15 {
            event("UNSUBSCRIBED", later(&mut rng, opened, 3.0), None, None, By::Reader)?;
        } else if rng.u16(..1000) < 3 {
            event("COMPLAINED", later(&mut rng, opened, 10.0), None, None, By::Reader)?;
        }
    }
    Ok(())
}

/// The events whose state change is due (through the partial index
/// `events_due`, whose condition this repeats word for word).
const DUE: &str = "SELECT id, member_id, email, event_type, bounce_category FROM events
     WHERE applied = 0 AND event_type IN ('BOUNCED', 'UNSUBSCRIBED', 'COMPLAINED') AND event_time <= ?1";

/// Applies the state changes whose time has come: hard bounces, unsubscribes
/// and complaints.
pub fn apply_due(conn: &Connection, now: &str) -> Result<()> {
    let due: Vec<(i64, i64, String, String, Option<String>)> = conn
        .prepare_cached(DUE)?
        .query_map([now], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<rusqlite::Result<_>>()?;
    if due.is_empty() {
        return Ok(());
    }
    let tx = conn.unchecked_transaction()?;
    for (id, member_id, email, kind, category) in due {
        let state = match (kind.as_str(), category.as_deref()) {
            ("BOUNCED", Some("hrd")) => Some("bounced"),
            ("UNSUBSCRIBED", _) => Some("unsubscribed"),
            ("COMPLAINED", _) => Some("complained"),
            _ => None,
        };
        if let Some(state) = state {
            tx.execute(
                "UPDATE members SET state = ?1, lastedit_time = ?2,
                    unsub_time = CASE WHEN ?1 = 'unsubscribed' THEN ?2 ELSE unsub_time END
                 WHERE id = ?3 AND state = 'active'",
                params![state, now, member_id],
            )?;
            if state == "unsubscribed" && member_id != 0 {
                tx.execute(
                    "INSERT OR IGNORE INTO unsubscribed (email, unsub_time) VALUES (?1, ?2)",
                    params![email, now],
                )?;
            }
        }
        tx.execute("UPDATE events SET applied = 1 WHERE id = ?1", [id])?;
    }
    tx.commit()?;
    Ok(())
}

/// The links a reader may click: every `href` of the HTML but the
/// unsubscribe link and placeholders.
pub fn links(html: &str) -> Vec<String> {
    let Ok(anchors) = scraper::Selector::parse("a[href]") else { return vec![] };
    scraper::Html::parse_document(html)
        .select(&anchors)
        .filter(|a| a.value().id() != Some("unsub_link"))
        .filter_map(|a| a.value().attr("href"))
        .filter(|href| href.starts_with("http://") || href.starts_with("https://"))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_leave_out_the_unsubscribe_link_and_placeholders() {
        let html = r#"<a href="https://shop.example/a">A</a><a id="unsub_link" href="https://x/unsub">U</a>
            <a href="%ОТПИСАТЬСЯ%">u</a><a href="mailto:x@y.z">m</a><a href="http://b.example">B</a>"#;
        assert_eq!(links(html), ["https://shop.example/a", "http://b.example"]);
    }

    #[test]
    fn a_tick_finds_due_changes_through_their_own_index_not_every_open() {
        let conn = crate::store::open(None).unwrap();
        let plan: Vec<String> = conn
            .prepare(&format!("EXPLAIN QUERY PLAN {DUE}"))
            .unwrap()
            .query_map(["2026-01-01 00:00:00"], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(plan.iter().any(|step| step.contains("USING INDEX events_due")), "{plan:?}");
    }
}

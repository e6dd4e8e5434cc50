//! The account area: balance and limits, confirmed senders, sending domains
//! and webhooks; and the sandbox's outbox, where mail the service sends to
//! the account owner (confirmation codes) can be read.

use super::validate::email;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::store::{now, setting};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};

/// Defaults for a fresh account: unlimited subscribers, 10,000 messages.
pub const DEFAULT_LIMIT_EMAILS: i64 = 10_000;
pub const MASS_EVENTS: [&str; 7] = ["open", "click", "hard", "spam", "unsub", "subscribe", "confirm"];
pub const TRANSACTIONAL_EVENTS: [&str; 8] = ["send", "delivered", "dropped", "open", "click", "hard", "spam", "unsub"];
/// Public mailbox providers: nobody may claim them as a sending domain.
const PROVIDERS: [&str; 8] =
    ["gmail.com", "yandex.ru", "mail.ru", "outlook.com", "yahoo.com", "icloud.com", "bk.ru", "hotmail.com"];

fn limit(conn: &Connection, key: &str, default: i64) -> Result<i64> {
    Ok(setting(conn, key)?.and_then(|v| v.parse().ok()).unwrap_or(default))
}

fn distinct_members(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT count(DISTINCT email) FROM members", [], |r| r.get(0))?)
}

/// Legacy: `account.get_balance`.
pub fn balance(conn: &Connection, _call: &Call) -> Result<Outcome> {
    Ok(Outcome::data(json!({
        "limit_members": limit(conn, "limit_members", 0)?,
        "limit_emails": limit(conn, "limit_emails", DEFAULT_LIMIT_EMAILS)?,
        "members": distinct_members(conn)?,
        "balance": format!("{:.2}", limit(conn, "balance_kopecks", 0)? as f64 / 100.0),
        "currency": setting(conn, "currency")?.unwrap_or_else(|| "RUB".into()),
    })))
}

/// Takes sent messages off the account's message allowance.
pub fn spend_emails(conn: &Connection, count: i64) -> Result<()> {
    if count > 0 {
        let left = (limit(conn, "limit_emails", DEFAULT_LIMIT_EMAILS)? - count).max(0);
        crate::store::set_setting(conn, "limit_emails", &left.to_string())?;
    }
    Ok(())
}

/// Refuses adding these addresses when those the account does not hold yet
/// would pass `limit_members` (0: unlimited, and nothing is counted).
pub fn check_member_limit<'a>(conn: &Connection, addresses: impl Iterator<Item = &'a str>) -> Result<()> {
    let cap = limit(conn, "limit_members", 0)?;
    if cap == 0 {
        return Ok(());
    }
    let mut known = conn.prepare_cached("SELECT EXISTS(SELECT 1 FROM members WHERE email = ?1)")?;
    let mut fresh = std::collections::HashSet::new();
    for address in addresses {
        if !known.query_row([address], |r| r.get::<_, bool>(0))? {
            fresh.insert(address.to_lowercase());
        }
    }
    if !fresh.is_empty() && distinct_members(conn)? + fresh.len() as i64 > cap {
        return Err(Fault::new(402, 8, format!("The plan's limit of {cap} subscribers is reached")));
    }
    Ok(())
}

fn sender_record(row: &rusqlite::Row) -> rusqlite::Result<Value> {
    Ok(
        json!({"email": row.get::<_, String>(0)?, "confirmed": row.get::<_, i64>(1)?, "created": row.get::<_, String>(2)?}),
    )
}

/// Legacy: `account.get_confirmed`; v2 `GET /account/senders`.
pub fn senders(conn: &Connection, _call: &Call) -> Result<Outcome> {
    let mut stmt = conn.prepare_cached("SELECT email, confirmed, created FROM senders ORDER BY email")?;
    let rows = stmt.query_map([], sender_record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// Legacy: `account.confirm_from_email`; v2 `POST /account/senders/confirm`.
/// Without `code` it mails a code to the address (readable in the outbox);
/// with the code it confirms the sender.
pub fn confirm_sender(conn: &Connection, call: &Call) -> Result<Outcome> {
    let address = email(&call.params.required_text("email")?)?;
    let stored: Option<String> =
        conn.query_row("SELECT code FROM senders WHERE email = ?1", [&address], |r| r.get(0)).optional()?;
    match (call.params.text("code"), stored) {
        (None, _) => {
            let seed: u64 = setting(conn, "seed")?.and_then(|s| s.parse().ok()).unwrap_or(1);
            let hash = address.to_lowercase().bytes().fold(seed, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
            let code = format!("{:06}", hash % 1_000_000);
            conn.execute(
                "INSERT INTO senders (email, code, created) VALUES (?1, ?2, ?3)
                 ON CONFLICT(email) DO UPDATE SET code = ?2",
                params![address, code, now()],
            )?;
            conn.execute(
                "INSERT INTO outbox (to_email, subject, body, created) VALUES (?1, 'Confirm your sender address', ?2, ?3)",
                params![address, format!("Your confirmation code is {code}."), now()],
            )?;
            Ok(Outcome::data(json!({"email": address, "confirmed": 0})))
        }
        (Some(_), None) => Err(Fault::new(404, 4, format!("{address} has not asked for a confirmation code"))),
        (Some(given), Some(code)) if given.trim() == code => {
            conn.execute("UPDATE senders SET confirmed = 1 WHERE email = ?1", [&address])?;
            Ok(Outcome::data(json!({"email": address, "confirmed": 1})))
        }
        (Some(_), Some(_)) => Err(Fault::new(422, 52, "The confirmation code is wrong")),
    }
}

fn domain_record(row: &rusqlite::Row) -> rusqlite::Result<Value> {
    let domain: String = row.get(0)?;
    let key: String = row.get(2)?;
    Ok(json!({
        "domain": domain,
        "valid": row.get::<_, i64>(1)?,
        "created": row.get::<_, String>(3)?,
        "checked": row.get::<_, Option<String>>(4)?.unwrap_or_default(),
        "records": [
            {"type": "TXT", "host": format!("mail._domainkey.{domain}"), "value": format!("v=DKIM1; k=rsa; p={key}")},
            {"type": "TXT", "host": domain, "value": "v=spf1 include:_spf.sandbox.invalid ~all"},
        ],
    }))
}

fn all_domains(conn: &Connection) -> Result<Vec<Value>> {
    let mut stmt =
        conn.prepare_cached("SELECT domain, valid, dkim_key, created, checked FROM domains ORDER BY domain")?;
    let rows = stmt.query_map([], domain_record)?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Legacy: `account.get_domains`.
pub fn domains(conn: &Connection, _call: &Call) -> Result<Outcome> {
    Ok(Outcome::data(all_domains(conn)?))
}

fn is_hostname(name: &str) -> bool {
    let labels: Vec<&str> = name.split('.').collect();
    labels.len() >= 2
        && name.len() <= 253
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// Legacy: `account.add_domain`: answers the domain with the DNS records to publish.
pub fn add_domain(conn: &Connection, call: &Call) -> Result<Outcome> {
    let domain = call.params.required_text("domain")?.to_lowercase();
    if !is_hostname(&domain) {
        return Err(Fault::new(422, 54, format!("{domain} is not a valid domain")));
    }
    if PROVIDERS.contains(&domain.as_str()) {
        return Err(Fault::new(422, 55, format!("{domain} belongs to a public mail provider and cannot be used")));
    }
    let key: String = (0..40).map(|i| (b'A' + ((domain.len() * 7 + i * 13) % 26) as u8) as char).collect();
    let added = conn.execute(
        "INSERT OR IGNORE INTO domains (domain, dkim_key, created) VALUES (?1, ?2, ?3)",
        params![domain, key, now()],
    )?;
    if added == 0 {
        return Err(Fault::new(409, 56, format!("{domain} is already added")));
    }
    let record = conn.query_row(
        "SELECT domain, valid, dkim_key, created, checked FROM domains WHERE domain = ?1",
        [&domain],
        domain_record,
    )?;
    Ok(Outcome::data(record))
}

/// Legacy: `account.check_domains`: looks the records up. In the sandbox
/// they count as published everywhere except under `.invalid`.
pub fn check_domains(conn: &Connection, _call: &Call) -> Result<Outcome> {
    conn.execute(
        "UPDATE domains SET checked = ?1, valid = CASE WHEN domain LIKE '%.invalid' THEN 0 ELSE 1 END",
        [now()],
    )?;
    Ok(Outcome::data(all_domains(conn)?))
}

/// Legacy: `account.delete_domain`.
pub fn delete_domain(conn: &Connection, call: &Call) -> Result<Outcome> {
    let domain = call.params.required_text("domain")?;
    if conn.execute("DELETE FROM domains WHERE domain = ?1", [&domain])? == 0 {
        return Err(Fault::new(404, 4, format!("{domain} is not a domain of the account")));
    }
    Ok(Outcome::data(true))
}

/// Whether mail from this address may go out: its domain is verified.
pub fn domain_verified(conn: &Connection, from_email: &str) -> Result<bool> {
    let domain = from_email.rsplit('@').next().unwrap_or_default();
    Ok(conn.query_row("SELECT valid FROM domains WHERE domain = ?1", [domain], |r| r.get::<_, i64>(0)).optional()?
        == Some(1))
}

/// Whether any sending domain is verified.
pub fn any_domain_verified(conn: &Connection) -> Result<bool> {
    Ok(conn.query_row("SELECT EXISTS(SELECT 1 FROM domains WHERE valid = 1)", [], |r| r.get(0))?)
}

fn webhook_kind(call: &Call) -> &'static str {
    if call.params.text("kind").as_deref() == Some("transactional") {
        "transactional"
    } else {
        "mass"
    }
}

/// Legacy: `account.get_webhooks`; v2 `GET /account/webhooks[/transactional]`.
pub fn webhooks(conn: &Connection, call: &Call) -> Result<Outcome> {
    let mut stmt = conn.prepare_cached("SELECT event, url FROM webhooks WHERE kind = ?1 ORDER BY event")?;
    let rows = stmt
        .query_map([webhook_kind(call)], |r| {
            Ok(json!({"event": r.get::<_, String>(0)?, "url": r.get::<_, String>(1)?}))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

/// Legacy: `account.add_webhooks`: one address per event; a new address
/// replaces the old one.
pub fn add_webhook(conn: &Connection, call: &Call) -> Result<Outcome> {
    let kind = webhook_kind(call);
    let event = call.params.required_text("event")?;
    let url = call.params.required_text("url")?;
    let events: &[&str] = if kind == "mass" { &MASS_EVENTS } else { &TRANSACTIONAL_EVENTS };
    if !events.contains(&event.as_str()) {
        return Err(Fault::new(422, 53, format!("{event} is not a {kind} webhook event; use {}", events.join(", "))));
    }
    if !(url.starts_with("http://") || url.starts_with("https://")) || url.len() > 2048 {
        return Err(Fault::invalid("url must start with http:// or https:// and be at most 2048 characters"));
    }
    conn.execute(
        "INSERT INTO webhooks (kind, event, url) VALUES (?1, ?2, ?3) ON CONFLICT(kind, event) DO UPDATE SET url = ?3",
        params![kind, event, url],
    )?;
    Ok(Outcome::data(json!({"event": event, "url": url})))
}

/// Legacy: `account.delete_webhooks`, by event name.
pub fn delete_webhook(conn: &Connection, call: &Call) -> Result<Outcome> {
    let event = call.params.required_text("event")?;
    if conn.execute("DELETE FROM webhooks WHERE kind = ?1 AND event = ?2", params![webhook_kind(call), event])? == 0 {
        return Err(Fault::new(404, 4, format!("No webhook for {event}")));
    }
    Ok(Outcome::data(true))
}

/// Sandbox only: what the service mailed to the account owner, newest first.
pub fn outbox(conn: &Connection, _call: &Call) -> Result<Outcome> {
    let mut stmt = conn.prepare_cached("SELECT to_email, subject, body, created FROM outbox ORDER BY id DESC")?;
    let rows = stmt
        .query_map([], |r| {
            Ok(json!({"to": r.get::<_, String>(0)?, "subject": r.get::<_, String>(1)?,
                "body": r.get::<_, String>(2)?, "created": r.get::<_, String>(3)?}))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Outcome::data(rows))
}

//! Demo data: a small coffee roaster's account, collecting subscribers for
//! some six years and with a year of campaigns. Deterministic for a given seed.

use crate::fault::Result;
use crate::ops::fields;
use crate::store::{set_setting, setting, stamp};
use chrono::{Duration, Local, NaiveDateTime};
use rusqlite::{params, Connection};
use serde_json::json;

const PROFILE: [(&str, &str); 9] = [
    ("company", "Northwind Coffee Roasters"),
    ("abuse_name", "Marta Lindqvist"),
    ("abuse_email", "privacy@northwind-cafe.com"),
    ("phone", "+7 495 555-01-23"),
    ("address", "Roastery Lane 4"),
    ("city", "Moscow"),
    ("zip", "101000"),
    ("country", "Russia"),
    ("url", "https://northwind-cafe.com"),
];
const HTML_TEMPLATES: [(&str, &str); 2] = [
    (
        "Classic newsletter",
        r#"<table width="600" align="center"><tr><td><h1>%NAME%, this month at Northwind</h1><p>News from the roastery.</p><p style="font-size:12px"><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a></p></td></tr></table>"#,
    ),
    (
        "Product announcement",
        r#"<div style="max-width:600px;margin:auto"><h1>Something new in the shop</h1><p><a href="https://northwind-cafe.com/shop">See it</a></p><p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a></p></div>"#,
    ),
];
const PLANS: &[&str] = &["Espresso", "Filter", "Office", "Gift"];

struct DemoList {
    name: &'static str,
    description: &'static str,
    members: usize,
    state: &'static str,
    days_ago: i64,
    /// Everyone joined within these first days (badges scanned at a fair);
    /// otherwise over the list's whole life, more of them lately.
    joined_within_days: Option<i64>,
}

/// In the order they were created, so that the newest comes last; the
/// roastery has been collecting subscribers for some six years.
const LISTS: &[DemoList] = &[
    DemoList {
        name: "Newsletter",
        description: "Signed up on the website footer form",
        members: 50_000,
        state: "active",
        days_ago: 2_400,
        joined_within_days: None,
    },
    DemoList {
        name: "Coffee club subscribers",
        description: "Monthly bean subscription customers",
        members: 2_400,
        state: "active",
        days_ago: 1_500,
        joined_within_days: None,
    },
    DemoList {
        name: "Online store customers",
        description: "Bought at least once in the web shop",
        members: 6_800,
        state: "active",
        days_ago: 1_100,
        joined_within_days: None,
    },
    DemoList {
        name: "Wholesale partners",
        description: "Cafés and offices buying in bulk",
        members: 140,
        state: "active",
        days_ago: 800,
        joined_within_days: None,
    },
    DemoList {
        name: "Expo 2025 leads",
        description: "Scanned badges at the trade fair",
        members: 900,
        state: "archived",
        days_ago: 345,
        joined_within_days: Some(3),
    },
    DemoList {
        name: "Latte art workshop — spring",
        description: "Registered for the spring workshops",
        members: 380,
        state: "active",
        days_ago: 240,
        joined_within_days: None,
    },
];

/// Fills an empty account with the demo business, once.
pub fn seed(conn: &Connection, seed: u64) -> Result<()> {
    if setting(conn, "demo_seeded")?.is_some() {
        return Ok(());
    }
    let lists: i64 = conn.query_row("SELECT count(*) FROM lists", [], |r| r.get(0))?;
    if lists > 0 {
        return Err(crate::fault::Fault::new(
            500,
            1,
            "The store holds data but no finished demo; start from a new file",
        ));
    }
    set_setting(conn, "seed", &seed.to_string())?;
    let mut rng = fastrand::Rng::with_seed(seed);
    let now = Local::now().naive_local();
    let tx = conn.unchecked_transaction()?;
    for (key, value) in PROFILE {
        set_setting(&tx, &format!("profile.{key}"), value)?;
    }
    set_setting(&tx, "limit_members", "100000")?;
    set_setting(&tx, "limit_emails", "250000")?;
    let defs = [
        json!({"title": "First name", "type": "text", "req": "off", "var": "name"}),
        json!({"title": "Last name", "type": "text", "req": "off", "var": "lastname"}),
        json!({"title": "City", "type": "text", "req": "off", "var": "city"}),
        json!({"title": "Birthday", "type": "date", "req": "off", "var": "birthday"}),
        json!({"title": {"name": "Favourite roast", "choices": PLANS}, "type": "choice", "req": "off", "var": "roast"}),
    ];
    for list in LISTS {
        let created = now - Duration::days(list.days_ago);
        let columns: Vec<&str> = PROFILE.iter().map(|(k, _)| *k).collect();
        let placeholders: Vec<String> = (5..5 + PROFILE.len()).map(|n| format!("?{n}")).collect();
        let created_at = stamp(created);
        let values = [list.name, list.description, list.state, created_at.as_str()]
            .into_iter()
            .chain(PROFILE.iter().map(|(_, v)| *v))
            .map(str::to_string);
        tx.execute(
            &format!(
                "INSERT INTO lists (name, description, state, creation_date, {}) VALUES (?1, ?2, ?3, ?4, {})",
                columns.join(", "),
                placeholders.join(", ")
            ),
            rusqlite::params_from_iter(values),
        )?;
        let list_id = tx.last_insert_rowid();
        for (i, def) in defs.iter().enumerate() {
            fields::store(&tx, list_id, i as i64 + 1, def)?;
        }
        add_members(&tx, &mut rng, list_id, list, created, now)?;
    }
    for (name, html) in HTML_TEMPLATES {
        crate::ops::templates::add_html_template(&tx, name, html)?;
    }
    tx.execute(
        "INSERT OR IGNORE INTO unsubscribed (email, unsub_time)
         SELECT email, max(unsub_time) FROM members WHERE state = 'unsubscribed' GROUP BY email",
        [],
    )?;
    tx.commit()?;
    crate::demo_activity::seed(conn, now, &mut rng)?;
    set_setting(conn, "demo_seeded", &seed.to_string())?;
    Ok(())
}

fn pick<'a>(rng: &mut fastrand::Rng, items: &[&'a str]) -> &'a str {
    items[rng.usize(..items.len())]
}

fn state(rng: &mut fastrand::Rng) -> &'static str {
    match rng.u32(..1000) {
        0..=859 => "active",
        860..=909 => "unsubscribed",
        910..=939 => "bounced",
        940..=949 => "complained",
        950..=979 => "unconfirmed",
        _ => "inactive",
    }
}

fn add_members(
    conn: &Connection,
    rng: &mut fastrand::Rng,
    list_id: i64,
    list: &DemoList,
    created: NaiveDateTime,
    now: NaiveDateTime,
) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT OR IGNORE INTO members (list_id, email, state, merge_1, merge_2, merge_3, merge_4, merge_5,
            gender, source, device, rating, optin_time, unsub_time, lastedit_time)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?13)",
    )?;
    let days = list.joined_within_days.map_or(now - created, Duration::days);
    let span = days.num_seconds().max(1);
    // More joined lately than at first: a list grows.
    let mut optins: Vec<i64> = (0..list.members).map(|_| (rng.f64().sqrt() * span as f64) as i64).collect();
    optins.sort_unstable();
    let mut taken = std::collections::HashSet::new();
    for (n, offset) in optins.into_iter().enumerate() {
        let person = crate::demo_people::person(rng, n, &mut taken);
        let optin = created + Duration::seconds(offset);
        let state = state(rng);
        let unsub = (state == "unsubscribed")
            .then(|| stamp(optin + Duration::seconds(rng.i64(0..(now - optin).num_seconds().max(1)))));
        let birthday =
            (rng.u8(..3) > 0).then(|| format!("{}-{:02}-{:02}", rng.i32(1958..2004), rng.u8(1..13), rng.u8(1..29)));
        let source = pick(rng, &["form", "form", "form", "api", "excel", "landing", "manual"]);
        stmt.execute(params![
            list_id,
            person.email,
            state,
            person.first,
            person.last,
            person.city,
            birthday,
            pick(rng, PLANS),
            person.gender,
            source,
            pick(rng, &["desktop", "mobile", "mobile", "tablet"]),
            rng.i64(0..6),
            stamp(optin),
            unsub,
        ])?;
    }
    Ok(())
}

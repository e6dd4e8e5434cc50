//! The demo business's year of activity: campaigns in every status with their
//! sending history and reports, the replies they drew, automations, saved
//! templates, transactional mail, senders, domains and webhooks. Runs after
//! the lists are in place, through the same service code the API uses.

mod account;
mod automations;
mod plans;

use crate::fault::Result;
use crate::ops::campaigns;
use crate::ops::sending::send_at;
use crate::ops::simulator;
use crate::store::stamp;
use account::account;
use automations::automations;
use chrono::{Duration, NaiveDateTime};
use plans::{plans, roast};
use rusqlite::{params, Connection};
use serde_json::{json, Map, Value};

const FROM_NAME: &str = "Northwind Coffee Roasters";
const FROM: &str = "news@northwind-cafe.com";
// The lists' ids, in the order `demo::LISTS` makes them.
const NEWSLETTER: i64 = 1;
const CLUB: i64 = 2;
const STORE: i64 = 3;
const WHOLESALE: i64 = 4;
const EXPO: i64 = 5;
const WORKSHOP: i64 = 6;

fn html(title: &str, body: &str, path: &str) -> String {
    format!(
        r#"<table width="600" align="center" style="font-family:Georgia,serif"><tr><td>
<h1 style="color:#4f2c1d">{title}</h1><p>Hello %NAME%,</p><p>{body}</p>
<p><a href="https://northwind-cafe.com/{path}" style="background:#4f2c1d;color:#fff;padding:10px 16px">Read more</a></p>
<p><a href="https://northwind-cafe.com/shop">Visit the shop</a> · <a href="https://instagram.com/northwindcoffee">Instagram</a></p>
<p style="font-size:12px;color:#888">Northwind Coffee Roasters, Roastery Lane 4, Moscow.
<a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a></p></td></tr></table>"#
    )
}

fn fields_for(name: &str, subject: &str, body: &str, path: &str, segment: Option<Value>) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert("name".into(), json!(name));
    fields.insert("subject".into(), json!(subject));
    fields.insert("from_name".into(), json!(FROM_NAME));
    fields.insert("from_email".into(), json!(FROM));
    fields.insert("html".into(), json!(html(subject, body, path)));
    if let Some(segment) = segment {
        fields.insert("esegment".into(), segment);
    }
    fields
}

fn backdate(conn: &Connection, id: i64, at: NaiveDateTime) -> Result<()> {
    conn.execute(
        "UPDATE campaigns SET created = ?2, updated = ?2 WHERE id = ?1",
        params![id, stamp(at - Duration::hours(20))],
    )?;
    Ok(())
}

fn folder(conn: &Connection, id: i64, name: &str) -> Result<()> {
    if name.is_empty() {
        return Ok(());
    }
    conn.execute("INSERT OR IGNORE INTO folders (name) VALUES (?1)", [name])?;
    conn.execute(
        "UPDATE campaigns SET folder_id = (SELECT id FROM folders WHERE name = ?2) WHERE id = ?1",
        params![id, name],
    )?;
    Ok(())
}

pub fn seed(conn: &Connection, now: NaiveDateTime, rng: &mut fastrand::Rng) -> Result<()> {
    for plan in plans() {
        let fields = fields_for(plan.name, plan.subject, plan.body, plan.path, plan.segment);
        let id = campaigns::insert(conn, "DRAFT", &[plan.list_id], &fields, None)?;
        let sent = now - Duration::days(plan.days_ago) + Duration::minutes(rng.i64(540..660));
        backdate(conn, id, sent)?;
        folder(conn, id, plan.folder)?;
        send_at(conn, id, &stamp(sent))?;
    }
    unsent_campaigns(conn, now)?;
    automations(conn, now)?;
    account(conn, now, rng)?;
    simulator::apply_due(conn, &stamp(now))?;
    // The year's webhooks were called long ago.
    conn.execute("UPDATE events SET hooked = 1 WHERE event_time <= ?1", [stamp(now)])?;
    // What a marketer a year in has already dealt with.
    conn.execute("UPDATE dialog_messages SET is_read = 1 WHERE created_at < ?1", [stamp(now - Duration::days(7))])?;
    conn.execute("UPDATE dialogs SET status = 'closed' WHERE created_at < ?1", [stamp(now - Duration::days(21))])?;
    Ok(())
}

fn unsent_campaigns(conn: &Connection, now: NaiveDateTime) -> Result<()> {
    let draft = fields_for(
        "Holiday gift guide (draft)",
        "Gifts for coffee lovers",
        "Our favourite gifts under 3,000 ₽.",
        "gifts",
        None,
    );
    let id = campaigns::insert(conn, "DRAFT", &[NEWSLETTER], &draft, None)?;
    backdate(conn, id, now - Duration::days(2))?;
    let mut no_link = fields_for("New Kenya lot (unfinished)", "A new Kenya lot", "Coming soon.", "shop", None);
    no_link.insert("html".into(), json!("<h1>A new Kenya lot</h1><p>Details to follow.</p>"));
    campaigns::insert(conn, "DRAFT", &[STORE], &no_link, None)?;
    let planned = fields_for(
        "Black Friday: 20% off beans",
        "20% off all beans this Friday",
        "One day only.",
        "shop",
        Some(roast("Espresso", NEWSLETTER)),
    );
    let id = campaigns::insert(conn, "SCHEDULE", &[NEWSLETTER], &planned, None)?;
    conn.execute("UPDATE campaigns SET delivery_time = ?2 WHERE id = ?1", params![id, stamp(now + Duration::days(4))])?;
    let mut gradual = fields_for(
        "Restock: Colombia Huila",
        "Colombia Huila is back",
        "Back in stock, in 250 g and 1 kg.",
        "shop/colombia",
        None,
    );
    gradual.insert("limit".into(), json!(500));
    gradual.insert("wait_time".into(), json!(3600));
    let id = campaigns::insert(conn, "DRAFT", &[STORE], &gradual, None)?;
    let started = now - Duration::hours(3);
    backdate(conn, id, started)?;
    send_at(conn, id, &stamp(started))?;
    conn.execute("UPDATE campaigns SET status = 'PAUSED' WHERE id = ?1", [id])?;
    for (name, subject, body) in [
        ("Template: monthly newsletter", "Northwind monthly", "This month at the roastery."),
        ("Template: club box", "Your coffee club box", "What is in this month's box."),
    ] {
        campaigns::insert(conn, "TEMPLATE", &[], &fields_for(name, subject, body, "", None), None)?;
    }
    Ok(())
}

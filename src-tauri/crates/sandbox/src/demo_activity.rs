//! The demo business's year of activity: campaigns in every status with their
//! sending history and reports, the replies they drew, automations, saved
//! templates, transactional mail, senders, domains and webhooks. Runs after
//! the lists are in place, through the same service code the API uses.

use crate::fault::Result;
use crate::ops::campaigns;
use crate::ops::sending::send_at;
use crate::ops::simulator::{self, Sent};
use crate::ops::transactional::{record_sent, Outgoing};
use crate::store::stamp;
use chrono::{Duration, NaiveDateTime};
use rusqlite::{params, Connection};
use serde_json::{json, Map, Value};

const FROM_NAME: &str = "Northwind Coffee Roasters";
const FROM: &str = "news@northwind-cafe.com";
const NEWSLETTER: i64 = 1;
const EXPO: i64 = 2;
const CLUB: i64 = 3;
const STORE: i64 = 4;
const WHOLESALE: i64 = 5;
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

fn city(name: &str, list_id: i64) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_3", "op": "is", "value": name}]} })
}

fn roast(name: &str, list_id: i64) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_5", "op": "is", "value": name}]} })
}

struct Plan {
    name: &'static str,
    subject: &'static str,
    body: &'static str,
    path: &'static str,
    list_id: i64,
    segment: Option<Value>,
    days_ago: i64,
    folder: &'static str,
}

fn plans() -> Vec<Plan> {
    let plan = |name, subject, body, path, list_id, segment, days_ago, folder| Plan {
        name,
        subject,
        body,
        path,
        list_id,
        segment,
        days_ago,
        folder,
    };
    vec![
        plan(
            "Winter blend launch — Moscow",
            "Our winter blend is here",
            "Dark chocolate, orange peel and a warm finish.",
            "blog/winter-blend",
            NEWSLETTER,
            Some(city("Moscow", NEWSLETTER)),
            330,
            "Newsletters",
        ),
        plan(
            "Expo 2025 — thank you",
            "Thanks for visiting our stand",
            "Here is the 15% code we promised at the fair.",
            "expo",
            EXPO,
            None,
            320,
            "",
        ),
        plan(
            "Spring harvest — Saint Petersburg",
            "Fresh spring harvest from Ethiopia",
            "Floral, bright and only 300 bags of it.",
            "blog/spring-harvest",
            NEWSLETTER,
            Some(city("Saint Petersburg", NEWSLETTER)),
            250,
            "Newsletters",
        ),
        plan(
            "Coffee club — April box",
            "What is in your April box",
            "Two Colombian lots and a brewing card.",
            "club/april",
            CLUB,
            None,
            230,
            "Coffee club",
        ),
        plan(
            "Filter lovers: new Kenya",
            "A Kenya for your V60",
            "Blackcurrant, tomato leaf and a long sweet finish.",
            "shop/kenya",
            STORE,
            Some(roast("Filter", STORE)),
            200,
            "",
        ),
        plan(
            "Latte art workshop — invitation",
            "Learn latte art with our baristas",
            "Three evenings, six people per class.",
            "workshops",
            WORKSHOP,
            None,
            150,
            "",
        ),
        plan(
            "Coffee club — June box",
            "Your June box ships Monday",
            "A natural Brazil and a washed Guatemala.",
            "club/june",
            CLUB,
            None,
            140,
            "Coffee club",
        ),
        plan(
            "Wholesale price list 2026",
            "Our wholesale prices for the second half",
            "New office blends and volume prices.",
            "wholesale",
            WHOLESALE,
            None,
            120,
            "",
        ),
        plan(
            "Summer cold brew — Kazan",
            "Cold brew season",
            "Our recipe for a litre of cold brew.",
            "blog/cold-brew",
            NEWSLETTER,
            Some(city("Kazan", NEWSLETTER)),
            100,
            "Newsletters",
        ),
        plan(
            "Espresso fans: new house blend",
            "A new house espresso",
            "Caramel, hazelnut and a thick crema.",
            "shop/house-espresso",
            STORE,
            Some(roast("Espresso", STORE)),
            80,
            "",
        ),
        plan(
            "Coffee club — September box",
            "September: two lots from Rwanda",
            "Plus a free cupping spoon.",
            "club/september",
            CLUB,
            None,
            60,
            "Coffee club",
        ),
        plan(
            "Autumn roastery open day — Novosibirsk",
            "Visit the roastery on Saturday",
            "Tours every hour, free tastings all day.",
            "open-day",
            NEWSLETTER,
            Some(city("Novosibirsk", NEWSLETTER)),
            40,
            "Newsletters",
        ),
        plan(
            "Office orders: gift sets",
            "Gift sets for your team",
            "Order before December 10 for delivery in time.",
            "shop/gifts",
            STORE,
            Some(roast("Office", STORE)),
            20,
            "",
        ),
        plan(
            "Coffee club — November box",
            "November: a rare Panama Geisha",
            "Only for club members, 120 g per box.",
            "club/november",
            CLUB,
            None,
            9,
            "Coffee club",
        ),
    ]
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

fn automations(conn: &Connection, now: NaiveDateTime) -> Result<()> {
    let mut made = Vec::new();
    let autos = [
        ("Welcome to the newsletter", "Welcome to Northwind", NEWSLETTER, 0, 60),
        ("Coffee club: how was your first bag?", "How was your first bag?", CLUB, 3, 120),
    ];
    for (name, subject, list_id, delay_days, window_days) in autos {
        let mut fields = fields_for(name, subject, "We are glad you are here.", "welcome", None);
        fields.insert("action".into(), json!("add"));
        fields.insert("auto".into(), json!(1));
        if delay_days > 0 {
            fields.insert("delay_1".into(), json!(delay_days));
            fields.insert("delay_2".into(), json!("day"));
        }
        let id = campaigns::insert(conn, "SUBSCRIBE", &[list_id], &fields, None)?;
        made.push(id);
        conn.execute(
            "UPDATE campaigns SET moderation_at = ?2 WHERE id = ?1",
            params![id, stamp(now - Duration::days(300))],
        )?;
        let joined: Vec<(i64, String, String)> = conn
            .prepare("SELECT id, email, optin_time FROM members WHERE list_id = ?1 AND optin_time >= ?2 ORDER BY id")?
            .query_map(params![list_id, stamp(now - Duration::days(window_days))], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let links = simulator::links(fields["html"].as_str().unwrap_or_default());
        let tx = conn.unchecked_transaction()?;
        let fates = simulator::Fates::of(&tx)?;
        let mut sent = 0;
        for (member_id, email, optin) in joined {
            let Some(joined_at) = crate::store::parse_stamp(&optin) else { continue };
            let at = joined_at + Duration::days(delay_days);
            if at > now {
                continue;
            }
            tx.execute(
                "INSERT INTO automation_queue (automation_id, member_id, email, due, sent_time) VALUES (?1, ?2, ?3, ?4, ?4)",
                params![id, member_id, email, stamp(at)],
            )?;
            let message = Sent {
                campaign_id: id,
                transaction_id: None,
                member_id,
                list_id,
                email: &email,
                subject,
                links: &links,
            };
            simulator::deliver(&tx, &fates, &message, at)?;
            sent += 1;
        }
        tx.execute("UPDATE campaigns SET emails_sent = ?2 WHERE id = ?1", params![id, sent])?;
        tx.commit()?;
    }
    crate::ops::workflows::create(conn, "Onboarding", &made)?;
    Ok(())
}

/// Inbound mail: the service subdomain and an own domain, three routes, and
/// what the store route kept over the last days.
fn inbound(conn: &Connection, now: NaiveDateTime) -> Result<()> {
    let created = stamp(now - Duration::days(200));
    conn.execute(
        "INSERT OR IGNORE INTO router_domains (domain, service, verified, created) VALUES (?1, 1, 1, ?2), ('in.northwind-cafe.com', 0, 1, ?2)",
        params![crate::ops::router::SERVICE_DOMAIN, created],
    )?;
    let routes = [
        (
            10,
            "Orders: keep and tell the shop",
            r#"{"combinator":"and","conditions":[{"field":"recipient","op":"matches","value":"^orders@"}]}"#,
            r#"[{"type":"store","ttl_days":14},{"type":"webhook","url":"https://hooks.northwind-cafe.com/inbound/orders","attachments":"url"}]"#,
        ),
        (
            20,
            "Drop auto-replies",
            r#"{"combinator":"or","conditions":[{"field":"header","name":"Auto-Submitted","op":"contains","value":"auto"},{"field":"from","op":"matches","value":"^(mailer-daemon|postmaster)@"}]}"#,
            r#"[{"type":"stop"}]"#,
        ),
        (30, "Everything else: keep a week", "", r#"[{"type":"store","ttl_days":7}]"#),
    ];
    for (priority, description, filter, actions) in routes {
        let key: String = format!("demo{priority:02}{}", "k".repeat(34));
        conn.execute(
            "INSERT INTO routes (priority, description, filter, actions, signing_key, created, updated)
             VALUES (?1, ?2, NULLIF(?3, ''), ?4, ?5, ?6, ?6)",
            params![priority, description, filter, actions, key, created],
        )?;
    }
    let messages = [
        ("orders@in.northwind-cafe.com", "anna.smith@gmail.com", "Order #41012: wrong grind", 1),
        ("orders@in.northwind-cafe.com", "office@acme-logistics.ru", "Invoice for October order", 2),
        ("hello@in.northwind-cafe.com", "boris.petrov@yandex.ru", "Can I visit the roastery?", 3),
        ("orders@in.northwind-cafe.com", "katya.volkova@mail.ru", "Change delivery address", 5),
        ("hello@in.northwind-cafe.com", "press@coffee-weekly.example", "Interview request", 6),
    ];
    for (to, from, subject, days) in messages {
        let received = now - Duration::days(days);
        let ttl = if to.starts_with("orders@") { 14 } else { 7 };
        conn.execute(
            "INSERT INTO router_messages (route_id, recipient, sender, from_address, subject, text, html, headers, received, expires)
             VALUES (?1, ?2, ?3, ?3, ?4, ?5, '', '{}', ?6, ?7)",
            params![if ttl == 14 { 1 } else { 3 }, to, from, subject, format!("{subject}.\n\nThanks!"), stamp(received), stamp(received + Duration::days(ttl))],
        )?;
    }
    Ok(())
}

fn account(conn: &Connection, now: NaiveDateTime, rng: &mut fastrand::Rng) -> Result<()> {
    let created = stamp(now - Duration::days(360));
    for (email, confirmed) in [
        ("news@northwind-cafe.com", 1),
        ("hello@northwind-cafe.com", 1),
        ("orders@northwind-cafe.com", 1),
        ("promo@northwind-cafe.com", 0),
    ] {
        conn.execute(
            "INSERT OR IGNORE INTO senders (email, code, confirmed, created) VALUES (?1, '000000', ?2, ?3)",
            params![email, confirmed, created],
        )?;
    }
    conn.execute(
        "INSERT OR IGNORE INTO domains (domain, valid, dkim_key, created, checked) VALUES
            ('northwind-cafe.com', 1, 'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDNorthwind', ?1, ?1),
            ('mail.northwind-cafe.com', 0, 'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDMailNW', ?2, NULL)",
        params![created, stamp(now - Duration::days(3))],
    )?;
    for (kind, event, url) in [
        ("mass", "unsub", "https://hooks.northwind-cafe.com/email/unsubscribed"),
        ("mass", "spam", "https://hooks.northwind-cafe.com/email/complaint"),
        ("transactional", "hard", "https://hooks.northwind-cafe.com/orders/bounced"),
    ] {
        conn.execute(
            "INSERT OR IGNORE INTO webhooks (kind, event, url) VALUES (?1, ?2, ?3)",
            params![kind, event, url],
        )?;
    }
    inbound(conn, now)?;
    let customers: Vec<String> = conn
        .prepare("SELECT email FROM members WHERE list_id = ?1 AND state = 'active' ORDER BY id LIMIT 2000")?
        .query_map([STORE], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let tx = conn.unchecked_transaction()?;
    let fates = simulator::Fates::of(&tx)?;
    for n in 0..240 {
        let to = &customers[rng.usize(..customers.len())];
        let at = now - Duration::minutes(rng.i64(30..30 * 24 * 60));
        let html = format!(
            r#"<p>Thank you for your order #{}!</p><p><a href="https://northwind-cafe.com/orders">Track it</a></p>"#,
            41_000 + n
        );
        let message = Outgoing {
            from: "orders@northwind-cafe.com",
            from_name: Some(FROM_NAME.into()),
            subject: Some(format!("Your order #{} is on its way", 41_000 + n)),
            html: &html,
        };
        record_sent(&tx, &fates, &message, to, None, at)?;
    }
    tx.commit()?;
    Ok(())
}

//! The account around the campaigns: senders, domains, webhooks, inbound
//! routes and what they kept, and a month of transactional mail.

use super::shared::{FROM_NAME, STORE};
use crate::demo_language::{Language, Said};
use crate::fault::Result;
use crate::ops::simulator;
use crate::ops::transactional::{record_sent, Outgoing};
use crate::store::stamp;
use chrono::{Duration, NaiveDateTime};
use rusqlite::{params, Connection};

/// Inbound mail: the service subdomain and an own domain, three routes, and
/// what the store route kept over the last days.
fn inbound(conn: &Connection, now: NaiveDateTime, language: Language) -> Result<()> {
    let say = |said: Said| language.say(said);
    let created = stamp(now - Duration::days(200));
    conn.execute(
        "INSERT OR IGNORE INTO router_domains (domain, service, verified, created) VALUES (?1, 1, 1, ?2), ('in.northwind-cafe.com', 0, 1, ?2)",
        params![crate::ops::router::SERVICE_DOMAIN, created],
    )?;
    let routes = [
        (
            10,
            say(["Orders: keep and tell the shop", "Заказы: сохранить и сообщить магазину"]),
            r#"{"combinator":"and","conditions":[{"field":"recipient","op":"matches","value":"^orders@"}]}"#,
            r#"[{"type":"store","ttl_days":14},{"type":"webhook","url":"https://hooks.northwind-cafe.com/inbound/orders","attachments":"url"}]"#,
        ),
        (
            20,
            say(["Drop auto-replies", "Отбросить автоответы"]),
            r#"{"combinator":"or","conditions":[{"field":"header","name":"Auto-Submitted","op":"contains","value":"auto"},{"field":"from","op":"matches","value":"^(mailer-daemon|postmaster)@"}]}"#,
            r#"[{"type":"stop"}]"#,
        ),
        (
            30,
            say(["Everything else: keep a week", "Всё остальное: хранить неделю"]),
            "",
            r#"[{"type":"store","ttl_days":7}]"#,
        ),
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
        (
            "orders@in.northwind-cafe.com",
            "anna.smith@gmail.com",
            ["Order #41012: wrong grind", "Заказ №41012: не тот помол"],
            1,
        ),
        (
            "orders@in.northwind-cafe.com",
            "office@acme-logistics.ru",
            ["Invoice for October order", "Счёт за октябрьский заказ"],
            2,
        ),
        (
            "hello@in.northwind-cafe.com",
            "boris.petrov@yandex.ru",
            ["Can I visit the roastery?", "Можно к вам на экскурсию?"],
            3,
        ),
        (
            "orders@in.northwind-cafe.com",
            "katya.volkova@mail.ru",
            ["Change delivery address", "Новый адрес доставки"],
            5,
        ),
        ("hello@in.northwind-cafe.com", "press@coffee-weekly.example", ["Interview request", "Просьба об интервью"], 6),
    ];
    let thanks = say(["Thanks!", "Спасибо!"]);
    // Oldest first, as they arrived: the newest has the highest id.
    for (to, from, subject, days) in messages.into_iter().rev() {
        let subject = say(subject);
        let received = now - Duration::days(days);
        let ttl = if to.starts_with("orders@") { 14 } else { 7 };
        conn.execute(
            "INSERT INTO router_messages (route_id, recipient, sender, from_address, subject, text, html, headers, received, expires)
             VALUES (?1, ?2, ?3, ?3, ?4, ?5, '', '{}', ?6, ?7)",
            params![if ttl == 14 { 1 } else { 3 }, to, from, subject, format!("{subject}.\n\n{thanks}"), stamp(received), stamp(received + Duration::days(ttl))],
        )?;
        if ttl == 14 {
            delivered(conn, conn.last_insert_rowid(), received, days)?;
        }
    }
    Ok(())
}

/// What the orders route's webhook answered for a kept order (the shop's
/// server was down five days ago), and the customer's file with the newest.
fn delivered(conn: &Connection, message_id: i64, received: NaiveDateTime, days: i64) -> Result<()> {
    let url = "https://hooks.northwind-cafe.com/inbound/orders";
    let (status, code, error) = if days == 5 { ("failed", 503, "Service Unavailable") } else { ("delivered", 200, "") };
    conn.execute(
        "INSERT INTO deliveries (route_id, action, target, payload, status, response_code, error, created)
         VALUES (1, 'webhook', ?1, '{}', ?2, ?3, NULLIF(?4, ''), ?5)",
        params![url, status, code, error, stamp(received + Duration::seconds(2))],
    )?;
    if days == 1 {
        conn.execute(
            "INSERT INTO router_attachments (message_id, filename, content_type, content) VALUES (?1, 'order-41012.txt', 'text/plain', ?2)",
            params![message_id, "Order 41012\nGrind: espresso\nQty: 2\n".as_bytes()],
        )?;
    }
    Ok(())
}

pub(super) fn account(
    conn: &Connection,
    now: NaiveDateTime,
    rng: &mut fastrand::Rng,
    language: Language,
) -> Result<()> {
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
    inbound(conn, now, language)?;
    let customers: Vec<String> = conn
        .prepare("SELECT email FROM members WHERE list_id = ?1 AND state = 'active' ORDER BY id LIMIT 2000")?
        .query_map([STORE], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let tx = conn.unchecked_transaction()?;
    let fates = simulator::Fates::of(&tx)?;
    // Orders over the last month, numbered (and logged) in the order they came.
    let mut orders: Vec<(&String, NaiveDateTime)> = (0..240)
        .map(|_| (&customers[rng.usize(..customers.len())], now - Duration::minutes(rng.i64(30..30 * 24 * 60))))
        .collect();
    orders.sort_by_key(|(_, at)| *at);
    for (n, (to, at)) in orders.into_iter().enumerate() {
        let order = 41_000 + n;
        let (html, subject) = match language {
            Language::En => (
                format!(
                    r#"<p>Thank you for your order #{order}!</p><p><a href="https://northwind-cafe.com/orders">Track it</a></p>"#
                ),
                format!("Your order #{order} is on its way"),
            ),
            Language::Ru => (
                format!(
                    r#"<p>Спасибо за заказ №{order}!</p><p><a href="https://northwind-cafe.com/orders">Отследить посылку</a></p>"#
                ),
                format!("Заказ №{order} уже в пути"),
            ),
        };
        let message = Outgoing {
            from: "orders@northwind-cafe.com",
            from_name: Some(language.say(FROM_NAME).into()),
            subject: Some(subject),
            html: &html,
            files: Vec::new(),
        };
        record_sent(&tx, &fates, &message, to, None, at)?;
    }
    tx.commit()?;
    Ok(())
}

//! Demo data: a small coffee roaster's account, collecting subscribers for
//! some six years and with a year of campaigns. Deterministic for a given seed.

use crate::demo_language::{Language, Said};
use crate::demo_letters::{letter, BRAND, ESPRESSO, FILTER, OFFICE, TEMPLATES};
use crate::fault::Result;
use crate::ops::fields;
use crate::store::{set_setting, setting, stamp};
use chrono::{Duration, Local, NaiveDateTime};
use rusqlite::{params, Connection};
use serde_json::json;

const PROFILE: [(&str, Said); 9] = [
    ("company", BRAND),
    ("abuse_name", ["Marta Lindqvist", "Марта Линдквист"]),
    ("abuse_email", ["privacy@northwind-cafe.com"; 2]),
    ("phone", ["+7 495 555-01-23"; 2]),
    ("address", ["Roastery Lane 4", "Обжарочный переулок, 4"]),
    ("city", ["Moscow", "Москва"]),
    ("zip", ["101000"; 2]),
    ("country", ["Russia", "Россия"]),
    ("url", ["https://northwind-cafe.com"; 2]),
];
const PLANS: [Said; 4] = [ESPRESSO, FILTER, OFFICE, ["Gift", "Подарок"]];

struct DemoList {
    name: Said,
    description: Said,
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
        name: ["Newsletter", "Новости и акции"],
        description: ["Signed up on the website footer form", "Подписались в форме внизу сайта"],
        members: 50_000,
        state: "active",
        days_ago: 2_400,
        joined_within_days: None,
    },
    DemoList {
        name: ["Coffee club subscribers", "Кофейный клуб"],
        description: ["Monthly bean subscription customers", "Получают зерно по подписке каждый месяц"],
        members: 2_400,
        state: "active",
        days_ago: 1_500,
        joined_within_days: None,
    },
    DemoList {
        name: ["Online store customers", "Покупатели интернет-магазина"],
        description: ["Bought at least once in the web shop", "Хотя бы раз купили на сайте"],
        members: 6_800,
        state: "active",
        days_ago: 1_100,
        joined_within_days: None,
    },
    DemoList {
        name: ["Wholesale partners", "Оптовые партнёры"],
        description: ["Cafés and offices buying in bulk", "Кофейни и офисы, берущие оптом"],
        members: 140,
        state: "active",
        days_ago: 800,
        joined_within_days: None,
    },
    DemoList {
        name: ["Expo 2025 leads", "Контакты с выставки 2025"],
        description: ["Scanned badges at the trade fair", "Бейджи, отсканированные на выставке"],
        members: 900,
        state: "archived",
        days_ago: 345,
        joined_within_days: Some(3),
    },
    DemoList {
        name: ["Latte art workshop — spring", "Мастер-класс по латте-арту — весна"],
        description: ["Registered for the spring workshops", "Записались на весенние мастер-классы"],
        members: 380,
        state: "active",
        days_ago: 240,
        joined_within_days: None,
    },
];

/// Fills an empty account with the demo business, once, in `language`.
pub fn seed(conn: &Connection, seed: u64, language: Language) -> Result<()> {
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
    // The demo writes some 40 MB; with SQLite's 2 MB page cache it reads its
    // own pages back from the file again and again (a fifth of the seeding
    // time). A large cache while seeding, the usual one after.
    let cache: i64 = conn.query_row("PRAGMA cache_size", [], |r| r.get(0))?;
    conn.execute_batch("PRAGMA cache_size = -65536")?;
    let seeded = seed_business(conn, seed, language);
    conn.execute_batch(&format!("PRAGMA cache_size = {cache}"))?;
    seeded
}

fn seed_business(conn: &Connection, seed: u64, language: Language) -> Result<()> {
    set_setting(conn, "seed", &seed.to_string())?;
    language.keep_in(conn)?;
    let say = |said: Said| language.say(said);
    let mut rng = fastrand::Rng::with_seed(seed);
    let now = Local::now().naive_local();
    let tx = conn.unchecked_transaction()?;
    for (key, value) in PROFILE {
        set_setting(&tx, &format!("profile.{key}"), say(value))?;
    }
    set_setting(&tx, "limit_members", "100000")?;
    set_setting(&tx, "limit_emails", "250000")?;
    set_setting(&tx, "balance_kopecks", "1250000")?;
    let roasts = PLANS.map(say);
    let defs = [
        json!({"title": say(["First name", "Имя"]), "type": "text", "req": "off", "var": "name"}),
        json!({"title": say(["Last name", "Фамилия"]), "type": "text", "req": "off", "var": "lastname"}),
        json!({"title": say(["City", "Город"]), "type": "text", "req": "off", "var": "city"}),
        json!({"title": say(["Birthday", "День рождения"]), "type": "date", "req": "off", "var": "birthday"}),
        json!({"title": {"name": say(["Favourite roast", "Любимая обжарка"]), "choices": roasts}, "type": "choice", "req": "off", "var": "roast"}),
    ];
    for list in LISTS {
        let created = now - Duration::days(list.days_ago);
        let columns: Vec<&str> = PROFILE.iter().map(|(k, _)| *k).collect();
        let placeholders: Vec<String> = (5..5 + PROFILE.len()).map(|n| format!("?{n}")).collect();
        let created_at = stamp(created);
        let values = [say(list.name), say(list.description), list.state, created_at.as_str()]
            .into_iter()
            .chain(PROFILE.iter().map(|(_, v)| say(*v)))
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
        add_members(&tx, &mut rng, list_id, list, created, now, language)?;
    }
    for (name, title, body, path) in TEMPLATES {
        crate::ops::templates::add_html_template(&tx, say(name), &letter(language, say(title), say(body), path))?;
    }
    tx.execute(
        "INSERT OR IGNORE INTO unsubscribed (email, unsub_time)
         SELECT email, max(unsub_time) FROM members WHERE state = 'unsubscribed' GROUP BY email",
        [],
    )?;
    tx.commit()?;
    crate::demo_activity::seed(conn, now, &mut rng, language)?;
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
    language: Language,
) -> Result<()> {
    let roasts = PLANS.map(|plan| language.say(plan));
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
        let person = crate::demo_people::person(rng, n, &mut taken, language);
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
            pick(rng, &roasts),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(conn: &Connection, sql: &str) -> Vec<String> {
        let mut stmt = conn.prepare(sql).unwrap();
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).unwrap();
        rows.collect::<rusqlite::Result<_>>().unwrap()
    }

    fn cyrillic(text: &str) -> bool {
        text.chars().any(|c| ('А'..='я').contains(&c) || c == 'ё')
    }

    #[test]
    fn in_russian_the_roaster_writes_everything_in_russian_with_the_same_counts() {
        let conn = crate::store::open(None).unwrap();
        seed(&conn, 1, Language::Ru).unwrap();
        let lists = texts(&conn, "SELECT name FROM lists ORDER BY id");
        assert_eq!(lists[0], "Новости и акции");
        assert!(lists.iter().all(|l| cyrillic(l)), "{lists:?}");
        let newsletter: i64 =
            conn.query_row("SELECT count(*) FROM members WHERE list_id = 1", [], |r| r.get(0)).unwrap();
        assert_eq!(newsletter, 50_000, "as many subscribers as in English");
        let fields = texts(&conn, "SELECT definition FROM fields WHERE list_id = 1 ORDER BY merge_id");
        assert!(fields[2].contains("Город") && fields[4].contains("Эспрессо"), "{fields:?}");
        for (what, sql) in [
            (
                "campaign",
                "SELECT json_extract(fields, '$.name') || ' ' || json_extract(fields, '$.subject') FROM campaigns",
            ),
            ("folder", "SELECT name FROM folders"),
            ("template", "SELECT name FROM html_templates"),
            ("route", "SELECT description FROM routes"),
            ("kept message", "SELECT subject FROM router_messages"),
        ] {
            let all = texts(&conn, sql);
            assert!(!all.is_empty() && all.iter().all(|t| cyrillic(t)), "every {what} in Russian: {all:?}");
        }
        let html = texts(&conn, "SELECT json_extract(fields, '$.html') FROM campaigns WHERE status = 'SENT' LIMIT 1")
            .remove(0);
        assert!(html.contains("Здравствуйте, %NAME%!") && html.contains(">Отписаться<"), "{html}");
        // What they wrote, without the name they signed with; a mail server writes in English.
        let answers: Vec<String> =
            texts(&conn, "SELECT body_text_clean FROM dialog_messages WHERE from_email NOT LIKE 'MAILER-DAEMON@%'")
                .iter()
                .map(|t| t.split("\n\n—").next().unwrap_or_default().to_string())
                .collect();
        let russian = answers.iter().filter(|t| cyrillic(t)).count();
        assert!(
            !answers.is_empty() && russian == answers.len(),
            "the replies in Russian: {russian} of {}",
            answers.len()
        );
        assert_eq!(Language::of_store(&conn), Language::Ru, "later replies know the language");
    }
}

//! The welcome and club automations, and what they have sent since their subscribers joined.

use super::shared::{fields_for, CLUB, NEWSLETTER};
use crate::demo_language::Language;
use crate::fault::Result;
use crate::ops::campaigns;
use crate::ops::simulator::{self, Sent};
use crate::store::stamp;
use chrono::{Duration, NaiveDateTime};
use rusqlite::{params, Connection};
use serde_json::json;

pub(super) fn automations(conn: &Connection, now: NaiveDateTime, language: Language) -> Result<()> {
    let mut made = Vec::new();
    // (name, subject, list, delay in days, how many days back it has sent):
    // the welcome has greeted everyone who joined the newsletter in the last
    // eight months, so it is the account's biggest sender, still sending.
    let autos = [
        (
            ["Welcome to the newsletter", "Приветствие новых подписчиков"],
            ["Welcome to Northwind", "Добро пожаловать в «Северный ветер»"],
            NEWSLETTER,
            0,
            240,
        ),
        (
            ["Coffee club: how was your first bag?", "Кофейный клуб: как вам первая пачка?"],
            ["How was your first bag?", "Как вам первая пачка?"],
            CLUB,
            3,
            120,
        ),
    ];
    for (name, subject, list_id, delay_days, window_days) in autos {
        let glad = ["We are glad you are here.", "Мы рады, что вы с нами."];
        let mut fields = fields_for(language, [name, subject, glad], "welcome", None);
        let subject = language.say(subject);
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
    crate::ops::workflows::create(conn, language.say(["Onboarding", "Знакомство"]), &made)?;
    Ok(())
}

//! The demo business's year of activity: campaigns in every status with their
//! sending history and reports, the replies they drew, automations, saved
//! templates, transactional mail, senders, domains and webhooks. Runs after
//! the lists are in place, through the same service code the API uses.

mod account;
mod automations;
mod plans;
mod shared;

use crate::demo_language::Language;
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
use serde_json::json;
use shared::{fields_for, NEWSLETTER, STORE};

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

pub fn seed(conn: &Connection, now: NaiveDateTime, rng: &mut fastrand::Rng, language: Language) -> Result<()> {
    for plan in plans(language) {
        let fields = fields_for(language, [plan.name, plan.subject, plan.body], plan.path, plan.segment);
        let id = campaigns::insert(conn, "DRAFT", &[plan.list_id], &fields, None)?;
        // In the morning, between 9:00 and 11:00 of the service's time, as a marketer sends.
        let day = (now - Duration::days(plan.days_ago)).date().and_time(chrono::NaiveTime::MIN);
        let sent = day + Duration::minutes(rng.i64(540..660));
        backdate(conn, id, sent)?;
        folder(conn, id, language.say(plan.folder))?;
        send_at(conn, id, &stamp(sent))?;
    }
    unsent_campaigns(conn, now, language)?;
    automations(conn, now, language)?;
    account(conn, now, rng, language)?;
    simulator::apply_due(conn, &stamp(now))?;
    // The year's webhooks were called long ago.
    conn.execute("UPDATE events SET hooked = 1 WHERE event_time <= ?1", [stamp(now)])?;
    // What a marketer a year in has already dealt with.
    conn.execute("UPDATE dialog_messages SET is_read = 1 WHERE created_at < ?1", [stamp(now - Duration::days(7))])?;
    conn.execute("UPDATE dialogs SET status = 'closed' WHERE created_at < ?1", [stamp(now - Duration::days(21))])?;
    Ok(())
}

fn unsent_campaigns(conn: &Connection, now: NaiveDateTime, language: Language) -> Result<()> {
    let draft = fields_for(
        language,
        [
            ["Holiday gift guide (draft)", "Подарки к праздникам (черновик)"],
            ["Gifts for coffee lovers", "Подарки для тех, кто любит кофе"],
            ["Our favourite gifts under 3,000 ₽.", "Наши любимые подарки до 3000 ₽."],
        ],
        "gifts",
        None,
    );
    let id = campaigns::insert(conn, "DRAFT", &[NEWSLETTER], &draft, None)?;
    backdate(conn, id, now - Duration::days(2))?;
    let kenya =
        [["New Kenya lot (unfinished)", "Новый лот из Кении (не дописано)"], ["A new Kenya lot", "Новый лот из Кении"]];
    let mut no_link = fields_for(language, [kenya[0], kenya[1], ["Coming soon.", "Скоро."]], "shop", None);
    let unfinished = match language {
        Language::En => "<h1>A new Kenya lot</h1><p>Details to follow.</p>",
        Language::Ru => "<h1>Новый лот из Кении</h1><p>Подробности позже.</p>",
    };
    no_link.insert("html".into(), json!(unfinished));
    campaigns::insert(conn, "DRAFT", &[STORE], &no_link, None)?;
    let planned = fields_for(
        language,
        [
            ["Black Friday: 20% off beans", "Чёрная пятница: −20% на зерно"],
            ["20% off all beans this Friday", "В пятницу всё зерно на 20% дешевле"],
            ["One day only.", "Только один день."],
        ],
        "shop",
        Some(roast(language.say(crate::demo_letters::ESPRESSO), NEWSLETTER)),
    );
    let id = campaigns::insert(conn, "SCHEDULE", &[NEWSLETTER], &planned, None)?;
    conn.execute("UPDATE campaigns SET delivery_time = ?2 WHERE id = ?1", params![id, stamp(now + Duration::days(4))])?;
    let mut gradual = fields_for(
        language,
        [
            ["Restock: Colombia Huila", "Снова в наличии: Колумбия Уила"],
            ["Colombia Huila is back", "Колумбия Уила вернулась"],
            ["Back in stock, in 250 g and 1 kg.", "Снова в наличии, в пачках по 250 г и 1 кг."],
        ],
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
    for texts in [
        [
            ["Template: monthly newsletter", "Шаблон: ежемесячная рассылка"],
            ["Northwind monthly", "«Северный ветер»: новости месяца"],
            ["This month at the roastery.", "Что нового в обжарочной за месяц."],
        ],
        [
            ["Template: club box", "Шаблон: коробка клуба"],
            ["Your coffee club box", "Ваша коробка кофейного клуба"],
            ["What is in this month's box.", "Что лежит в коробке этого месяца."],
        ],
    ] {
        campaigns::insert(conn, "TEMPLATE", &[], &fields_for(language, texts, "", None), None)?;
    }
    Ok(())
}

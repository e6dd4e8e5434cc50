//! What the public clients call beside the spec's campaign paths: schedule,
//! unschedule and send as shorthands of the update, an estimate of the
//! recipients, a preview, and test sends; and, for tests, a moderator who
//! returns a campaign for changes.

use super::campaigns::{load, returned_key, save, update};
use super::content;
use super::{Call, Outcome};
use crate::fault::{Fault, Result};
use crate::store::now;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::json;

fn with_status(call: &Call, status: &str) -> Call {
    let mut call = call.clone();
    call.params.set("status", json!(status));
    call
}

/// `POST /campaigns/{id}/schedule {delivery_time}` (public clients): the same
/// as an update with `status=SCHEDULE`.
pub fn schedule(conn: &Connection, call: &Call) -> Result<Outcome> {
    update(conn, &with_status(call, "SCHEDULE"))
}

/// `POST /campaigns/{id}/unschedule`: back to a draft.
pub fn unschedule(conn: &Connection, call: &Call) -> Result<Outcome> {
    update(conn, &with_status(call, "DRAFT"))
}

/// `POST /campaigns/{id}/send`: to moderation, then out.
pub fn send(conn: &Connection, call: &Call) -> Result<Outcome> {
    update(conn, &with_status(call, "MODERATING"))
}

/// `GET /campaigns/{id}/estimate`: how many messages a launch now would send.
pub fn estimate(conn: &Connection, call: &Call) -> Result<Outcome> {
    let campaign = load(conn, call.params.required_int("campaign_id")?)?;
    let recipients = super::recipients::recipients(conn, &campaign)?.len();
    Ok(Outcome::data(json!({"campaign_id": campaign.id, "recipients": recipients})))
}

/// `GET /campaigns/{id}/preview`: subject and versions, filled in for
/// `member_id` when given.
pub fn preview(conn: &Connection, call: &Call) -> Result<Outcome> {
    let campaign = load(conn, call.params.required_int("campaign_id")?)?;
    let mut record = json!({
        "subject": campaign.text("subject").unwrap_or_default(),
        "html": campaign.text("html").unwrap_or_default(),
        "plain_text": campaign.text("plain_text").unwrap_or_default(),
    });
    if let Some(member_id) = call.params.int("member_id")? {
        super::personalize::apply(&mut record, &super::personalize::Member::load(conn, member_id)?);
    }
    Ok(Outcome::data(record))
}

/// `POST /campaigns/{id}/test {email}`: a test message to up to ten
/// addresses (comma separated); the content must be ready to send. The
/// sandbox keeps it in its outbox.
pub fn test(conn: &Connection, call: &Call) -> Result<Outcome> {
    let campaign = load(conn, call.params.required_int("campaign_id")?)?;
    content::check(&campaign.content())?;
    let addresses: Vec<String> =
        call.params.required_text("email")?.split(',').map(super::validate::email).collect::<Result<_>>()?;
    if addresses.len() > 10 {
        return Err(Fault::invalid("A test goes to at most 10 addresses"));
    }
    for address in &addresses {
        conn.execute(
            "INSERT INTO outbox (to_email, subject, body, created) VALUES (?1, ?2, ?3, ?4)",
            params![
                address,
                format!("[Test] {}", campaign.text("subject").unwrap_or_default()),
                campaign.text("html").unwrap_or_default(),
                now()
            ],
        )?;
    }
    Ok(Outcome::data(json!({"sent": addresses.len()})))
}

/// `POST /v2/sandbox/campaigns/{id}/needs-fix` (sandbox only): the
/// moderators return the campaign for changes (`NEED-FIX`), at once if it
/// waits for them, else the moment it is launched. The spec names the
/// status but not how a campaign gets there; tests need one that does.
pub fn return_for_changes(conn: &Connection, call: &Call) -> Result<Outcome> {
    let mut campaign = load(conn, call.params.required_int("campaign_id")?)?;
    crate::store::set_setting(conn, &returned_key(campaign.id), "1")?;
    if campaign.status == "MODERATING" {
        campaign.status = "NEED-FIX".into();
        save(conn, &campaign)?;
    }
    Ok(Outcome::data(true))
}

/// `POST /v2/sandbox/campaigns/{id}/due` (sandbox only): a scheduled
/// campaign's time comes now, and it goes out at the next tick as it would
/// have at its `delivery_time`, which becomes now; answers whether it was
/// scheduled. A test of what follows a schedule need not wait for the
/// clock to reach it.
pub fn come_due(conn: &Connection, call: &Call) -> Result<Outcome> {
    let mut campaign = load(conn, call.params.required_int("campaign_id")?)?;
    let scheduled = campaign.status == "SCHEDULE";
    if scheduled {
        campaign.delivery_time = Some(now());
        save(conn, &campaign)?;
    }
    Ok(Outcome::data(json!({"campaign_id": campaign.id, "due": scheduled})))
}

/// `GET /v2/sandbox/campaigns/{id}/launches` (sandbox only): how many
/// requests to launch or schedule the campaign came, refused ones included.
pub fn launches(conn: &Connection, call: &Call) -> Result<Outcome> {
    let campaign_id = call.params.required_int("campaign_id")?;
    let count: i64 = conn
        .query_row("SELECT count FROM launch_requests WHERE campaign_id = ?1", [campaign_id], |r| r.get(0))
        .optional()?
        .unwrap_or(0);
    Ok(Outcome::data(json!({"campaign_id": campaign_id, "launches": count})))
}

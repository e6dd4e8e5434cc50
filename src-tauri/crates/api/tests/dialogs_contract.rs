//! Dialogs through the legacy interface, exactly as the spec lists them:
//! replies to a campaign open dialogs; reading, answering, closing and
//! attachments behave as documented, with the limits and defaults.

use crate::common;

use campaign_desk_api::dialogs::{self, DialogQuery, DialogStatus, Direction};
use campaign_desk_api::Client;

async fn with_dialogs() -> (sandbox::Running, Client, i64) {
    let (sandbox, client) = common::fast_sandbox(3).await;
    let (campaign, _) = common::sent_campaign(&client, 2500).await;
    (sandbox, client, campaign)
}

#[tokio::test]
async fn replies_open_dialogs_that_read_as_documented() {
    let (_sandbox, client, campaign) = with_dialogs().await;
    let open = dialogs::list(&client, &DialogQuery::default()).await.unwrap();
    assert!(open.len() >= 5, "some readers reply: {}", open.len());
    assert!(open.len() <= 50, "50 by default");
    assert!(open.iter().all(|d| d.status == DialogStatus::Open && d.campaign_id == campaign));
    assert!(open.iter().all(|d| d.subject == "Re: Beans" && d.campaign_name.is_none()));
    assert!(open
        .iter()
        .all(|d| d.last_message_preview.as_deref().is_some_and(|p| !p.is_empty() && p.chars().count() <= 250)));
    assert!(open.windows(2).all(|w| w[0].last_message_at >= w[1].last_message_at), "newest activity first");
    let mut every_open = Vec::new();
    loop {
        let query = DialogQuery { limit: Some(200), offset: Some(every_open.len() as u32), ..DialogQuery::default() };
        let page = dialogs::list(&client, &query).await.unwrap();
        let last = page.len() < 200;
        every_open.extend(page);
        if last {
            break;
        }
    }
    let total_unread: i64 = every_open.iter().map(|d| *d.unread_count).sum();
    let counts = dialogs::unread_count(&client).await.unwrap();
    assert_eq!((*counts.total, *counts.by_status.open, *counts.by_status.closed), (total_unread, total_unread, 0));

    let dialog = &open[0];
    let single = dialogs::get(&client, *dialog.id).await.unwrap();
    assert_eq!((*single.id, single.last_message_preview.0.clone()), (*dialog.id, None), "get leaves the preview out");
    let entries = dialogs::messages(&client, *dialog.id, None, None).await.unwrap();
    assert!(entries.iter().all(|m| m.direction == Direction::In && m.kind == "message" && !*m.is_read));
    assert!(entries.windows(2).all(|w| w[0].created_at <= w[1].created_at), "chronological");
    assert!(
        entries.iter().all(|m| !m.body_text_clean.contains("\n> ") && !m.body_html_clean.contains("<blockquote")),
        "quotes removed"
    );

    dialogs::mark_read(&client, *dialog.id, None).await.unwrap();
    assert_eq!(dialogs::get(&client, *dialog.id).await.unwrap().unread_count, 0);
    dialogs::mark_unread(&client, *dialog.id).await.unwrap();
    assert_eq!(dialogs::get(&client, *dialog.id).await.unwrap().unread_count, 1);
    let unread_only = DialogQuery { unread_only: true, limit: Some(200), ..DialogQuery::default() };
    assert!(dialogs::list(&client, &unread_only).await.unwrap().iter().all(|d| *d.unread_count > 0));
}

#[tokio::test]
async fn answering_closing_and_reopening() {
    let (_sandbox, client, _) = with_dialogs().await;
    let dialog = dialogs::list(&client, &DialogQuery::default()).await.unwrap().remove(0);
    let reply =
        dialogs::reply(&client, *dialog.id, "<p>Yes, we ship there.</p>", "Yes, we ship there.", true).await.unwrap();
    let entries = dialogs::messages(&client, *dialog.id, None, None).await.unwrap();
    let sent = entries.iter().find(|m| m.id == reply).unwrap();
    assert_eq!((sent.direction, sent.body_text_clean.as_str()), (Direction::Out, "Yes, we ship there."));
    dialogs::close(&client, *dialog.id).await.unwrap();
    assert_eq!(dialogs::get(&client, *dialog.id).await.unwrap().status, DialogStatus::Closed);
    let open_ids: Vec<i64> = dialogs::list(&client, &DialogQuery { limit: Some(200), ..DialogQuery::default() })
        .await
        .unwrap()
        .iter()
        .map(|d| *d.id)
        .collect();
    assert!(!open_ids.contains(&dialog.id), "open is the default filter");
    let closed = DialogQuery { status: Some("closed".into()), ..DialogQuery::default() };
    assert_eq!(dialogs::list(&client, &closed).await.unwrap()[0].id, dialog.id);
    dialogs::reopen(&client, *dialog.id).await.unwrap();
    let entries = dialogs::messages(&client, *dialog.id, None, None).await.unwrap();
    let events: Vec<&str> = entries.iter().filter(|m| m.kind == "event").map(|m| m.subject.as_str()).collect();
    assert_eq!(events, ["closed", "opened"]);
}

#[tokio::test]
async fn search_limits_and_attachments() {
    let (_sandbox, client, _) = with_dialogs().await;
    let all =
        dialogs::list(&client, &DialogQuery { status: Some("all".into()), limit: Some(200), ..DialogQuery::default() })
            .await
            .unwrap();
    let target = &all[all.len() / 2];
    let search = DialogQuery { search: Some(target.subscriber_email.to_string()), ..DialogQuery::default() };
    assert_eq!(dialogs::list(&client, &search).await.unwrap()[0].id, target.id);
    let two = dialogs::list(&client, &DialogQuery { limit: Some(2), offset: Some(1), ..DialogQuery::default() })
        .await
        .unwrap();
    assert_eq!(two.iter().map(|d| d.id).collect::<Vec<_>>(), all[1..3].iter().map(|d| d.id).collect::<Vec<_>>());
    for bad in [0, 201] {
        let err =
            dialogs::list(&client, &DialogQuery { limit: Some(bad), ..DialogQuery::default() }).await.unwrap_err();
        assert_eq!(err.status(), Some(200), "the legacy interface answers 200 with an error code");
    }
    assert!(dialogs::messages(&client, *target.id, Some(201), None).await.is_err());

    let with_file = all.iter().find(|d| *d.has_attachments).expect("some replies carry a file");
    let entries = dialogs::messages(&client, *with_file.id, None, None).await.unwrap();
    let file = entries.iter().flat_map(|m| m.attachments.iter()).next().unwrap().clone();
    let link = dialogs::attachment_link(&client, *file.id).await.unwrap();
    assert_eq!(link.file, file.file);
    let response = reqwest::get(link.url.as_str()).await.unwrap();
    assert_eq!(response.headers()["content-type"], file.file.content_type.as_str());
    assert_eq!(response.bytes().await.unwrap().len() as i64, file.file.size_bytes);
    assert_eq!(dialogs::get(&client, 99_999).await.unwrap_err().code(), Some(4));
}

//! What the inbox costs in requests against a service 150 ms away, counted
//! by the sandbox's request log (which also says when each request came, so
//! requests that waited on each other's answers are told apart from requests
//! made side by side): the inbox opens with one read of its dialogs; an
//! unread thread the list showed opens with its replier beside it in one
//! round trip of two requests (the replier's history is one more, when
//! asked for), and one more marks it read; a reply is one
//! request and one read of its thread, which comes back with it.

use chrono::{DateTime, Utc};
use desk::inbox::{self, DialogFilter, DialogQuery, ReplyDraft, ThreadEntry};
use desk::Session;
use std::time::Duration;

const KEY: &str = "inbox-round-trips-key";
/// Moscow from Novosibirsk.
const LATENCY: Duration = Duration::from_millis(150);

/// One request the service answered: the legacy method or the v2 path, and when it came.
#[derive(Debug)]
struct Served {
    path: String,
    at: DateTime<Utc>,
}

/// What the service answered since the last look; the log starts afresh.
async fn served(session: &Session) -> Vec<Served> {
    let reply = session.client().get(&["sandbox", "requests"], &[]).await.unwrap();
    let records: Vec<serde_json::Value> = reply.decode().unwrap();
    session.client().delete(&["sandbox", "requests"], None).await.unwrap();
    records
        .iter()
        .map(|r| Served {
            path: r["path"].as_str().unwrap_or_default().to_string(),
            at: r["at"].as_str().unwrap_or_default().parse().expect("when the request came"),
        })
        .collect()
}

fn paths(served: &[Served]) -> Vec<&str> {
    served.iter().map(|s| s.path.as_str()).collect()
}

/// Whether the requests were made side by side: a request that waited for
/// another's answer comes at least the latency after it.
fn in_one_round_trip(served: &[Served]) -> bool {
    let first = served.iter().map(|s| s.at).min().unwrap();
    let last = served.iter().map(|s| s.at).max().unwrap();
    (last - first).to_std().unwrap() < LATENCY
}

async fn far_away_demo(dir: &std::path::Path) -> (sandbox::Running, Session) {
    let faults = sandbox::faults::Faults { latency: LATENCY, ..Default::default() };
    let config =
        sandbox::Config { db: Some(dir.join("service.sqlite")), demo: true, faults, ..sandbox::Config::new(KEY) };
    let service = sandbox::start(config).await.expect("sandbox starts");
    let client = api::Client::new(&service.base_url(), api::ApiKey::new(KEY)).unwrap();
    (service, Session::for_client(client))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_inbox_an_unread_thread_and_a_reply_cost_what_they_need() {
    let dir = tempfile::tempdir().unwrap();
    let (_service, session) = far_away_demo(dir.path()).await;
    served(&session).await;

    // The inbox opens: its first page, then the campaigns and lists it can be narrowed to.
    let query = DialogQuery { filter: DialogFilter::Open, limit: 100, ..DialogQuery::default() };
    let page = inbox::dialogs(&session, &query).await.unwrap();
    assert_eq!(paths(&served(&session).await), ["dialogs.list"], "the dialogs read once");
    inbox::sources(&session).await.unwrap();
    let sources = served(&session).await;
    assert_eq!(sources.len(), 2, "the campaigns and the lists: {:?}", paths(&sources));

    // An unread thread the list showed: its entries and the replier's record
    // side by side; its dialog, campaign and list are known already, and
    // what the replier did lately is read only when asked for.
    let row = page.rows.iter().find(|r| r.unread > 0).expect("the demo has unread replies").clone();
    let thread = inbox::thread(&session, row.id).await.unwrap();
    let opened = served(&session).await;
    assert_eq!(opened.len(), 2, "an unread thread with its replier: {:?}", paths(&opened));
    assert!(in_one_round_trip(&opened), "nothing waits for another answer: {opened:?}");
    assert!(!paths(&opened).contains(&"dialogs.get"), "the dialog the list showed is not read again");
    assert_eq!(thread.dialog.unread, row.unread, "reading changes nothing");
    assert_eq!(thread.replier.email, row.subscriber, "the replier comes with the thread");
    assert_eq!(thread.replier.campaign.as_ref().map(|c| c.id), Some(row.campaign_id));
    assert!(thread.replier.state.is_some(), "{:?}", thread.replier);
    let activity = inbox::replier_activity(&session, row.id).await.unwrap();
    assert!(!activity.is_empty());
    assert_eq!(served(&session).await.len(), 1, "the replier's history, asked for: one request");

    // Shown, so read: one request, and nothing read again for it.
    inbox::mark_read(&session, row.id).await.unwrap();
    assert_eq!(paths(&served(&session).await), ["dialogs.markRead"]);
    assert_eq!(inbox::thread(&session, row.id).await.unwrap().dialog.unread, 0, "read now");
    served(&session).await;

    // A reply: sent once (the thread on screen says what was there before),
    // and the thread comes back with it, the reply in it.
    let draft = ReplyDraft { html: String::new(), text: "Thanks, we ship to Kazan!".into(), quote: true };
    let sent = inbox::reply(&session, row.id, &draft).await.unwrap();
    assert_eq!(paths(&served(&session).await), ["dialogs.reply", "dialogs.messages"]);
    let now = sent.thread.expect("the thread read after sending");
    let last = now.entries.iter().rev().find_map(|e| match e {
        ThreadEntry::Message(m) => Some(m),
        ThreadEntry::Event { .. } => None,
    });
    assert_eq!(last.map(|m| (m.id, m.inbound)), Some((sent.message_id, false)), "the reply closes the thread");
    assert_eq!(now.dialog.preview.as_deref(), Some("Thanks, we ship to Kazan!"), "the row as the list will show it");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thread_opened_from_elsewhere_reads_its_dialog_once() {
    let dir = tempfile::tempdir().unwrap();
    let (_service, session) = far_away_demo(dir.path()).await;
    let query = DialogQuery { filter: DialogFilter::All, limit: 1, ..DialogQuery::default() };
    let dialog = inbox::dialogs(&session, &query).await.unwrap().rows[0].clone();

    // A new session (the app started again, a notification clicked): nothing is known yet.
    let fresh = Session::for_client(session.client().clone());
    served(&fresh).await;
    let thread = inbox::thread(&fresh, dialog.id).await.unwrap();
    let opened = served(&fresh).await;
    let gets = opened.iter().filter(|s| s.path == "dialogs.get").count();
    assert_eq!(gets, 1, "the dialog is read once for the thread and its replier: {:?}", paths(&opened));
    assert!(opened.len() <= 5, "the dialog, its entries, the replier, their campaign and list: {:?}", paths(&opened));
    assert_eq!((thread.dialog.id, thread.replier.email.as_str()), (dialog.id, dialog.subscriber.as_str()));

    // Their replier again (after an unsubscribe): the dialog, campaign and list are known.
    inbox::replier(&fresh, dialog.id).await.unwrap();
    let again = served(&fresh).await;
    assert_eq!(again.len(), 1, "the record: {:?}", paths(&again));
}

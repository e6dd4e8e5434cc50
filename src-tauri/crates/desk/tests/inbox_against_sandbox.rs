//! The inbox against the demo sandbox on loopback: the list, a thread read
//! (and so marked read), a reply, closing and reopening.

use desk::inbox::{self, DialogFilter, DialogQuery, ReplyDraft, ThreadEntry};
use desk::{Desk, DeskError};

use crate::common::cx::cx;
use crate::common::demo;
use crate::common::host;

/// The desk runs the demo sandbox: keep it while the session is used.
async fn demo() -> (Desk, desk::Session) {
    let demo::Demo { session, desk, dir: _dir } = demo::open("inbox").await;
    (desk, session)
}

fn query(filter: DialogFilter) -> DialogQuery {
    DialogQuery { filter, limit: 50, ..DialogQuery::default() }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thread_is_read_answered_closed_and_reopened() {
    let (_desk, session) = demo().await;
    let unread_before = inbox::unread(&session).await.unwrap();
    let page = inbox::dialogs(&session, &DialogQuery { unread_only: true, ..query(DialogFilter::Open) }).await.unwrap();
    let dialog = page.rows.first().expect("the demo has unread replies").clone();
    assert!(dialog.unread > 0);

    let thread = inbox::thread(&session, dialog.id).await.unwrap();
    assert_eq!(thread.dialog.unread, dialog.unread, "reading ahead changes nothing");
    inbox::mark_read(&session, dialog.id).await.unwrap();
    assert_eq!(inbox::thread(&session, dialog.id).await.unwrap().dialog.unread, 0, "seen, so read");
    let first = thread.entries.iter().find_map(|e| match e {
        ThreadEntry::Message(m) => Some(m),
        ThreadEntry::Event { .. } => None,
    });
    let first = first.expect("a thread starts with the subscriber's message");
    assert!(first.inbound && !first.text.is_empty());
    let after_read = inbox::unread(&session).await.unwrap();
    assert_eq!(after_read.total, unread_before.total - dialog.unread);

    let draft = ReplyDraft { html: String::new(), text: "Thanks, we ship to Kazan!\nSee you".into(), quote: true };
    let message_id = inbox::reply(&session, dialog.id, &draft).await.unwrap().message_id;
    let thread = inbox::thread(&session, dialog.id).await.unwrap();
    let sent = thread.entries.iter().find_map(|e| match e {
        ThreadEntry::Message(m) if m.id == message_id => Some(m),
        _ => None,
    });
    let sent = sent.expect("the reply is in the thread");
    assert!(!sent.inbound);
    assert_eq!(sent.html.as_deref(), Some("<p>Thanks, we ship to Kazan!<br>See you</p>"));

    inbox::close(&session, dialog.id).await.unwrap();
    let open = inbox::dialogs(&session, &DialogQuery { limit: 199, ..query(DialogFilter::Open) }).await.unwrap();
    assert!(open.rows.iter().all(|d| d.id != dialog.id), "closed dialogs leave the open list");
    let closed = inbox::dialogs(&session, &query(DialogFilter::Closed)).await.unwrap();
    assert!(closed.rows.iter().any(|d| d.id == dialog.id));
    let thread = inbox::thread(&session, dialog.id).await.unwrap();
    assert!(
        thread.entries.iter().any(|e| matches!(e, ThreadEntry::Event { event: inbox::DialogEvent::Closed, .. })),
        "the thread shows that it was closed"
    );

    inbox::reopen(&session, dialog.id).await.unwrap();
    inbox::mark_unread(&session, dialog.id).await.unwrap();
    let again = inbox::dialogs(&session, &DialogQuery { unread_only: true, limit: 199, ..query(DialogFilter::Open) })
        .await
        .unwrap();
    assert!(again.rows.iter().any(|d| d.id == dialog.id), "reopened and unread again");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_pages_searches_and_refuses_an_empty_reply() {
    let (_desk, session) = demo().await;
    let first = inbox::dialogs(&session, &DialogQuery { limit: 5, ..query(DialogFilter::All) }).await.unwrap();
    assert_eq!(first.rows.len(), 5);
    assert!(first.has_more);
    let second =
        inbox::dialogs(&session, &DialogQuery { limit: 5, offset: 5, ..query(DialogFilter::All) }).await.unwrap();
    assert!(second.rows.iter().all(|r| first.rows.iter().all(|f| f.id != r.id)), "pages do not overlap");

    let target = &first.rows[0];
    let found =
        inbox::dialogs(&session, &DialogQuery { search: Some(target.subscriber.clone()), ..query(DialogFilter::All) })
            .await
            .unwrap();
    assert!(found.rows.iter().all(|r| r.subscriber == target.subscriber) && !found.rows.is_empty());

    let empty = ReplyDraft { html: "<p></p>".into(), text: "   ".into(), quote: true };
    assert!(matches!(inbox::reply(&session, target.id, &empty).await, Err(DeskError::Required { .. })));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unsubscribe_request_is_granted_from_the_inbox() {
    let (_desk, session) = demo().await;
    let mut request = None;
    let mut offset = 0;
    while request.is_none() {
        let page =
            inbox::dialogs(&session, &DialogQuery { offset, limit: 100, ..query(DialogFilter::All) }).await.unwrap();
        request = page.rows.iter().find(|r| r.kind == inbox::triage::ReplyKind::Unsubscribe).cloned();
        assert!(request.is_some() || page.has_more, "the demo has unsubscribe requests");
        offset += 100;
    }
    let request = request.unwrap();
    let before = inbox::replier(&session, request.id).await.unwrap();
    assert_eq!(before.email, request.subscriber);
    let campaign = before.campaign.clone().expect("the campaign answered");
    assert_eq!(campaign.id, request.campaign_id);
    let activity = inbox::replier_activity(&session, request.id).await.unwrap();
    assert!(!activity.is_empty(), "what the subscriber did, when asked");
    assert_eq!(before.state, Some(desk::views::SubscriberState::Active));
    let name = before.fields.iter().find(|f| f.tag == "NAME").expect("the demo lists' name field: {before:?}");
    assert!(!name.value.is_empty(), "the replier's name, for canned replies: {before:?}");

    let changed = inbox::unsubscribe_replier(&session, request.id).await.unwrap();
    assert!(changed >= 1);
    let after = inbox::replier(&session, request.id).await.unwrap();
    assert_eq!(after.state, Some(desk::views::SubscriberState::Unsubscribed));
}

#[tokio::test(flavor = "multi_thread")]
async fn attachments_are_previewed_and_saved_whole() {
    let (desk, session) = demo().await;
    let mut files = Vec::new();
    let mut offset = 0;
    while files.len() < 2 {
        let page =
            inbox::dialogs(&session, &DialogQuery { offset, limit: 100, ..query(DialogFilter::All) }).await.unwrap();
        for row in page.rows.iter().filter(|r| r.has_attachments) {
            for entry in inbox::thread(&session, row.id).await.unwrap().entries {
                if let ThreadEntry::Message(m) = entry {
                    files.extend(m.attachments);
                }
            }
        }
        assert!(page.has_more || files.len() >= 2, "the demo's replies carry files");
        offset += 100;
    }
    let temp = tempfile::Builder::new().prefix("desk-attachments-").tempdir().unwrap();
    let dir = temp.path();
    for file in &files {
        let path = dir.join(&file.filename);
        let written = inbox::save_attachment(&session, file.id, &path).await.unwrap();
        let saved = std::fs::read(&path).unwrap();
        assert_eq!((written, saved.len() as i64), (file.size_bytes as u64, file.size_bytes), "{file:?}");
        assert!(!dir.join(format!("{}.part", file.filename)).exists());
        let preview = inbox::preview_attachment(&session, file.id).await.unwrap();
        if file.content_type == "image/png" {
            assert!(saved.starts_with(b"\x89PNG"));
            assert!(preview.unwrap().starts_with("data:image/png;base64,iVBOR"));
        } else {
            assert_eq!(preview, None, "only images are previewed: {file:?}");
        }
    }

    // Through the desk: the path comes from the picker (the OS dialog in the app), and cancelling saves nothing.
    let picked = dir.join("picked");
    std::fs::create_dir_all(&picked).unwrap();
    let into = picked.clone();
    desk.set_host(host::picker(move |name: &str| Some(into.join(name))));
    let file = &files[0];
    assert_eq!(
        inbox::pick_and_save_attachment(&cx(&desk), file.id, &file.filename).await.unwrap(),
        Some(file.size_bytes as u64)
    );
    assert_eq!(std::fs::read(picked.join(&file.filename)).unwrap().len() as i64, file.size_bytes);
    desk.set_host(host::picker(|_: &str| None));
    assert_eq!(inbox::pick_and_save_attachment(&cx(&desk), file.id, "cancelled.bin").await.unwrap(), None);
    assert!(!picked.join("cancelled.bin").exists());
}

#[tokio::test(flavor = "multi_thread")]
async fn replies_from_people_are_news_once_and_auto_replies_never() {
    let (_desk, session) = demo().await;
    api::sandbox::forget_requests(session.client()).await.unwrap();
    assert!(inbox::news::new_replies(&session, 0).await.unwrap().is_empty(), "what waited before is not news");
    let asked = api::sandbox::requests(session.client()).await.unwrap();
    assert!(asked.is_empty(), "nothing rose and nothing was announced yet: nothing to read ({asked:?})");
    let campaign = inbox::dialogs(&session, &query(DialogFilter::All)).await.unwrap().rows[0].campaign_id;
    let reply = |email: &str, subject: &str, text: &str| api::sandbox::Reply {
        campaign_id: Some(campaign),
        email: Some(email.into()),
        subject: subject.into(),
        text: text.into(),
        ..Default::default()
    };
    let person =
        api::sandbox::put_reply(session.client(), &reply("nina@example.ru", "Re: Sale", "Is the sale on in Omsk too?"))
            .await
            .unwrap();
    api::sandbox::put_reply(
        session.client(),
        &reply("away@example.ru", "Автоответ: Re: Sale", "Я в отпуске до 10 марта, отвечу после возвращения."),
    )
    .await
    .unwrap();
    // The count rose by the two: the newest two are the news, the person's shown.
    let news = inbox::news::new_replies(&session, 2).await.unwrap();
    let dialogs: Vec<i64> = news.iter().map(|n| n.dialog_id).collect();
    assert_eq!(dialogs, vec![person], "the person's reply, not the auto-reply: {news:?}");
    assert_eq!(news[0].subscriber, "nina@example.ru");
    assert!(inbox::news::new_replies(&session, 0).await.unwrap().is_empty(), "news only once");
    // From now on the newest announced is the mark: a look with the count
    // held still finds a reply that came as another was read.
    let later = api::sandbox::put_reply(session.client(), &reply("oleg@example.ru", "Re: Sale", "And in Tomsk?"))
        .await
        .unwrap();
    let news = inbox::news::new_replies(&session, 0).await.unwrap();
    assert_eq!(news.iter().map(|n| n.dialog_id).collect::<Vec<_>>(), vec![later]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hostile_attachment_name_is_shown_and_offered_cleaned() {
    let (desk, session) = demo().await;
    let campaign = inbox::dialogs(&session, &query(DialogFilter::All)).await.unwrap().rows[0].campaign_id;
    let hostile = "..\\..\\evil\u{202E}fdp.exe";
    let reply = api::sandbox::Reply {
        campaign_id: Some(campaign),
        email: Some("mallory@example.ru".into()),
        subject: "Re: Sale".into(),
        text: "The invoice".into(),
        attachments: vec![api::sandbox::ReplyFile {
            filename: hostile.into(),
            content_type: "application/octet-stream".into(),
            content_base64: "TVo=".into(),
        }],
        ..Default::default()
    };
    let dialog = api::sandbox::put_reply(session.client(), &reply).await.unwrap();
    let shown: Vec<_> = inbox::thread(&session, dialog)
        .await
        .unwrap()
        .entries
        .into_iter()
        .filter_map(|e| match e {
            ThreadEntry::Message(m) => Some(m.attachments),
            ThreadEntry::Event { .. } => None,
        })
        .flatten()
        .collect();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].filename, "evilfdp.exe", "the thread shows the cleaned name");

    // What the page asks to save under is cleaned again before the dialog offers it.
    let temp = tempfile::Builder::new().prefix("desk-hostile-name-").tempdir().unwrap();
    let picked = temp.path().join("picked");
    std::fs::create_dir_all(&picked).unwrap();
    let offered = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let (into, seen) = (picked.clone(), offered.clone());
    desk.set_host(host::picker(move |name: &str| {
        seen.lock().unwrap().push(name.to_string());
        Some(into.join(name))
    }));
    assert_eq!(inbox::pick_and_save_attachment(&cx(&desk), shown[0].id, hostile).await.unwrap(), Some(2));
    assert_eq!(*offered.lock().unwrap(), vec!["evilfdp.exe".to_string()]);
    assert_eq!(std::fs::read(picked.join("evilfdp.exe")).unwrap(), b"MZ");
    let beside: Vec<_> = std::fs::read_dir(temp.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(beside, vec![std::ffi::OsString::from("picked")], "nothing written outside the picked folder");
}

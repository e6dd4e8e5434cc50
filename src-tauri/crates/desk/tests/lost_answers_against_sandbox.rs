//! Automation and inbox writes whose answers are lost, against sandboxes on
//! loopback that carry a write out and cut its answer, or cut every
//! connection: a created automation is found by its name, an unsubscribe is
//! read back from the subscriber's state, a reply is found in its thread,
//! and a hand trigger, which cannot be read back, is reported unknown.

use desk::automations::{self, AutomationForm};
use desk::error::Action;
use desk::DeskError;

use crate::common::lost_answers as lost;

fn unknown(result: Result<impl std::fmt::Debug, DeskError>, action: impl Into<Action>) {
    let action = action.into();
    match result {
        Err(DeskError::OutcomeUnknown { action: said, .. }) if said == action => {}
        other => panic!("{action:?} must be reported unknown, not {other:?}"),
    }
}

async fn form(session: &desk::Session, list_id: i64) -> AutomationForm {
    AutomationForm {
        name: "Спасибо за покупку".into(),
        subject: "Спасибо".into(),
        from_name: "Northwind".into(),
        from_email: "news@northwind.example".into(),
        html: lost::LETTER.into(),
        list_ids: vec![list_id],
        ..automations::open(session, None).await.unwrap().form
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_automation_created_while_the_answer_was_lost_is_found_by_its_name() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    let form = form(&session, a.list_id).await;
    // The Automations page has listed them before its New is pressed.
    automations::all(&session).await.unwrap();
    let id = automations::create(&session, 1, &form).await.expect("found by its name");
    let named: Vec<i64> = automations::all(&session)
        .await
        .unwrap()
        .automations
        .into_iter()
        .filter(|row| row.name == form.name)
        .map(|row| row.id)
        .collect();
    assert_eq!(named, [id], "made once");
    service.stop().await;

    // Cut off, nothing can be read back either: the create stays unknown.
    let service = store.serve(lost::dropped()).await;
    let session = lost::session(&service);
    unknown(automations::create(&session, 2, &form).await, desk::automations::Action::CreateAutomation);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hand_trigger_whose_answer_was_lost_is_unknown() {
    let store = lost::store().await;
    let a = &store.account;
    for faults in [lost::applied_then_dropped(), lost::dropped()] {
        let service = store.serve(faults).await;
        let sent = automations::trigger(&lost::session(&service), a.automation, lost::READERS[2]).await;
        unknown(sent, desk::automations::Action::TriggerAutomation);
        service.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unsubscribe_from_a_reply_whose_answer_was_lost_is_read_back_from_the_subscriber() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    let changed = desk::inbox::unsubscribe_replier(&session, a.dialog).await.expect("read back: unsubscribed");
    assert_eq!(changed, 1, "one list, one record");
    let member = api::members::get(&lost::client(&service), a.list_id, lost::READERS[0]).await.unwrap();
    assert_eq!(member.state, api::members::MemberState::Unsubscribed);
    service.stop().await;

    let service = store.serve(lost::dropped()).await;
    let cut = desk::inbox::unsubscribe_replier(&lost::session(&service), a.dialog).await;
    assert!(
        matches!(&cut, Err(DeskError::Unreachable { action, .. }) if *action == desk::inbox::Action::Unsubscribe.into()),
        "nothing sent: {cut:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_whose_answer_was_lost_is_found_in_its_thread() {
    let store = lost::store().await;
    let a = &store.account;
    let service = store.serve(lost::applied_then_dropped()).await;
    let session = lost::session(&service);
    // The thread on screen while the reply is written: what was there before.
    desk::inbox::thread(&session, a.dialog).await.unwrap();
    let draft = desk::inbox::ReplyDraft {
        html: String::new(), text: "Отписали, всего доброго".into(), quote: false
    };
    let sent = desk::inbox::reply(&session, a.dialog, &draft).await.expect("found in the thread");
    let thread = sent.thread.expect("the thread it was found in");
    let found = thread.entries.iter().any(|e| {
        matches!(e, desk::inbox::ThreadEntry::Message(m) if m.id == sent.message_id && !m.inbound && m.text == draft.text)
    });
    assert!(found, "the reply, in the thread it came back with: {thread:?}");

    // The same words again from a session that never read the thread: it
    // is read first, and the new reply is told from the one before.
    let again = desk::inbox::reply(&lost::session(&service), a.dialog, &draft).await.expect("found in the thread");
    assert_ne!(again.message_id, sent.message_id);
    service.stop().await;

    // Cut off, nothing can be read back: the reply may have gone.
    let service = store.serve(lost::dropped()).await;
    let cut = desk::inbox::reply(&lost::session(&service), a.dialog, &draft).await;
    assert!(cut.is_err(), "{cut:?}");
}

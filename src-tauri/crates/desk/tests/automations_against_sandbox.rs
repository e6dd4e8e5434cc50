//! The Automations area against sandboxes on loopback: the demo's
//! automations and workflow listed; one created, changed, sent by hand,
//! copied and deleted; the service's rules on events and moderation.

use desk::automations::{
    self, AutomationForm, AutomationState, AutomationsFailure, Delay, DelayUnit, Moderation, TriggerEvent,
};
use desk::DeskError;

use crate::common::{demo, letters};

const LETTER: &str = r#"<p>Добро пожаловать, %NAME%!</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#;

async fn welcome(session: &desk::Session) -> AutomationForm {
    let blank = automations::open(session, None).await.unwrap();
    AutomationForm {
        name: "Добро пожаловать".into(),
        subject: "Рады знакомству, %NAME%".into(),
        from_name: "Northwind".into(),
        from_email: "news@northwind.example".into(),
        html: LETTER.into(),
        ..blank.form
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_automation_is_created_sent_by_hand_changed_copied_and_deleted() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("automations").await;
    let before = automations::all(&session).await.unwrap();
    assert!(before.automations.iter().any(|a| a.sent > 0 && a.state == AutomationState::Active), "{before:?}");

    let new = automations::open(&session, None).await.unwrap();
    assert_eq!(new.id, None);
    assert!(!new.form.list_ids.is_empty() && !new.context.senders.is_empty(), "a list and a sender offered");
    assert!(!new.campaigns.is_empty(), "sent campaigns to watch");
    let form = welcome(&session).await;
    let check = automations::check(&form, &new.context).unwrap();
    assert!(!check.blocked, "{:?}", check.items);

    let id = automations::create(&session, 2, &form).await.unwrap();
    let listed = automations::all(&session).await.unwrap();
    let row = listed.automations.iter().find(|a| a.id == id).expect("listed");
    assert_eq!((row.name.as_str(), row.events.clone()), ("Добро пожаловать", form.events.clone()));
    assert!(matches!(row.moderation, Some(Moderation::Waiting { .. })), "sent to moderation: {:?}", row.moderation);
    assert_eq!(row.delay, None);
    assert!(!row.lists.is_empty(), "the list's name");

    // The demo's moderation is instant: a hand trigger goes, and says so.
    let active = desk::lists::SubscriberQuery {
        filter: desk::lists::SubscriberFilter {
            list_id: form.list_ids[0],
            state: Some(desk::views::SubscriberState::Active),
            ..Default::default()
        },
        start: 0,
        limit: 1,
    };
    let email = desk::lists::subscribers(&session, &active).await.unwrap().rows.remove(0).email;
    automations::trigger(&session, id, &email).await.unwrap();
    let row = automations::all(&session).await.unwrap().automations.into_iter().find(|a| a.id == id).unwrap();
    assert_eq!(row.moderation, Some(Moderation::Passed));

    let opened = automations::open(&session, Some(id)).await.unwrap();
    assert_eq!(opened.form, form, "read back as it was written");
    let watching = AutomationForm {
        events: vec![TriggerEvent::Open],
        watched: vec![new.campaigns[0].id],
        delay: Some(Delay { quantity: 2, unit: DelayUnit::Day }),
        sending_hour: Some("09:30".into()),
        active: false,
        segment: Some(desk::letter::Segment {
            match_all: true,
            conditions: vec![desk::letter::SegmentCondition {
                field: desk::letter::SegmentField::Field(3),
                op: desk::letter::SegmentOp::Is,
                value: "Москва".into(),
            }],
        }),
        ..form.clone()
    };
    automations::save(&session, id, 3, &watching).await.unwrap();
    assert_eq!(automations::open(&session, Some(id)).await.unwrap().form, watching);
    let row = automations::all(&session).await.unwrap().automations.into_iter().find(|a| a.id == id).unwrap();
    assert_eq!((row.state, row.delay), (AutomationState::Stopped, watching.delay));
    assert_eq!(row.moderation, Some(Moderation::Passed), "the letter did not change: no new moderation");

    let mixed = AutomationForm { events: vec![TriggerEvent::Open, TriggerEvent::Add], ..watching.clone() };
    assert_eq!(
        automations::save(&session, id, 4, &mixed).await,
        Err(DeskError::in_area(AutomationsFailure::EventAlone { event: TriggerEvent::Open })),
        "refused before anything is sent"
    );

    let copy = automations::copy(&session, id).await.unwrap();
    assert_eq!(automations::open(&session, Some(copy)).await.unwrap().form.events, watching.events);
    automations::delete(&session, copy).await.unwrap();
    automations::delete(&session, id).await.unwrap();
    let after = automations::all(&session).await.unwrap();
    assert!(after.automations.iter().all(|a| a.id != id && a.id != copy));
    assert_eq!(after.automations.len(), before.automations.len());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hand_trigger_before_moderation_is_refused_with_code_37_and_remembered() {
    let running = sandbox::start(sandbox::Config {
        moderation_delay: std::time::Duration::from_secs(3600),
        ..sandbox::Config::new("k")
    })
    .await
    .unwrap();
    let client = api::Client::new(&running.base_url(), api::ApiKey::new("k")).unwrap();
    let session = desk::Session::for_client(client.clone());
    let list = api::lists::NewList { name: "Клуб".into(), ..Default::default() };
    let list_id = api::lists::create(&client, &list).await.unwrap();
    let anna = api::members::NewMember { email: "anna@example.com".into(), ..Default::default() };
    api::members::add(&client, list_id, &anna, Default::default()).await.unwrap();
    let form = AutomationForm { list_ids: vec![list_id], ..welcome(&session).await };
    let id = automations::create(&session, 2, &form).await.unwrap();
    let refused = automations::trigger(&session, id, "anna@example.com").await.unwrap_err();
    assert!(
        matches!(refused, DeskError::Refused { service_code: 37, .. }),
        "the service's reason, to be explained: {refused:?}"
    );
    let row = automations::all(&session).await.unwrap().automations.into_iter().find(|a| a.id == id).unwrap();
    assert!(matches!(row.moderation, Some(Moderation::Waiting { .. })));
}

#[tokio::test(flavor = "multi_thread")]
async fn what_is_typed_is_kept_until_the_service_has_it_and_offered_back_meanwhile() {
    let demo::Demo { session, desk: first, dir } = demo::open("automation-drafts").await;
    let form = welcome(&session).await;
    automations::keep_draft(&session, None, 1, &form).await.unwrap();
    assert_eq!(automations::open(&session, None).await.unwrap().unsaved, Some(form.clone()), "a new one's");
    let id = automations::create(&session, 2, &form).await.unwrap();
    assert_eq!(automations::open(&session, None).await.unwrap().unsaved, None, "let go once created");

    // What was learnt of its moderation outlives the app.
    drop(first);
    let again = desk::Desk::new(
        dir.path().to_path_buf(),
        desk::secrets::Secrets::with_service("campaign-desk-automation-drafts-test"),
    );
    again.open_account("demo").await.unwrap();
    let reopened = again.session().await.unwrap();
    let row = automations::all(&reopened).await.unwrap().automations.into_iter().find(|a| a.id == id).unwrap();
    assert!(matches!(row.moderation, Some(Moderation::Waiting { .. })), "{:?}", row.moderation);

    let changed = AutomationForm { subject: "Спасибо, что вы с нами".into(), ..form };
    automations::keep_draft(&reopened, Some(id), 1, &changed).await.unwrap();
    let opened = automations::open(&reopened, Some(id)).await.unwrap();
    assert_eq!((opened.form.subject.as_str(), opened.unsaved), ("Рады знакомству, %NAME%", Some(changed.clone())));
    automations::save(&reopened, id, 2, &changed).await.unwrap();
    assert_eq!(automations::open(&reopened, Some(id)).await.unwrap().unsaved, None, "the service has it");
}

/// An automation's letter made of blocks is checked as it renders, goes to
/// the service as that HTML, and opens again as the same blocks.
#[tokio::test(flavor = "multi_thread")]
async fn an_automation_s_letter_made_of_blocks_opens_as_blocks() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("automations-blocks").await;
    let new = automations::open(&session, None).await.unwrap();
    let form =
        AutomationForm {
            html: String::new(), blocks: Some(letters::greeting("Привет, ")), ..welcome(&session).await
        };
    let check = automations::check(&form, &new.context).unwrap();
    assert!(!check.blocked, "the rendered letter has its unsubscribe link: {:?}", check.items);
    let id = automations::create(&session, 2, &form).await.unwrap();
    let html = api::automations::get(session.client(), id).await.unwrap().html.or_empty();
    assert!(html.contains(r#"id="unsub_link""#) && html.contains("Привет, %NAME%"), "the service has the HTML: {html}");
    let opened = automations::open(&session, Some(id)).await.unwrap();
    assert_eq!((opened.form, opened.blocks_edited_elsewhere), (form, false), "read back as blocks");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_workflow_is_copied_with_its_automations_and_deleted() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("workflows").await;
    let before = automations::all(&session).await.unwrap();
    let workflow = before.workflows.first().expect("the demo's workflow").clone();
    assert!(!workflow.automation_ids.is_empty());

    let copy = automations::copy_workflow(&session, workflow.id).await.unwrap();
    let listed = automations::all(&session).await.unwrap();
    let copied = listed.workflows.iter().find(|w| w.id == copy).expect("the copy listed");
    assert_eq!(copied.automation_ids.len(), workflow.automation_ids.len(), "with as many automations");
    assert!(copied.automation_ids.iter().all(|id| !workflow.automation_ids.contains(id)), "copies of them");

    automations::delete_workflow(&session, copy).await.unwrap();
    let after = automations::all(&session).await.unwrap();
    assert!(after.workflows.iter().all(|w| w.id != copy));
    assert!(after.workflows.iter().any(|w| w.id == workflow.id), "the original stays");
}

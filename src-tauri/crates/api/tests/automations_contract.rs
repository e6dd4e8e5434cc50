//! Automations against a live sandbox: creation checks, the event rules,
//! moderation, triggers, delays, subscriber events, copies and deletion.

use crate::common;

use campaign_desk_api::automations::{self, AutomationSettings, DelayUnit, Recipient, TriggerEvent};
use campaign_desk_api::campaigns::{self, CampaignContent};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, NewMember};
use campaign_desk_api::{ApiKey, Client};
use std::time::Duration;

const HTML: &str = r#"<p>Welcome!</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a>"#;

async fn list(client: &Client) -> i64 {
    lists::create(client, &NewList { name: "Signups".into(), ..NewList::default() }).await.unwrap()
}

fn welcome(list_id: i64) -> AutomationSettings {
    AutomationSettings {
        list_ids: Some(vec![list_id]),
        name: Some("Welcome".into()),
        subject: Some("Welcome to Northwind".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("hello@northwind.example".into()),
        html: Some(HTML.into()),
        events: Some(vec![TriggerEvent::Add]),
        ..AutomationSettings::default()
    }
}

async fn add(client: &Client, list_id: i64, email: &str) {
    members::add(client, list_id, &NewMember { email: email.into(), ..NewMember::default() }, AddOptions::default())
        .await
        .unwrap();
}

async fn sent_count(client: &Client, id: i64, at_least: i64) -> i64 {
    let mut sent = 0;
    for _ in 0..500 {
        sent = *automations::get(client, id).await.unwrap().emails_sent;
        if sent >= at_least {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    sent
}

#[tokio::test]
async fn none_yet_is_404_code_4_and_an_empty_list() {
    let (_sandbox, client) = common::sandbox().await;
    assert_eq!(client.get(&["automations"], &[]).await.unwrap_err().code(), Some(4));
    assert!(automations::list(&client).await.unwrap().is_empty());
}

#[tokio::test]
async fn creation_checks_required_values_events_and_content() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list(&client).await;
    let code = |settings: AutomationSettings| {
        let client = client.clone();
        async move { automations::create(&client, &settings).await.unwrap_err() }
    };
    let err = code(AutomationSettings { subject: None, ..welcome(list_id) }).await;
    assert_eq!((err.status(), err.code()), (Some(422), Some(3)));
    let err =
        code(AutomationSettings { events: Some(vec![TriggerEvent::Open, TriggerEvent::Add]), ..welcome(list_id) })
            .await;
    assert_eq!((err.status(), err.code()), (Some(401), Some(2)));
    let err = code(AutomationSettings { subject: Some(String::new()), ..welcome(list_id) }).await;
    assert_eq!((err.status(), err.code()), (Some(500), Some(14)));
    let err = code(AutomationSettings { html: Some(String::new()), ..welcome(list_id) }).await;
    assert_eq!((err.status(), err.code()), (Some(500), Some(17)));
    let err = code(AutomationSettings { html: Some("<p>no way out</p>".into()), ..welcome(list_id) }).await;
    assert_eq!((err.status(), err.code()), (Some(500), Some(18)));
    let err = code(welcome(9999)).await;
    assert_eq!((err.status(), err.code()), (Some(404), Some(5)));

    let id = automations::create(&client, &AutomationSettings { delay: Some((2, DelayUnit::Day)), ..welcome(list_id) })
        .await
        .unwrap();
    let created = automations::get(&client, id).await.unwrap();
    assert_eq!(created.extra.get("status").and_then(|s| s.as_str()), Some("SUBSCRIBE"));
    assert_eq!((created.list_id.0.clone(), created.events()), (vec![list_id], vec![TriggerEvent::Add]));
    assert_eq!((*created.auto_delay1, created.auto_delay2.as_deref()), (2, Some("day")));
}

#[tokio::test]
async fn a_new_subscriber_gets_the_welcome_and_a_delayed_one_waits() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list(&client).await;
    let now = automations::create(&client, &welcome(list_id)).await.unwrap();
    let later =
        automations::create(&client, &AutomationSettings { delay: Some((1, DelayUnit::Hour)), ..welcome(list_id) })
            .await
            .unwrap();
    add(&client, list_id, "new@example.com").await;
    assert_eq!(sent_count(&client, now, 1).await, 1);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(automations::get(&client, later).await.unwrap().emails_sent, 0, "an hour's delay is still running");
}

#[tokio::test]
async fn triggering_needs_moderation_a_known_subscriber_and_repeats() {
    let running = sandbox::start(sandbox::Config {
        moderation_delay: Duration::from_secs(3600),
        ..sandbox::Config::new(common::KEY)
    })
    .await
    .unwrap();
    let slow = Client::new(&running.base_url(), ApiKey::new(common::KEY)).unwrap();
    let list_id = list(&slow).await;
    add(&slow, list_id, "ann@example.com").await;
    let id = automations::create(&slow, &welcome(list_id)).await.unwrap();
    let err = automations::trigger(&slow, id, &Recipient::Email("ann@example.com".into()), None).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(500), Some(37)));

    let (_sandbox, client) = common::sandbox().await;
    let list_id = list(&client).await;
    add(&client, list_id, "ann@example.com").await;
    let id = automations::create(
        &client,
        &AutomationSettings { events: Some(vec![TriggerEvent::Form]), ..welcome(list_id) },
    )
    .await
    .unwrap();
    let err =
        automations::trigger(&client, id, &Recipient::Email("nobody@example.com".into()), None).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(9)));
    automations::trigger(&client, id, &Recipient::Email("ann@example.com".into()), None).await.unwrap();
    assert_eq!(sent_count(&client, id, 1).await, 1);
    automations::trigger(&client, id, &Recipient::Email("ann@example.com".into()), None).await.unwrap();
    assert_eq!(sent_count(&client, id, 2).await, 2, "a repeat is sent again");
    let err = automations::trigger(&client, 4242, &Recipient::Email("ann@example.com".into()), None).await.unwrap_err();
    assert_eq!(err.code(), Some(22));
}

#[tokio::test]
async fn updates_copies_and_deletes() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list(&client).await;
    let id = automations::create(&client, &welcome(list_id)).await.unwrap();
    let change = AutomationSettings { subject: Some("Hello again".into()), ..AutomationSettings::default() };
    automations::update(&client, id, &change).await.unwrap();
    let changed = automations::get(&client, id).await.unwrap();
    assert_eq!((changed.subject.as_deref(), changed.from_name.as_deref()), (Some("Hello again"), Some("Northwind")));
    let copy = automations::copy(&client, id).await.unwrap();
    assert_eq!(automations::get(&client, copy).await.unwrap().events(), vec![TriggerEvent::Add]);

    let campaign = campaigns::create(&client, &CampaignContent { list_ids: Some(vec![list_id]), ..Default::default() })
        .await
        .unwrap();
    let err = automations::update(&client, campaign, &change).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(20)));
    assert_eq!(automations::update(&client, 5555, &change).await.unwrap_err().code(), Some(22));

    let unknown = automations::trigger(&client, id, &Recipient::Email("x@example.com".into()), None).await;
    assert_eq!(unknown.unwrap_err().code(), Some(9));
    add(&client, list_id, "queued@example.com").await;
    automations::delete(&client, id).await.unwrap();
    assert_eq!(automations::delete(&client, id).await.unwrap_err().code(), Some(22));
    let left: Vec<i64> = automations::list(&client).await.unwrap().iter().map(|a| *a.id).collect();
    assert_eq!(left, [copy]);
}

#[tokio::test]
async fn workflows_are_read_copied_with_their_automations_and_deleted() {
    use campaign_desk_api::workflows;
    let (_empty, fresh) = common::sandbox().await;
    assert!(workflows::list(&fresh).await.unwrap().is_empty());
    let (_sandbox, client) = common::demo_sandbox().await;
    let all = workflows::list(&client).await.unwrap();
    assert_eq!((all.len(), all[0].automations.len()), (1, 2));
    let before = automations::list(&client).await.unwrap().len();
    let copy = workflows::copy(&client, *all[0].id).await.unwrap();
    let copied = workflows::list(&client).await.unwrap().into_iter().find(|w| w.id == copy).unwrap();
    assert_eq!(copied.automations.len(), 2);
    assert!(copied.automations.iter().all(|id| !all[0].automations.contains(id)));
    assert_eq!(automations::list(&client).await.unwrap().len(), before + 2);
    workflows::delete(&client, copy).await.unwrap();
    assert_eq!(automations::list(&client).await.unwrap().len(), before, "its automations went with it");
    assert_eq!(workflows::delete(&client, copy).await.unwrap_err().code(), Some(4));
}

#[tokio::test]
async fn an_open_automation_follows_up_everyone_who_opened_the_watched_campaign() {
    use campaign_desk_api::campaigns::CampaignStatus;
    use campaign_desk_api::reports;
    let (_sandbox, client) = common::fast_sandbox(8).await;
    let list_id = list(&client).await;
    let batch: Vec<NewMember> =
        (0..300).map(|n| NewMember { email: format!("o{n}@example.com"), ..Default::default() }).collect();
    members::add_batch(&client, list_id, &batch, AddOptions::default()).await.unwrap();
    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        subject: Some("Beans".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("news@northwind.example".into()),
        html: Some(HTML.into()),
        ..CampaignContent::default()
    };
    let campaign = campaigns::create(&client, &content).await.unwrap();
    let follow_up = AutomationSettings {
        events: Some(vec![TriggerEvent::Open]),
        watched: Some(campaign.to_string()),
        ..welcome(list_id)
    };
    let automation = automations::create(&client, &follow_up).await.unwrap();
    campaigns::launch(&client, campaign).await.unwrap();
    for _ in 0..200 {
        if campaigns::get(&client, campaign).await.unwrap().status == CampaignStatus::Sent {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let opened = reports::summary(&client, campaign).await.unwrap().opened;
    assert!(*opened > 0);
    assert_eq!(sent_count(&client, automation, *opened).await, opened);
}

#[tokio::test]
async fn a_segment_keeps_the_welcome_from_those_it_does_not_match() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list(&client).await;
    let segment = serde_json::json!({ list_id.to_string(): {"match": "all", "c": [{"field": "email", "op": "ends", "value": ".ru"}]} });
    let id = automations::create(&client, &AutomationSettings { segment: Some(segment.clone()), ..welcome(list_id) })
        .await
        .unwrap();
    assert_eq!(automations::get(&client, id).await.unwrap().esegment, Some(segment), "read back");
    add(&client, list_id, "anna@example.com").await;
    add(&client, list_id, "boris@example.ru").await;
    assert_eq!(sent_count(&client, id, 1).await, 1);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(*automations::get(&client, id).await.unwrap().emails_sent, 1, "only the one it matches");
}

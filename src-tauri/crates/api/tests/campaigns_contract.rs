//! Campaigns against a live sandbox: the status machine, the content rules
//! at launch with their codes, scheduling, moderation, gradual sending,
//! pause and resume, resends, copies, attachments, folders, segments and
//! personalisation.

use crate::common;

use campaign_desk_api::campaigns::{self, CampaignContent, CampaignFilter, CampaignStatus, FolderRef};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, NewMember};
use campaign_desk_api::Client;
use serde_json::json;
use std::time::Duration;

const HTML: &str = r#"<p>Hello %NAME%</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a>"#;

async fn list_with(client: &Client, people: &[(&str, &str)]) -> i64 {
    let id = lists::create(client, &NewList { name: "Readers".into(), ..NewList::default() }).await.unwrap();
    let batch: Vec<NewMember> = people
        .iter()
        .map(|(email, name)| {
            let mut m = NewMember { email: (*email).into(), ..NewMember::default() };
            m.merges.set(1, *name);
            m
        })
        .collect();
    members::add_batch(client, id, &batch, AddOptions::default()).await.unwrap();
    id
}

fn ready(list_id: i64) -> CampaignContent {
    CampaignContent {
        list_ids: Some(vec![list_id]),
        name: Some("Autumn beans".into()),
        subject: Some("New harvest".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("news@northwind.example".into()),
        html: Some(HTML.into()),
        ..CampaignContent::default()
    }
}

async fn wait_for(client: &Client, id: i64, status: CampaignStatus) -> campaigns::Campaign {
    for _ in 0..150 {
        let campaign = campaigns::get(client, id).await.unwrap();
        if campaign.status == status {
            return campaign;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("campaign {id} never reached {status:?}: {:?}", campaigns::get(client, id).await.unwrap().status);
}

fn in_a_day() -> String {
    (chrono::Local::now() + chrono::Duration::days(1)).format("%Y-%m-%d %H:%M:%S").to_string()
}

#[tokio::test]
async fn a_new_campaign_is_a_draft_and_a_launch_goes_through_moderation_to_sent() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann"), ("b@example.com", "Bob")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    let draft = campaigns::get(&client, id).await.unwrap();
    assert_eq!((draft.status, draft.list_id.0.clone()), (CampaignStatus::Draft, vec![list_id]));
    let allowance = campaign_desk_api::account::balance(&client).await.unwrap().limit_emails;
    campaigns::launch(&client, id).await.unwrap();
    let sent = wait_for(&client, id, CampaignStatus::Sent).await;
    assert_eq!(sent.emails_sent, 2);
    let left = campaign_desk_api::account::balance(&client).await.unwrap().limit_emails;
    assert_eq!(*left, *allowance - 2, "sent messages come off the allowance");
    let err = campaigns::update(&client, id, &CampaignContent { subject: Some("x".into()), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(21), "a sent campaign cannot be changed");
}

#[tokio::test]
async fn launching_checks_every_content_rule_with_its_code() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann")]).await;
    let cases: Vec<(CampaignContent, i64)> = vec![
        (CampaignContent { subject: Some(String::new()), ..ready(list_id) }, 14),
        (CampaignContent { from_name: Some(String::new()), ..ready(list_id) }, 15),
        (CampaignContent { from_email: Some("nobody".into()), ..ready(list_id) }, 13),
        (CampaignContent { html: Some(String::new()), ..ready(list_id) }, 17),
        (
            CampaignContent {
                html: Some("<p>No way out</p><!-- <a id=\"unsub_link\"></a> -->".into()),
                ..ready(list_id)
            },
            18,
        ),
        (CampaignContent { plain_text: Some("Hello, no link".into()), ..ready(list_id) }, 19),
    ];
    for (content, code) in cases {
        let id = campaigns::create(&client, &content).await.unwrap();
        let err = campaigns::launch(&client, id).await.unwrap_err();
        assert_eq!(err.code(), Some(code), "{content:?}");
        assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Draft, "the draft is kept");
    }
    let text_only =
        CampaignContent {
            html: Some(String::new()), plain_text: Some("Bye: %ОТПИСАТЬСЯ%".into()), ..ready(list_id)
        };
    let id = campaigns::create(&client, &text_only).await.unwrap();
    campaigns::launch(&client, id).await.unwrap();
}

#[tokio::test]
async fn scheduling_needs_a_future_delivery_time_and_can_be_taken_back() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    assert_eq!(campaigns::schedule(&client, id, "tomorrow").await.unwrap_err().code(), Some(16));
    assert_eq!(campaigns::schedule(&client, id, "2001-01-01 10:00:00").await.unwrap_err().code(), Some(16));
    let when = in_a_day();
    campaigns::schedule(&client, id, &when).await.unwrap();
    let scheduled = campaigns::get(&client, id).await.unwrap();
    assert_eq!((scheduled.status, scheduled.delivery_time.as_deref()), (CampaignStatus::Schedule, Some(when.as_str())));
    let err = campaigns::update(&client, id, &CampaignContent { subject: Some("x".into()), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(21), "a planned campaign's content is locked");
    campaigns::unschedule(&client, id).await.unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Draft);
}

#[tokio::test]
async fn a_scheduled_campaign_goes_out_when_its_time_comes() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann"), ("b@example.com", "Boris")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    assert!(!campaign_desk_api::sandbox::come_due(&client, id).await.unwrap(), "a draft has no time to come");
    campaigns::schedule(&client, id, &in_a_day()).await.unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Schedule, "it waits for its day");
    assert!(campaign_desk_api::sandbox::come_due(&client, id).await.unwrap());
    let sent = wait_for(&client, id, CampaignStatus::Sent).await;
    assert!(sent.delivery_time.as_deref() < Some(in_a_day().as_str()), "it went now: {:?}", sent.delivery_time);
}

#[tokio::test]
async fn gradual_sending_can_be_paused_and_resumed() {
    let (_sandbox, client) = common::sandbox().await;
    let people: Vec<(String, String)> = (0..5).map(|n| (format!("p{n}@example.com"), format!("P{n}"))).collect();
    let refs: Vec<(&str, &str)> = people.iter().map(|(e, n)| (e.as_str(), n.as_str())).collect();
    let list_id = list_with(&client, &refs).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    client.put(&["campaigns", &id.to_string()], json!({"limit": 2, "wait_time": 3600})).await.unwrap();
    campaigns::launch(&client, id).await.unwrap();
    let sending = wait_for(&client, id, CampaignStatus::Processing).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let sending = campaigns::get(&client, *sending.id).await.unwrap();
    assert_eq!((sending.status, *sending.emails_sent), (CampaignStatus::Processing, 2), "2 per hour");
    campaigns::pause(&client, id).await.unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Paused);
    assert_eq!(campaigns::pause(&client, id).await.unwrap_err().code(), Some(21));
    campaigns::resume(&client, id).await.unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Processing);
    assert_eq!(campaigns::delete(&client, id).await.unwrap_err().code(), Some(21), "no deleting while sending");
}

#[tokio::test]
async fn a_segment_decides_who_receives_it() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id =
        list_with(&client, &[("ann@example.com", "Ann"), ("bob@example.com", "Bob"), ("amy@example.org", "Amy")]).await;
    let segment =
        json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_1", "op": "starts", "value": "a"}]}});
    let id = campaigns::create(&client, &CampaignContent { esegment: Some(segment), ..ready(list_id) }).await.unwrap();
    campaigns::launch(&client, id).await.unwrap();
    assert_eq!(wait_for(&client, id, CampaignStatus::Sent).await.emails_sent, 2);
    let serialized = format!("a:1:{{i:{list_id};a:2:{{s:5:\"match\";s:3:\"any\";s:1:\"c\";a:1:{{i:0;a:3:{{s:5:\"field\";s:5:\"email\";s:2:\"op\";s:4:\"ends\";s:5:\"value\";s:4:\".org\";}}}}}}}}");
    let mut body = serde_json::to_value(ready(list_id)).unwrap();
    body["esegment"] = json!(serialized);
    let reply = client.post(&["campaigns"], body).await.unwrap();
    let id = reply.data["campaign_id"].as_i64().unwrap();
    campaigns::launch(&client, id).await.unwrap();
    assert_eq!(wait_for(&client, id, CampaignStatus::Sent).await.emails_sent, 1, "a PHP-serialized segment works too");
}

#[tokio::test]
async fn resend_copy_and_delete() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann"), ("b@example.com", "Bob")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    assert_eq!(
        campaigns::resend_unopened(&client, id, &CampaignContent::default()).await.unwrap_err().code(),
        Some(21)
    );
    campaigns::launch(&client, id).await.unwrap();
    wait_for(&client, id, CampaignStatus::Sent).await;
    let again = CampaignContent { subject: Some("Did you miss it?".into()), ..CampaignContent::default() };
    let resend = campaigns::resend_unopened(&client, id, &again).await.unwrap();
    let resent = wait_for(&client, resend, CampaignStatus::Sent).await;
    assert_eq!((*resent.emails_sent, resent.subject.as_deref()), (2, Some("Did you miss it?")));
    let copy = campaigns::copy(&client, id).await.unwrap();
    let copied = campaigns::get(&client, copy).await.unwrap();
    assert_eq!((copied.status, copied.name.as_deref()), (CampaignStatus::Draft, Some("Autumn beans (copy)")));
    campaigns::delete(&client, copy).await.unwrap();
    assert_eq!(campaigns::get(&client, copy).await.unwrap_err().code(), Some(22));
    let listed: Vec<i64> =
        campaigns::list(&client, &CampaignFilter::default()).await.unwrap().iter().map(|c| *c.id).collect();
    assert_eq!(listed, [resend, id], "newest first, deleted left out");
    let sent = CampaignFilter { status: Some(CampaignStatus::Sent), ..CampaignFilter::default() };
    assert_eq!(campaigns::list(&client, &sent).await.unwrap().len(), 2);
}

#[tokio::test]
async fn create_needs_existing_lists() {
    let (_sandbox, client) = common::sandbox().await;
    let err = campaigns::create(&client, &CampaignContent { list_ids: None, ..ready(0) }).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(3)));
    let err = campaigns::create(&client, &ready(404)).await.unwrap_err();
    assert_eq!(err.code(), Some(5));
    assert_eq!(campaigns::get(&client, 777).await.unwrap_err().code(), Some(22));
}

#[tokio::test]
async fn personalisation_fills_a_subscribers_variables() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("ann@example.com", "Ann")]).await;
    let member_id = members::get(&client, list_id, "ann@example.com").await.unwrap().id;
    let content = CampaignContent { subject: Some("For %EMAIL%".into()), ..ready(list_id) };
    let id = campaigns::create(&client, &content).await.unwrap();
    let personal = campaigns::personalized(&client, id, *member_id).await.unwrap();
    assert!(personal.html.0.unwrap().contains("Hello Ann"));
    assert_eq!(personal.subject.as_deref(), Some("For ann@example.com"));
}

#[tokio::test]
async fn attachments_by_address_and_folders() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    let file = tempfile::Builder::new().prefix("price-list-").suffix(".pdf").tempfile().unwrap();
    let path = file.path();
    std::fs::write(path, vec![7u8; 1234]).unwrap();
    let attachment =
        campaigns::attach(&client, id, &format!("file://{}", path.display()), Some("Prices.pdf")).await.unwrap();
    let mut size = 0;
    for _ in 0..500 {
        size = *campaigns::attachments(&client, id).await.unwrap()[0].size;
        if size > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(size, 1234);
    campaigns::delete_attachment(&client, id, attachment).await.unwrap();
    assert!(campaigns::attachments(&client, id).await.unwrap().is_empty());

    let folder = campaigns::move_to_folder(&client, id, &FolderRef::Named("Autumn".into())).await.unwrap();
    assert!(folder > 0);
    let folders = campaigns::folders(&client).await.unwrap();
    assert_eq!((folders[0].name.as_str(), *folders[0].count), ("Autumn", 1));
    assert_eq!(campaigns::get(&client, id).await.unwrap().folder_id, folder);
    assert_eq!(campaigns::move_to_folder(&client, id, &FolderRef::Id(999)).await.unwrap_err().code(), Some(4));
    campaigns::move_to_folder(&client, id, &FolderRef::Id(0)).await.unwrap();
    assert_eq!(campaigns::folders(&client).await.unwrap()[0].count, 0);
}

#[tokio::test]
async fn the_legacy_interface_runs_the_same_machine() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann")]).await;
    let mut params = serde_json::to_value(ready(list_id)).unwrap().as_object().cloned().unwrap();
    params.insert("list_id".into(), json!(format!("[{list_id}]")));
    let data = client.legacy("campaigns.create", params, false).await.unwrap();
    let id = data["campaign_id"].as_i64().unwrap();
    let mut launch = serde_json::Map::new();
    launch.insert("campaign_id".into(), json!(id));
    launch.insert("status".into(), json!("MODERATING"));
    client.legacy("campaigns.update", launch, false).await.unwrap();
    assert_eq!(wait_for(&client, id, CampaignStatus::Sent).await.emails_sent, 1);
}

#[tokio::test]
async fn estimate_preview_and_test_sends() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id =
        list_with(&client, &[("ann@example.com", "Ann"), ("bob@example.com", "Bob"), ("al@example.com", "Al")]).await;
    let segment =
        json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_1", "op": "starts", "value": "a"}]}});
    let id = campaigns::create(&client, &CampaignContent { esegment: Some(segment), ..ready(list_id) }).await.unwrap();
    assert_eq!(campaigns::estimate(&client, id).await.unwrap(), 2);
    let ann = members::get(&client, list_id, "ann@example.com").await.unwrap().id;
    let preview = campaigns::preview(&client, id, Some(*ann)).await.unwrap();
    assert!(preview.html.contains("Hello Ann"));
    assert!(campaigns::preview(&client, id, None).await.unwrap().html.contains("%NAME%"));
    assert_eq!(campaigns::send_test(&client, id, &["me@example.com", "you@example.com"]).await.unwrap(), 2);
    let outbox = client.get(&["sandbox", "outbox"], &[]).await.unwrap().data;
    assert_eq!(outbox[0]["subject"], "[Test] New harvest");
    let broken =
        campaigns::create(&client, &CampaignContent { html: Some("<p>x</p>".into()), ..ready(list_id) }).await.unwrap();
    assert_eq!(campaigns::send_test(&client, broken, &["me@example.com"]).await.unwrap_err().code(), Some(18));
    assert_eq!(campaigns::send_test(&client, id, &["nope"]).await.unwrap_err().code(), Some(6));
}

#[tokio::test]
async fn the_schedule_unschedule_and_send_paths_of_the_public_clients() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    let id_text = id.to_string();
    client.post(&["campaigns", &id_text, "schedule"], json!({"delivery_time": in_a_day()})).await.unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Schedule);
    client.post(&["campaigns", &id_text, "unschedule"], json!({})).await.unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().status, CampaignStatus::Draft);
    client.post(&["campaigns", &id_text, "send"], json!({})).await.unwrap();
    assert_eq!(wait_for(&client, id, CampaignStatus::Sent).await.emails_sent, 1);
}

#[tokio::test]
async fn the_sandbox_counts_every_request_to_launch_a_campaign_refused_ones_included() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = list_with(&client, &[("a@example.com", "Ann")]).await;
    let id = campaigns::create(&client, &ready(list_id)).await.unwrap();
    assert_eq!(campaign_desk_api::sandbox::launches(&client, id).await.unwrap(), 0, "a draft");
    campaigns::launch(&client, id).await.unwrap();
    assert_eq!(campaign_desk_api::sandbox::launches(&client, id).await.unwrap(), 1);
    assert!(campaigns::launch(&client, id).await.is_err(), "launched already");
    assert!(campaigns::schedule(&client, id, &in_a_day()).await.is_err());
    assert_eq!(campaign_desk_api::sandbox::launches(&client, id).await.unwrap(), 3, "refused ones count");
}

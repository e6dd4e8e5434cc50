//! Reports against a live sandbox whose readers are fast: a campaign goes
//! out, the simulator decides each message's fate from the seed, and every
//! report agrees with the others and with the subscribers' states.

use crate::common;

const RECIPIENTS: usize = 400;

use campaign_desk_api::members::{self, MemberQuery, MemberState};
use campaign_desk_api::reports::{self, EventQuery, RowMetric, Summary};
use campaign_desk_api::Client;

async fn count_rows(client: &Client, id: i64, metric: RowMetric) -> i64 {
    reports::rows(client, id, metric, None).page_size(150).collect_all().await.unwrap().len() as i64
}

#[tokio::test]
async fn every_report_agrees_with_the_summary_and_the_subscribers() {
    let (_sandbox, client) = common::fast_sandbox(7).await;
    let (id, list_id) = common::sent_campaign(&client, RECIPIENTS).await;
    let summary = reports::summary(&client, id).await.unwrap();
    assert_eq!(summary.sent, RECIPIENTS as i64);
    assert_eq!(*summary.delivered, *summary.sent - *summary.bounced);
    assert!(*summary.opened > 60 && *summary.opened < 300, "{summary:?}");
    assert!(*summary.clicks > 0 && *summary.clicks < *summary.opened, "{summary:?}");
    for (metric, expected) in [
        (RowMetric::Sent, summary.sent),
        (RowMetric::Delivered, summary.delivered),
        (RowMetric::Opened, summary.opened),
        (RowMetric::Clicked, summary.clicks),
        (RowMetric::Bounced, summary.bounced),
        (RowMetric::Unsubscribed, summary.unsubscribed),
    ] {
        assert_eq!(count_rows(&client, id, metric).await, expected, "{metric:?}");
    }
    let bounced = reports::rows(&client, id, RowMetric::Bounced, None).collect_all().await.unwrap();
    assert!(bounced.iter().all(|r| r.bounce_code.as_deref().is_some_and(|c| c.len() == 3)), "{bounced:?}");

    let per_link = reports::clicks_per_link(&client, id).await.unwrap();
    assert!(per_link.iter().all(|l| l.url.starts_with("https://northwind.example/")));
    let per_code: i64 = reports::bounces_per_code(&client, id).await.unwrap().iter().map(|b| *b.count).sum();
    assert_eq!(per_code, summary.bounced);
    let opens = EventQuery { event_type: Some("OPENED".into()), ..everything() };
    let open_events = reports::events(&client, id, &opens).unwrap().page_size(500).collect_all().await.unwrap();
    let places: i64 = reports::opens_per_place(&client, id).await.unwrap().values().sum();
    assert_eq!(places, open_events.len() as i64, "every open has a place");
    assert!(reports::opens_per_client(&client, id)
        .await
        .unwrap()
        .keys()
        .any(|k| matches!(k.as_str(), "win" | "mac" | "linux")));
    let domains = reports::per_domain(&client, id).await.unwrap();
    assert_eq!(domains.len(), 4);

    // States change on the sandbox's next tick after each event comes due.
    let query = MemberQuery { state: Some(MemberState::Unsubscribed), ..MemberQuery::default() };
    let mut unsubscribed = 0;
    for _ in 0..250 {
        unsubscribed = members::list(&client, list_id, &query).collect_all().await.unwrap().len() as i64;
        if unsubscribed == summary.unsubscribed {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(unsubscribed, summary.unsubscribed, "unsubscribes change the subscribers' state");
}

fn everything() -> EventQuery {
    EventQuery {
        from: Some("2000-01-01 00:00:00".into()),
        to: Some("2100-01-01 00:00:00".into()),
        ..EventQuery::default()
    }
}

#[tokio::test]
async fn events_page_filter_sort_and_carry_subscriber_fields() {
    let (_sandbox, client) = common::fast_sandbox(7).await;
    let (id, _) = common::sent_campaign(&client, RECIPIENTS).await;
    let all = reports::events(&client, id, &everything()).unwrap().page_size(300).collect_all().await.unwrap();
    let sent = all.iter().filter(|e| e.event_type == "SENT").count();
    assert_eq!(sent, RECIPIENTS);
    assert!(all.windows(2).all(|w| w[0].event_time <= w[1].event_time), "oldest first by default");
    let by_email = EventQuery { order: Some("email desc".into()), merge: vec!["optin_time".into()], ..everything() };
    let sorted = reports::events(&client, id, &by_email).unwrap().page_size(100).next_page().await.unwrap().unwrap();
    assert!(sorted.items.windows(2).all(|w| w[0].email >= w[1].email));
    assert!(sorted.items[0].extra.get("optin_time").and_then(|v| v.as_str()).is_some_and(|t| t.len() == 19));
    let one = EventQuery { email: Some("r5@mail1.example".into()), ..everything() };
    let theirs = reports::events(&client, id, &one).unwrap().collect_all().await.unwrap();
    assert!(!theirs.is_empty() && theirs.iter().all(|e| e.email == "r5@mail1.example"));
    let bad = EventQuery { order: Some("colour asc".into()), ..everything() };
    let err = reports::events(&client, id, &bad).unwrap().next_page().await.unwrap_err();
    assert_eq!(err.status(), Some(422));
    assert_eq!(reports::summary(&client, 9999).await.unwrap_err().code(), Some(22));
}

#[tokio::test]
async fn the_same_seed_gives_the_same_results_and_legacy_agrees() {
    let (_a, first) = common::fast_sandbox(21).await;
    let (_b, second) = common::fast_sandbox(21).await;
    let (id_a, _) = common::sent_campaign(&first, RECIPIENTS).await;
    let (id_b, _) = common::sent_campaign(&second, RECIPIENTS).await;
    let (a, b) = (reports::summary(&first, id_a).await.unwrap(), reports::summary(&second, id_b).await.unwrap());
    assert_eq!(a, b);
    let mut params = serde_json::Map::new();
    params.insert("campaign_id".into(), serde_json::json!(id_a));
    let legacy: Summary =
        serde_json::from_value(first.legacy("reports.summary", params.clone(), true).await.unwrap()).unwrap();
    assert_eq!(legacy, a);
    let err = first.legacy("reports.events", params, true).await.unwrap_err();
    assert_eq!(err.code(), Some(3), "the legacy events report requires merge");
}

#[tokio::test]
async fn a_resend_goes_only_to_those_who_did_not_open() {
    use campaign_desk_api::campaigns::{self, CampaignContent, CampaignStatus};
    let (_sandbox, client) = common::fast_sandbox(11).await;
    let (id, _) = common::sent_campaign(&client, RECIPIENTS).await;
    let summary = reports::summary(&client, id).await.unwrap();
    let resend = campaigns::resend_unopened(&client, id, &CampaignContent::default()).await.unwrap();
    let mut sent = 0;
    for _ in 0..200 {
        let campaign = campaigns::get(&client, resend).await.unwrap();
        if campaign.status == CampaignStatus::Sent {
            sent = *campaign.emails_sent;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(sent, *summary.sent - *summary.opened);
}

#[tokio::test]
async fn timeline_and_comparison_add_up_to_the_summary() {
    let (_sandbox, client) = common::fast_sandbox(13).await;
    let (id, _) = common::sent_campaign(&client, RECIPIENTS).await;
    let summary = reports::summary(&client, id).await.unwrap();
    let hours = reports::timeline(&client, id).await.unwrap();
    let opens = EventQuery { event_type: Some("OPENED".into()), ..everything() };
    let open_events =
        reports::events(&client, id, &opens).unwrap().page_size(500).collect_all().await.unwrap().len() as i64;
    assert_eq!(hours.iter().map(|h| *h.opened).sum::<i64>(), open_events);
    assert!(hours.windows(2).all(|w| w[0].hour < w[1].hour));
    let today = chrono_today();
    let reply = client
        .post(&["reports", "compare"], serde_json::json!({"periods": [{"start": "2000-01-01", "end": today}]}))
        .await
        .unwrap();
    assert_eq!(reply.data[0]["sent"], *summary.sent);
    assert_eq!(reply.data[0]["opened"], *summary.opened);
    assert_eq!(client.get(&["reports", &id.to_string(), "variants"], &[]).await.unwrap().data, serde_json::json!([]));
}

fn chrono_today() -> String {
    chrono::Local::now().format("%Y-%m-%d").to_string()
}

#[tokio::test]
async fn a_subscribers_activity_lists_their_events_newest_first() {
    let (_sandbox, client) = common::fast_sandbox(17).await;
    let (id, list_id) = common::sent_campaign(&client, 60).await;
    let opens = EventQuery { event_type: Some("OPENED".into()), ..everything() };
    let reader =
        reports::events(&client, id, &opens).unwrap().next_page().await.unwrap().unwrap().items[0].email.clone();
    let history = members::activity(&client, list_id, &reader).await.unwrap();
    let actions: Vec<&str> = history.iter().map(|a| a.action.as_str()).collect();
    assert!(actions.contains(&"campaign-sent") && actions.contains(&"campaign-opened"), "{actions:?}");
    assert_eq!(*actions.last().unwrap(), "campaign-sent", "newest first, so the send is last");
    assert!(history.windows(2).all(|w| w[0].action_time >= w[1].action_time));
    assert!(history.iter().all(|a| a.campaign_id == Some(id)));
}

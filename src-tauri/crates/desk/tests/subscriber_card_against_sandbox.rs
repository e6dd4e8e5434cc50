//! One subscriber's panel against a live sandbox on loopback: every field
//! of the record, every field of the list by its title, and their history.

use desk::lists::{self, Gender};
use desk::views::{ActivityAction, SubscriberState};

use crate::common::demo;

#[tokio::test]
async fn a_record_shows_every_field_the_service_keeps_and_its_fields_by_title() {
    let (_running, session) = crate::common::service::started("k").await;
    let list = lists::create(&session, "Клуб").await.unwrap();
    let mut member = api::members::NewMember {
        email: "vera@zerno.ru".into(),
        gender: Some("f".into()),
        region: Some(54),
        ..Default::default()
    };
    member.merges.set(2, "01234");
    api::members::add(session.client(), list, &member, Default::default()).await.unwrap();

    let card = lists::subscriber_card(&session, list, "vera@zerno.ru").await.unwrap();
    assert_eq!((card.email.as_str(), card.list_id, card.state), ("vera@zerno.ru", list, SubscriberState::Active));
    assert!(card.subscribed_at.is_some(), "{card:?}");
    assert_eq!(card.gender, Some(Gender::Female));
    assert_eq!(card.region, Some(54));
    let titles: Vec<&str> = card.fields.iter().map(|f| f.title.as_str()).collect();
    let listed: Vec<String> =
        lists::detail(&session, list).await.unwrap().fields.into_iter().map(|f| f.title).collect();
    assert_eq!(titles, listed, "every field of the list, in its order, empty ones too");
    let second = &card.fields[1];
    assert_eq!(second.value, "01234", "{second:?}");
    assert!(card.activity.is_empty() && !card.activity_unread, "nothing sent to her yet: {card:?}");

    let missing = lists::subscriber_card(&session, list, "nobody@zerno.ru").await;
    assert!(missing.is_err(), "no such record is said");
}

#[tokio::test]
async fn a_demo_subscriber_who_was_sent_campaigns_shows_what_they_did_newest_first() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("card").await;
    let newsletter = lists::all(&session).await.unwrap().into_iter().find(|l| l.name == "Newsletter").unwrap();
    let query: lists::SubscriberQuery = serde_json::from_value(
        serde_json::json!({"listId": newsletter.id, "start": 0, "limit": 200, "state": "active"}),
    )
    .unwrap();
    let rows = lists::subscribers(&session, &query).await.unwrap().rows;
    let mut shown = None;
    for row in rows {
        let card = lists::subscriber_card(&session, newsletter.id, &row.email).await.unwrap();
        if !card.activity.is_empty() {
            shown = Some(card);
            break;
        }
    }
    let card = shown.expect("an active subscriber of the demo was sent something");
    assert!(card.activity.iter().any(|a| a.action == ActivityAction::Sent), "{:?}", card.activity);
    assert!(card.activity.windows(2).all(|w| w[0].at >= w[1].at), "newest first: {:?}", card.activity);
    assert!(card.activity.iter().all(|a| a.at.is_some()));
}

//! Saved segments (`/segments…`, the public clients' paths) against a live
//! sandbox: made, read, changed, counted, applied to a member listing, and
//! the codes of what is refused.

use crate::common;

use campaign_desk_api::fields::{self, FieldDef, FieldKind};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::members::{self, AddOptions, MemberChanges, MemberQuery, MemberState, NewMember};
use campaign_desk_api::segments::{self, Counted};
use campaign_desk_api::Client;
use serde_json::{json, Value};

/// A list with a city field (merge_3) and a choice field (merge_4), and
/// five subscribers: three in Moscow, one of them unsubscribed.
async fn city_list(client: &Client) -> i64 {
    let id = lists::create(client, &NewList { name: "Readers".into(), ..NewList::default() }).await.unwrap();
    assert_eq!(fields::add(client, id, &FieldDef::text("City", "city")).await.unwrap(), 3);
    let roast = FieldDef {
        title: "Roast".into(),
        kind: FieldKind::Choice,
        required: false,
        var: "roast".into(),
        choices: vec!["Espresso".into(), "Filter".into()],
    };
    assert_eq!(fields::add(client, id, &roast).await.unwrap(), 4);
    let people = [
        ("anna@mail.ru", "Анна", "Москва"),
        ("boris@yandex.ru", "Борис", "москва"),
        ("clara@gmail.com", "Clara", "Riga"),
        ("dima@mail.ru", "Дима", "Москва"),
        ("emma@gmail.com", "Emma", ""),
    ];
    let batch: Vec<NewMember> = people
        .iter()
        .map(|(email, name, city)| {
            let mut m = NewMember { email: (*email).into(), ..NewMember::default() };
            m.merges.set(1, *name);
            if !city.is_empty() {
                m.merges.set(3, *city);
            }
            m
        })
        .collect();
    members::add_batch(client, id, &batch, AddOptions::default()).await.unwrap();
    members::unsubscribe(client, id, "dima@mail.ru").await.unwrap();
    id
}

fn in_city(list_id: i64, city: &str) -> Value {
    json!({ list_id.to_string(): {"match": "all", "c": [{"field": "merge_3", "op": "is", "value": city}]} })
}

#[tokio::test]
async fn a_segment_is_saved_read_renamed_changed_and_deleted() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = city_list(&client).await;
    let reply = client
        .post(&["segments"], json!({"list_id": list_id, "name": "Moscow", "esegment": in_city(list_id, "Москва")}))
        .await
        .unwrap();
    assert_eq!(reply.status, 201);
    let made = segments::create(&client, list_id, "Riga", &in_city(list_id, "Riga")).await.unwrap();
    assert_eq!((*made.list_id, made.name.as_str()), (list_id, "Riga"));
    assert_eq!(made.esegment, in_city(list_id, "Riga"));

    let all = segments::list(&client, None).await.unwrap();
    assert_eq!(all.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Moscow", "Riga"], "oldest first");
    let other = lists::create(&client, &NewList { name: "Other".into(), ..NewList::default() }).await.unwrap();
    assert!(segments::list(&client, Some(other)).await.unwrap().is_empty(), "only the list's own");
    assert_eq!(segments::list(&client, Some(list_id)).await.unwrap().len(), 2);

    let renamed = segments::update(&client, *made.id, Some("Рига"), None).await.unwrap();
    assert_eq!(
        (renamed.name.as_str(), &renamed.esegment),
        ("Рига", &in_city(list_id, "Riga")),
        "only the name changed"
    );
    let bare = json!({"match": "any", "c": [{"field": "email", "op": "ends", "value": "@gmail.com"}]});
    let changed = segments::update(&client, *made.id, None, Some(&bare)).await.unwrap();
    assert_eq!(changed.esegment, json!({ list_id.to_string(): bare }), "conditions are kept keyed by the list");
    assert_eq!(segments::get(&client, *made.id).await.unwrap(), changed);

    let deleted = client.delete(&["segments", &made.id.to_string()], None).await.unwrap();
    assert_eq!(deleted.status, 204);
    let err = segments::get(&client, *made.id).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(4)));
}

#[tokio::test]
async fn conditions_are_counted_saved_or_not_and_a_listing_pages_a_saved_one() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = city_list(&client).await;
    let moscow = in_city(list_id, "МОСКВА");
    let count = segments::count(&client, Counted::Conditions { list_id, esegment: &moscow }).await.unwrap();
    assert_eq!((*count.count, *count.active), (3, Some(2)), "case does not matter; one of three unsubscribed");
    let saved = segments::create(&client, list_id, "Moscow", &moscow).await.unwrap();
    let count = segments::count(&client, Counted::Saved(*saved.id)).await.unwrap();
    assert_eq!((*count.count, *count.active), (3, Some(2)));

    let query = MemberQuery { segment_id: Some(*saved.id), ..MemberQuery::default() };
    let found = members::list(&client, list_id, &query).page_size(2).collect_all().await.unwrap();
    let emails: Vec<&str> = found.iter().map(|m| m.email.as_str()).collect();
    assert_eq!(emails, ["anna@mail.ru", "boris@yandex.ru", "dima@mail.ru"], "every page of the segment, in order");
    let active = MemberQuery { state: Some(MemberState::Active), order: Some("email desc".into()), ..query.clone() };
    let found = members::list(&client, list_id, &active).collect_all().await.unwrap();
    assert_eq!(found.iter().map(|m| m.email.as_str()).collect::<Vec<_>>(), ["boris@yandex.ru", "anna@mail.ru"]);

    // The segment follows the members: a changed city moves one out.
    let mut changes = MemberChanges::default();
    changes.merges.set(3, "Kazan");
    members::update(&client, list_id, "boris@yandex.ru", &changes).await.unwrap();
    assert_eq!(*segments::count(&client, Counted::Saved(*saved.id)).await.unwrap().count, 2);
}

#[tokio::test]
async fn a_lists_segment_fields_are_the_address_and_its_own_fields_with_the_operators() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = city_list(&client).await;
    let offered = segments::fields(&client, list_id).await.unwrap();
    let names: Vec<&str> = offered.fields.iter().map(|f| f.field.as_str()).collect();
    assert_eq!(names, ["email", "merge_1", "merge_2", "merge_3", "merge_4"]);
    assert_eq!(offered.fields[3].title.as_deref(), Some("City"));
    assert_eq!(offered.fields[4].kind.as_deref(), Some("choice"));
    assert_eq!(offered.fields[4].choices, ["Espresso", "Filter"]);
    assert_eq!(offered.operators, ["is", "is not", "contains", "notcontain", "starts", "ends", "greater", "less"]);
}

#[tokio::test]
async fn what_is_refused_carries_the_services_codes() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = city_list(&client).await;
    let code = |err: campaign_desk_api::Error| (err.status(), err.code());

    let unnamed = client.post(&["segments"], json!({"list_id": list_id, "esegment": in_city(list_id, "Riga")}));
    assert_eq!(code(unnamed.await.unwrap_err()), (Some(422), Some(3)));
    let bad_op = json!({"match": "all", "c": [{"field": "merge_3", "op": "like", "value": "R"}]});
    assert_eq!(code(segments::create(&client, list_id, "x", &bad_op).await.unwrap_err()), (Some(422), Some(2)));
    let bad_field = json!({"c": [{"field": "phone", "op": "is", "value": "1"}]});
    assert_eq!(code(segments::create(&client, list_id, "x", &bad_field).await.unwrap_err()), (Some(422), Some(2)));
    let elsewhere = in_city(list_id + 1, "Riga");
    assert_eq!(code(segments::create(&client, list_id, "x", &elsewhere).await.unwrap_err()), (Some(422), Some(2)));
    let nothing = json!({"match": "all", "c": []});
    assert_eq!(code(segments::create(&client, list_id, "x", &nothing).await.unwrap_err()), (Some(422), Some(2)));
    let no_list = segments::create(&client, 999, "x", &in_city(999, "Riga")).await.unwrap_err();
    assert_eq!(code(no_list), (Some(404), Some(5)));

    assert_eq!(code(segments::get(&client, 404).await.unwrap_err()), (Some(404), Some(4)));
    assert_eq!(code(segments::update(&client, 404, Some("x"), None).await.unwrap_err()), (Some(404), Some(4)));
    assert_eq!(code(segments::delete(&client, 404).await.unwrap_err()), (Some(404), Some(4)));
    assert_eq!(code(segments::count(&client, Counted::Saved(404)).await.unwrap_err()), (Some(404), Some(4)));
    assert_eq!(code(segments::fields(&client, 999).await.unwrap_err()), (Some(404), Some(5)));
    assert_eq!(code(segments::list(&client, Some(999)).await.unwrap_err()), (Some(404), Some(5)));
    let unsent = client.post(&["segments", "count"], json!({"list_id": list_id}));
    assert_eq!(code(unsent.await.unwrap_err()), (Some(422), Some(3)));

    let saved = segments::create(&client, list_id, "Riga", &in_city(list_id, "Riga")).await.unwrap();
    assert_eq!(code(segments::update(&client, *saved.id, None, None).await.unwrap_err()), (Some(422), Some(11)));
    let path = ["segments".to_string(), saved.id.to_string()];
    let moved = client.put(&path, json!({"list_id": list_id + 1, "name": "y"})).await.unwrap_err();
    assert_eq!(code(moved), (Some(422), Some(2)));
    let other = lists::create(&client, &NewList { name: "Other".into(), ..NewList::default() }).await.unwrap();
    let query = MemberQuery { segment_id: Some(*saved.id), ..MemberQuery::default() };
    let err = members::list(&client, other, &query).next_page().await.unwrap_err();
    assert_eq!(code(err), (Some(422), Some(2)), "a segment applies to its own list only");
    let query = MemberQuery { segment_id: Some(404), ..MemberQuery::default() };
    assert_eq!(code(members::list(&client, list_id, &query).next_page().await.unwrap_err()), (Some(404), Some(4)));
}

#[tokio::test]
async fn deleting_a_list_takes_its_segments_with_it() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = city_list(&client).await;
    segments::create(&client, list_id, "Moscow", &in_city(list_id, "Москва")).await.unwrap();
    lists::delete(&client, list_id).await.unwrap();
    assert!(segments::list(&client, None).await.unwrap().is_empty());
}

//! Every list operation of the client against a live sandbox, with the
//! documented error codes.

use crate::common;

use campaign_desk_api::fields::{FieldDef, FieldKind};
use campaign_desk_api::lists::{self, ListChanges, ListContact, ListState, NewList};
use campaign_desk_api::{ApiKey, Client, Error};
use serde_json::json;

fn named(name: &str) -> NewList {
    NewList { name: name.into(), ..NewList::default() }
}

#[tokio::test]
async fn no_lists_is_404_code_4_and_an_empty_result() {
    let (_sandbox, client) = common::sandbox().await;
    let err = client.get(&["lists"], &[]).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(4)));
    assert!(lists::list(&client, None).await.unwrap().is_empty());
}

#[tokio::test]
async fn create_answers_201_and_lists_come_newest_first() {
    let (_sandbox, client) = common::sandbox().await;
    let reply = client.post(&["lists"], json!({"name": "First"})).await.unwrap();
    assert_eq!(reply.status, 201);
    let second = lists::create(&client, &named("Second")).await.unwrap();
    let all = lists::list(&client, None).await.unwrap();
    let names: Vec<&str> = all.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Second", "First"]);
    assert_eq!(all[0].id, second);
    assert_eq!(all[0].state, ListState::Active);
    assert!(all[0].creation_date.as_deref().is_some_and(|d| d.len() == 19), "{:?}", all[0].creation_date);
}

#[tokio::test]
async fn create_without_name_is_422_code_3() {
    let (_sandbox, client) = common::sandbox().await;
    let err = lists::create(&client, &named("")).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(3)));
}

#[tokio::test]
async fn a_field_var_over_10_characters_is_500_code_59() {
    let (_sandbox, client) = common::sandbox().await;
    let list = NewList { fields: Some(vec![FieldDef::text("Loyalty", "loyaltylevel")]), ..named("L") };
    let err = lists::create(&client, &list).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(500), Some(59)));
}

#[tokio::test]
async fn a_bad_abuse_email_is_422_code_6_on_create_and_update() {
    let (_sandbox, client) = common::sandbox().await;
    let contact = ListContact { abuse_email: "not-an-address".into(), ..ListContact::default() };
    let err = lists::create(&client, &NewList { contact: contact.clone(), ..named("L") }).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(6)));
    let id = lists::create(&client, &named("L")).await.unwrap();
    let err = lists::update(&client, id, &ListChanges { name: None, contact }).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(6)));
}

#[tokio::test]
async fn first_list_gets_first_and_last_name_and_later_lists_copy_the_default() {
    let (_sandbox, client) = common::sandbox().await;
    let first = lists::create(&client, &named("Default")).await.unwrap();
    let titles = |l: &lists::List| l.fields().into_iter().map(|f| f.def.title).collect::<Vec<_>>();
    let default = lists::get(&client, first).await.unwrap();
    assert_eq!(titles(&default), ["First name", "Last name"]);
    campaign_desk_api::fields::add(&client, first, &FieldDef::text("City", "city")).await.unwrap();
    let second = lists::create(&client, &named("Copy")).await.unwrap();
    assert_eq!(titles(&lists::get(&client, second).await.unwrap()), ["First name", "Last name", "City"]);
    let own = NewList { fields: Some(vec![FieldDef::text("Company", "company")]), ..named("Own") };
    let third = lists::create(&client, &own).await.unwrap();
    assert_eq!(titles(&lists::get(&client, third).await.unwrap()), ["Company"]);
}

#[tokio::test]
async fn contact_data_defaults_and_update_changes_only_what_was_sent() {
    let (_sandbox, client) = common::sandbox().await;
    let contact = ListContact { company: "Acme".into(), city: "Riga".into(), ..ListContact::default() };
    let id = lists::create(&client, &NewList { contact, ..named("Old name") }).await.unwrap();
    lists::update(&client, id, &ListChanges { name: Some("New name".into()), ..ListChanges::default() }).await.unwrap();
    let list = lists::get(&client, id).await.unwrap();
    assert_eq!(list.name, "New name");
    assert_eq!(list.contact.company.as_deref(), Some("Acme"));
    assert_eq!(list.contact.city.as_deref(), Some("Riga"));
}

#[tokio::test]
async fn missing_lists_are_404_code_5_on_update_and_delete_and_code_4_on_get() {
    let (_sandbox, client) = common::sandbox().await;
    lists::create(&client, &named("Exists")).await.unwrap();
    let err =
        lists::update(&client, 999, &ListChanges { name: Some("x".into()), ..Default::default() }).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(5)));
    let err = lists::delete(&client, 999).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(5)));
    let err = lists::get(&client, 999).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(404), Some(4)));
}

#[tokio::test]
async fn delete_answers_204_with_an_empty_body_and_the_list_is_gone() {
    let (_sandbox, client) = common::sandbox().await;
    let keep = lists::create(&client, &named("Keep")).await.unwrap();
    let gone = lists::create(&client, &named("Gone")).await.unwrap();
    let reply = client.delete(&["lists", &gone.to_string()], None).await.unwrap();
    assert_eq!((reply.status, reply.data), (204, serde_json::Value::Null));
    let ids: Vec<i64> = lists::list(&client, None).await.unwrap().iter().map(|l| *l.id).collect();
    assert_eq!(ids, [keep]);
}

#[tokio::test]
async fn state_filter_selects_lists() {
    let (_sandbox, client) = common::sandbox().await;
    lists::create(&client, &named("Active one")).await.unwrap();
    assert_eq!(lists::list(&client, Some(ListState::Active)).await.unwrap().len(), 1);
    assert!(lists::list(&client, Some(ListState::Archived)).await.unwrap().is_empty());
}

#[tokio::test]
async fn fields_are_added_changed_and_removed() {
    let (_sandbox, client) = common::sandbox().await;
    use campaign_desk_api::fields;
    let id = lists::create(&client, &NewList { fields: Some(vec![]), ..named("F") }).await.unwrap();
    let size = FieldDef {
        title: "Size".into(),
        kind: FieldKind::Choice,
        required: true,
        var: "size".into(),
        choices: vec!["S".into(), "M".into(), "L".into()],
    };
    let merge_id = fields::add(&client, id, &size).await.unwrap();
    assert_eq!(merge_id, 1);
    let stored = lists::get(&client, id).await.unwrap().fields();
    assert_eq!(stored[0].def, size);
    let renamed = FieldDef { title: "T-shirt size".into(), ..size };
    fields::update(&client, id, merge_id, &renamed).await.unwrap();
    assert_eq!(lists::get(&client, id).await.unwrap().fields()[0].def.title, "T-shirt size");
    let err = fields::add(&client, id, &FieldDef::text("Too long", "abcdefghijk")).await.unwrap_err();
    assert_eq!(err.code(), Some(59));
    fields::delete(&client, id, merge_id).await.unwrap();
    assert!(lists::get(&client, id).await.unwrap().fields().is_empty());
    let err = fields::delete(&client, id, merge_id).await.unwrap_err();
    assert_eq!(err.status(), Some(404));
}

#[tokio::test]
async fn a_wrong_key_is_refused_with_401_and_an_error_body() {
    let (sandbox, _client) = common::sandbox().await;
    let wrong = Client::new(&sandbox.base_url(), ApiKey::new("wrong")).unwrap();
    match lists::list(&wrong, None).await.unwrap_err() {
        Error::Service(e) => {
            assert_eq!((e.status, e.code), (401, 1000));
            assert!(!e.message.is_empty());
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn the_key_is_accepted_as_a_query_parameter_too() {
    let (sandbox, _client) = common::sandbox().await;
    let url = format!("{}/account/balance?api_key={}", sandbox.base_url(), common::KEY);
    let body: serde_json::Value = reqwest::get(url).await.unwrap().json().await.unwrap();
    assert_eq!(body["response"]["msg"]["err_code"], 0);
}

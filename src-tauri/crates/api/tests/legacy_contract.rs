//! The legacy transport: same logic, HTTP 200 always, errors in `msg`.

use crate::common;

use campaign_desk_api::Error;
use serde_json::{json, Map, Value};

fn params(v: Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap()
}

#[tokio::test]
async fn legacy_calls_share_the_service_with_v2() {
    let (_sandbox, client) = common::sandbox().await;
    let data = client.legacy("lists.add", params(json!({"name": "Legacy list"})), false).await.unwrap();
    let list_id = data["list_id"].as_i64().unwrap();
    let lists = campaign_desk_api::lists::list(&client, None).await.unwrap();
    assert_eq!(lists[0].id, list_id);
    let rows = client.legacy("lists.get", params(json!({"list_id": list_id})), true).await.unwrap();
    assert!(rows[0]["merge_1"].as_str().unwrap().starts_with("a:4:{"), "legacy sends serialized arrays");
    assert!(rows[0]["count"].is_array());
}

#[tokio::test]
async fn legacy_errors_decode_into_the_same_error_with_status_200() {
    let (_sandbox, client) = common::sandbox().await;
    match client.legacy("lists.update", params(json!({"list_id": 77, "name": "x"})), false).await {
        Err(Error::Service(e)) => assert_eq!((e.status, e.code), (200, 5)),
        other => panic!("expected code 5, got {other:?}"),
    }
    let err = client.legacy("lists.no_such_method", Map::new(), true).await.unwrap_err();
    assert_eq!(err.code(), Some(1001));
}

#[tokio::test]
async fn the_older_text_batch_form_is_accepted() {
    let (sandbox, client) = common::sandbox().await;
    let list_id = campaign_desk_api::lists::create(
        &client,
        &campaign_desk_api::lists::NewList { name: "B".into(), ..Default::default() },
    )
    .await
    .unwrap();
    let url = format!(
        "http://{}/?method=lists.add_member_batch&api_key={}&list_id={list_id}&batch=a%40x.com,Ann;b%40x.com,Bob;&format=json",
        sandbox.addr,
        common::KEY
    );
    let body: Value = reqwest::get(url).await.unwrap().json().await.unwrap();
    assert_eq!(body["response"]["msg"]["err_code"], 0, "{body}");
    let bob = campaign_desk_api::members::get(&client, list_id, "b@x.com").await.unwrap();
    assert_eq!(bob.merges.get(1), Some("Bob"));
}

//! The account's lists and campaigns are read once for the screens that
//! name them: the inbox's filters take the listing the lists screen or the
//! campaigns table read, and a change the app makes (a list or a campaign
//! created) has them read again, with what changed in them. Counted by the
//! sandbox's request log, through the commands as the page calls them.

use desk::command::Cx;
use serde_json::{json, Value};

use crate::common::cx::cx;
use crate::common::demo;

async fn call(cx: &Cx<'_>, name: &str, arguments: Value) -> Value {
    let command = desk::registry::commands().find(|c| c.name == name).expect("a command of that name");
    command.call(cx, arguments).await.unwrap_or_else(|err| panic!("{name}: {err}"))
}

/// What the service was asked since the last look; the log starts afresh.
async fn asked(session: &desk::Session) -> Vec<String> {
    let reply = session.client().get(&["sandbox", "requests"], &[]).await.unwrap();
    let records: Vec<Value> = reply.decode().unwrap();
    session.client().delete(&["sandbox", "requests"], None).await.unwrap();
    records.iter().map(|r| r["path"].as_str().unwrap_or_default().to_string()).collect()
}

fn names(sources: &Value, of: &str) -> Vec<String> {
    sources[of].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_inbox_names_what_the_lists_and_campaigns_screens_read_until_the_app_changes_them() {
    let demo::Demo { desk, session, dir: _dir } = demo::open("listings").await;
    let cx = cx(&desk);
    asked(&session).await;

    call(&cx, "list_lists", json!({})).await;
    call(&cx, "list_campaigns", json!({})).await;
    let mut shown = asked(&session).await;
    shown.sort();
    assert_eq!(shown, ["/v2/campaigns", "/v2/campaigns/folders", "/v2/lists"]);
    let before = call(&cx, "reply_sources", json!({})).await;
    assert_eq!(asked(&session).await, Vec::<String>::new(), "the inbox's filters read nothing the screens had read");

    // A list made in the app: the inbox's filters read the lists again, and offer it.
    let list_id = call(&cx, "create_list", json!({"name": "Осенняя распродажа"})).await;
    asked(&session).await;
    let after = call(&cx, "reply_sources", json!({})).await;
    assert_eq!(asked(&session).await, ["/v2/lists"]);
    assert!(!names(&before, "lists").contains(&"Осенняя распродажа".to_string()));
    assert!(names(&after, "lists").contains(&"Осенняя распродажа".to_string()));

    // A campaign made in the app: the campaigns are read again (it has not gone out, so
    // the filters do not offer it); the lists are not.
    call(&cx, "create_campaign", json!({"name": "Черновик", "listId": list_id})).await;
    asked(&session).await;
    call(&cx, "reply_sources", json!({})).await;
    assert_eq!(asked(&session).await, ["/v2/campaigns"]);

    // A failed change forgets them too: it may have been carried out in part.
    let command = desk::registry::commands().find(|c| c.name == "create_list").unwrap();
    assert!(command.call(&cx, json!({"name": ""})).await.is_err());
    call(&cx, "reply_sources", json!({})).await;
    assert_eq!(asked(&session).await, ["/v2/lists"]);
}

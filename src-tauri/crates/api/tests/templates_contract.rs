//! HTML templates and saved templates against a live sandbox.

use crate::common;

use campaign_desk_api::campaigns::{self, CampaignContent, CampaignStatus};
use campaign_desk_api::lists::{self, NewList};
use campaign_desk_api::templates::{self, TemplateFilter};

const LAYOUT: &str = r#"<h1>Hi</h1><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a>"#;

#[tokio::test]
async fn an_empty_html_store_is_normal_and_missing_templates_are_code_28() {
    let (_sandbox, client) = common::sandbox().await;
    assert!(templates::html_templates(&client, &TemplateFilter::default()).await.unwrap().is_empty());
    let err = templates::html_template(&client, 1).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(500), Some(28)));
    assert_eq!(templates::update_html_template(&client, 1, Some("x"), None).await.unwrap_err().code(), Some(28));
    assert_eq!(templates::delete(&client, 1).await.unwrap_err().code(), Some(28));
}

#[tokio::test]
async fn html_templates_are_read_changed_used_and_deleted() {
    let (_sandbox, client) = common::demo_sandbox().await;
    let all = templates::html_templates(&client, &TemplateFilter::default()).await.unwrap();
    let names: Vec<&str> = all.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Product announcement", "Classic newsletter"], "newest first");
    let classic = &all[1];
    let by_name = TemplateFilter { name: Some("Classic newsletter".into()), ..TemplateFilter::default() };
    assert_eq!(templates::html_templates(&client, &by_name).await.unwrap()[0].id, classic.id);
    assert_eq!(templates::update_html_template(&client, *classic.id, None, None).await.unwrap_err().code(), Some(11));
    templates::update_html_template(&client, *classic.id, Some("Monthly letter"), None).await.unwrap();
    let changed = templates::html_template(&client, *classic.id).await.unwrap();
    assert_eq!((changed.name.as_str(), changed.html.as_str()), ("Monthly letter", classic.html.as_str()));

    let list_id = lists::list(&client, None).await.unwrap()[0].id;
    let from_template = CampaignContent {
        list_ids: Some(vec![*list_id]),
        html: Some(classic.id.to_string()),
        ..CampaignContent::default()
    };
    let campaign = campaigns::create(&client, &from_template).await.unwrap();
    templates::delete(&client, *classic.id).await.unwrap();
    let html = campaigns::get(&client, campaign).await.unwrap().html.0.unwrap();
    assert_eq!(html, classic.html, "a campaign keeps its layout when the template goes");
    let missing = CampaignContent { html: Some(classic.id.to_string()), ..from_template };
    assert_eq!(campaigns::create(&client, &missing).await.unwrap_err().code(), Some(28));
}

#[tokio::test]
async fn saved_templates_are_campaigns_in_status_template() {
    let (_sandbox, client) = common::sandbox().await;
    let list_id = lists::create(&client, &NewList { name: "L".into(), ..NewList::default() }).await.unwrap();
    let id = templates::save_layout(&client, "Spring layout", LAYOUT).await.unwrap();
    let saved = templates::saved(&client, &TemplateFilter::default()).await.unwrap();
    assert_eq!((*saved[0].id, saved[0].name.as_str()), (id, "Spring layout"));
    let as_campaign = campaigns::get(&client, id).await.unwrap();
    assert_eq!((as_campaign.status, as_campaign.html.as_deref()), (CampaignStatus::Template, Some(LAYOUT)));
    assert!(
        campaigns::list(&client, &Default::default()).await.unwrap().is_empty(),
        "templates are not campaigns in listings"
    );
    assert_eq!(campaigns::launch(&client, id).await.unwrap_err().code(), Some(21), "a template is never sent");

    let content = CampaignContent {
        list_ids: Some(vec![list_id]),
        html: Some(format!("tmpl{id}")),
        ..CampaignContent::default()
    };
    let campaign = campaigns::create(&client, &content).await.unwrap();
    campaigns::update(&client, id, &CampaignContent { html: Some("<p>changed</p>".into()), ..Default::default() })
        .await
        .unwrap();
    assert_eq!(campaigns::get(&client, id).await.unwrap().html.as_deref(), Some("<p>changed</p>"));
    assert_eq!(campaigns::get(&client, campaign).await.unwrap().html.as_deref(), Some(LAYOUT), "copied, not linked");

    let from_campaign = templates::save_campaign(&client, "From campaign", campaign).await.unwrap();
    assert_eq!(campaigns::get(&client, from_campaign).await.unwrap().html.as_deref(), Some(LAYOUT));
    assert_eq!(templates::save_campaign(&client, "Ghost", 999).await.unwrap_err().code(), Some(22));
    let err = client.post(&["templates"], serde_json::json!({"template": LAYOUT})).await.unwrap_err();
    assert_eq!((err.status(), err.code()), (Some(422), Some(3)));

    templates::delete(&client, id).await.unwrap();
    let left: Vec<i64> =
        templates::saved(&client, &TemplateFilter::default()).await.unwrap().iter().map(|t| *t.id).collect();
    assert_eq!(left, [from_campaign]);
}

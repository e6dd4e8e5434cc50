//! The Templates area against the demo sandbox on loopback: both stores
//! listed with their layouts; a template from a layout and from a
//! campaign, renamed, its layout changed, a campaign made from it, and
//! deleted with the campaign keeping its layout.

use desk::campaigns;
use desk::templates::{self, TemplateKind, TemplateSource};

use crate::common::demo;

#[tokio::test(flavor = "multi_thread")]
async fn templates_are_made_renamed_edited_used_and_deleted() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("templates").await;
    let before = templates::all(&session).await.unwrap();
    for kind in [TemplateKind::Saved, TemplateKind::Html] {
        assert!(before.iter().any(|t| t.kind == kind && !t.html.is_empty()), "a {kind:?} one with its layout");
    }
    assert!(before.iter().all(|t| !t.preview.html.contains("<script")), "previews are cleaned");

    let layout = r#"<h1>Осень</h1><img src="https://cdn.example/a.png" alt="кофе"><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#;
    let source = TemplateSource::Layout { html: layout.into() };
    let id = templates::create(&session, "  Осенний ", &source).await.unwrap();
    let made =
        templates::all(&session).await.unwrap().into_iter().find(|t| t.id == id && t.kind == TemplateKind::Saved);
    let made = made.expect("listed among the saved ones");
    assert_eq!((made.name.as_str(), made.html.as_str()), ("Осенний", layout));
    assert_eq!(made.preview.held_images, 1, "the thumbnail holds remote images");

    let sent = campaigns::all(&session).await.unwrap().campaigns.into_iter().find(|c| c.sent > 0).unwrap();
    let from_campaign =
        templates::create(&session, "Из рассылки", &TemplateSource::Campaign { campaign_id: sent.id }).await.unwrap();
    let campaign_html = campaigns::open(&session, sent.id).await.unwrap().saved.html;
    let copied = templates::all(&session).await.unwrap().into_iter().find(|t| t.id == from_campaign).unwrap();
    assert_eq!(copied.html, campaign_html);

    templates::rename(&session, TemplateKind::Saved, id, "Осень 2026").await.unwrap();
    let changed = format!("{layout}<p>Новое</p>");
    templates::save_layout(&session, TemplateKind::Saved, id, &changed).await.unwrap();
    let html_one = before.iter().find(|t| t.kind == TemplateKind::Html).unwrap();
    templates::rename(&session, TemplateKind::Html, html_one.id, "Классика").await.unwrap();
    let now = templates::all(&session).await.unwrap();
    let edited = now.iter().find(|t| t.id == id && t.kind == TemplateKind::Saved).unwrap();
    assert_eq!((edited.name.as_str(), edited.html.as_str()), ("Осень 2026", changed.as_str()));
    let renamed = now.iter().find(|t| t.id == html_one.id && t.kind == TemplateKind::Html).unwrap();
    assert_eq!((renamed.name.as_str(), renamed.html.as_str()), ("Классика", html_one.html.as_str()));

    let list_id = campaigns::open(&session, sent.id).await.unwrap().context.lists[0].id;
    let campaign = templates::new_campaign(&session, TemplateKind::Saved, id, "Осенняя", list_id).await.unwrap();
    let from_html =
        templates::new_campaign(&session, TemplateKind::Html, html_one.id, "Классика", list_id).await.unwrap();
    assert_eq!(campaigns::open(&session, from_html).await.unwrap().saved.html, html_one.html);
    templates::delete(&session, TemplateKind::Saved, id).await.unwrap();
    let after = templates::all(&session).await.unwrap();
    assert!(!after.iter().any(|t| t.id == id && t.kind == TemplateKind::Saved), "deleted");
    assert!(after.iter().any(|t| t.id == html_one.id && t.kind == TemplateKind::Html), "the other store untouched");
    let kept = campaigns::open(&session, campaign).await.unwrap().saved;
    assert_eq!(
        (kept.name.as_str(), kept.html.as_str()),
        ("Осенняя", changed.as_str()),
        "the campaign keeps its layout"
    );
    assert_eq!(
        templates::rename(&session, TemplateKind::Saved, id, " ").await,
        Err(desk::DeskError::Required { field: desk::templates::Field::TemplateName.into() })
    );
}

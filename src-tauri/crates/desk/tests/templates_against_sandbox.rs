//! The Templates area against the demo sandbox on loopback: both stores
//! listed with their layouts; a template from a layout and from a
//! campaign, renamed, its layout changed, a campaign made from it, and
//! deleted with the campaign keeping its layout.

use desk::campaigns;
use desk::templates::{self, TemplateKind, TemplateSource};

use crate::common::{demo, letters};

#[tokio::test(flavor = "multi_thread")]
async fn templates_are_made_renamed_edited_used_and_deleted() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("templates").await;
    let before = templates::all(&session).await.unwrap();
    for kind in [TemplateKind::Saved, TemplateKind::Html] {
        assert!(before.iter().any(|t| t.kind == kind && !t.html.is_empty()), "a {kind:?} one with its layout");
    }
    assert!(before.iter().all(|t| !t.preview.html.contains("<script")), "previews are cleaned");

    let layout = r#"<h1>Осень</h1><img src="https://cdn.example/a.png" alt="кофе"><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#;
    let source = TemplateSource::Layout { html: layout.into(), blocks: None };
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
    templates::save_layout(&session, TemplateKind::Saved, id, &changed, None).await.unwrap();
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

/// A template made of blocks keeps them: listed as blocks, saved as blocks
/// (rendered here), and a campaign made from it opens as the same blocks.
#[tokio::test(flavor = "multi_thread")]
async fn a_template_made_of_blocks_keeps_them_into_a_campaign() {
    let demo::Demo { session, desk: _desk, dir: _dir } = demo::open("templates-blocks").await;
    let letter = letters::greeting("Здравствуйте, ");
    let source = TemplateSource::Layout { html: String::new(), blocks: Some(Box::new(letter.clone())) };
    let id = templates::create(&session, "Блоки", &source).await.unwrap();
    let listed = templates::all(&session).await.unwrap().into_iter().find(|t| t.id == id).unwrap();
    assert_eq!((listed.blocks.as_ref(), listed.html.as_str()), (Some(&letter), ""), "listed as its blocks");
    assert!(
        listed.preview.html.contains("Здравствуйте") && listed.preview.html.contains("<table"),
        "its preview is the rendered letter"
    );

    let changed = letters::greeting("Добрый день, ");
    templates::save_layout(&session, TemplateKind::Saved, id, "", Some(&changed)).await.unwrap();
    let saved = templates::all(&session).await.unwrap().into_iter().find(|t| t.id == id).unwrap();
    assert_eq!((saved.blocks.as_ref(), saved.blocks_edited_elsewhere), (Some(&changed), false));

    let sent = campaigns::all(&session).await.unwrap().campaigns.into_iter().find(|c| c.sent > 0).unwrap();
    let list_id = campaigns::open(&session, sent.id).await.unwrap().context.lists[0].id;
    let campaign = templates::new_campaign(&session, TemplateKind::Saved, id, "Из блоков", list_id).await.unwrap();
    assert_eq!(campaigns::open(&session, campaign).await.unwrap().saved.blocks, Some(changed), "opens as blocks");

    let empty = TemplateSource::Layout { html: " ".into(), blocks: None };
    assert_eq!(
        templates::create(&session, "Пустой", &empty).await,
        Err(desk::DeskError::Required { field: desk::templates::Field::TemplateLayout.into() })
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_html_templates_layout_whose_answer_was_lost_is_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let serve = |faults| {
        sandbox::start(sandbox::Config {
            db: Some(db.clone()),
            demo: true,
            faults,
            ..sandbox::Config::new(crate::common::lost_answers::KEY)
        })
    };
    let healthy = serve(Default::default()).await.unwrap();
    let html = templates::all(&crate::common::lost_answers::session(&healthy))
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.kind == TemplateKind::Html)
        .expect("an HTML template");
    healthy.stop().await;

    let losing = serve(crate::common::lost_answers::applied_then_dropped()).await.unwrap();
    let changed = format!("{}<p>Зимнее меню</p>", html.html);
    templates::save_layout(&crate::common::lost_answers::session(&losing), TemplateKind::Html, html.id, &changed, None)
        .await
        .expect("read back as saved");
    losing.stop().await;

    let healthy = serve(Default::default()).await.unwrap();
    let now = api::templates::html_template(crate::common::lost_answers::session(&healthy).client(), html.id).await;
    assert_eq!(now.unwrap().html.0, changed);
}

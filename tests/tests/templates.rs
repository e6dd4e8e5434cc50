//! The Templates area of the demo workspace: both stores with thumbnails; a
//! template from a campaign's layout, its layout edited, a campaign made
//! from it, and a delete that asks first.

use e2e::App;

const CARD: &str = "[data-testid=template-card]";

#[tokio::test]
async fn a_template_is_made_from_a_campaign_edited_used_and_deleted() {
    let mut app = App::launch("templates").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-templates]", CARD).await;
    let kinds = "return [...document.querySelectorAll('[data-testid=template-card]')].map(c => c.dataset.kind)";
    let kinds = app.script(kinds).await;
    assert!(kinds.as_array().unwrap().iter().any(|k| k == "saved"), "{kinds}");
    assert!(kinds.as_array().unwrap().iter().any(|k| k == "html"), "{kinds}");
    let frames =
        app.wait_count(&format!("{CARD} [data-testid=template-thumbnail]"), "a thumbnail each", |n| n > 0).await;
    assert_eq!(frames.len(), kinds.as_array().unwrap().len());
    app.screenshot("templates").await;

    app.click_to_show("[data-testid=new-template]", "[data-testid=new-template-name]").await;
    app.type_into("[data-testid=new-template-name]", "Coffee club box").await;
    app.click("[data-testid=template-from-campaign]").await;
    app.choose("[data-testid=template-campaign]", "Coffee club — November box").await;
    app.click("[data-testid=new-template-submit]").await;
    let card = format!("{CARD}[data-template-name='Coffee club box']");
    app.wait(&card).await;

    app.click_to_show(&format!("{card} [data-testid=open-template]"), "[data-testid=template-editor]").await;
    let layout = r#"<h1>The box is here</h1><p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Unsubscribe</a></p>"#;
    app.type_into_code("[data-testid=template-html] .cm-content", layout).await;
    app.wait_text("[data-testid=template-save-state]", "unsaved", |t| t == "Unsaved changes").await;
    app.click("[data-testid=save-template]").await;
    app.wait_text("[data-testid=template-save-state]", "saved", |t| t == "All changes saved").await;
    app.screenshot("template-edited").await;

    app.click_to_show("[data-testid=back-to-templates]", &card).await;
    app.click_to_show(&format!("{card} [data-testid=template-menu]"), "[data-testid=campaign-from-template]").await;
    app.click("[data-testid=campaign-from-template]").await;
    app.click_to_show("[data-testid=new-campaign-submit]", "[data-testid=campaign-editor]").await;
    app.wait_text("[data-testid=campaign-html] .cm-content", "the template's layout", |t| {
        t.contains("The box is here")
    })
    .await;
    assert_eq!(
        app.script("return document.querySelector('[data-testid=campaign-name]').value").await,
        "Coffee club box"
    );

    // The same from the Campaigns area: a new campaign that starts from the template.
    app.click_to_show("[data-testid=nav-campaigns]", "[data-testid=new-campaign], [data-testid=back-to-campaigns]")
        .await;
    if app.script("return Boolean(document.querySelector('[data-testid=back-to-campaigns]'))").await == true {
        app.click_to_show("[data-testid=back-to-campaigns]", "[data-testid=new-campaign]").await;
    }
    app.click_to_show("[data-testid=new-campaign]", "[data-testid=new-campaign-template]").await;
    app.type_into("[data-testid=new-campaign-name]", "From the box template").await;
    app.choose("[data-testid=new-campaign-template]", "Coffee club box").await;
    app.screenshot("new-campaign-from-template").await;
    app.click_to_show("[data-testid=new-campaign-submit]", "[data-testid=campaign-editor]").await;
    app.wait_text("[data-testid=campaign-html] .cm-content", "the layout again", |t| t.contains("The box is here"))
        .await;

    app.click_to_show("[data-testid=nav-templates]", &card).await;
    app.click_to_show(&format!("{card} [data-testid=template-menu]"), "[data-testid=delete-template]").await;
    app.click("[data-testid=delete-template]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("keep their layout")).await;
    app.click("[data-testid=confirm]").await;
    app.wait_count(&card, "the template gone", |n| n == 0).await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_and_dark_the_templates_speak_russian() {
    let mut app = App::launch_with_env("templates-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-templates]", CARD).await;
    app.wait_text("h1", "the title", |t| t == "Шаблоны").await;
    app.wait_text(&format!("{CARD}[data-kind=saved]"), "a saved one", |t| t.contains("Сохранённый шаблон")).await;
    app.screenshot("templates-ru").await;
    app.close().await;
}

//! The Campaigns area of the demo workspace: by state, folder and words; a
//! copy, a move into a new folder, and a delete that asks first.

use e2e::App;

const ROW: &str = "[data-testid=campaign-row]";

/// The names of the campaigns the table shows.
async fn names(app: &App) -> Vec<String> {
    let script = "return [...document.querySelectorAll('[data-testid=campaign-row]')].map(r => r.dataset.campaignName)";
    serde_json::from_value(app.script(script).await).unwrap()
}

#[tokio::test]
async fn campaigns_are_found_by_state_and_words_copied_moved_and_deleted_after_asking() {
    let mut app = App::launch("campaigns").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    let all = app.wait_count(ROW, "the demo's campaigns", |n| n > 1).await.len();
    app.screenshot("campaigns").await;

    app.click("[data-testid=tab-sent]").await;
    let sent = app.wait_count(&format!("{ROW}[data-state=sent]"), "the sent ones", |n| n > 0).await.len();
    assert_eq!(app.wait_count(ROW, "only the sent ones", |n| n == sent).await.len(), sent);
    assert!(app.route().await.contains("state=sent"), "the filter is in the address: {}", app.route().await);
    let original = names(&app).await[0].clone();

    app.click_to_show(
        &format!("{ROW}[data-campaign-name='{original}'] [data-testid=campaign-menu]"),
        "[data-testid=copy-campaign]",
    )
    .await;
    app.click("[data-testid=copy-campaign]").await;
    app.wait_text("[data-testid=toast]", "the copy's confirmation", |t| t.contains("among the drafts")).await;
    app.click("[data-testid=tab-draft]").await;
    let copy = format!("{ROW}[data-campaign-name='{original} (copy)'][data-state=draft]");
    app.wait(&copy).await;

    app.click_to_show(&format!("{copy} [data-testid=campaign-menu]"), "[data-testid=move-campaign]").await;
    app.click("[data-testid=move-campaign]").await;
    app.script("const s = document.querySelector('[data-testid=move-folder]'); s.value = 'new'; s.dispatchEvent(new Event('change', { bubbles: true })); return null").await;
    app.type_into("[data-testid=move-new-folder]", "Autumn 2026").await;
    app.screenshot("campaign-move").await;
    app.click("[data-testid=move-submit]").await;
    app.wait_text("[data-testid=toast]", "the move's confirmation", |t| t.contains("Autumn 2026")).await;
    app.wait_text(&copy, "the folder beside the name", |t| t.contains("Autumn 2026")).await;

    app.type_into("[data-testid=campaign-search]", "no campaign is called this").await;
    app.wait_count(ROW, "nothing found", |n| n == 0).await;
    app.click("[data-testid=tab-all]").await;
    app.wait_count(ROW, "still nothing: the words stay", |n| n == 0).await;

    app.script("const s = document.querySelector('[data-testid=campaign-search]'); s.value = ''; s.dispatchEvent(new Event('input', { bubbles: true })); return null").await;
    app.wait_count(ROW, "every campaign and the copy", |n| n == all + 1).await;

    app.click_to_show(&format!("{copy} [data-testid=campaign-menu]"), "[data-testid=delete-campaign]").await;
    app.click("[data-testid=delete-campaign]").await;
    app.wait_text("[role=dialog]", "the delete question", |t| t.contains("deleted for good")).await;
    app.screenshot("campaign-delete-asks-first").await;
    app.click("[data-testid=confirm]").await;
    app.wait_count(&copy, "the copy to go", |n| n == 0).await;
    assert!(names(&app).await.contains(&original), "the original stays");
    app.wait_count(ROW, "the campaigns as they were", |n| n == all).await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_the_campaigns_speak_russian() {
    let mut app = App::launch_with_env("campaigns-ru", &[("LANG", "ru_RU.UTF-8")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.wait_text("h1", "the title", |t| t == "Рассылки").await;
    app.wait_text(&format!("{ROW}[data-state=sent]"), "a sent campaign's state", |t| t.contains("Отправлена")).await;
    app.screenshot("campaigns-ru").await;
    app.close().await;
}

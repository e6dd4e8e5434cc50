//! A marketer's day in the Lists area of the demo workspace.

use e2e::App;

/// The demo workspace is opening, or open.
const OPENING: &str = "[data-testid=open-demo]:disabled, [data-testid=current-account]";

#[tokio::test]
async fn the_demo_workspace_shows_its_lists_and_pages_through_subscribers() {
    let mut app = App::launch("demo-lists").await;
    app.wait("[data-testid=open-demo]").await;
    app.screenshot("accounts-first-run").await;
    app.click_to_show("[data-testid=open-demo]", OPENING).await;
    let names = app.wait_count("[data-testid=list-row] td:first-child .link", "the demo lists", |n| n >= 5).await;
    assert!(names.iter().any(|n| n == "Newsletter"), "{names:?}");
    let newsletter = app
        .wait_text("[data-testid=list-row][data-list-name=Newsletter] td:nth-child(2)", "the Newsletter count", |t| {
            !t.is_empty()
        })
        .await;
    assert_eq!(newsletter, "50,000");
    app.screenshot("demo-lists").await;

    app.click("[data-testid=list-row][data-list-name=Newsletter] .link").await;
    app.wait_text("[data-testid=list-title]", "the list title", |t| t == "Newsletter").await;
    let rows = app.wait_count("[data-testid=member-row]", "a page of subscribers", |n| n == 100).await;
    assert!(rows.iter().all(|r| r.contains('@')), "every row shows an address");
    app.wait_text("[data-testid=page-range]", "the first page range", |t| t == "1–100 of 50,000").await;
    app.screenshot("newsletter-page-1").await;
    app.click("[data-testid=next-page]").await;
    app.wait_text("[data-testid=page-range]", "the second page range", |t| t == "101–200 of 50,000").await;
    app.screenshot("newsletter-page-2").await;

    app.click("[data-testid=nav-campaigns]").await;
    app.wait_text("[data-testid=coming-soon]", "the not-built notice", |t| t.contains("not built yet")).await;
    app.screenshot("campaigns-not-built").await;
    app.close().await;
}

#[tokio::test]
async fn a_list_is_created_renamed_and_deleted_after_asking() {
    let mut app = App::launch("create-delete").await;
    app.click_to_show("[data-testid=open-demo]", OPENING).await;
    app.wait("[data-testid=lists-table]").await;

    app.click("[data-testid=new-list]").await;
    app.type_into("[data-testid=list-name]", "Autumn tasting guests").await;
    app.screenshot("new-list-dialog").await;
    app.click("[data-testid=list-name-submit]").await;
    app.wait("[data-testid=list-row][data-list-name='Autumn tasting guests']").await;
    app.screenshot("list-created").await;

    app.click("[data-testid=list-row][data-list-name='Autumn tasting guests'] [data-testid=rename-list]").await;
    app.type_into("[data-testid=list-name]", "Autumn tasting 2026").await;
    app.click("[data-testid=list-name-submit]").await;
    app.wait("[data-testid=list-row][data-list-name='Autumn tasting 2026']").await;

    app.click("[data-testid=list-row][data-list-name='Autumn tasting 2026'] [data-testid=delete-list]").await;
    app.wait_text("[role=dialog]", "the delete question", |t| t.contains("removed from the service for good")).await;
    app.screenshot("delete-asks-first").await;
    app.click("[data-testid=confirm]").await;
    app.wait_count("[data-list-name='Autumn tasting 2026']", "the deleted list to disappear", |n| n == 0).await;
    let left = app.wait_count("[data-testid=list-row]", "the demo lists", |n| n > 0).await;
    assert_eq!(left.len(), 6, "only the new list went: {left:?}");
    app.screenshot("list-deleted").await;
    app.close().await;
}

async fn page_background(theme: Option<&str>) -> String {
    let name = format!("theme-{}", theme.unwrap_or("default").replace(':', "-"));
    let env: Vec<(&str, &str)> = theme.map(|t| ("GTK_THEME", t)).into_iter().collect();
    let mut app = App::launch_with_env(&name, &env).await;
    app.click_to_show("[data-testid=open-demo]", OPENING).await;
    app.wait("[data-testid=lists-table]").await;
    app.screenshot("lists").await;
    let color = app.script("return getComputedStyle(document.documentElement).backgroundColor").await;
    app.close().await;
    color.as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn the_theme_follows_the_desktop_light_or_dark() {
    assert_eq!(page_background(Some("Adwaita")).await, "rgb(246, 247, 249)");
    assert_eq!(page_background(Some("Adwaita:dark")).await, "rgb(20, 23, 29)");
}

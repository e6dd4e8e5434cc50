//! A marketer's day in the Lists area of the demo workspace.

use e2e::App;

const NEWSLETTER: &str = "[data-testid=list-row][data-list-name=Newsletter]";
/// The same list in the demo a Russian start makes.
const NEWSLETTER_RU: &str = "[data-testid=list-row][data-list-name='Новости и акции']";
const LAST_SUBSCRIBER: &str = "[data-testid=table-row][data-row-index='49999']";

#[tokio::test]
async fn the_demo_workspace_scrolls_through_50000_subscribers_and_keeps_its_place() {
    let mut app = App::launch("demo-lists").await;
    app.wait("[data-testid=open-demo]").await;
    app.screenshot("accounts-first-run").await;
    app.open_demo().await;
    let names = app.wait_count("[data-testid=open-list]", "the demo lists", |n| n >= 5).await;
    assert!(names.iter().any(|n| n == "Newsletter"), "{names:?}");
    let newsletter =
        app.wait_text(&format!("{NEWSLETTER} td:nth-child(2)"), "the Newsletter count", |t| !t.is_empty()).await;
    assert_eq!(newsletter, "50,000");
    app.screenshot("demo-lists").await;

    app.click(&format!("{NEWSLETTER} [data-testid=open-list]")).await;
    app.wait_text("[data-testid=list-title]", "the list title", |t| t == "Newsletter").await;
    let rows = app.wait_count("[data-testid=table-row]", "the first subscribers", |n| n >= 10).await;
    assert!(rows.iter().all(|r| r.contains('@')), "every row shows an address: {rows:?}");
    let total = app.script("return document.querySelector('[role=grid]').getAttribute('aria-rowcount')").await;
    assert_eq!(total.as_str(), Some("50000"));
    app.screenshot("newsletter-top").await;

    // No page buttons: scroll to the very end, and the last subscriber is there.
    app.scroll_to("[data-testid=members-table-scroller]", "1e9").await;
    let last = app.wait_text(LAST_SUBSCRIBER, "the 50,000th subscriber", |t| t.contains('@')).await;
    assert!(!last.is_empty());
    let rendered =
        app.wait_count("[data-testid=table-row], [data-testid=table-row-loading]", "rows in the DOM", |n| n > 0).await;
    assert!(rendered.len() < 80, "only the rows on screen are in the page: {}", rendered.len());
    app.screenshot("newsletter-end").await;

    // Filter by state: the URL keeps it, and the count follows the list's.
    app.click("[data-testid=tab-bounced]").await;
    app.wait_text("[data-testid=table-row]", "a bounced subscriber", |t| t.contains("Bounced")).await;
    app.scroll_to("[data-testid=members-table-scroller]", "1900").await;
    app.wait_text("[data-testid=table-row][data-row-index='60']", "rows further down", |t| t.contains('@')).await;
    // The place is written into the route once the scrolling stops.
    let place = "return decodeURIComponent(location.hash)";
    app.wait_script(place, "the scroll place in the route", |r| r.as_str().is_some_and(|r| r.contains("row="))).await;
    let route = app.route().await;
    assert!(route.contains("state=bounced"), "{route}");
    assert!(route.contains("row="), "the scroll place is in the route: {route}");
    app.screenshot("newsletter-bounced").await;

    // Another area and back: the same filter, the same place.
    app.click_to_show("[data-testid=nav-inbound]", "[data-testid=route-row]").await;
    app.click("[data-testid=nav-lists]").await;
    app.wait_text("[data-testid=list-title]", "the list again", |t| t == "Newsletter").await;
    assert_eq!(app.route().await, route, "back where the user was");
    app.wait_text("[data-testid=table-row][data-row-index='60']", "the same rows", |t| t.contains('@')).await;
    let selected =
        app.script("return document.querySelector('[data-testid=tab-bounced]').getAttribute('aria-selected')").await;
    assert_eq!(selected.as_str(), Some("true"));

    // Sort on a field the service sorts by, and find one address.
    app.click("[data-testid=tab-all]").await;
    app.click("[data-testid=sort-email]").await;
    let first = app
        .wait_text("[data-row-index='0'] [role=gridcell]:nth-child(2)", "the first address", |t| t.contains('@'))
        .await;
    let second = app
        .wait_text("[data-row-index='1'] [role=gridcell]:nth-child(2)", "the second address", |t| t.contains('@'))
        .await;
    assert!(first <= second, "{first} before {second}");
    app.screenshot("newsletter-sorted").await;
    let wanted = second;
    app.type_into("[data-testid=subscriber-search]", &wanted).await;
    app.click("[data-testid=subscriber-search-submit]").await;
    let found = app.wait_count("[data-testid=table-row]", "the one subscriber found", |n| n == 1).await;
    assert!(found[0].contains(&wanted), "{found:?}");
    app.screenshot("newsletter-found").await;
    app.close().await;
}

/// Creates a list through the New list dialog and waits for its row.
async fn create_list(app: &mut App, name: &str) {
    app.click_to_show("[data-testid=new-list]", "[data-testid=list-name]").await;
    app.type_into("[data-testid=list-name]", name).await;
    app.screenshot("new-list-dialog").await;
    app.click("[data-testid=list-name-submit]").await;
    app.wait(&format!("[data-testid=list-row][data-list-name='{name}']")).await;
}

#[tokio::test]
async fn a_list_is_created_renamed_and_deleted_after_asking() {
    let mut app = App::launch("create-delete").await;
    app.open_demo().await;
    let before = app.wait_count("[data-testid=list-row]", "the demo lists", |n| n > 0).await.len();

    create_list(&mut app, "Autumn tasting guests").await;
    app.wait_toast("the confirmation", |t| t.contains("created")).await;
    app.screenshot("list-created").await;

    app.click_to_show(
        "[data-testid=list-row][data-list-name='Autumn tasting guests'] [data-testid=list-menu]",
        "[data-testid=rename-list]",
    )
    .await;
    app.click("[data-testid=rename-list]").await;
    app.type_into("[data-testid=list-name]", "Autumn tasting 2026").await;
    app.click("[data-testid=list-name-submit]").await;
    app.wait("[data-testid=list-row][data-list-name='Autumn tasting 2026']").await;

    app.click_to_show(
        "[data-testid=list-row][data-list-name='Autumn tasting 2026'] [data-testid=list-menu]",
        "[data-testid=delete-list]",
    )
    .await;
    app.click("[data-testid=delete-list]").await;
    app.wait_text("[role=dialog]", "the delete question", |t| t.contains("removed from the service for good")).await;
    app.screenshot("delete-asks-first").await;
    app.click("[data-testid=confirm]").await;
    app.wait_count("[data-list-name='Autumn tasting 2026']", "the deleted list to disappear", |n| n == 0).await;
    let left = app.wait_count("[data-testid=list-row]", "the demo lists", |n| n > 0).await;
    assert_eq!(left.len(), before, "only the new list went: {left:?}");
    app.screenshot("list-deleted").await;
    app.close().await;
}

async fn page_background(theme: Option<&str>) -> String {
    let name = format!("theme-{}", theme.unwrap_or("default").replace(':', "-"));
    let env: Vec<(&str, &str)> = theme.map(|t| ("GTK_THEME", t)).into_iter().collect();
    let mut app = App::launch_with_env(&name, &env).await;
    app.open_demo().await;
    app.screenshot("lists").await;
    app.click(&format!("{NEWSLETTER} [data-testid=open-list]")).await;
    app.wait_count("[data-testid=table-row]", "subscribers", |n| n >= 10).await;
    app.screenshot("subscribers").await;
    let color = app.script("return getComputedStyle(document.documentElement).backgroundColor").await;
    app.close().await;
    color.as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn the_theme_follows_the_desktop_light_or_dark() {
    assert_eq!(page_background(Some("Adwaita")).await, "rgb(246, 247, 249)");
    assert_eq!(page_background(Some("Adwaita:dark")).await, "rgb(20, 23, 29)");
}

#[tokio::test]
async fn resetting_the_demo_asks_first_and_makes_it_new() {
    let mut app = App::launch("reset-demo").await;
    app.open_demo().await;
    let before = app.wait_count("[data-testid=list-row]", "the demo lists", |n| n > 0).await.len();
    create_list(&mut app, "Made in the demo").await;

    app.click_to_show("[data-testid=demo-menu]", "[data-testid=reset-demo]").await;
    app.click("[data-testid=reset-demo]").await;
    app.wait_text("[role=dialog]", "the reset question", |t| t.contains("is deleted")).await;
    app.screenshot("reset-asks-first").await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the reset confirmation", |t| t.contains("as new")).await;
    let after = app.wait_count("[data-testid=list-row]", "the demo's own lists", |n| n == before).await;
    assert!(after.iter().all(|row| !row.contains("Made in the demo")), "{after:?}");
    app.screenshot("reset-done").await;
    app.close().await;
}

/// The open form's address as it stands.
const EMAIL_VALUE: &str = "return document.querySelector('[data-testid=subscriber-email]')?.value ?? null";

#[tokio::test]
async fn a_subscriber_is_added_with_a_typo_fixed_and_edited_from_their_row() {
    let mut app = App::launch("add-subscriber").await;
    app.open_demo().await;
    app.click_to_show(&format!("{NEWSLETTER} [data-testid=open-list]"), "[data-testid=list-title]").await;
    app.wait_text("[data-testid=list-title]", "the list title", |t| t == "Newsletter").await;

    // Not an address: the form says so as it is typed, and the service is never asked.
    app.click_to_show("[data-testid=add-subscriber]", "[data-testid=subscriber-email]").await;
    app.type_into("[data-testid=subscriber-email]", "anna.petrova@").await;
    app.wait("[data-testid=address-verdict][data-verdict=invalid]").await;
    app.click("[data-testid=subscriber-save]").await;
    app.wait_text("[role=dialog]", "the refusal", |t| t.contains("this is not a valid address")).await;

    // A likely typo: the address meant is offered and taken with one click.
    app.type_into("[data-testid=subscriber-email]", "anna.petrova@gmial.com").await;
    let said = app
        .wait_text("[data-testid=address-verdict][data-verdict=typo]", "the typo", |t| t.contains("gmail.com"))
        .await;
    assert!(said.contains("Use anna.petrova@gmail.com"), "{said}");
    app.screenshot("subscriber-typo").await;
    app.click("[data-testid=address-use-meant]").await;
    app.wait_script(EMAIL_VALUE, "the address meant", |v| v == "anna.petrova@gmail.com").await;
    app.type_into("[data-testid=subscriber-field-1]", "Анна").await;
    app.type_into("[data-testid=subscriber-field-3]", "Омск").await;
    app.choose("[data-testid=subscriber-field-5]", "Filter").await;
    app.click("[data-testid=subscriber-save]").await;
    app.wait_toast("the confirmation", |t| t.contains("anna.petrova@gmail.com added")).await;
    app.wait_count("[role=dialog]", "the form closed", |n| n == 0).await;

    app.type_into("[data-testid=subscriber-search]", "anna.petrova@gmail.com").await;
    app.click("[data-testid=subscriber-search-submit]").await;
    let row = "[data-testid=table-row]";
    let shown = app.wait_text(row, "the new subscriber", |t| t.contains("anna.petrova@gmail.com")).await;
    assert!(shown.contains("Анна") && shown.contains("Омск"), "{shown}");

    // Their row opens their panel, its Edit their form: the address stays, a field changes.
    // Nothing a person may press moves while the panel's record and history load.
    let (edit, unsubscribe) = ("[data-testid=subscriber-edit]", "[data-testid=subscriber-unsubscribe]");
    app.watch_places(edit).await;
    app.watch_places(unsubscribe).await;
    app.click_to_show(row, edit).await;
    app.wait("[data-testid=subscriber-facts]").await;
    for button in [edit, unsubscribe] {
        let places = app.places(button).await;
        assert_eq!(places.len(), 1, "{button} moved as the panel filled in: {places:?}");
    }
    app.screenshot("subscriber-panel").await;
    app.click_to_show("[data-testid=subscriber-edit]", "[data-testid=subscriber-field-3]").await;
    app.wait_script(EMAIL_VALUE, "their address", |v| v == "anna.petrova@gmail.com").await;
    let roast = "return document.querySelector('[data-testid=subscriber-field-5]')?.value ?? null";
    app.wait_script(roast, "their favourite roast", |v| v == "Filter").await;
    app.type_into("[data-testid=subscriber-field-3]", "Томск").await;
    app.screenshot("subscriber-edit").await;
    app.click("[data-testid=subscriber-save]").await;
    app.wait_toast("the confirmation", |t| t.contains("Changes to anna.petrova@gmail.com saved")).await;
    app.wait_text(row, "the changed city", |t| t.contains("Томск")).await;

    // Unsubscribed, then deleted: each asks first, saying what happens.
    app.click_to_show(row, "[data-testid=subscriber-unsubscribe]").await;
    app.click("[data-testid=subscriber-unsubscribe]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("cannot be added back")).await;
    app.screenshot("subscriber-unsubscribe-asks").await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the confirmation", |t| t.contains("unsubscribed from “Newsletter”")).await;
    app.wait_text(row, "the new state", |t| t.contains("Unsubscribed")).await;
    app.click_to_show(row, "[data-testid=subscriber-delete]").await;
    app.click("[data-testid=subscriber-delete]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("removed from “Newsletter” for good")).await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the confirmation", |t| t.contains("deleted from “Newsletter”")).await;
    app.wait_count(row, "the deleted subscriber gone", |n| n == 0).await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_and_dark_the_subscriber_form_offers_the_fix_in_russian() {
    let mut app =
        App::launch_with_env("add-subscriber-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show(&format!("{NEWSLETTER_RU} [data-testid=open-list]"), "[data-testid=add-subscriber]").await;
    app.click_to_show("[data-testid=add-subscriber]", "[data-testid=subscriber-email]").await;
    app.type_into("[data-testid=subscriber-email]", "ivan@yandex.ri").await;
    let said = app.wait_text("[data-testid=address-verdict]", "the typo", |t| t.contains("yandex.ru")).await;
    assert!(said.contains("Похоже на опечатку") && said.contains("Исправить на ivan@yandex.ru"), "{said}");
    app.screenshot("ru-dark-typo").await;
    app.close().await;
}

#[tokio::test]
async fn a_field_is_added_with_its_variable_checked_as_typed_and_deleted_after_asking() {
    let mut app = App::launch("list-fields").await;
    app.open_demo().await;
    app.click_to_show(&format!("{NEWSLETTER} [data-testid=open-list]"), "[data-testid=list-fields]").await;
    app.click_to_show("[data-testid=list-fields]", "[data-testid=field-row]").await;
    let before = app.wait_count("[data-testid=field-row]", "the list's fields", |n| n > 0).await.len();

    app.click_to_show("[data-testid=field-add]", "[data-testid=field-title]").await;
    app.type_into("[data-testid=field-title]", "Brewing method").await;
    app.choose("[data-testid=field-kind]", "Choice").await;
    let variable = "[data-testid=field-variable]";
    app.type_into(variable, "метод").await;
    app.wait(&format!("{variable}[data-problem=characters]")).await;
    app.type_into(variable, "city").await;
    app.wait(&format!("{variable}[data-problem=taken]")).await;
    app.screenshot("field-variable-taken").await;
    app.type_into(variable, "method").await;
    app.wait_count(&format!("{variable}[data-problem]"), "the variable accepted", |n| n == 0).await;
    app.type_into("[data-testid=field-choices]", "V60\nAeropress\nFrench press").await;
    app.click("[data-testid=field-save]").await;
    app.wait_toast("the confirmation", |t| t.contains("Field “Brewing method” added")).await;
    let added = "[data-testid=field-row][data-field-title='Brewing method']";
    let row = app.wait_text(added, "the new field", |t| t.contains("%METHOD%")).await;
    assert!(row.contains("Choice"), "{row}");
    let after = app.wait_count("[data-testid=field-row]", "the fields", |n| n == before + 1).await;
    assert_eq!(after.len(), before + 1);

    app.click(&format!("{added} [data-testid=field-delete]")).await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("goes for good")).await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the confirmation", |t| t.contains("Field “Brewing method” deleted")).await;
    app.close().await;
}

#[tokio::test]
async fn a_list_s_footer_details_are_saved_and_read_back() {
    let mut app = App::launch("list-details").await;
    app.open_demo().await;
    app.click_to_show(&format!("{NEWSLETTER} [data-testid=open-list]"), "[data-testid=list-details]").await;
    app.click_to_show("[data-testid=list-details]", "[data-testid=list-details-company]").await;
    app.type_into("[data-testid=list-details-company]", "Кофейня «Зерно»").await;
    app.type_into("[data-testid=list-details-abuseEmail]", "abuse@").await;
    app.click("[data-testid=list-details-save]").await;
    app.wait_text("[role=dialog]", "the refusal", |t| {
        t.contains("Address for complaints: this is not a valid address")
    })
    .await;
    app.type_into("[data-testid=list-details-abuseEmail]", "abuse@zerno.ru").await;
    app.screenshot("list-details").await;
    app.click("[data-testid=list-details-save]").await;
    app.wait_toast("the confirmation", |t| t.contains("Details of “Newsletter” saved")).await;
    app.wait_count("[role=dialog]", "the form closed", |n| n == 0).await;
    app.click_to_show("[data-testid=list-details]", "[data-testid=list-details-company]").await;
    let company = "return document.querySelector('[data-testid=list-details-company]')?.value ?? null";
    app.wait_script(company, "the saved company", |v| v == "Кофейня «Зерно»").await;
    app.close().await;
}

#[tokio::test]
async fn an_address_is_found_in_every_list_and_opens_its_list_at_it() {
    let mut app = App::launch("find-address").await;
    app.open_demo().await;
    app.wait(NEWSLETTER).await;
    app.type_into("[data-testid=find-address]", "nobody@nowhere.example").await;
    app.click("[data-testid=find-address-submit]").await;
    app.wait_text("[data-testid=address-found]", "no record", |t| t.contains("is in none of the lists")).await;

    let someone = app.first_subscriber("Newsletter").await;
    app.click("[data-testid=back-to-lists]").await;
    app.type_into("[data-testid=find-address]", &someone).await;
    app.click("[data-testid=find-address-submit]").await;
    let found = app.wait_text("[data-testid=address-found]", "their lists", |t| t.contains("Newsletter")).await;
    assert!(found.contains(&someone), "{found}");
    app.screenshot("address-found").await;
    app.click("[data-testid=address-record] button").await;
    app.wait_text("[data-testid=list-title]", "their list", |t| t == "Newsletter").await;
    app.wait_text("[data-testid=table-row]", "them", |t| t.contains(&someone)).await;
    app.close().await;
}

#[tokio::test]
async fn who_unsubscribed_in_every_list_is_one_table_whose_rows_open_their_list() {
    let mut app = App::launch("across-lists").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=across-unsubscribed]", "[data-testid=across-title]").await;
    let rows = app.wait_count("[data-testid=table-row]", "who unsubscribed", |n| n >= 10).await;
    assert!(rows.iter().all(|r| r.contains("Unsubscribed") && r.contains('@')), "{rows:?}");
    assert!(rows.iter().any(|r| r.contains("Newsletter")), "each record names its list: {rows:?}");
    app.screenshot("unsubscribed-everywhere").await;
    let first = rows[0].split_whitespace().find(|w| w.contains('@')).unwrap().to_string();
    app.click("[data-testid=table-row]").await;
    app.wait("[data-testid=list-title]").await;
    app.wait_text("[data-testid=table-row]", "the record in its list", |t| t.contains(&first)).await;
    app.close().await;
}

#[tokio::test]
async fn a_subscriber_s_row_opens_their_whole_record_their_fields_and_what_they_did() {
    let mut app = App::launch_with_env("subscriber-panel", &[("GTK_THEME", "Adwaita")]).await;
    app.open_demo().await;
    app.click_to_show(&format!("{NEWSLETTER} [data-testid=open-list]"), "[data-testid=add-subscriber]").await;
    // Someone new: the demo's welcome automation writes to them at once.
    let email = "oleg.panel@example.com".to_string();
    app.click_to_show("[data-testid=add-subscriber]", "[data-testid=subscriber-email]").await;
    app.type_into("[data-testid=subscriber-email]", &email).await;
    app.type_into("[data-testid=subscriber-field-3]", "Tomsk").await;
    app.click("[data-testid=subscriber-save]").await;
    app.wait_count("[role=dialog]", "the form closed", |n| n == 0).await;
    app.type_into("[data-testid=subscriber-search]", &email).await;
    app.click("[data-testid=subscriber-search-submit]").await;
    app.click_to_show("[data-testid=table-row] [role=gridcell]:nth-child(2)", "[data-testid=subscriber-panel]").await;
    let title = app.wait_text("[role=dialog] h2", "their address as the title", |t| t.contains('@')).await;
    assert_eq!(title, email);
    let facts = app.wait_text("[data-testid=subscriber-facts]", "the record", |t| t.contains("Subscribed")).await;
    assert!(facts.contains("Source") && facts.contains("API"), "where they came from: {facts}");
    let values = app.wait_text("[data-testid=subscriber-values]", "the list's fields", |t| t.contains("Tomsk")).await;
    assert!(values.contains("First name") && values.contains("Favourite roast"), "every field by its title: {values}");
    let history = app.wait_text("[data-testid=subscriber-activity]", "what they did", |t| !t.is_empty()).await;
    assert!(history.contains("Sent a campaign"), "{history}");
    app.screenshot("subscriber-panel").await;
    // Edit opens their form in its place.
    app.click_to_show("[data-testid=subscriber-edit]", "[data-testid=subscriber-field-3]").await;
    app.wait_script(EMAIL_VALUE, "their address in the form", |v| v == email.as_str()).await;
    app.close().await;
}

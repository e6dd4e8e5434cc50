//! A list's segments in the demo workspace: conditions built on a list
//! narrow its table and say how many match, are saved under a name, and
//! fill a campaign's conditions; a saved segment is renamed and deleted.

use e2e::App;

const NEWSLETTER: &str = "[data-testid=list-row][data-list-name=Newsletter] [data-testid=open-list]";
/// The same list in the demo a Russian start makes.
const NEWSLETTER_RU: &str = "[data-testid=list-row][data-list-name='Новости и акции'] [data-testid=open-list]";
const GRID_ROWS: &str = "return document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? null";
/// The count once the service has answered for the conditions as they stand.
const COUNTED: &str = "[data-testid=segment-count]:not([aria-busy=true])";

/// A script that is true once the table shows rows and every one has `text`.
fn every_row_has(text: &str) -> String {
    format!(
        "return (rows => rows.length > 0 && rows.every(r => r.innerText.includes({text:?})))\
         ([...document.querySelectorAll('[data-testid=table-row]')])"
    )
}

/// The first number in a text, digit groups joined ("Подходят 2 140 подписчиков" is 2140).
fn number_in(text: &str) -> Option<u64> {
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit() || matches!(c, ',' | ' ' | '\u{a0}' | '\u{202f}'))
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

#[tokio::test]
async fn conditions_narrow_a_list_are_counted_saved_and_fill_a_campaign() {
    // In Russian, dark: build, count, see, save, and take it into a campaign.
    let mut app = App::launch_with_env("segments-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show(NEWSLETTER_RU, "[data-testid=segment-open]").await;
    let everyone =
        number_in(&app.wait_script(GRID_ROWS, "the whole list", |v| v.is_string()).await.to_string()).unwrap();
    app.click_to_show("[data-testid=segment-open]", "[data-testid=segment-panel]").await;
    app.choose("[data-testid=segment-panel] [data-testid=segment-field]", "Город").await;
    app.choose("[data-testid=segment-panel] [data-testid=segment-op]", "равно").await;
    app.type_into("[data-testid=segment-panel] [data-testid=segment-value]", "Казань").await;
    app.wait_script(&every_row_has("Казань"), "only rows of Kazan", |v| v == true).await;
    let said = app.wait_text(COUNTED, "the count", |t| t.starts_with("Подход")).await;
    let matching = number_in(&said).expect("a count");
    assert!(said.contains("из них активных"), "{said}");
    assert!(matching > 0 && matching < everyone, "{matching} of {everyone} live in Kazan");
    let shown = app.wait_script(GRID_ROWS, "the table narrowed", |v| v == &matching.to_string()).await;
    assert_eq!(shown, matching.to_string(), "the table is as long as the count");
    assert!(app.route().await.contains("where="), "the conditions are in the route");
    app.screenshot("ru-dark-conditions").await;

    app.click_to_show("[data-testid=segment-save-new]", "[data-testid=segment-name]").await;
    app.type_into("[data-testid=segment-name]", "Казань").await;
    app.screenshot("ru-dark-save").await;
    app.click("[data-testid=segment-name-submit]").await;
    app.wait_toast("the confirmation", |t| t.contains("Сегмент «Казань» сохранён")).await;
    let chosen = "return (s => s.options[s.selectedIndex]?.text ?? null)(document.querySelector('[data-testid=segment-choose]'))";
    app.wait_script(chosen, "the saved segment chosen", |v| v == "Казань").await;
    let route = app.route().await;
    assert!(route.contains("segment=") && !route.contains("where="), "the table reads the saved segment: {route}");
    app.wait_script(GRID_ROWS, "the same rows", |v| v == &matching.to_string()).await;
    app.screenshot("ru-dark-saved").await;

    // The campaign editor offers it for a draft to the same list.
    app.click_to_show("[data-testid=nav-campaigns]", "[data-testid=campaign-row]").await;
    let draft =
        "[data-testid=campaign-row][data-campaign-name='Подарки к праздникам (черновик)'] [data-testid=open-campaign]";
    app.click_to_show(draft, "[data-testid=segment-saved-open]").await;
    app.click_to_show("[data-testid=segment-saved-open]", "[data-testid=segment-saved]").await;
    app.choose("[data-testid=segment-saved]", "Казань").await;
    let filled = "return [document.querySelector('[data-testid=segment-some]')?.checked, \
        document.querySelector('[data-testid=segment] [data-testid=segment-op]')?.value, \
        document.querySelector('[data-testid=segment] [data-testid=segment-value]')?.value]";
    app.wait_script(filled, "the conditions filled", |v| v == &serde_json::json!([true, "is", "Казань"])).await;
    app.wait_text("[data-testid=save-state]", "a change to save", |t| !t.is_empty()).await;
    app.script("document.querySelector('[data-testid=segment]').scrollIntoView({block: 'center'}); return null").await;
    app.screenshot("ru-dark-campaign").await;
    app.close().await;

    // In English, light: a choice field, two conditions, a rename and a delete after asking.
    let mut app = App::launch("segments-en").await;
    app.open_demo().await;
    app.click_to_show(NEWSLETTER, "[data-testid=segment-open]").await;
    app.click_to_show("[data-testid=segment-open]", "[data-testid=segment-panel]").await;
    app.choose("[data-testid=segment-panel] [data-testid=segment-field]", "Favourite roast").await;
    app.choose("[data-testid=segment-panel] [data-testid=segment-op]", "is").await;
    app.choose("[data-testid=segment-panel] [data-testid=segment-value]", "Espresso").await;
    app.click("[data-testid=segment-panel] [data-testid=segment-add]").await;
    app.wait_count("[data-testid=segment-panel] [data-testid=segment-condition]", "a second condition", |n| n == 2)
        .await;
    let second = "[data-testid=segment-panel] [data-testid=segment-condition][data-index='1']";
    app.choose(&format!("{second} [data-testid=segment-op]"), "ends with").await;
    app.type_into(&format!("{second} [data-testid=segment-value]"), "@gmail.com").await;
    app.wait_script(&every_row_has("@gmail.com"), "only Gmail rows", |v| v == true).await;
    let said = app.wait_text(COUNTED, "the count", |t| t.contains("match")).await;
    let both = number_in(&said).expect("a count");
    app.wait_script(GRID_ROWS, "the table as long", |v| v == &both.to_string()).await;
    app.screenshot("en-light-conditions").await;

    app.click_to_show("[data-testid=segment-save-new]", "[data-testid=segment-name]").await;
    app.type_into("[data-testid=segment-name]", "Espresso on Gmail").await;
    app.click("[data-testid=segment-name-submit]").await;
    app.wait_toast("the confirmation", |t| t.contains("Segment “Espresso on Gmail” saved")).await;
    app.click_to_show("[data-testid=segment-rename]", "[data-testid=segment-name]").await;
    app.type_into("[data-testid=segment-name]", "Espresso fans").await;
    app.click("[data-testid=segment-name-submit]").await;
    app.wait_toast("the confirmation", |t| t.contains("renamed to “Espresso fans”")).await;
    app.wait_script(chosen, "the new name", |v| v == "Espresso fans").await;
    let again = app.wait_text(COUNTED, "its count", |t| number_in(t) == Some(both)).await;
    assert!(again.contains("of them active"), "{again}");
    app.screenshot("en-light-saved").await;

    app.click_to_show("[data-testid=segment-delete]", "[data-testid=confirm]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("every subscriber stays in the list")).await;
    app.screenshot("en-light-delete").await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the confirmation", |t| t.contains("Segment “Espresso fans” deleted")).await;
    app.wait_count("[data-testid=segment-choose] option", "no saved segment left", |n| n == 1).await;
    app.close().await;
}

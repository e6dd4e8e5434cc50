//! Many subscribers at once in the real window: rows ticked and
//! unsubscribed after the question that says how many, everything a view
//! matches deleted exactly as confirmed though someone signed up meanwhile,
//! and a list's view exported through the OS's save dialog and read back.

use e2e::App;

/// The addresses in the rows shown, top first.
const SHOWN_EMAILS: &str = "return [...document.querySelectorAll('[data-testid=table-row]')]\
    .sort((a, b) => a.dataset.rowIndex - b.dataset.rowIndex)\
    .map(r => r.querySelector('[role=gridcell]:nth-child(2)').innerText.trim())";

/// Shift-clicks a row's box, as a person holding Shift does.
fn shift_click(row: usize) -> String {
    format!(
        "document.querySelector(\"[data-row-index='{row}'] [data-testid=tick-row]\")\
         .dispatchEvent(new MouseEvent('click', {{ bubbles: true, cancelable: true, shiftKey: true }})); return null"
    )
}

async fn open_newsletter(app: &App) {
    open_list(app, "Newsletter").await;
}

/// Opens a list of the demo by its name (in the language the app started in).
async fn open_list(app: &App, name: &str) {
    app.open_demo().await;
    let row = format!("[data-testid=list-row][data-list-name='{name}'] [data-testid=open-list]");
    app.click_to_show(&row, "[data-testid=list-title]").await;
    app.wait_text("[data-testid=list-title]", "the list title", |t| t == name).await;
}

/// The number on a state's tab.
async fn tab_count(app: &App, state: &str) -> u64 {
    let text = app
        .wait_text(&format!("[data-testid=tab-{state}]"), "the tab's count", |t| t.chars().any(|c| c.is_ascii_digit()))
        .await;
    text.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap()
}

#[tokio::test]
async fn ticked_subscribers_are_unsubscribed_after_asking_how_many_and_the_table_follows() {
    let mut app = App::launch_with_env("bulk-unsubscribe", &[("GTK_THEME", "Adwaita")]).await;
    open_newsletter(&app).await;
    app.click("[data-testid=tab-active]").await;
    app.wait_count("[data-testid=table-row]", "active subscribers", |n| n >= 10).await;
    let active = tab_count(&app, "active").await;
    let shown = app.script(SHOWN_EMAILS).await;
    let chosen: Vec<String> = shown.as_array().unwrap()[..3].iter().map(|e| e.as_str().unwrap().to_string()).collect();
    assert!(chosen.iter().all(|e| e.contains('@')), "{chosen:?}");

    // The first row's box, then Shift on the third: three rows.
    app.click("[data-row-index='0'] [data-testid=tick-row]").await;
    app.script(&shift_click(2)).await;
    app.wait_text("[data-testid=chosen-count]", "three chosen", |t| t == "3 subscribers chosen").await;
    let offer = app.wait_text("[data-testid=choose-all]", "the offer of all", |t| t.starts_with("Choose all")).await;
    let offered: String = offer.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(offered, active.to_string(), "everyone the view holds: {offer}");
    app.screenshot("three-chosen").await;

    app.click("[data-testid=bulk-unsubscribe]").await;
    let asked = app.wait_text("[role=dialog]", "the question", |t| t.contains("Unsubscribe 3 subscribers?")).await;
    assert!(asked.contains("cannot be added back"), "{asked}");
    app.screenshot("bulk-unsubscribe-asks").await;
    app.click("[data-testid=confirm]").await;
    let said = app.wait_text("[data-testid=bulk-result]", "the outcome", |t| !t.is_empty()).await;
    assert!(said.starts_with("3 subscribers unsubscribed from “Newsletter”."), "{said}");
    assert!(!said.contains("not changed"), "none failed: {said}");
    app.screenshot("bulk-unsubscribe-done").await;
    app.click("[data-testid=dialog-cancel]").await;

    // The active view lost them, its count with them, and nothing is chosen now.
    app.wait_script(SHOWN_EMAILS, "the three gone from the active view", |v| {
        v.as_array()
            .is_some_and(|rows| rows.len() >= 10 && rows.iter().all(|e| !chosen.iter().any(|c| e == c.as_str())))
    })
    .await;
    app.wait_text("[data-testid=tab-active]", "the active count", |t| {
        t.chars().filter(char::is_ascii_digit).collect::<String>().parse::<u64>().ok() == Some(active - 3)
    })
    .await;
    app.wait_count("[data-testid=chosen-count]", "nothing chosen", |n| n == 0).await;
    app.click("[data-testid=tab-unsubscribed]").await;
    app.type_into("[data-testid=subscriber-search]", &chosen[1]).await;
    app.click("[data-testid=subscriber-search-submit]").await;
    app.wait_text("[data-testid=table-row]", "the middle one, unsubscribed", |t| {
        t.contains(&chosen[1]) && t.contains("Unsubscribed")
    })
    .await;
    app.screenshot("unsubscribed-found").await;
    app.close().await;
}

/// Waits for a file the app writes, whole (it appears under its name only when done).
async fn written(path: &std::path::Path, what: &str) -> Vec<u8> {
    let patience = std::time::Duration::from_secs(120);
    e2e::webdriver::wait_for(patience, what, || std::future::ready(std::fs::read(path).ok()))
        .await
        .expect("the file was saved")
}

#[tokio::test]
async fn in_russian_a_found_subscriber_and_the_whole_list_export_for_russian_excel_with_codes_kept_as_text() {
    let mut app =
        App::launch_with_env("export-subscribers-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    open_list(&app, "Новости и акции").await;
    let folder = app.data_dir().join("exported");
    std::fs::create_dir_all(&folder).unwrap();

    // A subscriber whose city is a code with a leading zero.
    app.click_to_show("[data-testid=add-subscriber]", "[data-testid=subscriber-email]").await;
    app.type_into("[data-testid=subscriber-email]", "nina.kod@example.ru").await;
    app.type_into("[data-testid=subscriber-field-1]", "Нина").await;
    app.type_into("[data-testid=subscriber-field-3]", "01234").await;
    app.click("[data-testid=subscriber-save]").await;
    app.wait_count("[role=dialog]", "the form closed", |n| n == 0).await;
    app.type_into("[data-testid=subscriber-search]", "nina.kod@example.ru").await;
    app.click("[data-testid=subscriber-search-submit]").await;
    app.wait_text("[data-testid=table-row]", "her row", |t| t.contains("01234")).await;

    // What the view shows (her alone), saved as CSV for Russian Excel.
    app.click_to_show("[data-testid=subscribers-export]", "[data-testid=subscribers-export-csv]").await;
    let semicolon = "return document.querySelector('[data-testid=csv-semicolon]')?.dataset.state ?? ''";
    app.wait_script(semicolon, "semicolons, as Russian Excel expects", |v| v == "checked").await;
    app.screenshot("ru-dark-export-menu").await;
    app.click("[data-testid=subscribers-export-csv]").await;
    let found = folder.join("found.csv");
    e2e::native_dialog::save_as(&found).await;
    let bytes = written(&found, "the found subscriber's file").await;
    let text = String::from_utf8(bytes).expect("UTF-8");
    assert!(text.starts_with("\u{feff}Email;Статус;Подписан;"), "a byte-order mark, then semicolons: {text:?}");
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 2, "the header and her: {lines:?}");
    let header: Vec<&str> = lines[0].split(';').collect();
    let row: Vec<&str> = lines[1].split(';').collect();
    assert_eq!(header.len(), row.len(), "{lines:?}");
    assert_eq!(row[0], "nina.kod@example.ru");
    assert_eq!(row[1], "Активен", "the state in the reader's language");
    let city = header.iter().position(|c| *c == "Город").expect("every field by its title");
    assert_eq!(row[city], "01234", "the leading zero kept: {lines:?}");
    app.wait_toast("the saved note", |t| t.starts_with("Сохранено")).await;

    // The whole list: page by page, with its progress, every subscriber once.
    app.click("[data-testid=subscriber-search-submit] ~ button").await;
    let all = tab_count(&app, "all").await;
    app.click_to_show("[data-testid=subscribers-export]", "[data-testid=subscribers-export-csv]").await;
    app.click("[data-testid=subscribers-export-csv]").await;
    let whole = folder.join("newsletter.csv");
    e2e::native_dialog::save_as(&whole).await;
    app.wait("[data-testid=subscribers-export-progress]").await;
    app.screenshot("ru-dark-export-progress").await;
    let text = String::from_utf8(written(&whole, "the whole list's file").await).unwrap();
    let rows: Vec<&str> = text.trim_end().split("\r\n").skip(1).collect();
    assert_eq!(rows.len() as u64, all, "a line per subscriber");
    let addresses: std::collections::HashSet<&str> = rows.iter().map(|r| r.split(';').next().unwrap()).collect();
    assert_eq!(addresses.len() as u64, all, "each once");
    assert!(rows.iter().any(|r| r.starts_with("nina.kod@example.ru;")));

    // Two rows chosen: the bar says so and the question counts them, in Russian.
    app.wait_count("[data-testid=table-row]", "subscribers", |n| n >= 10).await;
    app.click("[data-row-index='0'] [data-testid=tick-row]").await;
    app.click("[data-row-index='1'] [data-testid=tick-row]").await;
    app.wait_text("[data-testid=chosen-count]", "two chosen", |t| t == "Выбрано 2 подписчика").await;
    app.screenshot("ru-dark-two-chosen").await;
    app.click("[data-testid=bulk-delete]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("Удалить 2 подписчиков?")).await;
    app.screenshot("ru-dark-bulk-delete-asks").await;
    app.click("[data-testid=dialog-cancel]").await;

    // Her row opens her panel, in Russian.
    app.type_into("[data-testid=subscriber-search]", "nina.kod@example.ru").await;
    app.click("[data-testid=subscriber-search-submit]").await;
    app.click_to_show("[data-testid=table-row] [role=gridcell]:nth-child(2)", "[data-testid=subscriber-panel]").await;
    let facts = app.wait_text("[data-testid=subscriber-facts]", "her record", |t| t.contains("Подписан")).await;
    assert!(facts.contains("Источник"), "{facts}");
    let values = app.wait_text("[data-testid=subscriber-values]", "her fields", |t| t.contains("01234")).await;
    assert!(values.contains("Нина"), "{values}");
    // The demo's welcome automation wrote to her as she was added.
    let history = app.wait_text("[data-testid=subscriber-activity]", "her history", |t| !t.is_empty()).await;
    assert!(history.contains("Получил рассылку"), "{history}");
    app.screenshot("ru-dark-subscriber-panel").await;
    app.close().await;
}

const CONFIRMED_KEY: &str = "e2e-many-confirmed-key";

/// Signs these addresses up to the list through the service's API, behind
/// the app's back, as a sign-up form on a website does.
async fn sign_up(client: &api::Client, list: i64, emails: &[&str]) {
    for email in emails {
        let member = api::members::NewMember { email: (*email).into(), ..Default::default() };
        api::members::add(client, list, &member, Default::default()).await.unwrap();
    }
}

/// Whether the list still holds a record of this address, as the service says.
async fn still_there(client: &api::Client, list: i64, email: &str) -> bool {
    api::members::get(client, list, email).await.is_ok()
}

#[tokio::test]
async fn deleting_everything_matching_deletes_exactly_the_number_confirmed_and_asks_again_when_someone_joined() {
    let sandbox = e2e::SandboxProcess::start(CONFIRMED_KEY);
    let client = api::Client::new(&sandbox.base_url, api::ApiKey::new(CONFIRMED_KEY)).unwrap();
    let list =
        api::lists::create(&client, &api::lists::NewList { name: "Club".into(), ..Default::default() }).await.unwrap();
    let active =
        ["anna@club.example", "boris@club.example", "vera@club.example", "gleb@club.example", "dina@club.example"];
    let left = ["egor@club.example", "zoya@club.example"];
    sign_up(&client, list, &active).await;
    sign_up(&client, list, &left).await;
    for email in left {
        api::members::unsubscribe(&client, list, email).await.unwrap();
    }

    let mut app = App::launch("bulk-delete-confirmed").await;
    app.add_account("Club", &sandbox.base_url, CONFIRMED_KEY).await;
    app.click("[data-testid=nav-lists]").await;
    let row = "[data-testid=list-row][data-list-name='Club'] [data-testid=open-list]";
    app.click_to_show(row, "[data-testid=list-title]").await;

    // The active ones: five, every one of them chosen.
    app.click("[data-testid=tab-active]").await;
    app.wait_count("[data-testid=table-row]", "the five active", |n| n == 5).await;
    assert_eq!(tab_count(&app, "active").await, 5);
    app.click("[data-row-index='0'] [data-testid=tick-row]").await;
    app.click("[data-testid=choose-all]").await;
    app.wait_text("[data-testid=chosen-count]", "all five chosen", |t| {
        t == "All 5 subscribers in this view are chosen"
    })
    .await;
    app.click("[data-testid=bulk-delete]").await;
    app.wait_text("[role=dialog]", "the question", |t| t.contains("Delete 5 subscribers?")).await;

    // Kirill signs up on the website while the marketer reads the question.
    sign_up(&client, list, &["kirill@club.example"]).await;
    app.click("[data-testid=confirm]").await;
    let recounted = app.wait_text("[data-testid=bulk-recounted]", "the question asked again", |t| !t.is_empty()).await;
    assert_eq!(
        recounted,
        "The number changed while you were deciding: 6 subscribers match now, not 5. Nothing has been changed."
    );
    app.wait_text("[role=dialog]", "the real number", |t| t.contains("Delete 6 subscribers?")).await;
    app.screenshot("bulk-delete-asked-again").await;
    for email in active.iter().chain(["kirill@club.example"].iter()) {
        assert!(still_there(&client, list, email).await, "nothing deleted before the answer: {email}");
    }

    // Lida signs up while the question is asked again: she was never confirmed.
    sign_up(&client, list, &["lida@club.example"]).await;
    app.click("[data-testid=confirm]").await;
    let said = app.wait_text("[data-testid=bulk-result]", "the outcome", |t| !t.is_empty()).await;
    assert!(said.starts_with("6 subscribers deleted from “Club”."), "{said}");
    app.screenshot("bulk-delete-confirmed-done").await;

    for email in active.iter().chain(["kirill@club.example"].iter()) {
        assert!(!still_there(&client, list, email).await, "confirmed and deleted: {email}");
    }
    assert!(still_there(&client, list, "lida@club.example").await, "joined after the answer, kept");
    for email in left {
        assert!(still_there(&client, list, email).await, "never matched, kept: {email}");
    }
    app.click("[data-testid=dialog-cancel]").await;
    app.wait_text("[data-testid=tab-active]", "Lida alone active", |t| {
        t.chars().filter(char::is_ascii_digit).collect::<String>() == "1"
    })
    .await;
    app.close().await;
}

//! A file from Excel on a Russian Windows (Windows-1251, `;`) brought into
//! a list: picked in the system's open dialog, checked before anything is
//! sent (a typo fixed with one click, a repeated row, a row without an
//! address, a role's mailbox), its columns mapped, sent with its progress,
//! and its report and row error file read back.

use e2e::App;

const LIST: &str = "Импорт из Excel";

/// Text with the spaces that group digits ("1 504") taken out.
fn plain(text: &str) -> String {
    text.replace(['\u{a0}', '\u{202f}'], "")
}

fn excel_file(dir: &std::path::Path) -> std::path::PathBuf {
    let mut text = String::from("Эл. почта;Имя;Город\r\n");
    for n in 0..1500 {
        text.push_str(&format!("gost{n}@coffee.example;Гость {n};Омск\r\n"));
    }
    text.push_str("olga@gmial.com;Ольга;Тула\r\ngost7@coffee.example;Повтор;Омск\r\n;Без адреса;Омск\r\ninfo@roastery.example;Магазин;Тверь\r\n");
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    let path = dir.join("guests.csv");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[tokio::test]
async fn a_russian_excel_file_is_checked_mapped_sent_and_reported() {
    let mut app = App::launch_with_env("import-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    let file = excel_file(app.data_dir());
    app.open_demo().await;
    app.click_to_show("[data-testid=new-list]", "[data-testid=list-name]").await;
    app.type_into("[data-testid=list-name]", LIST).await;
    app.click("[data-testid=list-name-submit]").await;
    app.click(&format!("[data-testid=list-row][data-list-name='{LIST}'] [data-testid=open-list]")).await;
    app.wait_text("[data-testid=list-title]", "the new list", |t| t == LIST).await;

    app.click_to_show("[data-testid=import-open]", "[data-testid=import-pick]").await;
    app.screenshot("import-choose").await;
    app.click("[data-testid=import-pick]").await;
    e2e::native_dialog::open(&file).await;
    let summary =
        plain(&app.wait_text("[data-testid=import-summary]", "the file's summary", |t| t.contains("guests.csv")).await);
    assert!(summary.contains("1504 строки"), "{summary}");
    assert!(summary.contains("windows-1251") && summary.contains(';'), "{summary}");
    let reasons = app.wait_count("[data-testid=import-problem]", "the rows with problems", |n| n == 4).await;
    assert!(reasons.iter().any(|r| r.contains("olga@gmial.com") && r.contains("olga@gmail.com")), "{reasons:?}");
    assert_eq!(app.attribute("[data-testid=import-problem][data-row='1503']", "data-reason").await, "duplicate");
    assert_eq!(app.attribute("[data-testid=import-problem][data-row='1504']", "data-reason").await, "missing_address");
    // The columns found by their Russian names: the address, and the rest as new fields.
    let address = app.script("return document.querySelector('[data-testid=import-column-0]').value").await;
    assert_eq!(address.as_str(), Some("address"));
    app.screenshot("import-review").await;

    // The typo is fixed (the default), the role's mailbox kept: 1502 go.
    app.click("[data-testid=import-keep-roles]").await;
    let start =
        plain(&app.wait_text("[data-testid=import-start]", "the start button", |t| plain(t).contains("1502")).await);
    assert!(start.starts_with("Импортировать"), "{start}");
    app.click("[data-testid=import-start]").await;
    let report = plain(&app.wait_text("[data-testid=import-report]", "the report", |t| !t.is_empty()).await);
    assert_eq!(app.attribute("[data-testid=import-run]", "data-status").await, "finished");
    assert!(report.contains("Отправлено: 1502"), "{report}");
    assert!(report.contains("Новых в списке: 1502"), "{report}");
    assert!(report.contains("Пропущено проверкой: 2"), "{report}");
    app.screenshot("import-report").await;

    // The row error file, as Russian Excel opens it: `;`, a byte-order mark, each row with its reason.
    let saved = app.data_dir().join("exported").join("rows-not-imported.csv");
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    app.click("[data-testid=import-save-errors]").await;
    e2e::native_dialog::save_as(&saved).await;
    app.wait_toast("the saved rows", |t| t.contains("2")).await;
    let text = std::fs::read_to_string(&saved).expect("the error file where it was saved");
    assert!(text.starts_with('\u{FEFF}'), "a byte-order mark for Excel");
    let lines: Vec<&str> = text.trim_start_matches('\u{FEFF}').lines().collect();
    assert_eq!(lines[0], "Строка;Причина;Исправление или ответ сервиса;Эл. почта;Имя;Город");
    assert_eq!(lines[1], "1503;Повтор строки выше;;gost7@coffee.example;Повтор;Омск");
    assert_eq!(lines[2], "1504;Нет адреса;;;Без адреса;Омск");

    app.click("[data-testid=dialog-cancel]").await;
    let shown = app.wait_count("[data-testid=table-row]", "the imported subscribers", |n| n >= 10).await;
    assert!(shown.iter().all(|r| r.contains('@')), "{shown:?}");
    app.wait("[data-testid=import-history]").await;
    app.screenshot("import-done").await;
    app.close().await;
}

/// Excel's "Unicode text": UTF-16 with its mark, tab-delimited, `rows` readers.
fn unicode_text_file(dir: &std::path::Path, rows: usize) -> std::path::PathBuf {
    let mut text = String::from("\u{feff}Email\tName\tPhone\r\n");
    for n in 0..rows {
        text.push_str(&format!("taster{n}@beans.example\tTaster {n}\t+7 916 {n:07}\r\n"));
    }
    let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let path = dir.join("tasters.txt");
    std::fs::write(&path, bytes).unwrap();
    path
}

const KEY: &str = "import-resume-key";

const ROWS: usize = 40_000;

/// Picks the file for the open list and starts sending all of it.
async fn start_import(app: &App, file: &std::path::Path) {
    app.click_to_show("[data-testid=import-open]", "[data-testid=import-pick]").await;
    app.click("[data-testid=import-pick]").await;
    e2e::native_dialog::open(file).await;
    app.wait_text("[data-testid=import-summary]", "the file's summary", |t| t.contains("tasters.txt")).await;
    app.click("[data-testid=import-start]").await;
}

/// The first number in a text, its digits grouped any way ("1,000", "1 000").
fn first_number(text: &str) -> Option<u64> {
    let first = text.split(|c: char| c.is_whitespace() && c != '\u{a0}' && c != '\u{202f}').next()?;
    first.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// How many rows the import dialog says went, once it says any did.
async fn rows_sent(app: &App) -> u64 {
    let done =
        app.wait_text("[data-testid=import-done]", "rows going out", |t| first_number(t).is_some_and(|n| n > 0)).await;
    first_number(&done).expect("a count")
}

#[tokio::test]
async fn an_import_is_paused_survives_a_crash_resumes_from_where_it_was_and_a_second_is_cancelled() {
    // A service 700 ms away: forty batches take long enough to stop one. The
    // demo's subscribers and forty thousand more are over its plan's limit.
    let sandbox = e2e::SandboxProcess::start_with(KEY, &["--demo", "--latency", "700", "--limit-members", "1000000"]);
    let mut app = App::launch("import-resume").await;
    let file = unicode_text_file(app.data_dir(), ROWS);
    app.add_account("Roastery", &sandbox.base_url, KEY).await;
    app.click_to_show("[data-testid=new-list]", "[data-testid=list-name]").await;
    app.type_into("[data-testid=list-name]", "Tasting club").await;
    app.click("[data-testid=list-name-submit]").await;
    app.click("[data-testid=list-row][data-list-name='Tasting club'] [data-testid=open-list]").await;
    app.wait_text("[data-testid=list-title]", "the new list", |t| t == "Tasting club").await;

    start_import(&app, &file).await;
    let went = rows_sent(&app).await;
    assert!(went < ROWS as u64, "{went}");
    app.screenshot("import-progress").await;
    app.click("[data-testid=import-pause]").await;
    app.wait("[data-testid=import-run][data-status=stopped]").await;
    let paused = app.wait_text("[data-testid=import-done]", "where it paused", |t| !t.is_empty()).await;
    let paused = first_number(&paused).expect("a count");
    app.screenshot("import-paused").await;

    // The app dies; started again, the list offers the import where it stopped.
    let data = app.crash();
    let mut app = App::launch_again("import-resume-again", data).await;
    app.click("[data-list-name='Tasting club'] [data-testid=open-list]").await;
    let banner = app
        .wait_text("[data-testid=import-banner][data-status=stopped]", "the stopped import", |t| {
            t.contains("tasters.txt")
        })
        .await;
    assert!(banner.contains(&format!("stopped at {}", e2e::english(paused))), "{banner} / {paused}");
    app.wait_text("[data-testid=list-title]", "the list", |t| t == "Tasting club").await;
    app.wait_count("[data-testid=table-row]", "the readers sent before", |n| n > 0).await;
    app.screenshot("import-offered-after-restart").await;
    app.click("[data-testid=import-banner-open]").await;
    app.click("[data-testid=import-resume]").await;
    app.wait("[data-testid=import-run][data-status=finished]").await;
    let report = app.wait_text("[data-testid=import-report]", "the report", |t| !t.is_empty()).await;
    assert!(report.contains("Sent: 40,000"), "{report}");
    assert!(report.contains("New in the list: 40,000"), "each reader once over both runs: {report}");
    app.screenshot("import-finished").await;
    app.click("[data-testid=dialog-cancel]").await;

    // The same file again, cancelled after asking: what went stays, nothing twice.
    start_import(&app, &file).await;
    rows_sent(&app).await;
    app.click("[data-testid=import-cancel]").await;
    app.wait("[data-testid=confirm]").await;
    app.screenshot("import-cancel-asked").await;
    app.click("[data-testid=confirm]").await;
    app.wait("[data-testid=import-run][data-status=cancelled]").await;
    let client = api::Client::new(&sandbox.base_url, api::ApiKey::new(KEY)).unwrap();
    let lists = api::lists::list(&client, None).await.unwrap();
    let club = lists.iter().find(|l| *l.name == "Tasting club").expect("the list");
    assert_eq!(*club.counts.count_all, ROWS as i64, "every reader once");
    app.close().await;
}

/// A file whose delimiter is guessed wrong (its notes have commas), with
/// birthdays written 03/04/1990: the delimiter corrected in the dialog,
/// the preview follows, and the order of the dates is asked before they go.
#[tokio::test]
async fn a_wrong_guess_is_corrected_in_the_dialog_and_ambiguous_dates_are_asked() {
    let mut app = App::launch("import-corrected").await;
    let path = app.data_dir().join("fair.txt");
    let rows = "email|Birthday|Note, first, second\r\nanna@fair.example|03/04/1990|met, at, stand\r\nivan@fair.example|11/12/1985|tasted, the, espresso\r\n";
    std::fs::write(&path, rows).unwrap();
    app.open_demo().await;
    let list = "Fair contacts";
    app.click_to_show("[data-testid=new-list]", "[data-testid=list-name]").await;
    app.type_into("[data-testid=list-name]", list).await;
    app.click("[data-testid=list-name-submit]").await;
    app.click(&format!("[data-testid=list-row][data-list-name='{list}'] [data-testid=open-list]")).await;
    app.wait_text("[data-testid=list-title]", "the new list", |t| t == list).await;
    app.click_to_show("[data-testid=import-open]", "[data-testid=import-pick]").await;
    app.click("[data-testid=import-pick]").await;
    e2e::native_dialog::open(&path).await;
    app.wait_text("[data-testid=import-summary]", "the comma guessed", |t| t.contains("delimiter ,")).await;
    let columns = "return document.querySelectorAll('[data-testid=import-columns] th').length";
    assert_eq!(app.script(columns).await, 3);
    app.choose("[data-testid=import-delimiter]", "Vertical bar ( | )").await;
    app.wait_text("[data-testid=import-summary]", "the preview read again", |t| t.contains("delimiter |")).await;
    let note = app
        .wait_script(
            "return [...document.querySelectorAll('[data-testid=import-columns] tbody tr:nth-child(2) td')].map(td => td.textContent)",
            "the notes whole",
            |v| v[2] == "met, at, stand",
        )
        .await;
    assert_eq!(note[0], "anna@fair.example");
    app.wait_text("[data-testid=import-date-order]", "the question naming its column", |t| t.contains("«Birthday»"))
        .await;
    app.screenshot("import-corrected").await;
    app.click("[data-testid=import-start]").await;
    app.wait("[data-testid=import-date-unanswered]").await;
    app.screenshot("import-dates-asked").await;
    app.choose("[data-testid=language]", "Русский").await;
    app.wait_text("[data-testid=import-date-order]", "the question in Russian", |t| t.contains("Что стоит первым"))
        .await;
    app.screenshot("import-dates-asked-ru").await;
    app.choose("[data-testid=language]", "English").await;
    app.click("[data-testid=import-date-dayFirst]").await;
    app.click("[data-testid=import-start]").await;
    app.wait("[data-testid=import-run][data-status=finished]").await;
    app.screenshot("import-corrected-done").await;
    app.close().await;
}

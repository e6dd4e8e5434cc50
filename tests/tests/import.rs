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
    let saved = app.data_dir().join("exported").join("ошибки.csv");
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

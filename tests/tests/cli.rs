//! The built app's commands in a terminal, with no window and no display,
//! in the OS language or as JSON: `campaign-desk check` checks layouts kept
//! in files (its exit code says whether the service would refuse the
//! launch), `campaign-desk check-import` a file of subscribers (whether
//! every row can be imported as it is).

use e2e::processes::built_binary;
use std::process::{Command, Output};

fn run(command: &str, args: &[&str], lang: &str) -> Output {
    Command::new(built_binary("campaign-desk"))
        .arg(command)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("LANGUAGE")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .output()
        .expect("the app runs")
}

fn check(args: &[&str], lang: &str) -> Output {
    run("check", args, lang)
}

fn files() -> tempfile::TempDir {
    let temp = tempfile::Builder::new().prefix("campaign-desk-check-").tempdir().unwrap();
    let dir = temp.path();
    std::fs::write(dir.join("ok.html"), r#"<p>Весна</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#)
        .unwrap();
    std::fs::write(dir.join("template.html"), r#"<template><a id="unsub_link">x</a></template><img src="a.png">"#)
        .unwrap();
    std::fs::write(dir.join("ok.txt"), "Весна. Отписаться: %ОТПИСАТЬСЯ%").unwrap();
    std::fs::write(dir.join("bare.txt"), "Весна.").unwrap();
    temp
}

#[test]
fn a_complete_layout_passes_and_one_without_its_link_fails_naming_the_version() {
    let dir = files();
    let path = |name: &str| dir.path().join(name).display().to_string();

    let ok = check(&[&path("ok.html"), "--text", &path("ok.txt")], "en_US.UTF-8");
    let out = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{out}");
    assert!(
        out.contains("pass       HTML: an unsubscribe link") && out.contains("pass       Text: an unsubscribe link"),
        "{out}"
    );

    let refused = check(&[&path("ok.html"), "--text", &path("bare.txt")], "ru_RU.UTF-8");
    let out = String::from_utf8_lossy(&refused.stdout);
    assert_eq!(refused.status.code(), Some(1), "{out}");
    assert!(
        out.contains("ОШИБКА     Текст: есть ссылка отписки (%ОТПИСАТЬСЯ%)"),
        "in Russian, naming the text version: {out}"
    );
    assert!(out.contains("Сервис откажется"), "{out}");

    // A link inside a <template> is no link; the image without alt is a warning.
    let json = check(&[&path("template.html"), "--json"], "en_US.UTF-8");
    assert_eq!(json.status.code(), Some(1));
    let items: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let rule = |rule: &str| items.as_array().unwrap().iter().find(|i| i["rule"] == rule).cloned().unwrap();
    assert_eq!(rule("unsubscribeLink")["outcome"], "fail");
    assert_eq!(rule("unsubscribeLink")["version"], "html");
    assert_eq!(rule("imageAlt")["outcome"], "warn");
    assert_eq!(rule("imageAlt")["found"], serde_json::json!(["a.png"]));
}

#[test]
fn without_a_file_it_says_how_to_use_it_and_a_missing_file_is_named() {
    let usage = check(&[], "en_US.UTF-8");
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("Usage: campaign-desk check"));
    let missing = check(&["/nonexistent/layout.html"], "ru_RU.UTF-8");
    assert_eq!(missing.status.code(), Some(2));
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(said.contains("Не удалось прочитать /nonexistent/layout.html"), "{said}");
}

/// Excel's "Unicode text": UTF-16 little-endian with its mark, tab-delimited.
fn unicode_text(text: &str) -> Vec<u8> {
    [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect()
}

#[test]
fn check_import_reads_excel_s_unicode_text_and_reports_each_row_s_problem() {
    let dir = tempfile::Builder::new().prefix("campaign-desk-check-import-").tempdir().unwrap();
    let file = dir.path().join("подписчики.txt");
    let rows = "Имя\tЭлектронная почта\r\nИван\tivan@пример.рф\r\n\r\nАнна\tanna@mail.ry\r\nИван\tIVAN@пример.рф\r\n";
    std::fs::write(&file, unicode_text(rows)).unwrap();
    let path = file.display().to_string();

    let json = run("check-import", &[&path, "--json"], "en_US.UTF-8");
    assert_eq!(json.status.code(), Some(1), "a row has a problem");
    let checked: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(
        checked,
        serde_json::json!({"encoding": "utf-16le", "delimiter": "\t", "header": true, "email_column": 1, "rows": 3,
            "problems": [{"row": 4, "reason": "typo_domain", "suggestion": "anna@mail.ru"},
                         {"row": 5, "reason": "duplicate"}]})
    );

    let said = run("check-import", &[&path], "ru_RU.UTF-8");
    assert_eq!(said.status.code(), Some(1));
    let out = String::from_utf8_lossy(&said.stdout);
    assert!(out.contains("Разделитель: табуляция"), "{out}");
    assert!(out.contains("Строка 4: похоже на опечатку. Может быть, anna@mail.ru?"), "{out}");

    std::fs::write(&file, unicode_text("E-mail\r\nivan@example.com\r\n")).unwrap();
    let clean = run("check-import", &[&path], "en_US.UTF-8");
    assert_eq!(clean.status.code(), Some(0), "{}", String::from_utf8_lossy(&clean.stdout));
    assert!(String::from_utf8_lossy(&clean.stdout).contains("Every row can be imported as it is."));
}

#[test]
fn check_import_says_when_a_file_cannot_be_read() {
    let usage = run("check-import", &[], "en_US.UTF-8");
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("Usage: campaign-desk check-import FILE [--json]"));
    let missing = run("check-import", &["/nonexistent/list.csv"], "ru_RU.UTF-8");
    assert_eq!(missing.status.code(), Some(2));
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(said.contains("Не удалось прочитать /nonexistent/list.csv"), "{said}");
    let dir = tempfile::Builder::new().prefix("campaign-desk-check-import-").tempdir().unwrap();
    let old = dir.path().join("old.xls");
    std::fs::write(&old, [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]).unwrap();
    let refused = run("check-import", &[&old.display().to_string()], "en_US.UTF-8");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("save it as .xlsx, .ods or CSV"));
}

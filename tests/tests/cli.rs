//! `campaign-desk check` in a terminal: the built app checks layouts kept in
//! files with no window and no display, in the OS language or as JSON, and
//! its exit code says whether the service would refuse the launch.

use e2e::processes::built_binary;
use std::process::{Command, Output};

fn check(args: &[&str], lang: &str) -> Output {
    Command::new(built_binary("campaign-desk"))
        .arg("check")
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

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
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("cannot be read as a table"), "{said}");
}

#[test]
fn check_import_reads_an_old_excel_workbook() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/xls/dates.xls");
    let out = run("check-import", &[book, "--json"], "en_US.UTF-8");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "read, its rows without addresses: {said}");
    let checked: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(checked["sheet"], "Sheet1");
    assert_eq!(checked["encoding"], "xls");
}

/// Each file made to take a reader down, written where the terminal reads it.
fn hostile_files() -> (tempfile::TempDir, Vec<(&'static str, std::path::PathBuf)>) {
    use desk::import::hostile;
    let dir = tempfile::Builder::new().prefix("campaign-desk-hostile-").tempdir().unwrap();
    let files = [
        ("trillion-texts.xlsx", hostile::xlsx_declaring_a_trillion_texts()),
        ("bomb.xlsx", hostile::xlsx_zip_bomb()),
        ("repeated-cells.ods", hostile::ods_repeating_cells()),
        ("repeated-rows.ods", hostile::ods_repeating_rows()),
        ("unclosed-quote.csv", hostile::csv_with_an_unclosed_quote()),
        ("whole-sheet.xlsx", hostile::xlsx_spanning_the_whole_sheet()),
    ];
    let paths = files
        .into_iter()
        .map(|(name, bytes)| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            (name, path)
        })
        .collect();
    (dir, paths)
}

#[test]
fn check_import_refuses_files_made_to_take_it_down_and_says_why() {
    let (_dir, files) = hostile_files();
    let said = |name: &str, lang: &str| {
        let path = files.iter().find(|(n, _)| *n == name).unwrap().1.display().to_string();
        let started = std::time::Instant::now();
        let out = run("check-import", &[&path, "--json"], lang);
        assert!(started.elapsed().as_secs() < 20, "{name} took {:?}", started.elapsed());
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), out.stdout)
    };
    let refused = |name: &str, lang: &str, words: &str| {
        let (code, stderr, _) = said(name, lang);
        assert_eq!(code, Some(2), "{name}: refused, not crashed: {stderr}");
        assert!(stderr.contains(words), "{name}: {stderr}");
    };
    refused("trillion-texts.xlsx", "en_US.UTF-8", "says it holds more texts than it does");
    refused("bomb.xlsx", "ru_RU.UTF-8", "сжат больше чем в 200 раз плотнее любой таблицы");
    refused("repeated-cells.ods", "en_US.UTF-8", "has more than 10000000 cells in its sheet");
    refused("repeated-rows.ods", "en_US.UTF-8", "has a value past row 1048576");
    refused("unclosed-quote.csv", "ru_RU.UTF-8", "ячейка в строке 2 длиннее 131072 символов");
    // A sheet spanning A1:XFD1048576 is read by the cells it has.
    let (code, stderr, stdout) = said("whole-sheet.xlsx", "en_US.UTF-8");
    assert_eq!(code, Some(1), "{stderr}");
    let checked: serde_json::Value = serde_json::from_slice(&stdout).expect("one JSON object");
    assert_eq!(checked["sheet"], "Sheet1");
    assert_eq!(checked["problems"], serde_json::json!([{"row": 1048576, "reason": "missing_address"}]));
}

#[test]
fn check_import_reads_a_file_as_the_flags_say_and_reports_them() {
    let dir = tempfile::Builder::new().prefix("campaign-desk-check-import-").tempdir().unwrap();
    let file = dir.path().join("list.csv");
    let text = "email|name\nivan@example.ru|Иван Петров\nanna@example.ru|Анна Сидорова\n";
    std::fs::write(&file, &encoding_rs::KOI8_R.encode(text).0).unwrap();
    let path = file.display().to_string();
    let args = [path.as_str(), "--json", "--encoding", "koi8-r", "--delimiter", "|", "--no-header"];
    let out = run("check-import", &args, "en_US.UTF-8");
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let checked: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        (&checked["encoding"], &checked["delimiter"], &checked["header"], &checked["rows"]),
        (&serde_json::json!("koi8-r"), &serde_json::json!("|"), &serde_json::json!(false), &serde_json::json!(3))
    );
    assert_eq!(
        checked["problems"],
        serde_json::json!([{"row": 1, "reason": "invalid_address"}]),
        "the header read as a row"
    );
    assert_eq!(checked["overrides"], serde_json::json!({"encoding": "koi8-r", "delimiter": "|", "header": false}));

    let book = dir.path().join("book.xlsx");
    std::fs::write(&book, desk::import::hostile::plain_xlsx()).unwrap();
    let book = book.display().to_string();
    let out = run("check-import", &[&book, "--json", "--sheet", "Sheet1"], "en_US.UTF-8");
    let checked: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        (&checked["sheet"], &checked["overrides"]["sheet"]),
        (&serde_json::json!("Sheet1"), &serde_json::json!("Sheet1"))
    );
    let missing = run("check-import", &[&book, "--sheet", "Лист2"], "ru_RU.UTF-8");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("нет листа с таким именем"));
    let wrong = run("check-import", &[&book, "--encoding", "ebcdic"], "en_US.UTF-8");
    assert_eq!(wrong.status.code(), Some(2), "a flag not understood");
}

fn render(args: &[&str], lang: &str) -> Output {
    run("render", args, lang)
}

/// A block letter as the editor saves it, with `image` as its one block.
fn block_letter(image: &str) -> String {
    format!(
        r##"{{"look":{{"width":600,"pageColor":"#f3f4f6","contentColor":"#ffffff","textColor":"#1f2937","linkColor":"#4338ca","font":"sans","preheader":"Весна"}},
        "blocks":[{{"kind":"heading","level":1,"text":[{{"kind":"text","text":"Здравствуйте, "}},{{"kind":"tag","name":"NAME"}}],"align":"center"}},{image}],
        "footer":{{"company":"ООО «Кофейня»","address":"Москва","note":"","unsubscribe":"Отписаться"}}}}"##
    )
}

/// Letters in files, as the editor and MJML tools save them: one that
/// renders, ones that cannot be, and MJML with no unsubscribe link.
fn letter_files() -> tempfile::TempDir {
    let temp = tempfile::Builder::new().prefix("campaign-desk-letters-").tempdir().unwrap();
    let image = |alt: &str| format!(r#"{{"kind":"image","src":"https://coffee.example/a.png","alt":"{alt}"}}"#);
    for (name, content) in [
        ("spring.letter.json", block_letter(&image("Зёрна"))),
        ("no-alt.letter.json", block_letter(&image(""))),
        ("blank-alt.letter.json", block_letter(&image(" "))),
        ("not-a-letter.letter.json", r#"{"blocks":"many"}"#.to_string()),
        (
            "plain.mjml",
            "<mjml><mj-body><mj-section><mj-column><mj-text>Весна</mj-text></mj-column></mj-section></mj-body></mjml>"
                .to_string(),
        ),
        ("broken.mjml", "<mjml><mj-body><mj-section>".to_string()),
    ] {
        std::fs::write(temp.path().join(name), content).unwrap();
    }
    temp
}

#[test]
fn render_makes_html_of_a_block_letter_or_mjml_and_names_what_it_cannot_render() {
    let dir = letter_files();
    let path = |name: &str| dir.path().join(name).display().to_string();

    let made = render(&[&path("spring.letter.json"), "--out", &path("spring.html")], "en_US.UTF-8");
    assert_eq!(made.status.code(), Some(0), "{}", String::from_utf8_lossy(&made.stderr));
    let html = std::fs::read_to_string(path("spring.html")).unwrap();
    assert!(html.contains(r#"id="unsub_link""#) && html.contains("%NAME%") && html.contains("<!--[if mso"), "{html}");
    assert!(!html.contains("fonts.googleapis"), "no web font");

    let printed = render(&[&path("plain.mjml")], "en_US.UTF-8");
    assert_eq!(printed.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&printed.stdout).contains("Весна"));

    let refused = render(&[&path("no-alt.letter.json"), "--out", &path("no-alt.html")], "ru_RU.UTF-8");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert_eq!(said.trim().lines().count(), 1, "one line: {said}");
    assert!(said.contains("Блок 2: У картинки нет подписи"), "the block and its problem, in Russian: {said}");
    assert!(!dir.path().join("no-alt.html").exists(), "no output file");

    for (file, problem) in
        [("not-a-letter.letter.json", "not a block letter"), ("broken.mjml", "The MJML cannot be read")]
    {
        let refused = render(&[&path(file), "--out", &path("out.html")], "en_US.UTF-8");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert_eq!((refused.status.code(), said.trim().lines().count()), (Some(2), 1), "{said}");
        assert!(said.contains(problem), "{said}");
        assert!(!dir.path().join("out.html").exists());
    }
    let usage = render(&[], "en_US.UTF-8");
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("campaign-desk render"));
}

#[test]
fn check_checks_what_a_block_letter_or_mjml_renders_to() {
    let dir = letter_files();
    let path = |name: &str| dir.path().join(name).display().to_string();

    let ok = check(&[&path("spring.letter.json"), "--json"], "en_US.UTF-8");
    assert_eq!(ok.status.code(), Some(0), "{}", String::from_utf8_lossy(&ok.stdout));
    let items: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    let unsubscribe = items.as_array().unwrap().iter().find(|i| i["rule"] == "unsubscribeLink").expect("the rule");
    assert_eq!(unsubscribe["outcome"], "pass");

    let refused = check(&[&path("plain.mjml")], "en_US.UTF-8");
    let out = String::from_utf8_lossy(&refused.stdout);
    assert_eq!(refused.status.code(), Some(1), "MJML without an unsubscribe link is refused: {out}");
    assert!(out.contains("FAIL") && out.contains("an unsubscribe link"), "{out}");

    let unrenderable = check(&[&path("blank-alt.letter.json")], "en_US.UTF-8");
    let said = String::from_utf8_lossy(&unrenderable.stderr);
    assert_eq!(unrenderable.status.code(), Some(2), "{said}");
    assert!(said.contains("Block 2: An image has no words"), "{said}");
}

//! The inbox's keys on the Russian layout, pressed through the X server as
//! a person presses them: the keys marked J, K, R, U and E type «о», «л»,
//! «к», «г» and «у» there, and still move, open, reply, mark unread and close.

use e2e::desktop::Desktop;
use e2e::keyboard::KeyboardLayout;
use e2e::App;

/// The keysyms the Russian layout puts on the keys marked J, K, R, U and E.
const J: &str = "Cyrillic_o";
const K: &str = "Cyrillic_el";
const R: &str = "Cyrillic_ka";
const U: &str = "Cyrillic_ghe";
const E: &str = "Cyrillic_u";

/// The dialog whose thread is shown.
async fn open_thread(app: &App) -> String {
    app.wait("[data-testid=thread]").await;
    app.script("return document.querySelector('[data-testid=thread]')?.dataset.dialogId ?? ''")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn the_inbox_keys_work_on_the_russian_layout() {
    let mut desktop = Desktop::start().await;
    let mut app = App::launch_with_env("keyboard-layout-ru", &[("DISPLAY", desktop.display())]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    let ids = app
        .script("return [...document.querySelectorAll('[data-testid=dialog-row]')].slice(0, 2).map(e => e.dataset.dialogId)")
        .await;
    let ids: Vec<String> = ids.as_array().unwrap().iter().filter_map(|v| v.as_str().map(String::from)).collect();
    assert_eq!(ids.len(), 2, "two dialogs to move between: {ids:?}");

    let keyboard = KeyboardLayout::set(desktop.display(), "ru");
    desktop.focus_window("Campaign Desk").await;

    // J, J, K: the first dialog highlighted again; Enter opens it.
    keyboard.press(&[J, J, K, "Return"]);
    app.wait(&format!("[data-testid=thread][data-dialog-id='{}']", ids[0])).await;
    // J, Enter: the next one.
    keyboard.press(&[J, "Return"]);
    app.wait(&format!("[data-testid=thread][data-dialog-id='{}']", ids[1])).await;
    app.screenshot("ru-layout-second-dialog").await;

    // R: the cursor in the reply; there the same keys type Russian letters and do nothing else.
    keyboard.press(&[R]);
    app.wait_script("return document.activeElement?.dataset.testid ?? ''", "the cursor in the reply", |v| {
        v == "reply-text"
    })
    .await;
    keyboard.press(&[J, K, E]);
    let typed = "return document.querySelector('[data-testid=reply-text]')?.value ?? ''";
    app.wait_script(typed, "Russian letters in the reply", |v| v == "олу").await;
    assert_eq!(open_thread(&app).await, ids[1], "typing in the reply moved nothing");
    app.screenshot("ru-layout-typed").await;

    // Escape leaves the reply; U marks the dialog unread.
    keyboard.press(&["Escape", U]);
    app.wait_toast("the marked-unread notice", |t| t.contains("Marked unread")).await;
    // E closes it, and it leaves the open list.
    keyboard.press(&[E]);
    app.wait_count(&format!("[data-testid=dialog-row][data-dialog-id='{}']", ids[1]), "the closed dialog gone", |n| {
        n == 0
    })
    .await;
    app.screenshot("ru-layout-closed").await;
    drop(keyboard);
    app.close().await;
}

//! Typed work is never lost: what is typed while a save is on its way, and
//! a reply being written, come back after the app is killed.

use e2e::App;
use std::path::{Path, PathBuf};
use std::time::Duration;

const KEY: &str = "kept-typing-key";
const ROW: &str = "[data-testid=campaign-row]";
const DRAFT: &str = "[data-testid=campaign-row][data-campaign-name='Holiday gift guide (draft)']";

/// Waits until the kept file at `path` holds `text` (the app keeps what is
/// typed a moment after typing stops).
async fn kept_on_disk(path: &Path, text: &str) {
    e2e::webdriver::wait_for(Duration::from_secs(20), "the typing kept on disk", || {
        let found = std::fs::read_to_string(path).ok().filter(|kept| kept.contains(text));
        async move { found.map(|_| ()) }
    })
    .await
    .unwrap();
}

/// The one folder of kept drafts under a data directory's `drafts` (one account's).
fn drafts_of_the_account(data_dir: &Path) -> PathBuf {
    let mut accounts = std::fs::read_dir(data_dir.join("drafts")).unwrap().map(|e| e.unwrap().path());
    let folder = accounts.next().expect("the account's drafts folder");
    assert!(accounts.next().is_none(), "one account");
    folder
}

/// Takes the keys of a data directory's accounts out of the keyring, once
/// the app that added them has stopped.
fn forget_keys(data_dir: &Path) {
    let stored = std::fs::read_to_string(data_dir.join("accounts.json")).unwrap_or_default();
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap_or_default();
    for account in stored["accounts"].as_array().into_iter().flatten() {
        if let Some(id) = account["id"].as_str() {
            let _ = keyring::Entry::new("campaign-desk", id).and_then(|entry| entry.delete_credential());
        }
    }
}

fn subject_script() -> &'static str {
    "return document.querySelector('[data-testid=campaign-subject]').value"
}

#[tokio::test]
async fn what_is_typed_while_a_save_is_on_its_way_survives_the_app_being_killed() {
    // Every answer takes two seconds: the save is on its way long enough to type more.
    let sandbox = e2e::SandboxProcess::start_with(KEY, &["--demo", "--latency", "2000"]);
    let mut app = App::launch("kept-during-save").await;
    app.add_account("Slow shop", &sandbox.base_url, KEY).await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show(&format!("{DRAFT} [data-testid=open-campaign]"), "[data-testid=campaign-editor]").await;
    let id = app.script("return document.querySelector('[data-testid=campaign-editor]').dataset.campaignId").await;
    let id = id.as_str().unwrap().to_string();

    app.type_into("[data-testid=campaign-subject]", "Gifts they open first").await;
    app.wait_text("[data-testid=save-state]", "unsaved", |t| t.starts_with("Unsaved")).await;
    app.click("[data-testid=save-campaign]").await;
    app.wait_text("[data-testid=save-campaign]", "the save on its way", |t| t == "Saving…").await;
    app.type_more("[data-testid=campaign-subject]", ", wrapped by us").await;
    let kept = drafts_of_the_account(app.data_dir()).join(format!("{id}.json"));
    kept_on_disk(&kept, "wrapped by us").await;
    app.screenshot("typed-during-save").await;
    // The save of the first words lands; the later typing is still kept.
    app.wait_text("[data-testid=save-campaign]", "the save done", |t| t == "Save").await;
    app.wait_text("[data-testid=save-state]", "still unsaved", |t| t.starts_with("Unsaved")).await;
    app.screenshot("saved-first-words").await;
    let data_dir = app.crash();

    let mut app = App::launch_again("kept-during-save-again", data_dir).await;
    app.wait("[data-testid=current-account]").await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show(&format!("{DRAFT} [data-testid=open-campaign]"), "[data-testid=unsaved-offer]").await;
    assert_eq!(app.script(subject_script()).await, "Gifts they open first", "the service has the first words");
    app.screenshot("offered").await;
    app.click("[data-testid=restore-draft]").await;
    app.wait_script(subject_script(), "the later typing restored", |v| v == "Gifts they open first, wrapped by us")
        .await;
    app.screenshot("restored").await;
    let data_dir = app.close().await;
    forget_keys(data_dir.path());
}

#[tokio::test]
async fn a_reply_being_written_survives_the_app_being_killed() {
    let mut app = App::launch("kept-reply").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    app.click("[data-testid=dialog-row]").await;
    app.wait("[data-testid=thread]").await;
    let dialog = app.script("return document.querySelector('[data-testid=thread]').dataset.dialogId").await;
    let dialog = dialog.as_str().unwrap().to_string();
    let text = "Спасибо за письмо! Пришлём номер заказа завтра.";
    app.type_into("[data-testid=reply-text]", text).await;
    kept_on_disk(&app.data_dir().join("drafts").join("demo").join(format!("reply-{dialog}.json")), "номер заказа")
        .await;
    app.screenshot("typed").await;
    let data_dir = app.crash();

    let mut app = App::launch_again("kept-reply-again", data_dir).await;
    app.wait("[data-testid=current-account], [data-testid=open-demo]").await;
    if app.script("return Boolean(document.querySelector('[data-testid=open-demo]'))").await == serde_json::json!(true)
    {
        app.open_demo().await;
    }
    app.click_to_show("[data-testid=nav-inbox]", "[data-testid=dialog-row]").await;
    app.script(&format!("location.hash = '/w/inbox?dialog={dialog}'; return true")).await;
    let reply = "return document.querySelector('[data-testid=reply-text]')?.value ?? null";
    app.wait_script(reply, "the reply offered back", |v| v == text).await;
    app.screenshot("reply-back").await;
    app.close().await;
}

//! Connecting a real account: a separately started sandbox, its key in the
//! real Secret Service keyring, and a clear error for a wrong key.

use e2e::{App, SandboxProcess};

const KEY: &str = "e2e-account-key-7Hq2";

async fn seed_list(base_url: &str, name: &str) {
    let client = api::Client::new(base_url, api::ApiKey::new(KEY)).unwrap();
    let list = api::lists::NewList { name: name.into(), ..Default::default() };
    api::lists::create(&client, &list).await.unwrap();
}

async fn fill_account_form(app: &App, name: &str, url: &str, key: &str) {
    app.click_to_show("[data-testid=add-account]", "[data-testid=account-name]").await;
    app.type_into("[data-testid=account-name]", name).await;
    app.type_into("[data-testid=account-url]", url).await;
    app.type_into("[data-testid=account-key]", key).await;
}

#[tokio::test]
async fn an_account_is_added_its_key_kept_in_the_keyring_and_its_lists_shown() {
    let sandbox = SandboxProcess::start(KEY);
    seed_list(&sandbox.base_url, "Wholesale EU").await;
    let mut app = App::launch("add-account").await;
    fill_account_form(&app, "Roastery live", &sandbox.base_url, KEY).await;
    app.screenshot("account-form").await;
    app.click("[data-testid=account-save]").await;
    app.wait("[data-testid=list-row][data-list-name='Wholesale EU']").await;
    app.wait_text("[data-testid=current-account]", "the account name", |t| t == "Roastery live").await;
    app.screenshot("account-lists").await;

    let accounts = std::fs::read_to_string(app.data_dir.join("accounts.json")).unwrap();
    assert!(!accounts.contains(KEY), "the key is not in the accounts file");
    let stored: serde_json::Value = serde_json::from_str(&accounts).unwrap();
    let id = stored["accounts"][0]["id"].as_str().unwrap().to_string();
    let in_keyring = keyring::Entry::new("campaign-desk", &id).unwrap().get_password().unwrap();
    assert_eq!(in_keyring, KEY, "the key is in the Secret Service");
    let page_text = app.script("return document.documentElement.outerHTML").await;
    assert!(!page_text.as_str().unwrap_or_default().contains(KEY), "the key never reaches the webview after saving");
    app.close().await;
    let _ = keyring::Entry::new("campaign-desk", &id).unwrap().delete_credential();
}

#[tokio::test]
async fn a_wrong_key_gives_a_clear_error_and_keeps_the_form() {
    let sandbox = SandboxProcess::start(KEY);
    let mut app = App::launch("wrong-key").await;
    fill_account_form(&app, "Roastery live", &sandbox.base_url, "not-the-key").await;
    app.click("[data-testid=account-save]").await;
    let error = app.wait_text("[data-testid=error]", "the wrong-key error", |t| !t.is_empty()).await;
    assert!(error.contains("did not accept the API key"), "{error}");
    assert!(error.contains("service code 1000"), "{error}");
    app.screenshot("wrong-key-error").await;
    let name = app.script("return document.querySelector('[data-testid=account-name]').value").await;
    assert_eq!(name.as_str(), Some("Roastery live"), "what was typed is kept");
    assert!(!app.data_dir.join("accounts.json").exists(), "nothing was saved");
    app.close().await;
}

#[tokio::test]
async fn without_a_keyring_the_app_says_what_to_install_and_saves_nothing() {
    let sandbox = SandboxProcess::start(KEY);
    let no_bus = [("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/campaign-desk-bus")];
    let mut app = App::launch_with_env("no-keyring", &no_bus).await;
    fill_account_form(&app, "Roastery live", &sandbox.base_url, KEY).await;
    app.click("[data-testid=account-save]").await;
    let error = app.wait_text("[data-testid=error]", "the keyring error", |t| !t.is_empty()).await;
    assert!(error.contains("system keyring could not be used"), "{error}");
    assert!(error.contains("gnome-keyring"), "{error}");
    assert!(!error.contains(KEY));
    app.screenshot("no-keyring").await;
    assert!(!app.data_dir.join("accounts.json").exists(), "no account without its key, and no key in a file");
    app.close().await;
}

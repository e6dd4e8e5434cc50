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

    let accounts = std::fs::read_to_string(app.data_dir().join("accounts.json")).unwrap();
    assert!(!accounts.contains(KEY), "the key is not in the accounts file");
    let stored: serde_json::Value = serde_json::from_str(&accounts).unwrap();
    let id = stored["accounts"][0]["id"].as_str().unwrap().to_string();
    let in_keyring = keyring::Entry::new("campaign-desk", &id).unwrap().get_password().unwrap();
    let in_keyring: serde_json::Value = serde_json::from_str(&in_keyring).unwrap();
    assert_eq!(in_keyring["key"], KEY, "the key is in the Secret Service");
    let origin = sandbox.base_url.trim_end_matches("/v2");
    assert_eq!(in_keyring["origin"], origin, "with the server it was entered for");
    let page_text = app.script("return document.documentElement.outerHTML").await;
    assert!(!page_text.as_str().unwrap_or_default().contains(KEY), "the key never reaches the webview after saving");
    app.close().await;
    let _ = keyring::Entry::new("campaign-desk", &id).unwrap().delete_credential();
}

#[tokio::test]
async fn an_address_changed_in_the_file_between_runs_asks_for_the_key_in_the_window() {
    let (here, there) = (SandboxProcess::start(KEY), SandboxProcess::start(KEY));
    seed_list(&there.base_url, "Moved here").await;
    let app = App::launch("file-names-another-host").await;
    fill_account_form(&app, "Roastery live", &here.base_url, KEY).await;
    app.click("[data-testid=account-save]").await;
    app.wait_text("[data-testid=current-account]", "the account open", |t| t == "Roastery live").await;
    let data = app.close().await;

    // Someone with access to the user's files points the account elsewhere.
    let path = data.path().join("accounts.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace(&here.base_url, &there.base_url)).unwrap();
    let stored: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let id = stored["accounts"][0]["id"].as_str().unwrap().to_string();

    let mut app = App::launch_again("file-names-another-host", data).await;
    app.wait("[data-testid=error][data-code=keyNotForThisAddress]").await;
    let url = app
        .wait_script("return document.querySelector('[data-testid=account-url]')?.value ?? null", "its form", |v| {
            v.is_string()
        })
        .await;
    assert_eq!(url, there.base_url.as_str(), "the account's form is open to take the key again");
    app.screenshot("key-asked-for-again").await;
    app.type_into("[data-testid=account-key]", KEY).await;
    app.click("[data-testid=account-save]").await;
    app.wait("[data-testid=list-row][data-list-name='Moved here']").await;
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
    assert!(error.contains("Service code 1000 · HTTP 401"), "{error}");
    app.screenshot("wrong-key-error").await;
    let name = app.script("return document.querySelector('[data-testid=account-name]').value").await;
    assert_eq!(name.as_str(), Some("Roastery live"), "what was typed is kept");
    assert!(!app.data_dir().join("accounts.json").exists(), "nothing was saved");
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
    assert!(error.contains("The system keyring could not be used"), "{error}");
    assert!(error.contains("gnome-keyring"), "{error}");
    assert!(!error.contains(KEY));
    app.screenshot("no-keyring").await;
    assert!(!app.data_dir().join("accounts.json").exists(), "no account without its key, and no key in a file");
    app.close().await;
}

/// Records the body of every IPC reply the page receives. Tauri's IPC
/// answers over `fetch` to its `ipc:` protocol; `__TAURI_INTERNALS__` itself
/// is frozen, `fetch` is not.
const RECORD_REPLIES: &str = r#"
    const original = window.fetch.bind(window);
    window.__replies = [];
    window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url = typeof input === "string" ? input : input.url;
        if (url.startsWith("ipc:") || url.startsWith("http://ipc.localhost")) {
            window.__replies.push(await response.clone().text());
        }
        return response;
    };
    return true;
"#;

fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return vec![] };
    entries
        .filter_map(Result::ok)
        .flat_map(|e| {
            let path = e.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[tokio::test]
async fn a_canary_key_through_a_whole_session_is_found_nowhere_but_the_keyring() {
    let canary = format!("canary-{:016x}", fastrand::u64(..));
    let (first, second) = (SandboxProcess::start(&canary), SandboxProcess::start(&canary));
    let client = api::Client::new(&first.base_url, api::ApiKey::new(&canary)).unwrap();
    let list = api::lists::create(&client, &api::lists::NewList { name: "Canary list".into(), ..Default::default() })
        .await
        .unwrap();
    let mut app = App::launch("leak-canary").await;
    assert_eq!(app.script(RECORD_REPLIES).await.as_bool(), Some(true));

    // Add it, and use it.
    fill_account_form(&app, "Canary shop", &first.base_url, &canary).await;
    app.click("[data-testid=account-save]").await;
    app.click_to_show(
        "[data-testid=list-row][data-list-name='Canary list'] [data-testid=open-list]",
        "[data-testid=list-title]",
    )
    .await;
    app.wait_text("[data-testid=list-title]", "the list", |t| t == "Canary list").await;
    app.screenshot("canary-in-use").await;

    // Move it to another host: the key is asked for again.
    app.click("[data-testid=switch-account]").await;
    app.click_to_show("[data-testid=edit-account]", "[data-testid=account-url]").await;
    app.type_into("[data-testid=account-url]", &second.base_url).await;
    app.click("[data-testid=account-save]").await;
    let error = app.wait_text("[data-testid=error]", "the new-host question", |t| !t.is_empty()).await;
    assert!(error.contains("needs the API key again"), "{error}");
    app.screenshot("canary-new-host-needs-key").await;
    app.type_into("[data-testid=account-key]", &canary).await;
    app.click("[data-testid=account-save]").await;
    app.wait_text("[data-testid=current-account]", "the moved account", |t| t == "Canary shop").await;

    // Remove it.
    app.click("[data-testid=switch-account]").await;
    app.click_to_show("[data-testid=remove-account]", "[data-testid=confirm]").await;
    app.click("[data-testid=confirm]").await;
    app.wait_count("[data-testid=account-card]", "the account to go", |n| n == 0).await;

    let replies = app.script("return window.__replies").await;
    let replies = replies.as_array().cloned().unwrap_or_default();
    assert!(replies.len() >= 8, "the recorder saw the session's replies: {}", replies.len());
    for reply in &replies {
        assert!(!reply.as_str().unwrap_or_default().contains(&canary), "an IPC reply carried the key: {reply}");
    }
    let page = app.script("return document.documentElement.outerHTML").await;
    assert!(!page.as_str().unwrap_or_default().contains(&canary), "the key is in the page");
    let data_dir = app.close().await;
    // Let WebKit flush its storage before searching it.
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;

    let files = files_under(data_dir.path());
    assert!(files.iter().any(|f| f.ends_with("accounts.json")), "the app's files are searched");
    assert!(files.iter().any(|f| f.to_string_lossy().contains("xdg-data")), "WebKit's storage is searched: {files:?}");
    assert!(files.iter().any(|f| f.ends_with("app.log")), "the log is searched");
    // The app's own log, rotating in its log folder: searched, and not
    // empty, so the search means something.
    let own_log = data_dir.path().join("logs").join("campaign-desk.log");
    assert!(files.contains(&own_log), "the app's log is searched: {files:?}");
    let logged = std::fs::read_to_string(&own_log).unwrap_or_default();
    assert!(logged.contains("account opened") && logged.contains("GET /v2/lists"), "the session is logged: {logged}");
    let utf16: Vec<u8> = canary.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let hits: Vec<_> = files
        .iter()
        .filter(|f| std::fs::read(f).map(|b| contains(&b, canary.as_bytes()) || contains(&b, &utf16)).unwrap_or(false))
        .collect();
    assert!(hits.is_empty(), "the key was found in {hits:?}");
    let _ = list;
}

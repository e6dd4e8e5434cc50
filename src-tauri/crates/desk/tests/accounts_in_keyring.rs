//! Accounts against a live sandbox, with keys in the real Secret Service.
//! Run inside `scripts/desktop-session` (the test command does).

use desk::accounts::{self, AccountsFailure, Action};
use desk::error::AddressProblem;
use desk::secrets::{KeyInput, Secrets};
use desk::{Desk, DeskError};

use crate::common::cx::cx;

const KEY: &str = "keyring-test-key";

fn data_dir() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("desk-keyring-").tempdir().unwrap()
}

fn service() -> String {
    format!("campaign-desk-test-{}", fastrand::u64(..))
}

fn key(text: &str) -> KeyInput {
    serde_json::from_value(serde_json::json!(text)).unwrap()
}

async fn sandbox() -> sandbox::Running {
    sandbox::start(sandbox::Config::new(KEY)).await.unwrap()
}

/// What the keyring holds for an account, as stored.
fn stored(service: &str, account_id: &str) -> keyring::Result<String> {
    keyring::Entry::new(service, account_id)?.get_password()
}

/// The key the keyring holds for an account (stored with its server).
fn stored_key(service: &str, account_id: &str) -> keyring::Result<String> {
    let bound: serde_json::Value = serde_json::from_str(&stored(service, account_id)?).unwrap();
    Ok(bound["key"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn an_added_account_keeps_its_key_in_the_keyring_and_nowhere_else() {
    let running = sandbox().await;
    let (dir, service) = (data_dir(), service());
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account =
        accounts::add_account(&cx(&desk), " Shop ", &running.base_url(), key(KEY)).await.expect("account is added");
    assert_eq!(account.name, "Shop");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY);
    let file = std::fs::read_to_string(dir.path().join("accounts.json")).unwrap();
    assert!(file.contains("Shop") && !file.contains(KEY), "{file}");

    let workspace = desk.open_account(&account.id).await.expect("opens with the key from the keyring");
    assert_eq!(workspace.account.id, account.id);
    assert!(desk.session().await.is_ok());
    // The check of the key read the balance a moment before: the opening
    // shows it and asks for nothing more; a later opening asks again.
    let client = api::Client::new(&running.base_url(), api::ApiKey::new(KEY)).unwrap();
    let balances = || async {
        let asked = api::sandbox::requests(&client).await.unwrap();
        asked.iter().filter(|r| r.path.ends_with("/account/balance")).count()
    };
    assert_eq!(balances().await, 1, "added and opened: one read of the balance");
    let again = desk.open_account(&account.id).await.unwrap();
    assert_eq!(again.balance, workspace.balance);
    assert_eq!(balances().await, 2, "opened again: read again");

    // What the app keeps of the account beside the key: a draft (the
    // user's work), what it learnt of moderation, a campaign's counted opens.
    let (draft, learnt, counted) = (
        dir.path().join("drafts").join(&account.id).join("campaign-new.json"),
        dir.path().join("moderation").join(format!("{}.json", account.id)),
        dir.path().join("counted").join(&account.id).join("7.json"),
    );
    for file in [&draft, &learnt, &counted] {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, "{}").unwrap();
    }

    accounts::remove_account(&cx(&desk), &account.id).await.unwrap();
    assert!(matches!(stored_key(&service, &account.id), Err(keyring::Error::NoEntry)));
    assert!(!learnt.exists() && !counted.parent().unwrap().exists(), "what was learnt and counted goes with it");
    assert!(draft.exists(), "a draft is the user's work: it stays");
    assert_eq!(desk.session().await.unwrap_err(), DeskError::NoAccountOpen, "the removed account's session is closed");
}

#[tokio::test]
async fn a_wrong_key_is_refused_and_nothing_is_saved() {
    let running = sandbox().await;
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(service()));
    let err = accounts::add_account(&cx(&desk), "Shop", &running.base_url(), key("wrong")).await.unwrap_err();
    assert_eq!(err, DeskError::KeyRefused { action: Action::ConnectAccount.into(), service_code: 1000, status: 401 });
    assert!(!serde_json::to_string(&err).unwrap().contains("wrong"));
    assert_eq!(desk.accounts().unwrap().accounts.len(), 1, "only the demo workspace");
}

#[tokio::test]
async fn unreachable_and_refused_addresses_are_told_apart() {
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(service()));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let err =
        accounts::add_account(&cx(&desk), "Gone", &format!("http://127.0.0.1:{port}/v2"), key(KEY)).await.unwrap_err();
    assert!(matches!(err, DeskError::Unreachable { action, .. } if action == Action::ConnectAccount.into()), "{err:?}");
    for (url, problem) in [
        ("http://api.example.com/v2", AddressProblem::PlainHttp),
        ("https://user:pw@api.example.com/v2", AddressProblem::UserInfo),
        ("https://api.example.com/v2?x=1", AddressProblem::Query),
        ("https://api.example.com/v2#top", AddressProblem::Fragment),
    ] {
        let err = accounts::add_account(&cx(&desk), "Odd", url, key(KEY)).await.unwrap_err();
        assert_eq!(err, DeskError::AddressRefused { problem }, "{url}");
    }
}

#[tokio::test]
async fn changing_the_key_checks_it_and_stores_the_new_one() {
    let running = sandbox().await;
    let service = service();
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account = accounts::add_account(&cx(&desk), "Shop", &running.base_url(), key(KEY)).await.unwrap();
    let err = accounts::update_account(&cx(&desk), &account.id, "Shop renamed", &running.base_url(), Some(key("bad")))
        .await
        .unwrap_err();
    assert!(matches!(err, DeskError::KeyRefused { .. }), "{err:?}");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY, "a refused key is not stored");
    let renamed = accounts::update_account(&cx(&desk), &account.id, "Shop renamed", &running.base_url(), Some(key("")))
        .await
        .unwrap();
    assert_eq!(renamed.name, "Shop renamed");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY);
}

#[tokio::test]
async fn a_key_belongs_to_its_host() {
    let (here, elsewhere) = (sandbox().await, sandbox().await);
    let service = service();
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account = accounts::add_account(&cx(&desk), "Shop", &here.base_url(), key(KEY)).await.unwrap();
    let moved =
        accounts::update_account(&cx(&desk), &account.id, "Shop", &elsewhere.base_url(), None).await.unwrap_err();
    assert_eq!(
        moved,
        DeskError::in_area(AccountsFailure::KeyNeededForNewAddress),
        "another host (another port) asks for the key again"
    );
    let same_host =
        accounts::update_account(&cx(&desk), &account.id, "Shop", &format!("{}/", here.base_url()), None).await;
    assert!(same_host.is_ok(), "the same host keeps its key: {same_host:?}");
    let retyped =
        accounts::update_account(&cx(&desk), &account.id, "Shop", &elsewhere.base_url(), Some(key(KEY))).await.unwrap();
    assert_eq!(retyped.base_url.as_deref(), Some(elsewhere.base_url().as_str()));
}

#[tokio::test]
async fn the_demo_workspace_opens_with_its_lists() {
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(service()));
    let workspace = desk.open_account("demo").await.expect("demo opens");
    assert!(workspace.account.demo);
    let lists = desk::lists::all(&desk.session().await.unwrap()).await.unwrap();
    assert!(lists.len() >= 5);
    assert!(lists.iter().any(|l| l.counts.all >= 50_000), "one list of 50,000 subscribers");
    assert!(dir.path().join("demo/workspace.sqlite").exists(), "demo data is kept in the data directory");
}

/// Changes `accounts.json` as someone with access to the user's files could.
fn edit_accounts_file(dir: &std::path::Path, change: impl FnOnce(&mut Vec<serde_json::Value>)) {
    let path = dir.join("accounts.json");
    let mut stored: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    change(stored["accounts"].as_array_mut().unwrap());
    std::fs::write(path, serde_json::to_vec_pretty(&stored).unwrap()).unwrap();
}

/// A server that records every byte sent to it and answers nothing useful:
/// where a key must never arrive.
struct Listener {
    base_url: String,
    received: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

async fn listener() -> Listener {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}/v2", socket.local_addr().unwrap());
    let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let into = received.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = socket.accept().await {
            let mut buffer = vec![0; 64 * 1024];
            let read = stream.read(&mut buffer).await.unwrap_or(0);
            into.lock().unwrap().extend_from_slice(&buffer[..read]);
            let _ = stream.write_all(b"HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n").await;
        }
    });
    Listener { base_url, received }
}

#[tokio::test]
async fn an_address_changed_in_the_file_asks_for_the_key_again_and_sends_it_nowhere() {
    let (here, there, recorder) = (sandbox().await, sandbox().await, listener().await);
    let service = service();
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account = accounts::add_account(&cx(&desk), "Shop", &here.base_url(), key(KEY)).await.unwrap();
    assert!(
        stored(&service, &account.id).unwrap().contains(&here.base_url().replace("/v2", "")),
        "bound to its server"
    );

    edit_accounts_file(dir.path(), |accounts| accounts[0]["base_url"] = recorder.base_url.clone().into());
    assert_eq!(desk.open_account(&account.id).await.unwrap_err(), DeskError::KeyNotForThisAddress);
    accounts::update_account(&cx(&desk), &account.id, "Shop", &recorder.base_url, None)
        .await
        .expect("a form saved as it is");
    assert_eq!(desk.open_account(&account.id).await.unwrap_err(), DeskError::KeyNotForThisAddress, "still asks");
    let path =
        accounts::update_account(&cx(&desk), &account.id, "Shop", &format!("{}/", recorder.base_url), None).await;
    assert_eq!(
        path.unwrap_err(),
        DeskError::in_area(AccountsFailure::KeyNeededForNewAddress),
        "nor is it sent to check a new path there"
    );
    let received = recorder.received.lock().unwrap().clone();
    assert!(received.is_empty(), "the other server heard nothing: {}", String::from_utf8_lossy(&received));

    // Another server that would take the key: it is still asked for, and once typed it opens.
    edit_accounts_file(dir.path(), |accounts| accounts[0]["base_url"] = there.base_url().into());
    assert_eq!(desk.open_account(&account.id).await.unwrap_err(), DeskError::KeyNotForThisAddress);
    accounts::update_account(&cx(&desk), &account.id, "Shop", &there.base_url(), Some(key(KEY))).await.unwrap();
    desk.open_account(&account.id).await.expect("the key typed for this server opens it");
    // Moving back by hand to the first server: its key was replaced, so it is asked for again.
    edit_accounts_file(dir.path(), |accounts| accounts[0]["base_url"] = here.base_url().into());
    assert_eq!(desk.open_account(&account.id).await.unwrap_err(), DeskError::KeyNotForThisAddress);
    accounts::update_account(&cx(&desk), &account.id, "Shop", &here.base_url(), Some(key(KEY))).await.unwrap();
    desk.open_account(&account.id).await.unwrap();
}

#[tokio::test]
async fn a_key_saved_before_keys_knew_their_server_is_trusted_only_at_the_service() {
    let recorder = listener().await;
    let service = service();
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let id = desk::accounts::new_id();
    std::fs::write(
        dir.path().join("accounts.json"),
        serde_json::to_vec(
            &serde_json::json!({"accounts": [{"id": id, "name": "Old", "base_url": recorder.base_url}]}),
        )
        .unwrap(),
    )
    .unwrap();
    keyring::Entry::new(&service, &id).unwrap().set_password(KEY).unwrap();
    assert_eq!(desk.open_account(&id).await.unwrap_err(), DeskError::KeyNotForThisAddress);
    assert!(recorder.received.lock().unwrap().is_empty(), "an unbound key goes to no server but the service's");
    assert_eq!(stored(&service, &id).unwrap(), KEY, "and stays as it was");

    // At the service's own address it keeps working, and is bound there from now on.
    let secrets = Secrets::with_service(&service);
    let loaded = secrets.load(&id, desk::secrets::SERVICE_ORIGIN).await.unwrap();
    assert_eq!(loaded.expose(), KEY);
    let bound = stored(&service, &id).unwrap();
    assert!(bound.contains(desk::secrets::SERVICE_ORIGIN) && bound.contains(KEY), "bound to the service");
    assert_eq!(secrets.load(&id, "http://127.0.0.1:9").await.unwrap_err(), DeskError::KeyNotForThisAddress);
    secrets.forget(&id).await.unwrap();
}

#[tokio::test]
async fn an_account_id_edited_into_a_path_is_refused_and_reaches_no_folder() {
    let running = sandbox().await;
    let service = service();
    let temp = data_dir();
    let dir = temp.path().join("data");
    let desk = Desk::new(dir.clone(), Secrets::with_service(&service));
    let good = accounts::add_account(&cx(&desk), "Shop", &running.base_url(), key(KEY)).await.unwrap();
    edit_accounts_file(&dir, |accounts| {
        for id in ["../x", "a/b", "..", ""] {
            accounts
                .push(serde_json::json!({"id": id, "name": format!("Edited {id}"), "base_url": running.base_url()}));
        }
    });
    // What the edited ids point at: `counted/../x` and `moderation/../x.json`.
    std::fs::create_dir_all(dir.join("x")).unwrap();
    std::fs::write(dir.join("x").join("keep.txt"), "the user's").unwrap();
    std::fs::write(dir.join("x.json"), "the user's").unwrap();
    let before = tree(temp.path());

    for id in ["../x", "a/b", "..", ""] {
        assert_eq!(desk.open_account(id).await.unwrap_err(), DeskError::in_area(AccountsFailure::IdRefused), "{id:?}");
    }
    assert_eq!(tree(temp.path()), before, "no file or folder made or touched for a refused id");
    assert_eq!(desk.accounts().unwrap().accounts.len(), 6, "the demo, the good account, the four refused, all listed");
    desk.open_account(&good.id).await.expect("the other accounts open as before");
    accounts::remove_account(&cx(&desk), "../x").await.expect("a refused account can be removed");
    assert!(dir.join("x/keep.txt").exists() && dir.join("x.json").exists(), "removing it deletes nothing outside");
    assert!(desk.accounts().unwrap().accounts.iter().all(|a| a.id != "../x"));
}

/// Every path under `root`, sorted.
fn tree(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut paths = Vec::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path.clone());
            }
            paths.push(path);
        }
    }
    paths.sort();
    paths
}

#[cfg(unix)]
#[tokio::test]
async fn files_at_rest_are_readable_by_the_user_only() {
    use std::os::unix::fs::PermissionsExt;
    let running = sandbox().await;
    let temp = data_dir();
    let dir = temp.path().join("data");
    let service = service();
    let desk = Desk::new(dir.clone(), Secrets::with_service(&service));
    let account = accounts::add_account(&cx(&desk), "Shop", &running.base_url(), key(KEY)).await.unwrap();
    desk.open_account(&account.id).await.unwrap();
    desk.open_account("demo").await.unwrap();
    let mode = |path: &std::path::Path| std::fs::symlink_metadata(path).unwrap().permissions().mode() & 0o777;
    let dirs: Vec<_> = std::iter::once(dir.clone()).chain(tree(&dir).into_iter().filter(|p| p.is_dir())).collect();
    assert!(dirs.len() > 1, "{dirs:?}");
    for folder in &dirs {
        assert_eq!(mode(folder), 0o700, "{folder:?} made for the user only");
    }
    for file in ["accounts.json", "accounts.lock"] {
        assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
    }
    drop(desk);

    // What an earlier version (or the demo's database) left open is closed at the next start.
    for folder in &dirs[1..] {
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::set_permissions(dir.join("accounts.json"), std::fs::Permissions::from_mode(0o644)).unwrap();
    let _restarted = Desk::new(dir.clone(), Secrets::with_service(&service));
    for path in tree(&dir) {
        assert_eq!(mode(&path), if path.is_dir() { 0o700 } else { 0o600 }, "{path:?}");
    }
}

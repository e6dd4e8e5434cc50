//! Accounts against a live sandbox, with keys in the real Secret Service.
//! Run inside `scripts/desktop-session` (the test command does).

use desk::error::{Action, AddressProblem};
use desk::secrets::{KeyInput, Secrets};
use desk::{Desk, DeskError};

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

fn stored_key(service: &str, account_id: &str) -> keyring::Result<String> {
    keyring::Entry::new(service, account_id)?.get_password()
}

#[tokio::test]
async fn an_added_account_keeps_its_key_in_the_keyring_and_nowhere_else() {
    let running = sandbox().await;
    let (dir, service) = (data_dir(), service());
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account = desk.add_account(" Shop ", &running.base_url(), key(KEY)).await.expect("account is added");
    assert_eq!(account.name, "Shop");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY);
    let file = std::fs::read_to_string(dir.path().join("accounts.json")).unwrap();
    assert!(file.contains("Shop") && !file.contains(KEY), "{file}");

    let workspace = desk.open_account(&account.id).await.expect("opens with the key from the keyring");
    assert_eq!(workspace.account.id, account.id);
    assert!(desk.session().await.is_ok());

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

    desk.remove_account(&account.id).await.unwrap();
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
    let err = desk.add_account("Shop", &running.base_url(), key("wrong")).await.unwrap_err();
    assert_eq!(err, DeskError::KeyRefused { action: Action::ConnectAccount, service_code: 1000, status: 401 });
    assert!(!serde_json::to_string(&err).unwrap().contains("wrong"));
    assert_eq!(desk.accounts().unwrap().accounts.len(), 1, "only the demo workspace");
}

#[tokio::test]
async fn unreachable_and_refused_addresses_are_told_apart() {
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(service()));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let err = desk.add_account("Gone", &format!("http://127.0.0.1:{port}/v2"), key(KEY)).await.unwrap_err();
    assert!(matches!(err, DeskError::Unreachable { action: Action::ConnectAccount, .. }), "{err:?}");
    for (url, problem) in [
        ("http://api.example.com/v2", AddressProblem::PlainHttp),
        ("https://user:pw@api.example.com/v2", AddressProblem::UserInfo),
        ("https://api.example.com/v2?x=1", AddressProblem::Query),
        ("https://api.example.com/v2#top", AddressProblem::Fragment),
    ] {
        let err = desk.add_account("Odd", url, key(KEY)).await.unwrap_err();
        assert_eq!(err, DeskError::AddressRefused { problem }, "{url}");
    }
}

#[tokio::test]
async fn changing_the_key_checks_it_and_stores_the_new_one() {
    let running = sandbox().await;
    let service = service();
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account = desk.add_account("Shop", &running.base_url(), key(KEY)).await.unwrap();
    let err =
        desk.update_account(&account.id, "Shop renamed", &running.base_url(), Some(key("bad"))).await.unwrap_err();
    assert!(matches!(err, DeskError::KeyRefused { .. }), "{err:?}");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY, "a refused key is not stored");
    let renamed = desk.update_account(&account.id, "Shop renamed", &running.base_url(), Some(key(""))).await.unwrap();
    assert_eq!(renamed.name, "Shop renamed");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY);
}

#[tokio::test]
async fn a_key_belongs_to_its_host() {
    let (here, elsewhere) = (sandbox().await, sandbox().await);
    let service = service();
    let dir = data_dir();
    let desk = Desk::new(dir.path().into(), Secrets::with_service(&service));
    let account = desk.add_account("Shop", &here.base_url(), key(KEY)).await.unwrap();
    let moved = desk.update_account(&account.id, "Shop", &elsewhere.base_url(), None).await.unwrap_err();
    assert_eq!(moved, DeskError::KeyNeededForNewAddress, "another host (another port) asks for the key again");
    let same_host = desk.update_account(&account.id, "Shop", &format!("{}/", here.base_url()), None).await;
    assert!(same_host.is_ok(), "the same host keeps its key: {same_host:?}");
    let retyped = desk.update_account(&account.id, "Shop", &elsewhere.base_url(), Some(key(KEY))).await.unwrap();
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

//! Accounts against a live sandbox, with keys in the real Secret Service.
//! Run inside `scripts/desktop-session` (the test command does).

use desk::accounts::{AccountChanges, NewAccount};
use desk::explain::ErrorKind;
use desk::secrets::Secrets;
use desk::Desk;

const KEY: &str = "keyring-test-key";

fn data_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("desk-keyring-{}", fastrand::u64(..)));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn service() -> String {
    format!("campaign-desk-test-{}", fastrand::u64(..))
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
    let desk = Desk::new(dir.clone(), Secrets::with_service(&service));
    let account = desk
        .add_account(NewAccount { name: " Shop ".into(), base_url: running.base_url(), api_key: KEY.into() })
        .await
        .expect("account is added");
    assert_eq!(account.name, "Shop");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY);
    let file = std::fs::read_to_string(dir.join("accounts.json")).unwrap();
    assert!(file.contains("Shop") && !file.contains(KEY), "{file}");

    let workspace = desk.open_account(&account.id).await.expect("opens with the key from the keyring");
    assert_eq!(workspace.account.id, account.id);
    assert!(desk.client().await.is_ok());

    desk.remove_account(&account.id).await.unwrap();
    assert!(matches!(stored_key(&service, &account.id), Err(keyring::Error::NoEntry)));
    assert!(desk.client().await.is_err(), "the removed account's session is closed");
}

#[tokio::test]
async fn a_wrong_key_is_explained_and_nothing_is_saved() {
    let running = sandbox().await;
    let (dir, service) = (data_dir(), service());
    let desk = Desk::new(dir.clone(), Secrets::with_service(&service));
    let err = desk
        .add_account(NewAccount { name: "Shop".into(), base_url: running.base_url(), api_key: "wrong".into() })
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Auth);
    assert!(err.message.contains("did not accept the API key"), "{}", err.message);
    assert!(!err.message.contains("wrong") && !err.advice.contains("wrong"));
    assert_eq!(desk.accounts().unwrap().accounts.len(), 1, "only the demo workspace");
}

#[tokio::test]
async fn an_unreachable_host_is_explained() {
    let desk = Desk::new(data_dir(), Secrets::with_service(service()));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let err = desk
        .add_account(NewAccount {
            name: "Gone".into(),
            base_url: format!("http://127.0.0.1:{port}/v2"),
            api_key: KEY.into(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Network);
    let err = desk
        .add_account(NewAccount {
            name: "Plain".into(),
            base_url: "http://api.example.com/v2".into(),
            api_key: KEY.into(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Input);
    assert!(err.message.contains("https"), "{}", err.message);
}

#[tokio::test]
async fn changing_the_key_checks_it_and_stores_the_new_one() {
    let running = sandbox().await;
    let service = service();
    let desk = Desk::new(data_dir(), Secrets::with_service(&service));
    let account = desk
        .add_account(NewAccount { name: "Shop".into(), base_url: running.base_url(), api_key: KEY.into() })
        .await
        .unwrap();
    let change = |key: &str| AccountChanges {
        id: account.id.clone(),
        name: "Shop renamed".into(),
        base_url: running.base_url(),
        api_key: Some(key.into()),
    };
    assert_eq!(desk.update_account(change("bad")).await.unwrap_err().kind, ErrorKind::Auth);
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY, "a refused key is not stored");
    let renamed = desk.update_account(change("")).await.unwrap();
    assert_eq!(renamed.name, "Shop renamed");
    assert_eq!(stored_key(&service, &account.id).unwrap(), KEY);
}

#[tokio::test]
async fn the_demo_workspace_opens_with_its_lists() {
    let dir = data_dir();
    let desk = Desk::new(dir.clone(), Secrets::with_service(service()));
    let workspace = desk.open_account("demo").await.expect("demo opens");
    assert!(workspace.account.demo);
    let lists = api::lists::list(&desk.client().await.unwrap(), None).await.unwrap();
    assert!(lists.len() >= 5);
    assert!(lists.iter().any(|l| l.counts.count_all >= 50_000), "one list of 50,000 subscribers");
    assert!(dir.join("demo/workspace.sqlite").exists(), "demo data is kept in the data directory");
}

//! A small account in a store of its own, served first by a healthy
//! sandbox (to set it up) and then by one that loses answers: writes carried
//! out and their answers cut (`applied_drop_rate` 1), or every connection
//! cut before the service acts (`drop_rate` 1).

use api::{Client, RetryPolicy};
use desk::Session;
use sandbox::faults::Faults;
use std::path::PathBuf;
use std::time::Duration;

pub const KEY: &str = "lost-answers-key";
pub const READERS: [&str; 3] = ["anna@example.com", "boris@example.com", "vera@example.com"];
pub const LETTER: &str = r#"<p>Весна</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#;

/// What the account holds.
// Each test crate uses what it needs of it.
#[allow(dead_code)]
pub struct Account {
    pub list_id: i64,
    /// Drafts ready to launch.
    pub draft: i64,
    pub spare: i64,
    /// A draft the moderators return for changes once launched.
    pub returned: i64,
    /// A campaign scheduled for [`Account::scheduled_for`].
    pub scheduled: i64,
    /// Tomorrow at nine, as the app writes a time (`YYYY-MM-DDTHH:MM`).
    pub scheduled_for: String,
    /// A campaign sent to the list's readers.
    pub sent: i64,
    /// A campaign sending one message an hour: sending for a long while.
    pub gradual: i64,
    /// An automation that has passed moderation.
    pub automation: i64,
    /// A reader's reply to the sent campaign.
    pub dialog: i64,
}

/// Tomorrow at `hour`, as the app writes a time (`YYYY-MM-DDTHH:MM`).
pub fn tomorrow_at(hour: u32) -> String {
    let day = chrono::Local::now().date_naive() + chrono::Duration::days(1);
    format!("{}T{hour:02}:00", day.format("%Y-%m-%d"))
}

/// The store, kept while the tests use it.
pub struct Store {
    pub dir: tempfile::TempDir,
    pub account: Account,
}

impl Store {
    fn db(&self) -> PathBuf {
        self.dir.path().join("service.sqlite")
    }

    /// The service over this store, healthy or with `faults`.
    pub async fn serve(&self, faults: Faults) -> sandbox::Running {
        let config = sandbox::Config { db: Some(self.db()), faults, ..sandbox::Config::new(KEY) };
        sandbox::start(config).await.expect("sandbox starts")
    }
}

/// Writes carried out, their answers cut.
pub fn applied_then_dropped() -> Faults {
    Faults { applied_drop_rate: 1.0, ..Faults::default() }
}

/// Every connection cut before the service acts.
pub fn dropped() -> Faults {
    Faults { drop_rate: 1.0, ..Faults::default() }
}

/// A client that never tries again by itself (reads included, so a test
/// of dropped connections ends at once).
pub fn client(service: &sandbox::Running) -> Client {
    let once = RetryPolicy { max_retries: 0, ..RetryPolicy::default() };
    super::service::client(service, KEY).with_retry_policy(once)
}

pub fn session(service: &sandbox::Running) -> Session {
    Session::for_client(client(service))
}

pub fn campaign(list_id: i64, name: &str) -> api::campaigns::CampaignContent {
    api::campaigns::CampaignContent {
        list_ids: Some(vec![list_id]),
        name: Some(name.into()),
        subject: Some("Весна".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("news@northwind.example".into()),
        html: Some(LETTER.into()),
        ..Default::default()
    }
}

/// The campaign's status as the service shows it.
pub async fn status(client: &Client, id: i64) -> api::campaigns::CampaignStatus {
    api::campaigns::get(client, id).await.unwrap().status
}

/// Waits until the campaign is in `wanted` (the sandbox's clock moves it on).
pub async fn until_status(client: &Client, id: i64, wanted: api::campaigns::CampaignStatus) {
    for _ in 0..200 {
        if status(client, id).await == wanted {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("campaign {id} never became {wanted:?}");
}

/// A list of three readers, a draft, a campaign sent to them and an
/// automation, made through a healthy service.
pub async fn store() -> Store {
    use api::automations::{AutomationSettings, TriggerEvent};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let healthy = sandbox::start(sandbox::Config { db: Some(db), ..sandbox::Config::new(KEY) }).await.unwrap();
    let client = client(&healthy);
    let list = api::lists::NewList { name: "Клуб".into(), ..Default::default() };
    let list_id = api::lists::create(&client, &list).await.unwrap();
    for email in READERS {
        let member = api::members::NewMember { email: email.into(), ..Default::default() };
        api::members::add(&client, list_id, &member, Default::default()).await.unwrap();
    }
    let draft = api::campaigns::create(&client, &campaign(list_id, "Черновик")).await.unwrap();
    let spare = api::campaigns::create(&client, &campaign(list_id, "Запасной")).await.unwrap();
    let returned = api::campaigns::create(&client, &campaign(list_id, "На доработку")).await.unwrap();
    api::sandbox::return_for_changes(&client, returned).await.unwrap();
    let scheduled = api::campaigns::create(&client, &campaign(list_id, "Завтра")).await.unwrap();
    let scheduled_for = tomorrow_at(9);
    api::campaigns::schedule(&client, scheduled, &format!("{}:00", scheduled_for.replace('T', " "))).await.unwrap();
    let sent = api::campaigns::create(&client, &campaign(list_id, "Зима")).await.unwrap();
    api::campaigns::launch(&client, sent).await.unwrap();
    until_status(&client, sent, api::campaigns::CampaignStatus::Sent).await;
    let slowly =
        api::campaigns::CampaignContent {
            limit: Some(1), wait_time: Some(3600), ..campaign(list_id, "Постепенно")
        };
    let gradual = api::campaigns::create(&client, &slowly).await.unwrap();
    api::campaigns::launch(&client, gradual).await.unwrap();
    until_status(&client, gradual, api::campaigns::CampaignStatus::Processing).await;
    let welcome = AutomationSettings {
        list_ids: Some(vec![list_id]),
        name: Some("Добро пожаловать".into()),
        subject: Some("Привет".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("news@northwind.example".into()),
        html: Some(LETTER.into()),
        events: Some(vec![TriggerEvent::Add]),
        ..Default::default()
    };
    let automation = api::automations::create(&client, &welcome).await.unwrap();
    let reply = api::sandbox::Reply {
        campaign_id: Some(sent),
        email: Some(READERS[0].into()),
        subject: "Re: Весна".into(),
        text: "Отпишите меня, пожалуйста".into(),
        ..Default::default()
    };
    let dialog = api::sandbox::put_reply(&client, &reply).await.unwrap();
    healthy.stop().await;
    let account =
        Account { list_id, draft, spare, returned, scheduled, scheduled_for, sent, gradual, automation, dialog };
    Store { dir, account }
}

//! A service that answers only what the contract lists (the sandbox with
//! `contract_only`): the paths the public clients add (`/estimate`, `/test`,
//! `/timeline`) answer 404, and the desk degrades instead of stopping. A
//! launch still asks with a count, marked approximate; a test send says it
//! is not offered; the charts fed by the hours say why they are empty.

use api::{ApiKey, Client};
use desk::campaigns::Action;
use desk::campaigns::{self, Reach};
use desk::reports::{self, ChartGap, ChartTheme};
use desk::{DeskError, Session};
use std::path::Path;

use crate::common::{chart_words, overview};

const KEY: &str = "contract-only-key";
const LETTER: &str = r#"<p>Весна</p><a id="unsub_link" href="%ОТПИСАТЬСЯ%">Отписаться</a>"#;

async fn serve(db: &Path, contract_only: bool) -> sandbox::Running {
    let config = sandbox::Config { db: Some(db.into()), contract_only, ..sandbox::Config::new(KEY) };
    sandbox::start(config).await.expect("sandbox starts")
}

fn client(service: &sandbox::Running) -> Client {
    Client::new(&service.base_url(), ApiKey::new(KEY)).unwrap()
}

async fn list(client: &Client, name: &str, emails: &[&str]) -> i64 {
    let id =
        api::lists::create(client, &api::lists::NewList { name: name.into(), ..Default::default() }).await.unwrap();
    for email in emails {
        let member = api::members::NewMember { email: (*email).into(), ..Default::default() };
        api::members::add(client, id, &member, Default::default()).await.unwrap();
    }
    id
}

fn campaign(list_ids: Vec<i64>, name: &str) -> api::campaigns::CampaignContent {
    api::campaigns::CampaignContent {
        list_ids: Some(list_ids),
        name: Some(name.into()),
        subject: Some("Весна".into()),
        from_name: Some("Northwind".into()),
        from_email: Some("news@northwind.example".into()),
        html: Some(LETTER.into()),
        ..Default::default()
    }
}

async fn until_sent(client: &Client, id: i64) {
    for _ in 0..200 {
        if api::campaigns::get(client, id).await.unwrap().status == api::campaigns::CampaignStatus::Sent {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("campaign {id} was never sent");
}

#[tokio::test(flavor = "multi_thread")]
async fn beyond_the_contract_the_desk_degrades_instead_of_stopping() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("service.sqlite");
    let service = serve(&db, true).await;
    let client = client(&service);
    // Anna is on both lists: the service counts her once, the lists twice.
    let club = list(&client, "Клуб", &["anna@example.com", "boris@example.com"]).await;
    let news = list(&client, "Новости", &["anna@example.com", "vera@example.com"]).await;
    let draft = api::campaigns::create(&client, &campaign(vec![club, news], "Весна")).await.unwrap();
    let sent = api::campaigns::create(&client, &campaign(vec![club], "Зима")).await.unwrap();
    let other = api::campaigns::create(&client, &campaign(vec![news], "Осень")).await.unwrap();
    for id in [sent, other] {
        api::campaigns::launch(&client, id).await.expect("launching is the contract's update with a status");
        until_sent(&client, id).await;
    }

    let reply = api::sandbox::Reply {
        campaign_id: Some(sent),
        email: Some("anna@example.com".into()),
        subject: "Re: Весна".into(),
        text: "Спасибо".into(),
        ..Default::default()
    };
    api::sandbox::put_reply(&client, &reply).await.expect("the sandbox's own endpoints stay");
    let missing = api::campaigns::estimate(&client, draft).await.unwrap_err();
    assert_eq!((missing.status(), missing.code()), (Some(404), Some(1001)), "in the service's error shape");
    let session = Session::for_client(client.clone());
    assert_eq!(campaigns::reach(&session, draft).await, Ok(Reach { count: 4, approximate: true }));
    // Resuming asks with the same count less what went, marked approximate too.
    assert_eq!(campaigns::still_to_reach(&session, draft).await, Ok(Reach { count: 4, approximate: true }));
    assert_eq!(campaigns::still_to_reach(&session, sent).await, Ok(Reach { count: 0, approximate: true }));
    let test = campaigns::send_test(&session, draft, &["anna@example.com".to_string()]).await;
    assert_eq!(test, Err(DeskError::NotOffered { action: Action::SendTest.into() }));

    let words = chart_words::russian();
    let dashboard = reports::dashboard(&session, sent, ChartTheme::Light, &words).await.expect("the rest is shown");
    assert_eq!((dashboard.counts.sent, dashboard.activity_gap), (2, Some(ChartGap::NotOffered)));
    let compared = reports::compare(&session, &[sent, other], ChartTheme::Light, &words).await.unwrap();
    assert_eq!(compared.opens_gap, Some(ChartGap::NotOffered));
    let (overview, _) = overview::open(&session, ChartTheme::Light, &words).await.whole().await;
    assert_eq!(overview.best_time_gap, Some(ChartGap::NotOffered));
    service.stop().await;

    // The same account on a service with the public clients' paths.
    let full = serve(&db, false).await;
    let session = Session::for_client(self::client(&full));
    assert_eq!(campaigns::reach(&session, draft).await, Ok(Reach { count: 3, approximate: false }));
    assert_eq!(campaigns::still_to_reach(&session, draft).await, Ok(Reach { count: 3, approximate: false }));
    let dashboard = reports::dashboard(&session, sent, ChartTheme::Light, &words).await.unwrap();
    assert_eq!(dashboard.activity_gap, None);
    let (overview, _) = overview::open(&session, ChartTheme::Light, &words).await.whole().await;
    assert_eq!(overview.best_time_gap, None);
}

//! A send waiting in its ten seconds to undo belongs to the app, not to the
//! page: moving to another area keeps its countdown in the shell and it goes
//! when the countdown ends, or not at all after Undo there; closing the
//! window meanwhile asks first. What left the app is read back from the
//! service itself, which counts the launch requests that reached it.

use api::campaigns::CampaignStatus;
use e2e::window_manager::{ask_to_close, window_gone};
use e2e::{App, SandboxProcess};

const KEY: &str = "e2e-pending-sends-key-Lq83";

/// A service with a list of readers and two campaigns ready to launch.
async fn service() -> (SandboxProcess, api::Client, [i64; 2]) {
    let sandbox = SandboxProcess::start(KEY);
    let client = api::Client::new(&sandbox.base_url, api::ApiKey::new(KEY)).unwrap();
    let list =
        api::lists::create(&client, &api::lists::NewList { name: "Spring readers".into(), ..Default::default() })
            .await
            .unwrap();
    let readers: Vec<api::members::NewMember> = (1..=3)
        .map(|n| api::members::NewMember { email: format!("reader{n}@shop.example"), ..Default::default() })
        .collect();
    api::members::add_batch(&client, list, &readers, Default::default()).await.unwrap();
    let mut campaigns = [0; 2];
    for (campaign, name) in campaigns.iter_mut().zip(["Spring news", "Summer news"]) {
        *campaign = api::campaigns::create(
            &client,
            &api::campaigns::CampaignContent {
                list_ids: Some(vec![list]),
                name: Some(name.into()),
                subject: Some(format!("{name} from the roastery")),
                from_name: Some("Northwind Coffee".into()),
                from_email: Some("news@northwind.example".into()),
                html: Some(r#"<p>New lots are in.</p><p><a id="unsub_link" href="https://northwind.example/u">Unsubscribe</a></p>"#.into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    }
    (sandbox, client, campaigns)
}

async fn status(client: &api::Client, campaign: i64) -> CampaignStatus {
    api::campaigns::get(client, campaign).await.unwrap().status
}

/// How many requests to launch the campaign reached the service, refused ones included.
async fn launches(client: &api::Client, campaign: i64) -> u64 {
    api::sandbox::launches(client, campaign).await.unwrap()
}

/// Launched: with the service's moderation, or already past it (the sandbox's takes no time).
fn launched(status: CampaignStatus) -> bool {
    use CampaignStatus::*;
    matches!(status, Moderating | Created | Processing | Sent)
}

/// Opens the campaign's editor, sends it now and confirms once the
/// question says `reach`: its ten seconds begin.
async fn confirm_send(app: &App, campaign: i64, reach: &str) {
    app.script(&format!("location.hash = '/w/campaigns/{campaign}'; return true")).await;
    app.wait(&format!("[data-testid=campaign-editor][data-campaign-id='{campaign}']")).await;
    app.wait("[data-testid=launch-send]:not(:disabled)").await;
    app.click("[data-testid=launch-send]").await;
    app.wait_text("[role=dialog]", "the question with the count", |t| t.contains(reach)).await;
    app.click("[data-testid=confirm]").await;
    app.wait("[data-testid=pending-sends] [data-testid=launch-countdown]").await;
}

/// Goes to Reports, away from the page where the send was confirmed.
async fn go_to_reports(app: &App) {
    app.click("[data-testid=nav-reports]").await;
    app.wait_count("[data-testid=campaign-editor]", "the editor left behind", |n| n == 0).await;
    assert!(app.route().await.starts_with("/w/reports"), "on Reports: {}", app.route().await);
}

/// Takes the account's key out of the keyring once the app is gone.
fn forget_key(data_dir: &std::path::Path) {
    let stored = std::fs::read_to_string(data_dir.join("accounts.json")).unwrap();
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let account = stored["accounts"][0]["id"].as_str().unwrap().to_string();
    let _ = keyring::Entry::new("campaign-desk", &account).unwrap().delete_credential();
}

#[tokio::test]
async fn a_confirmed_send_counts_down_in_the_shell_on_another_page_and_goes_once_or_not_after_undo() {
    let (sandbox, client, [spring, summer]) = service().await;
    let mut app = App::launch("pending-sends").await;
    app.add_account("Roastery", &sandbox.base_url, KEY).await;

    // Undone from the shell, on another page: nothing leaves the app.
    confirm_send(&app, spring, "3 subscribers").await;
    app.screenshot("countdown-over-the-editor").await;
    go_to_reports(&app).await;
    app.wait_text("[data-testid=pending-sends]", "the countdown in the shell", |t| {
        t.contains("Sending “Spring news” to 3 subscribers in") && t.contains("Undo")
    })
    .await;
    app.screenshot("countdown-in-the-shell").await;
    app.click("[data-testid=launch-undo]").await;
    app.wait_count("[data-testid=pending-sends]", "the countdown gone", |n| n == 0).await;

    // Confirmed and left, now in Russian: the shell counts down on Reports, and it goes when it ends.
    app.choose("[data-testid=language]", "Русский").await;
    app.wait_text("[data-testid=nav-reports]", "the sidebar in Russian", |t| t.contains("Отчёты")).await;
    confirm_send(&app, summer, "3 подписчика").await;
    go_to_reports(&app).await;
    let shown = app
        .wait_text("[data-testid=pending-sends]", "the countdown on Reports", |t| {
            t.contains("Отправка «Summer news» 3 подписчикам через") && t.contains("Отменить")
        })
        .await;
    app.screenshot("countdown-in-the-shell-ru").await;
    assert!(!shown.contains("Spring news"), "the undone send is not pending: {shown}");
    app.wait_toast("the launch's confirmation", |t| t.contains("«Summer news» отправляется")).await;
    app.wait_count("[data-testid=pending-sends]", "the countdown gone once sent", |n| n == 0).await;
    app.screenshot("sent-from-another-page").await;
    assert!(app.route().await.starts_with("/w/reports"), "the user stays where they went: {}", app.route().await);

    // Exactly one launch: launched once, and no second attempt was refused.
    let summer_now = status(&client, summer).await;
    assert!(launched(summer_now), "launched: {summer_now:?}");
    assert_eq!(launches(&client, summer).await, 1, "one launch request");
    let toasts = app.script("return [...document.querySelectorAll('[data-testid=toast]')].map(t => t.innerText)").await;
    assert_eq!(toasts.as_array().map(Vec::len), Some(1), "one launch, no refusal of a second: {toasts}");
    // The undone one's window ended long before the other's did: it stays a draft.
    assert_eq!(status(&client, spring).await, CampaignStatus::Draft, "undone: nothing left the app");
    assert_eq!(launches(&client, spring).await, 0, "undone: no launch request");
    let data = app.close().await;
    forget_key(data.path());
}

#[tokio::test]
async fn closing_the_window_mid_countdown_asks_and_send_now_sends_once_before_it_closes() {
    let (sandbox, client, [spring, _]) = service().await;
    let mut app =
        App::launch_with_env("pending-sends-close-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.add_account("Roastery", &sandbox.base_url, KEY).await;
    confirm_send(&app, spring, "3 подписчика").await;
    go_to_reports(&app).await;
    app.wait_text("[data-testid=launch-countdown]", "the countdown in Russian", |t| {
        t.contains("Отправка «Spring news» 3 подписчикам через") && t.contains("Отменить")
    })
    .await;
    app.screenshot("countdown-in-the-shell-ru-dark").await;

    ask_to_close("Campaign Desk").await;
    let question = app.wait_text("[role=dialog]", "the question before closing", |t| t.contains("ещё не ушла")).await;
    assert!(question.contains("Отправить и закрыть") && question.contains("Не закрывать"), "{question}");
    app.screenshot("close-asks-ru-dark").await;
    assert_eq!(status(&client, spring).await, CampaignStatus::Draft, "nothing went before the answer");
    app.click_closing_the_window("[data-testid=close-send-now]").await;
    window_gone("Campaign Desk").await;
    let spring_now = status(&client, spring).await;
    assert!(launched(spring_now), "sent before the window closed: {spring_now:?}");
    assert_eq!(launches(&client, spring).await, 1, "one launch request");
    let data = app.close().await;
    forget_key(data.path());
}

#[tokio::test]
async fn closing_the_window_mid_countdown_and_cancelling_sends_nothing() {
    let (sandbox, client, [spring, _]) = service().await;
    let mut app = App::launch_with_env("pending-sends-cancel-dark", &[("GTK_THEME", "Adwaita:dark")]).await;
    app.add_account("Roastery", &sandbox.base_url, KEY).await;
    confirm_send(&app, spring, "3 subscribers").await;
    go_to_reports(&app).await;
    app.wait_text("[data-testid=launch-countdown]", "the countdown", |t| t.contains("Spring news")).await;
    app.screenshot("countdown-in-the-shell-dark").await;

    ask_to_close("Campaign Desk").await;
    app.wait_text("[role=dialog]", "the question before closing", |t| t.contains("has not gone yet")).await;
    app.screenshot("close-asks-dark").await;
    app.click_closing_the_window("[data-testid=close-cancel]").await;
    // The window, and the page that held the send, are gone: nothing can send it any more.
    window_gone("Campaign Desk").await;
    assert_eq!(status(&client, spring).await, CampaignStatus::Draft, "cancelled: nothing left the app");
    assert_eq!(launches(&client, spring).await, 0, "cancelled: no launch request");
    let data = app.close().await;
    forget_key(data.path());
}

#[tokio::test]
async fn a_send_refused_after_the_user_left_its_page_is_explained_where_they_are() {
    let (sandbox, client, [spring, _]) = service().await;
    let mut app = App::launch("pending-sends-refused").await;
    app.add_account("Roastery", &sandbox.base_url, KEY).await;
    confirm_send(&app, spring, "3 subscribers").await;
    go_to_reports(&app).await;
    // Meanwhile a colleague launches it from the service's own site: the app's launch is refused.
    api::campaigns::launch(&client, spring).await.unwrap();
    let toast = app.wait_toast("the refusal, explained", |t| t.contains("Could not launch the campaign")).await;
    assert!(toast.contains("Service code"), "what failed, the service's code: {toast}");
    app.screenshot("refused-on-another-page").await;
    assert!(app.route().await.starts_with("/w/reports"), "the user stays where they went: {}", app.route().await);
    let data = app.close().await;
    forget_key(data.path());
}

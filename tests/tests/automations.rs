//! The Automations area of the demo workspace: the demo's automations and
//! workflow, copied and the copy deleted; a new one written, checked and
//! created; sent by hand to a subscriber after a question and ten seconds
//! to undo; the sandbox sends it.

use e2e::App;

const ROW: &str = "[data-testid=automation-row]";
const NAME: &str = "Thanks for tasting";
const LETTER: &str = r#"<p>Thank you for coming, %NAME%!</p><p><a id="unsub_link" href="https://northwind.example/u">Unsubscribe</a></p>"#;

/// The letters the automation has sent, as its row says, read again from the service.
async fn sent_by(app: &App, name: &str) -> String {
    app.click_to_show("[data-testid=nav-lists]", "[data-testid=open-list], [data-testid=list-title]").await;
    app.click_to_show("[data-testid=nav-automations]", ROW).await;
    let cell = format!("{ROW}[data-automation-name='{name}'] td:nth-child(4)");
    app.wait_text(&cell, "the sent count", |_| true).await
}

#[tokio::test]
async fn an_automation_is_written_created_and_sent_by_hand_to_a_subscriber() {
    let mut app = App::launch("automations").await;
    app.open_demo().await;
    let email = app.first_subscriber("Newsletter").await;
    app.click_to_show("[data-testid=nav-automations]", ROW).await;
    let demo = app.wait_count(ROW, "the demo's automations", |n| n >= 2).await;
    assert!(demo.iter().any(|r| r.contains("Welcome to the newsletter")), "{demo:?}");
    app.screenshot("automations").await;

    // The demo's workflow copied with its automations, and the copy deleted after a question.
    let workflow = "[data-testid=workflow]";
    app.wait_count(workflow, "the demo's workflow", |n| n == 1).await;
    app.click("[data-testid=copy-workflow]").await;
    app.wait_toast("copied", |t| t.contains("with its automations")).await;
    app.wait_count(workflow, "the copy beside it", |n| n == 2).await;
    let copy = format!("{workflow}:last-child [data-testid=delete-workflow]");
    app.click_to_show(&copy, "[data-testid=confirm]").await;
    app.wait_text("[role=dialog]", "what stops", |t| t.contains("automations stop") || t.contains("automation stops"))
        .await;
    app.click("[data-testid=confirm]").await;
    app.wait_count(workflow, "the copy gone", |n| n == 1).await;

    app.click_to_show("[data-testid=new-automation]", "[data-testid=automation-editor]").await;
    app.type_into("[data-testid=automation-name]", NAME).await;
    app.type_into("[data-testid=automation-subject]", "Thank you, %NAME%").await;
    app.type_into("[data-testid=automation-from-name]", "Northwind Coffee").await;
    app.type_into("[data-testid=automation-from-email]", "news@northwind.example").await;
    app.type_into_code("[data-testid=automation-html] .cm-content", "<p>Thank you for coming!</p>").await;
    // Without the unsubscribe link the service would refuse it: it cannot be saved, and says why.
    app.wait_text("[data-testid=save-reason]", "why it cannot be saved", |t| t.contains("unsubscribe link")).await;
    assert_eq!(app.script("return document.querySelector('[data-testid=save-automation]').disabled").await, true);
    app.type_into_code("[data-testid=automation-html] .cm-content", LETTER).await;
    app.wait_count("[data-testid=save-reason]", "nothing in the way", |n| n == 0).await;

    // Opening a campaign starts an automation only on its own: choosing it clears the rest.
    let checked =
        "return [...document.querySelectorAll('[data-testid=automation-event]:checked')].map(e => e.dataset.event)";
    assert_eq!(app.script(checked).await, serde_json::json!(["form", "add"]), "a new one welcomes subscribers");
    app.click("[data-testid=automation-event][data-event=open]").await;
    assert_eq!(app.script(checked).await, serde_json::json!(["open"]));
    app.wait("[data-testid=watched-campaign]").await;
    app.click("[data-testid=automation-event][data-event=add]").await;
    assert_eq!(app.script(checked).await, serde_json::json!(["add"]));
    app.click("[data-testid=automation-delayed]").await;
    app.wait("[data-testid=automation-delay]").await;
    app.click("[data-testid=automation-delayed]").await;
    app.screenshot("new-automation").await;

    app.click("[data-testid=save-automation]").await;
    app.wait_toast("the confirmation", |t| t.contains("goes to moderation")).await;
    app.click_to_show("[data-testid=back-to-automations]", &format!("{ROW}[data-automation-name='{NAME}']")).await;
    let row = format!("{ROW}[data-automation-name='{NAME}']");
    app.wait_text(&format!("{row} [data-testid=moderation]"), "moderation", |t| t.contains("In moderation")).await;
    assert_eq!(sent_by(&app, NAME).await, "—", "nothing sent yet");

    // By hand to one subscriber: asked first, then ten seconds to undo.
    app.click_to_show(&format!("{row} [data-testid=automation-menu]"), "[data-testid=trigger-automation]").await;
    app.click("[data-testid=trigger-automation]").await;
    app.type_into("[data-testid=trigger-address]", &email).await;
    app.screenshot("trigger-asks").await;
    app.click("[data-testid=confirm]").await;
    app.wait_text("[data-testid=trigger-countdown]", "the countdown", |t| t.contains(&email)).await;
    app.click("[data-testid=trigger-undo]").await;
    app.wait_count("[data-testid=trigger-countdown]", "undone", |n| n == 0).await;

    app.click_to_show(&format!("{row} [data-testid=automation-menu]"), "[data-testid=trigger-automation]").await;
    app.click("[data-testid=trigger-automation]").await;
    app.type_into("[data-testid=trigger-address]", &email).await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the letter went", |t| t.contains(&format!("went to {email}"))).await;
    app.wait_text(&format!("{row} [data-testid=moderation]"), "moderation passed", |t| t == "Passed moderation").await;
    app.screenshot("triggered").await;

    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while sent_by(&app, NAME).await != "1" {
        assert!(std::time::Instant::now() < deadline, "the sandbox never sent the letter");
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    }
    app.close().await;
}

#[tokio::test]
async fn in_russian_and_dark_the_automations_speak_russian() {
    let mut app =
        App::launch_with_env("automations-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-automations]", ROW).await;
    app.wait_text("h1", "the title", |t| t == "Автоматизация").await;
    app.wait_text(&format!("{ROW}[data-state=active]"), "an active one", |t| t.contains("Включена")).await;
    app.screenshot("automations-ru").await;
    app.click_to_show(&format!("{ROW} [data-testid=open-automation]"), "[data-testid=automation-trigger]").await;
    app.wait_text("[data-testid=automation-trigger] legend", "the trigger's legend", |t| t.starts_with("Запускается"))
        .await;
    app.screenshot("automation-ru").await;
    // A time of day to send at, on the 24-hour clock.
    if app.script("return document.querySelector('[data-testid=automation-restricted]').checked").await != true {
        app.click("[data-testid=automation-restricted]").await;
    }
    app.choose("[data-testid=automation-sending-hour]", "18").await;
    app.wait_text("label:has([data-testid=automation-restricted])", "the label", |t| t.contains("заданное время"))
        .await;
    app.screenshot("automation-ru-time").await;

    // A new automation's letter made of blocks, from a starter in Russian.
    app.click_to_show("[data-testid=back-to-automations]", ROW).await;
    app.click_to_show("[data-testid=new-automation]", "[data-testid=automation-editor]").await;
    app.click_to_show("[data-testid=blocks-start][data-starter=welcome]", "[data-testid=block-editor]").await;
    app.wait_text("[data-testid=blocks-canvas]", "the starter in Russian", |t| {
        t.contains("Здравствуйте") && t.contains("Отписаться")
    })
    .await;
    app.wait("[data-testid=check-item][data-rule=unsubscribeLink][data-state=pass]").await;
    app.screenshot("automation-blocks-ru").await;
    app.close().await;
}

#[tokio::test]
async fn a_new_automation_typed_and_not_created_survives_the_app_being_killed() {
    let app = App::launch("automation-kept").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-automations]", ROW).await;
    app.click_to_show("[data-testid=new-automation]", "[data-testid=automation-editor]").await;
    app.type_into("[data-testid=automation-name]", "Birthday coffee").await;
    // Sent only at a time of day, on the 24-hour clock whatever the system's locale.
    app.click("[data-testid=automation-restricted]").await;
    app.choose("[data-testid=automation-sending-hour]", "17").await;
    app.choose("[data-testid=automation-sending-minute]", "45").await;
    let kept = app.data_dir().join("drafts").join("demo").join("automation-new.json");
    e2e::webdriver::wait_for(std::time::Duration::from_secs(10), "the form kept on disk", || {
        let kept = kept.clone();
        async move { std::fs::read_to_string(kept).ok().filter(|t| t.contains("Birthday coffee") && t.contains("17:45")) }
    })
    .await
    .unwrap();
    let data_dir = app.crash();

    let mut app = App::launch_again("automation-kept-again", data_dir).await;
    app.wait("[data-testid=current-account], [data-testid=open-demo]").await;
    if app.script("return Boolean(document.querySelector('[data-testid=open-demo]'))").await == true {
        app.open_demo().await;
    }
    app.click_to_show("[data-testid=nav-automations]", ROW).await;
    app.click_to_show("[data-testid=new-automation]", "[data-testid=unsaved-offer]").await;
    app.click("[data-testid=restore-draft]").await;
    let name = "return document.querySelector('[data-testid=automation-name]').value";
    app.wait_script(name, "the name restored", |v| v == "Birthday coffee").await;
    let time = "return ['hour', 'minute'].map(p => document.querySelector(`[data-testid=automation-sending-${p}]`)?.selectedOptions[0].text)";
    app.wait_script(time, "the time of day restored", |v| *v == serde_json::json!(["17", "45"])).await;
    app.screenshot("restored").await;
    app.close().await;
}

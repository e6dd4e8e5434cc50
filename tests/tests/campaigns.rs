//! The Campaigns area of the demo workspace: by state, folder and words; a
//! copy, a move into a new folder, and a delete that asks first.

use e2e::App;

const ROW: &str = "[data-testid=campaign-row]";
const KEY: &str = "campaigns-key";

/// The names of the campaigns the table shows.
async fn names(app: &App) -> Vec<String> {
    let script = "return [...document.querySelectorAll('[data-testid=campaign-row]')].map(r => r.dataset.campaignName)";
    serde_json::from_value(app.script(script).await).unwrap()
}

#[tokio::test]
async fn campaigns_are_found_by_state_and_words_copied_moved_and_deleted_after_asking() {
    let mut app = App::launch("campaigns").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    let all = app.wait_count(ROW, "the demo's campaigns", |n| n > 1).await.len();
    app.screenshot("campaigns").await;

    app.click("[data-testid=tab-sent]").await;
    let sent = app.wait_count(&format!("{ROW}[data-state=sent]"), "the sent ones", |n| n > 0).await.len();
    assert_eq!(app.wait_count(ROW, "only the sent ones", |n| n == sent).await.len(), sent);
    assert!(app.route().await.contains("state=sent"), "the filter is in the address: {}", app.route().await);
    let original = names(&app).await[0].clone();

    app.click_to_show(
        &format!("{ROW}[data-campaign-name='{original}'] [data-testid=campaign-menu]"),
        "[data-testid=copy-campaign]",
    )
    .await;
    app.click("[data-testid=copy-campaign]").await;
    app.wait_toast("the copy's confirmation", |t| t.contains("among the drafts")).await;
    app.click("[data-testid=tab-draft]").await;
    let copy = format!("{ROW}[data-campaign-name='{original} (copy)'][data-state=draft]");
    app.wait(&copy).await;

    app.click_to_show(&format!("{copy} [data-testid=campaign-menu]"), "[data-testid=move-campaign]").await;
    app.click("[data-testid=move-campaign]").await;
    app.choose("[data-testid=move-folder]", "A new folder…").await;
    app.type_into("[data-testid=move-new-folder]", "Autumn 2026").await;
    app.screenshot("campaign-move").await;
    app.click("[data-testid=move-submit]").await;
    app.wait_toast("the move's confirmation", |t| t.contains("Autumn 2026")).await;
    app.wait_text(&copy, "the folder beside the name", |t| t.contains("Autumn 2026")).await;

    app.type_into("[data-testid=campaign-search]", "no campaign is called this").await;
    app.wait_count(ROW, "nothing found", |n| n == 0).await;
    app.click("[data-testid=tab-all]").await;
    app.wait_count(ROW, "still nothing: the words stay", |n| n == 0).await;

    app.script("const s = document.querySelector('[data-testid=campaign-search]'); s.value = ''; s.dispatchEvent(new Event('input', { bubbles: true })); return null").await;
    app.wait_count(ROW, "every campaign and the copy", |n| n == all + 1).await;

    app.click_to_show(&format!("{copy} [data-testid=campaign-menu]"), "[data-testid=delete-campaign]").await;
    app.click("[data-testid=delete-campaign]").await;
    app.wait_text("[role=dialog]", "the delete question", |t| t.contains("deleted for good")).await;
    app.screenshot("campaign-delete-asks-first").await;
    app.click("[data-testid=confirm]").await;
    app.wait_count(&copy, "the copy to go", |n| n == 0).await;
    assert!(names(&app).await.contains(&original), "the original stays");
    app.wait_count(ROW, "the campaigns as they were", |n| n == all).await;

    // A sent one goes again to those who did not open it: asked with their number, ten seconds to undo.
    let sent = format!("{ROW}[data-campaign-name='{original}'][data-state=sent]");
    app.click_to_show(&format!("{sent} [data-testid=campaign-menu]"), "[data-testid=resend-campaign]").await;
    app.click("[data-testid=resend-campaign]").await;
    let question = app.wait_text("[role=dialog]", "the resend question", |t| t.contains("have not opened it")).await;
    let count: String = question.split(" recipients").next().unwrap().rsplit(' ').next().unwrap().to_string();
    assert!(count.chars().next().is_some_and(|c| c.is_ascii_digit()), "a number in {question}");
    app.screenshot("campaign-resend-asks").await;
    app.click("[data-testid=confirm]").await;
    app.wait_text("[data-testid=send-countdown]", "the countdown", |t| t.contains(&format!("“{original}” again to")))
        .await;
    let done = app.wait_toast("the resend", |t| t.contains("goes again to")).await;
    assert!(done.contains(&format!("{count} recipients")), "{done} after asking about {count}");
    app.wait_count(ROW, "the new campaign beside the others", |n| n == all + 1).await;
    app.close().await;
}

#[tokio::test]
async fn in_russian_and_dark_the_campaigns_and_the_editor_speak_russian() {
    let mut app = App::launch_with_env("campaigns-ru", &[("LANG", "ru_RU.UTF-8"), ("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.wait_text("h1", "the title", |t| t == "Рассылки").await;
    app.wait_text(&format!("{ROW}[data-state=sent]"), "a sent campaign's state", |t| t.contains("Отправлена")).await;
    app.screenshot("campaigns-ru").await;
    app.click_to_show(&format!("{ROW}[data-state=draft] [data-testid=open-campaign]"), "[data-testid=launch-check]")
        .await;
    app.wait_text("[data-testid=launch-check] h2", "the check's title", |t| t == "Перед запуском").await;
    app.wait_text("[data-testid=launch-send]", "the launch button", |t| t == "Отправить сейчас").await;
    app.screenshot("editor-ru").await;
    app.close().await;
}

/// Picks a day from the launch bar's calendar and a time of day, as a
/// person would; the field then holds `at` (`YYYY-MM-DDTHH:MM`).
async fn pick_time(app: &App, at: &str) {
    app.click_to_show("[data-testid=launch-at-day]", "[data-testid=calendar-day]").await;
    let day = format!("[data-testid=calendar-day][data-date='{}']", &at[..10]);
    if app.script(&format!("return Boolean(document.querySelector({day:?}))")).await != true {
        app.click("[data-testid=calendar-next]").await;
    }
    app.click(&day).await;
    app.choose("[data-testid=launch-at-hour]", &at[11..13]).await;
    app.choose("[data-testid=launch-at-minute]", &at[14..16]).await;
    let value = "return document.querySelector('[data-testid=launch-at]').dataset.value";
    app.wait_text("[data-testid=launch-at-day]", "the day chosen", |t| !t.is_empty()).await;
    assert_eq!(app.script(value).await, serde_json::json!(at), "the field holds the time picked");
}

/// The state the campaigns table shows for a campaign, read again from the service each time.
async fn state_of(app: &App, name: &str) -> String {
    app.click("[data-testid=nav-lists]").await;
    // The area opens where the user left it: the editor, maybe.
    app.click_to_show("[data-testid=nav-campaigns]", &format!("{ROW}, [data-testid=back-to-campaigns]")).await;
    if app.script("return Boolean(document.querySelector('[data-testid=campaign-editor]'))").await
        == serde_json::json!(true)
    {
        app.click_to_show("[data-testid=back-to-campaigns]", ROW).await;
    }
    let script = format!("const r = document.querySelector('[data-testid=campaign-row][data-campaign-name={name:?}]'); return r ? r.dataset.state : ''");
    app.script(&script).await.as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn a_campaign_without_its_unsubscribe_link_cannot_launch_and_with_it_is_scheduled_and_sent() {
    // The demo business in a sandbox of the test's own, so that the test
    // can have the scheduled time come without waiting for the clock.
    let service = e2e::SandboxProcess::start_with(KEY, &["--demo"]);
    let client = api::Client::new(&service.base_url, api::ApiKey::new(KEY)).unwrap();
    let mut app = App::launch("campaign-launch").await;
    app.add_account("Northwind", &service.base_url, KEY).await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show("[data-testid=new-campaign]", "[data-testid=new-campaign-name]").await;
    app.type_into("[data-testid=new-campaign-name]", "Winter tasting").await;
    app.choose("[data-testid=new-campaign-list]", "Newsletter").await;
    app.click_to_show("[data-testid=new-campaign-submit]", "[data-testid=campaign-editor]").await;
    let chosen =
        "return [...document.querySelectorAll('[data-testid=campaign-list]:checked')].map(c => c.dataset.listName)";
    assert_eq!(app.script(chosen).await, serde_json::json!(["Newsletter"]), "the list chosen in the dialog");
    app.type_into("[data-testid=campaign-subject]", "Taste the winter lots with us").await;
    app.type_into("[data-testid=campaign-from-name]", "Northwind Coffee").await;
    app.type_into("[data-testid=campaign-from-email]", "news@northwind.example").await;
    app.type_into_code("[data-testid=campaign-html] .cm-content", "<h1>Winter lots</h1><p>Come and taste them.</p>")
        .await;

    // No unsubscribe link: the check says which version fails, and neither launch button works.
    let missing = "[data-testid=check-item][data-rule=unsubscribeLink][data-state=fail]";
    app.wait_text(missing, "the failing rule", |t| t.contains("HTML")).await;
    app.wait_text("[data-testid=launch-reason]", "why it cannot launch", |t| t.contains("unsubscribe link")).await;
    let disabled =
        "return ['launch-send', 'launch-schedule'].map(id => document.querySelector(`[data-testid=${id}]`).disabled)";
    assert_eq!(app.script(disabled).await, serde_json::json!([true, true]));
    app.wait_text("[data-testid=preview-frame], [data-testid=campaign-preview]", "the preview", |_| true).await;
    app.screenshot("editor-no-unsubscribe-link").await;

    app.type_into_code(
        "[data-testid=campaign-html] .cm-content",
        r#"<h1>Winter lots</h1><p>Come and taste them.</p><p><a id="unsub_link" href="https://northwind.example/u">Unsubscribe</a></p>"#,
    )
    .await;
    app.wait("[data-testid=check-item][data-rule=unsubscribeLink][data-state=pass]").await;
    app.wait_count("[data-testid=launch-reason]", "no reason left", |n| n == 0).await;

    // The text version, made from the HTML, carries the unsubscribe tag, and its rule passes too.
    app.click("[data-testid=text-from-html]").await;
    app.wait_text("[data-testid=campaign-text] .cm-content", "the text version", |t| {
        t.contains("Come and taste them.") && t.contains("%ОТПИСАТЬСЯ%")
    })
    .await;
    app.wait_count("[data-testid=check-item][data-rule=unsubscribeLink]", "a rule per version", |n| n == 2).await;
    app.wait_count("[data-testid=check-item][data-rule=unsubscribeLink][data-state=fail]", "both pass", |n| n == 0)
        .await;

    // A test to two addresses says how many before it goes.
    app.click_to_show("[data-testid=test-send]", "[data-testid=test-addresses]").await;
    app.type_into("[data-testid=test-addresses]", "anna@northwind.example, boris@northwind.example").await;
    app.wait_text("[data-testid=test-send-submit]", "the count", |t| t == "Send to 2 addresses").await;
    app.click("[data-testid=test-send-submit]").await;
    app.wait_text("[data-testid=test-countdown]", "ten seconds to undo", |t| t.contains("2 addresses")).await;
    app.wait_toast("the test's confirmation", |t| t.contains("went to 2 addresses")).await;
    app.wait_text("[data-testid=save-state]", "saved first: the test shows what the service has", |t| {
        t == "All changes saved"
    })
    .await;

    // Two minutes ahead, at the minute: the launch asks, counts down and
    // saves well before that time.
    let at = (chrono::Local::now() + chrono::Duration::minutes(2)).format("%Y-%m-%dT%H:%M").to_string();
    app.click_to_show("[data-testid=launch-at-day]", "[data-testid=calendar-day]").await;
    app.screenshot("calendar").await;
    app.press(&["\u{E00C}"]).await;
    app.wait_count("[data-testid=calendar-day]", "the calendar closed by Escape", |n| n == 0).await;
    pick_time(&app, &at).await;
    app.click("[data-testid=launch-schedule]").await;
    let question = app.wait_text("[role=dialog]", "the question", |t| t.contains("subscribers")).await;
    assert!(question.contains("Schedule “Winter tasting”?"), "{question}");
    // What the plan still allows is said where the send is decided.
    app.wait_text("[data-testid=plan-room][data-short=false]", "the messages left", |t| t.contains("messages left"))
        .await;
    app.screenshot("editor-schedule-asks").await;
    app.click("[data-testid=confirm]").await;
    app.wait_text("[data-testid=launch-countdown]", "the countdown", |t| t.contains("Scheduling “Winter tasting” for"))
        .await;
    app.click("[data-testid=launch-undo]").await;
    app.wait_count("[data-testid=launch-countdown]", "the countdown gone", |n| n == 0).await;
    assert_eq!(state_of(&app, "Winter tasting").await, "draft", "undone: nothing left the app");

    app.click(&format!("{ROW}[data-campaign-name='Winter tasting'] [data-testid=open-campaign]")).await;
    app.wait("[data-testid=check-item][data-rule=unsubscribeLink][data-state=pass]").await;
    pick_time(&app, &at).await;
    app.click("[data-testid=launch-schedule]").await;
    app.wait_text("[role=dialog]", "the question again", |t| t.contains("subscribers")).await;
    app.click("[data-testid=confirm]").await;
    app.wait_toast("the confirmation", |t| t.contains("is scheduled")).await;
    app.wait(&format!("{ROW}[data-campaign-name='Winter tasting'][data-state=scheduled]")).await;
    app.screenshot("campaign-scheduled").await;

    // Its time comes: the service sends it, and the table, read again, says so.
    let campaigns = api::campaigns::list(&client, &Default::default()).await.unwrap();
    let id = campaigns.iter().find(|c| c.name.or_empty() == "Winter tasting").expect("the campaign").id.0;
    assert!(api::sandbox::come_due(&client, id).await.unwrap(), "it was scheduled at the service");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let state = state_of(&app, "Winter tasting").await;
        if state == "sent" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still {state} a minute after its time came");
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
    app.screenshot("campaign-sent").await;
    app.close().await;
}

#[tokio::test]
async fn what_was_typed_survives_the_app_being_killed_mid_edit() {
    let mut app = App::launch("draft-kept").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    let draft = format!("{ROW}[data-campaign-name='Holiday gift guide (draft)']");
    app.click_to_show(&format!("{draft} [data-testid=open-campaign]"), "[data-testid=campaign-editor]").await;
    let id = app.script("return document.querySelector('[data-testid=campaign-editor]').dataset.campaignId").await;
    let id = id.as_str().unwrap().to_string();
    app.type_into("[data-testid=campaign-subject]", "Gifts they will open first").await;
    app.wait_text("[data-testid=save-state]", "unsaved", |t| t.starts_with("Unsaved")).await;
    // Kept on disk a moment after typing stops; then the app dies unsaved.
    let kept = app.data_dir().join("drafts").join("demo").join(format!("{id}.json"));
    e2e::webdriver::wait_for(std::time::Duration::from_secs(10), "the draft kept on disk", || {
        let kept = kept.clone();
        async move { std::fs::read_to_string(kept).ok().filter(|t| t.contains("Gifts they will open first")) }
    })
    .await
    .unwrap();
    app.screenshot("typed").await;
    let data_dir = app.crash();

    let mut app = App::launch_again("draft-kept-again", data_dir).await;
    app.wait("[data-testid=current-account], [data-testid=open-demo]").await;
    if app.script("return Boolean(document.querySelector('[data-testid=open-demo]'))").await == serde_json::json!(true)
    {
        app.open_demo().await;
    }
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show(&format!("{draft} [data-testid=open-campaign]"), "[data-testid=unsaved-offer]").await;
    let subject = "return document.querySelector('[data-testid=campaign-subject]').value";
    assert_ne!(app.script(subject).await, serde_json::json!("Gifts they will open first"), "the service never had it");
    app.screenshot("offered").await;
    app.click("[data-testid=restore-draft]").await;
    app.wait_script(subject, "the subject restored", |v| v == "Gifts they will open first").await;
    app.click("[data-testid=save-campaign]").await;
    app.wait_text("[data-testid=save-state]", "saved", |t| t == "All changes saved").await;
    e2e::webdriver::wait_for(std::time::Duration::from_secs(10), "the kept draft let go once saved", || {
        let gone = !kept.exists();
        async move { gone.then_some(()) }
    })
    .await
    .unwrap();
    app.close().await;
}

#[tokio::test]
async fn a_segment_sending_options_and_an_attachment_are_kept_and_the_preview_shows_a_subscribers_letter() {
    let mut app = App::launch("campaign-options").await;
    app.open_demo().await;
    let email = app.first_subscriber("Newsletter").await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    let draft = format!("{ROW}[data-campaign-name='Holiday gift guide (draft)'] [data-testid=open-campaign]");
    app.click_to_show(&draft, "[data-testid=segment]").await;

    app.click("[data-testid=segment-some]").await;
    app.choose("[data-testid=segment-op]", "ends with").await;
    app.type_into("[data-testid=segment-value]", ".ru").await;
    app.click("[data-testid=track-opens]").await;
    app.click("[data-testid=gradual]").await;
    app.type_into("[data-testid=gradual-messages]", "250").await;
    app.click("[data-testid=launch-time-zone]").await;
    app.type_into("[data-testid=attachment-url]", "https://files.example/gift-guide.pdf").await;
    app.click("[data-testid=attach]").await;
    app.wait_text("[data-testid=attachment]", "the attachment", |t| t.contains("gift-guide.pdf")).await;
    app.click("[data-testid=save-campaign]").await;
    app.wait_text("[data-testid=save-state]", "saved", |t| t == "All changes saved").await;
    app.wait_text("[data-testid=launch-check]", "the segment's reach", |t| t.contains("Reaches at most")).await;
    app.script("document.querySelector('[data-testid=segment]').scrollIntoView({block: 'start'}); return null").await;
    app.screenshot("options").await;

    // Read again from the service: everything as it was set.
    app.click("[data-testid=nav-lists]").await;
    app.click_to_show("[data-testid=nav-campaigns]", "[data-testid=back-to-campaigns]").await;
    app.click_to_show("[data-testid=back-to-campaigns]", ROW).await;
    app.click_to_show(&draft, "[data-testid=segment]").await;
    let kept = "return [document.querySelector('[data-testid=segment-op]')?.value, \
        document.querySelector('[data-testid=segment-value]')?.value, \
        document.querySelector('[data-testid=track-opens]').checked, \
        document.querySelector('[data-testid=gradual-messages]')?.value, \
        document.querySelector('[data-testid=launch-time-zone]').checked, \
        document.querySelector('[data-testid=launch-best-time]').checked]";
    assert_eq!(app.script(kept).await, serde_json::json!(["ends", ".ru", false, "250", true, false]));
    app.wait_text("[data-testid=attachment]", "the attachment kept", |t| t.contains("gift-guide.pdf")).await;

    // The saved campaign as one subscriber gets it: the service fills in their name.
    app.type_into("[data-testid=preview-as]", &email).await;
    app.click("[data-testid=preview-as-show]").await;
    app.wait_text("[data-testid=preview-as-note]", "whose letter it is", |t| t.contains(&email)).await;
    let letter = "return document.querySelector('[data-testid=campaign-preview]').getAttribute('srcdoc')";
    let personal = e2e::webdriver::wait_for(std::time::Duration::from_secs(10), "the personal letter", || async {
        app.script(letter).await.as_str().map(str::to_string).filter(|l| l.contains("Hello") && !l.contains("%NAME%"))
    })
    .await;
    assert!(personal.is_ok(), "{personal:?}");
    app.screenshot("preview-as-subscriber").await;
    app.close().await;
}

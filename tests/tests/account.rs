//! The Account area of the demo workspace, in Russian: the launch check's
//! warning of an unverified sending domain opens the account, where the
//! domain is added, its records shown to publish, checked until verified,
//! and the way back leads to the letter, now passing. A sender waiting for
//! its code is confirmed, after a wrong code said so; a new one with the
//! code the demo shows as mailed.

use e2e::App;

const ROW: &str = "[data-testid=campaign-row]";
const DOMAIN: &str = "kofeinya-zerno.ru";

#[tokio::test]
async fn in_russian_the_checks_warning_opens_the_account_where_the_domain_is_verified_and_back_to_the_letter() {
    let mut app = App::launch_with_env("account-ru", &[("LANG", "ru_RU.UTF-8")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-campaigns]", ROW).await;
    app.click_to_show(&format!("{ROW}[data-state=draft] [data-testid=open-campaign]"), "[data-testid=launch-check]")
        .await;
    app.type_into("[data-testid=campaign-from-email]", &format!("sale@{DOMAIN}")).await;
    let warned = "[data-testid=check-item][data-rule=domainVerified][data-state=warn]";
    app.wait(warned).await;
    let fix = format!("{warned} [data-testid=check-fix]");
    app.wait_text(&fix, "the way to fix it", |t| t.contains("Подтвердить домен")).await;
    app.screenshot("account-check-warns-ru").await;

    app.click_to_show(&fix, "[data-testid=domain-to-fix]").await;
    app.wait_text("[data-testid=account-page] h1", "the title", |t| t == "Аккаунт").await;
    app.wait_text("[data-testid=domain-to-fix]", "what to fix", |t| t.contains(DOMAIN)).await;
    app.click_to_show("[data-testid=fix-domain]", "[data-testid=domain-name]").await;
    assert_eq!(
        app.script("return document.querySelector('[data-testid=domain-name]').value").await,
        DOMAIN,
        "the domain comes filled in"
    );
    app.click("[data-testid=submit-domain]").await;
    let card = format!("[data-testid=domain-card][data-domain='{DOMAIN}']");
    app.wait(&format!("{card}[data-verified=false]")).await;
    let purposes = format!(
        "return [...document.querySelectorAll(\"{card} [data-testid=dns-record]\")].map(r => r.dataset.purpose)"
    );
    let purposes = app.script(&purposes).await;
    assert!(purposes.as_array().unwrap().contains(&"spf".into()), "{purposes}");
    assert!(purposes.as_array().unwrap().contains(&"dkim".into()), "{purposes}");
    app.wait_text(&format!("{card} [data-testid=dns-record] p"), "what a record is for", |t| {
        t.contains("SPF") || t.contains("DKIM")
    })
    .await;
    app.screenshot("account-domain-records-ru").await;

    app.click("[data-testid=check-domains]").await;
    app.wait(&format!("{card}[data-verified=true]")).await;
    app.wait_text("[data-testid=domain-fixed]", "verified", |t| t.contains("подтверждён")).await;
    app.screenshot("account-domain-verified-ru").await;

    app.click_to_show("[data-testid=back-to-letter]", "[data-testid=launch-check]").await;
    app.wait("[data-testid=check-item][data-rule=domainVerified][data-state=pass]").await;
    assert_eq!(
        app.script("return document.querySelector('[data-testid=campaign-from-email]').value").await,
        format!("sale@{DOMAIN}"),
        "the letter as it was left"
    );
    app.close().await;
}

#[tokio::test]
async fn a_sender_waiting_for_its_code_is_confirmed_and_a_wrong_code_says_so() {
    let mut app = App::launch("account-senders").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-account]", "[data-testid=account-senders]").await;
    let waiting = "[data-testid=sender-row][data-confirmed=false]";
    app.wait(waiting).await;
    app.wait("[data-testid=balance-money]").await;
    app.screenshot("account").await;
    let email = app.attribute(waiting, "data-email").await;
    app.click_to_show(&format!("{waiting} [data-testid=enter-code]"), "[data-testid=sender-code]").await;
    app.type_into("[data-testid=sender-code]", "123456").await;
    app.click("[data-testid=confirm-code]").await;
    app.wait_text("[role=dialog] [role=alert]", "the wrong code said", |t| t.contains("The code is not right")).await;
    // The demo's waiting sender was mailed 000000.
    app.type_into("[data-testid=sender-code]", "000000").await;
    app.click("[data-testid=confirm-code]").await;
    app.wait(&format!("[data-testid=sender-row][data-email='{email}'][data-confirmed=true]")).await;

    // A new address: the demo shows the code its service mailed, where a person reads their mail.
    app.click_to_show("[data-testid=add-sender]", "[data-testid=sender-email]").await;
    app.type_into("[data-testid=sender-email]", "team@northwind-cafe.com").await;
    app.click_to_show("[data-testid=request-code]", "[data-testid=demo-mailed-code]").await;
    let said =
        app.wait_text("[data-testid=demo-mailed-code]", "the code", |t| t.chars().any(|c| c.is_ascii_digit())).await;
    let code: String = said.chars().filter(char::is_ascii_digit).collect();
    app.type_into("[data-testid=sender-code]", &code).await;
    app.click("[data-testid=confirm-code]").await;
    app.wait("[data-testid=sender-row][data-email='team@northwind-cafe.com'][data-confirmed=true]").await;
    app.close().await;
}

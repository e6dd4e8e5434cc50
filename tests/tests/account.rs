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

/// Whether `request` holds its head and the body its length announces.
fn whole(request: &[u8]) -> bool {
    let text = String::from_utf8_lossy(request);
    let Some((head, body)) = text.split_once("\r\n\r\n") else { return false };
    let length = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").and_then(|v| v.trim().parse().ok()))
        .unwrap_or(0usize);
    body.len() >= length
}

/// A web server on loopback answering each request 200 with `ok`; the
/// requests it got are counted.
async fn hooks_server() -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hooks/open", listener.local_addr().unwrap());
    let got = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = got.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            // The whole request: its head, then as much body as it says.
            let (mut request, mut buf) = (Vec::new(), [0u8; 4096]);
            while !whole(&request) {
                match socket.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buf[..n]),
                }
            }
            if String::from_utf8_lossy(&request).contains("\"test\":true") {
                counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            let _ = socket.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok").await;
        }
    });
    (url, got)
}

#[tokio::test]
async fn a_webhook_is_set_tested_against_its_url_and_removed_after_asking() {
    let (url, got) = hooks_server().await;
    let mut app = App::launch("account-webhooks").await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-account]", "[data-testid=webhooks-mass]").await;
    let row = "[data-testid=webhooks-mass] [data-testid=webhook-row][data-event=open]";
    app.click_to_show(&format!("{row} [data-testid=set-webhook]"), "[data-testid=webhook-url]").await;
    app.type_into("[data-testid=webhook-url]", "ftp://nowhere").await;
    app.click("[data-testid=save-webhook]").await;
    app.wait_text("[role=dialog] [role=alert]", "a URL that is no web address", |t| t.contains("not a web address"))
        .await;
    app.type_into("[data-testid=webhook-url]", &url).await;
    app.click("[data-testid=save-webhook]").await;
    app.wait(&format!("{row}[data-url='{url}']")).await;

    app.click_to_show(&format!("{row} [data-testid=test-webhook]"), "[data-testid=send-test-delivery]").await;
    app.click("[data-testid=send-test-delivery]").await;
    app.wait_text("[data-testid=test-delivery-answer][data-status='200']", "the answer", |t| t.contains("200")).await;
    app.screenshot("webhook-tested").await;
    assert_eq!(got.load(std::sync::atomic::Ordering::SeqCst), 1, "one sample event reached the URL");
    app.click("[data-testid=dialog-cancel]").await;

    app.click_to_show(&format!("{row} [data-testid=remove-webhook]"), "[data-testid=confirm]").await;
    app.click("[data-testid=confirm]").await;
    app.wait(&format!("{row}[data-url='']")).await;
    app.close().await;
}

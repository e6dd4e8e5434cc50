//! Inbound mail in the demo workspace. In Russian, with no documentation:
//! an own domain added, its MX records shown to publish and checked until
//! it receives mail; a route made from conditions (a regular expression
//! judged as it is typed), moved to the top with the keyboard and back down
//! with the pointer, and given a new signing key shown once. In English and
//! dark: what the routes kept, what the webhooks answered, the settings.

use e2e::App;

const ROUTE: &str = "[data-testid=route-row]";
const DOMAIN: &str = "in.kofeinya-zerno.ru";
const ARROW_UP: &str = "\u{E013}";

/// The routes' ids as the list shows them, once no order is being saved.
const ORDER: &str = "const list = document.querySelector('[data-testid=route-list]'); \
    return list && list.dataset.saving === 'false' ? [...list.querySelectorAll('[data-testid=route-row]')].map(r => r.dataset.routeId) : null";

#[tokio::test]
async fn in_russian_a_domain_is_set_up_and_a_route_made_moved_and_rekeyed() {
    let mut app = App::launch_with_env("inbound-ru", &[("LANG", "ru_RU.UTF-8")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbound]", ROUTE).await;
    app.wait_text("[data-testid=inbound-page] h1", "the title", |t| t == "Входящая почта").await;
    app.screenshot("inbound-routes-ru").await;

    // An own domain: added, its MX records to publish, checked.
    app.click_to_show("[data-testid=tab-domains]", "[data-testid=add-inbound-domain]").await;
    app.click_to_show("[data-testid=add-inbound-domain]", "[data-testid=inbound-domain-name]").await;
    app.type_into("[data-testid=inbound-domain-name]", DOMAIN).await;
    app.click("[data-testid=submit-inbound-domain]").await;
    let card = format!("[data-testid=inbound-domain][data-domain='{DOMAIN}']");
    app.wait(&format!("{card}[data-verified=false]")).await;
    let hosts = app.wait_count(&format!("{card} [data-testid=mx-host]"), "the MX records", |n| n >= 1).await;
    assert!(hosts.iter().all(|h| h.contains('.')), "{hosts:?}");
    app.wait_text(&card, "what to do, in Russian", |t| t.contains("опубликуйте эти MX-записи")).await;
    app.screenshot("inbound-domain-mx-ru").await;
    app.click(&format!("{card} [data-testid=verify-inbound-domain]")).await;
    app.wait(&format!("{card}[data-verified=true]")).await;
    app.wait_toast("the domain receives", |t| t.contains("принимает почту")).await;

    // A route from conditions: a header's value by a regular expression, judged as typed.
    app.click_to_show("[data-testid=tab-routes]", ROUTE).await;
    let before: Vec<String> = app.wait_count(ROUTE, "the demo's routes", |n| n >= 2).await;
    app.click_to_show("[data-testid=new-route]", "[data-testid=route-description]").await;
    app.type_into("[data-testid=route-description]", "Заказы с сайта").await;
    app.click_to_show("[data-testid=rule-conditions]", "[data-testid=condition-row]").await;
    app.choose_value("[data-testid=condition-field]", "header").await;
    app.type_into("[data-testid=condition-header]", "X-Shop").await;
    app.choose_value("[data-testid=condition-op]", "matches").await;
    app.type_into("[data-testid=condition-value]", "^(да|yes").await;
    app.wait_text("[data-testid=pattern-check][data-valid=false]", "the pattern judged wrong", |t| {
        t.contains("с ошибкой")
    })
    .await;
    app.screenshot("inbound-route-pattern-wrong-ru").await;
    app.type_into("[data-testid=condition-value]", "^(да|yes)$").await;
    app.wait("[data-testid=pattern-check][data-valid=true]").await;
    app.choose_value("[data-testid=action-type]", "webhook").await;
    app.type_into("[data-testid=action-url]", "https://kofeinya-zerno.ru/inbound").await;
    app.screenshot("inbound-route-editor-ru").await;
    app.click("[data-testid=save-route]").await;
    let made = format!("{ROUTE}:last-child");
    app.wait_text(&made, "the new route, last", |t| t.contains("Заказы с сайта") && t.contains("X-Shop")).await;
    let id = app.attribute(&made, "data-route-id").await;
    assert!(!before.is_empty());

    // To the top with the keyboard: focus its handle, press ↑ and see it move up one, until it is first.
    let handle = format!("{ROUTE}[data-route-id='{id}'] [data-testid=move-route]");
    app.script(&format!("document.querySelector(\"{handle}\").focus(); return null")).await;
    let mut first = serde_json::Value::Null;
    for above in (0..before.len()).rev() {
        app.press(&[ARROW_UP]).await;
        first = app
            .wait_script(ORDER, "the route one up, saved", |order| {
                order.get(above).and_then(|v| v.as_str()) == Some(id.as_str())
            })
            .await;
    }
    app.screenshot("inbound-route-moved-ru").await;

    // And back under the one that is now second, with the pointer.
    let second = first[1].as_str().unwrap().to_string();
    app.drag(&handle, &format!("{ROUTE}[data-route-id='{second}']"), false).await;
    app.wait_script(ORDER, "the route second, saved", |order| {
        order.get(0).and_then(|v| v.as_str()) == Some(second.as_str())
            && order.get(1).and_then(|v| v.as_str()) == Some(id.as_str())
    })
    .await;

    // A new signing key, shown once.
    app.click_to_show(&format!("{ROUTE}[data-route-id='{id}'] [data-testid=rekey-route]"), "[data-testid=confirm]")
        .await;
    app.click("[data-testid=confirm]").await;
    let key = app.wait_text("[data-testid=signing-key]", "the new key", |t| t.len() >= 20).await;
    app.wait_text("[role=dialog]", "said once", |t| t.contains("только сейчас")).await;
    app.screenshot("inbound-new-key-ru").await;
    app.click("[data-testid=dialog-cancel]").await;
    let shown = app.script("return document.body.innerText").await;
    assert!(!shown.as_str().unwrap_or_default().contains(&key), "the key is not shown again");
    app.close().await;
}

#[tokio::test]
async fn what_the_routes_kept_and_delivered_and_the_settings() {
    let mut app = App::launch_with_env("inbound", &[("GTK_THEME", "Adwaita:dark")]).await;
    app.open_demo().await;
    app.click_to_show("[data-testid=nav-inbound]", ROUTE).await;
    app.screenshot("inbound-routes").await;

    app.click_to_show("[data-testid=tab-messages]", "[data-testid=stored-message]").await;
    // The newest first: the order that came with the customer's file.
    app.click_to_show("[data-testid=open-stored-message]", "[data-testid=stored-message-facts]").await;
    app.wait_text("[data-testid=stored-file]", "the file", |t| t.contains("order-41012.txt")).await;
    app.wait("[role=dialog] [data-testid=safe-html-frame][data-loaded=true], [role=dialog] pre").await;
    app.screenshot("inbound-kept-message").await;
    app.click("[data-testid=dialog-cancel]").await;

    app.click_to_show("[data-testid=tab-deliveries]", "[data-testid=route-delivery]").await;
    app.screenshot("inbound-deliveries").await;

    app.click_to_show("[data-testid=tab-settings]", "[data-testid=pass-autoreply]").await;
    let was = app.script("return document.querySelector('[data-testid=pass-autoreply]').checked").await;
    app.click("[data-testid=pass-autoreply]").await;
    app.click("[data-testid=save-inbound-settings]").await;
    app.wait_toast("saved", |t| t.contains("The settings are saved.")).await;
    // Read again from the service: another tab and back.
    app.click_to_show("[data-testid=tab-routes]", ROUTE).await;
    app.click_to_show("[data-testid=tab-settings]", "[data-testid=pass-autoreply]").await;
    let now = app.script("return document.querySelector('[data-testid=pass-autoreply]').checked").await;
    assert_ne!(was, now, "the setting changed");
    app.screenshot("inbound-settings").await;
    app.close().await;
}

//! The account's commands.

crate::commands! {
    read account_overview() -> crate::account::AccountOverview [Account]
        => |cx| crate::account::overview(&cx.session().await?).await;
    read list_senders() -> Vec<crate::account::SenderView> [Account]
        => |cx| crate::account::senders(&cx.session().await?).await;
    change request_sender_code(email: String) -> () [Account]
        => |cx| crate::account::request_sender_code(&cx.session().await?, &email).await;
    change confirm_sender(email: String, code: String) -> () [Account, Campaign]
        => |cx| crate::account::confirm_sender(&cx.session().await?, &email, &code).await;
    read demo_mailed_code(email: String) -> Option<String> [Account]
        => |cx| crate::account::demo_mailed_code(&cx.session().await?, &email).await;
    change add_sending_domain(domain: String) -> crate::account::DomainView [Account, Campaign]
        => |cx| crate::account::add_domain(&cx.session().await?, &domain).await;
    change check_sending_domains() -> Vec<crate::account::DomainView> [Account, Campaign]
        => |cx| crate::account::check_domains(&cx.session().await?).await;
    change delete_sending_domain(domain: String) -> () [Account, Campaign]
        => |cx| crate::account::delete_domain(&cx.session().await?, &domain).await;
    read list_webhooks() -> crate::account::WebhooksView [Account]
        => |cx| crate::account::webhooks(&cx.session().await?).await;
    change set_webhook(kind: crate::account::WebhookFor, event: String, url: String) -> () [Account]
        => |cx| crate::account::set_webhook(&cx.session().await?, kind, &event, &url).await;
    change test_webhook(kind: crate::account::WebhookFor, event: String, url: String) -> crate::account::DeliveryView []
        => |_cx| crate::account::test_webhook(kind, &event, &url).await;
    change delete_webhook(kind: crate::account::WebhookFor, event: String) -> () [Account]
        => |cx| crate::account::delete_webhook(&cx.session().await?, kind, &event).await;
}

/// The account area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "account",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::AccountFailure),
};

//! Inbound processing's commands.

crate::commands! {
    read inbound_overview() -> crate::inbound::InboundOverview [Inbound]
        => |cx| crate::inbound::overview(&cx.session().await?).await;
    read inbound_routes() -> Vec<crate::inbound::RouteView> [Routes]
        => |cx| crate::inbound::routes(&cx.session().await?).await;
    change add_inbound_domain(domain: String) -> crate::inbound::InboundDomainView [Inbound]
        => |cx| crate::inbound::add_domain(&cx.session().await?, &domain).await;
    change verify_inbound_domain(id: i64) -> crate::inbound::InboundDomainView [Inbound]
        => |cx| crate::inbound::verify_domain(&cx.session().await?, id).await;
    change delete_inbound_domain(id: i64) -> () [Inbound]
        => |cx| crate::inbound::delete_domain(&cx.session().await?, id).await;
    change save_route(id: Option<i64>, form: crate::inbound::RouteForm) -> crate::inbound::RouteView [Routes]
        => |cx| crate::inbound::save_route(&cx.session().await?, id, &form).await;
    change delete_route(id: i64) -> () [Routes]
        => |cx| crate::inbound::delete_route(&cx.session().await?, id).await;
    patch reorder_routes(order: Vec<i64>) -> Vec<crate::inbound::RouteView> [Routes]
        => |cx| crate::inbound::reorder_routes(&cx.session().await?, &order).await;
    change rekey_route(id: i64) -> String []
        => |cx| crate::inbound::rekey_route(&cx.session().await?, id).await;
    read route_pattern_compiles(pattern: String) -> bool []
        => |_cx| Ok(crate::inbound::pattern_compiles(&pattern));
    change save_inbound_settings(settings: crate::inbound::InboundSettingsView) -> crate::inbound::InboundSettingsView [Inbound]
        => |cx| crate::inbound::save_settings(&cx.session().await?, settings).await;
    read stored_messages(start: u64) -> crate::inbound::StoredMessagesPage [Stored]
        => |cx| crate::inbound::messages(&cx.session().await?, start).await;
    read stored_message(id: i64) -> crate::inbound::StoredMessageView [Stored]
        => |cx| crate::inbound::message(&cx.session().await?, id).await;
    change save_stored_file(message_id: i64, file_id: i64, filename: String) -> Option<u64> []
        => |cx| crate::inbound::save_attachment(cx, message_id, file_id, &filename).await;
    change delete_stored_message(id: i64) -> () [Stored]
        => |cx| crate::inbound::delete_message(&cx.session().await?, id).await;
    read route_deliveries(start: u64) -> crate::inbound::DeliveriesPage [Stored]
        => |cx| crate::inbound::deliveries(&cx.session().await?, start).await;
    read route_delivery(id: i64) -> crate::inbound::DeliveryRow [Stored]
        => |cx| crate::inbound::delivery(&cx.session().await?, id).await;
}

/// The inbound area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "inbound",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: super::Action::CODES,
    fields: super::Field::CODES,
    failures: crate::failures!(super::InboundFailure),
};

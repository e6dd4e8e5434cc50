//! Links clicked in a message: watched by the page, opened after it asks.

crate::commands! {
    change watch_links(on_link: crate::command::Updates<crate::links::LinkView>) -> () []
        => |cx| {
            crate::links::watch_links(cx, std::sync::Arc::new(cx.updates(&on_link)));
            Ok(())
        };
    change open_link(url: String) -> () []
        => |cx| crate::links::open_link(cx, &url);
}

/// The links area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "links",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};

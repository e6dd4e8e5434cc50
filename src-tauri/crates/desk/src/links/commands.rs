//! Links clicked in a message: watched by the page, opened after it asks.

crate::commands! {
    change watch_links(on_link: crate::command::Updates<crate::links::LinkView>) -> () []
        => |cx| {
            cx.desk().watch_links(std::sync::Arc::new(cx.updates(&on_link)));
            Ok(())
        };
    change open_link(url: String) -> () []
        => |cx| cx.desk().open_link(&url);
}

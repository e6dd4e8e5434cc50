//! Closing the window while sends wait or work runs: the page asks the user.

crate::commands! {
    change watch_close(on_close: crate::command::Updates<crate::work::UnderWay>) -> () []
        => |cx| {
            let send = cx.updates(&on_close);
            cx.desk().watch_close(std::sync::Arc::new(send));
            Ok(())
        };
    change hold_close(pending: u32) -> () []
        => |cx| { cx.desk().hold_close(pending); Ok(()) };
    change close_window() -> () []
        => |cx| { cx.desk().close_window(); Ok(()) };
}

/// The closing area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "closing",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};

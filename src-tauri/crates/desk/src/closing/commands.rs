//! Closing the window while sends wait or work runs: the page asks the user.

crate::commands! {
    change watch_close(on_close: crate::command::Updates<crate::work::UnderWay>) -> () []
        => |cx| {
            let send = cx.updates(&on_close);
            crate::closing::watch_close(cx, std::sync::Arc::new(send));
            Ok(())
        };
    change hold_close(pending: u32) -> () []
        => |cx| { crate::closing::hold_close(cx, pending); Ok(()) };
    change close_window() -> () []
        => |cx| { crate::closing::close_window(cx); Ok(()) };
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

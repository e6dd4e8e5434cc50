//! Arrivals: watched by the page.

crate::commands! {
    change watch_arrivals(on_arrival: crate::command::Updates<crate::arrivals::Arrival>) -> () []
        => |cx| {
            crate::arrivals::watch_arrivals(cx, std::sync::Arc::new(cx.updates(&on_arrival)));
            Ok(())
        };
}

/// The arrivals area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "arrivals",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};

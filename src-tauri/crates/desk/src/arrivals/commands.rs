//! Arrivals: watched by the page.

crate::commands! {
    change watch_arrivals(on_arrival: crate::command::Updates<crate::arrivals::Arrival>) -> () []
        => |cx| {
            cx.desk().watch_arrivals(std::sync::Arc::new(cx.updates(&on_arrival)));
            Ok(())
        };
}

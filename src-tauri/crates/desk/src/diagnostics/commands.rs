//! The log folder and the diagnostics the user can copy.

crate::commands! {
    change open_log_folder() -> () []
        => |cx| crate::diagnostics::open_log_folder(cx.desk());
    change copy_diagnostics() -> () []
        => |cx| crate::diagnostics::copy_diagnostics(cx.desk());
    change copy_error_report(details: String) -> () []
        => |cx| crate::diagnostics::copy_error_report(cx, &details);
    /// The last run's report, when it ended without closing (killed, out of memory, a panic).
    read last_crash() -> Option<crate::diagnostics::CrashOffer> [Crashes]
        => |cx| Ok::<_, crate::DeskError>(crate::diagnostics::last_crash(cx));
    change dismiss_crash() -> () [Crashes]
        => |cx| Ok::<_, crate::DeskError>(crate::diagnostics::dismiss_crash(cx));
    change copy_crash_report() -> () []
        => |cx| crate::diagnostics::copy_crash_report(cx);
}

/// The diagnostics area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "diagnostics",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::failures!(super::DiagnosticsFailure),
};

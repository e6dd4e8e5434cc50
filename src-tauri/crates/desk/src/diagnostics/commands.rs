//! The log folder and the diagnostics the user can copy.

crate::commands! {
    change open_log_folder() -> () []
        => |cx| cx.desk().open_log_folder();
    change copy_diagnostics() -> () []
        => |cx| cx.desk().copy_diagnostics();
    change copy_error_report(details: String) -> () []
        => |cx| cx.desk().copy_error_report(&details);
    /// The last run's report, when it ended without closing (killed, out of memory, a panic).
    read last_crash() -> Option<crate::diagnostics::CrashOffer> [Crashes]
        => |cx| Ok::<_, crate::DeskError>(cx.desk().last_crash());
    change dismiss_crash() -> () [Crashes]
        => |cx| Ok::<_, crate::DeskError>(cx.desk().dismiss_crash());
    change copy_crash_report() -> () []
        => |cx| cx.desk().copy_crash_report();
}

/// The diagnostics area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "diagnostics",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};

//! The log folder and the diagnostics the user can copy.

crate::commands! {
    change open_log_folder() -> () []
        => |cx| cx.desk().open_log_folder();
    change copy_diagnostics() -> () []
        => |cx| cx.desk().copy_diagnostics();
    change copy_error_report(details: String) -> () []
        => |cx| cx.desk().copy_error_report(&details);
}

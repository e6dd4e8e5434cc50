//! New versions: checked, installed, started.

crate::commands! {
    change check_for_updates() -> crate::host::UpdateCheck []
        => |cx| cx.desk().check_for_updates().await;
    change install_update(on_progress: crate::command::Updates<crate::host::UpdateProgress>) -> () []
        => |cx| cx.desk().install_update(std::sync::Arc::new(cx.updates(&on_progress))).await;
    change restart_app() -> () []
        => |cx| cx.desk().restart_app();
}

/// The updates area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "updates",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::command::Failures::NONE,
};

//! New versions: checked, installed, started.

crate::commands! {
    change check_for_updates() -> crate::host::UpdateCheck []
        => |cx| crate::updates::check_for_updates(cx).await;
    change install_update(on_progress: crate::command::Updates<crate::host::UpdateProgress>) -> () []
        => |cx| crate::updates::install_update(cx, std::sync::Arc::new(cx.updates(&on_progress))).await;
    change restart_app() -> () []
        => |cx| crate::updates::restart_app(cx);
}

/// The updates area as the registry lists it.
pub const AREA: crate::command::Area = crate::command::Area {
    name: "updates",
    kind: crate::command::AreaKind::Area,
    commands: COMMANDS,
    actions: &[],
    fields: &[],
    failures: crate::failures!(super::UpdatesFailure),
};

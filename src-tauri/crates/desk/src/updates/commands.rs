//! New versions: checked, installed, started.

crate::commands! {
    change check_for_updates() -> crate::updates::UpdateCheck []
        => |cx| cx.desk().check_for_updates().await;
    change install_update(on_progress: crate::command::Updates<crate::updates::UpdateProgress>) -> () []
        => |cx| cx.desk().install_update(std::sync::Arc::new(cx.updates(&on_progress))).await;
    change restart_app() -> () []
        => |cx| cx.desk().restart_app();
}

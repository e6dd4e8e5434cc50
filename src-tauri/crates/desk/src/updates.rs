//! New versions of the app: what the update feed offers, installing it and
//! starting again. The feed, its key and the work are the shell's (see
//! `src-tauri/src/updates.rs`); a build without a feed (the Linux packages)
//! says that new versions come with the package manager instead.

mod commands;
mod failures;

pub use commands::AREA;
pub use failures::UpdatesFailure;

use crate::command::Cx;
use crate::error::{DeskError, Result};
use crate::host::{UpdateCheck, UpdateInstall, UpdateWatcher};
use crate::work::LongWork;

/// Asks the update feed for a newer version.
pub async fn check_for_updates(cx: &Cx<'_>) -> Result<UpdateCheck> {
    cx.host().check_for_update().await
}

/// Downloads the version the last check offered, checks its signature
/// and installs it; the app then starts again when the user says
/// ([`restart_app`]). Sends waiting in their undo window, or on
/// their way, and work running (a change of many, an import, an export)
/// would be lost with the app: it waits for them.
pub async fn install_update(cx: &Cx<'_>, progress: UpdateWatcher) -> Result<()> {
    nothing_under_way(cx)?;
    match cx.host().install_update(progress).await? {
        UpdateInstall::Installed => Ok(()),
        UpdateInstall::NoneOffered => Err(DeskError::in_area(UpdatesFailure::NotOffered)),
    }
}

/// Starts the app again, on the version just installed. Not while
/// sends are pending or work runs: a restart cannot be held back as a
/// quit can (the closing area), and would end them.
pub fn restart_app(cx: &Cx<'_>) -> Result<()> {
    nothing_under_way(cx)?;
    cx.host().restart();
    Ok(())
}

/// An install or a restart would end the app: refused while sends wait
/// or are on their way, or long work runs, saying which.
fn nothing_under_way(cx: &Cx<'_>) -> Result<()> {
    let under_way = cx.part::<LongWork>().under_way();
    if under_way.is_nothing() {
        Ok(())
    } else {
        Err(DeskError::in_area(UpdatesFailure::WaitsForWork { under_way }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Unheard;
    use crate::work::{Kind, UnderWay};
    use crate::Desk;
    use std::sync::Arc;

    fn desk() -> (Desk, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        (Desk::new(dir.path().to_path_buf(), crate::secrets::Secrets::with_service("unused")), dir)
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn without_a_feed_the_package_manager_brings_new_versions() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        assert!(matches!(check_for_updates(&cx).await, Ok(UpdateCheck::PackageManager { .. })));
        let nothing = Arc::new(|_| {});
        assert_eq!(install_update(&cx, nothing).await, Err(DeskError::in_area(UpdatesFailure::NotOffered)));
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn an_update_and_its_restart_wait_for_the_sends_in_their_undo_window() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        desk.long_work().hold_sends(2);
        let nothing = Arc::new(|_| {});
        let sends = UnderWay { sends: 2, ..UnderWay::default() };
        assert_eq!(
            install_update(&cx, nothing).await,
            Err(DeskError::in_area(UpdatesFailure::WaitsForWork { under_way: sends }))
        );
        assert_eq!(restart_app(&cx), Err(DeskError::in_area(UpdatesFailure::WaitsForWork { under_way: sends })));
        desk.long_work().hold_sends(0);
        assert_eq!(install_update(&cx, Arc::new(|_| {})).await, Err(DeskError::in_area(UpdatesFailure::NotOffered)));
        assert_eq!(restart_app(&cx), Ok(()));
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn an_update_and_its_restart_wait_for_a_change_of_many_an_import_and_an_export() {
        let (desk, _dir) = desk();
        let cx = Cx::new(&desk, &Unheard);
        for kind in [Kind::Change, Kind::Import, Kind::Export] {
            let running = desk.long_work().begin(kind);
            let under_way = desk.long_work().under_way();
            assert_eq!(
                install_update(&cx, Arc::new(|_| {})).await,
                Err(DeskError::in_area(UpdatesFailure::WaitsForWork { under_way }))
            );
            assert_eq!(restart_app(&cx), Err(DeskError::in_area(UpdatesFailure::WaitsForWork { under_way })));
            drop(running);
        }
        assert_eq!(restart_app(&cx), Ok(()));
    }
}

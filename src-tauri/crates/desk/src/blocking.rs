//! Work that waits on the disk, the keyring or a native dialog, run off the
//! async threads: the one way the desk does it.

use crate::error::{DeskError, Result};

/// Runs `work` on the blocking threads and answers what it returned. A task
/// that never finished (the runtime shutting down under it) is the app's
/// own failure, never the user's.
pub(crate) async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|err| DeskError::Internal { detail: format!("work off the async threads: {err}") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_what_the_work_returned_and_a_panic_as_the_app_s_failure() {
        assert_eq!(blocking(|| 6 * 7).await.unwrap(), 42);
        let failed = blocking(|| -> u8 { panic!("the disk went away") }).await.unwrap_err();
        assert!(matches!(failed, DeskError::Internal { .. }), "{failed:?}");
    }
}

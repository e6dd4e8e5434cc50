//! With no Secret Service reachable, keys are refused with an error the UI
//! explains (what to install), and nothing falls back to a file.

use desk::secrets::Secrets;
use desk::DeskError;

#[tokio::test]
async fn no_keyring_means_a_clear_error_and_no_file() {
    // The only test in this binary, so no other thread reads the environment.
    unsafe {
        std::env::set_var("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/campaign-desk-bus");
        std::env::remove_var("DISPLAY");
    }
    let secrets = Secrets::with_service("campaign-desk-unreachable");
    let err = secrets.store("acct", "https://api.example.com", &api::ApiKey::new("secret-value")).await.unwrap_err();
    assert!(matches!(err, DeskError::KeyringUnavailable { .. }), "{err:?}");
    assert!(!serde_json::to_string(&err).unwrap().contains("secret-value"));
    let err = secrets.load("acct", "https://api.example.com").await.unwrap_err();
    assert!(matches!(err, DeskError::KeyringUnavailable { .. }), "{err:?}");
}

//! The demo workspace open in a desk of its own (a fresh data directory).

// Each test crate uses what it needs of it.
#[allow(dead_code)]
pub struct Demo {
    pub desk: desk::Desk,
    pub session: desk::Session,
    /// Removed when dropped: keep it as long as the desk.
    pub dir: tempfile::TempDir,
}

/// A desk over a new data directory with the demo workspace open; `name`
/// tells the directory and the keyring service apart from other tests'.
pub async fn open(name: &str) -> Demo {
    let dir = tempfile::Builder::new().prefix(&format!("desk-{name}-")).tempdir().unwrap();
    let desk = desk::Desk::new(
        dir.path().to_path_buf(),
        desk::secrets::Secrets::with_service(format!("campaign-desk-{name}-test")),
    );
    desk.open_account("demo").await.expect("demo opens");
    let session = desk.session().await.unwrap();
    Demo { desk, session, dir }
}

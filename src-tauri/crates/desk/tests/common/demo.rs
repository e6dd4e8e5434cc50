//! The demo workspace open in a desk of its own (a fresh data directory).

// Each test crate uses what it needs of it.
#[allow(dead_code)]
pub struct Demo {
    pub desk: desk::Desk,
    pub session: desk::Session,
    pub dir: std::path::PathBuf,
}

/// A desk over a new data directory with the demo workspace open; `name`
/// tells the directory and the keyring service apart from other tests'.
pub async fn open(name: &str) -> Demo {
    let dir = std::env::temp_dir().join(format!("desk-{name}-{}", fastrand::u64(..)));
    let desk = desk::Desk::new(dir.clone(), desk::secrets::Secrets::with_service(format!("campaign-desk-{name}-test")));
    desk.open_account("demo").await.expect("demo opens");
    let session = desk.session().await.unwrap();
    Demo { desk, session, dir }
}

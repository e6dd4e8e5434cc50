//! The demo workspace open in a desk of its own (a fresh data directory).
//!
//! The demo is seeded once for the test binary and copied into each new
//! data directory, where its first start would otherwise seed it again:
//! some 4 s of a debug build's time for every test (and more beside the
//! others). It is made by the very code and seed a start uses; the tests
//! that are about seeding itself open a data directory with no demo in it.

use std::path::Path;
use std::sync::OnceLock;

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
    place(dir.path());
    let desk = desk::Desk::new(
        dir.path().to_path_buf(),
        desk::secrets::Secrets::with_service(format!("campaign-desk-{name}-test")),
    );
    desk.open_account("demo").await.expect("demo opens");
    let session = desk.session().await.unwrap();
    Demo { desk, session, dir }
}

/// Puts the demo made for this test binary (in English, as a desk starts)
/// where a desk over `data_dir` keeps its demo, closed to others as the
/// desk makes its own files.
pub fn place(data_dir: &Path) {
    let store = desk::demo::store_in(data_dir);
    let folder = store.parent().expect("the demo's folder");
    std::fs::create_dir_all(folder).unwrap();
    std::fs::write(&store, made()).unwrap();
    desk::private::keep_folder_private(folder);
}

/// The demo seeded once for this test binary, on first use (some 40 MB,
/// kept in memory so that no file outlives the run).
fn made() -> &'static [u8] {
    static MADE: OnceLock<Vec<u8>> = OnceLock::new();
    MADE.get_or_init(|| {
        let dir = tempfile::Builder::new().prefix("desk-made-demo-").tempdir().unwrap();
        let path = dir.path().join("workspace.sqlite");
        let seed = sandbox::Config::new("").seed;
        sandbox::make_demo_store(&path, seed, sandbox::DemoLanguage::En).expect("the demo is made");
        std::fs::read(&path).unwrap()
    })
}

//! Where a test against the service starts: the sandbox on loopback, and a
//! client and a session of its account.

use api::{ApiKey, Client};
use desk::Session;

/// A client of the sandbox's account `key`.
pub fn client(service: &sandbox::Running, key: &str) -> Client {
    Client::new(&service.base_url(), ApiKey::new(key)).unwrap()
}

/// A session of the sandbox's account `key`.
pub fn session(service: &sandbox::Running, key: &str) -> Session {
    Session::for_client(client(service, key))
}

/// A sandbox of its own for the account `key`, and a session of it.
pub async fn started(key: &str) -> (sandbox::Running, Session) {
    let service = sandbox::start(sandbox::Config::new(key)).await.unwrap();
    let session = session(&service, key);
    (service, session)
}

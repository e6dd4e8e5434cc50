//! API keys in the OS keyring (Keychain, Credential Manager, Secret
//! Service), and nowhere else: no file fallback, ever.

use crate::explain::UiError;
use api::ApiKey;

pub const SERVICE: &str = "campaign-desk";

/// Where the keys of one installation live: the keyring service name.
#[derive(Debug, Clone)]
pub struct Secrets {
    service: String,
}

impl Default for Secrets {
    fn default() -> Self {
        Secrets { service: SERVICE.into() }
    }
}

impl Secrets {
    pub fn with_service(service: impl Into<String>) -> Self {
        Secrets { service: service.into() }
    }

    fn entry(&self, account_id: &str) -> Result<keyring::Entry, UiError> {
        keyring::Entry::new(&self.service, account_id).map_err(unavailable)
    }

    pub async fn store(&self, account_id: &str, key: &ApiKey) -> Result<(), UiError> {
        let (this, id, key) = (self.clone(), account_id.to_string(), key.clone());
        blocking(move || this.entry(&id)?.set_password(key.expose()).map_err(unavailable)).await
    }

    pub async fn load(&self, account_id: &str) -> Result<ApiKey, UiError> {
        let (this, id) = (self.clone(), account_id.to_string());
        blocking(move || match this.entry(&id)?.get_password() {
            Ok(key) => Ok(ApiKey::new(key)),
            Err(keyring::Error::NoEntry) => Err(UiError::key_missing()),
            Err(err) => Err(unavailable(err)),
        })
        .await
    }

    pub async fn forget(&self, account_id: &str) -> Result<(), UiError> {
        let (this, id) = (self.clone(), account_id.to_string());
        blocking(move || match this.entry(&id)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(err) => Err(unavailable(err)),
        })
        .await
    }
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> Result<T, UiError> + Send + 'static) -> Result<T, UiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| Err(UiError::keyring_unavailable("the keyring call was interrupted")))
}

fn unavailable(err: keyring::Error) -> UiError {
    UiError::keyring_unavailable(&err.to_string())
}

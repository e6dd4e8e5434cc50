//! API keys in the OS keyring (Keychain, Credential Manager, Secret
//! Service), and nowhere else: no file fallback, ever.

use crate::error::{DeskError, Result};
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

    fn entry(&self, account_id: &str) -> Result<keyring::Entry> {
        keyring::Entry::new(&self.service, account_id).map_err(unavailable)
    }

    pub async fn store(&self, account_id: &str, key: &ApiKey) -> Result<()> {
        let (this, id, key) = (self.clone(), account_id.to_string(), key.clone());
        blocking(move || this.entry(&id)?.set_password(key.expose()).map_err(unavailable)).await
    }

    pub async fn load(&self, account_id: &str) -> Result<ApiKey> {
        let (this, id) = (self.clone(), account_id.to_string());
        blocking(move || match this.entry(&id)?.get_password() {
            Ok(key) => Ok(ApiKey::new(key)),
            Err(keyring::Error::NoEntry) => Err(DeskError::KeyMissing),
            Err(err) => Err(unavailable(err)),
        })
        .await
    }

    pub async fn forget(&self, account_id: &str) -> Result<()> {
        let (this, id) = (self.clone(), account_id.to_string());
        blocking(move || match this.entry(&id)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(err) => Err(unavailable(err)),
        })
        .await
    }
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| Err(DeskError::KeyringUnavailable { detail: "the keyring call was interrupted".into() }))
}

fn unavailable(err: keyring::Error) -> DeskError {
    DeskError::KeyringUnavailable { detail: err.to_string() }
}

/// An API key as it arrives from a form: deserialized straight into the
/// client's wiping, redacted key type, so no plain `String` ever holds it.
#[derive(Clone, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
#[serde(transparent)]
pub struct KeyInput(pub ApiKey);

impl std::fmt::Debug for KeyInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_key_never_prints() {
        let input: KeyInput = serde_json::from_str("\" typed-secret \"").unwrap();
        assert_eq!(input.0.expose(), "typed-secret");
        assert_eq!(format!("{input:?}"), "<API_KEY>");
    }
}

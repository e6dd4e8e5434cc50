//! API keys in the OS keyring (Keychain, Credential Manager, Secret
//! Service), and nowhere else: no file fallback, ever. Each key is stored
//! with the origin (scheme, host, port) it was entered for, so an account
//! whose address was changed in `accounts.json` behind the app's back does
//! not send its key to the new server: the key is asked for again.

use crate::blocking::blocking;
use crate::error::{DeskError, Result};
use api::ApiKey;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use zeroize::Zeroizing;

pub const SERVICE: &str = "campaign-desk";

/// The service's own origin, where the official clients send keys. Keys
/// saved before keys knew their server are trusted there only: the service
/// issued them, so sending one there can reach no one else.
pub const SERVICE_ORIGIN: &str = "https://api.dashamail.com";

/// What the keyring holds for an account. Earlier versions stored the bare
/// key, which never parses as this.
#[derive(Serialize, Deserialize)]
struct Bound<'a> {
    #[serde(borrow)]
    origin: Cow<'a, str>,
    #[serde(borrow)]
    key: Cow<'a, str>,
}

/// A stored key, seen from the server it is about to be sent to.
enum Found {
    ForThisServer(ApiKey),
    ForAnother,
    /// Saved before keys knew their server.
    Unbound(ApiKey),
}

fn found(stored: &str, origin: &str) -> Found {
    match serde_json::from_str::<Bound>(stored) {
        Ok(bound) if bound.origin == origin => Found::ForThisServer(ApiKey::new(bound.key)),
        Ok(_) => Found::ForAnother,
        Err(_) => Found::Unbound(ApiKey::new(stored)),
    }
}

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

    /// Stores `key` as the one entered for `origin` ([`api::address::ServiceAddress::origin`]).
    pub async fn store(&self, account_id: &str, origin: &str, key: &ApiKey) -> Result<()> {
        let (this, id, origin, key) = (self.clone(), account_id.to_string(), origin.to_string(), key.clone());
        blocking(move || this.store_now(&id, &origin, &key)).await?
    }

    fn store_now(&self, account_id: &str, origin: &str, key: &ApiKey) -> Result<()> {
        let bound = Bound { origin: origin.into(), key: key.expose().into() };
        let text =
            Zeroizing::new(serde_json::to_string(&bound).map_err(|e| DeskError::Internal { detail: e.to_string() })?);
        self.entry(account_id)?.set_password(&text).map_err(unavailable)
    }

    /// The key of `account_id` when it was entered for `origin`; a key
    /// entered for another server is [`DeskError::KeyNotForThisAddress`]
    /// and stays where it is, unread by anyone.
    pub async fn load(&self, account_id: &str, origin: &str) -> Result<ApiKey> {
        let (this, id, origin) = (self.clone(), account_id.to_string(), origin.to_string());
        blocking(move || {
            let stored = match this.entry(&id)?.get_password() {
                Ok(text) => Zeroizing::new(text),
                Err(keyring::Error::NoEntry) => return Err(DeskError::KeyMissing),
                Err(err) => return Err(unavailable(err)),
            };
            match found(&stored, &origin) {
                Found::ForThisServer(key) => Ok(key),
                Found::Unbound(key) if origin == SERVICE_ORIGIN => {
                    this.store_now(&id, &origin, &key)?;
                    Ok(key)
                }
                Found::ForAnother | Found::Unbound(_) => Err(DeskError::KeyNotForThisAddress),
            }
        })
        .await?
    }

    pub async fn forget(&self, account_id: &str) -> Result<()> {
        let (this, id) = (self.clone(), account_id.to_string());
        blocking(move || match this.entry(&id)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(err) => Err(unavailable(err)),
        })
        .await?
    }
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
    fn a_stored_key_is_handed_out_only_for_its_server() {
        let key = ApiKey::new("k\\e\"y/ü");
        let stored = serde_json::to_string(&Bound { origin: "https://a.example".into(), key: key.expose().into() });
        let stored = stored.unwrap();
        assert!(matches!(found(&stored, "https://a.example"), Found::ForThisServer(k) if k == key), "escapes and all");
        assert!(matches!(found(&stored, "https://b.example"), Found::ForAnother));
        assert!(
            matches!(found(&stored, "https://a.example:8443"), Found::ForAnother),
            "another port is another server"
        );
        assert!(matches!(found(" bare-key ", "https://a.example"), Found::Unbound(k) if k.expose() == "bare-key"));
    }

    #[test]
    fn a_typed_key_never_prints() {
        let input: KeyInput = serde_json::from_str("\" typed-secret \"").unwrap();
        assert_eq!(input.0.expose(), "typed-secret");
        assert_eq!(format!("{input:?}"), "<API_KEY>");
    }
}

//! New versions, through Tauri's updater plugin, from a feed whose address
//! and public key are set when the app is built:
//!
//! - `CAMPAIGN_DESK_UPDATE_FEED`: the feed's https address (the updater
//!   fills in `{{target}}`, `{{arch}}` and `{{current_version}}`);
//! - `CAMPAIGN_DESK_UPDATE_PUBKEY`: the public key `tauri signer generate`
//!   printed, whose private half signs the packages.
//!
//! The release workflow sets both for the macOS and Windows installers. The
//! Linux packages are built without them, as their package manager updates
//! them, and the app says so. A debug build (the one the tests drive) also
//! takes them from its environment as it starts, which points it at a local
//! feed; a release build reads nothing but what it was built with.
//! `build.rs` refuses a release whose feed is not https or whose key is not
//! one (`settings`).
//!
//! A package is installed only when its signature is the key's and names
//! the version the feed offered (`requireSignedVersion` in
//! `tauri.conf.json`): the feed's answer is not signed, so without that an
//! older signed package could be offered as a newer version. It is
//! downloaded within a size and a time limit (`download`).

mod download;
#[cfg(test)]
mod settings;

use desk::host::{UpdateCheck, UpdateInstall, UpdateProgress, UpdateWatcher};
use desk::updates::UpdatesFailure;
use desk::DeskError;
use std::sync::Mutex;
use std::time::Duration;
use tauri::{AppHandle, Url};
use tauri_plugin_updater::{Update, UpdaterExt};

const FEED: &str = "CAMPAIGN_DESK_UPDATE_FEED";
const PUBKEY: &str = "CAMPAIGN_DESK_UPDATE_PUBKEY";

/// How long the feed's server may take to answer a connection.
const CONNECT_PATIENCE: Duration = Duration::from_secs(15);
/// How long a check or a download may go without a byte before it is given up.
const READ_PATIENCE: Duration = Duration::from_secs(60);
/// The package's size and the download's time, at most.
const LIMITS: download::Limits = download::PACKAGE;

/// The download is told to the page at most once per this many bytes.
const PROGRESS_STEP: u64 = 256 * 1024;

/// A feed, and the key its packages are signed with.
#[derive(Debug, Clone, PartialEq)]
pub struct Feed {
    pub url: Url,
    pub pubkey: String,
}

impl Feed {
    /// The feed this build checks, if it has one.
    pub fn of_this_build() -> Option<Feed> {
        let run = |name| if cfg!(debug_assertions) { std::env::var(name).ok() } else { None };
        let (url, pubkey) = (run(FEED), run(PUBKEY));
        Feed::of(
            url.as_deref().or(option_env!("CAMPAIGN_DESK_UPDATE_FEED")),
            pubkey.as_deref().or(option_env!("CAMPAIGN_DESK_UPDATE_PUBKEY")),
        )
    }

    /// A feed from its two settings: none unless both are set and the
    /// address is one (the build refuses one without the other, see `build.rs`).
    fn of(url: Option<&str>, pubkey: Option<&str>) -> Option<Feed> {
        let url = url.map(str::trim).filter(|u| !u.is_empty())?;
        let pubkey = pubkey.map(str::trim).filter(|k| !k.is_empty())?;
        match Url::parse(url) {
            Ok(url) => Some(Feed { url, pubkey: pubkey.to_string() }),
            Err(err) => {
                log::warn!("the update feed's address is not one ({err}): no updates are checked");
                None
            }
        }
    }
}

/// The feed, the version its last check offered, and the one installed
/// since the app started, if any.
pub struct Updates {
    feed: Option<Feed>,
    offered: Mutex<Option<Update>>,
    installed: Mutex<Option<String>>,
}

impl Updates {
    pub fn new(feed: Option<Feed>) -> Self {
        Updates { feed, offered: Mutex::default(), installed: Mutex::default() }
    }

    /// Asks the feed for a version newer than this one; the one offered is
    /// kept for [`Updates::install`].
    pub async fn check(&self, app: &AppHandle) -> desk::Result<UpdateCheck> {
        let current = app.package_info().version.to_string();
        let Some(feed) = &self.feed else { return Ok(UpdateCheck::PackageManager { current }) };
        // Installed and waiting for a restart: not offered again.
        if let Some(version) = self.installed.lock().unwrap().clone() {
            return Ok(UpdateCheck::Installed { current, version });
        }
        let updater = app
            .updater_builder()
            .pubkey(&feed.pubkey)
            .endpoints(vec![feed.url.clone()])
            .and_then(|builder| {
                builder
                    .configure_client(|client| client.connect_timeout(CONNECT_PATIENCE).read_timeout(READ_PATIENCE))
                    .build()
            })
            .map_err(|err| failure(err, check_failed))?;
        let found = updater.check().await.map_err(|err| failure(err, check_failed))?;
        let answer = match &found {
            None => UpdateCheck::UpToDate { current },
            Some(update) => {
                log::info!("version {} is offered by the update feed", update.version);
                UpdateCheck::Offered {
                    current,
                    version: update.version.clone(),
                    notes: update.body.clone().unwrap_or_default(),
                    date: update.raw_json.get("pub_date").and_then(|d| d.as_str()).map(str::to_string),
                }
            }
        };
        *self.offered.lock().unwrap() = found;
        Ok(answer)
    }

    /// Downloads the offered version within [`LIMITS`], refuses it unless
    /// the feed's key signed it for that version, and installs it (on
    /// Windows the installer then ends the app).
    pub async fn install(&self, progress: UpdateWatcher) -> desk::Result<UpdateInstall> {
        let Some(update) = self.offered.lock().unwrap().clone() else { return Ok(UpdateInstall::NoneOffered) };
        let client = reqwest::Client::builder()
            .user_agent(concat!("campaign-desk/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(CONNECT_PATIENCE)
            .read_timeout(READ_PATIENCE)
            .build()
            .map_err(|err| unavailable(err.to_string()))?;
        let mut told = 0u64;
        let bytes = download::download(&client, update.download_url.clone(), LIMITS, |received, total| {
            if received - told >= PROGRESS_STEP || Some(received) == total {
                told = received;
                progress(UpdateProgress::Downloading { received, total });
            }
        })
        .await
        .map_err(refused)?;
        update.verify(&bytes).map_err(|err| failure(err, unavailable))?;
        log::info!("version {} downloaded, signed for it by the publisher", update.version);
        progress(UpdateProgress::Installing);
        // The installers wait for the system (a password prompt, msiexec).
        let version = update.version.clone();
        tauri::async_runtime::spawn_blocking(move || update.install(bytes))
            .await
            .map_err(|err| not_installed(err.to_string()))?
            .map_err(|err| failure(err, not_installed))?;
        log::info!("version {version} installed");
        *self.installed.lock().unwrap() = Some(version);
        Ok(UpdateInstall::Installed)
    }
}

fn check_failed(detail: String) -> DeskError {
    DeskError::in_area(UpdatesFailure::CheckFailed { detail })
}

fn unavailable(detail: String) -> DeskError {
    DeskError::in_area(UpdatesFailure::Unavailable { detail })
}

fn not_installed(detail: String) -> DeskError {
    DeskError::in_area(UpdatesFailure::NotInstalled { detail })
}

/// A download given up: too large is said as such; anything else as unavailable.
fn refused(refusal: download::Refusal) -> DeskError {
    use download::Refusal;
    log::warn!("update download: {refusal:?}");
    match refusal {
        Refusal::TooLarge { limit } => DeskError::in_area(UpdatesFailure::TooLarge { limit_mib: Refusal::mib(limit) }),
        Refusal::TooSlow { deadline } => {
            unavailable(format!("still downloading after {} minutes", deadline.as_secs().div_ceil(60)))
        }
        Refusal::Failed(detail) => unavailable(detail),
    }
}

/// What the user is told: a signature that is not the publisher's is said
/// as such, whatever step found it; anything else as `otherwise` says.
fn failure(err: tauri_plugin_updater::Error, otherwise: fn(String) -> DeskError) -> DeskError {
    use tauri_plugin_updater::Error;
    log::warn!("update: {err}");
    let detail = err.to_string();
    match err {
        Error::Minisign(_)
        | Error::Base64(_)
        | Error::SignatureUtf8(_)
        | Error::SignedVersionMismatch { .. }
        | Error::MissingSignedVersion => DeskError::in_area(UpdatesFailure::SignatureRefused { detail }),
        _ => otherwise(detail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The updates' refusal of a package whose signature `err` found wrong.
    fn signature_refused(err: tauri_plugin_updater::Error) -> DeskError {
        DeskError::in_area(UpdatesFailure::SignatureRefused { detail: err.to_string() })
    }

    #[test]
    fn a_feed_needs_both_its_address_and_its_key() {
        let key = "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWdu";
        let feed = Feed::of(Some(" https://updates.example/{{target}}/latest.json "), Some(key)).unwrap();
        assert_eq!(feed.url.as_str(), "https://updates.example/%7B%7Btarget%7D%7D/latest.json");
        assert_eq!(feed.pubkey, key);
        assert_eq!(Feed::of(Some("https://updates.example/latest.json"), None), None);
        assert_eq!(Feed::of(Some("https://updates.example/latest.json"), Some("  ")), None);
        assert_eq!(Feed::of(None, Some(key)), None);
        assert_eq!(Feed::of(Some("not an address"), Some(key)), None);
    }

    #[test]
    fn a_package_is_installed_only_when_signed_for_the_version_offered() {
        let config: serde_json::Value = serde_json::from_str(include_str!("../tauri.conf.json")).unwrap();
        assert_eq!(config["plugins"]["updater"]["requireSignedVersion"], serde_json::json!(true));
        let unsigned = || tauri_plugin_updater::Error::MissingSignedVersion;
        assert_eq!(failure(unsigned(), unavailable), signature_refused(unsigned()));
        let other =
            || tauri_plugin_updater::Error::SignedVersionMismatch { signed: "1.0.0".into(), announced: "2.0.0".into() };
        assert_eq!(failure(other(), unavailable), signature_refused(other()));
    }

    #[test]
    fn a_download_given_up_says_why() {
        use download::Refusal;
        let large = Refusal::TooLarge { limit: LIMITS.bytes };
        assert_eq!(refused(large), DeskError::in_area(UpdatesFailure::TooLarge { limit_mib: 256 }));
        let slow = refused(Refusal::TooSlow { deadline: LIMITS.deadline });
        let said =
            DeskError::in_area(UpdatesFailure::Unavailable { detail: "still downloading after 30 minutes".into() });
        assert_eq!(slow, said);
        let lost = refused(Refusal::Failed("connection reset".into()));
        assert_eq!(lost, DeskError::in_area(UpdatesFailure::Unavailable { detail: "connection reset".into() }));
    }

    #[test]
    fn a_bad_signature_is_said_as_one_whatever_step_found_it() {
        let bad = || tauri_plugin_updater::Error::SignatureUtf8("x".into());
        assert_eq!(failure(bad(), unavailable), signature_refused(bad()));
        assert_eq!(failure(bad(), check_failed), signature_refused(bad()));
        assert_eq!(failure(bad(), not_installed), signature_refused(bad()));
        let lost = || tauri_plugin_updater::Error::Network("connection reset".into());
        assert_eq!(
            failure(lost(), unavailable),
            DeskError::in_area(UpdatesFailure::Unavailable { detail: "`connection reset`".into() })
        );
        assert_eq!(
            failure(lost(), not_installed),
            DeskError::in_area(UpdatesFailure::NotInstalled { detail: "`connection reset`".into() })
        );
    }
}

//! What can go wrong with the app's updates that nowhere else can, as codes
//! with their parameters; the page's updates dialog says them in its words.
//! The shell raises most of them, as it checks the feed and installs.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum UpdatesFailure {
    /// An update was asked to install with none offered (no check, or the
    /// last check found nothing newer).
    NotOffered,
    /// An update would end the app, and with it the sends waiting in their
    /// undo window or on their way and the long work running.
    WaitsForWork { under_way: crate::work::UnderWay },
    /// The update feed could not be read, or is not one for this system.
    CheckFailed { detail: String },
    /// The package the feed names could not be downloaded.
    Unavailable { detail: String },
    /// The package is larger than an update of the app can be: refused as
    /// soon as its size was declared or passed `limit_mib`, nothing installed.
    TooLarge { limit_mib: u64 },
    /// The package's signature is not the publisher's: nothing was installed.
    SignatureRefused { detail: String },
    /// The package was the publisher's but could not be installed.
    NotInstalled { detail: String },
}

impl crate::error::AreaFailure for UpdatesFailure {
    const AREA: &'static str = "updates";
}

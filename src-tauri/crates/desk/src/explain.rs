//! Errors as the user reads them: what failed, the service's code, and what
//! to do. The table below is the English one; each language gets its own
//! table of the same shape.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The service refused the request.
    Service,
    /// The service's key was refused.
    Auth,
    /// The service could not be reached, or did not answer in time.
    Network,
    /// The OS keyring could not be used.
    Keyring,
    /// Something the user typed is not usable.
    Input,
    /// The app itself failed.
    Internal,
}

/// An error ready for the screen. It never carries the API key: every
/// message is built here from codes and texts that do not contain it.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{message}")]
pub struct UiError {
    pub kind: ErrorKind,
    /// One sentence: what failed and why.
    pub message: String,
    /// What to do about it.
    pub advice: String,
    /// The service's numeric code, when the service refused.
    pub code: Option<i64>,
    /// The HTTP status, when the service answered with one.
    pub status: Option<u16>,
}

struct Explanation {
    reason: &'static str,
    advice: &'static str,
}

/// The service's codes, in English.
fn english(code: i64, status: u16) -> Option<Explanation> {
    let (reason, advice) = match code {
        1000 => ("the service did not accept the API key", "Copy the key again from the service's account area (API and integrations) and enter it in this account's settings."),
        2 if status == 401 => ("open, click and edit triggers cannot be combined with other events", "Choose open, click or edit alone."),
        2 => ("the service could not carry out the change", "Check the values and try again; if it keeps failing, contact the service's support."),
        3 => ("a required value is missing", "Fill in every required field and try again."),
        4 => ("there is nothing here yet", "Create one first."),
        5 => ("the list does not exist any more", "Refresh the lists: it may have been deleted elsewhere."),
        6 => ("the email address is not valid", "Correct the address and try again."),
        7 => ("the address is already in this list", "Edit the existing subscriber instead, or choose to update existing records."),
        8 => ("the plan's subscriber limit is reached", "Remove subscribers you no longer mail, or upgrade the plan."),
        9 => ("no subscriber has that address", "Check the address; the subscriber may have been removed."),
        10 => ("the address unsubscribed and cannot be subscribed again from here", "Only the subscriber can sign up again, through a subscription form."),
        11 => ("nothing was changed", "Change at least one value before saving."),
        34 => ("the sending domain is not verified yet", "Publish the domain's DNS records and run the domain check in Account."),
        37 => ("the automation has not passed moderation yet", "Wait for moderation to finish, then try again."),
        58 => ("the service is limiting how fast requests may come", "Wait a minute and try again."),
        59 => ("a field's template variable is longer than 10 characters", "Shorten the variable name to 10 characters or fewer."),
        1001 => ("the service does not know this operation", "Update Campaign Desk, or check that the account's address points at the service's API."),
        _ => return None,
    };
    Some(Explanation { reason, advice })
}

impl UiError {
    fn new(kind: ErrorKind, message: String, advice: &str) -> Self {
        UiError { kind, message, advice: advice.to_string(), code: None, status: None }
    }

    /// `action` completes "Could not …", e.g. "create the list".
    pub fn from_api(err: &api::Error, action: &str) -> Self {
        use api::Error as E;
        match err {
            E::Service(e) => {
                let known = english(e.code, e.status);
                let reason = match &known {
                    Some(x) => x.reason.to_string(),
                    None if e.status >= 500 => format!("the service had a problem ({})", e.message),
                    None => e.message.clone(),
                };
                let advice = match &known {
                    Some(x) => x.advice,
                    None if e.status == 429 => "Wait a minute and try again.",
                    None if e.status >= 500 => "Try again in a few minutes; your changes here are kept.",
                    None => "Check the values and try again.",
                };
                let kind = if e.status == 401 || e.code == 1000 { ErrorKind::Auth } else { ErrorKind::Service };
                UiError {
                    kind,
                    message: format!("Could not {action}: {reason} (service code {}).", e.code),
                    advice: advice.into(),
                    code: Some(e.code),
                    status: Some(e.status),
                }
            }
            E::Unreachable(detail) => UiError::new(
                ErrorKind::Network,
                format!("Could not {action}: the service could not be reached ({detail})."),
                "Check the account's address and your internet connection, then try again.",
            ),
            E::Timeout => UiError::new(
                ErrorKind::Network,
                format!("Could not {action}: the service did not answer in time."),
                "Try again in a moment; if it keeps happening, check your connection.",
            ),
            E::Decode(detail) => UiError::new(
                ErrorKind::Service,
                format!("Could not {action}: the service's answer could not be read ({detail})."),
                "Check that the account's address points at the service's API (it ends in /v2).",
            ),
            E::InvalidAddress(detail) => UiError::new(
                ErrorKind::Input,
                format!("Could not {action}: {detail}."),
                "Enter the API address that starts with https://, for example https://api.example.com/v2.",
            ),
            E::InvalidRequest(detail) => UiError::new(
                ErrorKind::Input,
                format!("Could not {action}: {detail}."),
                "Check the values and try again.",
            ),
        }
    }

    pub fn keyring_unavailable(detail: &str) -> Self {
        UiError::new(
            ErrorKind::Keyring,
            format!("The system keyring could not be used, and Campaign Desk keeps API keys nowhere else ({detail})."),
            "On Linux, install and unlock a Secret Service keyring such as GNOME Keyring (package gnome-keyring) or KeePassXC; on macOS and Windows, unlock your login keychain or credential store. Then try again.",
        )
    }

    pub fn key_missing() -> Self {
        UiError::new(
            ErrorKind::Keyring,
            "This account's API key is not in the system keyring any more.".into(),
            "Open the account's settings and enter its API key again.",
        )
    }

    pub fn input(message: impl Into<String>, advice: &str) -> Self {
        UiError::new(ErrorKind::Input, message.into(), advice)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        UiError::new(ErrorKind::Internal, message.into(), "Restart Campaign Desk; if it happens again, report it.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::{Interface, ServiceError};

    fn refused(status: u16, code: i64, message: &str) -> api::Error {
        api::Error::Service(ServiceError {
            interface: Interface::V2,
            status,
            code,
            message: message.into(),
            details: serde_json::Value::Null,
        })
    }

    #[test]
    fn known_codes_become_a_sentence_with_the_code_and_advice() {
        let e = UiError::from_api(&refused(404, 5, "List not found"), "rename the list");
        assert_eq!(e.message, "Could not rename the list: the list does not exist any more (service code 5).");
        assert!(e.advice.contains("Refresh"));
        assert_eq!((e.code, e.status, e.kind), (Some(5), Some(404), ErrorKind::Service));
    }

    #[test]
    fn a_refused_key_is_an_auth_error() {
        let e = UiError::from_api(&refused(401, 1000, "Invalid API key"), "connect");
        assert_eq!(e.kind, ErrorKind::Auth);
        assert!(e.message.contains("did not accept the API key"));
    }

    #[test]
    fn unknown_codes_keep_the_service_message() {
        let e = UiError::from_api(&refused(422, 777, "Odd thing"), "save");
        assert_eq!(e.message, "Could not save: Odd thing (service code 777).");
        let e = UiError::from_api(&refused(503, 0, "down"), "load the lists");
        assert!(e.message.contains("had a problem") && e.advice.contains("Try again"));
    }

    #[test]
    fn network_failures_say_what_to_check() {
        let e = UiError::from_api(&api::Error::Unreachable("connection refused".into()), "connect");
        assert_eq!(e.kind, ErrorKind::Network);
        assert!(e.advice.contains("address"));
    }
}

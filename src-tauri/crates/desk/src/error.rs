//! What can go wrong, as stable codes with their parameters. The UI turns a
//! code into sentences in the user's language (`ui/src/i18n/`); nothing here
//! is a sentence for the user, and nothing here ever carries the API key.

use serde::Serialize;

pub use crate::codes::{Action, FormField};

/// Why an account's address is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum AddressProblem {
    NotAnAddress,
    PlainHttp,
    NotHttps,
    NoHost,
    UserInfo,
    Query,
    Fragment,
}

impl From<api::error::AddressProblem> for AddressProblem {
    fn from(problem: api::error::AddressProblem) -> Self {
        use api::error::AddressProblem as P;
        match problem {
            P::NotAnAddress => AddressProblem::NotAnAddress,
            P::PlainHttp => AddressProblem::PlainHttp,
            P::NotHttps => AddressProblem::NotHttps,
            P::NoHost => AddressProblem::NoHost,
            P::UserInfo => AddressProblem::UserInfo,
            P::Query => AddressProblem::Query,
            P::Fragment => AddressProblem::Fragment,
        }
    }
}

/// Why a value of a list's own field does not fit it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ValueProblem {
    /// The field is required and was left empty.
    Missing,
    /// A date field's value is no date (`YYYY-MM-DD`).
    NotADate,
    /// A choice field's value is none of its choices.
    NotAChoice,
}

/// Why a list field's template variable name (`%CITY%`) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum VariableProblem {
    Missing,
    /// Longer than the service's ten characters.
    TooLong,
    /// Not Latin letters, digits and underscores starting with a letter.
    Characters,
    /// Another field of the list has it.
    Taken,
    /// The service fills it itself.
    Reserved,
}

/// Why a file to import cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum FileProblem {
    /// The system could not open or read it (its words in `detail`).
    NotRead,
    Empty,
    /// An old Excel workbook (`.xls`) or another kind than XLSX and ODS.
    OtherWorkbook,
    /// A damaged workbook, or text that is no table.
    Damaged,
    /// Changed since its import began: the rows sent can no longer be told.
    Changed,
    /// No column is marked as the addresses.
    NoAddressColumn,
    /// The workbook has no sheet of the name asked for.
    NoSuchSheet,
}

/// A bound a file to import went past: what it is, and the file refused
/// before it could fill the memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum FileLimit {
    /// The file is larger than `max` bytes.
    FileSize,
    /// A workbook of more than `max` parts.
    Parts,
    /// A workbook that unpacks to more than `max` bytes, or packs its parts
    /// more than `max` times tighter than any spreadsheet does.
    Unpacked,
    Packing,
    /// A workbook declares more than it holds (its count of texts).
    Declared,
    /// A row past row `max`, or a column past column `max`.
    Rows,
    Columns,
    /// More than `max` cells, or `max` bytes of text, in a sheet.
    Cells,
    /// A cell of row `row` longer than `max` characters: its quote never closes.
    Field,
    /// A record of row `row` longer than `max` characters.
    Record,
}

/// Every failure the UI can be told about. Serialized as `{code, ...params}`.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "code", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum DeskError {
    /// The service refused; its own code, status and message (the message
    /// is the service's text, shown for codes the app does not know).
    #[error("{action:?}: the service refused (code {service_code}, HTTP {status}): {service_message}")]
    Refused { action: Action, service_code: i64, status: u16, service_message: String },
    /// The key was not accepted (HTTP 401 or code 1000).
    #[error("{action:?}: the API key was refused (code {service_code}, HTTP {status})")]
    KeyRefused { action: Action, service_code: i64, status: u16 },
    /// The service asked to slow down (HTTP 429 on v2, code 58 on either
    /// interface) for `retry_after` seconds. Its own code, so the UI says
    /// so and never "check the values".
    #[error("{action:?}: the service asked to slow down for {retry_after} s")]
    Throttled { action: Action, retry_after: u64 },
    /// HTTP 5xx.
    #[error("{action:?}: the service failed (code {service_code}, HTTP {status})")]
    ServiceFailing { action: Action, service_code: i64, status: u16 },
    /// Nothing was sent: the connection could not be made.
    #[error("{action:?}: unreachable ({detail})")]
    Unreachable { action: Action, detail: String },
    #[error("{action:?}: timed out")]
    TimedOut { action: Action },
    /// A change was sent and its answer lost, and nothing the service shows
    /// can tell whether it was made: the user looks before trying again.
    #[error("{action:?}: the outcome is unknown ({detail})")]
    OutcomeUnknown { action: Action, detail: String },
    /// A change whose answer was lost, read back: the service shows it was
    /// not made. For a launch, what the campaign is instead, and the time it
    /// is set for when scheduled (the service's time).
    #[error("{action:?}: read back and not done (the service shows {state:?} {delivery_time:?})")]
    NotDone { action: Action, state: Option<crate::views::CampaignState>, delivery_time: Option<String> },
    /// The service does not offer this operation (the public clients call it,
    /// the contract does not list it).
    #[error("{action:?}: not offered by this service")]
    NotOffered { action: Action },
    #[error("{action:?}: the answer could not be read ({detail})")]
    UnreadableAnswer { action: Action, detail: String },
    /// The service kept saying more follow past the most the app reads of
    /// one collection (`read` records): it stopped rather than read for ever.
    #[error("{action:?}: the service kept offering more after {read} records")]
    EndlessPaging { action: Action, read: u64 },
    #[error("the address is refused: {problem:?}")]
    AddressRefused { problem: AddressProblem },
    #[error("{field:?} is required")]
    Required { field: FormField },
    #[error("{field:?} is longer than {max} characters")]
    TooLong { field: FormField, max: u32 },
    /// An address typed into a form is no address.
    #[error("{field:?} is not an address")]
    NotAnAddress { field: FormField },
    #[error("the account is not in the app any more")]
    AccountMissing,
    /// The page called a command with arguments it does not take (a page
    /// and an app of different versions): a fault of the app, not the user's.
    #[error("{command} was called with arguments it does not take: {detail}")]
    BadArguments { command: String, detail: String },
    /// The account's address names another server than the one its key was
    /// entered for (or a key saved before keys knew their server, for a
    /// server other than the service's own): the key is asked for again.
    #[error("the key was not entered for this address")]
    KeyNotForThisAddress,
    #[error("the account's key is not in the keyring")]
    KeyMissing,
    #[error("the keyring could not be used ({detail})")]
    KeyringUnavailable { detail: String },
    #[error("no account is open")]
    NoAccountOpen,
    /// A file of the app's own could not be read or written.
    #[error("{action:?}: {path}: {detail}")]
    StorageFailed { action: Action, path: String, detail: String },
    /// Long work stopped because the user cancelled it.
    #[error("cancelled")]
    Cancelled,
    /// A link the app does not open (not a web page or a mail address).
    #[error("link refused")]
    LinkRefused,
    /// The system could not open a link (no browser or mail program).
    #[error("link not opened ({detail})")]
    LinkNotOpened { detail: String },
    /// A failure of one area's own (see [`AreaFailure`]), which the area's
    /// words explain: `failure` is the area's code and its parameters.
    #[error("{area}: {failure}")]
    InArea {
        area: String,
        #[cfg_attr(feature = "ts", ts(type = "{ code: string }"))]
        failure: serde_json::Value,
    },
    #[error("the demo workspace failed ({detail})")]
    DemoFailed { detail: String },
    #[error("internal error ({detail})")]
    Internal { detail: String },
}

pub type Result<T> = std::result::Result<T, DeskError>;

/// A kind of failure only one area has. The area declares it beside its
/// code, as an enum serialized as `{code, ...params}` like [`DeskError`],
/// names it in its registry entry (`failures`), and explains it in its own
/// words in the page; it reaches the page as [`DeskError::InArea`].
pub trait AreaFailure: Serialize {
    /// The area, as the registry names it.
    const AREA: &'static str;
}

impl DeskError {
    /// An area's own failure (see [`AreaFailure`]).
    pub fn in_area<F: AreaFailure>(failure: F) -> Self {
        match serde_json::to_value(&failure) {
            Ok(failure) => DeskError::InArea { area: F::AREA.into(), failure },
            Err(err) => DeskError::Internal { detail: format!("{}: {err}", F::AREA) },
        }
    }
}

impl DeskError {
    /// The client's error, for the action the user was doing.
    pub fn from_api(err: api::Error, action: impl Into<Action>) -> Self {
        let action = action.into();
        use api::Error as E;
        let err = match err {
            E::Service(e) if e.status == 401 || e.code == 1000 => {
                DeskError::KeyRefused { action, service_code: e.code, status: e.status }
            }
            E::Service(e) if e.is_throttled() => DeskError::Throttled {
                action,
                retry_after: e.throttled_for().unwrap_or(api::error::DEFAULT_RETRY_AFTER),
            },
            E::Service(e) if e.status >= 500 && !known_refusal(e.code) => {
                DeskError::ServiceFailing { action, service_code: e.code, status: e.status }
            }
            E::Service(e) => {
                DeskError::Refused { action, service_code: e.code, status: e.status, service_message: e.message }
            }
            E::Unreachable(detail) => DeskError::Unreachable { action, detail },
            E::Timeout => DeskError::TimedOut { action },
            E::OutcomeUnknown(detail) => DeskError::OutcomeUnknown { action, detail },
            E::Decode(detail) => DeskError::UnreadableAnswer { action, detail },
            E::InvalidAddress(problem) => DeskError::AddressRefused { problem: problem.into() },
            E::InvalidRequest(detail) => DeskError::Internal { detail },
            E::EndlessPaging { read } => DeskError::EndlessPaging { action, read },
        };
        log_failure(&err);
        err
    }

    /// A file or folder of the app's own that could not be used.
    pub fn storage(action: impl Into<Action>, path: &std::path::Path, err: impl std::fmt::Display) -> Self {
        DeskError::StorageFailed { action: action.into(), path: path.display().to_string(), detail: err.to_string() }
    }

    /// Whether the service's answer to a write was lost on the way.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, DeskError::OutcomeUnknown { .. })
    }
}

/// Logs a failure the user is told of: what they were doing and the
/// service's code and status, not its message (which can quote an address).
fn log_failure(err: &DeskError) {
    let value = serde_json::to_value(err).unwrap_or_default();
    let said: Vec<String> = ["code", "action", "serviceCode", "status"]
        .into_iter()
        .filter_map(|name| {
            let v = value.get(name)?;
            Some(format!("{name} {}", v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        })
        .collect();
    log::warn!(target: "desk", "failed: {}", said.join(", "));
}

/// Whether the service answered that it has no such operation: 405, or 404
/// with none of the codes the contract gives a missing list, subscriber,
/// campaign or template (those are the thing missing, not the operation).
pub fn beyond_contract(err: &api::Error) -> bool {
    match err.status() {
        Some(405) => true,
        Some(404) => !matches!(err.code(), Some(4 | 5 | 9 | 22 | 28)),
        _ => false,
    }
}

/// Codes the service answers with a 5xx status that are refusals with a
/// meaning of their own (content rules, moderation), not outages.
fn known_refusal(code: i64) -> bool {
    (13..=22).contains(&code) || code == 37
}

/// `map_err(failed(Action::…))` for client calls.
pub fn failed(action: impl Into<Action>) -> impl Fn(api::Error) -> DeskError {
    let action = action.into();
    move |err| DeskError::from_api(err, action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::{Interface, ServiceError};

    crate::codes! {
        enum Sample: Action { RenameList, ConnectAccount, LoadLists, ExportReport, CreateList, LoadDialogs, LoadThread }
    }

    fn refused(status: u16, code: i64) -> api::Error {
        api::Error::Service(ServiceError {
            interface: Interface::V2,
            status,
            code,
            message: "List not found".into(),
            details: serde_json::json!({"retry_after": 30}),
        })
    }

    #[test]
    fn refusals_keep_the_service_code_status_and_action() {
        let e = DeskError::from_api(refused(404, 5), Sample::RenameList);
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"code": "refused", "action": "renameList", "serviceCode": 5, "status": 404,
                "serviceMessage": "List not found"})
        );
    }

    #[test]
    fn each_kind_of_failure_has_its_own_code() {
        let code = |e: DeskError| serde_json::to_value(e).unwrap()["code"].as_str().unwrap().to_string();
        assert_eq!(code(DeskError::from_api(refused(401, 1000), Sample::ConnectAccount)), "keyRefused");
        assert_eq!(code(DeskError::from_api(refused(429, 58), Sample::LoadLists)), "throttled");
        assert_eq!(code(DeskError::from_api(refused(503, 0), Sample::LoadLists)), "serviceFailing");
        assert_eq!(code(DeskError::from_api(refused(500, 18), Sample::LoadLists)), "refused");
        assert_eq!(code(DeskError::from_api(api::Error::Timeout, Sample::LoadLists)), "timedOut");
        let endless = DeskError::from_api(api::Error::EndlessPaging { read: 100 }, Sample::ExportReport);
        assert_eq!(endless, DeskError::EndlessPaging { action: Sample::ExportReport.into(), read: 100 });
        assert_eq!(code(endless), "endlessPaging");
        let lost = DeskError::from_api(api::Error::OutcomeUnknown("reset".into()), Sample::CreateList);
        assert!(lost.outcome_unknown());
        assert_eq!(code(lost), "outcomeUnknown");
    }

    #[test]
    fn only_a_missing_operation_is_beyond_the_contract() {
        assert!(beyond_contract(&refused(404, 1001)));
        assert!(beyond_contract(&refused(405, 1001)));
        assert!(!beyond_contract(&refused(404, 22)), "the campaign is missing, not the operation");
        assert!(!beyond_contract(&refused(422, 2)));
        assert!(!beyond_contract(&api::Error::Timeout));
    }

    #[test]
    fn a_429_carries_how_long_to_wait() {
        let e = DeskError::from_api(refused(429, 58), Sample::LoadLists);
        assert_eq!(e, DeskError::Throttled { action: Sample::LoadLists.into(), retry_after: 30 });
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"code": "throttled", "action": "loadLists", "retryAfter": 30})
        );
    }

    #[test]
    fn the_legacy_interface_s_code_58_is_throttling_not_a_refusal() {
        let legacy = |details| {
            api::Error::Service(ServiceError {
                interface: Interface::Legacy,
                status: 200,
                code: 58,
                message: "Too many requests".into(),
                details,
            })
        };
        let e = DeskError::from_api(legacy(serde_json::json!({"retry_after": 12})), Sample::LoadDialogs);
        assert_eq!(e, DeskError::Throttled { action: Sample::LoadDialogs.into(), retry_after: 12 });
        let e = DeskError::from_api(legacy(serde_json::Value::Null), Sample::LoadThread);
        assert_eq!(
            e,
            DeskError::Throttled { action: Sample::LoadThread.into(), retry_after: 60 },
            "a minute when unsaid"
        );
    }
}

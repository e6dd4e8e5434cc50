//! Typed client of the email marketing service.
//!
//! One transport for REST v2 and one for the legacy method interface, both
//! decoding into [`Error`]; operations are plain async functions grouped by
//! area (`lists::create`, `members::unsubscribe`), each naming the legacy
//! method it maps to.

pub mod account;
pub mod address;
pub mod answer;
pub mod automations;
pub mod budget;
pub mod campaigns;
pub mod dialogs;
pub mod error;
pub mod fields;
pub mod imports;
pub mod lists;
pub mod loose;
pub mod members;
pub mod paging;
pub mod reports;
pub mod request_log;
pub mod retry;
pub mod router;
pub mod sandbox;
pub mod segments;
pub mod templates;
pub mod transactional;
pub mod transport;
pub mod workflows;

pub use budget::{Priority, RequestBudget};
pub use error::{Error, Interface, Result, ServiceError};
pub use paging::{Page, Pager};
pub use retry::RetryPolicy;
pub use transport::{ApiKey, Client};

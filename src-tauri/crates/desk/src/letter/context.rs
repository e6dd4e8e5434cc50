//! What the check of a letter needs besides the letter: the account's
//! confirmed senders, its verified sending domains, and its lists with the
//! personalisation tags their fields define. Read once when an editor opens.

use crate::error::{failed, Action, Result};
use crate::listings::{self, Fresh};
use crate::session::Session;
use serde::{Deserialize, Serialize};

/// A list the letter may go to, with the subscribers it would reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListChoice {
    pub id: i64,
    pub name: String,
    pub active: i64,
    /// The personalisation tags its fields define.
    pub tags: Vec<TagChoice>,
    /// The company details a letter's footer says: its name, and its
    /// address in one line (street, city, postcode, country).
    #[serde(default)]
    pub company: String,
    #[serde(default)]
    pub address: String,
}

/// A personalisation tag as a message writes it (`%NAME%`), and its field's title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TagChoice {
    pub tag: String,
    pub title: String,
    /// The field's number (N of `merge_N`).
    pub field: u8,
}

/// What the check needs beyond the content: read once when the editor opens.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CheckContext {
    /// The account's confirmed sender addresses.
    pub senders: Vec<String>,
    /// The account's sending domains the service has verified (lower case).
    #[serde(default)]
    pub verified_domains: Vec<String>,
    pub lists: Vec<ListChoice>,
}

/// Reads the account's senders, verified domains and lists side by side;
/// a failure is reported as `action`'s (the editor that was opening).
pub(crate) async fn check_context(session: &Session, action: impl Into<Action>) -> Result<CheckContext> {
    let action = action.into();
    let client = session.client();
    let (senders, lists, domains) = tokio::join!(
        api::account::senders(client),
        listings::lists(session, Fresh::Named),
        api::account::domains(client)
    );
    let verified_domains = domains
        .map_err(failed(action))?
        .into_iter()
        .filter(|d| *d.valid)
        .map(|d| d.domain.0.trim().to_lowercase())
        .collect();
    let senders = senders
        .map_err(failed(action))?
        .into_iter()
        .filter(|s| *s.confirmed)
        .map(|s| s.email.0.trim().to_lowercase())
        .collect();
    let lists = lists
        .map_err(failed(action))?
        .iter()
        .map(|l| ListChoice {
            id: *l.id,
            name: l.name.0.clone(),
            active: *l.counts.count_active,
            company: l.contact.company.or_empty().trim().to_string(),
            address: [&l.contact.address, &l.contact.city, &l.contact.zip, &l.contact.country]
                .iter()
                .map(|part| part.or_empty().trim().to_string())
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join(", "),
            tags: l
                .fields()
                .into_iter()
                .map(|f| TagChoice {
                    tag: format!("%{}%", f.def.var.to_uppercase()),
                    title: f.def.title,
                    field: f.merge_id,
                })
                .collect(),
        })
        .collect();
    Ok(CheckContext { senders, verified_domains, lists })
}
